/*
 * gemm_cl.c -- the OpenCL side of EXDGEMM (OPENCL/gemm.cl).
 *
 * General path: gemm_exact leaves every element's exact sum in its row
 * accumulator, one block of columns of C at a time (the accumulators take
 * about 1 KiB per element); the host maps them and rounds each element once
 * with alpha and beta (exb_superacc_round_affine, as on the host path).
 * Split path: gemm_plain is the plain binary64 engine of the slice products.
 */
#include "backend/gemm.h"

#include <stdio.h>

#include "clbuf.h"

#define ACC_BYTES (64L << 20) /* accumulators held at once */
#define MAX_K (1L << 28)      /* keeps every accumulator digit below 2^62 */

static long round_up(long x, long q)
{
    return (x + q - 1) / q * q;
}

/* The blocking of gemm.cl for a device: rt x rt elements per work-item,
 * wt x wt work-items per tile of C (side ts = rt*wt), k panels of depth bk.
 * The two panels (2 ts bk doubles) take at most half the local memory. */
typedef struct tiles {
    int rt, wt, ts, bk;
} tiles;

static tiles choose_tiles(const exb_cl_device *d, int exact, int wg)
{
    const exb_tuning *r = d->tuning;
    tiles t;
    /* the record's square group when the device runs it; EXACTBLAS_WG (or a
     * kernel that cannot run the record's): the largest square group that fits */
    int limit = wg > 0 ? wg : r->gemm_wt * r->gemm_wt;
    for (t.wt = 1; (size_t)((t.wt + 1) * (t.wt + 1)) <= d->max_wg &&
                   (t.wt + 1) * (t.wt + 1) <= limit && t.wt < 32;
         t.wt++)
        ;
    /* an exact element keeps a row state and an expansion in registers */
    t.rt = exact ? r->gemm_rt_exact : r->gemm_rt_plain;
    t.ts = t.rt * t.wt;
    /* the two panels (2 ts bk doubles) take at most half the local memory */
    cl_ulong local = d->local_mem > 0 ? d->local_mem : 16384;
    for (t.bk = r->gemm_bk; t.bk > 4 && 2UL * t.ts * t.bk * sizeof(double) > local / 2; t.bk /= 2)
        ;
    return t;
}

/* The launch's kernel built for the device's tiles; when the built kernel
 * cannot run a wt x wt group (its registers or memory:
 * CL_KERNEL_WORK_GROUP_SIZE), the largest square group it can run, rebuilt
 * for that (one line). */
static int tiled_kernel(exb_cl_launch *L, int exact, int wg, const char *rest, tiles *t)
{
    *L = (exb_cl_launch){.what = "GEMM", .failed = 1};
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    char options[128];
    *t = choose_tiles(d, exact, wg);
    snprintf(options, sizeof options, "-DRT=%d -DWT=%d -DBK=%d %s", t->rt, t->wt, t->bk, rest);
    if (exb_cl_launch_begin(L, exact ? "GEMM" : "plain GEMM", "gemm.cl",
                            exact ? "gemm_exact" : "gemm_plain", options) != 0)
        return -1;
    size_t fit = exb_cl_launch_fit(L, (size_t)(t->wt * t->wt));
    if (fit == (size_t)(t->wt * t->wt))
        return 0;
    *t = choose_tiles(d, exact, (int)fit);
    snprintf(options, sizeof options, "-DRT=%d -DWT=%d -DBK=%d %s", t->rt, t->wt, t->bk, rest);
    return exb_cl_launch_rebuild(L, "gemm.cl", options);
}

/* Launches the kernel over an mp x np grid of C elements in ts x ts tiles. */
static void launch_tiles(exb_cl_launch *L, const tiles *t, long mp, long np)
{
    size_t global[2] = {(size_t)(mp / t->rt), (size_t)(np / t->rt)};
    size_t local[2] = {(size_t)t->wt, (size_t)t->wt};
    exb_cl_launch_run(L, 2, global, local);
}

typedef struct block_view {
    const exb_gemm_args *g;
    long jb, mp;
} block_view;

/* Accumulator row = i + j*mp holds element (i, jb + j). */
static int element_negzero(const void *arg, long row)
{
    const block_view *b = arg;
    return exb_gemm_element_negzero(b->g, row % b->mp, b->jb + row / b->mp);
}

/* C(:, jb .. jb+ncols) from the mapped accumulators (stride mp). */
static void round_columns(const exb_gemm_args *g, long jb, long ncols, long mp,
                          const exb_cl_rows_view *v)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    block_view b = {g, jb, mp};
    for (long j = 0; j < ncols; j++)
        for (long i = 0; i < g->m; i++) {
            double *cij = &g->c[i + (jb + j) * g->ldc];
            *cij = exb_cl_row_round_affine(v, i + j * mp, &acc, g->alpha, g->beta,
                                           g->beta != 0.0 ? *cij : 0.0, element_negzero, &b);
        }
}

/* One block of columns: launch, map, round. */
static void exact_block(exb_cl_launch *L, const tiles *t, const exb_gemm_args *g, cl_mem a,
                        cl_mem b, exb_cl_rows *rows, long jb, long ncols, long mp)
{
    long np = round_up(ncols, t->ts);
    cl_long lda = g->lda, ldb = g->ldb, m = g->m, n = ncols, k = g->k, jbase = jb, cmp = mp;
    cl_int ta = g->transa, tb = g->transb;
    EXB_CL_SET_ARGS(L, 0, EXB_CL_ARG(a), EXB_CL_ARG(lda), EXB_CL_ARG(ta), EXB_CL_ARG(b),
                    EXB_CL_ARG(ldb), EXB_CL_ARG(tb), EXB_CL_ARG(m), EXB_CL_ARG(n), EXB_CL_ARG(k),
                    EXB_CL_ARG(jbase), EXB_CL_ARG(cmp), EXB_CL_ARG(rows->digits),
                    EXB_CL_ARG(rows->meta));
    launch_tiles(L, t, mp, np);
    exb_cl_rows_view v;
    if (exb_cl_rows_map(L, rows, mp * np, &v) == 0) {
        round_columns(g, jb, ncols, mp, &v);
        exb_cl_rows_unmap(L->d, rows, &v);
    }
}

int exb_cl_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs)
{
    if (g->k > MAX_K)
        return -1;
    char fpe[48];
    snprintf(fpe, sizeof fpe, "-DFPE=%d -DEARLY_EXIT=%d", knobs->fpe, knobs->early_exit);
    tiles t;
    exb_cl_launch L;
    if (tiled_kernel(&L, 1, knobs->wg, fpe, &t) != 0)
        return exb_cl_launch_end(&L);
    long mp = round_up(g->m, t.ts);
    long nb = ACC_BYTES / (mp * EXB_ROW_DIGITS * (long)sizeof(cl_long)) / t.ts * t.ts;
    nb = nb < t.ts ? t.ts : (nb > round_up(g->n, t.ts) ? round_up(g->n, t.ts) : nb);
    long rows_a = g->transa ? g->k : g->m, cols_a = g->transa ? g->m : g->k;
    long rows_b = g->transb ? g->n : g->k, cols_b = g->transb ? g->k : g->n;
    long aoff, boff;
    exb_cl_rows rows;
    cl_mem a = exb_cl_vector_in(&L, g->a, g->lda * (cols_a - 1) + rows_a, 1, &aoff);
    cl_mem b = exb_cl_vector_in(&L, g->b, g->ldb * (cols_b - 1) + rows_b, 1, &boff);
    exb_cl_rows_create(&L, &rows, mp * nb, 0);
    for (long jb = 0; jb < g->n && !L.failed; jb += nb)
        exact_block(&L, &t, g, a, b, &rows, jb, g->n - jb < nb ? g->n - jb : nb, mp);
    return exb_cl_launch_end(&L);
}

int exb_cl_gemm_plain(long m, long n, long k, const double *a, const double *b, double *c, int wg)
{
    tiles t;
    exb_cl_launch L;
    if (tiled_kernel(&L, 0, wg, "-DFPE=3 -DEARLY_EXIT=0", &t) != 0)
        return exb_cl_launch_end(&L);
    long off;
    cl_mem ab = exb_cl_vector_in(&L, a, m * k, 1, &off);
    cl_mem bb = exb_cl_vector_in(&L, b, k * n, 1, &off);
    cl_mem cb = exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY, (size_t)(m * n) * sizeof(double), NULL);
    cl_long cm = m, cn = n, ck = k;
    EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(ab), EXB_CL_ARG(bb), EXB_CL_ARG(cm), EXB_CL_ARG(cn),
                    EXB_CL_ARG(ck), EXB_CL_ARG(cb));
    launch_tiles(&L, &t, round_up(m, t.ts), round_up(n, t.ts));
    exb_cl_launch_read(&L, cb, (size_t)(m * n) * sizeof(double), c);
    return exb_cl_launch_end(&L);
}

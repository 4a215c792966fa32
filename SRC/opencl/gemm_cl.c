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
    cl_ulong local = 0;
    if (clGetDeviceInfo(d->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL) !=
        CL_SUCCESS)
        local = 16384;
    tiles t;
    /* a CPU runs a work-group as one loop: small groups; a GPU wants 256
     * work-items.  An exact element keeps a row state and an expansion in
     * registers, so the exact kernel's register tile stays 2 x 2. */
    t.wt = !d->is_cpu && d->max_wg >= 256 ? 16 : (d->max_wg >= 16 ? 4 : 1);
    if (wg > 0) /* EXACTBLAS_WG: the largest square group that fits */
        for (t.wt = 1; (size_t)((t.wt + 1) * (t.wt + 1)) <= d->max_wg &&
                       (t.wt + 1) * (t.wt + 1) <= wg && t.wt < 32;
             t.wt++)
            ;
    t.rt = exact || d->is_cpu ? 2 : 4;
    t.ts = t.rt * t.wt;
    /* CPUs: depth 16 measured fastest on PoCL (BK 32 was 20% slower at n = 512) */
    for (t.bk = d->is_cpu ? 16 : 32; t.bk > 4 && 2UL * t.ts * t.bk * sizeof(double) > local / 2;
         t.bk /= 2)
        ;
    return t;
}

static void tile_options(const tiles *t, const char *rest, char *out, size_t len)
{
    snprintf(out, len, "-DRT=%d -DWT=%d -DBK=%d %s", t->rt, t->wt, t->bk, rest);
}

/* The kernel built for the device's tiles; when the built kernel cannot run
 * a wt x wt group (its registers or memory: CL_KERNEL_WORK_GROUP_SIZE), the
 * largest square group it can run, rebuilt for that (one line). */
static cl_kernel tiled_kernel(const exb_cl_device *d, int exact, int wg, const char *rest,
                              tiles *t)
{
    const char *name = exact ? "gemm_exact" : "gemm_plain";
    char options[128];
    *t = choose_tiles(d, exact, wg);
    tile_options(t, rest, options, sizeof options);
    cl_kernel kernel = exb_cl_kernel("gemm.cl", name, options);
    if (!kernel)
        return NULL;
    size_t fit = exb_cl_fit_wg(kernel, name, (size_t)(t->wt * t->wt));
    if (fit == (size_t)(t->wt * t->wt))
        return kernel;
    clReleaseKernel(kernel);
    int wt = 1;
    while ((size_t)((wt + 1) * (wt + 1)) <= fit)
        wt++;
    *t = choose_tiles(d, exact, wt * wt);
    tile_options(t, rest, options, sizeof options);
    return exb_cl_kernel("gemm.cl", name, options);
}

/* Launches a kernel over an mp x np grid of C elements in ts x ts tiles. */
static cl_int launch_tiles(const exb_cl_device *d, cl_kernel kernel, const tiles *t, long mp,
                           long np)
{
    size_t global[2] = {(size_t)(mp / t->rt), (size_t)(np / t->rt)};
    size_t local[2] = {(size_t)t->wt, (size_t)t->wt};
    return clEnqueueNDRangeKernel(d->queue, kernel, 2, NULL, global, local, 0, NULL, NULL);
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
static void finish(const exb_gemm_args *g, long jb, long ncols, long mp, const exb_cl_rows_view *v)
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
static cl_int exact_block(const exb_cl_device *d, cl_kernel kernel, const tiles *t,
                          const exb_gemm_args *g, cl_mem a, cl_mem b, exb_cl_rows *rows, long jb,
                          long ncols, long mp)
{
    long np = round_up(ncols, t->ts);
    cl_long lda = g->lda, ldb = g->ldb, m = g->m, n = ncols, k = g->k, jbase = jb, cmp = mp;
    cl_int ta = g->transa, tb = g->transb, err = CL_SUCCESS;
    int q = 0;
    err |= clSetKernelArg(kernel, q++, sizeof a, &a);
    err |= clSetKernelArg(kernel, q++, sizeof lda, &lda);
    err |= clSetKernelArg(kernel, q++, sizeof ta, &ta);
    err |= clSetKernelArg(kernel, q++, sizeof b, &b);
    err |= clSetKernelArg(kernel, q++, sizeof ldb, &ldb);
    err |= clSetKernelArg(kernel, q++, sizeof tb, &tb);
    err |= clSetKernelArg(kernel, q++, sizeof m, &m);
    err |= clSetKernelArg(kernel, q++, sizeof n, &n);
    err |= clSetKernelArg(kernel, q++, sizeof k, &k);
    err |= clSetKernelArg(kernel, q++, sizeof jbase, &jbase);
    err |= clSetKernelArg(kernel, q++, sizeof cmp, &cmp);
    err |= clSetKernelArg(kernel, q++, sizeof rows->digits, &rows->digits);
    err |= clSetKernelArg(kernel, q++, sizeof rows->meta, &rows->meta);
    if (err == CL_SUCCESS)
        err = launch_tiles(d, kernel, t, mp, np);
    exb_cl_rows_view v;
    if (err == CL_SUCCESS)
        err = exb_cl_rows_map(d, rows, mp * np, &v);
    if (err == CL_SUCCESS) {
        finish(g, jb, ncols, mp, &v);
        exb_cl_rows_unmap(d, rows, &v);
    }
    return err;
}

int exb_cl_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d || g->k > MAX_K)
        return -1;
    char fpe[48];
    snprintf(fpe, sizeof fpe, "-DFPE=%d -DEARLY_EXIT=%d", knobs->fpe, knobs->early_exit);
    tiles t;
    cl_kernel kernel = tiled_kernel(d, 1, knobs->wg, fpe, &t);
    if (!kernel)
        return -1;
    long mp = round_up(g->m, t.ts);
    long nb = ACC_BYTES / (mp * EXB_ROW_DIGITS * (long)sizeof(cl_long)) / t.ts * t.ts;
    nb = nb < t.ts ? t.ts : (nb > round_up(g->n, t.ts) ? round_up(g->n, t.ts) : nb);
    long rows_a = g->transa ? g->k : g->m, cols_a = g->transa ? g->m : g->k;
    long rows_b = g->transb ? g->n : g->k, cols_b = g->transb ? g->k : g->n;
    long aoff, boff;
    int status = -1;
    exb_cl_rows rows = {NULL, NULL, NULL};
    cl_mem a = exb_cl_vector_in(d, g->a, g->lda * (cols_a - 1) + rows_a, 1, &aoff);
    cl_mem b = exb_cl_vector_in(d, g->b, g->ldb * (cols_b - 1) + rows_b, 1, &boff);
    if (a && b && exb_cl_rows_create(d, &rows, mp * nb, 0) == 0) {
        cl_int err = CL_SUCCESS;
        for (long jb = 0; jb < g->n && err == CL_SUCCESS; jb += nb)
            err = exact_block(d, kernel, &t, g, a, b, &rows, jb, g->n - jb < nb ? g->n - jb : nb,
                              mp);
        if (err != CL_SUCCESS)
            exb_cl_report("GEMM launch", err);
        status = err == CL_SUCCESS ? 0 : -1;
    }
    if (a)
        clReleaseMemObject(a);
    if (b)
        clReleaseMemObject(b);
    exb_cl_rows_release(&rows);
    clReleaseKernel(kernel);
    return status;
}

int exb_cl_gemm_plain(long m, long n, long k, const double *a, const double *b, double *c,
                      int wg)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    tiles t;
    cl_kernel kernel = tiled_kernel(d, 0, wg, "-DFPE=3 -DEARLY_EXIT=0", &t);
    if (!kernel)
        return -1;
    long off;
    cl_int err;
    cl_mem ab = exb_cl_vector_in(d, a, m * k, 1, &off), bb = exb_cl_vector_in(d, b, k * n, 1, &off);
    cl_mem cb = clCreateBuffer(d->context, CL_MEM_WRITE_ONLY, (size_t)(m * n) * sizeof(double),
                               NULL, &err);
    if (ab && bb && err == CL_SUCCESS) {
        cl_long cm = m, cn = n, ck = k;
        int q = 0;
        err |= clSetKernelArg(kernel, q++, sizeof ab, &ab);
        err |= clSetKernelArg(kernel, q++, sizeof bb, &bb);
        err |= clSetKernelArg(kernel, q++, sizeof cm, &cm);
        err |= clSetKernelArg(kernel, q++, sizeof cn, &cn);
        err |= clSetKernelArg(kernel, q++, sizeof ck, &ck);
        err |= clSetKernelArg(kernel, q++, sizeof cb, &cb);
        if (err == CL_SUCCESS)
            err = launch_tiles(d, kernel, &t, round_up(m, t.ts), round_up(n, t.ts));
        if (err == CL_SUCCESS)
            err = clEnqueueReadBuffer(d->queue, cb, CL_TRUE, 0, (size_t)(m * n) * sizeof(double),
                                      c, 0, NULL, NULL);
        if (err != CL_SUCCESS)
            exb_cl_report("plain GEMM launch", err);
    } else if (err != CL_SUCCESS) {
        exb_cl_report("GEMM buffer creation", err);
    }
    if (ab)
        clReleaseMemObject(ab);
    if (bb)
        clReleaseMemObject(bb);
    if (cb)
        clReleaseMemObject(cb);
    clReleaseKernel(kernel);
    return err == CL_SUCCESS && ab && bb ? 0 : -1;
}

/*
 * trsm_split.c -- EXDTRSM's host path for many right-hand sides (see
 * trsv.h): blocked substitution whose off-diagonal work is a GEMM.
 *
 * The right-hand sides are copied side by side (xt[r + i*R]: element i of
 * right-hand side r, so one row of xt is every system's x_i).  For each
 * diagonal block of rows, in the order of op(T):
 *   1. off-diagonal: the terms op(T)_ij x_j over the columns j solved before
 *      the block, for every right-hand side, are one GEMM of the block of
 *      op(T) with the solved rows of xt.  It is done error-free (slices.h):
 *      both are cut into slices, every slice product is exact on a plain
 *      DGEMM (OpenBLAS under ExactBLAS, or its blocked loop), the products
 *      of one level are added as 64-bit integers;
 *   2. the block's rows in order: each element's accumulator takes alpha*b,
 *      its level sums and the in-block terms (rows.h: four right-hand sides
 *      share one SIMD register), and its exact numerator is divided and
 *      rounded once (triangle_rows.h).
 * A block whose slices would be too many (wide data), hold NaN or Inf, or
 * find no memory takes its off-diagonal terms the way step 2 takes the
 * in-block ones.  Every numerator is exact either way, so the bits are those
 * of exb_host_trsv for every block size, thread count and slicing.
 */
#include "backend/trsv.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "rows.h"
#include "host/gemm/slices.h"
#include "triangle_rows.h"
#include "backend/gemm.h"
#include "core/superacc.h"

/* right-hand sides per chunk: their copy and four slices of it fit this */
#define CHUNK_BYTES (256L << 20)

typedef struct trsm_work {
    const exb_tri *t;
    const exb_knobs *knobs;
    long max_products;
    double *b; /* the share's right-hand sides */
    long nrhs, rhs_step, elem_step, chunk;
    long R;     /* right-hand sides of the chunk being solved */
    double *xt; /* R x n */
    long bs;
    exb_rows rows; /* one panel row per right-hand side of the chunk */
    double *v;     /* -op(T)_ij for the row being solved */
    /* the step: rows [k0, k1), columns [c0, c1) solved before them */
    long k0, k1, c0, c1;
    int split; /* the off-diagonal terms are in the level sums */
    int bits, levels;
    int *top_a, *low;
    /* the slices of xt: the rows [cut0, cut1) are cut, into sb planes, each
     * right-hand side relative to the top of its solved rows */
    int x_ok, sb;
    long cut0, cut1;
    int *top_x, *low_x, *new_top, *cut_top;
    char *recut;
    double *as, *xs, *prod; /* slices of the block of op(T), of xt; one product */
    int64_t *level;         /* levels x R x (k1 - k0) */
    size_t cap_as, cap_xs, cap_prod, cap_level;
} trsm_work;

/* p grown to hold `bytes` (cap: what it holds now); 0, or -1 without memory. */
static int reserve(void *pp, size_t *cap, size_t bytes)
{
    void **p = pp;
    if (*cap >= bytes)
        return 0;
    free(*p);
    *p = exb_split_alloc(bytes);
    *cap = *p ? bytes : 0;
    return *p ? 0 : -1;
}

/* xs grown to hold sb planes, the w->sb planes it holds kept.  0, or -1
 * without memory. */
static int grow_planes(trsm_work *w, int sb)
{
    size_t plane = (size_t)(w->R * w->t->n) * sizeof(double);
    if ((size_t)sb * plane <= w->cap_xs)
        return 0;
    double *xs = exb_split_alloc((size_t)sb * plane);
    if (!xs)
        return -1;
    if (w->sb)
        memcpy(xs, w->xs, (size_t)w->sb * plane);
    free(w->xs);
    w->xs = xs;
    w->cap_xs = (size_t)sb * plane;
    return 0;
}

/* The slices of the rows of xt solved since the last step, in xs (plane u,
 * row j, right-hand side r at xs[u*R*n + r + j*R]), each right-hand side cut
 * relative to the top of all its solved rows.  A new top re-cuts that
 * right-hand side; a slice more for some right-hand side is a zero slice for
 * the rows cut before (their bits were all held already).  0, or -1 when
 * the solved rows cannot be sliced (NaN, Inf, too wide a span, no memory):
 * then no later block of the chunk is. */
static int update_x_slices(trsm_work *w)
{
    const exb_tri *t = w->t;
    long R = w->R, n = t->n, plane = R * n;
    /* the rows solved since the last cut: [n0, n1) */
    long n0 = t->forward ? w->cut1 : w->c0, n1 = t->forward ? w->c1 : w->cut0;
    if (n1 > n0) {
        if (exb_split_ranges(w->xt + n0 * R, R, R, n1 - n0, 1, w->new_top, w->low) != 0)
            return -1;
        for (long r = 0; r < R; r++) {
            w->low_x[r] = w->low[r] < w->low_x[r] ? w->low[r] : w->low_x[r];
            /* a right-hand side all zero so far has all-zero slices: no re-cut */
            w->recut[r] = w->top_x[r] != INT_MIN && w->new_top[r] > w->top_x[r];
            w->top_x[r] = w->new_top[r] > w->top_x[r] ? w->new_top[r] : w->top_x[r];
        }
    }
    int sb = exb_split_count(w->top_x, w->low_x, R, w->bits);
    if (sb < 0)
        return -1;
    sb = sb > 0 ? sb : 1;
    int old = w->sb;
    if (grow_planes(w, sb) != 0)
        return -1;
    long c0 = t->forward ? 0 : w->cut0, c1 = t->forward ? w->cut1 : n; /* cut before */
    for (int u = old; u < sb && c1 > c0; u++)
        memset(w->xs + u * plane + c0 * R, 0, (size_t)((c1 - c0) * R) * sizeof(double));
    if (n1 > n0) {
        for (long r = 0; r < R; r++)
            w->cut_top[r] = w->top_x[r] == INT_MIN ? 0 : w->top_x[r];
        for (long r = 0; r < R; r++)
            if (w->recut[r] && c1 > c0)
                exb_split_cut(w->xt + r + c0 * R, R, 1, c1 - c0, 1, &w->cut_top[r], w->bits, sb,
                              w->xs + r + c0 * R, plane, 1, R);
        exb_split_cut(w->xt + n0 * R, R, R, n1 - n0, 1, w->cut_top, w->bits, sb, w->xs + n0 * R,
                      plane, 1, R);
    }
    w->sb = sb;
    w->cut0 = w->c0;
    w->cut1 = w->c1;
    return 0;
}

/* Step 1 for the block: 0 with the level sums ready, or -1 when the block
 * cannot be sliced (the caller adds its terms one by one). */
static int off_diagonal_split(trsm_work *w)
{
    const exb_tri *t = w->t;
    long nbk = w->k1 - w->k0, kk = w->c1 - w->c0, R = w->R, n = t->n;
    if (!w->x_ok || update_x_slices(w) != 0) {
        w->x_ok = 0;
        return -1;
    }
    int bits = w->bits, sb = w->sb;
    const double *blk = t->colsweep ? t->a + w->k0 + w->c0 * t->lda : t->a + w->c0 + w->k0 * t->lda;
    /* the block of op(T) is nbk x kk: stored so (colsweep) or transposed */
    int bad = t->colsweep ? exb_split_ranges(blk, t->lda, nbk, kk, 1, w->top_a, w->low)
                          : exb_split_ranges(blk, t->lda, kk, nbk, 0, w->top_a, w->low);
    int sa = bad ? -1 : exb_split_count(w->top_a, w->low, nbk, bits);
    if (sa < 0 || (long)sa * sb > w->max_products)
        return -1;
    sa = sa > 0 ? sa : 1;
    int levels = sa + sb - 1;
    if (reserve(&w->as, &w->cap_as, (size_t)(sa * n * nbk) * sizeof(double)) != 0 ||
        reserve(&w->prod, &w->cap_prod, (size_t)(sa * R * nbk) * sizeof(double)) != 0 ||
        reserve(&w->level, &w->cap_level, (size_t)(levels * R * nbk) * sizeof(int64_t)) != 0)
        return -1;
    for (long p = 0; p < nbk; p++)
        w->top_a[p] = w->top_a[p] == INT_MIN ? 0 : w->top_a[p]; /* zero rows: any top */
    /* op(T)(k0+p, c0+l) -> as[s][l + p*kk]: the block transposed, kk x nbk */
    if (t->colsweep)
        exb_split_cut(blk, t->lda, nbk, kk, 1, w->top_a, bits, sa, w->as, kk * nbk, kk, 1);
    else
        exb_split_cut(blk, t->lda, kk, nbk, 0, w->top_a, bits, sa, w->as, kk * nbk, 1, kk);
    /* one GEMM per slice of xt against every slice of the block side by
     * side (as is kk x sa*nbk): the product's column block s is (u, s) */
    long block = R * nbk;
    memset(w->level, 0, (size_t)(levels * block) * sizeof(int64_t));
    for (int u = 0; u < sb; u++) {
        exb_gemm_engine_serial(R, sa * nbk, kk, w->xs + u * R * n + w->c0 * R, w->as, w->prod);
        for (int s = 0; s < sa; s++) {
            int64_t *lev = w->level + (s + u) * block;
            const double *prod = w->prod + s * block;
            for (long e = 0; e < block; e++)
                lev[e] += (int64_t)prod[e]; /* an integer below 2^53 */
        }
    }
    w->levels = levels;
    return 0;
}

/* acc -= the off-diagonal terms of element (r, p) held in the level sums:
 * level L stands for sum op(T)_ij x_j's part v_L * 2^(lsb_low + (levels-1-L) bits). */
static void add_levels(const trsm_work *w, exb_superacc *acc, long r, long p)
{
    long block = w->R * (w->k1 - w->k0);
    int lsb_low = w->top_a[p] + w->cut_top[r] - (w->levels + 1) * w->bits;
    for (int L = 0; L < w->levels; L++) {
        int64_t v = w->level[L * block + r + p * w->R];
        if (v != 0) /* the terms are -op(T)_ij x_j: the sign flips */
            exb_superacc_add_scaled_u64(acc, v < 0 ? -(uint64_t)v : (uint64_t)v,
                                        lsb_low + (w->levels - 1 - L) * w->bits, v > 0);
    }
}

/* Step 2: the block's rows in order, for every right-hand side of the chunk. */
static void diagonal(trsm_work *w)
{
    const exb_tri *t = w->t;
    long R = w->R;
    for (long q = 0; q < w->k1 - w->k0; q++) {
        long i = t->forward ? w->k0 + q : w->k1 - 1 - q, p = i - w->k0;
        /* the terms added one by one: the in-block ones, and the others
         * when the block was not sliced */
        long j0, j1;
        if (t->forward) {
            j0 = w->split ? w->k0 : 0;
            j1 = i;
        } else {
            j0 = i + 1;
            j1 = w->split ? w->k1 : t->n;
        }
        for (long r = 0; r < R; r++) {
            exb_tri_add_rhs(t, &w->rows.acc[r], w->xt[r + i * R]);
            if (w->split)
                add_levels(w, &w->rows.acc[r], r, p);
        }
        for (long j = j0; j < j1; j++)
            w->v[j - j0] = -exb_tri_at(t, i, j);
        if (j1 > j0)
            exb_rows_colsweep(&w->rows, 0, R, w->xt + j0 * R, R, w->v, j1 - j0);
        for (long r = 0; r < R; r++) {
            exb_rows_flush(&w->rows, r);
            double *x = &w->xt[r + i * R];
            *x = exb_tri_round_row(t, &w->rows.acc[r], i, *x, w->xt + r, R, 1.0);
            exb_rows_reset(&w->rows, r);
        }
    }
}

/* The blocked solve of the chunk's right-hand sides, in xt. */
static void solve_chunk(trsm_work *w)
{
    const exb_tri *t = w->t;
    long n = t->n, steps = (n + w->bs - 1) / w->bs;
    w->x_ok = 1;
    w->sb = 0;
    w->cut0 = w->cut1 = t->forward ? 0 : n;
    for (long r = 0; r < w->R; r++) {
        w->top_x[r] = INT_MIN;
        w->low_x[r] = INT_MAX;
    }

    for (long step = 0; step < steps; step++) {
        exb_tri_block(t, w->bs, step, &w->k0, &w->k1, &w->c0, &w->c1);
        w->split = w->c1 > w->c0 && off_diagonal_split(w) == 0;
        diagonal(w);
    }
}

/* One thread's right-hand sides, chunk by chunk: copied side by side,
 * solved, copied back. */
static void solve_share(void *arg, int share, int parts)
{
    (void)parts;
    trsm_work *w = (trsm_work *)arg + share;
    long n = w->t->n;
    for (long c = 0; c < w->nrhs; c += w->chunk) {
        w->R = w->nrhs - c < w->chunk ? w->nrhs - c : w->chunk;
        double *bc = w->b + c * w->rhs_step;
        for (long i = 0; i < n; i++)
            for (long r = 0; r < w->R; r++)
                w->xt[r + i * w->R] = bc[r * w->rhs_step + i * w->elem_step];
        solve_chunk(w);
        for (long i = 0; i < n; i++)
            for (long r = 0; r < w->R; r++)
                bc[r * w->rhs_step + i * w->elem_step] = w->xt[r + i * w->R];
    }
}

static void free_work(trsm_work *w)
{
    exb_rows_free(&w->rows);
    free(w->v);
    free(w->xt);
    free(w->top_a);
    free(w->top_x);
    free(w->low_x);
    free(w->new_top);
    free(w->cut_top);
    free(w->recut);
    free(w->low);
    free(w->as);
    free(w->xs);
    free(w->prod);
    free(w->level);
}

static int alloc_work(trsm_work *w)
{
    long n = w->t->n, chunk = w->chunk;
    w->xt = exb_split_alloc((size_t)(chunk * n) * sizeof *w->xt);
    w->top_a = malloc((size_t)w->bs * sizeof *w->top_a);
    w->top_x = malloc((size_t)chunk * sizeof *w->top_x);
    w->low_x = malloc((size_t)chunk * sizeof *w->low_x);
    w->new_top = malloc((size_t)chunk * sizeof *w->new_top);
    w->cut_top = malloc((size_t)chunk * sizeof *w->cut_top);
    w->recut = malloc((size_t)chunk);
    w->low = malloc((size_t)(chunk > w->bs ? chunk : w->bs) * sizeof *w->low);
    w->v = malloc((size_t)n * sizeof *w->v);
    int rows_ok = exb_rows_init(&w->rows, chunk, w->knobs) == 0;
    return w->xt && w->top_a && w->top_x && w->low_x && w->new_top && w->cut_top && w->recut &&
                   w->low && w->v && rows_ok
               ? 0
               : -1;
}

int exb_host_trsm_split(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                        const exb_knobs *knobs, long max_products)
{
    long n = t->n, groups = (nrhs + 3) / 4;
    int parts = knobs->threads < groups ? knobs->threads : (int)groups;
    trsm_work *w = calloc((size_t)parts, sizeof *w);
    if (!w)
        return -1;
    /* every share's work is allocated before any right-hand side is touched */
    long chunk = CHUNK_BYTES / parts / (5 * (long)sizeof(double) * n);
    int ok = 1;
    for (int s = 0; s < parts; s++) {
        long r0 = 4 * (groups * s / parts),
             r1 = s == parts - 1 ? nrhs : 4 * (groups * (s + 1) / parts);
        trsm_work *ws = &w[s];
        ws->t = t;
        ws->knobs = knobs;
        ws->max_products = max_products;
        ws->b = b + r0 * rhs_step;
        ws->nrhs = r1 - r0;
        ws->rhs_step = rhs_step;
        ws->elem_step = elem_step;
        ws->chunk = chunk < 4 ? 4 : (chunk > ws->nrhs ? ws->nrhs : chunk);
        ws->bs = knobs->trsv_block < n ? knobs->trsv_block : n;
        ws->bits = exb_split_bits(n); /* every sum has fewer than n terms */
        ok = ok && alloc_work(ws) == 0;
    }
    if (ok)
        exb_parallel(parts, solve_share, w);
    for (int s = 0; s < parts; s++)
        free_work(&w[s]);
    free(w);
    return ok ? 0 : -1;
}

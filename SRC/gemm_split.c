/*
 * gemm_split.c -- the split path of EXDGEMM (see gemm.h).
 *
 * Row i of op(A) has top exponent E_i (every |a_il| < 2^E_i); its slice s
 * (s = 1, 2, ...) holds integers q with |q| < 2^beta standing for
 * q * 2^(E_i - s*beta), and the slices add up to the row exactly.  The same
 * for column j of op(B) with F_j.  A slice product (A_s B_t)_ij is a sum of k
 * integers below 2^(2 beta), so below 2^53 with every partial sum: exact in
 * any binary64 GEMM.  It stands for itself times 2^(E_i + F_j - (s+t) beta);
 * the products of one level s + t are added as 64-bit integers, each level
 * goes into the element's long accumulator, and alpha, beta and C are folded
 * into the one rounding (exb_superacc_round_affine).
 */
#include "gemm.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "superacc.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define COLUMN_BLOCK 256 /* columns of C per round of slice products */

/* The slice width beta: 2*beta + ceil(log2 k) <= 53. */
static int slice_bits(long k)
{
    int lg = 0;
    while ((1L << lg) < k)
        lg++;
    return (53 - lg) / 2;
}

/* The top exponent (|x| < 2^top) and the exponent of the lowest set bit of
 * a finite x != 0. */
static void bit_range(double x, int *top, int *low)
{
    int e;
    double f = frexp(x, &e);
    uint64_t m = (uint64_t)fabs(ldexp(f, 53)); /* the integer significand */
    *top = e;
    *low = e - 53 + __builtin_ctzll(m);
}

/* The top exponent of v[0], v[inc], ..., v[(k-1) inc] (0 when all are zero)
 * and the slices that hold all their bits; -1 if one is NaN or Inf. */
static int vector_slices(const double *v, long inc, long k, int bits, int *top)
{
    int hi = INT_MIN, lo = INT_MAX;
    for (long l = 0; l < k; l++) {
        double x = v[l * inc];
        if (!isfinite(x))
            return -1;
        if (x == 0.0)
            continue;
        int t, b;
        bit_range(x, &t, &b);
        hi = t > hi ? t : hi;
        lo = b < lo ? b : lo;
    }
    *top = hi == INT_MIN ? 0 : hi;
    return hi == INT_MIN ? 0 : (hi - lo + bits - 1) / bits;
}

/* Row i of op(A) and column j of op(B) as strided vectors. */
static const double *row_a(const exb_gemm_args *g, long i, long *inc)
{
    *inc = g->transa ? 1 : g->lda;
    return g->transa ? g->a + i * g->lda : g->a + i;
}

static const double *col_b(const exb_gemm_args *g, long j, long *inc)
{
    *inc = g->transb ? g->ldb : 1;
    return g->transb ? g->b + j : g->b + j * g->ldb;
}

int exb_gemm_slices(const exb_gemm_args *g, int *slices_a, int *slices_b)
{
    int bits = slice_bits(g->k), top;
    if (bits < 1)
        return -1;
    *slices_a = *slices_b = 0;
    for (long i = 0; i < g->m; i++) {
        long inc;
        const double *v = row_a(g, i, &inc);
        int s = vector_slices(v, inc, g->k, bits, &top);
        if (s < 0)
            return -1;
        *slices_a = s > *slices_a ? s : *slices_a;
    }
    for (long j = 0; j < g->n; j++) {
        long inc;
        const double *v = col_b(g, j, &inc);
        int s = vector_slices(v, inc, g->k, bits, &top);
        if (s < 0)
            return -1;
        *slices_b = s > *slices_b ? s : *slices_b;
    }
    return 0;
}

/* Cuts v (k entries, stride inc, top exponent top) into `count` slices:
 * slice s gets its entries at out[s * slice_len + l * out_inc].  Every step
 * is exact: r = v * 2^(bits - top) has all its bits within count*bits bits
 * below 2^bits, q = trunc(r) is the next `bits` bits, and r - q is exact. */
static void cut(const double *v, long inc, long k, int bits, int top, int count, double *out,
                long slice_len, long out_inc)
{
    for (long l = 0; l < k; l++) {
        double r = ldexp(v[l * inc], bits - top);
        for (int s = 0; s < count; s++) {
            double q = trunc(r);
            out[s * slice_len + l * out_inc] = q;
            r = ldexp(r - q, bits);
        }
    }
}

typedef struct split_work {
    const exb_gemm_args *g;
    int bits, sa, sb; /* slice width, slices of op(A) and op(B) */
    int *top_a, *top_b;
    double *as, *bs; /* slices: as[s] is m x k, bs[t] is k x n, column-major */
    double *prod;    /* one slice product, m x COLUMN_BLOCK */
    int64_t *level;  /* level sums, (sa + sb - 1) x m x COLUMN_BLOCK */
} split_work;

/* C(:, j0..j1) from the level sums. */
static void round_block(const split_work *w, const exb_knobs *knobs, long j0, long j1)
{
    const exb_gemm_args *g = w->g;
    long m = g->m, block = m * (j1 - j0), levels = w->sa + w->sb - 1;
    long threads = knobs->threads < j1 - j0 ? knobs->threads : j1 - j0;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads((int)(threads > 0 ? threads : 1))
#endif
    for (long j = j0; j < j1; j++) {
        exb_superacc acc;
        exb_superacc_clear(&acc);
        for (long i = 0; i < m; i++) {
            long e = i + (j - j0) * m;
            for (long L = 0; L < levels; L++) {
                int64_t v = w->level[L * block + e];
                if (v != 0)
                    exb_superacc_add_scaled_u64(&acc, v < 0 ? -(uint64_t)v : (uint64_t)v,
                                                w->top_a[i] + w->top_b[j] - (int)(L + 2) * w->bits,
                                                v < 0);
            }
            double *cij = &g->c[i + j * g->ldc];
            *cij = exb_superacc_round_affine(&acc, g->alpha, g->beta, g->beta != 0.0 ? *cij : 0.0);
            exb_superacc_reset(&acc);
        }
    }
    (void)threads;
}

static void multiply_block(const split_work *w, const exb_knobs *knobs, long j0, long j1)
{
    const exb_gemm_args *g = w->g;
    long m = g->m, k = g->k, block = m * (j1 - j0), levels = w->sa + w->sb - 1;
    for (long e = 0; e < levels * block; e++)
        w->level[e] = 0;
    for (int s = 0; s < w->sa; s++)
        for (int t = 0; t < w->sb; t++) {
            exb_gemm_engine(m, j1 - j0, k, w->as + s * m * k, w->bs + t * k * g->n + j0 * k,
                            w->prod);
            int64_t *lev = w->level + (s + t) * block;
            for (long e = 0; e < block; e++)
                lev[e] += (int64_t)w->prod[e]; /* an integer below 2^53 */
        }
    round_block(w, knobs, j0, j1);
}

int exb_host_gemm_split(const exb_gemm_args *g, const exb_knobs *knobs, int slices_a,
                        int slices_b)
{
    long m = g->m, n = g->n, k = g->k, nb = n < COLUMN_BLOCK ? n : COLUMN_BLOCK;
    split_work w = {g, slice_bits(k), slices_a > 0 ? slices_a : 1, slices_b > 0 ? slices_b : 1,
                    NULL, NULL, NULL, NULL, NULL, NULL};
    w.top_a = malloc((size_t)m * sizeof *w.top_a);
    w.top_b = malloc((size_t)n * sizeof *w.top_b);
    w.as = malloc((size_t)(w.sa * m * k) * sizeof *w.as);
    w.bs = malloc((size_t)(w.sb * k * n) * sizeof *w.bs);
    w.prod = malloc((size_t)(m * nb) * sizeof *w.prod);
    w.level = malloc((size_t)((w.sa + w.sb - 1) * m * nb) * sizeof *w.level);
    int ok = w.top_a && w.top_b && w.as && w.bs && w.prod && w.level;
    if (ok) {
        for (long i = 0; i < m; i++) {
            long inc;
            const double *v = row_a(g, i, &inc);
            vector_slices(v, inc, k, w.bits, &w.top_a[i]);
            cut(v, inc, k, w.bits, w.top_a[i], w.sa, w.as + i, m * k, m);
        }
        for (long j = 0; j < n; j++) {
            long inc;
            const double *v = col_b(g, j, &inc);
            vector_slices(v, inc, k, w.bits, &w.top_b[j]);
            cut(v, inc, k, w.bits, w.top_b[j], w.sb, w.bs + j * k, k * n, 1);
        }
        for (long j0 = 0; j0 < n; j0 += nb)
            multiply_block(&w, knobs, j0, j0 + nb < n ? j0 + nb : n);
    }
    free(w.top_a);
    free(w.top_b);
    free(w.as);
    free(w.bs);
    free(w.prod);
    free(w.level);
    return ok ? 0 : -1;
}

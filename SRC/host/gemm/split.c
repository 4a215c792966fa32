/*
 * gemm/split.c -- the split path of EXDGEMM (see gemm.h).
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
#include "backend/gemm.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "host/pool.h"
#include "slices.h"
#include "wide.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/path.h"

#define LEVEL_BYTES (64L << 20) /* level sums held at once (sets the column block) */
#define MAX_SPAN 960            /* top - lowest bit of a row: beyond, scaling could underflow */

/* The widest slice whose sums of `terms` products stay below 2^precision:
 * 2*bits + ceil(log2 terms) <= precision. */
static int slice_bits(int precision, long terms)
{
    int lg = 0;
    while ((1L << lg) < terms)
        lg++;
    return (precision - lg) / 2;
}

int exb_split_bits(long k)
{
    return slice_bits(53, k);
}

/* The binary32 engine sums at most EXB_F32_CHUNK products at a time. */
int exb_split_bits_f32(long k)
{
    return slice_bits(24, k < EXB_F32_CHUNK ? k : EXB_F32_CHUNK);
}

/* 2^e for -1022 <= e <= 1023, built from its bits (ldexp is a libm call). */
static double pow2(int e)
{
    union {
        uint64_t u;
        double d;
    } v = {(uint64_t)(e + 1023) << 52};
    return v.d;
}

double exb_split_scale(double x, int top, int bits)
{
    int e = bits - top; /* 2^e itself may lie outside binary64: then ldexp */
    return x == 0.0 ? 0.0 : (e >= -1022 && e <= 1023 ? x * pow2(e) : ldexp(x, e));
}

/* The top exponent (|x| < 2^top) and the exponent of the lowest set bit of
 * a finite x != 0, from its bits. */
static void bit_range(double x, int *top, int *low)
{
    union {
        double d;
        uint64_t u;
    } v = {x};
    int e = (int)((v.u >> 52) & 0x7ff);
    uint64_t m = v.u & ((UINT64_C(1) << 52) - 1);
    if (e) {
        m |= UINT64_C(1) << 52;
        *top = e - 1022;
        *low = e - 1075 + __builtin_ctzll(m);
    } else { /* subnormal */
        *top = -1074 + 64 - __builtin_clzll(m);
        *low = -1074 + __builtin_ctzll(m);
    }
}

int exb_split_ranges(const double *p, long ld, long rows, long cols, int per_row, int *top,
                     int *low)
{
    long count = per_row ? rows : cols;
    for (long q = 0; q < count; q++) {
        top[q] = INT_MIN;
        low[q] = INT_MAX;
    }
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < rows; i++) {
            double x = p[i + j * ld];
            if (x == 0.0)
                continue;
            if (!isfinite(x))
                return -1;
            long q = per_row ? i : j;
            int t, b;
            bit_range(x, &t, &b);
            top[q] = t > top[q] ? t : top[q];
            low[q] = b < low[q] ? b : low[q];
        }
    return 0;
}

/* op(A)'s rows (A stored m x k, or k x m when transposed) and op(B)'s
 * columns. */
static int ranges_a(const exb_gemm_args *g, int *top, int *low)
{
    return g->transa ? exb_split_ranges(g->a, g->lda, g->k, g->m, 0, top, low)
                     : exb_split_ranges(g->a, g->lda, g->m, g->k, 1, top, low);
}

static int ranges_b(const exb_gemm_args *g, int *top, int *low)
{
    return g->transb ? exb_split_ranges(g->b, g->ldb, g->n, g->k, 1, top, low)
                     : exb_split_ranges(g->b, g->ldb, g->k, g->n, 0, top, low);
}

int exb_split_count(const int *top, const int *low, long count, int bits)
{
    int most = 0;
    for (long q = 0; q < count; q++) {
        if (top[q] == INT_MIN)
            continue;
        int span = top[q] - low[q];
        if (span > MAX_SPAN)
            return -1;
        int s = (span + bits - 1) / bits;
        most = s > most ? s : most;
    }
    return most;
}

/* Tops of op(A)'s rows and op(B)'s columns, and the slices each side needs
 * at width `bits`; low is scratch of max(m, n).  0, or -1 as exb_gemm_slices. */
static int measure(const exb_gemm_args *g, int bits, int *top_a, int *top_b, int *low, int *sa,
                   int *sb)
{
    return ranges_a(g, top_a, low) == 0 && (*sa = exb_split_count(top_a, low, g->m, bits)) >= 0 &&
                   ranges_b(g, top_b, low) == 0 &&
                   (*sb = exb_split_count(top_b, low, g->n, bits)) >= 0
               ? 0
               : -1;
}

int exb_gemm_slices(const exb_gemm_args *g, int *slices_a, int *slices_b)
{
    int bits = exb_split_bits(g->k);
    if (bits < 1)
        return -1;
    int *top_a = malloc((size_t)g->m * sizeof *top_a),
        *top_b = malloc((size_t)g->n * sizeof *top_b);
    int *low = malloc((size_t)(g->m > g->n ? g->m : g->n) * sizeof *low);
    int ok = top_a && top_b && low && measure(g, bits, top_a, top_b, low, slices_a, slices_b) == 0;
    free(top_a);
    free(top_b);
    free(low);
    return ok ? 0 : -1;
}

/* Every step is exact: r = x * 2^(bits - top) keeps all its bits (the span
 * is below MAX_SPAN), q = trunc(r) is the next `bits` bits, r - q is exact. */
void exb_split_cut(const double *p, long ld, long rows, long cols, int per_row, const int *top,
                   int bits, int count, double *out, long slice_len, long oi, long oj)
{
    double shift = pow2(bits);
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < rows; i++) {
            int t = top[per_row ? i : j];
            double r = exb_split_scale(p[i + j * ld], t, bits);
            for (int s = 0; s < count; s++) {
                double q = (double)(int64_t)r; /* trunc: |r| < 2^bits <= 2^26 */
                out[s * slice_len + i * oi + j * oj] = q;
                r = (r - q) * shift;
            }
        }
}

typedef struct split_work {
    const exb_gemm_args *g;
    int bits, sa, sb; /* slice width, slices of op(A) and op(B) */
    int *top_a, *top_b, *low;
    double *as, *bs;                    /* slices: as[s] is m x k, bs[t] is k x n, column-major */
    double *prod;                       /* one slice product, m x nb */
    int64_t *level;                     /* level sums, (sa + sb - 1) x m x nb */
    long nb;                            /* columns of C per round of slice products */
    long nb_now;                        /* columns in the round being rounded */
    exb_device_gemm_fn device;          /* the slice products' device engine, or NULL */
    exb_device_levels_fn levels_engine; /* the binary32 engine of all of them, or NULL */
} split_work;

/* ---- rounding the level sums ------------------------------------------------ */

/* C_ij := RN(S) for alpha = 1, beta = 0, S = sum_L v_L 2^(lsb_low + (levels-1-L) bits),
 * when the levels fit 192 bits; returns 0 if they do not. */
static int round_levels_fast(const int64_t *v, long stride, int levels, int bits, int lsb_low,
                             double *out)
{
    if ((levels - 1) * bits + 64 + 8 > 190)
        return 0;
    exb_wide w;
    exb_wide_zero(&w, 3);
    for (int L = 0; L < levels; L++)
        if (v[L * stride])
            exb_wide_add(&w, 3, v[L * stride], (levels - 1 - L) * bits);
    *out = exb_wide_round(&w, 3, lsb_low);
    return 1;
}

typedef struct round_task {
    const split_work *w;
    long j0, j1;
} round_task;

/* Column j of C from the level sums. */
static void round_column(const split_work *w, long j, long j0, exb_superacc *acc)
{
    const exb_gemm_args *g = w->g;
    long m = g->m, block = m * (w->nb_now);
    int levels = w->sa + w->sb - 1, fast = g->alpha == 1.0 && g->beta == 0.0;
    for (long i = 0; i < m; i++) {
        const int64_t *v = w->level + i + (j - j0) * m;
        double *cij = &g->c[i + j * g->ldc];
        int lsb_low = w->top_a[i] + w->top_b[j] - (levels + 1) * w->bits;
        double fast_value;
        if (fast && round_levels_fast(v, block, levels, w->bits, lsb_low, &fast_value) &&
            fast_value != 0.0) {
            *cij = fast_value;
            continue;
        }
        for (int L = 0; L < levels; L++)
            if (v[L * block] != 0)
                exb_superacc_add_scaled_u64(
                    acc, v[L * block] < 0 ? -(uint64_t)v[L * block] : (uint64_t)v[L * block],
                    lsb_low + (levels - 1 - L) * w->bits, v[L * block] < 0);
        if (exb_superacc_is_zero(acc) && exb_gemm_element_negzero(g, i, j))
            exb_superacc_set_negative_zero(acc);
        *cij = exb_superacc_round_affine(acc, g->alpha, g->beta, g->beta != 0.0 ? *cij : 0.0);
        exb_superacc_reset(acc);
    }
}

static void round_share(void *arg, int s, int parts)
{
    const round_task *task = arg;
    long cols = task->j1 - task->j0;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long j = task->j0 + cols * s / parts; j < task->j0 + cols * (s + 1) / parts; j++)
        round_column(task->w, j, task->j0, &acc);
}

/* C(:, j0..j1) from the level sums. */
static void round_block(split_work *w, const exb_knobs *knobs, long j0, long j1)
{
    long threads = knobs->threads < j1 - j0 ? knobs->threads : j1 - j0;
    w->nb_now = j1 - j0;
    round_task task = {w, j0, j1};
    exb_parallel((int)(threads > 0 ? threads : 1), round_share, &task);
}

/* ---- the products -------------------------------------------------------------- */

static void multiply_block(split_work *w, const exb_knobs *knobs, long j0, long j1)
{
    const exb_gemm_args *g = w->g;
    long m = g->m, k = g->k, block = m * (j1 - j0), levels = w->sa + w->sb - 1;
    for (long e = 0; e < levels * block; e++)
        w->level[e] = 0;
    if (w->levels_engine) {
        if (w->levels_engine(m, j1 - j0, k, w->sa, w->sb, w->as, m * k, w->bs + j0 * k, k * g->n,
                             w->level, knobs->wg) == 0) {
            exb_path_add(EXACTBLAS_PATH_OPENCL | EXACTBLAS_PATH_FP32);
            round_block(w, knobs, j0, j1);
            return;
        }
        exb_path_host(1); /* the host engine on the same slices (said by the engine) */
        for (long e = 0; e < levels * block; e++)
            w->level[e] = 0;
    }
    for (int s = 0; s < w->sa; s++)
        for (int t = 0; t < w->sb; t++) {
            exb_gemm_engine(m, j1 - j0, k, w->as + s * m * k, w->bs + t * k * g->n + j0 * k,
                            w->prod, w->device, knobs->wg);
            int64_t *lev = w->level + (s + t) * block;
            for (long e = 0; e < block; e++)
                lev[e] += (int64_t)w->prod[e]; /* an integer below 2^53 */
        }
    round_block(w, knobs, j0, j1);
}

/* The slices of op(A) and op(B) into the work (tops already there). */
static void cut_all(split_work *w)
{
    const exb_gemm_args *g = w->g;
    long m = g->m, n = g->n, k = g->k;
    for (long i = 0; i < m; i++)
        w->top_a[i] = w->top_a[i] == INT_MIN ? 0 : w->top_a[i]; /* zero rows: any top */
    for (long j = 0; j < n; j++)
        w->top_b[j] = w->top_b[j] == INT_MIN ? 0 : w->top_b[j];
    /* op(A)(i,l) -> as[s][i + l m]; op(B)(l,j) -> bs[t][l + j k] */
    if (g->transa)
        exb_split_cut(g->a, g->lda, k, m, 0, w->top_a, w->bits, w->sa, w->as, m * k, m, 1);
    else
        exb_split_cut(g->a, g->lda, m, k, 1, w->top_a, w->bits, w->sa, w->as, m * k, 1, m);
    if (g->transb)
        exb_split_cut(g->b, g->ldb, n, k, 1, w->top_b, w->bits, w->sb, w->bs, k * n, k, 1);
    else
        exb_split_cut(g->b, g->ldb, k, n, 0, w->top_b, w->bits, w->sb, w->bs, k * n, 1, k);
}

static int split_run(const exb_gemm_args *g, const exb_knobs *knobs, long max_products,
                     exb_device_gemm_fn device, exb_device_levels_fn levels_engine, int bits)
{
    long m = g->m, n = g->n, k = g->k;
    split_work w = {g,    bits, 0,    0, NULL, NULL,   NULL,         NULL,
                    NULL, NULL, NULL, 0, 0,    device, levels_engine};
    if (w.bits < 1)
        return -1;
    w.top_a = malloc((size_t)m * sizeof *w.top_a);
    w.top_b = malloc((size_t)n * sizeof *w.top_b);
    w.low = malloc((size_t)(m > n ? m : n) * sizeof *w.low);
    if (!w.top_a || !w.top_b || !w.low ||
        measure(g, w.bits, w.top_a, w.top_b, w.low, &w.sa, &w.sb) != 0 ||
        (long)w.sa * w.sb > max_products) {
        free(w.top_a);
        free(w.top_b);
        free(w.low);
        return -1;
    }
    w.sa = w.sa > 0 ? w.sa : 1;
    w.sb = w.sb > 0 ? w.sb : 1;
    long levels = w.sa + w.sb - 1;
    w.nb = LEVEL_BYTES / (long)sizeof(int64_t) / (levels * m);
    w.nb = w.nb < 1 ? 1 : (w.nb > n ? n : w.nb);
    w.as = exb_work_take((size_t)(w.sa * m * k) * sizeof *w.as);
    w.bs = exb_work_take((size_t)(w.sb * k * n) * sizeof *w.bs);
    w.prod = exb_work_take((size_t)(m * w.nb) * sizeof *w.prod);
    w.level = exb_work_take((size_t)(levels * m * w.nb) * sizeof *w.level);
    int ok = w.as && w.bs && w.prod && w.level;
    if (ok) {
        cut_all(&w);
        for (long j0 = 0; j0 < n; j0 += w.nb)
            multiply_block(&w, knobs, j0, j0 + w.nb < n ? j0 + w.nb : n);
    }
    free(w.top_a);
    free(w.top_b);
    free(w.low);
    exb_work_give(w.as);
    exb_work_give(w.bs);
    exb_work_give(w.prod);
    exb_work_give(w.level);
    return ok ? 0 : -1;
}

int exb_host_gemm_split(const exb_gemm_args *g, const exb_knobs *knobs, long max_products,
                        exb_device_gemm_fn device)
{
    return split_run(g, knobs, max_products, device, NULL, exb_split_bits(g->k));
}

int exb_host_gemm_split_f32(const exb_gemm_args *g, const exb_knobs *knobs, long max_products,
                            exb_device_levels_fn levels)
{
    return split_run(g, knobs, max_products, NULL, levels, exb_split_bits_f32(g->k));
}

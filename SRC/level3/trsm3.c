/*
 * trsm3.c -- STRSM: op(A) X = alpha B (side L) or X op(A) = alpha B (side
 * R), X over B, in binary32 (DTRSM is EXDTRSM, exdtrsm.c).  Every
 * right-hand side (a column of B, or a row for side R, the system then
 * op(A)**T x = alpha b) is EXDTRSV's substitution in binary32 (level3.h
 * has the rule): x_i := RN32((alpha b_i - sum_{j before i} m_ij x_j) / m_ii).
 *
 * The fast path is a blocked, right-looking substitution in binary64 with a
 * rigorous filter.  Every term (alpha b_i and m_ij x_j, binary32 numbers'
 * products) is exact in binary64 and an integer multiple of 2^-298, so no
 * operation underflows, and the running numerator s_i, updated by t - 1
 * subtractions in any order (the trailing blocks), is within
 * gamma_t (|alpha b_i| + sum |m_ij| |x_j|) of the exact one (Higham's bound
 * for any summation order); the sum is bounded by |alpha b_i| + rowabs_i
 * max_j |x_j| (the row's absolute sum, the largest solved |x| of this
 * right-hand side), and (t + 2) 2^-52 times it (rounded upward by 1%)
 * covers gamma_t.  When the numerator's interval excludes 0 and the
 * quotient's interval, widened by the division's rounding, rounds to one
 * binary32 number at both ends, that number is RN32 of the exact quotient
 * (RN32 is monotonic).  Otherwise the element's exact numerator is summed
 * in the long accumulator from the x_j solved so far and rounded once
 * (core/f32.h for a midpoint).  Any NaN or Inf in alpha, B or the triangle,
 * or a zero diagonal, sends the whole call to the Level 2 engine's exact
 * substitution per right-hand side.
 *
 * Errors (XERBLA, B untouched): exb_trsm_check's positions (routines.h).  Quick return
 * when M = 0 or N = 0; alpha = 0 gives B := 0 as the reference.
 */
#include "level3.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "host/pool.h"
#include "level2/storage.h"
#include "routines.h"
#include "support/knobs.h"
#include "support/path.h"
#include "support/xerbla.h"

#define BLK 64   /* rows solved before a trailing update */
#define TILE 256 /* trailing rows per tile (the packed block stays in L2) */

typedef struct solve {
    const float *a;
    long lda, na, nrhs;
    int transm, lower, unit; /* m_ik = transm ? a(k, i) : a(i, k) */
    double alpha;
    double *s;      /* na x nrhs, column = right-hand side: alpha b, then x */
    double *rowabs; /* sum_{k != i} |m_ik| over the triangle */
    double *xmax;   /* per right-hand side, the largest solved |x| */
    double *mp;     /* the packed block: trailing rows x BLK */
    long p0, p1;    /* the block, in solve order */
    long t0, t1;    /* the trailing rows (indices, contiguous) */
} solve;

static double mval(const solve *v, long i, long k)
{
    return v->transm ? (double)v->a[k + i * v->lda] : (double)v->a[i + k * v->lda];
}

static long row_of(const solve *v, long p)
{
    return v->lower ? p : v->na - 1 - p;
}

/* x_ij from the long accumulator: alpha b_ij - sum over the rows solved
 * before (p of them) of m_ik x_kj. */
static double exact_x(const solve *v, long p, long j, double b)
{
    long i = row_of(v, p);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, v->alpha, b);
    int negzero = (v->alpha == 0.0 || b == 0.0) && signbit(v->alpha) != signbit(b);
    for (long q = 0; q < p; q++) {
        long k = row_of(v, q);
        double m = -mval(v, i, k), x = v->s[k + j * v->na];
        exb_superacc_add_product(&acc, m, x);
        negzero = negzero && (m == 0.0 || x == 0.0) && signbit(m) != signbit(x);
    }
    if (negzero && exb_superacc_is_zero(&acc))
        exb_superacc_set_negative_zero(&acc);
    double d = v->unit ? 1.0 : mval(v, i, i);
    double r = exb_superacc_round_quotient(&acc, d);
    float below, above;
    if (!exb_f32_midpoint(r, &below, &above))
        return (double)(float)r;
    int sg = exb_superacc_quotient_sign(&acc, d, r);
    return sg > 0 ? above : sg < 0 ? below : (double)(float)r;
}

/* Solves row p of the order for right-hand sides [j0, j1); b: alpha b's
 * factor b (the original), from bsrc. */
static void solve_row(solve *v, long p, long j0, long j1, const double *b0)
{
    long i = row_of(v, p), na = v->na;
    double d = v->unit ? 1.0 : mval(v, i, i), ad = fabs(d);
    double c = (double)(p + 2) * 0x1p-52 * 1.01;
    for (long j = j0; j < j1; j++) {
        double sh = v->s[i + j * na], ab = fabs(v->alpha * b0[i + j * na]);
        double e = c * (ab + v->rowabs[i] * v->xmax[j]);
        double x;
        if (fabs(sh) > e) {
            double q = sh / d, r = e / ad * (1.0 + 0x1p-50) + fabs(q) * 0x1p-50;
            float lo = (float)(q - r), hi = (float)(q + r);
            if (memcmp(&lo, &hi, sizeof lo) == 0) {
                x = (double)lo;
                goto done;
            }
        }
        x = exact_x(v, p, j, b0[i + j * na]);
    done:
        v->s[i + j * na] = x;
        if (fabs(x) > v->xmax[j])
            v->xmax[j] = fabs(x);
    }
}

/* The block's rows, then its rows' effect on the rows after it within the
 * block, for right-hand sides [j0, j1). */
static void solve_block(solve *v, long j0, long j1, const double *b0)
{
    long na = v->na;
    for (long p = v->p0; p < v->p1; p++) {
        solve_row(v, p, j0, j1, b0);
        long i = row_of(v, p);
        for (long q = p + 1; q < v->p1; q++) {
            long r = row_of(v, q);
            double m = mval(v, r, i);
            for (long j = j0; j < j1; j++)
                v->s[r + j * na] -= m * v->s[i + j * na];
        }
    }
}

/* s[t0..t1, j] -= mp * x[block, j] for j in [j0, j1): TILE rows at a time,
 * four right-hand sides per pass over the packed block. */
__attribute__((target_clones("avx2", "default"))) static void trailing(const double *mp, long len,
                                                                       long nb, const long *rows,
                                                                       double *s, long na, long t0,
                                                                       long j0, long j1)
{
    for (long r0 = 0; r0 < len; r0 += TILE) {
        long rl = len - r0 < TILE ? len - r0 : TILE;
        long j = j0;
        for (; j + 4 <= j1; j += 4) {
            double *c0 = s + t0 + r0 + j * na, *c1 = c0 + na, *c2 = c1 + na, *c3 = c2 + na;
            for (long q = 0; q < nb; q++) {
                const double *m = mp + r0 + q * len;
                double x0 = s[rows[q] + j * na], x1 = s[rows[q] + (j + 1) * na],
                       x2 = s[rows[q] + (j + 2) * na], x3 = s[rows[q] + (j + 3) * na];
                for (long r = 0; r < rl; r++) {
                    double mv = m[r];
                    c0[r] -= mv * x0;
                    c1[r] -= mv * x1;
                    c2[r] -= mv * x2;
                    c3[r] -= mv * x3;
                }
            }
        }
        for (; j < j1; j++) {
            double *c0 = s + t0 + r0 + j * na;
            for (long q = 0; q < nb; q++) {
                const double *m = mp + r0 + q * len;
                double x0 = s[rows[q] + j * na];
                for (long r = 0; r < rl; r++)
                    c0[r] -= m[r] * x0;
            }
        }
    }
}

typedef struct share_arg {
    solve *v;
    const double *b0;
    long rows[BLK];
} share_arg;

static void share_block(void *arg, int share, int parts)
{
    share_arg *g = arg;
    solve *v = g->v;
    long j0 = v->nrhs * share / parts, j1 = v->nrhs * (share + 1) / parts;
    solve_block(v, j0, j1, g->b0);
    if (v->t1 > v->t0)
        trailing(v->mp, v->t1 - v->t0, v->p1 - v->p0, g->rows, v->s, v->na, v->t0, j0, j1);
}

/* The fast path: 1 when it solved, 0 when the data need the exact
 * substitution (or memory ran out); B as binary32 out of s. */
static int fast(int left, int upper, int trans, int unit, long m, long n, float alpha,
                const float *a, long lda, float *b, long ldb, int threads)
{
    long na = left ? m : n, nrhs = left ? n : m;
    if (!isfinite(alpha))
        return 0;
    solve v = {.a = a,
               .lda = lda,
               .na = na,
               .nrhs = nrhs,
               .transm = left ? trans : !trans,
               .unit = unit,
               .alpha = alpha};
    v.lower = left ? (upper == trans) : (upper != trans);
    for (long i = 0; i < na; i++)
        if (!unit && !(isfinite(a[i + i * lda]) && a[i + i * lda] != 0.0f))
            return 0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            if (!isfinite(b[i + j * ldb]))
                return 0;
    v.s = malloc((size_t)na * (size_t)nrhs * sizeof *v.s);
    double *b0 = malloc((size_t)na * (size_t)nrhs * sizeof *b0);
    v.rowabs = calloc((size_t)na, sizeof *v.rowabs);
    v.xmax = calloc((size_t)nrhs, sizeof *v.xmax);
    v.mp = malloc((size_t)na * BLK * sizeof *v.mp);
    int ok = v.s && b0 && v.rowabs && v.xmax && v.mp;
    for (long i = 0; ok && i < na; i++) /* the triangle of m, off the diagonal */
        for (long k = 0; k < na; k++) {
            if (k == i || (v.lower ? k > i : k < i))
                continue;
            double mv = mval(&v, i, k);
            if (!isfinite(mv)) {
                ok = 0;
                break;
            }
            v.rowabs[i] += fabs(mv);
        }
    if (ok) {
        for (long i = 0; i < na; i++)
            v.rowabs[i] *= 1.0 + 0x1p-40; /* its own roundings */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) { /* s: right-hand sides as columns */
                long si = left ? i + j * na : j + i * na;
                b0[si] = b[i + j * ldb];
                v.s[si] = (double)alpha * b[i + j * ldb];
            }
        share_arg g = {&v, b0, {0}};
        int parts = threads < 1 ? 1 : threads;
        if ((double)na * na * nrhs < 2e6 || nrhs < 2 * parts)
            parts = 1;
        for (long p0 = 0; p0 < na; p0 += BLK) {
            v.p0 = p0;
            v.p1 = p0 + BLK < na ? p0 + BLK : na;
            long nb = v.p1 - v.p0;
            /* the trailing rows: after the block in the order, contiguous */
            v.t0 = v.lower ? v.p1 : 0;
            v.t1 = v.lower ? na : na - v.p1;
            long len = v.t1 - v.t0;
            for (long q = 0; q < nb; q++) {
                g.rows[q] = row_of(&v, p0 + q);
                for (long r = 0; r < len; r++)
                    v.mp[r + q * len] = mval(&v, v.t0 + r, g.rows[q]);
            }
            exb_parallel(parts, share_block, &g);
        }
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                b[i + j * ldb] = (float)v.s[left ? i + j * na : j + i * na];
    }
    free(v.s);
    free(b0);
    free(v.rowabs);
    free(v.xmax);
    free(v.mp);
    return ok;
}

EXB_ENTRY_VOID(exb_strsm_checked,
               (const char *name, char side, char uplo, char transa, char diag, long m, long n,
                float alpha, const float *a, long lda, float *b, long ldb),
               (name, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    exb_path_begin();
    int bad = exb_trsm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    if (alpha == 0.0f) {
        for (long j = 0; j < n; j++)
            memset(b + j * ldb, 0, (size_t)m * sizeof *b);
        return;
    }
    int left = exb_lsame(side, 'L'), trans = !exb_lsame(transa, 'N');
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    if (fast(left, exb_lsame(uplo, 'U'), trans, exb_lsame(diag, 'U'), m, n, alpha, a, lda, b, ldb,
             knobs.threads)) {
        exb_path_add(EXACTBLAS_PATH_HOST);
        return;
    }
    long na = left ? m : n;
    /* side R: x op(A) = alpha b is op(A)**T x**T = alpha b**T */
    char t = left ? (trans ? 'T' : 'N') : (trans ? 'N' : 'T');
    int path = 0;
    for (long r = 0; r < (left ? n : m); r++) {
        l2_matrix A = {.op = {.f32 = 1,
                              .a = a,
                              .lda = lda,
                              .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                              .trans = t,
                              .diag = exb_lsame(diag, 'U') ? 'U' : 'N',
                              .bscale = alpha == 1.0f ? 0.0 : (double)alpha},
                       .storage = L2_DENSE,
                       .kind = L2_TRIANGULAR,
                       .m = na,
                       .n = na};
        if (left)
            exb_l2_solve(&A, b + r * ldb, 1);
        else
            exb_l2_solve(&A, b + r, ldb);
        path |= exactblas_last_path();
    }
    exb_path_begin();
    exb_path_add(path);
}

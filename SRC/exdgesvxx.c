/*
 * exdgesvxx.c -- EXDGESVXX and EXDPOSVXX: the correctly rounded solution of
 * A X = B, proven component by component.
 *
 *   SUBROUTINE EXDGESVXX(N, NRHS, A, LDA, B, LDB, X, LDX, PROVEN, BOUND, INFO)
 *   SUBROUTINE EXDPOSVXX(UPLO, N, NRHS, A, LDA, B, LDB, X, LDX, PROVEN, BOUND,
 *                        INFO)
 *   A, B (in)      untouched; EXDPOSVXX reads the UPLO triangle of A
 *   X (out)        N x NRHS
 *   PROVEN (out)   INTEGER(LDX,*): 1 where X(i,j) is proven to be RN of the
 *                  exact solution's component, else 0
 *   BOUND (out)    DOUBLE(LDX,*): a rigorous bound on |x*(i,j) - X(i,j)|
 *                  (+Inf where none was found)
 *   INFO (out)     0: every component proven;
 *                  -i: argument i is illegal (XERBLA);
 *                  i in 1..N: U(i,i) is exactly zero (the LU factorization
 *                    with partial pivoting, as DGESV), or the leading minor
 *                    of order i is not positive definite (the Cholesky
 *                    factorization, as DPOSV): X untouched;
 *                  N+1: an enclosure was found, some components are not
 *                    proven (their flags are 0: the exact value lies too
 *                    close to a rounding boundary for the enclosure);
 *                  N+2: too ill-conditioned to verify: the rigorous bound
 *                    on ||I - R A||_inf is not below 1 (or A, B are not
 *                    finite); X holds the refined approximation;
 *                  N+3: no memory for the workspace; X untouched.
 *
 * The method (doc/CONTRACT.md states it with the proof):
 *  0. Where A or a column of B lies near the ends of the exponent range,
 *     exact power-of-two scalings (x* = 2^shift y*); X and every decision
 *     are rounded from 2^shift y~ in a long accumulator.
 *  1. Factor a copy of A: LU with partial pivoting, recursive (LAPACK's
 *     DGETRF2), its updates on the exact face (EXDTRSM, EXDGEMM), the
 *     panels of 16 columns in plain, fixed-order arithmetic; or Cholesky on
 *     EXDTRSM and the exact DSYRK.  Every step is deterministic, so X does
 *     not depend on the machine or the number of threads.
 *  2. R ~ A^-1: OpenBLAS's DGETRI / DPOTRI on the factors where it is there
 *     (plain arithmetic: only how much gets proven depends on it), else two
 *     exact TRSMs.  C >= |I - R A| element by element: the residue engine's
 *     enclosure (exb_host_gemm_crt_bound, 40 bits first, then every
 *     modulus), or |RN(I - R A)| from EXDGEMM raised by one rounding.  alpha
 *     >= ||I - R A||_inf from the row sums of C, each addition raised by
 *     `up`; also in the norm weighted by w ~ |x0| (the smaller alpha wins).
 *     Not below 1/2: every modulus, then the exact substitution's R.
 *  3. The iterate is an expansion x~ = t0 + t1 + t2 + t3 per component, t0
 *     = RN(x~).  Each step: r = RN(b - A x~), the exact residual rounded
 *     once (long accumulators per row, one exact product per nonzero term);
 *     d = RN(R r) exactly rounded; the enclosure; then x~ := x~ + the
 *     factors' plain solve of r (fixed order: the same bits everywhere),
 *     renormalised exactly.
 *  4. The enclosure: with e = x* - x~, R A e = R r_exact, so e = R r_exact
 *     + C' e (C' = I - R A), hence ||D^-1 e|| <= ||D^-1 R r_exact|| /
 *     (1 - alpha) =: eta (D = I or diag(w)) and |e_i| <= |R r_exact|_i +
 *     (|C'| D 1)_i eta.  |R r_exact|_i <= |d_i| (1 + 2^-53) + 2^-1075 +
 *     (|R| 1)_i max_j |r_exact - r|_j, and |r_exact - r| <= 2^-53 |r| +
 *     2^-1075 (one rounding).  Every bound is computed in round-to-nearest
 *     and then raised by `up`, which covers the one rounding of that
 *     operation.
 *  5. Component i is proven when RN(x~_i - e_i) = RN(x~_i + e_i) (both ends
 *     rounded exactly in a long accumulator): RN is monotone, so every
 *     value between, x*_i included, has that rounding; X_i = RN(x~_i) lies
 *     there too.  An exact residual of zero (e = 0) proves x~ exact, ties
 *     included; at the end, candidates with the corrections' noise dropped
 *     are tried the same way (snap).
 *  Steps repeat until every component is proven, the correction no longer
 *  halves or is below 2^-220 of x~ in every column, or 60 residuals (LAPACK's
 *  ITHRESH where the expert drivers set it).
 */
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "backend/gemm.h"
#include "backend/gemv.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "routines.h"
#include "support/knobs.h"
#include "support/path.h"
#include "support/xerbla.h"

#define PANEL 16     /* columns factored with plain loops */
#define MAX_STEPS 60 /* residuals computed at most, by default */
#define TERMS 4      /* the expansion's length (about 212 bits) */
#define NOISE 0x1p-190 /* relative size below which a term is the corrections' noise */
#define FEW_BITS 40  /* the first enclosure of I - R A: 12 moduli at n = 1000 */
#define ALL_BITS 1000 /* every modulus (about 72 bits) */

/* For y the RN result of one operation whose exact value y* >= 0:
 * y* <= y (1 + 2^-53) + 2^-1075 <= up(y) (the margin 2^-50 - 2^-53 covers
 * up's own two roundings, 2^-1070 the subnormal unit). */
static double up(double y)
{
    return y + y * 0x1p-50 + 0x1p-1070;
}

typedef struct solver {
    const char *name;
    long n, nrhs;
    int spd;       /* Cholesky: f holds L (lower) */
    int trans;     /* LU: the system is A^T x = b, af holds A^T */
    int maxsteps;  /* residuals computed at most */
    double *af;    /* A (full, symmetric for EXDPOSVXX), n x n */
    double *f;     /* the factors, n x n */
    long *ipiv;    /* LU's row interchanges (0-based) */
    double *r;     /* R, n x n */
    double *rrow;  /* (|R| 1)_i, upper bounds */
    double *crow;  /* (|I - R A| 1)_i, upper bounds */
    double *w;     /* weights d > 0 (about |x|), or NULL */
    double *crow_w; /* (|I - R A| d)_i, upper bounds */
    int weighted;  /* alpha and the enclosure in the norm ||D^-1 v||_inf */
    const int *shift; /* per column: x* = 2^shift y*, y* the scaled system's */
    double alpha;  /* ||I - R A||_inf, upper bound; >= 1 or NaN: none */
} solver;

/* ---- the factorizations --------------------------------------------------- */

static void swap_rows(double *a, long lda, long ncols, long i, long p)
{
    if (i == p)
        return;
    for (long j = 0; j < ncols; j++) {
        double t = a[i + j * lda];
        a[i + j * lda] = a[p + j * lda];
        a[p + j * lda] = t;
    }
}

/* LU with partial pivoting of the m x n panel a (DGETRF2's recursion);
 * ipiv[j] is the row (relative to a) swapped with row j.  Returns the first
 * exactly zero pivot (1-based) or 0. */
static long lu_rec(const char *name, long m, long n, double *a, long lda, long *ipiv)
{
    long mn = m < n ? m : n, info = 0;
    if (n <= PANEL) {
        for (long j = 0; j < mn; j++) {
            long p = j;
            double big = fabs(a[j + j * lda]);
            for (long i = j + 1; i < m; i++)
                if (fabs(a[i + j * lda]) > big) {
                    big = fabs(a[i + j * lda]);
                    p = i;
                }
            ipiv[j] = p;
            double *col = a + j * lda;
            if (a[p + j * lda] != 0.0) {
                swap_rows(a, lda, n, j, p);
                double piv = col[j];
                for (long i = j + 1; i < m; i++)
                    col[i] /= piv;
            } else if (!info) {
                info = j + 1;
            }
            for (long k = j + 1; k < n; k++) {
                double u = a[j + k * lda];
                if (u != 0.0)
                    for (long i = j + 1; i < m; i++)
                        a[i + k * lda] -= col[i] * u;
            }
        }
        return info;
    }
    long n1 = mn / 2, n2 = n - n1;
    double *a12 = a + n1 * lda, *a21 = a + n1, *a22 = a12 + n1;
    info = lu_rec(name, m, n1, a, lda, ipiv);
    for (long j = 0; j < n1; j++)
        swap_rows(a12, lda, n2, j, ipiv[j]);
    exb_dtrsm_checked(name, 'L', 'L', 'N', 'U', n1, n2, 1.0, a, lda, a12, lda);
    if (m > n1)
        exb_dgemm_checked(name, 'N', 'N', m - n1, n2, n1, -1.0, a21, lda, a12, lda, 1.0, a22, lda);
    long info2 = m > n1 ? lu_rec(name, m - n1, n2, a22, lda, ipiv + n1) : 0;
    if (!info && info2)
        info = info2 + n1;
    for (long j = n1; j < mn; j++) {
        ipiv[j] += n1;
        swap_rows(a, lda, n1, j, ipiv[j]);
    }
    return info;
}

/* Cholesky A = L L^T of the lower triangle of a (n x n); the order of the
 * first leading minor found not positive definite, or 0. */
static long chol_rec(const char *name, long n, double *a, long lda)
{
    if (n <= PANEL) {
        for (long j = 0; j < n; j++) {
            double d = a[j + j * lda];
            for (long k = 0; k < j; k++)
                d -= a[j + k * lda] * a[j + k * lda];
            if (!(d > 0.0) || isinf(d))
                return j + 1;
            double l = sqrt(d);
            a[j + j * lda] = l;
            for (long i = j + 1; i < n; i++) {
                double s = a[i + j * lda];
                for (long k = 0; k < j; k++)
                    s -= a[i + k * lda] * a[j + k * lda];
                a[i + j * lda] = s / l;
            }
        }
        return 0;
    }
    long n1 = n / 2, n2 = n - n1;
    double *a21 = a + n1, *a22 = a + n1 + n1 * lda;
    long info = chol_rec(name, n1, a, lda);
    if (info)
        return info;
    exb_dtrsm_checked(name, 'R', 'L', 'T', 'N', n2, n1, 1.0, a, lda, a21, lda);
    exb_dsyrk_checked(name, 'L', 'N', n2, n1, -1.0, a21, lda, 1.0, a22, lda);
    info = chol_rec(name, n2, a22, lda);
    return info ? info + n1 : 0;
}

/* y (n x nrhs, ld n) := A^-1 y with the factors, in plain arithmetic in a
 * fixed order (the same bits on every machine): the first solution and
 * the refinement's corrections. */
static void plain_solve(const solver *s, double *y, long nrhs)
{
    long n = s->n;
    const double *f = s->f;
    for (long c = 0; c < nrhs; c++) {
        double *v = y + c * n;
        if (s->spd) {
            for (long j = 0; j < n; j++) { /* L v = b */
                v[j] /= f[j + j * n];
                for (long i = j + 1; i < n; i++)
                    v[i] -= f[i + j * n] * v[j];
            }
            for (long j = n - 1; j >= 0; j--) { /* L^T x = v */
                double t = v[j];
                for (long i = j + 1; i < n; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t / f[j + j * n];
            }
            continue;
        }
        if (s->trans) { /* A^T = U^T L^T P^T */
            for (long j = 0; j < n; j++) { /* U^T */
                double t = v[j];
                for (long i = 0; i < j; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t / f[j + j * n];
            }
            for (long j = n - 1; j >= 0; j--) { /* L^T, unit */
                double t = v[j];
                for (long i = j + 1; i < n; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t;
            }
            for (long i = n - 1; i >= 0; i--)
                swap_rows(v, n, 1, i, s->ipiv[i]);
            continue;
        }
        for (long i = 0; i < n; i++)
            swap_rows(v, n, 1, i, s->ipiv[i]);
        for (long j = 0; j < n; j++) /* L unit lower */
            for (long i = j + 1; i < n; i++)
                v[i] -= f[i + j * n] * v[j];
        for (long j = n - 1; j >= 0; j--) { /* U */
            v[j] /= f[j + j * n];
            for (long i = 0; i < j; i++)
                v[i] -= f[i + j * n] * v[j];
        }
    }
}

/* One triangular solve of R's: OpenBLAS's plain DTRSM where there is one
 * (R only has to be near A^-1: the bounds below hold for any R), else the
 * exact one. */
static void inverse_trsm(const solver *s, char uplo, char trans, char diag, double *r, int exact)
{
    long n = s->n;
    if (exact || exb_plain_dtrsm('L', uplo, trans, diag, n, n, 1.0, s->f, n, r, n) != 0)
        exb_dtrsm_checked(s->name, 'L', uplo, trans, diag, n, n, 1.0, s->f, n, r, n);
}

/* R := A^-1 from the factors; c := upper bounds of |I - R A| element by
 * element (the residue path's enclosure, or |RN(I - R A)| raised by `up`
 * from EXDGEMM where that path does not run); alpha, (|R| 1) and
 * (|I - R A| 1).  c is n x n scratch. */
/* R from the LU factors in binary32 (SGETRI on the factors rounded to
 * binary32): 1, or 0 where it cannot run or gives a value that is not
 * finite. */
static int inverse_f32(const solver *s, double *r)
{
    long n = s->n;
    float *f = malloc((size_t)n * n * sizeof *f);
    int *piv = malloc((size_t)n * sizeof *piv), done = 0;
    if (f && piv) {
        for (long q = 0; q < n * n; q++)
            f[q] = (float)s->f[q];
        for (long i = 0; i < n; i++)
            piv[i] = (int)s->ipiv[i] + 1;
        done = exb_plain_sgetri(n, f, n, piv) == 0;
        for (long q = 0; done && q < n * n; q++) {
            r[q] = f[q];
            done = isfinite(r[q]);
        }
    }
    free(f), free(piv);
    return done;
}

static void inverse_and_bound(solver *s, double *c, int exact, int bits)
{
    long n = s->n;
    double *r = s->r;
    int done = 0;
    if (!s->spd && exact == 2 && s->n <= INT_MAX / 64)
        done = inverse_f32(s, r);
    if (!done && exact == 2)
        exact = 0;
    if (!done && !s->spd && !exact && s->n <= INT_MAX / 64) { /* DGETRI: 4/3 n^3 against 2 n^3 */
        int *piv = malloc((size_t)n * sizeof *piv);
        if (piv) {
            for (long i = 0; i < n; i++)
                piv[i] = (int)s->ipiv[i] + 1;
            memcpy(r, s->f, (size_t)n * n * sizeof *r);
            done = exb_plain_dgetri(n, r, n, piv) == 0;
            free(piv);
        }
        if (done && s->trans) /* (A^T)^-1 = (A^-1)^T */
            for (long j = 0; j < n; j++)
                for (long i = 0; i < j; i++) {
                    double t = r[i + j * n];
                    r[i + j * n] = r[j + i * n];
                    r[j + i * n] = t;
                }
    }
    if (s->spd && !exact) { /* DPOTRI, mirrored */
        memcpy(r, s->f, (size_t)n * n * sizeof *r);
        done = exb_plain_dpotri(n, r, n) == 0;
        if (done)
            for (long j = 0; j < n; j++)
                for (long i = 0; i < j; i++)
                    r[i + j * n] = r[j + i * n];
    }
    if (!done) { /* the identity, solved in place */
        memset(r, 0, (size_t)n * n * sizeof *r);
        for (long i = 0; i < n; i++)
            r[i + i * n] = 1.0;
    }
    if (!done && s->spd) {
        inverse_trsm(s, 'L', 'N', 'N', r, exact);
        inverse_trsm(s, 'L', 'T', 'N', r, exact);
    } else if (!done) {
        for (long i = 0; i < n; i++)
            swap_rows(r, n, n, i, s->ipiv[i]);
        inverse_trsm(s, 'L', 'N', 'U', r, exact);
        inverse_trsm(s, 'U', 'N', 'N', r, exact);
        if (s->trans) /* (A^T)^-1 = (A^-1)^T */
            for (long j = 0; j < n; j++)
                for (long i = 0; i < j; i++) {
                    double t = r[i + j * n];
                    r[i + j * n] = r[j + i * n];
                    r[j + i * n] = t;
                }
    }
    for (long e = 0; e < n * n; e++)
        if (!isfinite(r[e])) {
            s->alpha = INFINITY;
            return;
        }
    memset(c, 0, (size_t)n * n * sizeof *c);
    for (long i = 0; i < n; i++)
        c[i + i * n] = 1.0;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_gemm_args g = {0, 0, n, n, n, -1.0, r, n, s->af, n, 1.0, c, n};

    int enclosed = exb_host_gemm_crt_available(&knobs) && exb_host_gemm_crt_bound(&g, &knobs, bits) == 0;
    if (!enclosed)
        exb_dgemm_checked(s->name, 'N', 'N', n, n, n, -1.0, r, n, s->af, n, 1.0, c, n);
    for (long i = 0; i < n; i++)
        s->rrow[i] = s->crow[i] = s->crow_w[i] = 0.0;
    for (long j = 0; j < n; j++) {
        double wj = s->w ? s->w[j] : 0.0;
        for (long i = 0; i < n; i++) {
            double cij = up(fabs(c[i + j * n]));
            s->rrow[i] = up(s->rrow[i] + up(fabs(r[i + j * n])));
            s->crow[i] = up(s->crow[i] + cij);
            s->crow_w[i] = up(s->crow_w[i] + up(cij * wj));
        }
    }
    /* alpha >= ||I - R A||_inf, and in the weighted norm ||D^-1 (I - R A) D||_inf */
    double alpha = 0.0, alpha_w = INFINITY;
    for (long i = 0; i < n; i++)
        if (!(s->crow[i] <= alpha)) /* NaN wins */
            alpha = s->crow[i];
    if (s->w) {
        alpha_w = 0.0;
        for (long i = 0; i < n; i++) {
            double q = up(s->crow_w[i] / s->w[i]);
            if (!(q <= alpha_w))
                alpha_w = q;
        }
    }
    s->weighted = alpha_w < alpha;
    s->alpha = s->weighted ? alpha_w : alpha;
}

/* ---- the expansion ---------------------------------------------------------- */

/* t (TERMS blocks of n x nrhs, block stride `bs`) := the first TERMS
 * roundings of t + d, exactly: t0 = RN(sum), t1 = RN(sum - t0), ... */
static void renormalise(double *t, long bs, const double *d, long count, exb_superacc *acc)
{
    for (long e = 0; e < count; e++) {
        exb_superacc_reset(acc);
        for (int k = 0; k < TERMS; k++)
            exb_superacc_add_double(acc, t[e + k * bs]);
        exb_superacc_add_double(acc, d[e]);
        for (int k = 0; k < TERMS; k++) {
            double v = exb_superacc_round(acc);
            if (!isfinite(v)) { /* overflow or NaN: the value, no tail */
                t[e] = v;
                for (int q = 1; q < TERMS; q++)
                    t[e + q * bs] = 0.0;
                break;
            }
            t[e + k * bs] = v;
            exb_superacc_add_double(acc, -v);
        }
    }
}

/* acc += v 2^sh exactly (|sh| <= 1000: inside the accumulator's range). */
static void add_shifted(exb_superacc *acc, double v, int sh)
{
    if (sh == 0 || v == 0.0 || !isfinite(v)) {
        exb_superacc_add_double(acc, v);
        return;
    }
    int e;
    double f = frexp(fabs(v), &e);
    exb_superacc_add_scaled_u64(acc, (uint64_t)ldexp(f, 53), e - 53 + sh, v < 0.0);
}

/* RN(2^sh (t0 + t1 + t2 + t3 + w)) exactly. */
static double round_with(const double *t, long bs, long e, double w, int sh, exb_superacc *acc)
{
    exb_superacc_reset(acc);
    for (int k = 0; k < TERMS; k++)
        add_shifted(acc, t[e + k * bs], sh);
    add_shifted(acc, w, sh);
    return exb_superacc_round(acc);
}

/* An upper bound of v 2^sh for v >= 0 (the smallest subnormal where the
 * product underflows to zero). */
static double shifted_up(double v, int sh)
{
    double y = ldexp(v, sh);
    return v > 0.0 && y == 0.0 ? 0x1p-1074 : up(y);
}

/* ---- the driver --------------------------------------------------------------- */

static int all_finite(long m, long n, const double *a, long lda)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            if (!isfinite(a[i + j * lda]))
                return 0;
    return 1;
}

/* y := RN(alpha M v + beta y) exactly rounded, M n x k, v k x nrhs (ld k),
 * y n x nrhs (ld n): EXDGEMV per column for a few right-hand sides. */
static void product(const solver *s, long n, long k, double alpha, const double *m,
                    const double *v, double beta, double *y)
{
    if (s->nrhs < 8) {
        for (long j = 0; j < s->nrhs; j++)
            exb_dgemv_checked(s->name, 'N', n, k, alpha, m, n, v + j * k, 1, beta, y + j * n, 1);
        return;
    }
    exb_dgemm_checked(s->name, 'N', 'N', n, s->nrhs, k, alpha, m, n, v, k, beta, y, n);
}

/* r := RN(b - A (t0 + t1 + t2)) exactly rounded: per column, b into a
 * long accumulator per row, then one exact product A (-t_k) merged into
 * them for each term block that is not all zero (each pass over data of
 * one magnitude), then one rounding.  The residual cancels almost
 * completely, which the floating-point filter cannot decide: the exact
 * kernels alone (acc_out). */
static void residual(const solver *s, const double *t, long bs, double *neg, exb_superacc **accs,
                     const double *b, long ldb, double *r, int *zero_cols)
{
    long n = s->n;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    for (long j = 0; j < s->nrhs; j++) {
        for (long i = 0; i < n; i++) {
            exb_superacc_reset(accs[i]);
            exb_superacc_add_double(accs[i], b[i + j * ldb]);
        }
        for (int k = 0; k < TERMS; k++) {
            int any = 0;
            for (long i = 0; i < n; i++) {
                neg[i] = -t[i + j * n + k * bs];
                any |= neg[i] != 0.0;
            }
            if (!any)
                continue;
            exb_gemv_args g = {0, n, n, 1.0, s->af, n, neg, 1, 0.0, NULL, 1, accs};
            exb_host_gemv(&g, &knobs);
        }
        int zero = 1;
        for (long i = 0; i < n; i++) {
            zero &= exb_superacc_is_zero(accs[i]);
            r[i + j * n] = exb_superacc_round(accs[i]);
        }
        zero_cols[j] = zero; /* exactly: x~ solves this column */
    }
}

/* Snapping: candidates for an exact solution that the rounded corrections
 * only approach (small integers, ties c + ulp/2, zeros): x~ without the
 * terms below NOISE of their component, then x~ cut to its first 3, 2, 1
 * terms, each with the components below NOISE of the column's largest set
 * to zero.  Where a candidate's exact residual vanishes it is the exact
 * solution (A is nonsingular when alpha < 1): it replaces x~ in that
 * column, whose components are all proven with e = 0. */
static void snap(const solver *s, const double *b, long ldb, double *t, long bs, double *neg,
                 exb_superacc **accs, double *r, double *e, int *done, exb_superacc *acc)
{
    long n = s->n, nrhs = s->nrhs, nn = n * nrhs;
    double *y = malloc((size_t)TERMS * nn * sizeof *y), *zero = calloc((size_t)nn, sizeof *zero);
    int *zc = malloc((size_t)nrhs * sizeof *zc);
    for (int keep = TERMS; y && zero && zc && keep >= 1; keep--) {
        memcpy(y, t, (size_t)TERMS * nn * sizeof *y);
        for (long j = 0; j < nrhs; j++) {
            double top = 0.0;
            for (long i = 0; i < n; i++)
                top = fabs(t[i + j * n]) > top ? fabs(t[i + j * n]) : top;
            for (long i = 0; i < n; i++) {
                long q = i + j * n;
                double xi = fabs(t[q]);
                for (int k = 0; k < TERMS; k++)
                    if (xi < top * NOISE || k >= keep ||
                        (keep == TERMS && fabs(y[q + k * bs]) < xi * NOISE))
                        y[q + k * bs] = 0.0;
            }
        }
        renormalise(y, bs, zero, nn, acc); /* y0 = RN(y) again */
        residual(s, y, bs, neg, accs, b, ldb, r, zc);
        int all = 1;
        for (long j = 0; j < nrhs; j++) {
            int col_done = 1;
            for (long i = 0; i < n; i++)
                col_done &= done[i + j * n];
            if (!zc[j] || col_done) {
                all &= col_done;
                continue;
            }
            for (long i = 0; i < n; i++) {
                long q = i + j * n;
                for (int k = 0; k < TERMS; k++)
                    t[q + k * bs] = y[q + k * bs];
                e[q] = 0.0;
                done[q] = 1;
            }
        }
        if (all)
            break;
    }
    free(y), free(zero), free(zc);
}

/* The enclosure |x* - x~| <= e of every column (r = RN(b - A x~), d =
 * RN(R r)) and done[q] where it decides RN(x*); returns the components
 * left undecided. */
static long enclose(const solver *s, const int *zero_cols, const double *t, long bs,
                    const double *r, const double *d, double *e, int *done, exb_superacc *acc)
{
    long n = s->n, open = 0;
    double den = (1.0 - s->alpha) * (1.0 - 0x1p-50); /* <= 1 - alpha */
    for (long j = 0; j < s->nrhs; j++) {
        double rmax = 0.0, zmax = 0.0;
        for (long i = 0; i < n; i++) { /* |r_exact - r| <= 2^-53 |r| + 2^-1075 */
            double ri = up(up(fabs(r[i + j * n]) * 0x1p-53) + 0x1p-1074);
            if (!(ri <= rmax))
                rmax = ri;
        }
        for (long i = 0; i < n; i++) { /* z >= |R r_exact|; zmax >= ||D^-1 z|| */
            double z = up(up(fabs(d[i + j * n])) + up(s->rrow[i] * rmax));
            e[i + j * n] = z;
            double zw = s->weighted ? up(z / s->w[i]) : z;
            if (!(zw <= zmax))
                zmax = zw;
        }
        double eta = up(zmax / den); /* >= ||D^-1 (x* - x~)||_inf */
        const double *crow = s->weighted ? s->crow_w : s->crow;
        int exact = zero_cols[j];
        for (long i = 0; i < n; i++) {
            long q = i + j * n;
            double ei = exact ? 0.0 : up(e[q] + up(crow[i] * eta));
            e[q] = ei;
            /* the same bits at both ends: a zero's sign decided too */
            double lo = round_with(t, bs, q, -ei, s->shift[j], acc);
            double hi = round_with(t, bs, q, ei, s->shift[j], acc);
            done[q] = isfinite(ei) && isfinite(t[q]) && memcmp(&lo, &hi, sizeof lo) == 0;
            open += !done[q];
        }
    }
    return open;
}

/* Solves with the factored solver s: X, PROVEN, BOUND; returns INFO (0,
 * N+1, N+2 or N+3). */
static long refine_and_prove(solver *s, const double *b, long ldb, const double *x0, double *x,
                             long ldx, int *proven, double *bound, long ldp)
{
    long n = s->n, nrhs = s->nrhs, nn = n * nrhs, bs = nn;
    double *t = malloc((size_t)TERMS * nn * sizeof *t);
    double *rb = malloc(3 * (size_t)nn * sizeof *rb);
    double *stack = malloc((size_t)n * sizeof *stack);
    exb_superacc **accs = calloc((size_t)n, sizeof *accs);
    exb_superacc *accbuf = malloc((size_t)n * sizeof *accbuf);
    double *prev = malloc((size_t)nrhs * sizeof *prev);
    int *done = malloc((size_t)nn * sizeof *done);
    int *zero_cols = malloc((size_t)nrhs * sizeof *zero_cols);
    exb_superacc *acc = malloc(sizeof *acc);
    if (!t || !rb || !stack || !accs || !accbuf || !prev || !done || !zero_cols || !acc) {
        free(zero_cols);
        free(t), free(rb), free(stack), free(accs), free(accbuf), free(prev), free(done), free(acc);
        return n + 3;
    }
    double *r = rb, *d = rb + nn, *e = rb + 2 * nn;
    exb_superacc_clear(acc);
    for (long i = 0; i < n; i++) {
        accs[i] = accbuf + i;
        exb_superacc_clear(accs[i]);
    }
    /* the first solution */
    memset(t, 0, (size_t)TERMS * nn * sizeof *t);
    memcpy(t, x0, (size_t)nn * sizeof *t);
    int valid = s->alpha < 1.0;
    for (long q = 0; q < nn; q++) {
        done[q] = 0;
        e[q] = INFINITY;
    }
    for (long j = 0; j < nrhs; j++)
        prev[j] = INFINITY;
    for (int step = 0;; step++) {
        residual(s, t, bs, stack, accs, b, ldb, r, zero_cols);
        if (valid) {
            /* the enclosure of x~ and the components it decides */
            product(s, n, n, 1.0, s->r, r, 0.0, d);
            if (enclose(s, zero_cols, t, bs, r, d, e, done, acc) == 0)
                break; /* every component proven: X is unique */
        }
        if (step + 1 >= s->maxsteps)
            break;
        /* the correction: the factors' plain solve of r (the same bits
         * everywhere); stop when it no longer halves, or is below the
         * expansion's last term, in every column */
        memcpy(d, r, (size_t)nn * sizeof *d);
        plain_solve(s, d, nrhs);
        int go = 0;
        for (long j = 0; j < nrhs; j++) {
            double cn = 0.0, xn = 0.0;
            for (long i = 0; i < n; i++) {
                double ci = fabs(d[i + j * n]), xi = fabs(t[i + j * n]);
                cn = ci > cn || ci != ci ? ci : cn;
                xn = xi > xn ? xi : xn;
            }
            if (cn > 0.0 && cn > xn * 0x1p-220 && cn <= 0.5 * prev[j])
                go = 1;
            prev[j] = cn;
        }
        if (!go)
            break;
        for (long q = 0; q < nn; q++)
            d[q] = exb_canonical_nan(d[q]);
        renormalise(t, bs, d, nn, acc);
    }
    long open = 0;
    for (long q = 0; q < nn; q++)
        open += !done[q];
    if (valid && open)
        snap(s, b, ldb, t, bs, stack, accs, r, e, done, acc);
    long info = 0;
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            long q = i + j * n;
            int sh = s->shift[j];
            /* X = RN(2^sh x~) (proven: RN(2^sh (x~ - e)), the same value with
             * the decided sign of a zero; else an exact zero is +0); the
             * tail |2^sh x~ - X| */
            int ok = valid && done[q];
            double xi = ok ? round_with(t, bs, q, -e[q], sh, acc)
                           : round_with(t, bs, q, 0.0, sh, acc) + 0.0;
            x[i + j * ldx] = xi;
            round_with(t, bs, q, 0.0, sh, acc);
            add_shifted(acc, -xi, 0);
            double tail = up(fabs(exb_superacc_round(acc)));
            proven[i + j * ldp] = ok;
            bound[i + j * ldp] =
                valid && isfinite(e[q]) && isfinite(xi) ? up(tail + shifted_up(e[q], sh)) : INFINITY;
            if (!ok && !info)
                info = valid ? n + 1 : n + 2;
        }
    if (!valid)
        info = n + 2;
    free(t), free(rb), free(stack), free(accs), free(accbuf), free(prev), free(done), free(acc);
    free(zero_cols);
    return info;
}

static void fail_outputs(long n, long nrhs, int *proven, double *bound, long ld)
{
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            proven[i + j * ld] = 0;
            bound[i + j * ld] = INFINITY;
        }
}

/* 2^e nearest below 1/v for v > 0 finite (the radix scalings). */
static double pow2_below_inverse(double v)
{
    int e;
    frexp(v, &e); /* 2^(e-1) <= v < 2^e */
    return ldexp(1.0, -e);
}

/* The estimates LAPACK's expert drivers report, from R ~ op(A)^-1:
 * RCOND = 1 / || |R| |op(A)| 1 ||_inf (Skeel), the normwise one of
 * Z = S op(A) and the componentwise one of Z = S op(A) diag(x) (S: powers
 * of two making Z's row sums about 1), BERR = max_i |b - op(A) x|_i /
 * (|op(A)| |x| + |b|)_i with the residual exactly rounded. */
/* 1 / (||Z|| ||Z^-1||) for Z = S M, M's row sums `rows` and M^-1 = R
 * (x == NULL) or diag(1/x) R (M = op(A) diag(x)); S: powers of two making
 * Z's row sums about 1, so ||Z^-1|| = max_i (|R| S^-1 1)_i (/ |x_i|).  w:
 * n scratch.  0 where that is not finite or not positive. */
static double scaled_rcond(long n, const double *r, const double *rows, const double *x,
                           double *w)
{
    double zn = 0.0, zi = 0.0;
    for (long i = 0; i < n; i++)
        w[i] = 0.0;
    for (long j = 0; j < n; j++) {
        double sj = rows[j] > 0.0 ? pow2_below_inverse(rows[j]) : 1.0;
        zn = rows[j] * sj > zn ? rows[j] * sj : zn;
        for (long i = 0; i < n; i++)
            w[i] += fabs(r[i + j * n]) / sj;
    }
    for (long i = 0; i < n; i++) {
        double q = x ? w[i] / fabs(x[i]) : w[i];
        zi = q > zi ? q : zi;
    }
    return zi > 0.0 && isfinite(zi) ? 1.0 / (zn * zi) : 0.0;
}

static void estimates(const solver *s, const double *b, long ldb, const double *x, long ldx,
                      exb_xx *p)
{
    long n = s->n;
    const double *a = s->af, *r = s->r;
    double *v = malloc(4 * (size_t)n * sizeof *v);
    if (!v)
        return;
    double *w = v + n, *ax = v + 2 * n, *res = v + 3 * n;
    for (long i = 0; i < n; i++)
        v[i] = 0.0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            v[i] += fabs(a[i + j * n]); /* row sums of |op(A)| */
    if (p->rcond) {
        double m = 0.0;
        for (long i = 0; i < n; i++)
            w[i] = 0.0;
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                w[i] += fabs(r[i + j * n]) * v[j];
        for (long i = 0; i < n; i++)
            m = w[i] > m ? w[i] : m;
        *p->rcond = m > 0.0 && isfinite(m) ? 1.0 / m : 0.0;
    }
    if (p->rcond_norm) /* Z = S op(A) */
        *p->rcond_norm = scaled_rcond(n, r, v, NULL, w);
    for (long c = 0; c < s->nrhs; c++) {
        const double *xc = x + c * ldx, *bc = b + c * ldb;
        int zero = 0;
        for (long i = 0; i < n; i++) { /* (|op(A)| |x|)_i */
            double t = 0.0;
            for (long j = 0; j < n; j++)
                t += fabs(a[i + j * n] * xc[j]);
            ax[i] = t;
            zero |= xc[i] == 0.0;
        }
        if (p->rcond_comp) /* Z = S op(A) diag(x) */
            p->rcond_comp[c] = zero ? 0.0 : scaled_rcond(n, r, ax, xc, w);
        if (p->berr) {
            memcpy(res, bc, (size_t)n * sizeof *res);
            exb_dgemv_checked(s->name, 'N', n, n, -1.0, a, n, xc, 1, 1.0, res, 1);
            double be = 0.0;
            for (long i = 0; i < n; i++) {
                double q = res[i] == 0.0 ? 0.0 : fabs(res[i]) / (ax[i] + fabs(bc[i]));
                be = q > be || q != q ? q : be;
            }
            p->berr[c] = be;
        }
    }
    free(v);
}

/* The weights of the enclosure's norm: d_j = max over the right-hand
 * sides of |x0_j| (x0 the plain solution), below max_j d_j 2^-60 raised to
 * it; NULL when x0 is zero, huge or not finite.  A badly scaled A (D1 A D2)
 * keeps ||D^-1 (I - R A) D|| small where the plain norm grows with the
 * scales. */
static double *weights(const solver *s, const double *x0, double *w)
{
    long n = s->n;
    double top = 0.0;
    for (long i = 0; i < n; i++) {
        w[i] = 0.0;
        for (long j = 0; j < s->nrhs; j++) {
            double v = fabs(x0[i + j * n]);
            w[i] = v > w[i] || v != v ? v : w[i];
        }
        top = w[i] > top || w[i] != w[i] ? w[i] : top;
    }
    if (!(top > 0.0) || !(top <= 0x1p1000))
        return NULL;
    double floor = top * 0x1p-60 > 0x1p-1000 ? top * 0x1p-60 : 0x1p-1000;
    for (long i = 0; i < n; i++)
        w[i] = w[i] < floor ? floor : w[i];
    return w;
}

static long xx_solve(exb_xx *p);

long exb_xx_solve(exb_xx *p)
{
    exb_fpenv env = exb_fpenv_enter();
    long res = xx_solve(p);
    exb_fpenv_leave(env);
    return res;
}

/* The power of two bringing a largest magnitude m near 1 where it is far
 * from it (outside 2^-100 .. 2^100), within 2^-500 .. 2^500 (so every
 * shifted term stays inside the accumulator); even when `even`. */
static int scale_exponent(double m, int even)
{
    if (!(m > 0.0) || !isfinite(m))
        return 0;
    int e;
    frexp(m, &e);
    if (e >= -100 && e <= 100)
        return 0;
    int sc = -e < -500 ? -500 : (-e > 500 ? 500 : -e);
    return even ? sc - sc % 2 : sc;
}

/* v (count entries, stride 1) := v 2^sc where every entry stays exact;
 * returns 0 and leaves v as it was otherwise. */
static int scale_exact(double *v, long count, int sc)
{
    for (long q = 0; q < count; q++) {
        double w = ldexp(v[q], sc);
        if (!isfinite(w) || ldexp(w, -sc) != v[q])
            return 0;
    }
    for (long q = 0; q < count; q++)
        v[q] = ldexp(v[q], sc);
    return 1;
}

static long xx_solve(exb_xx *p)
{
    long n = p->n, nrhs = p->nrhs, res;
    const char *name = p->name;
    int spd = p->spd, lower = spd && exb_lsame(p->uplo, 'L');
    solver s = {name, n, nrhs, spd, !spd && p->trans, p->maxsteps > 0 ? p->maxsteps : MAX_STEPS,
                NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0.0};
    size_t nn2 = (size_t)n * n;
    s.af = malloc(nn2 * sizeof *s.af);
    s.f = malloc(nn2 * sizeof *s.f);
    s.r = malloc(nn2 * sizeof *s.r);
    s.ipiv = malloc((size_t)n * sizeof *s.ipiv);
    s.rrow = malloc(4 * (size_t)n * sizeof *s.rrow);
    int *pv = malloc((size_t)n * nrhs * sizeof *pv);
    double *bd = malloc((size_t)n * nrhs * sizeof *bd);
    double *c = malloc(nn2 * sizeof *c), *bsc = malloc((size_t)n * nrhs * sizeof *bsc);
    double *x0 = malloc((size_t)n * nrhs * sizeof *x0);
    int *shift = malloc((size_t)nrhs * sizeof *shift);
    if (!s.af || !s.f || !s.r || !s.ipiv || !s.rrow || !pv || !bd || !c || !bsc || !x0 || !shift) {
        res = n + 3;
        goto out;
    }
    s.crow = s.rrow + n;
    s.crow_w = s.rrow + 2 * n;
    const double *a = p->a;
    long lda = p->lda;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            int mirror = spd ? (lower ? i < j : i > j) : s.trans;
            s.af[i + j * n] = mirror ? a[j + i * lda] : a[i + j * lda];
        }
    /* exact power-of-two scalings where A or a column of B lies near the
     * ends of the range: A' = 2^sa A, b'_j = 2^sb_j b_j, x*_j = 2^(sa -
     * sb_j) y*_j; the decisions and X are rounded from 2^shift y~ exactly */
    double amax = 0.0;
    for (size_t q = 0; q < nn2; q++)
        amax = fabs(s.af[q]) > amax ? fabs(s.af[q]) : amax;
    int sa = p->factored ? 0 : scale_exponent(amax, spd);
    if (sa && !scale_exact(s.af, (long)nn2, sa))
        sa = 0;
    for (long j = 0; j < nrhs; j++) {
        double bmax = 0.0;
        for (long i = 0; i < n; i++) {
            bsc[i + j * n] = p->b[i + j * p->ldb];
            bmax = fabs(bsc[i + j * n]) > bmax ? fabs(bsc[i + j * n]) : bmax;
        }
        int sb = scale_exponent(bmax, 0);
        if (sb && !scale_exact(bsc + j * n, n, sb))
            sb = 0;
        shift[j] = sa - sb;
    }
    s.shift = shift;
    if (p->factored) { /* the caller's factors (LAPACK's layout) */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                s.f[i + j * n] = spd && !lower && i > j ? p->af[j + i * p->ldaf]
                                                        : p->af[i + j * p->ldaf];
        res = 0;
        for (long i = 0; i < n && !spd; i++) {
            s.ipiv[i] = p->ipiv[i] - 1;
            if (s.ipiv[i] < i || s.ipiv[i] >= n) {
                res = n + 3; /* not a pivot sequence of GETRF: nothing to trust */
                goto out;
            }
            if (s.f[i + i * n] == 0.0 && !res)
                res = i + 1;
        }
        for (long i = 0; i < n && spd; i++)
            if (!(s.f[i + i * n] > 0.0) && !res)
                res = i + 1;
    } else {
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++) /* A itself: af holds A^T for TRANS */
                s.f[i + j * n] = s.trans ? s.af[j + i * n] : s.af[i + j * n];
        res = spd ? chol_rec(name, n, s.f, n) : lu_rec(name, n, n, s.f, n, s.ipiv);
        if (p->af) /* the factors of A (U or L scaled back) to the caller */
            for (long j = 0; j < n; j++)
                for (long i = 0; i < n; i++) {
                    if (spd && (lower ? i < j : i > j))
                        continue;
                    double v = spd && !lower ? s.f[j + i * n] : s.f[i + j * n];
                    int back = spd ? -sa / 2 : (i <= j ? -sa : 0);
                    p->af[i + j * p->ldaf] = back ? ldexp(v, back) : v;
                }
        if (p->ipiv && !spd)
            for (long i = 0; i < n; i++)
                p->ipiv[i] = (int)(s.ipiv[i] + 1);
    }
    if (res != 0)
        goto out;
    /* the first solution: the factors' plain solve (the weights' |x0| and
     * the refinement's start) */
    for (long j = 0; j < nrhs; j++)
        memcpy(x0 + j * n, bsc + j * n, (size_t)n * sizeof *x0);
    plain_solve(&s, x0, nrhs);
    for (long q = 0; q < n * nrhs; q++)
        x0[q] = exb_canonical_nan(x0[q]);
    if (all_finite(n, n, s.af, n) && all_finite(n, nrhs, bsc, n)) {
        s.w = weights(&s, x0, s.rrow + 3 * n);
        inverse_and_bound(&s, c, spd ? 0 : 2, FEW_BITS);
        /* an inverse in binary32 too far from A^-1, a bound too coarse, or
         * the plain inverse too far from A^-1: binary64, every modulus, then
         * the exact substitution's inverse */
        if (!(s.alpha < 0.5) && !spd)
            inverse_and_bound(&s, c, 0, FEW_BITS);
        if (!(s.alpha < 0.5))
            inverse_and_bound(&s, c, 0, ALL_BITS);
        if (!(s.alpha < 0.5))
            inverse_and_bound(&s, c, 1, ALL_BITS);
    } else {
        s.alpha = INFINITY;
    }
    free(c);
    c = NULL;
    res = refine_and_prove(&s, bsc, n, x0, p->x, p->ldx, pv, bd, n);
    if (res <= n + 2 && (p->rcond || p->rcond_norm || p->rcond_comp || p->berr)) {
        /* on the scaled system: X 2^-shift (invariant estimates) */
        double *xs = malloc((size_t)n * nrhs * sizeof *xs);
        if (xs) {
            for (long j = 0; j < nrhs; j++)
                for (long i = 0; i < n; i++)
                    xs[i + j * n] = ldexp(p->x[i + j * p->ldx], -shift[j]);
            estimates(&s, bsc, n, xs, n, p);
            free(xs);
        }
    }
out:
    if (pv && bd && res >= 1 && res <= n + 3 && res != n + 1 && res != n + 2)
        fail_outputs(n, nrhs, pv, bd, n);
    if (pv && bd)
        for (long j = 0; j < nrhs; j++)
            for (long i = 0; i < n; i++) {
                if (p->proven)
                    p->proven[i + j * p->ldp] = pv[i + j * n];
                if (p->bound)
                    p->bound[i + j * p->ldp] = bd[i + j * n];
            }
    free(s.af), free(s.f), free(s.r), free(s.ipiv), free(s.rrow), free(c), free(pv), free(bd);
    free(bsc), free(x0), free(shift);
    return res;
}

static void solve_driver(const char *name, int spd, char uplo, long n, long nrhs, const double *a,
                         long lda, const double *b, long ldb, double *x, long ldx, int *proven,
                         double *bound, int *info)
{
    exb_path_begin();
    int bad = 0, o = spd; /* EXDPOSVXX's positions are one further */
    if (spd && !exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L'))
        bad = 1;
    else if (n < 0)
        bad = 1 + o;
    else if (nrhs < 0)
        bad = 2 + o;
    else if (lda < (n > 1 ? n : 1))
        bad = 4 + o;
    else if (ldb < (n > 1 ? n : 1))
        bad = 6 + o;
    else if (ldx < (n > 1 ? n : 1))
        bad = 8 + o;
    if (bad) {
        *info = -bad;
        exb_xerbla(name, bad);
        return;
    }
    *info = 0;
    if (n == 0 || nrhs == 0)
        return;
    exb_fpenv env = exb_fpenv_enter();
    exb_xx p = {0};
    p.name = name;
    p.spd = spd;
    p.uplo = uplo;
    p.n = n;
    p.nrhs = nrhs;
    p.a = a;
    p.lda = lda;
    p.b = b;
    p.ldb = ldb;
    p.x = x;
    p.ldx = ldx;
    p.proven = proven;
    p.bound = bound;
    p.ldp = ldx;
    *info = (int)exb_xx_solve(&p);
    exb_fpenv_leave(env);
}

void exb_dgesvxx_checked(const char *name, long n, long nrhs, const double *a, long lda,
                         const double *b, long ldb, double *x, long ldx, int *proven,
                         double *bound, int *info)
{
    solve_driver(name, 0, 'N', n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

void exb_dposvxx_checked(const char *name, char uplo, long n, long nrhs, const double *a, long lda,
                         const double *b, long ldb, double *x, long ldx, int *proven,
                         double *bound, int *info)
{
    solve_driver(name, 1, uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

void exactblas_dgesvxx(int n, int nrhs, const double *a, int lda, const double *b, int ldb,
                       double *x, int ldx, int *proven, double *bound, int *info)
{
    exb_dgesvxx_checked("EXDGESVXX", n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

void exactblas_dposvxx(char uplo, int n, int nrhs, const double *a, int lda, const double *b,
                       int ldb, double *x, int ldx, int *proven, double *bound, int *info)
{
    exb_dposvxx_checked("EXDPOSVXX", uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

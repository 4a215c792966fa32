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
 *                    finite); X holds the best approximation found;
 *                  N+3: no memory for the workspace; X untouched.
 *
 * The method (doc/CONTRACT.md states it with the proof):
 *  0. Where A or a column of B lies near the ends of the exponent range,
 *     exact power-of-two scalings (x* = 2^shift y*); X and every decision
 *     are rounded from 2^shift y~ in a long accumulator.  The drivers'
 *     equilibration adds exact diagonal scalings (exb_xx's bscale, xscale:
 *     b_i's factor multiplied in the residual's accumulators, X_i =
 *     RN(xscale_i 2^shift y~_i) from the exact products).  Where
 *     components are left unproven and the system was scaled (a scaled
 *     solution can overflow) or A is badly scaled, a second attempt:
 *     without the scalings (the drivers), or on the engine's own exact
 *     equilibration (EXDGESVXX, EXDPOSVXX); per component the better.
 *  1. Factor a copy of A: LU with partial pivoting, recursive (LAPACK's
 *     DGETRF2), its updates on the exact face (EXDTRSM, EXDGEMM), the
 *     panels of 16 columns in plain, fixed-order arithmetic; or Cholesky on
 *     EXDTRSM and the exact DSYRK.  Every step is deterministic, so X does
 *     not depend on the machine or the number of threads.
 *  2. R ~ op(A)^-1: OpenBLAS's SGETRI, then DGETRI / DPOTRI on the factors
 *     where it is there (plain arithmetic: only how much gets proven depends
 *     on it), else two exact TRSMs.  C >= |I - R A| element by element: the
 *     residue engine's enclosure (exb_host_gemm_crt_bound, 40 bits first,
 *     then every modulus) of (R D^-1)(D A), D balancing R's columns against
 *     A's rows, or |RN(I - R A)| from EXDGEMM raised by one rounding; with
 *     every modulus and alpha >= 1/2 still, and before a component is given
 *     up, the minimum of both (tighten).  alpha >=
 *     ||I - R A||_inf from the row sums of C, each addition raised by `up`;
 *     also in the norm weighted by w ~ |x0| (the smaller alpha wins).  Not
 *     below 1/2: every modulus, then the exact substitution's R.
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
 * (One file, over 600 lines: the factorizations, the enclosure, the
 * refinement and the attempts share the solver's state and the proof
 * above, and LAPACK's expert drivers reach all of it through one call,
 * exb_xx_solve.)
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

#define PANEL 16       /* columns factored with plain loops */
#define MAX_STEPS 60   /* residuals computed at most, by default */
#define TERMS 4        /* the expansion's length (about 212 bits) */
#define NOISE 0x1p-190 /* relative size below which a term is the corrections' noise */
#define FEW_BITS 40    /* the first enclosure of I - R A: 12 moduli at n = 1000 */
#define ALL_BITS 1000  /* every modulus (about 72 bits) */
#define BALANCE 8      /* binades apart R's column and A's row may be, taken as they are */

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
    int spd;              /* Cholesky: f holds L (lower) */
    int trans;            /* LU: the system is A^T x = b, af holds A^T */
    int maxsteps;         /* residuals computed at most */
    double *af;           /* A (full, symmetric for EXDPOSVXX), n x n */
    double *f;            /* the factors, n x n */
    long *ipiv;           /* LU's row interchanges (0-based) */
    double *r;            /* R, n x n */
    double *rrow;         /* (|R| 1)_i, upper bounds */
    double *crow;         /* (|I - R A| 1)_i, upper bounds */
    double *w;            /* weights d > 0 (about |x|), or NULL */
    double *crow_w;       /* (|I - R A| d)_i, upper bounds */
    int weighted;         /* alpha and the enclosure in the norm ||D^-1 v||_inf */
    int loose;            /* C from the residue engine alone: |RN(I - R A)| may be tighter */
    const int *shift;     /* per column: x* = 2^shift y*, y* the scaled system's */
    const double *bscale; /* the exact right-hand side is diag(bscale) b (NULL: b) */
    const double *xscale; /* x* = diag(xscale) 2^shift y* (NULL: 2^shift y*) */
    double alpha;         /* ||I - R A||_inf, upper bound; >= 1 or NaN: none */
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
        if (s->trans) {                    /* A^T = U^T L^T P^T */
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

/* A^-1 from the LU factors in binary32 (SGETRI on the factors rounded to
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

/* c := RN(I - R A) element by element (EXDGEMM: exactly rounded, so
 * |I - R A| <= up(|c|)). */
static void exact_enclosure(const solver *s, double *c)
{
    long n = s->n;
    memset(c, 0, (size_t)n * n * sizeof *c);
    for (long i = 0; i < n; i++)
        c[i + i * n] = 1.0;
    exb_dgemm_checked(s->name, 'N', 'N', n, n, n, -1.0, s->r, n, s->af, n, 1.0, c, n);
}

/* The largest binade of column l of R and of row l of A, for l = 0..n-1
 * (INT_MIN where all zero). */
static void binades(const solver *s, int *er, int *ea)
{
    long n = s->n;
    for (long l = 0; l < n; l++) {
        double mr = 0.0, ma = 0.0;
        for (long i = 0; i < n; i++) {
            mr = fabs(s->r[i + l * n]) > mr ? fabs(s->r[i + l * n]) : mr;
            ma = fabs(s->af[l + i * n]) > ma ? fabs(s->af[l + i * n]) : ma;
        }
        er[l] = mr > 0.0 ? ilogb(mr) : INT_MIN;
        ea[l] = ma > 0.0 ? ilogb(ma) : INT_MIN;
    }
}

/* Column l of R times 2^-k and row l of A times 2^k (dir 1) or back (dir
 * -1); 0 and nothing changed where an entry would not stay exact. */
static int shift_pair(solver *s, long l, int k, int dir)
{
    long n = s->n;
    int kr = -k * dir, ka = k * dir;
    for (long i = 0; dir > 0 && i < n; i++) {
        double vr = s->r[i + l * n], va = s->af[l + i * n];
        double wr = ldexp(vr, kr), wa = ldexp(va, ka);
        if (!isfinite(wr) || ldexp(wr, -kr) != vr || !isfinite(wa) || ldexp(wa, -ka) != va)
            return 0;
    }
    for (long i = 0; i < n; i++) {
        s->r[i + l * n] = ldexp(s->r[i + l * n], kr);
        s->af[l + i * n] = ldexp(s->af[l + i * n], ka);
    }
    return 1;
}

/* c := upper bounds of |I - R A| from the residue path (exb_host_gemm_crt_
 * bound, `bits`), R A computed as (R D^-1)(D A) with D = diag(2^k_l)
 * evening out column l of R against row l of A, exactly: the path
 * truncates each row of R and column of A below its largest entry, so a
 * sum whose terms span many binades (A's rows scaled by 2^+-100, R's
 * columns by 2^-+100) would keep none of its small terms.  0 where the
 * path does not run. */
static int residue_enclosure(solver *s, double *c, int bits)
{
    long n = s->n;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    if (!exb_host_gemm_crt_available(&knobs))
        return 0;
    int *k = malloc(3 * (size_t)n * sizeof *k);
    if (k) {
        int *er = k + n, *ea = k + 2 * n;
        binades(s, er, ea);
        for (long l = 0; l < n; l++) {
            k[l] = er[l] == INT_MIN || ea[l] == INT_MIN ? 0 : (er[l] - ea[l]) / 2;
            if (k[l] > -BALANCE && k[l] < BALANCE) /* even enough: as it is */
                k[l] = 0;
            if (k[l] && !shift_pair(s, l, k[l], 1))
                k[l] = 0;
        }
    }
    memset(c, 0, (size_t)n * n * sizeof *c);
    for (long i = 0; i < n; i++)
        c[i + i * n] = 1.0;
    exb_gemm_args g = {0, 0, n, n, n, -1.0, s->r, n, s->af, n, 1.0, c, n};
    int enclosed = exb_host_gemm_crt_bound(&g, &knobs, bits) == 0;
    for (long l = 0; k && l < n; l++)
        if (k[l])
            shift_pair(s, l, k[l], -1);
    free(k);
    return enclosed;
}

/* (|R| 1)_i and the row sums of C >= |I - R A| (plain and weighted by w),
 * every addition raised by `up`; c holds upper bounds of |I - R A| or
 * RN(I - R A), |I - R A| <= up(|c|) either way. */
static void row_sums(solver *s, const double *c)
{
    long n = s->n;
    for (long i = 0; i < n; i++)
        s->rrow[i] = s->crow[i] = s->crow_w[i] = 0.0;
    for (long j = 0; j < n; j++) {
        double wj = s->w ? s->w[j] : 0.0;
        for (long i = 0; i < n; i++) {
            double cij = up(fabs(c[i + j * n]));
            s->rrow[i] = up(s->rrow[i] + up(fabs(s->r[i + j * n])));
            s->crow[i] = up(s->crow[i] + cij);
            s->crow_w[i] = up(s->crow_w[i] + up(cij * wj));
        }
    }
}

static double alpha_of(solver *s);
static int tighten(solver *s, double *c);

/* R := op(A)^-1 from the factors (exact: 2 binary32 then binary64 where
 * it runs, 0 binary64, 1 the exact substitution); c := upper bounds of
 * |I - R A| element by element; alpha, (|R| 1) and (|I - R A| 1).  c is
 * n x n scratch. */
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
    }
    if (!s->spd && s->trans) /* every inverse above is A^-1: (A^T)^-1 = (A^-1)^T */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < j; i++) {
                double t = r[i + j * n];
                r[i + j * n] = r[j + i * n];
                r[j + i * n] = t;
            }
    for (long e = 0; e < n * n; e++)
        if (!isfinite(r[e])) {
            s->alpha = INFINITY;
            return;
        }
    s->loose = residue_enclosure(s, c, bits);
    if (!s->loose)
        exact_enclosure(s, c);
    row_sums(s, c);
    s->alpha = alpha_of(s);
    if (bits == ALL_BITS && !(s->alpha < 0.5))
        tighten(s, c);
}

/* Where C came from the residue engine alone: C := its minimum with
 * |RN(I - R A)| (both bound |I - R A|, so does their minimum), and the row
 * sums and alpha again.  The residue path truncates each row of R and
 * column of A below its largest entry: where their entries span more
 * binades than balancing evens out, or with 40 bits, its enclosure can be
 * looser than EXDGEMM's; tightened before giving up on a component, it
 * never proves less than without the engine (EXACTBLAS_INT8=0).  0 where
 * nothing changed. */
static int tighten(solver *s, double *c)
{
    long n = s->n;
    double *c2 = s->loose ? malloc((size_t)n * n * sizeof *c2) : NULL;
    if (!c2)
        return 0;
    exact_enclosure(s, c2);
    for (long q = 0; q < n * n; q++) /* row_sums raises either by `up` */
        c[q] = fabs(c2[q]) < c[q] ? fabs(c2[q]) : c[q];
    free(c2);
    row_sums(s, c);
    s->alpha = alpha_of(s);
    s->loose = 0;
    return 1;
}

/* alpha >= ||I - R A||_inf from the row sums, and in the weighted norm
 * ||D^-1 (I - R A) D||_inf (s->weighted: the smaller) */
static double alpha_of(solver *s)
{
    long n = s->n;
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
    return s->weighted ? alpha_w : alpha;
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

/* A component's factor from the scaled system's y* to x*: m 2^e (m odd,
 * below 2^53), xscale_i 2^shift_j. */
typedef struct factor {
    uint64_t m;
    int e;
} factor;

static factor factor_of(const solver *s, long i, long j)
{
    factor f = {1, s->shift[j]};
    if (s->xscale) { /* > 0 and finite (the callers' check) */
        int e;
        uint64_t m = (uint64_t)ldexp(frexp(s->xscale[i], &e), 53);
        int tz = __builtin_ctzll(m);
        f.m = m >> tz;
        f.e += e - 53 + tz;
    }
    return f;
}

/* acc += v f exactly; 0 where bits of the product lie below the
 * accumulator's least significant digit (they are dropped: below 2^-2000,
 * they move no rounding but a tie's). */
static int add_scaled(exb_superacc *acc, double v, factor f)
{
    if (f.m == 1 && f.e >= -1000 && f.e <= 1000) { /* every bit inside */
        add_shifted(acc, v, f.e);
        return 1;
    }
    if (v == 0.0 || !isfinite(v)) { /* f > 0: v's sign, v's special */
        exb_superacc_add_double(acc, v);
        return 1;
    }
    int e;
    unsigned __int128 p = (unsigned __int128)(uint64_t)ldexp(frexp(fabs(v), &e), 53) * f.m;
    int lsb = e - 53 + f.e, exact = 1;
    if (lsb < EXB_ACC_LSB) {
        int drop = EXB_ACC_LSB - lsb;
        unsigned __int128 low = drop >= 128 ? p : p & (((unsigned __int128)1 << drop) - 1);
        exact = low == 0;
        p = drop >= 128 ? 0 : p >> drop;
        lsb = EXB_ACC_LSB;
    }
    if ((uint64_t)p)
        exb_superacc_add_scaled_u64(acc, (uint64_t)p, lsb, v < 0.0);
    if ((uint64_t)(p >> 64))
        exb_superacc_add_scaled_u64(acc, (uint64_t)(p >> 64), lsb + 64, v < 0.0);
    return exact;
}

/* RN(f (t0 + t1 + t2 + t3 + w)) exactly; *exact = 0 where a product's bits
 * were dropped (add_scaled). */
static double round_with(const double *t, long bs, long e, double w, factor f, exb_superacc *acc,
                         int *exact)
{
    int ok = 1;
    exb_superacc_reset(acc);
    for (int k = 0; k < TERMS; k++)
        ok &= add_scaled(acc, t[e + k * bs], f);
    ok &= add_scaled(acc, w, f);
    if (exact)
        *exact = ok;
    return exb_superacc_round(acc);
}

/* An upper bound of v 2^sh for v >= 0 (the smallest subnormal where the
 * product underflows to zero). */
static double shifted_up(double v, int sh)
{
    double y = ldexp(v, sh);
    return v > 0.0 && y == 0.0 ? 0x1p-1074 : up(y);
}

/* An upper bound of v f for v >= 0. */
static double scaled_up(double v, factor f)
{
    return shifted_up(f.m == 1 ? v : up(v * (double)f.m), f.e);
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
static void product(const solver *s, long n, long k, double alpha, const double *m, const double *v,
                    double beta, double *y)
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
            if (s->bscale)
                exb_superacc_add_product(accs[i], s->bscale[i], b[i + j * ldb]);
            else
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
            factor f = factor_of(s, i, j);
            int lo_exact, hi_exact;
            double lo = round_with(t, bs, q, -ei, f, acc, &lo_exact);
            double hi = round_with(t, bs, q, ei, f, acc, &hi_exact);
            done[q] = isfinite(ei) && isfinite(t[q]) && lo_exact && hi_exact &&
                      memcmp(&lo, &hi, sizeof lo) == 0;
            open += !done[q];
        }
    }
    return open;
}

/* Solves with the factored solver s: X, PROVEN, BOUND, and y := RN(y~)
 * (the scaled system's solution, n x nrhs); returns INFO (0, N+1, N+2 or
 * N+3). */
static long refine_and_prove(solver *s, double *c, const double *b, long ldb, const double *x0,
                             double *x, long ldx, int *proven, double *bound, long ldp, double *y)
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
                if (!isfinite(d[i + j * n])) /* the plain solve overflowed there: x~_i stays */
                    d[i + j * n] = 0.0;
                double ci = fabs(d[i + j * n]), xi = fabs(t[i + j * n]);
                cn = ci > cn ? ci : cn;
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
    double *e_old = valid && open ? malloc((size_t)nn * sizeof *e_old) : NULL;
    int *done_old = e_old ? malloc((size_t)nn * sizeof *done_old) : NULL;
    if (done_old && tighten(s, c)) {
        /* the last iterate enclosed again with C no looser than EXDGEMM's:
         * both enclosures hold, so the smaller e, and a component either
         * decides is decided */
        memcpy(e_old, e, (size_t)nn * sizeof *e);
        memcpy(done_old, done, (size_t)nn * sizeof *done);
        residual(s, t, bs, stack, accs, b, ldb, r, zero_cols);
        product(s, n, n, 1.0, s->r, r, 0.0, d);
        enclose(s, zero_cols, t, bs, r, d, e, done, acc);
        open = 0;
        for (long q = 0; q < nn; q++) {
            e[q] = e_old[q] < e[q] ? e_old[q] : e[q];
            done[q] |= done_old[q];
            open += !done[q];
        }
    }
    free(e_old), free(done_old);
    if (valid && open)
        snap(s, b, ldb, t, bs, stack, accs, r, e, done, acc);
    long info = 0;
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            long q = i + j * n;
            factor f = factor_of(s, i, j);
            /* X = RN(f x~) (proven: RN(f (x~ - e)), the same value with the
             * decided sign of a zero; else an exact zero is +0); the tail
             * |f x~ - X|, exactly zero or raised by `up` (which also covers
             * the bits below 2^-2000 add_scaled may drop) */
            int ok = valid && done[q], exact;
            double xi = ok ? round_with(t, bs, q, -e[q], f, acc, NULL)
                           : round_with(t, bs, q, 0.0, f, acc, NULL) + 0.0;
            x[i + j * ldx] = xi;
            round_with(t, bs, q, 0.0, f, acc, &exact);
            add_shifted(acc, -xi, 0);
            double tail =
                exb_superacc_is_zero(acc) && exact ? 0.0 : up(fabs(exb_superacc_round(acc)));
            proven[i + j * ldp] = ok;
            /* e = 0 with a zero tail: X is x* */
            double b_up = e[q] == 0.0 && tail == 0.0 ? 0.0 : up(tail + scaled_up(e[q], f));
            bound[i + j * ldp] = valid && isfinite(e[q]) && isfinite(xi) ? b_up : INFINITY;
            y[q] = t[q];
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
static double scaled_rcond(long n, const double *r, const double *rows, const double *x, double *w)
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
    EXB_FPENV_SCOPE; /* p's data are read through pointers, after it */
    return xx_solve(p);
}

/* The power of two bringing a largest magnitude m (2^(e-1) <= m < 2^e)
 * near 1 where it is far from it (outside 2^-100 .. 2^100), within
 * 2^-500 .. 2^500 (so every shifted term stays inside the accumulator);
 * even when `even`. */
static int scale_for(int e, int even)
{
    if (e >= -100 && e <= 100)
        return 0;
    int sc = -e < -500 ? -500 : (-e > 500 ? 500 : -e);
    return even ? sc - sc % 2 : sc;
}

static int scale_exponent(double m, int even)
{
    if (!(m > 0.0) || !isfinite(m))
        return 0;
    int e;
    frexp(m, &e);
    return scale_for(e, even);
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

/* The attempts (xx_solve): the scalings of step 0; none; the engine's own
 * equilibration (where nobody asked for the factors). */
enum { SCALED, PLAIN, EQUILIBRATED };

/* op(A) := D_r op(A) D_c (s->af), powers of two by DGEEQUB's rules
 * (clamped to 2^-1022 .. 2^1022; SPD: D A D, D by DPOEQUB's), where the
 * rows or the columns differ by more than a factor 10 (LAPACK's THRESH
 * 0.1) and every entry, and every product with the caller's scalings,
 * stays exact: the system's scalings become diag(D_r) bscale and
 * diag(D_c) xscale (`scales`, 2n).  0 where not applied. */
static int equilibrate(const exb_xx *p, solver *s, double *scales)
{
    long n = s->n;
    int *er = malloc(2 * (size_t)n * sizeof *er), ok = er != NULL;
    int *ec = er + n, rmin = INT_MAX, rmax = INT_MIN, cmin = INT_MAX, cmax = INT_MIN;
    for (long i = 0; ok && i < n; i++) { /* rows: 2^-e, 2^e the largest entry's binade */
        double m = 0.0;
        for (long j = 0; j < n; j++)
            m = fabs(s->af[i + j * n]) > m ? fabs(s->af[i + j * n]) : m;
        double d = s->af[i + i * n];
        ok = s->spd ? d > 0.0 : m > 0.0;
        if (!ok)
            break;
        int e = ilogb(s->spd ? d : m);
        er[i] = s->spd ? -e / 2 : -(e < -1022 ? -1022 : (e > 1022 ? 1022 : e));
        rmin = er[i] < rmin ? er[i] : rmin;
        rmax = er[i] > rmax ? er[i] : rmax;
    }
    for (long j = 0; ok && j < n; j++) { /* columns, of the scaled rows; SPD: the rows' */
        double m = 0.0;
        for (long i = 0; i < n; i++)
            m = fabs(ldexp(s->af[i + j * n], er[i])) > m ? fabs(ldexp(s->af[i + j * n], er[i])) : m;
        ok = m > 0.0;
        int e = ok ? ilogb(m) : 0;
        ec[j] = s->spd ? er[j] : -(e < -1022 ? -1022 : (e > 1022 ? 1022 : e));
        cmin = ec[j] < cmin ? ec[j] : cmin;
        cmax = ec[j] > cmax ? ec[j] : cmax;
    }
    ok = ok && (rmax - rmin > 3 || cmax - cmin > 3); /* a condition below 0.1 */
    for (long j = 0; ok && j < n; j++)
        for (long i = 0; ok && i < n; i++) {
            double v = s->af[i + j * n], w = ldexp(v, er[i] + ec[j]);
            ok = isfinite(w) && ldexp(w, -(er[i] + ec[j])) == v;
        }
    for (long i = 0; ok && i < n; i++) { /* the caller's scalings times D_r, D_c, exactly */
        double b = p->bscale ? p->bscale[i] : 1.0, x = p->xscale ? p->xscale[i] : 1.0;
        scales[i] = ldexp(b, er[i]);
        scales[n + i] = ldexp(x, ec[i]);
        ok = scales[i] > 0.0 && isfinite(scales[i]) && ldexp(scales[i], -er[i]) == b &&
             scales[n + i] > 0.0 && isfinite(scales[n + i]) && ldexp(scales[n + i], -ec[i]) == x;
    }
    for (long j = 0; ok && j < n; j++)
        for (long i = 0; i < n; i++)
            s->af[i + j * n] = ldexp(s->af[i + j * n], er[i] + ec[j]);
    if (ok) {
        s->bscale = scales;
        s->xscale = scales + n;
    }
    free(er);
    return ok;
}

/* One attempt in `mode`: the scalings, the factors, R and its enclosure,
 * the refinement; X, PROVEN and BOUND (proven_out and bound_out, ld n),
 * the estimates, AF and IPIV.  *scaled: whether a scaling of step 0 was
 * applied.  Returns INFO, or -1 (nothing done) where EQUILIBRATED finds
 * nothing to equilibrate and the first attempt was not scaled either
 * (`first_scaled`): it would repeat that one. */
static long attempt(exb_xx *p, int mode, int first_scaled, int *scaled, int *proven_out,
                    double *bound_out)
{
    long n = p->n, nrhs = p->nrhs, res;
    const char *name = p->name;
    int spd = p->spd, lower = spd && exb_lsame(p->uplo, 'L');
    solver s = {name,
                n,
                nrhs,
                spd,
                !spd && p->trans,
                p->maxsteps > 0 ? p->maxsteps : MAX_STEPS,
                NULL,
                NULL,
                NULL,
                NULL,
                NULL,
                NULL,
                NULL,
                NULL,
                0,
                0,
                NULL,
                p->bscale,
                p->xscale,
                0.0};
    size_t nn2 = (size_t)n * n;
    s.af = malloc(nn2 * sizeof *s.af);
    s.f = malloc(nn2 * sizeof *s.f);
    s.r = malloc(nn2 * sizeof *s.r);
    s.ipiv = malloc((size_t)n * sizeof *s.ipiv);
    s.rrow = malloc(4 * (size_t)n * sizeof *s.rrow);
    int *pv = proven_out;
    double *bd = bound_out;
    double *c = malloc(nn2 * sizeof *c), *bsc = malloc((size_t)n * nrhs * sizeof *bsc);
    double *bap = malloc((size_t)n * nrhs * sizeof *bap);
    double *x0 = malloc((size_t)n * nrhs * sizeof *x0);
    double *scales = malloc(2 * (size_t)n * sizeof *scales);
    int *shift = malloc((size_t)nrhs * sizeof *shift);
    *scaled = 0;
    if (!s.af || !s.f || !s.r || !s.ipiv || !s.rrow || !c || !bsc || !bap || !x0 || !scales ||
        !shift) {
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
     * sb_j) y*_j; the decisions and X are rounded from 2^shift y~ exactly.
     * With BSCALE the exact right-hand side is diag(bscale) b' (products
     * in the residual's accumulators), bap its rounding (the plain solves) */
    if (mode == EQUILIBRATED && !equilibrate(p, &s, scales)) {
        if (!first_scaled) {
            res = -1;
            goto out;
        }
        mode = PLAIN;
    }
    int scale = mode != PLAIN;
    double amax = 0.0;
    for (size_t q = 0; q < nn2; q++)
        amax = fabs(s.af[q]) > amax ? fabs(s.af[q]) : amax;
    int sa = p->factored || mode != SCALED ? 0 : scale_exponent(amax, spd);
    if (sa && !scale_exact(s.af, (long)nn2, sa))
        sa = 0;
    for (long j = 0; j < nrhs; j++) {
        int top = INT_MIN; /* frexp's exponent of max_i |bscale_i b_ij|, within 1 */
        for (long i = 0; i < n; i++) {
            double v = p->b[i + j * p->ldb];
            bsc[i + j * n] = v;
            int e, es = 0;
            if (v == 0.0 || !isfinite(v))
                continue;
            frexp(v, &e);
            if (s.bscale)
                frexp(s.bscale[i], &es);
            top = e + es > top ? e + es : top;
        }
        int sb = scale && top != INT_MIN ? scale_for(top, 0) : 0;
        if (sb && !scale_exact(bsc + j * n, n, sb))
            sb = 0;
        shift[j] = sa - sb;
        *scaled |= shift[j] != 0;
        for (long i = 0; i < n; i++)
            bap[i + j * n] = s.bscale ? s.bscale[i] * bsc[i + j * n] : bsc[i + j * n];
    }
    s.shift = shift;
    if (p->factored) { /* the caller's factors (LAPACK's layout) */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                s.f[i + j * n] =
                    spd && !lower && i > j ? p->af[j + i * p->ldaf] : p->af[i + j * p->ldaf];
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
        memcpy(x0 + j * n, bap + j * n, (size_t)n * sizeof *x0);
    plain_solve(&s, x0, nrhs);
    for (long q = 0; q < n * nrhs; q++)
        x0[q] = exb_canonical_nan(x0[q]);
    if (all_finite(n, n, s.af, n) && all_finite(n, nrhs, bap, n)) {
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
    /* x0 is not needed past the refinement's start: it receives RN(y~) */
    res = refine_and_prove(&s, c, bsc, n, x0, p->x, p->ldx, pv, bd, n, x0);
    if (res <= n + 2 && (p->rcond || p->rcond_norm || p->rcond_comp || p->berr))
        estimates(&s, bap, n, x0, n, p); /* on the scaled system, from RN(y~) */
out:
    if (res >= 1 && res <= n + 3 && res != n + 1 && res != n + 2)
        fail_outputs(n, nrhs, pv, bd, n);
    free(s.af), free(s.f), free(s.r), free(s.ipiv), free(s.rrow), free(c);
    free(bap), free(bsc), free(x0), free(scales), free(shift);
    return res;
}

/* *out := *saved (back) or *saved := *out. */
static void transfer(double *out, double *saved, int back)
{
    if (back)
        *out = *saved;
    else
        *saved = *out;
}

/* The estimates of an attempt another may replace: into `saved` (2 + 2
 * NRHS doubles), or back from it. */
static void keep_estimates(exb_xx *p, double *saved, int back)
{
    double *scalars[2] = {p->rcond, p->rcond_norm}, *vectors[2] = {p->rcond_comp, p->berr};
    for (int q = 0; q < 2; q++, saved++)
        if (scalars[q])
            transfer(scalars[q], saved, back);
    for (int q = 0; q < 2; q++)
        for (long j = 0; j < p->nrhs; j++, saved++)
            if (vectors[q])
                transfer(vectors[q] + j, saved, back);
}

/* How good an attempt is: its proven components first, then the finite bounds. */
static long score(long count, const int *pv, const double *bd)
{
    long sc = 0;
    for (long q = 0; q < count; q++)
        sc += 2 * count * (pv[q] != 0) + (isfinite(bd[q]) != 0);
    return sc;
}

/* A second attempt where the first left components unproven and either
 * scaled the system (its scaled solution can overflow: A's entries 2^500
 * .. 2^-510 brought to 1 .. 2^-1010) or A is badly scaled: without the
 * scalings, or (EXDGESVXX, EXDPOSVXX: nobody asked for the factors) on the
 * engine's own equilibration.  Per component the second one's X and
 * BOUND where it proved what the first did not, found a bound where the
 * first found none, or, neither bounding it, found a finite X where the
 * first did not; else the first one's X stays (the same bits). */
static long second_attempt(exb_xx *p, long res, int scaled, int *pv, double *bd)
{
    long n = p->n, nrhs = p->nrhs, nn = n * nrhs;
    int mode = p->factored || p->af ? PLAIN : EQUILIBRATED;
    if ((res != n + 1 && res != n + 2) || (mode == PLAIN && !scaled))
        return res;
    double *x1 = malloc(((size_t)nn + 2 + 2 * (size_t)nrhs) * sizeof *x1), *est1 = x1 + nn;
    int *pv2 = malloc((size_t)nn * sizeof *pv2);
    double *bd2 = malloc((size_t)nn * sizeof *bd2);
    long res2 = -1;
    if (x1 && pv2 && bd2) {
        for (long q = 0; q < nn; q++)
            x1[q] = p->x[q % n + q / n * p->ldx];
        keep_estimates(p, est1, 0);
        res2 = attempt(p, mode, scaled, &scaled, pv2, bd2);
    }
    if (res2 == 0 || res2 == n + 1 || res2 == n + 2) {
        if (score(nn, pv2, bd2) <= score(nn, pv, bd))
            keep_estimates(p, est1, 1);
        long open = 0;
        for (long q = 0; q < nn; q++) {
            double x2 = p->x[q % n + q / n * p->ldx];
            int neither = !pv[q] && !pv2[q] && !isfinite(bd[q]);
            int second = (pv2[q] && !pv[q]) || (neither && isfinite(bd2[q])) ||
                         (neither && !isfinite(x1[q]) && isfinite(x2));
            if (second) {
                pv[q] = pv2[q];
                bd[q] = bd2[q];
            } else {
                p->x[q % n + q / n * p->ldx] = x1[q];
            }
            open += !pv[q];
        }
        /* N+1: an enclosure found by either; N+2: by neither */
        res = open == 0 ? 0 : (res == n + 2 && res2 == n + 2 ? n + 2 : n + 1);
    } else if (x1) {
        for (long q = 0; q < nn; q++) /* nothing new: the first attempt's X */
            p->x[q % n + q / n * p->ldx] = x1[q];
        keep_estimates(p, est1, 1);
    }
    free(x1), free(pv2), free(bd2);
    return res;
}

/* Whether the scalings are positive and finite (the factors of exact products). */
static int scalings_valid(const exb_xx *p)
{
    for (long i = 0; i < p->n; i++)
        if ((p->bscale && !(p->bscale[i] > 0.0 && isfinite(p->bscale[i]))) ||
            (p->xscale && !(p->xscale[i] > 0.0 && isfinite(p->xscale[i]))))
            return 0;
    return 1;
}

static long xx_solve(exb_xx *p)
{
    long n = p->n, nrhs = p->nrhs, nn = n * nrhs;
    int scaled;
    int *pv = malloc((size_t)nn * sizeof *pv);
    double *bd = malloc((size_t)nn * sizeof *bd);
    if (!pv || !bd) {
        free(pv), free(bd);
        return n + 3;
    }
    long res;
    if (!scalings_valid(p)) { /* as for A or B not finite: nothing proven */
        for (long j = 0; j < nrhs; j++)
            for (long i = 0; i < n; i++)
                p->x[i + j * p->ldx] = exb_canonical_nan(NAN);
        fail_outputs(n, nrhs, pv, bd, n);
        if (p->rcond)
            *p->rcond = 0.0;
        res = n + 2;
        goto out;
    }
    res = attempt(p, SCALED, 0, &scaled, pv, bd);
    res = second_attempt(p, res, scaled, pv, bd);
out:
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            if (p->proven)
                p->proven[i + j * p->ldp] = pv[i + j * n];
            if (p->bound)
                p->bound[i + j * p->ldp] = bd[i + j * n];
        }
    free(pv), free(bd);
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
}

EXB_ENTRY_VOID(exb_dgesvxx_checked,
               (const char *name, long n, long nrhs, const double *a, long lda, const double *b,
                long ldb, double *x, long ldx, int *proven, double *bound, int *info),
               (name, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info))
{
    solve_driver(name, 0, 'N', n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

EXB_ENTRY_VOID(exb_dposvxx_checked,
               (const char *name, char uplo, long n, long nrhs, const double *a, long lda,
                const double *b, long ldb, double *x, long ldx, int *proven, double *bound,
                int *info),
               (name, uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info))
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

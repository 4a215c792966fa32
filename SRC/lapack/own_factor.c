/*
 * own_factor.c -- DGETRF and DPOTRF of the drop-in liblapack.so.3 (and of
 * its ILP64 twin): the factorisations shaped for the exact kernels.
 *
 * LAPACK's blocked DGETRF and DPOTRF (the reference's, which the drop-in
 * forwards every other name to) feed the BLAS k = 64 updates and many
 * small panel calls, the shapes where an exact DGEMM costs most over a
 * floating-point one.  These are recursive instead (Toledo's LU, Gustavson's
 * and Elmroth's recursive Cholesky, LAPACK's own DGETRF2/DPOTRF2 recursion
 * applied to the whole matrix): the columns split in halves, down to a
 * panel of at most PANEL columns, so that most of the work is in a few
 * DTRSM, DGEMM and DSYRK calls of large shapes.  The BLAS are called by
 * their Fortran names: they bind to the drop-in libblas.so.3, each call
 * exact by doc/CONTRACT.md.
 *
 * The panels are plain loops in a fixed order, each update a fused
 * multiply-add: RN(a - l u), what the exact DGER gives (alpha = -1), and a
 * quotient rounded once for each multiplier.  The pivot is IDAMAX's (the
 * exact libblas.so.3's: the first entry of largest magnitude), LAPACK's
 * rule; the row exchanges are DLASWP's (columns in blocks of 32).  Every
 * step is deterministic, so the factors are the same bits on every machine,
 * thread count and engine (they need not be netlib's: the order of the
 * updates differs).  Backward error: LAPACK's (the same algorithms).
 *
 * Arguments, XERBLA positions, quick returns and INFO: LAPACK's DGETRF and
 * DPOTRF.  Each runs in IEEE's default environment (fpenv.h).
 * doc/LAPACK.md says more.
 */
#include <math.h>
#include <stddef.h>

#include "fint.h"

#define PANEL 16      /* columns factored by the plain loops */
#define SYRK_BASE 128 /* DSYRK's order below which it is called as it is */

#define EXPORT __attribute__((visibility("default")))

/* the BLAS (the drop-in libblas.so.3) and XERBLA (the program's, or the
 * reference's through the global scope, as LAPACK calls it) */
void dgemm_(const char *transa, const char *transb, const fint *m, const fint *n, const fint *k,
            const double *alpha, const double *a, const fint *lda, const double *b, const fint *ldb,
            const double *beta, double *c, const fint *ldc, size_t, size_t);
void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag, const fint *m,
            const fint *n, const double *alpha, const double *a, const fint *lda, double *b,
            const fint *ldb, size_t, size_t, size_t, size_t);
void dsyrk_(const char *uplo, const char *trans, const fint *n, const fint *k, const double *alpha,
            const double *a, const fint *lda, const double *beta, double *c, const fint *ldc,
            size_t, size_t);
fint idamax_(const fint *n, const double *x, const fint *incx);
void xerbla_(const char *srname, const fint *info, size_t);

EXPORT void dgetrf_(const fint *m, const fint *n, double *a, const fint *lda, fint *ipiv,
                    fint *info);
EXPORT void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info,
                    size_t);

static const double one = 1.0, minus_one = -1.0;
static const fint ione = 1;

/* ---- the panels' loops, compiled for x86-64-v3 (FMA in hardware) and for
 * the baseline (libm's fma, correctly rounded too: the same bits) ---- */

#if defined(__x86_64__)
static int use_v3(void)
{
    static int v3 = -1;
    if (v3 < 0) {
        __builtin_cpu_init();
        v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return v3;
}
#define V3 __attribute__((target("arch=x86-64-v3")))
#define TWICE(NAME, PARAMS, ARGS)                                                                  \
    static V3 void NAME##_v3 PARAMS                                                                \
    {                                                                                              \
        NAME##_body ARGS;                                                                          \
    }                                                                                              \
    static void NAME##_base PARAMS                                                                 \
    {                                                                                              \
        NAME##_body ARGS;                                                                          \
    }                                                                                              \
    static void NAME PARAMS                                                                        \
    {                                                                                              \
        if (use_v3())                                                                              \
            NAME##_v3 ARGS;                                                                        \
        else                                                                                       \
            NAME##_base ARGS;                                                                      \
    }
#else
#define TWICE(NAME, PARAMS, ARGS)                                                                  \
    static void NAME PARAMS                                                                        \
    {                                                                                              \
        NAME##_body ARGS;                                                                          \
    }
#endif
#define BODY static inline __attribute__((always_inline)) void

/* c[0..len) := RN(c - l u), each (the exact DGER's entry for alpha = -1) */
BODY axpy_fma_body(long len, double u, const double *restrict l, double *restrict c)
{
    for (long i = 0; i < len; i++)
        c[i] = fma(-l[i], u, c[i]);
}
TWICE(axpy_fma, (long len, double u, const double *restrict l, double *restrict c), (len, u, l, c))

/* Rows k1..k2-1 of a (ncols columns) exchanged with rows ipiv[k] - 1, in
 * that order: DLASWP's forward pass (INCX = 1), 32 columns at a time. */
static void swap_rows(double *a, long lda, long ncols, long k1, long k2, const fint *ipiv)
{
    for (long c0 = 0; c0 < ncols; c0 += 32) {
        long c1 = c0 + 32 < ncols ? c0 + 32 : ncols;
        for (long k = k1; k < k2; k++) {
            long p = (long)ipiv[k] - 1;
            if (p == k)
                continue;
            for (long c = c0; c < c1; c++) {
                double t = a[k + c * lda];
                a[k + c * lda] = a[p + c * lda];
                a[p + c * lda] = t;
            }
        }
    }
}

/* ---- LU ---- */

/* The m x n panel (n <= PANEL or m <= PANEL), right-looking: DGETF2's
 * steps.  ipiv 1-based relative to the panel; the first zero pivot's
 * column (1-based) or 0. */
static long lu_panel(long m, long n, double *a, long lda, fint *ipiv)
{
    long mn = m < n ? m : n, info = 0;
    for (long j = 0; j < mn; j++) {
        double *col = a + j * lda;
        fint len = (fint)(m - j);
        long p = j + (long)idamax_(&len, col + j, &ione) - 1;
        ipiv[j] = (fint)(p + 1);
        if (col[p] != 0.0) {
            if (p != j)
                swap_rows(a, lda, n, j, j + 1, ipiv);
            double piv = col[j];
            for (long i = j + 1; i < m; i++)
                col[i] /= piv;
        } else if (!info) {
            info = j + 1;
        }
        for (long k = j + 1; k < n; k++)
            axpy_fma(m - j - 1, a[j + k * lda], col + j + 1, a + j + 1 + k * lda);
    }
    return info;
}

/* Recursive LU with partial pivoting of the m x n matrix a: the left half
 * of the columns, then its row exchanges, DTRSM and DGEMM on the right
 * half, the right half's trailing part, its exchanges on the left half. */
static long lu_rec(long m, long n, double *a, long lda, fint *ipiv)
{
    long mn = m < n ? m : n;
    if (mn <= PANEL)
        return lu_panel(m, n, a, lda, ipiv);
    long n1 = mn / 2;
    if (n1 > PANEL) /* a multiple of the panel: the engines' favoured shapes */
        n1 -= n1 % PANEL;
    long n2 = n - n1;
    double *a12 = a + n1 * lda, *a21 = a + n1, *a22 = a12 + n1;
    fint fn1 = (fint)n1, fn2 = (fint)n2, fm2 = (fint)(m - n1), flda = (fint)lda;
    long info = lu_rec(m, n1, a, lda, ipiv);
    swap_rows(a12, lda, n2, 0, n1, ipiv);
    dtrsm_("L", "L", "N", "U", &fn1, &fn2, &one, a, &flda, a12, &flda, 1, 1, 1, 1);
    dgemm_("N", "N", &fm2, &fn2, &fn1, &minus_one, a21, &flda, a12, &flda, &one, a22, &flda, 1, 1);
    long info2 = lu_rec(m - n1, n2, a22, lda, ipiv + n1);
    if (!info && info2)
        info = info2 + n1;
    for (long k = n1; k < mn; k++)
        ipiv[k] += (fint)n1;
    swap_rows(a, lda, n1, n1, mn, ipiv);
    return info;
}

EXPORT void dgetrf_(const fint *m, const fint *n, double *a, const fint *lda, fint *ipiv,
                    fint *info)
{
    EXB_FPENV_SCOPE;
    fint bad = 0;
    if (*m < 0)
        bad = 1;
    else if (*n < 0)
        bad = 2;
    else if (*lda < (*m > 1 ? *m : 1))
        bad = 4;
    if (bad) {
        *info = -bad;
        xerbla_("DGETRF", &bad, 6);
        return;
    }
    *info = 0;
    if (*m == 0 || *n == 0)
        return;
    *info = (fint)lu_rec(*m, *n, a, *lda, ipiv);
}

/* C (n x n, the uplo triangle) := C - op(A) op(A)^T, the triangle split in
 * halves down to SYRK_BASE: two smaller such updates and one DGEMM.  Each
 * entry is RN(c - sum a a) either way (the exact DSYRK's and DGEMM's
 * rule), so the bits are DSYRK's; the exact DGEMM runs faster than the
 * exact DSYRK on the large blocks.  trans 0: A n x k; 1: A k x n. */
static void syrk_rec(int lower, int trans, long n, long k, const double *a, long lda, double *c,
                     long ldc)
{
    fint fn = (fint)n, fk = (fint)k, flda = (fint)lda, fldc = (fint)ldc;
    if (n <= SYRK_BASE) {
        dsyrk_(lower ? "L" : "U", trans ? "T" : "N", &fn, &fk, &minus_one, a, &flda, &one, c, &fldc,
               1, 1);
        return;
    }
    long n1 = n / 2;
    if (n1 > PANEL)
        n1 -= n1 % PANEL;
    long n2 = n - n1;
    fint fn1 = (fint)n1, fn2 = (fint)n2;
    const double *a2 = trans ? a + n1 * lda : a + n1; /* op(A)'s rows n1.. */
    syrk_rec(lower, trans, n1, k, a, lda, c, ldc);
    if (lower) /* C21 -= op(A)2 op(A)1^T */
        dgemm_(trans ? "T" : "N", trans ? "N" : "T", &fn2, &fn1, &fk, &minus_one, a2, &flda, a,
               &flda, &one, c + n1, &fldc, 1, 1);
    else /* C12 -= op(A)1 op(A)2^T */
        dgemm_(trans ? "T" : "N", trans ? "N" : "T", &fn1, &fn2, &fk, &minus_one, a, &flda, a2,
               &flda, &one, c + n1 * ldc, &fldc, 1, 1);
    syrk_rec(lower, trans, n2, k, a2, lda, c + n1 + n1 * ldc, ldc);
}

/* ---- Cholesky ---- */

/* The n x n panel (n <= PANEL), right-looking; lower: A = L L^T, upper:
 * A = U^T U.  The order of the first leading minor not positive definite
 * (its updated diagonal entry left in place, as DPOTF2 leaves it), or 0. */
static long chol_panel(int lower, long n, double *a, long lda)
{
    for (long j = 0; j < n; j++) {
        double d = a[j + j * lda];
        if (!(d > 0.0)) /* not positive, or NaN: DPOTF2's test */
            return j + 1;
        d = sqrt(d);
        a[j + j * lda] = d;
        if (lower) {
            for (long i = j + 1; i < n; i++)
                a[i + j * lda] /= d;
            for (long k = j + 1; k < n; k++)
                axpy_fma(n - k, a[k + j * lda], a + k + j * lda, a + k + k * lda);
        } else {
            for (long k = j + 1; k < n; k++)
                a[j + k * lda] /= d;
            for (long k = j + 1; k < n; k++) { /* column k, rows j+1..k */
                double u = a[j + k * lda];
                for (long i = j + 1; i <= k; i++)
                    a[i + k * lda] = fma(-a[j + i * lda], u, a[i + k * lda]);
            }
        }
    }
    return 0;
}

/* Recursive Cholesky: the leading n1 x n1 block, DTRSM on the off-diagonal
 * block, DSYRK on the trailing block, the trailing block. */
static long chol_rec(int lower, long n, double *a, long lda)
{
    if (n <= PANEL)
        return chol_panel(lower, n, a, lda);
    long n1 = n / 2;
    if (n1 > PANEL)
        n1 -= n1 % PANEL;
    long n2 = n - n1;
    double *a22 = a + n1 + n1 * lda;
    fint fn1 = (fint)n1, fn2 = (fint)n2, flda = (fint)lda;
    long info = chol_rec(lower, n1, a, lda);
    if (info)
        return info;
    if (lower) {
        double *a21 = a + n1;
        dtrsm_("R", "L", "T", "N", &fn2, &fn1, &one, a, &flda, a21, &flda, 1, 1, 1, 1);
        syrk_rec(1, 0, n2, n1, a21, lda, a22, lda);
    } else {
        double *a12 = a + n1 * lda;
        dtrsm_("L", "U", "T", "N", &fn1, &fn2, &one, a, &flda, a12, &flda, 1, 1, 1, 1);
        syrk_rec(0, 1, n2, n1, a12, lda, a22, lda);
    }
    info = chol_rec(lower, n2, a22, lda);
    return info ? info + n1 : 0;
}

EXPORT void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info,
                    size_t uplo_len)
{
    (void)uplo_len;
    EXB_FPENV_SCOPE;
    int lower = *uplo == 'L' || *uplo == 'l';
    fint bad = 0;
    if (!lower && *uplo != 'U' && *uplo != 'u')
        bad = 1;
    else if (*n < 0)
        bad = 2;
    else if (*lda < (*n > 1 ? *n : 1))
        bad = 4;
    if (bad) {
        *info = -bad;
        xerbla_("DPOTRF", &bad, 6);
        return;
    }
    *info = 0;
    if (*n == 0)
        return;
    *info = (fint)chol_rec(lower, *n, a, *lda);
}

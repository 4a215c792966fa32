/*
 * exdgemm_df.c -- the double-float GEMMs of Mukunoki and Imamura (2015):
 * binary64 emulated by pairs of binary32 (core/df_core.h), for devices with
 * slow or no binary64.  NOT exact and NOT correctly rounded: the error
 * bounds are in the README and checked by test_df.
 *
 *   EXDGEMMDF   (DGEMM-D(DF)): DGEMM's arguments and meaning, binary64 in
 *     and out, the products and sums in DF arithmetic.  Each row i of op(A)
 *     and column j of op(B) is scaled by a power of two, 2^-ea_i and 2^-eb_j,
 *     that puts its largest entry in [1, 2), so that binary32's exponent
 *     range holds it (entries below 2^-126 of their row's or column's
 *     largest lose bits to underflow: the bound's absolute term); the host
 *     converts (Dekker's split by 2^29+1), the device (or the host
 *     reference) forms S' = op(A)' op(B)' in DF, and the host returns
 *     C := alpha * (S'_ij 2^(ea_i + eb_j)) + beta*C in binary64.  A row of
 *     op(A) or column of op(B) holding a NaN or an Inf, which DF arithmetic
 *     cannot carry, gives its elements of C by plain binary64 arithmetic
 *     (as DGEMM: NaN and Inf propagate).
 *   EXDGEMMDFDF (DGEMM-DF(DF)): A, B, C, alpha and beta are DF pairs
 *     (exactblas_df) and everything is DF: C := alpha*S + beta*C.  The data
 *     is in binary32's range by construction; a result beyond it is Inf.
 *
 * Arguments, errors (XERBLA 'EXDGEMMDF' / 'EXDGEMMDFDF', positions as
 * DGEMM's) and quick returns as EXDGEMM.  Without memory for the packed
 * copies: one line, and EXDGEMMDF computes in plain binary64, EXDGEMMDFDF
 * leaves C unchanged.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "core/fpenv.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"
#include "backend/device.h"
#include "backend/gemm_df.h"
#include "routines.h"

EXB_ENTRY(exactblas_df, exactblas_df_from_double, (double x), (x))
{
    exactblas_df r;
    /* Dekker's split: hi keeps the top 24 bits, x - hi is exact */
    if (!(fabs(x) < 0x1p990)) { /* the split's product would overflow; no DF holds x */
        r.hi = (float)x;
        r.lo = 0.0f;
        return r;
    }
    double t = x * 536870913.0, hi = t - (t - x);
    r.hi = (float)hi;
    r.lo = (float)(x - hi);
    return r;
}

EXB_ENTRY(double, exactblas_df_to_double, (exactblas_df x), (x))
{
    return (double)x.hi + (double)x.lo;
}

static exb_df df_in(exactblas_df x)
{
    return exb_df_make(x.hi, x.lo);
}

/* The packed product, on the device when OpenCL is wanted and works. */
static void df_product(const exb_df_gemm *g)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    int cl = exb_cl_wanted_df(&knobs);
    if (cl && exb_cl_gemm_df(g, &knobs) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_gemm_df(g, &knobs);
        exb_path_host(cl);
    }
}

/* ---- EXDGEMMDF --------------------------------------------------------------- */

typedef struct dview {
    int ta, tb;
    const double *a, *b;
    long lda, ldb;
} dview;

static double opa(const dview *v, long i, long l)
{
    return v->ta ? v->a[l + i * v->lda] : v->a[i + l * v->lda];
}

static double opb(const dview *v, long l, long j)
{
    return v->tb ? v->b[j + l * v->ldb] : v->b[l + j * v->ldb];
}

/* alpha * sum_l op(A)_il op(B)_lj + beta*c in plain binary64 (DGEMM's order). */
static double plain_element(const dview *v, long i, long j, long k, double alpha, double beta,
                            double c)
{
    double s = 0.0;
    for (long l = 0; l < k; l++)
        s += opa(v, i, l) * opb(v, l, j);
    s *= alpha;
    return beta == 0.0 ? s : s + beta * c;
}

/* The exponent that scales row q of op(A) (of_b = 0) or column q of op(B)
 * (of_b = 1) so that its largest entry lies in [1, 2) (0 for a zero
 * vector); *bad = 1 (and 0) when the vector holds a NaN or an Inf. */
static int scale_of(const dview *v, int of_b, long q, long k, char *bad)
{
    double big = 0.0;
    for (long l = 0; l < k; l++) {
        double x = of_b ? opb(v, l, q) : opa(v, q, l);
        big = isnan(x) ? INFINITY : fmax(big, fabs(x));
    }
    *bad = !isfinite(big);
    return *bad || big == 0.0 ? 0 : ilogb(big);
}

static void dgemm_df(const dview *v, long m, long n, long k, double alpha, double beta, double *c,
                     long ldc)
{
    int *ea = malloc((size_t)(m + n) * sizeof *ea), *eb = ea ? ea + m : NULL;
    char *bad = malloc((size_t)(m + n)), *bad_b = bad ? bad + m : NULL;
    exb_df *ap = malloc((size_t)(m * k) * sizeof *ap), *bp = malloc((size_t)(k * n) * sizeof *bp);
    exb_df *cp = malloc((size_t)(m * n) * sizeof *cp);
    if (!ea || !bad || !ap || !bp || !cp) {
        exb_note("EXDGEMMDF: no memory for the double-float copies; computing in binary64");
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                c[i + j * ldc] = plain_element(v, i, j, k, alpha, beta, c[i + j * ldc]);
    } else {
        for (long i = 0; i < m; i++)
            ea[i] = scale_of(v, 0, i, k, &bad[i]);
        for (long j = 0; j < n; j++)
            eb[j] = scale_of(v, 1, j, k, &bad_b[j]);
        for (long l = 0; l < k; l++)
            for (long i = 0; i < m; i++)
                ap[i + l * m] =
                    df_in(exactblas_df_from_double(bad[i] ? 0.0 : ldexp(opa(v, i, l), -ea[i])));
        for (long j = 0; j < n; j++)
            for (long l = 0; l < k; l++)
                bp[l + j * k] =
                    df_in(exactblas_df_from_double(bad_b[j] ? 0.0 : ldexp(opb(v, l, j), -eb[j])));
        exb_df_gemm g = {m, n, k, ap, bp, exb_df_make(1.0f, 0.0f), exb_df_make(0.0f, 0.0f), 0, cp};
        df_product(&g);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) {
                double *cij = &c[i + j * ldc];
                if (bad[i] || bad_b[j]) {
                    *cij = plain_element(v, i, j, k, alpha, beta, *cij);
                    continue;
                }
                exb_df s = cp[i + j * m];
                double t = alpha * ldexp((double)s.hi + (double)s.lo, ea[i] + eb[j]);
                *cij = beta == 0.0 ? t : t + beta * *cij;
            }
    }
    free(ea);
    free(bad);
    free(ap);
    free(bp);
    free(cp);
}

EXB_ENTRY_VOID(exb_dgemm_df_checked,
               (const char *name, char transa, char transb, long m, long n, long k, double alpha,
                const double *a, long lda, const double *b, long ldb, double beta, double *c,
                long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    exb_path_begin();
    int bad = exb_gemm_check(transa, transb, m, n, k, lda, ldb, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0))
        return;
    if (alpha == 0.0 || k == 0) {
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                c[i + j * (long)ldc] = beta == 0.0 ? 0.0 : beta * c[i + j * (long)ldc];
    } else {
        dview v = {!exb_lsame(transa, 'N'), !exb_lsame(transb, 'N'), a, b, lda, ldb};
        dgemm_df(&v, m, n, k, alpha, beta, c, ldc);
    }
}

void exactblas_dgemm_df(char transa, char transb, int m, int n, int k, double alpha,
                        const double *a, int lda, const double *b, int ldb, double beta, double *c,
                        int ldc)
{
    exb_dgemm_df_checked("EXDGEMMDF", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* ---- EXDGEMMDFDF ------------------------------------------------------------- */

static int df_is_zero(exactblas_df x)
{
    return x.hi == 0.0f && x.lo == 0.0f;
}

/* C := beta*C in DF (0 when beta = 0; C not read then). */
static void scale_c(long m, long n, exactblas_df beta, exactblas_df *c, long ldc)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            exactblas_df *cij = &c[i + j * ldc];
            exb_df r =
                df_is_zero(beta) ? exb_df_make(0.0f, 0.0f) : exb_df_mul(df_in(beta), df_in(*cij));
            cij->hi = r.hi;
            cij->lo = r.lo;
        }
}

static void dgemm_dfdf(int ta, int tb, long m, long n, long k, exactblas_df alpha,
                       const exactblas_df *a, long lda, const exactblas_df *b, long ldb,
                       exactblas_df beta, exactblas_df *c, long ldc)
{
    exb_df *ap = malloc((size_t)(m * k) * sizeof *ap), *bp = malloc((size_t)(k * n) * sizeof *bp);
    exb_df *cp = malloc((size_t)(m * n) * sizeof *cp);
    if (!ap || !bp || !cp) {
        exb_note("EXDGEMMDFDF: no memory for the packed copies; C is unchanged");
    } else {
        for (long l = 0; l < k; l++)
            for (long i = 0; i < m; i++)
                ap[i + l * m] = df_in(ta ? a[l + i * lda] : a[i + l * lda]);
        for (long j = 0; j < n; j++)
            for (long l = 0; l < k; l++)
                bp[l + j * k] = df_in(tb ? b[j + l * ldb] : b[l + j * ldb]);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                cp[i + j * m] = df_is_zero(beta) ? exb_df_make(0.0f, 0.0f) : df_in(c[i + j * ldc]);
        exb_df_gemm g = {m, n, k, ap, bp, df_in(alpha), df_in(beta), 1, cp};
        df_product(&g);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) {
                c[i + j * ldc].hi = cp[i + j * m].hi;
                c[i + j * ldc].lo = cp[i + j * m].lo;
            }
    }
    free(ap);
    free(bp);
    free(cp);
}

EXB_ENTRY_VOID(exb_dgemm_dfdf_checked,
               (const char *name, char transa, char transb, long m, long n, long k,
                exactblas_df alpha, const exactblas_df *a, long lda, const exactblas_df *b,
                long ldb, exactblas_df beta, exactblas_df *c, long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    exb_path_begin();
    int bad = exb_gemm_check(transa, transb, m, n, k, lda, ldb, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    int beta_one = beta.hi == 1.0f && beta.lo == 0.0f;
    if (m == 0 || n == 0 || ((df_is_zero(alpha) || k == 0) && beta_one))
        return;
    if (df_is_zero(alpha) || k == 0)
        scale_c(m, n, beta, c, ldc);
    else
        dgemm_dfdf(!exb_lsame(transa, 'N'), !exb_lsame(transb, 'N'), m, n, k, alpha, a, lda, b, ldb,
                   beta, c, ldc);
}

void exactblas_dgemm_dfdf(char transa, char transb, int m, int n, int k, exactblas_df alpha,
                          const exactblas_df *a, int lda, const exactblas_df *b, int ldb,
                          exactblas_df beta, exactblas_df *c, int ldc)
{
    exb_dgemm_dfdf_checked("EXDGEMMDFDF", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                           ldc);
}

/*
 * test_lapack_face.c -- LAPACK's solvers on whatever BLAS the program is
 * linked with (test_lapack_face: libexactblas_blas ahead of the system BLAS;
 * test_lapack_plain: the system BLAS alone), run by lapack_face.sh once per
 * knob setting, each in a fresh process (the knobs are read once).
 *
 * Solves, in this order: DGESV (n x n, 3 right-hand sides), DGETRF+DGETRS
 * (transposed), DPOTRF+DPOTRS (SPD), DGELS (2n x n least squares), then
 * DGESV and DPOTRF+DPOTRS again through LAPACKE (the C interface), which
 * must give the Fortran calls' bytes, for n in
 * 1 2 3 10 64 65 200 on a random and an ill-conditioned (Hilbert-like,
 * n <= 12) matrix.  Prints one line: the FNV-1a hash of every output byte
 * (factors, solutions, INFO), and the largest normwise backward-error ratio
 * ||b - A x|| / ((||A|| ||x|| + ||b||) n eps) of the square solves, residuals
 * in long double.  Exit 1 when a ratio exceeds 30 (LAPACK's own threshold)
 * or an INFO is not 0.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lapacke.h>

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t uplo_len);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t uplo_len);
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
            const int *lda, double *b, const int *ldb, double *work, const int *lwork, int *info,
            size_t trans_len);

static uint64_t hash = UINT64_C(14695981039346656037);
static double worst;
static int failures;

static void absorb(const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < len; k++)
        hash = (hash ^ b[k]) * UINT64_C(1099511628211);
}

static uint64_t rng = 88172645463325252ULL;
static double uniform(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1p-53 * 2.0 - 1.0;
}

/* The backward-error ratio of x for op(A) x = b (trans: A^T), in long double. */
static void check(const char *what, int n, const double *a, int trans, const double *x,
                  const double *b, int info)
{
    long double rmax = 0, amax = 0, xmax = 0, bmax = 0;
    for (int i = 0; i < n; i++) {
        long double r = b[i], arow = 0;
        for (int j = 0; j < n; j++) {
            double aij = trans ? a[j + (long)i * n] : a[i + (long)j * n];
            r -= (long double)aij * x[j];
            arow += fabsl(aij);
        }
        rmax = fmaxl(rmax, fabsl(r));
        amax = fmaxl(amax, arow);
        xmax = fmaxl(xmax, fabsl(x[i]));
        bmax = fmaxl(bmax, fabsl(b[i]));
    }
    double ratio = (double)(rmax / ((amax * xmax + bmax) * n * DBL_EPSILON));
    if (ratio > worst)
        worst = ratio;
    if (info != 0 || !(ratio <= 30.0)) {
        failures++;
        printf("FAIL %s n=%d: INFO %d, backward-error ratio %.3g\n", what, n, info, ratio);
    }
}

static void fill(int kind, int n, double *a)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            a[i + (long)j * n] = kind == 0 ? uniform() : 1.0 / (i + j + 1.0) + 1e-3 * uniform();
}

static void square_solves(int kind, int n)
{
    int nrhs = 3, info, lda = n;
    size_t nn = (size_t)n * n;
    double *a = malloc(nn * sizeof *a), *f = malloc(nn * sizeof *f);
    double *b = malloc((size_t)n * nrhs * sizeof *b), *x = malloc((size_t)n * nrhs * sizeof *x);
    int *ipiv = malloc((size_t)n * sizeof *ipiv);
    fill(kind, n, a);
    for (int k = 0; k < n * nrhs; k++)
        b[k] = uniform();

    memcpy(f, a, nn * sizeof *f);
    memcpy(x, b, (size_t)n * nrhs * sizeof *x);
    dgesv_(&n, &nrhs, f, &lda, ipiv, x, &lda, &info);
    absorb(f, nn * sizeof *f);
    absorb(x, (size_t)n * nrhs * sizeof *x);
    absorb(&info, sizeof info);
    for (int r = 0; r < nrhs; r++)
        check("DGESV", n, a, 0, x + (long)r * n, b + (long)r * n, info);

    memcpy(f, a, nn * sizeof *f);
    memcpy(x, b, (size_t)n * nrhs * sizeof *x);
    dgetrf_(&n, &n, f, &lda, ipiv, &info);
    if (info == 0)
        dgetrs_("T", &n, &nrhs, f, &lda, ipiv, x, &lda, &info, 1);
    absorb(x, (size_t)n * nrhs * sizeof *x);
    for (int r = 0; r < nrhs; r++)
        check("DGETRF+DGETRS('T')", n, a, 1, x + (long)r * n, b + (long)r * n, info);

    /* SPD: A^T A / n + I */
    double *s = malloc(nn * sizeof *s);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            long double t = i == j;
            for (int k = 0; k < n; k++)
                t += (long double)a[k + (long)i * n] * a[k + (long)j * n] / n;
            s[i + (long)j * n] = (double)t;
        }
    memcpy(f, s, nn * sizeof *f);
    memcpy(x, b, (size_t)n * nrhs * sizeof *x);
    dpotrf_("L", &n, f, &lda, &info, 1);
    if (info == 0)
        dpotrs_("L", &n, &nrhs, f, &lda, x, &lda, &info, 1);
    absorb(f, nn * sizeof *f);
    absorb(x, (size_t)n * nrhs * sizeof *x);
    for (int r = 0; r < nrhs; r++)
        check("DPOTRF+DPOTRS", n, s, 0, x + (long)r * n, b + (long)r * n, info);

    /* LAPACKE: the same solves through the C interface, the same bytes */
    {
        double *f2 = malloc(nn * sizeof *f2), *x2 = malloc((size_t)n * nrhs * sizeof *x2);
        double *fr = malloc(nn * sizeof *fr), *xr = malloc((size_t)n * nrhs * sizeof *xr);
        lapack_int *ip2 = malloc((size_t)n * sizeof *ip2);
        memcpy(fr, a, nn * sizeof *fr);
        memcpy(xr, b, (size_t)n * nrhs * sizeof *xr);
        dgesv_(&n, &nrhs, fr, &lda, ipiv, xr, &lda, &info);
        memcpy(f2, a, nn * sizeof *f2);
        memcpy(x2, b, (size_t)n * nrhs * sizeof *x2);
        lapack_int info2 = LAPACKE_dgesv(LAPACK_COL_MAJOR, n, nrhs, f2, n, ip2, x2, n);
        if (info2 != info || memcmp(f2, fr, nn * sizeof *f2) ||
            memcmp(x2, xr, (size_t)n * nrhs * sizeof *x2)) {
            failures++;
            printf("FAIL LAPACKE_dgesv n=%d: not the bytes of dgesv_\n", n);
        }
        memcpy(f2, s, nn * sizeof *f2);
        memcpy(x2, b, (size_t)n * nrhs * sizeof *x2);
        info2 = LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'L', n, f2, n);
        if (info2 == 0)
            info2 = LAPACKE_dpotrs(LAPACK_COL_MAJOR, 'L', n, nrhs, f2, n, x2, n);
        absorb(x2, (size_t)n * nrhs * sizeof *x2);
        for (int r = 0; r < nrhs; r++)
            check("LAPACKE_dpotrf+dpotrs", n, s, 0, x2 + (long)r * n, b + (long)r * n, (int)info2);
        free(f2);
        free(x2);
        free(fr);
        free(xr);
        free(ip2);
    }

    /* least squares: [A; A/3] (2n x n), two right-hand sides */
    int m = 2 * n, ldm = m, two = 2, lwork = -1;
    double *ls = malloc((size_t)m * n * sizeof *ls), *lb = malloc((size_t)m * 2 * sizeof *lb);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            ls[i + (long)j * m] = a[i + (long)j * n];
            ls[n + i + (long)j * m] = a[i + (long)j * n] / 3.0;
        }
    for (int k = 0; k < m * 2; k++)
        lb[k] = uniform();
    double query;
    dgels_("N", &m, &n, &two, ls, &ldm, lb, &ldm, &query, &lwork, &info, 1);
    lwork = (int)query;
    double *work = malloc((size_t)lwork * sizeof *work);
    dgels_("N", &m, &n, &two, ls, &ldm, lb, &ldm, work, &lwork, &info, 1);
    absorb(ls, (size_t)m * n * sizeof *ls);
    absorb(lb, (size_t)m * 2 * sizeof *lb);
    absorb(&info, sizeof info);
    if (info != 0) {
        failures++;
        printf("FAIL DGELS n=%d: INFO %d\n", n, info);
    }
    free(work);
    free(ls);
    free(lb);
    free(s);
    free(a);
    free(f);
    free(b);
    free(x);
    free(ipiv);
}

int main(void)
{
    static const int sizes[] = {1, 2, 3, 10, 64, 65, 200};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        square_solves(0, sizes[k]);
        if (sizes[k] <= 12)
            square_solves(1, sizes[k]);
    }
    printf("hash %016llx worst backward-error ratio %.3g%s\n", (unsigned long long)hash, worst,
           failures ? " FAILED" : "");
    return failures != 0;
}

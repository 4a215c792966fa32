/*
 * bench_lapack.c -- LAPACK's DGESV and DPOTRF+DPOTRS on whatever BLAS the
 * process gets (bench_lapack.sh runs it on libexactblas_blas, netlib BLAS
 * and OpenBLAS under the same netlib LAPACK, and on OpenBLAS's own LAPACK):
 * medians of `reps` solves per order (one right-hand side), in ms, and the
 * normwise backward-error ratio ||b - Ax|| / ((||A|| ||x|| + ||b||) n eps)
 * of the last solve (long double residual).  Then DGESV on ill-conditioned
 * matrices (n = 100, 200; A = H1 S H2 with Householder reflectors H1, H2
 * and singular values from 1 down to 1e-12, rounded to binary64): the
 * forward error max|x - x*| / max|x*| against x*, the solution of that
 * binary64 system computed by MPFR (Gaussian elimination with partial
 * pivoting at 400 bits).
 *
 * usage: bench_lapack reps n1 n2 ...
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "bench_args.h"
#include "timing.h"

static const char usage[] =
    "usage: bench_lapack reps n ...\n"
    "  LAPACK's DGESV and DPOTRF+DPOTRS on whatever BLAS this process gets (run it\n"
    "  through TESTING/bench_lapack.sh, which gives it libexactblas_blas, netlib\n"
    "  BLAS and OpenBLAS in turn), then DGESV's forward error on ill-conditioned\n"
    "  matrices against MPFR.\n"
    "  reps  solves timed per order, 1..64\n"
    "  n     orders, 1..20000\n"
    "  Prints median times in ms, the backward-error ratio ||b - Ax|| / ((||A|| ||x||\n"
    "  + ||b||) n eps) (no unit; below 1 is backward stable), and forward errors\n"
    "  max|x - x*| / max|x*| (no unit).\n";

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t len);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t len);

static double ratio(int n, const double *a, const double *x, const double *b)
{
    long double rmax = 0, amax = 0, xmax = 0, bmax = 0;
    for (int i = 0; i < n; i++) {
        long double r = b[i], row = 0;
        for (int j = 0; j < n; j++) {
            r -= (long double)a[i + (long)j * n] * x[j];
            row += fabsl(a[i + (long)j * n]);
        }
        rmax = fmaxl(rmax, fabsl(r));
        amax = fmaxl(amax, row);
        xmax = fmaxl(xmax, fabsl(x[i]));
        bmax = fmaxl(bmax, fabsl(b[i]));
    }
    return (double)(rmax / ((amax * xmax + bmax) * n * DBL_EPSILON));
}

/* A = H1 diag(s) H2, s_i = 10^(-12 i/(n-1)), H = I - 2 v v^T / (v^T v). */
static void ill_matrix(int n, double *a, unsigned long long *seed)
{
    double *v = malloc((size_t)n * sizeof *v), *w = malloc((size_t)n * sizeof *w);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            a[i + (long)j * n] = i == j ? pow(10.0, -12.0 * i / (n - 1)) : 0.0;
    for (int side = 0; side < 2; side++) {
        double vv = 0;
        for (int i = 0; i < n; i++) {
            *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
            v[i] = (double)(*seed >> 11) * 0x1p-53 - 0.5;
            vv += v[i] * v[i];
        }
        for (int k = 0; k < n; k++) { /* side 0: rows (H1 A), side 1: columns (A H2) */
            double d = 0;
            for (int i = 0; i < n; i++)
                d += v[i] * (side ? a[k + (long)i * n] : a[i + (long)k * n]);
            w[k] = 2.0 * d / vv;
        }
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++) {
                if (side)
                    a[k + (long)i * n] -= w[k] * v[i];
                else
                    a[i + (long)k * n] -= v[i] * w[k];
            }
    }
    free(v);
    free(w);
}

/* x* of A x = b for the binary64 A and b, by MPFR at 400 bits. */
static void mpfr_solve(int n, const double *a, const double *b, double *x)
{
    mpfr_t *m = malloc((size_t)n * (n + 1) * sizeof *m), t, u;
    mpfr_inits2(400, t, u, (mpfr_ptr)0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= n; j++) {
            mpfr_init2(m[i * (n + 1) + j], 400);
            mpfr_set_d(m[i * (n + 1) + j], j < n ? a[i + (long)j * n] : b[i], MPFR_RNDN);
        }
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (mpfr_cmpabs(m[i * (n + 1) + k], m[p * (n + 1) + k]) > 0)
                p = i;
        for (int j = 0; j <= n && p != k; j++)
            mpfr_swap(m[k * (n + 1) + j], m[p * (n + 1) + j]);
        for (int i = k + 1; i < n; i++) {
            mpfr_div(t, m[i * (n + 1) + k], m[k * (n + 1) + k], MPFR_RNDN);
            for (int j = k; j <= n; j++) {
                mpfr_mul(u, t, m[k * (n + 1) + j], MPFR_RNDN);
                mpfr_sub(m[i * (n + 1) + j], m[i * (n + 1) + j], u, MPFR_RNDN);
            }
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        mpfr_set(t, m[i * (n + 1) + n], MPFR_RNDN);
        for (int j = i + 1; j < n; j++) {
            mpfr_mul(u, m[i * (n + 1) + j], m[j * (n + 1) + n], MPFR_RNDN);
            mpfr_sub(t, t, u, MPFR_RNDN);
        }
        mpfr_div(m[i * (n + 1) + n], t, m[i * (n + 1) + i], MPFR_RNDN);
        x[i] = mpfr_get_d(m[i * (n + 1) + n], MPFR_RNDN);
    }
    for (int i = 0; i < n * (n + 1); i++)
        mpfr_clear(m[i]);
    mpfr_clears(t, u, (mpfr_ptr)0);
    free(m);
}

static void forward_errors(void)
{
    unsigned long long seed = 777;
    printf("%6s %14s   (ill-conditioned, cond ~ 1e12)\n", "n", "DGESV fwd err");
    for (int n = 100; n <= 200; n += 100) {
        size_t nn = (size_t)n * n;
        double *a = malloc(nn * sizeof *a), *f = malloc(nn * sizeof *f);
        double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
        double *xs = malloc((size_t)n * sizeof *xs);
        int *ipiv = malloc((size_t)n * sizeof *ipiv), one = 1, info;
        ill_matrix(n, a, &seed);
        for (int i = 0; i < n; i++)
            b[i] = 1.0;
        mpfr_solve(n, a, b, xs);
        memcpy(f, a, nn * sizeof *f);
        memcpy(x, b, (size_t)n * sizeof *x);
        dgesv_(&n, &one, f, &n, ipiv, x, &n, &info);
        double num = 0, den = 0;
        for (int i = 0; i < n; i++) {
            num = fmax(num, fabs(x[i] - xs[i]));
            den = fmax(den, fabs(xs[i]));
        }
        printf("%6d %14.3e\n", n, num / den);
        free(a);
        free(f);
        free(b);
        free(x);
        free(xs);
        free(ipiv);
    }
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    if (argc < 3)
        bench_bad("missing arguments: reps and at least one n", NULL, usage);
    int reps = (int)bench_count(argv[1], 1, 64, "reps", usage), one = 1, info;
    for (int k = 2; k < argc; k++)
        bench_count(argv[k], 1, 20000, "n", usage);
    unsigned long long s = 12345;
    printf("%6s %12s %10s %12s %10s\n", "n", "DGESV ms", "ratio", "DPOTRF+S ms", "ratio");
    for (int k = 2; k < argc; k++) {
        int n = atoi(argv[k]);
        size_t nn = (size_t)n * n;
        double *a = malloc(nn * sizeof *a), *f = malloc(nn * sizeof *f),
               *p = malloc(nn * sizeof *p);
        double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
        int *ipiv = malloc((size_t)n * sizeof *ipiv);
        for (size_t q = 0; q < nn; q++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            a[q] = (double)(s >> 11) * 0x1p-53 - 0.5;
        }
        for (int i = 0; i < n; i++)
            b[i] = 1.0 + i % 7;
        /* SPD: A + A^T + 2n I, symmetric and diagonally dominant */
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                p[i + (long)j * n] =
                    a[i + (long)j * n] + a[j + (long)i * n] + (i == j ? 2.0 * n : 0);
        double t[2][64], rat[2];
        int r = reps < 64 ? reps : 64;
        for (int which = 0; which < 2; which++) {
            for (int q = 0; q < r; q++) {
                memcpy(f, which ? p : a, nn * sizeof *f);
                memcpy(x, b, (size_t)n * sizeof *x);
                double t0 = tl_now();
                if (which == 0) {
                    dgesv_(&n, &one, f, &n, ipiv, x, &n, &info);
                } else {
                    dpotrf_("L", &n, f, &n, &info, 1);
                    dpotrs_("L", &n, &one, f, &n, x, &n, &info, 1);
                }
                t[which][q] = 1e3 * (tl_now() - t0);
            }
            rat[which] = ratio(n, which ? p : a, x, b);
        }
        printf("%6d %12.1f %10.3f %12.1f %10.3f\n", n, tl_median(t[0], r), rat[0],
               tl_median(t[1], r), rat[1]);
        free(a);
        free(f);
        free(p);
        free(b);
        free(x);
        free(ipiv);
    }
    forward_errors();
    return 0;
}

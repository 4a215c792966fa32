/*
 * bench_lapack.c -- LAPACK's DGESV and DPOTRF+DPOTRS on whatever BLAS the
 * process gets (bench_lapack.sh runs it on libexactblas_blas, netlib BLAS
 * and OpenBLAS under the same netlib LAPACK, and on OpenBLAS's own LAPACK):
 * medians of `reps` solves per order (one right-hand side), in ms, and the
 * normwise backward-error ratio ||b - Ax|| / ((||A|| ||x|| + ||b||) n eps)
 * of the last solve (long double residual).
 *
 * usage: bench_lapack reps n1 n2 ...
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t len);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t len);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

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

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    int reps = atoi(argv[1]), one = 1, info;
    unsigned long long s = 12345;
    printf("%6s %12s %10s %12s %10s\n", "n", "DGESV ms", "ratio", "DPOTRF+S ms", "ratio");
    for (int k = 2; k < argc; k++) {
        int n = atoi(argv[k]);
        size_t nn = (size_t)n * n;
        double *a = malloc(nn * sizeof *a), *f = malloc(nn * sizeof *f), *p = malloc(nn * sizeof *p);
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
                p[i + (long)j * n] = a[i + (long)j * n] + a[j + (long)i * n] + (i == j ? 2.0 * n : 0);
        double t[2][64], rat[2];
        int r = reps < 64 ? reps : 64;
        for (int which = 0; which < 2; which++) {
            for (int q = 0; q < r; q++) {
                memcpy(f, which ? p : a, nn * sizeof *f);
                memcpy(x, b, (size_t)n * sizeof *x);
                double t0 = now();
                if (which == 0) {
                    dgesv_(&n, &one, f, &n, ipiv, x, &n, &info);
                } else {
                    dpotrf_("L", &n, f, &n, &info, 1);
                    dpotrs_("L", &n, &one, f, &n, x, &n, &info, 1);
                }
                t[which][q] = 1e3 * (now() - t0);
            }
            rat[which] = ratio(n, which ? p : a, x, b);
            qsort(t[which], (size_t)r, sizeof(double), cmp);
        }
        printf("%6d %12.1f %10.3f %12.1f %10.3f\n", n, t[0][r / 2], rat[0], t[1][r / 2], rat[1]);
        free(a);
        free(f);
        free(p);
        free(b);
        free(x);
        free(ipiv);
    }
    return 0;
}

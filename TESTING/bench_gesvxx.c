/*
 * bench_gesvxx.c -- the cost of the proven solution: EXDGESVXX against
 * OpenBLAS's DGESV and EXDPOSVXX against OpenBLAS's DPOSV, in one run, the
 * calls of each timed in a block (median of reps), one right-hand side.
 * OpenBLAS is opened by its file name (dlopen), so nothing else in the
 * process changes.  Data: uniform in (-1, 1) (well conditioned), SPD as
 * B^T B / n + I.
 *
 * usage: bench_gesvxx reps n ...
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_args.h"
#include "exactblas.h"
#include "timing.h"

#ifndef BENCH_OPENBLAS
#define BENCH_OPENBLAS "libopenblas.so.0"
#endif

static const char usage[] =
    "usage: bench_gesvxx reps n ...\n"
    "  EXDGESVXX against OpenBLAS's DGESV, EXDPOSVXX against OpenBLAS's DPOSV (one\n"
    "  right-hand side, each routine's calls timed in a block).\n"
    "  reps  calls timed per routine and order, 1..64\n"
    "  n     orders, 2..4000\n"
    "  Prints the median time of each in ms, their ratio and the fraction of\n"
    "  components proven.\n";

typedef void (*gesv_fn)(const int *, const int *, double *, const int *, int *, double *,
                        const int *, int *);
typedef void (*posv_fn)(const char *, const int *, const int *, double *, const int *, double *,
                        const int *, int *, size_t);

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    if (argc < 3)
        bench_bad("too few arguments", NULL, usage);
    int reps = (int)bench_count(argv[1], 1, 64, "reps", usage);
    void *h = dlopen(BENCH_OPENBLAS, RTLD_NOW | RTLD_LOCAL);
    gesv_fn gesv = h ? (gesv_fn)dlsym(h, "dgesv_") : NULL;
    posv_fn posv = h ? (posv_fn)dlsym(h, "dposv_") : NULL;
    if (!gesv || !posv) {
        fprintf(stderr, "bench_gesvxx: OpenBLAS (%s) not found\n", BENCH_OPENBLAS);
        return 1;
    }
    printf("%-9s %6s %12s %12s %8s %8s\n", "routine", "n", "OpenBLAS ms", "exact ms", "ratio",
           "proven");
    for (int q = 2; q < argc; q++) {
        int n = (int)bench_count(argv[q], 2, 4000, "n", usage), one = 1, info;
        size_t nn = (size_t)n * n;
        double *a = malloc(nn * sizeof *a), *s = malloc(nn * sizeof *s),
               *w = malloc(nn * sizeof *w);
        double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
        double *bd = malloc((size_t)n * sizeof *bd), t[64], u[64];
        int *piv = malloc((size_t)n * sizeof *piv), *pv = malloc((size_t)n * sizeof *pv);
        srand(7);
        for (size_t e = 0; e < nn; e++)
            a[e] = 2.0 * rand() / RAND_MAX - 1.0;
        for (int i = 0; i < n; i++)
            b[i] = 2.0 * rand() / RAND_MAX - 1.0;
        for (int j = 0; j < n; j++) /* s = a^T a / n + I */
            for (int i = 0; i <= j; i++) {
                double v = 0.0;
                for (int k = 0; k < n; k++)
                    v += a[k + (size_t)i * n] * a[k + (size_t)j * n];
                s[i + (size_t)j * n] = s[j + (size_t)i * n] = v / n + (i == j);
            }
        for (int sys = 0; sys < 2; sys++) {
            const double *m = sys ? s : a;
            for (int r = 0; r < reps; r++) {
                memcpy(w, m, nn * sizeof *w);
                memcpy(x, b, (size_t)n * sizeof *x);
                double t0 = tl_now();
                if (sys)
                    posv("L", &n, &one, w, &n, x, &n, &info, 1);
                else
                    gesv(&n, &one, w, &n, piv, x, &n, &info);
                t[r] = tl_now() - t0;
            }
            long proven = 0;
            for (int r = 0; r < reps; r++) {
                double t0 = tl_now();
                if (sys)
                    exactblas_dposvxx('L', n, 1, m, n, b, n, x, n, pv, bd, &info);
                else
                    exactblas_dgesvxx(n, 1, m, n, b, n, x, n, pv, bd, &info);
                u[r] = tl_now() - t0;
            }
            for (int i = 0; i < n; i++)
                proven += pv[i];
            double mo = tl_median(t, reps) * 1e3, me = tl_median(u, reps) * 1e3;
            printf("%-9s %6d %12.2f %12.2f %8.2f %7.1f%%\n", sys ? "EXDPOSVXX" : "EXDGESVXX", n, mo,
                   me, me / mo, 100.0 * proven / n);
            fflush(stdout);
        }
        free(a), free(s), free(w), free(b), free(x), free(bd), free(piv), free(pv);
    }
    return 0;
}

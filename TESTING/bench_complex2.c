/*
 * bench_complex2.c -- the complex Level 2 routines against OpenBLAS and
 * against their exact real twin of the same real work, in one run: medians
 * of `reps` calls, each routine's calls timed in a block of their own.
 *
 * usage: bench_complex2 [reps [threads [n ...]]]   (default 7 2 100 1000 2000)
 * The twins: an n x n complex GEMV-like product reads 4 n^2 real products,
 * as EXDGEMV of order 2n; ZTRSV of order n has the products of EXDTRSV of
 * order 2n (its quotients are complex).  Rows: ZGEMV N and C, ZHEMV (twin
 * EXDGEMV 2n), ZTRMV and ZTRSV (lower, non-unit: diagonal entries with both
 * parts nonzero), ZGBMV and ZHBMV with 16 off-diagonals (twin: EXDGEMV 2n,
 * for scale only), alpha = 1, beta = 0.5.  Prints exact ms, OpenBLAS ms,
 * exact/OpenBLAS and exact/twin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_blas.h"
#include "blasref.h"
#include "exactblas.h"
#include "level2/zlevel2.h"
#include "level3/level3.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_complex2 [reps [threads [n ...]]]\n"
    "  Exact ZGEMV (N, C), ZHEMV, ZTRMV, ZTRSV, ZGBMV, ZHBMV against OpenBLAS's and\n"
    "  against the exact real twin (EXDGEMV, EXDTRSV of order 2n).  Defaults: 7\n"
    "  repetitions, 2 threads, n = 100 1000 2000.  Prints median times in ms and\n"
    "  the two ratios.\n";

#define K 16

enum { GEMV_N, GEMV_C, HEMV, TRMV, TRSV, TRSV_C, GBMV, HBMV, NR };
static const char *names[] = {"ZGEMV N", "ZGEMV C", "ZHEMV", "ZTRMV",
                              "ZTRSV N", "ZTRSV C", "ZGBMV", "ZHBMV"};

typedef struct bench {
    int n, routine, openblas;
    double *a, *ab, *x, *y, *y0, *ra, *rx, *ry;
    exb_blasref *ob;
} bench;

typedef void (*gemv_t)(const char *, const int *, const int *, const double *, const double *,
                       const int *, const double *, const int *, const double *, double *,
                       const int *, size_t);

static void call(void *arg)
{
    bench *b = arg;
    int n = b->n, one = 1, k = K, ldab = 2 * K + 1, ldk = K + 1;
    double al[2] = {1.0, 0.0}, be[2] = {0.5, 0.0};
    exb_blasref *o = b->ob;
#define OB(name) exb_blasref_symbol(o, name)
    switch (b->routine) {
    case GEMV_N:
    case GEMV_C: {
        const char *t = b->routine == GEMV_N ? "N" : "C";
        if (b->openblas)
            ((gemv_t)OB("zgemv_"))(t, &n, &n, al, b->a, &n, b->x, &one, be, b->y, &one, 1);
        else
            exb_zgemv_checked("ZGEMV ", t[0], n, n, al, b->a, n, b->x, 1, be, b->y, 1);
        break;
    }
    case HEMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const double *, const double *, const int *,
                       const double *, const int *, const double *, double *, const int *,
                       size_t))OB("zhemv_"))("L", &n, al, b->a, &n, b->x, &one, be, b->y, &one, 1);
        else
            exb_zhemv_checked("ZHEMV ", 'L', n, al, b->a, n, b->x, 1, be, b->y, 1);
        break;
    case TRMV:
    case TRSV:
    case TRSV_C: {
        const char *t = b->routine == TRSV_C ? "C" : "N";
        memcpy(b->y, b->y0, (size_t)(2 * n) * sizeof *b->y);
        if (b->openblas)
            ((void (*)(const char *, const char *, const char *, const int *, const double *,
                       const int *, double *, const int *, size_t, size_t,
                       size_t))OB(b->routine == TRMV ? "ztrmv_" : "ztrsv_"))(
                "L", t, "N", &n, b->a, &n, b->y, &one, 1, 1, 1);
        else
            exb_xtrmv_checked(b->routine == TRMV ? "ZTRMV " : "ZTRSV ", 0, b->routine != TRMV, 0,
                              'L', t[0], 'N', n, 0, b->a, n, b->y, 1);
        break;
    }
    case GBMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const int *, const int *, const int *,
                       const double *, const double *, const int *, const double *, const int *,
                       const double *, double *, const int *, size_t))OB("zgbmv_"))(
                "N", &n, &n, &k, &k, al, b->ab, &ldab, b->x, &one, be, b->y, &one, 1);
        else
            exb_xgbmv_checked("ZGBMV ", 0, 'N', n, n, K, K, al, b->ab, ldab, b->x, 1, be, b->y, 1);
        break;
    default:
        if (b->openblas)
            ((void (*)(const char *, const int *, const int *, const double *, const double *,
                       const int *, const double *, const int *, const double *, double *,
                       const int *, size_t))OB("zhbmv_"))("L", &n, &k, al, b->ab, &ldk, b->x, &one,
                                                          be, b->y, &one, 1);
        else
            exb_xhbmv_checked("ZHBMV ", 0, 0, 'L', n, K, al, b->ab, ldk, b->x, 1, be, b->y, 1);
    }
}

/* The real twins of order 2n. */
static void twin(void *arg)
{
    bench *b = arg;
    int m = 2 * b->n;
    if (b->routine == TRSV || b->routine == TRSV_C) {
        memcpy(b->ry, b->rx, (size_t)m * sizeof *b->ry);
        exactblas_dtrsv('L', 'N', 'N', m, b->ra, m, b->ry, 1);
    } else {
        exactblas_dgemv('N', m, m, 1.0, b->ra, m, b->rx, 1, 0.5, b->ry, 1);
    }
}

int main(int argc, char **argv)
{
    int reps, threads;
    exb_blasref ob;
    int status = bench_blas_start(argc, argv, usage, 7, &reps, &threads, &ob);
    if (status)
        return status;
    int default_sizes[] = {100, 1000, 2000}, nsizes = argc > 3 ? argc - 3 : 3;
    printf("%-8s %6s %10s %10s %9s %9s\n", "", "n", "exact ms", "OpenBLAS", "ex/OB", "ex/twin");
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 3 ? atoi(argv[3 + s]) : default_sizes[s], m = 2 * n;
        tl_rng r;
        tl_rng_seed(&r, 20261126);
        bench b = {.n = n, .ob = &ob};
        size_t nn = (size_t)n * n;
        b.a = malloc(2 * nn * sizeof *b.a);
        b.ab = malloc((size_t)(2 * (2 * K + 1) * n) * sizeof *b.ab);
        b.x = malloc((size_t)(2 * n) * sizeof *b.x);
        b.y = malloc((size_t)(2 * n) * sizeof *b.y);
        b.y0 = malloc((size_t)(2 * n) * sizeof *b.y0);
        b.ra = malloc((size_t)m * m * sizeof *b.ra);
        b.rx = malloc((size_t)m * sizeof *b.rx);
        b.ry = malloc((size_t)m * sizeof *b.ry);
        for (size_t q = 0; q < 2 * nn; q++)
            b.a[q] = tl_rng_uniform(&r) - 0.5;
        for (long j = 0; j < n; j++) /* diagonals that keep the solves finite */
            b.a[2 * (j + (size_t)j * n)] = 4.0 + tl_rng_uniform(&r),
                                     b.a[2 * (j + (size_t)j * n) + 1] = 1.0 + tl_rng_uniform(&r);
        for (long q = 0; q < 2 * (2 * K + 1) * (long)n; q++)
            b.ab[q] = tl_rng_uniform(&r) - 0.5;
        for (long q = 0; q < 2 * n; q++)
            b.x[q] = b.y[q] = b.y0[q] = tl_rng_uniform(&r) - 0.5;
        for (size_t q = 0; q < (size_t)m * m; q++)
            b.ra[q] = tl_rng_uniform(&r) - 0.5;
        for (long j = 0; j < m; j++)
            b.ra[j + (size_t)j * m] = 4.0 + tl_rng_uniform(&r);
        for (long q = 0; q < m; q++)
            b.rx[q] = b.ry[q] = tl_rng_uniform(&r) - 0.5;
        b.routine = GEMV_N;
        double tw_mv = tl_time_ms(twin, &b, reps, NULL);
        b.routine = TRSV;
        double tw_sv = tl_time_ms(twin, &b, reps, NULL);
        for (int q = 0; q < NR; q++) {
            b.routine = q;
            b.openblas = 0;
            double ex = tl_time_ms(call, &b, reps, NULL);
            b.openblas = 1;
            double o = tl_time_ms(call, &b, reps, NULL);
            double tw = q == TRSV || q == TRSV_C ? tw_sv : tw_mv;
            printf("%-8s %6d %10.3f %10.3f %9.2f %9.2f\n", names[q], n, ex, o, ex / o, ex / tw);
        }
        printf("%-8s %6d %10.3f  (twins: EXDGEMV order %d; EXDTRSV order %d: %.3f ms)\n", "twin", n,
               tw_mv, m, m, tw_sv);
        free(b.a), free(b.ab), free(b.x), free(b.y), free(b.y0), free(b.ra), free(b.rx), free(b.ry);
    }
    exb_blasref_close(&ob);
    return 0;
}

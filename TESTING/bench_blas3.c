/*
 * bench_blas3.c -- the Level 3 routines of SRC/level3 against OpenBLAS and
 * against their exact twin (EXDGEMM of the same flops; EXDTRSM for TRMM and
 * STRSM, the same shape) in one run: medians of `reps` calls, each
 * routine's calls timed in a block of their own (two thread pools
 * alternating call by call spin against each other).
 *
 * usage: bench_blas3 [reps [threads [n ...]]]   (default 3 2 100 500 1000)
 * Square problems of order n (k = n): prints per n and routine the exact
 * ms, OpenBLAS ms, exact/OpenBLAS and exact/twin, and the twins' times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_blas.h"
#include "blasref.h"
#include "exactblas.h"
#include "level3/level3.h"
#include "routines.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_blas3 [reps [threads [n ...]]]\n"
    "  Exact DSYMM, DSYRK, DSYR2K, DTRMM, SGEMM, SSYMM, SSYRK, SSYR2K, STRMM,\n"
    "  STRSM, ZGEMM, CGEMM (order n, k = n) against OpenBLAS's and against the exact twin:\n"
    "  EXDGEMM of the same flops (SYMM, SGEMM: n x n x n; SYRK, TRMM: n x n/2\n"
    "  x n; SYR2K: n x n x n; ZGEMM, CGEMM: four n x n x n), EXDTRSM of the same\n"
    "  shape for TRMM and STRSM.\n"
    "  Defaults: 3 repetitions, 2 threads, n = 100 500 1000.  Prints median\n"
    "  times in ms and the ratios.\n";

enum { DSYMM, DSYRK, DSYR2K, DTRMM, SGEMM, SSYMM, SSYRK, SSYR2K, STRMM, STRSM, ZGEMM, CGEMM, NR };
static const char *names[] = {"DSYMM", "DSYRK",  "DSYR2K", "DTRMM", "SGEMM", "SSYMM",
                              "SSYRK", "SSYR2K", "STRMM",  "STRSM", "ZGEMM", "CGEMM"};
/* the twin: 0 GEMM n x n x n, 1 GEMM n x n/2 x n, 2 TRSM n x n, 3 four GEMMs
 * n x n x n (a complex GEMM's real flops) */
static const int twin_of[] = {0, 1, 0, 2, 0, 0, 1, 0, 2, 2, 3, 3};

typedef struct bench {
    int n, routine, openblas, twin;
    double *a, *b, *c;
    float *af, *bf, *cf;
    double *za, *zb, *zc; /* complex: (re, im) pairs */
    float *ca, *cb, *cc;
    exb_blasref *ob;
} bench;

typedef void (*gemm_t)(const char *, const char *, const int *, const int *, const int *,
                       const void *, const void *, const int *, const void *, const int *,
                       const void *, void *, const int *, size_t, size_t);
typedef void (*symm_t)(const char *, const char *, const int *, const int *, const void *,
                       const void *, const int *, const void *, const int *, const void *, void *,
                       const int *, size_t, size_t);
typedef void (*syrk_t)(const char *, const char *, const int *, const int *, const void *,
                       const void *, const int *, const void *, void *, const int *, size_t,
                       size_t);
typedef void (*syr2k_t)(const char *, const char *, const int *, const int *, const void *,
                        const void *, const int *, const void *, const int *, const void *, void *,
                        const int *, size_t, size_t);
typedef void (*trmm_t)(const char *, const char *, const char *, const char *, const int *,
                       const int *, const void *, const void *, const int *, void *, const int *,
                       size_t, size_t, size_t, size_t);

static void call(void *arg)
{
    bench *b = arg;
    int n = b->n;
    double one = 1.0, half = 0.5;
    float onef = 1.0f, halff = 0.5f;
    exb_blasref *o = b->ob;
#define OB(name) exb_blasref_symbol(o, name)
    switch (b->routine) {
    case DSYMM:
        if (b->openblas)
            ((symm_t)OB("dsymm_"))("L", "L", &n, &n, &one, b->a, &n, b->b, &n, &half, b->c, &n, 1,
                                   1);
        else
            exb_dsymm_checked("DSYMM ", 'L', 'L', n, n, 1.0, b->a, n, b->b, n, 0.5, b->c, n);
        break;
    case DSYRK:
        if (b->openblas)
            ((syrk_t)OB("dsyrk_"))("L", "N", &n, &n, &one, b->a, &n, &half, b->c, &n, 1, 1);
        else
            exb_dsyrk_checked("DSYRK ", 'L', 'N', n, n, 1.0, b->a, n, 0.5, b->c, n);
        break;
    case DSYR2K:
        if (b->openblas)
            ((syr2k_t)OB("dsyr2k_"))("L", "N", &n, &n, &one, b->a, &n, b->b, &n, &half, b->c, &n, 1,
                                     1);
        else
            exb_dsyr2k_checked("DSYR2K", 'L', 'N', n, n, 1.0, b->a, n, b->b, n, 0.5, b->c, n);
        break;
    case DTRMM:
        if (b->openblas)
            ((trmm_t)OB("dtrmm_"))("L", "L", "N", "N", &n, &n, &one, b->a, &n, b->c, &n, 1, 1, 1,
                                   1);
        else
            exb_dtrmm_checked("DTRMM ", 'L', 'L', 'N', 'N', n, n, 1.0, b->a, n, b->c, n);
        break;
    case SGEMM:
        if (b->openblas)
            ((gemm_t)OB("sgemm_"))("N", "N", &n, &n, &n, &onef, b->af, &n, b->bf, &n, &halff, b->cf,
                                   &n, 1, 1);
        else
            exb_sgemm_checked("SGEMM ", 'N', 'N', n, n, n, 1.0f, b->af, n, b->bf, n, 0.5f, b->cf,
                              n);
        break;
    case SSYMM:
        if (b->openblas)
            ((symm_t)OB("ssymm_"))("L", "L", &n, &n, &onef, b->af, &n, b->bf, &n, &halff, b->cf, &n,
                                   1, 1);
        else
            exb_ssymm_checked("SSYMM ", 'L', 'L', n, n, 1.0f, b->af, n, b->bf, n, 0.5f, b->cf, n);
        break;
    case SSYRK:
        if (b->openblas)
            ((syrk_t)OB("ssyrk_"))("L", "N", &n, &n, &onef, b->af, &n, &halff, b->cf, &n, 1, 1);
        else
            exb_ssyrk_checked("SSYRK ", 'L', 'N', n, n, 1.0f, b->af, n, 0.5f, b->cf, n);
        break;
    case SSYR2K:
        if (b->openblas)
            ((syr2k_t)OB("ssyr2k_"))("L", "N", &n, &n, &onef, b->af, &n, b->bf, &n, &halff, b->cf,
                                     &n, 1, 1);
        else
            exb_ssyr2k_checked("SSYR2K", 'L', 'N', n, n, 1.0f, b->af, n, b->bf, n, 0.5f, b->cf, n);
        break;
    case STRMM:
        if (b->openblas)
            ((trmm_t)OB("strmm_"))("L", "L", "N", "N", &n, &n, &onef, b->af, &n, b->cf, &n, 1, 1, 1,
                                   1);
        else
            exb_strmm_checked("STRMM ", 'L', 'L', 'N', 'N', n, n, 1.0f, b->af, n, b->cf, n);
        break;
    case ZGEMM: {
        double al[2] = {1.0, 0.0}, be[2] = {0.5, 0.0};
        if (b->openblas)
            ((gemm_t)OB("zgemm_"))("N", "N", &n, &n, &n, al, b->za, &n, b->zb, &n, be, b->zc, &n, 1,
                                   1);
        else
            exb_zgemm_checked("ZGEMM ", 'N', 'N', n, n, n, al, b->za, n, b->zb, n, be, b->zc, n);
        break;
    }
    case CGEMM: {
        float al[2] = {1.0f, 0.0f}, be[2] = {0.5f, 0.0f};
        if (b->openblas)
            ((gemm_t)OB("cgemm_"))("N", "N", &n, &n, &n, al, b->ca, &n, b->cb, &n, be, b->cc, &n, 1,
                                   1);
        else
            exb_cgemm_checked("CGEMM ", 'N', 'N', n, n, n, al, b->ca, n, b->cb, n, be, b->cc, n);
        break;
    }
    default:
        if (b->openblas)
            ((trmm_t)OB("strsm_"))("L", "L", "N", "N", &n, &n, &onef, b->af, &n, b->cf, &n, 1, 1, 1,
                                   1);
        else
            exb_strsm_checked("STRSM ", 'L', 'L', 'N', 'N', n, n, 1.0f, b->af, n, b->cf, n);
    }
}

static void twin(void *arg)
{
    bench *b = arg;
    int n = b->n;
    if (b->twin == 2)
        exb_dtrsm_checked("DTRSM ", 'L', 'L', 'N', 'N', n, n, 1.0, b->a, n, b->c, n);
    else
        exb_dgemm_checked("DGEMM ", 'N', 'N', n, b->twin ? n / 2 : n, n, 1.0, b->a, n, b->b, n, 0.5,
                          b->c, n);
}

int main(int argc, char **argv)
{
    int reps, threads;
    exb_blasref ob;
    int status = bench_blas_start(argc, argv, usage, 3, &reps, &threads, &ob);
    if (status)
        return status;
    int default_sizes[] = {100, 500, 1000}, nsizes = argc > 3 ? argc - 3 : 3;
    printf("%-7s %6s %11s %10s %8s %8s\n", "", "n", "exact ms", "OpenBLAS", "ex/OB", "ex/twin");
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 3 ? atoi(argv[3 + s]) : default_sizes[s];
        tl_rng r;
        tl_rng_seed(&r, 20261126);
        bench b = {.n = n};
        b.ob = &ob;
        size_t nn = (size_t)n * n;
        b.a = malloc(nn * sizeof *b.a), b.b = malloc(nn * sizeof *b.b),
        b.c = malloc(nn * sizeof *b.c);
        b.af = malloc(nn * sizeof *b.af), b.bf = malloc(nn * sizeof *b.bf),
        b.cf = malloc(nn * sizeof *b.cf);
        for (size_t k = 0; k < nn; k++) {
            b.a[k] = tl_rng_uniform(&r) - 0.5, b.b[k] = tl_rng_uniform(&r) - 0.5;
            b.c[k] = tl_rng_uniform(&r) - 0.5;
            b.af[k] = (float)b.a[k], b.bf[k] = (float)b.b[k], b.cf[k] = (float)b.c[k];
        }
        b.za = malloc(2 * nn * sizeof *b.za), b.zb = malloc(2 * nn * sizeof *b.zb),
        b.zc = malloc(2 * nn * sizeof *b.zc);
        b.ca = malloc(2 * nn * sizeof *b.ca), b.cb = malloc(2 * nn * sizeof *b.cb),
        b.cc = malloc(2 * nn * sizeof *b.cc);
        for (size_t k = 0; k < 2 * nn; k++) {
            b.za[k] = tl_rng_uniform(&r) - 0.5, b.zb[k] = tl_rng_uniform(&r) - 0.5;
            b.zc[k] = tl_rng_uniform(&r) - 0.5;
            b.ca[k] = (float)b.za[k], b.cb[k] = (float)b.zb[k], b.cc[k] = (float)b.zc[k];
        }
        for (long j = 0; j < n; j++) /* diagonals that keep solves finite */
            b.a[j + (size_t)j * n] = 4.0 + tl_rng_uniform(&r), b.af[j + (size_t)j * n] = 4.0f;
        double tw[4];
        for (int t = 0; t < 3; t++) {
            b.twin = t;
            tw[t] = tl_time_ms(twin, &b, reps, NULL);
        }
        tw[3] = 4.0 * tw[0];
        for (int q = 0; q < NR; q++) {
            b.routine = q;
            b.openblas = 0;
            double ex = tl_time_ms(call, &b, reps, NULL);
            b.openblas = 1;
            double o = tl_time_ms(call, &b, reps, NULL);
            printf("%-7s %6d %11.3f %10.3f %8.2f %8.2f\n", names[q], n, ex, o, ex / o,
                   ex / tw[twin_of[q]]);
        }
        printf("%-7s %6d  EXDGEMM n^3 %.3f ms, n x n/2 x n %.3f ms, EXDTRSM %.3f ms\n", "twins", n,
               tw[0], tw[1], tw[2]);
        free(b.a), free(b.b), free(b.c), free(b.af), free(b.bf), free(b.cf);
        free(b.za), free(b.zb), free(b.zc), free(b.ca), free(b.cb), free(b.cc);
    }
    exb_blasref_close(&ob);
    return 0;
}

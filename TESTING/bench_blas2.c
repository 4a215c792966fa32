/*
 * bench_blas2.c -- the structured Level 2 routines (SRC/level2) against
 * OpenBLAS and against their exact twin, EXDGEMV of the same order (the
 * same matrix read once; EXDTRSV for the solves), in one run: medians of
 * `reps` calls, each routine's calls timed in a block of their own (two
 * thread pools alternating call by call spin against each other).
 *
 * usage: bench_blas2 [reps [threads [n ...]]]   (default 7 2 100 1000 4096)
 * Prints per n and routine: exact ms, OpenBLAS ms, exact/OpenBLAS, and
 * exact / exact twin.  Band routines use 16 sub- and superdiagonals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_blas.h"
#include "blasref.h"
#include "exactblas.h"
#include "level2/level2.h"
#include "routines.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_blas2 [reps [threads [n ...]]]\n"
    "  Exact DSYMV, DSPMV, DSBMV, DGBMV, DTRMV, DTPMV, DTBMV, DTBSV, DTPSV, DGER,\n"
    "  DSYR, DSYR2, DSPR, DSPR2 (and SSYMV, SGER, SGEMV, STRMV, STRSV, SSYR2) against OpenBLAS's "
    "and against\n"
    "  the exact twin (EXDGEMV of the same order; EXDTRSV for the solves).\n"
    "  Defaults: 7 repetitions, 2 threads, n = 100 1000 4096.  Prints median\n"
    "  times in ms and the two ratios.\n";

#define K 16 /* band width */

typedef struct bench {
    int n;
    double *a, *ap, *ab, *x, *y, *y0;
    float *af, *xf, *yf;
    int routine, openblas;
    exb_blasref *ob;
} bench;

enum {
    SYMV,
    SPMV,
    SBMV,
    GBMV,
    TRMV,
    TPMV,
    TBMV,
    TBSV,
    TPSV,
    GER,
    SYR,
    SYR2,
    SPR,
    SPR2,
    SSYMV,
    SGER,
    SGEMV,
    STRMV,
    STRSV,
    SSYR2,
    NR
};
static const char *names[] = {"DSYMV", "DSPMV", "DSBMV", "DGBMV", "DTRMV", "DTPMV", "DTBMV",
                              "DTBSV", "DTPSV", "DGER",  "DSYR",  "DSYR2", "DSPR",  "DSPR2",
                              "SSYMV", "SGER",  "SGEMV", "STRMV", "STRSV", "SSYR2"};
static const int twin_is_trsv[] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0};

typedef void (*fn_t)(void);

static void call(void *arg)
{
    bench *b = arg;
    int n = b->n, one = 1, k = K, lda = n, ldab = 2 * K + 1, ldk = K + 1;
    double alpha = 1.0, beta = 0.5, m1 = -1.0;
    float af = 1.0f, bf = 0.5f;
    void *s = b->openblas ? exb_blasref_symbol(b->ob, "dsymv_") : NULL;
    (void)s;
    exb_blasref *o = b->ob;
#define OB(name) exb_blasref_symbol(o, name)
    switch (b->routine) {
    case SYMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const double *, const double *, const int *,
                       const double *, const int *, const double *, double *, const int *,
                       size_t))OB("dsymv_"))("L", &n, &alpha, b->a, &lda, b->x, &one, &beta, b->y,
                                             &one, 1);
        else
            exb_dsymv_checked("DSYMV ", 'L', n, alpha, b->a, lda, b->x, 1, beta, b->y, 1);
        break;
    case SPMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const double *, const double *, const double *,
                       const int *, const double *, double *, const int *, size_t))OB("dspmv_"))(
                "L", &n, &alpha, b->ap, b->x, &one, &beta, b->y, &one, 1);
        else
            exb_dspmv_checked("DSPMV ", 'L', n, alpha, b->ap, b->x, 1, beta, b->y, 1);
        break;
    case SBMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const int *, const double *, const double *,
                       const int *, const double *, const int *, const double *, double *,
                       const int *, size_t))OB("dsbmv_"))("L", &n, &k, &alpha, b->ab, &ldk, b->x,
                                                          &one, &beta, b->y, &one, 1);
        else
            exb_dsbmv_checked("DSBMV ", 'L', n, K, alpha, b->ab, ldk, b->x, 1, beta, b->y, 1);
        break;
    case GBMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const int *, const int *, const int *,
                       const double *, const double *, const int *, const double *, const int *,
                       const double *, double *, const int *, size_t))OB("dgbmv_"))(
                "N", &n, &n, &k, &k, &alpha, b->ab, &ldab, b->x, &one, &beta, b->y, &one, 1);
        else
            exb_dgbmv_checked("DGBMV ", 'N', n, n, K, K, alpha, b->ab, ldab, b->x, 1, beta, b->y,
                              1);
        break;
    case TRMV:
    case TPMV:
    case TBMV:
    case TBSV:
    case TPSV:
        memcpy(b->y, b->y0, (size_t)n * sizeof *b->y);
        if (b->routine == TRMV) {
            if (b->openblas)
                ((void (*)(const char *, const char *, const char *, const int *, const double *,
                           const int *, double *, const int *, size_t, size_t,
                           size_t))OB("dtrmv_"))("L", "N", "N", &n, b->a, &lda, b->y, &one, 1, 1,
                                                 1);
            else
                exb_dtrmv_checked("DTRMV ", 'L', 'N', 'N', n, b->a, lda, b->y, 1);
        } else if (b->routine == TPMV || b->routine == TPSV) {
            const char *nm = b->routine == TPMV ? "dtpmv_" : "dtpsv_";
            if (b->openblas)
                ((void (*)(const char *, const char *, const char *, const int *, const double *,
                           double *, const int *, size_t, size_t, size_t))OB(nm))(
                    "L", "N", "N", &n, b->ap, b->y, &one, 1, 1, 1);
            else if (b->routine == TPMV)
                exb_dtpmv_checked("DTPMV ", 'L', 'N', 'N', n, b->ap, b->y, 1);
            else
                exb_dtpsv_checked("DTPSV ", 'L', 'N', 'N', n, b->ap, b->y, 1);
        } else {
            const char *nm = b->routine == TBMV ? "dtbmv_" : "dtbsv_";
            if (b->openblas)
                ((void (*)(const char *, const char *, const char *, const int *, const int *,
                           const double *, const int *, double *, const int *, size_t, size_t,
                           size_t))OB(nm))("L", "N", "N", &n, &k, b->ab, &ldk, b->y, &one, 1, 1, 1);
            else if (b->routine == TBMV)
                exb_dtbmv_checked("DTBMV ", 'L', 'N', 'N', n, K, b->ab, ldk, b->y, 1);
            else
                exb_dtbsv_checked("DTBSV ", 'L', 'N', 'N', n, K, b->ab, ldk, b->y, 1);
        }
        break;
    case GER:
        if (b->openblas)
            ((void (*)(const int *, const int *, const double *, const double *, const int *,
                       const double *, const int *, double *, const int *))OB("dger_"))(
                &n, &n, &m1, b->x, &one, b->y0, &one, b->a, &lda);
        else
            exb_dger_checked("DGER  ", n, n, -1.0, b->x, 1, b->y0, 1, b->a, lda);
        break;
    case SYR:
    case SPR:
        if (b->routine == SYR) {
            if (b->openblas)
                ((void (*)(const char *, const int *, const double *, const double *, const int *,
                           double *, const int *, size_t))OB("dsyr_"))("L", &n, &m1, b->x, &one,
                                                                       b->a, &lda, 1);
            else
                exb_dsyr_checked("DSYR  ", 'L', n, -1.0, b->x, 1, b->a, lda);
        } else {
            if (b->openblas)
                ((void (*)(const char *, const int *, const double *, const double *, const int *,
                           double *, size_t))OB("dspr_"))("L", &n, &m1, b->x, &one, b->ap, 1);
            else
                exb_dspr_checked("DSPR  ", 'L', n, -1.0, b->x, 1, b->ap);
        }
        break;
    case SYR2:
    case SPR2:
        if (b->routine == SYR2) {
            if (b->openblas)
                ((void (*)(const char *, const int *, const double *, const double *, const int *,
                           const double *, const int *, double *, const int *,
                           size_t))OB("dsyr2_"))("L", &n, &m1, b->x, &one, b->y0, &one, b->a, &lda,
                                                 1);
            else
                exb_dsyr2_checked("DSYR2 ", 'L', n, -1.0, b->x, 1, b->y0, 1, b->a, lda);
        } else {
            if (b->openblas)
                ((void (*)(const char *, const int *, const double *, const double *, const int *,
                           const double *, const int *, double *, size_t))OB("dspr2_"))(
                    "L", &n, &m1, b->x, &one, b->y0, &one, b->ap, 1);
            else
                exb_dspr2_checked("DSPR2 ", 'L', n, -1.0, b->x, 1, b->y0, 1, b->ap);
        }
        break;
    case SGEMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const int *, const float *, const float *,
                       const int *, const float *, const int *, const float *, float *, const int *,
                       size_t))OB("sgemv_"))("N", &n, &n, &af, b->af, &lda, b->xf, &one, &bf, b->yf,
                                             &one, 1);
        else
            exb_sgemv_checked("SGEMV ", 'N', n, n, 1.0f, b->af, lda, b->xf, 1, 0.5f, b->yf, 1);
        break;
    case STRMV:
    case STRSV:
        for (int i = 0; i < n; i++)
            b->yf[i] = (float)b->y0[i];
        if (b->openblas)
            ((void (*)(const char *, const char *, const char *, const int *, const float *,
                       const int *, float *, const int *, size_t, size_t,
                       size_t))OB(b->routine == STRMV ? "strmv_" : "strsv_"))(
                "L", "N", "N", &n, b->af, &lda, b->yf, &one, 1, 1, 1);
        else if (b->routine == STRMV)
            exb_strmv_checked("STRMV ", 'L', 'N', 'N', n, b->af, lda, b->yf, 1);
        else
            exb_strsv_checked("STRSV ", 'L', 'N', 'N', n, b->af, lda, b->yf, 1);
        break;
    case SSYR2: {
        float m1f = -1.0f;
        if (b->openblas)
            ((void (*)(const char *, const int *, const float *, const float *, const int *,
                       const float *, const int *, float *, const int *, size_t))OB("ssyr2_"))(
                "L", &n, &m1f, b->xf, &one, b->yf, &one, b->af, &lda, 1);
        else
            exb_ssyr2_checked("SSYR2 ", 'L', n, -1.0f, b->xf, 1, b->yf, 1, b->af, lda);
        break;
    }
    case SSYMV:
        if (b->openblas)
            ((void (*)(const char *, const int *, const float *, const float *, const int *,
                       const float *, const int *, const float *, float *, const int *,
                       size_t))OB("ssymv_"))("L", &n, &af, b->af, &lda, b->xf, &one, &bf, b->yf,
                                             &one, 1);
        else
            exb_ssymv_checked("SSYMV ", 'L', n, 1.0f, b->af, lda, b->xf, 1, 0.5f, b->yf, 1);
        break;
    default: {
        float m1f = -1.0f;
        if (b->openblas)
            ((void (*)(const int *, const int *, const float *, const float *, const int *,
                       const float *, const int *, float *, const int *))OB("sger_"))(
                &n, &n, &m1f, b->xf, &one, b->yf, &one, b->af, &lda);
        else
            exb_sger_checked("SGER  ", n, n, -1.0f, b->xf, 1, b->yf, 1, b->af, lda);
    }
    }
}

static void twin(void *arg)
{
    bench *b = arg;
    if (b->routine >= 0 && twin_is_trsv[b->routine]) {
        memcpy(b->y, b->y0, (size_t)b->n * sizeof *b->y);
        exactblas_dtrsv('L', 'N', 'N', b->n, b->a, b->n, b->y, 1);
    } else {
        exactblas_dgemv('N', b->n, b->n, 1.0, b->a, b->n, b->x, 1, 0.5, b->y, 1);
    }
}

int main(int argc, char **argv)
{
    int reps, threads;
    exb_blasref ob;
    int status = bench_blas_start(argc, argv, usage, 7, &reps, &threads, &ob);
    if (status)
        return status;
    int default_sizes[] = {100, 1000, 4096}, nsizes = argc > 3 ? argc - 3 : 3;
    printf("%-6s %6s %10s %10s %9s %9s\n", "", "n", "exact ms", "OpenBLAS", "ex/OB", "ex/twin");
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 3 ? atoi(argv[3 + s]) : default_sizes[s];
        tl_rng r;
        tl_rng_seed(&r, 20261125);
        bench b = {.n = n};
        b.ob = &ob;
        size_t nn = (size_t)n * n;
        b.a = malloc(nn * sizeof *b.a);
        b.ap = malloc(nn * sizeof *b.ap);
        b.ab = malloc((size_t)(2 * K + 1) * n * sizeof *b.ab);
        b.af = malloc(nn * sizeof *b.af);
        b.x = malloc((size_t)n * sizeof *b.x);
        b.y = malloc((size_t)n * sizeof *b.y);
        b.y0 = malloc((size_t)n * sizeof *b.y0);
        b.xf = malloc((size_t)n * sizeof *b.xf);
        b.yf = malloc((size_t)n * sizeof *b.yf);
        for (size_t k = 0; k < nn; k++) {
            b.a[k] = b.ap[k] = tl_rng_uniform(&r) - 0.5;
            b.af[k] = (float)b.a[k];
        }
        for (long j = 0; j < n; j++) { /* diagonals that keep solves finite */
            b.a[j + (size_t)j * n] = 4.0 + tl_rng_uniform(&r);
            b.af[j + (size_t)j * n] = 4.0f;
        }
        for (long k = 0; k < (2 * K + 1) * (long)n; k++)
            b.ab[k] = (k % (K + 1) == 0 ? 4.0 : 0.0) + tl_rng_uniform(&r) - 0.5;
        for (long i = 0; i < n; i++) {
            b.x[i] = b.y[i] = b.y0[i] = tl_rng_uniform(&r) - 0.5;
            b.xf[i] = b.yf[i] = (float)b.x[i];
        }
        for (long j = 0, k = 0; j < n; j++) /* packed lower, diagonal first in each column */
            for (long i = j; i < n; i++, k++)
                b.ap[k] = i == j ? 4.0 + tl_rng_uniform(&r) : tl_rng_uniform(&r) - 0.5;
        b.routine = -1;
        double tw_mv = tl_time_ms(twin, &b, reps, NULL);
        b.routine = TBSV;
        double tw_sv = tl_time_ms(twin, &b, reps, NULL);
        for (int q = 0; q < NR; q++) {
            b.routine = q;
            b.openblas = 0;
            double ex = tl_time_ms(call, &b, reps, NULL);
            b.openblas = 1;
            double o = tl_time_ms(call, &b, reps, NULL);
            double tw = twin_is_trsv[q] ? tw_sv : tw_mv;
            printf("%-6s %6d %10.3f %10.3f %9.2f %9.2f\n", names[q], n, ex, o, ex / o, ex / tw);
        }
        printf("%-6s %6d %10.3f  (exact twin: EXDGEMV N; EXDTRSV %.3f ms)\n", "twin", n, tw_mv,
               tw_sv);
        free(b.a), free(b.ap), free(b.ab), free(b.af), free(b.x), free(b.y), free(b.y0), free(b.xf),
            free(b.yf);
    }
    exb_blasref_close(&ob);
    return 0;
}

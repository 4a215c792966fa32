/*
 * bench_blas1.c -- the Level 1 routines of SRC/level1 (and DDOT, DASUM,
 * DNRM2, DAXPY, DSCAL) against OpenBLAS and against their exact twin in
 * one run: medians of `reps` blocks of calls, each routine's calls timed in
 * a block of their own.  The twin is the double routine of the same
 * reduction (SDOT, DSDOT, SDSDOT: EXDDOT; SASUM: DASUM; SNRM2: DNRM2;
 * SAXPY: DAXPY; SSCAL: DSCAL; xROT, xROTM: two DAXPYs); the bitwise moves
 * (COPY, SWAP, IAMAX) have none ("-").
 *
 * usage: bench_blas1 [reps [threads [n ...]]]   (default 7 2 100 10000 1000000)
 * Prints per n and routine: exact us, OpenBLAS us, exact/OpenBLAS and
 * exact/twin; a call's time is the median block's time over its calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_blas.h"
#include "blasref.h"
#include "exactblas.h"
#include "level1/level1.h"
#include "routines.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_blas1 [reps [threads [n ...]]]\n"
    "  Exact Level 1 routines (S and D) against OpenBLAS's and against the\n"
    "  exact twin (the double routine of the same reduction; two DAXPYs for\n"
    "  a rotation).  Defaults: 7 repetitions, 2 threads, n = 100 10000\n"
    "  1000000.  Prints median times per call in microseconds and the ratios.\n";

enum {
    DDOT,
    DASUM,
    DNRM2,
    DAXPY,
    DSCAL,
    SDOT,
    DSDOT,
    SASUM,
    SNRM2,
    SAXPY,
    SSCAL,
    DROT,
    SROT,
    DROTM,
    DCOPY,
    DSWAP,
    IDAMAX,
    NR
};
static const char *names[] = {"DDOT",  "DASUM", "DNRM2", "DAXPY", "DSCAL", "SDOT",
                              "DSDOT", "SASUM", "SNRM2", "SAXPY", "SSCAL", "DROT",
                              "SROT",  "DROTM", "DCOPY", "DSWAP", "IDAMAX"};
/* the twin: -1 none, else the routine whose exact time divides */
static const int twin_of[] = {-1,    -1,    -1,    -1,    -1,    DDOT, DDOT, DASUM, DNRM2,
                              DAXPY, DSCAL, DAXPY, DAXPY, DAXPY, -1,   -1,   -1};

typedef struct bench {
    int n, routine, openblas, calls;
    double *x, *y;
    float *xf, *yf;
    exb_blasref *ob;
} bench;

typedef double (*d2_t)(const int *, const double *, const int *, const double *, const int *);
typedef float (*s2_t)(const int *, const float *, const int *, const float *, const int *);
typedef double (*ds2_t)(const int *, const float *, const int *, const float *, const int *);
typedef double (*d1_t)(const int *, const double *, const int *);
typedef float (*s1_t)(const int *, const float *, const int *);
typedef void (*axpy_t)(const int *, const void *, const void *, const int *, void *, const int *);
typedef void (*scal_t)(const int *, const void *, void *, const int *);
typedef void (*rot_t)(const int *, void *, const int *, void *, const int *, const void *,
                      const void *);
typedef void (*rotm_t)(const int *, void *, const int *, void *, const int *, const void *);
typedef void (*move_t)(const int *, void *, const int *, void *, const int *);
typedef int (*amax_t)(const int *, const void *, const int *);

static volatile double sink;

static void one_call(bench *b)
{
    int n = b->n, one = 1;
    double a = 0.5, c = 0.6, s = 0.8, param[5] = {-1, 0.6, -0.8, 0.8, 0.6};
    float af = 0.5f, cf = 0.6f, sf = 0.8f;
    exb_blasref *o = b->ob;
#define OB(name) exb_blasref_symbol(o, name)
    switch (b->routine) {
    case DDOT:
        sink = b->openblas ? ((d2_t)OB("ddot_"))(&n, b->x, &one, b->y, &one)
                           : exb_ddot_checked(n, b->x, 1, b->y, 1);
        break;
    case DASUM:
        sink = b->openblas ? ((d1_t)OB("dasum_"))(&n, b->x, &one) : exb_dasum_checked(n, b->x, 1);
        break;
    case DNRM2:
        sink = b->openblas ? ((d1_t)OB("dnrm2_"))(&n, b->x, &one) : exb_dnrm2_checked(n, b->x, 1);
        break;
    case DAXPY:
        if (b->openblas)
            ((axpy_t)OB("daxpy_"))(&n, &a, b->x, &one, b->y, &one);
        else
            exb_daxpy_checked(n, a, b->x, 1, b->y, 1);
        break;
    case DSCAL:
        if (b->openblas)
            ((scal_t)OB("dscal_"))(&n, &a, b->y, &one);
        else
            exb_dscal_checked(n, a, b->y, 1);
        break;
    case SDOT:
        sink = b->openblas ? ((s2_t)OB("sdot_"))(&n, b->xf, &one, b->yf, &one)
                           : exb_sdot_checked(n, b->xf, 1, b->yf, 1);
        break;
    case DSDOT:
        sink = b->openblas ? ((ds2_t)OB("dsdot_"))(&n, b->xf, &one, b->yf, &one)
                           : exb_dsdot_checked(n, b->xf, 1, b->yf, 1);
        break;
    case SASUM:
        sink = b->openblas ? ((s1_t)OB("sasum_"))(&n, b->xf, &one) : exb_sasum_checked(n, b->xf, 1);
        break;
    case SNRM2:
        sink = b->openblas ? ((s1_t)OB("snrm2_"))(&n, b->xf, &one) : exb_snrm2_checked(n, b->xf, 1);
        break;
    case SAXPY:
        if (b->openblas)
            ((axpy_t)OB("saxpy_"))(&n, &af, b->xf, &one, b->yf, &one);
        else
            exb_saxpy_checked(n, af, b->xf, 1, b->yf, 1);
        break;
    case SSCAL:
        if (b->openblas)
            ((scal_t)OB("sscal_"))(&n, &af, b->yf, &one);
        else
            exb_sscal_checked(n, af, b->yf, 1);
        break;
    case DROT:
        if (b->openblas)
            ((rot_t)OB("drot_"))(&n, b->x, &one, b->y, &one, &c, &s);
        else
            exb_drot_checked(n, b->x, 1, b->y, 1, c, s);
        break;
    case SROT:
        if (b->openblas)
            ((rot_t)OB("srot_"))(&n, b->xf, &one, b->yf, &one, &cf, &sf);
        else
            exb_srot_checked(n, b->xf, 1, b->yf, 1, cf, sf);
        break;
    case DROTM:
        if (b->openblas)
            ((rotm_t)OB("drotm_"))(&n, b->x, &one, b->y, &one, param);
        else
            exb_drotm_checked(n, b->x, 1, b->y, 1, param);
        break;
    case DCOPY:
        if (b->openblas)
            ((move_t)OB("dcopy_"))(&n, b->x, &one, b->y, &one);
        else
            exb_dcopy_checked(n, b->x, 1, b->y, 1);
        break;
    case DSWAP:
        if (b->openblas)
            ((move_t)OB("dswap_"))(&n, b->x, &one, b->y, &one);
        else
            exb_dswap_checked(n, b->x, 1, b->y, 1);
        break;
    default:
        sink = b->openblas ? ((amax_t)OB("idamax_"))(&n, b->x, &one)
                           : (double)exb_idamax_checked(n, b->x, 1);
    }
}

static void block(void *arg)
{
    bench *b = arg;
    for (int k = 0; k < b->calls; k++)
        one_call(b);
}

int main(int argc, char **argv)
{
    int reps, threads;
    exb_blasref ob;
    int status = bench_blas_start(argc, argv, usage, 7, &reps, &threads, &ob);
    if (status)
        return status;
    double default_sizes[] = {100, 10000, 1000000};
    int nsizes = argc > 3 ? argc - 3 : 3;
    printf("%-7s %8s %12s %12s %8s %8s\n", "", "n", "exact us", "OpenBLAS us", "ex/OB", "ex/twin");
    for (int q = 0; q < nsizes; q++) {
        int n = (int)(argc > 3 ? atof(argv[3 + q]) : default_sizes[q]);
        tl_rng r;
        tl_rng_seed(&r, 20261126);
        bench b = {.n = n, .ob = &ob};
        b.calls = n >= 1000000 ? 3 : n >= 10000 ? 100 : 2000;
        b.x = malloc((size_t)n * sizeof *b.x), b.y = malloc((size_t)n * sizeof *b.y);
        b.xf = malloc((size_t)n * sizeof *b.xf), b.yf = malloc((size_t)n * sizeof *b.yf);
        for (int i = 0; i < n; i++) {
            b.x[i] = tl_rng_uniform(&r) - 0.5, b.y[i] = tl_rng_uniform(&r) - 0.5;
            b.xf[i] = (float)b.x[i], b.yf[i] = (float)b.y[i];
        }
        double ex[NR];
        for (int k = 0; k < NR; k++) {
            b.routine = k;
            b.openblas = 0;
            ex[k] = tl_time_ms(block, &b, reps, NULL) * 1e3 / b.calls;
            b.openblas = 1;
            double o = tl_time_ms(block, &b, reps, NULL) * 1e3 / b.calls;
            char tw[16] = "-";
            if (twin_of[k] >= 0)
                snprintf(tw, sizeof tw, "%.2f",
                         ex[k] / (ex[twin_of[k]] * (k == DROT || k == SROT || k == DROTM ? 2 : 1)));
            printf("%-7s %8d %12.3f %12.3f %8.2f %8s\n", names[k], n, ex[k], o, ex[k] / o, tw);
        }
        free(b.x), free(b.y), free(b.xf), free(b.yf);
    }
    exb_blasref_close(&ob);
    return 0;
}

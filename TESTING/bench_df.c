/*
 * bench_df.c -- the GEMMs for devices with slow or no binary64, side by
 * side in one run on the OpenCL device at hand (n x n x n, entries uniform
 * in (-1, 1)):
 *
 *   D(DF)       EXDGEMMDF (DGEMM-D(DF)), double-float kernel
 *   DF(DF)      EXDGEMMDFDF (DGEMM-DF(DF)) on the converted data
 *   CL DGEMM    the plain binary64 OpenCL kernel (gemm_plain): what a
 *               DGEMM costs on the device
 *   exact f32   EXDGEMM on the binary32 engine (EXACTBLAS_FP64=0, split)
 *   exact f64   EXDGEMM's split path on the binary64 engine (split)
 *
 * Medians of `reps` calls (ms), GFLOP/s (2n^3 / t), the slice products
 * each exact path needed, and each result's error against the correctly
 * rounded product (EXDGEMM, host): max and median of |c - C| / |C|.  The
 * exact paths must show 0 (the run fails otherwise).
 *
 * usage: bench_df [reps [n ...]]     (default 3 reps, n = 256 512 1024)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "backend/gemm.h"
#include "bench_args.h"
#include "host/gemm/slices.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_df [reps [n ...]]\n"
    "  The GEMMs for devices with slow or no binary64, on the OpenCL device at hand\n"
    "  (EXACTBLAS_DEVICE honoured), n x n x n, entries uniform in (-1, 1): EXDGEMMDF,\n"
    "  EXDGEMMDFDF, the plain binary64 OpenCL DGEMM, EXDGEMM on the binary32 and on\n"
    "  the binary64 engine.\n"
    "  reps  calls timed per GEMM and n, 1..25 (default 3)\n"
    "  n     orders, 1..8192, at most 16 of them (default 256 512 1024)\n"
    "  Prints a table: the median time (ms), GFLOP/s (2n^3 / time), the slice\n"
    "  products, the max and median relative error against the correctly rounded\n"
    "  product (the exact GEMMs must show 0).  Exit status 77: no OpenCL device.\n";

enum { D_DF, DF_DF, CL_DGEMM, EXACT_F32, EXACT_F64, KINDS };
static const char *const names[KINDS] = {"D(DF)", "DF(DF)", "CL DGEMM", "exact f32", "exact f64"};

typedef struct data {
    int n;
    double *a, *b, *c, *exact;
    exactblas_df *ad, *bd, *cd;
} data;

static void run(const data *d, int kind)
{
    int n = d->n;
    exactblas_df one = {1.0f, 0.0f}, zero = {0.0f, 0.0f};
    switch (kind) {
    case D_DF:
        exactblas_dgemm_df('N', 'N', n, n, n, 1.0, d->a, n, d->b, n, 0.0, d->c, n);
        break;
    case DF_DF:
        exactblas_dgemm_dfdf('N', 'N', n, n, n, one, d->ad, n, d->bd, n, zero, d->cd, n);
        break;
    case CL_DGEMM:
        exb_cl_gemm_plain(n, n, n, d->a, d->b, d->c, 0);
        break;
    default:
        exactblas_dgemm('N', 'N', n, n, n, 1.0, d->a, n, d->b, n, 0.0, d->c, n);
    }
}

static const char *knobs_of(int kind)
{
    return kind == EXACT_F32 ? "EXACTBLAS_DEVICE=opencl EXACTBLAS_FP64=0 EXACTBLAS_GEMM_PATH=split"
           : kind == EXACT_F64 ? "EXACTBLAS_DEVICE=opencl EXACTBLAS_GEMM_PATH=split"
                               : "EXACTBLAS_DEVICE=opencl";
}

/* Max and median relative error of the kind's result against d->exact. */
static void errors(const data *d, int kind, double *max, double *med)
{
    long len = (long)d->n * d->n;
    double *e = malloc((size_t)len * sizeof *e);
    *max = 0;
    for (long q = 0; q < len; q++) {
        double got = kind == DF_DF ? exactblas_df_to_double(d->cd[q]) : d->c[q];
        /* DF(DF): the DF value hi + lo, nearly exactly */
        double diff = kind == DF_DF
                          ? fabs(((double)d->cd[q].hi - d->exact[q]) + (double)d->cd[q].lo)
                          : fabs(got - d->exact[q]);
        e[q] = d->exact[q] != 0 ? diff / fabs(d->exact[q]) : diff;
        *max = e[q] > *max ? e[q] : *max;
    }
    *med = tl_median(e, len);
    free(e);
}

/* The slices per side a split path needs at width bits (max over A, B). */
static int slices(const data *d, int bits)
{
    int n = d->n, *top = malloc((size_t)n * sizeof *top), *low = malloc((size_t)n * sizeof *low);
    exb_split_ranges(d->a, n, n, n, 1, top, low);
    int sa = exb_split_count(top, low, n, bits);
    exb_split_ranges(d->b, n, n, n, 0, top, low);
    int sb = exb_split_count(top, low, n, bits);
    free(top);
    free(low);
    return sa * 100 + sb;
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    int reps = argc > 1 ? (int)bench_count(argv[1], 1, 25, "reps", usage) : 3;
    int sizes[16] = {256, 512, 1024}, nsizes = 3;
    if (argc > 18)
        bench_bad("argument count (at most 16 orders)", argv[18], usage);
    if (argc > 2)
        for (nsizes = 0; nsizes < argc - 2; nsizes++)
            sizes[nsizes] = (int)bench_count(argv[nsizes + 2], 1, 8192, "n", usage);
    if (!tl_opencl_available()) {
        printf("SKIPPED: no OpenCL device\n");
        return 77;
    }
    tl_rng r;
    tl_rng_seed(&r, 20261123);
    int failed = 0;
    printf("| n | GEMM | ms (median of %d) | GFLOP/s | slice products | max rel. error | median "
           "rel. error |\n|---|---|---|---|---|---|---|\n",
           reps);
    for (int s = 0; s < nsizes; s++) {
        data d;
        d.n = sizes[s];
        long len = (long)d.n * d.n;
        d.a = malloc((size_t)len * sizeof *d.a);
        d.b = malloc((size_t)len * sizeof *d.b);
        d.c = malloc((size_t)len * sizeof *d.c);
        d.exact = malloc((size_t)len * sizeof *d.exact);
        d.ad = malloc((size_t)len * sizeof *d.ad);
        d.bd = malloc((size_t)len * sizeof *d.bd);
        d.cd = malloc((size_t)len * sizeof *d.cd);
        for (long q = 0; q < len; q++) {
            d.a[q] = 2 * tl_rng_uniform(&r) - 1;
            d.b[q] = 2 * tl_rng_uniform(&r) - 1;
            d.ad[q] = exactblas_df_from_double(d.a[q]);
            d.bd[q] = exactblas_df_from_double(d.b[q]);
        }
        tl_apply_knobs("EXACTBLAS_DEVICE=host");
        exactblas_dgemm('N', 'N', d.n, d.n, d.n, 1.0, d.a, d.n, d.b, d.n, 0.0, d.exact, d.n);
        for (int kind = 0; kind < KINDS; kind++) {
            double t[25];
            tl_apply_knobs(knobs_of(kind));
            run(&d, kind); /* builds the kernels */
            int path = exactblas_last_path();
            for (int q = 0; q < reps; q++) {
                double t0 = tl_now();
                run(&d, kind);
                t[q] = tl_now() - t0;
            }
            double ms = 1e3 * tl_median(t, reps), max, med;
            errors(&d, kind, &max, &med);
            char prods[32] = "-";
            if (kind >= EXACT_F32) {
                int sl =
                    slices(&d, kind == EXACT_F32 ? exb_split_bits_f32(d.n) : exb_split_bits(d.n));
                snprintf(prods, sizeof prods, "%d x %d", sl / 100, sl % 100);
                int want = kind == EXACT_F32 ? EXACTBLAS_PATH_FP32 : EXACTBLAS_PATH_OPENCL;
                if (max != 0 || !(path & want) || (path & EXACTBLAS_PATH_FALLBACK)) {
                    printf("FAILED: %s at n = %d: error %g, path %d\n", names[kind], d.n, max,
                           path);
                    failed = 1;
                }
            }
            printf("| %d | %s | %.1f | %.2f | %s | %.2e | %.2e |\n", d.n, names[kind], ms,
                   2.0 * d.n * (double)d.n * d.n / (ms * 1e-3) * 1e-9, prods, max, med);
            fflush(stdout);
        }
        free(d.a);
        free(d.b);
        free(d.c);
        free(d.exact);
        free(d.ad);
        free(d.bd);
        free(d.cd);
    }
    tl_apply_knobs("");
    return failed;
}

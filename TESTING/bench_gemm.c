/*
 * bench_gemm.c -- EXDGEMM against the non-exact baselines, side by side in
 * one run: OpenBLAS dgemm (its thread count set to `threads`, the same as
 * ExactBLAS's), and the netlib reference dgemm.  EXDGEMM runs with
 * EXACTBLAS_GEMM_PATH = auto, general, split, early and crt (the residue
 * path, narrow data only) on the host, and the exact
 * OpenCL kernel (general path, EXACTBLAS_DEVICE=opencl); the plain OpenCL
 * kernel (gemm_plain, the split path's engine there) is the OpenCL
 * baseline.  Two data sets: narrow
 * (entries uniform in (-1,1)) and wide (log-uniform magnitudes over
 * 1e-100..1e100, random signs).  Prints medians (ms), the slices the split
 * path needs, GFLOP/s of the general path and ratios to OpenBLAS.  Calls
 * slower than 2 s are timed once; the split path is not timed when it needs
 * more than 100 slice products (wide data; auto takes the general path).
 *
 * usage: bench_gemm bench_gemm.in   (sizes, reps, threads, seed)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas.h"
#include "backend/gemm.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_gemm input-file\n"
    "  EXDGEMM (paths auto, general, split; the exact and the plain OpenCL kernels)\n"
    "  against OpenBLAS and netlib dgemm, narrow and wide data.  input-file:\n"
    "  TESTING/bench_gemm.in (sizes, reps, threads, seed).  About 20 minutes.\n"
    "  Prints median times in ms, the slices the split path needs, GFLOP/s and\n"
    "  time ratios to OpenBLAS.\n";

#define MAX_TIMED_PRODUCTS 100
#define MAX_CL_N 1024

typedef void (*dgemm_fn)(const char *, const char *, const int *, const int *, const int *,
                         const double *, const double *, const int *, const double *, const int *,
                         const double *, double *, const int *, size_t, size_t);

typedef struct bench {
    int n;
    const double *a, *b;
    double *c;
    dgemm_fn blas; /* NULL: EXDGEMM */
    int plain_cl;  /* the plain OpenCL kernel instead */
} bench;

static void run(const bench *c)
{
    double one = 1.0, zero = 0.0;
    if (c->plain_cl)
        exb_cl_gemm_plain(c->n, c->n, c->n, c->a, c->b, c->c, 0);
    else if (c->blas)
        c->blas("N", "N", &c->n, &c->n, &c->n, &one, c->a, &c->n, c->b, &c->n, &zero, c->c, &c->n,
                1, 1);
    else
        exactblas_dgemm('N', 'N', c->n, c->n, c->n, 1.0, c->a, c->n, c->b, c->n, 0.0, c->c, c->n);
}

/* Median of reps timed calls after one untimed call, under the knobs; a
 * call slower than SLOW_S is timed once (the untimed call then counts). */
#define SLOW_S 2.0
static double median_ms(const bench *c, const char *knobs, int reps)
{
    double t[101];
    reps = reps > 101 ? 101 : (reps < 1 ? 1 : reps);
    tl_apply_knobs(knobs);
    double t0 = tl_now();
    run(c);
    double first = tl_now() - t0;
    if (first > SLOW_S)
        return 1e3 * first;
    for (int r = 0; r < reps; r++) {
        t0 = tl_now();
        run(c);
        t[r] = 1e3 * (tl_now() - t0);
    }
    return tl_median(t, reps);
}

static void fill(const char *range, long len, tl_rng *r, double *x)
{
    for (long i = 0; i < len; i++)
        x[i] = strcmp(range, "narrow") == 0
                   ? 2 * tl_rng_uniform(r) - 1
                   : tl_rng_sign(r) * pow(10.0, 200 * tl_rng_uniform(r) - 100);
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    setvbuf(stdout, NULL, _IOLBF, 0);
    exb_blasref netlib, openblas;
    int have_netlib = exb_blasref_open(&netlib, EXB_BLAS_NETLIB) == 0;
    int have_ob = exb_blasref_open(&openblas, EXB_BLAS_OPENBLAS) == 0;
    if (have_ob)
        exb_blasref_set_threads(&openblas, in.threads);
    dgemm_fn net = have_netlib ? (dgemm_fn)exb_blasref_symbol(&netlib, "dgemm_") : NULL;
    dgemm_fn ob = have_ob ? (dgemm_fn)exb_blasref_symbol(&openblas, "dgemm_") : NULL;
    char knob[6][96];
    const char *path[6] = {"auto", "general", "split", "", "early", "crt"};
    snprintf(knob[3], sizeof knob[3], "EXACTBLAS_DEVICE=opencl EXACTBLAS_GEMM_PATH=general");
    for (int p = 0; p < 6; p++)
        if (p != 3)
            snprintf(knob[p], sizeof knob[p], "EXACTBLAS_GEMM_PATH=%s EXACTBLAS_THREADS=%d",
                     path[p], in.threads);
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    printf("C = A*B, n x n, times in ms (median of %d); %d threads for ExactBLAS and OpenBLAS; "
           "split engine: %s; residue path's int8 engine: %s\n",
           in.reps, in.threads,
           exb_gemm_engine(1, 1, 1, (double[]){1}, (double[]){1}, (double[]){0}, NULL, 0),
           exactblas_int8_engine());
    printf("%-6s %5s %7s %9s %9s %9s %9s %9s %9s %9s %9s %9s %8s %8s %9s %9s %9s\n", "data", "n",
           "slices", "Ex-auto", "Ex-gen", "Ex-split", "Ex-early", "Ex-crt", "Ex-cl-gen", "plain-cl",
           "OpenBLAS", "netlib", "gen-GF/s", "cl-GF/s", "auto/OB", "split/OB", "crt/OB");
    const char *ranges[2] = {"narrow", "wide"};
    for (int s = 0; s < in.nsizes; s++)
        for (int d = 0; d < 2; d++) {
            int n = (int)in.sizes[s];
            size_t len = (size_t)n * (size_t)n;
            double *a = malloc(len * sizeof *a), *b = malloc(len * sizeof *b),
                   *c = malloc(len * sizeof *c);
            fill(ranges[d], (long)len, &rng, a);
            fill(ranges[d], (long)len, &rng, b);
            exb_gemm_args g = {0, 0, n, n, n, 1.0, a, n, b, n, 0.0, c, n};
            int sa = 0, sb = 0;
            exb_gemm_slices(&g, &sa, &sb);
            bench c0 = {n, a, b, c, NULL, 0};
            double t_auto = median_ms(&c0, knob[0], in.reps);
            double t_gen = median_ms(&c0, knob[1], in.reps);
            /* thousands of slice products: the split path is not a contender */
            double t_split =
                (long)sa * sb <= MAX_TIMED_PRODUCTS ? median_ms(&c0, knob[2], in.reps) : NAN;
            /* the early path alone (auto before the residue path), and the
             * residue path forced (wide data: most elements undecided) */
            double t_early = median_ms(&c0, knob[4], in.reps);
            double t_crt = d == 0 ? median_ms(&c0, knob[5], in.reps) : NAN;
            /* the exact OpenCL kernel on PoCL's CPU device is slow: narrow data
             * up to MAX_CL_N, wide data up to half that */
            double t_cl =
                n <= (d == 0 ? MAX_CL_N : MAX_CL_N / 2) ? median_ms(&c0, knob[3], in.reps) : NAN;
            bench cp = {n, a, b, c, NULL, 1};
            double t_plain = median_ms(&cp, "", in.reps);
            bench cb = {n, a, b, c, ob, 0};
            double t_ob = ob ? median_ms(&cb, "", in.reps) : NAN;
            cb.blas = net;
            double t_net = net ? median_ms(&cb, "", in.reps) : NAN;
            char slices[16];
            snprintf(slices, sizeof slices, "%dx%d", sa, sb);
            double flops = 2.0 * n * (double)n * n;
            printf("%-6s %5d %7s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.2f %9.1f %8.2f %8.2f "
                   "%9.2f %9.2f %9.2f\n",
                   ranges[d], n, slices, t_auto, t_gen, t_split, t_early, t_crt, t_cl, t_plain,
                   t_ob, t_net, flops / (t_gen * 1e6), flops / (t_cl * 1e6), t_auto / t_ob,
                   t_split / t_ob, t_crt / t_ob);
            free(a);
            free(b);
            free(c);
        }
    tl_apply_knobs("");
    if (have_netlib)
        exb_blasref_close(&netlib);
    if (have_ob)
        exb_blasref_close(&openblas);
    return 0;
}

/*
 * bench_level2.c -- EXDTRSV and EXDGEMV against the non-exact baselines,
 * side by side in one run: the netlib reference BLAS, OpenBLAS (its thread
 * count set to `threads`), and for TRSV a plain (non-exact) OpenCL TRSV with
 * the same fused structure.  ExactBLAS runs with the default knobs on the
 * host path and, separately, on the OpenCL path.  Prints medians (ms) and
 * ratios, and the cold first call of each OpenCL kernel (PoCL's kernel cache
 * is switched off in this process, so that call includes the compile).
 *
 * usage: bench_level2 bench_level2.in   (sizes, reps, threads, seed)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas.h"
#include "support/knobs.h"
#include "level2lib.h"
#include "trsv_solve.h"

static const char usage[] =
    "usage: bench_level2 input-file\n"
    "  EXDTRSV and EXDGEMV (host and OpenCL paths) against the netlib reference\n"
    "  BLAS, OpenBLAS and (TRSV) a plain OpenCL TRSV.  input-file:\n"
    "  TESTING/bench_level2.in (sizes, reps, threads, seed).\n"
    "  Prints median times in ms and their ratios, and the cold first OpenCL\n"
    "  call of each routine in s (PoCL's kernel cache off: the compile included).\n";

typedef void (*dtrsv_fn)(const char *, const char *, const char *, const int *, const double *,
                         const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*dgemv_fn)(const char *, const int *, const int *, const double *, const double *,
                         const int *, const double *, const int *, const double *, double *,
                         const int *, size_t);

typedef struct bench {
    int n;
    const double *a, *b;
    double *x;
    dtrsv_fn trsv;
    dgemv_fn gemv;
    const char *knobs;
} bench;

static void run_trsv(void *arg)
{
    bench *c = arg;
    int one = 1;
    memcpy(c->x, c->b, (size_t)c->n * sizeof *c->x);
    if (c->trsv)
        c->trsv("L", "N", "N", &c->n, c->a, &c->n, c->x, &one, 1, 1, 1);
    else
        exactblas_dtrsv('L', 'N', 'N', c->n, c->a, c->n, c->x, 1);
}

static void run_plain_trsv(void *arg)
{
    bench *c = arg;
    memcpy(c->x, c->b, (size_t)c->n * sizeof *c->x);
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    exb_tri t = exb_tri_make('L', 'N', 'N', c->n, c->a, c->n);
    if (exb_cl_trsv_plain(&t, c->x, &knobs) != 0)
        fprintf(stderr, "plain OpenCL TRSV failed\n");
}

static void run_gemv(void *arg)
{
    bench *c = arg;
    int one = 1;
    double alpha = 1.0, beta = 0.0;
    if (c->gemv)
        c->gemv("N", &c->n, &c->n, &alpha, c->a, &c->n, c->b, &one, &beta, c->x, &one, 1);
    else
        exactblas_dgemv('N', c->n, c->n, 1.0, c->a, c->n, c->b, 1, 0.0, c->x, 1);
}

/* The median (ms) of fn under the bench's knobs (tl_time_ms). */
static double median_ms(void (*fn)(void *), bench *c, int reps, double *first)
{
    tl_apply_knobs(c->knobs);
    return tl_time_ms(fn, c, reps, first);
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    setenv("POCL_KERNEL_CACHE", "0", 0);
    setvbuf(stdout, NULL, _IOLBF, 0);
    exb_blasref netlib, openblas;
    int have_netlib = exb_blasref_open(&netlib, EXB_BLAS_NETLIB) == 0;
    int have_ob = exb_blasref_open(&openblas, EXB_BLAS_OPENBLAS) == 0;
    if (have_ob)
        exb_blasref_set_threads(&openblas, in.threads);
    char host[64], cl[64];
    snprintf(host, sizeof host, "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=%d", in.threads);
    snprintf(cl, sizeof cl, "EXACTBLAS_DEVICE=opencl");
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    printf("times in ms, median of %d; %d threads for ExactBLAS host and OpenBLAS; "
           "random lower triangular / square matrices\n",
           in.reps, in.threads);
    printf("%-7s %5s %9s %9s %9s %9s %9s %8s %8s %8s\n", "routine", "n", "Ex-host", "Ex-cl",
           "plain-cl", "netlib", "OpenBLAS", "host/OB", "cl/OB", "cl/plain");
    double cold_trsv = NAN, cold_gemv = NAN;
    for (int s = 0; s < in.nsizes; s++) {
        int n = (int)in.sizes[s];
        tl_matrix A;
        tl_matrix_alloc(&A, n, n, n);
        double *b = malloc((size_t)n * sizeof *b), *x = malloc((size_t)n * sizeof *x);
        tl_triangular_generate("random", 1, 'L', 'N', &A, b, &rng);
        for (long k = 0; k < (long)n * n; k++)
            if (isnan(A.a[k]))
                A.a[k] = 0.25; /* the square matrix for GEMV; TRSV never reads it */
        bench c = {n, A.a, b, x, NULL, NULL, host};
        double t_host = median_ms(run_trsv, &c, in.reps, NULL);
        c.knobs = cl;
        double t_cl = median_ms(run_trsv, &c, in.reps, s == 0 ? &cold_trsv : NULL);
        double first_plain = 0;
        double t_plain = median_ms(run_plain_trsv, &c, in.reps, &first_plain);
        c.knobs = "";
        c.trsv = have_netlib ? (dtrsv_fn)exb_blasref_symbol(&netlib, "dtrsv_") : NULL;
        double t_net = c.trsv ? median_ms(run_trsv, &c, in.reps, NULL) : NAN;
        c.trsv = have_ob ? (dtrsv_fn)exb_blasref_symbol(&openblas, "dtrsv_") : NULL;
        double t_ob = c.trsv ? median_ms(run_trsv, &c, in.reps, NULL) : NAN;
        printf("%-7s %5d %9.2f %9.2f %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f\n", "EXDTRSV", n, t_host,
               t_cl, t_plain, t_net, t_ob, t_host / t_ob, t_cl / t_ob, t_cl / t_plain);

        c.trsv = NULL;
        c.knobs = host;
        t_host = median_ms(run_gemv, &c, in.reps, NULL);
        c.knobs = cl;
        t_cl = median_ms(run_gemv, &c, in.reps, s == 0 ? &cold_gemv : NULL);
        c.knobs = "";
        c.gemv = have_netlib ? (dgemv_fn)exb_blasref_symbol(&netlib, "dgemv_") : NULL;
        t_net = c.gemv ? median_ms(run_gemv, &c, in.reps, NULL) : NAN;
        c.gemv = have_ob ? (dgemv_fn)exb_blasref_symbol(&openblas, "dgemv_") : NULL;
        t_ob = c.gemv ? median_ms(run_gemv, &c, in.reps, NULL) : NAN;
        printf("%-7s %5d %9.2f %9.2f %9s %9.2f %9.2f %8.2f %8.2f %8s\n", "EXDGEMV", n, t_host, t_cl,
               "-", t_net, t_ob, t_host / t_ob, t_cl / t_ob, "-");
        free(A.a);
        free(b);
        free(x);
    }
    tl_apply_knobs("");
    printf("cold first OpenCL call at n = %ld (PoCL cache off, includes the kernel compile): "
           "EXDTRSV %.2f s, EXDGEMV %.2f s\n",
           in.sizes[0], cold_trsv, cold_gemv);
    if (have_netlib)
        exb_blasref_close(&netlib);
    if (have_ob)
        exb_blasref_close(&openblas);
    return 0;
}

/*
 * bench_sumdot.c -- ExDSUM/ExDDOT against the non-exact baselines, measured
 * side by side in one run: a plain OpenCL sum/dot on the same device, the
 * netlib reference BLAS and OpenBLAS (ddot; dasum as the plain host sum).
 * Prints medians (ms) and ratios.  Usage: bench_sumdot <input file>
 * (see bench_sumdot.in: sizes, "gen random <range>" lines, reps, threads).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "opencl/clbuf.h"
#include "exactblas.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_sumdot input-file\n"
    "  ExDDOT and ExDSUM (OpenCL and host paths) against a plain OpenCL dot/sum on\n"
    "  the same device, the netlib reference BLAS and OpenBLAS (ddot; dasum as the\n"
    "  plain host sum), side by side.  input-file: TESTING/bench_sumdot.in (sizes,\n"
    "  \"gen random <dynamic range>\" lines, reps, threads, seed).\n"
    "  Prints per n (elements) and range (of the entries: about largest / smallest\n"
    "  |x_i|):\n"
    "  median times in ms and their ratios (time over time).\n";

typedef double (*bench_fn)(void *ctx);

typedef struct bench_data {
    int n;
    double *x, *y;
    exb_blasref *netlib, *openblas;
} bench_data;

/* Median wall time of reps calls, in ms (NAN if fn is NULL). */
static double median_ms(bench_fn fn, void *ctx, int reps, double *result)
{
    if (!fn)
        return NAN;
    double t[101];
    if (reps > 101)
        reps = 101;
    *result = fn(ctx); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = tl_now();
        *result = fn(ctx);
        t[r] = 1e3 * (tl_now() - t0);
    }
    return tl_median(t, reps);
}

/* ---- the contenders ---------------------------------------------------------- */

static double ex_dot(void *c)
{
    bench_data *d = c;
    return exactblas_ddot(d->n, d->x, 1, d->y, 1);
}
static double ex_sum(void *c)
{
    bench_data *d = c;
    return exactblas_dsum(d->n, d->x, 1);
}
static double netlib_dot(void *c)
{
    bench_data *d = c;
    int one = 1;
    return d->netlib->ddot(&d->n, d->x, &one, d->y, &one);
}
static double openblas_dot(void *c)
{
    bench_data *d = c;
    int one = 1;
    return d->openblas->ddot(&d->n, d->x, &one, d->y, &one);
}
static double openblas_asum(void *c)
{
    bench_data *d = c;
    int one = 1;
    double (*dasum)(const int *, const double *, const int *) =
        (double (*)(const int *, const double *, const int *))exb_blasref_symbol(d->openblas,
                                                                                 "dasum_");
    return dasum(&d->n, d->x, &one);
}

/* The plain OpenCL kernels of OPENCL/plain.cl (n a multiple of 4). */
static double plain_cl(bench_data *d, int dot)
{
    exb_cl_launch L;
    if (exb_cl_launch_begin(&L, "plain dot", "plain.cl", dot ? "plain_dot" : "plain_sum",
                            "-DFPE=0 -DEARLY_EXIT=0") != 0) {
        exb_cl_launch_end(&L);
        return NAN;
    }
    exb_cl_shape s = exb_cl_reduction_shape(L.d, d->n, exb_cl_reduction_wg(L.d));
    long off;
    cl_mem xb = exb_cl_vector_in(&L, d->x, d->n, 1, &off);
    cl_mem yb = dot ? exb_cl_vector_in(&L, d->y, d->n, 1, &off) : NULL;
    cl_mem pb = exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY, s.groups * sizeof(double), NULL);
    cl_long n = d->n, chunk4 = s.chunk4;
    exb_cl_arg args[6] = {EXB_CL_ARG(n), EXB_CL_ARG(xb)};
    int a = 2;
    if (dot)
        args[a++] = EXB_CL_ARG(yb);
    args[a++] = EXB_CL_ARG(chunk4);
    args[a++] = EXB_CL_ARG(pb);
    args[a++] = (exb_cl_arg){s.wg * sizeof(double), NULL}; /* local scratch */
    exb_cl_launch_args(&L, 0, args, a);
    size_t global = s.groups * s.wg;
    exb_cl_launch_run(&L, 1, &global, &s.wg);
    double *partial = malloc(s.groups * sizeof *partial), sum = 0;
    if (partial && exb_cl_launch_read(&L, pb, s.groups * sizeof(double), partial) == 0)
        for (size_t g = 0; g < s.groups; g++)
            sum += partial[g];
    else
        sum = NAN;
    free(partial);
    exb_cl_launch_end(&L);
    return sum;
}
static double plain_cl_dot(void *c)
{
    return plain_cl(c, 1);
}
static double plain_cl_sum(void *c)
{
    return plain_cl(c, 0);
}

/* ---- driver --------------------------------------------------------------- */

/* EXACTBLAS_DEVICE for the calls that follow (the library reads its knobs
 * once unless told to read them again). */
static void use_device(const char *device)
{
    setenv("EXACTBLAS_DEVICE", device, 1);
    exactblas_reload_knobs();
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    setvbuf(stdout, NULL, _IOLBF, 0); /* rows appear as they are measured */
    exb_blasref netlib, openblas;
    int have_netlib = exb_blasref_open(&netlib, EXB_BLAS_NETLIB) == 0;
    int have_openblas = exb_blasref_open(&openblas, EXB_BLAS_OPENBLAS) == 0;
    if (have_openblas)
        exb_blasref_set_threads(&openblas, in.threads);
    char threads[16];
    snprintf(threads, sizeof threads, "%d", in.threads);
    setenv("EXACTBLAS_THREADS", threads, 1);
    const exb_cl_device *dev = exb_cl_device_get();
    printf("ExactBLAS sum/dot benchmark: times in ms (medians of %d runs), ratios time over "
           "time; %d threads, OpenCL device: %s\n",
           in.reps, in.threads, dev ? dev->name : "none");
    {
        double x[4] = {1, 2, 3, 4};
        use_device("opencl");
        double t0 = tl_now();
        exactblas_ddot(4, x, 1, x, 1);
        printf("first OpenCL ExDDOT call (program build, cold or cached): %.2f s\n", tl_now() - t0);
    }
    printf("\n%-10s %-7s | %9s %9s %9s %9s %9s | %8s %8s %8s\n", "n", "range", "ExDOT-cl",
           "ExDOT-hst", "plain-cl", "netlib", "OpenBLAS", "cl/OB", "host/OB", "cl/host");
    printf("%-10s %-7s | %9s %9s %9s %9s %9s | %8s %8s %8s\n", "elements", "max/min", "ms", "ms",
           "ms", "ms", "ms", "ratio", "ratio", "ratio");
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    for (int s = 0; s < in.nsizes; s++) {
        bench_data d = {(int)in.sizes[s], NULL, NULL, &netlib, &openblas};
        d.x = malloc(d.n * sizeof(double));
        d.y = malloc(d.n * sizeof(double));
        for (int g = 0; g < in.ngens; g++) {
            tl_generate(in.gens[g], in.gen_params[g], d.n, &rng, d.x, d.y);
            double r_cl, r_host, r;
            use_device("opencl");
            double t_cl = median_ms(ex_dot, &d, in.reps, &r_cl);
            use_device("host");
            double t_host = median_ms(ex_dot, &d, in.reps, &r_host);
            double t_plain = median_ms(dev ? plain_cl_dot : NULL, &d, in.reps, &r);
            double t_net = median_ms(have_netlib ? netlib_dot : NULL, &d, in.reps, &r);
            double t_ob = median_ms(have_openblas ? openblas_dot : NULL, &d, in.reps, &r);
            printf("%-10d %-7.0e | %9.3f %9.3f %9.3f %9.3f %9.3f | %8.2f %8.2f %8.2f%s\n", d.n,
                   in.gen_params[g], t_cl, t_host, t_plain, t_net, t_ob, t_cl / t_ob, t_host / t_ob,
                   t_cl / t_host,
                   tl_bits(r_cl) == tl_bits(r_host) ? "" : "  (cl and host bits differ!)");
        }
        free(d.x);
        free(d.y);
    }
    printf("\n%-10s %-7s | %9s %9s %9s %9s | %8s %8s %8s\n", "n", "range", "ExSUM-cl", "ExSUM-hst",
           "plain-cl", "OB-dasum", "cl/plain", "host/pln", "cl/host");
    printf("%-10s %-7s | %9s %9s %9s %9s | %8s %8s %8s\n", "elements", "max/min", "ms", "ms", "ms",
           "ms", "ratio", "ratio", "ratio");
    for (int s = 0; s < in.nsizes; s++) {
        bench_data d = {(int)in.sizes[s], NULL, NULL, &netlib, &openblas};
        d.x = malloc(d.n * sizeof(double));
        for (int g = 0; g < in.ngens; g++) {
            tl_generate(in.gens[g], in.gen_params[g], d.n, &rng, d.x, NULL);
            double r_cl, r_host, r;
            use_device("opencl");
            double t_cl = median_ms(ex_sum, &d, in.reps, &r_cl);
            use_device("host");
            double t_host = median_ms(ex_sum, &d, in.reps, &r_host);
            double t_plain = median_ms(dev ? plain_cl_sum : NULL, &d, in.reps, &r);
            double t_ob = median_ms(have_openblas ? openblas_asum : NULL, &d, in.reps, &r);
            double best_plain = t_plain < t_ob || isnan(t_ob) ? t_plain : t_ob;
            printf("%-10d %-7.0e | %9.3f %9.3f %9.3f %9.3f | %8.2f %8.2f %8.2f%s\n", d.n,
                   in.gen_params[g], t_cl, t_host, t_plain, t_ob, t_cl / best_plain,
                   t_host / best_plain, t_cl / t_host,
                   tl_bits(r_cl) == tl_bits(r_host) ? "" : "  (cl and host bits differ!)");
        }
        free(d.x);
    }
    printf("\nn: elements; range: the entries' spread (about largest over smallest |x_i|);\n"
           "times in ms; cl/OB, host/OB: ExDDOT (OpenCL, host path) time over OpenBLAS ddot's;\n"
           "cl/plain, host/pln (sum table): ExDSUM's time over the faster plain sum's "
           "(plain OpenCL sum or OpenBLAS dasum).\n");
    return 0;
}

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

#include "blasref.h"
#include "opencl/clbuf.h"
#include "exactblas.h"
#include "testlib.h"

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
    const exb_cl_device *dev = exb_cl_device_get();
    if (!dev)
        return NAN;
    exb_cl_shape s = exb_cl_reduction_shape(dev, d->n, exb_cl_reduction_wg(dev));
    cl_kernel k = exb_cl_kernel("plain.cl", dot ? "plain_dot" : "plain_sum", "-DFPE=0 -DEARLY_EXIT=0");
    if (!k)
        return NAN;
    long off;
    cl_mem xb = exb_cl_vector_in(dev, d->x, d->n, 1, &off);
    cl_mem yb = dot ? exb_cl_vector_in(dev, d->y, d->n, 1, &off) : NULL;
    cl_int err;
    cl_mem pb = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, s.groups * sizeof(double), NULL, &err);
    cl_long n = d->n, chunk4 = s.chunk4;
    int a = 0;
    clSetKernelArg(k, a++, sizeof n, &n);
    clSetKernelArg(k, a++, sizeof xb, &xb);
    if (dot)
        clSetKernelArg(k, a++, sizeof yb, &yb);
    clSetKernelArg(k, a++, sizeof chunk4, &chunk4);
    clSetKernelArg(k, a++, sizeof pb, &pb);
    clSetKernelArg(k, a++, s.wg * sizeof(double), NULL);
    size_t global = s.groups * s.wg;
    clEnqueueNDRangeKernel(dev->queue, k, 1, NULL, &global, &s.wg, 0, NULL, NULL);
    double *partial = malloc(s.groups * sizeof *partial), sum = 0;
    if (partial && clEnqueueReadBuffer(dev->queue, pb, CL_TRUE, 0, s.groups * sizeof(double),
                                       partial, 0, NULL, NULL) == CL_SUCCESS)
        for (size_t g = 0; g < s.groups; g++)
            sum += partial[g];
    else
        sum = NAN;
    free(partial);
    clReleaseMemObject(xb);
    if (yb)
        clReleaseMemObject(yb);
    clReleaseMemObject(pb);
    clReleaseKernel(k);
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

int main(int argc, char **argv)
{
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
    printf("ExactBLAS sum/dot benchmark: medians of %d runs, %d threads, OpenCL device: %s\n",
           in.reps, in.threads, dev ? dev->name : "none");
    {
        double x[4] = {1, 2, 3, 4};
        setenv("EXACTBLAS_DEVICE", "opencl", 1);
        double t0 = tl_now();
        exactblas_ddot(4, x, 1, x, 1);
        printf("first OpenCL ExDDOT call (program build, cold or cached): %.2f s\n", tl_now() - t0);
    }
    printf("\n%-10s %-7s | %9s %9s %9s %9s %9s | %8s %8s %8s\n", "n", "range", "ExDOT-cl",
           "ExDOT-hst", "plain-cl", "netlib", "OpenBLAS", "cl/OB", "host/OB", "cl/host");
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    for (int s = 0; s < in.nsizes; s++) {
        bench_data d = {(int)in.sizes[s], NULL, NULL, &netlib, &openblas};
        d.x = malloc(d.n * sizeof(double));
        d.y = malloc(d.n * sizeof(double));
        for (int g = 0; g < in.ngens; g++) {
            tl_generate(in.gens[g], in.gen_params[g], d.n, &rng, d.x, d.y);
            double r_cl, r_host, r;
            setenv("EXACTBLAS_DEVICE", "opencl", 1);
            double t_cl = median_ms(ex_dot, &d, in.reps, &r_cl);
            setenv("EXACTBLAS_DEVICE", "host", 1);
            double t_host = median_ms(ex_dot, &d, in.reps, &r_host);
            double t_plain = median_ms(dev ? plain_cl_dot : NULL, &d, in.reps, &r);
            double t_net = median_ms(have_netlib ? netlib_dot : NULL, &d, in.reps, &r);
            double t_ob = median_ms(have_openblas ? openblas_dot : NULL, &d, in.reps, &r);
            printf("%-10d %-7.0e | %9.3f %9.3f %9.3f %9.3f %9.3f | %8.2f %8.2f %8.2f%s\n", d.n,
                   in.gen_params[g], t_cl, t_host, t_plain, t_net, t_ob, t_cl / t_ob,
                   t_host / t_ob, t_cl / t_host,
                   tl_bits(r_cl) == tl_bits(r_host) ? "" : "  (cl and host bits differ!)");
        }
        free(d.x);
        free(d.y);
    }
    printf("\n%-10s %-7s | %9s %9s %9s %9s | %8s %8s %8s\n", "n", "range", "ExSUM-cl",
           "ExSUM-hst", "plain-cl", "OB-dasum", "cl/plain", "host/OB", "cl/host");
    for (int s = 0; s < in.nsizes; s++) {
        bench_data d = {(int)in.sizes[s], NULL, NULL, &netlib, &openblas};
        d.x = malloc(d.n * sizeof(double));
        for (int g = 0; g < in.ngens; g++) {
            tl_generate(in.gens[g], in.gen_params[g], d.n, &rng, d.x, NULL);
            double r_cl, r_host, r;
            setenv("EXACTBLAS_DEVICE", "opencl", 1);
            double t_cl = median_ms(ex_sum, &d, in.reps, &r_cl);
            setenv("EXACTBLAS_DEVICE", "host", 1);
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
    printf("\ncl/OB, host/OB: ExDDOT (OpenCL, host path) time over OpenBLAS ddot;\n"
           "cl/plain, host/OB (sum table): ExDSUM over the faster plain sum "
           "(plain OpenCL sum or OpenBLAS dasum).\n");
    return 0;
}

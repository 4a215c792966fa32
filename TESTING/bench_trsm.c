/*
 * bench_trsm.c -- EXDTRSM against netlib's and OpenBLAS's DTRSM in one run
 * (SIDE L, lower, no transpose, non-unit, alpha 1), with one right-hand side
 * and with as many as the order, on the host path and on the OpenCL path
 * (EXACTBLAS_DEVICE=opencl).  Two triangles:
 *   dominant  off-diagonal entries uniform in (-1, 1), diagonal m + (1..2)
 *             with a random sign: well conditioned, the solution of the
 *             order of b (what a factor of a well-posed problem looks like);
 *   growing   entries of magnitude 1..2 with random signs, diagonal 8..16:
 *             the solution grows by orders of magnitude down the rows (its
 *             span in bits is printed), the hard case for the sliced GEMM.
 * Each library is timed in its own block of calls (two thread pools
 * alternating call by call spin against each other); medians in ms.
 *
 * usage: bench_trsm bench_trsm.in   (sizes, reps, threads, seed)
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas.h"
#include "level2lib.h"

static const char usage[] =
    "usage: bench_trsm input-file\n"
    "  EXDTRSM (host and OpenCL paths) against netlib's and OpenBLAS's DTRSM, one\n"
    "  and m right-hand sides.  input-file: TESTING/bench_trsm.in (sizes, reps,\n"
    "  threads, seed).\n"
    "  Prints median times in ms, their ratios, and the solution's span in bits.\n";

typedef void (*dtrsm_fn)(const char *, const char *, const char *, const char *, const int *,
                         const int *, const double *, const double *, const int *, double *,
                         const int *, size_t, size_t, size_t, size_t);

typedef struct bench {
    int m, n;
    const double *a, *b;
    double *x;
    dtrsm_fn trsm; /* NULL: EXDTRSM */
} bench;

static void run(void *arg)
{
    bench *c = arg;
    double one = 1.0;
    memcpy(c->x, c->b, (size_t)c->m * c->n * sizeof *c->x);
    if (c->trsm)
        c->trsm("L", "L", "N", "N", &c->m, &c->n, &one, c->a, &c->m, c->x, &c->m, 1, 1, 1, 1);
    else
        exactblas_dtrsm('L', 'L', 'N', 'N', c->m, c->n, 1.0, c->a, c->m, c->x, c->m);
}

static double median_ms(bench *c, int reps)
{
    return tl_time_ms(run, c, reps, NULL);
}

/* The span in bits of the nonzero finite |x_i| (top exponent - bottom). */
static int span_bits(const double *x, long count)
{
    int lo = INT_MAX, hi = INT_MIN;
    for (long k = 0; k < count; k++)
        if (x[k] != 0.0 && isfinite(x[k])) {
            int e = ilogb(x[k]);
            lo = e < lo ? e : lo;
            hi = e > hi ? e : hi;
        }
    return hi >= lo ? hi - lo : 0;
}

static void bench_one(const tl_matrix *A, int m, int n, const char *data, const tl_input *in,
                      const char *knobs, exb_blasref *netlib, exb_blasref *openblas, tl_rng *rng)
{
    double *b = malloc((size_t)m * n * sizeof *b), *x = malloc((size_t)m * n * sizeof *x);
    for (long k = 0; k < (long)m * n; k++)
        b[k] = tl_rng_uniform(rng) - 0.5;
    bench c = {m, n, A->a, b, x, NULL};
    tl_apply_knobs(knobs);
    double t_ex = median_ms(&c, in->reps);
    int span = span_bits(x, (long)m * n);
    tl_apply_knobs("EXACTBLAS_DEVICE=opencl");
    double t_cl = median_ms(&c, in->reps);
    c.trsm = netlib ? (dtrsm_fn)exb_blasref_symbol(netlib, "dtrsm_") : NULL;
    double t_net = c.trsm ? median_ms(&c, in->reps) : NAN;
    c.trsm = openblas ? (dtrsm_fn)exb_blasref_symbol(openblas, "dtrsm_") : NULL;
    double t_ob = c.trsm ? median_ms(&c, in->reps) : NAN;
    printf("%-9s %6d %6d %6d %10.2f %10.2f %10.2f %10.2f %9.2f %9.2f %9.2f\n", data, m, n, span,
           t_ex, t_cl, t_net, t_ob, t_ex / t_net, t_ex / t_ob, t_cl / t_ob);
    free(b);
    free(x);
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
    char knobs[64];
    snprintf(knobs, sizeof knobs, "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=%d", in.threads);
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    printf("DTRSM L L N N, times in ms (median of %d), %d threads for ExactBLAS and OpenBLAS\n",
           in.reps, in.threads);
    printf("%-9s %6s %6s %6s %10s %10s %10s %10s %9s %9s %9s\n", "data", "m", "nrhs", "x-span",
           "Ex-host", "Ex-cl", "netlib", "OpenBLAS", "host/net", "host/OB", "cl/OB");
    for (int s = 0; s < in.nsizes; s++)
        for (int growing = 0; growing < 2; growing++) {
            int m = (int)in.sizes[s];
            tl_matrix A;
            tl_matrix_alloc(&A, m, m, m);
            double *b0 = malloc((size_t)m * sizeof *b0);
            tl_triangular_generate("random", 1, 'L', 'N', &A, b0, &rng);
            for (long j = 0; j < m; j++)
                for (long i = 0; i < m; i++) {
                    double *t = &A.a[i + j * (long)m];
                    if (i < j)
                        *t = 0.0; /* never read */
                    else if (!growing)
                        *t = i == j ? tl_rng_sign(&rng) * (m + 1 + tl_rng_uniform(&rng))
                                    : 2 * tl_rng_uniform(&rng) - 1;
                }
            for (int wide = 0; wide < 2; wide++)
                bench_one(&A, m, wide ? m : 1, growing ? "growing" : "dominant", &in, knobs,
                          have_netlib ? &netlib : NULL, have_ob ? &openblas : NULL, &rng);
            free(A.a);
            free(b0);
        }
    if (have_netlib)
        exb_blasref_close(&netlib);
    if (have_ob)
        exb_blasref_close(&openblas);
    return 0;
}

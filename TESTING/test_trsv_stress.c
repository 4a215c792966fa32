/*
 * test_trsv_stress.c -- the fused OpenCL TRSV never hangs and never changes
 * a bit: many launches with far more work-groups than compute units, block
 * sizes from 1 to 256 (dividing n or not), each solution compared bit for
 * bit with the host path's, and the OpenCL path proven to have run
 * (exactblas_last_path).  Every launch has its own watchdog: a launch that
 * has not returned after LAUNCH_LIMIT seconds is a hang, reported with its
 * parameters, and the test fails at once (a slow machine does not make a
 * whole run time out).  trsv_stress.in is the CTest size; trsv_stress_long.in
 * (n up to 8192) is the labelled long test.  Without an OpenCL device the
 * driver reports a skip.
 *
 * usage: test_trsv_stress trsv_stress.in
 *   sizes   the orders n
 *   incs    the block sizes (EXACTBLAS_TRSV_BLOCK) tried for every n
 *   reps    launches per (n, block size, knob setting)
 *   knobs   the OpenCL settings (work-group size, mode) to try
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exactblas.h"
#include "level2lib.h"

#define LAUNCH_LIMIT 120 /* seconds: 3x the slowest launch seen on 2 busy cores */

static char current[640]; /* the launch under way, for the watchdog */

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    if (!tl_opencl_available()) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics\n");
        return TL_SKIP;
    }
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    tl_tally t = {0, 0, 0};
    long launches = 0;
    for (int s = 0; s < in.nsizes; s++) {
        long n = in.sizes[s];
        tl_matrix T;
        tl_matrix_alloc(&T, n, n, n);
        double *b = malloc((size_t)n * sizeof *b), *want = malloc((size_t)n * sizeof *want);
        const char *opt = s % 2 ? "UTN" : "LNN";
        tl_triangular_generate("random", 1e6, opt[0], opt[2], &T, b, &rng);
        memcpy(want, b, (size_t)n * sizeof *b);
        tl_apply_knobs("EXACTBLAS_DEVICE=host");
        exactblas_dtrsv(opt[0], opt[1], opt[2], (int)n, T.a, (int)n, want, 1);
        for (int k = 0; k < in.nknobs; k++) {
            for (int bi = 0; bi < in.nincs; bi++) {
                char setting[256], label[96];
                snprintf(setting, sizeof setting,
                         "EXACTBLAS_DEVICE=opencl %s EXACTBLAS_TRSV_BLOCK=%ld", in.knobs[k],
                         in.incs[bi]);
                tl_apply_knobs(setting);
                double t0 = tl_now();
                for (int r = 0; r < in.reps; r++, launches++) {
                    double *x = malloc((size_t)n * sizeof *x);
                    memcpy(x, b, (size_t)n * sizeof *b);
                    snprintf(label, sizeof label, "%s n=%ld rep %d", opt, n, r);
                    snprintf(current, sizeof current, "TRSV STRESS: %s [%s]", label, setting);
                    tl_watchdog(LAUNCH_LIMIT, current);
                    exactblas_dtrsv(opt[0], opt[1], opt[2], (int)n, T.a, (int)n, x, 1);
                    tl_watchdog(0, "");
                    tl_check_vector(&t, label, setting, n, want, x);
                    if (!tl_check_path(label, setting))
                        t.mismatches++;
                    free(x);
                }
                printf("%s n=%5ld block=%3ld [%s]: %d launches, %.3f s each\n", opt, n, in.incs[bi],
                       in.knobs[k], in.reps, (tl_now() - t0) / in.reps);
                fflush(stdout);
            }
        }
        free(T.a);
        free(b);
        free(want);
    }
    tl_apply_knobs("");
    if (t.mismatches == 0)
        printf("TRSV STRESS: PASSED: %ld launches, none hung, all bit-identical to the host path\n",
               launches);
    else
        printf("TRSV STRESS: FAILED: %ld of %ld launches differ\n", t.mismatches, t.runs);
    return t.mismatches != 0;
}

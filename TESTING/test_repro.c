/*
 * test_repro.c -- the same bits under every combination of knobs.
 *
 * Runs the workload (workload.h: every routine, n = NSUM sums and dots with a
 * wide exponent range and cancellation, NM x NM matrices, NT x NT triangular
 * systems one of which overflows, NaN, Inf and signed zeros) under the full
 * cross product of
 *     EXACTBLAS_FPE         0 2 4 8
 *     EXACTBLAS_EARLY_EXIT  0 1
 *     EXACTBLAS_WG          16 64 256 and the device's largest work-group
 *     EXACTBLAS_TRSV_BLOCK  16 64
 *     EXACTBLAS_THREADS     1 2
 *     EXACTBLAS_TRSV_MODE   fused multi
 * on one device (host or opencl: 256 settings), and compares the hash of all
 * output bytes of each with the hash of the host path under default knobs.
 * Every call's path is checked.  The two CTest halves (repro_host,
 * repro_opencl) compare with the same reference, so all 512 hashes are one.
 *
 * usage: test_repro host|opencl [NSUM NM NT]
 * "opencl" without a usable device exits 77 (a CTest skip).  Each setting
 * runs under its own watchdog.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "testlib.h"
#include "workload.h"

#define WATCHDOG 120

static char current[256];

int main(int argc, char **argv)
{
    if ((argc != 2 && argc != 5) || (strcmp(argv[1], "host") && strcmp(argv[1], "opencl"))) {
        fprintf(stderr, "usage: %s host|opencl [NSUM NM NT]\n", argv[0]);
        return 2;
    }
    const char *device = argv[1];
    long nsum = argc == 5 ? atol(argv[2]) : 100000, nm = argc == 5 ? atol(argv[3]) : 200,
         nt = argc == 5 ? atol(argv[4]) : 400;
    if (nsum < 10 || nm < 2 || nt < 2) {
        fprintf(stderr, "%s: NSUM >= 10, NM >= 2, NT >= 2\n", argv[0]);
        return 2;
    }
    long max_wg = tl_opencl_max_wg();
    if (strcmp(device, "opencl") == 0 && max_wg == 0) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics\n");
        return TL_SKIP;
    }
    if (max_wg == 0)
        max_wg = 1024; /* the host path has no work-groups: any value must do */

    tl_workload data;
    tl_workload_make(&data, nsum, nm, nt, 20261122);
    snprintf(current, sizeof current, "EXACTBLAS_DEVICE=host (the reference)");
    tl_apply_knobs(current);
    int wrong = 0;
    tl_watchdog(WATCHDOG, current);
    uint64_t want = tl_workload_run(&data, TL_GEMM_BOTH, current, &wrong);
    printf("reference: host path, default knobs: %016llx  (NSUM=%ld NM=%ld NT=%ld)\n",
           (unsigned long long)want, nsum, nm, nt);

    static const int fpes[] = {0, 2, 4, 8}, exits[] = {0, 1}, blocks[] = {16, 64},
                     threads[] = {1, 2};
    static const char *modes[] = {"fused", "multi"};
    long wgs[] = {16, 64, 256, max_wg};
    int settings = 0, differ = 0;
    double t0 = tl_now();
    for (int f = 0; f < 4; f++)
        for (int e = 0; e < 2; e++)
            for (int g = 0; g < 4; g++)
                for (int b = 0; b < 2; b++)
                    for (int th = 0; th < 2; th++)
                        for (int m = 0; m < 2; m++) {
                            snprintf(current, sizeof current,
                                     "EXACTBLAS_DEVICE=%s EXACTBLAS_FPE=%d EXACTBLAS_EARLY_EXIT=%d "
                                     "EXACTBLAS_WG=%ld EXACTBLAS_TRSV_BLOCK=%d "
                                     "EXACTBLAS_THREADS=%d EXACTBLAS_TRSV_MODE=%s",
                                     device, fpes[f], exits[e], wgs[g], blocks[b], threads[th],
                                     modes[m]);
                            tl_apply_knobs(current);
                            tl_watchdog(WATCHDOG, current);
                            uint64_t h = tl_workload_run(&data, TL_GEMM_BOTH, current, &wrong);
                            settings++;
                            if (h != want) {
                                differ++;
                                printf("DIFFERS %016llx  %s\n", (unsigned long long)h, current);
                            }
                        }
    tl_watchdog(0, "");
    printf("%s: %d settings in %.1f s, %d hashes differ from the reference, %d calls off their "
           "path (largest work-group %ld)\n",
           device, settings, tl_now() - t0, differ, wrong, max_wg);
    tl_workload_free(&data);
    int ok = differ == 0 && wrong == 0;
    printf("repro %s: %s\n", device, ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}

/* probe.c -- prints the OpenCL device ExactBLAS would use (EXACTBLAS_DEVICE
 * honoured), builds its ExDOT program and times that first (cold or cached)
 * build, then checks one exact dot product against the host path. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "opencl/clrt.h"
#include "exactblas.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d) {
        printf("no usable OpenCL device: ExactBLAS runs on the host path\n");
        return 0;
    }
    printf("device: %s (%s, %u compute units, max work-group %zu)\n", d->name,
           d->is_cpu ? "CPU" : "GPU/accelerator", d->compute_units, d->max_wg);
    double x[3] = {1e300, 1.0, -1e300}, y[3] = {1e300, 0x1p-60, 1e300};
    double t0 = now();
    double r = exactblas_ddot(3, x, 1, y, 1);
    printf("first ExDOT call (program build included): %.2f s\n", now() - t0);
    setenv("EXACTBLAS_DEVICE", "host", 1);
    double h = exactblas_ddot(3, x, 1, y, 1);
    printf("ExDOT(1e300*1e300 + 2^-60 - 1e300*1e300) = %a (host %a): %s\n", r, h,
           r == h && r == 0x1p-60 ? "ok" : "MISMATCH");
    return r == h && r == 0x1p-60 ? 0 : 1;
}

/* reduce.c -- the exact sum or dot product on the path the knobs pick (reduce.h). */
#include "reduce.h"

#include "support/knobs.h"
#include "support/path.h"
#include "backend/sumdot.h"
#include "core/filter.h"
#include "core/zerosign.h"
#include "backend/device.h"

/* The floating-point filter on the device (EXACTBLAS_FILTER, an expansion
 * size, FRONT=auto, as on the host): 1 with RN(sum) when its bound decides
 * (core/filter.h), else 0 (undecided, or the launch failed: the exact
 * kernels or the host follow). */
static int cl_filtered(const exb_sumdot_args *args, const exb_knobs *knobs, double *out)
{
    double h, lo, ce, leaves, depth;
    if (!exb_knobs_filter(knobs) ||
        exb_cl_sumdot_filter(args, knobs, &h, &lo, &ce, &leaves, &depth) != 0)
        return 0;
    return exb_filter_round(h, lo, exb_filter_bound_tree(depth, leaves, ce), out);
}

/* The exact sum into acc on the path the knobs pick (recorded); with
 * `rounded` not NULL, the host path first tries the floating-point filter
 * and returns 1 with RN(sum) there when it decides (acc unused then). */
static int sum_on_path(long n, const double *x, long incx, const double *y, long incy,
                       exb_superacc *acc, double *rounded)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    long bins_blocks = 0;
    exb_sumdot_args args = {n, x, incx, y, incy, &knobs, &bins_blocks};
    int cl = exb_cl_wanted(&knobs);
    if (cl && rounded && cl_filtered(&args, &knobs, rounded)) {
        exb_path_add(EXACTBLAS_PATH_OPENCL | EXACTBLAS_PATH_EARLY);
        return 1;
    }
    if (cl && exb_cl_sumdot(&args, &knobs, acc) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
        return 0;
    }
    if (rounded && exb_host_sumdot_filtered(&args, rounded)) {
        exb_path_host(cl);
        exb_path_add(EXACTBLAS_PATH_EARLY);
        return 1;
    }
    exb_host_sumdot(&args, acc);
    exb_path_host(cl);
    if (bins_blocks > 0)
        exb_path_add(EXACTBLAS_PATH_BINS);
    return 0;
}

void exb_sumdot_accumulate(long n, const double *x, long incx, const double *y, long incy,
                           exb_superacc *acc)
{
    sum_on_path(n, x, incx, y, incy, acc, NULL);
}

double exb_sumdot(long n, const double *x, long incx, const double *y, long incy)
{
    exb_superacc acc;
    double r;
    if (sum_on_path(n, x, incx, y, incy, &acc, &r))
        return r;
    if (exb_superacc_is_zero(&acc) && exb_terms_negzero(n, x, incx, y, incy))
        exb_superacc_set_negative_zero(&acc);
    return exb_superacc_round(&acc);
}

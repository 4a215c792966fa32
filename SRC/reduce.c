/* reduce.c -- the exact sum or dot product on the path the knobs pick (reduce.h). */
#include "reduce.h"

#include "support/knobs.h"
#include "support/path.h"
#include "backend/sumdot.h"
#include "core/filter.h"
#include "core/zerosign.h"
#include "backend/device.h"
#include "host/kernels.h"

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
    if (n <= EXB_SHORT_SUMDOT && incx == 1 && (!y || incy == 1) && exb_sumdot_short(n, x, y, &r))
        return r;
    if (sum_on_path(n, x, incx, y, incy, &acc, &r))
        return r;
    if (exb_superacc_is_zero(&acc) && exb_terms_negzero(n, x, incx, y, incy))
        exb_superacc_set_negative_zero(&acc);
    return exb_superacc_round(&acc);
}

int exb_sumdot_short(long n, const double *x, const double *y, double *out)
{
    const exb_knobs *k = exb_knobs_current();
    if (n > EXB_SHORT_SUMDOT || !exb_knobs_filter(k))
        return 0;
    const exb_filter_kernels *f =
        exb_kernels_filter(exb_host_kernels_get(k->host_generic), k->fpe, k->front, k->filter);
    if (!f || (k->use_opencl != EXB_DEVICE_HOST && exb_cl_wanted(k)))
        return 0; /* this CPU's kernels without the filter, or a device */
    int decided;
    if (n < 16) { /* four scalar chains: below the vector kernel's set-up */
        decided = f->sum_short(n, x, y, out);
    } else { /* the kernel of exb_host_sumdot_filtered, one share: its bound */
        double h, lo, ab;
        f->dot(x, y, n, &h, &lo, &ab);
        double depth = (double)(n / 32 + 17), terms = (double)n + 33.0;
        decided = exb_filter_round(h, lo, exb_filter_bound_tree(depth, terms, ab), out);
    }
    if (!decided)
        return 0;
    exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
    return 1;
}

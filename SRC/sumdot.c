/* sumdot.c -- dispatch of EXDSUM/EXDDOT (see sumdot.h). */
#include "sumdot.h"

#include "support/knobs.h"
#include "support/path.h"
#include "backend/sumdot.h"
#include "core/zerosign.h"
#include "backend/device.h"

void exb_sumdot_accumulate(long n, const double *x, long incx, const double *y, long incy,
                           exb_superacc *acc)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    long bins_blocks = 0;
    exb_sumdot_args args = {n,           x,           incx,          y,
                            incy,        knobs.fpe,   knobs.early_exit, knobs.threads,
                            knobs.front, knobs.host_generic, &bins_blocks, 0};
    int cl = exb_cl_wanted(&knobs);
    if (cl && exb_cl_sumdot(&args, &knobs, acc) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_sumdot(&args, acc);
        exb_path_host(cl);
        if (bins_blocks > 0)
            exb_path_add(EXACTBLAS_PATH_BINS);
    }
}

double exb_sumdot(long n, const double *x, long incx, const double *y, long incy)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    if (!exb_cl_wanted(&knobs)) {
        exb_sumdot_args args = {n,           x,           incx,          y,
                                incy,        knobs.fpe,   knobs.early_exit, knobs.threads,
                                knobs.front, knobs.host_generic, NULL, knobs.filter};
        double r;
        if (exb_host_sumdot_filtered(&args, &r)) {
            exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
            return r;
        }
    }
    exb_superacc acc;
    exb_sumdot_accumulate(n, x, incx, y, incy, &acc);
    if (exb_superacc_is_zero(&acc) && exb_terms_negzero(n, x, incx, y, incy))
        exb_superacc_set_negative_zero(&acc);
    return exb_superacc_round(&acc);
}

/*
 * sumdot.h -- the dispatch shared by EXDSUM and EXDDOT: reads the knobs,
 * tries the OpenCL path when selected, takes the host path otherwise or on
 * any OpenCL failure, and rounds the exact sum once (the public accumulator,
 * exactblas_acc.c, takes the exact sum without the rounding).
 */
#ifndef EXACTBLAS_SUMDOT_H
#define EXACTBLAS_SUMDOT_H

#include <stddef.h>

/* The logical first element of a BLAS vector of n elements, increment inc. */
#define EXB_FIRST(x, n, inc) ((inc) < 0 ? (x) - (long)((n) - 1) * (inc) : (x))

#include "core/superacc.h"

/* The exact sum x_i (y == NULL) or x_i*y_i into acc (cleared first), on the
 * path the knobs pick (recorded); n > 0, pointers at the logical first
 * elements. */
void exb_sumdot_accumulate(long n, const double *x, long incx, const double *y, long incy,
                           exb_superacc *acc);

/* RN(sum x_i) (y == NULL) or RN(sum x_i*y_i), as above. */
double exb_sumdot(long n, const double *x, long incx, const double *y, long incy);

#endif

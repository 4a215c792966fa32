/*
 * reduce.h -- the exact sum or dot product, the dispatch shared by EXDSUM,
 * EXDDOT, DASUM, DNRM2 and the accumulator's vector adds: reads the knobs,
 * tries the OpenCL path when selected, takes the host path otherwise or on
 * any OpenCL failure, and rounds the exact sum once (the public accumulator,
 * exactblas_acc.c, takes the exact sum without the rounding).
 */
#ifndef EXACTBLAS_REDUCE_H
#define EXACTBLAS_REDUCE_H

#include <stddef.h>

#include "core/superacc.h"

/* The exact sum x_i (y == NULL) or x_i*y_i into acc (cleared first), on the
 * path the knobs pick (recorded); n > 0, pointers at the logical first
 * elements. */
void exb_sumdot_accumulate(long n, const double *x, long incx, const double *y, long incy,
                           exb_superacc *acc);

/* RN(sum x_i) (y == NULL) or RN(sum x_i*y_i), as above. */
double exb_sumdot(long n, const double *x, long incx, const double *y, long incy);

#endif

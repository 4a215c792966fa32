/*
 * sumdot.h -- the dispatch shared by EXDSUM and EXDDOT: reads the knobs,
 * tries the OpenCL path when selected, takes the host path otherwise or on
 * any OpenCL failure, and rounds the exact sum once.
 */
#ifndef EXACTBLAS_SUMDOT_H
#define EXACTBLAS_SUMDOT_H

#include <stddef.h>

/* The logical first element of a BLAS vector of n elements, increment inc. */
#define EXB_FIRST(x, n, inc) ((inc) < 0 ? (x) - (long)((n) - 1) * (inc) : (x))

/* RN(sum x_i) (y == NULL) or RN(sum x_i*y_i); n > 0, pointers at the logical
 * first elements. */
double exb_sumdot(long n, const double *x, long incx, const double *y, long incy);

#endif

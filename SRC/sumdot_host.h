/*
 * sumdot_host.h -- host path of ExSUM/ExDOT: the exact sum of x_i (y == NULL)
 * or of x_i*y_i, left in a long accumulator.  Vectors are addressed from their
 * logical first element: element i is x[i*incx] (incx may be negative).
 */
#ifndef EXACTBLAS_SUMDOT_HOST_H
#define EXACTBLAS_SUMDOT_HOST_H

#include "knobs.h"
#include "superacc.h"

typedef struct exb_sumdot_args {
    long n;
    const double *x;
    long incx;
    const double *y; /* NULL for a sum */
    long incy;
    int fpe;        /* expansion size 2..8, or 0 for the accumulator alone */
    int early_exit; /* stop a TwoSum cascade once its error is zero */
    int threads;    /* host threads; never changes the result */
    int front;      /* enum exb_front */
} exb_sumdot_args;

/* Accumulates elements [begin, end) into acc (one thread's share). */
void exb_sumdot_range_generic(const exb_sumdot_args *args, long begin, long end,
                              exb_superacc *acc);
void exb_sumdot_range_avx2(const exb_sumdot_args *args, long begin, long end,
                           exb_superacc *acc);

/* The whole vector, on args->threads threads, into a cleared acc. */
void exb_host_sumdot(const exb_sumdot_args *args, exb_superacc *acc);

#endif

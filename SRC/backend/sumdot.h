/*
 * sumdot.h -- what EXDSUM/EXDDOT (SRC/exdsum.c, SRC/exddot.c, SRC/reduce.c) hand to a back end: the
 * exact sum of x_i (y == NULL) or of x_i*y_i, left in a long accumulator.
 * Vectors are addressed from their logical first element: element i is
 * x[i*incx] (incx may be negative).
 */
#ifndef EXACTBLAS_BACKEND_SUMDOT_H
#define EXACTBLAS_BACKEND_SUMDOT_H

#include "core/superacc.h"
#include "support/knobs.h"

typedef struct exb_sumdot_args {
    long n;
    const double *x;
    long incx;
    const double *y; /* NULL for a sum */
    long incy;
    /* the knobs the kernels take: the expansion size (0: the accumulator
     * alone), early exit, the host threads, the front end, the host's
     * kernel table (EXACTBLAS_HOST_ISA) and the filter; none changes a bit */
    const exb_knobs *knobs;
    long *bins_blocks; /* NULL, or counts the blocks the binned front end took */
} exb_sumdot_args;

/* Host (host/vector_sums.c): the whole vector, on the knobs' threads,
 * into a cleared acc. */
void exb_host_sumdot(const exb_sumdot_args *args, exb_superacc *acc);

/* Host, the floating-point filter (core/filter.h; AVX-512, EXACTBLAS_FILTER,
 * FRONT=auto, an expansion size, unit increments): 1 with RN(sum) in *out
 * when its bound decides the rounding, else 0 (the caller sums exactly). */
int exb_host_sumdot_filtered(const exb_sumdot_args *args, double *out);

/* OpenCL (opencl/sumdot_cl.c): 0 with the exact sum in acc, or -1 (after a
 * one-line report) when the caller must take the host path. */
int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc);

/* OpenCL, the floating-point filter (core/filter.h): 0 with the sum's
 * (h, lo, ce), the bound's leaf count and depth, or -1 (after a one-line
 * report). */
int exb_cl_sumdot_filter(const exb_sumdot_args *args, const exb_knobs *knobs, double *h, double *lo,
                         double *ce, double *leaves, double *depth);

#endif

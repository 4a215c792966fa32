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

/* The small-call path (issue 39): a contiguous sum or dot of at most
 * EXB_SHORT_SUMDOT terms, on the host (the knobs say so, or auto without a
 * device), through the floating-point filter inline: no knob copy, no
 * argument struct, no thread hand-off.  1 with RN(sum) in *out when the
 * filter decides (the path recorded as the filtered host path's), else 0:
 * the caller takes exb_sumdot. */
#define EXB_SHORT_SUMDOT 4096
int exb_sumdot_short(long n, const double *x, const double *y, double *out);

#endif

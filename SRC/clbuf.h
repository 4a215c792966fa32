/*
 * clbuf.h -- device buffers over the caller's strided BLAS vectors.
 */
#ifndef EXACTBLAS_CLBUF_H
#define EXACTBLAS_CLBUF_H

#include "clrt.h"

/* A read-only buffer over the n elements of x with increment inc (x points at
 * the logical first element, as in sumdot_host.h); *offset receives the index
 * of that element inside the buffer.  NULL on failure (reported). */
cl_mem exb_cl_vector_in(const exb_cl_device *d, const double *x, long n, long inc, long *offset);

/* How a one-pass reduction over n elements is launched. */
typedef struct exb_cl_shape {
    size_t wg, groups;
    long chunk4; /* groups of four per work-item (CPU devices); 0 = grid-stride */
} exb_cl_shape;

/* wg_knob > 0 overrides the work-group size.  A work-group never sees more
 * than 2^28 elements, which keeps its raw accumulator digits below 2^62. */
exb_cl_shape exb_cl_reduction_shape(const exb_cl_device *d, long n, int wg_knob);

#endif

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

#endif

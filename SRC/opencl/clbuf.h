/*
 * clbuf.h -- device buffers over the caller's strided BLAS vectors.
 */
#ifndef EXACTBLAS_CLBUF_H
#define EXACTBLAS_CLBUF_H

#include "clrt.h"
#include "core/superacc.h"

/* A read-only buffer of the launch over the n elements of x with increment
 * inc (x points at the logical first element, support/blasvec.h); *offset
 * receives the index of that element inside the buffer.  NULL on failure. */
cl_mem exb_cl_vector_in(exb_cl_launch *L, const double *x, long n, long inc, long *offset);

/* Row accumulators of the row kernels (OPENCL/core.cl, row_state): per row
 * EXB_ROW_DIGITS digits, EXB_ROW_META ints of window and flags (exb_core.h), and
 * (TRSV) an expansion of max(FPE, 1) doubles. */
typedef struct exb_cl_rows {
    cl_mem digits, meta, expansion;
} exb_cl_rows;

/* The launch's row accumulators: 0, or -1.  expansion_len = 0: no expansion
 * buffer.  digit and meta buffers are host-mappable (the host finishes GEMV
 * rows); exb_cl_launch_end releases them. */
int exb_cl_rows_create(exb_cl_launch *L, exb_cl_rows *rows, long count, int expansion_len);

/* The host's view of the first `count` accumulators, mapped for reading. */
typedef struct exb_cl_rows_view {
    cl_long *digits;
    cl_int *meta;
} exb_cl_rows_view;

/* Maps them (blocking): 0, or -1 (the launch failed) with nothing mapped. */
int exb_cl_rows_map(exb_cl_launch *L, const exb_cl_rows *rows, long count, exb_cl_rows_view *v);
void exb_cl_rows_unmap(const exb_cl_device *d, const exb_cl_rows *rows, exb_cl_rows_view *v);

/* RN(alpha * row + beta * y) of accumulator `row` (beta = 0: y ignored), the
 * one rounding of the host path (exb_superacc_round_affine); acc is a
 * cleared scratch accumulator, left cleared.  negzero(arg, row) is asked when
 * the row's exact sum is zero: whether all its terms were -0 (zerosign.h). */
double exb_cl_row_round_affine(const exb_cl_rows_view *v, long row, exb_superacc *acc, double alpha,
                               double beta, double y, int (*negzero)(const void *arg, long row),
                               const void *arg);

/* How a one-pass reduction over n elements is launched. */
typedef struct exb_cl_shape {
    size_t wg, groups;
    long chunk4; /* groups of four per work-item (CPU devices); 0 = grid-stride */
} exb_cl_shape;

/* The default work-group size of the reductions on this device (its tuning
 * record). */
size_t exb_cl_reduction_wg(const exb_cl_device *d);

/* The launch of n elements with work-groups of wg (already fitted to the
 * kernel).  A work-group never sees more than 2^28 elements, which keeps its
 * raw accumulator digits below 2^62. */
exb_cl_shape exb_cl_reduction_shape(const exb_cl_device *d, long n, size_t wg);

#endif

/*
 * gemv.h -- EXDGEMV below the argument checks: the host path and the OpenCL
 * path compute the same bits.
 *
 * y_i := RN(alpha * sum_j op(A)_ij x_j + beta*y_i), rows i < leny.  x and
 * y are addressed from their logical first elements with increments of
 * either sign; the routine passes a contiguous copy of a strided x, and only
 * when that copy could not be allocated does incx differ from 1 (the host
 * path then takes its slow exact path, the OpenCL path is not tried).
 */
#ifndef EXACTBLAS_GEMV_H
#define EXACTBLAS_GEMV_H

#include "core/zerosign.h"
#include "support/knobs.h"

typedef struct exb_gemv_args {
    int trans; /* 0: y = A x (rows of A), 1: y = A^T x (columns of A) */
    long m, n; /* A is m x n, column-major, leading dimension lda */
    double alpha;
    const double *a;
    long lda;
    const double *x; /* n (trans 0) or m (trans 1) elements */
    long incx;
    double beta;
    double *y;
    long incy;
    /* not NULL: no rounding, no y: output i's exact sum is merged into
     * *acc_out[i] with its zero-sign state (exactblas_acc.h), host path */
    struct exb_superacc **acc_out;
} exb_gemv_args;

/* Whether every product op(A)_ij x_j of output i is -0 (core/zerosign.h);
 * every back end asks it. */
static inline int exb_gemv_row_negzero(const exb_gemv_args *g, long i)
{
    long len = g->trans ? g->m : g->n;
    const double *row = g->trans ? g->a + i * g->lda : g->a + i;
    return exb_terms_negzero(len, row, g->trans ? 1 : g->lda, g->x, g->incx);
}

/* The host path; always succeeds (without memory it takes a slow exact path,
 * one accumulator per output). */
void exb_host_gemv(const exb_gemv_args *g, const exb_knobs *knobs);

/* Whether the host GEMV rounds through its floating-point filter (AVX-512,
 * EXACTBLAS_FRONT=auto, an expansion size) for these alpha and beta. */
int exb_host_gemv_filtered(const exb_knobs *knobs, double alpha, double beta);

/* The OpenCL path: 0 on success, -1 (reported once) when the caller must
 * take the host path; y is untouched then. */
int exb_cl_gemv(const exb_gemv_args *g, const exb_knobs *knobs);

#endif

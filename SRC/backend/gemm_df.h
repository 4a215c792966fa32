/*
 * gemm_df.h -- the double-float GEMM below the routines (SRC/exdgemm_df.c):
 * DGEMM-D(DF) and DGEMM-DF(DF) of Mukunoki and Imamura.  Not exact and not
 * correctly rounded (core/df_core.h gives the arithmetic and its bounds).
 *
 * The routines pack op(A) (m x k), op(B) (k x n) and C (m x n) column-major
 * as DF pairs; element (i, j) is S = sum over l of a_il b_lj, accumulated
 * from zero in the order of l by exb_df_mad, then C := S, or with
 * `epilogue` C := alpha*S + beta*C in DF (beta = 0: C is not read).  The
 * host reference and the OpenCL kernel (OPENCL/df.cl) do the same
 * operations in the same order: the same bits.
 */
#ifndef EXACTBLAS_GEMM_DF_H
#define EXACTBLAS_GEMM_DF_H

#include "core/df_core.h"
#include "support/knobs.h"

typedef struct exb_df_gemm {
    long m, n, k;
    const exb_df *a, *b; /* packed op(A), op(B) */
    exb_df alpha, beta;
    int epilogue;
    exb_df *c; /* packed C, m x n */
} exb_df_gemm;

/* The host reference (threads over columns; always succeeds). */
void exb_host_gemm_df(const exb_df_gemm *g, const exb_knobs *knobs);

/* The OpenCL kernel: 0, or -1 (reported once) when the caller must take the
 * host reference; C is untouched then. */
int exb_cl_gemm_df(const exb_df_gemm *g, const exb_knobs *knobs);

#endif

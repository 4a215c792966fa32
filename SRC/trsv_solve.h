/*
 * trsv_solve.h -- what EXDTRSV and EXDTRSVX share above the back ends
 * (defined in exdtrsv.c): argument checks, the description of op(T) from
 * the BLAS option letters, and the dispatch of a solve.
 */
#ifndef EXACTBLAS_TRSV_SOLVE_H
#define EXACTBLAS_TRSV_SOLVE_H

#include "backend/trsv.h"

/* EXDTRSV's argument checks (EXDTRSVX shares them): the position of the
 * first illegal argument, or 0. */
int exb_trsv_check(char uplo, char trans, char diag, long n, long lda, long incx);

/* The description of op(T) for the BLAS options (already checked). */
exb_tri exb_tri_make(char uplo, char trans, char diag, long n, const double *a, long lda);

/* The solve, on the device the knobs select, with the host as fallback. */
void exb_trsv_solve(const exb_tri *t, double *x, const exb_knobs *knobs);

#endif

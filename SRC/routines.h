/*
 * routines.h -- the checked cores: one per routine, written once, behind
 * every face that calls it (the C API, the Fortran symbols, later the BLAS
 * names).  Each takes the name XERBLA reports ("EXDGEMM" here, "DGEMM " for
 * a BLAS face), checks the arguments in the reference order (XERBLA with that
 * name and the argument's position; outputs untouched), takes the reference
 * quick returns, records the path (exactblas_last_path) and does the work in
 * round-to-nearest with the caller's floating-point state restored.  The
 * arguments and their meaning: the routine's file (SRC/exd*.c).
 */
#ifndef EXACTBLAS_ROUTINES_H
#define EXACTBLAS_ROUTINES_H

#include "exactblas.h"

/* No argument of a sum or dot is illegal: no name. */
double exb_dsum_checked(int n, const double *x, int incx);
double exb_ddot_checked(int n, const double *x, int incx, const double *y, int incy);

void exb_dgemv_checked(const char *name, char trans, int m, int n, double alpha, const double *a,
                       int lda, const double *x, int incx, double beta, double *y, int incy);

void exb_dgemm_checked(const char *name, char transa, char transb, int m, int n, int k,
                       double alpha, const double *a, int lda, const double *b, int ldb,
                       double beta, double *c, int ldc);

/* The argument check of DGEMM (0, or the position of the first bad one);
 * shared by EXDGEMM and the double-float GEMMs. */
int exb_gemm_check(char transa, char transb, int m, int n, int k, int lda, int ldb, int ldc);

void exb_dgemm_df_checked(const char *name, char transa, char transb, int m, int n, int k,
                          double alpha, const double *a, int lda, const double *b, int ldb,
                          double beta, double *c, int ldc);

void exb_dgemm_dfdf_checked(const char *name, char transa, char transb, int m, int n, int k,
                            exactblas_df alpha, const exactblas_df *a, int lda,
                            const exactblas_df *b, int ldb, exactblas_df beta, exactblas_df *c,
                            int ldc);

void exb_dtrsv_checked(const char *name, char uplo, char trans, char diag, int n,
                       const double *a, int lda, double *x, int incx);

void exb_dtrsm_checked(const char *name, char side, char uplo, char transa, char diag, int m,
                       int n, double alpha, const double *a, int lda, double *b, int ldb);

void exb_dsyrk_checked(const char *name, char uplo, char trans, int n, int k, double alpha,
                       const double *a, int lda, double beta, double *c, int ldc);

/* Level 1 of the BLAS face (level1.c): no argument is illegal. */
double exb_dasum_checked(int n, const double *x, int incx);
double exb_dnrm2_checked(int n, const double *x, int incx);
void exb_daxpy_checked(int n, double a, const double *x, int incx, double *y, int incy);
void exb_dscal_checked(int n, double a, double *x, int incx);

/* INFO as EXDTRSVX: -position on an illegal argument (also reported). */
void exb_dtrsvx_checked(const char *name, char uplo, char trans, char diag, int n,
                        const double *a, int lda, double *x, int incx, int nrefine, int *info);

#endif

/*
 * blas.c -- libexactblas_blas: the reference BLAS names, with reference
 * semantics and XERBLA names ('DGEMM ', ...), backed by ExactBLAS's exact
 * checked cores (routines.h).  Linked ahead of the system BLAS (or
 * LD_PRELOADed), it puts exact kernels under LAPACK and existing Fortran
 * codes without a source change; every other BLAS routine still comes from
 * the system BLAS.  It exports these names only (blas.map) and defines no
 * xerbla_: the program's, LAPACK's or the system BLAS's stays in charge.
 *
 *   DDOT   RN(sum x_i*y_i)                DASUM  RN(sum |x_i|)
 *   DNRM2  RN(sqrt(sum x_i^2))            DAXPY  y := RN(a*x + y) (one FMA)
 *   DSCAL  x := RN(a*x)                   DGEMV, DGEMM, DTRSV, DTRSM, DSYRK:
 *   the EXD routines' contracts (one rounding per element, alpha and beta
 *   exact; TRSV/TRSM the correctly rounded substitution).
 */
#include <stddef.h>

#include "exactblas.h" /* EXACTBLAS_API: the export mark */
#include "routines.h"

#define BLAS_NAME EXACTBLAS_API

BLAS_NAME double ddot_(const int *n, const double *x, const int *incx, const double *y,
                       const int *incy)
{
    return exb_ddot_checked(*n, x, *incx, y, *incy);
}

BLAS_NAME double dasum_(const int *n, const double *x, const int *incx)
{
    return exb_dasum_checked(*n, x, *incx);
}

BLAS_NAME double dnrm2_(const int *n, const double *x, const int *incx)
{
    return exb_dnrm2_checked(*n, x, *incx);
}

BLAS_NAME void daxpy_(const int *n, const double *a, const double *x, const int *incx, double *y,
                      const int *incy)
{
    exb_daxpy_checked(*n, *a, x, *incx, y, *incy);
}

BLAS_NAME void dscal_(const int *n, const double *a, double *x, const int *incx)
{
    exb_dscal_checked(*n, *a, x, *incx);
}

BLAS_NAME void dgemv_(const char *trans, const int *m, const int *n, const double *alpha,
                      const double *a, const int *lda, const double *x, const int *incx,
                      const double *beta, double *y, const int *incy, size_t trans_len)
{
    (void)trans_len;
    exb_dgemv_checked("DGEMV ", *trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

BLAS_NAME void dtrsv_(const char *uplo, const char *trans, const char *diag, const int *n,
                      const double *a, const int *lda, double *x, const int *incx,
                      size_t uplo_len, size_t trans_len, size_t diag_len)
{
    (void)uplo_len;
    (void)trans_len;
    (void)diag_len;
    exb_dtrsv_checked("DTRSV ", *uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

BLAS_NAME void dgemm_(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const double *alpha, const double *a, const int *lda,
                      const double *b, const int *ldb, const double *beta, double *c,
                      const int *ldc, size_t transa_len, size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    exb_dgemm_checked("DGEMM ", *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c,
                      *ldc);
}

BLAS_NAME void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
                      const int *m, const int *n, const double *alpha, const double *a,
                      const int *lda, double *b, const int *ldb, size_t side_len,
                      size_t uplo_len, size_t transa_len, size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    exb_dtrsm_checked("DTRSM ", *side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}

BLAS_NAME void dsyrk_(const char *uplo, const char *trans, const int *n, const int *k,
                      const double *alpha, const double *a, const int *lda, const double *beta,
                      double *c, const int *ldc, size_t uplo_len, size_t trans_len)
{
    (void)uplo_len;
    (void)trans_len;
    exb_dsyrk_checked("DSYRK ", *uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
}

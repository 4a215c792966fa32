/*
 * fortran.c -- the Fortran symbols of ExactBLAS (gfortran's conventions:
 * lower case with a trailing underscore, every argument by reference, the
 * hidden CHARACTER lengths last as size_t).  Each is a face of a checked
 * core (routines.h) under the routine's own XERBLA name; the Fortran module
 * FORTRAN/exactblas.f90 declares them.
 */
#include <stddef.h>

#include "exactblas.h"
#include "routines.h"

double exdsum_(const int *n, const double *x, const int *incx)
{
    return exb_dsum_checked(*n, x, *incx);
}

double exddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy)
{
    return exb_ddot_checked(*n, x, *incx, y, *incy);
}

void exdgemv_(const char *trans, const int *m, const int *n, const double *alpha, const double *a,
              const int *lda, const double *x, const int *incx, const double *beta, double *y,
              const int *incy, size_t trans_len)
{
    (void)trans_len; /* one letter is read, as reference BLAS does */
    exb_dgemv_checked("EXDGEMV", *trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

void exdgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
              const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
              const double *beta, double *c, const int *ldc, size_t transa_len, size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    exb_dgemm_checked("EXDGEMM", *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c,
                      *ldc);
}

void exdgemmdf_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
                const double *alpha, const double *a, const int *lda, const double *b,
                const int *ldb, const double *beta, double *c, const int *ldc, size_t transa_len,
                size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    exb_dgemm_df_checked("EXDGEMMDF", *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta,
                         c, *ldc);
}

void exdgemmdfdf_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
                  const exactblas_df *alpha, const exactblas_df *a, const int *lda,
                  const exactblas_df *b, const int *ldb, const exactblas_df *beta, exactblas_df *c,
                  const int *ldc, size_t transa_len, size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    exb_dgemm_dfdf_checked("EXDGEMMDFDF", *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb,
                           *beta, c, *ldc);
}

void exdtrsv_(const char *uplo, const char *trans, const char *diag, const int *n, const double *a,
              const int *lda, double *x, const int *incx, size_t uplo_len, size_t trans_len,
              size_t diag_len)
{
    (void)uplo_len;
    (void)trans_len;
    (void)diag_len;
    exb_dtrsv_checked("EXDTRSV", *uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

void exdtrsvx_(const char *uplo, const char *trans, const char *diag, const int *n, const double *a,
               const int *lda, double *x, const int *incx, const int *nrefine, int *info,
               size_t uplo_len, size_t trans_len, size_t diag_len)
{
    (void)uplo_len;
    (void)trans_len;
    (void)diag_len;
    exb_dtrsvx_checked("EXDTRSVX", *uplo, *trans, *diag, *n, a, *lda, x, *incx, *nrefine, info);
}

void exdtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
              const int *m, const int *n, const double *alpha, const double *a, const int *lda,
              double *b, const int *ldb, size_t side_len, size_t uplo_len, size_t transa_len,
              size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    exb_dtrsm_checked("EXDTRSM", *side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}

void exdgesvxx_(const int *n, const int *nrhs, const double *a, const int *lda, const double *b,
                const int *ldb, double *x, const int *ldx, int *proven, double *bound, int *info)
{
    exb_dgesvxx_checked("EXDGESVXX", *n, *nrhs, a, *lda, b, *ldb, x, *ldx, proven, bound, info);
}

void exdposvxx_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
                const double *b, const int *ldb, double *x, const int *ldx, int *proven,
                double *bound, int *info, size_t uplo_len)
{
    (void)uplo_len;
    exb_dposvxx_checked("EXDPOSVXX", *uplo, *n, *nrhs, a, *lda, b, *ldb, x, *ldx, proven, bound,
                        info);
}

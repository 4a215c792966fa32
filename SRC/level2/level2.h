/*
 * level2.h -- the checked cores of the Level 2 BLAS routines beyond
 * EXDGEMV and EXDTRSV (routines.h), single and double precision: the names
 * and arguments of the reference BLAS (sizes, increments and leading
 * dimensions as long), the first argument the name XERBLA reports ("DSYMV "
 * from the BLAS face), the reference's argument checks (positions), quick
 * returns and "not referenced" rules.  Every result is the correctly
 * rounded value of its exact expression (doc/CONTRACT.md):
 *
 *   GBMV, SYMV, SBMV, SPMV   y_i := RN(alpha sum_j op(A)_ij x_j + beta y_i)
 *                            over the entries the storage defines (a
 *                            symmetric matrix's both triangles from one);
 *                            beta = 0: y not read; a row with no entries
 *                            (a band row outside the matrix) y_i := RN(beta y_i)
 *   TRMV, TBMV, TPMV         x_i := RN(sum over the triangle op(A)_ij x_j),
 *                            a unit diagonal's term x_i itself
 *   TRSV (S), TBSV, TPSV     x_i := RN((b_i - sum_{j solved before} op(A)_ij x_j)
 *                            / op(A)_ii), EXDTRSV's substitution
 *   GER                      a_ij := RN(a_ij + alpha x_i y_j)
 *   SYR, SPR                 a_ij := RN(a_ij + alpha x_i x_j), the UPLO triangle
 *   SYR2, SPR2               a_ij := RN(a_ij + alpha (x_i y_j + y_i x_j))
 *   SGEMV                    EXDGEMV's rule in binary32
 * Single precision: the exact value rounded once to binary32.
 */
#ifndef EXACTBLAS_LEVEL2_H
#define EXACTBLAS_LEVEL2_H

void exb_sgemv_checked(const char *name, char trans, long m, long n, float alpha, const float *a,
                       long lda, const float *x, long incx, float beta, float *y, long incy);
void exb_sgbmv_checked(const char *name, char trans, long m, long n, long kl, long ku, float alpha,
                       const float *a, long lda, const float *x, long incx, float beta, float *y,
                       long incy);
void exb_dgbmv_checked(const char *name, char trans, long m, long n, long kl, long ku, double alpha,
                       const double *a, long lda, const double *x, long incx, double beta,
                       double *y, long incy);

void exb_ssymv_checked(const char *name, char uplo, long n, float alpha, const float *a, long lda,
                       const float *x, long incx, float beta, float *y, long incy);
void exb_dsymv_checked(const char *name, char uplo, long n, double alpha, const double *a, long lda,
                       const double *x, long incx, double beta, double *y, long incy);
void exb_ssbmv_checked(const char *name, char uplo, long n, long k, float alpha, const float *a,
                       long lda, const float *x, long incx, float beta, float *y, long incy);
void exb_dsbmv_checked(const char *name, char uplo, long n, long k, double alpha, const double *a,
                       long lda, const double *x, long incx, double beta, double *y, long incy);
void exb_sspmv_checked(const char *name, char uplo, long n, float alpha, const float *ap,
                       const float *x, long incx, float beta, float *y, long incy);
void exb_dspmv_checked(const char *name, char uplo, long n, double alpha, const double *ap,
                       const double *x, long incx, double beta, double *y, long incy);

void exb_strmv_checked(const char *name, char uplo, char trans, char diag, long n, const float *a,
                       long lda, float *x, long incx);
void exb_dtrmv_checked(const char *name, char uplo, char trans, char diag, long n, const double *a,
                       long lda, double *x, long incx);
void exb_stbmv_checked(const char *name, char uplo, char trans, char diag, long n, long k,
                       const float *a, long lda, float *x, long incx);
void exb_dtbmv_checked(const char *name, char uplo, char trans, char diag, long n, long k,
                       const double *a, long lda, double *x, long incx);
void exb_stpmv_checked(const char *name, char uplo, char trans, char diag, long n, const float *ap,
                       float *x, long incx);
void exb_dtpmv_checked(const char *name, char uplo, char trans, char diag, long n, const double *ap,
                       double *x, long incx);

void exb_strsv_checked(const char *name, char uplo, char trans, char diag, long n, const float *a,
                       long lda, float *x, long incx);
void exb_stbsv_checked(const char *name, char uplo, char trans, char diag, long n, long k,
                       const float *a, long lda, float *x, long incx);
void exb_dtbsv_checked(const char *name, char uplo, char trans, char diag, long n, long k,
                       const double *a, long lda, double *x, long incx);
void exb_stpsv_checked(const char *name, char uplo, char trans, char diag, long n, const float *ap,
                       float *x, long incx);
void exb_dtpsv_checked(const char *name, char uplo, char trans, char diag, long n, const double *ap,
                       double *x, long incx);

void exb_sger_checked(const char *name, long m, long n, float alpha, const float *x, long incx,
                      const float *y, long incy, float *a, long lda);
void exb_dger_checked(const char *name, long m, long n, double alpha, const double *x, long incx,
                      const double *y, long incy, double *a, long lda);
void exb_ssyr_checked(const char *name, char uplo, long n, float alpha, const float *x, long incx,
                      float *a, long lda);
void exb_dsyr_checked(const char *name, char uplo, long n, double alpha, const double *x, long incx,
                      double *a, long lda);
void exb_sspr_checked(const char *name, char uplo, long n, float alpha, const float *x, long incx,
                      float *ap);
void exb_dspr_checked(const char *name, char uplo, long n, double alpha, const double *x, long incx,
                      double *ap);
void exb_ssyr2_checked(const char *name, char uplo, long n, float alpha, const float *x, long incx,
                       const float *y, long incy, float *a, long lda);
void exb_dsyr2_checked(const char *name, char uplo, long n, double alpha, const double *x,
                       long incx, const double *y, long incy, double *a, long lda);
void exb_sspr2_checked(const char *name, char uplo, long n, float alpha, const float *x, long incx,
                       const float *y, long incy, float *ap);
void exb_dspr2_checked(const char *name, char uplo, long n, double alpha, const double *x,
                       long incx, const double *y, long incy, double *ap);

#endif

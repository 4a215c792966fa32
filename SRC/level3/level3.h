/*
 * level3.h -- the checked cores of the Level 3 BLAS routines beyond
 * EXDGEMM, EXDTRSM and DSYRK (routines.h), single and double precision:
 * the reference BLAS's names and arguments (sizes and leading dimensions as
 * long), the first argument the name XERBLA reports ("SGEMM " from the BLAS
 * face), the reference's argument checks (positions), quick returns and
 * "not referenced" rules.  Every output element is the correctly rounded
 * value of its exact expression (doc/CONTRACT.md):
 *
 *   SGEMM          c_ij := RN(alpha sum_l op(A)_il op(B)_lj + beta c_ij)
 *   SYMM           the same with A's full symmetric matrix (both triangles
 *                  from the UPLO one)
 *   SYRK           c_ij := RN(alpha sum_l op(A)_il op(A)_jl + beta c_ij),
 *                  the UPLO triangle of C only
 *   SYR2K          c_ij := RN(alpha sum_l (op(A)_il op(B)_jl + op(B)_il
 *                  op(A)_jl) + beta c_ij), the UPLO triangle
 *   TRMM           b_ij := RN(alpha sum over the triangle op(A)_il b_lj)
 *                  (side L; b_il op(A)_lj for side R), a unit diagonal's
 *                  term b_ij itself; entries outside the triangle are not
 *                  terms (an Inf there does not make a NaN)
 *   STRSM          EXDTRSM's rule in binary32: per right-hand side, the
 *                  substitution x_i := RN32((alpha b_i - sum_{j solved
 *                  before} op(A)_ij x_j) / op(A)_ii), numerator exact
 * Zero signs: the sum S of the products by IEEE's rule for an exact sum,
 * alpha*S by the product rule, then with beta*c (the contract's rule).
 * Single precision: binary32 data are exact in binary64 and so are their
 * products; the exact value is rounded once to binary32 (core/f32.h).
 * alpha = 0: SYMM/SYRK/SYR2K C := beta*C (0 for beta = 0, C not read);
 * TRMM/TRSM B := 0.
 */
#ifndef EXACTBLAS_LEVEL3_H
#define EXACTBLAS_LEVEL3_H

/* Within SRC/level3: C (m x n, double * or float * when f32) := RN(alpha
 * op(A) op(B) + beta C) for binary64 a and b (ta/tb 'N' or 'T'; beta = 0
 * does not read C), rounded once to C's format; path bits into *path. */
void exb_gemm_any(const char *name, int f32, char ta, char tb, long m, long n, long k, double alpha,
                  const double *a, long lda, const double *b, long ldb, double beta, void *c,
                  long ldc, int *path);

/* ZGEMM and CGEMM (zgemm.c): complex matrices as (re, im) pairs, leading
 * dimensions in complex elements, alpha and beta by address; trans N, T or
 * C (conjugate transpose).  Each part of each element of C is the exact
 * alpha op(A) op(B) + beta C's part rounded once (a zero part of alpha or
 * beta is no term; beta = 0: C not read; alpha = 0: C := beta C, 0 for
 * beta = 0).  XERBLA positions as the reference's. */
void exb_zgemm_checked(const char *name, char transa, char transb, long m, long n, long k,
                       const double *alpha, const double *a, long lda, const double *b, long ldb,
                       const double *beta, double *c, long ldc);
void exb_cgemm_checked(const char *name, char transa, char transb, long m, long n, long k,
                       const float *alpha, const float *a, long lda, const float *b, long ldb,
                       const float *beta, float *c, long ldc);

/* ZGEMV and CGEMV (zgemm.c): y := alpha op(A) x + beta y (trans N, T, C),
 * each part of each y_i the exact expression's part rounded once (the
 * GEMM of one column); increments in complex elements; XERBLA positions as
 * the reference's. */
void exb_zgemv_checked(const char *name, char trans, long m, long n, const double *alpha,
                       const double *a, long lda, const double *x, long incx, const double *beta,
                       double *y, long incy);
void exb_cgemv_checked(const char *name, char trans, long m, long n, const float *alpha,
                       const float *a, long lda, const float *x, long incx, const float *beta,
                       float *y, long incy);

/* ZGERU/ZGERC (conj), CGERU/CGERC: A := alpha x y^T (y^H) + A, each part
 * of each a_ij rounded once (the GEMM of rank one). */
void exb_zger_checked(const char *name, int conj, long m, long n, const double *alpha,
                      const double *x, long incx, const double *y, long incy, double *a, long lda);
void exb_cger_checked(const char *name, int conj, long m, long n, const float *alpha,
                      const float *x, long incx, const float *y, long incy, float *a, long lda);
/* ZHERK, CHERK (real alpha, beta; trans N or C; C's diagonal real, its
 * imaginary part +0 as the reference sets it) and ZSYRK, CSYRK (trans N or
 * T): the UPLO triangle of alpha op(A) op(A)^H (^T) + beta C, each part
 * rounded once. */
void exb_zherk_checked(const char *name, char uplo, char trans, long n, long k, double alpha,
                       const double *a, long lda, double beta, double *c, long ldc);
void exb_cherk_checked(const char *name, char uplo, char trans, long n, long k, float alpha,
                       const float *a, long lda, float beta, float *c, long ldc);
void exb_zsyrk_checked(const char *name, char uplo, char trans, long n, long k, const double *alpha,
                       const double *a, long lda, const double *beta, double *c, long ldc);
void exb_csyrk_checked(const char *name, char uplo, char trans, long n, long k, const float *alpha,
                       const float *a, long lda, const float *beta, float *c, long ldc);

/* ZHEMV/CHEMV (y := alpha A x + beta y, A Hermitian from its UPLO
 * triangle, its diagonal's imaginary part taken as 0) and ZSYMM/ZHEMM
 * (herm), CSYMM/CHEMM: the dense twin's GEMV/GEMM (zsymm.c). */
void exb_zhemv_checked(const char *name, char uplo, long n, const double *alpha, const double *a,
                       long lda, const double *x, long incx, const double *beta, double *y,
                       long incy);
void exb_chemv_checked(const char *name, char uplo, long n, const float *alpha, const float *a,
                       long lda, const float *x, long incx, const float *beta, float *y, long incy);
void exb_zsymm_checked(const char *name, int herm, char side, char uplo, long m, long n,
                       const double *alpha, const double *a, long lda, const double *b, long ldb,
                       const double *beta, double *c, long ldc);
void exb_csymm_checked(const char *name, int herm, char side, char uplo, long m, long n,
                       const float *alpha, const float *a, long lda, const float *b, long ldb,
                       const float *beta, float *c, long ldc);

void exb_sgemm_checked(const char *name, char transa, char transb, long m, long n, long k,
                       float alpha, const float *a, long lda, const float *b, long ldb, float beta,
                       float *c, long ldc);

void exb_ssymm_checked(const char *name, char side, char uplo, long m, long n, float alpha,
                       const float *a, long lda, const float *b, long ldb, float beta, float *c,
                       long ldc);
void exb_dsymm_checked(const char *name, char side, char uplo, long m, long n, double alpha,
                       const double *a, long lda, const double *b, long ldb, double beta, double *c,
                       long ldc);

void exb_ssyrk_checked(const char *name, char uplo, char trans, long n, long k, float alpha,
                       const float *a, long lda, float beta, float *c, long ldc);

void exb_ssyr2k_checked(const char *name, char uplo, char trans, long n, long k, float alpha,
                        const float *a, long lda, const float *b, long ldb, float beta, float *c,
                        long ldc);
void exb_dsyr2k_checked(const char *name, char uplo, char trans, long n, long k, double alpha,
                        const double *a, long lda, const double *b, long ldb, double beta,
                        double *c, long ldc);

void exb_strmm_checked(const char *name, char side, char uplo, char transa, char diag, long m,
                       long n, float alpha, const float *a, long lda, float *b, long ldb);
void exb_dtrmm_checked(const char *name, char side, char uplo, char transa, char diag, long m,
                       long n, double alpha, const double *a, long lda, double *b, long ldb);

void exb_strsm_checked(const char *name, char side, char uplo, char transa, char diag, long m,
                       long n, float alpha, const float *a, long lda, float *b, long ldb);

/* ZHER2K, CHER2K (herm; alpha complex, beta real, trans N or C, C's
 * diagonal real with imaginary part +0) and ZSYR2K, CSYR2K (trans N or T):
 * the UPLO triangle of alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H +
 * beta C (alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C), each part
 * rounded once: alpha real (or SYR2K), the GEMM rule on [A B] and [B A]
 * (inner dimension 2k); HER2K with an imaginary part in alpha, Re =
 * RN(ar Xr + ai Yr + br Cr), Im = RN(ar Xi + ai Yi + br Ci) with X = S1 +
 * S2, Y = i (S1 - S2) exact.  Binary64 (re, im) alpha and beta; f32: C
 * data. */
void exb_xher2k_checked(const char *name, int f32, int herm, char uplo, char trans, long n, long k,
                        const double *alpha, const void *a, long lda, const void *b, long ldb,
                        const double *beta, void *c, long ldc);
/* ZHER, ZHPR (packed), ZHER2, ZHPR2 (two) and the C ones: A := alpha x x^H
 * + A (alpha real) or alpha x y^H + conj(alpha) y x^H + A, the UPLO
 * triangle, each part rounded once (HERK's / HER2K's rule with k = 1; the
 * diagonal's imaginary part +0 as the reference sets it).  lda ignored
 * when packed; y, incy when not two. */
void exb_xher_checked(const char *name, int f32, int two, int packed, char uplo, long n,
                      const double *alpha, const void *x, long incx, const void *y, long incy,
                      void *a, long lda);

#endif

/*
 * zlevel2.h -- the checked cores of the structured complex Level 2 routines
 * and of the complex TRMM and TRSM (level2/zl2.c), binary64 (Z) and binary32
 * (C, f32 set) in one: matrices and vectors as (re, im) pairs of the
 * format, increments and leading dimensions in complex elements, alpha and
 * beta as binary64 (re, im) pairs (binary32 values for C, exact), the first
 * argument the name XERBLA reports ("ZGBMV " from the BLAS face), the
 * reference's argument checks (positions), quick returns and "not
 * referenced" rules.  Each part of each output is the correctly rounded
 * value of its exact expression (doc/CONTRACT.md):
 *
 *   GBMV, HBMV, HPMV   y_i := alpha sum_j op(A)_ij x_j + beta y_i over the
 *                      entries the storage defines (op N, T or C; a
 *                      Hermitian matrix's other triangle conj(a_ji), its
 *                      diagonal's imaginary part taken as 0); beta = 0: y
 *                      not read; a row with no entries: y_i := beta y_i
 *   TRMV, TBMV, TPMV   x_i := sum over the triangle op(A)_ij x_j, a unit
 *                      diagonal's entry 1
 *   TRSV, TBSV, TPSV   x_i := N_i / op(A)_ii, N_i = b_i - sum_{j solved
 *                      before} op(A)_ij x_j exact, the complex quotient
 *                      rounded once per part (exb_superacc_round_cquotient)
 *   TRMM               B := alpha op(A) B or alpha B op(A) over the
 *                      triangle; alpha = 0: B := 0
 *   TRSM               op(A) X = alpha B or X op(A) = alpha B by TRSV's
 *                      rule with the numerator alpha b_i - sum (exact; a
 *                      zero part of alpha is no term); alpha = 0: B := 0
 */
#ifndef EXACTBLAS_LEVEL2_ZLEVEL2_H
#define EXACTBLAS_LEVEL2_ZLEVEL2_H

void exb_xgbmv_checked(const char *name, int f32, char trans, long m, long n, long kl, long ku,
                       const double *alpha, const void *a, long lda, const void *x, long incx,
                       const double *beta, void *y, long incy);
/* HBMV (band, k superdiagonals or subdiagonals) or HPMV (packed: k, lda
 * ignored). */
void exb_xhbmv_checked(const char *name, int f32, int packed, char uplo, long n, long k,
                       const double *alpha, const void *a, long lda, const void *x, long incx,
                       const double *beta, void *y, long incy);
/* storage: 0 dense (TRMV/TRSV), 1 band (TBMV/TBSV), 2 packed (TPMV/TPSV),
 * the values of storage.h's l2_storage; solve: the SV routine. */
void exb_xtrmv_checked(const char *name, int f32, int solve, int storage, char uplo, char trans,
                       char diag, long n, long k, const void *a, long lda, void *x, long incx);
/* TRMM (solve 0) or TRSM (solve 1). */
void exb_xtrmm_checked(const char *name, int f32, int solve, char side, char uplo, char transa,
                       char diag, long m, long n, const double *alpha, const void *a, long lda,
                       void *b, long ldb);

/* After the checks and quick returns of ZGEMV (herm 0, trans N, T or C)
 * or ZHEMV (herm 1, uplo): the dense product on the Level 2 engine, each
 * part rounded once (the GEMM rule with one column). */
void exb_xgemv_dense(int f32, int herm, char uplo, char trans, long m, long n, const double *alpha,
                     const void *a, long lda, const void *x, long incx, const double *beta, void *y,
                     long incy);

#endif

/*
 * exactblas.h -- the C interface of ExactBLAS and the prototypes of its
 * Fortran-callable symbols.
 *
 * Every result is the correctly rounded (round-to-nearest-even, binary64,
 * gradual underflow, overflow to +-Inf) value of the exact real result, so
 * the bits never depend on the device, work-group size, thread count or any
 * tuning knob.  An exact zero result is -0 when every term of the exact sum
 * is -0 (products by IEEE's sign rule, alpha*S and beta*y included) and +0
 * otherwise.  NaN and Inf follow IEEE: a NaN operand gives NaN, Inf*0 gives
 * NaN, +Inf plus -Inf gives NaN; every NaN result is the default quiet NaN
 * (bits 0x7FF8000000000000) on every path.  Results are round-to-nearest
 * whatever rounding mode (or flush-to-zero mode) the caller has set; the
 * caller's floating-point state, exception flags included, is as it was on
 * return.
 *
 * Vectors follow the reference BLAS: n elements, increment inc; for inc < 0
 * the elements are taken from x[(n-1)*|inc|] backwards.  INTEGER is `int`
 * (gfortran's default 4-byte INTEGER).
 */
#ifndef EXACTBLAS_H
#define EXACTBLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks what libexactblas exports; everything else in it is hidden (a test
 * compares the library's dynamic symbols with the EXACTBLAS_API names here). */
#if defined(__GNUC__)
#define EXACTBLAS_API __attribute__((visibility("default")))
#else
#define EXACTBLAS_API
#endif

/* The version of this header; exactblas_version() gives the library's
 * ("0.1.0"), which a program may compare with it. */
#define EXACTBLAS_VERSION_MAJOR 0
#define EXACTBLAS_VERSION_MINOR 1
#define EXACTBLAS_VERSION_PATCH 0
#define EXACTBLAS_VERSION "0.1.0"
EXACTBLAS_API const char *exactblas_version(void);

/* RN(sum_i x_i).  Quick return 0 for n <= 0 or incx <= 0, like DASUM. */
EXACTBLAS_API double exactblas_dsum(int n, const double *x, int incx);

/* RN(sum_i x_i*y_i), products and sum exact.  Quick return 0 for n <= 0;
 * any increment, including 0 and negative ones, as in DDOT. */
EXACTBLAS_API double exactblas_ddot(int n, const double *x, int incx, const double *y, int incy);

/* Matrices are column-major with a leading dimension, as in Fortran BLAS.
 * Option characters are case-insensitive ('N', 'T', 'C', 'U', 'L').
 * Illegal arguments are reported through XERBLA (below) with the routine's
 * name and the argument's position, and the outputs are left untouched. */

/* y := RN(alpha*op(A)*x + beta*y) per element, the whole expression exact
 * (DGEMV's arguments and quick returns; beta = 0: y not read). */
EXACTBLAS_API void exactblas_dgemv(char trans, int m, int n, double alpha, const double *a, int lda,
                                   const double *x, int incx, double beta, double *y, int incy);

/* C := RN(alpha*op(A)*op(B) + beta*C) per element, the whole expression
 * exact (DGEMM's arguments and quick returns; beta = 0: C not read; alpha = 0
 * or k = 0: A and B not read). */
EXACTBLAS_API void exactblas_dgemm(char transa, char transb, int m, int n, int k, double alpha,
                                   const double *a, int lda, const double *b, int ldb, double beta,
                                   double *c, int ldc);

/* Solves op(A)*x = b (b in x) by substitution with every x_i the correctly
 * rounded quotient of its exact numerator (DTRSV's arguments). */
EXACTBLAS_API void exactblas_dtrsv(char uplo, char trans, char diag, int n, const double *a,
                                   int lda, double *x, int incx);

/* exactblas_dtrsv, then nrefine steps of iterative refinement with exact
 * residuals; *info: 0 ok, -i illegal i-th argument, i > 0 A(i,i) = 0 (x
 * untouched), n+1 no workspace (x untouched). */
EXACTBLAS_API void exactblas_dtrsvx(char uplo, char trans, char diag, int n, const double *a,
                                    int lda, double *x, int incx, int nrefine, int *info);

/* DTRSM with every right-hand side the correctly rounded substitution:
 * side 'L' solves op(A)*X = alpha*B (each column of B), 'R' X*op(A) =
 * alpha*B (each row); X overwrites B (m x n, ldb >= max(1,m)); A is m x m
 * ('L') or n x n ('R'), only its uplo triangle read (not the diagonal for
 * diag 'U').  x_i = RN((alpha*b_i - sum op_ij x_j) / op_ii) with alpha*b_i
 * and the numerator exact.  alpha = 0: B := 0, A not read.  XERBLA
 * 'EXDTRSM' positions as DTRSM: 1 side, 2 uplo, 3 transa, 4 diag, 5 m,
 * 6 n, 9 lda, 11 ldb. */
EXACTBLAS_API void exactblas_dtrsm(char side, char uplo, char transa, char diag, int m, int n,
                                   double alpha, const double *a, int lda, double *b, int ldb);

/* Fortran symbols (gfortran convention: every argument by reference, the
 * hidden lengths of CHARACTER arguments last). */
EXACTBLAS_API double exdsum_(const int *n, const double *x, const int *incx);
EXACTBLAS_API double exddot_(const int *n, const double *x, const int *incx, const double *y,
                             const int *incy);
EXACTBLAS_API void exdgemv_(const char *trans, const int *m, const int *n, const double *alpha,
                            const double *a, const int *lda, const double *x, const int *incx,
                            const double *beta, double *y, const int *incy, size_t trans_len);
EXACTBLAS_API void exdgemm_(const char *transa, const char *transb, const int *m, const int *n,
                            const int *k, const double *alpha, const double *a, const int *lda,
                            const double *b, const int *ldb, const double *beta, double *c,
                            const int *ldc, size_t transa_len, size_t transb_len);
EXACTBLAS_API void exdtrsv_(const char *uplo, const char *trans, const char *diag, const int *n,
                            const double *a, const int *lda, double *x, const int *incx,
                            size_t uplo_len, size_t trans_len, size_t diag_len);
EXACTBLAS_API void exdtrsvx_(const char *uplo, const char *trans, const char *diag, const int *n,
                             const double *a, const int *lda, double *x, const int *incx,
                             const int *nrefine, int *info, size_t uplo_len, size_t trans_len,
                             size_t diag_len);
EXACTBLAS_API void exdtrsm_(const char *side, const char *uplo, const char *transa,
                            const char *diag, const int *m, const int *n, const double *alpha,
                            const double *a, const int *lda, double *b, const int *ldb,
                            size_t side_len, size_t uplo_len, size_t transa_len, size_t diag_len);

/* Which path computed the calling thread's last call of an ExactBLAS
 * routine: a combination of the bits below (0 after a quick return or an
 * argument error).  For tests and diagnostics: the bits of the results never
 * depend on it. */
#define EXACTBLAS_PATH_NONE 0
#define EXACTBLAS_PATH_HOST 1     /* host kernels computed (part of) it */
#define EXACTBLAS_PATH_OPENCL 2   /* the OpenCL device computed (part of) it */
#define EXACTBLAS_PATH_FALLBACK 4 /* OpenCL was selected but failed (one line on
                                   * stderr); the host computed instead */
EXACTBLAS_API int exactblas_last_path(void);

/* The EXACTBLAS_* tuning knobs (README) are read from the environment once,
 * at the first call of any ExactBLAS routine, and kept for the process.  A
 * program that changes them in its own environment afterwards (setenv)
 * calls this to have them read again; a call already under way keeps the
 * knobs it started with, and may run concurrently.  The OpenCL device, once
 * chosen, stays.  No knob changes a bit of any result. */
EXACTBLAS_API void exactblas_reload_knobs(void);

/* Argument errors go to XERBLA(SRNAME, INFO) as in reference BLAS, with
 * ExactBLAS's routine name ('EXDGEMM') and the argument's position.  The
 * library does not define xerbla_: the one the program or a library it links
 * (reference BLAS, LAPACK) defines is called, exactly as LAPACK would; where
 * there is none, ExactBLAS prints the reference message in one line on
 * stderr and returns.  Linking ExactBLAS never changes how LAPACK or any
 * other library reports its own errors. */

#ifdef __cplusplus
}
#endif

#endif

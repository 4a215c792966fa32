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

/* The int8 engine of EXDGEMM's residue path under the current knobs
 * (EXACTBLAS_INT8): "oneDNN", "AVX-512 VNNI", or "none" (no CPU with
 * AVX-512 VNNI, no engine that passed its check, or EXACTBLAS_INT8=0).
 * The first call may check and time the engines (milliseconds). */
EXACTBLAS_API const char *exactblas_int8_engine(void);

/* RN(sum_i x_i).  Quick return 0 for n <= 0 or incx <= 0, like DASUM. */
EXACTBLAS_API double exactblas_dsum(int n, const double *x, int incx);

/* RN(sum_i x_i*y_i), products and sum exact.  Quick return 0 for n <= 0;
 * any increment, including 0 and negative ones, as in DDOT. */
EXACTBLAS_API double exactblas_ddot(int n, const double *x, int incx, const double *y, int incy);

/* Matrices are column-major with a leading dimension, as in Fortran BLAS.
 * Option characters are case-insensitive ('N', 'T', 'C', 'U', 'L').
 * Illegal arguments are reported through XERBLA (below) with the routine's
 * name and the argument's position, and the outputs are left untouched. */

/* EXDGEMV: y := RN(alpha*op(A)*x + beta*y) per element, the whole
 * expression exact.
 *   trans  'N': op(A) = A;  'T' or 'C': op(A) = A**T
 *   m, n   rows and columns of A, >= 0
 *   alpha  scalar; alpha = 0: A and x are not read, y := beta*y
 *   a      m x n, leading dimension lda >= max(1, m)
 *   x      n elements ('N') or m ('T'), increment incx != 0
 *   beta   scalar; beta = 0: y is not read on entry
 *   y      m elements ('N') or n ('T'), increment incy != 0; overwritten
 * Negative increments run backwards, as in DGEMV.  Quick return when m = 0,
 * n = 0, or alpha = 0 and beta = 1.  XERBLA 'EXDGEMV': 1 trans, 2 m, 3 n,
 * 6 lda, 8 incx, 11 incy. */
EXACTBLAS_API void exactblas_dgemv(char trans, int m, int n, double alpha, const double *a, int lda,
                                   const double *x, int incx, double beta, double *y, int incy);

/* EXDGEMM: C := RN(alpha*op(A)*op(B) + beta*C) per element, the whole
 * expression exact.
 *   transa, transb  'N': op(X) = X;  'T' or 'C': op(X) = X**T
 *   m, n, k  op(A) is m x k, op(B) is k x n, C is m x n; all >= 0
 *   alpha    scalar; alpha = 0 (or k = 0): A and B are not read
 *   a        m x k ('N') or k x m, lda >= max(1, its rows)
 *   b        k x n ('N') or n x k, ldb >= max(1, its rows)
 *   beta     scalar; beta = 0: C is not read on entry
 *   c        m x n, ldc >= max(1, m); overwritten
 * Quick return when m = 0, n = 0, or (alpha = 0 or k = 0) and beta = 1.
 * XERBLA 'EXDGEMM': 1 transa, 2 transb, 3 m, 4 n, 5 k, 8 lda, 10 ldb,
 * 13 ldc. */
EXACTBLAS_API void exactblas_dgemm(char transa, char transb, int m, int n, int k, double alpha,
                                   const double *a, int lda, const double *b, int ldb, double beta,
                                   double *c, int ldc);

/* ---- double-float GEMMs (not exact, not correctly rounded) ------------------
 * DGEMM-D(DF) and DGEMM-DF(DF) of Mukunoki and Imamura (2015): binary64
 * emulated by an unevaluated pair hi + lo of binary32 numbers (|lo| <=
 * ulp(hi)/2: about 48 bits, binary32's exponent range), for devices with
 * slow or no binary64.  Error bounds: README ("Double-float GEMM").  On an
 * OpenCL device they need no cl_khr_fp64; the host path gives the same bits. */
typedef struct exactblas_df {
    float hi, lo;
} exactblas_df;

/* The DF pair of x (Dekker's split by 2^29+1: hi the top 24 bits, lo the
 * rest rounded to binary32); beyond binary32's range hi is +-Inf (or x is
 * lost to underflow), as a float conversion. */
EXACTBLAS_API exactblas_df exactblas_df_from_double(double x);
/* RN(hi + lo) in binary64. */
EXACTBLAS_API double exactblas_df_to_double(exactblas_df x);

/* EXDGEMMDF (DGEMM-D(DF)): DGEMM's arguments and meaning, C := alpha*op(A)
 * op(B) + beta*C, the products and sums in DF arithmetic on rows of op(A)
 * and columns of op(B) scaled by powers of two into binary32's range; NaN
 * and Inf propagate as in DGEMM.  XERBLA 'EXDGEMMDF', positions as
 * EXDGEMM's. */
EXACTBLAS_API void exactblas_dgemm_df(char transa, char transb, int m, int n, int k, double alpha,
                                      const double *a, int lda, const double *b, int ldb,
                                      double beta, double *c, int ldc);
/* EXDGEMMDFDF (DGEMM-DF(DF)): the same on DF data and scalars, every
 * operation in DF (beta = 0: C is not read).  XERBLA 'EXDGEMMDFDF'. */
EXACTBLAS_API void exactblas_dgemm_dfdf(char transa, char transb, int m, int n, int k,
                                        exactblas_df alpha, const exactblas_df *a, int lda,
                                        const exactblas_df *b, int ldb, exactblas_df beta,
                                        exactblas_df *c, int ldc);

/* EXDTRSV: solves op(A)*x = b by substitution in the natural order of
 * op(A), every x_i = RN((b_i - sum_{j solved before i} op(A)_ij x_j) /
 * op(A)_ii), the numerator exact, one rounding.
 *   uplo   'U': A upper triangular, 'L': lower
 *   trans  'N': op(A) = A;  'T' or 'C': op(A) = A**T
 *   diag   'U': unit diagonal (not read), 'N': non-unit
 *   n      order of A, >= 0
 *   a      n x n, lda >= max(1, n); only the uplo triangle is read
 *   x      b on entry, the solution on exit; increment incx != 0
 * A zero diagonal is not tested for (IEEE infinities or NaN), as DTRSV.
 * XERBLA 'EXDTRSV': 1 uplo, 2 trans, 3 diag, 4 n, 6 lda, 8 incx. */
EXACTBLAS_API void exactblas_dtrsv(char uplo, char trans, char diag, int n, const double *a,
                                   int lda, double *x, int incx);

/* EXDTRSVX: exactblas_dtrsv, then nrefine steps of iterative refinement:
 * r := RN(b - op(A) x) (exact residual, one rounding per element), solve
 * op(A) d = r the same way, x := RN(x + d).
 *   uplo ... incx  as exactblas_dtrsv
 *   nrefine        refinement steps, >= 0
 *   info           0: success; -i: argument i is illegal (also reported
 *                  to XERBLA 'EXDTRSVX', 9 for nrefine); i > 0: A(i,i) is
 *                  exactly zero (diag 'N'), nothing solved, x untouched, as
 *                  DTRTRS; n+1: no memory for the 3n-double workspace, x
 *                  untouched. */
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

/* EXDGESVXX: the correctly rounded solution of A X = B, proven per
 * component (doc/CONTRACT.md, "Linear systems").  A (n x n) and B (n x nrhs)
 * are not changed; X (n x nrhs, ldx >= max(1,n)) gets x_ij, proven
 * (int, ld ldx) 1 where x_ij is proven to be RN of the exact solution's
 * component, bound (ld ldx) a rigorous bound on |x*_ij - x_ij| (+Inf where
 * none).  info: 0 every component proven; -i argument i illegal (XERBLA
 * 'EXDGESVXX': 1 n, 2 nrhs, 4 lda, 6 ldb, 8 ldx); i in 1..n: U(i,i) of the
 * LU factorization with partial pivoting is exactly zero, X untouched;
 * n+1: some components not proven (too close to a rounding boundary for
 * the enclosure); n+2: too ill-conditioned to verify (the rigorous bound
 * on ||I - R A||_inf is not below 1, or A or B not finite), X is the
 * refined approximation; n+3: no memory for the workspace (about
 * 7 n^2 + 8 n nrhs doubles), X untouched. */
EXACTBLAS_API void exactblas_dgesvxx(int n, int nrhs, const double *a, int lda, const double *b,
                                     int ldb, double *x, int ldx, int *proven, double *bound,
                                     int *info);
/* EXDPOSVXX: the same for symmetric positive definite A, only its uplo
 * triangle read, Cholesky in place of LU (info i in 1..n: the leading minor
 * of order i is not positive definite); XERBLA 'EXDPOSVXX' positions 1 uplo,
 * 2 n, 3 nrhs, 5 lda, 7 ldb, 9 ldx. */
EXACTBLAS_API void exactblas_dposvxx(char uplo, int n, int nrhs, const double *a, int lda,
                                     const double *b, int ldb, double *x, int ldx, int *proven,
                                     double *bound, int *info);

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
EXACTBLAS_API void exdgemmdf_(const char *transa, const char *transb, const int *m, const int *n,
                              const int *k, const double *alpha, const double *a, const int *lda,
                              const double *b, const int *ldb, const double *beta, double *c,
                              const int *ldc, size_t transa_len, size_t transb_len);
EXACTBLAS_API void exdgemmdfdf_(const char *transa, const char *transb, const int *m, const int *n,
                                const int *k, const exactblas_df *alpha, const exactblas_df *a,
                                const int *lda, const exactblas_df *b, const int *ldb,
                                const exactblas_df *beta, exactblas_df *c, const int *ldc,
                                size_t transa_len, size_t transb_len);
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
EXACTBLAS_API void exdgesvxx_(const int *n, const int *nrhs, const double *a, const int *lda,
                              const double *b, const int *ldb, double *x, const int *ldx,
                              int *proven, double *bound, int *info);
EXACTBLAS_API void exdposvxx_(const char *uplo, const int *n, const int *nrhs, const double *a,
                              const int *lda, const double *b, const int *ldb, double *x,
                              const int *ldx, int *proven, double *bound, int *info,
                              size_t uplo_len);

/* Which path computed the calling thread's last call of an ExactBLAS
 * routine: a combination of the bits below (0 after a quick return or an
 * argument error).  For tests and diagnostics: the bits of the results never
 * depend on it. */
#define EXACTBLAS_PATH_NONE 0
#define EXACTBLAS_PATH_HOST 1   /* host kernels computed (part of) it */
#define EXACTBLAS_PATH_OPENCL 2 /* the OpenCL device computed (part of) it */
#define EXACTBLAS_PATH_FALLBACK                                                                    \
    4 /* OpenCL was selected but failed (one line on
                                   * stderr); the host computed instead */
#define EXACTBLAS_PATH_FP32                                                                        \
    8 /* the device's binary32 engine computed (part of) it
                                     (EXDGEMM on a device without binary64, or
                                     EXACTBLAS_FP64=0; always with PATH_OPENCL) */
#define EXACTBLAS_PATH_BINS                                                                        \
    16 /* EXDSUM/EXDDOT: the host's binned AVX-512 front end
                                     took (part of) the terms */
#define EXACTBLAS_PATH_EARLY                                                                       \
    32 /* EXDGEMM: elements were rounded from the leading
                                     slice products alone, where a bound proved the
                                     rounding (the early-decision path); EXDSUM,
                                     EXDDOT (host or OpenCL), EXDGEMV, EXDTRSV:
                                     outputs were rounded from the floating-point
                                     filter, where its bound proved the rounding */
#define EXACTBLAS_PATH_RESIDUE                                                                     \
    64 /* EXDGEMM (and the Level 3 routines on it): the
                                     residue path ran (int8 products of scaled integers,
                                     added by the Chinese remainder theorem, elements
                                     rounded where a bound proved the rounding) */
EXACTBLAS_API int exactblas_last_path(void);

/* The EXACTBLAS_* tuning knobs (README) are read from the environment once,
 * at the first call of any ExactBLAS routine, and kept for the process.  A
 * program that changes them in its own environment afterwards (setenv)
 * calls this to have them read again; a call already under way keeps the
 * knobs it started with, and may run concurrently.  The OpenCL device, once
 * chosen, stays.  No knob changes a bit of any result. */
EXACTBLAS_API void exactblas_reload_knobs(void);

/* Reports an illegal argument as ExactBLAS's routines do (for libraries
 * layered on it, such as libexactblas_mpi): the XERBLA of the program or of
 * a library it links, with the routine's name and the argument's position;
 * without one, the reference message on one line of stderr. */
EXACTBLAS_API void exactblas_xerbla(const char *name, int position);

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

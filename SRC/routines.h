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
double exb_dsum_checked(long n, const double *x, long incx);
double exb_ddot_checked(long n, const double *x, long incx, const double *y, long incy);

void exb_dgemv_checked(const char *name, char trans, long m, long n, double alpha, const double *a,
                       long lda, const double *x, long incx, double beta, double *y, long incy);

void exb_dgemm_checked(const char *name, char transa, char transb, long m, long n, long k,
                       double alpha, const double *a, long lda, const double *b, long ldb,
                       double beta, double *c, long ldc);

/* The argument check of DGEMM (0, or the position of the first bad one);
 * shared by EXDGEMM and the double-float GEMMs. */
int exb_gemm_check(char transa, char transb, long m, long n, long k, long lda, long ldb, long ldc);

void exb_dgemm_df_checked(const char *name, char transa, char transb, long m, long n, long k,
                          double alpha, const double *a, long lda, const double *b, long ldb,
                          double beta, double *c, long ldc);

void exb_dgemm_dfdf_checked(const char *name, char transa, char transb, long m, long n, long k,
                            exactblas_df alpha, const exactblas_df *a, long lda,
                            const exactblas_df *b, long ldb, exactblas_df beta, exactblas_df *c,
                            long ldc);

void exb_dtrsv_checked(const char *name, char uplo, char trans, char diag, long n, const double *a,
                       long lda, double *x, long incx);

/* The argument check of DTRSM (0, or the position of the first bad one:
 * 1 SIDE, 2 UPLO, 3 TRANSA, 4 DIAG, 5 M, 6 N, 9 LDA, 11 LDB); shared by
 * EXDTRSM, STRSM and xTRMM, whose positions are the same. */
int exb_trsm_check(char side, char uplo, char transa, char diag, long m, long n, long lda,
                   long ldb);

void exb_dtrsm_checked(const char *name, char side, char uplo, char transa, char diag, long m,
                       long n, double alpha, const double *a, long lda, double *b, long ldb);

void exb_dsyrk_checked(const char *name, char uplo, char trans, long n, long k, double alpha,
                       const double *a, long lda, double beta, double *c, long ldc);

/* EXDGESVXX and EXDPOSVXX (solve/exdgesvxx.c).  The proven solve shared
 * by them and LAPACK's expert drivers (faces/lapack_xx.c), in solve/
 * (solve/solve.h lists its files): op(A) X = B (spd: A symmetric positive
 * definite, its uplo triangle read); factors computed (written to af/ipiv
 * when given, LAPACK's layout, ipiv 1-based) or the caller's (factored).
 * Returns EXDGESVXX's INFO (0, 1..n, n+1, n+2, n+3); proven/bound (ld ldp,
 * NULL: not returned) and the optional estimates (NULL: not computed). */
typedef struct exb_xx {
    const char *name;
    int spd, trans, factored, maxsteps; /* maxsteps <= 0: the default */
    char uplo;
    long n, nrhs;
    const double *a;
    long lda;
    double *af;
    long ldaf;
    int *ipiv;
    const double *b;
    long ldb;
    double *x;
    long ldx;
    int *proven;
    double *bound;
    long ldp;
    double *rcond, *rcond_norm, *rcond_comp, *berr; /* comp, berr: per right-hand side */
    /* exact diagonal scalings (NULL: none; entries positive and finite):
     * the system is op(A) y = diag(bscale) b, x = diag(xscale) y, both
     * products exact in the engine; X, PROVEN and BOUND are x's */
    const double *bscale, *xscale;
} exb_xx;
long exb_xx_solve(exb_xx *p);
void exb_dgesvxx_checked(const char *name, long n, long nrhs, const double *a, long lda,
                         const double *b, long ldb, double *x, long ldx, int *proven, double *bound,
                         int *info);
void exb_dposvxx_checked(const char *name, char uplo, long n, long nrhs, const double *a, long lda,
                         const double *b, long ldb, double *x, long ldx, int *proven, double *bound,
                         int *info);

/* Level 1 of the BLAS face (level1.c): no argument is illegal. */
double exb_dasum_checked(long n, const double *x, long incx);
double exb_dnrm2_checked(long n, const double *x, long incx);
void exb_daxpy_checked(long n, double a, const double *x, long incx, double *y, long incy);
void exb_dscal_checked(long n, double a, double *x, long incx);

/* INFO as EXDTRSVX: -position on an illegal argument (also reported). */
void exb_dtrsvx_checked(const char *name, char uplo, char trans, char diag, long n, const double *a,
                        long lda, double *x, long incx, long nrefine, int *info);

#endif

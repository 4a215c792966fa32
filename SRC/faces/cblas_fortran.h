/*
 * cblas_fortran.h -- the Fortran names of the real routines the CBLAS face
 * calls, as F1(return type, name, parameters...) for the includer to
 * expand (gfortran's convention: fint.h).  Included with F1 defined.
 */
#define FP(T) const T *
#define LEN size_t
/* Level 1 */
F1(float, sdot, FP(fint), FP(float), FP(fint), FP(float), FP(fint))
F1(double, ddot, FP(fint), FP(double), FP(fint), FP(double), FP(fint))
F1(float, sdsdot, FP(fint), FP(float), FP(float), FP(fint), FP(float), FP(fint))
F1(double, dsdot, FP(fint), FP(float), FP(fint), FP(float), FP(fint))
F1(float, snrm2, FP(fint), FP(float), FP(fint))
F1(double, dnrm2, FP(fint), FP(double), FP(fint))
F1(float, sasum, FP(fint), FP(float), FP(fint))
F1(double, dasum, FP(fint), FP(double), FP(fint))
F1(fint, isamax, FP(fint), FP(float), FP(fint))
F1(fint, idamax, FP(fint), FP(double), FP(fint))
F1(void, sswap, FP(fint), float *, FP(fint), float *, FP(fint))
F1(void, dswap, FP(fint), double *, FP(fint), double *, FP(fint))
F1(void, scopy, FP(fint), FP(float), FP(fint), float *, FP(fint))
F1(void, dcopy, FP(fint), FP(double), FP(fint), double *, FP(fint))
F1(void, saxpy, FP(fint), FP(float), FP(float), FP(fint), float *, FP(fint))
F1(void, daxpy, FP(fint), FP(double), FP(double), FP(fint), double *, FP(fint))
F1(void, srotg, float *, float *, float *, float *)
F1(void, drotg, double *, double *, double *, double *)
F1(void, srotmg, float *, float *, float *, FP(float), float *)
F1(void, drotmg, double *, double *, double *, FP(double), double *)
F1(void, srot, FP(fint), float *, FP(fint), float *, FP(fint), FP(float), FP(float))
F1(void, drot, FP(fint), double *, FP(fint), double *, FP(fint), FP(double), FP(double))
F1(void, srotm, FP(fint), float *, FP(fint), float *, FP(fint), FP(float))
F1(void, drotm, FP(fint), double *, FP(fint), double *, FP(fint), FP(double))
F1(void, sscal, FP(fint), FP(float), float *, FP(fint))
F1(void, dscal, FP(fint), FP(double), double *, FP(fint))
/* Level 2 */
#define GEMV_ARGS(T)                                                                               \
    FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), FP(T), T *, FP(fint), LEN
F1(void, sgemv, GEMV_ARGS(float))
F1(void, dgemv, GEMV_ARGS(double))
/* the complex GEMVs (blas_complex.c): (re, im) pairs */
F1(void, cgemv, GEMV_ARGS(float))
F1(void, zgemv, GEMV_ARGS(double))
#define GBMV_ARGS(T)                                                                               \
    FP(char), FP(fint), FP(fint), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint),     \
        FP(T), T *, FP(fint), LEN
F1(void, sgbmv, GBMV_ARGS(float))
F1(void, dgbmv, GBMV_ARGS(double))
#define GER_ARGS(T) FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), T *, FP(fint)
F1(void, sger, GER_ARGS(float))
F1(void, dger, GER_ARGS(double))
#define SYMV_ARGS(T)                                                                               \
    FP(char), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), FP(T), T *, FP(fint), LEN
F1(void, ssymv, SYMV_ARGS(float))
F1(void, dsymv, SYMV_ARGS(double))
#define SBMV_ARGS(T)                                                                               \
    FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), FP(T), T *, FP(fint), LEN
F1(void, ssbmv, SBMV_ARGS(float))
F1(void, dsbmv, SBMV_ARGS(double))
#define SPMV_ARGS(T) FP(char), FP(fint), FP(T), FP(T), FP(T), FP(fint), FP(T), T *, FP(fint), LEN
F1(void, sspmv, SPMV_ARGS(float))
F1(void, dspmv, SPMV_ARGS(double))
#define SYR_ARGS(T) FP(char), FP(fint), FP(T), FP(T), FP(fint), T *, FP(fint), LEN
F1(void, ssyr, SYR_ARGS(float))
F1(void, dsyr, SYR_ARGS(double))
#define SPR_ARGS(T) FP(char), FP(fint), FP(T), FP(T), FP(fint), T *, LEN
F1(void, sspr, SPR_ARGS(float))
F1(void, dspr, SPR_ARGS(double))
#define SYR2_ARGS(T) FP(char), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), T *, FP(fint), LEN
F1(void, ssyr2, SYR2_ARGS(float))
F1(void, dsyr2, SYR2_ARGS(double))
#define SPR2_ARGS(T) FP(char), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), T *, LEN
F1(void, sspr2, SPR2_ARGS(float))
F1(void, dspr2, SPR2_ARGS(double))
#define TRXV_ARGS(T)                                                                               \
    FP(char), FP(char), FP(char), FP(fint), FP(T), FP(fint), T *, FP(fint), LEN, LEN, LEN
#define TBXV_ARGS(T)                                                                               \
    FP(char), FP(char), FP(char), FP(fint), FP(fint), FP(T), FP(fint), T *, FP(fint), LEN, LEN, LEN
#define TPXV_ARGS(T) FP(char), FP(char), FP(char), FP(fint), FP(T), T *, FP(fint), LEN, LEN, LEN
F1(void, strmv, TRXV_ARGS(float))
F1(void, dtrmv, TRXV_ARGS(double))
F1(void, strsv, TRXV_ARGS(float))
F1(void, dtrsv, TRXV_ARGS(double))
F1(void, stbmv, TBXV_ARGS(float))
F1(void, dtbmv, TBXV_ARGS(double))
F1(void, stbsv, TBXV_ARGS(float))
F1(void, dtbsv, TBXV_ARGS(double))
F1(void, stpmv, TPXV_ARGS(float))
F1(void, dtpmv, TPXV_ARGS(double))
F1(void, stpsv, TPXV_ARGS(float))
F1(void, dtpsv, TPXV_ARGS(double))
/* Level 3 */
#define GEMM_ARGS(T)                                                                               \
    FP(char), FP(char), FP(fint), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint),     \
        FP(T), T *, FP(fint), LEN, LEN
F1(void, sgemm, GEMM_ARGS(float))
F1(void, dgemm, GEMM_ARGS(double))
/* the complex GEMMs (blas_complex.c): (re, im) pairs */
F1(void, cgemm, GEMM_ARGS(float))
F1(void, zgemm, GEMM_ARGS(double))
#define SYMM_ARGS(T)                                                                               \
    FP(char), FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), FP(T), T *,   \
        FP(fint), LEN, LEN
F1(void, ssymm, SYMM_ARGS(float))
F1(void, dsymm, SYMM_ARGS(double))
#define SYRK_ARGS(T)                                                                               \
    FP(char), FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), T *, FP(fint), LEN, LEN
F1(void, ssyrk, SYRK_ARGS(float))
F1(void, dsyrk, SYRK_ARGS(double))
#define SYR2K_ARGS(T)                                                                              \
    FP(char), FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), FP(T), FP(fint), FP(T), T *,   \
        FP(fint), LEN, LEN
F1(void, ssyr2k, SYR2K_ARGS(float))
F1(void, dsyr2k, SYR2K_ARGS(double))
#define TRXM_ARGS(T)                                                                               \
    FP(char), FP(char), FP(char), FP(char), FP(fint), FP(fint), FP(T), FP(T), FP(fint), T *,       \
        FP(fint), LEN, LEN, LEN, LEN
F1(void, strmm, TRXM_ARGS(float))
F1(void, dtrmm, TRXM_ARGS(double))
F1(void, strsm, TRXM_ARGS(float))
F1(void, dtrsm, TRXM_ARGS(double))
/* the rest of the complex routines (blas_complex.c): (re, im) pairs; HER,
 * HPR, HERK take a real alpha (and HERK, HER2K a real beta) */
F1(void, cgbmv, GBMV_ARGS(float))
F1(void, cgeru, GER_ARGS(float))
F1(void, cgerc, GER_ARGS(float))
F1(void, chemv, SYMV_ARGS(float))
F1(void, chbmv, SBMV_ARGS(float))
F1(void, chpmv, SPMV_ARGS(float))
F1(void, cher, SYR_ARGS(float))
F1(void, chpr, SPR_ARGS(float))
F1(void, cher2, SYR2_ARGS(float))
F1(void, chpr2, SPR2_ARGS(float))
F1(void, ctrmv, TRXV_ARGS(float))
F1(void, ctrsv, TRXV_ARGS(float))
F1(void, ctbmv, TBXV_ARGS(float))
F1(void, ctbsv, TBXV_ARGS(float))
F1(void, ctpmv, TPXV_ARGS(float))
F1(void, ctpsv, TPXV_ARGS(float))
F1(void, chemm, SYMM_ARGS(float))
F1(void, csymm, SYMM_ARGS(float))
F1(void, cherk, SYRK_ARGS(float))
F1(void, csyrk, SYRK_ARGS(float))
F1(void, cher2k, SYR2K_ARGS(float))
F1(void, csyr2k, SYR2K_ARGS(float))
F1(void, ctrmm, TRXM_ARGS(float))
F1(void, ctrsm, TRXM_ARGS(float))
F1(void, zgbmv, GBMV_ARGS(double))
F1(void, zgeru, GER_ARGS(double))
F1(void, zgerc, GER_ARGS(double))
F1(void, zhemv, SYMV_ARGS(double))
F1(void, zhbmv, SBMV_ARGS(double))
F1(void, zhpmv, SPMV_ARGS(double))
F1(void, zher, SYR_ARGS(double))
F1(void, zhpr, SPR_ARGS(double))
F1(void, zher2, SYR2_ARGS(double))
F1(void, zhpr2, SPR2_ARGS(double))
F1(void, ztrmv, TRXV_ARGS(double))
F1(void, ztrsv, TRXV_ARGS(double))
F1(void, ztbmv, TBXV_ARGS(double))
F1(void, ztbsv, TBXV_ARGS(double))
F1(void, ztpmv, TPXV_ARGS(double))
F1(void, ztpsv, TPXV_ARGS(double))
F1(void, zhemm, SYMM_ARGS(double))
F1(void, zsymm, SYMM_ARGS(double))
F1(void, zherk, SYRK_ARGS(double))
F1(void, zsyrk, SYRK_ARGS(double))
F1(void, zher2k, SYR2K_ARGS(double))
F1(void, zsyr2k, SYR2K_ARGS(double))
F1(void, ztrmm, TRXM_ARGS(double))
F1(void, ztrsm, TRXM_ARGS(double))
#undef FP
#undef LEN

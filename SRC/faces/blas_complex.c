/*
 * blas_complex.c -- the complex routines of the drop-in libblas.so.3.  The
 * Level 1 routines (but xROTG) and ZGEMM, CGEMM are exact (level1/complex.c,
 * level3/zgemm3.c have the rules);
 * the others forward their call unchanged to the same routine of the
 * system's reference BLAS, loaded by its own file name (refblas.h): those
 * results are the reference's, NOT exact; exactblas_probe lists them.
 *
 * (forward.h says how a forwarder works.)
 */
#include <complex.h>
#include <math.h>

#include "forward.h"
#include "level1/level1.h"
#include "level3/level3.h"

/* ---- Level 1, exact ---------------------------------------------------------- */

#define COMPLEX_L1(p, T, q)                                                                        \
    FACE void FNAME(p##axpy)(const fint *n, const T *a, const T *x, const fint *incx, T *y,        \
                             const fint *incy)                                                     \
    {                                                                                              \
        exb_##p##axpy_checked(*n, a, x, *incx, y, *incy);                                          \
    }                                                                                              \
    FACE void FNAME(p##copy)(const fint *n, const T *x, const fint *incx, T *y, const fint *incy)  \
    {                                                                                              \
        exb_##p##copy_checked(*n, x, *incx, y, *incy);                                             \
    }                                                                                              \
    FACE void FNAME(p##swap)(const fint *n, T *x, const fint *incx, T *y, const fint *incy)        \
    {                                                                                              \
        exb_##p##swap_checked(*n, x, *incx, y, *incy);                                             \
    }                                                                                              \
    FACE void FNAME(p##scal)(const fint *n, const T *a, T *x, const fint *incx)                    \
    {                                                                                              \
        exb_##p##scal_checked(*n, a, x, *incx);                                                    \
    }                                                                                              \
    FACE void FNAME(p##q##scal)(const fint *n, const T *a, T *x, const fint *incx)                 \
    {                                                                                              \
        exb_##p##q##scal_checked(*n, *a, x, *incx);                                                \
    }                                                                                              \
    FACE void FNAME(p##q##rot)(const fint *n, T *x, const fint *incx, T *y, const fint *incy,      \
                               const T *c, const T *s)                                             \
    {                                                                                              \
        exb_##p##q##rot_checked(*n, x, *incx, y, *incy, *c, *s);                                   \
    }                                                                                              \
    FACE T _Complex FNAME(p##dotu)(const fint *n, const T *x, const fint *incx, const T *y,        \
                                   const fint *incy)                                               \
    {                                                                                              \
        return exb_##p##dotu_checked(*n, x, *incx, y, *incy);                                      \
    }                                                                                              \
    FACE T _Complex FNAME(p##dotc)(const fint *n, const T *x, const fint *incx, const T *y,        \
                                   const fint *incy)                                               \
    {                                                                                              \
        return exb_##p##dotc_checked(*n, x, *incx, y, *incy);                                      \
    }                                                                                              \
    FACE fint FNAME(i##p##amax)(const fint *n, const T *x, const fint *incx)                       \
    {                                                                                              \
        return (fint)exb_i##p##amax_checked(*n, x, *incx);                                         \
    }
COMPLEX_L1(z, double, d)
COMPLEX_L1(c, float, s)

FACE double FNAME(dznrm2)(const fint *n, const double *x, const fint *incx)
{
    return exb_dznrm2_checked(*n, x, *incx);
}

FACE double FNAME(dzasum)(const fint *n, const double *x, const fint *incx)
{
    return exb_dzasum_checked(*n, x, *incx);
}

FACE float FNAME(scnrm2)(const fint *n, const float *x, const fint *incx)
{
    return exb_scnrm2_checked(*n, x, *incx);
}

FACE float FNAME(scasum)(const fint *n, const float *x, const fint *incx)
{
    return exb_scasum_checked(*n, x, *incx);
}

/* ---- Level 3, exact: the complex GEMMs (level3/zgemm3.c) --------------------- */

FACE void FNAME(zgemm)(const char *transa, const char *transb, const fint *m, const fint *n,
                       const fint *k, const double *alpha, const double *a, const fint *lda,
                       const double *b, const fint *ldb, const double *beta, double *c,
                       const fint *ldc, size_t la, size_t lb)
{
    (void)la, (void)lb;
    exb_zgemm_checked("ZGEMM ", *transa, *transb, *m, *n, *k, alpha, a, *lda, b, *ldb, beta, c,
                      *ldc);
}

FACE void FNAME(cgemm)(const char *transa, const char *transb, const fint *m, const fint *n,
                       const fint *k, const float *alpha, const float *a, const fint *lda,
                       const float *b, const fint *ldb, const float *beta, float *c,
                       const fint *ldc, size_t la, size_t lb)
{
    (void)la, (void)lb;
    exb_cgemm_checked("CGEMM ", *transa, *transb, *m, *n, *k, alpha, a, *lda, b, *ldb, beta, c,
                      *ldc);
}

/* ---- Level 2, exact: the complex GEMVs (level3/zgemm3.c) ---------------------- */

FACE void FNAME(zgemv)(const char *trans, const fint *m, const fint *n, const double *alpha,
                       const double *a, const fint *lda, const double *x, const fint *incx,
                       const double *beta, double *y, const fint *incy, size_t lt)
{
    (void)lt;
    exb_zgemv_checked("ZGEMV ", *trans, *m, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
}

FACE void FNAME(cgemv)(const char *trans, const fint *m, const fint *n, const float *alpha,
                       const float *a, const fint *lda, const float *x, const fint *incx,
                       const float *beta, float *y, const fint *incy, size_t lt)
{
    (void)lt;
    exb_cgemv_checked("CGEMV ", *trans, *m, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
}

#define COMPLEX_GER(p, T, name, conj, NAME)                                                        \
    FACE void FNAME(name)(const fint *m, const fint *n, const T *alpha, const T *x,                \
                          const fint *incx, const T *y, const fint *incy, T *a, const fint *lda)   \
    {                                                                                              \
        exb_##p##ger_checked(NAME, conj, *m, *n, alpha, x, *incx, y, *incy, a, *lda);              \
    }
COMPLEX_GER(z, double, zgeru, 0, "ZGERU ")
COMPLEX_GER(z, double, zgerc, 1, "ZGERC ")
COMPLEX_GER(c, float, cgeru, 0, "CGERU ")
COMPLEX_GER(c, float, cgerc, 1, "CGERC ")

#define COMPLEX_HERK(p, T, NAME, SYRK_NAME)                                                        \
    FACE void FNAME(p##herk)(const char *uplo, const char *trans, const fint *n, const fint *k,    \
                             const T *alpha, const T *a, const fint *lda, const T *beta, T *c,     \
                             const fint *ldc, size_t lu, size_t lt)                                \
    {                                                                                              \
        (void)lu, (void)lt;                                                                        \
        exb_##p##herk_checked(NAME, *uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);       \
    }                                                                                              \
    FACE void FNAME(p##syrk)(const char *uplo, const char *trans, const fint *n, const fint *k,    \
                             const T *alpha, const T *a, const fint *lda, const T *beta, T *c,     \
                             const fint *ldc, size_t lu, size_t lt)                                \
    {                                                                                              \
        (void)lu, (void)lt;                                                                        \
        exb_##p##syrk_checked(SYRK_NAME, *uplo, *trans, *n, *k, alpha, a, *lda, beta, c, *ldc);    \
    }
/* (the Hermitian rank-k update's alpha and beta are real) */
COMPLEX_HERK(z, double, "ZHERK ", "ZSYRK ")
COMPLEX_HERK(c, float, "CHERK ", "CSYRK ")

#define COMPLEX_HEMV_SYMM(p, T, HEMV, HEMM, SYMM)                                                  \
    FACE void FNAME(p##hemv)(const char *uplo, const fint *n, const T *alpha, const T *a,          \
                             const fint *lda, const T *x, const fint *incx, const T *beta, T *y,   \
                             const fint *incy, size_t lu)                                          \
    {                                                                                              \
        (void)lu;                                                                                  \
        exb_##p##hemv_checked(HEMV, *uplo, *n, alpha, a, *lda, x, *incx, beta, y, *incy);          \
    }                                                                                              \
    FACE void FNAME(p##hemm)(const char *side, const char *uplo, const fint *m, const fint *n,     \
                             const T *alpha, const T *a, const fint *lda, const T *b,              \
                             const fint *ldb, const T *beta, T *c, const fint *ldc, size_t ls,     \
                             size_t lu)                                                            \
    {                                                                                              \
        (void)ls, (void)lu;                                                                        \
        exb_##p##symm_checked(HEMM, 1, *side, *uplo, *m, *n, alpha, a, *lda, b, *ldb, beta, c,     \
                              *ldc);                                                               \
    }                                                                                              \
    FACE void FNAME(p##symm)(const char *side, const char *uplo, const fint *m, const fint *n,     \
                             const T *alpha, const T *a, const fint *lda, const T *b,              \
                             const fint *ldb, const T *beta, T *c, const fint *ldc, size_t ls,     \
                             size_t lu)                                                            \
    {                                                                                              \
        (void)ls, (void)lu;                                                                        \
        exb_##p##symm_checked(SYMM, 0, *side, *uplo, *m, *n, alpha, a, *lda, b, *ldb, beta, c,     \
                              *ldc);                                                               \
    }
COMPLEX_HEMV_SYMM(z, double, "ZHEMV ", "ZHEMM ", "ZSYMM ")
COMPLEX_HEMV_SYMM(c, float, "CHEMV ", "CHEMM ", "CSYMM ")

/* |re| + |im|: one IEEE addition of exact values, RN of the exact sum. */
FACE double FNAME(dcabs1)(const double *z)
{
    return fabs(z[0]) + fabs(z[1]);
}

FACE float FNAME(scabs1)(const float *z)
{
    return fabsf(z[0]) + fabsf(z[1]);
}

/* ---- the rest: forwarded, NOT exact ---------------------------------------- */

FORWARD_VOID(cgbmv, 14)
FORWARD_VOID(chbmv, 12)
FORWARD_VOID(cher2, 10)
FORWARD_VOID(cher2k, 14)
FORWARD_VOID(cher, 8)
FORWARD_VOID(chpmv, 10)
FORWARD_VOID(chpr2, 9)
FORWARD_VOID(chpr, 7)
FORWARD_VOID(crotg, 4)
FORWARD_VOID(csyr2k, 14)
FORWARD_VOID(ctbmv, 12)
FORWARD_VOID(ctbsv, 12)
FORWARD_VOID(ctpmv, 10)
FORWARD_VOID(ctpsv, 10)
FORWARD_VOID(ctrmm, 15)
FORWARD_VOID(ctrmv, 11)
FORWARD_VOID(ctrsm, 15)
FORWARD_VOID(ctrsv, 11)
FORWARD_VOID(zgbmv, 14)
FORWARD_VOID(zhbmv, 12)
FORWARD_VOID(zher2, 10)
FORWARD_VOID(zher2k, 14)
FORWARD_VOID(zher, 8)
FORWARD_VOID(zhpmv, 10)
FORWARD_VOID(zhpr2, 9)
FORWARD_VOID(zhpr, 7)
FORWARD_VOID(zrotg, 4)
FORWARD_VOID(zsyr2k, 14)
FORWARD_VOID(ztbmv, 12)
FORWARD_VOID(ztbsv, 12)
FORWARD_VOID(ztpmv, 10)
FORWARD_VOID(ztpsv, 10)
FORWARD_VOID(ztrmm, 15)
FORWARD_VOID(ztrmv, 11)
FORWARD_VOID(ztrsm, 15)
FORWARD_VOID(ztrsv, 11)

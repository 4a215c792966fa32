/*
 * blas_complex.c -- the complex routines of the drop-in libblas.so.3, all
 * exact (level1/complex.c, level1/zrotg.c, level2/zl2.c and level3/'s
 * zgemm.c, zsymm.c, zher2k.c have the rules).
 */
#include <complex.h>
#include <math.h>

#include "fint.h"
#include "level1/level1.h"
#include "level2/zlevel2.h"
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

/* ---- Level 3, exact: the complex GEMMs (level3/zgemm.c) ---------------------- */

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

/* ---- Level 2, exact: the complex GEMVs (level3/zgemm.c) ----------------------- */

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

/* |re| + |im| (level1/complex.c). */
FACE double FNAME(dcabs1)(const double *z)
{
    return exb_dcabs1_checked(z);
}

FACE float FNAME(scabs1)(const float *z)
{
    return exb_scabs1_checked(z);
}

/* ---- the rest of Level 2 and 3, exact (level2/zl2.c, level3/) ------------ */

#define CPAIR(v)                                                                                   \
    {                                                                                              \
        (double)(v)[0], (double)(v)[1]                                                             \
    }
#define COMPLEX_REST(p, T, F32, P)                                                                 \
    FACE void FNAME(p##gbmv)(const char *trans, const fint *m, const fint *n, const fint *kl,      \
                             const fint *ku, const T *alpha, const T *a, const fint *lda,          \
                             const T *x, const fint *incx, const T *beta, T *y, const fint *incy,  \
                             size_t lt)                                                            \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lt;                                                                                  \
        double al[2] = CPAIR(alpha), be[2] = CPAIR(beta);                                          \
        exb_xgbmv_checked(P "GBMV ", F32, *trans, *m, *n, *kl, *ku, al, a, *lda, x, *incx, be, y,  \
                          *incy);                                                                  \
    }                                                                                              \
    FACE void FNAME(p##hbmv)(const char *uplo, const fint *n, const fint *k, const T *alpha,       \
                             const T *a, const fint *lda, const T *x, const fint *incx,            \
                             const T *beta, T *y, const fint *incy, size_t lu)                     \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = CPAIR(alpha), be[2] = CPAIR(beta);                                          \
        exb_xhbmv_checked(P "HBMV ", F32, 0, *uplo, *n, *k, al, a, *lda, x, *incx, be, y, *incy);  \
    }                                                                                              \
    FACE void FNAME(p##hpmv)(const char *uplo, const fint *n, const T *alpha, const T *ap,         \
                             const T *x, const fint *incx, const T *beta, T *y, const fint *incy,  \
                             size_t lu)                                                            \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = CPAIR(alpha), be[2] = CPAIR(beta);                                          \
        exb_xhbmv_checked(P "HPMV ", F32, 1, *uplo, *n, 0, al, ap, 1, x, *incx, be, y, *incy);     \
    }                                                                                              \
    FACE void FNAME(p##trmv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const T *a, const fint *lda, T *x, const fint *incx, size_t l1,       \
                             size_t l2, size_t l3)                                                 \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TRMV ", F32, 0, 0, *uplo, *trans, *diag, *n, 0, a, *lda, x, *incx);   \
    }                                                                                              \
    FACE void FNAME(p##trsv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const T *a, const fint *lda, T *x, const fint *incx, size_t l1,       \
                             size_t l2, size_t l3)                                                 \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TRSV ", F32, 1, 0, *uplo, *trans, *diag, *n, 0, a, *lda, x, *incx);   \
    }                                                                                              \
    FACE void FNAME(p##tbmv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const fint *k, const T *a, const fint *lda, T *x, const fint *incx,   \
                             size_t l1, size_t l2, size_t l3)                                      \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TBMV ", F32, 0, 1, *uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);  \
    }                                                                                              \
    FACE void FNAME(p##tbsv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const fint *k, const T *a, const fint *lda, T *x, const fint *incx,   \
                             size_t l1, size_t l2, size_t l3)                                      \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TBSV ", F32, 1, 1, *uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);  \
    }                                                                                              \
    FACE void FNAME(p##tpmv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const T *ap, T *x, const fint *incx, size_t l1, size_t l2, size_t l3) \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TPMV ", F32, 0, 2, *uplo, *trans, *diag, *n, 0, ap, 1, x, *incx);     \
    }                                                                                              \
    FACE void FNAME(p##tpsv)(const char *uplo, const char *trans, const char *diag, const fint *n, \
                             const T *ap, T *x, const fint *incx, size_t l1, size_t l2, size_t l3) \
    {                                                                                              \
        (void)l1, (void)l2, (void)l3;                                                              \
        exb_xtrmv_checked(P "TPSV ", F32, 1, 2, *uplo, *trans, *diag, *n, 0, ap, 1, x, *incx);     \
    }                                                                                              \
    FACE void FNAME(p##her)(const char *uplo, const fint *n, const T *alpha, const T *x,           \
                            const fint *incx, T *a, const fint *lda, size_t lu)                    \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = {*alpha, 0.0};                                                              \
        exb_xher_checked(P "HER  ", F32, 0, 0, *uplo, *n, al, x, *incx, NULL, 1, a, *lda);         \
    }                                                                                              \
    FACE void FNAME(p##hpr)(const char *uplo, const fint *n, const T *alpha, const T *x,           \
                            const fint *incx, T *ap, size_t lu)                                    \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = {*alpha, 0.0};                                                              \
        exb_xher_checked(P "HPR  ", F32, 0, 1, *uplo, *n, al, x, *incx, NULL, 1, ap, 1);           \
    }                                                                                              \
    FACE void FNAME(p##her2)(const char *uplo, const fint *n, const T *alpha, const T *x,          \
                             const fint *incx, const T *y, const fint *incy, T *a,                 \
                             const fint *lda, size_t lu)                                           \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = CPAIR(alpha);                                                               \
        exb_xher_checked(P "HER2 ", F32, 1, 0, *uplo, *n, al, x, *incx, y, *incy, a, *lda);        \
    }                                                                                              \
    FACE void FNAME(p##hpr2)(const char *uplo, const fint *n, const T *alpha, const T *x,          \
                             const fint *incx, const T *y, const fint *incy, T *ap, size_t lu)     \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu;                                                                                  \
        double al[2] = CPAIR(alpha);                                                               \
        exb_xher_checked(P "HPR2 ", F32, 1, 1, *uplo, *n, al, x, *incx, y, *incy, ap, 1);          \
    }                                                                                              \
    FACE void FNAME(p##her2k)(const char *uplo, const char *trans, const fint *n, const fint *k,   \
                              const T *alpha, const T *a, const fint *lda, const T *b,             \
                              const fint *ldb, const T *beta, T *c, const fint *ldc, size_t lu,    \
                              size_t lt)                                                           \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu, (void)lt;                                                                        \
        double al[2] = CPAIR(alpha), be[2] = {*beta, 0.0};                                         \
        exb_xher2k_checked(P "HER2K", F32, 1, *uplo, *trans, *n, *k, al, a, *lda, b, *ldb, be, c,  \
                           *ldc);                                                                  \
    }                                                                                              \
    FACE void FNAME(p##syr2k)(const char *uplo, const char *trans, const fint *n, const fint *k,   \
                              const T *alpha, const T *a, const fint *lda, const T *b,             \
                              const fint *ldb, const T *beta, T *c, const fint *ldc, size_t lu,    \
                              size_t lt)                                                           \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)lu, (void)lt;                                                                        \
        double al[2] = CPAIR(alpha), be[2] = CPAIR(beta);                                          \
        exb_xher2k_checked(P "SYR2K", F32, 0, *uplo, *trans, *n, *k, al, a, *lda, b, *ldb, be, c,  \
                           *ldc);                                                                  \
    }                                                                                              \
    FACE void FNAME(p##trmm)(const char *side, const char *uplo, const char *transa,               \
                             const char *diag, const fint *m, const fint *n, const T *alpha,       \
                             const T *a, const fint *lda, T *b, const fint *ldb, size_t l1,        \
                             size_t l2, size_t l3, size_t l4)                                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)l3, (void)l4;                                                    \
        double al[2] = CPAIR(alpha);                                                               \
        exb_xtrmm_checked(P "TRMM ", F32, 0, *side, *uplo, *transa, *diag, *m, *n, al, a, *lda, b, \
                          *ldb);                                                                   \
    }                                                                                              \
    FACE void FNAME(p##trsm)(const char *side, const char *uplo, const char *transa,               \
                             const char *diag, const fint *m, const fint *n, const T *alpha,       \
                             const T *a, const fint *lda, T *b, const fint *ldb, size_t l1,        \
                             size_t l2, size_t l3, size_t l4)                                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)l3, (void)l4;                                                    \
        double al[2] = CPAIR(alpha);                                                               \
        exb_xtrmm_checked(P "TRSM ", F32, 1, *side, *uplo, *transa, *diag, *m, *n, al, a, *lda, b, \
                          *ldb);                                                                   \
    }
COMPLEX_REST(z, double, 0, "Z")
COMPLEX_REST(c, float, 1, "C")

/* ZROTG, CROTG: c real, s complex, r into a (level1/zrotg.c). */
FACE void FNAME(zrotg)(double *a, const double *b, double *c, double *s)
{
    exb_zrotg_checked(a, b, c, s);
}

FACE void FNAME(crotg)(float *a, const float *b, float *c, float *s)
{
    exb_crotg_checked(a, b, c, s);
}

/*
 * cblas_complex.c -- the complex CBLAS routines of the drop-in libblas.so.3.
 * Level 1 (level1/complex.c) is exact; the others, not computed by
 * ExactBLAS yet, forward their call to the same CBLAS routine of the
 * system's reference BLAS (refblas.h), NOT exact.  The
 * reference's CBLAS calls the complex Fortran routines (forwarded too) and
 * shares the CBLAS_CallFromC and RowMajorStrg globals and cblas_xerbla with
 * this library (the dynamic linker binds its references here first).
 * Those with only integer and pointer arguments go through forward.h; those
 * with a real scalar (passed in a floating-point register) have their
 * prototype here.
 */
#include <complex.h>

#include "forward.h"
#include "level1/level1.h"

#include <math.h>

/* ---- Level 1, exact (CBLAS passes its integers and real scalars by value;
 * IxAMAX counts from 0) ---------------------------------------------------- */

#define CBLAS_COMPLEX_L1(p, T, q)                                                                  \
    FACE void CNAME(cblas_##p##axpy)(const fint n, const void *a, const void *x, const fint incx,  \
                                     void *y, const fint incy)                                     \
    {                                                                                              \
        exb_##p##axpy_checked(n, a, x, incx, y, incy);                                             \
    }                                                                                              \
    FACE void CNAME(cblas_##p##copy)(const fint n, const void *x, const fint incx, void *y,        \
                                     const fint incy)                                              \
    {                                                                                              \
        exb_##p##copy_checked(n, x, incx, y, incy);                                                \
    }                                                                                              \
    FACE void CNAME(cblas_##p##swap)(const fint n, void *x, const fint incx, void *y,              \
                                     const fint incy)                                              \
    {                                                                                              \
        exb_##p##swap_checked(n, x, incx, y, incy);                                                \
    }                                                                                              \
    FACE void CNAME(cblas_##p##scal)(const fint n, const void *a, void *x, const fint incx)        \
    {                                                                                              \
        exb_##p##scal_checked(n, a, x, incx);                                                      \
    }                                                                                              \
    FACE void CNAME(cblas_##p##q##scal)(const fint n, const T a, void *x, const fint incx)         \
    {                                                                                              \
        exb_##p##q##scal_checked(n, a, x, incx);                                                   \
    }                                                                                              \
    FACE void CNAME(cblas_##p##q##rot)(const fint n, void *x, const fint incx, void *y,            \
                                       const fint incy, const T c, const T s)                      \
    {                                                                                              \
        exb_##p##q##rot_checked(n, x, incx, y, incy, c, s);                                        \
    }                                                                                              \
    FACE void CNAME(cblas_##p##dotu_sub)(const fint n, const void *x, const fint incx,             \
                                         const void *y, const fint incy, void *dot)                \
    {                                                                                              \
        *(T _Complex *)dot = exb_##p##dotu_checked(n, x, incx, y, incy);                           \
    }                                                                                              \
    FACE void CNAME(cblas_##p##dotc_sub)(const fint n, const void *x, const fint incx,             \
                                         const void *y, const fint incy, void *dot)                \
    {                                                                                              \
        *(T _Complex *)dot = exb_##p##dotc_checked(n, x, incx, y, incy);                           \
    }                                                                                              \
    FACE size_t CNAME(cblas_i##p##amax)(const fint n, const void *x, const fint incx)              \
    {                                                                                              \
        long i = exb_i##p##amax_checked(n, x, incx);                                               \
        return i > 0 ? (size_t)(i - 1) : 0;                                                        \
    }
CBLAS_COMPLEX_L1(z, double, d)
CBLAS_COMPLEX_L1(c, float, s)

FACE double CNAME(cblas_dznrm2)(const fint n, const void *x, const fint incx)
{
    return exb_dznrm2_checked(n, x, incx);
}

FACE double CNAME(cblas_dzasum)(const fint n, const void *x, const fint incx)
{
    return exb_dzasum_checked(n, x, incx);
}

FACE float CNAME(cblas_scnrm2)(const fint n, const void *x, const fint incx)
{
    return exb_scnrm2_checked(n, x, incx);
}

FACE float CNAME(cblas_scasum)(const fint n, const void *x, const fint incx)
{
    return exb_scasum_checked(n, x, incx);
}

FACE double CNAME(cblas_dcabs1)(const void *z)
{
    const double *v = z;
    return fabs(v[0]) + fabs(v[1]);
}

FACE float CNAME(cblas_scabs1)(const void *z)
{
    const float *v = z;
    return fabsf(v[0]) + fabsf(v[1]);
}

/* ---- the rest: forwarded, NOT exact ---------------------------------------- */

FORWARD_C_VOID(cblas_cgbmv, 14)
FORWARD_C_VOID(cblas_cgerc, 10)
FORWARD_C_VOID(cblas_cgeru, 10)
FORWARD_C_VOID(cblas_chbmv, 12)
FORWARD_C_VOID(cblas_chemm, 13)
FORWARD_C_VOID(cblas_chemv, 11)
FORWARD_C_VOID(cblas_cher2, 10)
FORWARD_C_VOID(cblas_chpmv, 10)
FORWARD_C_VOID(cblas_chpr2, 9)
FORWARD_C_VOID(cblas_crotg, 4)
FORWARD_C_VOID(cblas_csymm, 13)
FORWARD_C_VOID(cblas_csyr2k, 13)
FORWARD_C_VOID(cblas_csyrk, 11)
FORWARD_C_VOID(cblas_ctbmv, 10)
FORWARD_C_VOID(cblas_ctbsv, 10)
FORWARD_C_VOID(cblas_ctpmv, 8)
FORWARD_C_VOID(cblas_ctpsv, 8)
FORWARD_C_VOID(cblas_ctrmm, 12)
FORWARD_C_VOID(cblas_ctrmv, 9)
FORWARD_C_VOID(cblas_ctrsm, 12)
FORWARD_C_VOID(cblas_ctrsv, 9)
FORWARD_C_VOID(cblas_zgbmv, 14)
FORWARD_C_VOID(cblas_zgerc, 10)
FORWARD_C_VOID(cblas_zgeru, 10)
FORWARD_C_VOID(cblas_zhbmv, 12)
FORWARD_C_VOID(cblas_zhemm, 13)
FORWARD_C_VOID(cblas_zhemv, 11)
FORWARD_C_VOID(cblas_zher2, 10)
FORWARD_C_VOID(cblas_zhpmv, 10)
FORWARD_C_VOID(cblas_zhpr2, 9)
FORWARD_C_VOID(cblas_zrotg, 4)
FORWARD_C_VOID(cblas_zsymm, 13)
FORWARD_C_VOID(cblas_zsyr2k, 13)
FORWARD_C_VOID(cblas_zsyrk, 11)
FORWARD_C_VOID(cblas_ztbmv, 10)
FORWARD_C_VOID(cblas_ztbsv, 10)
FORWARD_C_VOID(cblas_ztpmv, 8)
FORWARD_C_VOID(cblas_ztpsv, 8)
FORWARD_C_VOID(cblas_ztrmm, 12)
FORWARD_C_VOID(cblas_ztrmv, 9)
FORWARD_C_VOID(cblas_ztrsm, 12)
FORWARD_C_VOID(cblas_ztrsv, 9)

/* The ones with a real scalar: their own prototypes. */
#define FORWARD_PROTO(name, params, args)                                                          \
    FORWARD_RECORD(CNAME(name))                                                                    \
    FACE void CNAME(name) params                                                                   \
    {                                                                                              \
        static void(*ref) params;                                                                  \
        if (!ref)                                                                                  \
            ref = (void(*) params)exb_refblas_symbol(STR(CNAME(name)));                            \
        if (ref)                                                                                   \
            ref args;                                                                              \
    }
#define HER(R)                                                                                     \
    (const int layout, const int uplo, const fint n, const R alpha, const void *x,                 \
     const fint incx, void *a, const fint lda),                                                    \
        (layout, uplo, n, alpha, x, incx, a, lda)
#define HPR(R)                                                                                     \
    (const int layout, const int uplo, const fint n, const R alpha, const void *x,                 \
     const fint incx, void *ap),                                                                   \
        (layout, uplo, n, alpha, x, incx, ap)
#define HERK(R)                                                                                    \
    (const int layout, const int uplo, const int trans, const fint n, const fint k, const R alpha, \
     const void *a, const fint lda, const R beta, void *c, const fint ldc),                        \
        (layout, uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
#define HER2K(R)                                                                                   \
    (const int layout, const int uplo, const int trans, const fint n, const fint k,                \
     const void *alpha, const void *a, const fint lda, const void *b, const fint ldb,              \
     const R beta, void *c, const fint ldc),                                                       \
        (layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
#define EXPAND(m, name, spec) m(name, spec)
EXPAND(FORWARD_PROTO, cblas_cher, HER(float))
EXPAND(FORWARD_PROTO, cblas_zher, HER(double))
EXPAND(FORWARD_PROTO, cblas_chpr, HPR(float))
EXPAND(FORWARD_PROTO, cblas_zhpr, HPR(double))
EXPAND(FORWARD_PROTO, cblas_cherk, HERK(float))
EXPAND(FORWARD_PROTO, cblas_zherk, HERK(double))
EXPAND(FORWARD_PROTO, cblas_cher2k, HER2K(float))
EXPAND(FORWARD_PROTO, cblas_zher2k, HER2K(double))

/*
 * cblas_real.c -- the reference CBLAS's names of the real routines (single
 * and double precision), for the drop-in libblas.so.3: each checks its
 * layout and option arguments as reference CBLAS does (cblas_xerbla with
 * the CBLAS name and position), turns a row-major call into the
 * column-major one of the transposed problem (the reference's mapping),
 * and calls the routine's Fortran name, which computes it exactly; an
 * illegal size or leading dimension reaches cblas_xerbla through xerbla_
 * (blas_support.c) with CBLAS_CallFromC set, one position further on, and
 * row-major positions mapped (RowMajorStrg).  CBLAS_INDEX results
 * (I?AMAX) are 0-based.
 */
#include <math.h>
#include <stdlib.h>

#include "fint.h"

#include "cblas_common.h"

/* ---- Level 1 ------------------------------------------------------------------- */

#define LEVEL1(P, T)                                                                               \
    FACE T CNAME(cblas_##P##dot)(const fint n, const T *x, const fint incx, const T *y,            \
                                 const fint incy)                                                  \
    {                                                                                              \
        return FNAME(P##dot)(&n, x, &incx, y, &incy);                                              \
    }                                                                                              \
    FACE T CNAME(cblas_##P##nrm2)(const fint n, const T *x, const fint incx)                       \
    {                                                                                              \
        return FNAME(P##nrm2)(&n, x, &incx);                                                       \
    }                                                                                              \
    FACE T CNAME(cblas_##P##asum)(const fint n, const T *x, const fint incx)                       \
    {                                                                                              \
        return FNAME(P##asum)(&n, x, &incx);                                                       \
    }                                                                                              \
    FACE size_t CNAME(cblas_i##P##amax)(const fint n, const T *x, const fint incx)                 \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        fint i = FNAME(i##P##amax)(&n, x, &incx);                                                  \
        return i ? (size_t)(i - 1) : 0;                                                            \
    }                                                                                              \
    FACE void CNAME(cblas_##P##swap)(const fint n, T *x, const fint incx, T *y, const fint incy)   \
    {                                                                                              \
        FNAME(P##swap)(&n, x, &incx, y, &incy);                                                    \
    }                                                                                              \
    FACE void CNAME(cblas_##P##copy)(const fint n, const T *x, const fint incx, T *y,              \
                                     const fint incy)                                              \
    {                                                                                              \
        FNAME(P##copy)(&n, x, &incx, y, &incy);                                                    \
    }                                                                                              \
    FACE void CNAME(cblas_##P##axpy)(const fint n, const T alpha, const T *x, const fint incx,     \
                                     T *y, const fint incy)                                        \
    {                                                                                              \
        FNAME(P##axpy)(&n, &alpha, x, &incx, y, &incy);                                            \
    }                                                                                              \
    FACE void CNAME(cblas_##P##rotg)(T * a, T * b, T * c, T * s)                                   \
    {                                                                                              \
        FNAME(P##rotg)(a, b, c, s);                                                                \
    }                                                                                              \
    FACE void CNAME(cblas_##P##rotmg)(T * d1, T * d2, T * b1, const T b2, T *p)                    \
    {                                                                                              \
        FNAME(P##rotmg)(d1, d2, b1, &b2, p);                                                       \
    }                                                                                              \
    FACE void CNAME(cblas_##P##rot)(const fint n, T *x, const fint incx, T *y, const fint incy,    \
                                    const T c, const T s)                                          \
    {                                                                                              \
        FNAME(P##rot)(&n, x, &incx, y, &incy, &c, &s);                                             \
    }                                                                                              \
    FACE void CNAME(cblas_##P##rotm)(const fint n, T *x, const fint incx, T *y, const fint incy,   \
                                     const T *p)                                                   \
    {                                                                                              \
        FNAME(P##rotm)(&n, x, &incx, y, &incy, p);                                                 \
    }                                                                                              \
    FACE void CNAME(cblas_##P##scal)(const fint n, const T alpha, T *x, const fint incx)           \
    {                                                                                              \
        FNAME(P##scal)(&n, &alpha, x, &incx);                                                      \
    }
LEVEL1(s, float)
LEVEL1(d, double)

FACE float CNAME(cblas_sdsdot)(const fint n, const float alpha, const float *x, const fint incx,
                               const float *y, const fint incy)
{
    return FNAME(sdsdot)(&n, &alpha, x, &incx, y, &incy);
}

FACE double CNAME(cblas_dsdot)(const fint n, const float *x, const fint incx, const float *y,
                               const fint incy)
{
    return FNAME(dsdot)(&n, x, &incx, y, &incy);
}

/* ---- Level 2 ----------------------------------------------------------------------- */

#define LEVEL2(P, T)                                                                               \
    FACE void CNAME(cblas_##P##gemv)(                                                              \
        const int layout, const int trans, const fint m, const fint n, const T alpha, const T *a,  \
        const fint lda, const T *x, const fint incx, const T beta, T *y, const fint incy)          \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##gemv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char t = trans_letter(trans, rm);                                                          \
        if (!t)                                                                                    \
            return bad(2, ROUT(P##gemv), "TransA", trans);                                         \
        FNAME(P##gemv)                                                                             \
        (&t, rm ? &n : &m, rm ? &m : &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);           \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##gbmv)(const int layout, const int trans, const fint m,              \
                                     const fint n, const fint kl, const fint ku, const T alpha,    \
                                     const T *a, const fint lda, const T *x, const fint incx,      \
                                     const T beta, T *y, const fint incy)                          \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##gbmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char t = trans_letter(trans, rm);                                                          \
        if (!t)                                                                                    \
            return bad(2, ROUT(P##gbmv), "TransA", trans);                                         \
        FNAME(P##gbmv)                                                                             \
        (&t, rm ? &n : &m, rm ? &m : &n, rm ? &ku : &kl, rm ? &kl : &ku, &alpha, a, &lda, x,       \
         &incx, &beta, y, &incy, 1);                                                               \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##ger)(const int layout, const fint m, const fint n, const T alpha,   \
                                    const T *x, const fint incx, const T *y, const fint incy,      \
                                    T *a, const fint lda)                                          \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##ger));                                                  \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        if (rm)                                                                                    \
            FNAME(P##ger)(&n, &m, &alpha, y, &incy, x, &incx, a, &lda);                            \
        else                                                                                       \
            FNAME(P##ger)(&m, &n, &alpha, x, &incx, y, &incy, a, &lda);                            \
        cblas_end();                                                                               \
    }
LEVEL2(s, float)
LEVEL2(d, double)

/* The symmetric and packed ones: only UPLO flips for row-major. */
#define SYMMETRIC2(P, T)                                                                           \
    FACE void CNAME(cblas_##P##symv)(const int layout, const int uplo, const fint n,               \
                                     const T alpha, const T *a, const fint lda, const T *x,        \
                                     const fint incx, const T beta, T *y, const fint incy)         \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##symv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##symv), "Uplo", uplo);                                            \
        FNAME(P##symv)(&u, &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);                     \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##sbmv)(const int layout, const int uplo, const fint n, const fint k, \
                                     const T alpha, const T *a, const fint lda, const T *x,        \
                                     const fint incx, const T beta, T *y, const fint incy)         \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##sbmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##sbmv), "Uplo", uplo);                                            \
        FNAME(P##sbmv)(&u, &n, &k, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);                 \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##spmv)(const int layout, const int uplo, const fint n,               \
                                     const T alpha, const T *ap, const T *x, const fint incx,      \
                                     const T beta, T *y, const fint incy)                          \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##spmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##spmv), "Uplo", uplo);                                            \
        FNAME(P##spmv)(&u, &n, &alpha, ap, x, &incx, &beta, y, &incy, 1);                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syr)(const int layout, const int uplo, const fint n, const T alpha, \
                                    const T *x, const fint incx, T *a, const fint lda)             \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##syr));                                                  \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##syr), "Uplo", uplo);                                             \
        FNAME(P##syr)(&u, &n, &alpha, x, &incx, a, &lda, 1);                                       \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##spr)(const int layout, const int uplo, const fint n, const T alpha, \
                                    const T *x, const fint incx, T *ap)                            \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##spr));                                                  \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##spr), "Uplo", uplo);                                             \
        FNAME(P##spr)(&u, &n, &alpha, x, &incx, ap, 1);                                            \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syr2)(const int layout, const int uplo, const fint n,               \
                                     const T alpha, const T *x, const fint incx, const T *y,       \
                                     const fint incy, T *a, const fint lda)                        \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##syr2));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##syr2), "Uplo", uplo);                                            \
        FNAME(P##syr2)(&u, &n, &alpha, x, &incx, y, &incy, a, &lda, 1);                            \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##spr2)(const int layout, const int uplo, const fint n,               \
                                     const T alpha, const T *x, const fint incx, const T *y,       \
                                     const fint incy, T *ap)                                       \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##spr2));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##spr2), "Uplo", uplo);                                            \
        FNAME(P##spr2)(&u, &n, &alpha, x, &incx, y, &incy, ap, 1);                                 \
        cblas_end();                                                                               \
    }
SYMMETRIC2(s, float)
SYMMETRIC2(d, double)

#define TRIANGULAR2(P, T, op)                                                                      \
    FACE void CNAME(cblas_##P##tr##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const T *a, const fint lda,   \
                                       T *x, const fint incx)                                      \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        TRIANGULAR_OPTIONS(ROUT(P##tr##op));                                                       \
        FNAME(P##tr##op)(&u, &t, &d, &n, a, &lda, x, &incx, 1, 1, 1);                              \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##tb##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const fint k, const T *a,     \
                                       const fint lda, T *x, const fint incx)                      \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        TRIANGULAR_OPTIONS(ROUT(P##tb##op));                                                       \
        FNAME(P##tb##op)(&u, &t, &d, &n, &k, a, &lda, x, &incx, 1, 1, 1);                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##tp##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const T *ap, T *x,            \
                                       const fint incx)                                            \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        TRIANGULAR_OPTIONS(ROUT(P##tp##op));                                                       \
        FNAME(P##tp##op)(&u, &t, &d, &n, ap, x, &incx, 1, 1, 1);                                   \
        cblas_end();                                                                               \
    }
TRIANGULAR2(s, float, mv)
TRIANGULAR2(d, double, mv)
TRIANGULAR2(s, float, sv)
TRIANGULAR2(d, double, sv)

/* ---- Level 3 ------------------------------------------------------------------------- */

/* The complex GEMVs (exact).  Row-major A is the column-major A^T; its
 * conjugate transpose is conj(A^T), which no letter names: then
 * conj(y) := conj(alpha) A^T conj(x) + conj(beta) conj(y), exact as the
 * reference's CBLAS does it (conjugation is exact, rounding symmetric). */
#define COMPLEX_GEMV(P, T)                                                                         \
    FACE void CNAME(cblas_##P##gemv)(const int layout, const int trans, const fint m,              \
                                     const fint n, const void *alpha, const void *a,               \
                                     const fint lda, const void *x, const fint incx,               \
                                     const void *beta, void *y, const fint incy)                   \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##gemv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char t = trans_letter(trans, rm);                                                          \
        if (!t)                                                                                    \
            return bad(2, ROUT(P##gemv), "TransA", trans);                                         \
        const fint *rows = rm ? &n : &m, *cols = rm ? &m : &n;                                     \
        if (!(rm && trans == ConjTrans) || m <= 0 || n <= 0 ||                                     \
            complex_mv_quick(sizeof(T) == sizeof(float), alpha, beta)) {                           \
            FNAME(P##gemv)(&t, rows, cols, alpha, a, &lda, x, &incx, beta, y, &incy, 1);           \
            cblas_end();                                                                           \
            return;                                                                                \
        }                                                                                          \
        const T *al = alpha, *be = beta;                                                           \
        T ca[2] = {al[0], -al[1]}, cb[2] = {be[0], -be[1]};                                        \
        long lx = m, ly = n; /* row-major A^H x: x of m elements, y of n */                        \
        T *xc = malloc(sizeof(T) * 2 * (size_t)lx);                                                \
        if (!xc) {                                                                                 \
            cblas_end();                                                                           \
            return;                                                                                \
        }                                                                                          \
        const T *xv = x;                                                                           \
        T *yv = y;                                                                                 \
        long ax = incx < 0 ? -incx : incx, ay = incy < 0 ? -incy : incy;                           \
        for (long i = 0; i < lx; i++)                                                              \
            xc[2 * i] = xv[2 * i * ax], xc[2 * i + 1] = -xv[2 * i * ax + 1];                       \
        for (long i = 0; i < ly; i++)                                                              \
            yv[2 * i * ay + 1] = -yv[2 * i * ay + 1];                                              \
        fint sx = incx < 0 ? -1 : 1; /* xc in storage order */                                     \
        FNAME(P##gemv)(&t, rows, cols, ca, a, &lda, xc, &sx, cb, y, &incy, 1);                     \
        for (long i = 0; i < ly; i++) { /* back, a NaN the canonical one */                        \
            T v = -yv[2 * i * ay + 1];                                                             \
            yv[2 * i * ay + 1] = v != v ? (T)NAN : v;                                              \
        }                                                                                          \
        free(xc);                                                                                  \
        cblas_end();                                                                               \
    }
COMPLEX_GEMV(c, float)
COMPLEX_GEMV(z, double)

/* The complex GEMMs (exact, level3/zgemm.c): alpha and beta by address,
 * the same swap for row-major (the letters kept, as the reference's CBLAS). */
#define COMPLEX_GEMM(P, T)                                                                         \
    FACE void CNAME(cblas_##P##gemm)(const int layout, const int transa, const int transb,         \
                                     const fint m, const fint n, const fint k, const void *alpha,  \
                                     const void *a, const fint lda, const void *b, const fint ldb, \
                                     const void *beta, void *c, const fint ldc)                    \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##gemm));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char ta = trans_letter(transa, 0), tb = trans_letter(transb, 0);                           \
        if (!ta)                                                                                   \
            return bad(2, ROUT(P##gemm), "TransA", transa);                                        \
        if (!tb)                                                                                   \
            return bad(3, ROUT(P##gemm), "TransB", transb);                                        \
        if (rm)                                                                                    \
            FNAME(P##gemm)(&tb, &ta, &n, &m, &k, alpha, b, &ldb, a, &lda, beta, c, &ldc, 1, 1);    \
        else                                                                                       \
            FNAME(P##gemm)(&ta, &tb, &m, &n, &k, alpha, a, &lda, b, &ldb, beta, c, &ldc, 1, 1);    \
        cblas_end();                                                                               \
    }
COMPLEX_GEMM(c, float)
COMPLEX_GEMM(z, double)

#define LEVEL3(P, T)                                                                               \
    FACE void CNAME(cblas_##P##gemm)(const int layout, const int transa, const int transb,         \
                                     const fint m, const fint n, const fint k, const T alpha,      \
                                     const T *a, const fint lda, const T *b, const fint ldb,       \
                                     const T beta, T *c, const fint ldc)                           \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##gemm));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        /* row-major: C^T = op(B)^T op(A)^T, the operands swapped, not the letters */              \
        char ta = trans_letter(transa, 0), tb = trans_letter(transb, 0);                           \
        if (!ta)                                                                                   \
            return bad(2, ROUT(P##gemm), "TransA", transa);                                        \
        if (!tb)                                                                                   \
            return bad(3, ROUT(P##gemm), "TransB", transb);                                        \
        if (rm)                                                                                    \
            FNAME(P##gemm)(&tb, &ta, &n, &m, &k, &alpha, b, &ldb, a, &lda, &beta, c, &ldc, 1, 1);  \
        else                                                                                       \
            FNAME(P##gemm)(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);  \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##symm)(const int layout, const int side, const int uplo,             \
                                     const fint m, const fint n, const T alpha, const T *a,        \
                                     const fint lda, const T *b, const fint ldb, const T beta,     \
                                     T *c, const fint ldc)                                         \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##symm));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char s = side_letter(side, rm), u = uplo_letter(uplo, rm);                                 \
        if (!s)                                                                                    \
            return bad(2, ROUT(P##symm), "Side", side);                                            \
        if (!u)                                                                                    \
            return bad(3, ROUT(P##symm), "Uplo", uplo);                                            \
        FNAME(P##symm)                                                                             \
        (&s, &u, rm ? &n : &m, rm ? &m : &n, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);      \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syrk)(const int layout, const int uplo, const int trans,            \
                                     const fint n, const fint k, const T alpha, const T *a,        \
                                     const fint lda, const T beta, T *c, const fint ldc)           \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##syrk));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm), t = trans_letter(trans, rm);                               \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##syrk), "Uplo", uplo);                                            \
        if (!t)                                                                                    \
            return bad(3, ROUT(P##syrk), "Trans", trans);                                          \
        FNAME(P##syrk)(&u, &t, &n, &k, &alpha, a, &lda, &beta, c, &ldc, 1, 1);                     \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syr2k)(const int layout, const int uplo, const int trans,           \
                                      const fint n, const fint k, const T alpha, const T *a,       \
                                      const fint lda, const T *b, const fint ldb, const T beta,    \
                                      T *c, const fint ldc)                                        \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##syr2k));                                                \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm), t = trans_letter(trans, rm);                               \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##syr2k), "Uplo", uplo);                                           \
        if (!t)                                                                                    \
            return bad(3, ROUT(P##syr2k), "Trans", trans);                                         \
        FNAME(P##syr2k)(&u, &t, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);           \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##trmm)(const int layout, const int side, const int uplo,             \
                                     const int transa, const int diag, const fint m, const fint n, \
                                     const T alpha, const T *a, const fint lda, T *b,              \
                                     const fint ldb)                                               \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        TRIANGULAR3(P##trmm);                                                                      \
    }                                                                                              \
    FACE void CNAME(cblas_##P##trsm)(const int layout, const int side, const int uplo,             \
                                     const int transa, const int diag, const fint m, const fint n, \
                                     const T alpha, const T *a, const fint lda, T *b,              \
                                     const fint ldb)                                               \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        TRIANGULAR3(P##trsm);                                                                      \
    }
#define TRIANGULAR3(name)                                                                          \
    int rm = layout_of(layout, ROUT(name));                                                        \
    if (rm < 0)                                                                                    \
        return;                                                                                    \
    cblas_begin(rm);                                                                               \
    /* row-major: B^T := op(A)^T-side solve: SIDE and UPLO flip, TRANSA stays */                   \
    char s = side_letter(side, rm), u = uplo_letter(uplo, rm), t = trans_letter(transa, 0),        \
         d = diag_letter(diag);                                                                    \
    if (!s)                                                                                        \
        return bad(2, ROUT(name), "Side", side);                                                   \
    if (!u)                                                                                        \
        return bad(3, ROUT(name), "Uplo", uplo);                                                   \
    if (!t)                                                                                        \
        return bad(4, ROUT(name), "TransA", transa);                                               \
    if (!d)                                                                                        \
        return bad(5, ROUT(name), "Diag", diag);                                                   \
    FNAME(name)(&s, &u, &t, &d, rm ? &n : &m, rm ? &m : &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1); \
    cblas_end()
LEVEL3(s, float)
LEVEL3(d, double)

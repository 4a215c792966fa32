/*
 * cblas_complex.c -- the complex CBLAS routines of the drop-in libblas.so.3,
 * all exact: Level 1 on level1/complex.c and level1/zrotg.c directly;
 * Levels 2 and 3 through the exact Fortran routines (blas_complex.c), with
 * the reference CBLAS's option checks and row-major mapping (below).  The
 * complex GEMV and GEMM are in cblas_real.c.
 */
#include <complex.h>

#include "cblas_common.h"
#include "level1/level1.h"

#include <math.h>
#include <stdlib.h>

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
        EXB_FPENV_FORWARD;                                                                         \
        *(T _Complex *)dot = exb_##p##dotu_checked(n, x, incx, y, incy);                           \
    }                                                                                              \
    FACE void CNAME(cblas_##p##dotc_sub)(const fint n, const void *x, const fint incx,             \
                                         const void *y, const fint incy, void *dot)                \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        *(T _Complex *)dot = exb_##p##dotc_checked(n, x, incx, y, incy);                           \
    }                                                                                              \
    FACE size_t CNAME(cblas_i##p##amax)(const fint n, const void *x, const fint incx)              \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
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
    return exb_dcabs1_checked(z);
}

FACE float CNAME(cblas_scabs1)(const void *z)
{
    return exb_scabs1_checked(z);
}

/* ---- Levels 2 and 3, exact: the Fortran routines (blas_complex.c) --------------
 *
 * Row-major data are the column-major transposes.  Where the transposed
 * problem needs conj(A) without a transpose, which no letter names (a
 * conjugate transpose of a row-major A; a Hermitian one, whose transpose is
 * its conjugate), the conjugated problem is solved instead, as the
 * reference's CBLAS does: conj(y) := conj(alpha) A' conj(x) + conj(beta)
 * conj(y), with conjugated copies of the inputs and y conjugated in place
 * and back (every NaN then the canonical one).  Conjugation is exact and
 * the rounding symmetric, so the result is the exact one rounded once.  The
 * conjugated copies are made only for a call that computes (sizes and
 * increments legal); the others go to the Fortran routine as they are, for
 * its checks. */

/* A conjugated contiguous copy of n elements of x (increment inc), in
 * storage order (pass increment +-1 with inc's sign); NULL without memory. */
static void *conj_copy(int f32, long n, const void *x, long inc)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    long step = inc < 0 ? -inc : inc;
    char *c = malloc((size_t)(2 * (n > 0 ? n : 1)) * w);
    if (!c)
        return NULL;
    for (long i = 0; i < n; i++) {
        const char *src = (const char *)x + (size_t)(2 * i * step) * w;
        if (f32)
            ((float *)c)[2 * i] = ((const float *)src)[0],
                             ((float *)c)[2 * i + 1] = -((const float *)src)[1];
        else
            ((double *)c)[2 * i] = ((const double *)src)[0],
                              ((double *)c)[2 * i + 1] = -((const double *)src)[1];
    }
    return c;
}

/* y's n imaginary parts negated in place; canon: a NaN made the canonical one. */
static void conj_in_place(int f32, long n, void *y, long inc, int canon)
{
    long step = inc < 0 ? -inc : inc;
    for (long i = 0; i < n; i++) {
        long at = 2 * i * step + 1;
        if (f32) {
            float v = -((float *)y)[at];
            ((float *)y)[at] = canon && v != v ? (float)NAN : v;
        } else {
            double v = -((double *)y)[at];
            ((double *)y)[at] = canon && v != v ? NAN : v;
        }
    }
}

/* HERK and HER2K's TRANS letter: N and C (T illegal for row-major). */
static char herk_letter(int t, int row_major)
{
    if (t == NoTrans)
        return row_major ? 'C' : 'N';
    if (t == ConjTrans)
        return row_major ? 'N' : 'C';
    if (t == Trans && !row_major)
        return 'T'; /* the Fortran routine reports it */
    return 0;
}

#define ABS(v) ((v) < 0 ? -(v) : (v))
#define MAX1(v) ((v) > 1 ? (v) : 1)

/* conj(y) := conj(alpha) OP conj(x) + conj(beta) conj(y) around CALL, which
 * uses xc, sx, ca, cb and y (nx, ny elements). */
#define CONJUGATED(T, F32, nx, ny, CALL)                                                           \
    do {                                                                                           \
        const T *al_ = alpha, *be_ = beta;                                                         \
        T ca[2] = {al_[0], -al_[1]}, cb[2] = {be_[0], -be_[1]};                                    \
        T *xc = conj_copy(F32, nx, x, incx);                                                       \
        if (!xc) {                                                                                 \
            cblas_end();                                                                           \
            return;                                                                                \
        }                                                                                          \
        fint sx = incx < 0 ? -1 : 1;                                                               \
        conj_in_place(F32, ny, y, incy, 0);                                                        \
        CALL;                                                                                      \
        conj_in_place(F32, ny, y, incy, 1);                                                        \
        free(xc);                                                                                  \
    } while (0)

#define CBLAS_COMPLEX23(P, T, F32)                                                                 \
    FACE void CNAME(cblas_##P##gbmv)(                                                              \
        const int layout, const int trans, const fint m, const fint n, const fint kl,              \
        const fint ku, const void *alpha, const void *a, const fint lda, const void *x,            \
        const fint incx, const void *beta, void *y, const fint incy)                               \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##gbmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char t = trans_letter(trans, rm);                                                          \
        if (!t)                                                                                    \
            return bad(2, ROUT(P##gbmv), "TransA", trans);                                         \
        const fint *r = rm ? &n : &m, *c = rm ? &m : &n, *l = rm ? &ku : &kl, *u = rm ? &kl : &ku; \
        if (rm && trans == ConjTrans && m > 0 && n > 0 && kl >= 0 && ku >= 0 &&                    \
            lda >= kl + ku + 1 && incx != 0 && incy != 0 && !complex_mv_quick(F32, alpha, beta))   \
            CONJUGATED(T, F32, m, n,                                                               \
                       FNAME(P##gbmv)(&t, r, c, l, u, ca, a, &lda, xc, &sx, cb, y, &incy, 1));     \
        else                                                                                       \
            FNAME(P##gbmv)(&t, r, c, l, u, alpha, a, &lda, x, &incx, beta, y, &incy, 1);           \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##geru)(const int layout, const fint m, const fint n,                 \
                                     const void *alpha, const void *x, const fint incx,            \
                                     const void *y, const fint incy, void *a, const fint lda)      \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##geru));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        if (rm)                                                                                    \
            FNAME(P##geru)(&n, &m, alpha, y, &incy, x, &incx, a, &lda);                            \
        else                                                                                       \
            FNAME(P##geru)(&m, &n, alpha, x, &incx, y, &incy, a, &lda);                            \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##gerc)(const int layout, const fint m, const fint n,                 \
                                     const void *alpha, const void *x, const fint incx,            \
                                     const void *y, const fint incy, void *a, const fint lda)      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##gerc));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        if (!rm) {                                                                                 \
            FNAME(P##gerc)(&m, &n, alpha, x, &incx, y, &incy, a, &lda);                            \
        } else if (m > 0 && n > 0 && incx != 0 && incy != 0 && lda >= MAX1(n)) {                   \
            /* A^T := alpha conj(y) x^T + A^T */                                                   \
            T *yc = conj_copy(F32, n, y, incy);                                                    \
            fint sy = incy < 0 ? -1 : 1;                                                           \
            if (yc)                                                                                \
                FNAME(P##geru)(&n, &m, alpha, yc, &sy, x, &incx, a, &lda);                         \
            free(yc);                                                                              \
        } else {                                                                                   \
            FNAME(P##geru)(&n, &m, alpha, y, &incy, x, &incx, a, &lda);                            \
        }                                                                                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##hemv)(const int layout, const int uplo, const fint n,               \
                                     const void *alpha, const void *a, const fint lda,             \
                                     const void *x, const fint incx, const void *beta, void *y,    \
                                     const fint incy)                                              \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##hemv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##hemv), "Uplo", uplo);                                            \
        if (rm && n > 0 && lda >= MAX1(n) && incx != 0 && incy != 0 &&                             \
            !complex_mv_quick(F32, alpha, beta))                                                   \
            CONJUGATED(T, F32, n, n,                                                               \
                       FNAME(P##hemv)(&u, &n, ca, a, &lda, xc, &sx, cb, y, &incy, 1));             \
        else                                                                                       \
            FNAME(P##hemv)(&u, &n, alpha, a, &lda, x, &incx, beta, y, &incy, 1);                   \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##hbmv)(const int layout, const int uplo, const fint n, const fint k, \
                                     const void *alpha, const void *a, const fint lda,             \
                                     const void *x, const fint incx, const void *beta, void *y,    \
                                     const fint incy)                                              \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##hbmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##hbmv), "Uplo", uplo);                                            \
        if (rm && n > 0 && k >= 0 && lda >= k + 1 && incx != 0 && incy != 0 &&                     \
            !complex_mv_quick(F32, alpha, beta))                                                   \
            CONJUGATED(T, F32, n, n,                                                               \
                       FNAME(P##hbmv)(&u, &n, &k, ca, a, &lda, xc, &sx, cb, y, &incy, 1));         \
        else                                                                                       \
            FNAME(P##hbmv)(&u, &n, &k, alpha, a, &lda, x, &incx, beta, y, &incy, 1);               \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##hpmv)(const int layout, const int uplo, const fint n,               \
                                     const void *alpha, const void *ap, const void *x,             \
                                     const fint incx, const void *beta, void *y, const fint incy)  \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##hpmv));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##hpmv), "Uplo", uplo);                                            \
        if (rm && n > 0 && incx != 0 && incy != 0 && !complex_mv_quick(F32, alpha, beta))          \
            CONJUGATED(T, F32, n, n, FNAME(P##hpmv)(&u, &n, ca, ap, xc, &sx, cb, y, &incy, 1));    \
        else                                                                                       \
            FNAME(P##hpmv)(&u, &n, alpha, ap, x, &incx, beta, y, &incy, 1);                        \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##her)(const int layout, const int uplo, const fint n, const T alpha, \
                                    const void *x, const fint incx, void *a, const fint lda)       \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##her));                                                  \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##her), "Uplo", uplo);                                             \
        if (rm && n > 0 && incx != 0 && lda >= MAX1(n)) { /* A^T := alpha conj(x) conj(x)^H */     \
            T *xc = conj_copy(F32, n, x, incx);                                                    \
            fint sx = incx < 0 ? -1 : 1;                                                           \
            if (xc)                                                                                \
                FNAME(P##her)(&u, &n, &alpha, xc, &sx, a, &lda, 1);                                \
            free(xc);                                                                              \
        } else {                                                                                   \
            FNAME(P##her)(&u, &n, &alpha, x, &incx, a, &lda, 1);                                   \
        }                                                                                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##hpr)(const int layout, const int uplo, const fint n, const T alpha, \
                                    const void *x, const fint incx, void *ap)                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##hpr));                                                  \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##hpr), "Uplo", uplo);                                             \
        if (rm && n > 0 && incx != 0) {                                                            \
            T *xc = conj_copy(F32, n, x, incx);                                                    \
            fint sx = incx < 0 ? -1 : 1;                                                           \
            if (xc)                                                                                \
                FNAME(P##hpr)(&u, &n, &alpha, xc, &sx, ap, 1);                                     \
            free(xc);                                                                              \
        } else {                                                                                   \
            FNAME(P##hpr)(&u, &n, &alpha, x, &incx, ap, 1);                                        \
        }                                                                                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##her2)(const int layout, const int uplo, const fint n,               \
                                     const void *alpha, const void *x, const fint incx,            \
                                     const void *y, const fint incy, void *a, const fint lda)      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##her2));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##her2), "Uplo", uplo);                                            \
        if (rm && n > 0 && incx != 0 && incy != 0 && lda >= MAX1(n)) {                             \
            /* A^T := alpha conj(y) conj(x)^H + conj(alpha) conj(x) conj(y)^H + A^T */             \
            T *xc = conj_copy(F32, n, x, incx), *yc = conj_copy(F32, n, y, incy);                  \
            fint sx = incx < 0 ? -1 : 1, sy = incy < 0 ? -1 : 1;                                   \
            if (xc && yc)                                                                          \
                FNAME(P##her2)(&u, &n, alpha, yc, &sy, xc, &sx, a, &lda, 1);                       \
            free(xc);                                                                              \
            free(yc);                                                                              \
        } else if (rm) { /* the reference's order, for its error mapping */                        \
            FNAME(P##her2)(&u, &n, alpha, y, &incy, x, &incx, a, &lda, 1);                         \
        } else {                                                                                   \
            FNAME(P##her2)(&u, &n, alpha, x, &incx, y, &incy, a, &lda, 1);                         \
        }                                                                                          \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##hpr2)(const int layout, const int uplo, const fint n,               \
                                     const void *alpha, const void *x, const fint incx,            \
                                     const void *y, const fint incy, void *ap)                     \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##hpr2));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm);                                                            \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##hpr2), "Uplo", uplo);                                            \
        if (rm && n > 0 && incx != 0 && incy != 0) {                                               \
            T *xc = conj_copy(F32, n, x, incx), *yc = conj_copy(F32, n, y, incy);                  \
            fint sx = incx < 0 ? -1 : 1, sy = incy < 0 ? -1 : 1;                                   \
            if (xc && yc)                                                                          \
                FNAME(P##hpr2)(&u, &n, alpha, yc, &sy, xc, &sx, ap, 1);                            \
            free(xc);                                                                              \
            free(yc);                                                                              \
        } else if (rm) {                                                                           \
            FNAME(P##hpr2)(&u, &n, alpha, y, &incy, x, &incx, ap, 1);                              \
        } else {                                                                                   \
            FNAME(P##hpr2)(&u, &n, alpha, x, &incx, y, &incy, ap, 1);                              \
        }                                                                                          \
        cblas_end();                                                                               \
    }                                                                                              \
    CBLAS_COMPLEX_TRIANGULAR(P, T, F32, mv)                                                        \
    CBLAS_COMPLEX_TRIANGULAR(P, T, F32, sv)                                                        \
    CBLAS_COMPLEX_LEVEL3(P, T)

/* TRMV/TRSV, TBMV/TBSV, TPMV/TPSV: UPLO flips for row-major and TRANS N <->
 * T; a row-major conjugate transpose is conj(A'): x conjugated around 'N'. */
#define CBLAS_TRI_CALL(P, T, F32, name, ok, ...)                                                   \
    TRIANGULAR_OPTIONS(ROUT(P##name));                                                             \
    if (rm && trans == ConjTrans && (ok) && incx != 0) {                                           \
        char nt = 'N';                                                                             \
        conj_in_place(F32, n, x, incx, 0);                                                         \
        FNAME(P##name)(&u, &nt, &d, __VA_ARGS__, 1, 1, 1);                                         \
        conj_in_place(F32, n, x, incx, 1);                                                         \
    } else {                                                                                       \
        FNAME(P##name)(&u, &t, &d, __VA_ARGS__, 1, 1, 1);                                          \
    }                                                                                              \
    cblas_end()
#define CBLAS_COMPLEX_TRIANGULAR(P, T, F32, op)                                                    \
    FACE void CNAME(cblas_##P##tr##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const void *a,                \
                                       const fint lda, void *x, const fint incx)                   \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        CBLAS_TRI_CALL(P, T, F32, tr##op, n > 0 && lda >= MAX1(n), &n, a, &lda, x, &incx);         \
    }                                                                                              \
    FACE void CNAME(cblas_##P##tb##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const fint k, const void *a,  \
                                       const fint lda, void *x, const fint incx)                   \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        CBLAS_TRI_CALL(P, T, F32, tb##op, n > 0 && k >= 0 && lda >= k + 1, &n, &k, a, &lda, x,     \
                       &incx);                                                                     \
    }                                                                                              \
    FACE void CNAME(cblas_##P##tp##op)(const int layout, const int uplo, const int trans,          \
                                       const int diag, const fint n, const void *ap, void *x,      \
                                       const fint incx)                                            \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        CBLAS_TRI_CALL(P, T, F32, tp##op, n > 0, &n, ap, x, &incx);                                \
    }

/* Level 3: C^T for row-major; HEMM/SYMM swap SIDE, UPLO and m, n (A^T is
 * Hermitian or symmetric as A); HERK/HER2K swap N and C (conj(alpha) for
 * HER2K), SYRK/SYR2K N and T; TRMM/TRSM swap SIDE and UPLO, TRANSA kept. */
#define CBLAS_COMPLEX_LEVEL3(P, T)                                                                 \
    FACE void CNAME(cblas_##P##hemm)(const int layout, const int side, const int uplo,             \
                                     const fint m, const fint n, const void *alpha, const void *a, \
                                     const fint lda, const void *b, const fint ldb,                \
                                     const void *beta, void *c, const fint ldc)                    \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        CBLAS_SYMM(P##hemm);                                                                       \
    }                                                                                              \
    FACE void CNAME(cblas_##P##symm)(const int layout, const int side, const int uplo,             \
                                     const fint m, const fint n, const void *alpha, const void *a, \
                                     const fint lda, const void *b, const fint ldb,                \
                                     const void *beta, void *c, const fint ldc)                    \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        CBLAS_SYMM(P##symm);                                                                       \
    }                                                                                              \
    FACE void CNAME(cblas_##P##herk)(const int layout, const int uplo, const int trans,            \
                                     const fint n, const fint k, const T alpha, const void *a,     \
                                     const fint lda, const T beta, void *c, const fint ldc)        \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        int rm = layout_of(layout, ROUT(P##herk));                                                 \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm), t = herk_letter(trans, rm);                                \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##herk), "Uplo", uplo);                                            \
        if (!t)                                                                                    \
            return bad(3, ROUT(P##herk), "Trans", trans);                                          \
        FNAME(P##herk)(&u, &t, &n, &k, &alpha, a, &lda, &beta, c, &ldc, 1, 1);                     \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syrk)(const int layout, const int uplo, const int trans,            \
                                     const fint n, const fint k, const void *alpha, const void *a, \
                                     const fint lda, const void *beta, void *c, const fint ldc)    \
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
        FNAME(P##syrk)(&u, &t, &n, &k, alpha, a, &lda, beta, c, &ldc, 1, 1);                       \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##her2k)(const int layout, const int uplo, const int trans,           \
                                      const fint n, const fint k, const void *alpha,               \
                                      const void *a, const fint lda, const void *b,                \
                                      const fint ldb, const T beta, void *c, const fint ldc)       \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        int rm = layout_of(layout, ROUT(P##her2k));                                                \
        if (rm < 0)                                                                                \
            return;                                                                                \
        cblas_begin(rm);                                                                           \
        char u = uplo_letter(uplo, rm), t = herk_letter(trans, rm);                                \
        if (!u)                                                                                    \
            return bad(2, ROUT(P##her2k), "Uplo", uplo);                                           \
        if (!t)                                                                                    \
            return bad(3, ROUT(P##her2k), "Trans", trans);                                         \
        const T *al = alpha;                                                                       \
        T ca[2] = {al[0], rm ? -al[1] : al[1]};                                                    \
        FNAME(P##her2k)(&u, &t, &n, &k, ca, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);               \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##syr2k)(const int layout, const int uplo, const int trans,           \
                                      const fint n, const fint k, const void *alpha,               \
                                      const void *a, const fint lda, const void *b,                \
                                      const fint ldb, const void *beta, void *c, const fint ldc)   \
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
        FNAME(P##syr2k)(&u, &t, &n, &k, alpha, a, &lda, b, &ldb, beta, c, &ldc, 1, 1);             \
        cblas_end();                                                                               \
    }                                                                                              \
    FACE void CNAME(cblas_##P##trmm)(const int layout, const int side, const int uplo,             \
                                     const int transa, const int diag, const fint m, const fint n, \
                                     const void *alpha, const void *a, const fint lda, void *b,    \
                                     const fint ldb)                                               \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        CBLAS_TRXM(P##trmm);                                                                       \
    }                                                                                              \
    FACE void CNAME(cblas_##P##trsm)(const int layout, const int side, const int uplo,             \
                                     const int transa, const int diag, const fint m, const fint n, \
                                     const void *alpha, const void *a, const fint lda, void *b,    \
                                     const fint ldb)                                               \
    {                                                                                              \
        EXB_FPENV_FORWARD;                                                                         \
        CBLAS_TRXM(P##trsm);                                                                       \
    }
#define CBLAS_SYMM(name)                                                                           \
    int rm = layout_of(layout, ROUT(name));                                                        \
    if (rm < 0)                                                                                    \
        return;                                                                                    \
    cblas_begin(rm);                                                                               \
    char s = side_letter(side, rm), u = uplo_letter(uplo, rm);                                     \
    if (!s)                                                                                        \
        return bad(2, ROUT(name), "Side", side);                                                   \
    if (!u)                                                                                        \
        return bad(3, ROUT(name), "Uplo", uplo);                                                   \
    FNAME(name)(&s, &u, rm ? &n : &m, rm ? &m : &n, alpha, a, &lda, b, &ldb, beta, c, &ldc, 1, 1); \
    cblas_end()
#define CBLAS_TRXM(name)                                                                           \
    int rm = layout_of(layout, ROUT(name));                                                        \
    if (rm < 0)                                                                                    \
        return;                                                                                    \
    cblas_begin(rm);                                                                               \
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
    FNAME(name)(&s, &u, &t, &d, rm ? &n : &m, rm ? &m : &n, alpha, a, &lda, b, &ldb, 1, 1, 1, 1);  \
    cblas_end()

CBLAS_COMPLEX23(c, float, 1)
CBLAS_COMPLEX23(z, double, 0)

FACE void CNAME(cblas_zrotg)(void *a, void *b, double *c, void *s)
{
    exb_zrotg_checked(a, b, c, s);
}

FACE void CNAME(cblas_crotg)(void *a, void *b, float *c, void *s)
{
    exb_crotg_checked(a, b, c, s);
}

/*
 * rot.c -- the plane rotations xROT, xROTM, xROTG, xROTMG (level1.h has
 * the rules).  A rotated element is one exact two-term expression a b + c d
 * rounded once: in binary64 through the floating-point filter (TwoProducts
 * and TwoSums with a rigorous bound, core/filter.h) or, where its bound
 * cannot decide, a long accumulator; in binary32 the two products are exact
 * in binary64 and one TwoSum gives the exact sum as RN64 plus its error,
 * whose sign settles a binary32 midpoint.
 */
#include "level1.h"
#include "unit.h"

#include <math.h>

#include "core/exb_core.h"
#include "core/f32.h"
#include "core/filter.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/blasvec.h"
#include "support/path.h"

/* RN(a b + c d), exact and rounded once; an exact zero -0 when both
 * products are -0; with an infinite or NaN operand, IEEE's value (a NaN the
 * canonical one). */
static double rn2(double a, double b, double c, double d)
{
    int pf = isfinite(a) && isfinite(b), qf = isfinite(c) && isfinite(d);
    if (!pf || !qf) /* a finite product is finite as a real, even if a*b overflows */
        return exb_canonical_nan(pf ? c * d : qf ? a * b : a * b + c * d);
    double h = 0.0, lo = 0.0, ce = 0.0, r;
    exb_filter_add(&h, &lo, &ce, a, b);
    exb_filter_add(&h, &lo, &ce, c, d);
    if (exb_filter_round(h, lo, exb_filter_bound(3.0, ce), &r))
        return r;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, a, b);
    exb_superacc_add_product(&acc, c, d);
    if (exb_superacc_is_zero(&acc) && exb_product_is_negzero(a, b) && exb_product_is_negzero(c, d))
        exb_superacc_set_negative_zero(&acc);
    return exb_superacc_round(&acc);
}

/* The sign of the TwoSum error t (the exact sum minus its RN64). */
static int err_sign(void *ctx, double d)
{
    (void)d;
    double t = *(const double *)ctx;
    return (t > 0) - (t < 0);
}

/* RN32(a b + c d) for binary32 operands: p = a b and q = c d exact, p + q =
 * s + t exactly (TwoSum), s = RN64; IEEE's zero sign and specials. */
static float rn2f(float a, float b, float c, float d)
{
    double p = (double)a * b, q = (double)c * d, s = p + q;
    if (!isfinite(s))
        return (float)exb_canonical_nan(s);
    double bb = s - p, t = (p - (s - bb)) + (q - bb);
    return exb_f32_round(s, err_sign, &t);
}

/* ---- xROT, xROTM -------------------------------------------------------------- */

/* The rotation of param by H: x' = h11 x + h12 y, y' = h21 x + h22 y, with
 * the reference's flags (drotm.f): -2 nothing, -1 H as given, 0 unit
 * diagonal, anything else (1, and a NaN flag, as the reference's tests
 * fall through) h12 = 1, h21 = -1. */
/* x_i := RN(a1 x_i + b1 y_i), y_i := RN(a2 x_i + b2 y_i) from the old
 * values, unit increments: blocks through the vectorized filter
 * (unit.c), the elements it leaves through rn2. */
static void rotate_unit(long n, double *x, double *y, double a1, double b1, double a2, double b2)
{
    double nx[256], ny[256];
    unsigned char okx[256], oky[256];
    for (long i0 = 0; i0 < n; i0 += 256) {
        long len = n - i0 < 256 ? n - i0 : 256;
        exb_unit_rn2(len, a1, x + i0, b1, y + i0, nx, okx);
        exb_unit_rn2(len, a2, x + i0, b2, y + i0, ny, oky);
        for (long i = 0; i < len; i++) {
            double xi = x[i0 + i], yi = y[i0 + i];
            x[i0 + i] = okx[i] ? nx[i] : rn2(a1, xi, b1, yi);
            y[i0 + i] = oky[i] ? ny[i] : rn2(a2, xi, b2, yi);
        }
    }
}

#define ROTATIONS(P, T, RN)                                                                        \
    EXB_ENTRY_VOID(exb_##P##rot_checked, (long n, T *x, long incx, T *y, long incy, T c, T s),     \
                   (n, x, incx, y, incy, c, s))                                                    \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n <= 0)                                                                                \
            return;                                                                                \
        T *x0 = EXB_FIRST(x, n, incx), *y0 = EXB_FIRST(y, n, incy);                                \
        if (incx == 1 && incy == 1 && UNIT_##P(n, x0, y0, c, s, -s, c))                            \
            n = 0; /* done by the vectorized filter */                                             \
        for (long i = 0; i < n; i++) {                                                             \
            T xi = x0[i * incx], yi = y0[i * incy];                                                \
            x0[i * incx] = RN(c, xi, s, yi);                                                       \
            y0[i * incy] = RN(c, yi, -s, xi);                                                      \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
    }                                                                                              \
    EXB_ENTRY_VOID(exb_##P##rotm_checked,                                                          \
                   (long n, T *x, long incx, T *y, long incy, const T *param),                     \
                   (n, x, incx, y, incy, param))                                                   \
    {                                                                                              \
        exb_path_begin();                                                                          \
        T flag = param[0];                                                                         \
        if (n <= 0 || flag + 2 == 0)                                                               \
            return;                                                                                \
        T h11, h12, h21, h22;                                                                      \
        if (flag < 0) {                                                                            \
            h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];                        \
        } else if (flag == 0) {                                                                    \
            h11 = 1, h21 = param[2], h12 = param[3], h22 = 1;                                      \
        } else {                                                                                   \
            h11 = param[1], h21 = -1, h12 = 1, h22 = param[4];                                     \
        }                                                                                          \
        T *x0 = EXB_FIRST(x, n, incx), *y0 = EXB_FIRST(y, n, incy);                                \
        if (incx == 1 && incy == 1 && UNIT_##P(n, x0, y0, h11, h12, h21, h22))                     \
            n = 0;                                                                                 \
        for (long i = 0; i < n; i++) {                                                             \
            T w = x0[i * incx], z = y0[i * incy];                                                  \
            x0[i * incx] = RN(w, h11, z, h12);                                                     \
            y0[i * incy] = RN(w, h21, z, h22);                                                     \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
    }
/* Unit increments in binary64 go through rotate_unit; binary32 rotations
 * are one TwoSum each already. */
#define UNIT_d(n, x, y, a1, b1, a2, b2) (rotate_unit(n, x, y, a1, b1, a2, b2), 1)
#define UNIT_s(n, x, y, a1, b1, a2, b2) 0
ROTATIONS(s, float, rn2f)
ROTATIONS(d, double, rn2)

/* ---- xROTG ------------------------------------------------------------------------ */

/* Every NaN output the canonical quiet NaN (doc/CONTRACT.md), whatever
 * sign or payload the arithmetic or an input gave it. */
#define CANON(T, v) ((v) == (v) ? (v) : (T)NAN)

/* RN(sqrt(a^2 + b^2)), the sum of squares exact (a long accumulator), the
 * root rounded once; finite a, b. */
static double hypot_rn(double a, double b)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, a, a);
    exb_superacc_add_product(&acc, b, b);
    return exb_superacc_round_sqrt(&acc);
}

/* The binary32 twin: a^2 + b^2 exact in binary64 arithmetic's long
 * accumulator, RN32 of its root through RN64 and the midpoint test. */
static float hypot_rnf(float a, float b)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, a, a);
    exb_superacc_add_product(&acc, b, b);
    return exb_f32_round(exb_superacc_round_sqrt(&acc), exb_superacc_sqrt_sign_above, &acc);
}

/* drotg.f90 of LAPACK 3.11 with r correctly rounded; with an infinite or
 * NaN input, the reference's own arithmetic (its safmin/safmax scaling). */
#define ROTG(P, T, HYPOT, SAFMIN, SAFMAX, SQRT)                                                    \
    EXB_ENTRY_VOID(exb_##P##rotg_checked, (T * a, T * b, T * c, T * s), (a, b, c, s))              \
    {                                                                                              \
        exb_path_begin();                                                                          \
        T anorm = (T)fabs(*a), bnorm = (T)fabs(*b);                                                \
        if (bnorm == 0) {                                                                          \
            *c = 1;                                                                                \
            *s = 0;                                                                                \
            *b = 0;                                                                                \
        } else if (anorm == 0) {                                                                   \
            *c = 0;                                                                                \
            *s = 1;                                                                                \
            *a = *b;                                                                               \
            *b = 1;                                                                                \
        } else {                                                                                   \
            T sigma = anorm > bnorm ? (T)copysign(1.0, *a) : (T)copysign(1.0, *b), r;              \
            if (isfinite(*a) && isfinite(*b)) {                                                    \
                r = sigma * HYPOT(*a, *b);                                                         \
            } else {                                                                               \
                T big = anorm > bnorm ? anorm : bnorm;                                             \
                T scl = big > SAFMIN ? big : SAFMIN;                                               \
                scl = scl < SAFMAX ? scl : SAFMAX;                                                 \
                T as = *a / scl, bs = *b / scl;                                                    \
                r = sigma * (scl * SQRT(as * as + bs * bs));                                       \
            }                                                                                      \
            *c = *a / r;                                                                           \
            *s = *b / r;                                                                           \
            T z = anorm > bnorm ? *s : *c != 0 ? 1 / *c : 1;                                       \
            *a = r;                                                                                \
            *b = z;                                                                                \
        }                                                                                          \
        *a = CANON(T, *a), *b = CANON(T, *b), *c = CANON(T, *c), *s = CANON(T, *s);                \
    }
ROTG(s, float, hypot_rnf, 0x1p-126f, 0x1p126f, sqrtf)
ROTG(d, double, hypot_rn, 0x1p-1022, 0x1p1022, sqrt)

/* ---- xROTMG ----------------------------------------------------------------------- */

/* drotmg.f / srotmg.f, operation for operation (the reference's constants:
 * GAM = 4096, GAMSQ and RGAMSQ as its DATA statements spell them), except
 * that the rescaling loops stop once d1 or d2 is not finite (the
 * reference's would never end). */
#define ROTMG(P, T, GAMSQ, RGAMSQ)                                                                 \
    EXB_ENTRY_VOID(exb_##P##rotmg_checked, (T * dd1, T * dd2, T * dx1, T dy1, T * param),          \
                   (dd1, dd2, dx1, dy1, param))                                                    \
    {                                                                                              \
        exb_path_begin();                                                                          \
        const T gam = 4096, gamsq = GAMSQ, rgamsq = RGAMSQ;                                        \
        T flag, h11 = 0, h12 = 0, h21 = 0, h22 = 0;                                                \
        if (*dd1 < 0) {                                                                            \
            flag = -1;                                                                             \
            *dd1 = 0, *dd2 = 0, *dx1 = 0;                                                          \
        } else {                                                                                   \
            T p2 = *dd2 * dy1;                                                                     \
            if (p2 == 0) {                                                                         \
                param[0] = -2;                                                                     \
                return;                                                                            \
            }                                                                                      \
            T p1 = *dd1 * *dx1, q2 = p2 * dy1, q1 = p1 * *dx1;                                     \
            if (fabs(q1) > fabs(q2)) {                                                             \
                h21 = -dy1 / *dx1;                                                                 \
                h12 = p2 / p1;                                                                     \
                T u = 1 - h12 * h21;                                                               \
                if (u > 0) {                                                                       \
                    flag = 0;                                                                      \
                    *dd1 = *dd1 / u, *dd2 = *dd2 / u, *dx1 = *dx1 * u;                             \
                } else {                                                                           \
                    flag = -1;                                                                     \
                    h11 = h12 = h21 = h22 = 0;                                                     \
                    *dd1 = 0, *dd2 = 0, *dx1 = 0;                                                  \
                }                                                                                  \
            } else if (q2 < 0) {                                                                   \
                flag = -1;                                                                         \
                h11 = h12 = h21 = h22 = 0;                                                         \
                *dd1 = 0, *dd2 = 0, *dx1 = 0;                                                      \
            } else {                                                                               \
                flag = 1;                                                                          \
                h11 = p1 / p2;                                                                     \
                h22 = *dx1 / dy1;                                                                  \
                T u = 1 + h11 * h22, temp = *dd2 / u;                                              \
                *dd2 = *dd1 / u;                                                                   \
                *dd1 = temp;                                                                       \
                *dx1 = dy1 * u;                                                                    \
            }                                                                                      \
            if (*dd1 != 0)                                                                         \
                while ((*dd1 <= rgamsq || *dd1 >= gamsq) && isfinite(*dd1)) {                      \
                    if (flag == 0) {                                                               \
                        h11 = 1, h22 = 1;                                                          \
                    } else {                                                                       \
                        h21 = -1, h12 = 1;                                                         \
                    }                                                                              \
                    flag = -1;                                                                     \
                    if (*dd1 <= rgamsq) {                                                          \
                        *dd1 = *dd1 * (gam * gam);                                                 \
                        *dx1 = *dx1 / gam, h11 = h11 / gam, h12 = h12 / gam;                       \
                    } else {                                                                       \
                        *dd1 = *dd1 / (gam * gam);                                                 \
                        *dx1 = *dx1 * gam, h11 = h11 * gam, h12 = h12 * gam;                       \
                    }                                                                              \
                }                                                                                  \
            if (*dd2 != 0)                                                                         \
                while ((fabs(*dd2) <= rgamsq || fabs(*dd2) >= gamsq) && isfinite(*dd2)) {          \
                    if (flag == 0) {                                                               \
                        h11 = 1, h22 = 1;                                                          \
                    } else {                                                                       \
                        h21 = -1, h12 = 1;                                                         \
                    }                                                                              \
                    flag = -1;                                                                     \
                    if (fabs(*dd2) <= rgamsq) {                                                    \
                        *dd2 = *dd2 * (gam * gam);                                                 \
                        h21 = h21 / gam, h22 = h22 / gam;                                          \
                    } else {                                                                       \
                        *dd2 = *dd2 / (gam * gam);                                                 \
                        h21 = h21 * gam, h22 = h22 * gam;                                          \
                    }                                                                              \
                }                                                                                  \
        }                                                                                          \
        h11 = CANON(T, h11), h12 = CANON(T, h12), h21 = CANON(T, h21), h22 = CANON(T, h22);        \
        if (flag < 0) {                                                                            \
            param[1] = h11, param[2] = h21, param[3] = h12, param[4] = h22;                        \
        } else if (flag == 0) {                                                                    \
            param[2] = h21, param[3] = h12;                                                        \
        } else {                                                                                   \
            param[1] = h11, param[4] = h22;                                                        \
        }                                                                                          \
        param[0] = flag;                                                                           \
        *dd1 = CANON(T, *dd1), *dd2 = CANON(T, *dd2), *dx1 = CANON(T, *dx1);                       \
    }
ROTMG(s, float, 1.67772E7f, 5.96046E-8f)
ROTMG(d, double, 16777216.0, 5.9604645E-8)

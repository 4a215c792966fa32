/*
 * vector.c -- the Level 1 routines that move or pick elements (xCOPY,
 * xSWAP, IxAMAX: bitwise, no arithmetic) and the binary32 SAXPY and SSCAL
 * (level1.h has the rules).
 */
#include "level1.h"
#include "unit.h"

#include <math.h>
#include <string.h>

#include "core/exb_core.h"
#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "support/blasvec.h"
#include "support/path.h"

/* Element moves are memcpy of the bits: a NaN's payload stays as it was
 * (an assignment through the FPU could quiet a signalling NaN). */
#define MOVES(P, T)                                                                                \
    EXB_ENTRY_VOID(exb_##P##copy_checked, (long n, const T *x, long incx, T *y, long incy),        \
                   (n, x, incx, y, incy))                                                          \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n <= 0)                                                                                \
            return;                                                                                \
        const T *x0 = EXB_FIRST(x, n, incx);                                                       \
        T *y0 = EXB_FIRST(y, n, incy);                                                             \
        if (incx == 1 && incy == 1 && (y0 + n <= x0 || x0 + n <= y0)) {                            \
            memcpy(y0, x0, (size_t)n * sizeof(T));                                                 \
        } else { /* the reference's forward loop, overlaps included */                             \
            for (long i = 0; i < n; i++)                                                           \
                memcpy(&y0[i * incy], &x0[i * incx], sizeof(T));                                   \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
    }                                                                                              \
    EXB_ENTRY_VOID(exb_##P##swap_checked, (long n, T *x, long incx, T *y, long incy),              \
                   (n, x, incx, y, incy))                                                          \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n <= 0)                                                                                \
            return;                                                                                \
        T *x0 = EXB_FIRST(x, n, incx), *y0 = EXB_FIRST(y, n, incy);                                \
        for (long i = 0; i < n; i++) {                                                             \
            T t;                                                                                   \
            memcpy(&t, &x0[i * incx], sizeof t);                                                   \
            memcpy(&x0[i * incx], &y0[i * incy], sizeof t);                                        \
            memcpy(&y0[i * incy], &t, sizeof t);                                                   \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
    }                                                                                              \
    /* the reference's scan: "greater" is false for a NaN */                                       \
    EXB_ENTRY(long, exb_i##P##amax_checked, (long n, const T *x, long incx), (n, x, incx))         \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n < 1 || incx <= 0)                                                                    \
            return 0;                                                                              \
        if (incx == 1 && x[0] == x[0]) { /* no NaN first: unit.c's two passes */                   \
            exb_path_add(EXACTBLAS_PATH_HOST);                                                     \
            return exb_unit_i##P##amax(n, x) + 1;                                                  \
        }                                                                                          \
        long best = 0;                                                                             \
        T big = fabs##P##_(x[0]);                                                                  \
        for (long i = 1; i < n; i++) {                                                             \
            T v = fabs##P##_(x[i * incx]);                                                         \
            if (v > big) {                                                                         \
                best = i;                                                                          \
                big = v;                                                                           \
            }                                                                                      \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
        return best + 1;                                                                           \
    }
#define fabss_ fabsf
#define fabsd_ fabs
MOVES(s, float)
MOVES(d, double)

/* ---- SAXPY, SSCAL ---------------------------------------------------------------- */

/* The exact a x + y (a x exact in binary64) against its RN64 z. */
typedef struct axpy_ctx {
    double p, y;
} axpy_ctx;

static int axpy_sign(void *ctx, double z)
{
    const axpy_ctx *c = ctx;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_double(&acc, c->p);
    exb_superacc_add_double(&acc, c->y);
    return exb_superacc_affine_sign(&acc, 1.0, 0.0, 0.0, z);
}

/* y_i := RN32(a x_i + y_i), one element at a time: RN64 (a x exact), then
 * RN32 with a midpoint re-decided exactly. */
static void saxpy_careful(long n, float a, const float *x, long incx, float *y, long incy)
{
    for (long i = 0; i < n; i++) {
        double p = (double)a * x[i * incx], yi = y[i * incy];
        double z = p + yi; /* RN64(a x + y) */
        axpy_ctx c = {p, yi};
        y[i * incy] = isfinite(z) ? exb_f32_round(z, axpy_sign, &c) : (float)exb_canonical_nan(z);
    }
}

EXB_ENTRY_VOID(exb_saxpy_checked, (long n, float a, const float *x, long incx, float *y, long incy),
               (n, a, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0 || a == 0.0f)
        return;
    const float *x0 = EXB_FIRST(x, n, incx);
    float *y0 = EXB_FIRST(y, n, incy);
    if (incx == 1 && incy == 1) { /* blocks rounded by plain conversions where they can be */
        for (long i0 = 0; i0 < n; i0 += 512) {
            long len = n - i0 < 512 ? n - i0 : 512;
            if (exb_unit_saxpy(len, a, x0 + i0, y0 + i0))
                saxpy_careful(len, a, x0 + i0, 1, y0 + i0, 1);
        }
    } else {
        saxpy_careful(n, a, x0, incx, y0, incy);
    }
    exb_path_add(EXACTBLAS_PATH_HOST);
}

EXB_ENTRY_VOID(exb_sscal_checked, (long n, float a, float *x, long incx), (n, a, x, incx))
{
    exb_path_begin();
    if (n <= 0 || incx <= 0 || a == 1.0f) /* the reference's quick return */
        return;
    if (incx == 1)
        exb_unit_sscal(n, a, x);
    else
        for (long i = 0; i < n; i++) /* a x exact in binary64: one rounding to binary32 */
            x[i * incx] = (float)exb_canonical_nan((double)a * x[i * incx]);
    exb_path_add(EXACTBLAS_PATH_HOST);
}

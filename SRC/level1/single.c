/*
 * single.c -- the binary32 reductions SDOT, DSDOT, SDSDOT, SASUM, SNRM2
 * (level1.h has the rules).  Binary32 data and their products are exact in
 * binary64.  SDOT and DSDOT copy x and y into binary64 and take EXDDOT's
 * engines (its floating-point filter where it decides), which give RN64 of
 * the exact sum; SNRM2 up to 1024 elements takes DNRM2's filter.  Otherwise
 * (and where those cannot decide) the data are copied a chunk at a time,
 * summed exactly into a long accumulator, and the exact result rounded
 * once.  To binary32 through RN64, except where RN64 lands on a binary32
 * midpoint: there the accumulator's exact comparison decides (core/f32.h).
 */
#include "level1.h"

#include <math.h>
#include <stdlib.h>

#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "reduce.h"
#include "routines.h"
#include "support/blasvec.h"
#include "support/path.h"

#define CHUNK 1024L /* two chunks on the stack: 16 KiB */

enum { TERMS_X, TERMS_ABS, TERMS_XY };

/* acc := the exact sum of the n terms (x_i, |x_i| or x_i y_i; x, y at their
 * logical first elements); the result whether every term is -0. */
static int exact_terms(int kind, long n, const float *x, long incx, const float *y, long incy,
                       exb_superacc *acc)
{
    double xd[CHUNK], yd[CHUNK];
    exb_superacc part;
    exb_superacc_clear(acc);
    exb_superacc_clear(&part);
    int negzero = 1;
    for (long i0 = 0; i0 < n; i0 += CHUNK) {
        long cnt = n - i0 < CHUNK ? n - i0 : CHUNK;
        for (long i = 0; i < cnt; i++) {
            double v = x[(i0 + i) * incx];
            xd[i] = kind == TERMS_ABS ? fabs(v) : v;
            if (kind == TERMS_XY)
                yd[i] = y[(i0 + i) * incy];
        }
        exb_sumdot_accumulate(cnt, xd, 1, kind == TERMS_XY ? yd : NULL, 1, &part);
        exb_superacc_merge(acc, &part);
        if (negzero)
            negzero = exb_terms_negzero(cnt, xd, 1, kind == TERMS_XY ? yd : NULL, 1);
    }
    return negzero;
}

/* RN64 of acc, -0 when it is exactly zero and every term was -0. */
static double round64(exb_superacc *acc, int negzero)
{
    if (negzero && exb_superacc_is_zero(acc))
        exb_superacc_set_negative_zero(acc);
    return exb_superacc_round(acc);
}

/* x and y (logical order) as binary64 copies in one allocation (*xd, then
 * *yd); 0 when out of memory.  free(*xd). */
static int widen2(long n, const float *x, long incx, const float *y, long incy, double **xd,
                  double **yd)
{
    *xd = malloc((size_t)n * 2 * sizeof **xd);
    if (!*xd)
        return 0;
    *yd = *xd + n;
    for (long i = 0; i < n; i++)
        (*xd)[i] = x[i * incx], (*yd)[i] = y[i * incy];
    return 1;
}

/* RN64 of the exact dot product of binary32 vectors through EXDDOT's
 * engines (the filter where it decides) on binary64 copies: the same exact
 * value, zero sign and NaN; 0 above 65536 elements or when the copies
 * cannot be made. */
static int dot64(long n, const float *x, long incx, const float *y, long incy, double *out)
{
    double *xd, *yd;
    if (n > 65536) /* beyond the caches the copies cost more than they save */
        return 0;
    if (!widen2(n, x, incx, y, incy, &xd, &yd))
        return 0;
    *out = exb_ddot_checked(n, xd, 1, yd, 1);
    free(xd);
    return 1;
}

EXB_ENTRY(float, exb_sdot_checked, (long n, const float *x, long incx, const float *y, long incy),
          (n, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0)
        return 0.0f;
    double d;
    float below, above;
    if (dot64(n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy, &d) &&
        !exb_f32_midpoint(d, &below, &above)) {
        return (float)d; /* RN32(RN64(v)) = RN32(v) off the midpoints */
    }
    exb_superacc acc;
    int negzero =
        exact_terms(TERMS_XY, n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy, &acc);
    float r = exb_f32_round(round64(&acc, negzero), exb_superacc_sign_above, &acc);
    return r;
}

EXB_ENTRY(double, exb_dsdot_checked, (long n, const float *x, long incx, const float *y, long incy),
          (n, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0)
        return 0.0;
    double d;
    if (dot64(n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy, &d)) {
        return d;
    }
    exb_superacc acc;
    int negzero =
        exact_terms(TERMS_XY, n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy, &acc);
    double r = round64(&acc, negzero);
    return r;
}

EXB_ENTRY(float, exb_sdsdot_checked,
          (long n, float sb, const float *x, long incx, const float *y, long incy),
          (n, sb, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0)
        return sb;
    exb_superacc acc;
    int negzero =
        exact_terms(TERMS_XY, n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy, &acc);
    exb_superacc_add_double(&acc, (double)sb); /* sb: one more term */
    negzero = negzero && sb == 0.0f && signbit(sb);
    float r = exb_f32_round(round64(&acc, negzero), exb_superacc_sign_above, &acc);
    return r;
}

EXB_ENTRY(float, exb_sasum_checked, (long n, const float *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n <= 0 || incx <= 0)
        return 0.0f;
    exb_superacc acc;
    exact_terms(TERMS_ABS, n, x, incx, NULL, 0, &acc); /* every term >= +0: a zero is +0 */
    float r = exb_f32_round(exb_superacc_round(&acc), exb_superacc_sign_above, &acc);
    return r;
}

EXB_ENTRY(float, exb_snrm2_checked, (long n, const float *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n <= 0)
        return 0.0f;
    if (incx < 0) /* the reference's SNRM2, as DNRM2 */
        incx = -incx;
    if (n <= CHUNK) { /* binary32 squares are exact in binary64: DNRM2's filter */
        double xd[CHUNK], d;
        float below, above;
        for (long i = 0; i < n; i++)
            xd[i] = x[i * incx];
        if (exb_nrm2_filtered(n, xd, &d) && !exb_f32_midpoint(d, &below, &above)) {
            exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
            return (float)d; /* RN32(RN64(v)) = RN32(v) off the midpoints */
        }
    }
    exb_superacc acc;
    exact_terms(TERMS_XY, n, x, incx, x, incx, &acc);
    /* sqrt of +0 or -0 terms' sum: +0 (a square is never -0) */
    float r = exb_f32_round(exb_superacc_round_sqrt(&acc), exb_superacc_sqrt_sign_above, &acc);
    return r;
}

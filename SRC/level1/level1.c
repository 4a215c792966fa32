/*
 * level1.c -- the exact level-1 cores behind the BLAS face's DASUM, DNRM2,
 * DAXPY and DSCAL (SRC/faces/blas_real.c).  Reference-BLAS arguments and quick
 * returns (no argument of a level-1 routine is illegal); results:
 *   DASUM  RN(sum |x_i|)                      (exact sum, one rounding)
 *   DNRM2  RN(sqrt(sum x_i^2))                (exact sum of squares, the
 *                                              square root correctly rounded)
 *   DAXPY  y_i := RN(a*x_i + y_i)             (one FMA is that rounding)
 *   DSCAL  x_i := RN(a*x_i)
 * in round-to-nearest whatever the caller's mode, NaN results the canonical
 * NaN.
 */
#include "level1.h"
#include "unit.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/filter.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "host/kernels.h"
#include "support/knobs.h"
#include "support/path.h"
#include "routines.h"
#include "support/blasvec.h"
#include "reduce.h"

/* |x| is copied this many elements at a time for the exact sum. */
#define ABS_CHUNK 65536L

EXB_ENTRY(double, exb_dasum_checked, (long n, const double *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n <= 0 || incx <= 0)
        return 0.0;
    long len = n < ABS_CHUNK ? n : ABS_CHUNK;
    double *w = malloc((size_t)len * sizeof *w);
    exb_superacc total, part;
    exb_superacc_clear(&total);
    for (long i0 = 0; i0 < n; i0 += len) {
        long cnt = n - i0 < len ? n - i0 : len;
        if (w) {
            for (long i = 0; i < cnt; i++)
                w[i] = fabs(x[(i0 + i) * incx]);
            exb_sumdot_accumulate(cnt, w, 1, NULL, 0, &part);
            exb_superacc_merge(&total, &part);
        } else { /* no memory: the same exact sum, one term at a time */
            for (long i = 0; i < cnt; i++)
                exb_superacc_add_double(&total, fabs(x[(i0 + i) * incx]));
            exb_path_add(EXACTBLAS_PATH_HOST);
        }
    }
    free(w);
    /* every term is >= +0 or NaN: an exact zero is +0 */
    double r = exb_superacc_round(&total);
    return r;
}

/* RN(sqrt(S)) for S within `bound` of h + lo (the filter's sum of
 * squares): r = RN(h + lo) = h + lo - e exactly (TwoSum); the candidate y
 * starts as RN(sqrt(r)) (IEEE's square root) and is RN(sqrt(S)) when S lies
 * strictly between the squares of the midpoints next to y, y +- g/2 (g the
 * gap on that side): with y^2 = P + Pe (an FMA), S - (y + g/2)^2 = D + delta
 * - y g - g^2/4 where D = (r - P) + e - Pe (r - P exact: r and P within a
 * factor of two) and |delta| <= bound.  D is computed with two additions
 * (error at most 2^-51 (|r - P| + |e| + |Pe|)), y g exactly; the slack
 * factors cover g^2/4.  Since r is not S (|e| up to half r's unit), sqrt(r)
 * is often S's neighbour: when S lies beyond a midpoint for certain, the
 * candidate moves one unit that way and is tested again (twice at most).
 * 1 with *out = y, else 0 (r outside [2^-900, 2^1020], a NaN, or too near
 * a midpoint). */
static int sqrt_decide(double h, double lo, double bound, double *out)
{
    double r = h + lo, bb = r - h, e = (h - (r - bb)) + (lo - bb);
    if (!(r >= 0x1p-900) || !(r <= 0x1p1020) || !(bound < INFINITY))
        return 0;
    double y = sqrt(r);
    const double slack = 1.0 + 0x1p-50;
    for (int tries = 0; tries < 3; tries++) {
        double P = y * y, Pe = fma(y, y, -P);
        double rp = r - P, D = (rp + e) - Pe;
        double err = (fabs(rp) + fabs(e) + fabs(Pe)) * 0x1p-51 + bound;
        double up = exb_filter_half_gap(y) * 2.0; /* the smaller gap; the gap above is >= */
        uint64_t bits;
        memcpy(&bits, &y, sizeof bits);
        double above = (bits & ((UINT64_C(1) << 52) - 1)) == 0 ? 2.0 * up : up; /* a power of 2 */
        double hi = y * above * (1.0 - 0x1p-50), lo_ = -y * up * (1.0 - 0x1p-50);
        if ((D + err) * slack < hi && (D - err) * slack > lo_) {
            *out = y;
            return 1;
        }
        if ((D - err) * slack > y * above * slack) /* S above the upper midpoint */
            y = nextafter(y, INFINITY);
        else if ((D + err) * slack < -y * up * slack) /* below the lower one */
            y = nextafter(y, 0.0);
        else
            return 0; /* too near a midpoint */
    }
    return 0;
}

int exb_nrm2_filtered(long n, const double *x, double *out)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    const exb_filter_kernels *f = exb_kernels_filter(exb_host_kernels_get(knobs.host_generic),
                                                     knobs.fpe, knobs.front, knobs.filter);
    if (!f)
        return 0;
    double h, lo, ab;
    f->dot(x, x, n, &h, &lo, &ab);
    return sqrt_decide(h, lo, exb_filter_bound((double)n + 32.0, ab), out);
}

EXB_ENTRY(double, exb_dnrm2_checked, (long n, const double *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n <= 0)
        return 0.0;
    /* the reference's DNRM2 (LAPACK 3.11's dnrm2.f90): a negative increment
     * walks the same elements backwards; 0 takes x_1 n times */
    if (incx < 0)
        incx = -incx;
    double r;
    if (incx == 1 && exb_nrm2_filtered(n, x, &r)) { /* the root decided by the filter */
        exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
        return r;
    }
    exb_superacc s;
    exb_sumdot_accumulate(n, x, incx, x, incx, &s);
    /* a NaN or an infinity among the x_i: the sum of squares is NaN or +Inf */
    r = exb_superacc_round_sqrt(&s);
    return r;
}

EXB_ENTRY_VOID(exb_daxpy_checked,
               (long n, double a, const double *x, long incx, double *y, long incy),
               (n, a, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0 || a == 0.0)
        return;
    const double *x0 = EXB_FIRST(x, n, incx);
    double *y0 = EXB_FIRST(y, n, incy);
    if (incx == 1 && incy == 1)
        exb_unit_daxpy(n, a, x0, y0);
    else
        for (long i = 0; i < n; i++)
            y0[i * incy] = exb_canonical_nan(fma(a, x0[i * incx], y0[i * incy]));
    exb_path_add(EXACTBLAS_PATH_HOST);
}

EXB_ENTRY_VOID(exb_dscal_checked, (long n, double a, double *x, long incx), (n, a, x, incx))
{
    exb_path_begin();
    if (n <= 0 || incx <= 0 || a == 1.0) /* the reference's quick return */
        return;
    if (incx == 1)
        exb_unit_dscal(n, a, x);
    else
        for (long i = 0; i < n; i++)
            x[i * incx] = exb_canonical_nan(a * x[i * incx]);
    exb_path_add(EXACTBLAS_PATH_HOST);
}

/*
 * level1.c -- the exact level-1 cores behind the BLAS face's DASUM, DNRM2,
 * DAXPY and DSCAL (SRC/faces/blas.c).  Reference-BLAS arguments and quick
 * returns (no argument of a level-1 routine is illegal); results:
 *   DASUM  RN(sum |x_i|)                      (exact sum, one rounding)
 *   DNRM2  RN(sqrt(sum x_i^2))                (exact sum of squares, the
 *                                              square root correctly rounded)
 *   DAXPY  y_i := RN(a*x_i + y_i)             (one FMA is that rounding)
 *   DSCAL  x_i := RN(a*x_i)
 * in round-to-nearest whatever the caller's mode, NaN results the canonical
 * NaN.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/fpenv.h"
#include "core/superacc.h"
#include "support/path.h"
#include "routines.h"
#include "support/blasvec.h"
#include "reduce.h"

/* |x| is copied this many elements at a time for the exact sum. */
#define ABS_CHUNK 65536L

double exb_dasum_checked(long n, const double *x, long incx)
{
    exb_path_begin();
    if (n <= 0 || incx <= 0)
        return 0.0;
    exb_fpenv env = exb_fpenv_enter();
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
    exb_fpenv_leave(env);
    return r;
}

double exb_dnrm2_checked(long n, const double *x, long incx)
{
    exb_path_begin();
    if (n <= 0 || incx <= 0) /* reference DNRM2 (LAPACK 3.11's BLAS) */
        return 0.0;
    exb_fpenv env = exb_fpenv_enter();
    exb_superacc s;
    exb_sumdot_accumulate(n, x, incx, x, incx, &s);
    /* a NaN or an infinity among the x_i: the sum of squares is NaN or +Inf */
    double r = exb_superacc_round_sqrt(&s);
    exb_fpenv_leave(env);
    return r;
}

void exb_daxpy_checked(long n, double a, const double *x, long incx, double *y, long incy)
{
    exb_path_begin();
    if (n <= 0 || a == 0.0)
        return;
    exb_fpenv env = exb_fpenv_enter();
    const double *x0 = EXB_FIRST(x, n, incx);
    double *y0 = EXB_FIRST(y, n, incy);
    for (long i = 0; i < n; i++)
        y0[i * incy] = exb_canonical_nan(fma(a, x0[i * incx], y0[i * incy]));
    exb_path_add(EXACTBLAS_PATH_HOST);
    exb_fpenv_leave(env);
}

void exb_dscal_checked(long n, double a, double *x, long incx)
{
    exb_path_begin();
    if (n <= 0 || incx <= 0)
        return;
    exb_fpenv env = exb_fpenv_enter();
    for (long i = 0; i < n; i++)
        x[i * incx] = exb_canonical_nan(a * x[i * incx]);
    exb_path_add(EXACTBLAS_PATH_HOST);
    exb_fpenv_leave(env);
}

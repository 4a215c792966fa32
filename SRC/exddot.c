/*
 * exddot.c -- EXDDOT: the correctly rounded dot product.
 *
 *   DOUBLE PRECISION FUNCTION EXDDOT(N, X, INCX, Y, INCY)
 *   N     (in) number of elements
 *   X     (in) array of dimension 1 + (N-1)*|INCX|
 *   INCX  (in) increment of X; negative: X is traversed backwards; 0: X(1) repeated
 *   Y     (in) array of dimension 1 + (N-1)*|INCY|
 *   INCY  (in) increment of Y, as INCX
 *
 * Returns RN(sum x_i*y_i) with every product and the sum exact, rounded once.
 * As DDOT: N <= 0 returns 0.  No argument is illegal.
 */
#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "routines.h"
#include "support/blasvec.h"
#include "reduce.h"

EXB_ENTRY(double, exb_ddot_checked,
          (long n, const double *x, long incx, const double *y, long incy), (n, x, incx, y, incy))
{
    exb_path_begin();
    if (n <= 0)
        return 0.0;
    double r = exb_sumdot(n, EXB_FIRST(x, n, incx), incx, EXB_FIRST(y, n, incy), incy);
    return r;
}

double exactblas_ddot(int n, const double *x, int incx, const double *y, int incy)
{
    return exb_ddot_checked(n, x, incx, y, incy);
}

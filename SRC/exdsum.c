/*
 * exdsum.c -- EXDSUM: the correctly rounded sum of a vector.
 *
 *   DOUBLE PRECISION FUNCTION EXDSUM(N, X, INCX)
 *   N     (in) number of elements
 *   X     (in) array of dimension 1 + (N-1)*INCX
 *   INCX  (in) increment between elements
 *
 * Returns RN(sum x_i), the exact sum rounded once.  Like DASUM (without the
 * absolute values): N <= 0 or INCX <= 0 return 0.  No argument is illegal.
 */
#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "routines.h"
#include "reduce.h"

EXB_ENTRY(double, exb_dsum_checked, (long n, const double *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n <= 0 || incx <= 0)
        return 0.0;
    double r = exb_sumdot(n, x, incx, NULL, 0);
    return r;
}

double exactblas_dsum(int n, const double *x, int incx)
{
    return exb_dsum_checked(n, x, incx);
}

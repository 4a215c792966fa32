/* test_exddot.c -- EXDDOT bit for bit against MPFR under every knob.
 * Usage: test_exddot <input file>   (see exddot.in) */
#include <stdio.h>

#include "exactblas.h"
#include "sumdot_suite.h"

static double call_ddot(long n, const double *x, long incx, const double *y, long incy)
{
    return exactblas_ddot((int)n, x, (int)incx, y, (int)incy);
}

/* DDOT: n <= 0 gives 0; every increment is legal. */
static double expect_ddot(long n, const double *x, long incx, const double *y, long incy)
{
    return tl_oracle_dot(n, x, incx, y, incy);
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    sumdot_routine rt = {"EXDDOT", 1, call_ddot, expect_ddot};
    return sumdot_suite(&rt, &in);
}

/* test_exdsum.c -- EXDSUM bit for bit against MPFR under every knob.
 * Usage: test_exdsum <input file>   (see exdsum.in) */
#include <stdio.h>

#include "exactblas.h"
#include "sumdot_suite.h"

static double call_dsum(long n, const double *x, long incx, const double *y, long incy)
{
    (void)y;
    (void)incy;
    return exactblas_dsum((int)n, x, (int)incx);
}

/* DASUM's rules: n <= 0 or incx <= 0 give 0. */
static double expect_dsum(long n, const double *x, long incx, const double *y, long incy)
{
    (void)y;
    (void)incy;
    return incx <= 0 ? 0.0 : tl_oracle_dot(n, x, incx, NULL, 0);
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    sumdot_routine rt = {"EXDSUM", 0, call_dsum, expect_dsum};
    return sumdot_suite(&rt, &in);
}

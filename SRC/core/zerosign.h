/*
 * zerosign.h -- the sign of an exact zero result.
 *
 * CONTRACT.md: an exactly zero result is -0 when every term of the exact sum
 * (products with IEEE's sign rule, alpha*S and beta*y included) is -0, and
 * +0 otherwise, as an IEEE sum computed exactly would give.  The fast front
 * ends (expansions, tables, slices) do not carry the sign of zero terms, so
 * a routine asks these predicates only when its exact sum came out zero (a
 * rescan that stops at the first term that is not -0, usually the first),
 * and marks the accumulator (exb_superacc_set_negative_zero).
 */
#ifndef EXACTBLAS_ZEROSIGN_H
#define EXACTBLAS_ZEROSIGN_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Whether x is +0 or -0, from its bits: no floating-point comparison, so a
 * subnormal is not a zero whatever the caller's DAZ (core/fpenv.h). */
static inline int exb_is_zero_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return (b << 1) == 0;
}

/* Whether the exact product a*b is -0. */
static inline int exb_product_is_negzero(double a, double b)
{
    return (exb_is_zero_bits(a) || exb_is_zero_bits(b)) && signbit(a) != signbit(b);
}

/* Whether every term x_i (y == NULL) or x_i*y_i of the n-term sum is -0
 * (n >= 1; element i at x[i*incx], y[i*incy]). */
static inline int exb_terms_negzero(long n, const double *x, long incx, const double *y, long incy)
{
    for (long i = 0; i < n; i++) {
        double xi = x[i * incx];
        if (y ? !exb_product_is_negzero(xi, y[i * incy]) : !(exb_is_zero_bits(xi) && signbit(xi)))
            return 0;
    }
    return n > 0;
}

#endif

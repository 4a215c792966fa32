/*
 * f32.h -- the correct rounding to binary32 (the single-precision BLAS).
 *
 * Every S routine computes its exact value v with the binary64 machinery
 * (binary32 inputs and their products are exact in binary64) and has d =
 * RN64(v).  Then RN32(v) = RN32(d) unless d is a binary32 midpoint: RN64 is
 * monotonic and every midpoint between two binary32 neighbours (and the
 * overflow threshold 2^128 - 2^103) is a binary64, so v and d lie on the
 * same side of every midpoint but the one d may equal.  Only then is the
 * sign of v - d asked (the caller's exact comparison), and it decides: v
 * above d takes the upper neighbour, below the lower one, equal is a tie
 * broken to even, as RN32(d) itself does.  Double rounding is thereby never
 * observable.  The exact comparisons of the long accumulator are
 * superacc.h's exb_superacc_sign_above, _sqrt_sign_above, _quotient_sign
 * (this header knows no accumulator: superacc.c uses it).
 */
#ifndef EXACTBLAS_CORE_F32_H
#define EXACTBLAS_CORE_F32_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The binary32 midpoint d would be if it is one (then 1, its two binary32
 * neighbours in *below, *above), else 0. */
static inline int exb_f32_midpoint(double d, float *below, float *above)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    unsigned biased = (unsigned)(bits >> 52) & 0x7ff;
    if (biased >= 1023 - 126 && biased < 1023 + 127) {
        /* binary32's normal range (below its top binade): a midpoint has the
         * bit just below binary32's last and nothing under it */
        if ((bits & ((UINT64_C(1) << 29) - 1)) != UINT64_C(1) << 28)
            return 0;
    } else if (!isfinite(d) || d == 0.0) {
        return 0;
    }
    const double overflow = 0x1.ffffffp+127; /* 2^128 - 2^103, between FLT_MAX and Inf */
    if (fabs(d) >= overflow) {
        if (fabs(d) != overflow)
            return 0;
        *below = d > 0 ? 0x1.fffffep+127f : -INFINITY;
        *above = d > 0 ? INFINITY : -0x1.fffffep+127f;
        return 1;
    }
    float f = (float)d; /* RN32(d): the hardware, in the default environment */
    if ((double)f == d)
        return 0;
    /* the other neighbour of d, on the side away from f */
    float g = d > (double)f ? nextafterf(f, INFINITY) : nextafterf(f, -INFINITY);
    if (d != 0.5 * ((double)f + (double)g)) /* exact: 25 bits */
        return 0;
    *below = f < g ? f : g;
    *above = f < g ? g : f;
    return 1;
}

/* RN32(v) from d = RN64(v); sign_above(ctx, d) is asked only when d is a
 * binary32 midpoint and returns the sign of v - d (-1, 0, +1). */
static inline float exb_f32_round(double d, int (*sign_above)(void *ctx, double d), void *ctx)
{
    float below, above;
    if (!exb_f32_midpoint(d, &below, &above))
        return (float)d; /* NaN, Inf, zeros and every other value: RN32(d) */
    int s = sign_above(ctx, d);
    return s > 0 ? above : s < 0 ? below : (float)d; /* a true tie: to even */
}

#endif

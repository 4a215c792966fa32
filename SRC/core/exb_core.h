/*
 * exb_core.h -- the exact arithmetic both sides share, written once in the
 * common subset of C11 and OpenCL C 1.2.  The host library includes it
 * (through superacc.h); the OpenCL runtime puts it in front of every program
 * (before OPENCL/core.cl), so the kernels compile the same text.
 *
 *   - the long accumulator's layout: digit k of a signed 64-bit array weighs
 *     2^(EXB_ACC_LSB + 32k), EXB_ACC_DIGITS digits cover 2^-2176 .. 2^2175;
 *   - the special-value flags and the one canonical NaN;
 *   - the split of a double into an integer significand and the exponent of
 *     its last bit;
 *   - the deposit rule: (neg ? -m : m) * 2^lsb as three digits, each below
 *     2^32 in magnitude;
 *   - the one rounding of a 64-bit significand with a sticky bit below it,
 *     to nearest even, gradual underflow, overflow to Inf.
 * What cannot be shared stays on its side: the host's digit arrays and
 * 128-bit products (core/superacc.c), the kernels' local atomics and row
 * storage (OPENCL/core.cl).
 */
#ifndef EXACTBLAS_CORE_H
#define EXACTBLAS_CORE_H

#ifdef __OPENCL_C_VERSION__
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#define EXB_U64 ulong
#define EXB_I64 long
#define EXB_CORE_FN inline
#define EXB_BITS(x) as_ulong(x)
#define EXB_FROM_BITS(u) as_double(u)
#define EXB_CLZ64(x) ((int)clz(x))
#define EXB_MUL_HI64(a, b) mul_hi(a, b)
#else
#include <math.h>
#include <stdint.h>
#include <string.h>
#define EXB_U64 uint64_t
#define EXB_I64 int64_t
#define EXB_CORE_FN static inline
static inline uint64_t exb_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline double exb_from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}
#define EXB_BITS(x) exb_bits(x)
#define EXB_FROM_BITS(u) exb_from_bits(u)
#define EXB_CLZ64(x) __builtin_clzll(x)
#define EXB_MUL_HI64(a, b) ((uint64_t)(((unsigned __int128)(a) * (b)) >> 64))
#endif

#define EXB_SIGNBIT(x) (signbit(x) != 0)

/* ---- layout and flags ---------------------------------------------------- */
#define EXB_ACC_DIGITS 136
#define EXB_ACC_LSB (-2176)
#define EXB_ACC_RADIX_BITS 32

/* Special values never enter the digits: they are flags, combined by IEEE's
 * rules when the accumulator is rounded. */
#define EXB_FLAG_NAN 1
#define EXB_FLAG_POS_INF 2
#define EXB_FLAG_NEG_INF 4
/* Not a special value: the sign of an exact zero.  Set when every term of
 * the exact sum is -0, so an exactly zero value rounds to -0 as an IEEE sum
 * computed exactly would; without it an exact zero is +0. */
#define EXB_FLAG_NEG_ZERO 8
#define EXB_FLAG_SPECIAL (EXB_FLAG_NAN | EXB_FLAG_POS_INF | EXB_FLAG_NEG_INF)

/* The one NaN every routine returns on every path (CONTRACT.md): the default
 * quiet NaN, sign bit clear (x86's invalid operations give 0xFFF8...). */
#define EXB_CANONICAL_NAN_BITS ((EXB_U64)0x7FF8000000000000UL)

EXB_CORE_FN double exb_canonical_nan(double x)
{
    return x == x ? x : EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
}

/* The flag of a NaN or an infinity. */
EXB_CORE_FN int exb_special_flag(double x)
{
    return x != x ? EXB_FLAG_NAN : (x > 0.0 ? EXB_FLAG_POS_INF : EXB_FLAG_NEG_INF);
}

/* ---- split and deposit --------------------------------------------------- */

/* |x| = *m * 2^*lsb with *m the integer significand; returns the biased
 * exponent field (0x7ff for NaN/Inf, 0 for zeros and subnormals). */
EXB_CORE_FN int exb_split_double(double x, EXB_U64 *m, int *lsb)
{
    EXB_U64 bits = EXB_BITS(x);
    int biased = (int)((bits >> 52) & 0x7ff);
    EXB_U64 frac = bits & (EXB_U64)0xfffffffffffffUL;
    *m = biased == 0 ? frac : (frac | (EXB_U64)0x10000000000000UL);
    *lsb = biased == 0 ? -1074 : biased - 1075;
    return biased;
}

/* The deposit of (neg ? -m : m) * 2^lsb into digits of weight
 * 2^(base + 32k): digits k, k+1, k+2 (k returned) receive d[0..2], each
 * below 2^32 in magnitude (m shifted by lsb - base mod 32 spans 96 bits).
 * Requires lsb >= base. */
EXB_CORE_FN int exb_deposit_digits(EXB_U64 m, int lsb, int base, int neg, EXB_I64 *d)
{
    int pos = lsb - base;
    int s = pos & 31;
    EXB_U64 mask = (EXB_U64)0xffffffffUL;
    d[0] = (EXB_I64)((m << s) & mask);
    d[1] = (EXB_I64)((s ? m >> (32 - s) : m >> 32) & mask);
    d[2] = (EXB_I64)(s ? (m >> 32) >> (32 - s) : 0);
    if (neg) {
        d[0] = -d[0];
        d[1] = -d[1];
        d[2] = -d[2];
    }
    return pos >> 5;
}

/* The exact product a*b: 0 and hi * 2^64 + lo (the 106-bit product of the
 * integer significands) times 2^*lsb, negative when *neg; or, when a or b
 * is NaN or infinite, the flag of the IEEE product (Inf*0 is NaN, Inf*finite
 * a signed Inf, NaN propagates) and nothing else set. */
EXB_CORE_FN int exb_product_split(double a, double b, EXB_U64 *lo, EXB_U64 *hi, int *lsb,
                                  int *neg)
{
    EXB_U64 ma, mb;
    int la, lb;
    int ea = exb_split_double(a, &ma, &la);
    int eb = exb_split_double(b, &mb, &lb);
    if (ea == 0x7ff || eb == 0x7ff)
        return exb_special_flag(a * b);
    *lo = ma * mb;
    *hi = EXB_MUL_HI64(ma, mb);
    *lsb = la + lb;
    *neg = EXB_SIGNBIT(a) != EXB_SIGNBIT(b);
    return 0;
}

/* ---- the one rounding ------------------------------------------------------ */

/* RN((m + s) * 2^e) with m > 0 and s a sticky amount in (0, 1) when sticky
 * is set, negated if neg.  The caller guarantees at least one bit of m below
 * the rounding position whenever sticky is set (m has 54 or more bits). */
EXB_CORE_FN double exb_round_u64(EXB_U64 m, int e, int sticky, int neg)
{
    double sign = neg ? -1.0 : 1.0;
    int exponent = 63 - EXB_CLZ64(m) + e; /* 2^exponent <= value < 2^(exponent+1) */
    if (exponent >= 1024)
        return sign * INFINITY;
    /* The result's last bit: 53 significant bits when normal, the fixed
     * 2^-1074 grid when subnormal (gradual underflow). */
    int lsb = exponent >= -1022 ? exponent - 52 : -1074;
    int shift = lsb - e;
    if (shift <= 0)
        return sign * ldexp((double)(m << -shift), lsb); /* exact */
    EXB_U64 mant = shift < 64 ? m >> shift : 0;
    int guard = shift <= 64 ? (int)((m >> (shift - 1)) & 1) : 0;
    int rest = sticky ||
               (shift > 1 && (shift > 64 || (m & (((EXB_U64)1 << (shift - 1)) - 1)) != 0));
    if (guard && (rest || (mant & 1)))
        mant++; /* may carry into 2^53 or overflow to Inf: ldexp handles both */
    return sign * ldexp((double)mant, lsb);
}

/* The class of a non-finite accumulator (a special flag set): NaN (also for
 * +Inf plus -Inf), else the signed infinity. */
EXB_CORE_FN double exb_special_value(int flags)
{
    if ((flags & EXB_FLAG_NAN) || ((flags & EXB_FLAG_POS_INF) && (flags & EXB_FLAG_NEG_INF)))
        return EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
    return (flags & EXB_FLAG_POS_INF) ? INFINITY : -INFINITY;
}

#endif

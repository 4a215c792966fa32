/*
 * superacc.c -- operations of the long accumulator (see superacc.h).
 */
#include "superacc.h"

#include <math.h>
#include <string.h>

#define DIGIT_MASK ((int64_t)0xffffffff)

typedef unsigned __int128 u128;

/* The binary64 fields of x: integer significand m and the exponent of its
 * least significant bit, so that |x| = m * 2^lsb.  Returns the biased exponent
 * field (0x7ff for NaN/Inf). */
static int split_double(double x, uint64_t *m, int *lsb)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7ff);
    uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
    if (biased == 0) {
        *m = frac; /* subnormal or zero: no hidden bit, exponent of 2^-1022 */
        *lsb = -1074;
    } else {
        *m = frac | (UINT64_C(1) << 52);
        *lsb = biased - 1075;
    }
    return biased;
}

static uint32_t special_flag(double x)
{
    if (isnan(x))
        return EXB_FLAG_NAN;
    return x > 0 ? EXB_FLAG_POS_INF : EXB_FLAG_NEG_INF;
}

static void count_deposit(exb_superacc *acc)
{
    if (++acc->pending >= EXB_ACC_MAX_PENDING)
        exb_superacc_normalize(acc);
}

/* acc += (neg ? -m : m) * 2^lsb, m < 2^64, lsb >= EXB_ACC_LSB.  The shifted
 * value spans at most 96 bits, i.e. three digits, each receiving < 2^32. */
static void deposit_u64(exb_superacc *acc, uint64_t m, int lsb, int neg)
{
    if (m == 0)
        return;
    int pos = lsb - EXB_ACC_LSB;
    int k = pos >> 5;
    u128 v = (u128)m << (pos & 31);
    int64_t d0 = (int64_t)(v & 0xffffffffu);
    int64_t d1 = (int64_t)((v >> 32) & 0xffffffffu);
    int64_t d2 = (int64_t)(v >> 64);
    if (neg) {
        d0 = -d0;
        d1 = -d1;
        d2 = -d2;
    }
    acc->digit[k] += d0;
    acc->digit[k + 1] += d1;
    acc->digit[k + 2] += d2;
    count_deposit(acc);
}

void exb_superacc_add_scaled_u64(exb_superacc *acc, uint64_t m, int lsb, int neg)
{
    deposit_u64(acc, m, lsb, neg);
}

void exb_superacc_clear(exb_superacc *acc)
{
    memset(acc, 0, sizeof *acc);
}

void exb_superacc_add_double(exb_superacc *acc, double x)
{
    uint64_t m;
    int lsb;
    if (split_double(x, &m, &lsb) == 0x7ff) {
        acc->flags |= special_flag(x);
        return;
    }
    deposit_u64(acc, m, lsb, signbit(x) != 0);
}

void exb_superacc_add_product(exb_superacc *acc, double a, double b)
{
    uint64_t ma, mb;
    int la, lb;
    int ea = split_double(a, &ma, &la);
    int eb = split_double(b, &mb, &lb);
    if (ea == 0x7ff || eb == 0x7ff) {
        /* IEEE multiplication classifies the special product: Inf*0 is NaN,
         * Inf*finite is a signed Inf, NaN propagates. */
        double p = a * b;
        acc->flags |= special_flag(p);
        return;
    }
    /* The exact product is the 106-bit integer ma*mb times 2^(la+lb). */
    u128 p = (u128)ma * mb;
    int neg = signbit(a) != signbit(b);
    deposit_u64(acc, (uint64_t)p, la + lb, neg);
    deposit_u64(acc, (uint64_t)(p >> 64), la + lb + 64, neg);
}

void exb_superacc_add_raw(exb_superacc *acc, const int64_t *digits, uint32_t flags)
{
    /* Raw digits may be as large as 2^62; merge normalises its source copy
     * (and dst) first, so the digit-wise sum stays below 2^33. */
    exb_superacc src;
    memcpy(src.digit, digits, sizeof src.digit);
    src.pending = 0;
    src.flags = flags;
    exb_superacc_merge(acc, &src);
}

void exb_superacc_merge(exb_superacc *dst, const exb_superacc *src)
{
    exb_superacc tmp = *src;
    exb_superacc_normalize(&tmp);
    exb_superacc_normalize(dst);
    for (int k = 0; k < EXB_ACC_DIGITS; k++)
        dst->digit[k] += tmp.digit[k];
    dst->flags |= tmp.flags;
    count_deposit(dst);
}

void exb_superacc_normalize(exb_superacc *acc)
{
    int64_t carry = 0;
    for (int k = 0; k < EXB_ACC_DIGITS - 1; k++) {
        int64_t v = acc->digit[k] + carry;
        acc->digit[k] = v & DIGIT_MASK;
        carry = v >> EXB_ACC_RADIX_BITS; /* arithmetic shift: floor division */
    }
    acc->digit[EXB_ACC_DIGITS - 1] += carry;
    acc->pending = 0;
}

/* Bits [q, q+64) of a normalised, non-negative accumulator. */
static uint64_t bits_at(const exb_superacc *acc, int q)
{
    int k = q >> 5;
    u128 w = 0;
    for (int j = 2; j >= 0; j--) {
        w <<= 32;
        if (k + j < EXB_ACC_DIGITS)
            w |= (uint64_t)acc->digit[k + j];
    }
    return (uint64_t)(w >> (q & 31));
}

/* Whether any bit below position q is set. */
static int any_bit_below(const exb_superacc *acc, int q)
{
    int k = q >> 5;
    if ((uint64_t)acc->digit[k] & ((UINT64_C(1) << (q & 31)) - 1))
        return 1;
    for (int j = 0; j < k; j++)
        if (acc->digit[j])
            return 1;
    return 0;
}

double exb_superacc_round(const exb_superacc *acc)
{
    if (acc->flags & EXB_FLAG_NAN)
        return NAN;
    if ((acc->flags & EXB_FLAG_POS_INF) && (acc->flags & EXB_FLAG_NEG_INF))
        return NAN;
    if (acc->flags & EXB_FLAG_POS_INF)
        return INFINITY;
    if (acc->flags & EXB_FLAG_NEG_INF)
        return -INFINITY;

    exb_superacc mag = *acc;
    exb_superacc_normalize(&mag);
    int negative = mag.digit[EXB_ACC_DIGITS - 1] < 0;
    if (negative) {
        for (int k = 0; k < EXB_ACC_DIGITS; k++)
            mag.digit[k] = -mag.digit[k];
        exb_superacc_normalize(&mag);
    }
    int top = EXB_ACC_DIGITS - 1;
    while (top >= 0 && mag.digit[top] == 0)
        top--;
    if (top < 0)
        return 0.0; /* an exact zero is +0, as in reference BLAS */

    int msb = top * 32 + 63 - __builtin_clzll((uint64_t)mag.digit[top]);
    int exponent = msb + EXB_ACC_LSB; /* 2^exponent <= |value| < 2^(exponent+1) */
    double sign = negative ? -1.0 : 1.0;
    if (exponent >= 1024)
        return sign * INFINITY;
    /* Position of the result's last bit: 53 significant bits for a normal
     * result, the fixed 2^-1074 grid for a subnormal one (gradual underflow). */
    int lsb = exponent >= -1022 ? exponent - 52 : -1074;
    int q = lsb - EXB_ACC_LSB;
    int width = msb - q + 1; /* <= 53; <= 0 when |value| < 2^-1074 */
    uint64_t mant = width > 0 ? bits_at(&mag, q) & ((UINT64_C(1) << width) - 1) : 0;
    int guard = (int)((bits_at(&mag, q - 1)) & 1);
    int sticky = any_bit_below(&mag, q - 1);
    if (guard && (sticky || (mant & 1)))
        mant++; /* may carry into 2^53 or overflow to Inf: ldexp handles both */
    return sign * ldexp((double)mant, lsb);
}

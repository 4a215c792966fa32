/*
 * superacc.c -- operations of the long accumulator (see superacc.h).
 *
 * The rounding functions work on a scratch copy of the window, extended by
 * two zero digits so that the normalised magnitude always fits, and share
 * one final step, exb_round_u64 (exb_core.h): a 64-bit significand with a
 * sticky bit below it rounded once to binary64.
 */
#include "superacc.h"

#include <math.h>
#include <string.h>

#define DIGIT_MASK ((int64_t)0xffffffff)
#define SCRATCH_DIGITS (EXB_ACC_DIGITS + 2)

/* The affine step alpha*acc + beta*y: alpha*acc reaches down to
 * 2^(EXB_ACC_LSB - 1074) and up to about 2^(2175 + 1024). */
#define WIDE_LSB (-3264)
#define WIDE_DIGITS 212

typedef unsigned __int128 u128;

/* The sign of an exact zero value: +0, or -0 when every term was -0. */
static double zero_of(uint32_t flags)
{
    return (flags & EXB_FLAG_NEG_ZERO) ? -0.0 : 0.0;
}

/* ---- digit arrays: digit k weighs 2^(base + 32k) ------------------------ */

/* d += (neg ? -m : m) * 2^lsb with lsb >= base: three digits, each receiving
 * less than 2^32; [*lo, *hi] grows to cover them. */
static void digits_deposit(int64_t *d, int base, int *lo, int *hi, uint64_t m, int lsb, int neg)
{
    if (m == 0)
        return;
    int64_t part[3];
    int k = exb_deposit_digits(m, lsb, base, neg, part);
    d[k] += part[0];
    d[k + 1] += part[1];
    d[k + 2] += part[2];
    if (k < *lo)
        *lo = k;
    if (k + 2 > *hi)
        *hi = k + 2;
}

/* Carries d[lo..top] into [0, 2^32) with the carry into d[top+1], the signed
 * top of the array (top + 1 < n). */
static void digits_carry(int64_t *d, int lo, int top)
{
    int64_t carry = 0;
    for (int k = lo; k <= top; k++) {
        int64_t v = d[k] + carry;
        d[k] = v & DIGIT_MASK;
        carry = v >> EXB_ACC_RADIX_BITS; /* arithmetic shift: floor division */
    }
    d[top + 1] += carry;
}

/* Normalises d[0..n) (d[n-1] is the signed top) and replaces it by its
 * magnitude, every digit then in [0, 2^32).  Returns 1 if it was negative.
 * The caller leaves two zero digits on top, so the magnitude fits. */
static int digits_to_magnitude(int64_t *d, int n)
{
    digits_carry(d, 0, n - 2);
    if (d[n - 1] >= 0)
        return 0;
    for (int k = 0; k < n; k++)
        d[k] = -d[k];
    digits_carry(d, 0, n - 2);
    return 1;
}

/* Index of the highest set bit of a magnitude, or -1 if it is zero. */
static int digits_msb(const int64_t *d, int n)
{
    for (int k = n - 1; k >= 0; k--)
        if (d[k])
            return k * 32 + 63 - __builtin_clzll((uint64_t)d[k]);
    return -1;
}

/* Bits [q, q+64) of a magnitude; bits outside the array are zero. */
static uint64_t digits_bits(const int64_t *d, int n, int q)
{
    int k = q >> 5; /* floor, also for q < 0 */
    u128 w = 0;
    for (int j = 2; j >= 0; j--) {
        w <<= 32;
        if (k + j >= 0 && k + j < n)
            w |= (uint64_t)d[k + j];
    }
    return (uint64_t)(w >> (q & 31));
}

/* Whether any bit below position q is set. */
static int digits_any_below(const int64_t *d, int n, int q)
{
    if (q <= 0)
        return 0;
    int k = q >> 5;
    if (k < n && ((uint64_t)d[k] & ((UINT64_C(1) << (q & 31)) - 1)))
        return 1;
    for (int j = 0; j < k && j < n; j++)
        if (d[j])
            return 1;
    return 0;
}

/* RN of a magnitude d[0..n) at weight 2^base, negated if neg; zero gives
 * `zero` (the caller's signed zero). */
static double digits_round(const int64_t *d, int n, int base, int neg, double zero)
{
    int msb = digits_msb(d, n);
    if (msb < 0)
        return zero;
    int q = msb - 63;
    return exb_round_u64(digits_bits(d, n, q), base + q, digits_any_below(d, n, q), neg);
}

/* ---- the accumulator ---------------------------------------------------- */

static void count_deposit(exb_superacc *acc)
{
    if (++acc->pending >= EXB_ACC_MAX_PENDING)
        exb_superacc_normalize(acc);
}

static void deposit_u64(exb_superacc *acc, uint64_t m, int lsb, int neg)
{
    if (m == 0)
        return;
    digits_deposit(acc->digit, EXB_ACC_LSB, &acc->lo, &acc->hi, m, lsb, neg);
    count_deposit(acc);
}

void exb_superacc_add_scaled_u64(exb_superacc *acc, uint64_t m, int lsb, int neg)
{
    deposit_u64(acc, m, lsb, neg);
}

void exb_superacc_clear(exb_superacc *acc)
{
    memset(acc, 0, sizeof *acc);
    acc->lo = EXB_ACC_DIGITS;
    acc->hi = -1;
}

void exb_superacc_reset(exb_superacc *acc)
{
    if (acc->lo <= acc->hi)
        memset(acc->digit + acc->lo, 0, sizeof(int64_t) * (size_t)(acc->hi - acc->lo + 1));
    acc->lo = EXB_ACC_DIGITS;
    acc->hi = -1;
    acc->pending = 0;
    acc->flags = 0;
}

void exb_superacc_add_double(exb_superacc *acc, double x)
{
    uint64_t m;
    int lsb;
    if (exb_split_double(x, &m, &lsb) == 0x7ff) {
        acc->flags |= exb_special_flag(x);
        return;
    }
    deposit_u64(acc, m, lsb, signbit(x) != 0);
}

void exb_superacc_add_product(exb_superacc *acc, double a, double b)
{
    uint64_t lo, hi;
    int lsb, neg;
    int special = exb_product_split(a, b, &lo, &hi, &lsb, &neg);
    if (special) {
        acc->flags |= (uint32_t)special;
        return;
    }
    deposit_u64(acc, lo, lsb, neg);
    deposit_u64(acc, hi, lsb + 64, neg);
}

void exb_superacc_add_raw(exb_superacc *acc, const int64_t *digits, int lo, int hi,
                          uint32_t flags)
{
    /* A normalised digit (< 2^32) plus a raw one (< 2^62) fits in 63 bits;
     * normalising right after brings the sum back to canonical form. */
    while (lo <= hi && digits[lo] == 0)
        lo++;
    while (hi >= lo && digits[hi] == 0)
        hi--;
    acc->flags |= flags;
    if (lo > hi)
        return;
    exb_superacc_normalize(acc);
    for (int k = lo; k <= hi; k++)
        acc->digit[k] += digits[k];
    if (lo < acc->lo)
        acc->lo = lo;
    if (hi > acc->hi)
        acc->hi = hi;
    exb_superacc_normalize(acc);
}

void exb_superacc_merge(exb_superacc *dst, const exb_superacc *src)
{
    exb_superacc tmp = *src;
    exb_superacc_normalize(&tmp);
    exb_superacc_normalize(dst);
    for (int k = tmp.lo; k <= tmp.hi; k++)
        dst->digit[k] += tmp.digit[k];
    if (tmp.lo < dst->lo)
        dst->lo = tmp.lo;
    if (tmp.hi > dst->hi)
        dst->hi = tmp.hi;
    dst->flags |= tmp.flags;
    count_deposit(dst);
}

void exb_superacc_normalize(exb_superacc *acc)
{
    acc->pending = 0;
    if (acc->lo > acc->hi)
        return;
    /* The top digit of the accumulator is signed and takes the last carry. */
    int top = acc->hi < EXB_ACC_DIGITS - 1 ? acc->hi : EXB_ACC_DIGITS - 2;
    if (top < acc->lo)
        return;
    digits_carry(acc->digit, acc->lo, top);
    if (top + 1 > acc->hi && acc->digit[top + 1] != 0)
        acc->hi = top + 1;
}

/* The window as a magnitude in scratch[0 .. *n), weight 2^*base; returns the
 * sign (1: negative). */
static int window_magnitude(const exb_superacc *acc, int64_t *scratch, int *n, int *base)
{
    *n = 0;
    *base = EXB_ACC_LSB;
    if (acc->lo > acc->hi)
        return 0;
    int w = acc->hi - acc->lo + 1;
    memcpy(scratch, acc->digit + acc->lo, sizeof(int64_t) * (size_t)w);
    scratch[w] = scratch[w + 1] = 0;
    *n = w + 2;
    *base = EXB_ACC_LSB + 32 * acc->lo;
    return digits_to_magnitude(scratch, *n);
}

double exb_superacc_round(const exb_superacc *acc)
{
    if (acc->flags & EXB_FLAG_SPECIAL)
        return exb_special_value((int)acc->flags);
    int64_t mag[SCRATCH_DIGITS];
    int n, base;
    int neg = window_magnitude(acc, mag, &n, &base);
    return digits_round(mag, n, base, neg, zero_of(acc->flags));
}

/* A stand-in with the class of the exact value: NaN, +-Inf, +-1 or a
 * signed 0. */
static double value_class(const exb_superacc *acc)
{
    if (acc->flags & EXB_FLAG_SPECIAL)
        return exb_special_value((int)acc->flags);
    int64_t mag[SCRATCH_DIGITS];
    int n, base;
    int neg = window_magnitude(acc, mag, &n, &base);
    if (digits_msb(mag, n) < 0)
        return zero_of(acc->flags);
    return neg ? -1.0 : 1.0;
}

int exb_superacc_is_zero(const exb_superacc *acc)
{
    return !(acc->flags & EXB_FLAG_SPECIAL) && value_class(acc) == 0.0;
}

void exb_superacc_set_negative_zero(exb_superacc *acc)
{
    acc->flags |= EXB_FLAG_NEG_ZERO;
}

double exb_superacc_round_quotient(const exb_superacc *acc, double d)
{
    /* only specials and signed zeros remain: IEEE division of the class */
    if ((acc->flags & EXB_FLAG_SPECIAL) || !isfinite(d) || d == 0.0)
        return exb_canonical_nan(value_class(acc) / d);
    int64_t mag[SCRATCH_DIGITS];
    int n, base;
    int neg = window_magnitude(acc, mag, &n, &base);
    int msb = digits_msb(mag, n);
    if (msb < 0)
        return zero_of(acc->flags) / d; /* IEEE's sign rule for 0/d */
    uint64_t md;
    int ld;
    exb_split_double(d, &md, &ld);
    /* Long division of the magnitude by the divisor's integer significand,
     * 11 bits at a time (the remainder is below 2^53, so r*2^11 + chunk fits
     * in 64 bits), until the quotient has 54 or more bits: enough for 53
     * bits and a guard bit; the remainder and the bits not consumed make
     * the sticky bit. */
    uint64_t r = 0, q = 0;
    int p = msb + 1;
    while (q < (UINT64_C(1) << 53)) {
        p -= 11;
        uint64_t num = (r << 11) | (digits_bits(mag, n, p) & 0x7ff);
        uint64_t qc = num / md;
        r = num - qc * md;
        q = (q << 11) | qc;
    }
    int sticky = r != 0 || digits_any_below(mag, n, p);
    return exb_round_u64(q, base + p - ld, sticky, neg != (signbit(d) != 0));
}

/* A stand-in with the class of x: NaN, +-Inf, +-1 or 0. */
static double double_class(double x)
{
    if (!isfinite(x) || x == 0.0)
        return x;
    return x < 0 ? -1.0 : 1.0;
}

double exb_superacc_round_affine(const exb_superacc *acc, double alpha, double beta, double y)
{
    if ((acc->flags & EXB_FLAG_SPECIAL) || !isfinite(alpha) ||
        (beta != 0.0 && (!isfinite(beta) || !isfinite(y)))) {
        /* Some operand is NaN or infinite, so the IEEE value of the classes
         * is NaN or infinite too, and is the answer. */
        double t = double_class(alpha) * value_class(acc);
        if (beta != 0.0)
            t += double_class(beta) * double_class(y);
        return exb_canonical_nan(t);
    }
    if (alpha == 1.0 && beta == 0.0)
        return exb_superacc_round(acc);
    if (exb_superacc_is_zero(acc)) {
        /* alpha*S is the signed zero of IEEE's product rule; beta*y, if
         * present, is either exactly zero (then the IEEE sum of the two
         * zeros is the rule for an exact zero) or nonzero (then the result
         * is RN(beta*y), the IEEE product, and adding a zero keeps it). */
        double z = zero_of(acc->flags) * alpha;
        return beta != 0.0 ? z + beta * y : z;
    }

    int64_t wide[WIDE_DIGITS];
    memset(wide, 0, sizeof wide);
    int lo = WIDE_DIGITS, hi = -1;
    if (alpha != 0.0) {
        /* alpha * acc: each digit of the magnitude times alpha's significand
         * (85 bits at most), deposited in two pieces. */
        int64_t mag[SCRATCH_DIGITS];
        int n, base, l;
        uint64_t m;
        int neg = window_magnitude(acc, mag, &n, &base) != (signbit(alpha) != 0);
        exb_split_double(alpha, &m, &l);
        for (int k = 0; k < n; k++) {
            if (!mag[k])
                continue;
            u128 v = (u128)(uint64_t)mag[k] * m;
            int lsb = base + 32 * k + l;
            digits_deposit(wide, WIDE_LSB, &lo, &hi, (uint64_t)v, lsb, neg);
            digits_deposit(wide, WIDE_LSB, &lo, &hi, (uint64_t)(v >> 64), lsb + 64, neg);
        }
    }
    if (beta != 0.0) { /* both finite here: no special flag */
        uint64_t plo = 0, phi = 0;
        int plsb = 0, neg = 0;
        exb_product_split(beta, y, &plo, &phi, &plsb, &neg);
        digits_deposit(wide, WIDE_LSB, &lo, &hi, plo, plsb, neg);
        digits_deposit(wide, WIDE_LSB, &lo, &hi, phi, plsb + 64, neg);
    }
    if (lo > hi)
        return 0.0; /* alpha*S + beta*y cancelled exactly: +0 */
    int n = hi - lo + 3; /* two zero digits on top */
    int neg = digits_to_magnitude(wide + lo, n);
    return digits_round(wide + lo, n, WIDE_LSB + 32 * lo, neg, 0.0);
}

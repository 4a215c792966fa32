/*
 * exb_core.h -- the exact arithmetic both sides share, written once in the
 * common subset of C11 and OpenCL C 1.2.  The host library includes it
 * (through superacc.h); the OpenCL runtime puts it in front of every program
 * (before OPENCL/core.cl), so the kernels compile the same text.
 *   (One file, over 600 lines: it is the one text the OpenCL programs are
 *   prefixed with and the host includes, and test core_diff compares the
 *   two sides byte for byte; split, the programs would need an include
 *   path PoCL and the vendors' compilers do not share.)
 *
 *   - the long accumulator's layout: digit k of a signed 64-bit array weighs
 *     2^(EXB_ACC_LSB + 32k), EXB_ACC_DIGITS digits cover 2^-2176 .. 2^2175;
 *   - the special-value flags and the one canonical NaN;
 *   - the split of a double into an integer significand and the exponent of
 *     its last bit;
 *   - the deposit rule: (neg ? -m : m) * 2^lsb as three digits, each below
 *     2^32 in magnitude;
 *   - the one rounding of a 64-bit significand with a sticky bit below it,
 *     to nearest even, gradual underflow, overflow to Inf;
 *   - digit windows (a row of digits with the range [lo, hi] of its nonzero
 *     ones): deposits, carries, the magnitude, bit extraction, and their
 *     rounding: plain, the correctly rounded quotient (TRSV's diagonal) and
 *     the affine RN(alpha*V + beta*y) (GEMV's last step);
 *   - the row layout of the kernels' global row accumulators;
 *   - the exponent table's chunk rule and the bounds and TwoSum of the
 *     expansion front ends;
 *   - the floating-point filter's step and join.
 * What cannot be shared stays on its side, and names its twin here: the
 * host's accumulator object, pending-deposit count and merges
 * (core/superacc.c); the kernels' local-memory accumulator and table with
 * their atomics, and the row storage (OPENCL/core.cl); the expansion
 * cascades, vectorised per side (SRC/host/template_vector_sums.h,
 * OPENCL/sumdot.cl, OPENCL/core.cl's row_add_term).
 *
 * Digit arrays live in plain memory on the host and in global memory on the
 * device: EXB_DIGITS_AS is the address space of every digit pointer here.
 */
#ifndef EXACTBLAS_CORE_H
#define EXACTBLAS_CORE_H

#ifdef __OPENCL_C_VERSION__
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#define EXB_U64 ulong
#define EXB_I64 long
#define EXB_CORE_FN inline
#define EXB_CORE_HOT inline
#define EXB_DIGITS_AS __global
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
#define EXB_CORE_HOT static inline __attribute__((always_inline))
#define EXB_DIGITS_AS
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

/* The flag of a NaN or an infinity, from its bits (no floating-point
 * operation, so no exception flag, even for a signaling NaN). */
EXB_CORE_FN int exb_special_flag(double x)
{
    EXB_U64 bits = EXB_BITS(x);
    if (bits & (EXB_U64)0xfffffffffffffUL)
        return EXB_FLAG_NAN;
    return (bits >> 63) ? EXB_FLAG_NEG_INF : EXB_FLAG_POS_INF;
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
 * 2^(base + 32k): digits k, k+1, k+2 (k returned, never negative) receive
 * d[0..2], each below 2^32 in magnitude (m shifted by lsb - base mod 32
 * spans 96 bits).
 * A position below the digits (lsb < base) is not an error: the bits of m
 * below 2^base are dropped, and the rest lands from digit 0 up.  They are
 * exactly zero for every caller: what is deposited is a double, a product
 * of two doubles, or an integer sum of such products' exact bit slices
 * (the split GEMM and TRSM level sums, the bins), all multiples of 2^-2148,
 * and every digit array's base is at or below 2^-2176 (EXB_ACC_LSB; the
 * affine scratch's EXB_WIDE_LSB below alpha*2^-2176).  A sum of slice
 * products can still be *asked for* below the base -- its integer carries
 * trailing zeros for the slices' low positions -- and a 64-bit shift of it
 * would write before the array.  The top (k + 2 below the array's length)
 * stays the caller's to keep: exb_superacc_add_scaled_u64 checks it. */
EXB_CORE_FN int exb_deposit_digits(EXB_U64 m, int lsb, int base, int neg, EXB_I64 *d)
{
    int pos = lsb - base;
    if (pos < 0) {
        m = pos > -64 ? m >> -pos : 0;
        pos = 0;
    }
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
EXB_CORE_FN int exb_product_split(double a, double b, EXB_U64 *lo, EXB_U64 *hi, int *lsb, int *neg)
{
    EXB_U64 ma, mb;
    int la, lb;
    int ea = exb_split_double(a, &ma, &la);
    int eb = exb_split_double(b, &mb, &lb);
    if (ea == 0x7ff || eb == 0x7ff) { /* IEEE's product of the classes, from the bits */
        int fa = ea == 0x7ff ? exb_special_flag(a) : 0, fb = eb == 0x7ff ? exb_special_flag(b) : 0;
        if ((fa | fb) & EXB_FLAG_NAN || (ea == 0x7ff && eb == 0 && mb == 0) ||
            (eb == 0x7ff && ea == 0 && ma == 0))
            return EXB_FLAG_NAN; /* NaN operand, or Inf * 0 */
        return EXB_SIGNBIT(a) != EXB_SIGNBIT(b) ? EXB_FLAG_NEG_INF : EXB_FLAG_POS_INF;
    }
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
    int rest =
        sticky || (shift > 1 && (shift > 64 || (m & (((EXB_U64)1 << (shift - 1)) - 1)) != 0));
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

/* ---- the expansion front ends ------------------------------------------- */

/* Terms above EXB_TERM_MAX, and products below EXB_PRODUCT_MIN (their
 * TwoProduct error could underflow), bypass the expansions and go to the
 * long accumulator; with at most 2^31 terms a lane sum stays below 2^1021,
 * so no TwoSum overflows. */
#define EXB_TERM_MAX 0x1p990
#define EXB_PRODUCT_MIN 0x1p-968

#ifdef __OPENCL_C_VERSION__
typedef double4 exb_v4d;
#else
typedef double exb_v4d __attribute__((vector_size(32)));
/* always inlined: no call passes a vector, so the ABI note does not apply */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* Knuth's TwoSum on four lanes: s + *err == a + b exactly, whatever the
 * order of |a| and |b| (FP contraction off on both sides). */
EXB_CORE_HOT exb_v4d exb_two_sum4(exb_v4d a, exb_v4d b, exb_v4d *err)
{
    exb_v4d s = a + b;
    exb_v4d bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}
#ifndef __OPENCL_C_VERSION__
#pragma GCC diagnostic pop
#endif

/* ---- the floating-point filter's step (core/filter.h has the bound) ------
 * One more term p + e (p = RN(a*x), e = a*x - p exactly, one FMA) into the
 * filter's (h, lo, ce): p into h by TwoSum, c = RN(t + e) of its error t
 * into lo, |c| into ce; and the join of another partial (h2, lo2, ce2), one
 * more leaf: the TwoSum error t of h + h2 into lo, |t| into ce.  Written
 * once for a type (double; double4 too on the device, lane by lane), so the
 * host's scalar steps and the kernels' are this text.  The host's AVX-512
 * kernels (host/avx512/filter.c) spell the same operations in intrinsics. */
#define EXB_FILTER_FNS(T, SUFFIX)                                                                  \
    EXB_CORE_HOT void exb_filter_step##SUFFIX(T *h, T *lo, T *ce, T p, T e)                        \
    {                                                                                              \
        T s = *h + p, bb = s - *h, t = (*h - (s - bb)) + (p - bb), c = t + e;                      \
        *h = s;                                                                                    \
        *lo += c;                                                                                  \
        *ce += fabs(c);                                                                            \
    }                                                                                              \
    EXB_CORE_HOT void exb_filter_join##SUFFIX(T *h, T *lo, T *ce, T h2, T lo2, T ce2)              \
    {                                                                                              \
        T s = *h + h2, bb = s - *h, t = (*h - (s - bb)) + (h2 - bb);                               \
        *h = s;                                                                                    \
        *lo += t + lo2;                                                                            \
        *ce += fabs(t) + ce2;                                                                      \
    }
EXB_FILTER_FNS(double, )
#ifdef __OPENCL_C_VERSION__
EXB_FILTER_FNS(double4, 4)
#endif

/* ---- the exponent table's chunks (host: core/expacc.h, device: core.cl) --
 * One unsigned chunk per sign and exponent field of a term; a chunk holds
 * the sum of the integer significands of its terms and is flushed before it
 * reaches 2^EXB_TABLE_LIMIT_BIT. */
#define EXB_TABLE_CHUNKS 4096
#define EXB_TABLE_LIMIT_BIT 62

/* The chunk of a finite x (sign bit and exponent field), *m its integer
 * significand (0 for zeros). */
EXB_CORE_HOT unsigned int exb_table_index(double x, EXB_U64 *m)
{
    EXB_U64 bits = EXB_BITS(x);
    unsigned int idx = (unsigned int)(bits >> 52);
    *m = (bits & (EXB_U64)0xfffffffffffffUL) | ((EXB_U64)((idx & 0x7ff) != 0) << 52);
    return idx;
}

/* A chunk's unit weighs 2^exb_table_lsb(idx) (subnormals, field 0, share
 * field 1's) and has the sign exb_table_neg(idx). */
EXB_CORE_FN int exb_table_lsb(unsigned int idx)
{
    unsigned int biased = idx & 0x7ff;
    return (biased ? (int)biased : 1) - 1075;
}

EXB_CORE_FN int exb_table_neg(unsigned int idx)
{
    return (int)(idx >> 11);
}

/* ---- digit windows ---------------------------------------------------------
 * d[k] weighs 2^(base + 32k); [*lo, *hi] covers the nonzero digits.  Every
 * deposit adds less than 2^32 in magnitude to a digit, so 2^30 of them fit
 * before a carry pass.  Rounding needs two writable zero digits above hi
 * (hi + 2 is the top: it takes the signed carry) and destroys the digits. */

/* The kernels' row accumulators: EXB_ROW_DIGITS digits (the accumulator
 * and the two carry digits) and EXB_ROW_META ints (lo, hi, flags, spare). */
#define EXB_ROW_DIGITS (EXB_ACC_DIGITS + 2)
#define EXB_ROW_META 4

/* d += (neg ? -m : m) * 2^lsb (bits below 2^base dropped: exb_deposit_digits). */
EXB_CORE_FN void exb_digits_deposit(EXB_DIGITS_AS EXB_I64 *d, int base, int *lo, int *hi, EXB_U64 m,
                                    int lsb, int neg)
{
    if (m == 0)
        return;
    EXB_I64 part[3];
    int k = exb_deposit_digits(m, lsb, base, neg, part);
    d[k] += part[0];
    d[k + 1] += part[1];
    d[k + 2] += part[2];
    if (k < *lo)
        *lo = k;
    if (k + 2 > *hi)
        *hi = k + 2;
}

/* d += x exactly; a NaN or an infinity deposits nothing and ors its flag into
 * *flags.  Returns the number of deposits (0 or 1). */
EXB_CORE_FN int exb_digits_add_double(EXB_DIGITS_AS EXB_I64 *d, int base, int *lo, int *hi,
                                      int *flags, double x)
{
    EXB_U64 m;
    int lsb;
    if (exb_split_double(x, &m, &lsb) == 0x7ff) {
        *flags |= exb_special_flag(x);
        return 0;
    }
    exb_digits_deposit(d, base, lo, hi, m, lsb, EXB_SIGNBIT(x));
    return m != 0;
}

/* d += a*b exactly (the 106-bit product of the significands, in two
 * deposits); specials as exb_digits_add_double.  Returns the deposits made. */
EXB_CORE_FN int exb_digits_add_product(EXB_DIGITS_AS EXB_I64 *d, int base, int *lo, int *hi,
                                       int *flags, double a, double b)
{
    EXB_U64 plo, phi;
    int lsb, neg;
    int special = exb_product_split(a, b, &plo, &phi, &lsb, &neg);
    if (special) {
        *flags |= special;
        return 0;
    }
    exb_digits_deposit(d, base, lo, hi, plo, lsb, neg);
    exb_digits_deposit(d, base, lo, hi, phi, lsb + 64, neg);
    return (plo != 0) + (phi != 0);
}

/* Carries d[lo .. top-1] into [0, 2^32); the last carry goes to d[top],
 * which keeps the sign. */
EXB_CORE_FN void exb_digits_carry(EXB_DIGITS_AS EXB_I64 *d, int lo, int top)
{
    EXB_I64 carry = 0;
    for (int k = lo; k < top; k++) {
        EXB_I64 v = d[k] + carry;
        d[k] = v & (EXB_I64)0xffffffffL;
        carry = v >> EXB_ACC_RADIX_BITS; /* arithmetic shift: floor division */
    }
    d[top] += carry;
}

/* Replaces the value of d[lo..top] (d[top-1] and d[top] zero before the
 * carries, so the magnitude fits) by its magnitude, every digit then in
 * [0, 2^32); returns 1 if the value was negative. */
EXB_CORE_FN int exb_digits_magnitude(EXB_DIGITS_AS EXB_I64 *d, int lo, int top)
{
    exb_digits_carry(d, lo, top);
    if (d[top] >= 0)
        return 0;
    for (int k = lo; k <= top; k++)
        d[k] = -d[k];
    exb_digits_carry(d, lo, top);
    return 1;
}

/* The highest set bit of a magnitude (bit 32k + j is bit j of d[k]), or -1
 * if it is zero. */
EXB_CORE_FN int exb_digits_msb(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top)
{
    for (int k = top; k >= lo; k--)
        if (d[k])
            return k * 32 + 63 - EXB_CLZ64((EXB_U64)d[k]);
    return -1;
}

/* Bits [q, q + 64) of a magnitude in d[lo..top]; bits outside are zero. */
EXB_CORE_FN EXB_U64 exb_digits_bits(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top, int q)
{
    int k = q >> 5, s = q & 31; /* floor, also for q < 0 */
    EXB_U64 w[3];
    for (int j = 0; j < 3; j++)
        w[j] = (k + j >= lo && k + j <= top) ? (EXB_U64)d[k + j] : 0;
    EXB_U64 low = (w[0] | (w[1] << 32)) >> s;
    return s ? low | (w[2] << (64 - s)) : low;
}

/* Whether a bit below position q of a magnitude in d[lo..top] is set. */
EXB_CORE_FN int exb_digits_any_below(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top, int q)
{
    if (q <= lo * 32)
        return 0;
    int k = q >> 5;
    for (int j = lo; j < k && j <= top; j++)
        if (d[j])
            return 1;
    return k <= top && ((EXB_U64)d[k] & (((EXB_U64)1 << (q & 31)) - 1)) != 0;
}

/* RN(M * 2^base), M the nonzero magnitude in d[lo..top] with its highest
 * bit at msb, negated if neg. */
EXB_CORE_FN double exb_digits_round_magnitude(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top,
                                              int base, int msb, int neg)
{
    int q = msb - 63;
    return exb_round_u64(exb_digits_bits(d, lo, top, q), base + q,
                         exb_digits_any_below(d, lo, top, q), neg);
}

/* RN(M * 2^base / den) for the nonzero magnitude M (highest bit msb) and a
 * finite nonzero den, negated if neg: long division by den's integer
 * significand, 11 bits at a time (the remainder is below 2^53, so
 * r * 2^11 + chunk fits in 64 bits), until the quotient has 54 or more
 * bits; the remainder and the bits not consumed make the sticky bit. */
EXB_CORE_FN double exb_digits_divide_magnitude(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top,
                                               int base, int msb, int neg, double den)
{
    EXB_U64 md;
    int ld;
    exb_split_double(den, &md, &ld);
    EXB_U64 r = 0, q = 0;
    int p = msb + 1;
    while (q < ((EXB_U64)1 << 53)) {
        p -= 11;
        EXB_U64 num = (r << 11) | (exb_digits_bits(d, lo, top, p) & 0x7ff);
        EXB_U64 qc = num / md;
        r = num - qc * md;
        q = (q << 11) | qc;
    }
    int sticky = r != 0 || exb_digits_any_below(d, lo, top, p);
    return exb_round_u64(q, base + p - ld, sticky, neg != EXB_SIGNBIT(den));
}

/* The signed zero of an exactly zero value: -0 when every term was -0
 * (EXB_FLAG_NEG_ZERO), else +0. */
EXB_CORE_FN double exb_zero_of(int flags)
{
    return (flags & EXB_FLAG_NEG_ZERO) ? -0.0 : 0.0;
}

/* The class of a value: NaN, +-Inf, +-1 or the signed zero given. */
EXB_CORE_FN double exb_window_class(int flags, int msb, int neg, double zero)
{
    if (flags & EXB_FLAG_SPECIAL)
        return exb_special_value(flags);
    return msb < 0 ? zero : (neg ? -1.0 : 1.0);
}

/* RN(V / den), V the exact value of the window d[lo..hi] (weight 2^base of
 * digit 0) and its flags; den = 1 gives RN(V).  A finite V that is exactly
 * zero sets *is_zero and gives zero / den (zero: the caller's signed zero).
 * NaN, infinite or zero operands: IEEE division of V's class, canonical NaN.
 * Needs d[hi+1], d[hi+2] zero; destroys the window. */
EXB_CORE_FN double exb_digits_round_quotient(EXB_DIGITS_AS EXB_I64 *d, int lo, int hi, int base,
                                             int flags, double zero, double den, int *is_zero)
{
    int top = hi + 2, neg = 0, msb = -1;
    if (lo <= hi) {
        neg = exb_digits_magnitude(d, lo, top);
        msb = exb_digits_msb(d, lo, top);
    }
    *is_zero = !(flags & EXB_FLAG_SPECIAL) && msb < 0;
    if ((flags & EXB_FLAG_SPECIAL) || !isfinite(den) || den == 0.0)
        return exb_canonical_nan(exb_window_class(flags, msb, neg, zero) / den);
    if (msb < 0)
        return zero / den; /* IEEE's sign rule for 0/den */
    if (den == 1.0)
        return exb_digits_round_magnitude(d, lo, top, base, msb, neg);
    return exb_digits_divide_magnitude(d, lo, top, base, msb, neg, den);
}

/* The class of x: NaN, +-Inf, +-1 or x's signed zero. */
EXB_CORE_FN double exb_double_class(double x)
{
    if (!isfinite(x) || x == 0.0)
        return x;
    return x < 0 ? -1.0 : 1.0;
}

/* The affine step's scratch: alpha*V reaches down to 2^(EXB_ACC_LSB - 1074)
 * and up to about 2^(2175 + 1024). */
#define EXB_WIDE_LSB (-3264)
#define EXB_WIDE_DIGITS 212

/* wide := alpha*V + beta*y - z exactly (digits [*wlo, *whi] of weight
 * 2^(EXB_WIDE_LSB + 32k)), V the magnitude in d[lo..top] (weight 2^base of
 * digit 0) negated if neg; every operand finite, beta = 0 ignores y. */
EXB_CORE_FN void exb_digits_affine_wide(const EXB_DIGITS_AS EXB_I64 *d, int lo, int top, int base,
                                        int neg, double alpha, double beta, double y, double z,
                                        EXB_DIGITS_AS EXB_I64 *wide, int *wlo, int *whi)
{
    for (int k = 0; k < EXB_WIDE_DIGITS; k++)
        wide[k] = 0;
    *wlo = EXB_WIDE_DIGITS;
    *whi = -1;
    /* each digit of the magnitude (< 2^32) times alpha's significand,
     * in its low 32 bits and its high 21 bits: two exact 64-bit products */
    EXB_U64 m;
    int l;
    exb_split_double(alpha, &m, &l);
    int aneg = neg != EXB_SIGNBIT(alpha);
    EXB_U64 mlo = m & (EXB_U64)0xffffffffUL, mhi = m >> 32;
    for (int k = lo; k <= top; k++) {
        if (!d[k])
            continue;
        int lsb = base + 32 * k + l;
        exb_digits_deposit(wide, EXB_WIDE_LSB, wlo, whi, (EXB_U64)d[k] * mlo, lsb, aneg);
        exb_digits_deposit(wide, EXB_WIDE_LSB, wlo, whi, (EXB_U64)d[k] * mhi, lsb + 32, aneg);
    }
    int ignored = 0;
    if (beta != 0.0)
        exb_digits_add_product(wide, EXB_WIDE_LSB, wlo, whi, &ignored, beta, y);
    if (z != 0.0)
        exb_digits_add_double(wide, EXB_WIDE_LSB, wlo, whi, &ignored, -z);
}

/* RN(alpha*V + beta*y), the whole expression exact and rounded once; beta = 0
 * ignores y (not read, NaN included).  V as in exb_digits_round_quotient (its
 * exact zero is -0 when flags has EXB_FLAG_NEG_ZERO); wide: EXB_WIDE_DIGITS
 * digits of scratch.  Destroys the window. */
EXB_CORE_FN double exb_digits_round_affine(EXB_DIGITS_AS EXB_I64 *d, int lo, int hi, int base,
                                           int flags, double alpha, double beta, double y,
                                           EXB_DIGITS_AS EXB_I64 *wide)
{
    int top = hi + 2, neg = 0, msb = -1;
    if (lo <= hi) {
        neg = exb_digits_magnitude(d, lo, top);
        msb = exb_digits_msb(d, lo, top);
    }
    double zero = exb_zero_of(flags);
    if ((flags & EXB_FLAG_SPECIAL) || !isfinite(alpha) ||
        (beta != 0.0 && (!isfinite(beta) || !isfinite(y)))) {
        /* some operand is NaN or infinite, so the IEEE value of the classes
         * is NaN or infinite too, and is the answer */
        double t = exb_double_class(alpha) * exb_window_class(flags, msb, neg, zero);
        if (beta != 0.0)
            t += exb_double_class(beta) * exb_double_class(y);
        return exb_canonical_nan(t);
    }
    if (msb < 0 || alpha == 0.0) {
        /* alpha*V is an exact zero, signed by IEEE's product rule (V's sign,
         * or its zero's).  beta*y, if present, is exactly zero too (the
         * result is the IEEE sum of the two zeros, the rule for an exact
         * zero) or it is the one nonzero term: the result is RN(beta*y), the
         * IEEE product itself, -0 when a negative product underflows (adding
         * the zero to it would turn that into +0). */
        double z = (msb < 0 ? zero : (neg ? -1.0 : 1.0)) * alpha;
        if (beta == 0.0)
            return z;
        return y == 0.0 ? z + beta * y : beta * y;
    }
    if (alpha == 1.0 && beta == 0.0)
        return exb_digits_round_magnitude(d, lo, top, base, msb, neg);
    int wlo, whi;
    exb_digits_affine_wide(d, lo, top, base, neg, alpha, beta, y, 0.0, wide, &wlo, &whi);
    int wtop = whi + 2;
    int wneg = exb_digits_magnitude(wide, wlo, wtop);
    int wmsb = exb_digits_msb(wide, wlo, wtop);
    if (wmsb < 0)
        return 0.0; /* alpha*V + beta*y cancelled exactly: +0 */
    return exb_digits_round_magnitude(wide, wlo, wtop, EXB_WIDE_LSB, wmsb, wneg);
}

/* The sign (-1, 0, +1) of alpha*V + beta*y - z, all exact: V the window
 * d[lo..hi] (weight 2^base of digit 0), every operand finite, no special
 * flag, beta = 0 ignores y.  The binary32 rounding's question (core/f32.h).
 * Needs d[hi+1], d[hi+2] zero; destroys the window. */
EXB_CORE_FN int exb_digits_affine_sign(EXB_DIGITS_AS EXB_I64 *d, int lo, int hi, int base,
                                       double alpha, double beta, double y, double z,
                                       EXB_DIGITS_AS EXB_I64 *wide)
{
    int top = lo <= hi ? hi + 2 : lo - 1, neg = 0; /* V = 0: an empty range */
    if (lo <= hi)
        neg = exb_digits_magnitude(d, lo, top);
    int wlo, whi;
    exb_digits_affine_wide(d, lo, top, base, neg, alpha, beta, y, z, wide, &wlo, &whi);
    if (wlo > whi)
        return 0;
    int wtop = whi + 2;
    int wneg = exb_digits_magnitude(wide, wlo, wtop);
    if (exb_digits_msb(wide, wlo, wtop) < 0)
        return 0;
    return wneg ? -1 : 1;
}

#endif

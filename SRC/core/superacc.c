/*
 * superacc.c -- operations of the long accumulator (see superacc.h).
 *
 * The rounding functions work on a scratch copy of the window, extended by
 * two zero digits so that the normalised magnitude always fits, and share
 * one final step, exb_round_u64 (exb_core.h): a 64-bit significand with a
 * sticky bit below it rounded once to binary64.
 *
 * Why one file of 600 lines: the adds, the roundings and the exact sign
 * comparisons all work on the private window layout and its scratch copy;
 * split, that layout would become a header every caller could touch.
 */
#include "superacc.h"

#include "f32.h"

#include <math.h>
#include <string.h>

/* A window copied out for rounding: the digits and the two carry digits. */
#define SCRATCH_DIGITS (EXB_ACC_DIGITS + 2)

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
    exb_digits_deposit(acc->digit, EXB_ACC_LSB, &acc->lo, &acc->hi, m, lsb, neg);
    count_deposit(acc);
}

/* A deposit writes three digits from lsb's; from 2^DEPOSIT_TOP_LSB up the
 * third would lie beyond the top digit. */
#define DEPOSIT_TOP_LSB (EXB_ACC_LSB + EXB_ACC_RADIX_BITS * (EXB_ACC_DIGITS - 2))

void exb_superacc_add_scaled_u64(exb_superacc *acc, uint64_t m, int lsb, int neg)
{
    /* Any position is safe: below the digits the core drops bits that are
     * zero (exb_deposit_digits); a nonzero term of 2^2112 or more is beyond
     * every sum of fewer than 2^64 products (< 2^2112) and makes the value
     * the infinity of its sign, as a carry out of the top digit does. */
    if (m != 0 && lsb >= DEPOSIT_TOP_LSB) {
        acc->flags |= neg ? EXB_FLAG_NEG_INF : EXB_FLAG_POS_INF;
        return;
    }
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
    if (exb_digits_add_double(acc->digit, EXB_ACC_LSB, &acc->lo, &acc->hi, &acc->flags, x))
        count_deposit(acc);
}

void exb_superacc_add_product(exb_superacc *acc, double a, double b)
{
    int deposits =
        exb_digits_add_product(acc->digit, EXB_ACC_LSB, &acc->lo, &acc->hi, &acc->flags, a, b);
    /* two deposits can touch the same digit: count both */
    acc->pending += (uint32_t)deposits;
    if (acc->pending >= EXB_ACC_MAX_PENDING)
        exb_superacc_normalize(acc);
}

void exb_superacc_add_raw(exb_superacc *acc, const int64_t *digits, int lo, int hi, int flags)
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
    /* two top digits below 2^62 sum below 2^63; normalising at once keeps
     * the top inside its range (or makes the value Inf) before anything
     * else is added to it */
    exb_superacc_normalize(dst);
}

void exb_superacc_normalize(exb_superacc *acc)
{
    acc->pending = 0;
    if (acc->lo > acc->hi)
        return;
    /* The top digit of the accumulator is signed and takes the last carry.
     * A window holding only the top digit has nothing to carry, but its
     * range is still checked below. */
    int top = acc->hi < EXB_ACC_DIGITS - 1 ? acc->hi : EXB_ACC_DIGITS - 2;
    if (top >= acc->lo) {
        exb_digits_carry(acc->digit, acc->lo, top + 1);
        if (top + 1 > acc->hi && acc->digit[top + 1] != 0)
            acc->hi = top + 1;
    }
    int64_t last = acc->digit[EXB_ACC_DIGITS - 1];
    if (last >= EXB_ACC_TOP_LIMIT || last <= -EXB_ACC_TOP_LIMIT) {
        /* out of the accumulator's range: the value's rounding is +-Inf */
        int flags = acc->flags | (last > 0 ? EXB_FLAG_POS_INF : EXB_FLAG_NEG_INF);
        exb_superacc_reset(acc);
        acc->flags = flags;
    }
}

/* The window copied into scratch[0 .. w+2) (the two carry digits zero);
 * *base: the weight of scratch[0]; returns the window's last index (-1: the
 * value is zero). */
static int window_copy(const exb_superacc *acc, int64_t *scratch, int *base)
{
    *base = EXB_ACC_LSB + 32 * (acc->lo <= acc->hi ? acc->lo : 0);
    if (acc->lo > acc->hi)
        return -1;
    int w = acc->hi - acc->lo + 1;
    memcpy(scratch, acc->digit + acc->lo, sizeof(int64_t) * (size_t)w);
    scratch[w] = scratch[w + 1] = 0;
    return w - 1;
}

double exb_superacc_round_quotient(const exb_superacc *acc, double d)
{
    int64_t scratch[SCRATCH_DIGITS];
    int base, is_zero;
    int hi = window_copy(acc, scratch, &base);
    return exb_digits_round_quotient(scratch, 0, hi, base, acc->flags, exb_zero_of(acc->flags), d,
                                     &is_zero);
}

double exb_superacc_round(const exb_superacc *acc)
{
    return exb_superacc_round_quotient(acc, 1.0);
}

int exb_superacc_is_zero(const exb_superacc *acc)
{
    if (acc->flags & EXB_FLAG_SPECIAL)
        return 0;
    int64_t scratch[SCRATCH_DIGITS];
    int base;
    int hi = window_copy(acc, scratch, &base);
    if (hi < 0)
        return 1;
    exb_digits_magnitude(scratch, 0, hi + 2); /* nonzero digits may cancel by carries */
    return exb_digits_msb(scratch, 0, hi + 2) < 0;
}

void exb_superacc_set_negative_zero(exb_superacc *acc)
{
    acc->flags |= EXB_FLAG_NEG_ZERO;
}

double exb_superacc_round_affine(const exb_superacc *acc, double alpha, double beta, double y)
{
    int64_t scratch[SCRATCH_DIGITS], wide[EXB_WIDE_DIGITS];
    int base;
    int hi = window_copy(acc, scratch, &base);
    return exb_digits_round_affine(scratch, 0, hi, base, acc->flags, alpha, beta, y, wide);
}

int exb_superacc_affine_sign(const exb_superacc *acc, double alpha, double beta, double y, double z)
{
    int64_t scratch[SCRATCH_DIGITS], wide[EXB_WIDE_DIGITS];
    int base;
    int hi = window_copy(acc, scratch, &base);
    return exb_digits_affine_sign(scratch, 0, hi, base, alpha, beta, y, z, wide);
}

int exb_superacc_sign_above(void *acc, double d)
{
    return exb_superacc_affine_sign(acc, 1.0, 0.0, 0.0, d);
}

int exb_superacc_sqrt_sign_above(void *acc, double d)
{
    return exb_superacc_affine_sign(acc, 1.0, 0.0, 0.0, d * d);
}

int exb_superacc_quotient_sign(const exb_superacc *acc, double den, double q)
{
    int s = exb_superacc_affine_sign(acc, 1.0, -q, den, 0.0); /* acc - q den */
    return signbit(den) ? -s : s;
}

/* ---- square root -------------------------------------------------------------- */

/* The sign of 4S - (2y + u)^2, i.e. of S - (y + u/2)^2, from s4 = 4S: every
 * term is a product of doubles, so the comparison is exact. */
static int compare_midpoint(const exb_superacc *s4, double y, double u)
{
    exb_superacc d = *s4;
    for (int k = 0; k < 4; k++) {
        exb_superacc_add_product(&d, -y, y);
        exb_superacc_add_product(&d, -y, u);
    }
    exb_superacc_add_product(&d, -u, u);
    if (exb_superacc_is_zero(&d))
        return 0;
    return signbit(exb_superacc_round(&d)) ? -1 : 1;
}

/* RN(sqrt(S)) for a finite S > 0 held exactly: the smallest binary64 y >= 0
 * whose upper midpoint y + ulp/2 is above sqrt(S) (or equal to it, y even),
 * found by bisection over the ordered bit patterns of the nonnegative
 * doubles; +Inf when even DBL_MAX's midpoint is below. */
static double round_sqrt_positive(const exb_superacc *s)
{
    exb_superacc s4 = *s;
    for (int k = 0; k < 3; k++)
        exb_superacc_merge(&s4, s);
    uint64_t lo = 0, hi = UINT64_C(0x7ff0000000000000); /* +Inf: "none" */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        double y = exb_from_bits(mid);
        double u = mid == UINT64_C(0x7fefffffffffffff) ? 0x1p971 : exb_from_bits(mid + 1) - y;
        int c = compare_midpoint(&s4, y, u);
        if (c < 0 || (c == 0 && (mid & 1) == 0))
            hi = mid;
        else
            lo = mid + 1;
    }
    return exb_from_bits(lo);
}

double exb_superacc_round_sqrt(const exb_superacc *s)
{
    double v = exb_superacc_round(s);
    /* NaN and infinities (flags): IEEE sqrt of their class; a finite value
     * beyond DBL_MAX still has a finite root */
    if (s->flags & (EXB_FLAG_NAN | EXB_FLAG_POS_INF | EXB_FLAG_NEG_INF))
        return v == INFINITY ? v : EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
    if (v == 0.0 && exb_superacc_is_zero(s)) /* sqrt(+-0) = +-0 */
        return v;
    if (signbit(v)) /* the sign of a nonzero exact value is its rounding's */
        return EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
    return round_sqrt_positive(s);
}

/* ---- two accumulators: the complex affine step ----------------------------- */

/* One accumulator's window as a magnitude: digits, its range, base, sign
 * and top bit (msb < 0: exactly zero). */
typedef struct window {
    int64_t d[SCRATCH_DIGITS];
    int lo, top, base, neg, msb, flags;
} window;

static void window_of(const exb_superacc *acc, window *w)
{
    int hi = window_copy(acc, w->d, &w->base);
    w->lo = 0;
    w->top = hi + 2;
    w->neg = 0;
    w->msb = -1;
    w->flags = acc->flags;
    if (hi >= 0) {
        w->neg = exb_digits_magnitude(w->d, 0, w->top);
        w->msb = exb_digits_msb(w->d, 0, w->top);
    }
}

/* wide += alpha * V exactly (alpha finite). */
static void deposit_scaled(const window *w, double alpha, int64_t *wide, int *wlo, int *whi)
{
    if (w->msb < 0 || alpha == 0.0)
        return;
    uint64_t m;
    int l;
    exb_split_double(alpha, &m, &l);
    int neg = w->neg != (signbit(alpha) != 0);
    uint64_t mlo = m & 0xffffffffu, mhi = m >> 32;
    for (int k = w->lo; k <= w->top; k++) {
        if (!w->d[k])
            continue;
        int lsb = w->base + 32 * k + l;
        exb_digits_deposit(wide, EXB_WIDE_LSB, wlo, whi, (uint64_t)w->d[k] * mlo, lsb, neg);
        exb_digits_deposit(wide, EXB_WIDE_LSB, wlo, whi, (uint64_t)w->d[k] * mhi, lsb + 32, neg);
    }
}

/* The zero a term alpha V would be (its IEEE product sign), or 1.0 when it
 * is not zero. */
static double term_zero(const window *w, double alpha)
{
    if (alpha == 0.0)
        return -0.0; /* no term */
    if (w->msb >= 0)
        return 1.0;
    return exb_zero_of(w->flags) * alpha; /* V's zero times a finite alpha: exact */
}

/* The signed zero the exact product b y is (IEEE's sign rule), or 1.0 when
 * it is not zero: decided on the operands, never on RN(b y), which is 0 for
 * nonzero products below 2^-1075. */
static double product_zero(double b, double y)
{
    if (b != 0.0 && y != 0.0)
        return 1.0;
    return signbit(b) != signbit(y) ? -0.0 : 0.0;
}

/* a1 V1 + a2 V2 + b1 y1 + b2 y2 - z into wide (b = 0 terms absent, y not
 * read): 0 with the sum in wide, or 1 with *special the IEEE value of the
 * operands' classes (a NaN or an infinity), or 2 with *special the signed
 * zero of an expression all of whose terms are zero. */
static int affine2_wide(const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                        double b1, double y1, double b2, double y2, double z, int64_t *wide,
                        int *wlo, int *whi, double *special)
{
    window w1, w2;
    window_of(v1, &w1);
    window_of(v2, &w2);
    int f1 = a1 != 0.0 ? w1.flags : 0, f2 = a2 != 0.0 ? w2.flags : 0; /* a = 0: no term */
    int sp = ((f1 | f2) & EXB_FLAG_SPECIAL) || !isfinite(a1) || !isfinite(a2) ||
             (b1 != 0.0 && (!isfinite(b1) || !isfinite(y1))) ||
             (b2 != 0.0 && (!isfinite(b2) || !isfinite(y2)));
    if (sp) {
        double t = 0.0;
        if (a1 != 0.0)
            t += exb_double_class(a1) * exb_window_class(f1, w1.msb, w1.neg, exb_zero_of(f1));
        if (a2 != 0.0)
            t += exb_double_class(a2) * exb_window_class(f2, w2.msb, w2.neg, exb_zero_of(f2));
        if (b1 != 0.0)
            t += exb_double_class(b1) * exb_double_class(y1);
        if (b2 != 0.0)
            t += exb_double_class(b2) * exb_double_class(y2);
        *special = exb_canonical_nan(t);
        return 1;
    }
    for (int k = 0; k < EXB_WIDE_DIGITS; k++)
        wide[k] = 0;
    *wlo = EXB_WIDE_DIGITS;
    *whi = -1;
    deposit_scaled(&w1, a1, wide, wlo, whi);
    deposit_scaled(&w2, a2, wide, wlo, whi);
    int ignored = 0;
    if (b1 != 0.0)
        exb_digits_add_product(wide, EXB_WIDE_LSB, wlo, whi, &ignored, b1, y1);
    if (b2 != 0.0)
        exb_digits_add_product(wide, EXB_WIDE_LSB, wlo, whi, &ignored, b2, y2);
    if (z != 0.0)
        exb_digits_add_double(wide, EXB_WIDE_LSB, wlo, whi, &ignored, -z);
    /* every term zero: the IEEE sum of the zeros (-0 only when all are).
     * Whether b y is zero comes from y alone (b is finite and nonzero), never
     * from the rounded product: 2^-537 * 2^-538 rounds to 0 but is a term. */
    double t1 = term_zero(&w1, a1), t2 = term_zero(&w2, a2);
    double t3 = b1 != 0.0 ? product_zero(b1, y1) : -0.0;
    double t4 = b2 != 0.0 ? product_zero(b2, y2) : -0.0;
    if (t1 != 1.0 && t2 != 1.0 && t3 != 1.0 && t4 != 1.0 && z == 0.0) {
        *special = t1 + t2 + t3 + t4; /* zeros: -0 only when all four are */
        return 2;
    }
    return 0;
}

double exb_superacc_round_affine2(const exb_superacc *v1, double a1, const exb_superacc *v2,
                                  double a2, double b1, double y1, double b2, double y2)
{
    int64_t wide[EXB_WIDE_DIGITS];
    int wlo, whi;
    double special;
    if (affine2_wide(v1, a1, v2, a2, b1, y1, b2, y2, 0.0, wide, &wlo, &whi, &special))
        return special;
    if (wlo > whi)
        return 0.0;
    int wtop = whi + 2;
    int wneg = exb_digits_magnitude(wide, wlo, wtop);
    int wmsb = exb_digits_msb(wide, wlo, wtop);
    if (wmsb < 0)
        return 0.0; /* nonzero terms cancelled exactly: +0 */
    return exb_digits_round_magnitude(wide, wlo, wtop, EXB_WIDE_LSB, wmsb, wneg);
}

int exb_superacc_affine2_sign(const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                              double b1, double y1, double b2, double y2, double z)
{
    int64_t wide[EXB_WIDE_DIGITS];
    int wlo, whi;
    double special;
    int s = affine2_wide(v1, a1, v2, a2, b1, y1, b2, y2, z, wide, &wlo, &whi, &special);
    if (s == 1 || s == 2 || wlo > whi)
        return 0;
    int wtop = whi + 2;
    int wneg = exb_digits_magnitude(wide, wlo, wtop);
    if (exb_digits_msb(wide, wlo, wtop) < 0)
        return 0;
    return wneg ? -1 : 1;
}

/* ---- the complex quotient ------------------------------------------------------ */

/* t -= M * a * b * 2^lsb exactly (M < 2^55, a, b < 2^53 integers): the
 * 108-bit M a in 32-bit pieces, each times b's two halves. */
static void deposit_triple(int64_t *t, int *lo, int *hi, uint64_t m, uint64_t a, uint64_t b,
                           int lsb)
{
    unsigned __int128 p = (unsigned __int128)m * a;
    uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
    for (int k = 0; k < 4; k++, p >>= 32) {
        uint64_t w = (uint64_t)p & 0xffffffffu;
        if (!w)
            continue;
        exb_digits_deposit(t, EXB_WIDE_LSB, lo, hi, w * b0, lsb + 32 * k, 1);
        exb_digits_deposit(t, EXB_WIDE_LSB, lo, hi, w * b1, lsb + 32 * k + 32, 1);
    }
}

/* The magnitude |P| of a quotient's numerator and the divisor's parts. */
typedef struct cquot {
    int64_t p[EXB_WIDE_DIGITS];
    int lo, hi;      /* |P|'s digits */
    uint64_t mr, mi; /* |dr| = mr 2^lr, |di| = mi 2^li */
    int lr, li, f32;
} cquot;

/* A nonnegative value of the result's format as its bit pattern (binary32
 * patterns for f32). */
static double cq_value(const cquot *c, uint64_t bits)
{
    if (c->f32) {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    return exb_from_bits(bits);
}

/* The sign of |P| - m D, m the midpoint above the format's value `bits`
 * (its successor's, for the largest finite: the overflow threshold) and D
 * = dr^2 + di^2, all exact. */
static int cq_compare(const cquot *c, uint64_t bits)
{
    uint64_t q;
    int e;
    if (c->f32) {
        int biased = (int)((bits >> 23) & 0xff);
        q = (bits & 0x7fffffu) | (biased ? 0x800000u : 0);
        e = biased ? biased - 150 : -149;
    } else {
        int biased = (int)((bits >> 52) & 0x7ff);
        q = (bits & UINT64_C(0xfffffffffffff)) | (biased ? UINT64_C(1) << 52 : 0);
        e = biased ? biased - 1075 : -1074;
    }
    uint64_t m = 2 * q + 1; /* the midpoint m 2^(e-1) */
    int64_t t[EXB_WIDE_DIGITS];
    memcpy(t, c->p, sizeof t);
    int lo = c->lo, hi = c->hi;
    if (c->mr)
        deposit_triple(t, &lo, &hi, m, c->mr, c->mr, e - 1 + 2 * c->lr);
    if (c->mi)
        deposit_triple(t, &lo, &hi, m, c->mi, c->mi, e - 1 + 2 * c->li);
    int top = hi + 2;
    int neg = exb_digits_magnitude(t, lo, top);
    if (exb_digits_msb(t, lo, top) < 0)
        return 0;
    return neg ? -1 : 1;
}

/* Whether the rounding of |P|/D lies at or below the format's `bits`
 * (round to nearest, ties to even). */
static int cq_at_or_below(const cquot *c, uint64_t bits)
{
    int s = cq_compare(c, bits);
    return s < 0 || (s == 0 && (bits & 1) == 0);
}

/* RN(|P| / D) in the format from an approximation's bit pattern: a few
 * steps to the neighbour that the midpoints prove, or a bisection over
 * the ordered patterns if the approximation was far. */
static double cq_round(const cquot *c, uint64_t guess)
{
    uint64_t inf = c->f32 ? 0x7f800000u : UINT64_C(0x7ff0000000000000);
    uint64_t b = guess < inf ? guess : inf - 1;
    for (int step = 0; step < 8; step++) {
        if (!cq_at_or_below(c, b)) {
            b++;
            if (b == inf)
                return cq_value(c, inf);
            continue;
        }
        if (b > 0 && cq_at_or_below(c, b - 1)) {
            b--;
            continue;
        }
        return cq_value(c, b);
    }
    uint64_t lo = 0, hi = inf; /* the smallest pattern at or above the rounding */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (cq_at_or_below(c, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return cq_value(c, lo);
}

/* One part: RN(P / D) with P = a1 v1 + a2 v2 (finite, no special flags). */
static double cq_part(const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                      double dr, double di, int f32)
{
    cquot c;
    double special;
    int s = affine2_wide(v1, a1, v2, a2, 0.0, 0.0, 0.0, 0.0, 0.0, c.p, &c.lo, &c.hi, &special);
    if (s) /* an expression of zero terms: its signed zero over D > 0 */
        return special;
    if (c.lo > c.hi)
        return 0.0;
    int top = c.hi + 2;
    int neg = exb_digits_magnitude(c.p, c.lo, top);
    int msb = exb_digits_msb(c.p, c.lo, top);
    if (msb < 0)
        return 0.0; /* nonzero terms cancelled exactly: +0 */
    c.hi = top;
    c.f32 = f32;
    exb_split_double(dr, &c.mr, &c.lr);
    exb_split_double(di, &c.mi, &c.li);
    /* the approximation: |P| ~ fp 2^(lsb + msb), D ~ ds 2^(2e) */
    double fp = exb_digits_round_magnitude(c.p, c.lo, top, -msb, msb, 0);
    int e = ilogb(fabs(dr)) > ilogb(fabs(di)) ? ilogb(fabs(dr)) : ilogb(fabs(di));
    double drs = ldexp(dr, -e), dis = ldexp(di, -e);
    double g = ldexp(fp / (drs * drs + dis * dis), EXB_WIDE_LSB + msb - 2 * e);
    uint64_t guess;
    if (f32) {
        float gf = (float)g;
        uint32_t b;
        memcpy(&b, &gf, sizeof b);
        guess = b;
    } else {
        guess = exb_bits(g);
    }
    double q = cq_round(&c, guess);
    return neg ? -q : q;
}

/* RN(acc / d) in binary64 or binary32 (f32), IEEE's specials. */
static double cq_real(const exb_superacc *acc, double d, int f32)
{
    double q = exb_superacc_round_quotient(acc, d);
    if (!f32)
        return q;
    float below, above;
    if (!exb_f32_midpoint(q, &below, &above))
        return (float)q;
    int s = exb_superacc_affine_sign(acc, 1.0, -q, d, 0.0); /* acc - q d */
    s = signbit(d) ? -s : s;
    return s > 0 ? above : s < 0 ? below : (float)q;
}

void exb_superacc_round_cquotient(const exb_superacc *nr, const exb_superacc *ni, double dr,
                                  double di, int f32, double out[2])
{
    if (di == 0.0) { /* a real divisor: each part by dr */
        out[0] = cq_real(nr, dr, f32);
        out[1] = cq_real(ni, dr, f32);
        return;
    }
    if (dr == 0.0) { /* N / (i di) = (Ni - i Nr) / di */
        out[0] = cq_real(ni, di, f32);
        out[1] = exb_canonical_nan(-cq_real(nr, di, f32));
        return;
    }
    if (((nr->flags | ni->flags) & EXB_FLAG_SPECIAL) || !isfinite(dr) || !isfinite(di)) {
        out[0] = out[1] = EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
        return;
    }
    /* Re = (Nr dr + Ni di) / D, Im = (Ni dr - Nr di) / D */
    out[0] = cq_part(nr, dr, ni, di, dr, di, f32);
    out[1] = cq_part(ni, dr, nr, -di, dr, di, f32);
}

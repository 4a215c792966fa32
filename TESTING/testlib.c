/* testlib.c -- shared test machinery (see testlib.h). */
#include "testlib.h"

#include "exactblas.h"
#ifdef TL_HAVE_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#endif

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- random numbers ------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void tl_rng_seed(tl_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tl_rng_u64(tl_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double tl_rng_uniform(tl_rng *r)
{
    return (double)(tl_rng_u64(r) >> 11) * 0x1p-53;
}

double tl_rng_sign(tl_rng *r)
{
    return (tl_rng_u64(r) & 1) ? 1.0 : -1.0;
}

long tl_draw(tl_rng *r, long lo, long hi)
{
    return lo + (long)(tl_rng_u64(r) % (uint64_t)(hi - lo + 1));
}

int tl_chance(tl_rng *r, int one_in)
{
    return tl_rng_u64(r) % (uint64_t)one_in == 0;
}

double tl_rng_loguniform(tl_rng *r, int emin, int emax)
{
    double m = (double)((tl_rng_u64(r) >> 11) | (UINT64_C(1) << 52)); /* 53 random bits */
    return tl_rng_sign(r) * ldexp(m, (int)tl_draw(r, emin, emax) - 52);
}

static void shuffle(tl_rng *r, long n, double *x, double *y)
{
    for (long i = n - 1; i > 0; i--) {
        long j = tl_draw(r, 0, i);
        double t = x[i];
        x[i] = x[j];
        x[j] = t;
        if (y) {
            t = y[i];
            y[i] = y[j];
            y[j] = t;
        }
    }
}

/* ---- values of a data class -------------------------------------------------- */

/* The draws of each class are sequenced explicitly, in the order the tests
 * that owned them made them (their seeds' cases depend on it). */

/* v rounded to binary32, a finite v that overflows there kept finite. */
static double binary32_finite(double v)
{
    float f = (float)v;
    if (!isnan(v) && !isinf(v) && isinf(f))
        f = copysignf(0x1.fffffep127f, f);
    return f;
}

/* The SF classes: s first, used or not; binary32 rounding as it is. */
static double sign_first_value(tl_rng *r, tl_class cls, int f32)
{
    static const double tie32[12] = {0x1p24,  0x1p24 + 2,  1.0,         -1.0,
                                     0x1p-20, 1 + 0x1p-20, 1 - 0x1p-20, 0.0,
                                     0x1p-20, 1.0,         0x1p25 + 4,  2.0};
    static const double tie32_far[12] = {0x1p24,  0x1p24 + 2,  1.0,         -1.0,
                                         0x1p-20, 1 + 0x1p-20, 1 - 0x1p-20, 0.0,
                                         0x1p-40, 1.0,         0x1p25 + 4,  2.0};
    double s = tl_rng_sign(r), v;
    switch (cls) {
    case TL_SF_UNIT:
        v = s * tl_rng_uniform(r);
        break;
    case TL_SF_WIDE:
        v = s * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? 127 : 1023);
        break;
    case TL_SF_TINY:
        v = s * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? -120 : -1000);
        break;
    case TL_SF_TINY990:
        v = s * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? -120 : -990);
        break;
    case TL_SF_HUGE:
        v = s * tl_rng_loguniform(r, f32 ? 100 : 980, f32 ? 127 : 1023);
        break;
    case TL_SF_INTS4:
        v = (double)tl_draw(r, -4, 4);
        break;
    case TL_SF_ZEROS:
        v = tl_draw(r, 0, 5) ? s * 0.0 : s * (double)tl_draw(r, 1, 3);
        break;
    case TL_SF_TIE32:
        v = s * tie32[tl_draw(r, 0, 11)];
        break;
    case TL_SF_TIE32_FAR:
        v = s * tie32_far[tl_draw(r, 0, 11)];
        break;
    default: {
        long k = tl_draw(r, 0, 19);
        v = k == 0 ? NAN : k == 1 ? s * INFINITY : s * tl_rng_loguniform(r, -20, 20);
    }
    }
    return f32 ? (double)(float)v : v;
}

double tl_class_value(tl_rng *r, tl_class cls, int f32)
{
    static const double special[9] = {
        NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, -3.0, 0x1p-1074, 0x1.fffffffffffffp1023};
    static const double few_special[7] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, -2.0};
    if (cls >= TL_SF_UNIT)
        return sign_first_value(r, cls, f32);
    double v, s;
    switch (cls) {
    case TL_NARROW:
        s = tl_rng_sign(r);
        v = s * (0.5 + tl_rng_uniform(r));
        break;
    case TL_WIDE:
        s = tl_rng_sign(r);
        v = s * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? 127 : 1023);
        break;
    case TL_F32RANGE:
        s = tl_rng_sign(r);
        v = s * tl_rng_loguniform(r, -126, 100);
        break;
    case TL_TINY:
        s = tl_rng_sign(r);
        v = s * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? -120 : -1000);
        break;
    case TL_HALFTINY:
        s = tl_rng_sign(r);
        v = s * tl_rng_loguniform(r, f32 ? -80 : -545, f32 ? -70 : -530);
        break;
    case TL_HALVES8:
    case TL_HALVES4:
        v = (double)(cls == TL_HALVES8 ? tl_draw(r, -8, 8) : tl_draw(r, -4, 4));
        v *= tl_draw(r, 0, 3) ? 1.0 : 0.5;
        break;
    case TL_INTS3:
        v = (double)tl_draw(r, -3, 3);
        break;
    case TL_NEG_ZEROS:
        v = tl_draw(r, 0, 3) ? -0.0 : tl_draw(r, 0, 1) ? 0.0 : tl_rng_sign(r) * 0x1p-3;
        break;
    case TL_ZEROS:
        v = tl_draw(r, 0, 2) ? (tl_draw(r, 0, 1) ? -0.0 : 0.0) : tl_rng_sign(r) * 0.25;
        break;
    case TL_SPECIAL:
        if (tl_draw(r, 0, 2))
            v = special[tl_draw(r, 0, 8)];
        else {
            s = tl_rng_sign(r);
            v = s * tl_rng_uniform(r);
        }
        break;
    default: /* TL_FEW_SPECIAL */
        if (tl_draw(r, 0, 5)) {
            s = tl_rng_sign(r);
            v = s * tl_rng_uniform(r);
        } else
            v = few_special[tl_draw(r, 0, 6)];
    }
    return f32 ? binary32_finite(v) : v;
}

/* ---- generators ------------------------------------------------------------ */

static void gen_random(double range, long n, tl_rng *r, double *x, double *y)
{
    /* Exponents spread uniformly over log2(range) binades, centred on 1. */
    int span = (int)ceil(log2(range > 1 ? range : 1));
    for (long i = 0; i < n; i++) {
        x[i] = tl_rng_loguniform(r, -span / 2, span - span / 2);
        if (y)
            y[i] = tl_rng_loguniform(r, -span / 2, span - span / 2);
    }
}

/* Ogita, Rump and Oishi's GenDot (SIAM J. Sci. Comput. 26(6), 2005, Alg. 6.1):
 * the first half has exponents spread over b/2 binades, the second half is
 * chosen so the exact running dot product cancels, leaving a result whose
 * condition number 2*sum|x_i y_i|/|sum x_i y_i| is about 2^b.  The running
 * dot product is kept exactly in MPFR, so the cost is O(n).  For a sum the
 * same scheme runs with y = 1 (x_i is then the whole term). */
static void gen_illcond(double cond, long n, tl_rng *r, double *x, double *y)
{
    int b = (int)round(log2(cond));
    long n2 = (n + 1) / 2;
    mpfr_t exact, term;
    mpfr_init2(exact, 8192);
    mpfr_init2(term, 128);
    mpfr_set_zero(exact, 1);
    for (long i = 0; i < n; i++) {
        int e;
        if (i < n2)
            e = i == 0 ? b / 2 + 1 : (i == n2 - 1 ? 0 : (int)tl_draw(r, 0, b / 2));
        else
            e = n - n2 > 1 ? (int)round(b / 2.0 * (double)(n - 1 - i) / (double)(n - n2 - 1)) : 0;
        double xi = (2 * tl_rng_uniform(r) - 1) * ldexp(1.0, e);
        double yi = (2 * tl_rng_uniform(r) - 1) * ldexp(1.0, e);
        if (xi == 0)
            xi = 1;
        if (i >= n2) {
            /* make x_i*y_i cancel the running sum: y_i = (t - RN(sum)) / x_i */
            double running = mpfr_get_d(exact, MPFR_RNDN);
            if (y)
                yi = (yi - running) / xi;
            else
                xi = xi - running;
        }
        x[i] = xi;
        if (y)
            y[i] = yi;
        mpfr_set_d(term, xi, MPFR_RNDN);
        if (y)
            mpfr_mul_d(term, term, yi, MPFR_RNDN); /* 106 bits: exact */
        mpfr_add(exact, exact, term, MPFR_RNDN);   /* 8192 bits: exact here */
    }
    mpfr_clear(exact);
    mpfr_clear(term);
    shuffle(r, n, x, y);
}

/* Terms t[0..count) of a sum laid out as products x_i*y_i = t_i exactly:
 * y_i is a random power of two (or 1), x_i = t_i / y_i. */
static void as_products(long count, const double *t, tl_rng *r, double *x, double *y)
{
    for (long i = 0; i < count; i++) {
        double scale = y ? ldexp(1.0, (int)tl_draw(r, -8, 8)) : 1.0;
        x[i] = t[i] / scale;
        if (y)
            y[i] = scale;
        if (y && x[i] * scale != t[i]) { /* t_i too close to the range ends */
            x[i] = t[i];
            y[i] = 1.0;
        }
    }
}

/* Pairs (t, -t) with t of wide range fill slots [from, n): they cancel exactly. */
static void cancelling_pairs(long from, long n, tl_rng *r, double *t, int emin, int emax)
{
    long i = from;
    for (; i + 1 < n; i += 2) {
        t[i] = tl_rng_loguniform(r, emin, emax);
        t[i + 1] = -t[i];
    }
    if (i < n)
        t[i] = 0.0;
}

static void gen_cancel(long n, tl_rng *r, double *x, double *y)
{
    double *t = malloc((n + 1) * sizeof *t);
    cancelling_pairs(0, n, r, t, -100, 100);
    if (y) {
        /* (a, b) and (a, -b): the products cancel without being representable */
        for (long i = 0; i + 1 < n; i += 2) {
            x[i] = x[i + 1] = tl_rng_loguniform(r, -300, 300);
            y[i] = tl_rng_loguniform(r, -300, 300);
            y[i + 1] = -y[i];
        }
        if (n % 2) {
            x[n - 1] = tl_rng_loguniform(r, -10, 10);
            y[n - 1] = 0.0;
        }
    } else {
        memcpy(x, t, n * sizeof *t);
    }
    free(t);
    shuffle(r, n, x, y);
}

/* A half-way case inside a narrow range, where the binned front end takes
 * the block (all terms within ~60 bits of the largest): s in [1,2), +-ulp(s)/2,
 * a nudge of 0 or +-2^-110 (a sticky bit 57 bits below the half ulp), and
 * cancelling pairs of values in (-1,1) (for a dot product, pairs of
 * products a*b and a*(-b), whose rounding errors cancel too; the tie's
 * terms are products with 1). */
static void gen_narrow_tie(long n, tl_rng *r, double *x, double *y)
{
    long used = 0;
    double tie[3] = {1.0 + tl_rng_uniform(r), tl_rng_sign(r) * 0x1p-53, 0.0};
    long nudge = tl_draw(r, 0, 2);
    tie[2] = nudge == 0 ? 0.0 : (nudge == 1 ? 0x1p-110 : -0x1p-110);
    for (; used < 3 && used < n; used++) {
        x[used] = tie[used];
        if (y)
            y[used] = 1.0;
    }
    for (; used + 1 < n; used += 2) {
        double a = 2.0 * tl_rng_uniform(r) - 1.0, b = 2.0 * tl_rng_uniform(r) - 1.0;
        if (y) {
            x[used] = x[used + 1] = a;
            y[used] = b;
            y[used + 1] = -b;
        } else {
            x[used] = a;
            x[used + 1] = -a;
        }
    }
    if (used < n) {
        x[used] = 0.0;
        if (y)
            y[used] = 2.0 * tl_rng_uniform(r) - 1.0;
    }
    shuffle(r, n, x, y);
}

/* a + ulp(a)/2 (a half-way case), optionally nudged just above or below,
 * plus cancelling pairs: exercises round-half-even and the sticky bit.  For
 * a dot product, a third of the cases put the tie on the subnormal grid
 * (a = m*2^-1074, half an ulp = 2^-537 * 2^-538) with a nudge of +-2^-1200,
 * products no double can hold: rounding first to 53 bits and then to the
 * subnormal grid (a double rounding) gets these wrong. */
static void gen_tie(long n, tl_rng *r, double *x, double *y)
{
    double *t = malloc((n + 2) * sizeof *t);
    int subnormal = y && tl_draw(r, 0, 2) == 0;
    double a = subnormal ? tl_rng_sign(r) * ldexp((double)tl_draw(r, 1, 1L << 52), -1074)
                         : tl_rng_loguniform(r, -900, 900);
    int e;
    frexp(a, &e);
    double half_sign = tl_rng_sign(r);
    long nudge = tl_draw(r, 0, 2); /* 0: exact tie; 1, 2: just above / below */
    t[0] = a;
    long used = 1;
    if (n >= 2 && !subnormal)
        t[used++] = half_sign * ldexp(1.0, e - 54); /* half an ulp of a */
    if (n >= 3 && !subnormal)
        t[used++] = nudge == 0 ? 0.0 : (nudge == 1 ? 1 : -1) * ldexp(1.0, -1074);
    if (subnormal)
        used = n < 3 ? n : 3; /* slots 1 and 2 are set as products below */
    cancelling_pairs(used, n, r, t, -1000, 1000);
    as_products(n, t, r, x, y);
    if (subnormal) {
        x[0] = a;
        y[0] = 1.0;
        if (n >= 2) {
            x[1] = half_sign * 0x1p-537;
            y[1] = 0x1p-538;
        }
        if (n >= 3) {
            x[2] = nudge == 0 ? 0.0 : (nudge == 1 ? 1 : -1) * 0x1p-600;
            y[2] = 0x1p-600;
        }
    }
    free(t);
    shuffle(r, n, x, y);
}

static void gen_subnormal(long n, tl_rng *r, double *x, double *y)
{
    if (y) {
        /* products near and below 2^-1074: underflow as reals */
        for (long i = 0; i < n; i++) {
            x[i] = tl_rng_loguniform(r, -560, -500);
            y[i] = tl_rng_loguniform(r, -560, -500);
        }
        if (n >= 3) { /* a cancelling normal pair on top */
            x[0] = x[1] = tl_rng_loguniform(r, -10, 10);
            y[0] = tl_rng_loguniform(r, -10, 10);
            y[1] = -y[0];
        }
    } else {
        double *t = malloc((n + 1) * sizeof *t);
        long half = n / 2;
        for (long i = 0; i < half; i++)
            t[i] = tl_rng_sign(r) * ldexp((double)tl_draw(r, 1, 1L << 40), -1074);
        cancelling_pairs(half, n, r, t, -1022, 0);
        memcpy(x, t, n * sizeof *t);
        free(t);
    }
    shuffle(r, n, x, y);
}

/* Products beyond DBL_MAX as reals, cancelling in pairs, plus normal terms. */
static void gen_overflow(long n, tl_rng *r, double *x, double *y)
{
    for (long i = 0; i < n; i++) {
        x[i] = tl_rng_loguniform(r, -20, 20);
        if (y)
            y[i] = tl_rng_loguniform(r, -20, 20);
    }
    for (long i = 0; i + 1 < n; i += 4) {
        if (y) {
            x[i] = x[i + 1] = tl_rng_loguniform(r, 500, 1023);
            y[i] = tl_rng_loguniform(r, 500, 1023);
            y[i + 1] = -y[i];
        } else { /* partial sums beyond DBL_MAX: DBL_MAX + DBL_MAX - DBL_MAX ... */
            x[i] = x[i + 1] = copysign(0x1.fffffffffffffp1023, tl_rng_sign(r));
            if (i + 2 < n)
                x[i + 2] = -x[i];
            if (i + 3 < n)
                x[i + 3] = -x[i];
        }
    }
    shuffle(r, n, x, y);
}

/* Products far below 2^-1074 beside ordinary terms: they only touch the
 * sticky bit, or decide the result when the ordinary terms cancel. */
static void gen_underflow(long n, tl_rng *r, double *x, double *y)
{
    for (long i = 0; i < n; i++) {
        int tiny = tl_rng_uniform(r) < 0.7;
        x[i] = tiny ? tl_rng_loguniform(r, -700, -540) : tl_rng_loguniform(r, -30, 30);
        if (y)
            y[i] = tiny ? tl_rng_loguniform(r, -700, -540) : tl_rng_loguniform(r, -30, 30);
        else if (tiny)
            x[i] = tl_rng_sign(r) * ldexp(1.0, -1074) * (double)tl_draw(r, 1, 7);
    }
    shuffle(r, n, x, y);
}

/* Random data with NaN, +-Inf, or Inf*0 placed at random. */
static void gen_special(long n, tl_rng *r, double *x, double *y)
{
    gen_random(1e10, n, r, x, y);
    int count = (int)tl_draw(r, 1, 3);
    for (int c = 0; c < count && n > 0; c++) {
        long i = tl_draw(r, 0, n - 1);
        double *v = (y && (tl_rng_u64(r) & 1)) ? y : x;
        switch (tl_draw(r, 0, 3)) {
        case 0:
            v[i] = NAN;
            break;
        case 1:
            v[i] = INFINITY;
            break;
        case 2:
            v[i] = -INFINITY;
            break;
        default: /* Inf * 0 */
            x[i] = INFINITY;
            if (y)
                y[i] = 0.0;
            break;
        }
    }
}

/* Signed zeros for the zero-sign rule (CONTRACT.md): per case, every term
 * -0; every term -0 but one +0; -0 terms and one exactly cancelling pair;
 * or random zeros.  For a dot product y is nonzero, x carries the zeros. */
static void gen_zeros(long n, tl_rng *r, double *x, double *y)
{
    int mode = (int)tl_draw(r, 0, 3);
    for (long i = 0; i < n; i++) {
        double yi = y ? tl_rng_sign(r) * tl_rng_loguniform(r, -10, 10) : 1.0;
        /* x_i * y_i is -0 when x_i's zero has the opposite sign of y_i */
        int negative = mode == 3 ? (int)(tl_rng_u64(r) & 1) : 1;
        x[i] = (negative == (yi > 0)) ? -0.0 : 0.0;
        if (y)
            y[i] = yi;
    }
    long i = tl_draw(r, 0, n - 1);
    if (mode == 1)
        x[i] = -x[i];
    if (mode == 2 && n >= 2) {
        long k = (i + 1) % n;
        x[i] = tl_rng_loguniform(r, -20, 20);
        x[k] = y ? -x[i] * y[i] / y[k] : -x[i];
        if (y && x[k] * y[k] != -x[i] * y[i]) /* not exactly cancelling: make it so */
            y[k] = y[i], x[k] = -x[i];
    }
}

/* A sum whose floating-point approximation errs on purpose, for the
 * filter's bound (core/filter.h).  Lane 0 of the host's 32-lane filter
 * (elements 0, 32, 64, ...) takes M = 2^60 + 2^9 (ulp 256), then
 * A = 128 - m b / 2 and m copies of b = 0.75 * 2^-47, every other element 0:
 * M absorbs each small term (its TwoSum error is the term itself), and the
 * floating-point sum of the errors stays at A (b is below half an ulp of A)
 * while the exact sum of the small terms is 128 + m b / 2.  So the filter's
 * sum lies m b / 2 below the midpoint M + 128 and the exact one about as
 * far above it: a bound below m b / 2 (3m/16 ulps of A, against the
 * bound's 2 (d + 1) ulps, d about n / 64 with two threads) rounds to M
 * instead of M + 256, once m b / 2 also exceeds the decision's own margin
 * (2^-50 of the half gap: m > 43).  All scaled by a random power of two and
 * sign; y = 1 for a dot product.  (m = n / 64 - 2: all of it in the first
 * half, the first thread's share with two.) */
static void gen_lane_tie(long n, tl_rng *r, double *x, double *y)
{
    for (long i = 0; i < n; i++) {
        x[i] = 0.0;
        if (y)
            y[i] = 1.0;
    }
    long m = n / 64 - 2;
    m = m < 0 ? 0 : m;
    double scale = tl_rng_sign(r) * ldexp(1.0, tl_draw(r, -400, 400)), b = 0.75 * 0x1p-47;
    x[0] = (0x1p60 + 0x1p9) * scale;
    if (n > 32)
        x[32] = (128.0 - (double)m * b / 2) * scale;
    for (long k = 0; k < m; k++)
        x[64 + 32 * k] = b * scale;
}

int tl_generate(const char *kind, double param, long n, tl_rng *r, double *x, double *y)
{
    if (n <= 0)
        return 0;
    if (strcmp(kind, "random") == 0)
        gen_random(param, n, r, x, y);
    else if (strcmp(kind, "illcond") == 0)
        gen_illcond(param, n, r, x, y);
    else if (strcmp(kind, "cancel") == 0)
        gen_cancel(n, r, x, y);
    else if (strcmp(kind, "tie") == 0)
        gen_tie(n, r, x, y);
    else if (strcmp(kind, "narrowtie") == 0)
        gen_narrow_tie(n, r, x, y);
    else if (strcmp(kind, "lanetie") == 0)
        gen_lane_tie(n, r, x, y);
    else if (strcmp(kind, "subnormal") == 0)
        gen_subnormal(n, r, x, y);
    else if (strcmp(kind, "overflow") == 0)
        gen_overflow(n, r, x, y);
    else if (strcmp(kind, "underflow") == 0)
        gen_underflow(n, r, x, y);
    else if (strcmp(kind, "special") == 0)
        gen_special(n, r, x, y);
    else if (strcmp(kind, "zeros") == 0)
        gen_zeros(n, r, x, y);
    else
        return -1;
    return 0;
}

/* ---- oracle ------------------------------------------------------------------ */

double tl_oracle_dot(long n, const double *x, long incx, const double *y, long incy)
{
    if (n <= 0)
        return 0.0;
    long ix = incx < 0 ? (1 - n) * incx : 0, iy = incy < 0 ? (1 - n) * incy : 0;
    /* Pass 1: IEEE special values, and the span of bits the exact sum needs. */
    int nan = 0, pos_inf = 0, neg_inf = 0;
    long top = -100000, bottom = 100000, negzero_terms = 0;
    for (long i = 0, jx = ix, jy = iy; i < n; i++, jx += incx, jy += incy) {
        double a = x[jx], b = y ? y[jy] : 1.0;
        /* IEEE's sign rule for a zero product; a nonzero term is not -0 */
        negzero_terms +=
            (a == 0 || b == 0) && isfinite(a) && isfinite(b) && (signbit(a) != signbit(b));
        if (!isfinite(a) || !isfinite(b)) {
            double p = a * b; /* IEEE classifies: Inf*0 = NaN, Inf*b = +-Inf */
            nan |= isnan(p);
            pos_inf |= p == INFINITY;
            neg_inf |= p == -INFINITY;
            continue;
        }
        if (a == 0 || b == 0)
            continue;
        int ea, eb;
        frexp(a, &ea);
        frexp(b, &eb);
        if (ea + eb > top)
            top = ea + eb;
        if (ea + eb - 160 < bottom) /* each significand has <= 53 bits below its top */
            bottom = ea + eb - 160;
    }
    if (nan || (pos_inf && neg_inf))
        return tl_canonical(NAN);
    if (pos_inf || neg_inf)
        return pos_inf ? INFINITY : -INFINITY;
    if (top < bottom)
        return tl_zero_of_terms(n, negzero_terms);
    /* Pass 2: the exact sum at a precision that holds all its bits. */
    long bits_for_count = 2;
    while ((1L << bits_for_count) < n)
        bits_for_count++;
    mpfr_t sum, term;
    mpfr_init2(sum, (mpfr_prec_t)(top - bottom + bits_for_count + 64));
    mpfr_init2(term, 128);
    mpfr_set_zero(sum, 1);
    for (long i = 0, jx = ix, jy = iy; i < n; i++, jx += incx, jy += incy) {
        mpfr_set_d(term, x[jx], MPFR_RNDN);
        if (y)
            mpfr_mul_d(term, term, y[jy], MPFR_RNDN); /* 106 <= 128 bits: exact */
        int inexact = mpfr_add(sum, sum, term, MPFR_RNDN);
        if (inexact) {
            fprintf(stderr, "oracle: MPFR sum was not exact (a bug in the oracle)\n");
            abort();
        }
    }
    /* One rounding to binary64; mpfr_get_d rounds subnormals directly. */
    double result =
        mpfr_zero_p(sum) ? tl_zero_of_terms(n, negzero_terms) : mpfr_get_d(sum, MPFR_RNDN);
    mpfr_clear(sum);
    mpfr_clear(term);
    return result;
}

/* ---- tallies ------------------------------------------------------------------ */

void tl_tally_add(tl_tally *total, const tl_tally *part)
{
    total->cases += part->cases;
    total->runs += part->runs;
    total->mismatches += part->mismatches;
}

int tl_verdict(const char *name, const tl_tally *t, int nknobs)
{
    if (t->mismatches == 0)
        printf("%s: PASSED: %ld cases x %d knob settings (%ld runs) bit-exact against MPFR\n", name,
               t->cases, nknobs, t->runs);
    else
        printf("%s: FAILED: %ld of %ld runs differ from MPFR\n", name, t->mismatches, t->runs);
    return t->mismatches != 0;
}

void tl_tally_header(void)
{
    printf("%-18s %8s %8s %10s\n", "generator", "cases", "runs", "mismatch");
}

void tl_tally_row(const char *gen, double param, const tl_tally *t)
{
    char name[64];
    snprintf(name, sizeof name, "%s:%g", gen, param);
    printf("%-18s %8ld %8ld %10ld\n", name, t->cases, t->runs, t->mismatches);
}

/* ---- layout, knobs, input ---------------------------------------------------- */

long tl_layout_len(long n, long inc)
{
    return n > 0 ? 1 + (n - 1) * (inc < 0 ? -inc : inc) : 1;
}

double *tl_layout(const double *v, long n, long inc)
{
    long len = tl_layout_len(n, inc);
    double *a = malloc(len * sizeof *a);
    for (long i = 0; i < len; i++)
        a[i] = NAN;
    long start = inc < 0 ? (1 - n) * inc : 0;
    for (long i = 0; i < n; i++)
        a[start + i * inc] = v[i]; /* inc = 0: the last write wins, like BLAS reads */
    return a;
}

void tl_apply_knobs(const char *setting)
{
    /* every knob shares the prefix (the registry, support/knobs.c): no list here */
    extern char **environ;
    for (int again = 1; again;) {
        again = 0;
        for (char **e = environ; *e; e++)
            if (strncmp(*e, "EXACTBLAS_", 10) == 0) {
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)strcspn(*e, "="), *e);
                unsetenv(name); /* changes environ: scan again */
                again = 1;
                break;
            }
    }
    char copy[256];
    snprintf(copy, sizeof copy, "%s", setting);
    for (char *tok = strtok(copy, " \t"); tok; tok = strtok(NULL, " \t")) {
        char *eq = strchr(tok, '=');
        if (eq) {
            *eq = '\0';
            setenv(tok, eq + 1, 1);
        }
    }
    exactblas_reload_knobs(); /* the library reads its knobs once otherwise */
}

double tl_canonical(double x)
{
    if (!isnan(x))
        return x;
    uint64_t bits = UINT64_C(0x7FF8000000000000);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

double tl_zero_of_terms(long terms, long negzero_terms)
{
    return terms > 0 && negzero_terms == terms ? -0.0 : 0.0;
}

uint64_t tl_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static int read_list(char *rest, long *out, int max)
{
    int count = 0;
    for (char *tok = strtok(rest, " \t"); tok && count < max; tok = strtok(NULL, " \t"))
        out[count++] = strtol(tok, NULL, 10);
    return count;
}

int tl_read_input(const char *path, tl_input *in)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open input file %s\n", path);
        return -1;
    }
    memset(in, 0, sizeof *in);
    in->cases = 1;
    in->big = 100000;
    in->seed = 1;
    in->reps = 5;
    in->threads = 2;
    in->per_decade = 1;
    in->tries = 10000;
    in->ref_bound = 1.0;
    in->knob_every = 1;
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        char key[32];
        int used = 0;
        if (sscanf(line, " %31s %n", key, &used) != 1)
            continue;
        char *rest = line + used;
        if (strcmp(key, "sizes") == 0)
            in->nsizes = read_list(rest, in->sizes, TL_MAX_ITEMS);
        else if (strcmp(key, "incs") == 0)
            in->nincs = read_list(rest, in->incs, TL_MAX_ITEMS);
        else if (strcmp(key, "gen") == 0 && in->ngens < TL_MAX_ITEMS) {
            in->gen_params[in->ngens] = 0;
            if (sscanf(rest, "%31s %lf", in->gens[in->ngens], &in->gen_params[in->ngens]) >= 1)
                in->ngens++;
        } else if (strcmp(key, "knobs") == 0 && in->nknobs < TL_MAX_ITEMS)
            snprintf(in->knobs[in->nknobs++], sizeof in->knobs[0], "%s", rest);
        else if (strcmp(key, "cases") == 0)
            in->cases = atoi(rest);
        else if (strcmp(key, "big") == 0)
            in->big = atol(rest);
        else if (strcmp(key, "knob_every") == 0)
            in->knob_every = atol(rest);
        else if (strcmp(key, "seed") == 0)
            in->seed = strtoull(rest, NULL, 10);
        else if (strcmp(key, "reps") == 0)
            in->reps = atoi(rest);
        else if (strcmp(key, "threads") == 0)
            in->threads = atoi(rest);
        else if (strcmp(key, "refine") == 0)
            in->nrefine = read_list(rest, in->refine, TL_MAX_ITEMS);
        else if (strcmp(key, "decades") == 0)
            sscanf(rest, "%d %d", &in->decade_lo, &in->decade_hi);
        else if (strcmp(key, "per_decade") == 0)
            in->per_decade = atoi(rest);
        else if (strcmp(key, "tries") == 0)
            in->tries = atol(rest);
        else if (strcmp(key, "ref_bound") == 0)
            in->ref_bound = strtod(rest, NULL);
        else if (strcmp(key, "bound") == 0 && in->nbounds < TL_MAX_ITEMS) {
            int k = in->nbounds;
            if (sscanf(rest, "%ld %lf %lf", &in->bound_steps[k], &in->bound_factor[k],
                       &in->bound_cond[k]) == 3)
                in->nbounds++;
        } else if (strcmp(key, "output") == 0)
            sscanf(rest, "%199s", in->output);
        else if (strcmp(key, "variants") == 0) {
            for (char *tok = strtok(rest, " \t"); tok && in->nvariants < TL_MAX_ITEMS;
                 tok = strtok(NULL, " \t"))
                snprintf(in->variants[in->nvariants++], sizeof in->variants[0], "%s", tok);
        } else {
            fprintf(stderr, "%s:%d: unknown keyword '%s'\n", path, lineno, key);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    if (in->nknobs == 0)
        snprintf(in->knobs[in->nknobs++], sizeof in->knobs[0], "%s", "");
    return 0;
}

int tl_setting_wants_opencl(const char *setting)
{
    const char *dev = strstr(setting, "EXACTBLAS_DEVICE=");
    if (!dev)
        return 0;
    dev += strlen("EXACTBLAS_DEVICE=");
    return strncasecmp(dev, "opencl", 6) == 0 || (*dev >= '0' && *dev <= '9');
}

#ifdef TL_HAVE_OPENCL
int tl_opencl_pick(cl_platform_id *platform, cl_device_id *device)
{
    cl_platform_id plats[16];
    cl_uint nplat = 0;
    if (clGetPlatformIDs(16, plats, &nplat) != CL_SUCCESS)
        return 0;
    for (int pass = 0; pass < 2; pass++)
        for (cl_uint p = 0; p < nplat && p < 16; p++) {
            cl_device_id devs[16];
            cl_uint ndev = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &ndev) != CL_SUCCESS)
                continue;
            for (cl_uint d = 0; d < ndev && d < 16; d++) {
                char ext[8192] = "";
                cl_device_type type = 0;
                clGetDeviceInfo(devs[d], CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
                clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
                if ((pass == 1 || (type & CL_DEVICE_TYPE_GPU)) && strstr(ext, "cl_khr_fp64") &&
                    strstr(ext, "cl_khr_int64_base_atomics")) {
                    *platform = plats[p];
                    *device = devs[d];
                    return 1;
                }
            }
        }
    return 0;
}
#endif

long tl_opencl_max_wg(void)
{
#ifdef TL_HAVE_OPENCL
    cl_platform_id platform;
    cl_device_id device;
    size_t wg = 0;
    if (!tl_opencl_pick(&platform, &device))
        return 0;
    clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    static int told;
    if (!told) { /* the log says which device the "opencl" lines ran on */
        char name[256] = "", plat[256] = "";
        clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
        clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof plat - 1, plat, NULL);
        printf("OpenCL device: %s (platform %s, largest work-group %zu)\n", name, plat, wg);
        fflush(stdout);
        told = 1;
    }
    return wg > 0 ? (long)wg : 1;
#else
    return 0;
#endif
}

int tl_opencl_available(void)
{
    return tl_opencl_max_wg() > 0;
}

int tl_check_path(const char *label, const char *setting)
{
    int path = exactblas_last_path(), ok;
    if (path == EXACTBLAS_PATH_NONE)
        return 1;
    if (strstr(setting, "TL_EXPECT=fallback")) /* the failure path itself is under test */
        ok = (path & EXACTBLAS_PATH_HOST) && (path & EXACTBLAS_PATH_FALLBACK);
    else if (tl_setting_wants_opencl(setting) && strstr(setting, "EXACTBLAS_FP64=0"))
        /* binary32 only: EXDGEMM's binary32 engine, or the host (one line) */
        ok = !(path & EXACTBLAS_PATH_FALLBACK) &&
             ((path & EXACTBLAS_PATH_OPENCL) ? (path & EXACTBLAS_PATH_FP32) != 0
                                             : (path & EXACTBLAS_PATH_HOST) != 0);
    else if (tl_setting_wants_opencl(setting))
        ok = (path & EXACTBLAS_PATH_OPENCL) && !(path & EXACTBLAS_PATH_FALLBACK) &&
             !(path & EXACTBLAS_PATH_FP32);
    else if (strstr(setting, "EXACTBLAS_DEVICE=host"))
        ok = (path & EXACTBLAS_PATH_HOST) && !(path & EXACTBLAS_PATH_OPENCL);
    else
        ok = !(path & EXACTBLAS_PATH_FALLBACK);
    if (!ok)
        printf("WRONG PATH %s knobs=[%s]: ran%s%s%s%s\n", label, setting,
               path & EXACTBLAS_PATH_HOST ? " host" : "",
               path & EXACTBLAS_PATH_OPENCL ? " opencl" : "",
               path & EXACTBLAS_PATH_FP32 ? " (binary32 engine)" : "",
               path & EXACTBLAS_PATH_FALLBACK ? " (OpenCL failed: fallback)" : "");
    return ok;
}

int tl_bins_allowed(const char *setting)
{
    if (strstr(setting, "EXACTBLAS_HOST_ISA=generic") || strstr(setting, "EXACTBLAS_FRONT=table") ||
        strstr(setting, "EXACTBLAS_FRONT=fpe") || strstr(setting, "EXACTBLAS_FPE=0"))
        return 0;
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl");
#else
    return 0;
#endif
}

int tl_filter_allowed(const char *setting)
{
    return tl_bins_allowed(setting) && !strstr(setting, "EXACTBLAS_FILTER=0");
}

int tl_cl_filter_allowed(const char *setting)
{
    return !strstr(setting, "EXACTBLAS_FRONT=table") && !strstr(setting, "EXACTBLAS_FRONT=fpe") &&
           !strstr(setting, "EXACTBLAS_FPE=0") && !strstr(setting, "EXACTBLAS_FILTER=0");
}

int tl_read_args(int argc, char **argv, tl_input *in)
{
    const char *mode = argc == 3 ? argv[2] : "all";
    int known = !strcmp(mode, "all") || !strcmp(mode, "host") || !strcmp(mode, "opencl");
    if ((argc != 2 && argc != 3) || !known || tl_read_input(argv[1], in) != 0) {
        fprintf(stderr, "usage: %s input-file [host|opencl|all]\n", argv[0]);
        return -1;
    }
    if (strcmp(mode, "all") != 0) {
        int keep = 0, want_cl = strcmp(mode, "opencl") == 0;
        for (int k = 0; k < in->nknobs; k++)
            if (tl_setting_wants_opencl(in->knobs[k]) == want_cl)
                memmove(in->knobs[keep++], in->knobs[k], sizeof in->knobs[k]);
        in->nknobs = keep;
    }
    int any_cl = 0;
    for (int k = 0; k < in->nknobs; k++)
        any_cl |= tl_setting_wants_opencl(in->knobs[k]) && !strstr(in->knobs[k], "TL_EXPECT=");
    if (any_cl && !tl_opencl_available()) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics: the OpenCL "
               "lines of %s did not run\n",
               argv[1]);
        exit(TL_SKIP);
    }
    return 0;
}

/* ---- watchdog ----------------------------------------------------------- */

static char watched[640];

static void on_hang(int sig)
{
    (void)sig;
    static const char head[] = "FAILED: no progress within the watchdog's limit: ";
    write(STDOUT_FILENO, head, sizeof head - 1);
    write(STDOUT_FILENO, watched, strlen(watched));
    write(STDOUT_FILENO, "\n", 1);
    _exit(1);
}

void tl_watchdog(unsigned seconds, const char *what)
{
    alarm(0);
    snprintf(watched, sizeof watched, "%s", what);
    signal(SIGALRM, on_hang);
    alarm(seconds);
}

/* ---- child processes ------------------------------------------------------ */

int tl_child(int (*fn)(void *arg, int fd), void *arg, unsigned seconds, int capture_stderr,
             char *out, size_t cap, size_t *len)
{
    int fd[2];
    *len = 0;
    if (cap > 0)
        out[0] = '\0';
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        if (capture_stderr)
            dup2(fd[1], STDERR_FILENO);
        alarm(seconds);
        exit(fn(arg, fd[1]));
    }
    close(fd[1]);
    ssize_t got;
    while (cap > 0 && *len < cap - 1 && (got = read(fd[0], out + *len, cap - 1 - *len)) > 0)
        *len += (size_t)got;
    if (cap > 0)
        out[*len] = '\0';
    close(fd[0]);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    return status;
}

/* ---- the caller's floating-point environment -------------------------------- */

#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#define TL_MXCSR 1
#else
#include <fenv.h>
#endif

/* Each kind: a name, the MXCSR control bits beyond the default 0x1F80
 * (rounding 0x2000 down, 0x4000 up, 0x6000 toward zero; 0x8000 FTZ; 0x0040
 * DAZ), and whether status flags are raised before the call. */
static const struct {
    const char *name;
    unsigned int control;
    int round;
    int flags;
} callenvs[] = {
    {"default", 0x0000u, 0, 0},  {"default+flags", 0x0000u, 0, 1},  {"upward", 0x4000u, 2, 0},
    {"downward", 0x2000u, 1, 1}, {"towardzero", 0x6000u, 3, 0},     {"ftz", 0x8000u, 0, 0},
    {"daz", 0x0040u, 0, 1},      {"ftz+daz+upward", 0xC040u, 2, 1},
};
#define NCALLENVS ((long)(sizeof callenvs / sizeof callenvs[0]))

tl_callenv tl_callenv_of(long c)
{
    tl_callenv e;
    const char *pin = getenv("EXACTBLAS_TEST_CALLENV");
    e.kind = (int)(((c % NCALLENVS) + NCALLENVS) % NCALLENVS);
    for (long k = 0; pin && k < NCALLENVS; k++)
        if (strcmp(pin, callenvs[k].name) == 0)
            e.kind = (int)k;
    /* flags: a different subset of the six per case, never none */
    unsigned int flags = callenvs[e.kind].flags ? 1u + (unsigned int)((c * 37) % 63) : 0u;
    e.mxcsr = 0x1F80u | callenvs[e.kind].control | flags;
    static const int rounds[] = {
#ifdef TL_MXCSR
        0, 0, 0, 0
#else
        FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO
#endif
    };
    e.round = rounds[callenvs[e.kind].round];
    e.excepts = 0;
#ifndef TL_MXCSR
    static const int all[] = {FE_INVALID, FE_DIVBYZERO, FE_OVERFLOW, FE_UNDERFLOW, FE_INEXACT};
    for (int k = 0; k < 5; k++)
        if (flags >> k & 1)
            e.excepts |= all[k];
#endif
    return e;
}

const char *tl_callenv_name(const tl_callenv *e)
{
    return callenvs[e->kind].name;
}

void tl_callenv_enter(const tl_callenv *e)
{
#ifdef TL_MXCSR
    _mm_setcsr(e->mxcsr);
#else
    feclearexcept(FE_ALL_EXCEPT);
    fesetround(e->round);
    if (e->excepts)
        feraiseexcept(e->excepts);
#endif
}

int tl_callenv_leave(const tl_callenv *e, char *why, size_t len)
{
#ifdef TL_MXCSR
    unsigned int got = _mm_getcsr();
    _mm_setcsr(0x1F80u);
    if (got == e->mxcsr)
        return 1;
    snprintf(why, len, "caller's environment %s: MXCSR 0x%04x before the call, 0x%04x after",
             callenvs[e->kind].name, e->mxcsr, got);
#else
    int round = fegetround(), excepts = fetestexcept(FE_ALL_EXCEPT);
    feclearexcept(FE_ALL_EXCEPT);
    fesetround(FE_TONEAREST);
    if (round == e->round && excepts == e->excepts)
        return 1;
    snprintf(why, len, "caller's environment %s: rounding %d flags 0x%x before, %d 0x%x after",
             callenvs[e->kind].name, e->round, e->excepts, round, excepts);
#endif
    return 0;
}

/*
 * zrotg.c -- ZROTG and CROTG, each output correctly rounded (level1.h has
 * the rule).  With F = |f|^2, G = |g|^2, H = F + G (f = a, g = b on entry):
 *     c = sqrt(F / H),  r = f sqrt(H / F),  s = conj(g) f / sqrt(F H)
 * (f = 0: c = 0, r = sqrt(G), s = conj(g) / sqrt(G); g = 0: c = 1, s = 0,
 * r = f), LAPACK 3.11's zrotg.f90 without its roundings.  Each real output
 * is +-sqrt(A / B) for A, B exact sums of products of doubles (r's real
 * part: A = fr^2 H, B = F; s's: A = (gr fr + gi fi)^2, B = F H); its
 * rounding is the least value q of the format whose upper midpoint m has
 * A <= m^2 B (a tie to the even one), found by bisection over the ordered
 * bit patterns, every comparison exact: the products (up to six factors,
 * the midpoint's 55-bit integer among them) are multiplied out in 32-bit
 * limbs and summed in a long digit array wide enough for any of them.
 */
#include "level1.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/exb_core.h"
#include "core/fpenv.h"
#include "support/path.h"

/* Sums of products of up to six doubles: 2^-6600 .. 2^6840. */
#define BIG_LSB (-6600)
#define BIG_DIGITS 420

/* coef * f[0] ... f[nf-1], coef +-1 or +-2. */
typedef struct rterm {
    double f[4];
    int nf, coef;
} rterm;

typedef struct rexpr {
    rterm t[10];
    int n;
} rexpr;

static void term(rexpr *e, int coef, int nf, double a, double b, double c, double d)
{
    rterm *t = &e->t[e->n++];
    t->coef = coef, t->nf = nf;
    t->f[0] = a, t->f[1] = b, t->f[2] = c, t->f[3] = d;
}

/* d += (neg ? -1 : 1) * prod(m[k]) * 2^lsb, every m[k] < 2^55. */
static void deposit_product(int64_t *d, int *lo, int *hi, int nm, const uint64_t *m, int lsb,
                            int neg)
{
    uint32_t r[16] = {1};
    int len = 1;
    for (int k = 0; k < nm; k++) {
        uint32_t f[2] = {(uint32_t)m[k], (uint32_t)(m[k] >> 32)};
        uint32_t out[16] = {0};
        for (int i = 0; i < len; i++) {
            uint64_t carry = 0;
            for (int j = 0; j < 2; j++) {
                uint64_t v = (uint64_t)r[i] * f[j] + out[i + j] + carry;
                out[i + j] = (uint32_t)v;
                carry = v >> 32;
            }
            for (int q = i + 2; carry && q < 16; q++) {
                uint64_t v = (uint64_t)out[q] + carry;
                out[q] = (uint32_t)v;
                carry = v >> 32;
            }
        }
        len += 2;
        memcpy(r, out, sizeof r);
    }
    for (int k = 0; k < len && k < 16; k++)
        if (r[k])
            exb_digits_deposit(d, BIG_LSB, lo, hi, r[k], lsb + 32 * k, neg);
}

/* d += (sign) * mm * prod(t's factors), mm = mid^2 when mid is given. */
static void deposit_term(int64_t *d, int *lo, int *hi, const rterm *t, int neg, uint64_t mid,
                         int mid_lsb)
{
    uint64_t m[6];
    int nm = 0, lsb = 0, sign = neg != (t->coef < 0);
    for (int k = 0; k < t->nf; k++) {
        int l;
        exb_split_double(t->f[k], &m[nm], &l);
        if (!m[nm])
            return;
        sign ^= signbit(t->f[k]) != 0;
        lsb += l, nm++;
    }
    if (t->coef == 2 || t->coef == -2)
        lsb += 1;
    if (mid) {
        m[nm++] = mid, m[nm++] = mid;
        lsb += 2 * mid_lsb;
    }
    deposit_product(d, lo, hi, nm, m, lsb, sign);
}

/* The format's upper midpoint of the nonnegative value with bit pattern
 * `bits` (binary32 patterns when f32): mid * 2^lsb. */
static void midpoint(int f32, uint64_t bits, uint64_t *mid, int *lsb)
{
    uint64_t q;
    int e;
    if (f32) {
        int biased = (int)((bits >> 23) & 0xff);
        q = (bits & 0x7fffffu) | (biased ? 0x800000u : 0);
        e = biased ? biased - 150 : -149;
    } else {
        int biased = (int)((bits >> 52) & 0x7ff);
        q = (bits & UINT64_C(0xfffffffffffff)) | (biased ? UINT64_C(1) << 52 : 0);
        e = biased ? biased - 1075 : -1074;
    }
    *mid = 2 * q + 1;
    *lsb = e - 1;
}

/* Whether sqrt(A / B) rounds at or below the value `bits`: the sign of A -
 * m^2 B, a tie to the even pattern. */
static int at_or_below(int f32, const rexpr *A, const rexpr *B, uint64_t bits)
{
    int64_t d[BIG_DIGITS];
    memset(d, 0, sizeof d);
    int lo = BIG_DIGITS, hi = -1;
    uint64_t mid;
    int ml;
    midpoint(f32, bits, &mid, &ml);
    for (int k = 0; k < A->n; k++)
        deposit_term(d, &lo, &hi, &A->t[k], 0, 0, 0);
    for (int k = 0; k < B->n; k++)
        deposit_term(d, &lo, &hi, &B->t[k], 1, mid, ml);
    int s = 0;
    if (lo <= hi) {
        int top = hi + 2;
        int neg = exb_digits_magnitude(d, lo, top);
        s = exb_digits_msb(d, lo, top) < 0 ? 0 : neg ? -1 : 1;
    }
    return s < 0 || (s == 0 && (bits & 1) == 0);
}

/* RN(sqrt(A / B)) in the format, A >= 0, B > 0 exact. */
static double rn_sqrt_ratio(int f32, const rexpr *A, const rexpr *B)
{
    uint64_t lo = 0, hi = f32 ? 0x7f800000u : UINT64_C(0x7ff0000000000000);
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (at_or_below(f32, A, B, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (f32) {
        uint32_t b = (uint32_t)lo;
        float v;
        memcpy(&v, &b, sizeof v);
        return v;
    }
    return exb_from_bits(lo);
}

/* The sign of x y + z w, exact (0 for an exact zero). */
static int sign2(double x, double y, double z, double w)
{
    rexpr e = {.n = 0};
    term(&e, 1, 2, x, y, 0, 0);
    term(&e, 1, 2, z, w, 0, 0);
    int64_t d[BIG_DIGITS];
    memset(d, 0, sizeof d);
    int lo = BIG_DIGITS, hi = -1;
    for (int k = 0; k < e.n; k++)
        deposit_term(d, &lo, &hi, &e.t[k], 0, 0, 0);
    if (lo > hi)
        return 0;
    int neg = exb_digits_magnitude(d, lo, hi + 2);
    return exb_digits_msb(d, lo, hi + 2) < 0 ? 0 : neg ? -1 : 1;
}

/* RN(P / sqrt(B)) with P = x y + z w exact: +-sqrt(P^2 / B); P = 0: +0, or
 * -0 when both products are -0. */
static double rn_over_sqrt(int f32, double x, double y, double z, double w, const rexpr *B)
{
    int s = sign2(x, y, z, w);
    if (s == 0) {
        int negzero = signbit(x * y) && signbit(z * w) && x * y == 0 && z * w == 0;
        return negzero ? -0.0 : 0.0;
    }
    rexpr A = {.n = 0}; /* (x y + z w)^2 */
    term(&A, 1, 4, x, y, x, y);
    term(&A, 2, 4, x, y, z, w);
    term(&A, 1, 4, z, w, z, w);
    double q = rn_sqrt_ratio(f32, &A, B);
    return s < 0 ? -q : q;
}

/* The sums of squares |v|^2 of (re, im) pairs into e. */
static void squares(rexpr *e, const double *v)
{
    term(e, 1, 2, v[0], v[0], 0, 0);
    term(e, 1, 2, v[1], v[1], 0, 0);
}

/* c, s, r from f, g (finite), each rounded once to the format. */
static void rotg_exact(int f32, const double *f, const double *g, double *c, double *s, double *r)
{
    if (g[0] == 0.0 && g[1] == 0.0) {
        *c = 1.0, s[0] = s[1] = 0.0, r[0] = f[0], r[1] = f[1];
        return;
    }
    rexpr G = {.n = 0}, one = {.n = 0};
    squares(&G, g);
    term(&one, 1, 1, 1.0, 0, 0, 0);
    if (f[0] == 0.0 && f[1] == 0.0) {
        /* c = 0, r = sqrt(G), s = conj(g) / sqrt(G) */
        *c = 0.0;
        r[0] = rn_sqrt_ratio(f32, &G, &one), r[1] = 0.0;
        s[0] = rn_over_sqrt(f32, g[0], 1.0, -0.0, 1.0, &G); /* -0 + gr: gr's zero */
        s[1] = rn_over_sqrt(f32, -g[1], 1.0, -0.0, 1.0, &G);
        return;
    }
    rexpr F = {.n = 0}, H = {.n = 0}, FH = {.n = 0};
    squares(&F, f);
    squares(&H, f);
    squares(&H, g);
    *c = rn_sqrt_ratio(f32, &F, &H);
    /* r = f sqrt(H / F): part x is sign(x) sqrt(x^2 H / F) */
    for (int p = 0; p < 2; p++) {
        double x = f[p];
        if (x == 0.0) {
            r[p] = x;
            continue;
        }
        rexpr A = {.n = 0};
        for (int k = 0; k < H.n; k++)
            term(&A, 1, 4, x, x, H.t[k].f[0], H.t[k].f[1]);
        double q = rn_sqrt_ratio(f32, &A, &F);
        r[p] = x < 0 ? -q : q;
    }
    for (int i = 0; i < F.n; i++) /* F H */
        for (int k = 0; k < H.n; k++)
            term(&FH, 1, 4, F.t[i].f[0], F.t[i].f[1], H.t[k].f[0], H.t[k].f[1]);
    /* s = conj(g) f / sqrt(F H): (gr fr + gi fi, gr fi - gi fr) */
    s[0] = rn_over_sqrt(f32, g[0], f[0], g[1], f[1], &FH);
    s[1] = rn_over_sqrt(f32, g[0], f[1], -g[1], f[0], &FH);
}

static void rotg(int f32, double *f, double *g, double *c, double *s)
{
    int finite = isfinite(f[0]) && isfinite(f[1]) && isfinite(g[0]) && isfinite(g[1]);
    double r[2];
    if (finite) {
        rotg_exact(f32, f, g, c, s, r);
    } else if (g[0] == 0.0 && g[1] == 0.0) { /* the reference's: r = f */
        *c = 1.0, s[0] = s[1] = 0.0, r[0] = f[0], r[1] = f[1];
    } else {
        *c = s[0] = s[1] = r[0] = r[1] = EXB_FROM_BITS(EXB_CANONICAL_NAN_BITS);
    }
    f[0] = r[0], f[1] = r[1];
}

EXB_ENTRY_VOID(exb_zrotg_checked, (double *a, const double *b, double *c, double *s), (a, b, c, s))
{
    exb_path_begin();
    double f[2] = {a[0], a[1]}, g[2] = {b[0], b[1]}, sv[2], cv;
    rotg(0, f, g, &cv, sv);
    a[0] = f[0], a[1] = f[1], *c = cv, s[0] = sv[0], s[1] = sv[1];
    exb_path_add(EXACTBLAS_PATH_HOST);
}

EXB_ENTRY_VOID(exb_crotg_checked, (float *a, const float *b, float *c, float *s), (a, b, c, s))
{
    exb_path_begin();
    double f[2] = {a[0], a[1]}, g[2] = {b[0], b[1]}, sv[2], cv;
    rotg(1, f, g, &cv, sv);
    a[0] = (float)f[0], a[1] = (float)f[1], *c = (float)cv, s[0] = (float)sv[0],
    s[1] = (float)sv[1];
    exb_path_add(EXACTBLAS_PATH_HOST);
}

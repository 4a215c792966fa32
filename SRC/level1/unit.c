/*
 * unit.c -- unit.h's loops.
 */
#include "unit.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Each loop is compiled twice, for x86-64-v3 (AVX2, FMA) and for the
 * baseline, and the wrapper calls the one the CPU runs (asked once).  (Not
 * GCC's target_clones: its resolvers are exported from the library.) */
static int use_v3(void)
{
    static int v3 = -1;
    if (v3 < 0) {
        __builtin_cpu_init();
        v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return v3;
}

#define V3 __attribute__((target("arch=x86-64-v3")))
/* NAME's loop body once; NAME_v3 and NAME_base compile it for each
 * target, NAME calls the right one. */
#define TWICE(RET, NAME, PARAMS, ARGS)                                                             \
    static V3 RET NAME##_v3 PARAMS                                                                 \
    {                                                                                              \
        return NAME##_body ARGS;                                                                   \
    }                                                                                              \
    static RET NAME##_base PARAMS                                                                  \
    {                                                                                              \
        return NAME##_body ARGS;                                                                   \
    }                                                                                              \
    RET NAME PARAMS                                                                                \
    {                                                                                              \
        return use_v3() ? NAME##_v3 ARGS : NAME##_base ARGS;                                       \
    }
#define BODY static inline __attribute__((always_inline))

static const double canonical_nan = __builtin_nan("");

BODY int exb_unit_daxpy_body(long n, double a, const double *x, double *y)
{
    for (long i = 0; i < n; i++) {
        double z = fma(a, x[i], y[i]);
        y[i] = z == z ? z : canonical_nan;
    }
    return 0;
}

#define exb_unit_daxpy_i_body exb_unit_daxpy_body
TWICE(int, exb_unit_daxpy_i, (long n, double a, const double *x, double *y), (n, a, x, y))
void exb_unit_daxpy(long n, double a, const double *x, double *y)
{
    (void)exb_unit_daxpy_i(n, a, x, y);
}

BODY int exb_unit_dscal_body(long n, double a, double *x)
{
    for (long i = 0; i < n; i++) {
        double z = a * x[i];
        x[i] = z == z ? z : canonical_nan;
    }
    return 0;
}

#define exb_unit_dscal_i_body exb_unit_dscal_body
TWICE(int, exb_unit_dscal_i, (long n, double a, double *x), (n, a, x))
void exb_unit_dscal(long n, double a, double *x)
{
    (void)exb_unit_dscal_i(n, a, x);
}

BODY int exb_unit_sscal_body(long n, float a, float *x)
{
    for (long i = 0; i < n; i++) {
        float f = (float)((double)a * (double)x[i]); /* a x exact: one rounding */
        x[i] = f == f ? f : __builtin_nanf("");
    }
    return 0;
}

#define exb_unit_sscal_i_body exb_unit_sscal_body
TWICE(int, exb_unit_sscal_i, (long n, float a, float *x), (n, a, x))
void exb_unit_sscal(long n, float a, float *x)
{
    (void)exb_unit_sscal_i(n, a, x);
}

BODY int exb_unit_saxpy_body(long n, float a, const float *x, float *y)
{
    long odd = 0;
    for (long i = 0; i < n; i++) {
        double p = (double)a * (double)x[i], q = (double)y[i];
        double v = p + q, bb = v - p, e = (p - (v - bb)) + (q - bb), av = fabs(v);
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        /* RN32(v) is RN32 of the exact p + q unless v is a binary32
         * midpoint the exact sum is not (e != 0), or v lies outside
         * [2^-126, 2^127) (zero aside), or is not finite */
        odd |= (((b & ((UINT64_C(1) << 29) - 1)) == (UINT64_C(1) << 28)) & (e != 0.0)) |
               !(av < 0x1p127) | ((av < 0x1p-126) & (av != 0.0));
    }
    if (odd)
        return 1;
    for (long i = 0; i < n; i++)
        y[i] = (float)((double)a * (double)x[i] + (double)y[i]);
    return 0;
}

TWICE(int, exb_unit_saxpy, (long n, float a, const float *x, float *y), (n, a, x, y))

/* Blocks of 256: each block's largest |x_i| (eight chains; "v > m ? v :
 * m" skips a NaN v), then the first block holding the overall largest,
 * scanned for its first index. */
#define AMAX(NAME, T)                                                                              \
    long NAME(long n, const T *x)                                                                  \
    {                                                                                              \
        T best = (T)-1;                                                                            \
        long where = -1;                                                                           \
        for (long b0 = 0; b0 < n; b0 += 256) {                                                     \
            long len = n - b0 < 256 ? n - b0 : 256, i = 0;                                         \
            T m[8] = {-1, -1, -1, -1, -1, -1, -1, -1};                                             \
            for (; i + 8 <= len; i += 8)                                                           \
                for (int k = 0; k < 8; k++) {                                                      \
                    T v = (T)fabs(x[b0 + i + k]);                                                  \
                    m[k] = v > m[k] ? v : m[k];                                                    \
                }                                                                                  \
            for (; i < len; i++) {                                                                 \
                T v = (T)fabs(x[b0 + i]);                                                          \
                m[0] = v > m[0] ? v : m[0];                                                        \
            }                                                                                      \
            for (int k = 1; k < 8; k++)                                                            \
                m[0] = m[k] > m[0] ? m[k] : m[0];                                                  \
            if (m[0] > best)                                                                       \
                best = m[0], where = b0;                                                           \
        }                                                                                          \
        if (where < 0)                                                                             \
            return 0; /* every x_i a NaN */                                                        \
        for (long i = where;; i++)                                                                 \
            if ((T)fabs(x[i]) == best)                                                             \
                return i;                                                                          \
    }
AMAX(exb_unit_idamax, double)
AMAX(exb_unit_isamax, float)

/* RN(a u + b v) for the block's elements where the filter decides, in
 * out[i], and ok[i] = 1; ok[i] = 0 leaves the element to the caller.
 * p + pe = a u, q + qe = b v exactly (FMA) when the products lie in
 * [2^-900, 2^1020] or are 0 (the FMA's error then exact); p + q = r + t
 * (TwoSum); w = RN(RN(t + pe) + qe) is within 2^-51 (|t| + |pe| + |qe|) of
 * t + pe + qe; res + e = r + w (TwoSum); and res is RN(a u + b v) when
 * (|e| + that bound) (1 + 2^-50) < half the smaller gap next to res, res
 * in [2^-900, 2^1020] (core/filter.h's rule: exb_filter_round). */
BODY int exb_unit_rn2_body(long n, double a, const double *u, double b, const double *v,
                           double *out, unsigned char *ok)
{
    for (long i = 0; i < n; i++) {
        double p = a * u[i], pe = fma(a, u[i], -p), q = b * v[i], qe = fma(b, v[i], -q);
        double r = p + q, bb = r - p, t = (p - (r - bb)) + (q - bb);
        double w = (t + pe) + qe, bound = (fabs(t) + fabs(pe) + fabs(qe)) * 0x1p-51;
        double res = r + w, b2 = res - r, e = (r - (res - b2)) + (w - b2);
        double ap = fabs(p), aq = fabs(q), ar = fabs(res);
        uint64_t bits;
        memcpy(&bits, &res, sizeof bits);
        uint64_t biased = (bits >> 52) & 0x7ff, fraction = bits & ((UINT64_C(1) << 52) - 1);
        uint64_t half = (biased - (fraction == 0 ? 54 : 53)) << 52;
        double gap;
        memcpy(&gap, &half, sizeof gap);
        int good = ((ap >= 0x1p-900) | (ap == 0.0)) & (ap <= 0x1p1020) &
                   ((aq >= 0x1p-900) | (aq == 0.0)) & (aq <= 0x1p1020) & (ar >= 0x1p-900) &
                   (ar <= 0x1p1020) & ((fabs(e) + bound) * (1.0 + 0x1p-50) < gap);
        out[i] = res;
        ok[i] = (unsigned char)good;
    }
    return 0;
}

#define exb_unit_rn2_i_body exb_unit_rn2_body
TWICE(int, exb_unit_rn2_i,
      (long n, double a, const double *u, double b, const double *v, double *out,
       unsigned char *ok),
      (n, a, u, b, v, out, ok))
void exb_unit_rn2(long n, double a, const double *u, double b, const double *v, double *out,
                  unsigned char *ok)
{
    (void)exb_unit_rn2_i(n, a, u, b, v, out, ok);
}

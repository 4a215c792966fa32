/*
 * core.cl -- the exact arithmetic core in OpenCL C: the same algorithms and
 * the same accumulator layout as SRC/superacc.c and SRC/sumdot_host_impl.h.
 *
 * Build options supply (never problem sizes):
 *   ACC_DIGITS, ACC_LSB  the long accumulator layout (superacc.h)
 *   FPE                  expansion size 2..8, or 0 for the accumulator alone
 *   EARLY_EXIT           0 or 1
 *   USE_TABLE            0 or 1: the exponent-indexed table (SRC/expacc.h) as
 *                        second front end, in private memory (CPU devices)
 *   FRONT                0 auto, 1 expansions only, 2 table only (EXACTBLAS_FRONT)
 * The host never passes -cl-fast-relaxed-math or -cl-mad-enable: a fused
 * multiply-add inside TwoSum would silently make it inexact.
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL FP_CONTRACT OFF

#define FLAG_NAN 1
#define FLAG_POS_INF 2
#define FLAG_NEG_INF 4

/* Terms above TERM_MAX or products below PRODUCT_MIN bypass the expansions
 * (see sumdot_host_impl.h for the bounds). */
#define TERM_MAX 0x1p990
#define PRODUCT_MIN 0x1p-968

/* Knuth's TwoSum on four lanes: s + *err == a + b exactly. */
inline double4 two_sum4(double4 a, double4 b, double4 *err)
{
    double4 s = a + b;
    double4 bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

/* acc += (neg ? -m : m) * 2^lsb: three digits, each receiving < 2^32. */
inline void superacc_deposit_u64(__local long *acc, ulong m, int lsb, int neg)
{
    if (m == 0)
        return;
    int pos = lsb - ACC_LSB;
    int k = pos >> 5, s = pos & 31;
    /* The shifted value m*2^s spans bits 0..95: digits k, k+1, k+2. */
    long d0 = (long)((m << s) & 0xffffffffUL);
    long d1 = (long)((s ? m >> (32 - s) : m >> 32) & 0xffffffffUL);
    long d2 = (long)(s ? (m >> 32) >> (32 - s) : 0);
    if (neg) {
        d0 = -d0;
        d1 = -d1;
        d2 = -d2;
    }
    atom_add(&acc[k], d0);
    if (d1)
        atom_add(&acc[k + 1], d1);
    if (d2)
        atom_add(&acc[k + 2], d2);
}

/* Significand and exponent of the last bit: |x| = m * 2^lsb. */
inline int split_double(double x, ulong *m, int *lsb)
{
    ulong bits = as_ulong(x);
    int biased = (int)((bits >> 52) & 0x7ff);
    ulong frac = bits & 0xfffffffffffffUL;
    *m = biased == 0 ? frac : (frac | 0x10000000000000UL);
    *lsb = biased == 0 ? -1074 : biased - 1075;
    return biased;
}

inline int special_flag(double x)
{
    return isnan(x) ? FLAG_NAN : (x > 0.0 ? FLAG_POS_INF : FLAG_NEG_INF);
}

inline void superacc_add_double(__local long *acc, __local int *flags, double x)
{
    ulong m;
    int lsb;
    if (split_double(x, &m, &lsb) == 0x7ff) {
        atomic_or(flags, special_flag(x));
        return;
    }
    superacc_deposit_u64(acc, m, lsb, signbit(x));
}

/* acc += a*b exactly: the 106-bit integer product of the significands. */
inline void superacc_add_product(__local long *acc, __local int *flags, double a, double b)
{
    ulong ma, mb;
    int la, lb;
    int ea = split_double(a, &ma, &la);
    int eb = split_double(b, &mb, &lb);
    if (ea == 0x7ff || eb == 0x7ff) {
        atomic_or(flags, special_flag(a * b));
        return;
    }
    int neg = signbit(a) != signbit(b);
    superacc_deposit_u64(acc, ma * mb, la + lb, neg);
    superacc_deposit_u64(acc, mul_hi(ma, mb), la + lb + 64, neg);
}

inline void superacc_add_lanes(__local long *acc, __local int *flags, double4 t)
{
    if (t.s0 != 0.0)
        superacc_add_double(acc, flags, t.s0);
    if (t.s1 != 0.0)
        superacc_add_double(acc, flags, t.s1);
    if (t.s2 != 0.0)
        superacc_add_double(acc, flags, t.s2);
    if (t.s3 != 0.0)
        superacc_add_double(acc, flags, t.s3);
}

#if FPE >= 2
/* Adds t to the expansion from `level` down; the residual goes to acc.
 * Returns 1 if there was a residual. */
inline int expansion_add(double4 *a, double4 t, int level, __local long *acc,
                         __local int *flags)
{
    for (int k = level; k < FPE; k++) {
        a[k] = two_sum4(a[k], t, &t);
#if EARLY_EXIT
        if (!any(t != 0.0))
            return 0;
#endif
    }
    if (!any(t != 0.0))
        return 0;
    superacc_add_lanes(acc, flags, t);
    return 1;
}
#endif

#if USE_TABLE
/* The exponent-indexed accumulator of SRC/expacc.h: one 64-bit chunk per
 * sign and exponent field, flushed to the long accumulator before 2^62. */
inline void table_flush_one(ulong *table, __local long *acc, uint idx)
{
    uint biased = idx & 0x7ff;
    superacc_deposit_u64(acc, table[idx], (int)(biased ? biased : 1) - 1075, (int)(idx >> 11));
    table[idx] = 0;
}

inline void table_add(ulong *table, __local long *acc, double x)
{
    ulong bits = as_ulong(x);
    uint idx = (uint)(bits >> 52);
    ulong m = (bits & 0xfffffffffffffUL) | ((ulong)((idx & 0x7ff) != 0) << 52);
    ulong c = table[idx] + m;
    table[idx] = c;
    if (c >> 62)
        table_flush_one(table, acc, idx);
}

inline void table_add_lanes(ulong *table, __local long *acc, double4 t)
{
    table_add(table, acc, t.s0);
    table_add(table, acc, t.s1);
    table_add(table, acc, t.s2);
    table_add(table, acc, t.s3);
}
#endif

/* Zeroes the work-group's accumulator; all work-items take part. */
inline void superacc_clear_local(__local long *acc, __local int *flags)
{
    for (int k = get_local_id(0); k < ACC_DIGITS; k += get_local_size(0))
        acc[k] = 0;
    if (get_local_id(0) == 0)
        *flags = 0;
}

/* The groups of four elements this work-item owns (see sumdot.cl):
 * chunk4 > 0: a contiguous run of chunk4 groups; chunk4 = 0: grid-stride. */
inline void group_range(long n, long chunk4, long *begin, long *end, long *step)
{
    long groups4 = n / 4;
    long g = get_global_id(0);
    if (chunk4 > 0) {
        *begin = min(g * chunk4, groups4);
        *end = min(*begin + chunk4, groups4);
        *step = 1;
    } else {
        *begin = g;
        *end = groups4;
        *step = get_global_size(0);
    }
}

/*
 * core.cl -- the kernels' side of the exact arithmetic.  The runtime puts
 * SRC/core/exb_core.h in front of it (one source with the host: the layout,
 * flags, canonical NaN, split, deposit rule and rounding); what is here is
 * what only a device has: local atomics, expansions on double4 lanes, the
 * exponent table in local memory and the row accumulators in global memory
 * (their host twins: SRC/core/superacc.c, SRC/host/template_vector_sums.h).
 *
 * Build options supply (never problem sizes):
 *   FPE                  expansion size 2..8, or 0 for the accumulator alone
 *   EARLY_EXIT           0 or 1
 *   USE_TABLE            0 or 1: the exponent-indexed table (SRC/core/expacc.h) as
 *                        second front end, in private memory (CPU devices)
 *   FRONT                0 auto, 1 expansions only, 2 table only (EXACTBLAS_FRONT)
 *   PLAIN                1: the non-exact baseline of the row kernels
 * The host never passes -cl-fast-relaxed-math or -cl-mad-enable: a fused
 * multiply-add inside TwoSum would silently make it inexact.
 */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define ACC_DIGITS EXB_ACC_DIGITS
#define ACC_LSB EXB_ACC_LSB

#ifndef PLAIN
#define PLAIN 0
#endif
/* The expansion of one row (row kernels): at least one slot. */
#define ROW_EXP (FPE > 0 ? FPE : 1)

/* acc += (neg ? -m : m) * 2^lsb, shared by the work-group. */
inline void superacc_deposit_u64(__local long *acc, ulong m, int lsb, int neg)
{
    if (m == 0)
        return;
    long d[3];
    int k = exb_deposit_digits(m, lsb, ACC_LSB, neg, d);
    atom_add(&acc[k], d[0]);
    if (d[1])
        atom_add(&acc[k + 1], d[1]);
    if (d[2])
        atom_add(&acc[k + 2], d[2]);
}

inline void superacc_add_double(__local long *acc, __local int *flags, double x)
{
    ulong m;
    int lsb;
    if (exb_split_double(x, &m, &lsb) == 0x7ff) {
        atomic_or(flags, exb_special_flag(x));
        return;
    }
    superacc_deposit_u64(acc, m, lsb, signbit(x));
}

/* acc += a*b exactly: the 106-bit integer product of the significands. */
inline void superacc_add_product(__local long *acc, __local int *flags, double a, double b)
{
    ulong lo, hi;
    int lsb, neg;
    int special = exb_product_split(a, b, &lo, &hi, &lsb, &neg);
    if (special) {
        atomic_or(flags, special);
        return;
    }
    superacc_deposit_u64(acc, lo, lsb, neg);
    superacc_deposit_u64(acc, hi, lsb + 64, neg);
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
        a[k] = exb_two_sum4(a[k], t, &t);
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
/* The exponent-indexed accumulator of SRC/core/expacc.h: one 64-bit chunk per
 * sign and exponent field (TABLE_CHUNKS of them), shared by the work-group
 * in local memory.  It used to be private to each work-item: 32 KiB per
 * work-item, which PoCL keeps for every work-item of a group on one stack
 * (256 work-items: 8 MiB, a crash).  Shared, its size no longer depends on
 * the work-group size.
 *
 * Exactness: every add is an atomic add; a work-item whose add leaves the
 * chunk at or above 2^62 takes the whole chunk with an atomic exchange and
 * deposits it into the long accumulator, so every term is counted exactly
 * once, in the chunk or in the accumulator.  A chunk exceeds 2^62 only by
 * the adds of work-items between their own add and their exchange, at most
 * one term (< 2^53) each, so it stays below 2^62 + WG * 2^53 <= 2^63 for
 * WG <= TABLE_MAX_WG = 1024 (the host clamps the work-group to that). */
#define TABLE_CHUNKS EXB_TABLE_CHUNKS

inline void table_deposit(__local long *acc, ulong chunk, uint idx)
{
    superacc_deposit_u64(acc, chunk, exb_table_lsb(idx), exb_table_neg(idx));
}

/* Twin of exb_expacc_add (SRC/core/expacc.h), with atomics. */
inline void table_add(__local ulong *table, __local long *acc, double x)
{
    ulong m;
    uint idx = exb_table_index(x, &m);
    if (m == 0)
        return;
    ulong c = atom_add(&table[idx], m) + m;
    if (c >> EXB_TABLE_LIMIT_BIT) {
        ulong taken = atom_xchg(&table[idx], 0UL);
        if (taken)
            table_deposit(acc, taken, idx);
    }
}

/* After a barrier: every chunk into the long accumulator (all work-items). */
inline void table_flush(__local ulong *table, __local long *acc)
{
    for (uint i = get_local_id(0); i < TABLE_CHUNKS; i += get_local_size(0))
        if (table[i])
            table_deposit(acc, table[i], i);
}

inline void table_clear(__local ulong *table)
{
    for (uint i = get_local_id(0); i < TABLE_CHUNKS; i += get_local_size(0))
        table[i] = 0;
}

inline void table_add_lanes(__local ulong *table, __local long *acc, double4 t)
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

/* ---- row accumulators (GEMV, TRSV) ---------------------------------------
 * One row of a matrix-vector product is owned by one work-item, so its long
 * accumulator lives in global memory and takes plain (non-atomic) adds.
 * ROW_DIGITS = ACC_DIGITS + 2 leaves room on top for the signed carry of the
 * window normalisation.  The window [lo, hi] bounds the nonzero digits, as in
 * SRC/core/superacc.h, so normalising and rounding touch a few digits only.
 * PLAIN = 1 builds the non-exact baseline with the same structure: a row is
 * one double, added to in IEEE arithmetic (benchmarks only). */
#define ROW_DIGITS EXB_ROW_DIGITS

typedef struct row_state {
    __global long *d; /* ROW_DIGITS digits */
    int lo, hi, flags;
} row_state;

inline void row_add_double(row_state *r, double x)
{
    exb_digits_add_double(r->d, ACC_LSB, &r->lo, &r->hi, &r->flags, x);
}

inline void row_add_product(row_state *r, double a, double b)
{
    exb_digits_add_product(r->d, ACC_LSB, &r->lo, &r->hi, &r->flags, a, b);
}

/* row += a*b: TwoProduct into the expansion e[0..FPE) (p at level 0, the
 * error at level 1), residuals and unsplittable products to the digits. */
inline void row_add_term(row_state *r, double *e, double a, double b)
{
#if PLAIN
    e[0] += a * b;
#elif FPE >= 2
    double p = a * b, ap = fabs(p);
    if (!(ap <= EXB_TERM_MAX && (ap >= EXB_PRODUCT_MIN || a == 0.0 || b == 0.0))) {
        row_add_product(r, a, b);
        return;
    }
    double t = p, err = fma(a, b, -p);
    for (int pass = 0; pass < 2; pass++) { /* twin: rows_expansion_add, SRC/host */
        for (int k = pass; k < FPE; k++) {
            double s = e[k] + t, bv = s - e[k];
            double te = (e[k] - (s - bv)) + (t - bv);
            e[k] = s;
            t = te;
#if EARLY_EXIT
            if (t == 0.0)
                break;
#endif
        }
        if (t != 0.0)
            row_add_double(r, t);
        t = err;
    }
#else
    row_add_product(r, a, b);
#endif
}

/* Moves the expansion into the digits. */
inline void row_flush(row_state *r, double *e)
{
#if !PLAIN
    for (int k = 0; k < FPE; k++) {
        if (e[k] != 0.0)
            row_add_double(r, e[k]);
        e[k] = 0.0;
    }
#endif
}

/* RN(row / den), the row's exact value divided and rounded once (den = 1:
 * plain rounding), by the shared core.  Destroys the row.  An exactly zero
 * finite numerator sets *zero and gives +0/den; the caller, which knows the
 * terms, decides the sign of that zero (SRC/core/zerosign.h). */
inline double row_round_quotient(row_state *r, double den, int *zero)
{
    return exb_digits_round_quotient(r->d, r->lo, r->hi, ACC_LSB, r->flags, 0.0, den, zero);
}

/* Row-state storage: digits[row * ROW_DIGITS], meta[row * EXB_ROW_META] = lo,
 * hi, flags. */
inline row_state row_load(__global long *digits, __global int *meta, long row)
{
    row_state r;
    r.d = digits + row * ROW_DIGITS;
    r.lo = meta[EXB_ROW_META * row];
    r.hi = meta[EXB_ROW_META * row + 1];
    r.flags = meta[EXB_ROW_META * row + 2];
    return r;
}

inline void row_store(const row_state *r, __global int *meta, long row)
{
    meta[EXB_ROW_META * row] = r->lo;
    meta[EXB_ROW_META * row + 1] = r->hi;
    meta[EXB_ROW_META * row + 2] = r->flags;
}

/* A zero row. */
inline row_state row_init(__global long *digits, __global int *meta, long row)
{
    row_state r;
    r.d = digits + row * ROW_DIGITS;
    for (int k = 0; k < ROW_DIGITS; k++)
        r.d[k] = 0;
    r.lo = ROW_DIGITS;
    r.hi = -1;
    r.flags = 0;
    return r;
}

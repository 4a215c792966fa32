/*
 * trsv.cl -- the triangular solve of EXDTRSV (SRC/backend/trsv.h for the problem,
 * OPENCL/core.cl for the row accumulators).
 *
 * The matrix is split into diagonal blocks of bs rows (an argument, never a
 * build option); blocks are numbered in the order of substitution.  A
 * work-group owns one block row: its work-item l owns rows k0+l, k0+l+wg, ...
 * Every row keeps b_i - sum op(T)_ij x_j exactly (expansion + digits), so the
 * order in which blocks are applied never changes a bit.
 *
 * trsv_fused: one launch.  A work-group takes the next block by an atomic
 * ticket, so it only ever waits for blocks taken by work-groups that started
 * before it (no deadlock, whatever order work-groups run in).  It applies the
 * off-diagonal block of each solved block as soon as that block is published:
 * work-item 0 spins on the global 'blocks solved' counter, the others wait at
 * the barrier.
 *
 * Memory model (OpenCL 1.2 has no acquire/release atomics; these are the
 * rules each step relies on):
 *   publish  x_i stores; mem_fence(GLOBAL) orders them before the barrier;
 *            the barrier makes every work-item's stores precede work-item
 *            0's; its mem_fence(GLOBAL) orders them before the atomic_inc
 *            of counters[1] (atomics act on the memory all groups share).
 *   observe  work-item 0 reads counters[1] with an atomic (never a cached
 *            copy) until it passes the step; mem_fence(GLOBAL) keeps the
 *            loads of x after that read; the barrier holds the others back.
 *   read     the x_j of other work-groups are read through volatile loads
 *            (read_published): a fence orders memory, it does not refresh
 *            a non-coherent L1 cache (NVIDIA), and a line of x fetched
 *            before publication (the block's own right-hand side shares
 *            lines with its neighbours') could otherwise be read stale.
 *            Volatile loads go to the coherent level every time.
 *   own      row states (digits, meta, expansion) are only ever touched by
 *            the work-item that owns the row, so they need no such care;
 *            within a group, the solved x_i goes through local memory and
 *            a barrier.
 * trsv_step: launch s applies block s-1 to every later block and solves
 * block s; no work-group ever waits for another.
 * trsm_fused: trsv_fused for many right-hand sides, one per row of
 * work-groups (dimension 1), each with its own rows and counters.
 */

inline double tri_at(__global const double *a, long lda, int colsweep, long i, long j)
{
    return colsweep ? a[i + j * lda] : a[j + i * lda];
}

/* x_j as published by another work-group (see the memory-model notes). */
inline double read_published(__global const double *x, long j)
{
    return ((volatile __global const double *)x)[j];
}

/* Rows [k0, k1) of the step-th block in the order of substitution. */
inline void block_rows(long n, long bs, int forward, long step, long *k0, long *k1)
{
    if (forward) {
        *k0 = step * bs;
        *k1 = min(*k0 + bs, n);
    } else {
        *k1 = n - step * bs;
        *k0 = max(*k1 - bs, 0L);
    }
}

/* alpha: the right-hand side is alpha*b, the product exact (1 for TRSV). */
#define TRI_ARGS                                                                        \
    __global const double *a, long lda, long n, long bs, int forward, int colsweep, int unit, \
        __global double *x, __global long *digits, __global int *meta, __global double *expn, \
        double alpha
#define TRI_PASS a, lda, n, bs, forward, colsweep, unit, x, digits, meta, expn, alpha

inline void load_expansion(__global const double *expn, long row, double *e)
{
    for (int k = 0; k < ROW_EXP; k++)
        e[k] = expn[row * ROW_EXP + k];
}

inline void store_expansion(__global double *expn, long row, const double *e)
{
    for (int k = 0; k < ROW_EXP; k++)
        expn[row * ROW_EXP + k] = e[k];
}

/* The rows of the block start from alpha*b (b held in x). */
inline void init_rows(TRI_ARGS, long k0, long k1)
{
    for (long i = k0 + get_local_id(0); i < k1; i += get_local_size(0)) {
        row_state r = row_init(digits, meta, i);
        double e[ROW_EXP] = {0};
#if PLAIN
        e[0] = x[i];
#else
        if (alpha == 1.0)
            row_add_double(&r, x[i]);
        else
            row_add_product(&r, alpha, x[i]);
#endif
        store_expansion(expn, i, e);
        row_store(&r, meta, i);
    }
}

/* Rows [k0, k1) take -op(T)_ij x_j for the solved columns [c0, c1). */
inline void apply_columns(TRI_ARGS, long k0, long k1, long c0, long c1)
{
    for (long i = k0 + get_local_id(0); i < k1; i += get_local_size(0)) {
        row_state r = row_load(digits, meta, i);
        double e[ROW_EXP];
        load_expansion(expn, i, e);
        for (long j = c0; j < c1; j++)
            row_add_term(&r, e, tri_at(a, lda, colsweep, i, j), -read_published(x, j));
        store_expansion(expn, i, e);
        row_store(&r, meta, i);
    }
}

/* Whether every term of row i's exact numerator is -0: alpha*b_i (b_i still
 * in x_i) and -op(T)_ij x_j over the columns solved before i
 * (SRC/core/zerosign.h). */
inline int numerator_negzero(TRI_ARGS, long i)
{
    double b = read_published(x, i);
    if (!((alpha == 0.0 || b == 0.0) && signbit(alpha) != signbit(b)))
        return 0;
    long j0 = forward ? 0 : i + 1, j1 = forward ? i : n;
    for (long j = j0; j < j1; j++) {
        double t = tri_at(a, lda, colsweep, i, j), nxj = -read_published(x, j);
        if (!((t == 0.0 || nxj == 0.0) && signbit(t) != signbit(nxj)))
            return 0;
    }
    return 1;
}

/* Row by row in the order of substitution: the owner rounds x_i once, every
 * later row of the block takes its term. */
inline void solve_diagonal(TRI_ARGS, long k0, long k1, __local double *shared)
{
    long count = k1 - k0, wg = get_local_size(0), lid = get_local_id(0);
    for (long q = 0; q < count; q++) {
        long i = forward ? k0 + q : k1 - 1 - q;
        if ((i - k0) % wg == lid) {
            row_state r = row_load(digits, meta, i);
            double e[ROW_EXP];
            load_expansion(expn, i, e);
            double den = unit ? 1.0 : tri_at(a, lda, colsweep, i, i);
#if PLAIN
            (void)r;
            double xi = e[0] / den;
#else
            row_flush(&r, e);
            int zero;
            double xi = row_round_quotient(&r, den, &zero);
            if (zero && numerator_negzero(TRI_PASS, i))
                xi = exb_canonical_nan(-0.0 / den);
#endif
            x[i] = xi;
            *shared = xi;
        }
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
        double nxi = -*shared;
        for (long i2 = k0 + lid; i2 < k1; i2 += wg) {
            if (forward ? i2 <= i : i2 >= i)
                continue;
            row_state r = row_load(digits, meta, i2);
            double e[ROW_EXP];
            load_expansion(expn, i2, e);
            row_add_term(&r, e, tri_at(a, lda, colsweep, i2, i), nxi);
            store_expansion(expn, i2, e);
            row_store(&r, meta, i2);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* counters[0]: tickets taken; counters[1]: blocks solved (both zero at
 * launch).  ticket and shared are the kernel's local memory. */
inline void fused_solve(TRI_ARGS, __global volatile int *counters, __local int *ticket,
                        __local double *shared)
{
    if (get_local_id(0) == 0)
        ticket[0] = atomic_inc(&counters[0]);
    barrier(CLK_LOCAL_MEM_FENCE);
    long block = ticket[0];
    long k0, k1, c0, c1;
    block_rows(n, bs, forward, block, &k0, &k1);
    init_rows(TRI_PASS, k0, k1);
    for (long step = 0; step < block; step++) {
        if (get_local_id(0) == 0) {
            while (atomic_add(&counters[1], 0) <= step)
                ;
            mem_fence(CLK_GLOBAL_MEM_FENCE);
        }
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        block_rows(n, bs, forward, step, &c0, &c1);
        apply_columns(TRI_PASS, k0, k1, c0, c1);
    }
    solve_diagonal(TRI_PASS, k0, k1, shared);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        atomic_inc(&counters[1]);
    }
}

__kernel void trsv_fused(TRI_ARGS, __global volatile int *counters)
{
    __local int ticket[1];
    __local double shared;
    fused_solve(TRI_PASS, counters, ticket, &shared);
}

/* EXDTRSM: many right-hand sides in one launch.  Dimension 1 of the grid is
 * the right-hand side r: its b/x at x + r*ldx, its own rows (n of them from
 * r*n on) and its own pair of counters; dimension 0 is the fused solve of
 * one system, exactly as trsv_fused. */
__kernel void trsm_fused(TRI_ARGS, __global volatile int *counters, long ldx)
{
    __local int ticket[1];
    __local double shared;
    long r = get_group_id(1);
    fused_solve(a, lda, n, bs, forward, colsweep, unit, x + r * ldx, digits + r * n * ROW_DIGITS,
                meta + r * n * EXB_ROW_META, expn + r * n * ROW_EXP, alpha, counters + 2 * r,
                ticket, &shared);
}

/* Launch `step`, work-group g: block step + g. */
__kernel void trsv_step(TRI_ARGS, long step)
{
    __local double shared;
    long k0, k1, c0, c1;
    long block = step + get_group_id(0);
    block_rows(n, bs, forward, block, &k0, &k1);
    if (step == 0) {
        init_rows(TRI_PASS, k0, k1);
    } else {
        block_rows(n, bs, forward, step - 1, &c0, &c1);
        apply_columns(TRI_PASS, k0, k1, c0,
                      c1);
    }
    if (block == step)
        solve_diagonal(TRI_PASS, k0, k1,
                       &shared);
}

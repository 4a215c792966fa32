/*
 * sumdot.cl -- ExSUM and ExDOT, first level of the multi-level reduction.
 *
 * Each work-item runs a private expansion (four lanes of FPE doubles) over
 * its share of the vector; residuals and, at the end, the expansion itself go
 * into the work-group's long accumulator in local memory (64-bit atomics).
 * Each work-group writes its raw accumulator digits and NaN/Inf flags; the
 * host merges them exactly and rounds once (SRC/opencl/sumdot_cl.c).
 *
 * Work distribution (host-chosen, never a build option):
 *   chunk4 > 0: work-item g owns the groups of four [g*chunk4, (g+1)*chunk4)
 *               (contiguous: best for CPU devices);
 *   chunk4 = 0: work-item g takes groups g, g + G, g + 2G ... with G the
 *               global size (coalesced: best for GPUs).
 * Elements past the last full group of four are handled by work-item 0.
 * Element i of a vector is v[off + i*inc], inc of either sign.
 */

inline double4 load4(__global const double *v, long off, long inc, long i)
{
    if (inc == 1)
        return vload4(0, v + off + i);
    return (double4)(v[off + i * inc], v[off + (i + 1) * inc], v[off + (i + 2) * inc],
                     v[off + (i + 3) * inc]);
}

inline void write_partial(__local long *acc, __local int *flags, __global long *partials,
                          __global int *partial_flags)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    __global long *mine = partials + (long)get_group_id(0) * ACC_DIGITS;
    for (int k = get_local_id(0); k < ACC_DIGITS; k += get_local_size(0))
        mine[k] = acc[k];
    if (get_local_id(0) == 0)
        partial_flags[get_group_id(0)] = *flags;
}

#define FINITE_MAX 0x1.fffffffffffffp1023
/* Adaptive front end, as on the host (SRC/host/template_vector_sums.h). */
#define BLOCK_GROUPS 256
#define SPILL_LIMIT 2
#define WIDE_BLOCKS 64

/* The terms of one group of four: x, or p + e = x*y exactly.  Lanes the
 * front end cannot take exactly go to the long accumulator and are zeroed. */
inline void group_terms(double4 xv, double4 yv, int dot, double max_term, __local long *acc,
                        __local int *flags, double4 *p, double4 *e)
{
    if (!dot) {
        long4 ok = fabs(xv) <= max_term;
        if (!all(ok)) {
            superacc_add_lanes(acc, flags, select(xv, (double4)0.0, ok));
            xv = select((double4)0.0, xv, ok);
        }
        *p = xv;
        *e = 0.0;
        return;
    }
    double4 pv = xv * yv;
    double4 ap = fabs(pv);
    long4 ok = (ap <= max_term) & (ap >= EXB_PRODUCT_MIN);
    if (!all(ok)) {
        double xs[4], ys[4];
        long oks[4];
        vstore4(xv, 0, xs);
        vstore4(yv, 0, ys);
        vstore4(ok, 0, oks);
        for (int j = 0; j < 4; j++)
            if (!oks[j])
                superacc_add_product(acc, flags, xs[j], ys[j]);
        xv = select((double4)0.0, xv, ok);
        yv = select((double4)0.0, yv, ok);
        pv = select((double4)0.0, pv, ok);
    }
    *p = pv;
    *e = fma(xv, yv, -pv); /* TwoProduct: x*y = p + e exactly */
}

#if USE_TABLE
#define TABLE_PARAM , __local ulong *table
#define TABLE_ARG , table
#else
#define TABLE_PARAM
#define TABLE_ARG
#endif

inline void accumulate(long n, __global const double *x, long xoff, long incx,
                       __global const double *y, long yoff, long incy, int dot, long chunk4,
                       __local long *acc, __local int *flags TABLE_PARAM)
{
    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
#if FPE >= 2
    double4 a[FPE];
    for (int k = 0; k < FPE; k++)
        a[k] = 0.0;
#if USE_TABLE
    long wide_left = FRONT == 2 ? LONG_MAX : 0;
#endif
    for (long q = begin; q < end;) {
        long qend = min(q + BLOCK_GROUPS * step, end);
        double4 p, e;
#if USE_TABLE
        if (wide_left > 0) {
            for (; q < qend; q += step) {
                group_terms(load4(x, xoff, incx, 4 * q), dot ? load4(y, yoff, incy, 4 * q) : 0.0,
                            dot, FINITE_MAX, acc, flags, &p, &e);
                table_add_lanes(table, acc, p);
                if (dot)
                    table_add_lanes(table, acc, e);
            }
            wide_left--;
            continue;
        }
#endif
        int spills = 0;
        for (; q < qend; q += step) {
            group_terms(load4(x, xoff, incx, 4 * q), dot ? load4(y, yoff, incy, 4 * q) : 0.0, dot,
                        EXB_TERM_MAX, acc, flags, &p, &e);
            spills += expansion_add(a, p, 0, acc, flags);
            if (dot)
                spills += expansion_add(a, e, 1, acc, flags);
        }
#if USE_TABLE && FRONT == 0
        /* spills counts groups with a residual: up to four lanes each */
        if (spills * 4 > SPILL_LIMIT)
            wide_left = WIDE_BLOCKS;
#else
        (void)spills;
#endif
    }
    for (int k = 0; k < FPE; k++)
        superacc_add_lanes(acc, flags, a[k]);
#else
    for (long q = begin; q < end; q += step) {
        double4 xv = load4(x, xoff, incx, 4 * q);
        if (!dot) {
            superacc_add_lanes(acc, flags, xv);
            continue;
        }
        double4 yv = load4(y, yoff, incy, 4 * q);
        superacc_add_product(acc, flags, xv.s0, yv.s0);
        superacc_add_product(acc, flags, xv.s1, yv.s1);
        superacc_add_product(acc, flags, xv.s2, yv.s2);
        superacc_add_product(acc, flags, xv.s3, yv.s3);
    }
#endif
    if (get_global_id(0) == 0)
        for (long i = n / 4 * 4; i < n; i++) {
            if (dot)
                superacc_add_product(acc, flags, x[xoff + i * incx], y[yoff + i * incy]);
            else
                superacc_add_double(acc, flags, x[xoff + i * incx]);
        }
}

/* One work-group's share: clear its accumulator, accumulate, publish. */
inline void sumdot_partial(long n, __global const double *x, long xoff, long incx,
                           __global const double *y, long yoff, long incy, int dot, long chunk4,
                           __global long *partials, __global int *partial_flags,
                           __local long *acc, __local int *flags TABLE_PARAM)
{
    superacc_clear_local(acc, flags);
#if USE_TABLE
    table_clear(table);
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    accumulate(n, x, xoff, incx, y, yoff, incy, dot, chunk4, acc, flags TABLE_ARG);
#if USE_TABLE
    barrier(CLK_LOCAL_MEM_FENCE);
    table_flush(table, acc);
#endif
    write_partial(acc, flags, partials, partial_flags);
}

#if USE_TABLE
#define LOCAL_TABLE __local ulong table[TABLE_CHUNKS];
#else
#define LOCAL_TABLE
#endif

__kernel void exsum_partial(long n, __global const double *x, long xoff, long incx, long chunk4,
                            __global long *partials, __global int *partial_flags)
{
    __local long acc[ACC_DIGITS];
    __local int flags;
    LOCAL_TABLE
    sumdot_partial(n, x, xoff, incx, x, xoff, incx, 0, chunk4, partials, partial_flags, acc,
                   &flags TABLE_ARG);
}

__kernel void exdot_partial(long n, __global const double *x, long xoff, long incx,
                            __global const double *y, long yoff, long incy, long chunk4,
                            __global long *partials, __global int *partial_flags)
{
    __local long acc[ACC_DIGITS];
    __local int flags;
    LOCAL_TABLE
    sumdot_partial(n, x, xoff, incx, y, yoff, incy, 1, chunk4, partials, partial_flags, acc,
                   &flags TABLE_ARG);
}

/* ---- the floating-point filter (SRC/core/filter.h) --------------------------
 * Each work-item sums its share in four lanes as (h, lo, ce): per term
 * p = RN(x*y) and its error e (one fma) through exb_filter_step4 (the
 * step of exb_core.h, lane by lane); the lanes and then the work-group's
 * work-items are joined by exb_filter_join, and work-group g writes
 * out[3g .. 3g+2].  The host joins the groups and rounds when the bound
 * decides (SRC/reduce.c), else runs the exact kernels above.  Work-groups
 * of at most FILTER_WG_MAX work-items (a build option, from
 * SRC/opencl/sumdot_cl.c). */

__kernel void filter_partial(long n, __global const double *x, long xoff, long incx,
                             __global const double *y, long yoff, long incy, int dot,
                             long chunk4, __global double *out)
{
    __local double lh[FILTER_WG_MAX], ll[FILTER_WG_MAX], lc[FILTER_WG_MAX];
    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
    double4 h = 0.0, lo = 0.0, ce = 0.0;
    for (long q = begin; q < end; q += step) {
        double4 xv = load4(x, xoff, incx, 4 * q);
        if (dot) {
            double4 yv = load4(y, yoff, incy, 4 * q), p = xv * yv;
            exb_filter_step4(&h, &lo, &ce, p, fma(xv, yv, -p));
        } else {
            exb_filter_step4(&h, &lo, &ce, xv, (double4)0.0);
        }
    }
    if (get_global_id(0) == 0)
        for (long i = n / 4 * 4; i < n; i++) {
            double xi = x[xoff + i * incx], yi = dot ? y[yoff + i * incy] : 1.0, p = xi * yi;
            exb_filter_step4(&h, &lo, &ce, (double4)(p, 0.0, 0.0, 0.0),
                        (double4)(fma(xi, yi, -p), 0.0, 0.0, 0.0));
        }
    double H = h.s0, L = lo.s0, C = ce.s0;
    exb_filter_join(&H, &L, &C, h.s1, lo.s1, ce.s1);
    exb_filter_join(&H, &L, &C, h.s2, lo.s2, ce.s2);
    exb_filter_join(&H, &L, &C, h.s3, lo.s3, ce.s3);
    int lid = get_local_id(0), wg = get_local_size(0);
    lh[lid] = H;
    ll[lid] = L;
    lc[lid] = C;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = 1; stride < wg; stride *= 2) {
        if (lid % (2 * stride) == 0 && lid + stride < wg) {
            H = lh[lid];
            L = ll[lid];
            C = lc[lid];
            exb_filter_join(&H, &L, &C, lh[lid + stride], ll[lid + stride], lc[lid + stride]);
            lh[lid] = H;
            ll[lid] = L;
            lc[lid] = C;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        long g = get_group_id(0);
        out[3 * g] = lh[0];
        out[3 * g + 1] = ll[0];
        out[3 * g + 2] = lc[0];
    }
}

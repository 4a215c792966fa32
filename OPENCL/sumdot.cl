/*
 * sumdot.cl -- ExSUM and ExDOT, first level of the multi-level reduction.
 *
 * Each work-item runs a private expansion (four lanes of FPE doubles) over
 * its share of the vector; residuals and, at the end, the expansion itself go
 * into the work-group's long accumulator in local memory (64-bit atomics).
 * Each work-group writes its raw accumulator digits and NaN/Inf flags; the
 * host merges them exactly and rounds once (SRC/sumdot_cl.c).
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

__kernel void exsum_partial(long n, __global const double *x, long xoff, long incx, long chunk4,
                            __global long *partials, __global int *partial_flags)
{
    __local long acc[ACC_DIGITS];
    __local int flags;
    superacc_clear_local(acc, &flags);
    barrier(CLK_LOCAL_MEM_FENCE);

    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
#if FPE >= 2
    double4 a[FPE];
    for (int k = 0; k < FPE; k++)
        a[k] = 0.0;
#endif
    for (long q = begin; q < end; q += step) {
        double4 xv = load4(x, xoff, incx, 4 * q);
#if FPE >= 2
        long4 ok = fabs(xv) <= TERM_MAX;
        if (!all(ok)) {
            superacc_add_lanes(acc, &flags, select(xv, (double4)0.0, ok));
            xv = select((double4)0.0, xv, ok);
        }
        expansion_add(a, xv, 0, acc, &flags);
#else
        superacc_add_lanes(acc, &flags, xv);
#endif
    }
    if (get_global_id(0) == 0)
        for (long i = n / 4 * 4; i < n; i++)
            superacc_add_double(acc, &flags, x[xoff + i * incx]);
#if FPE >= 2
    for (int k = 0; k < FPE; k++)
        superacc_add_lanes(acc, &flags, a[k]);
#endif
    write_partial(acc, &flags, partials, partial_flags);
}

__kernel void exdot_partial(long n, __global const double *x, long xoff, long incx,
                            __global const double *y, long yoff, long incy, long chunk4,
                            __global long *partials, __global int *partial_flags)
{
    __local long acc[ACC_DIGITS];
    __local int flags;
    superacc_clear_local(acc, &flags);
    barrier(CLK_LOCAL_MEM_FENCE);

    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
#if FPE >= 2
    double4 a[FPE];
    for (int k = 0; k < FPE; k++)
        a[k] = 0.0;
#endif
    for (long q = begin; q < end; q += step) {
        double4 xv = load4(x, xoff, incx, 4 * q);
        double4 yv = load4(y, yoff, incy, 4 * q);
#if FPE >= 2
        double4 p = xv * yv;
        double4 ap = fabs(p);
        long4 ok = (ap <= TERM_MAX) & (ap >= PRODUCT_MIN);
        if (!all(ok)) {
            double xs[4], ys[4];
            long oks[4];
            vstore4(xv, 0, xs);
            vstore4(yv, 0, ys);
            vstore4(ok, 0, oks);
            for (int j = 0; j < 4; j++)
                if (!oks[j])
                    superacc_add_product(acc, &flags, xs[j], ys[j]);
            xv = select((double4)0.0, xv, ok);
            yv = select((double4)0.0, yv, ok);
            p = select((double4)0.0, p, ok);
        }
        double4 e = fma(xv, yv, -p); /* TwoProduct: x*y = p + e exactly */
        expansion_add(a, p, 0, acc, &flags);
        expansion_add(a, e, 1, acc, &flags);
#else
        superacc_add_product(acc, &flags, xv.s0, yv.s0);
        superacc_add_product(acc, &flags, xv.s1, yv.s1);
        superacc_add_product(acc, &flags, xv.s2, yv.s2);
        superacc_add_product(acc, &flags, xv.s3, yv.s3);
#endif
    }
    if (get_global_id(0) == 0)
        for (long i = n / 4 * 4; i < n; i++)
            superacc_add_product(acc, &flags, x[xoff + i * incx], y[yoff + i * incy]);
#if FPE >= 2
    for (int k = 0; k < FPE; k++)
        superacc_add_lanes(acc, &flags, a[k]);
#endif
    write_partial(acc, &flags, partials, partial_flags);
}

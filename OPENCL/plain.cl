/*
 * plain.cl -- ordinary (non-exact) OpenCL sum and dot product, the same-device
 * baseline of the benchmarks: the same work distribution and four-lane loads
 * as sumdot.cl, one double4 accumulator per work-item, a tree reduction in
 * local memory, one partial sum per work-group (added up by the host).
 */
inline double4 plain_load4(__global const double *v, long i)
{
    return vload4(0, v + i);
}

inline void plain_reduce(double4 s, __local double *scratch, __global double *partials)
{
    int lid = get_local_id(0);
    scratch[lid] = (s.s0 + s.s1) + (s.s2 + s.s3);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int width = get_local_size(0) / 2; width > 0; width /= 2) {
        if (lid < width)
            scratch[lid] += scratch[lid + width];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partials[get_group_id(0)] = scratch[0];
}

/* Unit stride, n a multiple of 4 (the benchmark's case); chunk4 as in sumdot.cl. */
__kernel void plain_dot(long n, __global const double *x, __global const double *y, long chunk4,
                        __global double *partials, __local double *scratch)
{
    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
    double4 s = 0.0;
    for (long q = begin; q < end; q += step)
        s += plain_load4(x, 4 * q) * plain_load4(y, 4 * q);
    plain_reduce(s, scratch, partials);
}

__kernel void plain_sum(long n, __global const double *x, long chunk4, __global double *partials,
                        __local double *scratch)
{
    long begin, end, step;
    group_range(n, chunk4, &begin, &end, &step);
    double4 s = 0.0;
    for (long q = begin; q < end; q += step)
        s += plain_load4(x, 4 * q);
    plain_reduce(s, scratch, partials);
}

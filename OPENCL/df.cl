/*
 * df.cl -- the GEMM kernels that use no binary64 at all: the program is
 * SRC/core/df_core.h + this file (no exb_core.h, no core.cl), so it builds
 * on a device without cl_khr_fp64.  The blocking of the double-float paper
 * (Mukunoki and Imamura): a work-group computes a TS x TS tile of C from a
 * TS x BK panel of A and a BK x TS panel of B in local memory, each
 * work-item an RT x RT register tile.  A (m x k), B (k x n) and C (m x n)
 * are packed column-major by the host (SRC/opencl/df_cl.c).
 *
 *   gemm_df: DGEMM-D(DF) and DGEMM-DF(DF).  Element (i, j) is
 *     S = (((0 + a_i0 b_0j) + a_i1 b_1j) + ...) in DF (exb_df_mad, in the
 *     order of l, as the host reference SRC/host/gemm/double_float.c); with
 *     `epilogue`, C := alpha*S + beta*C in DF (beta = 0: C is not read),
 *     else C := S.
 *   gemm_f32_levels: the binary32 engine of EXDGEMM's split path.  A and B
 *     hold one slice each (integers below 2^bits, bits <= (24 -
 *     log2 BK)/2, as floats); the products of one panel (BK terms) are summed
 *     in binary32, exact since every partial sum is an integer below 2^24,
 *     then added to 64-bit integers; the element's level sum
 *     level[off + i + j*m] gets the total.  A slice starts at a + aoff,
 *     b + boff.  Integer arithmetic, no rounding.
 *
 * Tile sizes are build options from the device's tuning record, never from
 * the problem:  RT register tile side, WT work-items per tile side, BK depth.
 */
#ifndef RT
#define RT 2
#endif
#ifndef WT
#define WT 4
#endif
#ifndef BK
#define BK 16
#endif
#define TS (RT * WT)

/* Panel element q of A's (TS x BK) and B's (BK x TS) panels at (i0, l0) and
 * (l0, j0): its index in the packed matrix, or -1 outside it. */
inline long a_index(int q, long i0, long l0, long m, long k)
{
    long i = i0 + q % TS, l = l0 + q / TS;
    return i < m && l < k ? i + l * m : -1;
}

inline long b_index(int q, long l0, long j0, long k, long n)
{
    long l = l0 + q % BK, j = j0 + q / BK;
    return l < k && j < n ? l + j * k : -1;
}

__kernel void gemm_df(__global const float2 *a, __global const float2 *b, long m, long n, long k,
                      float2 alpha, float2 beta, int epilogue, __global float2 *c)
{
    __local float ah[TS * BK], al[TS * BK], bh[BK * TS], bl[BK * TS];
    long i0 = get_group_id(0) * TS, j0 = get_group_id(1) * TS;
    int ti = get_local_id(0) * RT, tj = get_local_id(1) * RT;
    int lid = get_local_id(0) + WT * get_local_id(1);
    exb_df s[RT * RT];
    for (int q = 0; q < RT * RT; q++)
        s[q] = exb_df_make(0.0f, 0.0f);
    for (long l0 = 0; l0 < k; l0 += BK) {
        for (int q = lid; q < TS * BK; q += WT * WT) {
            long x = a_index(q, i0, l0, m, k), y = b_index(q, l0, j0, k, n);
            float2 av = x >= 0 ? a[x] : (float2)(0.0f, 0.0f);
            float2 bv = y >= 0 ? b[y] : (float2)(0.0f, 0.0f);
            ah[q] = av.x;
            al[q] = av.y;
            bh[q] = bv.x;
            bl[q] = bv.y;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        int depth = k - l0 < BK ? (int)(k - l0) : BK;
        for (int kk = 0; kk < depth; kk++)
            for (int q = 0; q < RT * RT; q++) {
                int x = ti + q % RT + kk * TS, y = kk + (tj + q / RT) * BK;
                s[q] = exb_df_mad(s[q], exb_df_make(ah[x], al[x]), exb_df_make(bh[y], bl[y]));
            }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int q = 0; q < RT * RT; q++) {
        long i = i0 + ti + q % RT, j = j0 + tj + q / RT;
        if (i >= m || j >= n)
            continue;
        exb_df r = s[q];
        if (epilogue) {
            r = exb_df_mul(exb_df_make(alpha.x, alpha.y), r);
            if (beta.x != 0.0f) {
                float2 cv = c[i + j * m];
                r = exb_df_add(r, exb_df_mul(exb_df_make(beta.x, beta.y), exb_df_make(cv.x, cv.y)));
            }
        }
        c[i + j * m] = (float2)(r.hi, r.lo);
    }
}

__kernel void gemm_f32_levels(__global const float *a, long aoff, __global const float *b,
                              long boff, long m, long n, long k, __global long *level, long off)
{
    __local float as[TS * BK], bs[BK * TS];
    long i0 = get_group_id(0) * TS, j0 = get_group_id(1) * TS;
    int ti = get_local_id(0) * RT, tj = get_local_id(1) * RT;
    int lid = get_local_id(0) + WT * get_local_id(1);
    float f[RT * RT];
    long sum[RT * RT];
    for (int q = 0; q < RT * RT; q++)
        sum[q] = 0;
    for (long l0 = 0; l0 < k; l0 += BK) {
        for (int q = lid; q < TS * BK; q += WT * WT) {
            long x = a_index(q, i0, l0, m, k), y = b_index(q, l0, j0, k, n);
            as[q] = x >= 0 ? a[aoff + x] : 0.0f;
            bs[q] = y >= 0 ? b[boff + y] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = 0; q < RT * RT; q++)
            f[q] = 0.0f;
        for (int kk = 0; kk < BK; kk++)
            for (int q = 0; q < RT * RT; q++)
                f[q] += as[ti + q % RT + kk * TS] * bs[kk + (tj + q / RT) * BK];
        for (int q = 0; q < RT * RT; q++)
            sum[q] += (long)f[q];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int q = 0; q < RT * RT; q++) {
        long i = i0 + ti + q % RT, j = j0 + tj + q / RT;
        if (i < m && j < n)
            level[off + i + j * m] += sum[q];
    }
}

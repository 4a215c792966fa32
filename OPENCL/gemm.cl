/*
 * gemm.cl -- EXDGEMM on OpenCL, two kernels with one blocking design (the
 * double-float GEMM paper's): a work-group computes a TS x TS tile of C,
 * staging a TS x BK panel of op(A) and a BK x TS panel of op(B) in local
 * memory; each work-item owns an RT x RT register tile of C.
 *
 *   gemm_exact: every element of the register tile is an exact row
 *     accumulator (OPENCL/core.cl: TwoProduct into an expansion of FPE
 *     doubles, residues into the long accumulator in global memory); the
 *     host folds in alpha and beta and rounds once.
 *   gemm_plain: C := A*B in plain binary64 (A m x k, B k x n, C m x n,
 *     column-major, no transposes): the engine of the split path, whose
 *     slice products are integers below 2^53 and so exact in any order.
 *
 * The grid covers whole tiles; op(A) and op(B) read as zero outside, and the
 * accumulators of the padding rows and columns are never read back.
 *
 * Tile sizes are build options chosen by the host from the device's local
 * memory and work-group limit (SRC/opencl/gemm_cl.c), never from the problem:
 *   RT  register tile side          WT  work-items per tile side
 *   BK  depth of the k panels
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
#define TS (RT * WT) /* C tile side of a work-group */

/* as[ii + ll*TS] = op(A)(i0+ii, l0+ll), bs[ll + jj*BK] = op(B)(l0+ll, j0+jj). */
inline void load_panels(__global const double *a, long lda, int transa,
                        __global const double *b, long ldb, int transb, long m, long n, long k,
                        long i0, long j0, long l0, __local double *as, __local double *bs)
{
    int lid = get_local_id(0) + WT * get_local_id(1);
    for (int q = lid; q < TS * BK; q += WT * WT) {
        long i = i0 + q % TS, l = l0 + q / TS;
        as[q] = i < m && l < k ? (transa ? a[l + i * lda] : a[i + l * lda]) : 0.0;
        long l2 = l0 + q % BK, j = j0 + q / BK;
        bs[q] = l2 < k && j < n ? (transb ? b[j + l2 * ldb] : b[l2 + j * ldb]) : 0.0;
    }
}

/* Element (i, j) of the block of columns starting at op(B) column jbase
 * goes to accumulator i + j*mp. */
__kernel void gemm_exact(__global const double *a, long lda, int transa, __global const double *b,
                         long ldb, int transb, long m, long n, long k, long jbase, long mp,
                         __global long *digits, __global int *meta)
{
    __local double as[TS * BK], bs[BK * TS];
    long i0 = get_group_id(0) * TS, j0 = get_group_id(1) * TS;
    int ti = get_local_id(0) * RT, tj = get_local_id(1) * RT;
    row_state r[RT * RT];
    double e[RT * RT][ROW_EXP];
    for (int q = 0; q < RT * RT; q++) {
        r[q] = row_init(digits, meta, (i0 + ti + q % RT) + (j0 + tj + q / RT) * mp);
        for (int x = 0; x < ROW_EXP; x++)
            e[q][x] = 0.0;
    }
    for (long l0 = 0; l0 < k; l0 += BK) {
        load_panels(a, lda, transa, b + (transb ? jbase : jbase * ldb), ldb, transb, m, n, k, i0,
                    j0, l0, as, bs);
        barrier(CLK_LOCAL_MEM_FENCE);
        int depth = k - l0 < BK ? (int)(k - l0) : BK;
        for (int kk = 0; kk < depth; kk++)
            for (int q = 0; q < RT * RT; q++)
                row_add_term(&r[q], e[q], as[ti + q % RT + kk * TS], bs[kk + (tj + q / RT) * BK]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int q = 0; q < RT * RT; q++) {
        row_flush(&r[q], e[q]);
        row_store(&r[q], meta, (i0 + ti + q % RT) + (j0 + tj + q / RT) * mp);
    }
}

__kernel void gemm_plain(__global const double *a, __global const double *b, long m, long n,
                         long k, __global double *c)
{
    __local double as[TS * BK], bs[BK * TS];
    long i0 = get_group_id(0) * TS, j0 = get_group_id(1) * TS;
    int ti = get_local_id(0) * RT, tj = get_local_id(1) * RT;
    double acc[RT * RT];
    for (int q = 0; q < RT * RT; q++)
        acc[q] = 0.0;
    for (long l0 = 0; l0 < k; l0 += BK) {
        load_panels(a, m, 0, b, k, 0, m, n, k, i0, j0, l0, as, bs);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < BK; kk++)
            for (int q = 0; q < RT * RT; q++)
                acc[q] += as[ti + q % RT + kk * TS] * bs[kk + (tj + q / RT) * BK];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int q = 0; q < RT * RT; q++) {
        long i = i0 + ti + q % RT, j = j0 + tj + q / RT;
        if (i < m && j < n)
            c[i + j * m] = acc[q];
    }
}

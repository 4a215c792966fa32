/*
 * gemv.cl -- the exact rows of EXDGEMV: work-item i accumulates row i of
 * op(A) times x into its row accumulator (OPENCL/core.cl), exactly; the host
 * folds in alpha and beta and rounds once (exb_superacc_round_affine).
 */
__kernel void gemv_rows(__global const double *a, long lda, long rows, long len, int trans,
                        __global const double *x, __global long *digits, __global int *meta)
{
    long i = get_global_id(0);
    if (i >= rows)
        return;
    row_state r = row_init(digits, meta, i);
    double e[ROW_EXP] = {0};
    for (long j = 0; j < len; j++)
        row_add_term(&r, e, trans ? a[j + i * lda] : a[i + j * lda], x[j]);
    row_flush(&r, e);
    row_store(&r, meta, i);
}

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

/* The floating-point filter (SRC/core/filter.h) of row i: p = RN(a x) and
 * its error e (one fma) through exb_filter_step (exb_core.h), (h, lo, ce)
 * written to out[3i .. 3i+2]; the host decides from them
 * (SRC/opencl/gemv_cl.c), or runs gemv_rows. */
__kernel void gemv_filter(__global const double *a, long lda, long rows, long len, int trans,
                          __global const double *x, __global double *out)
{
    long i = get_global_id(0);
    if (i >= rows)
        return;
    double h = 0.0, lo = 0.0, ce = 0.0;
    for (long j = 0; j < len; j++) {
        double aij = trans ? a[j + i * lda] : a[i + j * lda], p = aij * x[j];
        exb_filter_step(&h, &lo, &ce, p, fma(aij, x[j], -p));
    }
    out[3 * i] = h;
    out[3 * i + 1] = lo;
    out[3 * i + 2] = ce;
}

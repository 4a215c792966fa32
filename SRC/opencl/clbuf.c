/* clbuf.c -- device buffers over strided vectors (see clbuf.h). */
#include "clbuf.h"

cl_mem exb_cl_vector_in(exb_cl_launch *L, const double *x, long n, long inc, long *offset)
{
    /* The elements occupy [lowest, lowest + span) whatever the sign of inc. */
    long step = inc < 0 ? -inc : inc;
    long span = (n - 1) * step + 1;
    const double *lowest = inc < 0 ? x - (n - 1) * step : x;
    *offset = inc < 0 ? (n - 1) * step : 0;
    /* USE_HOST_PTR: a CPU device reads the caller's memory in place. */
    return exb_cl_launch_buffer(L, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                                (size_t)span * sizeof(double), (void *)lowest);
}

#define MAX_ELEMENTS_PER_GROUP (1L << 28)

size_t exb_cl_reduction_wg(const exb_cl_device *d)
{
    return (size_t)d->tuning->reduce_wg;
}

exb_cl_shape exb_cl_reduction_shape(const exb_cl_device *d, long n, size_t wg)
{
    exb_cl_shape s;
    s.wg = wg;
    long groups4 = n / 4;
    size_t want = (size_t)d->compute_units * (size_t)d->tuning->reduce_groups_per_cu;
    size_t useful = (size_t)(groups4 / (long)s.wg) + 1; /* no idle work-groups */
    s.groups = want < useful ? want : useful;
    size_t needed = (size_t)(n / MAX_ELEMENTS_PER_GROUP) + 1;
    if (s.groups < needed)
        s.groups = needed;
    long items = (long)(s.groups * s.wg);
    s.chunk4 = d->tuning->reduce_chunked ? (groups4 + items - 1) / items : 0;
    return s;
}

int exb_cl_rows_create(exb_cl_launch *L, exb_cl_rows *rows, long count, int expansion_len)
{
    size_t n = (size_t)(count > 0 ? count : 1);
    rows->digits = exb_cl_launch_buffer(L, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                        n * EXB_ROW_DIGITS * sizeof(cl_long), NULL);
    rows->meta = exb_cl_launch_buffer(L, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                      n * EXB_ROW_META * sizeof(cl_int), NULL);
    rows->expansion =
        expansion_len > 0
            ? exb_cl_launch_buffer(L, CL_MEM_READ_WRITE,
                                   n * (size_t)expansion_len * sizeof(cl_double), NULL)
            : NULL;
    return L->failed ? -1 : 0;
}

int exb_cl_rows_map(exb_cl_launch *L, const exb_cl_rows *rows, long count, exb_cl_rows_view *v)
{
    cl_int err = CL_SUCCESS;
    v->digits = NULL;
    v->meta = NULL;
    if (L->failed)
        return -1;
    v->digits =
        clEnqueueMapBuffer(L->d->queue, rows->digits, CL_TRUE, CL_MAP_READ, 0,
                           (size_t)count * EXB_ROW_DIGITS * sizeof(cl_long), 0, NULL, NULL, &err);
    if (err == CL_SUCCESS)
        v->meta =
            clEnqueueMapBuffer(L->d->queue, rows->meta, CL_TRUE, CL_MAP_READ, 0,
                               (size_t)count * EXB_ROW_META * sizeof(cl_int), 0, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        exb_cl_rows_unmap(L->d, rows, v);
        return exb_cl_launch_fail(L, "mapping the row accumulators", err);
    }
    return 0;
}

void exb_cl_rows_unmap(const exb_cl_device *d, const exb_cl_rows *rows, exb_cl_rows_view *v)
{
    if (v->digits)
        clEnqueueUnmapMemObject(d->queue, rows->digits, v->digits, 0, NULL, NULL);
    if (v->meta)
        clEnqueueUnmapMemObject(d->queue, rows->meta, v->meta, 0, NULL, NULL);
    clFinish(d->queue);
    v->digits = NULL;
    v->meta = NULL;
}

double exb_cl_row_round_affine(const exb_cl_rows_view *v, long row, exb_superacc *acc, double alpha,
                               double beta, double y, int (*negzero)(const void *arg, long row),
                               const void *arg)
{
    const cl_int *m = v->meta + 4 * row;
    exb_superacc_add_raw(acc, (const int64_t *)v->digits + row * EXB_ROW_DIGITS, m[0], m[1],
                         (uint32_t)m[2]);
    if (exb_superacc_is_zero(acc) && negzero(arg, row))
        exb_superacc_set_negative_zero(acc);
    double r = exb_superacc_round_affine(acc, alpha, beta, y);
    exb_superacc_reset(acc);
    return r;
}

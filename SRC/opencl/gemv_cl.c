/*
 * gemv_cl.c -- the OpenCL path of EXDGEMV: OPENCL/gemv.cl leaves every row's
 * exact sum in its row accumulator; the host maps them and rounds each
 * output once with alpha and beta (the same exb_superacc_round_affine as the
 * host path, so the bits cannot differ).
 */
#include "backend/gemv.h"

#include <stdio.h>

#include "clbuf.h"

#define DEFAULT_WG 64
/* Each term adds < 2^33 to a row digit: below 2^28 terms no digit nears 2^62. */
#define MAX_ROW_LEN (1L << 28)

static cl_int run_rows(const exb_cl_device *d, cl_kernel kernel, const exb_gemv_args *g,
                       cl_mem a, cl_mem x, exb_cl_rows *rows, long leny, long lenx, size_t wg)
{
    cl_long lda = g->lda, nrows = leny, len = lenx;
    cl_int trans = g->trans;
    cl_int err = CL_SUCCESS;
    int k = 0;
    err |= clSetKernelArg(kernel, k++, sizeof a, &a);
    err |= clSetKernelArg(kernel, k++, sizeof lda, &lda);
    err |= clSetKernelArg(kernel, k++, sizeof nrows, &nrows);
    err |= clSetKernelArg(kernel, k++, sizeof len, &len);
    err |= clSetKernelArg(kernel, k++, sizeof trans, &trans);
    err |= clSetKernelArg(kernel, k++, sizeof x, &x);
    err |= clSetKernelArg(kernel, k++, sizeof rows->digits, &rows->digits);
    err |= clSetKernelArg(kernel, k++, sizeof rows->meta, &rows->meta);
    size_t global = ((size_t)leny + wg - 1) / wg * wg;
    if (err == CL_SUCCESS)
        err = clEnqueueNDRangeKernel(d->queue, kernel, 1, NULL, &global, &wg, 0, NULL, NULL);
    return err;
}

static int row_negzero(const void *g, long i)
{
    return exb_gemv_row_negzero(g, i);
}

/* y_i := RN(alpha*row_i + beta*y_i) from the mapped row accumulators. */
static void finish(const exb_gemv_args *g, long leny, const exb_cl_rows_view *v)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long i = 0; i < leny; i++) {
        double *yi = g->y + i * g->incy;
        *yi = exb_cl_row_round_affine(v, i, &acc, g->alpha, g->beta, g->beta != 0.0 ? *yi : 0.0,
                                      row_negzero, g);
    }
}

int exb_cl_gemv(const exb_gemv_args *g, const exb_knobs *knobs)
{
    const exb_cl_device *d = exb_cl_device_get();
    long leny = g->trans ? g->n : g->m, lenx = g->trans ? g->m : g->n;
    if (!d || lenx > MAX_ROW_LEN)
        return -1;
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d", knobs->fpe, knobs->early_exit);
    cl_kernel kernel = exb_cl_kernel("gemv.cl", "gemv_rows", options);
    if (!kernel)
        return -1;
    size_t wg = exb_cl_fit_wg(kernel, "gemv_rows", knobs->wg > 0 ? (size_t)knobs->wg : DEFAULT_WG);
    int status = -1;
    long aoff, xoff;
    exb_cl_rows rows = {NULL, NULL, NULL};
    cl_mem a = exb_cl_vector_in(d, g->a, g->lda * (g->n - 1) + g->m, 1, &aoff);
    cl_mem x = exb_cl_vector_in(d, g->x, lenx, 1, &xoff);
    if (!a || !x || exb_cl_rows_create(d, &rows, leny, 0) != 0)
        goto done;
    cl_int err = run_rows(d, kernel, g, a, x, &rows, leny, lenx, wg);
    exb_cl_rows_view v;
    if (err == CL_SUCCESS)
        err = exb_cl_rows_map(d, &rows, leny, &v);
    if (err != CL_SUCCESS) {
        exb_cl_report("GEMV launch", err);
    } else {
        finish(g, leny, &v);
        exb_cl_rows_unmap(d, &rows, &v);
        status = 0;
    }
done:
    if (a)
        clReleaseMemObject(a);
    if (x)
        clReleaseMemObject(x);
    exb_cl_rows_release(&rows);
    clReleaseKernel(kernel);
    return status;
}

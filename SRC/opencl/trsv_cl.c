/*
 * trsv_cl.c -- the OpenCL path of EXDTRSV (OPENCL/trsv.cl): one fused launch
 * (EXACTBLAS_TRSV_MODE=fused, the default) or one launch per block column
 * (multi).  x is copied to the device and read back only after success, so
 * a failure leaves it untouched for the host path.
 */
#include "backend/trsv.h"

#include <stdio.h>
#include <stdlib.h>

#include "clbuf.h"

#define DEFAULT_WG 64

typedef struct trsv_launch {
    const exb_cl_device *d;
    cl_kernel kernel;
    cl_mem a, x, counters;
    exb_cl_rows rows;
} trsv_launch;

static cl_int set_args(trsv_launch *L, const exb_tri *t, long bs)
{
    cl_long lda = t->lda, n = t->n, blk = bs;
    cl_int fwd = t->forward, cs = t->colsweep, unit = t->unit;
    cl_int err = CL_SUCCESS;
    int k = 0;
    err |= clSetKernelArg(L->kernel, k++, sizeof L->a, &L->a);
    err |= clSetKernelArg(L->kernel, k++, sizeof lda, &lda);
    err |= clSetKernelArg(L->kernel, k++, sizeof n, &n);
    err |= clSetKernelArg(L->kernel, k++, sizeof blk, &blk);
    err |= clSetKernelArg(L->kernel, k++, sizeof fwd, &fwd);
    err |= clSetKernelArg(L->kernel, k++, sizeof cs, &cs);
    err |= clSetKernelArg(L->kernel, k++, sizeof unit, &unit);
    err |= clSetKernelArg(L->kernel, k++, sizeof L->x, &L->x);
    err |= clSetKernelArg(L->kernel, k++, sizeof L->rows.digits, &L->rows.digits);
    err |= clSetKernelArg(L->kernel, k++, sizeof L->rows.meta, &L->rows.meta);
    err |= clSetKernelArg(L->kernel, k++, sizeof L->rows.expansion, &L->rows.expansion);
    return err;
}

static cl_int enqueue(trsv_launch *L, int multi, long blocks, size_t wg)
{
    cl_int err = CL_SUCCESS;
    if (!multi) {
        err = clSetKernelArg(L->kernel, 11, sizeof L->counters, &L->counters);
        size_t global = (size_t)blocks * wg;
        if (err == CL_SUCCESS)
            err = clEnqueueNDRangeKernel(L->d->queue, L->kernel, 1, NULL, &global, &wg, 0, NULL,
                                         NULL);
        return err;
    }
    for (long step = 0; step < blocks && err == CL_SUCCESS; step++) {
        cl_long s = step;
        size_t global = (size_t)(blocks - step) * wg;
        err = clSetKernelArg(L->kernel, 11, sizeof s, &s);
        if (err == CL_SUCCESS)
            err = clEnqueueNDRangeKernel(L->d->queue, L->kernel, 1, NULL, &global, &wg, 0, NULL,
                                         NULL);
    }
    return err;
}

static int trsv_run(const exb_tri *t, double *x, const exb_knobs *knobs, int plain)
{
    trsv_launch L = {exb_cl_device_get(), NULL, NULL, NULL, NULL, {NULL, NULL, NULL}};
    if (!L.d)
        return -1;
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d -DPLAIN=%d", knobs->fpe,
             knobs->early_exit, plain);
    int multi = knobs->trsv_multi;
    L.kernel = exb_cl_kernel("trsv.cl", multi ? "trsv_step" : "trsv_fused", options);
    if (!L.kernel)
        return -1;
    long n = t->n, bs = knobs->trsv_block < n ? knobs->trsv_block : n;
    long blocks = (n + bs - 1) / bs;
    size_t wg = exb_cl_fit_wg(L.kernel, multi ? "trsv_step" : "trsv_fused",
                              knobs->wg > 0 ? (size_t)knobs->wg
                                            : (size_t)(bs < DEFAULT_WG ? bs : DEFAULT_WG));
    int status = -1;
    cl_int err = CL_SUCCESS;
    long aoff; /* 0: the buffer starts at A(1,1) */
    int zero[2] = {0, 0};
    L.a = exb_cl_vector_in(L.d, t->a, t->lda * (n - 1) + n, 1, &aoff);
    if (!L.a)
        goto done;
    L.x = clCreateBuffer(L.d->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                         (size_t)n * sizeof(double), x, &err);
    if (err == CL_SUCCESS)
        L.counters = clCreateBuffer(L.d->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    sizeof zero, zero, &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("TRSV buffer creation", err);
        goto done;
    }
    if (exb_cl_rows_create(L.d, &L.rows, n, knobs->fpe > 0 ? knobs->fpe : 1) != 0)
        goto done;
    err = set_args(&L, t, bs);
    if (err == CL_SUCCESS)
        err = enqueue(&L, multi, blocks, wg);
    if (err == CL_SUCCESS)
        err = clEnqueueReadBuffer(L.d->queue, L.x, CL_TRUE, 0, (size_t)n * sizeof(double), x, 0,
                                  NULL, NULL);
    if (err != CL_SUCCESS) {
        exb_cl_report("TRSV launch", err);
        goto done;
    }
    status = 0;
done:
    if (L.a)
        clReleaseMemObject(L.a);
    if (L.x)
        clReleaseMemObject(L.x);
    if (L.counters)
        clReleaseMemObject(L.counters);
    exb_cl_rows_release(&L.rows);
    clReleaseKernel(L.kernel);
    return status;
}

int exb_cl_trsv(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    return trsv_run(t, x, knobs, 0);
}

int exb_cl_trsv_plain(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    return trsv_run(t, x, knobs, 1);
}

/*
 * sumdot_cl.c -- OpenCL path of ExSUM/ExDOT: one launch of OPENCL/sumdot.cl,
 * then the host merges the work-groups' accumulators exactly (sumdot_cl.h).
 */
#include "backend/sumdot.h"

#include <stdio.h>
#include <stdlib.h>

#include "clbuf.h"
#include "support/note.h"

/* The shared exponent table (OPENCL/core.cl): 4096 chunks of local memory,
 * exact for work-groups of at most TABLE_MAX_WG work-items. */
#define TABLE_BYTES (4096 * 8)
#define TABLE_MAX_WG 1024

int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    /* The exponent-indexed table is 32 KiB of private memory per work-item:
     * cheap on a CPU device, a spill to global memory on a GPU, so GPUs get
     * expansions alone unless EXACTBLAS_FRONT=table asks for it. */
    int use_table = d->is_cpu ? knobs->front != EXB_FRONT_FPE : knobs->front == EXB_FRONT_TABLE;
    if (use_table && d->local_mem < TABLE_BYTES + 2 * EXB_ACC_DIGITS * sizeof(cl_long)) {
        exb_note("the exponent table needs %d bytes of local memory, more than %s has; the sum "
                 "and dot kernels run without it",
                 TABLE_BYTES, d->name);
        use_table = 0;
    }
    char options[96];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d -DUSE_TABLE=%d -DFRONT=%d",
             knobs->fpe, knobs->early_exit, use_table, knobs->front);
    int dot = args->y != NULL;
    cl_kernel kernel = exb_cl_kernel("sumdot.cl", dot ? "exdot_partial" : "exsum_partial", options);
    if (!kernel)
        return -1;

    size_t wg = knobs->wg > 0 ? (size_t)knobs->wg : exb_cl_reduction_wg(d);
    if (use_table && wg > TABLE_MAX_WG) {
        exb_note("work-group size %zu is more than the exponent table allows (%d); using %d", wg,
                 TABLE_MAX_WG, TABLE_MAX_WG);
        wg = TABLE_MAX_WG;
    }
    wg = exb_cl_fit_wg(kernel, dot ? "exdot_partial" : "exsum_partial", wg);
    exb_cl_shape s = exb_cl_reduction_shape(d, args->n, wg);
    int status = -1;
    cl_int err = CL_SUCCESS;
    long xoff = 0, yoff = 0;
    cl_mem xbuf = NULL, ybuf = NULL, partials = NULL, flags = NULL;
    int64_t *host_partials = malloc(s.groups * EXB_ACC_DIGITS * sizeof *host_partials);
    int *host_flags = malloc(s.groups * sizeof *host_flags);
    if (!host_partials || !host_flags) {
        exb_cl_report("host staging allocation", CL_OUT_OF_HOST_MEMORY);
        goto done;
    }
    xbuf = exb_cl_vector_in(d, args->x, args->n, args->incx, &xoff);
    if (dot)
        ybuf = exb_cl_vector_in(d, args->y, args->n, args->incy, &yoff);
    if (!xbuf || (dot && !ybuf))
        goto done;
    partials = clCreateBuffer(d->context, CL_MEM_WRITE_ONLY,
                              s.groups * EXB_ACC_DIGITS * sizeof(cl_long), NULL, &err);
    if (err == CL_SUCCESS)
        flags = clCreateBuffer(d->context, CL_MEM_WRITE_ONLY, s.groups * sizeof(cl_int), NULL,
                               &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("partials buffer creation", err);
        goto done;
    }

    cl_long n = args->n, incx = args->incx, incy = args->incy, chunk4 = s.chunk4;
    cl_long xo = xoff, yo = yoff;
    int a = 0;
    err |= clSetKernelArg(kernel, a++, sizeof n, &n);
    err |= clSetKernelArg(kernel, a++, sizeof xbuf, &xbuf);
    err |= clSetKernelArg(kernel, a++, sizeof xo, &xo);
    err |= clSetKernelArg(kernel, a++, sizeof incx, &incx);
    if (dot) {
        err |= clSetKernelArg(kernel, a++, sizeof ybuf, &ybuf);
        err |= clSetKernelArg(kernel, a++, sizeof yo, &yo);
        err |= clSetKernelArg(kernel, a++, sizeof incy, &incy);
    }
    err |= clSetKernelArg(kernel, a++, sizeof chunk4, &chunk4);
    err |= clSetKernelArg(kernel, a++, sizeof partials, &partials);
    err |= clSetKernelArg(kernel, a++, sizeof flags, &flags);
    if (err != CL_SUCCESS) {
        exb_cl_report("kernel argument setup", err);
        goto done;
    }
    size_t global = s.groups * s.wg;
    err = clEnqueueNDRangeKernel(d->queue, kernel, 1, NULL, &global, &s.wg, 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueReadBuffer(d->queue, partials, CL_TRUE, 0,
                                  s.groups * EXB_ACC_DIGITS * sizeof(cl_long), host_partials, 0,
                                  NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueReadBuffer(d->queue, flags, CL_TRUE, 0, s.groups * sizeof(cl_int),
                                  host_flags, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        exb_cl_report(dot ? "ExDOT launch" : "ExSUM launch", err);
        goto done;
    }
    exb_superacc_clear(acc);
    for (size_t g = 0; g < s.groups; g++)
        exb_superacc_add_raw(acc, host_partials + g * EXB_ACC_DIGITS, 0, EXB_ACC_DIGITS - 1,
                             (uint32_t)host_flags[g]);
    status = 0;
done:
    if (xbuf)
        clReleaseMemObject(xbuf);
    if (ybuf)
        clReleaseMemObject(ybuf);
    if (partials)
        clReleaseMemObject(partials);
    if (flags)
        clReleaseMemObject(flags);
    clReleaseKernel(kernel);
    free(host_partials);
    free(host_flags);
    return status;
}

/* clbuf.c -- device buffers over strided vectors (see clbuf.h). */
#include "clbuf.h"

cl_mem exb_cl_vector_in(const exb_cl_device *d, const double *x, long n, long inc, long *offset)
{
    /* The elements occupy [lowest, lowest + span) whatever the sign of inc. */
    long step = inc < 0 ? -inc : inc;
    long span = (n - 1) * step + 1;
    const double *lowest = inc < 0 ? x - (n - 1) * step : x;
    *offset = inc < 0 ? (n - 1) * step : 0;
    cl_int err;
    /* USE_HOST_PTR: a CPU device reads the caller's memory in place. */
    cl_mem buf = clCreateBuffer(d->context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                                (size_t)span * sizeof(double), (void *)lowest, &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("input buffer creation", err);
        return NULL;
    }
    return buf;
}

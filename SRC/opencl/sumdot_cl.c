/*
 * sumdot_cl.c -- OpenCL path of ExSUM/ExDOT: one launch of OPENCL/sumdot.cl,
 * then the host merges the work-groups' accumulators exactly (opencl/clbuf.h).
 */
#include "backend/sumdot.h"

#include <stdio.h>
#include <stdlib.h>

#include "clbuf.h"
#include "core/filter.h"
#include "support/note.h"

/* The shared exponent table (OPENCL/core.cl): 4096 chunks of local memory,
 * exact for work-groups of at most TABLE_MAX_WG work-items. */
#define TABLE_BYTES (4096 * 8)
#define TABLE_MAX_WG 1024

/* The filter's work-groups: at most this many work-items (its local
 * arrays in OPENCL/sumdot.cl take the size as a build option). */
#define FILTER_WG_MAX 256

/* The build options of sumdot.cl (the exact kernels and the filter share
 * one program). */
static void sumdot_options(const exb_knobs *knobs, int use_table, char *options, size_t size)
{
    snprintf(options, size, "-DFPE=%d -DEARLY_EXIT=%d -DUSE_TABLE=%d -DFRONT=%d -DFILTER_WG_MAX=%d",
             knobs->fpe, knobs->early_exit, use_table, knobs->front, FILTER_WG_MAX);
}

/* Whether the exact kernels use the exponent table (and so the program's
 * options): the knobs ask for it and the device's local memory holds it
 * (else, with `note`, one line says so). */
static int table_used(const exb_cl_device *d, const exb_knobs *knobs, int note)
{
    /* The exponent-indexed table is 32 KiB of private memory per work-item:
     * cheap on a CPU device, a spill to global memory on a GPU, so the
     * record says whether auto uses it (EXACTBLAS_FRONT decides otherwise). */
    int wanted =
        knobs->front == EXB_FRONT_AUTO ? d->tuning->reduce_table : knobs->front == EXB_FRONT_TABLE;
    if (wanted && d->local_mem < TABLE_BYTES + 2 * EXB_ACC_DIGITS * sizeof(cl_long)) {
        if (note)
            exb_note("the exponent table needs %d bytes of local memory, more than %s has; the "
                     "sum and dot kernels run without it",
                     TABLE_BYTES, d->name);
        return 0;
    }
    return wanted;
}

int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    int use_table = table_used(d, knobs, 1);
    char options[128];
    sumdot_options(knobs, use_table, options, sizeof options);
    int dot = args->y != NULL;
    exb_cl_launch L;
    if (exb_cl_launch_begin(&L, dot ? "ExDOT" : "ExSUM", "sumdot.cl",
                            dot ? "exdot_partial" : "exsum_partial", options) != 0)
        return exb_cl_launch_end(&L);

    size_t wg = knobs->wg > 0 ? (size_t)knobs->wg : exb_cl_reduction_wg(d);
    if (use_table && wg > TABLE_MAX_WG) {
        exb_note("work-group size %zu is more than the exponent table allows (%d); using %d", wg,
                 TABLE_MAX_WG, TABLE_MAX_WG);
        wg = TABLE_MAX_WG;
    }
    exb_cl_shape s = exb_cl_reduction_shape(d, args->n, exb_cl_launch_fit(&L, wg));
    long xoff = 0, yoff = 0;
    int64_t *host_partials = malloc(s.groups * EXB_ACC_DIGITS * sizeof *host_partials);
    int *host_flags = malloc(s.groups * sizeof *host_flags);
    if (!host_partials || !host_flags)
        exb_cl_launch_fail(&L, "host staging allocation", CL_OUT_OF_HOST_MEMORY);
    cl_mem xbuf = exb_cl_vector_in(&L, args->x, args->n, args->incx, &xoff);
    cl_mem ybuf = dot ? exb_cl_vector_in(&L, args->y, args->n, args->incy, &yoff) : NULL;
    cl_mem partials = exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY,
                                           s.groups * EXB_ACC_DIGITS * sizeof(cl_long), NULL);
    cl_mem flags = exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY, s.groups * sizeof(cl_int), NULL);
    cl_long n = args->n, incx = args->incx, incy = args->incy, chunk4 = s.chunk4;
    cl_long xo = xoff, yo = yoff;
    exb_cl_arg a[10];
    int count = 0;
    a[count++] = EXB_CL_ARG(n);
    a[count++] = EXB_CL_ARG(xbuf);
    a[count++] = EXB_CL_ARG(xo);
    a[count++] = EXB_CL_ARG(incx);
    if (dot) {
        a[count++] = EXB_CL_ARG(ybuf);
        a[count++] = EXB_CL_ARG(yo);
        a[count++] = EXB_CL_ARG(incy);
    }
    a[count++] = EXB_CL_ARG(chunk4);
    a[count++] = EXB_CL_ARG(partials);
    a[count++] = EXB_CL_ARG(flags);
    size_t global = s.groups * s.wg;
    exb_cl_launch_args(&L, 0, a, count);
    exb_cl_launch_run(&L, 1, &global, &s.wg);
    exb_cl_launch_read(&L, partials, s.groups * EXB_ACC_DIGITS * sizeof(cl_long), host_partials);
    if (exb_cl_launch_read(&L, flags, s.groups * sizeof(cl_int), host_flags) == 0) {
        exb_superacc_clear(acc);
        for (size_t g = 0; g < s.groups; g++)
            exb_superacc_add_raw(acc, host_partials + g * EXB_ACC_DIGITS, 0, EXB_ACC_DIGITS - 1,
                                 (uint32_t)host_flags[g]);
    }
    free(host_partials);
    free(host_flags);
    return exb_cl_launch_end(&L);
}

int exb_cl_sumdot_filter(const exb_sumdot_args *args, const exb_knobs *knobs, double *h, double *lo,
                         double *ce, double *leaves, double *depth)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    char options[128]; /* the exact kernels' program */
    sumdot_options(knobs, table_used(d, knobs, 0), options, sizeof options);
    exb_cl_launch L;
    if (exb_cl_launch_begin(&L, args->y ? "ExDOT filter" : "ExSUM filter", "sumdot.cl",
                            "filter_partial", options) != 0)
        return exb_cl_launch_end(&L);
    size_t wg = knobs->wg > 0 ? (size_t)knobs->wg : exb_cl_reduction_wg(d);
    wg = exb_cl_launch_fit(&L, wg < FILTER_WG_MAX ? wg : FILTER_WG_MAX);
    exb_cl_shape s = exb_cl_reduction_shape(d, args->n, wg);
    long xoff = 0, yoff = 0;
    double *sums = malloc(3 * s.groups * sizeof *sums);
    if (!sums)
        exb_cl_launch_fail(&L, "host staging allocation", CL_OUT_OF_HOST_MEMORY);
    cl_mem xbuf = exb_cl_vector_in(&L, args->x, args->n, args->incx, &xoff);
    cl_mem ybuf = args->y ? exb_cl_vector_in(&L, args->y, args->n, args->incy, &yoff) : xbuf;
    cl_mem out =
        exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY, 3 * s.groups * sizeof(cl_double), NULL);
    cl_long n = args->n, incx = args->incx, incy = args->y ? args->incy : args->incx;
    cl_long chunk4 = s.chunk4, xo = xoff, yo = args->y ? yoff : xoff;
    cl_int dot = args->y != NULL;
    EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(n), EXB_CL_ARG(xbuf), EXB_CL_ARG(xo), EXB_CL_ARG(incx),
                    EXB_CL_ARG(ybuf), EXB_CL_ARG(yo), EXB_CL_ARG(incy), EXB_CL_ARG(dot),
                    EXB_CL_ARG(chunk4), EXB_CL_ARG(out));
    size_t global = s.groups * s.wg;
    exb_cl_launch_run(&L, 1, &global, &s.wg);
    if (exb_cl_launch_read(&L, out, 3 * s.groups * sizeof(cl_double), sums) == 0) {
        /* leaves: the terms, three lane joins per work-item, the work-group
         * trees' joins and the groups'; additions on a leaf's way: its
         * lane's (one per group of four the work-item takes, at most three
         * more for the tail), the lane joins (at most 4), the work-group
         * tree (at most 2 per level, 8 levels) and the groups' (at most
         * groups + 1) */
        *h = sums[0];
        *lo = sums[1];
        *ce = sums[2];
        for (size_t g = 1; g < s.groups; g++)
            exb_filter_join(h, lo, ce, sums[3 * g], sums[3 * g + 1], sums[3 * g + 2]);
        *leaves = (double)args->n + 4.0 * (double)global + (double)s.groups;
        long per_item = (args->n / 4 + (long)global - 1) / (long)global;
        *depth = (double)per_item + (double)s.groups + 26.0;
    }
    free(sums);
    return exb_cl_launch_end(&L);
}

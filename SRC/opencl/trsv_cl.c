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

/* Fused: one launch, block columns in order inside it (a counter publishes
 * each solved block); multi: one launch per block column, its number as the
 * last argument. */
static void enqueue(exb_cl_launch *L, int multi, long blocks, size_t wg, cl_mem counters)
{
    if (!multi) {
        size_t global = (size_t)blocks * wg;
        EXB_CL_SET_ARGS(L, 11, EXB_CL_ARG(counters));
        exb_cl_launch_run(L, 1, &global, &wg);
        return;
    }
    for (long step = 0; step < blocks && !L->failed; step++) {
        cl_long s = step;
        size_t global = (size_t)(blocks - step) * wg;
        EXB_CL_SET_ARGS(L, 11, EXB_CL_ARG(s));
        exb_cl_launch_run(L, 1, &global, &wg);
    }
}

static int trsv_run(const exb_tri *t, double *x, const exb_knobs *knobs, int plain)
{
    if (t->alpha != 1.0) /* the kernel starts every row from b itself */
        return -1;
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d -DPLAIN=%d", knobs->fpe,
             knobs->early_exit, plain);
    int multi = knobs->trsv_multi;
    exb_cl_launch L;
    if (exb_cl_launch_begin(&L, "TRSV", "trsv.cl", multi ? "trsv_step" : "trsv_fused",
                            options) != 0)
        return exb_cl_launch_end(&L);
    long n = t->n, bs = knobs->trsv_block < n ? knobs->trsv_block : n;
    long blocks = (n + bs - 1) / bs;
    long rows_wg = L.d->tuning->rows_wg;
    size_t wg = exb_cl_launch_fit(&L, knobs->wg > 0 ? (size_t)knobs->wg
                                                    : (size_t)(bs < rows_wg ? bs : rows_wg));
    long aoff; /* 0: the buffer starts at A(1,1) */
    int zero[2] = {0, 0};
    exb_cl_rows rows;
    cl_mem a = exb_cl_vector_in(&L, t->a, t->lda * (n - 1) + n, 1, &aoff);
    cl_mem xb = exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     (size_t)n * sizeof(double), x);
    cl_mem counters =
        exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero);
    exb_cl_rows_create(&L, &rows, n, knobs->fpe > 0 ? knobs->fpe : 1);
    cl_long lda = t->lda, len = n, blk = bs;
    cl_int fwd = t->forward, cs = t->colsweep, unit = t->unit;
    EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(a), EXB_CL_ARG(lda), EXB_CL_ARG(len), EXB_CL_ARG(blk),
                    EXB_CL_ARG(fwd), EXB_CL_ARG(cs), EXB_CL_ARG(unit), EXB_CL_ARG(xb),
                    EXB_CL_ARG(rows.digits), EXB_CL_ARG(rows.meta), EXB_CL_ARG(rows.expansion));
    enqueue(&L, multi, blocks, wg, counters);
    /* x is overwritten only once everything succeeded */
    exb_cl_launch_read(&L, xb, (size_t)n * sizeof(double), x);
    return exb_cl_launch_end(&L);
}
int exb_cl_trsv(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    return trsv_run(t, x, knobs, 0);
}

int exb_cl_trsv_plain(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    return trsv_run(t, x, knobs, 1);
}

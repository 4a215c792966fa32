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

/* Arguments 0..11 of every TRSV/TRSM kernel (TRI_ARGS, OPENCL/trsv.cl). */
static void set_tri_args(exb_cl_launch *L, const exb_tri *t, long bs, cl_mem a, cl_mem x,
                         exb_cl_rows *rows)
{
    cl_long lda = t->lda, len = t->n, blk = bs;
    cl_int fwd = t->forward, cs = t->colsweep, unit = t->unit;
    cl_double alpha = t->alpha;
    EXB_CL_SET_ARGS(L, 0, EXB_CL_ARG(a), EXB_CL_ARG(lda), EXB_CL_ARG(len), EXB_CL_ARG(blk),
                    EXB_CL_ARG(fwd), EXB_CL_ARG(cs), EXB_CL_ARG(unit), EXB_CL_ARG(x),
                    EXB_CL_ARG(rows->digits), EXB_CL_ARG(rows->meta), EXB_CL_ARG(rows->expansion),
                    EXB_CL_ARG(alpha));
}

/* Fused: one launch, block columns in order inside it (a counter publishes
 * each solved block); multi: one launch per block column, its number as the
 * last argument. */
static void enqueue(exb_cl_launch *L, int multi, long blocks, size_t wg, cl_mem counters)
{
    if (!multi) {
        size_t global = (size_t)blocks * wg;
        EXB_CL_SET_ARGS(L, 12, EXB_CL_ARG(counters));
        exb_cl_launch_run(L, 1, &global, &wg);
        return;
    }
    for (long step = 0; step < blocks && !L->failed; step++) {
        cl_long s = step;
        size_t global = (size_t)(blocks - step) * wg;
        EXB_CL_SET_ARGS(L, 12, EXB_CL_ARG(s));
        exb_cl_launch_run(L, 1, &global, &wg);
    }
}

/* Starts a TRSV/TRSM launch of `kernel` (OPENCL/trsv.cl) and its shape:
 * block size, number of blocks, work-group size.  0, or -1 (the launch is
 * to be ended). */
static int begin_solver(exb_cl_launch *L, const char *what, const char *kernel, const exb_tri *t,
                        const exb_knobs *knobs, int plain, long *bs, long *blocks, size_t *wg)
{
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d -DPLAIN=%d", knobs->fpe,
             knobs->early_exit, plain);
    if (exb_cl_launch_begin(L, what, "trsv.cl", kernel, options) != 0)
        return -1;
    *bs = knobs->trsv_block < t->n ? knobs->trsv_block : t->n;
    *blocks = (t->n + *bs - 1) / *bs;
    long rows_wg = L->d->tuning->rows_wg;
    *wg = exb_cl_launch_fit(L, knobs->wg > 0 ? (size_t)knobs->wg
                                             : (size_t)(*bs < rows_wg ? *bs : rows_wg));
    return 0;
}

static int trsv_run(const exb_tri *t, double *x, const exb_knobs *knobs, int plain)
{
    int multi = knobs->trsv_multi;
    exb_cl_launch L;
    long n = t->n, bs, blocks;
    size_t wg;
    if (begin_solver(&L, "TRSV", multi ? "trsv_step" : "trsv_fused", t, knobs, plain, &bs, &blocks,
                     &wg) != 0)
        return exb_cl_launch_end(&L);
    long aoff; /* 0: the buffer starts at A(1,1) */
    int zero[2] = {0, 0};
    exb_cl_rows rows;
    cl_mem a = exb_cl_vector_in(&L, t->a, t->lda * (n - 1) + n, 1, &aoff);
    cl_mem xb = exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     (size_t)n * sizeof(double), x);
    cl_mem counters =
        exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero);
    exb_cl_rows_create(&L, &rows, n, knobs->fpe > 0 ? knobs->fpe : 1);
    set_tri_args(&L, t, bs, a, xb, &rows);
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

/* Row accumulators held at once by one EXDTRSM launch (about 1.2 KB per row
 * and right-hand side): the right-hand sides go in batches that fit. */
#define TRSM_ROW_BYTES (256L << 20)

int exb_cl_trsm(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                const exb_knobs *knobs)
{
    exb_cl_launch L;
    long n = t->n, bs, blocks;
    size_t wg;
    if (begin_solver(&L, "TRSM", "trsm_fused", t, knobs, 0, &bs, &blocks, &wg) != 0)
        return exb_cl_launch_end(&L);
    int fpe = knobs->fpe > 0 ? knobs->fpe : 1;
    long per_rhs = n * (EXB_ROW_DIGITS * 8L + EXB_ROW_META * 4L + fpe * 8L);
    long batch = TRSM_ROW_BYTES / per_rhs;
    batch = batch < 1 ? 1 : (batch > nrhs ? nrhs : batch);
    long aoff;
    cl_mem a = exb_cl_vector_in(&L, t->a, t->lda * (n - 1) + n, 1, &aoff);
    cl_mem xb =
        exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE, (size_t)(n * batch) * sizeof(double), NULL);
    cl_mem counters =
        exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE, (size_t)(2 * batch) * sizeof(cl_int), NULL);
    exb_cl_rows rows;
    exb_cl_rows_create(&L, &rows, n * batch, fpe);
    /* the solutions wait in a staging copy: B is written only once every
     * batch succeeded, so a failure leaves it for the host path */
    double *stage = malloc((size_t)(n * nrhs) * sizeof *stage);
    int *zero = calloc((size_t)(2 * batch), sizeof *zero);
    if (!stage || !zero)
        exb_cl_launch_fail(&L, "host staging allocation", CL_OUT_OF_HOST_MEMORY);
    for (long r = 0; r < nrhs && !L.failed; r++)
        for (long i = 0; i < n; i++)
            stage[r * n + i] = b[r * rhs_step + i * elem_step];
    set_tri_args(&L, t, bs, a, xb, &rows);
    cl_long ldx = n;
    EXB_CL_SET_ARGS(&L, 12, EXB_CL_ARG(counters), EXB_CL_ARG(ldx));
    for (long r0 = 0; r0 < nrhs && !L.failed; r0 += batch) {
        long cnt = nrhs - r0 < batch ? nrhs - r0 : batch;
        size_t global[2] = {(size_t)blocks * wg, (size_t)cnt}, local[2] = {wg, 1};
        cl_int err =
            clEnqueueWriteBuffer(L.d->queue, xb, CL_FALSE, 0, (size_t)(n * cnt) * sizeof(double),
                                 stage + r0 * n, 0, NULL, NULL);
        if (err == CL_SUCCESS)
            err = clEnqueueWriteBuffer(L.d->queue, counters, CL_FALSE, 0,
                                       (size_t)(2 * cnt) * sizeof(cl_int), zero, 0, NULL, NULL);
        if (err != CL_SUCCESS) {
            exb_cl_launch_fail(&L, "right-hand side upload", err);
            break;
        }
        exb_cl_launch_run(&L, 2, global, local);
        exb_cl_launch_read(&L, xb, (size_t)(n * cnt) * sizeof(double), stage + r0 * n);
    }
    if (!L.failed)
        for (long r = 0; r < nrhs; r++)
            for (long i = 0; i < n; i++)
                b[r * rhs_step + i * elem_step] = stage[r * n + i];
    free(stage);
    free(zero);
    return exb_cl_launch_end(&L);
}

/*
 * gemm/general.c -- the general path of EXDGEMM (see gemm.h): column j of C is
 * y := RN(alpha * op(A) x + beta * y) with x = column j of op(B), on the
 * exact GEMV row engine.  Threads take whole columns, so no element depends
 * on the thread count.
 */
#include "backend/gemm.h"

#include <stdlib.h>

#include "backend/gemv.h"
#include "host/pool.h"
#include "core/zerosign.h"

/* Columns [t, t+stride, ...) of C; x is scratch for a row of B (TRANSB). */
static void columns(const exb_gemm_args *g, const exb_knobs *one, long t, long stride)
{
    double *x = g->transb ? malloc((size_t)g->k * sizeof *x) : NULL;
    for (long j = t; j < g->n; j += stride) {
        const double *xj = g->b + j * (g->transb ? 1 : g->ldb);
        long incx = g->transb ? g->ldb : 1;
        if (x) {
            for (long l = 0; l < g->k; l++)
                x[l] = xj[l * g->ldb];
            xj = x;
            incx = 1;
        }
        exb_gemv_args col = {g->transa,
                             g->transa ? g->k : g->m,
                             g->transa ? g->m : g->k,
                             g->alpha,
                             g->a,
                             g->lda,
                             xj,
                             incx,
                             g->beta,
                             g->c + j * g->ldc,
                             1,
                             NULL};
        exb_host_gemv(&col, one);
    }
    free(x);
}

typedef struct columns_task {
    const exb_gemm_args *g;
    const exb_knobs *one;
} columns_task;

static void columns_share(void *arg, int s, int parts)
{
    const columns_task *task = arg;
    columns(task->g, task->one, s, parts);
}

void exb_host_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs)
{
    exb_knobs one = *knobs;
    one.threads = 1;
    long threads = knobs->threads < g->n ? knobs->threads : g->n;
    if (g->m * g->k < 4096)
        threads = 1;
    columns_task task = {g, &one};
    exb_parallel((int)threads, columns_share, &task);
}

/*
 * trsm_host.c -- EXDTRSM's host path (trsv.h): many right-hand sides with
 * the off-diagonal blocks as error-free sliced GEMMs (trsm_split.c), or
 * each right-hand side by EXDTRSV's solver, threads over right-hand sides.
 * Either way every element is the correctly rounded substitution, so the
 * choice never changes a bit.
 */
#include "backend/trsv.h"

#include <limits.h>
#include <stdlib.h>

#include "pool.h"
#include "backend/tuning.h"

/* the least work worth a second thread: the host tuning record */
#define MIN_WORK_PER_THREAD (exb_tuning_of(EXB_CLASS_HOST)->trsv_min_per_thread)

typedef struct trsm_task {
    const exb_tri *t;
    double *b;
    long nrhs, rhs_step, elem_step;
    exb_knobs knobs; /* one thread per share */
} trsm_task;

/* Share s of the right-hand sides, each copied into a contiguous vector,
 * solved and copied back. */
static void trsm_share(void *arg, int share, int parts)
{
    const trsm_task *task = arg;
    long n = task->t->n;
    long r0 = task->nrhs * share / parts, r1 = task->nrhs * (share + 1) / parts;
    double *w = task->elem_step == 1 ? NULL : malloc((size_t)n * sizeof *w);
    for (long r = r0; r < r1; r++) {
        double *x = task->b + r * task->rhs_step;
        if (task->elem_step == 1) {
            exb_host_trsv(task->t, x, &task->knobs);
        } else if (!w) {
            exb_host_trsv_unblocked(task->t, x, task->elem_step);
        } else {
            for (long i = 0; i < n; i++)
                w[i] = x[i * task->elem_step];
            exb_host_trsv(task->t, w, &task->knobs);
            for (long i = 0; i < n; i++)
                x[i * task->elem_step] = w[i];
        }
    }
    free(w);
}

/* EXDTRSM auto: the sliced off-diagonal blocks from this many right-hand
 * sides (fewer make thin GEMMs) */
#define SPLIT_MIN_RHS (exb_tuning_of(EXB_CLASS_HOST)->trsm_split_min_rhs)

void exb_host_trsm(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                   const exb_knobs *knobs)
{
    /* the off-diagonal blocks as error-free GEMMs: EXACTBLAS_GEMM_PATH
     * (auto, split) as for EXDGEMM; needs more than one diagonal block */
    int forced = knobs->gemm_path == EXB_GEMM_SPLIT;
    if (t->n > knobs->trsv_block && (forced || ((knobs->gemm_path == EXB_GEMM_AUTO || knobs->gemm_path == EXB_GEMM_EARLY) &&
                                                 nrhs >= SPLIT_MIN_RHS))) {
        long max_products = forced ? LONG_MAX : exb_tuning_of(EXB_CLASS_HOST)->gemm_max_slice_products;
        if (exb_host_trsm_split(t, b, nrhs, rhs_step, elem_step, knobs, max_products) == 0)
            return;
    }
    trsm_task task = {t, b, nrhs, rhs_step, elem_step, *knobs};
    long threads = knobs->threads;
    long work = nrhs * t->n * t->n / 2 / MIN_WORK_PER_THREAD;
    if (threads > work)
        threads = work > 1 ? work : 1;
    if (threads > nrhs)
        threads = nrhs;
    /* many right-hand sides: one per thread at a time; few: the solves'
     * own threads */
    task.knobs.threads = threads > 1 ? 1 : knobs->threads;
    if (threads <= 1)
        trsm_share(&task, 0, 1);
    else
        exb_parallel((int)threads, trsm_share, &task);
}

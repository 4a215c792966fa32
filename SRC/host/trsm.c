/*
 * trsm.c -- EXDTRSM's host path (trsv.h): with the floating-point
 * filter, eight right-hand sides side by side through its solve8 kernel
 * (each lane's x_i decided from the bound, or from its exact numerator);
 * otherwise many right-hand sides with the off-diagonal blocks as
 * error-free sliced GEMMs (trsm_split.c), or each right-hand side by
 * EXDTRSV's solver; threads over right-hand sides.  Every element is the
 * correctly rounded substitution, so the choice never changes a bit.
 */
#include "backend/trsv.h"

#include <limits.h>
#include <stdlib.h>

#include "core/superacc.h"
#include "kernels.h"
#include "pool.h"
#include "triangle_rows.h"
#include "backend/tuning.h"
#include "support/path.h"

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

/* ---- eight right-hand sides side by side through the filter ---------------- */

typedef struct lanes_task {
    const exb_tri *t;
    double *b;
    long nrhs, rhs_step, elem_step, groups;
    const exb_filter_kernels *f;
    const double *rows; /* op(T)'s rows before the diagonal, contiguous, or NULL */
} lanes_task;

/* Row i's entries of op(T) solved before it, in order, and their step. */
static const double *lanes_row(const lanes_task *task, long i, long *tinc)
{
    const exb_tri *t = task->t;
    long n = t->n, j0 = t->forward ? 0 : i + 1;
    if (task->rows) { /* the q-th row solved (q entries) after the q - 1 before it */
        long q = t->forward ? i : n - 1 - i;
        *tinc = 1;
        return task->rows + q * (q - 1) / 2;
    }
    *tinc = t->colsweep ? t->lda : 1;
    return t->colsweep ? t->a + i + j0 * t->lda : t->a + j0 + i * t->lda;
}

/* Groups of eight right-hand sides: copied side by side into X (row i of
 * X: x_i of the eight), solved row by row by the filter's solve8, a lane
 * it cannot decide from its exact numerator (the row's terms in a long
 * accumulator, exb_tri_round_row), copied back. */
static void lanes_share(void *arg, int share, int parts)
{
    const lanes_task *task = arg;
    const exb_tri *t = task->t;
    long n = t->n;
    double *x = malloc((size_t)n * 8 * sizeof *x);
    if (!x) { /* no memory: one at a time, no workspace */
        for (long g = task->groups * share / parts; g < task->groups * (share + 1) / parts; g++)
            for (long r = 8 * g; r < 8 * g + 8 && r < task->nrhs; r++)
                exb_host_trsv_unblocked(t, task->b + r * task->rhs_step, task->elem_step);
        return;
    }
    exb_superacc acc;
    exb_superacc_clear(&acc);
    int decided_any = 0;
    for (long g = task->groups * share / parts; g < task->groups * (share + 1) / parts; g++) {
        long r0 = 8 * g, w = task->nrhs - r0 < 8 ? task->nrhs - r0 : 8;
        unsigned lanes = (1u << w) - 1;
        for (long c = 0; c < w; c++) {
            const double *bc = task->b + (r0 + c) * task->rhs_step;
            for (long i = 0; i < n; i++)
                x[i * 8 + c] = bc[i * task->elem_step];
        }
        for (long q = 0; q < n; q++) {
            long i = t->forward ? q : n - 1 - q;
            long j0 = t->forward ? 0 : i + 1, len = t->forward ? i : n - 1 - i, tinc;
            const double *row = lanes_row(task, i, &tinc); /* op(T)_ij, j = j0, j0 + 1, ... */
            double d = t->unit ? 1.0 : exb_tri_at(t, i, i), b[8], out[8];
            for (long c = 0; c < w; c++)
                b[c] = x[i * 8 + c];
            unsigned ok =
                task->f->solve8(row, tinc, x + j0 * 8, 8, len, t->alpha, b, d, lanes, out);
            decided_any |= ok != 0;
            for (long c = 0; c < w; c++) {
                if (ok >> c & 1) {
                    x[i * 8 + c] = out[c];
                    continue;
                }
                exb_tri_add_rhs(t, &acc, b[c]);
                for (long j = j0; j < j0 + len; j++)
                    exb_superacc_add_product(&acc, -exb_tri_at(t, i, j), x[j * 8 + c]);
                x[i * 8 + c] = exb_tri_round_row(t, &acc, i, b[c], x + c, 8, 1.0);
                exb_superacc_reset(&acc);
            }
        }
        for (long c = 0; c < w; c++) {
            double *bc = task->b + (r0 + c) * task->rhs_step;
            for (long i = 0; i < n; i++)
                bc[i * task->elem_step] = x[i * 8 + c];
        }
    }
    free(x);
    if (decided_any)
        exb_path_add(EXACTBLAS_PATH_EARLY);
}

/* The systems through solve8, groups of eight shared among threads. */
static void lanes_solve(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                        const exb_knobs *knobs, const exb_filter_kernels *f)
{
    lanes_task lt = {t, b, nrhs, rhs_step, elem_step, (nrhs + 7) / 8, f, NULL};
    /* rows a column sweep would read lda apart: copied contiguous once
     * (the solve reads them once per group of eight) */
    double *rows = NULL;
    long n = t->n, count = n * (n - 1) / 2;
    if (t->colsweep && lt.groups > 1 &&
        (rows = malloc((size_t)(count > 0 ? count : 1) * sizeof *rows)) != NULL) {
        for (long q = 0; q < n; q++) {
            long i = t->forward ? q : n - 1 - q, j0 = t->forward ? 0 : i + 1,
                 len = t->forward ? i : n - 1 - i;
            double *dst = rows + q * (q - 1) / 2;
            for (long j = 0; j < len; j++)
                dst[j] = t->a[i + (j0 + j) * t->lda];
        }
        lt.rows = rows;
    }
    long threads = knobs->threads, work = nrhs * t->n * t->n / 2 / MIN_WORK_PER_THREAD;
    threads = threads < work ? threads : (work > 1 ? work : 1);
    threads = threads < lt.groups ? threads : lt.groups;
    if (threads <= 1)
        lanes_share(&lt, 0, 1);
    else
        exb_parallel((int)threads, lanes_share, &lt);
    free(rows);
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
    const exb_tuning *tuning = exb_tuning_of(EXB_CLASS_HOST);
    const exb_filter_kernels *f = exb_kernels_filter(exb_host_kernels_get(knobs->host_generic),
                                                     knobs->fpe, knobs->front, knobs->filter);
    if (!forced && f && f->solve8 &&
        (nrhs >= tuning->trsm_lanes_min_rhs || (nrhs >= 2 && t->n <= tuning->trsm_lanes_small_n))) {
        lanes_solve(t, b, nrhs, rhs_step, elem_step, knobs, f);
        return;
    }
    if (t->n > knobs->trsv_block &&
        (forced || ((knobs->gemm_path == EXB_GEMM_AUTO || knobs->gemm_path == EXB_GEMM_EARLY) &&
                    nrhs >= SPLIT_MIN_RHS))) {
        long max_products =
            forced ? LONG_MAX : exb_tuning_of(EXB_CLASS_HOST)->gemm_max_slice_products;
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

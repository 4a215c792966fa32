/*
 * gemv_host.c -- the host path of EXDGEMV (see gemv.h).
 *
 * Every output is one row of op(A): for 'N' the rows of A, swept column by
 * column four rows at a time; for 'T' the columns of A, contiguous dot
 * products.  Each thread takes whole panels of rows, keeps their exact
 * partial sums (rows.h), and rounds each output once, with alpha and beta
 * folded in exactly (exb_superacc_round_affine).  A row's value never
 * depends on the panel, the thread or the column blocking.
 */
#include "backend/gemv.h"

#include "pool.h"
#include "rows.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "backend/tuning.h"

/* Rows per panel (bounds the rows' working set), and the least work worth a
 * second thread: the host tuning record. */
#define PANEL_ROWS ((long)exb_tuning_of(EXB_CLASS_HOST)->gemv_panel_rows)
#define MIN_WORK_PER_THREAD (exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread)

int exb_gemv_row_negzero(const exb_gemv_args *g, long i)
{
    long len = g->trans ? g->m : g->n;
    const double *row = g->trans ? g->a + i * g->lda : g->a + i;
    return exb_terms_negzero(len, row, g->trans ? 1 : g->lda, g->x, g->incx);
}

/* y_i := RN(alpha*S + beta*y_i) from the exact row sum S in acc (or S
 * merged into the caller's accumulator). */
static void round_output(const exb_gemv_args *g, exb_superacc *acc, long i)
{
    if (g->acc_out) {
        long len = g->trans ? g->m : g->n;
        exb_superacc_merge(g->acc_out[i], acc);
        if (len > 0)
            g->acc_out[i]->flags |=
                EXB_FLAG_TERMS | (exb_gemv_row_negzero(g, i) ? 0 : EXB_FLAG_NOT_NEGZERO);
        return;
    }
    double *yi = g->y + i * g->incy;
    if (exb_superacc_is_zero(acc) && exb_gemv_row_negzero(g, i))
        exb_superacc_set_negative_zero(acc);
    *yi = exb_superacc_round_affine(acc, g->alpha, g->beta, g->beta != 0.0 ? *yi : 0.0);
}

static void finish_row(const exb_gemv_args *g, exb_rows *rows, long p, long i)
{
    exb_rows_flush(rows, p);
    round_output(g, &rows->acc[p], i);
    exb_rows_reset(rows, p);
}

/* Outputs [i0, i1) with the panel `rows`. */
static void panel(const exb_gemv_args *g, exb_rows *rows, long i0, long i1)
{
    long count = i1 - i0;
    if (g->trans) {
        for (long i = i0; i < i1; i++) {
            exb_rows_dot(rows, 0, g->a + i * g->lda, g->x, g->m);
            finish_row(g, rows, 0, i);
        }
        return;
    }
    exb_rows_colsweep(rows, 0, count, g->a + i0, g->lda, g->x, g->n);
    for (long p = 0; p < count; p++)
        finish_row(g, rows, p, i0 + p);
}

/* Without memory for a panel: one accumulator on the stack per output. */
static void slow_outputs(const exb_gemv_args *g, long i0, long i1)
{
    long len = g->trans ? g->m : g->n;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long i = i0; i < i1; i++) {
        for (long j = 0; j < len; j++) {
            double aij = g->trans ? g->a[j + i * g->lda] : g->a[i + j * g->lda];
            exb_superacc_add_product(&acc, aij, g->x[j * g->incx]);
        }
        round_output(g, &acc, i);
        exb_superacc_reset(&acc);
    }
}

/* Panels t, t+stride, ... of the outputs. */
static void outputs(const exb_gemv_args *g, const exb_knobs *knobs, long t, long stride)
{
    long leny = g->trans ? g->n : g->m;
    long panels = (leny + PANEL_ROWS - 1) / PANEL_ROWS;
    exb_rows rows;
    /* no more rows than there are outputs: a short GEMV neither allocates
     * nor clears a whole panel */
    long count = g->trans ? 1 : (leny < PANEL_ROWS ? leny : PANEL_ROWS);
    if (g->incx != 1 || exb_rows_init(&rows, count, knobs) != 0) {
        for (long q = t; q < panels; q += stride) {
            long i1 = (q + 1) * PANEL_ROWS < leny ? (q + 1) * PANEL_ROWS : leny;
            slow_outputs(g, q * PANEL_ROWS, i1);
        }
        return;
    }
    for (long q = t; q < panels; q += stride) {
        long i1 = (q + 1) * PANEL_ROWS < leny ? (q + 1) * PANEL_ROWS : leny;
        panel(g, &rows, q * PANEL_ROWS, i1);
    }
    exb_rows_free(&rows);
}

typedef struct gemv_task {
    const exb_gemv_args *g;
    const exb_knobs *knobs;
} gemv_task;

static void gemv_share(void *arg, int s, int parts)
{
    const gemv_task *task = arg;
    outputs(task->g, task->knobs, s, parts);
}

void exb_host_gemv(const exb_gemv_args *g, const exb_knobs *knobs)
{
    long leny = g->trans ? g->n : g->m;
    long panels = (leny + PANEL_ROWS - 1) / PANEL_ROWS;
    long threads = knobs->threads;
    long work = g->m * g->n / MIN_WORK_PER_THREAD;
    if (threads > work)
        threads = work > 1 ? work : 1;
    if (threads > panels)
        threads = panels;
    if (threads <= 1) {
        outputs(g, knobs, 0, 1);
        return;
    }
    gemv_task task = {g, knobs};
    exb_parallel((int)threads, gemv_share, &task);
}

/*
 * gemv_rows.c -- the host path of EXDGEMV (see gemv.h).
 *
 * Every output is one row of op(A): for 'N' the rows of A, swept column by
 * column four rows at a time; for 'T' the columns of A, contiguous dot
 * products.  Each thread takes whole panels of rows, keeps their exact
 * partial sums (rows.h), and rounds each output once, with alpha and beta
 * folded in exactly (exb_superacc_round_affine).  A row's value never
 * depends on the panel, the thread or the column blocking.
 */
#include "backend/gemv.h"

#include <math.h>
#include <stdlib.h>

#include "core/filter.h"
#include "pool.h"
#include "rows.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "backend/tuning.h"
#include "support/path.h"

/* Rows per panel (bounds the rows' working set), and the least work worth a
 * second thread: the host tuning record. */
#define PANEL_ROWS ((long)exb_tuning_of(EXB_CLASS_HOST)->gemv_panel_rows)
#define MIN_WORK_PER_THREAD (exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread)

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

/* ---- the floating-point filter (AVX-512; filter.h) ----------------------------
 *
 * beta y_i joins the sum as one more term (beta/alpha, y_i) when alpha =
 * +-2^k, and y_i = alpha RN(S') exactly when both are normal; anything else
 * (other alpha, a NaN or Inf, a result the filter cannot decide) takes the
 * exact row. */

int exb_host_gemv_filtered(const exb_knobs *knobs, double alpha, double beta)
{
    return exb_kernels_filter(exb_host_kernels_get(knobs->host_generic), knobs->fpe, knobs->front,
                              knobs->filter) &&
           exb_filter_alpha_ok(alpha) && !isnan(exb_filter_beta(alpha, beta));
}

/* Output i computed exactly: its row (gathered when strided) through the
 * panel's row 0. */
static void exact_output(const exb_gemv_args *g, exb_rows *rows, double **row, long i)
{
    if (g->trans) {
        exb_rows_dot(rows, 0, g->a + i * g->lda, g->x, g->m);
        finish_row(g, rows, 0, i);
        return;
    }
    if (!*row && !(*row = malloc((size_t)g->n * sizeof **row))) {
        exb_superacc acc; /* no memory: term by term */
        exb_superacc_clear(&acc);
        for (long j = 0; j < g->n; j++)
            exb_superacc_add_product(&acc, g->a[i + j * g->lda], g->x[j]);
        round_output(g, &acc, i);
        return;
    }
    for (long j = 0; j < g->n; j++)
        (*row)[j] = g->a[i + j * g->lda];
    exb_rows_dot(rows, 0, *row, g->x, g->n);
    finish_row(g, rows, 0, i);
}

/* Outputs [i0, i1) through the filter (exb_host_gemv_filtered), 256 at a
 * time ('N': the row kernel; 'T': four columns at a time), decided eight
 * at a time; the outputs it cannot decide exactly, through the panel's
 * row 0. */
static void filtered_panel(const exb_gemv_args *g, exb_rows *rows, long i0, long i1)
{
    const exb_filter_kernels *f = rows->filter; /* the same knobs decided both */
    double beta2 = exb_filter_beta(g->alpha, g->beta);
    enum { CHUNK = 256 };
    double hi[CHUNK], lo[CHUNK], ab[CHUNK], *row = NULL;
    long undecided[CHUNK];
    int decided = 0;
    for (long c0 = i0; c0 < i1; c0 += CHUNK) {
        long c1 = c0 + CHUNK < i1 ? c0 + CHUNK : i1;
        double nt; /* leaves of the bound */
        if (g->trans) {
            f->cols(g->a + c0 * g->lda, g->lda, c1 - c0, g->x, g->m, hi, lo, ab);
            nt = (double)g->m + 32.0;
        } else {
            f->rows(g->a + c0, g->lda, c1 - c0, g->x, g->n, hi, lo, ab);
            nt = (double)g->n;
        }
        long left = f->decide(c1 - c0, hi, lo, ab, nt, g->alpha, g->beta != 0.0 ? &beta2 : NULL,
                              g->y + c0 * g->incy, g->incy, undecided);
        decided |= left < c1 - c0;
        for (long k = 0; k < left; k++)
            exact_output(g, rows, &row, c0 + undecided[k]);
    }
    free(row);
    if (decided)
        exb_path_add(EXACTBLAS_PATH_EARLY);
}

/* Outputs [i0, i1) with the panel `rows` (through the filter when
 * `filter`). */
static void panel(const exb_gemv_args *g, exb_rows *rows, int filter, long i0, long i1)
{
    long count = i1 - i0;
    if (filter) {
        filtered_panel(g, rows, i0, i1);
        return;
    }
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
    int filter = !g->acc_out && exb_host_gemv_filtered(knobs, g->alpha, g->beta);
    /* the filter's undecided outputs, like 'T', go one at a time */
    long count = g->trans || filter ? 1 : (leny < PANEL_ROWS ? leny : PANEL_ROWS);
    if (g->incx != 1 || exb_rows_init(&rows, count, knobs) != 0) {
        for (long q = t; q < panels; q += stride) {
            long i1 = (q + 1) * PANEL_ROWS < leny ? (q + 1) * PANEL_ROWS : leny;
            slow_outputs(g, q * PANEL_ROWS, i1);
        }
        return;
    }
    for (long q = t; q < panels; q += stride) {
        long i1 = (q + 1) * PANEL_ROWS < leny ? (q + 1) * PANEL_ROWS : leny;
        panel(g, &rows, filter, q * PANEL_ROWS, i1);
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

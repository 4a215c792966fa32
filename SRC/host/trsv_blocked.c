/*
 * trsv_blocked.c -- the host path of EXDTRSV and of EXDTRSVX's residual (see
 * trsv.h).
 *
 * Blocked substitution in the order of op(T): for each diagonal block of B
 * rows, (1) the rows start from b and take the off-diagonal terms of every
 * solved block in one sweep (rows.h; threads share the rows), (2) the
 * diagonal block is solved row by row: the in-block terms are added, the
 * row's exact numerator is divided and rounded once.  Sums are kept as
 * -op(T)_ij * x_j with a negated copy of x, so the numerator is a plain sum.
 * Every numerator is exact, so neither B nor the threads change a bit.
 */
#include "backend/trsv.h"

#include <stdlib.h>

#include "core/filter.h"
#include "pool.h"
#include "rows.h"
#include "triangle_rows.h"
#include "backend/tuning.h"
#include "support/path.h"

/* the least work worth a second thread: the host tuning record */
#define MIN_WORK_PER_THREAD (exb_tuning_of(EXB_CLASS_HOST)->trsv_min_per_thread)

typedef struct block_solver {
    const exb_tri *t;
    int threads;
    long bs;          /* diagonal block size */
    exb_rows rows;    /* one panel row per row of the block */
    double *nx;       /* nx[j] = -x_j once x_j is known */
    double *row;      /* bs doubles: an in-block row gathered */
    double *wide_row; /* n doubles: a whole row gathered (the filter's exact rows) */
} block_solver;

/* In-block rows from this many terms go through the sum/dot kernel. */
#define IN_BLOCK_DOT_MIN (exb_tuning_of(EXB_CLASS_HOST)->trsv_in_block_dot_min)

/* Panel rows [p0, p1) (block row k0 + p) take the columns [c0, c1). */
static void off_diagonal_rows(block_solver *s, long k0, long p0, long p1, long c0, long c1)
{
    const exb_tri *t = s->t;
    if (t->colsweep) {
        exb_rows_colsweep(&s->rows, p0, p1, t->a + k0 + c0 * t->lda, t->lda, s->nx + c0, c1 - c0);
        return;
    }
    for (long p = p0; p < p1; p++)
        exb_rows_dot(&s->rows, p, t->a + c0 + (k0 + p) * t->lda, s->nx + c0, c1 - c0);
}

typedef struct off_diagonal_task {
    block_solver *s;
    long k0, count, c0, c1;
} off_diagonal_task;

/* Share `share` of the block's rows: whole groups of four rows. */
static void off_diagonal_share(void *arg, int share, int parts)
{
    const off_diagonal_task *task = arg;
    long groups = task->count / 4;
    long p0 = 4 * (groups * share / parts);
    long p1 = share == parts - 1 ? task->count : 4 * (groups * (share + 1) / parts);
    off_diagonal_rows(task->s, task->k0, p0, p1, task->c0, task->c1);
}

static void off_diagonal(block_solver *s, long k0, long k1, long c0, long c1)
{
    long count = k1 - k0;
    long threads = s->threads;
    long work = count * (c1 - c0) / MIN_WORK_PER_THREAD;
    if (threads > work)
        threads = work;
    if (threads > count / 4)
        threads = count / 4;
    if (threads <= 1) {
        off_diagonal_rows(s, k0, 0, count, c0, c1);
        return;
    }
    off_diagonal_task task = {s, k0, count, c0, c1};
    exb_parallel((int)threads, off_diagonal_share, &task);
}

/* Row i (panel row p) adds -op(T)_ij x_j for the in-block j in [j0, j1). */
static void in_block(block_solver *s, long p, long i, long j0, long j1)
{
    const exb_tri *t = s->t;
    long len = j1 - j0;
    if (len <= 0)
        return;
    if (len < IN_BLOCK_DOT_MIN) { /* a few terms: through the row's expansion */
        if (t->colsweep)          /* op(T)_ij = a[i + j*lda] */
            exb_rows_add_products(&s->rows, p, t->a + i + j0 * t->lda, t->lda, s->nx + j0, len);
        else /* op(T)_ij = a[j + i*lda] */
            exb_rows_add_products(&s->rows, p, t->a + j0 + i * t->lda, 1, s->nx + j0, len);
        return;
    }
    /* more: one exact dot product (the sum/dot kernel), the row gathered
     * into s->row when it is strided */
    const double *row = t->a + j0 + i * t->lda;
    if (t->colsweep) {
        for (long j = 0; j < len; j++)
            s->row[j] = t->a[i + (j0 + j) * t->lda];
        row = s->row;
    }
    exb_rows_dot(&s->rows, p, row, s->nx + j0, len);
}

static int solver_init(block_solver *s, const exb_tri *t, const exb_knobs *knobs)
{
    s->t = t;
    s->threads = knobs->threads;
    s->bs = knobs->trsv_block < t->n ? knobs->trsv_block : t->n;
    s->nx = malloc((size_t)t->n * sizeof *s->nx);
    s->row = malloc((size_t)s->bs * sizeof *s->row);
    if (!s->nx || !s->row) {
        free(s->nx);
        free(s->row);
        return -1;
    }
    if (exb_rows_init(&s->rows, s->bs, knobs) != 0) {
        free(s->nx);
        free(s->row);
        return -1;
    }
    return 0;
}

static void solver_free(block_solver *s)
{
    exb_rows_free(&s->rows);
    free(s->nx);
    free(s->row);
}

void exb_host_trsv_unblocked(const exb_tri *t, double *x, long incx)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long q = 0; q < t->n; q++) {
        long i = t->forward ? q : t->n - 1 - q;
        exb_tri_add_rhs(t, &acc, x[i * incx]);
        long j0 = t->forward ? 0 : i + 1, j1 = t->forward ? i : t->n;
        for (long j = j0; j < j1; j++)
            exb_superacc_add_product(&acc, -exb_tri_at(t, i, j), x[j * incx]);
        x[i * incx] = exb_tri_round_row(t, &acc, i, x[i * incx], x, incx, 1.0);
        exb_superacc_reset(&acc);
    }
}

/* ---- the floating-point filter (AVX-512; filter.h) ----------------------------
 *
 * Each row's numerator alpha b_i - sum op(T)_ij x_j goes through the filter
 * (the off-diagonal columns by the vector kernels, the in-block ones and
 * alpha b_i term by term), and x_i = RN(numerator / op(T)_ii) is decided from
 * it when the bound allows; otherwise the row's exact numerator is summed
 * (the sum/dot kernel over the gathered row) and rounded as on the exact
 * path.  Either way x_i is the correctly rounded quotient. */

#define FILTER_SMALL_N (exb_tuning_of(EXB_CLASS_HOST)->trsv_filter_small_n)
#define FILTER_SMALL_BLOCK (exb_tuning_of(EXB_CLASS_HOST)->trsv_filter_small_block)
/* The helper's share of block m's solved columns: half of them and this
 * many more (the in-block work the main thread does meanwhile, in columns of
 * the off-diagonal kernel; measured at n = 1024 and 4096). */
#define HELPER_EXTRA_COLS (exb_tuning_of(EXB_CLASS_HOST)->trsv_helper_extra_cols)

/* The solve through the filter, as a pipeline: the main share solves the
 * blocks in order; helper shares run ahead, each taking a later block's
 * earliest solved columns (the off-diagonal filter sums over them), and the
 * main share adds the rest.  A block's state says who sums its helper part:
 * the main share sums it itself when no helper has claimed it, and never
 * waits for a helper that has not, so a share run alone, or after the
 * others, still finishes.  The sums do not depend on who made them, and no
 * bit depends on the sums: x_i is RN(numerator / op(T)_ii) either way,
 * decided by the filter's bound or computed exactly. */
enum { BLOCK_FREE, BLOCK_HELPER, BLOCK_HELPED, BLOCK_MAIN };

typedef struct filter_pipe {
    block_solver *s;
    double *x;
    long bs, steps;
    double *hi, *lo, *ab;    /* the main share's sums of a block's rows */
    double *hhi, *hlo, *hab; /* the helpers': steps * bs each */
    int *state;              /* block m: BLOCK_* (atomic) */
    long solved;             /* x is known for this many columns, in solve order (atomic) */
    long next;               /* the next block a helper may claim (atomic) */
    int decided;
} filter_pipe;

/* Block rows [k0, k0 + count) over the columns [c0, c1) into (hi, lo, ab)
 * (nx holds -x, so the sums are of the numerator's terms). */
static void filter_rows(const block_solver *s, long k0, long count, long c0, long c1, double *hi,
                        double *lo, double *ab)
{
    const exb_tri *t = s->t;
    if (c1 <= c0) {
        for (long p = 0; p < count; p++)
            hi[p] = lo[p] = ab[p] = 0.0;
        return;
    }
    const exb_filter_kernels *f = s->rows.filter;
    if (t->colsweep) {
        f->rows(t->a + k0 + c0 * t->lda, t->lda, count, s->nx + c0, c1 - c0, hi, lo, ab);
        return;
    }
    for (long p = 0; p < count; p++)
        f->dot(t->a + c0 + (k0 + p) * t->lda, s->nx + c0, c1 - c0, hi + p, lo + p, ab + p);
}

/* [c0, c1) split at `cols` columns in solve order: the first ones [*h0,
 * *h1) (the helper part), the rest [*r0, *r1). */
static void split_columns(const exb_tri *t, long c0, long c1, long cols, long *h0, long *h1,
                          long *r0, long *r1)
{
    long cut = t->forward ? c0 + cols : c1 - cols;
    *h0 = t->forward ? c0 : cut;
    *h1 = t->forward ? cut : c1;
    *r0 = t->forward ? cut : c0;
    *r1 = t->forward ? c1 : cut;
}

/* Block m's earliest solved columns, summed apart (by a helper when one is
 * ahead; else by the main share, so the sums never depend on the threads):
 * half of them and HELPER_EXTRA_COLS more, none of the block just solved. */
static long helper_columns(const filter_pipe *f, long m)
{
    long solved_before = m * f->bs;
    long cols = (solved_before + HELPER_EXTRA_COLS) / 2;
    if (cols > solved_before - f->bs)
        cols = solved_before - f->bs;
    return cols > 0 ? cols : 0;
}

/* Block m's helper part: its first `cols` solved columns into the helper
 * sums. */
static void helper_part(filter_pipe *f, long m, long cols)
{
    long k0, k1, c0, c1, h0, h1, r0, r1;
    exb_tri_block(f->s->t, f->bs, m, &k0, &k1, &c0, &c1);
    split_columns(f->s->t, c0, c1, cols, &h0, &h1, &r0, &r1);
    filter_rows(f->s, k0, k1 - k0, h0, h1, f->hhi + m * f->bs, f->hlo + m * f->bs,
                f->hab + m * f->bs);
}

static void helper_share(filter_pipe *f)
{
    long m;
    while ((m = __atomic_fetch_add(&f->next, 1, __ATOMIC_RELAXED)) < f->steps) {
        long cols = helper_columns(f, m);
        if (cols == 0)
            continue;
        unsigned k = 0; /* until the main share has solved them, or passed m */
        while (__atomic_load_n(&f->solved, __ATOMIC_ACQUIRE) < cols &&
               __atomic_load_n(&f->state[m], __ATOMIC_RELAXED) == BLOCK_FREE)
            exb_pool_relax(&k);
        int expect = BLOCK_FREE;
        if (!__atomic_compare_exchange_n(&f->state[m], &expect, BLOCK_HELPER, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_RELAXED))
            continue;
        helper_part(f, m, cols);
        __atomic_store_n(&f->state[m], BLOCK_HELPED, __ATOMIC_RELEASE);
    }
}

/* Block m's off-diagonal sums into f->hi, f->lo, f->ab: the helper part
 * (summed here when no helper has claimed it) joined with the rest by one
 * more TwoSum. */
static void block_sums(filter_pipe *f, long m, long k0, long k1, long c0, long c1)
{
    long count = k1 - k0, cols = helper_columns(f, m);
    if (cols == 0) {
        filter_rows(f->s, k0, count, c0, c1, f->hi, f->lo, f->ab);
        return;
    }
    int expect = BLOCK_FREE;
    unsigned k = 0;
    if (__atomic_compare_exchange_n(&f->state[m], &expect, BLOCK_MAIN, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
        helper_part(f, m, cols);
    else
        while (__atomic_load_n(&f->state[m], __ATOMIC_ACQUIRE) != BLOCK_HELPED)
            exb_pool_relax(&k); /* a helper is summing it */
    long h0, h1, r0, r1;
    split_columns(f->s->t, c0, c1, cols, &h0, &h1, &r0, &r1);
    filter_rows(f->s, k0, count, r0, r1, f->hi, f->lo, f->ab);
    for (long p = 0; p < count; p++)
        exb_filter_join(&f->hi[p], &f->lo[p], &f->ab[p], f->hhi[m * f->bs + p],
                        f->hlo[m * f->bs + p], f->hab[m * f->bs + p]);
}

/* Row i's exact numerator over the solved columns [j0, j1) and its rounding
 * (the exact path's, for a row the filter left undecided). */
static double exact_row(block_solver *s, long i, double b, long j0, long j1)
{
    const exb_tri *t = s->t;
    exb_tri_add_rhs(t, &s->rows.acc[0], b);
    const double *row = t->a + j0 + i * t->lda;
    if (t->colsweep) {
        for (long j = j0; j < j1; j++)
            s->wide_row[j - j0] = t->a[i + j * t->lda];
        row = s->wide_row;
    }
    if (j1 > j0)
        exb_rows_dot(&s->rows, 0, row, s->nx + j0, j1 - j0);
    exb_rows_flush(&s->rows, 0);
    double x = exb_tri_round_row(t, &s->rows.acc[0], i, b, s->nx, 1, -1.0);
    exb_rows_reset(&s->rows, 0);
    return x;
}

static void main_share(filter_pipe *f)
{
    block_solver *s = f->s;
    const exb_tri *t = s->t;
    const exb_filter_kernels *fk = s->rows.filter;
    double *x = f->x;
    for (long step = 0; step < f->steps; step++) {
        long k0, k1, c0, c1;
        exb_tri_block(t, f->bs, step, &k0, &k1, &c0, &c1);
        block_sums(f, step, k0, k1, c0, c1);
        for (long q = 0; q < k1 - k0; q++) {
            long i = t->forward ? k0 + q : k1 - 1 - q, p = i - k0;
            long j0 = t->forward ? k0 : i + 1, j1 = t->forward ? i : k1;
            double h = f->hi[p], lo = f->lo[p], ab = f->ab[p], b = x[i], xi;
            if (t->colsweep) /* op(T)_ij = a[i + j*lda] */
                fk->add_terms(&h, &lo, &ab, t->a + i + j0 * t->lda, t->lda, s->nx + j0, j1 - j0);
            else
                fk->add_terms(&h, &lo, &ab, t->a + j0 + i * t->lda, 1, s->nx + j0, j1 - j0);
            fk->add_terms(&h, &lo, &ab, &t->alpha, 0, &b, 1);
            /* leaves: the terms, b, the lane joins of two dot products and
             * the join of the helper's part */
            double terms = (double)(c1 - c0 + j1 - j0) + 1.0 + 64.0 + 1.0;
            double d = t->unit ? 1.0 : exb_tri_at(t, i, i);
            if (fk->quotient(h, lo, exb_filter_bound(terms, ab), d, &xi))
                f->decided = 1;
            else
                xi = exact_row(s, i, b, t->forward ? 0 : i + 1, t->forward ? i : t->n);
            x[i] = xi;
            s->nx[i] = -xi;
        }
        __atomic_store_n(&f->solved, (step + 1) * f->bs, __ATOMIC_RELEASE);
    }
    /* no helper claims a block after this */
    __atomic_store_n(&f->next, f->steps, __ATOMIC_RELAXED);
}

static void pipe_share(void *arg, int share, int parts)
{
    (void)parts;
    if (share == 0)
        main_share(arg);
    else
        helper_share(arg);
}

/* The solve through the filter: 0, or -1 (x untouched) when it does not
 * apply or has no memory. */
static int filtered_solve(block_solver *s, double *x, const exb_knobs *knobs)
{
    const exb_tri *t = s->t;
    long n = t->n, bs = s->bs;
    /* the in-block terms go one by one: small blocks below n = 2048
     * (measured with the pipeline: n = 1024 0.18 ms at 16, 0.21 at 32, 0.26
     * at 64; n = 4096 7.8 ms at 16, 4.4 at 32 and 64: 16-row stripes of
     * columns stream badly from memory) */
    if (knobs->trsv_block_default && n < FILTER_SMALL_N)
        bs = bs < FILTER_SMALL_BLOCK ? bs : FILTER_SMALL_BLOCK;
    if (!s->rows.filter)
        return -1;
    long steps = (n + bs - 1) / bs;
    long threads = s->threads, work = n * n / 2 / MIN_WORK_PER_THREAD;
    threads = threads < work ? threads : work;
    threads = threads < steps ? threads : steps;
    int helpers = threads > 1 ? (int)threads - 1 : 0;
    double *work_mem = malloc((size_t)(3 * bs + n + 3 * steps * bs) * sizeof *work_mem);
    int *state = calloc((size_t)steps, sizeof *state);
    if (!work_mem || !state) {
        free(work_mem);
        free(state);
        return -1;
    }
    s->wide_row = work_mem + 3 * bs;
    double *hw = work_mem + 3 * bs + n;
    filter_pipe f = {s,
                     x,
                     bs,
                     steps,
                     work_mem,
                     work_mem + bs,
                     work_mem + 2 * bs,
                     hw,
                     hw + steps * bs,
                     hw + 2 * steps * bs,
                     state,
                     0,
                     0,
                     0};
    if (helpers)
        exb_parallel(helpers + 1, pipe_share, &f);
    else
        main_share(&f);
    free(work_mem);
    free(state);
    s->wide_row = NULL;
    if (f.decided)
        exb_path_add(EXACTBLAS_PATH_EARLY);
    return 0;
}

void exb_host_trsv(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    block_solver s;
    if (solver_init(&s, t, knobs) != 0) {
        exb_host_trsv_unblocked(t, x, 1);
        return;
    }
    if (filtered_solve(&s, x, knobs) == 0) {
        solver_free(&s);
        return;
    }
    long steps = (t->n + s.bs - 1) / s.bs;
    for (long step = 0; step < steps; step++) {
        long k0, k1, c0, c1;
        exb_tri_block(t, s.bs, step, &k0, &k1, &c0, &c1);
        for (long i = k0; i < k1; i++)
            exb_tri_add_rhs(t, &s.rows.acc[i - k0], x[i]); /* alpha*b_i */
        if (c1 > c0)
            off_diagonal(&s, k0, k1, c0, c1);
        for (long q = 0; q < k1 - k0; q++) {
            long i = t->forward ? k0 + q : k1 - 1 - q, p = i - k0;
            if (t->forward)
                in_block(&s, p, i, k0, i);
            else
                in_block(&s, p, i, i + 1, k1);
            exb_rows_flush(&s.rows, p);
            x[i] = exb_tri_round_row(t, &s.rows.acc[p], i, x[i], s.nx, 1, -1.0);
            s.nx[i] = -x[i];
            exb_rows_reset(&s.rows, p);
        }
    }
    solver_free(&s);
}

int exb_host_tri_residual(const exb_tri *t, const double *b, const double *x, double *r,
                          const exb_knobs *knobs)
{
    block_solver s;
    if (solver_init(&s, t, knobs) != 0)
        return -1;
    for (long j = 0; j < t->n; j++)
        s.nx[j] = -x[j];
    long steps = (t->n + s.bs - 1) / s.bs;
    for (long step = 0; step < steps; step++) {
        long k0, k1, c0, c1;
        exb_tri_block(t, s.bs, step, &k0, &k1, &c0, &c1);
        for (long i = k0; i < k1; i++)
            exb_superacc_add_double(&s.rows.acc[i - k0], b[i]);
        if (c1 > c0)
            off_diagonal(&s, k0, k1, c0, c1);
        for (long i = k0; i < k1; i++) {
            long p = i - k0;
            /* the in-block part of the triangle, diagonal apart */
            if (t->forward)
                in_block(&s, p, i, k0, i);
            else
                in_block(&s, p, i, i + 1, k1);
            if (t->unit)
                exb_superacc_add_double(&s.rows.acc[p], s.nx[i]);
            else
                exb_superacc_add_product(&s.rows.acc[p], exb_tri_at(t, i, i), s.nx[i]);
            exb_rows_flush(&s.rows, p);
            /* the residual's terms: b_i and -op(T)_ij x_j over the whole
             * triangle of row i, diagonal included */
            long j0 = t->forward ? 0 : i + 1, j1 = t->forward ? i : t->n;
            if (exb_superacc_is_zero(&s.rows.acc[p]) &&
                exb_tri_numerator_negzero(t, i, b[i], s.nx, 1, -1.0, j0, j1, 1))
                exb_superacc_set_negative_zero(&s.rows.acc[p]);
            r[i] = exb_superacc_round(&s.rows.acc[p]);
            exb_rows_reset(&s.rows, p);
        }
    }
    solver_free(&s);
    return 0;
}

/*
 * l2.c -- the engine of the structured Level 2 routines (l2.h).
 *
 * A panel of L2_PANEL outputs is gathered (the routine's rows function) and
 * each row summed by the kernel table's filter: the contiguous dot product
 * in 32 lanes with its rigorous bound (core/filter.h, bound as for len + 32
 * terms), the panel's outputs decided eight at a time with alpha and beta
 * (the kernel EXDGEMV uses).  An output the bound cannot decide, or every
 * output when the filter cannot run (no AVX-512, a knob, alpha not a power
 * of two, beta/alpha inexact), is summed exactly by the table's sum/dot
 * kernel into a long accumulator and rounded once with alpha and beta.
 * Panels are shared among threads; each output's bits depend only on its
 * own exact sum, so neither the panel nor the threads change a bit.
 */
#include "l2.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/f32.h"
#include "core/filter.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "backend/tuning.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "support/blasvec.h"
#include "support/note.h"
#include "support/path.h"

static double get(const void *v, int f32, long i)
{
    return f32 ? (double)((const float *)v)[i] : ((const double *)v)[i];
}

/* v[i] := d, a value already rounded to v's format. */
static void put(void *v, int f32, long i, double d)
{
    if (f32)
        ((float *)v)[i] = (float)d;
    else
        ((double *)v)[i] = d;
}

double *exb_l2_gather(const void *x, int f32, long n, long inc)
{
    double *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
    if (!g)
        return NULL;
    long first = inc < 0 ? (1 - n) * inc : 0;
    for (long j = 0; j < n; j++)
        g[j] = get(x, f32, first + j * inc);
    return g;
}

/* ---- binary32 results ------------------------------------------------------ */

typedef struct affine_ctx {
    const exb_superacc *acc;
    double alpha, beta, y;
} affine_ctx;

static int affine_sign(void *ctx, double d)
{
    const affine_ctx *c = ctx;
    return exb_superacc_affine_sign(c->acc, c->alpha, c->beta, c->y, d);
}

/* The exact numerator acc over the divisor den: the sign of acc/den - q. */
typedef struct quotient_ctx {
    const exb_superacc *acc;
    double den;
} quotient_ctx;

static int quotient_sign(void *ctx, double q)
{
    const quotient_ctx *c = ctx;
    return exb_superacc_quotient_sign(c->acc, c->den, q);
}

/* ---- the exact sums ------------------------------------------------------------ */

typedef struct l2_work {
    const l2_op *op;
    const exb_knobs *knobs;
    exb_sumdot_range_fn sumdot;
    const exb_filter_kernels *filter;
} l2_work;

/* acc := the exact sum of row . x (len terms) and, when it is zero, its
 * sign by the zero rule (every product -0: -0). */
static void exact_row(const l2_work *w, exb_superacc *acc, const double *row, const double *x,
                      long len)
{
    exb_superacc_reset(acc);
    if (len <= 0)
        return;
    exb_sumdot_args args = {len, row, 1, x, 1, w->knobs, NULL};
    w->sumdot(&args, 0, len, acc);
    if (exb_superacc_is_zero(acc) && exb_terms_negzero(len, row, 1, x, 1))
        exb_superacc_set_negative_zero(acc);
}

/* ---- products ------------------------------------------------------------------ */

typedef struct mv_task {
    l2_work w;
    double alpha, beta, beta2;
    int filtered;
    const double *x;
    void *y;
    long incy, panels;
} mv_task;

/* One output from its exact sum (or y_i alone for a row with no entries). */
static double exact_output(const mv_task *t, exb_superacc *acc, const double *row, long x0,
                           long len, double yv)
{
    const l2_op *op = t->w.op;
    if (len == 0) /* no term: y_i := beta*y_i, as the reference leaves it */
        return t->beta == 0.0 ? 0.0 : exb_canonical_nan(t->beta * yv);
    exact_row(&t->w, acc, row, t->x + x0, len);
    double d = exb_superacc_round_affine(acc, t->alpha, t->beta, t->beta != 0.0 ? yv : 0.0);
    if (op->f32) {
        affine_ctx c = {acc, t->alpha, t->beta, t->beta != 0.0 ? yv : 0.0};
        d = exb_f32_round(d, affine_sign, &c);
    }
    return d;
}

static void mv_share(void *arg, int share, int parts)
{
    const mv_task *t = arg;
    const l2_op *op = t->w.op;
    long ld = op->maxlen > 0 ? op->maxlen : 1;
    double *buf = malloc((size_t)(L2_PANEL * ld) * sizeof *buf);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    long p0 = t->panels * share / parts, p1 = t->panels * (share + 1) / parts;
    long x0[L2_PANEL], len[L2_PANEL], undecided[L2_PANEL];
    double diag[L2_PANEL], hi[L2_PANEL], lo[L2_PANEL], ab[L2_PANEL], yv[L2_PANEL], out[L2_PANEL];
    int decided_any = 0;
    for (long p = p0; p < p1; p++) {
        long i0 = p * L2_PANEL, count = op->outputs - i0 < L2_PANEL ? op->outputs - i0 : L2_PANEL;
        if (!buf) { /* no memory for a panel (a few KB): y left as it was */
            exb_note("no memory for a Level 2 panel of %ld doubles: outputs left as they were",
                     (long)L2_PANEL * ld);
            break;
        }
        op->rows(op, i0, count, buf, ld, x0, len, diag);
        long left = count;
        for (long r = 0; r < count; r++) {
            yv[r] = t->beta != 0.0 ? get(t->y, op->f32, (i0 + r) * t->incy) : 0.0;
            undecided[r] = r;
        }
        if (t->filtered) {
            long most = 0;
            for (long r = 0; r < count; r++) {
                if (len[r] > 0)
                    t->w.filter->dot(buf + r * ld, t->x + x0[r], len[r], &hi[r], &lo[r], &ab[r]);
                else
                    hi[r] = lo[r] = ab[r] = 0.0; /* undecided: never above 2^-900 */
                most = len[r] > most ? len[r] : most;
                out[r] = yv[r];
            }
            left = t->w.filter->decide(count, hi, lo, ab, (double)most + 32.0, t->alpha,
                                       t->beta != 0.0 ? &t->beta2 : NULL, out, 1, undecided);
            decided_any |= left < count;
        }
        /* the decided ones: binary32 where RN64 is no midpoint, else exactly */
        int exact[L2_PANEL] = {0};
        for (long k = 0; k < left; k++)
            exact[undecided[k]] = 1;
        for (long r = 0; r < count; r++) {
            double d = out[r];
            if (!exact[r] && op->f32) {
                float below, above;
                if (exb_f32_midpoint(d, &below, &above))
                    exact[r] = 1;
            }
            if (exact[r])
                d = exact_output(t, &acc, buf + r * ld, x0[r], len[r], yv[r]);
            put(t->y, op->f32, (i0 + r) * t->incy, d);
        }
    }
    free(buf);
    if (decided_any)
        exb_path_add(EXACTBLAS_PATH_EARLY);
}

/* Panels of L2_WIDE outputs whose rows the storage reads in place
 * (op->filter_rows, binary64), decided eight at a time; an output the bound
 * cannot decide, from its gathered row, exactly. */
static void wide_share(void *arg, int share, int parts)
{
    const mv_task *t = arg;
    const l2_op *op = t->w.op;
    long ld = op->maxlen > 0 ? op->maxlen : 1;
    double *row = NULL;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    long p0 = t->panels * share / parts, p1 = t->panels * (share + 1) / parts;
    long undecided[L2_WIDE], x0, len;
    double hi[L2_WIDE], lo[L2_WIDE], ab[L2_WIDE], yv[L2_WIDE], out[L2_WIDE], diag, nt;
    int decided_any = 0;
    for (long p = p0; p < p1; p++) {
        long i0 = p * L2_WIDE, count = op->outputs - i0 < L2_WIDE ? op->outputs - i0 : L2_WIDE;
        for (long r = 0; r < count; r++)
            out[r] = yv[r] = t->beta != 0.0 ? get(t->y, 0, (i0 + r) * t->incy) : 0.0;
        long left = count;
        if (op->filter_rows(op, t->w.filter, i0, count, t->x, hi, lo, ab, &nt)) {
            left = t->w.filter->decide(count, hi, lo, ab, nt, t->alpha,
                                       t->beta != 0.0 ? &t->beta2 : NULL, out, 1, undecided);
            decided_any |= left < count;
        } else {
            for (long r = 0; r < count; r++)
                undecided[r] = r;
        }
        int exact[L2_WIDE] = {0};
        for (long k = 0; k < left; k++)
            exact[undecided[k]] = 1;
        for (long r = 0; r < count; r++) {
            double d = out[r];
            if (exact[r]) {
                if (!row && !(row = malloc((size_t)ld * sizeof *row))) {
                    exb_note("no memory for a Level 2 row of %ld doubles: output left as it was",
                             ld);
                    continue;
                }
                op->rows(op, i0 + r, 1, row, ld, &x0, &len, &diag);
                d = exact_output(t, &acc, row, x0, len, yv[r]);
            }
            put(t->y, 0, (i0 + r) * t->incy, d);
        }
    }
    free(row);
    if (decided_any)
        exb_path_add(EXACTBLAS_PATH_EARLY);
}

void exb_l2_mv(const l2_op *op, const exb_knobs *knobs, double alpha, const double *x, double beta,
               void *y, long incy)
{
    const exb_host_kernels *k = exb_host_kernels_get(knobs->host_generic);
    mv_task t = {{op, knobs, exb_kernels_sumdot(k, knobs->fpe, knobs->front),
                  exb_kernels_filter(k, knobs->fpe, knobs->front, knobs->filter)},
                 alpha,
                 beta,
                 exb_filter_beta(alpha, beta),
                 0,
                 x,
                 NULL,
                 incy,
                 (op->outputs + L2_PANEL - 1) / L2_PANEL};
    t.filtered = t.w.filter && exb_filter_alpha_ok(alpha) && !isnan(t.beta2);
    /* y from its logical first element */
    t.y = op->f32 ? (void *)EXB_FIRST((float *)y, op->outputs, incy)
                  : (void *)EXB_FIRST((double *)y, op->outputs, incy);
    void (*share)(void *, int, int) = mv_share;
    if (t.filtered && op->filter_rows && !op->f32) { /* rows read in place */
        share = wide_share;
        t.panels = (op->outputs + L2_WIDE - 1) / L2_WIDE;
    }
    exb_parallel_sized(knobs->threads, op->outputs * (op->maxlen > 0 ? op->maxlen : 1),
                       exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread, t.panels, share, &t);
    exb_path_add(EXACTBLAS_PATH_HOST);
}

/* ---- solves --------------------------------------------------------------------- */

void exb_l2_sv(const l2_op *op, const exb_knobs *knobs, void *x, long incx)
{
    const exb_host_kernels *k = exb_host_kernels_get(knobs->host_generic);
    l2_work w = {op, knobs, exb_kernels_sumdot(k, knobs->fpe, knobs->front),
                 exb_kernels_filter(k, knobs->fpe, knobs->front, knobs->filter)};
    long n = op->outputs, ld = op->maxlen > 0 ? op->maxlen : 1;
    int forward = (op->uplo == 'L') == (op->trans == 'N');
    void *x1 =
        op->f32 ? (void *)EXB_FIRST((float *)x, n, incx) : (void *)EXB_FIRST((double *)x, n, incx);
    double *nx = malloc((size_t)(n > 0 ? n : 1) * sizeof *nx); /* -x_j once solved */
    double *buf = malloc((size_t)(L2_PANEL * ld) * sizeof *buf);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    if (!nx || !buf) {
        exb_note("no memory for a Level 2 solve of order %ld: x left as it was", n);
        free(nx);
        free(buf);
        return;
    }
    long x0[L2_PANEL], len[L2_PANEL];
    double diag[L2_PANEL];
    long panels = (n + L2_PANEL - 1) / L2_PANEL;
    int decided_any = 0;
    static const double one = 1.0;
    for (long q = 0; q < panels; q++) {
        long p = forward ? q : panels - 1 - q;
        long i0 = p * L2_PANEL, count = n - i0 < L2_PANEL ? n - i0 : L2_PANEL;
        op->rows(op, i0, count, buf, ld, x0, len, diag);
        for (long s = 0; s < count; s++) {
            long r = forward ? s : count - 1 - s, i = i0 + r;
            const double *row = buf + r * ld;
            double b = get(x1, op->f32, i * incx), d = diag[r], xi = 0.0;
            if (op->bscale != 0.0)
                b *= op->bscale; /* exact: both binary32 */
            int decided = 0;
            if (w.filter) {
                double h = 0.0, lo = 0.0, ce = 0.0;
                if (len[r] > 0)
                    w.filter->dot(row, nx + x0[r], len[r], &h, &lo, &ce);
                w.filter->add_terms(&h, &lo, &ce, &one, 0, &b, 1);
                /* leaves: the terms, b, the lanes' joins */
                double terms = (double)len[r] + 1.0 + 33.0;
                decided = w.filter->quotient(h, lo, exb_filter_bound(terms, ce), d, &xi);
                if (decided && op->f32) {
                    float below, above;
                    decided = !exb_f32_midpoint(xi, &below, &above);
                }
                if (decided)
                    xi = op->f32 ? (double)(float)xi : xi;
                decided_any |= decided;
            }
            if (!decided) {
                exact_row(&w, &acc, row, nx + x0[r], len[r]);
                int negzero =
                    exb_superacc_is_zero(&acc) && (len[r] == 0 || acc.flags & EXB_FLAG_NEG_ZERO);
                acc.flags &= ~EXB_FLAG_NEG_ZERO;
                exb_superacc_add_double(&acc, b);
                /* the numerator's terms: b_i and -op(A)_ij x_j; all -0: -0 */
                if (negzero && b == 0.0 && signbit(b) && exb_superacc_is_zero(&acc))
                    exb_superacc_set_negative_zero(&acc);
                xi = exb_superacc_round_quotient(&acc, d);
                if (op->f32) {
                    quotient_ctx c = {&acc, d};
                    xi = exb_f32_round(xi, quotient_sign, &c);
                }
            }
            put(x1, op->f32, i * incx, xi);
            nx[i] = -xi;
        }
    }
    free(nx);
    free(buf);
    exb_path_add(EXACTBLAS_PATH_HOST | (decided_any ? EXACTBLAS_PATH_EARLY : 0));
}

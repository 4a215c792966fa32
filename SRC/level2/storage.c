/*
 * storage.c -- the rows of op(A) for every storage of the Level 2 routines
 * (storage.h): general (dense and band), symmetric (dense, band, packed),
 * triangular (dense, band, packed; a unit diagonal is 1, and a solve's rows
 * leave the diagonal out, giving it apart).
 *
 * Row i of op(A) covers the columns [x0, x0 + len).  Its entries are of two
 * kinds: a "row part", entries (i, j) of the stored matrix with j varying,
 * which are far apart in memory but adjacent to row i+1's (so a panel reads
 * them a column at a time), and a "column part", entries (j, i) with j
 * varying, which are contiguous.  A symmetric row has both, split at the
 * diagonal; a general or triangular row has one.
 */
#include "storage.h"

#include <stdlib.h>

#include "core/exb_core.h"
#include "support/blasvec.h"
#include "support/note.h"

static double value(const l2_matrix *A, long idx)
{
    return l2_at(&A->op, idx);
}

/* The columns of op(A)'s row i (diagonal included): [*lo, *hi]. */
static void row_range(const l2_matrix *A, long i, long *lo, long *hi)
{
    const l2_op *op = &A->op;
    long last = op->cols - 1;
    if (A->kind == L2_GENERAL) {
        long below = op->trans == 'N' ? op->kl : op->ku, above = op->trans == 'N' ? op->ku : op->kl;
        *lo = i - below > 0 ? i - below : 0;
        *hi = i + above < last ? i + above : last;
        return;
    }
    long k = op->ku; /* the band's width (n - 1 when dense or packed) */
    long left = i - k > 0 ? i - k : 0, right = i + k < last ? i + k : last;
    if (A->kind == L2_SYMMETRIC) {
        *lo = left;
        *hi = right;
        return;
    }
    /* triangular: op(A) lower when (lower, N) or (upper, T) */
    int lower_op = (op->uplo == 'L') == (op->trans == 'N');
    *lo = lower_op ? left : i;
    *hi = lower_op ? i : right;
}

/* Row i's runs [x0, x0 + len) split into its row part [*r0, *r1) (stored
 * (i, j), j varying) and its column part [*c0, *c1) (stored (j, i)). */
static void runs(const l2_matrix *A, long i, long x0, long len, long *r0, long *r1, long *c0,
                 long *c1)
{
    const l2_op *op = &A->op;
    long end = x0 + len;
    int row_only = A->kind == L2_SYMMETRIC ? 0 : op->trans == 'N';
    if (A->kind != L2_SYMMETRIC) {
        *r0 = row_only ? x0 : end;
        *r1 = end;
        *c0 = row_only ? end : x0;
        *c1 = end;
        return;
    }
    /* symmetric: the stored triangle's side of the diagonal is the row part */
    long split = op->uplo == 'L' ? i + 1 : i; /* L: j <= i stored; U: j >= i */
    split = split < x0 ? x0 : split > end ? end : split;
    if (op->uplo == 'L') {
        *r0 = x0, *r1 = split, *c0 = split, *c1 = end;
    } else {
        *c0 = x0, *c1 = split, *r0 = split, *r1 = end;
    }
}

void exb_l2_matrix_rows(const l2_op *opv, long i0, long count, double *buf, long ld, long *x0,
                        long *len, double *diag)
{
    const l2_matrix *A = (const l2_matrix *)opv;
    const l2_op *op = opv;
    int unit = A->kind == L2_TRIANGULAR && op->diag == 'U';
    long r0[L2_PANEL], r1[L2_PANEL], c0[L2_PANEL], c1[L2_PANEL];
    long first = op->cols, last = 0; /* the panel's row parts: columns [first, last) */
    for (long r = 0; r < count; r++) {
        long i = i0 + r, lo, hi;
        row_range(A, i, &lo, &hi);
        if (A->solve && A->kind == L2_TRIANGULAR) { /* the diagonal apart */
            diag[r] = unit ? 1.0 : value(A, l2_index(A, i, i));
            if (lo == i)
                lo++;
            else
                hi--;
        }
        x0[r] = lo;
        len[r] = hi >= lo ? hi - lo + 1 : 0;
        runs(A, i, x0[r], len[r], &r0[r], &r1[r], &c0[r], &c1[r]);
        if (r1[r] > r0[r]) {
            first = r0[r] < first ? r0[r] : first;
            last = r1[r] > last ? r1[r] : last;
        }
    }
    /* row parts: a column at a time, down the panel's rows (adjacent in
     * every storage: entry (i0 + r, j) is at l2_index(i0, j) + r) */
    const double *ad = op->f32 ? NULL : (const double *)op->a;
    const float *af = op->f32 ? (const float *)op->a : NULL;
    for (long j = first; j < last; j++) {
        long base = l2_index(A, i0, j);
        for (long r = 0; r < count; r++)
            if (j >= r0[r] && j < r1[r])
                buf[r * ld + j - x0[r]] = ad ? ad[base + r] : (double)af[base + r];
    }
    /* column parts: each row's run of (j, i), contiguous */
    for (long r = 0; r < count; r++) {
        if (c1[r] <= c0[r])
            continue;
        long i = i0 + r, idx = l2_index(A, c0[r], i), n = c1[r] - c0[r];
        double *dst = buf + r * ld + c0[r] - x0[r];
        if (ad)
            for (long t = 0; t < n; t++)
                dst[t] = ad[idx + t];
        else
            for (long t = 0; t < n; t++)
                dst[t] = (double)af[idx + t];
    }
    if (unit && !A->solve) /* a unit diagonal's entry is 1, never read */
        for (long r = 0; r < count; r++) {
            long i = i0 + r;
            if (i >= x0[r] && i < x0[r] + len[r])
                buf[r * ld + i - x0[r]] = 1.0;
        }
}

void exb_l2_matrix_init(l2_matrix *A)
{
    l2_op *op = &A->op;
    op->rows = exb_l2_matrix_rows;
    if (A->kind == L2_GENERAL) {
        op->outputs = op->trans == 'N' ? A->m : A->n;
        op->cols = op->trans == 'N' ? A->n : A->m;
        if (A->storage == L2_DENSE) {
            op->kl = A->m > 0 ? A->m - 1 : 0;
            op->ku = A->n > 0 ? A->n - 1 : 0;
        }
        long width = op->kl + op->ku + 1;
        op->maxlen = width < op->cols ? width : op->cols;
        return;
    }
    op->outputs = op->cols = A->n;
    if (A->storage != L2_BAND)
        op->ku = A->n > 0 ? A->n - 1 : 0;
    long width = A->kind == L2_SYMMETRIC ? 2 * op->ku + 1 : op->ku + 1;
    op->maxlen = width < A->n ? width : A->n;
}

void exb_l2_product(l2_matrix *A, double alpha, const void *x, long incx, double beta, void *y,
                    long incy)
{
    l2_op *op = &A->op;
    exb_l2_matrix_init(A);
    if (alpha == 0.0) { /* y := beta*y, RN(beta*y) being the IEEE product (exact for floats) */
        long first = incy < 0 ? (1 - op->outputs) * incy : 0;
        for (long i = 0; i < op->outputs; i++) {
            long at = first + i * incy;
            if (op->f32) {
                float *yi = (float *)y + at;
                *yi = beta == 0.0 ? 0.0f : (float)exb_canonical_nan(beta * (double)*yi);
            } else {
                double *yi = (double *)y + at;
                *yi = beta == 0.0 ? 0.0 : exb_canonical_nan(beta * *yi);
            }
        }
        return;
    }
    double *xg = exb_l2_gather(x, op->f32, op->cols, incx);
    if (!xg) {
        exb_note("no memory for a Level 2 product's x of %ld doubles: y left as it was", op->cols);
        return;
    }
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_l2_mv(op, &knobs, alpha, xg, beta, y, incy);
    free(xg);
}

void exb_l2_solve(l2_matrix *A, void *x, long incx)
{
    A->solve = 1;
    exb_l2_matrix_init(A);
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_l2_sv(&A->op, &knobs, x, incx);
}

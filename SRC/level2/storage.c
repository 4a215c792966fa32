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
#include "host/kernels.h"
#include "support/blasvec.h"
#include "support/note.h"
#include "support/xerbla.h"

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

/* ---- a product's panel read in place (l2.h: filter_rows) ------------------- */

typedef enum { NO_PART, ROW_PART, COL_PART } part_kind;

/* Columns gathered at a time for a packed matrix's row parts. */
#define PACKED_CHUNK 128

static void join_all(long count, double *hi, double *lo, double *ab, const double *h2,
                     const double *l2, const double *a2)
{
    for (long r = 0; r < count; r++)
        exb_filter_join(&hi[r], &lo[r], &ab[r], h2[r], l2[r], a2[r]);
}

/* The region [a, b) of columns, of one kind for every row of the panel
 * [i0, i0 + count), into the rows' partial sums. */
static void region(const l2_matrix *A, const exb_filter_kernels *f, part_kind kind, long i0,
                   long count, long a, long b, const double *x, double *hi, double *lo, double *ab,
                   double *joins)
{
    const l2_op *op = &A->op;
    const double *ad = op->a;
    double th[L2_WIDE], tl[L2_WIDE], tc[L2_WIDE];
    if (b <= a || kind == NO_PART)
        return;
    if (kind == COL_PART) { /* row i's entries (j, i), j in [a, b): contiguous */
        if (A->storage == L2_DENSE)
            f->cols(ad + l2_index(A, a, i0), op->lda, count, x + a, b - a, th, tl, tc);
        else
            for (long r = 0; r < count; r++)
                f->dot(ad + l2_index(A, a, i0 + r), x + a, b - a, &th[r], &tl[r], &tc[r]);
        join_all(count, hi, lo, ab, th, tl, tc);
        *joins += 33.0; /* the lanes' joins and this one */
        return;
    }
    if (A->storage == L2_DENSE) { /* row parts: the panel's rows in place */
        f->rows(ad + l2_index(A, i0, a), op->lda, count, x + a, b - a, th, tl, tc);
        join_all(count, hi, lo, ab, th, tl, tc);
        *joins += 1.0;
        return;
    }
    double buf[L2_WIDE * PACKED_CHUNK]; /* packed: a chunk of columns side by side */
    for (long c0 = a; c0 < b; c0 += PACKED_CHUNK) {
        long w = b - c0 < PACKED_CHUNK ? b - c0 : PACKED_CHUNK;
        for (long j = 0; j < w; j++) {
            const double *col = ad + l2_index(A, i0, c0 + j); /* rows adjacent */
            for (long r = 0; r < count; r++)
                buf[r + j * count] = col[r];
        }
        f->rows(buf, count, count, x + c0, w, th, tl, tc);
        join_all(count, hi, lo, ab, th, tl, tc);
        *joins += 1.0;
    }
}

/* A dense or packed symmetric or triangular product's rows [i0, i1): left
 * of the panel's columns [i0, i1) every row has the same entries, all of
 * one kind (its row part or its column part), and so right of them; each
 * side goes to the filter's row kernel (row parts: in place when dense,
 * gathered a chunk of columns at a time when packed) or its column kernel
 * (dense) or dot (packed); the panel's own columns (the diagonal block, a
 * unit diagonal's 1 included, the other triangle never read) term by term.
 * The leaves: the terms (at most n), the lanes' and the parts' joins. */
static int matrix_filter_rows(const l2_op *opv, const exb_filter_kernels *f, long i0, long count,
                              const double *x, double *hi, double *lo, double *ab, double *nt)
{
    const l2_matrix *A = (const l2_matrix *)opv;
    const l2_op *op = opv;
    if (count > L2_WIDE)
        return 0;
    long i1 = i0 + count, n = op->cols;
    int upper = op->uplo == 'U', notrans = op->trans == 'N';
    part_kind left, right;
    if (A->kind == L2_SYMMETRIC) {
        left = upper ? COL_PART : ROW_PART;
        right = upper ? ROW_PART : COL_PART;
    } else { /* triangular: op(A) lower when (lower, N) or (upper, T) */
        part_kind k = notrans ? ROW_PART : COL_PART;
        int lower_op = (!upper) == notrans;
        left = lower_op ? k : NO_PART;
        right = lower_op ? NO_PART : k;
    }
    for (long r = 0; r < count; r++)
        hi[r] = lo[r] = ab[r] = 0.0;
    double joins = 0.0;
    region(A, f, left, i0, count, 0, i0, x, hi, lo, ab, &joins);
    region(A, f, right, i0, count, i1, n, x, hi, lo, ab, &joins);
    /* the block [i0, i1) x [i0, i1), side by side (a triangle's other side
     * 0, a term that is no term: a NaN it makes with an infinite x_j only
     * sends the row to the exact path) through the row kernel */
    int unit = A->kind == L2_TRIANGULAR && op->diag == 'U';
    double blk[L2_WIDE * L2_WIDE], th[L2_WIDE], tl[L2_WIDE], tc[L2_WIDE];
    for (long c = 0; c < count; c++)
        for (long r = 0; r < count; r++) {
            long i = i0 + r, j = i0 + c, si = i, sj = j; /* the entry holding op(A)(i, j) */
            double v;
            if (A->kind == L2_SYMMETRIC) {
                if (!l2_in_triangle(op, i, j))
                    si = j, sj = i;
                v = value(A, l2_index(A, si, sj));
            } else if ((i < j) == ((!upper) == notrans) && i != j) {
                v = 0.0; /* outside op(A)'s triangle */
            } else {
                if (!notrans)
                    si = j, sj = i;
                v = unit && i == j ? 1.0 : value(A, l2_index(A, si, sj));
            }
            blk[r + c * count] = v;
        }
    f->rows(blk, count, count, x + i0, count, th, tl, tc);
    join_all(count, hi, lo, ab, th, tl, tc);
    joins += 1.0;
    *nt = (double)n + joins + 2.0;
    return 1;
}

void exb_l2_matrix_init(l2_matrix *A)
{
    l2_op *op = &A->op;
    op->rows = exb_l2_matrix_rows;
    op->filter_rows = !op->f32 && A->storage != L2_BAND && A->kind != L2_GENERAL && !A->solve
                          ? matrix_filter_rows
                          : NULL;
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

int exb_l2_triangular_check(l2_storage storage, char uplo, char trans, char diag, long n, long k,
                            long lda, long incx)
{
    int band = storage == L2_BAND, dense = storage == L2_DENSE;
    int trans_ok = exb_lsame(trans, 'N') || exb_lsame(trans, 'T') || exb_lsame(trans, 'C');
    return !exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L')   ? 1
           : !trans_ok                                      ? 2
           : !exb_lsame(diag, 'U') && !exb_lsame(diag, 'N') ? 3
           : n < 0                                          ? 4
           : band && k < 0                                  ? 5
           : dense && lda < (n > 1 ? n : 1)                 ? 6
           : band && lda < k + 1                            ? 7
           : incx == 0                                      ? (dense  ? 8
                                                               : band ? 9
                                                                      : 7)
                                                            : 0;
}

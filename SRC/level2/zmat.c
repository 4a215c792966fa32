/*
 * zmat.c -- the complex matrix view (zmat.h) that the structured complex
 * Level 2 products (zl2.c), the solves (zsolve.c) and the dense GEMV
 * (zgemv_dense.c) share: entries, the rows' column ranges, the engine's
 * rows of Sr or Si, the view's sizes, a gathered x.
 */
#include "zmat.h"

#include <stdlib.h>

/* Entry (i, j) of op(A) as (re, im). */
void exb_zmat_entry(const zmat *A, long i, long j, double *re, double *im)
{
    const l2_op *op = &A->s.op;
    long si = i, sj = j;
    int cj = A->conj;
    if (A->s.kind == L2_TRIANGULAR && i == j && op->diag == 'U') {
        *re = 1.0, *im = 0.0;
        return;
    }
    if (A->s.kind == L2_SYMMETRIC) { /* Hermitian: the mirror is conjugated */
        cj = !l2_in_triangle(op, i, j);
        if (cj)
            si = j, sj = i;
    } else if (op->trans != 'N') {
        si = j, sj = i;
    }
    long at = 2 * l2_index(&A->s, si, sj);
    if (op->f32)
        *re = ((const float *)op->a)[at], *im = ((const float *)op->a)[at + 1];
    else
        *re = ((const double *)op->a)[at], *im = ((const double *)op->a)[at + 1];
    if (A->s.kind == L2_SYMMETRIC && i == j)
        *im = 0.0; /* a Hermitian diagonal is real (the reference reads only re) */
    else if (cj)
        *im = -*im;
}

/* Row i of op(A): its complex columns [*j0, *j1) (a solve's without the
 * diagonal). */
void exb_zmat_range(const zmat *A, long i, long *j0, long *j1)
{
    const l2_op *op = &A->s.op;
    long lo, hi, cols = A->s.n;
    if (A->s.kind == L2_GENERAL) {
        int tn = op->trans == 'N';
        lo = i - (tn ? op->kl : op->ku);
        hi = i + (tn ? op->ku : op->kl) + 1;
        cols = tn ? A->s.n : A->s.m;
    } else if (A->s.kind == L2_SYMMETRIC) {
        lo = i - op->ku;
        hi = i + op->ku + 1;
    } else if ((op->uplo == 'U') == (op->trans == 'N')) { /* op(A) upper */
        lo = i + A->s.solve;
        hi = i + op->ku + 1;
    } else {
        lo = i - op->ku;
        hi = i + 1 - A->s.solve;
    }
    *j0 = lo > 0 ? lo : 0;
    *j1 = hi < cols ? hi : cols;
    if (*j1 < *j0)
        *j1 = *j0;
}

/* Entry (re, im) of op(A) into position t of a row of part p: Sr's (re,
 * -im) or Si's (im, re). */
static inline void put_entry(double *row, long t, int p, double re, double im)
{
    row[2 * t] = p ? im : re;
    row[2 * t + 1] = p ? re : -im;
}

/* A stored entry's parts, binary64 or binary32. */
static inline void stored_at(const l2_op *op, long at, double *re, double *im)
{
    if (op->f32)
        *re = ((const float *)op->a)[2 * at], *im = ((const float *)op->a)[2 * at + 1];
    else
        *re = ((const double *)op->a)[2 * at], *im = ((const double *)op->a)[2 * at + 1];
}

/* Dense storage read in memory order: entries A(i, j) of the rows' stored
 * part with j in [lo_r, hi_r) column by column across the panel (a column's
 * entries of consecutive rows are adjacent), conjugated when cj, into
 * positions j - base_r.  Entries (j, i) when mirror: a row of A^T is a
 * column of A, contiguous. */
static void dense_part(const zmat *A, long i0, long count, const long *lo, const long *hi,
                       const long *base, int mirror, int cj, double *buf, long ld)
{
    const l2_op *op = &A->s.op;
    int p = A->part;
    if (mirror) {
        for (long r = 0; r < count; r++)
            for (long j = lo[r]; j < hi[r]; j++) {
                double re, im;
                stored_at(op, j + (i0 + r) * op->lda, &re, &im);
                put_entry(buf + r * ld, j - base[r], p, re, cj ? -im : im);
            }
        return;
    }
    long jmin = -1, jmax = -1;
    for (long r = 0; r < count; r++)
        if (lo[r] < hi[r]) {
            jmin = jmin < 0 || lo[r] < jmin ? lo[r] : jmin;
            jmax = hi[r] > jmax ? hi[r] : jmax;
        }
    for (long j = jmin; jmin >= 0 && j < jmax; j++)
        for (long r = 0; r < count; r++) {
            if (j < lo[r] || j >= hi[r])
                continue;
            double re, im;
            stored_at(op, i0 + r + j * op->lda, &re, &im);
            put_entry(buf + r * ld, j - base[r], p, re, cj ? -im : im);
        }
}

/* The engine's rows (l2.h): Sr's (re, -im) or Si's (im, re) per entry,
 * against the interleaved x.  Dense matrices are read in memory order
 * (dense_part); band and packed ones entry by entry. */
void exb_zmat_rows(const l2_op *op, long i0, long count, double *buf, long ld, long *x0, long *len,
                   double *diag)
{
    const zmat *A = (const zmat *)op;
    if (count > L2_WIDE) { /* (no caller asks for more) */
        for (long c = 0; c < count; c += L2_WIDE)
            exb_zmat_rows(op, i0 + c, count - c < L2_WIDE ? count - c : L2_WIDE, buf + c * ld, ld,
                          x0 + c, len + c, diag);
        return;
    }
    /* the arrays here are zeroed: GCC 12 does not see count > 0 (maybe-uninitialized) */
    long j0[L2_WIDE] = {0}, j1[L2_WIDE] = {0};
    for (long r = 0; r < count; r++) {
        exb_zmat_range(A, i0 + r, &j0[r], &j1[r]);
        x0[r] = 2 * j0[r];
        len[r] = 2 * (j1[r] - j0[r]);
    }
    if (A->s.storage == L2_DENSE && count <= L2_WIDE) {
        long lo[L2_WIDE] = {0}, hi[L2_WIDE] = {0};
        if (A->s.kind == L2_SYMMETRIC) { /* the stored triangle, then the mirror */
            int up = op->uplo == 'U';
            for (long r = 0; r < count; r++) /* lower: j <= i stored as (i, j) */
                lo[r] = up ? i0 + r : j0[r], hi[r] = up ? j1[r] : i0 + r + 1;
            dense_part(A, i0, count, lo, hi, j0, 0, 0, buf, ld);
            for (long r = 0; r < count; r++)
                lo[r] = up ? j0[r] : i0 + r + 1, hi[r] = up ? i0 + r : j1[r];
            dense_part(A, i0, count, lo, hi, j0, 1, 1, buf, ld);
            for (long r = 0; r < count; r++) { /* a real diagonal */
                double re, im;
                stored_at(op, (i0 + r) * (op->lda + 1), &re, &im);
                put_entry(buf + r * ld, i0 + r - j0[r], A->part, re, 0.0);
            }
        } else {
            dense_part(A, i0, count, j0, j1, j0, op->trans != 'N', A->conj, buf, ld);
            if (A->s.kind == L2_TRIANGULAR && op->diag == 'U' && !A->s.solve)
                for (long r = 0; r < count; r++)
                    put_entry(buf + r * ld, i0 + r - j0[r], A->part, 1.0, 0.0);
        }
        return;
    }
    for (long r = 0; r < count; r++) {
        double *row = buf + r * ld;
        for (long j = j0[r]; j < j1[r]; j++) {
            double re, im;
            exb_zmat_entry(A, i0 + r, j, &re, &im);
            put_entry(row, j - j0[r], A->part, re, im);
        }
    }
}

/* Sizes of the engine's view; the caller set s.op.a, f32, lda, uplo, trans
 * ('N' or 'T'), diag, kl, ku and s.storage, kind, m, n, solve, conj. */
void exb_zmat_init(zmat *A)
{
    l2_op *op = &A->s.op;
    long m = A->s.m, n = A->s.n, width;
    if (A->s.kind == L2_GENERAL) {
        if (A->s.storage == L2_DENSE) {
            op->kl = m > 0 ? m - 1 : 0;
            op->ku = n > 0 ? n - 1 : 0;
        }
        op->outputs = op->trans == 'N' ? m : n;
        op->cols = op->trans == 'N' ? n : m;
        width = op->kl + op->ku + 1;
    } else {
        if (A->s.storage != L2_BAND)
            op->ku = n > 0 ? n - 1 : 0;
        op->outputs = op->cols = n;
        width = A->s.kind == L2_SYMMETRIC ? 2 * op->ku + 1 : op->ku + 1;
    }
    width = width < op->cols ? width : op->cols;
    op->maxlen = 2 * width;
    op->cols *= 2; /* the interleaved x */
    op->rows = exb_zmat_rows;
    op->filter_rows = NULL;
}

/* The n complex elements of x (increment inc, from the logical first) as
 * 2n doubles; NULL without memory. */
double *exb_zmat_gather(const void *x, int f32, long n, long inc)
{
    double *g = malloc((size_t)(2 * (n > 0 ? n : 1)) * sizeof *g);
    if (!g)
        return NULL;
    long first = inc < 0 ? (1 - n) * inc : 0;
    for (long j = 0; j < n; j++) {
        g[2 * j] = zget(x, f32, 2 * (first + j * inc));
        g[2 * j + 1] = zget(x, f32, 2 * (first + j * inc) + 1);
    }
    return g;
}

/*
 * zl2.c -- the structured complex Level 2 routines and the triangular Level
 * 3 ones built on them (zlevel2.h has the rules): ZGBMV, ZHBMV, ZHPMV,
 * ZTRMV, ZTBMV, ZTPMV, ZTRSV, ZTBSV, ZTPSV, ZTRMM, ZTRSM and their C twins.
 *
 * Products.  Re (alpha op(A) x + beta y)_i = ar Sr - ai Si + br yr - bi yi
 * with Sr = sum re(a) xr - im(a) xi and Si = sum im(a) xr + re(a) xi over
 * the entries the storage defines.  Sr and Si are real dot products of the
 * interleaved x = (xr0, xi0, xr1, ...) with the rows (re, -im, ...) and
 * (im, re, ...): when alpha is real or imaginary and beta real, each part
 * is one real structured product of the real Level 2 engine (l2.h, its
 * filter and long accumulator, binary32 rounding) with one real alpha and
 * beta.  Otherwise each output's Sr and Si are summed exactly in long
 * accumulators and the four-term expression rounded once
 * (exb_superacc_round_affine2), as ZGEMM's general path.
 *
 * Dense matrices are read in memory order; ZGEMV (alpha real or
 * imaginary, beta real) runs on EXDGEMV or, for N, on the host's rows
 * kernel over A's interleaved real view (four partial sums a row joined
 * into Sr and Si), ZHEMV on the engine above.
 *
 * Solves.  x_i := N_i / op(A)_ii, N_i = b_i - sum_{j solved before}
 * op(A)_ij x_j (alpha b_i for TRSM), each part of the complex quotient
 * rounded once.  Binary64: the numerators through the host's filter (dense
 * N blocked, the rows kernel over the solved columns 32 rows a panel;
 * dense T and C on A's columns in place; others on gathered rows) and the
 * quotient decided by a residual test where it can (cq_filter_part);
 * otherwise, and always in binary32, the numerator exact in two long
 * accumulators and the quotient by exb_superacc_round_cquotient (exact
 * comparisons with the candidates' midpoints, never an inexact quotient).
 */
#include "zlevel2.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/f32.h"
#include "core/fpenv.h"
#include "core/filter.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "routines.h"
#include "backend/tuning.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "storage.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

/* A complex matrix for the engine: s.op.a holds (re, im) pairs, s.op.f32
 * their format; s.op.trans is 'N' or 'T' and conj conjugates op(A). */
typedef struct zmat {
    l2_matrix s; /* first: the engine's view */
    int part;    /* the rows of Sr (0) or of Si (1) */
    int conj;    /* op(A) conjugated (trans C; TRSM's side R with C) */
} zmat;

/* Entry (i, j) of op(A) as (re, im). */
static void zentry(const zmat *A, long i, long j, double *re, double *im)
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
static void zrange(const zmat *A, long i, long *j0, long *j1)
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
static void zrows(const l2_op *op, long i0, long count, double *buf, long ld, long *x0, long *len,
                  double *diag)
{
    const zmat *A = (const zmat *)op;
    if (count > L2_WIDE) { /* (no caller asks for more) */
        for (long c = 0; c < count; c += L2_WIDE)
            zrows(op, i0 + c, count - c < L2_WIDE ? count - c : L2_WIDE, buf + c * ld, ld, x0 + c,
                  len + c, diag);
        return;
    }
    long j0[L2_WIDE], j1[L2_WIDE];
    for (long r = 0; r < count; r++) {
        zrange(A, i0 + r, &j0[r], &j1[r]);
        x0[r] = 2 * j0[r];
        len[r] = 2 * (j1[r] - j0[r]);
    }
    if (A->s.storage == L2_DENSE && count <= L2_WIDE) {
        long lo[L2_WIDE], hi[L2_WIDE];
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
            zentry(A, i0 + r, j, &re, &im);
            put_entry(row, j - j0[r], A->part, re, im);
        }
    }
}

/* Sizes of the engine's view; the caller set s.op.a, f32, lda, uplo, trans
 * ('N' or 'T'), diag, kl, ku and s.storage, kind, m, n, solve, conj. */
static void zinit(zmat *A)
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
    op->rows = zrows;
    op->filter_rows = NULL;
}

static double zget(const void *v, int f32, long at)
{
    return f32 ? (double)((const float *)v)[at] : ((const double *)v)[at];
}

static void zput(void *v, int f32, long at, double d)
{
    if (f32)
        ((float *)v)[at] = (float)d;
    else
        ((double *)v)[at] = d;
}

/* The n complex elements of x (increment inc, from the logical first) as
 * 2n doubles; NULL without memory. */
static double *zgather(const void *x, int f32, long n, long inc)
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

/* RN of a1 v1 + a2 v2 + b1 y1 + b2 y2 in the result's format. */
static double round4(int f32, const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                     double b1, double y1, double b2, double y2)
{
    double d = exb_superacc_round_affine2(v1, a1, v2, a2, b1, y1, b2, y2);
    if (!f32)
        return d;
    float below, above;
    if (!exb_f32_midpoint(d, &below, &above))
        return (float)d;
    int s = exb_superacc_affine2_sign(v1, a1, v2, a2, b1, y1, b2, y2, d);
    return s > 0 ? above : s < 0 ? below : (float)d;
}

/* Each output by its exact Sr, Si (every alpha and beta): y_i := alpha S_i
 * + beta y_i per part; a row with no entries, or alpha = 0, y_i := beta y_i
 * (0 for beta = 0, y not read). */
static void zproduct_exact(const zmat *A, const double *al, const double *xg, const double *be,
                           void *y, long incy)
{
    const l2_op *op = &A->s.op;
    int f32 = op->f32, alpha0 = al[0] == 0.0 && al[1] == 0.0;
    int read_y = be[0] != 0.0 || be[1] != 0.0;
    long n = op->outputs, first = incy < 0 ? (1 - n) * incy : 0;
    exb_superacc sr, si;
    exb_superacc_clear(&sr);
    exb_superacc_clear(&si);
    for (long i = 0; i < n; i++) {
        long at = 2 * (first + i * incy), j0 = 0, j1 = 0;
        if (!read_y && (alpha0 || (zrange(A, i, &j0, &j1), j1 == j0))) {
            zput(y, f32, at, 0.0); /* the reference's zero */
            zput(y, f32, at + 1, 0.0);
            continue;
        }
        if (!alpha0)
            zrange(A, i, &j0, &j1);
        exb_superacc_reset(&sr);
        exb_superacc_reset(&si);
        int zr = 1, zi = 1;
        for (long j = j0; j < j1; j++) {
            double re, im, xr = xg[2 * j], xi = xg[2 * j + 1];
            zentry(A, i, j, &re, &im);
            exb_superacc_add_product(&sr, re, xr);
            exb_superacc_add_product(&sr, -im, xi);
            exb_superacc_add_product(&si, im, xr);
            exb_superacc_add_product(&si, re, xi);
            zr = zr && exb_product_is_negzero(re, xr) && exb_product_is_negzero(-im, xi);
            zi = zi && exb_product_is_negzero(im, xr) && exb_product_is_negzero(re, xi);
        }
        if (zr && exb_superacc_is_zero(&sr))
            exb_superacc_set_negative_zero(&sr);
        if (zi && exb_superacc_is_zero(&si))
            exb_superacc_set_negative_zero(&si);
        double a0 = j1 > j0 ? al[0] : 0.0, a1 = j1 > j0 ? al[1] : 0.0; /* no entries: no term */
        double yr = read_y ? zget(y, f32, at) : 0.0, yi = read_y ? zget(y, f32, at + 1) : 0.0;
        double re = round4(f32, &sr, a0, &si, -a1, be[0], yr, -be[1], yi);
        double im = round4(f32, &si, a0, &sr, a1, be[0], yi, be[1], yr);
        zput(y, f32, at, re);
        zput(y, f32, at + 1, im);
    }
}

/* y := alpha op(A) x + beta y (complex alpha, beta as (re, im)); x and y of
 * the matrix's format, increments in complex elements; y may be x (a
 * triangular product: alpha 1, beta 0). */
static void zproduct(zmat *A, const double *al, const void *x, long incx, const double *be, void *y,
                     long incy)
{
    zinit(A);
    int f32 = A->s.op.f32;
    long ncols = A->s.op.cols / 2;
    double *xg = zgather(x, f32, ncols, incx);
    if (!xg) {
        exb_note("no memory for a complex Level 2 product's x of %ld elements: y left as it was",
                 ncols);
        return;
    }
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    if (!alpha0 && (al[0] == 0.0 || al[1] == 0.0) && be[1] == 0.0) {
        exb_knobs knobs;
        exb_knobs_read_rows(&knobs);
        /* Re = ar Sr + br yr or -ai Si + br yr; Im = ar Si + br yi or ai Sr + br yi */
        for (int p = 0; p < 2; p++) {
            A->part = (p == 0) == (al[1] != 0.0);
            double coef = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
            void *yp = f32 ? (void *)((float *)y + p) : (void *)((double *)y + p);
            exb_l2_mv(&A->s.op, &knobs, coef, xg, be[0], yp, 2 * incy);
        }
    } else {
        zproduct_exact(A, al, xg, be, y, incy);
        exb_path_add(EXACTBLAS_PATH_HOST);
    }
    free(xg);
}

/* Part p of N / d decided from approximations: Nr within br of hr + lr, Ni
 * within bi of hi + li, dr and di nonzero.  A candidate q (from the
 * doubles, then corrected once by its residual) is RN(P / D) when the
 * residual P - q D, P = Nr dr + Ni di (p = 0) or Ni dr - Nr di, is below D
 * times half the smaller gap next to q: the residual is a sum of exact
 * products (q dr and q di split by TwoProduct) through the filter of
 * core/filter.h, its bound with the numerator's bounds times |dr|, |di|
 * added.  1 with *out = q, else 0 (magnitudes outside the ranges where
 * nothing underflows or overflows, or too near a midpoint). */
static int cq_filter_part(int p, double hr, double lr, double br, double hi, double li, double bi,
                          double dr, double di, double *out)
{
    double ar = fabs(dr), ai = fabs(di), nr = hr + lr, ni = hi + li;
    if (!(ar >= 0x1p-300 && ar <= 0x1p300 && ai >= 0x1p-300 && ai <= 0x1p300) ||
        !(fabs(nr) <= 0x1p600 && fabs(ni) <= 0x1p600) || !isfinite(br + bi))
        return 0;
    /* P's terms: (x1 + x2) c1 + (y1 + y2) c2 */
    double x1 = p ? hi : hr, x2 = p ? li : lr, y1 = p ? -hr : hi, y2 = p ? -lr : li;
    double c1 = dr, c2 = di, dev0 = (p ? bi : br) * ar + (p ? br : bi) * ai;
    double D = dr * dr + di * di;
    double q = ((x1 + x2) * c1 + (y1 + y2) * c2) / D;
    for (int step = 0; step < 2; step++) {
        if (!(fabs(q) >= 0x1p-400 && fabs(q) <= 0x1p400))
            return 0;
        double a1 = q * dr, a2 = fma(q, dr, -a1), b1 = q * di, b2 = fma(q, di, -b1);
        double h = 0.0, lo = 0.0, ce = 0.0;
        exb_filter_add(&h, &lo, &ce, x1, c1);
        exb_filter_add(&h, &lo, &ce, x2, c1);
        exb_filter_add(&h, &lo, &ce, y1, c2);
        exb_filter_add(&h, &lo, &ce, y2, c2);
        exb_filter_add(&h, &lo, &ce, -a1, dr);
        exb_filter_add(&h, &lo, &ce, -a2, dr);
        exb_filter_add(&h, &lo, &ce, -b1, di);
        exb_filter_add(&h, &lo, &ce, -b2, di);
        double R = h + lo;
        if (step == 0) { /* the candidate corrected by its residual */
            q += R / D;
            continue;
        }
        double dev =
            fabs(R) * (1.0 + 0x1p-50) + (exb_filter_bound(8.0, ce) + dev0) * (1.0 + 0x1p-50);
        double limit = D * (1.0 - 0x1p-48) * exb_filter_half_gap(q);
        if (!(dev < limit))
            return 0;
    }
    *out = q;
    return 1;
}

/* The numerator's first terms into the filter: b's part p, or alpha b's
 * (ar br - ai bi, ar bi + ai br; a zero part of alpha is no term). */
static void add_b(const exb_filter_kernels *f, double *h, double *lo, double *ce, const double *al,
                  const double *b, int p)
{
    static const double one = 1.0;
    if (!al) {
        f->add_terms(h, lo, ce, &one, 0, &b[p], 1);
        return;
    }
    double c1 = al[0], c2 = p ? al[1] : -al[1];
    if (c1 != 0.0)
        f->add_terms(h, lo, ce, &c1, 0, &b[p], 1);
    if (c2 != 0.0)
        f->add_terms(h, lo, ce, &c2, 0, &b[1 - p], 1);
}

/* op(A) x = alpha b solved in place (alpha NULL: b itself, TRSV's
 * numerator b_i - sum; else TRSM's alpha b_i, two exact products a part).
 * Binary64 without alpha: each numerator through the host's filter (the
 * interleaved rows against -x) and the quotient decided by cq_filter_part
 * or the real filter's quotient where it can; the rest exactly. */
static void zsolve(zmat *A, const double *al, void *x, long incx)
{
    A->s.solve = 1;
    zinit(A);
    const l2_op *op = &A->s.op;
    int f32 = op->f32;
    long n = op->outputs, first = incx < 0 ? (1 - n) * incx : 0,
         ld = op->maxlen > 0 ? op->maxlen : 1;
    int forward = (op->uplo == 'L') == (op->trans == 'N');
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    const exb_filter_kernels *filter =
        f32 ? NULL
            : exb_kernels_filter(exb_host_kernels_get(knobs.host_generic), knobs.fpe, knobs.front,
                                 knobs.filter);
    /* Dense op(A) = A^T or A^H, binary64: row i is column i of A, read in
     * place against vectors that give Sr and Si (v[0], v[1] below). */
    int in_place = op->trans != 'N' && A->s.storage == L2_DENSE && !f32;
    /* Dense op(A) = A, binary64, filtered: blocked (below) */
    int blocked = filter && op->trans == 'N' && A->s.storage == L2_DENSE && !A->conj;
    int cj = A->conj;
    long n1 = n > 0 ? n : 1;
    double *nx = malloc((size_t)(5 * n1) * sizeof *nx); /* -x once solved, ... */
    double *v[2] = {nx, in_place ? nx + 2 * n1 : nx};
    double *u1 = nx + 2 * n1, *u2 = u1 + n1, *u3 = u2 + n1;            /* -xr, xi, -xi (blocked) */
    double *rows = malloc((size_t)(2 * L2_PANEL * ld) * sizeof *rows); /* Sr's, Si's rows */
    enum { BP = 32 };                                                  /* blocked: panel rows */
    double ph[2][BP], pl[2][BP], pc[2][BP]; /* a panel's off-panel sums, Re and Im */
    double H1[2 * BP], L1[2 * BP], S1[2 * BP], H2[2 * BP], L2[2 * BP], S2[2 * BP];
    if (!nx || !rows) {
        exb_note("no memory for a complex triangular solve of order %ld: x left as it was", n);
        free(nx);
        free(rows);
        return;
    }
    exb_superacc nr, ni;
    exb_superacc_clear(&nr);
    exb_superacc_clear(&ni);
    int decided_any = 0;
    long px0[L2_PANEL], plen[L2_PANEL];
    const double *ad = (const double *)op->a;
    long lda2 = 2 * op->lda;
    for (long q = 0; q < n; q++) {
        long i = forward ? q : n - 1 - q, at = 2 * (first + i * incx);
        long pnl = i / L2_PANEL, i0 = pnl * L2_PANEL, r = i - i0;
        long b0 = i / BP * BP, bcnt = n - b0 < BP ? n - b0 : BP, br = i - b0;
        if (blocked && (q == 0 || br == (forward ? 0 : bcnt - 1))) {
            /* a new panel: its rows' sums over the columns solved before it,
             * from A's interleaved real view (rows 2i: re, 2i+1: im) by the
             * rows kernel against -xr and xi: Re = (re . -xr) + (im . xi),
             * Im = -(re . xi) + (im . -xr) */
            long c0 = forward ? 0 : b0 + bcnt, c1 = forward ? b0 : n;
            for (long t = 0; t < bcnt; t++)
                for (int p = 0; p < 2; p++)
                    ph[p][t] = pl[p][t] = pc[p][t] = 0.0;
            if (c1 > c0) {
                const double *blk = ad + 2 * b0 + c0 * lda2;
                filter->rows(blk, lda2, 2 * bcnt, u1 + c0, c1 - c0, H1, L1, S1);
                filter->rows(blk, lda2, 2 * bcnt, u2 + c0, c1 - c0, H2, L2, S2);
                for (long t = 0; t < bcnt; t++) {
                    ph[0][t] = H1[2 * t], pl[0][t] = L1[2 * t], pc[0][t] = S1[2 * t];
                    exb_filter_join(&ph[0][t], &pl[0][t], &pc[0][t], H2[2 * t + 1], L2[2 * t + 1],
                                    S2[2 * t + 1]);
                    ph[1][t] = -H2[2 * t], pl[1][t] = -L2[2 * t], pc[1][t] = S2[2 * t];
                    exb_filter_join(&ph[1][t], &pl[1][t], &pc[1][t], H1[2 * t + 1], L1[2 * t + 1],
                                    S1[2 * t + 1]);
                }
            }
        }
        if (!in_place && !blocked &&
            (q == 0 || r == (forward ? 0 : (n - i0 < L2_PANEL ? n - i0 : L2_PANEL) - 1))) {
            long count = n - i0 < L2_PANEL ? n - i0 : L2_PANEL; /* a new panel of rows */
            for (int p = 0; p < 2; p++) {
                A->part = p;
                zrows(op, i0, count, rows + p * L2_PANEL * ld, ld, px0, plen, NULL);
            }
        }
        long x0, len;
        const double *row2[2];
        if (in_place) { /* the column's entries j in [j0, j1) */
            long j0, j1;
            zrange(A, i, &j0, &j1);
            x0 = 2 * j0, len = 2 * (j1 - j0);
            row2[0] = row2[1] = (const double *)op->a + 2 * (j0 + i * op->lda);
        } else if (blocked) { /* gathered only if the filter cannot decide */
            x0 = len = 0;
            row2[0] = row2[1] = NULL;
        } else {
            x0 = px0[r], len = plen[r];
            row2[0] = rows + r * ld, row2[1] = rows + (L2_PANEL + r) * ld;
        }
        double b[2] = {zget(x, f32, at), zget(x, f32, at + 1)}, dr, di, out[2];
        zentry(A, i, i, &dr, &di);
        int done = 0;
        if (filter) {
            double h[2], lo[2], bd[2];
            for (int p = 0; p < 2 && !blocked; p++) {
                double ce = 0.0;
                h[p] = lo[p] = 0.0;
                if (len > 0)
                    filter->dot(row2[p], v[p] + x0, len, &h[p], &lo[p], &ce);
                add_b(filter, &h[p], &lo[p], &ce, al, b, p);
                bd[p] = exb_filter_bound((double)len + 2.0 + 33.0, ce);
            }
            if (blocked) { /* the off-panel sums, the panel's own terms, b */
                long jlo = forward ? b0 : i + 1, jhi = forward ? i : b0 + bcnt, m = jhi - jlo;
                const double *re = ad + 2 * i + jlo * lda2, *im = re + 1;
                long cols = forward ? b0 : n - b0 - bcnt;
                for (int p = 0; p < 2; p++) {
                    double ce = pc[p][br];
                    h[p] = ph[p][br], lo[p] = pl[p][br];
                    if (m > 0) {
                        filter->add_terms(&h[p], &lo[p], &ce, re, lda2, (p ? u3 : u1) + jlo, m);
                        filter->add_terms(&h[p], &lo[p], &ce, im, lda2, (p ? u1 : u2) + jlo, m);
                    }
                    add_b(filter, &h[p], &lo[p], &ce, al, b, p);
                    bd[p] = exb_filter_bound(2.0 * (double)(cols + m) + 9.0, ce);
                }
            }
            if (di == 0.0)
                done = filter->quotient(h[0], lo[0], bd[0], dr, &out[0]) &&
                       filter->quotient(h[1], lo[1], bd[1], dr, &out[1]);
            else if (dr == 0.0) /* (Ni - i Nr) / di */
                done = filter->quotient(h[1], lo[1], bd[1], di, &out[0]) &&
                       filter->quotient(h[0], lo[0], bd[0], di, &out[1]) && (out[1] = -out[1], 1);
            else
                done = cq_filter_part(0, h[0], lo[0], bd[0], h[1], lo[1], bd[1], dr, di, &out[0]) &&
                       cq_filter_part(1, h[0], lo[0], bd[0], h[1], lo[1], bd[1], dr, di, &out[1]);
            decided_any |= done;
        }
        if (!done && blocked) { /* the row, gathered */
            for (int p = 0; p < 2; p++) {
                A->part = p;
                zrows(op, i, 1, rows + p * L2_PANEL * ld, ld, &x0, &len, NULL);
            }
            row2[0] = rows, row2[1] = rows + L2_PANEL * ld;
        }
        if (!done) {
            exb_superacc *acc[2] = {&nr, &ni};
            for (int p = 0; p < 2; p++) {
                exb_superacc *s = acc[p];
                int z; /* every term of the numerator's part -0 so far */
                exb_superacc_reset(s);
                if (al) { /* alpha b's part; a zero part of alpha is no term */
                    double c1 = al[0], c2 = p ? al[1] : -al[1];
                    z = 1;
                    if (c1 != 0.0) {
                        exb_superacc_add_product(s, c1, b[p]);
                        z = exb_product_is_negzero(c1, b[p]);
                    }
                    if (c2 != 0.0) {
                        exb_superacc_add_product(s, c2, b[1 - p]);
                        z = z && exb_product_is_negzero(c2, b[1 - p]);
                    }
                } else {
                    exb_superacc_add_double(s, b[p]);
                    z = b[p] == 0.0 && signbit(b[p]);
                }
                const double *row = row2[p];
                for (long t = 0; t < len; t++) {
                    exb_superacc_add_product(s, row[t], v[p][x0 + t]);
                    z = z && exb_product_is_negzero(row[t], v[p][x0 + t]);
                }
                if (z && exb_superacc_is_zero(s))
                    exb_superacc_set_negative_zero(s);
            }
            exb_superacc_round_cquotient(&nr, &ni, dr, di, f32, out);
        }
        nx[2 * i] = -out[0], nx[2 * i + 1] = -out[1];
        if (blocked)
            u1[i] = -out[0], u2[i] = out[1], u3[i] = -out[1];
        if (in_place) {
            /* A's column (ar, ai) against v[0] gives -Sr, against v[1] -Si:
             * A^H: (-xr, -xi), (-xi, xr); A^T: (-xr, xi), (-xi, -xr) */
            nx[2 * i + 1] = cj ? -out[1] : out[1];
            v[1][2 * i] = -out[1], v[1][2 * i + 1] = cj ? out[0] : -out[0];
        }
        zput(x, f32, at, out[0]);
        zput(x, f32, at + 1, out[1]);
    }
    free(nx);
    free(rows);
    exb_path_add(EXACTBLAS_PATH_HOST | (decided_any ? EXACTBLAS_PATH_EARLY : 0));
}

/* ---- GBMV ------------------------------------------------------------------------- */

EXB_ENTRY_VOID(exb_xgbmv_checked,
               (const char *name, int f32, char trans, long m, long n, long kl, long ku,
                const double *alpha, const void *a, long lda, const void *x, long incx,
                const double *beta, void *y, long incy),
               (name, f32, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_path_begin();
    int tn = exb_lsame(trans, 'N'), tt = exb_lsame(trans, 'T'), tc = exb_lsame(trans, 'C');
    int bad = !tn && !tt && !tc   ? 1
              : m < 0             ? 2
              : n < 0             ? 3
              : kl < 0            ? 4
              : ku < 0            ? 5
              : lda < kl + ku + 1 ? 8
              : incx == 0         ? 10
              : incy == 0         ? 13
                                  : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 ||
        (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    zmat A = {
        .s = {.op = {.f32 = f32, .a = a, .lda = lda, .trans = tn ? 'N' : 'T', .kl = kl, .ku = ku},
              .storage = L2_BAND,
              .kind = L2_GENERAL,
              .m = m,
              .n = n},
        .conj = tc};
    zproduct(&A, alpha, x, incx, beta, y, incy);
}

/* ---- HBMV, HPMV -------------------------------------------------------------------- */

EXB_ENTRY_VOID(exb_xhbmv_checked,
               (const char *name, int f32, int packed, char uplo, long n, long k,
                const double *alpha, const void *a, long lda, const void *x, long incx,
                const double *beta, void *y, long incy),
               (name, f32, packed, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U');
    int bad = !up && !exb_lsame(uplo, 'L') ? 1
              : n < 0                      ? 2
              : !packed && k < 0           ? 3
              : !packed && lda < k + 1     ? 6
              : incx == 0                  ? (packed ? 6 : 8)
              : incy == 0                  ? (packed ? 9 : 11)
                                           : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    zmat A = {
        .s = {.op = {.f32 = f32, .a = a, .lda = lda, .uplo = up ? 'U' : 'L', .trans = 'N', .ku = k},
              .storage = packed ? L2_PACKED : L2_BAND,
              .kind = L2_SYMMETRIC,
              .m = n,
              .n = n}};
    zproduct(&A, alpha, x, incx, beta, y, incy);
}

/* ---- TRMV, TBMV, TPMV and the solves ---------------------------------------------- */

EXB_ENTRY_VOID(exb_xtrmv_checked,
               (const char *name, int f32, int solve, int storage, char uplo, char trans, char diag,
                long n, long k, const void *a, long lda, void *x, long incx),
               (name, f32, solve, storage, uplo, trans, diag, n, k, a, lda, x, incx))
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U'), unit = exb_lsame(diag, 'U');
    int tn = exb_lsame(trans, 'N'), tc = exb_lsame(trans, 'C');
    int bad = exb_l2_triangular_check((l2_storage)storage, uplo, trans, diag, n, k, lda, incx);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0)
        return;
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = upper ? 'U' : 'L',
                           .trans = tn ? 'N' : 'T',
                           .diag = unit ? 'U' : 'N',
                           .ku = k},
                    .storage = (l2_storage)storage,
                    .kind = L2_TRIANGULAR,
                    .m = n,
                    .n = n},
              .conj = tc};
    if (solve) {
        zsolve(&A, NULL, x, incx);
        exb_path_add(EXACTBLAS_PATH_HOST);
    } else {
        static const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
        zproduct(&A, one, x, incx, zero, x, incx);
    }
}

/* ---- TRMM, TRSM: a column (side L) or a row (side R) at a time --------------------- */

EXB_ENTRY_VOID(exb_xtrmm_checked,
               (const char *name, int f32, int solve, char side, char uplo, char transa, char diag,
                long m, long n, const double *alpha, const void *a, long lda, void *b, long ldb),
               (name, f32, solve, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    exb_path_begin();
    int bad = exb_trsm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    if (alpha[0] == 0.0 && alpha[1] == 0.0) { /* B := 0, as the reference */
        for (long j = 0; j < n; j++)
            memset((char *)b + (size_t)(2 * j * ldb) * w, 0, (size_t)(2 * m) * w);
        return;
    }
    int left = exb_lsame(side, 'L'), tn = exb_lsame(transa, 'N'), tc = exb_lsame(transa, 'C');
    long na = left ? m : n;
    /* side L: each column b_j := alpha op(A) b_j (or the solve);
     * side R: each row as a column, b_i^T := alpha op(A)^T b_i^T, with
     * op(A)^T = A^T (N), A (T), conj(A) (C) */
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                           .trans = left == tn ? 'N' : 'T',
                           .diag = exb_lsame(diag, 'U') ? 'U' : 'N'},
                    .storage = L2_DENSE,
                    .kind = L2_TRIANGULAR,
                    .m = na,
                    .n = na},
              .conj = tc};
    static const double zero[2] = {0.0, 0.0};
    long count = left ? n : m, step = left ? 2 * ldb : 2, inc = left ? 1 : ldb;
    for (long v = 0; v < count; v++) {
        void *bv = (char *)b + (size_t)(v * step) * w;
        zmat Av = A;
        if (solve)
            zsolve(&Av, alpha, bv, inc);
        else
            zproduct(&Av, alpha, bv, inc, zero, bv, inc);
    }
    exb_path_add(EXACTBLAS_PATH_HOST);
}

/* ---- the dense GEMV and HEMV on the Level 2 engine -------------------------------- */

/* ZGEMV N through the host's filter, reading A in place: the rows kernel on
 * A's interleaved real view (rows 2i re, 2i+1 im) against xr and xi gives
 * every row's re.xr, im.xr, re.xi and im.xi; Sr = re.xr - im.xi and Si =
 * re.xi + im.xr are joined from them and decided with alpha and beta by the
 * kernel table's decide, a chunk of rows at a time; an output it cannot
 * decide is summed exactly (zproduct_exact on its row, from y's old
 * value).  0 when the filter cannot run here (then nothing is written). */
typedef struct gemv_n_task {
    const exb_filter_kernels *f;
    long m, n, lda, incy;
    const double *al, *a, *xg, *u;
    double br, coef[2], beta2[2];
    int use_si[2], decided; /* set (atomically) by any share */
    double *y;
} gemv_n_task;

enum { GEMV_CH = 32 }; /* rows a chunk: both kernel passes from the cache */

static void gemv_n_share(void *arg, int share, int parts)
{
    gemv_n_task *t = arg;
    const exb_filter_kernels *f = t->f;
    long m = t->m, n = t->n, chunks = (m + GEMV_CH - 1) / GEMV_CH;
    long k0 = chunks * share / parts, k1 = chunks * (share + 1) / parts;
    double H1[2 * GEMV_CH], L1[2 * GEMV_CH], S1[2 * GEMV_CH], H2[2 * GEMV_CH], L2[2 * GEMV_CH],
        S2[2 * GEMV_CH];
    double sh[2][GEMV_CH], sl[2][GEMV_CH], sc[2][GEMV_CH], yold[2][GEMV_CH], ynew[2][GEMV_CH];
    long undecided[GEMV_CH];
    for (long k = k0; k < k1; k++) {
        long c0 = k * GEMV_CH, cnt = m - c0 < GEMV_CH ? m - c0 : GEMV_CH;
        f->rows(t->a + 2 * c0, 2 * t->lda, 2 * cnt, t->u, n, H1, L1, S1);
        f->rows(t->a + 2 * c0, 2 * t->lda, 2 * cnt, t->u + n, n, H2, L2, S2);
        for (long r = 0; r < cnt; r++) {
            /* Sr = re.xr + (-(im.xi)), Si = re.xi + im.xr */
            sh[0][r] = H1[2 * r], sl[0][r] = L1[2 * r], sc[0][r] = S1[2 * r];
            exb_filter_join(&sh[0][r], &sl[0][r], &sc[0][r], -H2[2 * r + 1], -L2[2 * r + 1],
                            S2[2 * r + 1]);
            sh[1][r] = H2[2 * r], sl[1][r] = L2[2 * r], sc[1][r] = S2[2 * r];
            exb_filter_join(&sh[1][r], &sl[1][r], &sc[1][r], H1[2 * r + 1], L1[2 * r + 1],
                            S1[2 * r + 1]);
            long at = 2 * (t->incy < 0 ? (m - 1 - c0 - r) * -t->incy : (c0 + r) * t->incy);
            for (int p = 0; p < 2; p++)
                yold[p][r] = ynew[p][r] = t->br != 0.0 ? t->y[at + p] : 0.0;
        }
        int exact[GEMV_CH] = {0};
        for (int p = 0; p < 2; p++) {
            int q = t->use_si[p];
            long left = f->decide(cnt, sh[q], sl[q], sc[q], 2.0 * (double)n + 2.0, t->coef[p],
                                  t->br != 0.0 ? &t->beta2[p] : NULL, ynew[p], 1, undecided);
            if (left < cnt)
                __atomic_store_n(&t->decided, 1, __ATOMIC_RELAXED);
            for (long j = 0; j < left; j++)
                exact[undecided[j]] = 1;
        }
        for (long r = 0; r < cnt; r++) {
            long at = 2 * (t->incy < 0 ? (m - 1 - c0 - r) * -t->incy : (c0 + r) * t->incy);
            if (exact[r]) { /* row c0 + r alone, from y's old value */
                double yv[2] = {yold[0][r], yold[1][r]}, be[2] = {t->br, 0.0};
                zmat R = {.s = {.op = {.a = t->a + 2 * (c0 + r), .lda = t->lda, .trans = 'N'},
                                .storage = L2_DENSE,
                                .kind = L2_GENERAL,
                                .m = 1,
                                .n = n}};
                zinit(&R);
                zproduct_exact(&R, t->al, t->xg, be, yv, 1);
                ynew[0][r] = yv[0], ynew[1][r] = yv[1];
            }
            t->y[at] = ynew[0][r], t->y[at + 1] = ynew[1][r];
        }
    }
}

/* ZGEMV N through the host's filter, reading A in place: the rows kernel on
 * A's interleaved real view (rows 2i re, 2i+1 im) against xr and xi gives
 * every row's re.xr, im.xr, re.xi and im.xi; Sr = re.xr - im.xi and Si =
 * re.xi + im.xr are joined from them and decided with alpha and beta by the
 * kernel table's decide, chunks of rows shared among the threads; an output
 * it cannot decide is summed exactly (zproduct_exact on its row, from y's
 * old value).  0 when the filter cannot run here (nothing written). */
static int gemv_n_filtered(long m, long n, const double *al, const double *a, long lda,
                           const double *x, long incx, double br, double *y, long incy)
{
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    gemv_n_task t = {.f = exb_kernels_filter(exb_host_kernels_get(knobs.host_generic), knobs.fpe,
                                             knobs.front, knobs.filter),
                     .m = m,
                     .n = n,
                     .lda = lda,
                     .incy = incy,
                     .al = al,
                     .a = a,
                     .br = br,
                     .y = y};
    for (int p = 0; p < 2; p++) {
        t.use_si[p] = (p == 0) == (al[1] != 0.0);
        t.coef[p] = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
        t.beta2[p] = exb_filter_beta(t.coef[p], br);
        if (!t.f || !exb_filter_alpha_ok(t.coef[p]) || isnan(t.beta2[p]))
            return 0;
    }
    double *xg = zgather(x, 0, n, incx), *u = malloc((size_t)(2 * (n > 0 ? n : 1)) * sizeof *u);
    if (!xg || !u) {
        free(xg);
        free(u);
        return 0;
    }
    for (long j = 0; j < n; j++)
        u[j] = xg[2 * j], u[n + j] = xg[2 * j + 1];
    t.xg = xg, t.u = u;
    long chunks = (m + GEMV_CH - 1) / GEMV_CH, threads = knobs.threads;
    long useful = 4 * m * n / exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread;
    threads = threads < useful ? threads : useful;
    threads = threads < chunks ? threads : chunks;
    if (threads <= 1)
        gemv_n_share(&t, 0, 1);
    else
        exb_parallel((int)threads, gemv_n_share, &t);
    free(xg);
    free(u);
    exb_path_add(EXACTBLAS_PATH_HOST | (t.decided ? EXACTBLAS_PATH_EARLY : 0));
    return 1;
}

/* ZGEMV with alpha real or imaginary and beta real: each part one real
 * EXDGEMV of the same terms.  T and C: row i of op(A) is column i of A, 2m
 * doubles (re, im, ...) in place; Sr and Si are its dot products with
 * (xr, -xi, ...) and (xi, xr, ...) (T) or (xr, xi, ...) and (xi, -xr, ...)
 * (C).  N: blocks of rows copied as [Ar Ai] (m_b x 2n), Sr = [Ar Ai] [xr;
 * -xi], Si = [Ar Ai] [xi; xr].  0 when out of memory (nothing written). */
static int gemv_real_parts(char trans, long m, long n, const double *al, const double *a, long lda,
                           const double *x, long incx, double br, double *y, long incy)
{
    int tn = exb_lsame(trans, 'N'), cj = exb_lsame(trans, 'C');
    long lenx = tn ? n : m, leny = tn ? m : n, x0 = incx < 0 ? (lenx - 1) * -incx : 0;
    double *v = malloc((size_t)(4 * lenx) * sizeof *v); /* the Sr and Si vectors */
    if (!v)
        return 0;
    for (long j = 0; j < lenx; j++) {
        double xr = x[2 * (x0 + j * incx)], xi = x[2 * (x0 + j * incx) + 1];
        if (tn) { /* [xr; -xi] and [xi; xr] */
            v[j] = xr, v[lenx + j] = -xi;
            v[2 * lenx + j] = xi, v[3 * lenx + j] = xr;
        } else {
            v[2 * j] = xr, v[2 * j + 1] = cj ? xi : -xi;
            v[2 * lenx + 2 * j] = xi, v[2 * lenx + 2 * j + 1] = cj ? -xr : xr;
        }
    }
    enum { MB = 128 };
    double *w = tn ? malloc((size_t)(MB * 2 * n) * sizeof *w) : NULL;
    if (tn && !w) {
        free(v);
        return 0;
    }
    /* Re = ar Sr + br yr or -ai Si + br yr; Im = ar Si + br yi or ai Sr + br yi */
    double coef[2];
    const double *vec[2];
    for (int p = 0; p < 2; p++) {
        int use_si = (p == 0) == (al[1] != 0.0);
        coef[p] = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
        vec[p] = v + (use_si ? 2 * lenx : 0);
    }
    if (!tn) {
        for (int p = 0; p < 2; p++)
            exb_dgemv_checked("ZGEMV ", 'T', 2 * m, n, coef[p], a, 2 * lda, vec[p], 1, br, y + p,
                              2 * incy);
    }
    for (long i0 = 0; tn && i0 < m; i0 += MB) {
        long mb = m - i0 < MB ? m - i0 : MB;
        for (long j = 0; j < n; j++)
            for (long r = 0; r < mb; r++) {
                w[r + j * mb] = a[2 * (i0 + r + j * lda)];
                w[r + (n + j) * mb] = a[2 * (i0 + r + j * lda) + 1];
            }
        /* y's logical elements i0 .. i0+mb-1, from their first in storage */
        long first = incy < 0 ? (leny - i0 - mb) * -incy : i0 * incy;
        for (int p = 0; p < 2; p++)
            exb_dgemv_checked("ZGEMV ", 'N', mb, 2 * n, coef[p], w, mb, vec[p], 1, br,
                              y + 2 * first + p, 2 * incy);
    }
    free(v);
    free(w);
    return 1;
}

void exb_xgemv_dense(int f32, int herm, char uplo, char trans, long m, long n, const double *alpha,
                     const void *a, long lda, const void *x, long incx, const double *beta, void *y,
                     long incy)
{
    if (!f32 && !herm && (alpha[0] != 0.0) != (alpha[1] != 0.0) && beta[1] == 0.0) {
        int done = exb_lsame(trans, 'N') &&
                   gemv_n_filtered(m, n, alpha, a, lda, x, incx, beta[0], y, incy);
        if (done || gemv_real_parts(trans, m, n, alpha, a, lda, x, incx, beta[0], y, incy))
            return;
    }
    int tn = exb_lsame(trans, 'N');
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                           .trans = herm || tn ? 'N' : 'T'},
                    .storage = L2_DENSE,
                    .kind = herm ? L2_SYMMETRIC : L2_GENERAL,
                    .m = m,
                    .n = n},
              .conj = !herm && exb_lsame(trans, 'C')};
    zproduct(&A, alpha, x, incx, beta, y, incy);
}

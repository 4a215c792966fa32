/*
 * zsolve.c -- the complex triangular solves of zl2.c's routines (ZTRSV,
 * ZTBSV, ZTPSV, ZTRSM and their C twins; zlevel2.h has the rules).
 *
 * x_i := N_i / op(A)_ii, N_i = b_i - sum_{j solved before} op(A)_ij x_j
 * (alpha b_i for TRSM), each part of the complex quotient rounded once.
 * Binary64: the numerators through the host's filter (dense N blocked, the
 * rows kernel over the solved columns 32 rows a panel; dense T and C on A's
 * columns in place; others on gathered rows) and the quotient decided by a
 * residual test where it can (cq_filter_part); otherwise, and always in
 * binary32, the numerator exact in two long accumulators and the quotient
 * by exb_superacc_round_cquotient (exact comparisons with the candidates'
 * midpoints, never an inexact quotient).
 */
#include "zlevel2.h"
#include "zmat.h"

#include <math.h>
#include <stdlib.h>

#include "core/filter.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "host/kernels.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/path.h"

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

/* ---- the solve, step by step ------------------------------------------------------ */

enum { BP = 32 }; /* the blocked form's panel rows */

/* What one solve keeps between rows. */
typedef struct zsolve_state {
    zmat *A;
    const l2_op *op;
    const exb_filter_kernels *filter; /* NULL: every numerator exact */
    int f32, forward, cj;
    int in_place; /* dense op(A) = A^T or A^H, binary64: row i is column i of A, in place */
    int blocked;  /* dense op(A) = A, binary64, filtered: panels of BP rows */
    long n, first, ld, lda2;
    const double *ad;     /* A as doubles (the blocked and in-place forms) */
    double *nx;           /* -x once solved (interleaved) */
    double *v[2];         /* the vectors Sr's and Si's rows meet: nx, or (in place) its twin */
    double *u1, *u2, *u3; /* blocked: -xr, xi, -xi */
    double *rows;         /* a panel's gathered rows: Sr's, then Si's */
    long px0[L2_PANEL], plen[L2_PANEL];
    double ph[2][BP], pl[2][BP], pc[2][BP]; /* a panel's off-panel sums, Re and Im */
    exb_superacc nr, ni;
    int decided_any;
} zsolve_state;

/* The forms and the work buffers; 0, or -1 without memory. */
static int solve_begin(zsolve_state *s, zmat *A)
{
    A->s.solve = 1;
    exb_zmat_init(A);
    const l2_op *op = &A->s.op;
    s->A = A;
    s->op = op;
    s->f32 = op->f32;
    s->n = op->outputs;
    s->ld = op->maxlen > 0 ? op->maxlen : 1;
    s->forward = (op->uplo == 'L') == (op->trans == 'N');
    s->cj = A->conj;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    s->filter = s->f32 ? NULL
                       : exb_kernels_filter(exb_host_kernels_get(knobs.host_generic), knobs.fpe,
                                            knobs.front, knobs.filter);
    s->in_place = op->trans != 'N' && A->s.storage == L2_DENSE && !s->f32;
    s->blocked = s->filter && op->trans == 'N' && A->s.storage == L2_DENSE && !A->conj;
    s->ad = (const double *)op->a;
    s->lda2 = 2 * op->lda;
    long n1 = s->n > 0 ? s->n : 1;
    s->nx = malloc((size_t)(5 * n1) * sizeof *s->nx);
    s->rows = malloc((size_t)(2 * L2_PANEL * s->ld) * sizeof *s->rows);
    if (!s->nx || !s->rows) {
        free(s->nx);
        free(s->rows);
        return -1;
    }
    s->v[0] = s->nx;
    s->v[1] = s->in_place ? s->nx + 2 * n1 : s->nx;
    s->u1 = s->nx + 2 * n1, s->u2 = s->u1 + n1, s->u3 = s->u2 + n1;
    exb_superacc_clear(&s->nr);
    exb_superacc_clear(&s->ni);
    s->decided_any = 0;
    return 0;
}

/* Blocked form, a new panel of bcnt rows from b0: each row's sums over the
 * columns solved before the panel, from A's interleaved real view (rows
 * 2i: re, 2i+1: im) by the rows kernel against -xr and xi: Re = (re . -xr)
 * + (im . xi), Im = -(re . xi) + (im . -xr). */
static void panel_sums(zsolve_state *s, long b0, long bcnt)
{
    double H1[2 * BP], L1[2 * BP], S1[2 * BP], H2[2 * BP], L2[2 * BP], S2[2 * BP];
    long c0 = s->forward ? 0 : b0 + bcnt, c1 = s->forward ? b0 : s->n;
    for (long t = 0; t < bcnt; t++)
        for (int p = 0; p < 2; p++)
            s->ph[p][t] = s->pl[p][t] = s->pc[p][t] = 0.0;
    if (c1 <= c0)
        return;
    const double *blk = s->ad + 2 * b0 + c0 * s->lda2;
    s->filter->rows(blk, s->lda2, 2 * bcnt, s->u1 + c0, c1 - c0, H1, L1, S1);
    s->filter->rows(blk, s->lda2, 2 * bcnt, s->u2 + c0, c1 - c0, H2, L2, S2);
    for (long t = 0; t < bcnt; t++) {
        s->ph[0][t] = H1[2 * t], s->pl[0][t] = L1[2 * t], s->pc[0][t] = S1[2 * t];
        exb_filter_join(&s->ph[0][t], &s->pl[0][t], &s->pc[0][t], H2[2 * t + 1], L2[2 * t + 1],
                        S2[2 * t + 1]);
        s->ph[1][t] = -H2[2 * t], s->pl[1][t] = -L2[2 * t], s->pc[1][t] = S2[2 * t];
        exb_filter_join(&s->ph[1][t], &s->pl[1][t], &s->pc[1][t], H1[2 * t + 1], L1[2 * t + 1],
                        S1[2 * t + 1]);
    }
}

/* Gathered form, a new panel of rows from i0: Sr's and Si's rows. */
static void gather_panel(zsolve_state *s, long i0)
{
    long count = s->n - i0 < L2_PANEL ? s->n - i0 : L2_PANEL;
    for (int p = 0; p < 2; p++) {
        s->A->part = p;
        exb_zmat_rows(s->op, i0, count, s->rows + p * L2_PANEL * s->ld, s->ld, s->px0, s->plen,
                      NULL);
    }
}

/* Row i's solved terms as Sr's and Si's rows (row2) against v[p][x0 ..
 * x0 + len); the blocked form gathers them only when the filter cannot
 * decide (len 0 here, row_gathered below). */
static void row_of(zsolve_state *s, long i, long r, long *x0, long *len, const double *row2[2])
{
    if (s->in_place) { /* the column's entries j in [j0, j1) */
        long j0, j1;
        exb_zmat_range(s->A, i, &j0, &j1);
        *x0 = 2 * j0, *len = 2 * (j1 - j0);
        row2[0] = row2[1] = (const double *)s->op->a + 2 * (j0 + i * s->op->lda);
    } else if (s->blocked) {
        *x0 = *len = 0;
        row2[0] = row2[1] = NULL;
    } else {
        *x0 = s->px0[r], *len = s->plen[r];
        row2[0] = s->rows + r * s->ld, row2[1] = s->rows + (L2_PANEL + r) * s->ld;
    }
}

/* The blocked form's row i, gathered after all. */
static void row_gathered(zsolve_state *s, long i, long *x0, long *len, const double *row2[2])
{
    for (int p = 0; p < 2; p++) {
        s->A->part = p;
        exb_zmat_rows(s->op, i, 1, s->rows + p * L2_PANEL * s->ld, s->ld, x0, len, NULL);
    }
    row2[0] = s->rows, row2[1] = s->rows + L2_PANEL * s->ld;
}

/* x_i through the filter: the numerator's parts approximated with their
 * bounds (h + lo within bd), then the quotient by d = (dr, di) decided
 * where the bounds allow; 1 with out[] the rounded parts, else 0. */
static int filter_quotient(zsolve_state *s, long i, long b0, long bcnt, const double *al,
                           const double b[2], long x0, long len, const double *row2[2], double dr,
                           double di, double out[2])
{
    const exb_filter_kernels *f = s->filter;
    double h[2], lo[2], bd[2];
    if (!s->blocked) {
        for (int p = 0; p < 2; p++) {
            double ce = 0.0;
            h[p] = lo[p] = 0.0;
            if (len > 0)
                f->dot(row2[p], s->v[p] + x0, len, &h[p], &lo[p], &ce);
            add_b(f, &h[p], &lo[p], &ce, al, b, p);
            bd[p] = exb_filter_bound((double)len + 2.0 + 33.0, ce);
        }
    } else { /* the off-panel sums, the panel's own terms, b */
        long br = i - b0;
        long jlo = s->forward ? b0 : i + 1, jhi = s->forward ? i : b0 + bcnt, m = jhi - jlo;
        const double *re = s->ad + 2 * i + jlo * s->lda2, *im = re + 1;
        long cols = s->forward ? b0 : s->n - b0 - bcnt;
        for (int p = 0; p < 2; p++) {
            double ce = s->pc[p][br];
            h[p] = s->ph[p][br], lo[p] = s->pl[p][br];
            if (m > 0) {
                f->add_terms(&h[p], &lo[p], &ce, re, s->lda2, (p ? s->u3 : s->u1) + jlo, m);
                f->add_terms(&h[p], &lo[p], &ce, im, s->lda2, (p ? s->u1 : s->u2) + jlo, m);
            }
            add_b(f, &h[p], &lo[p], &ce, al, b, p);
            bd[p] = exb_filter_bound(2.0 * (double)(cols + m) + 9.0, ce);
        }
    }
    if (di == 0.0)
        return f->quotient(h[0], lo[0], bd[0], dr, &out[0]) &&
               f->quotient(h[1], lo[1], bd[1], dr, &out[1]);
    if (dr == 0.0) /* (Ni - i Nr) / di */
        return f->quotient(h[1], lo[1], bd[1], di, &out[0]) &&
               f->quotient(h[0], lo[0], bd[0], di, &out[1]) && (out[1] = -out[1], 1);
    return cq_filter_part(0, h[0], lo[0], bd[0], h[1], lo[1], bd[1], dr, di, &out[0]) &&
           cq_filter_part(1, h[0], lo[0], bd[0], h[1], lo[1], bd[1], dr, di, &out[1]);
}

/* x_i exactly: each part of the numerator (alpha b or b, minus the solved
 * terms) in a long accumulator, its zero's sign by the contract's rule, the
 * complex quotient rounded once by exact comparisons. */
static void exact_quotient(zsolve_state *s, const double *al, const double b[2], long x0, long len,
                           const double *row2[2], double dr, double di, double out[2])
{
    exb_superacc *acc[2] = {&s->nr, &s->ni};
    for (int p = 0; p < 2; p++) {
        exb_superacc *a = acc[p];
        int z; /* every term of the numerator's part -0 so far */
        exb_superacc_reset(a);
        if (al) { /* alpha b's part; a zero part of alpha is no term */
            double c1 = al[0], c2 = p ? al[1] : -al[1];
            z = 1;
            if (c1 != 0.0) {
                exb_superacc_add_product(a, c1, b[p]);
                z = exb_product_is_negzero(c1, b[p]);
            }
            if (c2 != 0.0) {
                exb_superacc_add_product(a, c2, b[1 - p]);
                z = z && exb_product_is_negzero(c2, b[1 - p]);
            }
        } else {
            exb_superacc_add_double(a, b[p]);
            z = exb_is_zero_bits(b[p]) && signbit(b[p]);
        }
        const double *row = row2[p];
        for (long t = 0; t < len; t++) {
            exb_superacc_add_product(a, row[t], s->v[p][x0 + t]);
            z = z && exb_product_is_negzero(row[t], s->v[p][x0 + t]);
        }
        if (z && exb_superacc_is_zero(a))
            exb_superacc_set_negative_zero(a);
    }
    exb_superacc_round_cquotient(&s->nr, &s->ni, dr, di, s->f32, out);
}

/* x_i = out: into the vectors the later rows meet, and into x. */
static void record(zsolve_state *s, long i, const double out[2], void *x, long at)
{
    s->nx[2 * i] = -out[0], s->nx[2 * i + 1] = -out[1];
    if (s->blocked)
        s->u1[i] = -out[0], s->u2[i] = out[1], s->u3[i] = -out[1];
    if (s->in_place) {
        /* A's column (ar, ai) against v[0] gives -Sr, against v[1] -Si:
         * A^H: (-xr, -xi), (-xi, xr); A^T: (-xr, xi), (-xi, -xr) */
        s->nx[2 * i + 1] = s->cj ? -out[1] : out[1];
        s->v[1][2 * i] = -out[1], s->v[1][2 * i + 1] = s->cj ? out[0] : -out[0];
    }
    zput(x, s->f32, at, out[0]);
    zput(x, s->f32, at + 1, out[1]);
}

/* op(A) x = alpha b solved in place (alpha NULL: b itself, TRSV's
 * numerator b_i - sum; else TRSM's alpha b_i, two exact products a part),
 * in the order of op(A): for each row, a new panel's sums or rows when one
 * starts, the row's solved terms, the quotient through the filter where it
 * decides (binary64), else exactly; then x_i recorded. */
void exb_zmat_solve(zmat *A, const double *al, void *x, long incx)
{
    zsolve_state s;
    if (solve_begin(&s, A) != 0) {
        exb_note("no memory for a complex triangular solve of order %ld: x left as it was",
                 A->s.op.outputs);
        return;
    }
    long n = s.n, first = incx < 0 ? (1 - n) * incx : 0;
    for (long q = 0; q < n; q++) {
        long i = s.forward ? q : n - 1 - q, at = 2 * (first + i * incx);
        long i0 = i / L2_PANEL * L2_PANEL, r = i - i0;
        long b0 = i / BP * BP, bcnt = n - b0 < BP ? n - b0 : BP;
        long panel_end = n - i0 < L2_PANEL ? n - i0 : L2_PANEL;
        if (s.blocked && (q == 0 || i - b0 == (s.forward ? 0 : bcnt - 1)))
            panel_sums(&s, b0, bcnt);
        if (!s.in_place && !s.blocked && (q == 0 || r == (s.forward ? 0 : panel_end - 1)))
            gather_panel(&s, i0);
        long x0, len;
        const double *row2[2];
        row_of(&s, i, r, &x0, &len, row2);
        double b[2] = {zget(x, s.f32, at), zget(x, s.f32, at + 1)}, dr, di, out[2];
        exb_zmat_entry(A, i, i, &dr, &di);
        int done = s.filter && filter_quotient(&s, i, b0, bcnt, al, b, x0, len, row2, dr, di, out);
        s.decided_any |= done;
        if (!done) {
            if (s.blocked)
                row_gathered(&s, i, &x0, &len, row2);
            exact_quotient(&s, al, b, x0, len, row2, dr, di, out);
        }
        record(&s, i, out, x, at);
    }
    free(s.nx);
    free(s.rows);
    exb_path_add(EXACTBLAS_PATH_HOST | (s.decided_any ? EXACTBLAS_PATH_EARLY : 0));
}

/*
 * pxtrsm.c -- PxTRSM and PxTRMM (x = S, D, C, Z), sub(A) triangular, with
 * the bits of the sequential exact xTRSM / xTRMM on the assembled matrices,
 * on every grid:
 *
 *   SUBROUTINE PxTRSM(SIDE, UPLO, TRANSA, DIAG, M, N, ALPHA, A, IA, JA,
 *                     DESCA, B, IB, JB, DESCB)
 *   op(sub(A))*X = alpha*sub(B) (SIDE 'L') or X*op(sub(A)) = alpha*sub(B)
 *   ('R'), X overwriting sub(B);
 *   SUBROUTINE PxTRMM(the same arguments)
 *   sub(B) := alpha*op(sub(A))*sub(B) ('L') or alpha*sub(B)*op(sub(A)).
 *
 * TRSM: every element of X is the exact xTRSM's (doc/CONTRACT.md): the
 * substitution in op(A)'s natural order, each x_i := RN((alpha*b_i - sum
 * of the solved terms) / a_ii) with the numerator exact (a complex
 * quotient rounded once per part).  TRMM: every element RN(alpha*S), S the
 * exact sum over the triangle (a unit diagonal's term b_ij itself).
 * Columns (SIDE 'L') or rows ('R') of sub(B) are independent: each is
 * computed whole by one process, which gets the triangle of sub(A) and the
 * whole column or row, calls the exact core and sends the result home.  A
 * column held by one process row is computed there (PxGETRF's and
 * PxPOTRF's panels: only the small triangle moves); others are dealt round
 * the process rows that hold parts of them.  The triangle goes to every
 * computing process: its M^2 (N^2) elements, where PBLAS moves O(M x N)
 * pieces of the solution.  Quick return (PBLAS): M = 0 or N = 0; alpha =
 * 0: sub(B) := 0 (A not read).  Errors: PXERBLA('PxTRSM', position) on
 * every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "level3/level3.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

int pb_tri_lines(const pb_grid *g, const pb_tri *p)
{
    int np = g->np, err = MPI_ERR_NO_MEM, left = p->side == 'L';
    long tri = left ? p->m : p->n;    /* the triangle's order */
    long nlines = left ? p->n : p->m; /* independent columns or rows */
    /* a line lies along B's rows (L: a column) or columns (R: a row) */
    const pb_dim *line_dim = left ? &p->b.c : &p->b.r, *across = left ? &p->b.r : &p->b.c;
    long line0 = left ? p->b.j0 : p->b.i0, across0 = left ? p->b.i0 : p->b.j0;
    int nline_coord = left ? g->npcol : g->nprow, nacross = left ? g->nprow : g->npcol;
    pb_lists ll = {0}, all = {0};
    long **mine = calloc((size_t)np, sizeof *mine), *count = calloc((size_t)np, sizeof *count);
    int *acoords = malloc((size_t)nacross * sizeof *acoords);
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *abuf = NULL, *bbuf = NULL;
    size_t es = (size_t)p->t->es;
    if (!mine || !count || !acoords || !rows || !cols ||
        pb_lists_make(&ll, line_dim, line0, nlines) || pb_lists_make(&all, &p->a.r, 0, tri))
        goto done;
    /* the coordinates across the lines that hold part of them */
    int na = 0;
    for (int c = 0; c < nacross; c++)
        if (pb_dim_count(across, across0, tri, c) > 0)
            acoords[na++] = c;
    /* deal the lines: those of line coordinate c, the t-th to acoords[t % na] */
    for (int q = 0; q < np; q++) {
        mine[q] = malloc((size_t)(nlines > 0 ? nlines : 1) * sizeof **mine);
        if (!mine[q])
            goto done;
    }
    for (int c = 0; c < nline_coord; c++)
        for (long t = 0; t < ll.count[c]; t++) {
            int ac = acoords[t % na];
            int q = left ? ac * g->npcol + c : c * g->npcol + ac;
            mine[q][count[q]++] = ll.held[c][t];
        }
    long k = count[g->me];
    abuf = malloc((size_t)(k > 0 ? tri * tri : 1) * es);
    bbuf = malloc((size_t)(k > 0 ? tri * k : 1) * es);
    if (!abuf || !bbuf)
        goto done;
    for (int q = 0; q < np; q++) {
        pb_list every = {all.all, count[q] > 0 ? tri : 0};
        rows[q] = every;
        cols[q] = every;
    }
    err = pb_gather(g, &p->a, rows, cols, abuf, tri > 0 ? tri : 1);
    if (err)
        goto done;
    for (int q = 0; q < np; q++) {
        pb_list every = {all.all, count[q] > 0 ? tri : 0}, lines = {mine[q], count[q]};
        rows[q] = left ? every : lines;
        cols[q] = left ? lines : every;
    }
    long ldb = left ? tri : k;
    err = pb_gather(g, &p->b, rows, cols, bbuf, ldb > 0 ? ldb : 1);
    if (err)
        goto done;
    if (k > 0 && p->row_vector) /* the row's tri elements are contiguous: a column */
        pb_local_trxm(p->t, p->name, !p->mult, 'L', p->uplo, p->transa, p->diag, tri, 1, p->alpha,
                      abuf, tri, bbuf, tri > 0 ? tri : 1);
    else if (k > 0)
        pb_local_trxm(p->t, p->name, !p->mult, p->side, p->uplo, p->transa, p->diag, left ? tri : k,
                      left ? k : tri, p->alpha, abuf, tri, bbuf, ldb);
    err = pb_scatter(g, &p->b, rows, cols, bbuf, ldb > 0 ? ldb : 1);
done:
    pb_lists_free(&ll);
    pb_lists_free(&all);
    for (int q = 0; mine && q < np; q++)
        free(mine[q]);
    free(mine);
    free(count);
    free(acoords);
    free(rows);
    free(cols);
    free(abuf);
    free(bbuf);
    return err;
}

static void trxm_call(const pb_type *t, const char *name, int mult, const char *side,
                      const char *uplo, const char *transa, const char *diag, const int *m,
                      const int *n, const void *alpha, const void *a, const int *ia, const int *ja,
                      const int *desca, void *b, const int *ib, const int *jb, const int *descb)
{
    int da[PB_DLEN], db[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_grid g;
    if (pb_enter(&g, da, name, 11))
        return;
    int left = exb_lsame(*side, 'L'), upper = exb_lsame(*uplo, 'U');
    int nota = exb_lsame(*transa, 'N'), conj = exb_lsame(*transa, 'C');
    int unit = exb_lsame(*diag, 'U');
    int info = 0;
    if (!left && !exb_lsame(*side, 'R'))
        info = -1;
    else if (!upper && !exb_lsame(*uplo, 'L'))
        info = -2;
    else if (!nota && !exb_lsame(*transa, 'T') && !conj)
        info = -3;
    else if (!unit && !exb_lsame(*diag, 'N'))
        info = -4;
    if (left)
        pb_chkmat(&g, *m, 5, *m, 5, *ia - 1, *ja - 1, da, 11, &info);
    else
        pb_chkmat(&g, *n, 6, *n, 6, *ia - 1, *ja - 1, da, 11, &info);
    pb_chkmat(&g, *m, 5, *n, 6, *ib - 1, *jb - 1, db, 15, &info);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0, tri = left ? mm : nn;
    pb_tri p = {.t = t,
                .name = name,
                .mult = mult,
                .side = left ? 'L' : 'R',
                .uplo = upper ? 'U' : 'L',
                .transa = nota              ? 'N'
                          : conj && t->cplx ? 'C'
                                            : 'T',
                .diag = unit ? 'U' : 'N',
                .m = mm,
                .n = nn};
    pb_scalar(t, alpha, p.alpha);
    pb_mat_set(&p.a, &g, da, *ia - 1, *ja - 1, tri, tri, a, t->es);
    pb_mat_set(&p.b, &g, db, *ib - 1, *jb - 1, mm, nn, b, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_char(&c, 1, p.side);
    pb_share_char(&c, 2, p.uplo);
    pb_share_char(&c, 3, p.transa);
    pb_share_char(&c, 4, p.diag);
    pb_share_long(&c, 5, *m);
    pb_share_long(&c, 6, *n);
    pb_share_scalar(&c, 7, t, p.alpha);
    pb_share_long(&c, 9, *ia);
    pb_share_long(&c, 10, *ja);
    pb_share_desc(&c, 11, da);
    pb_share_long(&c, 13, *ib);
    pb_share_long(&c, 14, *jb);
    pb_share_desc(&c, 15, db);
    int quick = mm == 0 || nn == 0, alpha0 = pb_scalar_is(p.alpha, 0.0);
    if ((!info || pb_descs_ok(da, db, NULL)) && !quick) {
        pb_scope_mat(&c, &g, &p.b);
        if (!alpha0)
            pb_scope_mat(&c, &g, &p.a);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (alpha0) {
        long ml, nl;
        char *bl = pb_mat_local(&p.b, &g, &ml, &nl);
        for (long j = 0; j < nl; j++)
            for (long i = 0; i < ml; i++)
                pb_elem_set(t, bl + (size_t)(i + j * p.b.lld) * (size_t)t->es, 0.0, 0.0);
        return;
    }
    if (pb_tri_lines(&g, &p))
        pb_report(g.ctxt, name, 0);
}

#define TRXM_ENTRY(x, X, T, op, OP, mult)                                                          \
    PB_API void p##x##op##_(const char *side, const char *uplo, const char *transa,                \
                            const char *diag, const int *m, const int *n, const T *alpha,          \
                            const T *a, const int *ia, const int *ja, const int *desca, T *b,      \
                            const int *ib, const int *jb, const int *descb, size_t l1, size_t l2,  \
                            size_t l3, size_t l4)                                                  \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)l3, (void)l4;                                                    \
        trxm_call(&pb_type_##x, "P" #X #OP, mult, side, uplo, transa, diag, m, n, alpha, a, ia,    \
                  ja, desca, b, ib, jb, descb);                                                    \
    }
TRXM_ENTRY(s, S, float, trsm, TRSM, 0)
TRXM_ENTRY(d, D, double, trsm, TRSM, 0)
TRXM_ENTRY(c, C, float, trsm, TRSM, 0)
TRXM_ENTRY(z, Z, double, trsm, TRSM, 0)
TRXM_ENTRY(s, S, float, trmm, TRMM, 1)
TRXM_ENTRY(d, D, double, trmm, TRMM, 1)
TRXM_ENTRY(c, C, float, trmm, TRMM, 1)
TRXM_ENTRY(z, Z, double, trmm, TRMM, 1)

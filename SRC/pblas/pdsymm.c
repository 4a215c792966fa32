/*
 * pdsymm.c -- PDSYMM: sub(C) := alpha*sub(A)*sub(B) + beta*sub(C) (SIDE
 * 'L') or alpha*sub(B)*sub(A) + beta*sub(C) ('R'), sub(A) symmetric, only
 * its UPLO triangle read; every element RN of its exact value, whatever
 * the grid.
 *
 *   SUBROUTINE PDSYMM(SIDE, UPLO, M, N, ALPHA, A, IA, JA, DESCA, B, IB, JB,
 *                     DESCB, BETA, C, IC, JC, DESCC)
 *
 * The GEMM rule on A's dense twin (doc/CONTRACT.md): each holder of a
 * block of sub(C) gathers its rows of the symmetric matrix (both stored
 * halves of them) and its rows or columns of sub(B) over the whole inner
 * dimension, and calls the exact GEMM once.  Quick return (PBLAS): M = 0,
 * N = 0, or alpha = 0 and beta = 1; alpha = 0: sub(C) := beta*sub(C).
 * Errors: PXERBLA('PDSYMM', position) on every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

static int symm(const pb_grid *g, int left, int upper, long m, long n, double alpha,
                const pb_mat *a, const pb_mat *b, double beta, const pb_mat *c)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    long ka = left ? m : n; /* A's order: the inner dimension */
    pb_lists cr = {0}, cc = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *hold = pb_holds_mat(g, c);
    double *l = NULL, *r = NULL, *cb = NULL;
    if (!rows || !cols || !hold || pb_lists_make(&cr, &c->r, c->i0, m) ||
        pb_lists_make(&cc, &c->c, c->j0, n))
        goto done;
    pb_block_lists(g, &cr, 1, hold, rows);
    pb_block_lists(g, &cc, 0, hold, cols);
    long mi = rows[g->me].n, nj = cols[g->me].n;
    l = malloc((size_t)(mi * ka > 0 ? mi * ka : 1) * sizeof *l);
    r = malloc((size_t)(nj * ka > 0 ? nj * ka : 1) * sizeof *r);
    cb = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * sizeof *cb);
    if (!l || !r || !cb)
        goto done;
    if (left) { /* l = sym(A)(I,:), r = B(:,J)^T */
        err = pb_gather_symrows(g, a, upper, rows, ka, l);
        if (!err)
            err = pb_gather_oprows(g, b, 1, cols, ka, r);
    } else { /* l = B(I,:), r = sym(A)(J,:) = sym(A)(:,J)^T */
        err = pb_gather_oprows(g, b, 0, rows, ka, l);
        if (!err)
            err = pb_gather_symrows(g, a, upper, cols, ka, r);
    }
    if (!err && mi > 0 && nj > 0) {
        pb_block_load(g, c, cb);
        exb_dgemm_checked("PDSYMM", 'N', 'T', mi, nj, ka, alpha, l, mi, r, nj, beta, cb, mi);
        pb_block_store(g, c, cb, 0);
    }
done:
    pb_lists_free(&cr);
    pb_lists_free(&cc);
    free(rows);
    free(cols);
    free(hold);
    free(l);
    free(r);
    free(cb);
    return err;
}

PB_API void pdsymm_(const char *side, const char *uplo, const int *m, const int *n,
                    const double *alpha, const double *a, const int *ia, const int *ja,
                    const int *desca, const double *b, const int *ib, const int *jb,
                    const int *descb, const double *beta, double *c, const int *ic, const int *jc,
                    const int *descc, size_t l1, size_t l2)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    int da[PB_DLEN], db[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_enter(&g, da, "PDSYMM", 9))
        return;
    int left = exb_lsame(*side, 'L'), upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!left && !exb_lsame(*side, 'R'))
        info = -1;
    else if (!upper && !exb_lsame(*uplo, 'L'))
        info = -2;
    if (left)
        pb_chkmat(&g, *m, 3, *m, 3, *ia - 1, *ja - 1, da, 9, &info);
    else
        pb_chkmat(&g, *n, 4, *n, 4, *ia - 1, *ja - 1, da, 9, &info);
    pb_chkmat(&g, *m, 3, *n, 4, *ib - 1, *jb - 1, db, 13, &info);
    pb_chkmat(&g, *m, 3, *n, 4, *ic - 1, *jc - 1, dc, 18, &info);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0, ka = left ? mm : nn;
    pb_mat ma, mb, mc;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, ka, ka, a, 8);
    pb_mat_set(&mb, &g, db, *ib - 1, *jb - 1, mm, nn, b, 8);
    pb_mat_set(&mc, &g, dc, *ic - 1, *jc - 1, mm, nn, c, 8);
    pb_call cl;
    pb_call_init(&cl, &g, "PDSYMM");
    cl.info = info;
    pb_share_char(&cl, 1, left ? 'L' : 'R');
    pb_share_char(&cl, 2, upper ? 'U' : 'L');
    pb_share_long(&cl, 3, *m);
    pb_share_long(&cl, 4, *n);
    pb_share_double(&cl, 5, *alpha);
    pb_share_long(&cl, 7, *ia);
    pb_share_long(&cl, 8, *ja);
    pb_share_desc(&cl, 9, da);
    pb_share_long(&cl, 11, *ib);
    pb_share_long(&cl, 12, *jb);
    pb_share_desc(&cl, 13, db);
    pb_share_double(&cl, 14, *beta);
    pb_share_long(&cl, 16, *ic);
    pb_share_long(&cl, 17, *jc);
    pb_share_desc(&cl, 18, dc);
    int quick = mm == 0 || nn == 0 || (*alpha == 0.0 && *beta == 1.0);
    if ((!info || pb_descs_ok(da, db, dc)) && !quick) {
        pb_scope_mat(&cl, &g, &mc);
        if (*alpha != 0.0) {
            pb_scope_mat(&cl, &g, &ma);
            pb_scope_mat(&cl, &g, &mb);
        }
    }
    if (pb_agree(&g, &cl) || quick || !cl.scope[g.me]) {
        pb_call_free(&cl);
        return;
    }
    pb_call_free(&cl);
    if (*alpha == 0.0) {
        pb_block_scale(&g, &mc, *beta, 0);
        return;
    }
    if (symm(&g, left, upper, mm, nn, *alpha, &ma, &mb, *beta, &mc))
        pb_report(g.ctxt, "PDSYMM", 0);
}

/*
 * pdsyr.c -- PDSYR: the UPLO triangle of sub(A) := alpha*sub(X)*sub(X)**T +
 * sub(A), each element RN(a_ij + alpha x_i x_j) rounded once (DSYR's
 * contract, doc/CONTRACT.md), whatever the grid.
 *
 *   SUBROUTINE PDSYR(UPLO, N, ALPHA, X, IX, JX, DESCX, INCX, A, IA, JA,
 *                    DESCA)
 *
 * Each holder of a block of sub(A) gets the elements of sub(X) of its rows
 * and of its columns (PBLAS moves the same), updates its block with the
 * exact DGER core and keeps the triangle.  Quick return (PBLAS): N = 0 or
 * alpha = 0.  Errors: PXERBLA('PDSYR', position) on every holder of an
 * operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "level2/level2.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

/* The holders of blocks of sub(A) get x (and y) at their rows and at their
 * columns, update their block with the exact core, and keep its UPLO
 * triangle. */
static int update(const pb_grid *g, char uplo, long n, double alpha, const pb_vec *vx,
                  const pb_vec *vy, const pb_mat *ma)
{
    int err = MPI_ERR_NO_MEM;
    pb_lists lr = {0}, lc = {0};
    pb_vlists *wr = NULL, *wc = NULL;
    double *xr = NULL, *xc = NULL, *yr = NULL, *yc = NULL, *l = NULL, *r = NULL, *ab = NULL;
    char *hold = pb_holds_mat(g, ma);
    if (!hold || pb_lists_make(&lr, &ma->r, ma->i0, n) || pb_lists_make(&lc, &ma->c, ma->j0, n))
        goto done;
    wr = pb_vlists_from(g, &lr, 1, hold);
    wc = pb_vlists_from(g, &lc, 0, hold);
    if (!wr || !wc)
        goto done;
    long mi = wr->count[g->me], nj = wc->count[g->me];
    l = malloc((size_t)(mi > 0 ? 2 * mi : 1) * sizeof *l);
    r = malloc((size_t)(nj > 0 ? 2 * nj : 1) * sizeof *r);
    ab = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * sizeof *ab);
    if (!l || !r || !ab)
        goto done;
    /* l = [x(I) y(I)], r = [y(J) x(J)] */
    xr = l;
    yr = l + mi;
    xc = r + nj;
    yc = r;
    err = pb_vec_fetch(g, vx, wr, xr);
    if (!err)
        err = pb_vec_fetch(g, vx, wc, vy ? xc : yc);
    if (!err && vy)
        err = pb_vec_fetch(g, vy, wr, yr);
    if (!err && vy)
        err = pb_vec_fetch(g, vy, wc, yc);
    if (!err && mi > 0 && nj > 0) {
        pb_block_load(g, ma, ab);
        if (vy) /* a_ij + alpha (x_i y_j + y_i x_j): one exact sum of two */
            exb_dgemm_checked("PDSYR2", 'N', 'T', mi, nj, 2, alpha, l, mi, r, nj, 1.0, ab, mi);
        else
            exb_dger_checked("PDSYR", mi, nj, alpha, xr, 1, yc, 1, ab, mi);
        pb_block_store(g, ma, ab, uplo);
    }
done:
    pb_lists_free(&lr);
    pb_lists_free(&lc);
    pb_vlists_free(wr);
    pb_vlists_free(wc);
    free(l);
    free(r);
    free(ab);
    free(hold);
    return err;
}

PB_API void pdsyr_(const char *uplo, const int *n, const double *alpha, const double *x,
                   const int *ix, const int *jx, const int *descx, const int *incx, double *a,
                   const int *ia, const int *ja, const int *desca, size_t l1)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    int dx[PB_DLEN], da[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(desca, da);
    pb_grid g;
    if (pb_enter(&g, dx, "PDSYR", 7))
        return;
    int upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    pb_chkvec(&g, *n, 2, *ix - 1, *jx - 1, dx, *incx, 7, &info);
    pb_chkmat(&g, *n, 2, *n, 2, *ia - 1, *ja - 1, da, 12, &info);
    long nn = *n > 0 ? *n : 0;
    pb_vec vx;
    pb_mat ma;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nn, nn, a, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDSYR");
    c.info = info;
    pb_share_char(&c, 1, upper ? 'U' : 'L');
    pb_share_long(&c, 2, *n);
    pb_share_double(&c, 3, *alpha);
    pb_share_long(&c, 5, *ix);
    pb_share_long(&c, 6, *jx);
    pb_share_desc(&c, 7, dx);
    pb_share_long(&c, 8, *incx);
    pb_share_long(&c, 10, *ia);
    pb_share_long(&c, 11, *ja);
    pb_share_desc(&c, 12, da);
    int quick = nn == 0 || *alpha == 0.0;
    if ((!info || pb_descs_ok(dx, da, NULL)) && !quick) {
        pb_scope_vec(&c, &g, &vx);
        pb_scope_mat(&c, &g, &ma);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (update(&g, upper ? 'U' : 'L', nn, *alpha, &vx, NULL, &ma))
        pb_report(g.ctxt, "PDSYR", 0);
}

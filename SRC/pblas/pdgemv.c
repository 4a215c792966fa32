/*
 * pdgemv.c -- PDGEMV: sub(Y) := alpha*op(sub(A))*sub(X) + beta*sub(Y),
 * each element RN(alpha*S_i + beta*y_i) with S_i exact, on every grid.
 *
 *   SUBROUTINE PDGEMV(TRANS, M, N, ALPHA, A, IA, JA, DESCA, X, IX, JX,
 *                     DESCX, INCX, BETA, Y, IY, JY, DESCY, INCY)
 *
 * sub(A) is M x N; TRANS 'N': X has N elements and Y M; 'T' or 'C': X has
 * M and Y N.  PBLAS's quick returns: M = 0, N = 0, or alpha = 0 and beta =
 * 1; alpha = 0: sub(Y) := beta*sub(Y) (0 for beta = 0, Y not read).
 *
 * A stays, as in PBLAS: each holder of a block of sub(A) gets the elements
 * of sub(X) of its part of the inner dimension, forms the exact partial
 * sums of its rows of op(A), and sends them as exact accumulators to the
 * holders of sub(Y), which merge them and round once (PBLAS sums rounded
 * partials over the process row or column).  Errors: PXERBLA('PDGEMV',
 * position) on every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static const long zero_index = 0;

int pb_gemv(const pb_grid *g, int ta, long m, long n, double alpha, const pb_mat *ma,
            const pb_vec *vx, double beta, const pb_vec *vy)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    pb_lists lr = {0}, lc = {0};
    pb_vlists *win = NULL, *yl = NULL;
    double *xb = NULL;
    exb_superacc *have = NULL, *want = NULL;
    pb_list *hr = malloc((size_t)np * sizeof *hr), *hc = malloc((size_t)np * sizeof *hc);
    pb_list *wr = malloc((size_t)np * sizeof *wr), *wc = malloc((size_t)np * sizeof *wc);
    char *hold = pb_holds_mat(g, ma);
    if (!hr || !hc || !wr || !wc || !hold || pb_lists_make(&lr, &ma->r, ma->i0, m) ||
        pb_lists_make(&lc, &ma->c, ma->j0, n))
        goto done;
    /* op(A)'s inner dimension: A's columns ('N') or rows ('T') */
    const pb_lists *inner = ta ? &lr : &lc, *outer = ta ? &lc : &lr;
    int in_by_row = ta;
    win = pb_vlists_from(g, inner, in_by_row, hold);
    yl = pb_vlists_make(vy, g);
    if (!win || !yl)
        goto done;
    long nin = win->count[g->me];
    int my_out = ta ? g->mycol : g->myrow;
    long nout = hold[g->me] ? outer->count[my_out] : 0, ny = yl->count[g->me];
    xb = malloc((size_t)(nin > 0 ? nin : 1) * sizeof *xb);
    have = pb_accs_new(nout);
    want = pb_accs_new(ny);
    if (!xb || !have || !want)
        goto done;
    err = pb_vec_fetch(g, vx, win, xb);
    if (err)
        goto done;
    if (nout > 0 && nin > 0) {
        long ml, nl;
        const double *al = (const double *)pb_mat_local(ma, g, &ml, &nl);
        pb_acc_gemv(ta, ml, nl, al, ma->lld, xb, have, 1);
    }
    for (int q = 0; q < np; q++) {
        int c = ta ? q % g->npcol : q / g->npcol;
        hr[q] = (pb_list){outer->held[c], hold[q] ? outer->count[c] : 0};
        hc[q] = (pb_list){&zero_index, hold[q] ? 1 : 0};
        wr[q] = (pb_list){yl->idx[q], yl->count[q]};
        wc[q] = (pb_list){&zero_index, yl->count[q] > 0};
    }
    err = pb_reduce(g, hr, hc, have, wr, wc, want);
    for (long a = 0; !err && a < ny; a++) {
        double *yk = pb_vec_at(vy, g, yl->idx[g->me][a]);
        *yk = pb_round_affine(&want[a], alpha, beta, *yk);
    }
done:
    pb_lists_free(&lr);
    pb_lists_free(&lc);
    pb_vlists_free(win);
    pb_vlists_free(yl);
    free(xb);
    free(have);
    free(want);
    free(hr);
    free(hc);
    free(wr);
    free(wc);
    free(hold);
    return err;
}

PB_API void pdgemv_(const char *trans, const int *m, const int *n, const double *alpha,
                    const double *a, const int *ia, const int *ja, const int *desca,
                    const double *x, const int *ix, const int *jx, const int *descx,
                    const int *incx, const double *beta, double *y, const int *iy, const int *jy,
                    const int *descy, const int *incy, size_t ltrans)
{
    EXB_FPENV_SCOPE;
    (void)ltrans;
    int da[PB_DLEN], dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, da, "PDGEMV", 8))
        return;
    int nota = exb_lsame(*trans, 'N'), info = 0;
    if (!nota && !exb_lsame(*trans, 'T') && !exb_lsame(*trans, 'C'))
        info = -1;
    pb_chkmat(&g, *m, 2, *n, 3, *ia - 1, *ja - 1, da, 8, &info);
    if (nota) {
        pb_chkvec(&g, *n, 3, *ix - 1, *jx - 1, dx, *incx, 12, &info);
        pb_chkvec(&g, *m, 2, *iy - 1, *jy - 1, dy, *incy, 18, &info);
    } else {
        pb_chkvec(&g, *m, 2, *ix - 1, *jx - 1, dx, *incx, 12, &info);
        pb_chkvec(&g, *n, 3, *iy - 1, *jy - 1, dy, *incy, 18, &info);
    }
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0;
    pb_mat ma;
    pb_vec vx, vy;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, mm, nn, a, 8);
    pb_vec_set(&vx, &g, dx, nota ? nn : mm, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nota ? mm : nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDGEMV");
    c.info = info;
    pb_share_char(&c, 1, nota ? 'N' : 'T');
    pb_share_long(&c, 2, *m);
    pb_share_long(&c, 3, *n);
    pb_share_double(&c, 4, *alpha);
    pb_share_long(&c, 6, *ia);
    pb_share_long(&c, 7, *ja);
    pb_share_desc(&c, 8, da);
    pb_share_long(&c, 10, *ix);
    pb_share_long(&c, 11, *jx);
    pb_share_desc(&c, 12, dx);
    pb_share_long(&c, 13, *incx);
    pb_share_double(&c, 14, *beta);
    pb_share_long(&c, 16, *iy);
    pb_share_long(&c, 17, *jy);
    pb_share_desc(&c, 18, dy);
    pb_share_long(&c, 19, *incy);
    int quick = mm == 0 || nn == 0 || (*alpha == 0.0 && *beta == 1.0);
    if ((!info || pb_descs_ok(da, dx, dy)) && !quick) {
        pb_scope_vec(&c, &g, &vy);
        if (*alpha != 0.0) {
            pb_scope_mat(&c, &g, &ma);
            pb_scope_vec(&c, &g, &vx);
        }
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (*alpha == 0.0) { /* sub(Y) := beta*sub(Y) on its holders */
        long ml, nl;
        double *yl = (double *)pb_mat_local(&vy.x, &g, &ml, &nl);
        long len = vy.row ? nl : ml, inc = vy.row ? vy.x.lld : 1;
        for (long k = 0; k < len; k++)
            yl[k * inc] = *beta == 0.0 ? 0.0 : *beta * yl[k * inc];
        return;
    }
    if (pb_gemv(&g, !nota, mm, nn, *alpha, &ma, &vx, *beta, &vy))
        pb_report(g.ctxt, "PDGEMV", 0);
}

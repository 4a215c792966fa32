/*
 * pdsymv.c -- PDSYMV: sub(Y) := alpha*sub(A)*sub(X) + beta*sub(Y), sub(A)
 * symmetric (N x N, only its UPLO triangle read), every element RN of its
 * exact value, whatever the grid.
 *
 *   SUBROUTINE PDSYMV(UPLO, N, ALPHA, A, IA, JA, DESCA, X, IX, JX, DESCX,
 *                     INCX, BETA, Y, IY, JY, DESCY, INCY)
 *
 * y_i := RN(alpha sum_j a_ij x_j + beta y_i), both triangles from the
 * stored one (doc/CONTRACT.md): each holder of elements of sub(Y) gathers
 * their rows of the symmetric matrix and the whole of sub(X) and calls the
 * exact GEMV.  Quick return (PBLAS): N = 0, or alpha = 0 and beta = 1;
 * alpha = 0: sub(Y) := beta*sub(Y).  Errors: PXERBLA('PDSYMV', position)
 * on every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

static int symv(const pb_grid *g, int upper, long n, double alpha, const pb_mat *a,
                const pb_vec *vx, double beta, const pb_vec *vy)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    pb_vlists *yl = pb_vlists_make(vy, g), *xw = pb_vlists_make(vy, g);
    pb_list *rows = malloc((size_t)np * sizeof *rows);
    double *l = NULL, *xb = malloc((size_t)(n > 0 ? n : 1) * sizeof *xb), *yb = NULL;
    if (!yl || !xw || !rows || !xb)
        goto done;
    for (int q = 0; q < np; q++) { /* y's holders want all of x */
        rows[q] = (pb_list){yl->idx[q], yl->count[q]};
        long c = yl->count[q] > 0 ? n : 0;
        for (long k = 0; k < c; k++)
            xw->idx[q][k] = k;
        xw->count[q] = c;
    }
    long mi = yl->count[g->me];
    l = malloc((size_t)(mi * n > 0 ? mi * n : 1) * sizeof *l);
    yb = malloc((size_t)(mi > 0 ? mi : 1) * sizeof *yb);
    if (!l || !yb)
        goto done;
    err = pb_gather_symrows(g, a, upper, rows, n, l);
    if (!err)
        err = pb_vec_fetch(g, vx, xw, xb);
    if (!err && mi > 0) {
        for (long r = 0; r < mi; r++)
            yb[r] = *pb_vec_at(vy, g, yl->idx[g->me][r]);
        exb_dgemv_checked("PDSYMV", 'N', mi, n, alpha, l, mi, xb, 1, beta, yb, 1);
        for (long r = 0; r < mi; r++)
            *pb_vec_at(vy, g, yl->idx[g->me][r]) = yb[r];
    }
done:
    pb_vlists_free(yl);
    pb_vlists_free(xw);
    free(rows);
    free(l);
    free(xb);
    free(yb);
    return err;
}

PB_API void pdsymv_(const char *uplo, const int *n, const double *alpha, const double *a,
                    const int *ia, const int *ja, const int *desca, const double *x, const int *ix,
                    const int *jx, const int *descx, const int *incx, const double *beta, double *y,
                    const int *iy, const int *jy, const int *descy, const int *incy, size_t l1)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    int da[PB_DLEN], dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, da, "PDSYMV", 7))
        return;
    int upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    pb_chkmat(&g, *n, 2, *n, 2, *ia - 1, *ja - 1, da, 7, &info);
    pb_chkvec(&g, *n, 2, *ix - 1, *jx - 1, dx, *incx, 11, &info);
    pb_chkvec(&g, *n, 2, *iy - 1, *jy - 1, dy, *incy, 17, &info);
    long nn = *n > 0 ? *n : 0;
    pb_mat ma;
    pb_vec vx, vy;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nn, nn, a, 8);
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDSYMV");
    c.info = info;
    pb_share_char(&c, 1, upper ? 'U' : 'L');
    pb_share_long(&c, 2, *n);
    pb_share_double(&c, 3, *alpha);
    pb_share_long(&c, 5, *ia);
    pb_share_long(&c, 6, *ja);
    pb_share_desc(&c, 7, da);
    pb_share_long(&c, 9, *ix);
    pb_share_long(&c, 10, *jx);
    pb_share_desc(&c, 11, dx);
    pb_share_long(&c, 12, *incx);
    pb_share_double(&c, 13, *beta);
    pb_share_long(&c, 15, *iy);
    pb_share_long(&c, 16, *jy);
    pb_share_desc(&c, 17, dy);
    pb_share_long(&c, 18, *incy);
    int quick = nn == 0 || (*alpha == 0.0 && *beta == 1.0);
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
    if (*alpha == 0.0) {
        pb_block_scale(&g, &vy.x, *beta, 0);
        return;
    }
    if (symv(&g, upper, nn, *alpha, &ma, &vx, *beta, &vy))
        pb_report(g.ctxt, "PDSYMV", 0);
}

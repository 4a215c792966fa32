/*
 * pddot.c -- PDDOT: DOT := sub(X)**T * sub(Y), RN of the exact dot product
 * on every process of the scope (PBLAS's: the process rows or columns of
 * both vectors; 0 elsewhere), whatever the grid.
 *
 *   SUBROUTINE PDDOT(N, DOT, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY, INCY)
 *
 * sub(Y)'s elements are brought to the holders of sub(X)'s (nothing moves
 * when both are aligned), each holder adds its products exactly, and the
 * partial accumulators meet at the scope's first process, which rounds
 * once and hands DOT to the scope.  Errors: PXERBLA('PDDOT', position) on
 * every process of the scope.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"

PB_API void pddot_(const int *n, double *dot, const double *x, const int *ix, const int *jx,
                   const int *descx, const int *incx, const double *y, const int *iy, const int *jy,
                   const int *descy, const int *incy)
{
    EXB_FPENV_SCOPE;
    int dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, "PDDOT", 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 11, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDDOT");
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    pb_share_long(&c, 9, *iy);
    pb_share_long(&c, 10, *jy);
    pb_share_desc(&c, 11, dy);
    pb_share_long(&c, 12, *incy);
    if ((!info || pb_descs_ok(dx, dy, NULL)) && nn > 0) {
        pb_scope_vec_result(&c, &g, &vx, nn, dx[PB_M], *incx);
        pb_scope_vec_result(&c, &g, &vy, nn, dy[PB_M], *incy);
    }
    if (pb_agree(&g, &c)) {
        pb_call_free(&c);
        return;
    }
    *dot = 0.0;
    if (nn == 0 || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    int err = MPI_ERR_NO_MEM, root = pb_scope_root(&g, &c);
    pb_vlists *xl = pb_vlists_make(&vx, &g);
    long mine = xl ? xl->count[g.me] : 0;
    double *ybuf = malloc((size_t)(mine > 0 ? mine : 1) * sizeof *ybuf);
    char *holds = malloc((size_t)g.np);
    exb_superacc *acc = pb_accs_new(2);
    if (xl && ybuf && holds && acc) {
        err = pb_vec_fetch(&g, &vy, xl, ybuf);
        for (int q = 0; q < g.np; q++)
            holds[q] = xl->count[q] > 0;
        if (!err && mine > 0)
            pb_acc_dot(&acc[0], mine, pb_vec_at(&vx, &g, xl->idx[g.me][0]), vx.row ? vx.x.lld : 1,
                       ybuf, 1);
        if (!err)
            err = pb_reduce_scalar(&g, &c, holds, &acc[0], &acc[1], root);
        double r = g.me == root ? pb_round(&acc[1]) : 0.0;
        if (!err)
            err = pb_share_result(&g, &c, root, &r, 1);
        if (!err)
            *dot = r;
    }
    if (err)
        pb_report(g.ctxt, "PDDOT", 0);
    pb_vlists_free(xl);
    free(ybuf);
    free(holds);
    free(acc);
    pb_call_free(&c);
}

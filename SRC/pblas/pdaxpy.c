/*
 * pdaxpy.c -- PDAXPY: sub(Y) := alpha*sub(X) + sub(Y), each element
 * RN(alpha*x_k + y_k) rounded once (DAXPY's contract, doc/CONTRACT.md).
 *
 *   SUBROUTINE PDAXPY(N, ALPHA, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY,
 *                     INCY)
 *
 * PBLAS's quick returns: N = 0 or alpha = 0 leave sub(Y) untouched.  Each
 * holder of sub(Y) gets sub(X)'s elements at its indices, then the exact
 * DAXPY core updates them.  Errors: PXERBLA('PDAXPY', position) on every
 * holder of either vector.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "routines.h"

PB_API void pdaxpy_(const int *n, const double *alpha, const double *x, const int *ix,
                    const int *jx, const int *descx, const int *incx, double *y, const int *iy,
                    const int *jy, const int *descy, const int *incy)
{
    EXB_FPENV_SCOPE;
    int dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, "PDAXPY", 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 11, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDAXPY");
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_double(&c, 2, *alpha);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    pb_share_long(&c, 9, *iy);
    pb_share_long(&c, 10, *jy);
    pb_share_desc(&c, 11, dy);
    pb_share_long(&c, 12, *incy);
    int quick = nn == 0 || *alpha == 0.0;
    if ((!info || pb_descs_ok(dx, dy, NULL)) && !quick) {
        pb_scope_vec(&c, &g, &vx);
        pb_scope_vec(&c, &g, &vy);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    int err = MPI_ERR_NO_MEM;
    pb_vlists *yl = pb_vlists_make(&vy, &g);
    long mine = yl ? yl->count[g.me] : 0;
    double *buf = malloc((size_t)(mine > 0 ? mine : 1) * sizeof *buf);
    if (yl && buf) {
        err = pb_vec_fetch(&g, &vx, yl, buf);
        if (!err && mine > 0)
            exb_daxpy_checked(mine, *alpha, buf, 1, pb_vec_at(&vy, &g, yl->idx[g.me][0]),
                              vy.row ? vy.x.lld : 1);
    }
    if (err)
        pb_report(g.ctxt, "PDAXPY", 0);
    pb_vlists_free(yl);
    free(buf);
}

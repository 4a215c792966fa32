/*
 * pdcopy.c -- PDCOPY: sub(Y) := sub(X), bit for bit (NaN payloads, signed
 * zeros).
 *
 *   SUBROUTINE PDCOPY(N, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY, INCY)
 *
 * Each holder of sub(Y)'s elements gets sub(X)'s at the same indices from
 * their holders (nothing moves when the two are aligned).  Errors:
 * PXERBLA('PDCOPY', position) on every holder of either vector.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"

PB_API void pdcopy_(const int *n, const double *x, const int *ix, const int *jx, const int *descx,
                    const int *incx, double *y, const int *iy, const int *jy, const int *descy,
                    const int *incy)
{
    EXB_FPENV_SCOPE;
    int dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, "PDCOPY", 5))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 5, &info);
    pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 10, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDCOPY");
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_long(&c, 3, *ix);
    pb_share_long(&c, 4, *jx);
    pb_share_desc(&c, 5, dx);
    pb_share_long(&c, 6, *incx);
    pb_share_long(&c, 8, *iy);
    pb_share_long(&c, 9, *jy);
    pb_share_desc(&c, 10, dy);
    pb_share_long(&c, 11, *incy);
    if ((!info || pb_descs_ok(dx, dy, NULL)) && nn > 0) {
        pb_scope_vec(&c, &g, &vx);
        pb_scope_vec(&c, &g, &vy);
    }
    if (pb_agree(&g, &c) || nn == 0 || !c.scope[g.me]) {
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
        for (long a = 0; !err && a < mine; a++)
            *pb_vec_at(&vy, &g, yl->idx[g.me][a]) = buf[a];
    }
    if (err)
        pb_report(g.ctxt, "PDCOPY", 0);
    pb_vlists_free(yl);
    free(buf);
}

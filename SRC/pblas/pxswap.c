/*
 * pxswap.c -- PSSWAP, PDSWAP, PCSWAP, PZSWAP: sub(X) <-> sub(Y), bit for
 * bit.
 *
 *   SUBROUTINE PxSWAP(N, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY, INCY)
 *
 * Each holder gets the other vector's elements at its indices (both moves
 * are packed before anything is written: rows of one matrix swap as
 * PDLASWP swaps them), then stores them.  Errors: PXERBLA('PxSWAP',
 * position) on every holder of either vector.
 */
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"

static void swap_call(const pb_type *t, const char *name, const int *n, void *x, const int *ix,
                      const int *jx, const int *descx, const int *incx, void *y, const int *iy,
                      const int *jy, const int *descy, const int *incy)
{
    int dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, name, 5))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 5, &info);
    pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 10, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
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
    pb_vlists *xl = pb_vlists_make(&vx, &g), *yl = pb_vlists_make(&vy, &g);
    long nx = xl ? xl->count[g.me] : 0, ny = yl ? yl->count[g.me] : 0;
    size_t es = (size_t)t->es;
    char *xb = malloc((size_t)(nx > 0 ? nx : 1) * es), *yb = malloc((size_t)(ny > 0 ? ny : 1) * es);
    if (xl && yl && xb && yb) {
        err = pb_vec_fetch(&g, &vy, xl, xb); /* y's elements for my x */
        if (!err)
            err = pb_vec_fetch(&g, &vx, yl, yb); /* x's elements for my y */
        for (long a = 0; !err && a < nx; a++)
            memcpy(pb_vec_elem(&vx, &g, xl->idx[g.me][a]), xb + (size_t)a * es, es);
        for (long a = 0; !err && a < ny; a++)
            memcpy(pb_vec_elem(&vy, &g, yl->idx[g.me][a]), yb + (size_t)a * es, es);
    }
    if (err)
        pb_report(g.ctxt, name, 0);
    pb_vlists_free(xl);
    pb_vlists_free(yl);
    free(xb);
    free(yb);
}

#define SWAP_ENTRY(l, U, T)                                                                        \
    PB_API void p##l##swap_(const int *n, T *x, const int *ix, const int *jx, const int *descx,    \
                            const int *incx, T *y, const int *iy, const int *jy, const int *descy, \
                            const int *incy)                                                       \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        swap_call(&pb_type_##l, "P" #U "SWAP", n, x, ix, jx, descx, incx, y, iy, jy, descy, incy); \
    }
SWAP_ENTRY(s, S, float)
SWAP_ENTRY(d, D, double)
SWAP_ENTRY(c, C, float)
SWAP_ENTRY(z, Z, double)

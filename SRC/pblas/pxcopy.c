/*
 * pxcopy.c -- PSCOPY, PDCOPY, PCCOPY, PZCOPY: sub(Y) := sub(X), bit for
 * bit (NaN payloads, signed zeros).
 *
 *   SUBROUTINE PxCOPY(N, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY, INCY)
 *
 * Each holder of sub(Y)'s elements gets sub(X)'s at the same indices from
 * their holders (nothing moves when the two are aligned).  Errors:
 * PXERBLA('PxCOPY', position) on every holder of either vector.
 */
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"

static void copy_call(const pb_type *t, const char *name, const int *n, const void *x,
                      const int *ix, const int *jx, const int *descx, const int *incx, void *y,
                      const int *iy, const int *jy, const int *descy, const int *incy)
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
    pb_vlists *yl = pb_vlists_make(&vy, &g);
    long mine = yl ? yl->count[g.me] : 0;
    size_t es = (size_t)t->es;
    char *buf = malloc((size_t)(mine > 0 ? mine : 1) * es);
    if (yl && buf) {
        err = pb_vec_fetch(&g, &vx, yl, buf);
        for (long a = 0; !err && a < mine; a++)
            memcpy(pb_vec_elem(&vy, &g, yl->idx[g.me][a]), buf + (size_t)a * es, es);
    }
    if (err)
        pb_report(g.ctxt, name, 0);
    pb_vlists_free(yl);
    free(buf);
}

#define COPY_ENTRY(l, U, T)                                                                        \
    PB_API void p##l##copy_(const int *n, const T *x, const int *ix, const int *jx,                \
                            const int *descx, const int *incx, T *y, const int *iy, const int *jy, \
                            const int *descy, const int *incy)                                     \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        copy_call(&pb_type_##l, "P" #U "COPY", n, x, ix, jx, descx, incx, y, iy, jy, descy, incy); \
    }
COPY_ENTRY(s, S, float)
COPY_ENTRY(d, D, double)
COPY_ENTRY(c, C, float)
COPY_ENTRY(z, Z, double)

/*
 * pxaxpy.c -- PSAXPY, PDAXPY, PCAXPY, PZAXPY: sub(Y) := alpha*sub(X) +
 * sub(Y), each element (each part) RN of its exact value, rounded once
 * (xAXPY's contract, doc/CONTRACT.md).
 *
 *   SUBROUTINE PxAXPY(N, ALPHA, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY,
 *                     INCY)
 *
 * PBLAS's quick returns: N = 0 or alpha = 0 leave sub(Y) untouched.  Each
 * holder of sub(Y) gets sub(X)'s elements at its indices, then the exact
 * xAXPY core of the type updates them.  Errors: PXERBLA(name, position) on
 * every holder of either vector.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"

static void axpy_call(const pb_type *t, const char *name, const int *n, const void *alpha,
                      const void *x, const int *ix, const int *jx, const int *descx,
                      const int *incx, void *y, const int *iy, const int *jy, const int *descy,
                      const int *incy)
{
    int dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, name, 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 11, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    double al[2];
    pb_scalar(t, alpha, al);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_scalar(&c, 2, t, al);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    pb_share_long(&c, 9, *iy);
    pb_share_long(&c, 10, *jy);
    pb_share_desc(&c, 11, dy);
    pb_share_long(&c, 12, *incy);
    int quick = nn == 0 || pb_scalar_is(al, 0.0);
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
    char *buf = malloc((size_t)(mine > 0 ? mine : 1) * (size_t)t->es);
    if (yl && buf) {
        err = pb_vec_fetch(&g, &vx, yl, buf);
        if (!err && mine > 0)
            pb_local_axpy(t, mine, al, buf, pb_vec_elem(&vy, &g, yl->idx[g.me][0]),
                          vy.row ? vy.x.lld : 1);
    }
    if (err)
        pb_report(g.ctxt, name, 0);
    pb_vlists_free(yl);
    free(buf);
}

#define AXPY_ENTRY(l, U, T)                                                                        \
    PB_API void p##l##axpy_(const int *n, const T *alpha, const T *x, const int *ix,               \
                            const int *jx, const int *descx, const int *incx, T *y, const int *iy, \
                            const int *jy, const int *descy, const int *incy)                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        axpy_call(&pb_type_##l, "P" #U "AXPY", n, alpha, x, ix, jx, descx, incx, y, iy, jy, descy, \
                  incy);                                                                           \
    }
AXPY_ENTRY(s, S, float)
AXPY_ENTRY(d, D, double)
AXPY_ENTRY(c, C, float)
AXPY_ENTRY(z, Z, double)

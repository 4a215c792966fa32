/*
 * pxger.c -- PSGER, PDGER, PCGERU, PCGERC, PZGERU, PZGERC: sub(A) :=
 * alpha*sub(X)*sub(Y)**T + sub(A) (**H for GERC), each element (each part)
 * RN of its exact value, rounded once (xGER's contract).
 *
 *   SUBROUTINE PxGER(M, N, ALPHA, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY,
 *                    INCY, A, IA, JA, DESCA)
 *
 * Each holder of a block of sub(A) gets the elements of sub(X) of its rows
 * and of sub(Y) of its columns (PBLAS moves the same), then the exact xGER
 * core of the type updates its block.  Quick return (PBLAS): M = 0, N = 0
 * or alpha = 0.  Errors: PXERBLA(name, position) on every holder of an
 * operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"

static void ger_call(const pb_type *t, const char *name, int conj, const int *m, const int *n,
                     const void *alpha, const void *x, const int *ix, const int *jx,
                     const int *descx, const int *incx, const void *y, const int *iy, const int *jy,
                     const int *descy, const int *incy, void *a, const int *ia, const int *ja,
                     const int *desca)
{
    int dx[PB_DLEN], dy[PB_DLEN], da[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_desc_widen(desca, da);
    pb_grid g;
    if (pb_enter(&g, dx, name, 7))
        return;
    int info = 0;
    pb_chkvec(&g, *m, 1, *ix - 1, *jx - 1, dx, *incx, 7, &info);
    pb_chkvec(&g, *n, 2, *iy - 1, *jy - 1, dy, *incy, 12, &info);
    pb_chkmat(&g, *m, 1, *n, 2, *ia - 1, *ja - 1, da, 17, &info);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0;
    pb_vec vx, vy;
    pb_mat ma;
    pb_vec_set(&vx, &g, dx, mm, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, mm, nn, a, t->es);
    double al[2];
    pb_scalar(t, alpha, al);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_long(&c, 1, *m);
    pb_share_long(&c, 2, *n);
    pb_share_scalar(&c, 3, t, al);
    pb_share_long(&c, 5, *ix);
    pb_share_long(&c, 6, *jx);
    pb_share_desc(&c, 7, dx);
    pb_share_long(&c, 8, *incx);
    pb_share_long(&c, 10, *iy);
    pb_share_long(&c, 11, *jy);
    pb_share_desc(&c, 12, dy);
    pb_share_long(&c, 13, *incy);
    pb_share_long(&c, 15, *ia);
    pb_share_long(&c, 16, *ja);
    pb_share_desc(&c, 17, da);
    int quick = mm == 0 || nn == 0 || pb_scalar_is(al, 0.0);
    if ((!info || pb_descs_ok(dx, dy, da)) && !quick) {
        pb_scope_vec(&c, &g, &vx);
        pb_scope_vec(&c, &g, &vy);
        pb_scope_mat(&c, &g, &ma);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    int err = MPI_ERR_NO_MEM;
    pb_lists lr = {0}, lc = {0};
    pb_vlists *wx = NULL, *wy = NULL;
    char *xb = NULL, *yb = NULL;
    char *hold = pb_holds_mat(&g, &ma);
    if (!hold || pb_lists_make(&lr, &ma.r, ma.i0, mm) || pb_lists_make(&lc, &ma.c, ma.j0, nn))
        goto done;
    wx = pb_vlists_from(&g, &lr, 1, hold);
    wy = pb_vlists_from(&g, &lc, 0, hold);
    if (!wx || !wy)
        goto done;
    long ml = wx->count[g.me], nl = wy->count[g.me];
    xb = malloc((size_t)(ml > 0 ? ml : 1) * (size_t)t->es);
    yb = malloc((size_t)(nl > 0 ? nl : 1) * (size_t)t->es);
    if (!xb || !yb)
        goto done;
    err = pb_vec_fetch(&g, &vx, wx, xb);
    if (!err)
        err = pb_vec_fetch(&g, &vy, wy, yb);
    if (!err && ml > 0 && nl > 0) {
        long m2, n2;
        char *local = pb_mat_local(&ma, &g, &m2, &n2);
        pb_local_ger(t, name, conj, ml, nl, al, xb, yb, local, ma.lld);
    }
done:
    if (err)
        pb_report(g.ctxt, name, 0);
    pb_lists_free(&lr);
    pb_lists_free(&lc);
    pb_vlists_free(wx);
    pb_vlists_free(wy);
    free(xb);
    free(yb);
    free(hold);
}

#define GER_ENTRY(l, U, T, op, OP, conj)                                                           \
    PB_API void p##l##op##_(const int *m, const int *n, const T *alpha, const T *x, const int *ix, \
                            const int *jx, const int *descx, const int *incx, const T *y,          \
                            const int *iy, const int *jy, const int *descy, const int *incy, T *a, \
                            const int *ia, const int *ja, const int *desca)                        \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        ger_call(&pb_type_##l, "P" #U#OP, conj, m, n, alpha, x, ix, jx, descx, incx, y, iy, jy,    \
                 descy, incy, a, ia, ja, desca);                                                   \
    }
GER_ENTRY(s, S, float, ger, GER, 0)
GER_ENTRY(d, D, double, ger, GER, 0)
GER_ENTRY(c, C, float, geru, GERU, 0)
GER_ENTRY(c, C, float, gerc, GERC, 1)
GER_ENTRY(z, Z, double, geru, GERU, 0)
GER_ENTRY(z, Z, double, gerc, GERC, 1)

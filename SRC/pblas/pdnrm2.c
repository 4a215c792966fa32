/*
 * pdnrm2.c -- PDNRM2: NRM2 := RN(sqrt(sum x_k^2)), the sum exact and the root rounded once (a NaN gives NaN, an infinity +Inf), on every process of the
 * scope (PBLAS's: the process row or column of sub(X); 0 elsewhere),
 * whatever the grid.
 *
 *   SUBROUTINE PDNRM2(N, NRM2, X, IX, JX, DESCX, INCX)
 *
 * Each holder of sub(X) adds its part exactly; the partial accumulators
 * meet at the scope's first process, which rounds once and hands the
 * result to the scope (PBLAS sums rounded partials over the process row or
 * column).  Errors: PXERBLA('PDNRM2', position) on every process of the
 * scope.
 */
#include "core/fpenv.h"
#include "pblas.h"

PB_API void pdnrm2_(const int *n, double *res, const double *x, const int *ix, const int *jx,
                    const int *descx, const int *incx)
{
    EXB_FPENV_SCOPE;
    int dx[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_grid g;
    if (pb_enter(&g, dx, "PDNRM2", 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_vec vx;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDNRM2");
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    if ((!info || pb_descs_ok(dx, NULL, NULL)) && nn > 0)
        pb_scope_vec_result(&c, &g, &vx, nn, dx[PB_M], *incx);
    if (pb_agree(&g, &c)) {
        pb_call_free(&c);
        return;
    }
    *res = 0.0;
    if (nn > 0 && c.scope[g.me] && pb_vec_norm(&g, &c, &vx, 2, res))
        pb_report(g.ctxt, "PDNRM2", 0);
    pb_call_free(&c);
}

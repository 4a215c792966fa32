/*
 * pdscal.c -- PDSCAL: sub(X) := alpha*sub(X), each element RN(alpha*x_k)
 * (one IEEE product, correctly rounded by itself), on its holder.
 *
 *   SUBROUTINE PDSCAL(N, ALPHA, X, IX, JX, DESCX, INCX)
 *
 * PBLAS's rules: alpha = 1 leaves sub(X) untouched; alpha = 0 sets every
 * element to alpha (its bits: -0 for -0), whatever it held.  No data
 * moves.  Errors: PXERBLA('PDSCAL', position) on every holder of sub(X).
 */
#include "core/fpenv.h"
#include "pblas.h"

PB_API void pdscal_(const int *n, const double *alpha, double *x, const int *ix, const int *jx,
                    const int *descx, const int *incx)
{
    EXB_FPENV_SCOPE;
    int dx[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_grid g;
    if (pb_enter(&g, dx, "PDSCAL", 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_vec vx;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDSCAL");
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_double(&c, 2, *alpha);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    if ((!info || pb_descs_ok(dx, NULL, NULL)) && nn > 0)
        pb_scope_vec(&c, &g, &vx);
    if (pb_agree(&g, &c) || nn == 0 || !c.scope[g.me] || *alpha == 1.0) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    long ml, nl;
    double *xl = (double *)pb_mat_local(&vx.x, &g, &ml, &nl);
    long len = vx.row ? nl : ml, inc = vx.row ? vx.x.lld : 1;
    for (long k = 0; k < len; k++)
        xl[k * inc] = *alpha == 0.0 ? *alpha : *alpha * xl[k * inc];
}

/*
 * pdagemv.c -- PBLAS's PDAGEMV: sub(Y) := |alpha|*|op(sub(A))|*|sub(X)| +
 * |beta*sub(Y)|, every element RN of its exact value, whatever the grid.
 *
 *   SUBROUTINE PDAGEMV(TRANS, M, N, ALPHA, A, IA, JA, DESCA, X, IX, JX,
 *                      DESCX, INCX, BETA, Y, IY, JY, DESCY, INCY)
 *
 * ScaLAPACK's iterative refinement (PDGERFS: BERR and FERR) calls it;
 * PBLAS's own adds rounded partials over the grid.  Here the absolute
 * values of the local arrays of A and X are taken (exact) and PDGEMV's core
 * (pb_gemv: exact partials to Y's holders) computes y_i := RN(|alpha| S +
 * |beta| |y_i|), S = sum_j |a_ij| |x_j| exact.  Arguments, quick returns
 * and errors are PDGEMV's (alpha = 0: sub(Y) := |beta*sub(Y)|).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

/* |X|: a copy of a whole local array (its descriptor's extent here). */
static double *abs_copy(const pb_grid *g, const int *d, const double *a)
{
    pb_dim r = {d[PB_M], d[PB_IMB], d[PB_MB], d[PB_RSRC], g->nprow};
    pb_dim c = {d[PB_N], d[PB_INB], d[PB_NB], d[PB_CSRC], g->npcol};
    long mloc = pb_dim_before(&r, d[PB_M], g->myrow), nloc = pb_dim_before(&c, d[PB_N], g->mycol);
    long len = mloc > 0 && nloc > 0 ? d[PB_LLD] * (nloc - 1) + mloc : 0;
    double *out = malloc((size_t)(len > 0 ? len : 1) * sizeof *out);
    for (long e = 0; out && e < len; e++)
        out[e] = fabs(a[e]);
    return out;
}

static int absolute(const pb_grid *g, int ta, long m, long n, double alpha, const pb_mat *ma,
                    const int *da, const pb_vec *vx, const int *dx, double beta, pb_vec *vy)
{
    pb_mat aa = *ma;
    pb_vec xa = *vx;
    double *ab = abs_copy(g, da, (const double *)ma->a),
           *xb = abs_copy(g, dx, (const double *)vx->x.a);
    int err = MPI_ERR_NO_MEM;
    if (ab && xb) {
        aa.a = (char *)ab;
        xa.x.a = (char *)xb;
        if (beta != 0.0) { /* |beta*y| = |beta| |y| exactly */
            long ml, nl;
            double *yl = (double *)pb_mat_local(&vy->x, g, &ml, &nl);
            long len = vy->row ? nl : ml, inc = vy->row ? vy->x.lld : 1;
            for (long k = 0; ml > 0 && nl > 0 && k < len; k++)
                yl[k * inc] = fabs(yl[k * inc]);
        }
        double al[2] = {fabs(alpha), 0.0}, be[2] = {fabs(beta), 0.0};
        err = pb_gemv(g, &pb_type_d, ta ? 'T' : 'N', m, n, al, &aa, &xa, be, vy);
    }
    free(ab);
    free(xb);
    return err;
}

PB_API void pdagemv_(const char *trans, const int *m, const int *n, const double *alpha,
                     const double *a, const int *ia, const int *ja, const int *desca,
                     const double *x, const int *ix, const int *jx, const int *descx,
                     const int *incx, const double *beta, double *y, const int *iy, const int *jy,
                     const int *descy, const int *incy, size_t ltrans)
{
    EXB_FPENV_SCOPE;
    (void)ltrans;
    int da[PB_DLEN], dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, da, "PDAGEMV", 8))
        return;
    int nota = exb_lsame(*trans, 'N'), info = 0;
    if (!nota && !exb_lsame(*trans, 'T') && !exb_lsame(*trans, 'C'))
        info = -1;
    pb_chkmat(&g, *m, 2, *n, 3, *ia - 1, *ja - 1, da, 8, &info);
    if (nota) {
        pb_chkvec(&g, *n, 3, *ix - 1, *jx - 1, dx, *incx, 12, &info);
        pb_chkvec(&g, *m, 2, *iy - 1, *jy - 1, dy, *incy, 18, &info);
    } else {
        pb_chkvec(&g, *m, 2, *ix - 1, *jx - 1, dx, *incx, 12, &info);
        pb_chkvec(&g, *n, 3, *iy - 1, *jy - 1, dy, *incy, 18, &info);
    }
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0;
    pb_mat ma;
    pb_vec vx, vy;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, mm, nn, a, 8);
    pb_vec_set(&vx, &g, dx, nota ? nn : mm, *ix - 1, *jx - 1, *incx, x, 8);
    pb_vec_set(&vy, &g, dy, nota ? mm : nn, *iy - 1, *jy - 1, *incy, y, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDAGEMV");
    c.info = info;
    pb_share_char(&c, 1, nota ? 'N' : 'T');
    pb_share_long(&c, 2, *m);
    pb_share_long(&c, 3, *n);
    pb_share_double(&c, 4, *alpha);
    pb_share_long(&c, 6, *ia);
    pb_share_long(&c, 7, *ja);
    pb_share_desc(&c, 8, da);
    pb_share_long(&c, 10, *ix);
    pb_share_long(&c, 11, *jx);
    pb_share_desc(&c, 12, dx);
    pb_share_long(&c, 13, *incx);
    pb_share_double(&c, 14, *beta);
    pb_share_long(&c, 16, *iy);
    pb_share_long(&c, 17, *jy);
    pb_share_desc(&c, 18, dy);
    pb_share_long(&c, 19, *incy);
    int quick = mm == 0 || nn == 0 || (*alpha == 0.0 && *beta == 1.0);
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
    if (*alpha == 0.0) { /* sub(Y) := beta*sub(Y) on its holders */
        long ml, nl;
        double *yl = (double *)pb_mat_local(&vy.x, &g, &ml, &nl);
        long len = vy.row ? nl : ml, inc = vy.row ? vy.x.lld : 1;
        for (long k = 0; k < len; k++)
            yl[k * inc] = *beta == 0.0 ? 0.0 : fabs(*beta * yl[k * inc]);
        return;
    }
    if (absolute(&g, !nota, mm, nn, *alpha, &ma, da, &vx, dx, *beta, &vy))
        pb_report(g.ctxt, "PDAGEMV", 0);
}

/*
 * pxsymv.c -- PSSYMV, PDSYMV, PCHEMV, PZHEMV: sub(Y) := alpha*sub(A)*sub(X)
 * + beta*sub(Y), sub(A) symmetric or Hermitian (N x N, only its UPLO
 * triangle read), every element (every part) RN of its exact value,
 * whatever the grid.
 *
 *   SUBROUTINE PxSYMV(UPLO, N, ALPHA, A, IA, JA, DESCA, X, IX, JX, DESCX,
 *                     INCX, BETA, Y, IY, JY, DESCY, INCY)
 *
 * y_i := RN(alpha sum_j a_ij x_j + beta y_i), both triangles from the
 * stored one (conj(a_ji) and a diagonal's imaginary part 0 for HEMV;
 * doc/CONTRACT.md): each holder of elements of sub(Y) gathers their rows
 * of the matrix's dense twin and the whole of sub(X) and calls the exact
 * GEMV of the type.  Quick return (PBLAS): N = 0, or alpha = 0 and beta =
 * 1; alpha = 0: sub(Y) := beta*sub(Y).  Errors: PXERBLA(name, position)
 * on every holder of an operand.
 */
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static int symv(const pb_grid *g, const pb_type *t, const char *name, int upper, int herm, long n,
                const double al[2], const pb_mat *a, const pb_vec *vx, const double be[2],
                const pb_vec *vy)
{
    size_t es = (size_t)t->es;
    int np = g->np, err = MPI_ERR_NO_MEM;
    pb_vlists *yl = pb_vlists_make(vy, g), *xw = pb_vlists_make(vy, g);
    pb_list *rows = malloc((size_t)np * sizeof *rows);
    char *l = NULL, *xb = malloc((size_t)(n > 0 ? n : 1) * es), *yb = NULL;
    if (!yl || !xw || !rows || !xb)
        goto done;
    for (int q = 0; q < np; q++) { /* y's holders want all of x */
        rows[q] = (pb_list){yl->idx[q], yl->count[q]};
        long c = yl->count[q] > 0 ? n : 0;
        for (long k = 0; k < c; k++)
            xw->idx[q][k] = k;
        xw->count[q] = c;
    }
    long mi = yl->count[g->me];
    l = malloc((size_t)(mi * n > 0 ? mi * n : 1) * es);
    yb = malloc((size_t)(mi > 0 ? mi : 1) * es);
    if (!l || !yb)
        goto done;
    err = pb_gather_symrows(g, a, upper, herm, rows, n, l);
    if (!err)
        err = pb_vec_fetch(g, vx, xw, xb);
    if (!err && mi > 0) {
        for (long r = 0; r < mi; r++)
            memcpy(yb + (size_t)r * es, pb_vec_elem(vy, g, yl->idx[g->me][r]), es);
        pb_local_gemv(t, name, 'N', mi, n, al, l, mi, xb, be, yb);
        for (long r = 0; r < mi; r++)
            memcpy(pb_vec_elem(vy, g, yl->idx[g->me][r]), yb + (size_t)r * es, es);
    }
done:
    pb_vlists_free(yl);
    pb_vlists_free(xw);
    free(rows);
    free(l);
    free(xb);
    free(yb);
    return err;
}

static void symv_call(const pb_type *t, const char *name, int herm, const char *uplo, const int *n,
                      const void *alpha, const void *a, const int *ia, const int *ja,
                      const int *desca, const void *x, const int *ix, const int *jx,
                      const int *descx, const int *incx, const void *beta, void *y, const int *iy,
                      const int *jy, const int *descy, const int *incy)
{
    int da[PB_DLEN], dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, da, name, 7))
        return;
    int upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    pb_chkmat(&g, *n, 2, *n, 2, *ia - 1, *ja - 1, da, 7, &info);
    pb_chkvec(&g, *n, 2, *ix - 1, *jx - 1, dx, *incx, 11, &info);
    pb_chkvec(&g, *n, 2, *iy - 1, *jy - 1, dy, *incy, 17, &info);
    long nn = *n > 0 ? *n : 0;
    pb_mat ma;
    pb_vec vx, vy;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nn, nn, a, t->es);
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    double al[2], be[2];
    pb_scalar(t, alpha, al);
    pb_scalar(t, beta, be);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_char(&c, 1, upper ? 'U' : 'L');
    pb_share_long(&c, 2, *n);
    pb_share_scalar(&c, 3, t, al);
    pb_share_long(&c, 5, *ia);
    pb_share_long(&c, 6, *ja);
    pb_share_desc(&c, 7, da);
    pb_share_long(&c, 9, *ix);
    pb_share_long(&c, 10, *jx);
    pb_share_desc(&c, 11, dx);
    pb_share_long(&c, 12, *incx);
    pb_share_scalar(&c, 13, t, be);
    pb_share_long(&c, 15, *iy);
    pb_share_long(&c, 16, *jy);
    pb_share_desc(&c, 17, dy);
    pb_share_long(&c, 18, *incy);
    int alpha0 = pb_scalar_is(al, 0.0);
    int quick = nn == 0 || (alpha0 && pb_scalar_is(be, 1.0));
    if ((!info || pb_descs_ok(da, dx, dy)) && !quick) {
        pb_scope_vec(&c, &g, &vy);
        if (!alpha0) {
            pb_scope_mat(&c, &g, &ma);
            pb_scope_vec(&c, &g, &vx);
        }
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (alpha0) { /* sub(Y) := beta*sub(Y) on its holders */
        pb_vec_scale(&g, t, &vy, be);
        return;
    }
    if (symv(&g, t, name, upper, herm, nn, al, &ma, &vx, be, &vy))
        pb_report(g.ctxt, name, 0);
}

#define SYMV_ENTRY(l, U, T, op, OP, herm)                                                          \
    PB_API void p##l##op##_(const char *uplo, const int *n, const T *alpha, const T *a,            \
                            const int *ia, const int *ja, const int *desca, const T *x,            \
                            const int *ix, const int *jx, const int *descx, const int *incx,       \
                            const T *beta, T *y, const int *iy, const int *jy, const int *descy,   \
                            const int *incy, size_t l1)                                            \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1;                                                                                  \
        symv_call(&pb_type_##l, "P" #U#OP, herm, uplo, n, alpha, a, ia, ja, desca, x, ix, jx,      \
                  descx, incx, beta, y, iy, jy, descy, incy);                                      \
    }
SYMV_ENTRY(s, S, float, symv, SYMV, 0)
SYMV_ENTRY(d, D, double, symv, SYMV, 0)
SYMV_ENTRY(c, C, float, hemv, HEMV, 1)
SYMV_ENTRY(z, Z, double, hemv, HEMV, 1)

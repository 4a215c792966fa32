/*
 * pxdot.c -- the PBLAS routines that return one scalar of a sum, for every
 * type, RN of the exact value on every process of the scope (PBLAS's: the
 * process rows or columns of the vectors; 0 elsewhere), whatever the grid:
 *
 *   SUBROUTINE PxDOT(N, DOT, X, IX, JX, DESCX, INCX, Y, IY, JY, DESCY, INCY)
 *     PSDOT, PDDOT: sub(X)**T sub(Y); PCDOTU, PZDOTU: the same, complex;
 *     PCDOTC, PZDOTC: sub(X)**H sub(Y) (each part rounded once);
 *   SUBROUTINE PxNRM2(N, NORM2, X, IX, JX, DESCX, INCX)
 *     PSNRM2, PDNRM2, PSCNRM2, PDZNRM2: RN(sqrt(sum |x_k|^2)), the sum
 *     exact and the root rounded once (a NaN gives NaN, an infinity +Inf);
 *   SUBROUTINE PxASUM(N, ASUM, X, IX, JX, DESCX, INCX)
 *     PSASUM, PDASUM, PSCASUM, PDZASUM: RN(sum |x_k|), |re| + |im| for
 *     complex elements (xASUM's measure), the sum exact.
 *
 * sub(Y)'s elements are brought to the holders of sub(X)'s (nothing moves
 * when both are aligned), each holder adds its products exactly (binary32
 * data widened, exact in binary64; each complex part's products in their
 * own accumulator), and the partial accumulators meet at the scope's first
 * process, which rounds once (to binary32 for S and C without double
 * rounding: core/f32.h) and hands the result to the scope.  PBLAS sums
 * rounded partials over the process row or column.  Errors:
 * PXERBLA(name, position) on every process of the scope.
 */
#include <math.h>
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"

enum { DOTU, DOTC, NRM2, ASUM };

/* The parts of my elements of v (at my indices l, in order) as doubles:
 * re[k], im[k] (im zero for a real type). */
static void widen(const pb_type *t, const pb_grid *g, const pb_vec *v, const char *fetched,
                  const long *idx, long n, double *re, double *im)
{
    for (long k = 0; k < n; k++) {
        const char *e = fetched ? fetched + (size_t)k * (size_t)t->es : pb_vec_elem(v, g, idx[k]);
        double p[2];
        pb_scalar(t, e, p);
        re[k] = p[0];
        im[k] = p[1];
    }
}

/* acc[0], acc[1] += my exact partials of the part sums */
static void partials(int what, const pb_type *t, long n, double *xr, double *xi, const double *yr,
                     const double *yi, exb_superacc *acc)
{
    if (what == NRM2 || what == ASUM) {
        if (what == ASUM)
            for (long k = 0; k < n; k++)
                xr[k] = fabs(xr[k]), xi[k] = fabs(xi[k]);
        pb_acc_dot(&acc[0], n, xr, 1, what == NRM2 ? xr : NULL, 1);
        if (t->cplx)
            pb_acc_dot(&acc[0], n, xi, 1, what == NRM2 ? xi : NULL, 1);
        return;
    }
    pb_acc_dot(&acc[0], n, xr, 1, yr, 1);
    if (!t->cplx)
        return;
    /* DOTU: (xr yr - xi yi) + i (xr yi + xi yr); DOTC, x conjugated:
     * (xr yr + xi yi) + i (xr yi - xi yr) */
    pb_acc_dot(&acc[1], n, xr, 1, yi, 1);
    if (what == DOTC)
        pb_acc_dot(&acc[0], n, xi, 1, yi, 1);
    else
        pb_acc_dot(&acc[1], n, xi, 1, yr, 1);
    for (long k = 0; k < n; k++)
        xi[k] = -xi[k];
    if (what == DOTC)
        pb_acc_dot(&acc[1], n, xi, 1, yr, 1);
    else
        pb_acc_dot(&acc[0], n, xi, 1, yi, 1);
}

/* res[0], res[1] := the scope's result (every process of it) */
static int reduce(int what, const pb_type *t, const pb_grid *g, const pb_call *c, const pb_vec *vx,
                  const pb_vec *vy, double res[2])
{
    int err = MPI_ERR_NO_MEM, root = pb_scope_root(g, c);
    int nparts = what == DOTU || what == DOTC ? 1 + t->cplx : 1;
    pb_vlists *xl = pb_vlists_make(vx, g);
    long mine = xl ? xl->count[g->me] : 0, len = mine > 0 ? mine : 1;
    char *ybuf = malloc((size_t)len * (size_t)t->es), *holds = malloc((size_t)g->np);
    double *v = malloc((size_t)len * 4 * sizeof *v);
    exb_superacc *acc = pb_accs_new(4);
    if (!xl || !ybuf || !holds || !v || !acc)
        goto done;
    err = vy ? pb_vec_fetch(g, vy, xl, ybuf) : 0;
    for (int q = 0; q < g->np; q++)
        holds[q] = xl->count[q] > 0;
    if (!err && mine > 0) {
        widen(t, g, vx, NULL, xl->idx[g->me], mine, v, v + len);
        if (vy)
            widen(t, g, vy, ybuf, NULL, mine, v + 2 * len, v + 3 * len);
        partials(what, t, mine, v, v + len, v + 2 * len, v + 3 * len, acc);
    }
    for (int p = 0; !err && p < nparts; p++)
        err = pb_reduce_scalar(g, c, holds, &acc[p], &acc[2 + p], root);
    res[0] = res[1] = 0.0;
    if (g->me == root)
        for (int p = 0; p < nparts; p++)
            res[p] = pb_round_prec(&acc[2 + p], t->f32, what == NRM2);
    if (!err)
        err = pb_share_result(g, c, root, res, 2);
done:
    pb_vlists_free(xl);
    free(ybuf);
    free(holds);
    free(v);
    free(acc);
    return err;
}

/* t: the vectors' type; the result's type is t (DOT) or its real type. */
static void sum_call(int what, const pb_type *t, const char *name, const int *n, void *out,
                     const void *x, const int *ix, const int *jx, const int *descx, const int *incx,
                     const void *y, const int *iy, const int *jy, const int *descy, const int *incy)
{
    int dx[PB_DLEN], dy[PB_DLEN];
    int dot = what == DOTU || what == DOTC;
    pb_desc_widen(descx, dx);
    if (dot)
        pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, dx, name, 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    if (dot)
        pb_chkvec(&g, *n, 1, *iy - 1, *jy - 1, dy, *incy, 11, &info);
    pb_vec vx, vy;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    if (dot)
        pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    if (dot) {
        pb_share_long(&c, 9, *iy);
        pb_share_long(&c, 10, *jy);
        pb_share_desc(&c, 11, dy);
        pb_share_long(&c, 12, *incy);
    }
    if ((!info || pb_descs_ok(dx, dot ? dy : NULL, NULL)) && nn > 0) {
        pb_scope_vec_result(&c, &g, &vx, nn, dx[PB_M], *incx);
        if (dot)
            pb_scope_vec_result(&c, &g, &vy, nn, dy[PB_M], *incy);
    }
    if (pb_agree(&g, &c)) {
        pb_call_free(&c);
        return;
    }
    const pb_type *rt = dot || !t->cplx ? t : t->f32 ? &pb_type_s : &pb_type_d;
    double res[2] = {0.0, 0.0};
    if (nn > 0 && c.scope[g.me] && reduce(what, t, &g, &c, &vx, dot ? &vy : NULL, res))
        pb_report(g.ctxt, name, 0);
    pb_elem_set(rt, out, res[0], res[1]);
    pb_call_free(&c);
}

#define DOT_ENTRY(l, U, T, op, OP, what)                                                           \
    PB_API void p##l##op##_(const int *n, T *dot, const T *x, const int *ix, const int *jx,        \
                            const int *descx, const int *incx, const T *y, const int *iy,          \
                            const int *jy, const int *descy, const int *incy)                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        sum_call(what, &pb_type_##l, "P" #U#OP, n, dot, x, ix, jx, descx, incx, y, iy, jy, descy,  \
                 incy);                                                                            \
    }
DOT_ENTRY(s, S, float, dot, DOT, DOTU)
DOT_ENTRY(d, D, double, dot, DOT, DOTU)
DOT_ENTRY(c, C, float, dotu, DOTU, DOTU)
DOT_ENTRY(c, C, float, dotc, DOTC, DOTC)
DOT_ENTRY(z, Z, double, dotu, DOTU, DOTU)
DOT_ENTRY(z, Z, double, dotc, DOTC, DOTC)

/* name: the routine; R: the result's C type */
#define NORM_ENTRY(l, fname, NAME, T, R, what)                                                     \
    PB_API void fname(const int *n, R *res, const T *x, const int *ix, const int *jx,              \
                      const int *descx, const int *incx)                                           \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        sum_call(what, &pb_type_##l, NAME, n, res, x, ix, jx, descx, incx, NULL, NULL, NULL, NULL, \
                 NULL);                                                                            \
    }
NORM_ENTRY(s, psnrm2_, "PSNRM2", float, float, NRM2)
NORM_ENTRY(d, pdnrm2_, "PDNRM2", double, double, NRM2)
NORM_ENTRY(c, pscnrm2_, "PSCNRM2", float, float, NRM2)
NORM_ENTRY(z, pdznrm2_, "PDZNRM2", double, double, NRM2)
NORM_ENTRY(s, psasum_, "PSASUM", float, float, ASUM)
NORM_ENTRY(d, pdasum_, "PDASUM", double, double, ASUM)
NORM_ENTRY(c, pscasum_, "PSCASUM", float, float, ASUM)
NORM_ENTRY(z, pdzasum_, "PDZASUM", double, double, ASUM)

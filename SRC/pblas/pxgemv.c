/*
 * pxgemv.c -- PSGEMV, PDGEMV, PCGEMV, PZGEMV: sub(Y) :=
 * alpha*op(sub(A))*sub(X) + beta*sub(Y), each element (each part) RN of
 * alpha*S_i + beta*y_i with S_i exact, on every grid.
 *
 *   SUBROUTINE PxGEMV(TRANS, M, N, ALPHA, A, IA, JA, DESCA, X, IX, JX,
 *                     DESCX, INCX, BETA, Y, IY, JY, DESCY, INCY)
 *
 * sub(A) is M x N; TRANS 'N': X has N elements and Y M; 'T' or 'C' (the
 * conjugate transpose for C and Z): X has M and Y N.  PBLAS's quick
 * returns: M = 0, N = 0, or alpha = 0 and beta = 1; alpha = 0: sub(Y) :=
 * beta*sub(Y) (0 for beta = 0, Y not read).  A complex part's zero parts
 * of alpha and beta are no terms (xGEMV's contract).
 *
 * A stays, as in PBLAS: each holder of a block of sub(A) gets the elements
 * of sub(X) of its part of the inner dimension, forms the exact partial
 * sums of its rows of op(A) (binary32 data widened; one accumulator per
 * complex part), and sends them as exact accumulators to the holders of
 * sub(Y), which merge them and round once (PBLAS sums rounded partials
 * over the process row or column).  Errors: PXERBLA(name, position) on
 * every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static const long part_index[2] = {0, 1};

int pb_gemv(const pb_grid *g, const pb_type *t, char op, long m, long n, const double al[2],
            const pb_mat *ma, const pb_vec *vx, const double be[2], const pb_vec *vy)
{
    int np = g->np, err = MPI_ERR_NO_MEM, lerr = 0, ta = op != 'N', parts = 1 + t->cplx;
    pb_lists lr = {0}, lc = {0};
    pb_vlists *win = NULL, *yl = NULL;
    char *xb = NULL;
    exb_superacc *have = NULL, *want = NULL;
    pb_list *hr = malloc((size_t)np * sizeof *hr), *hc = malloc((size_t)np * sizeof *hc);
    pb_list *wr = malloc((size_t)np * sizeof *wr), *wc = malloc((size_t)np * sizeof *wc);
    char *hold = pb_holds_mat(g, ma);
    if (!hr || !hc || !wr || !wc || !hold || pb_lists_make(&lr, &ma->r, ma->i0, m) ||
        pb_lists_make(&lc, &ma->c, ma->j0, n))
        goto done;
    /* op(A)'s inner dimension: A's columns ('N') or rows ('T') */
    const pb_lists *inner = ta ? &lr : &lc, *outer = ta ? &lc : &lr;
    int in_by_row = ta;
    win = pb_vlists_from(g, inner, in_by_row, hold);
    yl = pb_vlists_make(vy, g);
    if (!win || !yl)
        goto done;
    long nin = win->count[g->me];
    int my_out = ta ? g->mycol : g->myrow;
    long nout = hold[g->me] ? outer->count[my_out] : 0, ny = yl->count[g->me];
    xb = malloc((size_t)(nin > 0 ? nin : 1) * (size_t)t->es);
    have = pb_accs_new(nout * parts);
    want = pb_accs_new(ny * parts);
    if (!xb || !have || !want)
        goto done;
    err = pb_vec_fetch(g, vx, win, xb);
    if (err)
        goto done;
    if (nout > 0 && nin > 0) {
        long ml, nl;
        const char *a = pb_mat_local(ma, g, &ml, &nl);
        lerr =
            pb_acc_gemv_typed(t, ta, op == 'C' && t->cplx, ml, nl, a, ma->lld, xb, nin, have, nout);
    }
    for (int q = 0; q < np; q++) {
        int c = ta ? q % g->npcol : q / g->npcol;
        hr[q] = (pb_list){outer->held[c], hold[q] ? outer->count[c] : 0};
        hc[q] = (pb_list){part_index, hold[q] ? parts : 0};
        wr[q] = (pb_list){yl->idx[q], yl->count[q]};
        wc[q] = (pb_list){part_index, yl->count[q] > 0 ? parts : 0};
    }
    err = pb_reduce(g, hr, hc, have, wr, wc, want); /* every process, even after lerr */
    if (!err)
        err = lerr; /* this process's partials are missing: report, store nothing */
    for (long a = 0; !err && a < ny; a++) {
        char *yk = pb_vec_elem(vy, g, yl->idx[g->me][a]);
        double y[2], r[2] = {0.0, 0.0};
        pb_scalar(t, yk, y);
        for (int q = 0; q < parts; q++)
            r[q] = pb_round_out(t, &want[a], parts > 1 ? &want[a + ny] : NULL, q, al, be, y);
        pb_elem_set(t, yk, r[0], r[1]);
    }
done:
    pb_lists_free(&lr);
    pb_lists_free(&lc);
    pb_vlists_free(win);
    pb_vlists_free(yl);
    free(xb);
    free(have);
    free(want);
    free(hr);
    free(hc);
    free(wr);
    free(wc);
    free(hold);
    return err;
}

static void gemv_call(const pb_type *t, const char *name, const char *trans, const int *m,
                      const int *n, const void *alpha, const void *a, const int *ia, const int *ja,
                      const int *desca, const void *x, const int *ix, const int *jx,
                      const int *descx, const int *incx, const void *beta, void *y, const int *iy,
                      const int *jy, const int *descy, const int *incy)
{
    int da[PB_DLEN], dx[PB_DLEN], dy[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_desc_widen(descy, dy);
    pb_grid g;
    if (pb_enter(&g, da, name, 8))
        return;
    int nota = exb_lsame(*trans, 'N'), conj = exb_lsame(*trans, 'C'), info = 0;
    if (!nota && !exb_lsame(*trans, 'T') && !conj)
        info = -1;
    char op = nota ? 'N' : conj && t->cplx ? 'C' : 'T';
    double al[2], be[2];
    pb_scalar(t, alpha, al);
    pb_scalar(t, beta, be);
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
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, mm, nn, a, t->es);
    pb_vec_set(&vx, &g, dx, nota ? nn : mm, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_vec_set(&vy, &g, dy, nota ? mm : nn, *iy - 1, *jy - 1, *incy, y, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_char(&c, 1, op);
    pb_share_long(&c, 2, *m);
    pb_share_long(&c, 3, *n);
    pb_share_scalar(&c, 4, t, al);
    pb_share_long(&c, 6, *ia);
    pb_share_long(&c, 7, *ja);
    pb_share_desc(&c, 8, da);
    pb_share_long(&c, 10, *ix);
    pb_share_long(&c, 11, *jx);
    pb_share_desc(&c, 12, dx);
    pb_share_long(&c, 13, *incx);
    pb_share_scalar(&c, 14, t, be);
    pb_share_long(&c, 16, *iy);
    pb_share_long(&c, 17, *jy);
    pb_share_desc(&c, 18, dy);
    pb_share_long(&c, 19, *incy);
    int alpha0 = pb_scalar_is(al, 0.0);
    int quick = mm == 0 || nn == 0 || (alpha0 && pb_scalar_is(be, 1.0));
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
    if (pb_gemv(&g, t, op, mm, nn, al, &ma, &vx, be, &vy))
        pb_report(g.ctxt, name, 0);
}

#define GEMV_ENTRY(l, U, T)                                                                        \
    PB_API void p##l##gemv_(const char *trans, const int *m, const int *n, const T *alpha,         \
                            const T *a, const int *ia, const int *ja, const int *desca,            \
                            const T *x, const int *ix, const int *jx, const int *descx,            \
                            const int *incx, const T *beta, T *y, const int *iy, const int *jy,    \
                            const int *descy, const int *incy, size_t ltrans)                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)ltrans;                                                                              \
        gemv_call(&pb_type_##l, "P" #U "GEMV", trans, m, n, alpha, a, ia, ja, desca, x, ix, jx,    \
                  descx, incx, beta, y, iy, jy, descy, incy);                                      \
    }
GEMV_ENTRY(s, S, float)
GEMV_ENTRY(d, D, double)
GEMV_ENTRY(c, C, float)
GEMV_ENTRY(z, Z, double)

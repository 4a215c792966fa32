/*
 * pxtrmv.c -- PxTRMV: sub(X) := op(sub(A))*sub(X), and PxTRSV: op(sub(A))
 * sub(X) = b solved in place (x = S, D, C, Z), sub(A) an N x N triangle,
 * sub(X) a row or a column of a distributed matrix, with the bits of the
 * sequential exact xTRMV / xTRSV on every grid.
 *
 *   SUBROUTINE PxTRMV(UPLO, TRANS, DIAG, N, A, IA, JA, DESCA, X, IX, JX,
 *                     DESCX, INCX)
 *   SUBROUTINE PxTRSV(the same arguments)
 *
 * TRMV: every element is RN of its exact sum over the triangle (a unit
 * diagonal's term x_i itself); TRSV: the substitution, each x_i rounded
 * once from its exact numerator (doc/CONTRACT.md).  sub(X) is one line of
 * pb_tri_lines (as PxTRMM / PxTRSM with one right-hand side): a column is
 * op(A) applied from the left; a row (INCX = M_X) is dealt as a row of B
 * and computed as a column, op(A) from the left; one process gets the
 * triangle and the whole vector, calls the exact core and sends the result
 * home.  Quick return (PBLAS): N = 0.  Errors: PXERBLA(name, position)
 * on every holder of an operand.
 */
#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static void trxv_call(const pb_type *t, const char *name, int mult, const char *uplo,
                      const char *trans, const char *diag, const int *n, const void *a,
                      const int *ia, const int *ja, const int *desca, void *x, const int *ix,
                      const int *jx, const int *descx, const int *incx)
{
    int da[PB_DLEN], dx[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descx, dx);
    pb_grid g;
    if (pb_enter(&g, da, name, 8))
        return;
    int upper = exb_lsame(*uplo, 'U'), nota = exb_lsame(*trans, 'N'), unit = exb_lsame(*diag, 'U');
    int conj = exb_lsame(*trans, 'C') && t->cplx, info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    else if (!nota && !exb_lsame(*trans, 'T') && !exb_lsame(*trans, 'C'))
        info = -2;
    else if (!unit && !exb_lsame(*diag, 'N'))
        info = -3;
    char op = nota ? 'N' : conj ? 'C' : 'T';
    pb_chkmat(&g, *n, 4, *n, 4, *ia - 1, *ja - 1, da, 8, &info);
    pb_chkvec(&g, *n, 4, *ix - 1, *jx - 1, dx, *incx, 12, &info);
    long nn = *n > 0 ? *n : 0;
    pb_vec vx;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    /* a column: op(A) x from the left; a row: dealt as one line of B from
     * the right, computed as the column op(A) x^T */
    pb_tri p = {.t = t,
                .name = name,
                .mult = mult,
                .side = vx.row ? 'R' : 'L',
                .uplo = upper ? 'U' : 'L',
                .transa = op,
                .row_vector = vx.row,
                .diag = unit ? 'U' : 'N',
                .m = vx.row ? 1 : nn,
                .n = vx.row ? nn : 1,
                .alpha = {1.0, 0.0}};
    pb_mat_set(&p.a, &g, da, *ia - 1, *ja - 1, nn, nn, a, t->es);
    p.b = vx.x;
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_char(&c, 1, p.uplo);
    pb_share_char(&c, 2, op);
    pb_share_char(&c, 3, p.diag);
    pb_share_long(&c, 4, *n);
    pb_share_long(&c, 6, *ia);
    pb_share_long(&c, 7, *ja);
    pb_share_desc(&c, 8, da);
    pb_share_long(&c, 10, *ix);
    pb_share_long(&c, 11, *jx);
    pb_share_desc(&c, 12, dx);
    pb_share_long(&c, 13, *incx);
    int quick = nn == 0;
    if ((!info || pb_descs_ok(da, dx, NULL)) && !quick) {
        pb_scope_mat(&c, &g, &p.a);
        pb_scope_vec(&c, &g, &vx);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (pb_tri_lines(&g, &p))
        pb_report(g.ctxt, name, 0);
}

#define TRXV_ENTRY(l, U, T, op, OP, mult)                                                          \
    PB_API void p##l##op##_(const char *uplo, const char *trans, const char *diag, const int *n,   \
                            const T *a, const int *ia, const int *ja, const int *desca, T *x,      \
                            const int *ix, const int *jx, const int *descx, const int *incx,       \
                            size_t l1, size_t l2, size_t l3)                                       \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)l3;                                                              \
        trxv_call(&pb_type_##l, "P" #U#OP, mult, uplo, trans, diag, n, a, ia, ja, desca, x, ix,    \
                  jx, descx, incx);                                                                \
    }
TRXV_ENTRY(s, S, float, trmv, TRMV, 1)
TRXV_ENTRY(d, D, double, trmv, TRMV, 1)
TRXV_ENTRY(c, C, float, trmv, TRMV, 1)
TRXV_ENTRY(z, Z, double, trmv, TRMV, 1)
TRXV_ENTRY(s, S, float, trsv, TRSV, 0)
TRXV_ENTRY(d, D, double, trsv, TRSV, 0)
TRXV_ENTRY(c, C, float, trsv, TRSV, 0)
TRXV_ENTRY(z, Z, double, trsv, TRSV, 0)

/*
 * pxsyrk.c -- PSSYRK, PDSYRK, PCSYRK, PZSYRK, PCHERK, PZHERK: the UPLO
 * triangle of sub(C) := alpha*op(sub(A))*op(sub(A))**T + beta*sub(C)
 * (**H, alpha and beta real, for HERK), every element (every part) RN of
 * its exact value, whatever the grid.
 *
 *   SUBROUTINE PxSYRK(UPLO, TRANS, N, K, ALPHA, A, IA, JA, DESCA, BETA, C,
 *                     IC, JC, DESCC)
 *
 * c_ij := RN(alpha sum_l op(A)_il op(A)_jl + beta c_ij) on the triangle
 * (doc/CONTRACT.md; HERK: conj(op(A)_jl), the diagonal's imaginary parts
 * +0 as xHERK sets them): each holder of a block of sub(C) gathers its
 * lines of A over the whole K and calls the exact GEMM of the type once
 * (pb_rank_update).  TRANS: 'N', 'T' ('C' too for S and D) for SYRK; 'N',
 * 'C' for HERK.  Quick return (PBLAS): N = 0, or (alpha = 0 or K = 0) and
 * beta = 1; alpha = 0 or K = 0: the triangle := beta*sub(C) (0 for beta =
 * 0).  Errors: PXERBLA(name, position) on every holder of an operand.
 */
#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

/* herm: HERK (alpha and beta of the real type t_real) */
static void syrk_call(const pb_type *t, const char *name, int herm, const char *uplo,
                      const char *trans, const int *n, const int *k, const void *alpha,
                      const void *a, const int *ia, const int *ja, const int *desca,
                      const void *beta, void *c, const int *ic, const int *jc, const int *descc)
{
    int da[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_enter(&g, da, name, 9))
        return;
    int upper = exb_lsame(*uplo, 'U'), nota = exb_lsame(*trans, 'N'), info = 0;
    int tlegal = exb_lsame(*trans, 'T') ? !herm : exb_lsame(*trans, 'C') ? herm || !t->cplx : 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    else if (!nota && !tlegal)
        info = -2;
    if (nota)
        pb_chkmat(&g, *n, 3, *k, 4, *ia - 1, *ja - 1, da, 9, &info);
    else
        pb_chkmat(&g, *k, 4, *n, 3, *ia - 1, *ja - 1, da, 9, &info);
    pb_chkmat(&g, *n, 3, *n, 3, *ic - 1, *jc - 1, dc, 14, &info);
    long nn = *n > 0 ? *n : 0, kk = *k > 0 ? *k : 0;
    const pb_type *ts = herm ? (t->f32 ? &pb_type_s : &pb_type_d) : t; /* the scalars' type */
    double al[2], be[2];
    pb_scalar(ts, alpha, al);
    pb_scalar(ts, beta, be);
    pb_mat ma, mc;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nota ? nn : kk, nota ? kk : nn, a, t->es);
    pb_mat_set(&mc, &g, dc, *ic - 1, *jc - 1, nn, nn, c, t->es);
    char op = nota ? 'N' : herm ? 'C' : 'T';
    pb_call cl;
    pb_call_init(&cl, &g, name);
    cl.info = info;
    pb_share_char(&cl, 1, upper ? 'U' : 'L');
    pb_share_char(&cl, 2, op);
    pb_share_long(&cl, 3, *n);
    pb_share_long(&cl, 4, *k);
    pb_share_scalar(&cl, 5, ts, al);
    pb_share_long(&cl, 7, *ia);
    pb_share_long(&cl, 8, *ja);
    pb_share_desc(&cl, 9, da);
    pb_share_scalar(&cl, 10, ts, be);
    pb_share_long(&cl, 12, *ic);
    pb_share_long(&cl, 13, *jc);
    pb_share_desc(&cl, 14, dc);
    int noterms = pb_scalar_is(al, 0.0) || kk == 0;
    int quick = nn == 0 || (noterms && pb_scalar_is(be, 1.0));
    if ((!info || pb_descs_ok(da, dc, NULL)) && !quick) {
        pb_scope_mat(&cl, &g, &mc);
        if (!noterms)
            pb_scope_mat(&cl, &g, &ma);
    }
    if (pb_agree(&g, &cl) || quick || !cl.scope[g.me]) {
        pb_call_free(&cl);
        return;
    }
    pb_call_free(&cl);
    if (pb_rank_update(&g, t, name, upper ? 'U' : 'L', op, herm, nn, kk, al, &ma, NULL, be, &mc))
        pb_report(g.ctxt, name, 0);
}

#define SYRK_ENTRY(l, U, T, S, op, OP, herm)                                                       \
    PB_API void p##l##op##_(const char *uplo, const char *trans, const int *n, const int *k,       \
                            const S *alpha, const T *a, const int *ia, const int *ja,              \
                            const int *desca, const S *beta, T *c, const int *ic, const int *jc,   \
                            const int *descc, size_t l1, size_t l2)                                \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2;                                                                        \
        syrk_call(&pb_type_##l, "P" #U#OP, herm, uplo, trans, n, k, alpha, a, ia, ja, desca, beta, \
                  c, ic, jc, descc);                                                               \
    }
SYRK_ENTRY(s, S, float, float, syrk, SYRK, 0)
SYRK_ENTRY(d, D, double, double, syrk, SYRK, 0)
SYRK_ENTRY(c, C, float, float, syrk, SYRK, 0)
SYRK_ENTRY(z, Z, double, double, syrk, SYRK, 0)
SYRK_ENTRY(c, C, float, float, herk, HERK, 1)
SYRK_ENTRY(z, Z, double, double, herk, HERK, 1)

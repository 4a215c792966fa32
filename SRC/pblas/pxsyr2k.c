/*
 * pxsyr2k.c -- PSSYR2K, PDSYR2K, PCSYR2K, PZSYR2K, PCHER2K, PZHER2K: the
 * UPLO triangle of sub(C) := alpha*op(sub(A))*op(sub(B))**T +
 * alpha*op(sub(B))*op(sub(A))**T + beta*sub(C) (HER2K: alpha op(A)
 * op(B)**H + conj(alpha) op(B) op(A)**H, beta real), every element (every
 * part) RN of its exact value, whatever the grid.
 *
 *   SUBROUTINE PxSYR2K(UPLO, TRANS, N, K, ALPHA, A, IA, JA, DESCA, B, IB,
 *                      JB, DESCB, BETA, C, IC, JC, DESCC)
 *
 * SYR2K: c_ij := RN(alpha sum_l (op(A)_il op(B)_jl + op(B)_il op(A)_jl) +
 * beta c_ij) on the triangle, the GEMM rule (doc/CONTRACT.md): each holder
 * of a block of sub(C) gathers its rows and columns of op(A) and op(B) and
 * calls the exact GEMM of the type once over the 2K terms; HER2K: ZHER2K's
 * rule, by the exact xHER2K on the block's rows and columns stacked (its
 * off-diagonal block), the diagonal real (pb_rank_update).  TRANS 'N',
 * 'T' ('C' too for S and D) for SYR2K; 'N', 'C' for HER2K.  Quick return
 * (PBLAS): N = 0, or (alpha = 0 or K = 0) and beta = 1; alpha = 0 or K =
 * 0: the triangle := beta*sub(C).  Errors: PXERBLA(name, position) on
 * every holder of an operand.
 */
#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static void syr2k_call(const pb_type *t, const char *name, int herm, const char *uplo,
                       const char *trans, const int *n, const int *k, const void *alpha,
                       const void *a, const int *ia, const int *ja, const int *desca, const void *b,
                       const int *ib, const int *jb, const int *descb, const void *beta, void *c,
                       const int *ic, const int *jc, const int *descc)
{
    int da[PB_DLEN], db[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_enter(&g, da, name, 9))
        return;
    int upper = exb_lsame(*uplo, 'U'), nota = exb_lsame(*trans, 'N'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    else if (!nota && !(exb_lsame(*trans, 'T')   ? !herm
                        : exb_lsame(*trans, 'C') ? herm || !t->cplx
                                                 : 0))
        info = -2;
    char op = nota ? 'N' : herm ? 'C' : 'T';
    double al[2], be[2];
    pb_scalar(t, alpha, al);
    pb_scalar(herm ? (t->f32 ? &pb_type_s : &pb_type_d) : t, beta, be);
    if (nota) {
        pb_chkmat(&g, *n, 3, *k, 4, *ia - 1, *ja - 1, da, 9, &info);
        pb_chkmat(&g, *n, 3, *k, 4, *ib - 1, *jb - 1, db, 13, &info);
    } else {
        pb_chkmat(&g, *k, 4, *n, 3, *ia - 1, *ja - 1, da, 9, &info);
        pb_chkmat(&g, *k, 4, *n, 3, *ib - 1, *jb - 1, db, 13, &info);
    }
    pb_chkmat(&g, *n, 3, *n, 3, *ic - 1, *jc - 1, dc, 18, &info);
    long nn = *n > 0 ? *n : 0, kk = *k > 0 ? *k : 0;
    pb_mat ma, mb, mc;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nota ? nn : kk, nota ? kk : nn, a, t->es);
    pb_mat_set(&mb, &g, db, *ib - 1, *jb - 1, nota ? nn : kk, nota ? kk : nn, b, t->es);
    pb_mat_set(&mc, &g, dc, *ic - 1, *jc - 1, nn, nn, c, t->es);
    pb_call cl;
    pb_call_init(&cl, &g, name);
    cl.info = info;
    pb_share_char(&cl, 1, upper ? 'U' : 'L');
    pb_share_char(&cl, 2, op);
    pb_share_long(&cl, 3, *n);
    pb_share_long(&cl, 4, *k);
    pb_share_scalar(&cl, 5, t, al);
    pb_share_long(&cl, 7, *ia);
    pb_share_long(&cl, 8, *ja);
    pb_share_desc(&cl, 9, da);
    pb_share_long(&cl, 11, *ib);
    pb_share_long(&cl, 12, *jb);
    pb_share_desc(&cl, 13, db);
    pb_share_scalar(&cl, 14, herm ? &pb_type_d : t, be);
    pb_share_long(&cl, 16, *ic);
    pb_share_long(&cl, 17, *jc);
    pb_share_desc(&cl, 18, dc);
    int noterms = pb_scalar_is(al, 0.0) || kk == 0;
    int quick = nn == 0 || (noterms && pb_scalar_is(be, 1.0));
    if ((!info || pb_descs_ok(da, db, dc)) && !quick) {
        pb_scope_mat(&cl, &g, &mc);
        if (!noterms) {
            pb_scope_mat(&cl, &g, &ma);
            pb_scope_mat(&cl, &g, &mb);
        }
    }
    if (pb_agree(&g, &cl) || quick || !cl.scope[g.me]) {
        pb_call_free(&cl);
        return;
    }
    pb_call_free(&cl);
    if (pb_rank_update(&g, t, name, upper ? 'U' : 'L', op, herm, nn, kk, al, &ma, &mb, be, &mc))
        pb_report(g.ctxt, name, 0);
}

#define SYR2K_ENTRY(l, U, T, S, op, OP, herm)                                                      \
    PB_API void p##l##op##_(const char *uplo, const char *trans, const int *n, const int *k,       \
                            const T *alpha, const T *a, const int *ia, const int *ja,              \
                            const int *desca, const T *b, const int *ib, const int *jb,            \
                            const int *descb, const S *beta, T *c, const int *ic, const int *jc,   \
                            const int *descc, size_t l1, size_t l2)                                \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2;                                                                        \
        syr2k_call(&pb_type_##l, "P" #U#OP, herm, uplo, trans, n, k, alpha, a, ia, ja, desca, b,   \
                   ib, jb, descb, beta, c, ic, jc, descc);                                         \
    }
SYR2K_ENTRY(s, S, float, float, syr2k, SYR2K, 0)
SYR2K_ENTRY(d, D, double, double, syr2k, SYR2K, 0)
SYR2K_ENTRY(c, C, float, float, syr2k, SYR2K, 0)
SYR2K_ENTRY(z, Z, double, double, syr2k, SYR2K, 0)
SYR2K_ENTRY(c, C, float, float, her2k, HER2K, 1)
SYR2K_ENTRY(z, Z, double, double, her2k, HER2K, 1)

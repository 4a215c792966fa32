/*
 * pdsyr2k.c -- PDSYR2K: the UPLO triangle of sub(C) := alpha*op(sub(A))*
 * op(sub(B))**T + alpha*op(sub(B))*op(sub(A))**T + beta*sub(C), every
 * element RN of its exact value, whatever the grid.
 *
 *   SUBROUTINE PDSYR2K(UPLO, TRANS, N, K, ALPHA, A, IA, JA, DESCA, B, IB,
 *                      JB, DESCB, BETA, C, IC, JC, DESCC)
 *
 * c_ij := RN(alpha sum_l (op(A)_il op(B)_jl + op(B)_il op(A)_jl) + beta
 * c_ij) on the triangle (doc/CONTRACT.md): each holder of a block of
 * sub(C) gathers its rows and columns of op(A) and op(B) and calls the
 * exact GEMM once over the 2K terms (pb_rank_update).  Quick return
 * (PBLAS): N = 0, or (alpha = 0 or K = 0) and beta = 1; alpha = 0 or
 * K = 0: the triangle := beta*sub(C).  Errors: PXERBLA('PDSYR2K',
 * position) on every holder of an operand.
 */
#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

PB_API void pdsyr2k_(const char *uplo, const char *trans, const int *n, const int *k,
                     const double *alpha, const double *a, const int *ia, const int *ja,
                     const int *desca, const double *b, const int *ib, const int *jb,
                     const int *descb, const double *beta, double *c, const int *ic, const int *jc,
                     const int *descc, size_t l1, size_t l2)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    int da[PB_DLEN], db[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_enter(&g, da, "PDSYR2K", 9))
        return;
    int upper = exb_lsame(*uplo, 'U'), nota = exb_lsame(*trans, 'N'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    else if (!nota && !exb_lsame(*trans, 'T') && !exb_lsame(*trans, 'C'))
        info = -2;
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
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nota ? nn : kk, nota ? kk : nn, a, 8);
    pb_mat_set(&mb, &g, db, *ib - 1, *jb - 1, nota ? nn : kk, nota ? kk : nn, b, 8);
    pb_mat_set(&mc, &g, dc, *ic - 1, *jc - 1, nn, nn, c, 8);
    pb_call cl;
    pb_call_init(&cl, &g, "PDSYR2K");
    cl.info = info;
    pb_share_char(&cl, 1, upper ? 'U' : 'L');
    pb_share_char(&cl, 2, nota ? 'N' : 'T');
    pb_share_long(&cl, 3, *n);
    pb_share_long(&cl, 4, *k);
    pb_share_double(&cl, 5, *alpha);
    pb_share_long(&cl, 7, *ia);
    pb_share_long(&cl, 8, *ja);
    pb_share_desc(&cl, 9, da);
    pb_share_long(&cl, 11, *ib);
    pb_share_long(&cl, 12, *jb);
    pb_share_desc(&cl, 13, db);
    pb_share_double(&cl, 14, *beta);
    pb_share_long(&cl, 16, *ic);
    pb_share_long(&cl, 17, *jc);
    pb_share_desc(&cl, 18, dc);
    int noterms = *alpha == 0.0 || kk == 0;
    int quick = nn == 0 || (noterms && *beta == 1.0);
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
    double al[2] = {*alpha, 0.0}, be[2] = {*beta, 0.0};
    if (pb_rank_update(&g, &pb_type_d, "PDSYR2K", upper ? 'U' : 'L', nota ? 'N' : 'T', 0, nn, kk,
                       al, &ma, &mb, be, &mc))
        pb_report(g.ctxt, "PDSYR2K", 0);
}

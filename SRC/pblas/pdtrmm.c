/*
 * pdtrmm.c -- PDTRMM: sub(B) := alpha*op(sub(A))*sub(B) (SIDE 'L') or
 * alpha*sub(B)*op(sub(A)) (SIDE 'R'), sub(A) triangular, with the bits of
 * the sequential exact DTRMM on the assembled matrices, on every grid.
 *
 *   SUBROUTINE PDTRMM(SIDE, UPLO, TRANSA, DIAG, M, N, ALPHA, A, IA, JA,
 *                     DESCA, B, IB, JB, DESCB)
 *
 * Every element is RN(alpha*S), S the exact sum over the triangle (a unit
 * diagonal's term b_ij itself; entries outside the triangle are no terms),
 * doc/CONTRACT.md.  As PDTRSM (pb_tri_lines): each column (SIDE 'L') or
 * row ('R') of sub(B) is computed whole by one process with the exact
 * DTRMM core, the triangle gathered there.  Quick return (PBLAS): M = 0 or
 * N = 0; alpha = 0: sub(B) := 0 (A not read).  Errors: PXERBLA('PDTRMM',
 * position) on every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

PB_API void pdtrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
                    const int *m, const int *n, const double *alpha, const double *a, const int *ia,
                    const int *ja, const int *desca, double *b, const int *ib, const int *jb,
                    const int *descb, size_t l1, size_t l2, size_t l3, size_t l4)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    (void)l3;
    (void)l4;
    int da[PB_DLEN], db[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_grid g;
    if (pb_enter(&g, da, "PDTRMM", 11))
        return;
    int left = exb_lsame(*side, 'L'), upper = exb_lsame(*uplo, 'U');
    int nota = exb_lsame(*transa, 'N'), unit = exb_lsame(*diag, 'U');
    int info = 0;
    if (!left && !exb_lsame(*side, 'R'))
        info = -1;
    else if (!upper && !exb_lsame(*uplo, 'L'))
        info = -2;
    else if (!nota && !exb_lsame(*transa, 'T') && !exb_lsame(*transa, 'C'))
        info = -3;
    else if (!unit && !exb_lsame(*diag, 'N'))
        info = -4;
    if (left)
        pb_chkmat(&g, *m, 5, *m, 5, *ia - 1, *ja - 1, da, 11, &info);
    else
        pb_chkmat(&g, *n, 6, *n, 6, *ia - 1, *ja - 1, da, 11, &info);
    pb_chkmat(&g, *m, 5, *n, 6, *ib - 1, *jb - 1, db, 15, &info);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0, tri = left ? mm : nn;
    pb_tri p = {.name = "PDTRMM",
                .mult = 1,
                .side = left ? 'L' : 'R',
                .uplo = upper ? 'U' : 'L',
                .transa = nota ? 'N' : 'T',
                .diag = unit ? 'U' : 'N',
                .m = mm,
                .n = nn,
                .alpha = *alpha};
    pb_mat_set(&p.a, &g, da, *ia - 1, *ja - 1, tri, tri, a, 8);
    pb_mat_set(&p.b, &g, db, *ib - 1, *jb - 1, mm, nn, b, 8);
    pb_call c;
    pb_call_init(&c, &g, "PDTRMM");
    c.info = info;
    pb_share_char(&c, 1, p.side);
    pb_share_char(&c, 2, p.uplo);
    pb_share_char(&c, 3, p.transa);
    pb_share_char(&c, 4, p.diag);
    pb_share_long(&c, 5, *m);
    pb_share_long(&c, 6, *n);
    pb_share_double(&c, 7, *alpha);
    pb_share_long(&c, 9, *ia);
    pb_share_long(&c, 10, *ja);
    pb_share_desc(&c, 11, da);
    pb_share_long(&c, 13, *ib);
    pb_share_long(&c, 14, *jb);
    pb_share_desc(&c, 15, db);
    int quick = mm == 0 || nn == 0;
    if ((!info || pb_descs_ok(da, db, NULL)) && !quick) {
        pb_scope_mat(&c, &g, &p.b);
        if (*alpha != 0.0)
            pb_scope_mat(&c, &g, &p.a);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (*alpha == 0.0) {
        long ml, nl;
        double *bl = (double *)pb_mat_local(&p.b, &g, &ml, &nl);
        for (long j = 0; j < nl; j++)
            for (long i = 0; i < ml; i++)
                bl[i + j * p.b.lld] = 0.0;
        return;
    }
    if (pb_tri_lines(&g, &p))
        pb_report(g.ctxt, "PDTRMM", 0);
}

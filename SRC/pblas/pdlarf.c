/*
 * pdlarf.c -- ScaLAPACK's PDLARF: sub(C) := H*sub(C) (SIDE 'L') or
 * sub(C)*H ('R'), H = I - tau*v*v**T, with the same bits on every grid.
 *
 *   SUBROUTINE PDLARF(SIDE, M, N, V, IV, JV, DESCV, INCV, TAU, C, IC, JC,
 *                     DESCC, WORK)
 *
 * ScaLAPACK's own PDLARF forms w = sub(C)**T v (or sub(C) v) from local
 * DGEMVs and adds the processes' rounded partials with DGSUM2D: its result
 * depends on the grid.  Here w_j = RN(sum_i c_ij v_i) exactly (partials
 * cross as exact accumulators, pb_larf_w), then c_ij := RN(c_ij - tau v_i
 * w_j) by the exact DGER core: LAPACK's DLARF, element for element, on
 * every grid.  v is sub(V)'s column (INCV = 1) or row (INCV = M_V), taken
 * as stored (the caller has put its unit entry); TAU is ScaLAPACK's: tied
 * to V, TAU(JJV) on V's process column (INCV = 1) or TAU(IIV) on its
 * process row, sent from there to every process.  tau = 0: H = I.  WORK is
 * not used.  Every process of the grid calls it, as ScaLAPACK's does.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "level2/level2.h"
#include "pblas.h"
#include "support/xerbla.h"

PB_API void pdlarf_(const char *side, const int *m, const int *n, const double *v, const int *iv,
                    const int *jv, const int *descv, const int *incv, const double *tau, double *c,
                    const int *ic, const int *jc, const int *descc, double *work, size_t l1)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)work;
    if (*m <= 0 || *n <= 0)
        return;
    int dv[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(descv, dv);
    pb_desc_widen(descc, dc);
    pb_grid g;
    pb_count_call();
    if (pb_grid_init(&g, dc[PB_CTXT]))
        return;
    int left = exb_lsame(*side, 'L'), row = *incv == dv[PB_M];
    long len = left ? *m : *n;
    pb_larf p = {.side = left ? 'L' : 'R', .storev = row ? 'R' : 'C', .direct = 0, .k = 1};
    pb_mat_set(&p.v, &g, dv, *iv - 1, *jv - 1, row ? 1 : len, row ? len : 1, v, 8);
    pb_mat_set(&p.c, &g, dc, *ic - 1, *jc - 1, *m, *n, c, 8);
    /* tau from V's first element's process, which holds it */
    int vr = pb_dim_owner(&p.v.r, p.v.i0), vc = pb_dim_owner(&p.v.c, p.v.j0);
    int root = pb_rank(&g, vr < 0 ? 0 : vr, vc < 0 ? 0 : vc);
    double t = 0.0;
    if (g.me == root)
        t = tau[row ? pb_dim_before(&p.v.r, p.v.i0, g.myrow)
                    : pb_dim_before(&p.v.c, p.v.j0, g.mycol)];
    int err = pb_bcast(&g, root, &t, 1);
    if (!err && t != 0.0) {
        long no, nl = pb_larf_lines(&g, &p, &no);
        double *vb = malloc((size_t)(nl > 0 ? nl : 1) * sizeof *vb);
        double *w = malloc((size_t)(no > 0 ? no : 1) * sizeof *w);
        err = MPI_ERR_NO_MEM;
        if (vb && w)
            err = pb_larf_w(&g, &p, vb, w);
        if (!err && nl > 0 && no > 0) {
            long ml, nc;
            double *cl = (double *)pb_mat_local(&p.c, &g, &ml, &nc);
            if (left) /* c_ij - tau v_i w_j */
                exb_dger_checked("PDLARF", ml, nc, -t, vb, 1, w, 1, cl, p.c.lld);
            else
                exb_dger_checked("PDLARF", ml, nc, -t, w, 1, vb, 1, cl, p.c.lld);
        }
        free(vb);
        free(w);
    }
    if (err)
        pb_report(g.ctxt, "PDLARF", 0);
}

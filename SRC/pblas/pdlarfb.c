/*
 * pdlarfb.c -- ScaLAPACK's PDLARFB: sub(C) := op(H)*sub(C) (SIDE 'L') or
 * sub(C)*op(H) ('R'), H = I - V T V**T the block reflector of PDLARFT,
 * with the same bits on every grid.
 *
 *   SUBROUTINE PDLARFB(SIDE, TRANS, DIRECT, STOREV, M, N, K, V, IV, JV,
 *                      DESCV, T, C, IC, JC, DESCC, WORK)
 *
 * LAPACK's DLARFB in three steps, each element rounded once:
 *   W := sub(C)**T V ('L', N x K) or sub(C) V ('R', M x K): the only sums
 *        over a distributed dimension; ScaLAPACK adds rounded partials with
 *        DGSUM2D, here they cross as exact accumulators (pb_larf_w) and
 *        every holder of sub(C)'s block gets W's rows it needs;
 *   W := W op(T)**T ('L') or W op(T) ('R'), the exact DTRMM core, alike on
 *        every holder (T, K x K, from V's first process (IVROW, IVCOL),
 *        where PDLARFT left it; leading dimension NB_V for STOREV 'C',
 *        MB_V for 'R');
 *   sub(C) := sub(C) - V W**T ('L') or sub(C) - W V**T ('R'), each element
 *        one exact GEMM element over the K terms.
 * V is sub(V)'s columns (STOREV 'C') or rows ('R') with the unit entries
 * and zeros of DIRECT (pb_larf_w).  WORK is not used.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "level3/level3.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

PB_API void pdlarfb_(const char *side, const char *trans, const char *direct, const char *storev,
                     const int *m, const int *n, const int *k, const double *v, const int *iv,
                     const int *jv, const int *descv, const double *t, double *c, const int *ic,
                     const int *jc, const int *descc, double *work, size_t l1, size_t l2, size_t l3,
                     size_t l4)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    (void)l3;
    (void)l4;
    (void)work;
    if (*m <= 0 || *n <= 0 || *k <= 0)
        return;
    int dv[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(descv, dv);
    pb_desc_widen(descc, dc);
    pb_grid g;
    pb_count_call();
    if (pb_grid_init(&g, dc[PB_CTXT]))
        return;
    int left = exb_lsame(*side, 'L'), notrans = exb_lsame(*trans, 'N');
    int fwd = exb_lsame(*direct, 'F'), cols = exb_lsame(*storev, 'C');
    long K = *k, L = left ? *m : *n;
    pb_larf p = {
        .side = left ? 'L' : 'R', .storev = cols ? 'C' : 'R', .direct = fwd ? 'F' : 'B', .k = K};
    pb_mat_set(&p.v, &g, dv, *iv - 1, *jv - 1, cols ? L : K, cols ? K : L, v, 8);
    pb_mat_set(&p.c, &g, dc, *ic - 1, *jc - 1, *m, *n, c, 8);
    int vr = pb_dim_owner(&p.v.r, p.v.i0), vc = pb_dim_owner(&p.v.c, p.v.j0);
    int root = pb_rank(&g, vr < 0 ? 0 : vr, vc < 0 ? 0 : vc);
    long ldt = cols ? dv[PB_NB] : dv[PB_MB];
    long no, nl = pb_larf_lines(&g, &p, &no);
    double *tb = malloc((size_t)(K * K) * sizeof *tb);
    double *vb = malloc((size_t)(nl * K > 0 ? nl * K : 1) * sizeof *vb);
    double *w = malloc((size_t)(no * K > 0 ? no * K : 1) * sizeof *w);
    int err = MPI_ERR_NO_MEM;
    if (!tb || !vb || !w)
        goto done;
    char uplo = fwd ? 'U' : 'L';
    for (long j = 0; j < K; j++) /* T's triangle (the rest is not T's) */
        for (long i = 0; i < K; i++)
            tb[i + j * K] = g.me == root && (fwd ? i <= j : i >= j) ? t[i + j * ldt] : 0.0;
    err = pb_bcast(&g, root, tb, (int)(K * K));
    if (!err)
        err = pb_larf_w(&g, &p, vb, w);
    if (!err && nl > 0 && no > 0) {
        /* 'L': W := W op(T)**T; 'R': W := W op(T) */
        char tt = left ? (notrans ? 'T' : 'N') : (notrans ? 'N' : 'T');
        exb_dtrmm_checked("PDLARFB", 'R', uplo, tt, 'N', no, K, 1.0, tb, K, w, no);
        long ml, nc;
        double *cl = (double *)pb_mat_local(&p.c, &g, &ml, &nc);
        if (left) /* C(I,J) - V(I,:) W(J,:)**T */
            exb_dgemm_checked("PDLARFB", 'N', 'T', ml, nc, K, -1.0, vb, nl, w, no, 1.0, cl,
                              p.c.lld);
        else /* C(I,J) - W(I,:) V(J,:)**T */
            exb_dgemm_checked("PDLARFB", 'N', 'T', ml, nc, K, -1.0, w, no, vb, nl, 1.0, cl,
                              p.c.lld);
    }
done:
    if (err)
        pb_report(g.ctxt, "PDLARFB", 0);
    free(tb);
    free(vb);
    free(w);
}

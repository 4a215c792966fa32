/*
 * pdlarft.c -- ScaLAPACK's PDLARFT: the triangular factor T of a block of
 * K Householder reflectors, with the same bits on every grid.
 *
 *   SUBROUTINE PDLARFT(DIRECT, STOREV, N, K, V, IV, JV, DESCV, TAU, T,
 *                      WORK)
 *
 * DIRECT 'F' (T upper): T(j,i) = RN(-tau_i sum_l v_j(l) v_i(l)) for j < i,
 * then T(1:i-1,i) := T(1:i-1,1:i-1) T(1:i-1,i) (the exact DTRMV core) and
 * T(i,i) = tau_i; 'B' (T lower) the same from the last reflector back.
 * The vectors are sub(V)'s columns (STOREV 'C') or rows ('R') with their
 * unit entries and zeros (pb_larf_w's structure).  ScaLAPACK's own PDLARFT
 * adds rounded partials of the sums with DGSUM2D; here each process of
 * V's process column (row) forms exact partials of the K(K-1)/2 sums over
 * its rows (columns) and they meet, exact, at V's first process
 * (IVROW, IVCOL), which alone computes T, as ScaLAPACK's does (T's
 * leading dimension NB_V for 'C', MB_V for 'R').  TAU is tied to V there.
 * WORK is not used.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "level2/level2.h"
#include "pblas.h"
#include "support/xerbla.h"

PB_API void pdlarft_(const char *direct, const char *storev, const int *n, const int *k, double *v,
                     const int *iv, const int *jv, const int *descv, const double *tau, double *t,
                     double *work, size_t l1, size_t l2)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    (void)work;
    if (*n <= 0 || *k <= 0)
        return;
    int dv[PB_DLEN];
    pb_desc_widen(descv, dv);
    pb_grid g;
    pb_count_call();
    if (pb_grid_init(&g, dv[PB_CTXT]))
        return;
    int fwd = exb_lsame(*direct, 'F'), cols = exb_lsame(*storev, 'C');
    long N = *n, K = *k;
    pb_mat mv;
    pb_mat_set(&mv, &g, dv, *iv - 1, *jv - 1, cols ? N : K, cols ? K : N, v, 8);
    int vr = pb_dim_owner(&mv.r, mv.i0), vc = pb_dim_owner(&mv.c, mv.j0);
    int root = pb_rank(&g, vr < 0 ? 0 : vr, vc < 0 ? 0 : vc);
    /* my part of the vectors: sub(V)'s rows ('C') or columns ('R') I hold */
    const pb_dim *along = cols ? &mv.r : &mv.c, *across = cols ? &mv.c : &mv.r;
    long a0 = cols ? mv.i0 : mv.j0, c0 = cols ? mv.j0 : mv.i0;
    int me_along = cols ? g.myrow : g.mycol, me_across = cols ? g.mycol : g.myrow;
    long nall = pb_dim_count(along, a0, N, me_along), nl = nall;
    if (pb_dim_count(across, c0, K, me_across) < K)
        nl = 0; /* the K vectors lie in one process column (row): not mine */
    long *lix = malloc((size_t)(nall > 0 ? nall : 1) * sizeof *lix);
    double *vb = malloc((size_t)(nl * K > 0 ? nl * K : 1) * sizeof *vb);
    exb_superacc *have = pb_accs_new(K * K), *want = pb_accs_new(K * K);
    pb_list *hl = malloc((size_t)g.np * sizeof *hl), *wl = malloc((size_t)g.np * sizeof *wl);
    long *kix = malloc((size_t)K * sizeof *kix);
    int err = MPI_ERR_NO_MEM;
    if (!lix || !vb || !have || !want || !hl || !wl || !kix)
        goto done;
    pb_dim_list(along, a0, N, me_along, lix);
    if (nl > 0) { /* my rows of the vectors, with their units and zeros */
        long ml, nc;
        const double *vl = (const double *)pb_mat_local(&mv, &g, &ml, &nc);
        for (long j = 0; j < K; j++)
            for (long a = 0; a < nl; a++) {
                long l = lix[a], u = fwd ? j : N - K + j;
                double e = cols ? vl[a + j * mv.lld] : vl[j + a * mv.lld];
                vb[a + j * nl] = l == u ? 1.0 : (fwd ? l < u : l > u) ? 0.0 : e;
            }
        /* the sums of v_j v_i for the pairs T needs (j < i forward) */
        for (long i = 0; i < K; i++)
            for (long j = 0; j < K; j++)
                if (fwd ? j < i : j > i)
                    pb_acc_dot(&have[j + i * K], nl, vb + j * nl, 1, vb + i * nl, 1);
    }
    for (long e = 0; e < K; e++)
        kix[e] = e;
    int np = g.np, holders = 0;
    for (int q = 0; q < np; q++) {
        int qa = cols ? q / g.npcol : q % g.npcol, qc = cols ? q % g.npcol : q / g.npcol;
        int h = pb_dim_count(along, a0, N, qa) > 0 && pb_dim_count(across, c0, K, qc) == K;
        hl[q] = (pb_list){kix, h ? K : 0};
        wl[q] = (pb_list){kix, q == root ? K : 0};
        holders += h;
    }
    (void)holders;
    err = pb_reduce(&g, hl, hl, have, wl, wl, want);
    if (!err && g.me == root) {
        long ldt = cols ? dv[PB_NB] : dv[PB_MB];
        long tj =
            cols ? pb_dim_before(&mv.c, mv.j0, g.mycol) : pb_dim_before(&mv.r, mv.i0, g.myrow);
        const double *tl = tau + tj;
        if (fwd) {
            t[0] = tl[0];
            for (long i = 1; i < K; i++) {
                for (long j = 0; j < i; j++)
                    t[j + i * ldt] = pb_round_affine(&want[j + i * K], -tl[i], 0.0, 0.0);
                exb_dtrmv_checked("PDLARFT", 'U', 'N', 'N', i, t, ldt, t + i * ldt, 1);
                t[i + i * ldt] = tl[i];
            }
        } else {
            t[(K - 1) + (K - 1) * ldt] = tl[K - 1];
            for (long i = K - 2; i >= 0; i--) {
                for (long j = i + 1; j < K; j++)
                    t[j + i * ldt] = pb_round_affine(&want[j + i * K], -tl[i], 0.0, 0.0);
                exb_dtrmv_checked("PDLARFT", 'L', 'N', 'N', K - 1 - i, t + (i + 1) * (ldt + 1), ldt,
                                  t + (i + 1) + i * ldt, 1);
                t[i + i * ldt] = tl[i];
            }
        }
    }
done:
    if (err)
        pb_report(g.ctxt, "PDLARFT", 0);
    free(lix);
    free(vb);
    free(have);
    free(want);
    free(hl);
    free(wl);
    free(kix);
}

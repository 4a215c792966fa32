/*
 * pxlarft.c -- ScaLAPACK's PxLARFT (x = S, D, C, Z): the triangular factor
 * T of a block of K Householder reflectors, with the same bits on every
 * grid.
 *
 *   SUBROUTINE PxLARFT(DIRECT, STOREV, N, K, V, IV, JV, DESCV, TAU, T,
 *                      WORK)
 *
 * DIRECT 'F' (T upper): T(j,i) = RN(-tau_i S_ji) for j < i, S_ji the exact
 * sum over l of conj(v_j(l)) v_i(l) (STOREV 'C', the columns as vectors) or
 * v_j(l) conj(v_i(l)) (STOREV 'R', the rows; no conjugation for a real
 * type), each part rounded once; then T(1:i-1,i) := T(1:i-1,1:i-1)
 * T(1:i-1,i) (the exact xTRMV core) and T(i,i) = tau_i: LAPACK's xLARFT;
 * 'B' (T lower) the same from the last reflector back.  The vectors carry
 * their unit entries and zeros (pb_larf_w's structure).  ScaLAPACK's own
 * PxLARFT adds rounded partials of the sums with xGSUM2D; here each
 * process of V's process column (row) forms exact partials of the K(K-1)/2
 * sums over its rows (columns) and they meet, exact, at V's first process
 * (IVROW, IVCOL), which alone computes T, as ScaLAPACK's does (T's leading
 * dimension NB_V for 'C', MB_V for 'R').  TAU is tied to V there.  WORK
 * is not used.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static void larft_call(const pb_type *ty, const char *name, const char *direct, const char *storev,
                       const int *n, const int *k, const void *v, const int *iv, const int *jv,
                       const int *descv, const void *tau, void *tout)
{
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
    pb_mat_set(&mv, &g, dv, *iv - 1, *jv - 1, cols ? N : K, cols ? K : N, v, ty->es);
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
    int parts = 1 + ty->cplx;
    double *vb = malloc((size_t)(nl * K > 0 ? nl * K : 1) * 2 * sizeof *vb), *vi = vb + nl * K;
    exb_superacc *have = pb_accs_new(K * K * parts), *want = pb_accs_new(K * K * parts);
    pb_list *hl = malloc((size_t)g.np * sizeof *hl), *wl = malloc((size_t)g.np * sizeof *wl);
    pb_list *hc = malloc((size_t)g.np * sizeof *hc), *wc = malloc((size_t)g.np * sizeof *wc);
    long *kix = malloc((size_t)(K * 2) * sizeof *kix);
    int err = MPI_ERR_NO_MEM, lerr = 0;
    if (!lix || !vb || !have || !want || !hl || !wl || !hc || !wc || !kix)
        goto done;
    pb_dim_list(along, a0, N, me_along, lix);
    if (nl > 0) { /* my rows of the vectors, with their units and zeros, as parts */
        long ml, nc;
        const char *vl = pb_mat_local(&mv, &g, &ml, &nc);
        for (long j = 0; j < K; j++)
            for (long a = 0; a < nl; a++) {
                long l = lix[a], u = fwd ? j : N - K + j;
                double e[2];
                pb_scalar(
                    ty, vl + (size_t)(cols ? a + j * mv.lld : j + a * mv.lld) * (size_t)ty->es, e);
                int one = l == u, zero = fwd ? l < u : l > u;
                vb[a + j * nl] = one ? 1.0 : zero ? 0.0 : e[0];
                vi[a + j * nl] = one || zero ? 0.0 : e[1];
            }
        /* the sums T needs (j < i forward): Re = sum vj_r vi_r + vj_i vi_i,
         * Im = sum vj_r vi_i - vj_i vi_r (conj(v_j) v_i; 'R': its conjugate) */
        double *neg = malloc((size_t)(nl > 0 ? nl : 1) * sizeof *neg);
        if (!neg)
            lerr = MPI_ERR_NO_MEM; /* reported after the reduction */
        for (long i = 0; neg && i < K; i++)
            for (long j = 0; j < K; j++) {
                if (!(fwd ? j < i : j > i))
                    continue;
                exb_superacc *re = &have[j + i * K], *im = &have[K * K + j + i * K];
                pb_acc_dot(re, nl, vb + j * nl, 1, vb + i * nl, 1);
                if (!ty->cplx)
                    continue;
                pb_acc_dot(re, nl, vi + j * nl, 1, vi + i * nl, 1);
                /* 'C': vj_r vi_i - vj_i vi_r; 'R': vj_i vi_r - vj_r vi_i */
                const double *p1 = cols ? vb + j * nl : vi + j * nl,
                             *q1 = cols ? vi + i * nl : vb + i * nl;
                const double *p2 = cols ? vi + j * nl : vb + j * nl,
                             *q2 = cols ? vb + i * nl : vi + i * nl;
                pb_acc_dot(im, nl, p1, 1, q1, 1);
                for (long a = 0; a < nl; a++)
                    neg[a] = -p2[a];
                pb_acc_dot(im, nl, neg, 1, q2, 1);
            }
        free(neg);
    }
    for (long e = 0; e < K * parts; e++)
        kix[e] = e;
    int np = g.np, holders = 0;
    for (int q = 0; q < np; q++) {
        int qa = cols ? q / g.npcol : q % g.npcol, qc = cols ? q % g.npcol : q / g.npcol;
        int h = pb_dim_count(along, a0, N, qa) > 0 && pb_dim_count(across, c0, K, qc) == K;
        hl[q] = (pb_list){kix, h ? K : 0};
        wl[q] = (pb_list){kix, q == root ? K : 0};
        hc[q] = (pb_list){kix, h ? K * parts : 0};
        wc[q] = (pb_list){kix, q == root ? K * parts : 0};
        holders += h;
    }
    (void)holders;
    err = pb_reduce(&g, hl, hc, have, wl, wc, want); /* every process, even after lerr */
    if (!err)
        err = lerr;
    if (!err && g.me == root) {
        long ldt = cols ? dv[PB_NB] : dv[PB_MB];
        long tj =
            cols ? pb_dim_before(&mv.c, mv.j0, g.mycol) : pb_dim_before(&mv.r, mv.i0, g.myrow);
        size_t es = (size_t)ty->es;
        const char *tl = (const char *)tau + (size_t)tj * es;
        char *t = tout;
        double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
        for (long s = 0; s < K; s++) {
            long i = fwd ? s : K - 1 - s;
            double ti[2], mt[2];
            pb_scalar(ty, tl + (size_t)i * es, ti);
            mt[0] = -ti[0], mt[1] = -ti[1];
            for (long j = fwd ? 0 : i + 1; fwd ? j < i : j < K; j++) {
                exb_superacc *re = &want[j + i * K],
                             *im = ty->cplx ? &want[K * K + j + i * K] : NULL;
                double r[2] = {0.0, 0.0};
                for (int q = 0; q < parts; q++)
                    r[q] = pb_round_out(ty, re, im, q, mt, zero, zero);
                pb_elem_set(ty, t + (size_t)(j + i * ldt) * es, r[0], r[1]);
            }
            if (fwd && i > 0)
                pb_local_trmv(ty, name, 'U', i, t, ldt, t + (size_t)(i * ldt) * es);
            else if (!fwd && i < K - 1)
                pb_local_trmv(ty, name, 'L', K - 1 - i, t + (size_t)((i + 1) * (ldt + 1)) * es, ldt,
                              t + (size_t)((i + 1) + i * ldt) * es);
            pb_elem_set(ty, t + (size_t)(i + i * ldt) * es, ti[0], ti[1]);
            (void)one;
        }
    }
done:
    if (err)
        pb_report(g.ctxt, name, 0);
    free(lix);
    free(vb);
    free(have);
    free(want);
    free(hl);
    free(wl);
    free(hc);
    free(wc);
    free(kix);
}

#define LARFT_ENTRY(l, U, T)                                                                       \
    PB_API void p##l##larft_(const char *direct, const char *storev, const int *n, const int *k,   \
                             T *v, const int *iv, const int *jv, const int *descv, const T *tau,   \
                             T *t, T *work, size_t l1, size_t l2)                                  \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)work;                                                            \
        larft_call(&pb_type_##l, "P" #U "LARFT", direct, storev, n, k, v, iv, jv, descv, tau, t);  \
    }
LARFT_ENTRY(s, S, float)
LARFT_ENTRY(d, D, double)
LARFT_ENTRY(c, C, float)
LARFT_ENTRY(z, Z, double)

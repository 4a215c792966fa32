/*
 * pxlarfb.c -- ScaLAPACK's PxLARFB (x = S, D, C, Z): sub(C) :=
 * op(H)*sub(C) (SIDE 'L') or sub(C)*op(H) ('R'), H = I - Vc T Vc**H the
 * block reflector of PxLARFT (Vc: sub(V)'s columns, or for STOREV 'R' the
 * conjugates of its rows), op(H) = H (TRANS 'N') or H**H ('C', 'T' for a
 * real type), with the same bits on every grid.
 *
 *   SUBROUTINE PxLARFB(SIDE, TRANS, DIRECT, STOREV, M, N, K, V, IV, JV,
 *                      DESCV, T, C, IC, JC, DESCC, WORK)
 *
 * LAPACK's xLARFB in three steps, each element (each part) rounded once:
 *   W := sub(C)**H Vc ('L', N x K) or sub(C) Vc ('R', M x K): the only sums
 *        over a distributed dimension; ScaLAPACK adds rounded partials with
 *        xGSUM2D, here they cross as exact accumulators (pb_larf_w) and
 *        every holder of sub(C)'s block gets W's rows it needs;
 *   W := W op(T)**H ('L') or W op(T) ('R'), the exact xTRMM core, alike on
 *        every holder (T, K x K, from V's first process (IVROW, IVCOL),
 *        where PxLARFT left it; leading dimension NB_V for STOREV 'C',
 *        MB_V for 'R');
 *   sub(C) := sub(C) - Vc W**H ('L') or sub(C) - W Vc**H ('R'), each
 *        element one exact GEMM element over the K terms.
 * The vectors carry the unit entries and zeros of DIRECT (pb_larf_w).
 * WORK is not used.
 */
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static void larfb_call(const pb_type *ty, const char *name, const char *side, const char *trans,
                       const char *direct, const char *storev, const int *m, const int *n,
                       const int *k, const void *v, const int *iv, const int *jv, const int *descv,
                       const void *t, void *c, const int *ic, const int *jc, const int *descc)
{
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
    pb_larf p = {.t = ty,
                 .side = left ? 'L' : 'R',
                 .storev = cols ? 'C' : 'R',
                 .direct = fwd ? 'F' : 'B',
                 .conjv = !cols && ty->cplx,
                 .k = K};
    size_t es = (size_t)ty->es;
    pb_mat_set(&p.v, &g, dv, *iv - 1, *jv - 1, cols ? L : K, cols ? K : L, v, ty->es);
    pb_mat_set(&p.c, &g, dc, *ic - 1, *jc - 1, *m, *n, c, ty->es);
    int vr = pb_dim_owner(&p.v.r, p.v.i0), vc = pb_dim_owner(&p.v.c, p.v.j0);
    int root = pb_rank(&g, vr < 0 ? 0 : vr, vc < 0 ? 0 : vc);
    long ldt = cols ? dv[PB_NB] : dv[PB_MB];
    long no, nl = pb_larf_lines(&g, &p, &no);
    char *tb = calloc((size_t)(K * K), es);
    char *vb = malloc((size_t)(nl * K > 0 ? nl * K : 1) * es);
    char *w = malloc((size_t)(no * K > 0 ? no * K : 1) * es);
    int err = MPI_ERR_NO_MEM;
    if (!tb || !vb || !w)
        goto done;
    char uplo = fwd ? 'U' : 'L';
    for (long j = 0; g.me == root && j < K; j++) /* T's triangle (the rest is not T's) */
        for (long i = 0; i < K; i++)
            if (fwd ? i <= j : i >= j)
                memcpy(tb + (size_t)(i + j * K) * es, (const char *)t + (size_t)(i + j * ldt) * es,
                       es);
    err = pb_bcast_bytes(&g, root, tb, K * K * (long)es);
    if (!err)
        err = pb_larf_w(&g, &p, vb, w);
    if (!err && nl > 0 && no > 0) {
        /* 'L': W := W op(T)**H; 'R': W := W op(T) */
        char tc = ty->cplx ? 'C' : 'T';
        char tt = left ? (notrans ? tc : 'N') : (notrans ? 'N' : tc);
        double one[2] = {1.0, 0.0}, mone[2] = {-1.0, 0.0};
        pb_local_trxm(ty, name, 0, 'R', uplo, tt, 'N', no, K, one, tb, K, w, no);
        long ml, nc;
        char *cl = pb_mat_local(&p.c, &g, &ml, &nc);
        if (left) /* C(I,J) - Vc(I,:) W(J,:)**H */
            pb_local_gemm(ty, name, 'N', tc, ml, nc, K, mone, vb, nl, w, no, one, cl, p.c.lld);
        else /* C(I,J) - W(I,:) Vc(J,:)**H */
            pb_local_gemm(ty, name, 'N', tc, ml, nc, K, mone, w, no, vb, nl, one, cl, p.c.lld);
    }
done:
    if (err)
        pb_report(g.ctxt, name, 0);
    free(tb);
    free(vb);
    free(w);
}

#define LARFB_ENTRY(l, U, T)                                                                       \
    PB_API void p##l##larfb_(const char *side, const char *trans, const char *direct,              \
                             const char *storev, const int *m, const int *n, const int *k,         \
                             const T *v, const int *iv, const int *jv, const int *descv,           \
                             const T *t, T *c, const int *ic, const int *jc, const int *descc,     \
                             T *work, size_t l1, size_t l2, size_t l3, size_t l4)                  \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)l3, (void)l4, (void)work;                                        \
        larfb_call(&pb_type_##l, "P" #U "LARFB", side, trans, direct, storev, m, n, k, v, iv, jv,  \
                   descv, t, c, ic, jc, descc);                                                    \
    }
LARFB_ENTRY(s, S, float)
LARFB_ENTRY(d, D, double)
LARFB_ENTRY(c, C, float)
LARFB_ENTRY(z, Z, double)

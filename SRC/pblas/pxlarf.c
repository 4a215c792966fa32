/*
 * pxlarf.c -- ScaLAPACK's PxLARF (x = S, D, C, Z) and PCLARFC, PZLARFC:
 * sub(C) := H*sub(C) (SIDE 'L') or sub(C)*H ('R'), H = I - tau*v*v**H
 * (PxLARFC: H**H, conj(tau)), with the same bits on every grid.
 *
 *   SUBROUTINE PxLARF(SIDE, M, N, V, IV, JV, DESCV, INCV, TAU, C, IC, JC,
 *                     DESCC, WORK)
 *
 * ScaLAPACK's own PxLARF forms w = sub(C)**H v (or sub(C) v) from local
 * xGEMVs and adds the processes' rounded partials with xGSUM2D: its result
 * depends on the grid.  Here each part of w_j is RN of its exact sum
 * (partials cross as exact accumulators, pb_larf_w), then sub(C) := sub(C)
 * - tau v w**H ('L') or - tau w v**H ('R') by the exact xGERC (xGER) core:
 * LAPACK's xLARF, element for element, on every grid.  v is sub(V)'s column
 * (INCV = 1) or row (INCV = M_V), taken as stored (the caller has put its
 * unit entry; a row is not conjugated, as xLARF takes it); TAU is
 * ScaLAPACK's: tied to V, TAU(JJV) on V's process column (INCV = 1) or
 * TAU(IIV) on its process row, sent from there to every process.  tau = 0:
 * H = I.  WORK is not used.  Every process of the grid calls it, as
 * ScaLAPACK's does.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static void larf_call(const pb_type *t, const char *name, int conjtau, const char *side,
                      const int *m, const int *n, const void *v, const int *iv, const int *jv,
                      const int *descv, const int *incv, const void *tau, void *c, const int *ic,
                      const int *jc, const int *descc)
{
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
    size_t es = (size_t)t->es;
    pb_larf p = {.t = t, .side = left ? 'L' : 'R', .storev = row ? 'R' : 'C', .direct = 0, .k = 1};
    pb_mat_set(&p.v, &g, dv, *iv - 1, *jv - 1, row ? 1 : len, row ? len : 1, v, t->es);
    pb_mat_set(&p.c, &g, dc, *ic - 1, *jc - 1, *m, *n, c, t->es);
    /* tau from V's first element's process, which holds it */
    int vr = pb_dim_owner(&p.v.r, p.v.i0), vc = pb_dim_owner(&p.v.c, p.v.j0);
    int root = pb_rank(&g, vr < 0 ? 0 : vr, vc < 0 ? 0 : vc);
    double tv[2] = {0.0, 0.0};
    if (g.me == root)
        pb_scalar(t,
                  (const char *)tau + (size_t)(row ? pb_dim_before(&p.v.r, p.v.i0, g.myrow)
                                                   : pb_dim_before(&p.v.c, p.v.j0, g.mycol)) *
                                          es,
                  tv);
    int err = pb_bcast(&g, root, tv, 2);
    if (!err && !pb_scalar_is(tv, 0.0)) {
        long no, nl = pb_larf_lines(&g, &p, &no);
        char *vb = malloc((size_t)(nl > 0 ? nl : 1) * es),
             *w = malloc((size_t)(no > 0 ? no : 1) * es);
        err = MPI_ERR_NO_MEM;
        if (vb && w)
            err = pb_larf_w(&g, &p, vb, w);
        if (!err && nl > 0 && no > 0) {
            long ml, nc;
            char *cl = pb_mat_local(&p.c, &g, &ml, &nc);
            double mt[2] = {-tv[0], conjtau ? tv[1] : -tv[1]}; /* -tau or -conj(tau) */
            if (left)                                          /* c_ij - tau v_i conj(w_j) */
                pb_local_ger(t, name, 1, ml, nc, mt, vb, w, cl, p.c.lld);
            else /* c_ij - tau w_i conj(v_j) */
                pb_local_ger(t, name, 1, ml, nc, mt, w, vb, cl, p.c.lld);
        }
        free(vb);
        free(w);
    }
    if (err)
        pb_report(g.ctxt, name, 0);
}

#define LARF_ENTRY(l, U, T, op, OP, conjtau)                                                       \
    PB_API void p##l##op##_(const char *side, const int *m, const int *n, const T *v,              \
                            const int *iv, const int *jv, const int *descv, const int *incv,       \
                            const T *tau, T *c, const int *ic, const int *jc, const int *descc,    \
                            T *work, size_t l1)                                                    \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)work;                                                                      \
        larf_call(&pb_type_##l, "P" #U#OP, conjtau, side, m, n, v, iv, jv, descv, incv, tau, c,    \
                  ic, jc, descc);                                                                  \
    }
LARF_ENTRY(s, S, float, larf, LARF, 0)
LARF_ENTRY(d, D, double, larf, LARF, 0)
LARF_ENTRY(c, C, float, larf, LARF, 0)
LARF_ENTRY(z, Z, double, larf, LARF, 0)
LARF_ENTRY(c, C, float, larfc, LARFC, 1)
LARF_ENTRY(z, Z, double, larfc, LARFC, 1)

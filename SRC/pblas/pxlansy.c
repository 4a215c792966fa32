/*
 * pxlansy.c -- ScaLAPACK's PxLANSY (x = S, D, C, Z) and PCLANHE, PZLANHE:
 * the max-abs ('M'), one or infinity ('1', 'O', 'I': the same for a
 * symmetric or Hermitian matrix) or Frobenius ('F', 'E') norm of the
 * symmetric (Hermitian) sub(A), only its UPLO triangle read, the same value
 * on every grid.
 *
 *   REAL / DOUBLE PRECISION FUNCTION PxLANSY(NORM, UPLO, N, A, IA, JA,
 *                                            DESCA, WORK)
 *
 * ScaLAPACK's own adds rounded column sums (xGSUM2D) and scaled sums of
 * squares (PxTREECOMB): its '1', 'I', 'F' norms, hence PxPOSVX's ANORM and
 * RCOND, depend on the grid.  Here each column sum of |a_ij| (pb_abs_elem;
 * a Hermitian diagonal's |re|, as xLANHE) over both triangles is exact and
 * rounded once (the norm their largest), 'F' is RN(sqrt(S)) with S the sum
 * of the squares of every part over both triangles exact (a Hermitian
 * diagonal's real part only), 'M' the largest |a_ij| of the triangle; NaN
 * gives NaN.  Each process forms exact partials for every column from the
 * stored elements it holds (an off-diagonal one counts for its row's column
 * too); they meet, exact, at process 0, and the value reaches every
 * process of the grid.  WORK is not used.
 */
#include <math.h>
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static const long zero_index = 0;

static double lansy(const pb_type *t, const char *name, int herm, const char *norm,
                    const char *uplo, const int *n, const void *a, const int *ia, const int *ja,
                    const int *desca)
{
    int da[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_grid g;
    pb_count_call();
    if (pb_grid_init(&g, da[PB_CTXT]) || *n <= 0)
        return 0.0;
    long N = *n;
    int upper = exb_lsame(*uplo, 'U'), maxabs = exb_lsame(*norm, 'M');
    int frob = exb_lsame(*norm, 'F') || exb_lsame(*norm, 'E');
    pb_mat ma;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, N, N, a, t->es);
    long ml, nl, *ri = NULL, *cj = NULL;
    const char *al = pb_mat_local(&ma, &g, &ml, &nl);
    if (ml == 0 || nl == 0)
        ml = nl = 0;
    long nacc = frob ? 1 : N;
    exb_superacc *have = pb_accs_new(nacc), *want = pb_accs_new(nacc);
    pb_list *hr = malloc((size_t)g.np * sizeof *hr), *hc = malloc((size_t)g.np * sizeof *hc);
    long *all = malloc((size_t)N * sizeof *all);
    ri = malloc((size_t)(N > 0 ? N : 1) * sizeof *ri); /* pb_dim_list: up to N */
    cj = malloc((size_t)(N > 0 ? N : 1) * sizeof *cj);
    double v = 0.0;
    int err = MPI_ERR_NO_MEM;
    if (!have || !want || !hr || !hc || !all || !ri || !cj)
        goto done;
    pb_dim_list(&ma.r, ma.i0, N, g.myrow, ri);
    pb_dim_list(&ma.c, ma.j0, N, g.mycol, cj);
    for (long k = 0; k < N; k++)
        all[k] = k;
    for (long b = 0; b < nl; b++)
        for (long r = 0; r < ml; r++) {
            long i = ri[r], j = cj[b];
            if (upper ? i > j : i < j)
                continue;
            const char *el = al + (size_t)(r + b * ma.lld) * (size_t)t->es;
            double e[2];
            pb_scalar(t, el, e);
            if (herm && i == j) /* a Hermitian diagonal: its real part */
                e[1] = 0.0;
            double f = herm && i == j ? fabs(e[0]) : pb_abs_elem(t, el);
            if (maxabs) {
                if (isnan(f) || f > v || isnan(v))
                    v = isnan(v) ? v : f;
            } else if (frob) {
                for (int q = 0; q < 1 + t->cplx; q++) {
                    pb_acc_dot(&have[0], 1, &e[q], 1, &e[q], 1);
                    if (i != j)
                        pb_acc_dot(&have[0], 1, &e[q], 1, &e[q], 1);
                }
            } else {
                pb_acc_dot(&have[j], 1, &f, 1, NULL, 0);
                if (i != j)
                    pb_acc_dot(&have[i], 1, &f, 1, NULL, 0);
            }
        }
    if (maxabs) {
        double pair[2] = {isnan(v) ? 1.0 : 0.0, isnan(v) ? 0.0 : v}, out[2];
        err = MPI_Allreduce(pair, out, 2, MPI_DOUBLE, MPI_MAX, g.comm);
        v = out[0] > 0.0 ? NAN : out[1];
        goto done;
    }
    for (int q = 0; q < g.np; q++) {
        int h = pb_mat_holds(&ma, q / g.npcol, q % g.npcol);
        hr[q] = (pb_list){&zero_index, h ? 1 : 0};
        hc[q] = (pb_list){all, h ? nacc : 0};
    }
    pb_list *wr = malloc((size_t)g.np * sizeof *wr), *wc = malloc((size_t)g.np * sizeof *wc);
    if (!wr || !wc) {
        free(wr);
        free(wc);
        goto done;
    }
    for (int q = 0; q < g.np; q++) {
        wr[q] = (pb_list){&zero_index, q == 0};
        wc[q] = (pb_list){all, q == 0 ? nacc : 0};
    }
    err = pb_reduce(&g, hr, hc, have, wr, wc, want);
    free(wr);
    free(wc);
    v = 0.0;
    if (!err && g.me == 0) {
        if (frob) {
            v = pb_round_prec(&want[0], t->f32, 1);
        } else {
            for (long k = 0; k < N; k++) {
                double s = pb_round_prec(&want[k], t->f32, 0);
                if (isnan(s) || s > v || isnan(v))
                    v = isnan(v) ? v : s;
            }
        }
    }
    if (!err)
        err = pb_bcast(&g, 0, &v, 1);
done:
    if (err)
        pb_report(g.ctxt, name, 0);
    free(have);
    free(want);
    free(hr);
    free(hc);
    free(all);
    free(ri);
    free(cj);
    return v;
}

#define LANSY_ENTRY(l, U, T, R, op, OP, herm)                                                      \
    PB_API R p##l##op##_(const char *norm, const char *uplo, const int *n, const T *a,             \
                         const int *ia, const int *ja, const int *desca, T *work, size_t l1,       \
                         size_t l2)                                                                \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2, (void)work;                                                            \
        return (R)lansy(&pb_type_##l, "P" #U#OP, herm, norm, uplo, n, a, ia, ja, desca);           \
    }
LANSY_ENTRY(s, S, float, float, lansy, LANSY, 0)
LANSY_ENTRY(d, D, double, double, lansy, LANSY, 0)
LANSY_ENTRY(c, C, float, float, lansy, LANSY, 0)
LANSY_ENTRY(z, Z, double, double, lansy, LANSY, 0)
LANSY_ENTRY(c, C, float, float, lanhe, LANHE, 1)
LANSY_ENTRY(z, Z, double, double, lanhe, LANHE, 1)

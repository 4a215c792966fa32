/*
 * pxlange.c -- ScaLAPACK's PxLANGE (x = S, D, C, Z): the max-abs ('M'),
 * one ('1', 'O'), infinity ('I') or Frobenius ('F', 'E') norm of sub(A),
 * the same value on every grid.
 *
 *   REAL / DOUBLE PRECISION FUNCTION PxLANGE(NORM, M, N, A, IA, JA, DESCA,
 *                                            WORK)
 *
 * ScaLAPACK's own adds rounded column or row sums over the grid (xGSUM2D)
 * and combines scaled sums of squares (PxTREECOMB): its '1', 'I' and 'F'
 * norms depend on the grid, and with them ANORM, hence RCOND, in
 * PxGESVX.  Here |a_ij| is the element's absolute value rounded once in
 * the type's real precision (|re + i im| = RN(sqrt(re^2 + im^2)), the sum
 * exact: pb_abs_elem); each column ('1') or row ('I') sum of those is
 * exact and rounded once, the norm the largest of them; 'F' is RN(sqrt(S)),
 * S the exact sum of the squares of every part; 'M' the largest |a_ij|.  A
 * NaN in sub(A) gives NaN.  Sums cross the grid as exact accumulators; the
 * value reaches every process of the grid (as ScaLAPACK's).  WORK is not
 * used.
 */
#include <math.h>
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static const long zero_index = 0;

/* Every process's largest value (NaN wins), on every process. */
static double max_all(const pb_grid *g, double v)
{
    double pair[2] = {isnan(v) ? 1.0 : 0.0, isnan(v) ? 0.0 : v}, out[2];
    MPI_Allreduce(pair, out, 2, MPI_DOUBLE, MPI_MAX, g->comm);
    return out[0] > 0.0 ? NAN : out[1];
}

/* The largest of the exact, once rounded sums of |a_ij| along each column
 * (cols) or row of sub(A). */
static double line_sums(const pb_type *t, const pb_grid *g, const pb_mat *a, int cols, int *err)
{
    int np = g->np;
    long ml, nl;
    const char *al = pb_mat_local(a, g, &ml, &nl);
    if (ml == 0 || nl == 0)
        ml = nl = 0;
    long nlines = cols ? nl : ml, along = cols ? ml : nl;
    pb_lists l = {0};
    pb_list *hr = malloc((size_t)np * sizeof *hr), *hc = malloc((size_t)np * sizeof *hc);
    char *hold = pb_holds_mat(g, a);
    exb_superacc *have = pb_accs_new(nlines), *want = pb_accs_new(nlines);
    double *tmp = malloc((size_t)(along > 0 ? along : 1) * sizeof *tmp), best = 0.0;
    *err = MPI_ERR_NO_MEM;
    if (!hr || !hc || !hold || !have || !want || !tmp ||
        pb_lists_make(&l, cols ? &a->c : &a->r, cols ? a->j0 : a->i0, cols ? a->n : a->m))
        goto done;
    for (long k = 0; k < nlines; k++) {
        for (long s = 0; s < along; s++)
            tmp[s] = pb_abs_elem(t, al + (size_t)(cols ? s + k * a->lld : k + s * a->lld) *
                                             (size_t)t->es);
        pb_acc_dot(&have[k], along, tmp, 1, NULL, 0);
    }
    pb_block_lists(g, &l, !cols, hold, hc);
    for (int q = 0; q < np; q++)
        hr[q] = (pb_list){&zero_index, hc[q].n > 0};
    *err = pb_reduce(g, hr, hc, have, hr, hc, want);
    for (long k = 0; !*err && k < nlines; k++) {
        double v = pb_round_prec(&want[k], t->f32, 0);
        if (isnan(v) || v > best || isnan(best))
            best = isnan(best) ? best : v;
    }
done:
    pb_lists_free(&l);
    free(hr);
    free(hc);
    free(hold);
    free(have);
    free(want);
    free(tmp);
    return best;
}

static double lange(const pb_type *t, const char *name, const char *norm, const int *m,
                    const int *n, const void *a, const int *ia, const int *ja, const int *desca)
{
    int da[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_grid g;
    pb_count_call();
    if (pb_grid_init(&g, da[PB_CTXT]))
        return 0.0;
    if (*m <= 0 || *n <= 0)
        return 0.0;
    pb_mat ma;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, *m, *n, a, t->es);
    long ml, nl;
    const char *al = pb_mat_local(&ma, &g, &ml, &nl);
    if (ml == 0 || nl == 0)
        ml = nl = 0;
    int err = 0;
    double v = 0.0;
    size_t es = (size_t)t->es;
    if (exb_lsame(*norm, 'M')) {
        for (long j = 0; j < nl; j++)
            for (long i = 0; i < ml; i++) {
                double e = pb_abs_elem(t, al + (size_t)(i + j * ma.lld) * es);
                if (isnan(e) || e > v || isnan(v))
                    v = isnan(v) ? v : e;
            }
        return max_all(&g, v);
    }
    if (exb_lsame(*norm, 'O') || *norm == '1' || exb_lsame(*norm, 'I')) {
        v = line_sums(t, &g, &ma, !exb_lsame(*norm, 'I'), &err);
        return err ? NAN : max_all(&g, v);
    }
    /* 'F', 'E': RN(sqrt(sum of every part's square)), the sum exact at process 0 */
    exb_superacc *acc = pb_accs_new(2);
    char *holds = malloc((size_t)g.np);
    double *col = malloc((size_t)(ml > 0 ? 2 * ml : 1) * sizeof *col);
    err = MPI_ERR_NO_MEM;
    if (acc && holds && col) {
        for (long j = 0; j < nl; j++) {
            for (long i = 0; i < ml; i++)
                pb_scalar(t, al + (size_t)(i + j * ma.lld) * es, col + 2 * i);
            pb_acc_dot(&acc[0], ml, col, 2, col, 2);
            if (t->cplx)
                pb_acc_dot(&acc[0], ml, col + 1, 2, col + 1, 2);
        }
        for (int q = 0; q < g.np; q++)
            holds[q] = (char)pb_mat_holds(&ma, q / g.npcol, q % g.npcol);
        pb_call c;
        pb_call_init(&c, &g, name);
        err = c.scope ? pb_reduce_scalar(&g, &c, holds, &acc[0], &acc[1], 0) : MPI_ERR_NO_MEM;
        pb_call_free(&c);
        v = g.me == 0 ? pb_round_prec(&acc[1], t->f32, 1) : 0.0;
        if (!err)
            err = pb_bcast(&g, 0, &v, 1);
    }
    free(acc);
    free(holds);
    free(col);
    if (err)
        pb_report(g.ctxt, name, 0);
    return v;
}

#define LANGE_ENTRY(l, U, T, R)                                                                    \
    PB_API R p##l##lange_(const char *norm, const int *m, const int *n, const T *a, const int *ia, \
                          const int *ja, const int *desca, T *work, size_t l1)                     \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)work;                                                                      \
        return (R)lange(&pb_type_##l, "P" #U "LANGE", norm, m, n, a, ia, ja, desca);               \
    }
LANGE_ENTRY(s, S, float, float)
LANGE_ENTRY(d, D, double, double)
LANGE_ENTRY(c, C, float, float)
LANGE_ENTRY(z, Z, double, double)

/*
 * pxamax.c -- PSAMAX, PDAMAX, PCAMAX, PZAMAX: INDX := the global index of
 * the element of sub(X) largest in absolute value (|re| + |im| rounded in
 * the type's precision for C and Z, as ICAMAX and IZAMAX measure it), AMAX
 * := that element (its bits), on every process of the scope (PBLAS's: the
 * process row or column of sub(X); 0 and 0 elsewhere), the same on every
 * grid.
 *
 *   SUBROUTINE PxAMAX(N, AMAX, INDX, X, IX, JX, DESCX, INCX)
 *
 * The element is IxAMAX's on the whole vector (doc/CONTRACT.md): the first
 * k with |x_k| greater than every |x_j| before it, ties to the lowest
 * global index, a NaN skipped unless it is the first element, which then
 * stays the answer; INDX is the global row (INCX = 1) or column (INCX =
 * M_X) index, so IX or JX when every element is zero, as PBLAS gives.
 * PBLAS combines each process's local maximum over a tree of processes and
 * keeps the earlier process on a tie, whatever the elements' indices, so
 * its pivot on a tie (and with NaN) depends on the grid; here each holder
 * offers its first maximum and the scope's first process picks the lowest
 * index among the largest.
 * Errors: PXERBLA(name, position) on every process of the scope.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"

#define TAG_AMAX 27185

/* A holder's offer: its first largest non-NaN element (its measure; its
 * bits, up to 16 bytes, in the two slots bits[]) and whether the vector's
 * first element is a NaN it holds. */
typedef struct offer {
    double measure, bits[2], index, nan_first, any;
} offer;
#define OFFER_LEN 6

static offer with_bits(offer o, const char *e, int es)
{
    memcpy(o.bits, e, (size_t)es);
    return o;
}

static offer local_offer(const pb_type *t, const pb_grid *g, const pb_vec *v, const pb_vlists *l)
{
    offer o = {0};
    long n = l->count[g->me];
    for (long a = 0; a < n; a++) {
        long k = l->idx[g->me][a];
        const char *e = pb_vec_elem(v, g, k);
        double m = pb_abs1(t, e);
        if (isnan(m)) {
            if (k == 0)
                return with_bits((offer){m, {0.0, 0.0}, 0.0, 1.0, 1.0}, e, t->es);
            continue;
        }
        if (!o.any || m > o.measure)
            o = with_bits((offer){m, {0.0, 0.0}, (double)k, 0.0, 1.0}, e, t->es);
    }
    return o;
}

/* The root's choice among the offers. */
static offer choose(const offer *o, int n)
{
    offer best = {0};
    for (int i = 0; i < n; i++)
        if (o[i].any && o[i].nan_first)
            return o[i];
    for (int i = 0; i < n; i++) {
        if (!o[i].any)
            continue;
        double a = o[i].measure, b = best.measure;
        if (!best.any || a > b || (a == b && o[i].index < best.index))
            best = o[i];
    }
    return best;
}

/* res: the element's (re, im) and its index (0-based) */
static int amax(const pb_type *t, const pb_grid *g, const pb_call *c, const pb_vec *v, double *res)
{
    int root = pb_scope_root(g, c), err = MPI_ERR_NO_MEM;
    pb_vlists *l = pb_vlists_make(v, g);
    offer *all = malloc((size_t)g->np * sizeof *all);
    if (!l || !all)
        goto done;
    offer mine = local_offer(t, g, v, l);
    err = MPI_SUCCESS;
    if (g->me != root) {
        if (l->count[g->me] > 0)
            err = MPI_Send(&mine, OFFER_LEN, MPI_DOUBLE, root, TAG_AMAX, g->comm);
    } else {
        int n = 0;
        for (int q = 0; q < g->np && !err; q++) {
            if (l->count[q] == 0)
                continue;
            if (q == root)
                all[n++] = mine;
            else
                err = MPI_Recv(&all[n++], OFFER_LEN, MPI_DOUBLE, q, TAG_AMAX, g->comm,
                               MPI_STATUS_IGNORE);
        }
        offer best = choose(all, n);
        res[0] = best.bits[0];
        res[1] = best.bits[1];
        res[2] = best.index;
    }
    if (!err)
        err = pb_share_result(g, c, root, res, 3);
done:
    pb_vlists_free(l);
    free(all);
    return err;
}

static void amax_call(const pb_type *t, const char *name, const int *n, void *amax_out, int *indx,
                      const void *x, const int *ix, const int *jx, const int *descx,
                      const int *incx)
{
    int dx[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_grid g;
    if (pb_enter(&g, dx, name, 7))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 7, &info);
    pb_vec vx;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_long(&c, 5, *ix);
    pb_share_long(&c, 6, *jx);
    pb_share_desc(&c, 7, dx);
    pb_share_long(&c, 8, *incx);
    if ((!info || pb_descs_ok(dx, NULL, NULL)) && nn > 0)
        pb_scope_vec_result(&c, &g, &vx, nn, dx[PB_M], *incx);
    if (pb_agree(&g, &c)) {
        pb_call_free(&c);
        return;
    }
    *indx = 0;
    pb_elem_set(t, amax_out, 0.0, 0.0);
    if (nn > 0 && c.scope[g.me]) {
        double res[3];
        if (amax(t, &g, &c, &vx, res)) {
            pb_report(g.ctxt, name, 0);
        } else {
            memcpy(amax_out, res, (size_t)t->es); /* the element's bits */
            *indx = (int)res[2] + (vx.row ? *jx : *ix);
        }
    }
    pb_call_free(&c);
}

#define AMAX_ENTRY(l, U, T)                                                                        \
    PB_API void p##l##amax_(const int *n, T *amax_out, int *indx, const T *x, const int *ix,       \
                            const int *jx, const int *descx, const int *incx)                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        amax_call(&pb_type_##l, "P" #U "AMAX", n, amax_out, indx, x, ix, jx, descx, incx);         \
    }
AMAX_ENTRY(s, S, float)
AMAX_ENTRY(d, D, double)
AMAX_ENTRY(c, C, float)
AMAX_ENTRY(z, Z, double)

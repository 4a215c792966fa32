/*
 * dist.c -- block-cyclic index arithmetic: who holds a global index, where
 * it lies in the holder's local array, and the sub-matrices and vectors of
 * the PBLAS arguments.
 *
 * A dimension of n indices is cut into a first block of ib and blocks of b;
 * block t goes to process coordinate (src + t) mod np (src = -1: every
 * coordinate holds every index).  Each process stores its blocks one after
 * the other, so the local index of g is the number of indices before g
 * that the same process holds (pb_dim_before): one formula serves the
 * owner's local index, the local start of a sub-matrix and NUMROC.
 */
#include <stdlib.h>

#include "pblas.h"

static long block_of(const pb_dim *d, long g)
{
    return g < d->ib ? 0 : 1 + (g - d->ib) / d->b;
}

static long block_start(const pb_dim *d, long t)
{
    return t == 0 ? 0 : d->ib + (t - 1) * d->b;
}

int pb_dim_owner(const pb_dim *d, long g)
{
    if (d->src < 0)
        return -1;
    return (int)((d->src + block_of(d, g)) % d->np);
}

long pb_dim_before(const pb_dim *d, long g, int p)
{
    if (g <= 0)
        return 0;
    if (d->src < 0)
        return g;
    long t = block_of(d, g);
    int dist = (p - d->src + d->np) % d->np; /* p holds blocks dist, dist + np, ... */
    long held = t > dist ? (t - dist - 1) / d->np + 1 : 0;
    long count = held * d->b;
    if (dist == 0 && held > 0)
        count -= d->b - d->ib; /* block 0 is among them */
    if (t % d->np == dist)
        count += g - block_start(d, t);
    return count;
}

long pb_dim_count(const pb_dim *d, long g0, long n, int p)
{
    if (n <= 0)
        return 0;
    return pb_dim_before(d, g0 + n, p) - pb_dim_before(d, g0, p);
}

long pb_dim_list(const pb_dim *d, long g0, long n, int p, long *out)
{
    long count = 0;
    if (n <= 0)
        return 0;
    if (d->src < 0) {
        for (long k = 0; k < n; k++)
            out[k] = k;
        return n;
    }
    long g = g0, end = g0 + n;
    while (g < end) {
        long t = block_of(d, g);
        long stop = block_start(d, t + 1);
        if (stop > end)
            stop = end;
        if ((d->src + t) % d->np == p)
            for (long h = g; h < stop; h++)
                out[count++] = h - g0;
        g = stop;
    }
    return count;
}

void pb_desc_widen(const int *desc, int out[PB_DLEN])
{
    /* PB_CargFtoC: type 1 (9 entries) -> type 2 (11 entries, IMB and INB) */
    out[PB_DTYPE] = desc[0];
    out[PB_CTXT] = desc[1];
    if (desc[0] == 1) {
        out[PB_DTYPE] = 2;
        out[PB_M] = desc[2];
        out[PB_N] = desc[3];
        out[PB_IMB] = out[PB_MB] = desc[4];
        out[PB_INB] = out[PB_NB] = desc[5];
        out[PB_RSRC] = desc[6];
        out[PB_CSRC] = desc[7];
        out[PB_LLD] = desc[8];
    } else if (desc[0] == 2) {
        for (int k = 2; k < PB_DLEN; k++)
            out[k] = desc[k];
    } else {
        out[PB_M] = out[PB_N] = 0;
        out[PB_IMB] = out[PB_INB] = out[PB_MB] = out[PB_NB] = 1;
        out[PB_RSRC] = out[PB_CSRC] = 0;
        out[PB_LLD] = 1;
    }
}

void pb_mat_set(pb_mat *x, const pb_grid *g, const int wdesc[PB_DLEN], long i0, long j0, long m,
                long n, const void *a, int es)
{
    x->r = (pb_dim){wdesc[PB_M], wdesc[PB_IMB], wdesc[PB_MB], wdesc[PB_RSRC], g->nprow};
    x->c = (pb_dim){wdesc[PB_N], wdesc[PB_INB], wdesc[PB_NB], wdesc[PB_CSRC], g->npcol};
    x->i0 = i0;
    x->j0 = j0;
    x->m = m > 0 ? m : 0;
    x->n = n > 0 ? n : 0;
    x->lld = wdesc[PB_LLD];
    x->a = (char *)a;
    x->es = es;
}

int pb_mat_holds(const pb_mat *x, int pr, int pc)
{
    return pb_dim_count(&x->r, x->i0, x->m, pr) > 0 && pb_dim_count(&x->c, x->j0, x->n, pc) > 0;
}

char *pb_mat_local(const pb_mat *x, const pb_grid *g, long *mloc, long *nloc)
{
    *mloc = pb_dim_count(&x->r, x->i0, x->m, g->myrow);
    *nloc = pb_dim_count(&x->c, x->j0, x->n, g->mycol);
    long li = pb_dim_before(&x->r, x->i0, g->myrow), lj = pb_dim_before(&x->c, x->j0, g->mycol);
    return x->a + (size_t)(li + lj * x->lld) * (size_t)x->es;
}

void pb_vec_set(pb_vec *v, const pb_grid *g, const int wdesc[PB_DLEN], long n, long ix, long jx,
                long incx, const void *a, int es)
{
    v->row = incx == wdesc[PB_M];
    if (v->row)
        pb_mat_set(&v->x, g, wdesc, ix, jx, 1, n, a, es);
    else
        pb_mat_set(&v->x, g, wdesc, ix, jx, n, 1, a, es);
}

int pb_lists_make(pb_lists *l, const pb_dim *d, long g0, long n)
{
    l->np = d->np;
    l->all = malloc((size_t)(n > 0 ? n : 1) * sizeof *l->all);
    l->held = calloc((size_t)d->np, sizeof *l->held);
    l->count = calloc((size_t)d->np, sizeof *l->count);
    if (!l->all || !l->held || !l->count) {
        pb_lists_free(l);
        return -1;
    }
    for (long k = 0; k < n; k++)
        l->all[k] = k;
    for (int p = 0; p < d->np; p++) {
        long c = pb_dim_count(d, g0, n, p);
        l->held[p] = malloc((size_t)(c > 0 ? c : 1) * sizeof **l->held);
        if (!l->held[p]) {
            pb_lists_free(l);
            return -1;
        }
        l->count[p] = pb_dim_list(d, g0, n, p, l->held[p]);
    }
    return 0;
}

void pb_lists_free(pb_lists *l)
{
    if (l->held)
        for (int p = 0; p < l->np; p++)
            free(l->held[p]);
    free(l->held);
    free(l->count);
    free(l->all);
    l->held = NULL;
    l->count = NULL;
    l->all = NULL;
}

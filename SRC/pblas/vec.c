/*
 * vec.c -- PBLAS vectors: which process holds which element, PBLAS's scope
 * of a vector operation's scalar result, bringing one vector's elements to
 * the holders of another, exact sums of local parts, and handing a scalar
 * result to every process of a scope.
 *
 * A vector is a row of a distributed matrix (INCX = M_X: it lies in one
 * process row, or in every row when the rows are replicated) or a column
 * (INCX = 1: one process column).  PBLAS's scope of a scalar result
 * (pdamax_.c, "Further Details"): every process of that process row or
 * column, the union over the vectors of an operation; a single element of
 * a matrix with one row (N = 1, M_X = 1, INCX = 1) only its holder.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/zerosign.h"
#include "pblas.h"
#include "reduce.h"

#define TAG_RESULT 27184

long pb_vec_held(const pb_vec *v, const pb_grid *g, int q, long *out)
{
    int pr = q / g->npcol, pc = q % g->npcol;
    const pb_mat *x = &v->x;
    if (v->row) {
        if (x->n == 0 || pb_dim_count(&x->r, x->i0, 1, pr) == 0)
            return 0;
        return pb_dim_list(&x->c, x->j0, x->n, pc, out);
    }
    if (x->m == 0 || pb_dim_count(&x->c, x->j0, 1, pc) == 0)
        return 0;
    return pb_dim_list(&x->r, x->i0, x->m, pr, out);
}

char *pb_vec_elem(const pb_vec *v, const pb_grid *g, long k)
{
    return v->row ? pb_mat_at(&v->x, 0, k, g->myrow, g->mycol)
                  : pb_mat_at(&v->x, k, 0, g->myrow, g->mycol);
}

double *pb_vec_at(const pb_vec *v, const pb_grid *g, long k)
{
    return (double *)pb_vec_elem(v, g, k);
}

void pb_scope_vec(pb_call *c, const pb_grid *g, const pb_vec *v)
{
    pb_scope_mat(c, g, &v->x);
}

void pb_scope_vec_result(pb_call *c, const pb_grid *g, const pb_vec *v, long n, long m_x, long incx)
{
    const pb_mat *x = &v->x;
    if (n == 1 && m_x == 1 && incx == 1) { /* one element: its holder(s) */
        pb_scope_mat(c, g, x);
        return;
    }
    if (v->row)
        pb_scope_row(c, g, pb_dim_owner(&x->r, x->i0));
    else
        pb_scope_col(c, g, pb_dim_owner(&x->c, x->j0));
}

void pb_vec_scale(const pb_grid *g, const pb_type *t, const pb_vec *v, const double be[2])
{
    long ml, nl;
    char *xl = pb_mat_local(&v->x, g, &ml, &nl);
    long len = v->row ? nl : ml, inc = v->row ? v->x.lld : 1;
    for (long k = 0; ml > 0 && nl > 0 && k < len; k++)
        pb_scale_elem(t, xl + (size_t)(k * inc) * (size_t)t->es, be);
}

pb_vlists *pb_vlists_make(const pb_vec *v, const pb_grid *g)
{
    long n = pb_vec_len(v);
    pb_vlists *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->np = g->np;
    l->idx = calloc((size_t)g->np, sizeof *l->idx);
    l->count = calloc((size_t)g->np, sizeof *l->count);
    if (!l->idx || !l->count) {
        pb_vlists_free(l);
        return NULL;
    }
    for (int q = 0; q < g->np; q++) {
        l->idx[q] = malloc((size_t)(n > 0 ? n : 1) * sizeof **l->idx);
        if (!l->idx[q]) {
            pb_vlists_free(l);
            return NULL;
        }
        l->count[q] = pb_vec_held(v, g, q, l->idx[q]);
    }
    return l;
}

void pb_vlists_free(pb_vlists *l)
{
    if (!l)
        return;
    for (int q = 0; l->idx && q < l->np; q++)
        free(l->idx[q]);
    free(l->idx);
    free(l->count);
    free(l);
}

static const long zero_index = 0;

int pb_vec_fetch(const pb_grid *g, const pb_vec *y, const pb_vlists *want, void *buf)
{
    pb_list *rows = malloc((size_t)g->np * sizeof *rows);
    pb_list *cols = malloc((size_t)g->np * sizeof *cols);
    if (!rows || !cols) {
        free(rows);
        free(cols);
        return MPI_ERR_NO_MEM;
    }
    for (int q = 0; q < g->np; q++) {
        pb_list idx = {want->idx[q], want->count[q]};
        pb_list one = {&zero_index, want->count[q] > 0};
        rows[q] = y->row ? one : idx;
        cols[q] = y->row ? idx : one;
    }
    long n = want->count[g->me];
    int err = pb_gather(g, &y->x, rows, cols, buf, y->row ? 1 : (n > 0 ? n : 1));
    free(rows);
    free(cols);
    return err;
}

int pb_vec_store(const pb_grid *g, const pb_vec *y, const pb_vlists *have, const void *buf)
{
    pb_list *rows = malloc((size_t)g->np * sizeof *rows);
    pb_list *cols = malloc((size_t)g->np * sizeof *cols);
    if (!rows || !cols) {
        free(rows);
        free(cols);
        return MPI_ERR_NO_MEM;
    }
    for (int q = 0; q < g->np; q++) {
        pb_list idx = {have->idx[q], have->count[q]};
        pb_list one = {&zero_index, have->count[q] > 0};
        rows[q] = y->row ? one : idx;
        cols[q] = y->row ? idx : one;
    }
    long n = have->count[g->me];
    int err = pb_scatter(g, &y->x, rows, cols, buf, y->row ? 1 : (n > 0 ? n : 1));
    free(rows);
    free(cols);
    return err;
}

void pb_acc_dot(exb_superacc *acc, long n, const double *x, long incx, const double *y, long incy)
{
    if (n <= 0)
        return;
    exb_superacc part;
    exb_sumdot_accumulate(n, x, incx, y, incy, &part);
    exb_superacc_merge(acc, &part);
    acc->flags |=
        EXB_FLAG_TERMS | (exb_terms_negzero(n, x, incx, y, incy) ? 0 : EXB_FLAG_NOT_NEGZERO);
}

int pb_scope_root(const pb_grid *g, const pb_call *c)
{
    for (int q = 0; q < g->np; q++)
        if (c->scope[q])
            return q;
    return -1;
}

int pb_share_result(const pb_grid *g, const pb_call *c, int root, double *vals, int n)
{
    if (g->me != root)
        return MPI_Recv(vals, n, MPI_DOUBLE, root, TAG_RESULT, g->comm, MPI_STATUS_IGNORE);
    int err = MPI_SUCCESS, nreq = 0;
    MPI_Request *req = malloc((size_t)g->np * sizeof *req);
    if (!req)
        return MPI_ERR_NO_MEM;
    for (int q = 0; q < g->np && err == MPI_SUCCESS; q++)
        if (c->scope[q] && q != root)
            err = MPI_Isend(vals, n, MPI_DOUBLE, q, TAG_RESULT, g->comm, &req[nreq++]);
    if (nreq)
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    free(req);
    return err;
}

int pb_reduce_scalar(const pb_grid *g, const pb_call *c, const char *holds, exb_superacc *mine,
                     exb_superacc *total, int root)
{
    pb_list *hr = malloc((size_t)g->np * sizeof *hr), *wr = malloc((size_t)g->np * sizeof *wr);
    if (!hr || !wr) {
        free(hr);
        free(wr);
        return MPI_ERR_NO_MEM;
    }
    (void)c;
    for (int q = 0; q < g->np; q++) {
        hr[q] = (pb_list){&zero_index, holds[q] ? 1 : 0};
        wr[q] = (pb_list){&zero_index, q == root};
    }
    int err = pb_reduce(g, hr, hr, mine, wr, wr, total);
    free(hr);
    free(wr);
    return err;
}

pb_vlists *pb_vlists_from(const pb_grid *g, const pb_lists *l, int by_row, const char *hold)
{
    pb_vlists *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->np = g->np;
    v->idx = calloc((size_t)g->np, sizeof *v->idx);
    v->count = calloc((size_t)g->np, sizeof *v->count);
    if (!v->idx || !v->count) {
        pb_vlists_free(v);
        return NULL;
    }
    for (int q = 0; q < g->np; q++) {
        int coord = by_row ? q / g->npcol : q % g->npcol;
        long n = hold[q] ? l->count[coord] : 0;
        v->idx[q] = malloc((size_t)(n > 0 ? n : 1) * sizeof **v->idx);
        if (!v->idx[q]) {
            pb_vlists_free(v);
            return NULL;
        }
        for (long a = 0; a < n; a++)
            v->idx[q][a] = l->held[coord][a];
        v->count[q] = n;
    }
    return v;
}

char *pb_holds_mat(const pb_grid *g, const pb_mat *x)
{
    char *h = malloc((size_t)g->np);
    if (h)
        for (int q = 0; q < g->np; q++)
            h[q] = (char)pb_mat_holds(x, q / g->npcol, q % g->npcol);
    return h;
}

/*
 * sym.c -- operands gathered whole at an output's holders: the rows of
 * op(X) or of a symmetric matrix over their whole inner dimension, and the
 * holder's own block of the output, in and out (the UPLO triangle only).
 *
 * PDSYRK, PDSYR2K, PDSYMM and PDSYMV compute each block of their output
 * where it is held, from operands brought there whole (PBLAS's "C stays"
 * variant, the SUMMA panels): every output element is then one exact local
 * GEMM's or GEMV's element, RN of its exact value, whatever the grid.
 */
#include <stdlib.h>
#include <string.h>

#include "pblas.h"
#include "routines.h"

int pb_gather_oprows(const pb_grid *g, const pb_mat *x, int trans, const pb_list *want, long K,
                     double *out)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    long mi = want[g->me].n;
    long *all = malloc((size_t)(K > 0 ? K : 1) * sizeof *all);
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    double *tmp = trans ? malloc((size_t)(mi * K > 0 ? mi * K : 1) * sizeof *tmp) : NULL;
    if (!all || !rows || !cols || (trans && !tmp))
        goto done;
    for (long k = 0; k < K; k++)
        all[k] = k;
    for (int q = 0; q < np; q++) {
        pb_list every = {all, want[q].n > 0 ? K : 0};
        rows[q] = trans ? every : want[q];
        cols[q] = trans ? want[q] : every;
    }
    if (!trans) {
        err = pb_gather(g, x, rows, cols, out, mi > 0 ? mi : 1);
    } else {
        err = pb_gather(g, x, rows, cols, tmp, K > 0 ? K : 1);
        for (long a = 0; !err && a < mi; a++)
            for (long k = 0; k < K; k++)
                out[a + k * mi] = tmp[k + a * K];
    }
done:
    free(all);
    free(rows);
    free(cols);
    free(tmp);
    return err;
}

int pb_gather_symrows(const pb_grid *g, const pb_mat *a, int upper, const pb_list *want, long n,
                      double *out)
{
    long mi = want[g->me].n;
    double *t = malloc((size_t)(mi * n > 0 ? mi * n : 1) * sizeof *t);
    if (!t)
        return MPI_ERR_NO_MEM;
    /* out: the stored rows A(I, :); t: the stored columns A(:, I) as rows */
    int err = pb_gather_oprows(g, a, 0, want, n, out);
    if (!err)
        err = pb_gather_oprows(g, a, 1, want, n, t);
    const long *I = want[g->me].ix;
    for (long r = 0; !err && r < mi; r++)
        for (long k = 0; k < n; k++)
            if (upper ? k < I[r] : k > I[r]) /* outside the stored triangle */
                out[r + k * mi] = t[r + k * mi];
    free(t);
    return err;
}

void pb_block_lists(const pb_grid *g, const pb_lists *l, int by_row, const char *hold, pb_list *out)
{
    for (int q = 0; q < g->np; q++) {
        int coord = by_row ? q / g->npcol : q % g->npcol;
        out[q] = (pb_list){l->held[coord], hold[q] ? l->count[coord] : 0};
    }
}

void pb_block_load(const pb_grid *g, const pb_mat *c, double *buf)
{
    long ml, nl;
    const double *cl = (const double *)pb_mat_local(c, g, &ml, &nl);
    for (long j = 0; j < nl; j++)
        memcpy(buf + j * ml, cl + j * c->lld, (size_t)ml * sizeof *buf);
}

/* Whether local (a, b) of my block lies in the UPLO triangle of sub(C). */
static int in_tri(const pb_grid *g, const pb_mat *c, long a, long b, char uplo, long *gi0,
                  long *gj0)
{
    (void)g;
    long i = gi0[a], j = gj0[b];
    (void)c;
    return uplo == 'U' ? i <= j : uplo == 'L' ? i >= j : 1;
}

static int block_indices(const pb_grid *g, const pb_mat *c, long **ri, long **cj, long *ml,
                         long *nl)
{
    *ml = pb_dim_count(&c->r, c->i0, c->m, g->myrow);
    *nl = pb_dim_count(&c->c, c->j0, c->n, g->mycol);
    *ri = malloc((size_t)(*ml > 0 ? *ml : 1) * sizeof **ri);
    *cj = malloc((size_t)(*nl > 0 ? *nl : 1) * sizeof **cj);
    if (!*ri || !*cj)
        return -1;
    pb_dim_list(&c->r, c->i0, c->m, g->myrow, *ri);
    pb_dim_list(&c->c, c->j0, c->n, g->mycol, *cj);
    return 0;
}

void pb_block_store(const pb_grid *g, const pb_mat *c, const double *buf, char uplo)
{
    long ml, nl, *ri = NULL, *cj = NULL;
    double *cl = (double *)pb_mat_local(c, g, &ml, &nl);
    if (!block_indices(g, c, &ri, &cj, &ml, &nl))
        for (long b = 0; b < nl; b++)
            for (long a = 0; a < ml; a++)
                if (in_tri(g, c, a, b, uplo, ri, cj))
                    cl[a + b * c->lld] = buf[a + b * ml];
    free(ri);
    free(cj);
}

void pb_block_scale(const pb_grid *g, const pb_mat *c, double beta, char uplo)
{
    long ml, nl, *ri = NULL, *cj = NULL;
    double *cl = (double *)pb_mat_local(c, g, &ml, &nl);
    if (!block_indices(g, c, &ri, &cj, &ml, &nl))
        for (long b = 0; b < nl; b++)
            for (long a = 0; a < ml; a++)
                if (in_tri(g, c, a, b, uplo, ri, cj)) {
                    double *e = &cl[a + b * c->lld];
                    *e = beta == 0.0 ? 0.0 : beta * *e;
                }
    free(ri);
    free(cj);
}

int pb_rank_update(const pb_grid *g, const char *name, char uplo, int trans, long n, long k,
                   double alpha, const pb_mat *a, const pb_mat *b, double beta, const pb_mat *c)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    long kk = b ? 2 * k : k;
    pb_lists cr = {0}, cc = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *hold = pb_holds_mat(g, c);
    double *l = NULL, *r = NULL, *cb = NULL;
    if (!rows || !cols || !hold || pb_lists_make(&cr, &c->r, c->i0, n) ||
        pb_lists_make(&cc, &c->c, c->j0, n))
        goto done;
    pb_block_lists(g, &cr, 1, hold, rows);
    pb_block_lists(g, &cc, 0, hold, cols);
    long mi = rows[g->me].n, nj = cols[g->me].n;
    l = malloc((size_t)(mi * kk > 0 ? mi * kk : 1) * sizeof *l);
    r = malloc((size_t)(nj * kk > 0 ? nj * kk : 1) * sizeof *r);
    cb = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * sizeof *cb);
    if (!l || !r || !cb)
        goto done;
    /* l = [op(A)(I,:) op(B)(I,:)], r = [op(B)(J,:) op(A)(J,:)]: every term
     * of c_ij once, in one exact sum */
    err = pb_gather_oprows(g, a, trans, rows, k, l);
    if (!err)
        err = pb_gather_oprows(g, b ? b : a, trans, cols, k, r);
    if (!err && b)
        err = pb_gather_oprows(g, b, trans, rows, k, l + mi * k);
    if (!err && b)
        err = pb_gather_oprows(g, a, trans, cols, k, r + nj * k);
    if (!err && mi > 0 && nj > 0) {
        pb_block_load(g, c, cb);
        exb_dgemm_checked(name, 'N', 'T', mi, nj, kk, alpha, l, mi, r, nj, beta, cb, mi);
        pb_block_store(g, c, cb, uplo);
    }
done:
    pb_lists_free(&cr);
    pb_lists_free(&cc);
    free(rows);
    free(cols);
    free(hold);
    free(l);
    free(r);
    free(cb);
    return err;
}

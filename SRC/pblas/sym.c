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
                     void *out)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    long mi = want[g->me].n;
    size_t es = (size_t)x->es;
    long *all = malloc((size_t)(K > 0 ? K : 1) * sizeof *all);
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *tmp = trans ? malloc((size_t)(mi * K > 0 ? mi * K : 1) * es) : NULL;
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
                memcpy((char *)out + (size_t)(a + k * mi) * es, tmp + (size_t)(k + a * K) * es, es);
    }
done:
    free(all);
    free(rows);
    free(cols);
    free(tmp);
    return err;
}

int pb_gather_symrows(const pb_grid *g, const pb_mat *a, int upper, int herm, const pb_list *want,
                      long n, void *out)
{
    long mi = want[g->me].n;
    size_t es = (size_t)a->es, half = es / 2;
    char *t = malloc((size_t)(mi * n > 0 ? mi * n : 1) * es), *o = out;
    if (!t)
        return MPI_ERR_NO_MEM;
    /* out: the stored rows A(I, :); t: the stored columns A(:, I) as rows */
    int err = pb_gather_oprows(g, a, 0, want, n, out);
    if (!err)
        err = pb_gather_oprows(g, a, 1, want, n, t);
    const long *I = want[g->me].ix;
    for (long r = 0; !err && r < mi; r++)
        for (long k = 0; k < n; k++) {
            char *e = o + (size_t)(r + k * mi) * es;
            int outside = upper ? k < I[r] : k > I[r];
            if (outside) /* a_ki */
                memcpy(e, t + (size_t)(r + k * mi) * es, es);
            if (herm && k == I[r]) /* a Hermitian diagonal: imaginary part +0 */
                memset(e + half, 0, half);
            else if (herm && outside == (herm == 1)) /* conj: the imaginary part's sign bit */
                e[es - 1] ^= (char)0x80;
        }
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

void pb_block_load(const pb_grid *g, const pb_mat *c, void *buf)
{
    long ml, nl;
    const char *cl = pb_mat_local(c, g, &ml, &nl);
    size_t es = (size_t)c->es;
    for (long j = 0; j < nl; j++)
        memcpy((char *)buf + (size_t)(j * ml) * es, cl + (size_t)(j * c->lld) * es,
               (size_t)ml * es);
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

void pb_block_store(const pb_grid *g, const pb_mat *c, const void *buf, char uplo)
{
    long ml, nl, *ri = NULL, *cj = NULL;
    char *cl = pb_mat_local(c, g, &ml, &nl);
    size_t es = (size_t)c->es;
    if (!block_indices(g, c, &ri, &cj, &ml, &nl))
        for (long b = 0; b < nl; b++)
            for (long a = 0; a < ml; a++)
                if (in_tri(g, c, a, b, uplo, ri, cj))
                    memcpy(cl + (size_t)(a + b * c->lld) * es,
                           (const char *)buf + (size_t)(a + b * ml) * es, es);
    free(ri);
    free(cj);
}

int pb_block_real_diagonal(const pb_grid *g, const pb_mat *c, void *buf)
{
    long ml, nl, *ri = NULL, *cj = NULL;
    size_t es = (size_t)c->es;
    int err = block_indices(g, c, &ri, &cj, &ml, &nl) ? MPI_ERR_NO_MEM : 0;
    if (!err)
        for (long b = 0; b < nl; b++)
            for (long a = 0; a < ml; a++)
                if (ri[a] == cj[b]) /* both relative to sub(C)'s corner */
                    memset((char *)buf + (size_t)(a + b * ml) * es + es / 2, 0, es / 2);
    free(ri);
    free(cj);
    return err;
}

/* The lines of sub(X) process q wants (want[q]: indices of X's rows, or
 * of its columns when cols), each over the whole other dimension K, as
 * stored: want x K (ld) or, for columns, K x want (ld). */
static int gather_lines(const pb_grid *g, const pb_mat *x, int cols, const pb_list *want, long K,
                        void *buf, long ld)
{
    int np = g->np, err = MPI_ERR_NO_MEM;
    long *all = malloc((size_t)(K > 0 ? K : 1) * sizeof *all);
    pb_list *r = malloc((size_t)np * sizeof *r), *c = malloc((size_t)np * sizeof *c);
    if (all && r && c) {
        for (long k = 0; k < K; k++)
            all[k] = k;
        for (int q = 0; q < np; q++) {
            pb_list every = {all, want[q].n > 0 ? K : 0};
            r[q] = cols ? every : want[q];
            c[q] = cols ? want[q] : every;
        }
        err = pb_gather(g, x, r, c, buf, ld > 0 ? ld : 1);
    }
    free(all);
    free(r);
    free(c);
    return err;
}

int pb_rank_update(const pb_grid *g, const pb_type *t, const char *name, char uplo, char trans,
                   int herm, long n, long k, const double al[2], const pb_mat *a, const pb_mat *b,
                   const double be[2], const pb_mat *c)
{
    int np = g->np, err = MPI_ERR_NO_MEM, tr = trans != 'N';
    int noterms = k == 0 || pb_scalar_is(al, 0.0);
    long kk = noterms ? 0 : b ? 2 * k : k;
    size_t es = (size_t)t->es;
    pb_lists cr = {0}, cc = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *hold = pb_holds_mat(g, c), *l = NULL, *r = NULL, *cb = NULL;
    if (!rows || !cols || !hold || pb_lists_make(&cr, &c->r, c->i0, n) ||
        pb_lists_make(&cc, &c->c, c->j0, n))
        goto done;
    pb_block_lists(g, &cr, 1, hold, rows);
    pb_block_lists(g, &cc, 0, hold, cols);
    long mi = rows[g->me].n, nj = cols[g->me].n;
    l = malloc((size_t)((mi + nj) * kk > 0 ? (mi + nj) * kk : 1) * es);
    r = malloc((size_t)((mi + nj) * kk > 0 ? (mi + nj) * kk : 1) * es);
    cb = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * es);
    if (!l || !r || !cb)
        goto done;
    /* l = [op(A)(I,:) op(B)(I,:)], r = [op(B)(J,:) op(A)(J,:)] as stored
     * (transposed: K x I blocks stacked along K): every term of c_ij once,
     * in one exact sum */
    long ldl = tr ? kk : mi, ldr = tr ? kk : nj;
    size_t offl = (size_t)(tr ? k : mi * k) * es, offr = (size_t)(tr ? k : nj * k) * es;
    int big = herm && b && !noterms; /* HER2K: pb_local_her2k_block */
    if (big) {                       /* op(A) and op(B) at rows I then J, as stored */
        ldl = ldr = tr ? k : mi + nj;
        offl = offr = (size_t)(tr ? mi * k : mi) * es;
    }
    err = 0;
    if (big) {
        err = gather_lines(g, a, tr, rows, k, l, ldl);
        if (!err)
            err = gather_lines(g, a, tr, cols, k, l + offl, ldl);
        if (!err)
            err = gather_lines(g, b, tr, rows, k, r, ldr);
        if (!err)
            err = gather_lines(g, b, tr, cols, k, r + offr, ldr);
    } else if (!noterms) {
        err = gather_lines(g, a, tr, rows, k, l, ldl);
        if (!err)
            err = gather_lines(g, b ? b : a, tr, cols, k, r, ldr);
        if (!err && b)
            err = gather_lines(g, b, tr, rows, k, l + offl, ldl);
        if (!err && b)
            err = gather_lines(g, a, tr, cols, k, r + offr, ldr);
    }
    if (!err && mi > 0 && nj > 0) {
        char conj = herm ? 'C' : 'T';
        pb_block_load(g, c, cb);
        if (big)
            err =
                pb_local_her2k_block(t, name, tr ? 'C' : 'N', mi, nj, k, al, be, l, ldl, r, ldr, cb)
                    ? MPI_ERR_NO_MEM
                    : 0;
        else
            pb_local_gemm(t, name, tr ? conj : 'N', tr ? 'N' : conj, mi, nj, kk, al, l,
                          ldl > 0 ? ldl : 1, r, ldr > 0 ? ldr : 1, be, cb, mi);
        if (herm && !err)
            err = pb_block_real_diagonal(g, c, cb);
        if (!err)
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

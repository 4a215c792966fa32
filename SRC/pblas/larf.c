/*
 * larf.c -- what PDLARF, PDLARFT and PDLARFB share: the products of a
 * block of Householder vectors with sub(C) summed exactly over the process
 * grid, where ScaLAPACK adds rounded partial products with DGSUM2D.
 *
 * The vectors are the columns of Vc, L x K: sub(V) itself (STOREV 'C') or
 * its transpose ('R'), L the order of the reflector (M for SIDE 'L', N for
 * 'R').  With a structure (DIRECT 'F' or 'B') Vc is the block reflector's
 * true V: vector k's unit entry at l = k ('F') or l = L-K+k ('B'), zeros
 * beyond it, whatever sub(V) holds there (ScaLAPACK's PDLARFB builds the
 * same matrix in its workspace).
 */
#include <stdlib.h>
#include <string.h>

#include "pblas.h"

int pb_larf_w(const pb_grid *g, const pb_larf *p, double *vb, double *w)
{
    int np = g->np, err = MPI_ERR_NO_MEM, left = p->side == 'L';
    long K = p->k, L = left ? p->c.m : p->c.n;
    pb_lists cr = {0}, cc = {0}, kk = {0};
    pb_list *lines = malloc((size_t)np * sizeof *lines),
            *other = malloc((size_t)np * sizeof *other);
    pb_list *all = malloc((size_t)np * sizeof *all);
    char *hold = pb_holds_mat(g, &p->c);
    exb_superacc *have = NULL, *want = NULL;
    if (!lines || !other || !all || !hold || pb_lists_make(&cr, &p->c.r, p->c.i0, p->c.m) ||
        pb_lists_make(&cc, &p->c.c, p->c.j0, p->c.n) || pb_lists_make(&kk, &p->c.c, 0, K))
        goto done;
    pb_block_lists(g, &cr, 1, hold, left ? lines : other);
    pb_block_lists(g, &cc, 0, hold, left ? other : lines);
    for (int q = 0; q < np; q++)
        all[q] = (pb_list){kk.all, other[q].n > 0 ? K : 0};
    long nl = lines[g->me].n, no = other[g->me].n;
    /* Vc's rows of my lines of sub(C) */
    err = pb_gather_oprows(g, &p->v, p->storev == 'R', lines, K, vb);
    if (err)
        goto done;
    for (long a = 0; p->direct && a < nl; a++) {
        long l = lines[g->me].ix[a];
        for (long k = 0; k < K; k++) {
            long u = p->direct == 'F' ? k : L - K + k;
            if (l == u)
                vb[a + k * nl] = 1.0;
            else if (p->direct == 'F' ? l < u : l > u)
                vb[a + k * nl] = 0.0;
        }
    }
    have = pb_accs_new(no * K);
    want = pb_accs_new(no * K);
    err = MPI_ERR_NO_MEM;
    if (!have || !want)
        goto done;
    if (nl > 0 && no > 0) {
        long ml, nc;
        const double *cl = (const double *)pb_mat_local(&p->c, g, &ml, &nc);
        for (long k = 0; k < K; k++) /* SIDE 'L': C(I,J)' v_k; 'R': C(I,J) v_k */
            pb_acc_gemv(left, ml, nc, cl, p->c.lld, vb + k * nl, have + k * no, 1);
    }
    err = pb_reduce(g, other, all, have, other, all, want);
    for (long e = 0; !err && e < no * K; e++)
        w[e] = pb_round(&want[e]);
done:
    pb_lists_free(&cr);
    pb_lists_free(&cc);
    pb_lists_free(&kk);
    free(lines);
    free(other);
    free(all);
    free(hold);
    free(have);
    free(want);
    return err;
}

int pb_bcast(const pb_grid *g, int root, double *vals, int n)
{
    pb_call c;
    pb_call_init(&c, g, "PDLARF");
    if (!c.scope)
        return MPI_ERR_NO_MEM;
    memset(c.scope, 1, (size_t)g->np);
    int err = pb_share_result(g, &c, root, vals, n);
    pb_call_free(&c);
    return err;
}

long pb_larf_lines(const pb_grid *g, const pb_larf *p, long *nother)
{
    int left = p->side == 'L';
    long ml = pb_dim_count(&p->c.r, p->c.i0, p->c.m, g->myrow);
    long nl = pb_dim_count(&p->c.c, p->c.j0, p->c.n, g->mycol);
    if (ml == 0 || nl == 0)
        ml = nl = 0;
    *nother = left ? nl : ml;
    return left ? ml : nl;
}

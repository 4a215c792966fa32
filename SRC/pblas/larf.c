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

int pb_larf_w(const pb_grid *g, const pb_larf *p, void *vbuf, void *wbuf)
{
    const pb_type *t = p->t;
    int np = g->np, err = MPI_ERR_NO_MEM, lerr = 0, left = p->side == 'L', parts = 1 + t->cplx;
    size_t es = (size_t)t->es;
    char *vb = vbuf, *w = wbuf;
    long K = p->k, L = left ? p->c.m : p->c.n;
    pb_lists cr = {0}, cc = {0}, kk = {0};
    pb_list *lines = malloc((size_t)np * sizeof *lines),
            *other = malloc((size_t)np * sizeof *other);
    pb_list *all = malloc((size_t)np * sizeof *all);
    char *hold = pb_holds_mat(g, &p->c);
    exb_superacc *have = NULL, *want = NULL;
    if (!lines || !other || !all || !hold || pb_lists_make(&cr, &p->c.r, p->c.i0, p->c.m) ||
        pb_lists_make(&cc, &p->c.c, p->c.j0, p->c.n) || pb_lists_make(&kk, &p->c.c, 0, K * parts))
        goto done;
    pb_block_lists(g, &cr, 1, hold, left ? lines : other);
    pb_block_lists(g, &cc, 0, hold, left ? other : lines);
    for (int q = 0; q < np; q++) /* the columns of the partials: (k, part) */
        all[q] = (pb_list){kk.all, other[q].n > 0 ? K * parts : 0};
    long nl = lines[g->me].n, no = other[g->me].n;
    /* Vc's rows of my lines of sub(C) */
    err = pb_gather_oprows(g, &p->v, p->storev == 'R', lines, K, vb);
    if (err)
        goto done;
    for (long a = 0; a < nl; a++)
        for (long k = 0; k < K; k++) {
            char *e = vb + (size_t)(a + k * nl) * es;
            long l = lines[g->me].ix[a], u = p->direct == 'F' ? k : L - K + k;
            if (p->direct && l == u)
                pb_elem_set(t, e, 1.0, 0.0);
            else if (p->direct && (p->direct == 'F' ? l < u : l > u))
                pb_elem_set(t, e, 0.0, 0.0);
            else if (p->conjv) /* conj: the imaginary part's sign bit */
                e[es - 1] ^= (char)0x80;
        }
    have = pb_accs_new(no * K * parts);
    want = pb_accs_new(no * K * parts);
    err = MPI_ERR_NO_MEM;
    if (!have || !want)
        goto done;
    if (nl > 0 && no > 0) {
        long ml, nc;
        const char *cl = pb_mat_local(&p->c, g, &ml, &nc);
        for (long k = 0; !lerr && k < K; k++) /* SIDE 'L': C(I,J)^H v_k; 'R': C(I,J) v_k */
            lerr = pb_acc_gemv_typed(t, left, left && t->cplx, ml, nc, cl, p->c.lld,
                                     vb + (size_t)(k * nl) * es, nl, have + k * parts * no, no);
    }
    err = pb_reduce(g, other, all, have, other, all, want); /* every process, even after lerr */
    if (!err)
        err = lerr;
    for (long k = 0; !err && k < K; k++)
        for (long o = 0; o < no; o++) {
            double r[2] = {0.0, 0.0};
            for (int q = 0; q < parts; q++)
                r[q] = pb_round_prec(&want[o + (k * parts + q) * no], t->f32, 0);
            pb_elem_set(t, w + (size_t)(o + k * no) * es, r[0], r[1]);
        }
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

int pb_bcast_bytes(const pb_grid *g, int root, void *buf, long n)
{
    long nd = (n + 7) / 8;
    double *d = malloc((size_t)(nd > 0 ? nd : 1) * sizeof *d);
    if (!d)
        return MPI_ERR_NO_MEM;
    memset(d, 0, (size_t)(nd > 0 ? nd : 1) * sizeof *d);
    if (g->me == root)
        memcpy(d, buf, (size_t)n);
    int err = pb_bcast(g, root, d, (int)nd);
    if (!err)
        memcpy(buf, d, (size_t)n);
    free(d);
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

/*
 * pxgemm.c -- PSGEMM, PDGEMM, PCGEMM, PZGEMM: sub(C) :=
 * alpha*op(sub(A))*op(sub(B)) + beta*sub(C), every element (every part of
 * a complex one) RN of its exact value, whatever the process grid.
 *
 *   SUBROUTINE PxGEMM(TRANSA, TRANSB, M, N, K, ALPHA, A, IA, JA, DESCA,
 *                     B, IB, JB, DESCB, BETA, C, IC, JC, DESCC)
 *
 * Arguments, quick returns and errors are PBLAS's (pdgemm_.c): TRANSA,
 * TRANSB 'N', 'T' or 'C' (the conjugate transpose for C and Z); sub(A) is
 * M x K (K x M transposed), sub(B) K x N (N x K), sub(C) M x N; alpha = 0
 * or K = 0: sub(C) := beta*sub(C) (0 for beta = 0, C not read), as the
 * exact local GEMM gives it.  Illegal arguments: PXERBLA('PxGEMM',
 * position) on every process of the scope (the holders of sub(A), sub(B),
 * sub(C)), sub(C) untouched (doc/PBLAS.md; PBLAS itself aborts).
 *
 * Three ways to compute for PDGEMM, as PBLAS has three (its estimates of
 * the volume decide; EXACTBLAS_PBLAS_GEMM=ab|a|b forces one, for the
 * tests); the other types take the first, the exact local GEMM of their
 * type over the whole inner dimension:
 *   ab  C stays: each holder of a block of sub(C) gathers the rows of
 *       op(A) and the columns of op(B) of its block, over the whole inner
 *       dimension, and computes it with one exact local GEMM (SUMMA's
 *       panels, the volume of PBLAS's own AB variant);
 *   a   A stays: each holder of a block of op(A) gathers the rows of op(B)
 *       of its part of the inner dimension, forms exact partial sums for
 *       its rows and every column, and sends them as exact accumulators to
 *       the holders of sub(C) (PBLAS's BC variant, exact partials);
 *   b   B stays: the same with the roles of op(A) and op(B) exchanged.
 * The element is RN(alpha*S + beta*c) with S exact in every case: the bits
 * are the same for every variant and every grid.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "routines.h"
#include "support/xerbla.h"

#define ACC_CHUNK_BYTES (32L << 20) /* accumulators held at once */

typedef struct gemm {
    const pb_grid *g;
    const pb_type *t;
    const char *name;
    int ta, tb;    /* op is a transpose */
    char opa, opb; /* 'N', 'T' or 'C' */
    long m, n, k;
    double alpha[2], beta[2];
    pb_mat a, b, c; /* the sub-matrices as stored */
} gemm;

/* Per process of the grid, the list of a dimension's indices it holds
 * (coordinate pr for row dimensions, pc for column ones); empty for a
 * process that holds no block of sub(C) (hold), which takes no part. */
static void per_process(const pb_grid *g, const pb_lists *l, int by_row, const char *hold,
                        pb_list *out)
{
    for (int q = 0; q < g->np; q++) {
        int coord = by_row ? q / g->npcol : q % g->npcol;
        out[q] = (pb_list){l->held[coord], hold[q] ? l->count[coord] : 0};
    }
}

static void every(const pb_grid *g, const pb_lists *l, long n, const char *hold, pb_list *out)
{
    for (int q = 0; q < g->np; q++)
        out[q] = (pb_list){l->all, hold[q] ? n : 0};
}

/* ---- ab: sub(C) stays ---------------------------------------------------- */
static int gemm_ab(const gemm *p)
{
    const pb_grid *g = p->g;
    int np = g->np, err = MPI_ERR_NO_MEM;
    pb_lists cr = {0}, cc = {0}, kk = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *abuf = NULL, *bbuf = NULL, *hold = malloc((size_t)np);
    size_t es = (size_t)p->t->es;
    if (!hold || !rows || !cols || pb_lists_make(&cr, &p->c.r, p->c.i0, p->m) ||
        pb_lists_make(&cc, &p->c.c, p->c.j0, p->n) || pb_lists_make(&kk, &p->a.c, 0, p->k))
        goto done;
    for (int q = 0; q < np; q++)
        hold[q] = cr.count[q / g->npcol] > 0 && cc.count[q % g->npcol] > 0;
    long mloc, nloc;
    char *cl = pb_mat_local(&p->c, g, &mloc, &nloc);
    long lda = p->ta ? p->k : mloc, ldb = p->tb ? nloc : p->k;
    abuf = malloc((size_t)(mloc * p->k > 0 ? mloc * p->k : 1) * es);
    bbuf = malloc((size_t)(nloc * p->k > 0 ? nloc * p->k : 1) * es);
    if (!abuf || !bbuf)
        goto done;
    /* op(A)'s rows of my block of C, every column of the inner dimension */
    if (p->ta) {
        every(g, &kk, p->k, hold, rows);
        per_process(g, &cr, 1, hold, cols);
    } else {
        per_process(g, &cr, 1, hold, rows);
        every(g, &kk, p->k, hold, cols);
    }
    err = pb_gather(g, &p->a, rows, cols, abuf, lda > 0 ? lda : 1);
    if (err)
        goto done;
    if (p->tb) {
        per_process(g, &cc, 0, hold, rows);
        every(g, &kk, p->k, hold, cols);
    } else {
        every(g, &kk, p->k, hold, rows);
        per_process(g, &cc, 0, hold, cols);
    }
    err = pb_gather(g, &p->b, rows, cols, bbuf, ldb > 0 ? ldb : 1);
    if (err)
        goto done;
    if (mloc > 0 && nloc > 0)
        pb_local_gemm(p->t, p->name, p->opa, p->opb, mloc, nloc, p->k, p->alpha, abuf,
                      lda > 0 ? lda : 1, bbuf, ldb > 0 ? ldb : 1, p->beta, cl, p->c.lld);
done:
    pb_lists_free(&cr);
    pb_lists_free(&cc);
    pb_lists_free(&kk);
    free(hold);
    free(rows);
    free(cols);
    free(abuf);
    free(bbuf);
    return err;
}

/* ---- a: op(A) stays; b: op(B) stays ---------------------------------------- */
/* A logical matrix: the stored sub-matrix x, or its transpose (t). */
typedef struct view {
    const pb_mat *x;
    int t;
} view;

/* The logical rows' (rows = 1) or columns' distribution and offset. */
static const pb_dim *vdim(const view *v, int rows, long *g0)
{
    int stored_rows = rows != v->t;
    *g0 = stored_rows ? v->x->i0 : v->x->j0;
    return stored_rows ? &v->x->r : &v->x->c;
}

/* Process q's coordinate along the logical rows (rows = 1) or columns. */
static int vcoord(const pb_grid *g, const view *v, int rows, int q)
{
    return rows != v->t ? q / g->npcol : q % g->npcol;
}

/* The engine of both: S (M x K logical) stays, V (K x N logical) moves to
 * S's holders for their part of K, exact partials of O = S V (M x N) go to
 * O's holders, which round alpha*S + beta*o once.  A stays: S = op(A),
 * V = op(B), O = C; B stays: S = op(B)^T, V = op(A)^T, O = C^T. */
static int stationary(const gemm *p, view s, view v, view o, long mm, long nn)
{
    const pb_grid *g = p->g;
    int np = g->np, err = MPI_ERR_NO_MEM;
    long g0;
    pb_lists sr = {0}, sk = {0}, orl = {0}, ocl = {0}, all = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    pb_list *hr = malloc((size_t)np * sizeof *hr), *hc = malloc((size_t)np * sizeof *hc);
    pb_list *wr = malloc((size_t)np * sizeof *wr), *wc = malloc((size_t)np * sizeof *wc);
    long **wcl = calloc((size_t)np, sizeof *wcl);
    double *vb = NULL, *x = NULL;
    exb_superacc *have = NULL, *want = NULL;
    long *chunk = NULL;
    if (!rows || !cols || !hr || !hc || !wr || !wc || !wcl)
        goto done;
    const pb_dim *d = vdim(&s, 1, &g0);
    if (pb_lists_make(&sr, d, g0, mm))
        goto done;
    d = vdim(&s, 0, &g0);
    if (pb_lists_make(&sk, d, g0, p->k))
        goto done;
    d = vdim(&o, 1, &g0);
    if (pb_lists_make(&orl, d, g0, mm))
        goto done;
    d = vdim(&o, 0, &g0);
    if (pb_lists_make(&ocl, d, g0, nn))
        goto done;
    if (pb_lists_make(&all, &p->c.r, 0, nn > p->k ? nn : p->k))
        goto done;
    for (int q = 0; q < np; q++) {
        wcl[q] = malloc((size_t)(ocl.count[vcoord(g, &o, 0, q)] + 1) * sizeof **wcl);
        if (!wcl[q])
            goto done;
    }
    int me = g->me;
    long nsr = sr.count[vcoord(g, &s, 1, me)], nsk = sk.count[vcoord(g, &s, 0, me)];
    long sm, sn;
    const double *sl = (const double *)pb_mat_local(s.x, g, &sm, &sn);

    /* V's rows of my part of K, every column: logical (kk, j) at vb */
    for (int q = 0; q < np; q++) {
        int c = vcoord(g, &s, 0, q);
        int holds = sr.count[vcoord(g, &s, 1, q)] > 0 && sk.count[c] > 0;
        pb_list kq = {sk.held[c], holds ? sk.count[c] : 0}, every = {all.all, holds ? nn : 0};
        rows[q] = v.t ? every : kq;
        cols[q] = v.t ? kq : every;
    }
    long ldv = v.t ? nn : nsk;
    vb = malloc((size_t)(nsk * nn > 0 ? nsk * nn : 1) * sizeof *vb);
    x = malloc((size_t)(nsk > 0 ? nsk : 1) * sizeof *x);
    if (!vb || !x)
        goto done;
    err = pb_gather(g, v.x, rows, cols, vb, ldv > 0 ? ldv : 1);
    if (err)
        goto done;

    long nor = orl.count[vcoord(g, &o, 1, me)], noc = ocl.count[vcoord(g, &o, 0, me)];
    long per = ACC_CHUNK_BYTES / (long)sizeof(exb_superacc);
    long big = nsr > nor ? nsr : nor;
    long width = big > 0 ? per / big : nn;
    if (width < 1)
        width = 1;
    if (width > nn)
        width = nn;
    err = MPI_ERR_NO_MEM;
    have = pb_accs_new(nsr * width);
    want = pb_accs_new(nor * width);
    chunk = malloc((size_t)(width > 0 ? width : 1) * sizeof *chunk);
    if (!have || !want || !chunk)
        goto done;
    long ml, nl;
    double *cl = (double *)pb_mat_local(o.x, g, &ml, &nl);
    for (long j0 = 0; j0 < nn; j0 += width) {
        long w = nn - j0 < width ? nn - j0 : width;
        for (long t = 0; t < w; t++)
            chunk[t] = j0 + t;
        if (nsr > 0 && nsk > 0)
            for (long t = 0; t < w; t++) {
                for (long kk = 0; kk < nsk; kk++)
                    x[kk] = v.t ? vb[(j0 + t) + kk * ldv] : vb[kk + (j0 + t) * ldv];
                pb_acc_gemv(s.t, s.t ? nsk : nsr, s.t ? nsr : nsk, sl, s.x->lld, x, have + t * nsr,
                            1);
            }
        for (int q = 0; q < np; q++) {
            int holds = sr.count[vcoord(g, &s, 1, q)] > 0 && sk.count[vcoord(g, &s, 0, q)] > 0;
            int cr = vcoord(g, &s, 1, q), orow = vcoord(g, &o, 1, q), ocol = vcoord(g, &o, 0, q);
            hr[q] = (pb_list){sr.held[cr], holds ? sr.count[cr] : 0};
            hc[q] = (pb_list){chunk, holds ? w : 0};
            wr[q] = (pb_list){orl.held[orow], orl.count[orow]};
            long n2 = 0;
            for (long b = 0; b < ocl.count[ocol]; b++)
                if (ocl.held[ocol][b] >= j0 && ocl.held[ocol][b] < j0 + w)
                    wcl[q][n2++] = ocl.held[ocol][b];
            wc[q] = (pb_list){wcl[q], n2};
        }
        pb_accs_reset(want, nor * w);
        err = pb_reduce(g, hr, hc, have, wr, wc, want);
        if (err)
            goto done;
        /* my columns of the chunk: their positions among all my columns */
        long first = 0;
        while (first < noc && ocl.held[vcoord(g, &o, 0, me)][first] < j0)
            first++;
        for (long b = 0; b < wc[me].n; b++)
            for (long a = 0; a < nor; a++) {
                double *e = o.t ? cl + (first + b) + a * o.x->lld : cl + a + (first + b) * o.x->lld;
                *e = pb_round_affine(&want[a + b * nor], p->alpha[0], p->beta[0], *e);
            }
        pb_accs_reset(have, nsr * w);
    }
    err = 0;
done:
    pb_lists_free(&sr);
    pb_lists_free(&sk);
    pb_lists_free(&orl);
    pb_lists_free(&ocl);
    pb_lists_free(&all);
    for (int q = 0; wcl && q < np; q++)
        free(wcl[q]);
    free(wcl);
    free(rows);
    free(cols);
    free(hr);
    free(hc);
    free(wr);
    free(wc);
    free(vb);
    free(x);
    free(have);
    free(want);
    free(chunk);
    return err;
}

/* PBLAS's volume estimates (pdgemm_.c), in elements a process sends:
 * 0 ab, 1 a, 2 b; the partials weigh 4 doubles (about their wire size). */
static int choose(const gemm *p)
{
    if (p->t->letter != 'D') /* exact partials of binary64 products only */
        return 0;
    int v = pb_gemm_variant();
    if (v)
        return v - 1;
    double P = p->g->nprow, Q = p->g->npcol;
    double m = (double)p->m, n = (double)p->n, k = (double)p->k;
    double ab = k * ((Q > 1 ? m / P : 0) + (P > 1 ? n / Q : 0));
    double a = n * (P > 1 ? k / Q : 0) + 4 * (Q > 1 ? m / P * n : 0);
    double b = m * (Q > 1 ? k / P : 0) + 4 * (P > 1 ? n / Q * m : 0);
    if (ab <= 2 * a && ab <= 2 * b) /* the exact local GEMM is faster: prefer it */
        return 0;
    return a <= b ? 1 : 2;
}

static void gemm_call(const pb_type *t, const char *name, const char *transa, const char *transb,
                      const int *m, const int *n, const int *k, const void *alpha, const void *a,
                      const int *ia, const int *ja, const int *desca, const void *b, const int *ib,
                      const int *jb, const int *descb, const void *beta, void *c, const int *ic,
                      const int *jc, const int *descc)
{
    pb_count_call();
    int da[PB_DLEN], db[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_grid_init(&g, da[PB_CTXT])) {
        pb_report(da[PB_CTXT], name, -(1001 + PB_CTXT));
        return;
    }
    char ta = *transa, tb = *transb;
    int nota = exb_lsame(ta, 'N'), notb = exb_lsame(tb, 'N');
    int conja = exb_lsame(ta, 'C'), conjb = exb_lsame(tb, 'C');
    int info = 0;
    if (!nota && !exb_lsame(ta, 'T') && !conja)
        info = -1;
    else if (!notb && !exb_lsame(tb, 'T') && !conjb)
        info = -2;
    if (nota)
        pb_chkmat(&g, *m, 3, *k, 5, *ia - 1, *ja - 1, da, 10, &info);
    else
        pb_chkmat(&g, *k, 5, *m, 3, *ia - 1, *ja - 1, da, 10, &info);
    if (notb)
        pb_chkmat(&g, *k, 5, *n, 4, *ib - 1, *jb - 1, db, 14, &info);
    else
        pb_chkmat(&g, *n, 4, *k, 5, *ib - 1, *jb - 1, db, 14, &info);
    pb_chkmat(&g, *m, 3, *n, 4, *ic - 1, *jc - 1, dc, 19, &info);

    /* a real type's 'C' is its 'T' */
    char opa = nota               ? 'N'
               : conja && t->cplx ? 'C'
                                  : 'T',
         opb = notb               ? 'N'
               : conjb && t->cplx ? 'C'
                                  : 'T';
    gemm p = {.g = &g,
              .t = t,
              .name = name,
              .ta = !nota,
              .tb = !notb,
              .opa = opa,
              .opb = opb,
              .m = *m,
              .n = *n,
              .k = *k};
    pb_scalar(t, alpha, p.alpha);
    pb_scalar(t, beta, p.beta);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0, kk = *k > 0 ? *k : 0;
    pb_mat_set(&p.a, &g, da, *ia - 1, *ja - 1, nota ? mm : kk, nota ? kk : mm, a, t->es);
    pb_mat_set(&p.b, &g, db, *ib - 1, *jb - 1, notb ? kk : nn, notb ? nn : kk, b, t->es);
    pb_mat_set(&p.c, &g, dc, *ic - 1, *jc - 1, mm, nn, c, t->es);

    pb_call call;
    pb_call_init(&call, &g, name);
    call.info = info;
    pb_share_char(&call, 1, opa);
    pb_share_char(&call, 2, opb);
    pb_share_long(&call, 3, *m);
    pb_share_long(&call, 4, *n);
    pb_share_long(&call, 5, *k);
    pb_share_scalar(&call, 6, t, p.alpha);
    pb_share_long(&call, 8, *ia);
    pb_share_long(&call, 9, *ja);
    pb_share_desc(&call, 10, da);
    pb_share_long(&call, 12, *ib);
    pb_share_long(&call, 13, *jb);
    pb_share_desc(&call, 14, db);
    pb_share_scalar(&call, 15, t, p.beta);
    pb_share_long(&call, 17, *ic);
    pb_share_long(&call, 18, *jc);
    pb_share_desc(&call, 19, dc);
    int legal = info == 0 || !(da[PB_DTYPE] != 2 || db[PB_DTYPE] != 2 || dc[PB_DTYPE] != 2);
    int alpha0 = pb_scalar_is(p.alpha, 0.0);
    int quick = mm == 0 || nn == 0 || ((alpha0 || kk == 0) && pb_scalar_is(p.beta, 1.0));
    if (legal && !quick) {
        pb_scope_mat(&call, &g, &p.c);
        if (!alpha0 && kk > 0) {
            pb_scope_mat(&call, &g, &p.a);
            pb_scope_mat(&call, &g, &p.b);
        }
    }
    if (pb_agree(&g, &call) || quick || !call.scope[g.me]) {
        pb_call_free(&call);
        return;
    }
    pb_call_free(&call);
    int err;
    if (alpha0 || kk == 0) { /* sub(C) := beta*sub(C), locally: the local GEMM with K = 0 */
        long ml, nl;
        char *cl = pb_mat_local(&p.c, &g, &ml, &nl);
        if (ml > 0 && nl > 0)
            pb_local_gemm(t, name, 'N', 'N', ml, nl, 0, p.alpha, cl, ml, cl, 1, p.beta, cl,
                          p.c.lld);
        return;
    }
    switch (choose(&p)) {
    case 1:
        err = stationary(&p, (view){&p.a, p.ta}, (view){&p.b, p.tb}, (view){&p.c, 0}, mm, nn);
        break;
    case 2:
        err = stationary(&p, (view){&p.b, !p.tb}, (view){&p.a, !p.ta}, (view){&p.c, 1}, nn, mm);
        break;
    default:
        err = gemm_ab(&p);
    }
    if (err)
        pb_report(g.ctxt, name, 0);
}

#define GEMM_ENTRY(x, X, T)                                                                        \
    PB_API void p##x##gemm_(const char *transa, const char *transb, const int *m, const int *n,    \
                            const int *k, const T *alpha, const T *a, const int *ia,               \
                            const int *ja, const int *desca, const T *b, const int *ib,            \
                            const int *jb, const int *descb, const T *beta, T *c, const int *ic,   \
                            const int *jc, const int *descc, size_t la, size_t lb)                 \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)la, (void)lb;                                                                        \
        gemm_call(&pb_type_##x, "P" #X "GEMM", transa, transb, m, n, k, alpha, a, ia, ja, desca,   \
                  b, ib, jb, descb, beta, c, ic, jc, descc);                                       \
    }
GEMM_ENTRY(s, S, float)
GEMM_ENTRY(d, D, double)
GEMM_ENTRY(c, C, float)
GEMM_ENTRY(z, Z, double)

/*
 * pxsymm.c -- PSSYMM, PDSYMM, PCSYMM, PZSYMM, PCHEMM, PZHEMM: sub(C) :=
 * alpha*sub(A)*sub(B) + beta*sub(C) (SIDE 'L') or alpha*sub(B)*sub(A) +
 * beta*sub(C) ('R'), sub(A) symmetric (Hermitian for HEMM) with only its
 * UPLO triangle read, every element (every part) RN of its exact value,
 * whatever the grid.
 *
 *   SUBROUTINE PxSYMM(SIDE, UPLO, M, N, ALPHA, A, IA, JA, DESCA, B, IB, JB,
 *                     DESCB, BETA, C, IC, JC, DESCC)
 *
 * The GEMM rule on A's dense twin (the other triangle a_ji = a_ij,
 * conj(a_ij) for HEMM, a Hermitian diagonal's imaginary part 0;
 * doc/CONTRACT.md): each holder of a block of sub(C) gathers its rows of
 * the twin (SIDE 'L') or of sub(B) and the matching columns of the other
 * operand over the whole inner dimension, and calls the exact GEMM of the
 * type once (PBLAS's "C stays").  Quick return (PBLAS): M = 0, N = 0, or
 * alpha = 0 and beta = 1; alpha = 0: sub(C) := beta*sub(C).  Errors:
 * PXERBLA(name, position) on every holder of an operand.
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static int symm(const pb_grid *g, const pb_type *t, const char *name, int herm, int left, int upper,
                long m, long n, const double al[2], const pb_mat *a, const pb_mat *b,
                const double be[2], const pb_mat *c, int alpha0)
{
    size_t es = (size_t)t->es;
    int np = g->np, err = MPI_ERR_NO_MEM;
    long ka = left ? m : n; /* A's order: the inner dimension */
    pb_lists cr = {0}, cc = {0};
    pb_list *rows = malloc((size_t)np * sizeof *rows), *cols = malloc((size_t)np * sizeof *cols);
    char *hold = pb_holds_mat(g, c);
    char *l = NULL, *r = NULL, *cb = NULL;
    if (!rows || !cols || !hold || pb_lists_make(&cr, &c->r, c->i0, m) ||
        pb_lists_make(&cc, &c->c, c->j0, n))
        goto done;
    pb_block_lists(g, &cr, 1, hold, rows);
    pb_block_lists(g, &cc, 0, hold, cols);
    long mi = rows[g->me].n, nj = cols[g->me].n;
    if (alpha0) /* beta*sub(C) only: no operand is gathered */
        ka = 0;
    l = malloc((size_t)(mi * ka > 0 ? mi * ka : 1) * es);
    r = malloc((size_t)(nj * ka > 0 ? nj * ka : 1) * es);
    cb = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * es);
    if (!l || !r || !cb)
        goto done;
    err = 0;
    if (alpha0) {      /* beta*sub(C): the local GEMM with K = 0 */
    } else if (left) { /* l = sym(A)(I,:), r = B(:,J)^T */
        err = pb_gather_symrows(g, a, upper, herm, rows, ka, l);
        if (!err)
            err = pb_gather_oprows(g, b, 1, cols, ka, r);
    } else { /* l = B(I,:), r = sym(A)(:,J)^T */
        err = pb_gather_oprows(g, b, 0, rows, ka, l);
        if (!err)
            err = pb_gather_symrows(g, a, upper, herm ? 2 : 0, cols, ka, r);
    }
    if (!err && mi > 0 && nj > 0) {
        pb_block_load(g, c, cb);
        pb_local_gemm(t, name, 'N', 'T', mi, nj, ka, al, l, mi, r, nj, be, cb, mi);
        pb_block_store(g, c, cb, 0);
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

static void symm_call(const pb_type *t, const char *name, int herm, const char *side,
                      const char *uplo, const int *m, const int *n, const void *alpha,
                      const void *a, const int *ia, const int *ja, const int *desca, const void *b,
                      const int *ib, const int *jb, const int *descb, const void *beta, void *c,
                      const int *ic, const int *jc, const int *descc)
{
    int da[PB_DLEN], db[PB_DLEN], dc[PB_DLEN];
    pb_desc_widen(desca, da);
    pb_desc_widen(descb, db);
    pb_desc_widen(descc, dc);
    pb_grid g;
    if (pb_enter(&g, da, name, 9))
        return;
    int left = exb_lsame(*side, 'L'), upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!left && !exb_lsame(*side, 'R'))
        info = -1;
    else if (!upper && !exb_lsame(*uplo, 'L'))
        info = -2;
    if (left)
        pb_chkmat(&g, *m, 3, *m, 3, *ia - 1, *ja - 1, da, 9, &info);
    else
        pb_chkmat(&g, *n, 4, *n, 4, *ia - 1, *ja - 1, da, 9, &info);
    pb_chkmat(&g, *m, 3, *n, 4, *ib - 1, *jb - 1, db, 13, &info);
    pb_chkmat(&g, *m, 3, *n, 4, *ic - 1, *jc - 1, dc, 18, &info);
    long mm = *m > 0 ? *m : 0, nn = *n > 0 ? *n : 0, ka = left ? mm : nn;
    pb_mat ma, mb, mc;
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, ka, ka, a, t->es);
    pb_mat_set(&mb, &g, db, *ib - 1, *jb - 1, mm, nn, b, t->es);
    pb_mat_set(&mc, &g, dc, *ic - 1, *jc - 1, mm, nn, c, t->es);
    double al[2], be[2];
    pb_scalar(t, alpha, al);
    pb_scalar(t, beta, be);
    pb_call cl;
    pb_call_init(&cl, &g, name);
    cl.info = info;
    pb_share_char(&cl, 1, left ? 'L' : 'R');
    pb_share_char(&cl, 2, upper ? 'U' : 'L');
    pb_share_long(&cl, 3, *m);
    pb_share_long(&cl, 4, *n);
    pb_share_scalar(&cl, 5, t, al);
    pb_share_long(&cl, 7, *ia);
    pb_share_long(&cl, 8, *ja);
    pb_share_desc(&cl, 9, da);
    pb_share_long(&cl, 11, *ib);
    pb_share_long(&cl, 12, *jb);
    pb_share_desc(&cl, 13, db);
    pb_share_scalar(&cl, 14, t, be);
    pb_share_long(&cl, 16, *ic);
    pb_share_long(&cl, 17, *jc);
    pb_share_desc(&cl, 18, dc);
    int alpha0 = pb_scalar_is(al, 0.0);
    int quick = mm == 0 || nn == 0 || (alpha0 && pb_scalar_is(be, 1.0));
    if ((!info || pb_descs_ok(da, db, dc)) && !quick) {
        pb_scope_mat(&cl, &g, &mc);
        if (!alpha0) {
            pb_scope_mat(&cl, &g, &ma);
            pb_scope_mat(&cl, &g, &mb);
        }
    }
    if (pb_agree(&g, &cl) || quick || !cl.scope[g.me]) {
        pb_call_free(&cl);
        return;
    }
    pb_call_free(&cl);
    if (symm(&g, t, name, herm, left, upper, mm, nn, al, &ma, &mb, be, &mc, alpha0))
        pb_report(g.ctxt, name, 0);
}

#define SYMM_ENTRY(l, U, T, op, OP, herm)                                                          \
    PB_API void p##l##op##_(const char *side, const char *uplo, const int *m, const int *n,        \
                            const T *alpha, const T *a, const int *ia, const int *ja,              \
                            const int *desca, const T *b, const int *ib, const int *jb,            \
                            const int *descb, const T *beta, T *c, const int *ic, const int *jc,   \
                            const int *descc, size_t l1, size_t l2)                                \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1, (void)l2;                                                                        \
        symm_call(&pb_type_##l, "P" #U#OP, herm, side, uplo, m, n, alpha, a, ia, ja, desca, b, ib, \
                  jb, descb, beta, c, ic, jc, descc);                                              \
    }
SYMM_ENTRY(s, S, float, symm, SYMM, 0)
SYMM_ENTRY(d, D, double, symm, SYMM, 0)
SYMM_ENTRY(c, C, float, symm, SYMM, 0)
SYMM_ENTRY(z, Z, double, symm, SYMM, 0)
SYMM_ENTRY(c, C, float, hemm, HEMM, 1)
SYMM_ENTRY(z, Z, double, hemm, HEMM, 1)

/*
 * pxsyr.c -- the symmetric and Hermitian rank-1 and rank-2 updates, the
 * UPLO triangle of sub(A) only, every element (every part) RN of its
 * exact value rounded once, whatever the grid (doc/CONTRACT.md):
 *
 *   SUBROUTINE PxSYR(UPLO, N, ALPHA, X, IX, JX, DESCX, INCX, A, IA, JA,
 *                    DESCA)
 *     PSSYR, PDSYR: a_ij + alpha x_i x_j; PCHER, PZHER (alpha real):
 *     a_ij + alpha x_i conj(x_j);
 *   SUBROUTINE PxSYR2(UPLO, N, ALPHA, X, IX, JX, DESCX, INCX, Y, IY, JY,
 *                     DESCY, INCY, A, IA, JA, DESCA)
 *     PSSYR2, PDSYR2: a_ij + alpha (x_i y_j + y_i x_j), the sum exact;
 *     PCHER2, PZHER2: a_ij + alpha x_i conj(y_j) + conj(alpha) y_i conj(x_j)
 *     (ZHER2K's rule with K = 1).
 * A Hermitian A's diagonal is real, its imaginary part +0 as the reference
 * sets it.
 *
 * Each holder of a block of sub(A) gets x (and y) at its rows and at its
 * columns (PBLAS moves the same), updates its block with one exact local
 * core (xGER / xGERC, a GEMM of inner dimension 2, or for HER2 the exact
 * xHER2K on the block's rows and columns stacked, whose off-diagonal
 * block is the update) and keeps the triangle.  Quick return (PBLAS): N =
 * 0 or alpha = 0.  Errors: PXERBLA(name, position) on every holder of an
 * operand.
 */
#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "pblas.h"
#include "support/xerbla.h"

static int update(const pb_grid *g, const pb_type *t, const char *name, char uplo, long n,
                  const double al[2], const pb_vec *vx, const pb_vec *vy, const pb_mat *ma)
{
    int err = MPI_ERR_NO_MEM;
    size_t es = (size_t)t->es;
    pb_lists lr = {0}, lc = {0};
    pb_vlists *wr = NULL, *wc = NULL;
    char *l = NULL, *r = NULL, *ab = NULL, *hold = pb_holds_mat(g, ma);
    if (!hold || pb_lists_make(&lr, &ma->r, ma->i0, n) || pb_lists_make(&lc, &ma->c, ma->j0, n))
        goto done;
    wr = pb_vlists_from(g, &lr, 1, hold);
    wc = pb_vlists_from(g, &lc, 0, hold);
    if (!wr || !wc)
        goto done;
    long mi = wr->count[g->me], nj = wc->count[g->me];
    l = malloc((size_t)(mi + nj > 0 ? 2 * (mi + nj) : 1) * es);
    r = malloc((size_t)(mi + nj > 0 ? 2 * (mi + nj) : 1) * es);
    ab = malloc((size_t)(mi * nj > 0 ? mi * nj : 1) * es);
    if (!l || !r || !ab)
        goto done;
    /* real SYR2: l = [x(I) y(I)], r = [y(J) x(J)]; HER2: l = [x(I); x(J)],
     * r = [y(I); y(J)]; SYR, HER: x(I) in l, x(J) in r */
    int her2 = vy && t->cplx;
    char *xi = l, *yi = her2 ? r : l + (size_t)mi * es;
    char *xj = her2 ? l + (size_t)mi * es : vy ? r + (size_t)nj * es : r;
    char *yj = her2 ? r + (size_t)mi * es : r;
    err = pb_vec_fetch(g, vx, wr, xi);
    if (!err)
        err = pb_vec_fetch(g, vx, wc, xj);
    if (!err && vy)
        err = pb_vec_fetch(g, vy, wr, yi);
    if (!err && vy)
        err = pb_vec_fetch(g, vy, wc, yj);
    if (!err && mi > 0 && nj > 0) {
        double one[2] = {1.0, 0.0};
        pb_block_load(g, ma, ab);
        if (her2)
            err = pb_local_her2k_block(t, name, 'N', mi, nj, 1, al, one, l, mi + nj, r, mi + nj, ab)
                      ? MPI_ERR_NO_MEM
                      : 0;
        else if (vy) /* a_ij + alpha (x_i y_j + y_i x_j): one exact sum of two */
            pb_local_gemm(t, name, 'N', 'T', mi, nj, 2, al, l, mi, r, nj, one, ab, mi);
        else
            pb_local_ger(t, name, t->cplx, mi, nj, al, xi, xj, ab, mi);
        if (t->cplx && !err)
            err = pb_block_real_diagonal(g, ma, ab);
        if (!err)
            pb_block_store(g, ma, ab, uplo);
    }
done:
    pb_lists_free(&lr);
    pb_lists_free(&lc);
    pb_vlists_free(wr);
    pb_vlists_free(wc);
    free(l);
    free(r);
    free(ab);
    free(hold);
    return err;
}

/* y NULL: PxSYR / PxHER (alpha of the real type for HER) */
static void syr_call(const pb_type *t, const char *name, const char *uplo, const int *n,
                     const void *alpha, const void *x, const int *ix, const int *jx,
                     const int *descx, const int *incx, const void *y, const int *iy, const int *jy,
                     const int *descy, const int *incy, void *a, const int *ia, const int *ja,
                     const int *desca)
{
    int two = y != NULL, dx[PB_DLEN], dy[PB_DLEN], da[PB_DLEN];
    int apos = two ? 17 : 12; /* DESCA's position */
    pb_desc_widen(descx, dx);
    if (two)
        pb_desc_widen(descy, dy);
    pb_desc_widen(desca, da);
    pb_grid g;
    if (pb_enter(&g, dx, name, 7))
        return;
    int upper = exb_lsame(*uplo, 'U'), info = 0;
    if (!upper && !exb_lsame(*uplo, 'L'))
        info = -1;
    pb_chkvec(&g, *n, 2, *ix - 1, *jx - 1, dx, *incx, 7, &info);
    if (two)
        pb_chkvec(&g, *n, 2, *iy - 1, *jy - 1, dy, *incy, 12, &info);
    pb_chkmat(&g, *n, 2, *n, 2, *ia - 1, *ja - 1, da, apos, &info);
    long nn = *n > 0 ? *n : 0;
    const pb_type *ts = t->cplx && !two ? (t->f32 ? &pb_type_s : &pb_type_d) : t; /* HER's alpha */
    double al[2];
    pb_scalar(ts, alpha, al);
    pb_vec vx, vy;
    pb_mat ma;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    if (two)
        pb_vec_set(&vy, &g, dy, nn, *iy - 1, *jy - 1, *incy, y, t->es);
    pb_mat_set(&ma, &g, da, *ia - 1, *ja - 1, nn, nn, a, t->es);
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_char(&c, 1, upper ? 'U' : 'L');
    pb_share_long(&c, 2, *n);
    pb_share_scalar(&c, 3, ts, al);
    pb_share_long(&c, 5, *ix);
    pb_share_long(&c, 6, *jx);
    pb_share_desc(&c, 7, dx);
    pb_share_long(&c, 8, *incx);
    if (two) {
        pb_share_long(&c, 10, *iy);
        pb_share_long(&c, 11, *jy);
        pb_share_desc(&c, 12, dy);
        pb_share_long(&c, 13, *incy);
    }
    pb_share_long(&c, apos - 2, *ia);
    pb_share_long(&c, apos - 1, *ja);
    pb_share_desc(&c, apos, da);
    int quick = nn == 0 || pb_scalar_is(al, 0.0);
    if ((!info || pb_descs_ok(dx, two ? dy : da, two ? da : NULL)) && !quick) {
        pb_scope_vec(&c, &g, &vx);
        if (two)
            pb_scope_vec(&c, &g, &vy);
        pb_scope_mat(&c, &g, &ma);
    }
    if (pb_agree(&g, &c) || quick || !c.scope[g.me]) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    if (update(&g, t, name, upper ? 'U' : 'L', nn, al, &vx, two ? &vy : NULL, &ma))
        pb_report(g.ctxt, name, 0);
}

#define SYR_ENTRY(l, U, T, S, op, OP)                                                              \
    PB_API void p##l##op##_(const char *uplo, const int *n, const S *alpha, const T *x,            \
                            const int *ix, const int *jx, const int *descx, const int *incx, T *a, \
                            const int *ia, const int *ja, const int *desca, size_t l1)             \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1;                                                                                  \
        syr_call(&pb_type_##l, "P" #U#OP, uplo, n, alpha, x, ix, jx, descx, incx, NULL, NULL,      \
                 NULL, NULL, NULL, a, ia, ja, desca);                                              \
    }
SYR_ENTRY(s, S, float, float, syr, SYR)
SYR_ENTRY(d, D, double, double, syr, SYR)
SYR_ENTRY(c, C, float, float, her, HER)
SYR_ENTRY(z, Z, double, double, her, HER)

#define SYR2_ENTRY(l, U, T, op, OP)                                                                \
    PB_API void p##l##op##_(const char *uplo, const int *n, const T *alpha, const T *x,            \
                            const int *ix, const int *jx, const int *descx, const int *incx,       \
                            const T *y, const int *iy, const int *jy, const int *descy,            \
                            const int *incy, T *a, const int *ia, const int *ja, const int *desca, \
                            size_t l1)                                                             \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        (void)l1;                                                                                  \
        syr_call(&pb_type_##l, "P" #U#OP, uplo, n, alpha, x, ix, jx, descx, incx, y, iy, jy,       \
                 descy, incy, a, ia, ja, desca);                                                   \
    }
SYR2_ENTRY(s, S, float, syr2, SYR2)
SYR2_ENTRY(d, D, double, syr2, SYR2)
SYR2_ENTRY(c, C, float, her2, HER2)
SYR2_ENTRY(z, Z, double, her2, HER2)

/*
 * zgemv_dense.c -- ZGEMV and ZHEMV (and the C ones) on dense matrices, on
 * the structured engine of zl2.c or, where alpha is real or imaginary and
 * beta real, on the real engines: ZGEMV N on the host's rows kernel over
 * A's interleaved real view (four partial sums a row joined into Sr and
 * Si), T and C on EXDGEMV (zlevel2.h has the rules).
 */
#include "zlevel2.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/f32.h"
#include "core/fpenv.h"
#include "core/filter.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "routines.h"
#include "backend/tuning.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "storage.h"
#include "zmat.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

/* ---- the dense GEMV and HEMV on the Level 2 engine -------------------------------- */

/* ZGEMV N through the host's filter, reading A in place: the rows kernel on
 * A's interleaved real view (rows 2i re, 2i+1 im) against xr and xi gives
 * every row's re.xr, im.xr, re.xi and im.xi; Sr = re.xr - im.xi and Si =
 * re.xi + im.xr are joined from them and decided with alpha and beta by the
 * kernel table's decide, a chunk of rows at a time; an output it cannot
 * decide is summed exactly (zproduct_exact on its row, from y's old
 * value).  0 when the filter cannot run here (then nothing is written). */
typedef struct gemv_n_task {
    const exb_filter_kernels *f;
    long m, n, lda, incy;
    const double *al, *a, *xg, *u;
    double br, coef[2], beta2[2];
    int use_si[2], decided; /* set (atomically) by any share */
    double *y;
} gemv_n_task;

enum { GEMV_CH = 32 }; /* rows a chunk: both kernel passes from the cache */

static void gemv_n_share(void *arg, int share, int parts)
{
    gemv_n_task *t = arg;
    const exb_filter_kernels *f = t->f;
    long m = t->m, n = t->n, chunks = (m + GEMV_CH - 1) / GEMV_CH;
    long k0 = chunks * share / parts, k1 = chunks * (share + 1) / parts;
    double H1[2 * GEMV_CH], L1[2 * GEMV_CH], S1[2 * GEMV_CH], H2[2 * GEMV_CH], L2[2 * GEMV_CH],
        S2[2 * GEMV_CH];
    double sh[2][GEMV_CH], sl[2][GEMV_CH], sc[2][GEMV_CH], yold[2][GEMV_CH], ynew[2][GEMV_CH];
    long undecided[GEMV_CH];
    for (long k = k0; k < k1; k++) {
        long c0 = k * GEMV_CH, cnt = m - c0 < GEMV_CH ? m - c0 : GEMV_CH;
        f->rows(t->a + 2 * c0, 2 * t->lda, 2 * cnt, t->u, n, H1, L1, S1);
        f->rows(t->a + 2 * c0, 2 * t->lda, 2 * cnt, t->u + n, n, H2, L2, S2);
        for (long r = 0; r < cnt; r++) {
            /* Sr = re.xr + (-(im.xi)), Si = re.xi + im.xr */
            sh[0][r] = H1[2 * r], sl[0][r] = L1[2 * r], sc[0][r] = S1[2 * r];
            exb_filter_join(&sh[0][r], &sl[0][r], &sc[0][r], -H2[2 * r + 1], -L2[2 * r + 1],
                            S2[2 * r + 1]);
            sh[1][r] = H2[2 * r], sl[1][r] = L2[2 * r], sc[1][r] = S2[2 * r];
            exb_filter_join(&sh[1][r], &sl[1][r], &sc[1][r], H1[2 * r + 1], L1[2 * r + 1],
                            S1[2 * r + 1]);
            long at = 2 * (t->incy < 0 ? (m - 1 - c0 - r) * -t->incy : (c0 + r) * t->incy);
            for (int p = 0; p < 2; p++)
                yold[p][r] = ynew[p][r] = t->br != 0.0 ? t->y[at + p] : 0.0;
        }
        int exact[GEMV_CH] = {0};
        for (int p = 0; p < 2; p++) {
            int q = t->use_si[p];
            long left = f->decide(cnt, sh[q], sl[q], sc[q], 2.0 * (double)n + 2.0, t->coef[p],
                                  t->br != 0.0 ? &t->beta2[p] : NULL, ynew[p], 1, undecided);
            if (left < cnt)
                __atomic_store_n(&t->decided, 1, __ATOMIC_RELAXED);
            for (long j = 0; j < left; j++)
                exact[undecided[j]] = 1;
        }
        for (long r = 0; r < cnt; r++) {
            long at = 2 * (t->incy < 0 ? (m - 1 - c0 - r) * -t->incy : (c0 + r) * t->incy);
            if (exact[r]) { /* row c0 + r alone, from y's old value */
                double yv[2] = {yold[0][r], yold[1][r]}, be[2] = {t->br, 0.0};
                zmat R = {.s = {.op = {.a = t->a + 2 * (c0 + r), .lda = t->lda, .trans = 'N'},
                                .storage = L2_DENSE,
                                .kind = L2_GENERAL,
                                .m = 1,
                                .n = n}};
                exb_zmat_init(&R);
                exb_zmat_product_exact(&R, t->al, t->xg, be, yv, 1);
                ynew[0][r] = yv[0], ynew[1][r] = yv[1];
            }
            t->y[at] = ynew[0][r], t->y[at + 1] = ynew[1][r];
        }
    }
}

/* ZGEMV N through the host's filter, reading A in place: the rows kernel on
 * A's interleaved real view (rows 2i re, 2i+1 im) against xr and xi gives
 * every row's re.xr, im.xr, re.xi and im.xi; Sr = re.xr - im.xi and Si =
 * re.xi + im.xr are joined from them and decided with alpha and beta by the
 * kernel table's decide, chunks of rows shared among the threads; an output
 * it cannot decide is summed exactly (zproduct_exact on its row, from y's
 * old value).  0 when the filter cannot run here (nothing written). */
static int gemv_n_filtered(long m, long n, const double *al, const double *a, long lda,
                           const double *x, long incx, double br, double *y, long incy)
{
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    gemv_n_task t = {.f = exb_kernels_filter(exb_host_kernels_get(knobs.host_generic), knobs.fpe,
                                             knobs.front, knobs.filter),
                     .m = m,
                     .n = n,
                     .lda = lda,
                     .incy = incy,
                     .al = al,
                     .a = a,
                     .br = br,
                     .y = y};
    for (int p = 0; p < 2; p++) {
        t.use_si[p] = (p == 0) == (al[1] != 0.0);
        t.coef[p] = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
        t.beta2[p] = exb_filter_beta(t.coef[p], br);
        if (!t.f || !exb_filter_alpha_ok(t.coef[p]) || isnan(t.beta2[p]))
            return 0;
    }
    double *xg = exb_zmat_gather(x, 0, n, incx),
           *u = malloc((size_t)(2 * (n > 0 ? n : 1)) * sizeof *u);
    if (!xg || !u) {
        free(xg);
        free(u);
        return 0;
    }
    for (long j = 0; j < n; j++)
        u[j] = xg[2 * j], u[n + j] = xg[2 * j + 1];
    t.xg = xg, t.u = u;
    exb_parallel_sized(knobs.threads, 4 * m * n, exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread,
                       (m + GEMV_CH - 1) / GEMV_CH, gemv_n_share, &t);
    free(xg);
    free(u);
    exb_path_add(EXACTBLAS_PATH_HOST | (t.decided ? EXACTBLAS_PATH_EARLY : 0));
    return 1;
}

/* ZGEMV with alpha real or imaginary and beta real: each part one real
 * EXDGEMV of the same terms.  T and C: row i of op(A) is column i of A, 2m
 * doubles (re, im, ...) in place; Sr and Si are its dot products with
 * (xr, -xi, ...) and (xi, xr, ...) (T) or (xr, xi, ...) and (xi, -xr, ...)
 * (C).  N: blocks of rows copied as [Ar Ai] (m_b x 2n), Sr = [Ar Ai] [xr;
 * -xi], Si = [Ar Ai] [xi; xr].  0 when out of memory (nothing written). */
static int gemv_real_parts(char trans, long m, long n, const double *al, const double *a, long lda,
                           const double *x, long incx, double br, double *y, long incy)
{
    int tn = exb_lsame(trans, 'N'), cj = exb_lsame(trans, 'C');
    long lenx = tn ? n : m, leny = tn ? m : n, x0 = incx < 0 ? (lenx - 1) * -incx : 0;
    double *v = malloc((size_t)(4 * lenx) * sizeof *v); /* the Sr and Si vectors */
    if (!v)
        return 0;
    for (long j = 0; j < lenx; j++) {
        double xr = x[2 * (x0 + j * incx)], xi = x[2 * (x0 + j * incx) + 1];
        if (tn) { /* [xr; -xi] and [xi; xr] */
            v[j] = xr, v[lenx + j] = -xi;
            v[2 * lenx + j] = xi, v[3 * lenx + j] = xr;
        } else {
            v[2 * j] = xr, v[2 * j + 1] = cj ? xi : -xi;
            v[2 * lenx + 2 * j] = xi, v[2 * lenx + 2 * j + 1] = cj ? -xr : xr;
        }
    }
    enum { MB = 128 };
    double *w = tn ? malloc((size_t)(MB * 2 * n) * sizeof *w) : NULL;
    if (tn && !w) {
        free(v);
        return 0;
    }
    /* Re = ar Sr + br yr or -ai Si + br yr; Im = ar Si + br yi or ai Sr + br yi */
    double coef[2];
    const double *vec[2];
    for (int p = 0; p < 2; p++) {
        int use_si = (p == 0) == (al[1] != 0.0);
        coef[p] = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
        vec[p] = v + (use_si ? 2 * lenx : 0);
    }
    if (!tn) {
        for (int p = 0; p < 2; p++)
            exb_dgemv_checked("ZGEMV ", 'T', 2 * m, n, coef[p], a, 2 * lda, vec[p], 1, br, y + p,
                              2 * incy);
    }
    for (long i0 = 0; tn && i0 < m; i0 += MB) {
        long mb = m - i0 < MB ? m - i0 : MB;
        for (long j = 0; j < n; j++)
            for (long r = 0; r < mb; r++) {
                w[r + j * mb] = a[2 * (i0 + r + j * lda)];
                w[r + (n + j) * mb] = a[2 * (i0 + r + j * lda) + 1];
            }
        /* y's logical elements i0 .. i0+mb-1, from their first in storage */
        long first = incy < 0 ? (leny - i0 - mb) * -incy : i0 * incy;
        for (int p = 0; p < 2; p++)
            exb_dgemv_checked("ZGEMV ", 'N', mb, 2 * n, coef[p], w, mb, vec[p], 1, br,
                              y + 2 * first + p, 2 * incy);
    }
    free(v);
    free(w);
    return 1;
}

void exb_xgemv_dense(int f32, int herm, char uplo, char trans, long m, long n, const double *alpha,
                     const void *a, long lda, const void *x, long incx, const double *beta, void *y,
                     long incy)
{
    if (!f32 && !herm && (alpha[0] != 0.0) != (alpha[1] != 0.0) && beta[1] == 0.0) {
        int done = exb_lsame(trans, 'N') &&
                   gemv_n_filtered(m, n, alpha, a, lda, x, incx, beta[0], y, incy);
        if (done || gemv_real_parts(trans, m, n, alpha, a, lda, x, incx, beta[0], y, incy))
            return;
    }
    int tn = exb_lsame(trans, 'N');
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                           .trans = herm || tn ? 'N' : 'T'},
                    .storage = L2_DENSE,
                    .kind = herm ? L2_SYMMETRIC : L2_GENERAL,
                    .m = m,
                    .n = n},
              .conj = !herm && exb_lsame(trans, 'C')};
    exb_zmat_product(&A, alpha, x, incx, beta, y, incy);
}

/*
 * zl2.c -- the structured complex Level 2 routines and the triangular Level
 * 3 ones built on them (zlevel2.h has the rules): ZGBMV, ZHBMV, ZHPMV,
 * ZTRMV, ZTBMV, ZTPMV, ZTRSV, ZTBSV, ZTPSV, ZTRMM, ZTRSM and their C twins.
 *
 * Products.  Re (alpha op(A) x + beta y)_i = ar Sr - ai Si + br yr - bi yi
 * with Sr = sum re(a) xr - im(a) xi and Si = sum im(a) xr + re(a) xi over
 * the entries the storage defines.  Sr and Si are real dot products of the
 * interleaved x = (xr0, xi0, xr1, ...) with the rows (re, -im, ...) and
 * (im, re, ...): when alpha is real or imaginary and beta real, each part
 * is one real structured product of the real Level 2 engine (l2.h, its
 * filter and long accumulator, binary32 rounding) with one real alpha and
 * beta.  Otherwise each output's Sr and Si are summed exactly in long
 * accumulators and the four-term expression rounded once
 * (exb_superacc_round_affine2), as ZGEMM's general path.
 *
 * Dense matrices are read in memory order.  The solves: zsolve.c; ZGEMV
 * and ZHEMV on dense matrices: zgemv_dense.c.  The complex matrix view
 * they share: zmat.h, zmat.c.
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

/* RN of a1 v1 + a2 v2 + b1 y1 + b2 y2 in the result's format. */
static double round4(int f32, const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                     double b1, double y1, double b2, double y2)
{
    double d = exb_superacc_round_affine2(v1, a1, v2, a2, b1, y1, b2, y2);
    if (!f32)
        return d;
    float below, above;
    if (!exb_f32_midpoint(d, &below, &above))
        return (float)d;
    int s = exb_superacc_affine2_sign(v1, a1, v2, a2, b1, y1, b2, y2, d);
    return s > 0 ? above : s < 0 ? below : (float)d;
}

/* Each output by its exact Sr, Si (every alpha and beta): y_i := alpha S_i
 * + beta y_i per part; a row with no entries, or alpha = 0, y_i := beta y_i
 * (0 for beta = 0, y not read). */
void exb_zmat_product_exact(const zmat *A, const double *al, const double *xg, const double *be,
                            void *y, long incy)
{
    const l2_op *op = &A->s.op;
    int f32 = op->f32, alpha0 = al[0] == 0.0 && al[1] == 0.0;
    int read_y = be[0] != 0.0 || be[1] != 0.0;
    long n = op->outputs, first = incy < 0 ? (1 - n) * incy : 0;
    exb_superacc sr, si;
    exb_superacc_clear(&sr);
    exb_superacc_clear(&si);
    for (long i = 0; i < n; i++) {
        long at = 2 * (first + i * incy), j0 = 0, j1 = 0;
        if (!read_y && (alpha0 || (exb_zmat_range(A, i, &j0, &j1), j1 == j0))) {
            zput(y, f32, at, 0.0); /* the reference's zero */
            zput(y, f32, at + 1, 0.0);
            continue;
        }
        if (!alpha0)
            exb_zmat_range(A, i, &j0, &j1);
        exb_superacc_reset(&sr);
        exb_superacc_reset(&si);
        int zr = 1, zi = 1;
        for (long j = j0; j < j1; j++) {
            double re, im, xr = xg[2 * j], xi = xg[2 * j + 1];
            exb_zmat_entry(A, i, j, &re, &im);
            exb_superacc_add_product(&sr, re, xr);
            exb_superacc_add_product(&sr, -im, xi);
            exb_superacc_add_product(&si, im, xr);
            exb_superacc_add_product(&si, re, xi);
            zr = zr && exb_product_is_negzero(re, xr) && exb_product_is_negzero(-im, xi);
            zi = zi && exb_product_is_negzero(im, xr) && exb_product_is_negzero(re, xi);
        }
        if (zr && exb_superacc_is_zero(&sr))
            exb_superacc_set_negative_zero(&sr);
        if (zi && exb_superacc_is_zero(&si))
            exb_superacc_set_negative_zero(&si);
        double a0 = j1 > j0 ? al[0] : 0.0, a1 = j1 > j0 ? al[1] : 0.0; /* no entries: no term */
        double yr = read_y ? zget(y, f32, at) : 0.0, yi = read_y ? zget(y, f32, at + 1) : 0.0;
        double re = round4(f32, &sr, a0, &si, -a1, be[0], yr, -be[1], yi);
        double im = round4(f32, &si, a0, &sr, a1, be[0], yi, be[1], yr);
        zput(y, f32, at, re);
        zput(y, f32, at + 1, im);
    }
}

/* y := alpha op(A) x + beta y (complex alpha, beta as (re, im)); x and y of
 * the matrix's format, increments in complex elements; y may be x (a
 * triangular product: alpha 1, beta 0). */
void exb_zmat_product(zmat *A, const double *al, const void *x, long incx, const double *be,
                      void *y, long incy)
{
    exb_zmat_init(A);
    int f32 = A->s.op.f32;
    long ncols = A->s.op.cols / 2;
    double *xg = exb_zmat_gather(x, f32, ncols, incx);
    if (!xg) {
        exb_note("no memory for a complex Level 2 product's x of %ld elements: y left as it was",
                 ncols);
        return;
    }
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    if (!alpha0 && (al[0] == 0.0 || al[1] == 0.0) && be[1] == 0.0) {
        exb_knobs knobs;
        exb_knobs_read_rows(&knobs);
        /* Re = ar Sr + br yr or -ai Si + br yr; Im = ar Si + br yi or ai Sr + br yi */
        for (int p = 0; p < 2; p++) {
            A->part = (p == 0) == (al[1] != 0.0);
            double coef = al[1] == 0.0 ? al[0] : (p == 0 ? -al[1] : al[1]);
            void *yp = f32 ? (void *)((float *)y + p) : (void *)((double *)y + p);
            exb_l2_mv(&A->s.op, &knobs, coef, xg, be[0], yp, 2 * incy);
        }
    } else {
        exb_zmat_product_exact(A, al, xg, be, y, incy);
        exb_path_add(EXACTBLAS_PATH_HOST);
    }
    free(xg);
}

/* ---- GBMV ------------------------------------------------------------------------- */

EXB_ENTRY_VOID(exb_xgbmv_checked,
               (const char *name, int f32, char trans, long m, long n, long kl, long ku,
                const double *alpha, const void *a, long lda, const void *x, long incx,
                const double *beta, void *y, long incy),
               (name, f32, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_path_begin();
    int tn = exb_lsame(trans, 'N'), tt = exb_lsame(trans, 'T'), tc = exb_lsame(trans, 'C');
    int bad = !tn && !tt && !tc   ? 1
              : m < 0             ? 2
              : n < 0             ? 3
              : kl < 0            ? 4
              : ku < 0            ? 5
              : lda < kl + ku + 1 ? 8
              : incx == 0         ? 10
              : incy == 0         ? 13
                                  : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 ||
        (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    zmat A = {
        .s = {.op = {.f32 = f32, .a = a, .lda = lda, .trans = tn ? 'N' : 'T', .kl = kl, .ku = ku},
              .storage = L2_BAND,
              .kind = L2_GENERAL,
              .m = m,
              .n = n},
        .conj = tc};
    exb_zmat_product(&A, alpha, x, incx, beta, y, incy);
}

/* ---- HBMV, HPMV -------------------------------------------------------------------- */

EXB_ENTRY_VOID(exb_xhbmv_checked,
               (const char *name, int f32, int packed, char uplo, long n, long k,
                const double *alpha, const void *a, long lda, const void *x, long incx,
                const double *beta, void *y, long incy),
               (name, f32, packed, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U');
    int bad = !up && !exb_lsame(uplo, 'L') ? 1
              : n < 0                      ? 2
              : !packed && k < 0           ? 3
              : !packed && lda < k + 1     ? 6
              : incx == 0                  ? (packed ? 6 : 8)
              : incy == 0                  ? (packed ? 9 : 11)
                                           : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    zmat A = {
        .s = {.op = {.f32 = f32, .a = a, .lda = lda, .uplo = up ? 'U' : 'L', .trans = 'N', .ku = k},
              .storage = packed ? L2_PACKED : L2_BAND,
              .kind = L2_SYMMETRIC,
              .m = n,
              .n = n}};
    exb_zmat_product(&A, alpha, x, incx, beta, y, incy);
}

/* ---- TRMV, TBMV, TPMV and the solves ---------------------------------------------- */

EXB_ENTRY_VOID(exb_xtrmv_checked,
               (const char *name, int f32, int solve, int storage, char uplo, char trans, char diag,
                long n, long k, const void *a, long lda, void *x, long incx),
               (name, f32, solve, storage, uplo, trans, diag, n, k, a, lda, x, incx))
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U'), unit = exb_lsame(diag, 'U');
    int tn = exb_lsame(trans, 'N'), tc = exb_lsame(trans, 'C');
    int bad = exb_l2_triangular_check((l2_storage)storage, uplo, trans, diag, n, k, lda, incx);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0)
        return;
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = upper ? 'U' : 'L',
                           .trans = tn ? 'N' : 'T',
                           .diag = unit ? 'U' : 'N',
                           .ku = k},
                    .storage = (l2_storage)storage,
                    .kind = L2_TRIANGULAR,
                    .m = n,
                    .n = n},
              .conj = tc};
    if (solve) {
        exb_zmat_solve(&A, NULL, x, incx);
        exb_path_add(EXACTBLAS_PATH_HOST);
    } else {
        static const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
        exb_zmat_product(&A, one, x, incx, zero, x, incx);
    }
}

/* ---- TRMM, TRSM: a column (side L) or a row (side R) at a time --------------------- */

EXB_ENTRY_VOID(exb_xtrmm_checked,
               (const char *name, int f32, int solve, char side, char uplo, char transa, char diag,
                long m, long n, const double *alpha, const void *a, long lda, void *b, long ldb),
               (name, f32, solve, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    exb_path_begin();
    int bad = exb_trsm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    if (alpha[0] == 0.0 && alpha[1] == 0.0) { /* B := 0, as the reference */
        for (long j = 0; j < n; j++)
            memset((char *)b + (size_t)(2 * j * ldb) * w, 0, (size_t)(2 * m) * w);
        return;
    }
    int left = exb_lsame(side, 'L'), tn = exb_lsame(transa, 'N'), tc = exb_lsame(transa, 'C');
    long na = left ? m : n;
    /* side L: each column b_j := alpha op(A) b_j (or the solve);
     * side R: each row as a column, b_i^T := alpha op(A)^T b_i^T, with
     * op(A)^T = A^T (N), A (T), conj(A) (C) */
    zmat A = {.s = {.op = {.f32 = f32,
                           .a = a,
                           .lda = lda,
                           .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                           .trans = left == tn ? 'N' : 'T',
                           .diag = exb_lsame(diag, 'U') ? 'U' : 'N'},
                    .storage = L2_DENSE,
                    .kind = L2_TRIANGULAR,
                    .m = na,
                    .n = na},
              .conj = tc};
    static const double zero[2] = {0.0, 0.0};
    long count = left ? n : m, step = left ? 2 * ldb : 2, inc = left ? 1 : ldb;
    for (long v = 0; v < count; v++) {
        void *bv = (char *)b + (size_t)(v * step) * w;
        zmat Av = A;
        if (solve)
            exb_zmat_solve(&Av, alpha, bv, inc);
        else
            exb_zmat_product(&Av, alpha, bv, inc, zero, bv, inc);
    }
    exb_path_add(EXACTBLAS_PATH_HOST);
}

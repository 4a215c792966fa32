/*
 * zher2k.c -- the complex rank-2k and rank-one/two updates: ZHER2K and
 * ZSYR2K (every term a_il b_jl and b_il a_jl once, the four-term affine
 * rounding per part), and ZHER, ZHPR, ZHER2, ZHPR2 (the rank-k rules with
 * k = 1).  The rules: level3.h, doc/CONTRACT.md.
 */
#include "level3.h"
#include "zgemm.h"
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "routines.h"
#include "level2/zlevel2.h"
#include "support/knobs.h"
#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

/* ---- ZHER2K, ZSYR2K; ZHER, ZHPR, ZHER2, ZHPR2 ------------------------------------ */

/* [P Q] side by side (tn: n x k each, the result n x 2k, ld n) or stacked
 * (k x n each, the result 2k x n, ld 2k); NULL without memory. */
static void *concat(int f32, int tn, long n, long k, const void *p, long ldp, const void *q,
                    long ldq)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *r = malloc((size_t)(2 * (2 * n * k > 0 ? 2 * n * k : 1)) * w);
    if (!r)
        return NULL;
    long rows = tn ? n : k, ld = tn ? n : 2 * k;
    for (long j = 0; j < (tn ? k : n); j++)
        for (long i = 0; i < rows; i++)
            for (int s = 0; s < 2; s++) {
                const char *src = (const char *)(s ? q : p);
                long lds = s ? ldq : ldp;
                long to = tn ? i + (j + s * k) * ld : i + s * k + j * ld;
                memcpy(r + (size_t)(2 * to) * w, src + (size_t)(2 * (i + j * lds)) * w, 2 * w);
            }
    return r;
}

/* acc += a b, *z kept 1 while every product is -0. */
static void addp(exb_superacc *acc, int *z, double a, double b)
{
    exb_superacc_add_product(acc, a, b);
    *z = *z && exb_product_is_negzero(a, b);
}

static void mark_zero(exb_superacc *acc, int z)
{
    if (z && exb_superacc_is_zero(acc))
        exb_superacc_set_negative_zero(acc);
}

/* HER2K with an alpha that has an imaginary part: alpha S1 + conj(alpha) S2
 * = ar X + ai Y, X = S1 + S2, Y = i (S1 - S2), each element's four sums
 * exact, then Re = RN(ar Xr + ai Yr + br Cr), Im = RN(ar Xi + ai Yi + br Ci). */
static void her2k_elements(int f32, int up, int tn, long n, long k, const double *al, const void *a,
                           long lda, const void *b, long ldb, double beta, void *c, long ldc)
{
    cmat A1 = {f32, a, lda, tn ? 'N' : 'C'}, B1 = {f32, b, ldb, tn ? 'C' : 'N'};
    cmat A2 = {f32, b, ldb, tn ? 'N' : 'C'}, B2 = {f32, a, lda, tn ? 'C' : 'N'};
    exb_superacc xr, xi, yr, yi;
    exb_superacc_clear(&xr);
    exb_superacc_clear(&xi);
    exb_superacc_clear(&yr);
    exb_superacc_clear(&yi);
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
            exb_superacc_reset(&xr);
            exb_superacc_reset(&xi);
            exb_superacc_reset(&yr);
            exb_superacc_reset(&yi);
            int zxr = 1, zxi = 1, zyr = 1, zyi = 1;
            for (long l = 0; l < k; l++) {
                double p1r, p1i, p2r, p2i, q1r, q1i, q2r, q2i; /* p = p1 p2 (S1), q = q1 q2 (S2) */
                zgemm_entry(&A1, i, l, &p1r, &p1i);
                zgemm_entry(&B1, l, j, &p2r, &p2i);
                zgemm_entry(&A2, i, l, &q1r, &q1i);
                zgemm_entry(&B2, l, j, &q2r, &q2i);
                addp(&xr, &zxr, p1r, p2r), addp(&xr, &zxr, -p1i, p2i);
                addp(&xr, &zxr, q1r, q2r), addp(&xr, &zxr, -q1i, q2i);
                addp(&xi, &zxi, p1r, p2i), addp(&xi, &zxi, p1i, p2r);
                addp(&xi, &zxi, q1r, q2i), addp(&xi, &zxi, q1i, q2r);
                addp(&yr, &zyr, q1r, q2i), addp(&yr, &zyr, q1i, q2r); /* Im q - Im p */
                addp(&yr, &zyr, -p1r, p2i), addp(&yr, &zyr, -p1i, p2r);
                addp(&yi, &zyi, p1r, p2r), addp(&yi, &zyi, -p1i, p2i); /* Re p - Re q */
                addp(&yi, &zyi, -q1r, q2r), addp(&yi, &zyi, q1i, q2i);
            }
            mark_zero(&xr, zxr), mark_zero(&xi, zxi), mark_zero(&yr, zyr), mark_zero(&yi, zyi);
            long at = 2 * (i + j * ldc);
            double cr = 0.0, ci = 0.0;
            if (beta != 0.0) {
                cr = f32 ? ((float *)c)[at] : ((double *)c)[at];
                ci = i == j ? 0.0 : f32 ? ((float *)c)[at + 1] : ((double *)c)[at + 1];
            }
            const exb_superacc *v1[2] = {&xr, &xi}, *v2[2] = {&yr, &yi};
            double cv[2] = {cr, ci};
            for (int p = 0; p < 2; p++) {
                double d =
                    exb_superacc_round_affine2(v1[p], al[0], v2[p], al[1], beta, cv[p], 0.0, 0.0);
                if (f32) {
                    float below, above, r = (float)d;
                    if (exb_f32_midpoint(d, &below, &above)) {
                        int s = exb_superacc_affine2_sign(v1[p], al[0], v2[p], al[1], beta, cv[p],
                                                          0.0, 0.0, d);
                        r = s > 0 ? above : s < 0 ? below : (float)d;
                    }
                    ((float *)c)[at + p] = r;
                } else {
                    ((double *)c)[at + p] = d;
                }
            }
            if (i == j) { /* real diagonal */
                if (f32)
                    ((float *)c)[at + 1] = 0.0f;
                else
                    ((double *)c)[at + 1] = 0.0;
            }
        }
}

/* The rank-2k update after the checks: op(A), op(B) n x k (tn) or A, B k x n. */
static void rank_2k_core(const char *name, int f32, int herm, int up, int tn, long n, long k,
                         const double *alpha, const void *a, long lda, const void *b, long ldb,
                         const double *beta, void *c, long ldc)
{
    if (herm && alpha[1] != 0.0 && k > 0) {
        her2k_elements(f32, up, tn, n, k, alpha, a, lda, b, ldb, beta[0], c, ldc);
        exb_path_add(EXACTBLAS_PATH_HOST);
        return;
    }
    /* alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H with alpha real, or
     * alpha (A B^T + B A^T): one GEMM of [A B] and [B A], inner dimension 2k */
    void *w1 = concat(f32, tn, n, k, a, lda, b, ldb), *w2 = concat(f32, tn, n, k, b, ldb, a, lda);
    if (!w1 || !w2) {
        exb_note("no memory for %s's panels: C left as it was", name);
        free(w1);
        free(w2);
        return;
    }
    long ldw = tn ? n : (2 * k > 1 ? 2 * k : 1);
    char ta = tn ? 'N' : (herm ? 'C' : 'T'), tb = tn ? (herm ? 'C' : 'T') : 'N';
    exb_ztri_update(name, f32, herm, up, n, 2 * k, ta, tb, alpha, w1, ldw, w2, ldw, beta, c, ldc);
    free(w1);
    free(w2);
}

EXB_ENTRY_VOID(exb_xher2k_checked,
               (const char *name, int f32, int herm, char uplo, char trans, long n, long k,
                const double *alpha, const void *a, long lda, const void *b, long ldb,
                const double *beta, void *c, long ldc),
               (name, f32, herm, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U'), tn = exb_lsame(trans, 'N');
    int tok = tn || (herm ? exb_lsame(trans, 'C') : exb_lsame(trans, 'T'));
    long rows = tn ? n : k;
    int info = !up && !exb_lsame(uplo, 'L')  ? 1
               : !tok                        ? 2
               : n < 0                       ? 3
               : k < 0                       ? 4
               : lda < (rows > 1 ? rows : 1) ? 7
               : ldb < (rows > 1 ? rows : 1) ? 9
               : ldc < (n > 1 ? n : 1)       ? 12
                                             : 0;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    int alpha0 = alpha[0] == 0.0 && alpha[1] == 0.0;
    if (n == 0 || ((alpha0 || k == 0) && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    rank_2k_core(name, f32, herm, up, tn, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* x (n complex elements, increment inc) contiguous; NULL without memory. */
static void *contiguous(int f32, long n, const void *x, long inc)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *r = malloc((size_t)(2 * (n > 0 ? n : 1)) * w);
    if (!r)
        return NULL;
    zvec_gather(n, x, inc, w, r);
    return r;
}

/* A packed triangle to or from (unpack 0) a dense n x n matrix (ld n). */
static void packed_dense(int f32, int up, long n, void *ap, void *d, int unpack)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
            long p = up ? i + j * (j + 1) / 2 : i + j * (2 * n - j - 1) / 2;
            char *pp = (char *)ap + (size_t)(2 * p) * w,
                 *dp = (char *)d + (size_t)(2 * (i + j * n)) * w;
            if (unpack)
                memcpy(dp, pp, 2 * w);
            else
                memcpy(pp, dp, 2 * w);
        }
}

EXB_ENTRY_VOID(exb_xher_checked,
               (const char *name, int f32, int two, int packed, char uplo, long n,
                const double *alpha, const void *x, long incx, const void *y, long incy, void *a,
                long lda),
               (name, f32, two, packed, uplo, n, alpha, x, incx, y, incy, a, lda))
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U');
    int info = !up && !exb_lsame(uplo, 'L')       ? 1
               : n < 0                            ? 2
               : incx == 0                        ? 5
               : two && incy == 0                 ? 7
               : !packed && lda < (n > 1 ? n : 1) ? (two ? 9 : 7)
                                                  : 0;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0))
        return;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    void *xc = contiguous(f32, n, x, incx), *yc = two ? contiguous(f32, n, y, incy) : NULL;
    void *d = packed ? malloc((size_t)(2 * n * n) * w) : NULL;
    if (!xc || (two && !yc) || (packed && !d)) {
        exb_note("no memory for %s's copies: A left as it was", name);
    } else {
        void *c = packed ? d : a;
        long ldc = packed ? n : lda;
        if (packed)
            packed_dense(f32, up, n, a, d, 1);
        double one[2] = {1.0, 0.0};
        if (two) /* alpha x y^H + conj(alpha) y x^H + A: the rank-2k update of k = 1 */
            rank_2k_core(name, f32, 1, up, 1, n, 1, alpha, xc, n, yc, n, one, c, ldc);
        else /* alpha x x^H + A, alpha real */
            exb_ztri_update(name, f32, 1, up, n, 1, 'N', 'C', alpha, xc, n, xc, n, one, c, ldc);
        if (packed)
            packed_dense(f32, up, n, a, d, 0);
    }
    free(xc);
    free(yc);
    free(d);
}

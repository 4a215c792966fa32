/*
 * zgemm3.c -- ZGEMM and CGEMM, exact per part (level3.h has the rule).
 *
 * With S = op(A) op(B) (conjugation exact), Sr = sum ar br - ai bi and
 * Si = sum ar bi + ai br, the parts of alpha S + beta C are
 *     Re = ar' Sr - ai' Si + br' Cr - bi' Ci,   Im = ar' Si + ai' Sr + br' Ci + bi' Cr
 * (alpha = ar' + i ai', beta = br' + i bi'), each rounded once; a zero part
 * of alpha or beta is no term.  Sr and Si are real products of length 2k:
 * Sr = [Ar -Ai] [Br; Bi], Si = [Ar Ai] [Bi; Br].  When alpha is real or
 * imaginary and beta real, each part is one real GEMM of those panels with
 * one real alpha and beta (EXDGEMM's engines, SGEMM's rounding to binary32):
 * the real exact GEMM of the same flops.  Otherwise each element's Sr and
 * Si are summed exactly in long accumulators and the four-term expression
 * rounded once (exb_superacc_round_affine2): exact for every alpha and beta,
 * at the long accumulator's speed.
 */
#include "level3.h"

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

/* op(A)(i, l) of a complex matrix (parts as doubles): 'N', 'T' or 'C'. */
typedef struct cmat {
    int f32;
    const void *p;
    long ld;
    char op;
} cmat;

static void entry(const cmat *x, long i, long l, double *re, double *im)
{
    long at = x->op == 'N' ? i + l * x->ld : l + i * x->ld;
    if (x->f32) {
        const float *f = x->p;
        *re = f[2 * at], *im = f[2 * at + 1];
    } else {
        const double *d = x->p;
        *re = d[2 * at], *im = d[2 * at + 1];
    }
    if (x->op == 'C')
        *im = -*im;
}

/* The panels: pa = [Ar sA*Ai] (m x 2k), pb = [B1; B2] (2k x n) with B1, B2
 * the real or imaginary parts of op(B) as `first_im` says. */
static void panel_a(const cmat *a, long m, long k, double sign, double *pa)
{
    for (long l = 0; l < k; l++)
        for (long i = 0; i < m; i++) {
            double re, im;
            entry(a, i, l, &re, &im);
            pa[i + l * m] = re;
            pa[i + (k + l) * m] = sign * im;
        }
}

static void panel_b(const cmat *b, long k, long n, int first_im, double *pb)
{
    for (long j = 0; j < n; j++)
        for (long l = 0; l < k; l++) {
            double re, im;
            entry(b, l, j, &re, &im);
            pb[l + j * 2 * k] = first_im ? im : re;
            pb[k + l + j * 2 * k] = first_im ? re : im;
        }
}

/* Part p (0 real, 1 imaginary) of C, m x n, into w (dense) and back. */
static void part_out(int f32, const void *c, long ldc, long m, long n, int p, void *w)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            long at = 2 * (i + j * ldc) + p;
            if (f32)
                ((float *)w)[i + j * m] = ((const float *)c)[at];
            else
                ((double *)w)[i + j * m] = ((const double *)c)[at];
        }
}

static void part_in(int f32, void *c, long ldc, long m, long n, int p, const void *w)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            long at = 2 * (i + j * ldc) + p;
            if (f32)
                ((float *)c)[at] = ((const float *)w)[i + j * m];
            else
                ((double *)c)[at] = ((const double *)w)[i + j * m];
        }
}

/* The fast path: alpha real (ai = 0) or imaginary (ar = 0), beta real.
 * 0, or -1 without memory (C untouched). */
static int by_panels(const char *name, const cmat *a, const cmat *b, long m, long n, long k,
                     double ar, double ai, double br, void *c, long ldc, int *path)
{
    size_t w = a->f32 ? sizeof(float) : sizeof(double);
    double *pa = malloc((size_t)(m * 2 * k) * sizeof *pa);
    double *pb = malloc((size_t)(2 * k * n) * sizeof *pb);
    void *cw = malloc((size_t)(m * n) * w * 2);
    if (!pa || !pb || !cw) {
        free(pa);
        free(pb);
        free(cw);
        return -1;
    }
    void *cp[2] = {cw, (char *)cw + (size_t)(m * n) * w};
    for (int p = 0; p < 2; p++)
        if (br != 0.0)
            part_out(a->f32, c, ldc, m, n, p, cp[p]);
    /* Re = ar Sr - ai Si + br Cr, Im = ar Si + ai Sr + br Ci: with one of
     * ar, ai zero, each part is one coefficient times Sr or Si */
    for (int p = 0; p < 2; p++) {
        int use_si = (p == 0) == (ai != 0.0); /* Re: Sr unless alpha imaginary */
        double coef = ai == 0.0 ? ar : (p == 0 ? -ai : ai);
        panel_a(a, m, k, use_si ? 1.0 : -1.0, pa);
        panel_b(b, k, n, use_si, pb);
        exb_gemm_any(name, a->f32, 'N', 'N', m, n, 2 * k, coef, pa, m, pb, 2 * k, br, cp[p], m,
                     path);
    }
    for (int p = 0; p < 2; p++)
        part_in(a->f32, c, ldc, m, n, p, cp[p]);
    free(pa);
    free(pb);
    free(cw);
    return 0;
}

/* The general path: per element, Sr and Si in long accumulators and each
 * part's four-term expression rounded once (binary32: RN64, a midpoint
 * re-decided by the exact sign). */
static void by_elements(const cmat *a, const cmat *b, long m, long n, long k, const double *al,
                        const double *be, void *c, long ldc)
{
    exb_superacc sr, si;
    exb_superacc_clear(&sr);
    exb_superacc_clear(&si);
    int f32 = a->f32;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            exb_superacc_reset(&sr);
            exb_superacc_reset(&si);
            int zr = 1, zi = 1; /* every product -0 so far */
            for (long l = 0; l < k; l++) {
                double xr, xi, yr, yi;
                entry(a, i, l, &xr, &xi);
                entry(b, l, j, &yr, &yi);
                exb_superacc_add_product(&sr, xr, yr);
                exb_superacc_add_product(&sr, -xi, yi);
                exb_superacc_add_product(&si, xr, yi);
                exb_superacc_add_product(&si, xi, yr);
                zr = zr && exb_product_is_negzero(xr, yr) && exb_product_is_negzero(-xi, yi);
                zi = zi && exb_product_is_negzero(xr, yi) && exb_product_is_negzero(xi, yr);
            }
            if (zr && exb_superacc_is_zero(&sr))
                exb_superacc_set_negative_zero(&sr);
            if (zi && exb_superacc_is_zero(&si))
                exb_superacc_set_negative_zero(&si);
            long at = 2 * (i + j * ldc);
            double cr = 0.0, ci = 0.0;
            int read_c = be[0] != 0.0 || be[1] != 0.0;
            if (read_c) {
                cr = f32 ? ((float *)c)[at] : ((double *)c)[at];
                ci = f32 ? ((float *)c)[at + 1] : ((double *)c)[at + 1];
            }
            /* Re = ar Sr - ai Si + br Cr - bi Ci, Im = ar Si + ai Sr + br Ci + bi Cr */
            const exb_superacc *v1[2] = {&sr, &si}, *v2[2] = {&si, &sr};
            double a1[2] = {al[0], al[0]}, a2[2] = {-al[1], al[1]};
            double b1[2] = {be[0], be[0]}, y1[2] = {cr, ci}, b2[2] = {-be[1], be[1]},
                   y2[2] = {ci, cr};
            for (int p = 0; p < 2; p++) {
                double d = exb_superacc_round_affine2(v1[p], a1[p], v2[p], a2[p], b1[p], y1[p],
                                                      b2[p], y2[p]);
                if (!f32) {
                    ((double *)c)[at + p] = d;
                    continue;
                }
                float below, above, r = (float)d;
                if (exb_f32_midpoint(d, &below, &above)) {
                    int s = exb_superacc_affine2_sign(v1[p], a1[p], v2[p], a2[p], b1[p], y1[p],
                                                      b2[p], y2[p], d);
                    r = s > 0 ? above : s < 0 ? below : (float)d;
                }
                ((float *)c)[at + p] = r;
            }
        }
}

static void gemm_complex(const char *name, int f32, char transa, char transb, long m, long n,
                         long k, const double *alpha, const void *a, long lda, const void *b,
                         long ldb, const double *beta, void *c, long ldc)
{
    exb_path_begin();
    int bad = exb_gemm_check(transa, transb, m, n, k, lda, ldb, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    int alpha0 = alpha[0] == 0.0 && alpha[1] == 0.0;
    if (m == 0 || n == 0 || ((alpha0 || k == 0) && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    char ta = exb_lsame(transa, 'N') ? 'N' : exb_lsame(transa, 'T') ? 'T' : 'C';
    char tb = exb_lsame(transb, 'N') ? 'N' : exb_lsame(transb, 'T') ? 'T' : 'C';
    cmat A = {f32, a, lda, ta}, B = {f32, b, ldb, tb};
    int path = 0;
    if (alpha0 || k == 0) {
        /* C := beta C (0 for beta = 0, C not read), each part rounded once */
        double none[2] = {0.0, 0.0};
        by_elements(&A, &B, m, n, 0, none, beta, c, ldc);
        if (beta[0] == 0.0 && beta[1] == 0.0) /* the reference's zero: +0 */
            for (long j = 0; j < n; j++)
                for (long i = 0; i < m; i++)
                    for (int p = 0; p < 2; p++) {
                        if (f32)
                            ((float *)c)[2 * (i + j * ldc) + p] = 0.0f;
                        else
                            ((double *)c)[2 * (i + j * ldc) + p] = 0.0;
                    }
        path = EXACTBLAS_PATH_HOST;
    } else if ((alpha[0] == 0.0 || alpha[1] == 0.0) && beta[1] == 0.0 &&
               by_panels(name, &A, &B, m, n, k, alpha[0], alpha[1], beta[0], c, ldc, &path) == 0) {
        /* done on the real engines */
    } else {
        by_elements(&A, &B, m, n, k, alpha, beta, c, ldc);
        path = EXACTBLAS_PATH_HOST;
    }
    exb_path_begin();
    exb_path_add(path);
}

EXB_ENTRY_VOID(exb_zgemm_checked,
               (const char *name, char transa, char transb, long m, long n, long k,
                const double *alpha, const double *a, long lda, const double *b, long ldb,
                const double *beta, double *c, long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    gemm_complex(name, 0, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_cgemm_checked,
               (const char *name, char transa, char transb, long m, long n, long k,
                const float *alpha, const float *a, long lda, const float *b, long ldb,
                const float *beta, float *c, long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    gemm_complex(name, 1, transa, transb, m, n, k, al, a, lda, b, ldb, be, c, ldc);
}

/* ---- ZGEMV and CGEMV: the GEMM of one column -------------------------------- */

/* y := alpha op(A) x + beta y as the GEMM of op(A) and the column x, on
 * contiguous copies of x and y (y not read when beta = 0). */
static void gemv_complex(const char *name, int f32, char trans, long m, long n, const double *alpha,
                         const void *a, long lda, const void *x, long incx, const double *beta,
                         void *y, long incy)
{
    exb_path_begin();
    int info = 0;
    if (!exb_lsame(trans, 'N') && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C'))
        info = 1;
    else if (m < 0)
        info = 2;
    else if (n < 0)
        info = 3;
    else if (lda < (m > 1 ? m : 1))
        info = 6;
    else if (incx == 0)
        info = 8;
    else if (incy == 0)
        info = 11;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    int alpha0 = alpha[0] == 0.0 && alpha[1] == 0.0;
    if (m == 0 || n == 0 || (alpha0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    if (knobs.use_opencl != EXB_DEVICE_OPENCL) { /* the host's Level 2 engine */
        exb_xgemv_dense(f32, 0, 'U', trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
        return;
    }
    /* EXACTBLAS_DEVICE=opencl: the GEMM of one column, on the device */
    int tn = exb_lsame(trans, 'N');
    long lenx = tn ? n : m, leny = tn ? m : n;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *xc = malloc((size_t)(2 * (lenx + leny)) * w), *yc = xc + (size_t)(2 * lenx) * w;
    if (!xc) {
        exb_note("no memory for %s's copies of x and y: y left as it was", name);
        return;
    }
    long x0 = incx < 0 ? (lenx - 1) * -incx : 0, y0 = incy < 0 ? (leny - 1) * -incy : 0;
    int read_y = beta[0] != 0.0 || beta[1] != 0.0;
    for (long i = 0; i < lenx; i++)
        memcpy(xc + (size_t)(2 * i) * w, (const char *)x + (size_t)(2 * (x0 + i * incx)) * w,
               2 * w);
    for (long i = 0; read_y && i < leny; i++)
        memcpy(yc + (size_t)(2 * i) * w, (char *)y + (size_t)(2 * (y0 + i * incy)) * w, 2 * w);
    char t = tn ? 'N' : exb_lsame(trans, 'T') ? 'T' : 'C';
    gemm_complex(name, f32, t, 'N', leny, 1, lenx, alpha, a, lda, xc, lenx, beta, yc, leny);
    for (long i = 0; i < leny; i++)
        memcpy((char *)y + (size_t)(2 * (y0 + i * incy)) * w, yc + (size_t)(2 * i) * w, 2 * w);
    free(xc);
}

EXB_ENTRY_VOID(exb_zgemv_checked,
               (const char *name, char trans, long m, long n, const double *alpha, const double *a,
                long lda, const double *x, long incx, const double *beta, double *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    gemv_complex(name, 0, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_cgemv_checked,
               (const char *name, char trans, long m, long n, const float *alpha, const float *a,
                long lda, const float *x, long incx, const float *beta, float *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    gemv_complex(name, 1, trans, m, n, al, a, lda, x, incx, be, y, incy);
}

/* ---- ZGERU, ZGERC: the GEMM of rank one ----------------------------------------- */

static void ger_complex(const char *name, int f32, int conj, long m, long n, const double *alpha,
                        const void *x, long incx, const void *y, long incy, void *a, long lda)
{
    exb_path_begin();
    int info = 0;
    if (m < 0)
        info = 1;
    else if (n < 0)
        info = 2;
    else if (incx == 0)
        info = 5;
    else if (incy == 0)
        info = 7;
    else if (lda < (m > 1 ? m : 1))
        info = 9;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (m == 0 || n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0))
        return;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *xc = malloc((size_t)(2 * (m + n)) * w), *yc = xc + (size_t)(2 * m) * w;
    if (!xc) {
        exb_note("no memory for %s's copies of x and y: A left as it was", name);
        return;
    }
    long x0 = incx < 0 ? (m - 1) * -incx : 0, y0 = incy < 0 ? (n - 1) * -incy : 0;
    for (long i = 0; i < m; i++)
        memcpy(xc + (size_t)(2 * i) * w, (const char *)x + (size_t)(2 * (x0 + i * incx)) * w,
               2 * w);
    for (long j = 0; j < n; j++)
        memcpy(yc + (size_t)(2 * j) * w, (const char *)y + (size_t)(2 * (y0 + j * incy)) * w,
               2 * w);
    double one[2] = {1.0, 0.0};
    /* A := alpha x op(y) + A: x an m x 1 matrix, y stored n x 1 (T or C) */
    gemm_complex(name, f32, 'N', conj ? 'C' : 'T', m, n, 1, alpha, xc, m, yc, n, one, a, lda);
    free(xc);
}

EXB_ENTRY_VOID(exb_zger_checked,
               (const char *name, int conj, long m, long n, const double *alpha, const double *x,
                long incx, const double *y, long incy, double *a, long lda),
               (name, conj, m, n, alpha, x, incx, y, incy, a, lda))
{
    ger_complex(name, 0, conj, m, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_cger_checked,
               (const char *name, int conj, long m, long n, const float *alpha, const float *x,
                long incx, const float *y, long incy, float *a, long lda),
               (name, conj, m, n, alpha, x, incx, y, incy, a, lda))
{
    double al[2] = {alpha[0], alpha[1]};
    ger_complex(name, 1, conj, m, n, al, x, incx, y, incy, a, lda);
}

/* ---- ZHERK, ZSYRK: the full GEMM into a copy, its UPLO triangle back ------------- */

/* C's UPLO triangle := that of alpha op(X) op(Y) + beta C (n x n, inner
 * dimension k): the full GEMM into a dense copy, its triangle back; herm: C's
 * diagonal real (its imaginary part not read, set to +0). */
static void tri_update(const char *name, int f32, int herm, int up, long n, long k, char ta,
                       char tb, const double *alpha, const void *x, long ldx, const void *y,
                       long ldy, const double *beta, void *c, long ldc)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *cw = malloc((size_t)(2 * n * n) * w);
    if (!cw) {
        exb_note("no memory for %s's copy of C: C left as it was", name);
        return;
    }
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++)
            memcpy(cw + (size_t)(2 * (i + j * n)) * w, (char *)c + (size_t)(2 * (i + j * ldc)) * w,
                   2 * w);
    for (long j = 0; j < n; j++) /* the other triangle: zeros (computed, never copied back) */
        for (long i = up ? j + 1 : 0; i < (up ? n : j); i++)
            memset(cw + (size_t)(2 * (i + j * n)) * w, 0, 2 * w);
    if (herm) /* the reference reads only the real part of C's diagonal */
        for (long j = 0; j < n; j++)
            memset(cw + (size_t)(2 * (j + j * n) + 1) * w, 0, w);
    gemm_complex(name, f32, ta, tb, n, n, k, alpha, x, ldx, y, ldy, beta, cw, n);
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++)
            memcpy((char *)c + (size_t)(2 * (i + j * ldc)) * w, cw + (size_t)(2 * (i + j * n)) * w,
                   2 * w);
    if (herm) /* a Hermitian C's diagonal is real: its imaginary part +0 */
        for (long j = 0; j < n; j++)
            memset((char *)c + (size_t)(2 * (j + j * ldc) + 1) * w, 0, w);
    free(cw);
}

static void rank_k_complex(const char *name, int f32, int herm, char uplo, char trans, long n,
                           long k, const double *alpha, const void *a, long lda, const double *beta,
                           void *c, long ldc)
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U'), tn = exb_lsame(trans, 'N');
    int tok = tn || (herm ? exb_lsame(trans, 'C') : exb_lsame(trans, 'T'));
    long rows = tn ? n : k;
    int info = 0;
    if (!up && !exb_lsame(uplo, 'L'))
        info = 1;
    else if (!tok)
        info = 2;
    else if (n < 0)
        info = 3;
    else if (k < 0)
        info = 4;
    else if (lda < (rows > 1 ? rows : 1))
        info = 7;
    else if (ldc < (n > 1 ? n : 1))
        info = 10;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    int alpha0 = alpha[0] == 0.0 && alpha[1] == 0.0;
    if (n == 0 || ((alpha0 || k == 0) && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    char ta = tn ? 'N' : (herm ? 'C' : 'T'), tb = tn ? (herm ? 'C' : 'T') : 'N';
    tri_update(name, f32, herm, up, n, k, ta, tb, alpha, a, lda, a, lda, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_zherk_checked,
               (const char *name, char uplo, char trans, long n, long k, double alpha,
                const double *a, long lda, double beta, double *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha, 0.0}, be[2] = {beta, 0.0};
    rank_k_complex(name, 0, 1, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

EXB_ENTRY_VOID(exb_cherk_checked,
               (const char *name, char uplo, char trans, long n, long k, float alpha,
                const float *a, long lda, float beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha, 0.0}, be[2] = {beta, 0.0};
    rank_k_complex(name, 1, 1, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

EXB_ENTRY_VOID(exb_zsyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, const double *alpha,
                const double *a, long lda, const double *beta, double *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    rank_k_complex(name, 0, 0, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_csyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, const float *alpha,
                const float *a, long lda, const float *beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    rank_k_complex(name, 1, 0, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

/* ---- ZHEMV, ZHEMM, ZSYMM: the dense twin's GEMV/GEMM ------------------------------ */

/* The n x n matrix (ld n) of a symmetric or Hermitian (herm) A from its
 * UPLO triangle: a_ji = a_ij (conj(a_ij)); a Hermitian diagonal's imaginary
 * part 0 (the reference assumes it). */
static void *full_of(int f32, int herm, int up, long n, const void *a, long lda)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *f = malloc((size_t)(2 * n * n) * w);
    if (!f)
        return NULL;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            int stored = up ? i <= j : i >= j;
            long at = stored ? i + j * lda : j + i * lda;
            double re = f32 ? ((const float *)a)[2 * at] : ((const double *)a)[2 * at];
            double im = f32 ? ((const float *)a)[2 * at + 1] : ((const double *)a)[2 * at + 1];
            if (herm && i == j)
                im = 0.0;
            else if (herm && !stored)
                im = -im;
            long to = 2 * (i + j * n);
            if (f32)
                ((float *)f)[to] = (float)re, ((float *)f)[to + 1] = (float)im;
            else
                ((double *)f)[to] = re, ((double *)f)[to + 1] = im;
        }
    return f;
}

static void hemv_complex(const char *name, int f32, char uplo, long n, const double *alpha,
                         const void *a, long lda, const void *x, long incx, const double *beta,
                         void *y, long incy)
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U'), info = 0;
    if (!up && !exb_lsame(uplo, 'L'))
        info = 1;
    else if (n < 0)
        info = 2;
    else if (lda < (n > 1 ? n : 1))
        info = 5;
    else if (incx == 0)
        info = 7;
    else if (incy == 0)
        info = 10;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    if (knobs.use_opencl != EXB_DEVICE_OPENCL) { /* the host's Level 2 engine */
        exb_xgemv_dense(f32, 1, uplo, 'N', n, n, alpha, a, lda, x, incx, beta, y, incy);
        return;
    }
    void *f = full_of(f32, 1, up, n, a, lda); /* the dense twin's GEMV on the device */
    if (!f) {
        exb_note("no memory for %s's full matrix: y left as it was", name);
        return;
    }
    gemv_complex(name, f32, 'N', n, n, alpha, f, n, x, incx, beta, y, incy);
    free(f);
}

EXB_ENTRY_VOID(exb_zhemv_checked,
               (const char *name, char uplo, long n, const double *alpha, const double *a, long lda,
                const double *x, long incx, const double *beta, double *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    hemv_complex(name, 0, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_chemv_checked,
               (const char *name, char uplo, long n, const float *alpha, const float *a, long lda,
                const float *x, long incx, const float *beta, float *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    hemv_complex(name, 1, uplo, n, al, a, lda, x, incx, be, y, incy);
}

static void symm_complex(const char *name, int f32, int herm, char side, char uplo, long m, long n,
                         const double *alpha, const void *a, long lda, const void *b, long ldb,
                         const double *beta, void *c, long ldc)
{
    exb_path_begin();
    int left = exb_lsame(side, 'L'), up = exb_lsame(uplo, 'U'), info = 0;
    long ka = left ? m : n;
    if (!left && !exb_lsame(side, 'R'))
        info = 1;
    else if (!up && !exb_lsame(uplo, 'L'))
        info = 2;
    else if (m < 0)
        info = 3;
    else if (n < 0)
        info = 4;
    else if (lda < (ka > 1 ? ka : 1))
        info = 7;
    else if (ldb < (m > 1 ? m : 1))
        info = 9;
    else if (ldc < (m > 1 ? m : 1))
        info = 12;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (m == 0 || n == 0 ||
        (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    void *f = full_of(f32, herm, up, ka, a, lda);
    if (!f) {
        exb_note("no memory for %s's full matrix: C left as it was", name);
        return;
    }
    if (left)
        gemm_complex(name, f32, 'N', 'N', m, n, m, alpha, f, m, b, ldb, beta, c, ldc);
    else
        gemm_complex(name, f32, 'N', 'N', m, n, n, alpha, b, ldb, f, n, beta, c, ldc);
    free(f);
}

EXB_ENTRY_VOID(exb_zsymm_checked,
               (const char *name, int herm, char side, char uplo, long m, long n,
                const double *alpha, const double *a, long lda, const double *b, long ldb,
                const double *beta, double *c, long ldc),
               (name, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    symm_complex(name, 0, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_csymm_checked,
               (const char *name, int herm, char side, char uplo, long m, long n,
                const float *alpha, const float *a, long lda, const float *b, long ldb,
                const float *beta, float *c, long ldc),
               (name, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    symm_complex(name, 1, herm, side, uplo, m, n, al, a, lda, b, ldb, be, c, ldc);
}

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
                entry(&A1, i, l, &p1r, &p1i);
                entry(&B1, l, j, &p2r, &p2i);
                entry(&A2, i, l, &q1r, &q1i);
                entry(&B2, l, j, &q2r, &q2i);
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
    tri_update(name, f32, herm, up, n, 2 * k, ta, tb, alpha, w1, ldw, w2, ldw, beta, c, ldc);
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
    long x0 = inc < 0 ? (n - 1) * -inc : 0;
    for (long i = 0; i < n; i++)
        memcpy(r + (size_t)(2 * i) * w, (const char *)x + (size_t)(2 * (x0 + i * inc)) * w, 2 * w);
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
            tri_update(name, f32, 1, up, n, 1, 'N', 'C', alpha, xc, n, xc, n, one, c, ldc);
        if (packed)
            packed_dense(f32, up, n, a, d, 0);
    }
    free(xc);
    free(yc);
    free(d);
}

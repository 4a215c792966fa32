/*
 * zgemm.c -- ZGEMM and CGEMM, exact per part (level3.h has the rule), and
 * the GEMM of one column (ZGEMV, CGEMV on OpenCL); the rank-one updates
 * are in zger.c.
 *
 * With S = op(A) op(B) (conjugation exact), Sr = sum ar br - ai bi and
 * Si = sum ar bi + ai br, the parts of alpha S + beta C are
 *     Re = ar' Sr - ai' Si + br' Cr - bi' Ci,   Im = ar' Si + ai' Sr + br' Ci + bi' Cr
 * (alpha = ar' + i ai', beta = br' + i bi'), each rounded once; a zero part
 * of alpha or beta is no term.  Sr and Si are real products of length 2k:
 * Sr = [Ar -Ai] [Br; Bi], Si = [Ar Ai] [Bi; Br].  When alpha is real or
 * imaginary and beta real, each part is one real GEMM of those panels with
 * one real alpha and beta (EXDGEMM's engines, SGEMM's rounding to binary32):
 * the real exact GEMM of the same flops.  Otherwise (complex alpha or beta)
 * [Sr Si] is one real product [Ar -Ai] [Br Bi; Bi -Br] taken twice on the
 * exact engines: H = RN([Sr Si]) and L = RN([Sr Si] - H), so Sr = Hr + Lr
 * within half an ulp of Lr (2^-106 of Sr); each part's four terms are then
 * added by error-free transformations with a rigorous bound and rounded
 * where the bound proves the rounding (by_halves).  An element it cannot
 * prove (a part within the bound of a midpoint, an exact zero, a product
 * out of range) and any call with NaN or Inf in A or B is summed exactly in
 * long accumulators and the four-term expression rounded once
 * (exb_superacc_round_affine2): the same bits, at the long accumulator's
 * speed.
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

/* The panels: pa = [Ar sA*Ai] (m x 2k), pb = [B1; B2] (2k x n) with B1, B2
 * the real or imaginary parts of op(B) as `first_im` says. */
static void panel_a(const cmat *a, long m, long k, double sign, double *pa)
{
    for (long l = 0; l < k; l++)
        for (long i = 0; i < m; i++) {
            double re, im;
            zgemm_entry(a, i, l, &re, &im);
            pa[i + l * m] = re;
            pa[i + (k + l) * m] = sign * im;
        }
}

static void panel_b(const cmat *b, long k, long n, int first_im, double *pb)
{
    for (long j = 0; j < n; j++)
        for (long l = 0; l < k; l++) {
            double re, im;
            zgemm_entry(b, l, j, &re, &im);
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
 * re-decided by the exact sign); sr and si cleared once by the caller. */
void exb_zgemm_one_element(const cmat *a, const cmat *b, long i, long j, long k, const double *al,
                           const double *be, void *c, long ldc, exb_superacc *acc)
{
    exb_superacc *sr = acc, *si = acc + 1;
    int f32 = a->f32;
    exb_superacc_reset(sr);
    exb_superacc_reset(si);
    int zr = 1, zi = 1; /* every product -0 so far */
    for (long l = 0; l < k; l++) {
        double xr, xi, yr, yi;
        zgemm_entry(a, i, l, &xr, &xi);
        zgemm_entry(b, l, j, &yr, &yi);
        exb_superacc_add_product(sr, xr, yr);
        exb_superacc_add_product(sr, -xi, yi);
        exb_superacc_add_product(si, xr, yi);
        exb_superacc_add_product(si, xi, yr);
        zr = zr && exb_product_is_negzero(xr, yr) && exb_product_is_negzero(-xi, yi);
        zi = zi && exb_product_is_negzero(xr, yi) && exb_product_is_negzero(xi, yr);
    }
    if (zr && exb_superacc_is_zero(sr))
        exb_superacc_set_negative_zero(sr);
    if (zi && exb_superacc_is_zero(si))
        exb_superacc_set_negative_zero(si);
    long at = 2 * (i + j * ldc);
    double cr = 0.0, ci = 0.0;
    if (be[0] != 0.0 || be[1] != 0.0) {
        cr = f32 ? ((float *)c)[at] : ((double *)c)[at];
        ci = f32 ? ((float *)c)[at + 1] : ((double *)c)[at + 1];
    }
    /* Re = ar Sr - ai Si + br Cr - bi Ci, Im = ar Si + ai Sr + br Ci + bi Cr */
    const exb_superacc *v1[2] = {sr, si}, *v2[2] = {si, sr};
    double a1[2] = {al[0], al[0]}, a2[2] = {-al[1], al[1]};
    double b1[2] = {be[0], be[0]}, y1[2] = {cr, ci}, b2[2] = {-be[1], be[1]}, y2[2] = {ci, cr};
    for (int p = 0; p < 2; p++) {
        double d =
            exb_superacc_round_affine2(v1[p], a1[p], v2[p], a2[p], b1[p], y1[p], b2[p], y2[p]);
        if (!f32) {
            ((double *)c)[at + p] = d;
            continue;
        }
        float below, above, r = (float)d;
        if (exb_f32_midpoint(d, &below, &above)) {
            int s = exb_superacc_affine2_sign(v1[p], a1[p], v2[p], a2[p], b1[p], y1[p], b2[p],
                                              y2[p], d);
            r = s > 0 ? above : s < 0 ? below : (float)d;
        }
        ((float *)c)[at + p] = r;
    }
}

static void by_elements(const cmat *a, const cmat *b, long m, long n, long k, const double *al,
                        const double *be, void *c, long ldc)
{
    exb_superacc acc[2];
    exb_superacc_clear(&acc[0]);
    exb_superacc_clear(&acc[1]);
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            exb_zgemm_one_element(a, b, i, j, k, al, be, c, ldc, acc);
}

/* ---- complex alpha or beta: [Sr Si] as H + L ------------------------------------ */

/* x*y = *hi + *lo exactly (Dekker), when the caller has checked that no
 * split overflows and no error term underflows. */
static void two_prod(double x, double y, double *hi, double *lo)
{
    const double split = 134217729.0; /* 2^27 + 1 */
    double p = x * y;
    double t = split * x, xh = t - (t - x), xl = x - xh;
    t = split * y;
    double yh = t - (t - y), yl = y - yh;
    *hi = p;
    *lo = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
}

/* Whether x*y may go to two_prod: 0 (a zero factor: no term), 1, or -1 (out
 * of range: the caller cannot prove this element). */
static int prod_kind(double x, double y)
{
    if (x == 0.0 || y == 0.0)
        return 0;
    int ex = ilogb(x), ey = ilogb(y);
    return ex > -1000 && ey > -1000 && ex < 990 && ey < 990 && ex + ey > -960 && ex + ey < 1020
               ? 1
               : -1;
}

#define U 0x1p-53     /* the unit roundoff */
#define ETA 0x1p-1074 /* the least subnormal */

/* RN(x1 y1 + x2 y2 + x3 y3 + x4 y4 + s1 t1 + s2 t2 + E), |E| <= err, the
 * first four products exact terms, the two small ones approximated: 1 with
 * the result in *out (binary32 when f32) when the bound proves it, else 0. */
static int decide_part(int f32, const double x[4], const double y[4], const double s[2],
                       const double t[2], double err, double *out)
{
    double z[10];
    int nz = 0;
    for (int q = 0; q < 4; q++) {
        int kind = prod_kind(x[q], y[q]);
        if (kind < 0)
            return 0;
        if (kind > 0) {
            two_prod(x[q], y[q], &z[nz], &z[nz + 1]);
            nz += 2;
        }
    }
    for (int q = 0; q < 2; q++) {
        double p = s[q] * t[q];
        if (!isfinite(p))
            return 0;
        z[nz++] = p;
        err += U * fabs(p) + ETA; /* |p - s t| <= u |p| + eta/2 */
    }
    if (nz == 0)
        return 0;
    /* sum: s0 + c, every TwoSum's error exact, c's roundings bounded */
    double sum = z[0], c = 0.0, cerr = 0.0;
    for (int q = 1; q < nz; q++) {
        double a = sum + z[q], bv = a - sum, e = (sum - (a - bv)) + (z[q] - bv);
        sum = a;
        c += e;
        cerr += U * fabs(c) + ETA;
    }
    if (!isfinite(sum) || !isfinite(c))
        return 0;
    double r = sum + c, bv = r - sum, tail = (sum - (r - bv)) + (c - bv); /* r + tail exact */
    double bound = (err + cerr) * (1.0 + 0x1p-40) + 4 * ETA;
    if (r == 0.0 || !isfinite(r) || !isfinite(bound))
        return 0;
    if (!f32) {
        int e;
        double m = frexp(r, &e); /* |m| in [0.5, 1): ulp(r) = 2^(e-53) */
        double half = ldexp(1.0, (e - 54 < -1075 ? -1075 : e - 54));
        if (fabs(m) == 0.5 && (tail < 0) != (r < 0))
            half *= 0.5; /* below a power of two the spacing halves */
        if (fabs(tail) + bound >= half)
            return 0;
        *out = r;
        return 1;
    }
    float f = (float)r;
    if (!isfinite(f) || fabsf(f) < 0x1p-126f)
        return 0;
    double d = ((double)r - (double)f) + tail; /* r - f exact */
    int e;
    double m = frexp((double)f, &e); /* ulp32(f) = 2^(e-24) */
    double half = ldexp(1.0, e - 25);
    if (fabs(m) == 0.5 && (d < 0) != (f < 0))
        half *= 0.5;
    if (fabs(d) * (1.0 + 0x1p-50) + bound >= half)
        return 0;
    *out = f;
    return 1;
}

/* The bound on |Sr - H - L| for L = RN(Sr - H): half an ulp of L. */
static double half_ulp(double l)
{
    return U * fabs(l) + ETA;
}

/* Complex alpha or beta: 0, or -1 (C untouched) without memory or with a
 * NaN or Inf in A or B. */
static int by_halves(const char *name, const cmat *a, const cmat *b, long m, long n, long k,
                     const double *al, const double *be, void *c, long ldc, int *path)
{
    size_t mk = (size_t)m * (size_t)(2 * k), kn = (size_t)(2 * k) * (size_t)(2 * n);
    size_t mn = (size_t)m * (size_t)(2 * n);
    double *pa = malloc(mk * sizeof *pa), *pb = malloc(kn * sizeof *pb);
    double *h = malloc(2 * mn * sizeof *h);
    int ok = pa && pb && h;
    if (ok) {
        panel_a(a, m, k, -1.0, pa); /* [Ar -Ai] */
        for (long j = 0; j < n; j++)
            for (long l = 0; l < k; l++) {
                double re, im;
                zgemm_entry(b, l, j, &re, &im);
                double *sr = pb + j * 2 * k, *si = pb + (n + j) * 2 * k;
                sr[l] = re, sr[k + l] = im;  /* [Br; Bi] */
                si[l] = im, si[k + l] = -re; /* [Bi; -Br] */
            }
        for (size_t q = 0; q < mk && ok; q++)
            ok = isfinite(pa[q]);
        for (size_t q = 0; q < kn && ok; q++)
            ok = isfinite(pb[q]);
    }
    if (!ok) {
        free(pa);
        free(pb);
        free(h);
        return -1;
    }
    double *l = h + mn;
    exb_gemm_any(name, 0, 'N', 'N', m, 2 * n, 2 * k, 1.0, pa, m, pb, 2 * k, 0.0, h, m, path);
    memcpy(l, h, mn * sizeof *l);
    exb_gemm_any(name, 0, 'N', 'N', m, 2 * n, 2 * k, 1.0, pa, m, pb, 2 * k, -1.0, l, m, path);
    free(pa);
    free(pb);
    int f32 = a->f32, read_c = be[0] != 0.0 || be[1] != 0.0;
    double ar = al[0], ai = al[1], br = be[0], bi = be[1];
    exb_superacc acc[2];
    int cleared = 0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            long at = 2 * (i + j * ldc);
            double hr = h[i + j * m], hi = h[i + (n + j) * m];
            double lr = l[i + j * m], li = l[i + (n + j) * m];
            double cr = 0.0, ci = 0.0;
            if (read_c) {
                cr = f32 ? ((float *)c)[at] : ((double *)c)[at];
                ci = f32 ? ((float *)c)[at + 1] : ((double *)c)[at + 1];
            }
            double re, im;
            int done = isfinite(hr) && isfinite(hi) && isfinite(lr) && isfinite(li);
            if (done) {
                /* Re = ar Sr - ai Si + br Cr - bi Ci, Im = ar Si + ai Sr + br Ci + bi Cr */
                double xr[4] = {ar, -ai, br, -bi}, yr[4] = {hr, hi, cr, ci};
                double sr[2] = {ar, -ai}, tr[2] = {lr, li};
                double xi[4] = {ar, ai, br, bi}, yi[4] = {hi, hr, ci, cr};
                double si[2] = {ar, ai}, ti[2] = {li, lr};
                double er = fabs(ar) * half_ulp(lr) + fabs(ai) * half_ulp(li);
                double ei = fabs(ar) * half_ulp(li) + fabs(ai) * half_ulp(lr);
                done = decide_part(f32, xr, yr, sr, tr, er, &re) &&
                       decide_part(f32, xi, yi, si, ti, ei, &im);
            }
            if (!done) {
                if (!cleared) {
                    exb_superacc_clear(&acc[0]);
                    exb_superacc_clear(&acc[1]);
                    cleared = 1;
                }
                exb_zgemm_one_element(a, b, i, j, k, al, be, c, ldc, acc);
                continue;
            }
            if (f32) {
                ((float *)c)[at] = (float)re;
                ((float *)c)[at + 1] = (float)im;
            } else {
                ((double *)c)[at] = re;
                ((double *)c)[at + 1] = im;
            }
        }
    free(h);
    return 0;
}

void exb_zgemm_engine(const char *name, int f32, char transa, char transb, long m, long n, long k,
                      const double *alpha, const void *a, long lda, const void *b, long ldb,
                      const double *beta, void *c, long ldc)
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
    } else if (by_halves(name, &A, &B, m, n, k, alpha, beta, c, ldc, &path) == 0) {
        /* done on the real engines, the rest element by element */
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
    exb_zgemm_engine(name, 0, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_cgemm_checked,
               (const char *name, char transa, char transb, long m, long n, long k,
                const float *alpha, const float *a, long lda, const float *b, long ldb,
                const float *beta, float *c, long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    exb_zgemm_engine(name, 1, transa, transb, m, n, k, al, a, lda, b, ldb, be, c, ldc);
}

/* ---- ZGEMV and CGEMV: the GEMM of one column -------------------------------- */

/* y := alpha op(A) x + beta y as the GEMM of op(A) and the column x, on
 * contiguous copies of x and y (y not read when beta = 0). */
void exb_zgemv_engine(const char *name, int f32, char trans, long m, long n, const double *alpha,
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
    zvec_gather(lenx, x, incx, w, xc);
    if (beta[0] != 0.0 || beta[1] != 0.0)
        zvec_gather(leny, y, incy, w, yc);
    char t = tn ? 'N' : exb_lsame(trans, 'T') ? 'T' : 'C';
    exb_zgemm_engine(name, f32, t, 'N', leny, 1, lenx, alpha, a, lda, xc, lenx, beta, yc, leny);
    zvec_scatter(leny, yc, y, incy, w);
    free(xc);
}

EXB_ENTRY_VOID(exb_zgemv_checked,
               (const char *name, char trans, long m, long n, const double *alpha, const double *a,
                long lda, const double *x, long incx, const double *beta, double *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_zgemv_engine(name, 0, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_cgemv_checked,
               (const char *name, char trans, long m, long n, const float *alpha, const float *a,
                long lda, const float *x, long incx, const float *beta, float *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    exb_zgemv_engine(name, 1, trans, m, n, al, a, lda, x, incx, be, y, incy);
}

/*
 * gbmv.c -- GBMV (S, D) and SGEMV: y := alpha op(A) x + beta y for a general
 * band matrix (and a dense one in binary32; DGEMV is EXDGEMV, exdgemv.c).
 *
 *   SUBROUTINE xGBMV(TRANS, M, N, KL, KU, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
 *   SUBROUTINE SGEMV(TRANS, M, N, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
 * y_i := RN(alpha sum_j op(A)_ij x_j + beta y_i) over the band's entries
 * (level2.h).  Errors (XERBLA, outputs untouched), the reference positions:
 * GBMV 1 TRANS, 2 M, 3 N, 4 KL, 5 KU, 8 LDA < KL+KU+1, 10 INCX = 0, 13 INCY
 * = 0; GEMV 1, 2, 3, 6 LDA < max(1,M), 8 INCX, 11 INCY.  Quick return when
 * M = 0, N = 0 or (ALPHA = 0 and BETA = 1).
 */
#include "level2.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/blasvec.h"
#include "storage.h"
#include "support/path.h"
#include "support/xerbla.h"

static char trans_of(char t)
{
    return exb_lsame(t, 'N') ? 'N' : exb_lsame(t, 'T') ? 'T' : exb_lsame(t, 'C') ? 'T' : 0;
}

/* SGEMV's filter.  Binary32 products are exact in binary64 and multiples of
 * 2^-298 (nothing underflows), so s_i = the floating-point sum of the
 * products (any order) is within gamma_n sum |a_ij x_j| of the exact S_i
 * (Higham), and v_i = RN(RN(alpha s_i) + beta y_i) (beta y_i exact) within
 * E_i = |alpha| gamma_n sum|..| + 2^-53 (|alpha s_i| + |v_i|) of the exact
 * alpha S_i + beta y_i; (n + 4) 2^-52 and 2^-51 (with 1% more) cover it.
 * When v_i - E_i and v_i + E_i have one sign and round to the same binary32
 * number, that is RN32 of the exact value (RN32 is monotonic); else the
 * element is computed exactly.  0 when the path does not apply or memory
 * is short. */
static int sgemv_filtered(char t, long m, long n, float alpha, const float *a, long lda,
                          const float *x, long incx, float beta, float *y, long incy)
{
    long rows = t == 'N' ? m : n, cols = t == 'N' ? n : m;
    double *s = calloc((size_t)rows * 2, sizeof *s), *ab = s ? s + rows : NULL;
    double *xd = malloc((size_t)cols * sizeof *xd);
    if (!s || !xd) {
        free(s);
        free(xd);
        return 0;
    }
    const float *x0 = EXB_FIRST(x, cols, incx);
    for (long j = 0; j < cols; j++)
        xd[j] = x0[j * incx];
    if (t == 'N') { /* columns: s += a_:j x_j */
        for (long j = 0; j < n; j++) {
            const float *aj = a + j * lda;
            double xj = xd[j], axj = fabs(xj);
            for (long i = 0; i < m; i++) {
                double ai = aj[i];
                s[i] += ai * xj;
                ab[i] += fabs(ai) * axj;
            }
        }
    } else { /* rows of op(A) are columns of A: dots */
        for (long i = 0; i < n; i++) {
            const float *ai = a + i * lda;
            double acc = 0.0, aacc = 0.0;
            for (long j = 0; j < m; j++) {
                double v = ai[j];
                acc += v * xd[j];
                aacc += fabs(v) * fabs(xd[j]);
            }
            s[i] = acc, ab[i] = aacc;
        }
    }
    float *y0 = EXB_FIRST(y, rows, incy);
    double gam = (double)(cols + 4) * 0x1p-52 * 1.01, da = alpha, db = beta;
    for (long i = 0; i < rows; i++) {
        double yi = db != 0.0 ? (double)y0[i * incy] : 0.0;
        double as = da * s[i], v = as + db * yi;
        double e = (fabs(da) * gam * ab[i] + (fabs(as) + fabs(v)) * 0x1p-52) * 1.01;
        double lo = v - e, hi = v + e;
        float fl = (float)lo, fh = (float)hi;
        if (isfinite(v) && (lo > 0.0 || hi < 0.0) && memcmp(&fl, &fh, sizeof fl) == 0) {
            y0[i * incy] = fl;
            continue;
        }
        /* exactly: the row's products in the long accumulator */
        exb_superacc acc;
        exb_superacc_clear(&acc);
        int negzero = 1;
        for (long j = 0; j < cols; j++) {
            double aij = t == 'N' ? (double)a[i + j * lda] : (double)a[j + i * lda];
            exb_superacc_add_product(&acc, aij, xd[j]);
            negzero = negzero && exb_product_is_negzero(aij, xd[j]);
        }
        if (negzero && exb_superacc_is_zero(&acc))
            exb_superacc_set_negative_zero(&acc);
        double d = exb_superacc_round_affine(&acc, da, db, yi);
        float below, above;
        if (!exb_f32_midpoint(d, &below, &above)) {
            y0[i * incy] = (float)d;
            continue;
        }
        int sg = exb_superacc_affine_sign(&acc, da, db, yi, d);
        y0[i * incy] = sg > 0 ? above : sg < 0 ? below : (float)d;
    }
    free(s);
    free(xd);
    return 1;
}

static void general(const char *name, int f32, int band, char trans, long m, long n, long kl,
                    long ku, double alpha, const void *a, long lda, const void *x, long incx,
                    double beta, void *y, long incy)
{
    exb_path_begin();
    char t = trans_of(trans);
    int bad = !t                               ? 1
              : m < 0                          ? 2
              : n < 0                          ? 3
              : band && kl < 0                 ? 4
              : band && ku < 0                 ? 5
              : band && lda < kl + ku + 1      ? 8
              : !band && lda < (m > 1 ? m : 1) ? 6
              : incx == 0                      ? (band ? 10 : 8)
              : incy == 0                      ? (band ? 13 : 11)
                                               : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0))
        return;
    l2_matrix A = {.op = {.f32 = f32, .a = a, .lda = lda, .trans = t, .kl = kl, .ku = ku},
                   .storage = band ? L2_BAND : L2_DENSE,
                   .kind = L2_GENERAL,
                   .m = m,
                   .n = n};
    if (f32 && !band && alpha != 0.0 &&
        sgemv_filtered(t, m, n, (float)alpha, a, lda, x, incx, (float)beta, y, incy)) {
        exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
        return;
    }
    exb_l2_product(&A, alpha, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_sgbmv_checked,
               (const char *name, char trans, long m, long n, long kl, long ku, float alpha,
                const float *a, long lda, const float *x, long incx, float beta, float *y,
                long incy),
               (name, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy))
{
    general(name, 1, 1, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_dgbmv_checked,
               (const char *name, char trans, long m, long n, long kl, long ku, double alpha,
                const double *a, long lda, const double *x, long incx, double beta, double *y,
                long incy),
               (name, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy))
{
    general(name, 0, 1, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_sgemv_checked,
               (const char *name, char trans, long m, long n, float alpha, const float *a, long lda,
                const float *x, long incx, float beta, float *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    general(name, 1, 0, trans, m, n, 0, 0, alpha, a, lda, x, incx, beta, y, incy);
}

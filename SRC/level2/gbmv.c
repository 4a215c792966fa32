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

#include "core/fpenv.h"
#include "storage.h"
#include "support/path.h"
#include "support/xerbla.h"

static char trans_of(char t)
{
    return exb_lsame(t, 'N') ? 'N' : exb_lsame(t, 'T') ? 'T' : exb_lsame(t, 'C') ? 'T' : 0;
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
    exb_fpenv env = exb_fpenv_enter();
    l2_matrix A = {.op = {.f32 = f32, .a = a, .lda = lda, .trans = t, .kl = kl, .ku = ku},
                   .storage = band ? L2_BAND : L2_DENSE,
                   .kind = L2_GENERAL,
                   .m = m,
                   .n = n};
    exb_l2_product(&A, alpha, x, incx, beta, y, incy);
    exb_fpenv_leave(env);
}

void exb_sgbmv_checked(const char *name, char trans, long m, long n, long kl, long ku, float alpha,
                       const float *a, long lda, const float *x, long incx, float beta, float *y,
                       long incy)
{
    general(name, 1, 1, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
}

void exb_dgbmv_checked(const char *name, char trans, long m, long n, long kl, long ku, double alpha,
                       const double *a, long lda, const double *x, long incx, double beta,
                       double *y, long incy)
{
    general(name, 0, 1, trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
}

void exb_sgemv_checked(const char *name, char trans, long m, long n, float alpha, const float *a,
                       long lda, const float *x, long incx, float beta, float *y, long incy)
{
    general(name, 1, 0, trans, m, n, 0, 0, alpha, a, lda, x, incx, beta, y, incy);
}

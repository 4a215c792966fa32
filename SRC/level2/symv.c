/*
 * symv.c -- SYMV, SBMV, SPMV (S, D): y := alpha A x + beta y for a symmetric
 * A given by one triangle (dense, band of K superdiagonals or
 * subdiagonals, or packed).
 *
 *   SUBROUTINE xSYMV(UPLO, N, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
 *   SUBROUTINE xSBMV(UPLO, N, K, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
 *   SUBROUTINE xSPMV(UPLO, N, ALPHA, AP, X, INCX, BETA, Y, INCY)
 * y_i := RN(alpha sum_j A_ij x_j + beta y_i), A_ij taken from the stored
 * triangle as A_ji where it is not there (level2.h).  Errors (XERBLA,
 * outputs untouched): SYMV 1 UPLO, 2 N, 5 LDA < max(1,N), 7 INCX, 10 INCY;
 * SBMV 1, 2, 3 K < 0, 6 LDA < K+1, 8 INCX, 11 INCY; SPMV 1, 2, 6 INCX, 9
 * INCY.  Quick return when N = 0 or (ALPHA = 0 and BETA = 1).
 */
#include "level2.h"

#include "core/fpenv.h"
#include "storage.h"
#include "support/path.h"
#include "support/xerbla.h"

static void symmetric(const char *name, int f32, l2_storage storage, char uplo, long n, long k,
                      double alpha, const void *a, long lda, const void *x, long incx, double beta,
                      void *y, long incy)
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U'), band = storage == L2_BAND, dense = storage == L2_DENSE;
    int bad = !upper && !exb_lsame(uplo, 'L')  ? 1
              : n < 0                          ? 2
              : band && k < 0                  ? 3
              : dense && lda < (n > 1 ? n : 1) ? 5
              : band && lda < k + 1            ? 6
              : incx == 0                      ? (dense  ? 7
                                                  : band ? 8
                                                         : 6)
              : incy == 0                      ? (dense  ? 10
                                                  : band ? 11
                                                         : 9)
                                               : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0 || (alpha == 0.0 && beta == 1.0))
        return;
    l2_matrix A = {
        .op = {.f32 = f32, .a = a, .lda = lda, .uplo = upper ? 'U' : 'L', .trans = 'N', .ku = k},
        .storage = storage,
        .kind = L2_SYMMETRIC,
        .m = n,
        .n = n};
    exb_l2_product(&A, alpha, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_ssymv_checked,
               (const char *name, char uplo, long n, float alpha, const float *a, long lda,
                const float *x, long incx, float beta, float *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    symmetric(name, 1, L2_DENSE, uplo, n, 0, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_dsymv_checked,
               (const char *name, char uplo, long n, double alpha, const double *a, long lda,
                const double *x, long incx, double beta, double *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    symmetric(name, 0, L2_DENSE, uplo, n, 0, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_ssbmv_checked,
               (const char *name, char uplo, long n, long k, float alpha, const float *a, long lda,
                const float *x, long incx, float beta, float *y, long incy),
               (name, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy))
{
    symmetric(name, 1, L2_BAND, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_dsbmv_checked,
               (const char *name, char uplo, long n, long k, double alpha, const double *a,
                long lda, const double *x, long incx, double beta, double *y, long incy),
               (name, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy))
{
    symmetric(name, 0, L2_BAND, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_sspmv_checked,
               (const char *name, char uplo, long n, float alpha, const float *ap, const float *x,
                long incx, float beta, float *y, long incy),
               (name, uplo, n, alpha, ap, x, incx, beta, y, incy))
{
    symmetric(name, 1, L2_PACKED, uplo, n, 0, alpha, ap, 0, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_dspmv_checked,
               (const char *name, char uplo, long n, double alpha, const double *ap,
                const double *x, long incx, double beta, double *y, long incy),
               (name, uplo, n, alpha, ap, x, incx, beta, y, incy))
{
    symmetric(name, 0, L2_PACKED, uplo, n, 0, alpha, ap, 0, x, incx, beta, y, incy);
}

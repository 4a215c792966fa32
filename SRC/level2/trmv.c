/*
 * trmv.c -- TRMV, TBMV, TPMV and the solves TBSV, TPSV (S, D) and STRSV:
 * triangular matrices, dense, band (K off-diagonals) or packed
 * (DTRSV is EXDTRSV, exdtrsv.c).
 *
 *   SUBROUTINE xTRMV(UPLO, TRANS, DIAG, N, A, LDA, X, INCX)    and xTRSV
 *   SUBROUTINE xTBMV(UPLO, TRANS, DIAG, N, K, A, LDA, X, INCX) and xTBSV
 *   SUBROUTINE xTPMV(UPLO, TRANS, DIAG, N, AP, X, INCX)        and xTPSV
 * Products: x_i := RN(sum over the triangle op(A)_ij x_j), every term from
 * the x given (a unit diagonal's term x_i itself).  Solves: EXDTRSV's
 * substitution, x_i := RN((b_i - sum_{j before i} op(A)_ij x_j) / op(A)_ii)
 * with the rounded x_j, the numerator exact and the quotient rounded once
 * (level2.h).  Errors (XERBLA, x untouched): 1 UPLO, 2 TRANS, 3 DIAG, 4 N;
 * TRMV/TRSV 6 LDA < max(1,N), 8 INCX; TBMV/TBSV 5 K < 0, 7 LDA < K+1, 9
 * INCX; TPMV/TPSV 7 INCX.  Quick return when N = 0.
 */
#include "level2.h"

#include "core/fpenv.h"
#include "storage.h"
#include "support/path.h"
#include "support/xerbla.h"

static void triangular(const char *name, int f32, int solve, l2_storage storage, char uplo,
                       char trans, char diag, long n, long k, const void *a, long lda, void *x,
                       long incx)
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U'), unit = exb_lsame(diag, 'U');
    char t = exb_lsame(trans, 'N') ? 'N' : 'T';
    int bad = exb_l2_triangular_check(storage, uplo, trans, diag, n, k, lda, incx);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0)
        return;
    l2_matrix A = {.op = {.f32 = f32,
                          .a = a,
                          .lda = lda,
                          .uplo = upper ? 'U' : 'L',
                          .trans = t,
                          .diag = unit ? 'U' : 'N',
                          .ku = k},
                   .storage = storage,
                   .kind = L2_TRIANGULAR,
                   .m = n,
                   .n = n};
    if (solve)
        exb_l2_solve(&A, x, incx);
    else
        exb_l2_product(&A, 1.0, x, incx, 0.0, x, incx);
}

EXB_ENTRY_VOID(exb_strmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const float *a,
                long lda, float *x, long incx),
               (name, uplo, trans, diag, n, a, lda, x, incx))
{
    triangular(name, 1, 0, L2_DENSE, uplo, trans, diag, n, 0, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_dtrmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const double *a,
                long lda, double *x, long incx),
               (name, uplo, trans, diag, n, a, lda, x, incx))
{
    triangular(name, 0, 0, L2_DENSE, uplo, trans, diag, n, 0, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_strsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const float *a,
                long lda, float *x, long incx),
               (name, uplo, trans, diag, n, a, lda, x, incx))
{
    triangular(name, 1, 1, L2_DENSE, uplo, trans, diag, n, 0, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_stbmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, long k, const float *a,
                long lda, float *x, long incx),
               (name, uplo, trans, diag, n, k, a, lda, x, incx))
{
    triangular(name, 1, 0, L2_BAND, uplo, trans, diag, n, k, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_dtbmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, long k, const double *a,
                long lda, double *x, long incx),
               (name, uplo, trans, diag, n, k, a, lda, x, incx))
{
    triangular(name, 0, 0, L2_BAND, uplo, trans, diag, n, k, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_stbsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, long k, const float *a,
                long lda, float *x, long incx),
               (name, uplo, trans, diag, n, k, a, lda, x, incx))
{
    triangular(name, 1, 1, L2_BAND, uplo, trans, diag, n, k, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_dtbsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, long k, const double *a,
                long lda, double *x, long incx),
               (name, uplo, trans, diag, n, k, a, lda, x, incx))
{
    triangular(name, 0, 1, L2_BAND, uplo, trans, diag, n, k, a, lda, x, incx);
}

EXB_ENTRY_VOID(exb_stpmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const float *ap,
                float *x, long incx),
               (name, uplo, trans, diag, n, ap, x, incx))
{
    triangular(name, 1, 0, L2_PACKED, uplo, trans, diag, n, 0, ap, 0, x, incx);
}

EXB_ENTRY_VOID(exb_dtpmv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const double *ap,
                double *x, long incx),
               (name, uplo, trans, diag, n, ap, x, incx))
{
    triangular(name, 0, 0, L2_PACKED, uplo, trans, diag, n, 0, ap, 0, x, incx);
}

EXB_ENTRY_VOID(exb_stpsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const float *ap,
                float *x, long incx),
               (name, uplo, trans, diag, n, ap, x, incx))
{
    triangular(name, 1, 1, L2_PACKED, uplo, trans, diag, n, 0, ap, 0, x, incx);
}

EXB_ENTRY_VOID(exb_dtpsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const double *ap,
                double *x, long incx),
               (name, uplo, trans, diag, n, ap, x, incx))
{
    triangular(name, 0, 1, L2_PACKED, uplo, trans, diag, n, 0, ap, 0, x, incx);
}

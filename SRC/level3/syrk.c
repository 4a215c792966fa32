/*
 * dsyrk.c -- the exact core behind the BLAS face's DSYRK.
 *
 *   SUBROUTINE DSYRK(UPLO, TRANS, N, K, ALPHA, A, LDA, BETA, C, LDC)
 *   C := alpha*A*A**T + beta*C (TRANS = 'N', A is N x K) or
 *   C := alpha*A**T*A + beta*C ('T' or 'C', A is K x N), on the UPLO
 *   triangle of C only.
 *
 * Every element of the triangle is RN(alpha * sum_l op(A)_il op(A)_jl +
 * beta*C_ij): EXDGEMV's exact rows, one column of the triangle at a time,
 * so the bits are the same on every path.  Errors (XERBLA with the name
 * given, C untouched), DSYRK's positions: 1 UPLO, 2 TRANS, 3 N < 0, 4 K < 0,
 * 7 LDA, 10 LDC.  Quick return when N = 0 or ((ALPHA = 0 or K = 0) and
 * BETA = 1); ALPHA = 0 or K = 0 gives C := beta*C on the triangle (0 for
 * BETA = 0, C not read).
 */
#include "core/fpenv.h"
#include "core/superacc.h"
#include "support/path.h"
#include "support/xerbla.h"
#include "routines.h"

static int check_args(char uplo, char trans, long n, long k, long lda, long ldc)
{
    int notrans = exb_lsame(trans, 'N');
    if (!exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L'))
        return 1;
    if (!notrans && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C'))
        return 2;
    if (n < 0)
        return 3;
    if (k < 0)
        return 4;
    int rows = notrans ? n : k;
    if (lda < (rows > 1 ? rows : 1))
        return 7;
    if (ldc < (n > 1 ? n : 1))
        return 10;
    return 0;
}

void exb_dsyrk_checked(const char *name, char uplo, char trans, long n, long k, double alpha,
                       const double *a, long lda, double beta, double *c, long ldc)
{
    exb_path_begin();
    int bad = check_args(uplo, trans, n, k, lda, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0))
        return;
    int upper = exb_lsame(uplo, 'U'), notrans = exb_lsame(trans, 'N');
    if (alpha == 0.0 || k == 0) {
        exb_fpenv env = exb_fpenv_enter();
        for (long j = 0; j < n; j++)
            for (long i = upper ? 0 : j; i < (upper ? j + 1 : n); i++) {
                double *cij = &c[i + j * (long)ldc];
                *cij = beta == 0.0 ? 0.0 : exb_canonical_nan(beta * *cij);
            }
        exb_fpenv_leave(env);
        return;
    }
    int path = 0;
    for (long j = 0; j < n; j++) {
        long i0 = upper ? 0 : j, len = upper ? j + 1 : n - j;
        double *cj = &c[i0 + j * (long)ldc];
        if (notrans) /* C(i0.., j) = alpha * A(i0.., :) * A(j, :)**T + beta*C */
            exb_dgemv_checked(name, 'N', (int)len, k, alpha, a + i0, lda, a + j, lda, beta, cj, 1);
        else /* C(i0.., j) = alpha * A(:, i0..)**T * A(:, j) + beta*C */
            exb_dgemv_checked(name, 'T', k, (int)len, alpha, a + i0 * (long)lda, lda,
                              a + j * (long)lda, 1, beta, cj, 1);
        path |= exactblas_last_path();
    }
    exb_path_begin();
    exb_path_add(path);
}

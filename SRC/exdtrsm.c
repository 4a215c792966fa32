/*
 * exdtrsm.c -- EXDTRSM: triangular solve with many right-hand sides, every
 * one the correctly rounded substitution.
 *
 *   SUBROUTINE EXDTRSM(SIDE, UPLO, TRANSA, DIAG, M, N, ALPHA, A, LDA, B, LDB)
 *   SIDE   (in)    'L': solve op(A)*X = alpha*B;  'R': solve X*op(A) = alpha*B
 *   UPLO   (in)    'U': A is upper triangular, 'L': lower
 *   TRANSA (in)    'N': op(A) = A;  'T' or 'C': op(A) = A**T
 *   DIAG   (in)    'U': unit diagonal (not read), 'N': non-unit
 *   M, N   (in)    B is M x N, >= 0; A is M x M (SIDE = 'L') or N x N ('R')
 *   ALPHA  (in)    scalar; ALPHA = 0: B := 0 and A is not read
 *   A      (in)    column-major, LDA >= max(1, order of A); only the UPLO
 *                  triangle is read (not the diagonal when DIAG = 'U')
 *   B      (inout) M x N, LDB >= max(1, M): the right-hand sides on entry, X
 *                  on exit
 *
 * Every right-hand side (a column of B for SIDE = 'L', a row for 'R', where
 * X*op(A) = alpha*B is op(A)**T x = alpha*b for each row) is solved by
 * substitution in the natural order of its system with
 *   x_i := RN((alpha*b_i - sum_{j solved before i} op_ij x_j) / op_ii),
 * the product alpha*b_i and the numerator exact, one rounding per element
 * (DIAG = 'U': no division).  As DTRSM, a zero diagonal is not tested for:
 * it gives IEEE infinities or NaN.
 *
 * Errors (XERBLA 'EXDTRSM', B untouched), DTRSM's positions: 1 SIDE, 2 UPLO,
 * 3 TRANSA, 4 DIAG, 5 M < 0, 6 N < 0, 9 LDA, 11 LDB too small.  Quick return
 * when M = 0 or N = 0.
 *
 * Paths: OpenCL solves a batch of right-hand sides in one launch (the
 * fused TRSV kernel with one row of work-groups per right-hand side); the
 * host shares the right-hand sides between threads and, for many of them,
 * does the off-diagonal blocks as error-free sliced GEMMs (trsm_split.c).
 * Same bits.
 */
#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "support/xerbla.h"
#include "backend/device.h"
#include "trsv_solve.h"
#include "routines.h"

int exb_trsm_check(char side, char uplo, char transa, char diag, long m, long n, long lda, long ldb)
{
    int left = exb_lsame(side, 'L');
    if (!left && !exb_lsame(side, 'R'))
        return 1;
    if (!exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L'))
        return 2;
    if (!exb_lsame(transa, 'N') && !exb_lsame(transa, 'T') && !exb_lsame(transa, 'C'))
        return 3;
    if (!exb_lsame(diag, 'U') && !exb_lsame(diag, 'N'))
        return 4;
    if (m < 0)
        return 5;
    if (n < 0)
        return 6;
    long order = left ? m : n;
    if (lda < (order > 1 ? order : 1))
        return 9;
    if (ldb < (m > 1 ? m : 1))
        return 11;
    return 0;
}

EXB_ENTRY_VOID(exb_dtrsm_checked,
               (const char *name, char side, char uplo, char transa, char diag, long m, long n,
                double alpha, const double *a, long lda, double *b, long ldb),
               (name, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    exb_path_begin();
    int bad = exb_trsm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    if (alpha == 0.0) { /* as DTRSM: B := 0, A not read (path NONE) */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                b[i + j * (long)ldb] = 0.0;
        return;
    }
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    int left = exb_lsame(side, 'L');
    /* SIDE = 'R': each row x of X solves op(A)**T x = alpha*b */
    int notrans = exb_lsame(transa, 'N');
    char op = left ? (notrans ? 'N' : 'T') : (notrans ? 'T' : 'N');
    exb_tri t = exb_tri_make(uplo, op, diag, left ? m : n, a, lda);
    t.alpha = alpha;
    int cl = exb_cl_wanted(&knobs);
    long nrhs = left ? n : m, rhs_step = left ? ldb : 1, elem_step = left ? 1 : ldb;
    if (cl && exb_cl_trsm(&t, b, nrhs, rhs_step, elem_step, &knobs) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_trsm(&t, b, nrhs, rhs_step, elem_step, &knobs);
        exb_path_host(cl);
    }
}

void exactblas_dtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
                     const double *a, int lda, double *b, int ldb)
{
    exb_dtrsm_checked("EXDTRSM", side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

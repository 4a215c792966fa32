/*
 * trsm3.c -- STRSM: op(A) X = alpha B (side L) or X op(A) = alpha B (side
 * R), X over B, in binary32 (DTRSM is EXDTRSM, exdtrsm.c).  Every
 * right-hand side (a column of B, or a row for side R, the system then
 * op(A)**T x = alpha b) is EXDTRSV's substitution in binary32, solved by the
 * Level 2 engine with alpha b_i exact in binary64 (level3.h has the rule).
 * Errors (XERBLA, B untouched): exb_trmm_check's positions.  Quick return
 * when M = 0 or N = 0; alpha = 0 gives B := 0 as the reference.
 */
#include "level3.h"

#include <string.h>

#include "core/fpenv.h"
#include "level2/storage.h"
#include "support/path.h"
#include "support/xerbla.h"

void exb_strsm_checked(const char *name, char side, char uplo, char transa, char diag, long m,
                       long n, float alpha, const float *a, long lda, float *b, long ldb)
{
    exb_path_begin();
    int bad = exb_trmm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    if (alpha == 0.0f) {
        for (long j = 0; j < n; j++)
            memset(b + j * ldb, 0, (size_t)m * sizeof *b);
        return;
    }
    exb_fpenv env = exb_fpenv_enter();
    int left = exb_lsame(side, 'L'), trans = !exb_lsame(transa, 'N');
    long na = left ? m : n;
    /* side R: x op(A) = alpha b is op(A)**T x**T = alpha b**T */
    char t = left ? (trans ? 'T' : 'N') : (trans ? 'N' : 'T');
    int path = 0;
    for (long r = 0; r < (left ? n : m); r++) {
        l2_matrix A = {.op = {.f32 = 1, .a = a, .lda = lda, .uplo = exb_lsame(uplo, 'U') ? 'U' : 'L',
                              .trans = t, .diag = exb_lsame(diag, 'U') ? 'U' : 'N',
                              .bscale = alpha == 1.0f ? 0.0 : (double)alpha},
                       .storage = L2_DENSE,
                       .kind = L2_TRIANGULAR,
                       .m = na,
                       .n = na};
        if (left)
            exb_l2_solve(&A, b + r * ldb, 1);
        else
            exb_l2_solve(&A, b + r, ldb);
        path |= exactblas_last_path();
    }
    exb_path_begin();
    exb_path_add(path);
    exb_fpenv_leave(env);
}

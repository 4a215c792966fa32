/*
 * exdtrsv.c -- EXDTRSV: triangular solve with correctly rounded substitution.
 *
 *   SUBROUTINE EXDTRSV(UPLO, TRANS, DIAG, N, A, LDA, X, INCX)
 *   UPLO  (in)    'U': A is upper triangular, 'L': lower
 *   TRANS (in)    'N': solve A*x = b;  'T' or 'C': solve A**T*x = b
 *   DIAG  (in)    'U': unit diagonal (not read), 'N': non-unit
 *   N     (in)    order of A, >= 0
 *   A     (in)    N x N, leading dimension LDA >= max(1, N); only the UPLO
 *                 triangle is read (and not the diagonal when DIAG = 'U')
 *   X     (inout) b on entry, the solution on exit; increment INCX != 0
 *
 * Substitution in the natural order of op(A): every
 *   x_i := RN((b_i - sum_{j solved before i} op(A)_ij x_j) / op(A)_ii)
 * with the numerator exact and the quotient rounded once (DIAG = 'U': no
 * division).  As in DTRSV, a zero diagonal is not tested for: it gives IEEE
 * infinities or NaN.
 *
 * Errors (XERBLA 'EXDTRSV', X untouched): 1 UPLO, 2 TRANS, 3 DIAG, 4 N < 0,
 * 6 LDA < max(1,N), 8 INCX = 0.  Quick return when N = 0.
 */
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "support/blasvec.h"
#include "backend/trsv.h"
#include "trsv_solve.h"
#include "support/xerbla.h"
#include "backend/device.h"
#include "routines.h"

void exb_trsv_solve(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    int cl = exb_cl_wanted(knobs);
    if (cl && exb_cl_trsv(t, x, knobs) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_trsv(t, x, knobs);
        exb_path_host(cl);
    }
}

int exb_trsv_check(char uplo, char trans, char diag, long n, long lda, long incx)
{
    if (!exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L'))
        return 1;
    if (!exb_lsame(trans, 'N') && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C'))
        return 2;
    if (!exb_lsame(diag, 'U') && !exb_lsame(diag, 'N'))
        return 3;
    if (n < 0)
        return 4;
    if (lda < (n > 1 ? n : 1))
        return 6;
    if (incx == 0)
        return 8;
    return 0;
}

exb_tri exb_tri_make(char uplo, char trans, char diag, long n, const double *a, long lda)
{
    exb_tri t;
    t.colsweep = exb_lsame(trans, 'N');
    /* op(T) = T^T turns an upper triangle into a lower one */
    t.forward = exb_lsame(uplo, 'L') == t.colsweep;
    t.unit = exb_lsame(diag, 'U');
    t.n = n;
    t.a = a;
    t.lda = lda;
    t.alpha = 1.0;
    return t;
}

static void trsv(char uplo, char trans, char diag, long n, const double *a, long lda, double *x,
                 long incx);

EXB_ENTRY_VOID(exb_dtrsv_checked,
               (const char *name, char uplo, char trans, char diag, long n, const double *a,
                long lda, double *x, long incx),
               (name, uplo, trans, diag, n, a, lda, x, incx))
{
    exb_path_begin();
    int bad = exb_trsv_check(uplo, trans, diag, n, lda, incx);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0)
        return;
    trsv(uplo, trans, diag, n, a, lda, x, incx);
}

/* The work of EXDTRSV after the checks and quick returns. */
static void trsv(char uplo, char trans, char diag, long n, const double *a, long lda, double *x,
                 long incx)
{
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_tri t = exb_tri_make(uplo, trans, diag, n, a, lda);
    double *x0 = EXB_FIRST(x, n, incx);
    if (incx == 1) {
        exb_trsv_solve(&t, x0, &knobs);
        return;
    }
    double *w = malloc((size_t)n * sizeof *w);
    if (!w) {
        exb_host_trsv_unblocked(&t, x0, incx);
        exb_path_host(exb_cl_wanted(&knobs));
        return;
    }
    for (long i = 0; i < n; i++)
        w[i] = x0[i * incx];
    exb_trsv_solve(&t, w, &knobs);
    for (long i = 0; i < n; i++)
        x0[i * incx] = w[i];
    free(w);
}

void exactblas_dtrsv(char uplo, char trans, char diag, int n, const double *a, int lda, double *x,
                     int incx)
{
    exb_dtrsv_checked("EXDTRSV", uplo, trans, diag, n, a, lda, x, incx);
}

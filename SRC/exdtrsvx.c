/*
 * exdtrsvx.c -- EXDTRSVX: EXDTRSV followed by iterative refinement.
 *
 *   SUBROUTINE EXDTRSVX(UPLO, TRANS, DIAG, N, A, LDA, X, INCX, NREFINE, INFO)
 *   UPLO ... INCX  as EXDTRSV
 *   NREFINE (in)   refinement steps, >= 0
 *   INFO    (out)  0: success;
 *                  -i: the i-th argument is illegal (XERBLA 'EXDTRSVX', i);
 *                  i > 0: A(i,i) is exactly zero (DIAG = 'N'): nothing is
 *                  solved and X is untouched, as LAPACK's DTRTRS;
 *                  N+1: no memory for the 3N-double workspace; X untouched.
 *
 * x := EXDTRSV's solution, then NREFINE times
 *   r := RN(b - op(A) x)   (exact residual over the referenced triangle,
 *                           rounded once per element),
 *   solve op(A) d = r with the same exact solver,
 *   x := RN(x + d).
 */
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "core/superacc.h"
#include "support/blasvec.h"
#include "trsv_solve.h"
#include "support/xerbla.h"
#include "routines.h"

/* 1-based index of the first exactly zero diagonal element, or 0. */
static long zero_diagonal(const double *a, long n, long lda)
{
    for (long i = 0; i < n; i++)
        if (a[i + i * lda] == 0.0)
            return i + 1;
    return 0;
}

static int refine(const exb_tri *t, double *x, const double *b, double *r, long steps,
                  const exb_knobs *knobs)
{
    for (long s = 0; s < steps; s++) {
        if (exb_host_tri_residual(t, b, x, r, knobs) != 0)
            return -1;
        exb_path_add(EXACTBLAS_PATH_HOST); /* the residual is a host kernel */
        exb_trsv_solve(t, r, knobs);
        for (long i = 0; i < t->n; i++)
            x[i] = exb_canonical_nan(x[i] + r[i]); /* RN: the caller's mode is set aside */
    }
    return 0;
}

EXB_ENTRY_VOID(exb_dtrsvx_checked,
               (const char *name, char uplo, char trans, char diag, long n, const double *a,
                long lda, double *x, long incx, long nrefine, int *info),
               (name, uplo, trans, diag, n, a, lda, x, incx, nrefine, info))
{
    exb_path_begin();
    int bad = exb_trsv_check(uplo, trans, diag, n, lda, incx);
    if (!bad && nrefine < 0)
        bad = 9;
    if (bad) {
        *info = -bad;
        exb_xerbla(name, bad);
        return;
    }
    *info = 0;
    if (n == 0)
        return;
    /* INFO is the C and Fortran faces' int (EXDTRSVX is LP64 only) */
    long zero = exb_lsame(diag, 'N') ? zero_diagonal(a, n, lda) : 0;
    if (zero != 0) {
        *info = (int)zero;
        return;
    }
    double *work = malloc(3 * (size_t)n * sizeof *work);
    if (!work) {
        *info = (int)(n + 1);
        return;
    }
    double *w = work, *b = work + n, *r = work + 2 * (size_t)n;
    double *x0 = EXB_FIRST(x, n, incx);
    for (long i = 0; i < n; i++)
        b[i] = w[i] = x0[i * incx];
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_tri t = exb_tri_make(uplo, trans, diag, n, a, lda);
    exb_trsv_solve(&t, w, &knobs);
    if (refine(&t, w, b, r, nrefine, &knobs) != 0) {
        *info = (int)(n + 1);
    } else {
        for (long i = 0; i < n; i++)
            x0[i * incx] = w[i];
    }
    free(work);
}

void exactblas_dtrsvx(char uplo, char trans, char diag, int n, const double *a, int lda, double *x,
                      int incx, int nrefine, int *info)
{
    exb_dtrsvx_checked("EXDTRSVX", uplo, trans, diag, n, a, lda, x, incx, nrefine, info);
}

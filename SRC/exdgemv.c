/*
 * exdgemv.c -- EXDGEMV: the correctly rounded matrix-vector product.
 *
 *   SUBROUTINE EXDGEMV(TRANS, M, N, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
 *   TRANS (in)    'N': y := alpha*A*x + beta*y;  'T' or 'C': y := alpha*A**T*x + beta*y
 *   M, N  (in)    rows and columns of A, >= 0
 *   ALPHA (in)    scalar
 *   A     (in)    M x N, column-major, leading dimension LDA >= max(1, M)
 *   X     (in)    N elements ('N') or M ('T'), increment INCX != 0
 *   BETA  (in)    scalar; BETA = 0: Y need not be set on entry (it is not read)
 *   Y     (inout) M elements ('N') or N ('T'), increment INCY != 0
 *
 * Every y_i := RN(alpha * sum_j op(A)_ij x_j + beta*y_i): products, sum,
 * alpha and beta all exact, one rounding per element.  Negative increments
 * address the vectors backwards, as in DGEMV.
 *
 * Errors (XERBLA 'EXDGEMV', Y untouched): 1 TRANS, 2 M < 0, 3 N < 0,
 * 6 LDA < max(1,M), 8 INCX = 0, 11 INCY = 0.  Quick return, as DGEMV, when
 * M = 0, N = 0, or ALPHA = 0 and BETA = 1; ALPHA = 0 leaves A and X
 * unreferenced (y := RN(beta*y), which is the IEEE product).
 */
#include <stdlib.h>

#include "exactblas.h"
#include "core/fpenv.h"
#include "support/path.h"
#include "backend/gemv.h"
#include "core/superacc.h"
#include "routines.h"
#include "support/blasvec.h"
#include "backend/device.h"
#include "support/xerbla.h"

static int check_args(char trans, long m, long n, long lda, long incx, long incy)
{
    if (!exb_lsame(trans, 'N') && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (lda < (m > 1 ? m : 1))
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

/* alpha = 0: y := RN(beta*y) = beta*y, and y := 0 without reading it for beta = 0. */
static void scale_y(long leny, double beta, double *y, long incy)
{
    for (long i = 0; i < leny; i++)
        y[i * incy] = beta == 0.0 ? 0.0 : exb_canonical_nan(beta * y[i * incy]);
}

static void gemv(char trans, long m, long n, double alpha, const double *a, long lda,
                 const double *x, long incx, double beta, double *y, long incy);

EXB_ENTRY_VOID(exb_dgemv_checked,
               (const char *name, char trans, long m, long n, double alpha, const double *a,
                long lda, const double *x, long incx, double beta, double *y, long incy),
               (name, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
{
    exb_path_begin();
    int bad = check_args(trans, m, n, lda, incx, incy);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0))
        return;
    gemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

/* The work of EXDGEMV after the checks and quick returns. */
static void gemv(char trans, long m, long n, double alpha, const double *a, long lda,
                 const double *x, long incx, double beta, double *y, long incy)
{
    int t = !exb_lsame(trans, 'N');
    long lenx = t ? m : n, leny = t ? n : m;
    double *y0 = EXB_FIRST(y, leny, incy);
    if (alpha == 0.0) {
        scale_y(leny, beta, y0, incy);
        /* the reference quick step: no exact kernel runs (path NONE) */
        return;
    }
    const double *x0 = EXB_FIRST(x, lenx, incx);
    double *xc = NULL;
    long xinc = incx;
    if (incx != 1 && (xc = malloc((size_t)lenx * sizeof *xc)) != NULL) {
        for (long j = 0; j < lenx; j++)
            xc[j] = x0[j * incx];
        x0 = xc;
        xinc = 1;
    }
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_gemv_args g = {t, m, n, alpha, a, lda, x0, xinc, beta, y0, incy, NULL};
    int cl = exb_cl_wanted(&knobs);
    if (cl && xinc == 1 && exb_cl_gemv(&g, &knobs) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_gemv(&g, &knobs);
        exb_path_host(cl);
    }
    free(xc);
}

void exactblas_dgemv(char trans, int m, int n, double alpha, const double *a, int lda,
                     const double *x, int incx, double beta, double *y, int incy)
{
    exb_dgemv_checked("EXDGEMV", trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

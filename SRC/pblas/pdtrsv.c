/*
 * pdtrsv.c -- PDTRSV: solves op(sub(A))*x = sub(X), x overwriting sub(X), sub(A) an N x N
 * triangle, sub(X) a row or a column of a distributed matrix, with the bits
 * of the sequential exact DTRSV on every grid.
 *
 *   SUBROUTINE PDTRSV(UPLO, TRANS, DIAG, N, A, IA, JA, DESCA, X, IX, JX,
 *                     DESCX, INCX)
 *
 * Every element is EXDTRSV's: x_i := RN((b_i - sum of the solved terms) /
 * a_ii), the numerator exact, in op(A)'s order (doc/CONTRACT.md).  sub(X) is
 * one line of pb_tri_lines (as PDTRSM with one right-hand side): a column
 * is op(A) applied from the left, a row (INCX = M_X) op(A)^T from the
 * right; one process gets the triangle and the whole vector, calls the
 * exact core and sends the result home.  Quick return (PBLAS): N = 0.
 * Errors: PXERBLA('PDTRSV', position) on every holder of an operand.
 * The work is PDTRMV's with the solve (pb_tri_vector, pdtrmv.c).
 */
#include "core/fpenv.h"
#include "pblas.h"

PB_API void pdtrsv_(const char *uplo, const char *trans, const char *diag, const int *n,
                    const double *a, const int *ia, const int *ja, const int *desca, double *x,
                    const int *ix, const int *jx, const int *descx, const int *incx, size_t l1,
                    size_t l2, size_t l3)
{
    EXB_FPENV_SCOPE;
    (void)l1;
    (void)l2;
    (void)l3;
    pb_tri_vector("PDTRSV", 0, uplo, trans, diag, n, a, ia, ja, desca, x, ix, jx, descx, incx);
}

/*
 * storage.h -- where the reference BLAS keeps entry (i, j) of a matrix
 * (0-based), and the rows of op(A) the Level 2 engine sums (l2.h):
 *   dense    a[i + j*lda]
 *   band     general (GBMV): a[ku + i - j + j*lda], -ku <= i - j <= kl;
 *            upper triangle (k superdiagonals): a[k + i - j + j*lda];
 *            lower triangle (k subdiagonals): a[i - j + j*lda]
 *   packed   upper: ap[i + j(j+1)/2], i <= j; lower: ap[i + j(2n-j-1)/2], i >= j
 * Consecutive i of one column are adjacent in every storage, so a column's
 * entries are contiguous; a row's are not, and a panel reads them a column
 * at a time (every row of the panel from one cache line).
 */
#ifndef EXACTBLAS_LEVEL2_STORAGE_H
#define EXACTBLAS_LEVEL2_STORAGE_H

#include "l2.h"

typedef enum { L2_DENSE, L2_BAND, L2_PACKED } l2_storage;

/* The structure of op(A), kept in the l2_op the routine fills (kind below
 * is the matrix's meaning). */
typedef enum { L2_GENERAL, L2_SYMMETRIC, L2_TRIANGULAR } l2_kind;

typedef struct l2_matrix {
    l2_op op; /* first: the engine's view */
    l2_storage storage;
    l2_kind kind;
    long m, n; /* the stored matrix's rows and columns */
    int solve; /* rows without the diagonal (triangular solves) */
} l2_matrix;

/* The index of stored entry (i, j). */
static inline long l2_index(const l2_matrix *A, long i, long j)
{
    const l2_op *op = &A->op;
    switch (A->storage) {
    case L2_DENSE:
        return i + j * op->lda;
    case L2_BAND:
        if (A->kind == L2_GENERAL)
            return op->ku + i - j + j * op->lda;
        return op->uplo == 'U' ? op->ku + i - j + j * op->lda : i - j + j * op->lda;
    default:
        return op->uplo == 'U' ? i + j * (j + 1) / 2 : i + j * (2 * A->n - j - 1) / 2;
    }
}

/* Whether (i, j) lies in the stored triangle (symmetric and triangular). */
static inline int l2_in_triangle(const l2_op *op, long i, long j)
{
    return op->uplo == 'U' ? i <= j : i >= j;
}

/* The reference's argument checks of xTRMV/xTBMV/xTPMV and their solves
 * (real and complex: TRANS N, T or C): the XERBLA position, 0 when legal. */
int exb_l2_triangular_check(l2_storage storage, char uplo, char trans, char diag, long n, long k,
                            long lda, long incx);

/* The rows function of every storage and kind (l2.h), in level2/storage.c. */
void exb_l2_matrix_rows(const l2_op *op, long i0, long count, double *buf, long ld, long *x0,
                        long *len, double *diag);

/* Fills *A for the engine: op->rows, the longest row; the caller set
 * op.a, op.lda, op.f32, op.uplo/trans/diag (upper case), op.kl/ku, and
 * storage, kind, m, n, solve. */
void exb_l2_matrix_init(l2_matrix *A);

/* After the caller's checks and quick returns, in the default floating-point
 * environment: y := alpha op(A) x + beta y (alpha = 0: y := RN(beta y), 0
 * for beta = 0), x and y of the matrix's precision with their increments;
 * a triangular product (TRMV) passes y = x, alpha = 1, beta = 0.  Or the
 * solve op(A) x = b in x (A->solve set). */
void exb_l2_product(l2_matrix *A, double alpha, const void *x, long incx, double beta, void *y,
                    long incy);
void exb_l2_solve(l2_matrix *A, void *x, long incx);

#endif

/*
 * l2.h -- the engine of the structured Level 2 routines (GBMV, SYMV, SBMV,
 * SPMV, TRMV, TBMV, TPMV and their solves TBSV, TPSV; the S twins of GEMV
 * and TRSV), written once for every storage and both precisions.
 *
 * Every output i of such a routine is one exact sum over the entries the
 * storage defines: S_i = sum_j row_i[j] x_{x0_i + j} for j < len_i, where
 * row_i holds op(A)'s entries of row i in the order of x (a symmetric
 * matrix's row made of its stored row and column parts, a band's row, a
 * packed row, a unit diagonal's 1).  A routine describes its storage by one
 * function that writes the rows of a panel of outputs side by side (or
 * points at a row that is already contiguous in memory); the engine does the
 * rest the same way for all of them:
 *   - products: y_i := RN(alpha S_i + beta y_i) through the floating-point
 *     filter of the host's kernel table where its bound decides (alpha a
 *     power of two, beta y_i one more term, as EXDGEMV), the exact
 *     accumulator otherwise;
 *   - solves: x_i := RN((b_i - S_i) / d_i) in the order of op(A), each x_i
 *     the filter's correctly rounded quotient where its bound decides, the
 *     exact numerator's quotient otherwise (EXDTRSV's rule);
 *   - binary32 (the S routines): the data are read as binary64 (exact),
 *     every result is rounded to binary32 once (core/f32.h: where RN64
 *     lands on a binary32 midpoint, the exact sign of the remainder
 *     decides), and a solve uses the binary32 x_j of the rows before.
 * Rows with no entries (a band row outside the matrix) leave y_i :=
 * RN(beta y_i), as the reference does.  Zero signs and NaNs follow the
 * contract (an exact zero is -0 when every term is -0; every NaN the
 * canonical one).
 */
#ifndef EXACTBLAS_LEVEL2_L2_H
#define EXACTBLAS_LEVEL2_L2_H

#include "support/knobs.h"

struct exb_filter_kernels;

/* Rows gathered at a time (the strided parts of a panel are read a cache
 * line across, then summed row by row). */
#define L2_PANEL 8

typedef struct l2_op l2_op;
struct l2_op {
    long outputs;           /* rows of op(A) (y's length; x's for a solve) */
    long cols;              /* columns of op(A) (x's length) */
    long maxlen;            /* the longest row */
    int f32;                /* binary32 data (float *) and results */
    const void *a;          /* the matrix, as stored (double * or float *) */
    long lda;               /* its leading dimension (band, dense), or 0 */
    char uplo, trans, diag; /* normalised to upper case */
    long kl, ku;            /* band widths (GBMV; SBMV, TBMV, TBSV: k in ku) */
    double bscale;          /* a solve's b_i is bscale * b_i, exact (binary32 data,
                     * STRSM's alpha); 0 means 1 */
    /* Rows [i0, i0 + count) of op(A): row r's entries for x[x0[r] ..
     * x0[r] + len[r]) into buf + r*ld, in binary64; a solve's row leaves
     * out the diagonal, whose value goes to diag[r] (1 for a unit one). */
    void (*rows)(const l2_op *op, long i0, long count, double *buf, long ld, long *x0, long *len,
                 double *diag);
    /* Optional (a product's rows read where they are stored, without the
     * gather): the filter f's partial sums (hi, lo, ab) of rows [i0, i0 +
     * count) of op(A) against x, count <= L2_WIDE, and in *nt the leaves
     * their bound counts; 0 when it cannot (then rows and a dot each). */
    int (*filter_rows)(const l2_op *op, const struct exb_filter_kernels *f, long i0, long count,
                       const double *x, double *hi, double *lo, double *ab, double *nt);
};

/* The rows of a panel read in place (filter_rows). */
#define L2_WIDE 32

/* Entry (i, j) of a stored matrix, double or float, as a double. */
static inline double l2_at(const l2_op *op, long idx)
{
    return op->f32 ? (double)((const float *)op->a)[idx] : ((const double *)op->a)[idx];
}

/* y := alpha op(A) x + beta y as above; x: cols binary64 values in order
 * (the caller converted and gathered them), y: outputs elements of
 * increment incy (double or float as op->f32), beta = 0 not reading y. */
void exb_l2_mv(const l2_op *op, const exb_knobs *knobs, double alpha, const double *x, double beta,
               void *y, long incy);

/* op(A) x = b solved in place: x (double or float as op->f32, increment
 * incx) holds b on entry. */
void exb_l2_sv(const l2_op *op, const exb_knobs *knobs, void *x, long incx);

/* x's n elements of increment inc (double or float), from the logical first
 * (incx < 0 counts from the end), as binary64 values in order; NULL when
 * out of memory.  free() it. */
double *exb_l2_gather(const void *x, int f32, long n, long inc);

#endif

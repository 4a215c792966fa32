/*
 * rows.h -- exact accumulation of many rows at once, the host engine shared
 * by EXDGEMV and EXDTRSV (and EXDTRSVX's residual).
 *
 * A panel of `count` rows keeps, per row, an expansion of `fpe` doubles and a
 * long accumulator; at every moment
 *     exact row value = sum of its expansion + its accumulator.
 * Two ways to add matrix-times-vector terms:
 *   - column sweep: row r of the panel is a[r + j*lda], j = 0..ncols-1, a
 *     column-major block whose rows are contiguous (GEMV 'N', TRSV with
 *     op(T) = T): four rows share one SIMD register;
 *   - dot: one row stored contiguously (GEMV 'T', TRSV with op(T) = T^T):
 *     the table's ExDOT kernel (kernels.h), straight into the row's accumulator.
 * Both are exact, so which one runs, the split of the work between threads
 * and the order of the columns never change the bits.
 */
#ifndef EXACTBLAS_ROWS_H
#define EXACTBLAS_ROWS_H

#include "kernels.h"

typedef struct exb_rows {
    long count;
    int fpe; /* 2..8; 0: accumulators only */
    int early_exit;
    int front;
    double *expansion;               /* fpe * count, level-major: expansion[k*count + r] */
    exb_superacc *acc;               /* count accumulators */
    const exb_knobs *knobs;          /* the caller's, alive while the panel is */
    const exb_host_kernels *kernels; /* this CPU's (kernels.h), chosen once */
    exb_sumdot_range_fn dot_range;   /* the table's sum/dot kernel for the knobs */
    /* bins (a table with bins, FRONT=auto and FPE >= 2, four rows or more):
     * the column sweep keeps bins instead of expansions; 32 doubles and a
     * column count per group of four rows */
    double *bins;
    long *bins_count;
    int use_bins;
    /* the same conditions and EXACTBLAS_FILTER not 0, on a table with a
     * filter: EXDTRSV rounds through it (NULL: exact rows only) */
    const exb_filter_kernels *filter;
    /* capacities of the three arrays (doubles, accumulators, groups):
     * panels given back clean are kept for the next (rows.c) */
    size_t cap_expansion, cap_acc, cap_groups;
} exb_rows;

/* A panel of count zero rows; returns 0, or -1 when out of memory.  The
 * storage comes from a kept panel when one is large enough (its rows are
 * all zero: nothing to clear). */
int exb_rows_init(exb_rows *rows, long count, const exb_knobs *knobs);
/* Gives the storage back: kept for a later panel when every row was reset
 * (the users reset each row after rounding it), freed otherwise. */
void exb_rows_free(exb_rows *rows);

/* Rows [r0, r1) of the panel (r0 a multiple of 4):
 *   row r += sum_{j < ncols} a[r + j*lda] * x[j].   (a points at row 0) */
void exb_rows_colsweep(exb_rows *rows, long r0, long r1, const double *a, long lda, const double *x,
                       long ncols);

/* The floating-point filter's kernels (core/filter.h), as the table's
 * exb_filter_kernels hold them:
 *   rows(a, lda, count, x, n, hi, lo, ab): for rows r < count of the
 *     column-major block a, hi[r] + lo[r] approximates S_r = sum_{j < n}
 *     a[r + j*lda] x[j] (TwoProduct by FMA, TwoSum into hi, the errors c
 *     summed in lo) and ab[r] is the floating-point sum of the |c|, from
 *     which the caller bounds |S_r - hi - lo| (exb_filter_bound);
 *   dot(a, x, n, ...): one contiguous dot product a . x (EXDGEMV 'T',
 *     EXDDOT) or, x == NULL, the sum of a (EXDSUM), in 32 lanes combined by
 *     TwoSums (bound as for n + 32 terms);
 *   cols(a, lda, count, x, m, ...): the dot products of columns c < count of
 *     a (a[c*lda + j], j < m) with x (EXDGEMV 'T'), several at a time (bound
 *     as for m + 32 terms);
 *   decide(count, hi, lo, ab, nt, alpha, beta2, y, incy, undecided): for
 *     r < count, y[r*incy] := alpha RN(S_r) where the bound over nt leaves
 *     decides RN(S_r) (exb_filter_round), plus (*beta2) y[r*incy] as one
 *     more term when beta2 is not NULL; a result that would be subnormal or
 *     overflow is left undecided.  The undecided r go, in order, to
 *     undecided[]; their number is returned;
 *   quotient, add_terms: core/filter.h's exb_filter_quotient and a loop of
 *     exb_filter_add over a[j*inc] * x[j], j < len. */

/* row r += sum_{j < len} a[j*inc] * x[j], term by term through the row's
 * expansion (a few terms, or a strided row: TRSV's diagonal block). */
void exb_rows_add_products(exb_rows *rows, long r, const double *a, long inc, const double *x,
                           long len);

/* row r += sum_{j < len} a[j] * x[j]. */
void exb_rows_dot(exb_rows *rows, long r, const double *a, const double *x, long len);

/* Moves row r's expansion into its accumulator (exactly); afterwards the
 * accumulator alone holds the row's value. */
void exb_rows_flush(exb_rows *rows, long r);

/* Zeroes row r (expansion and accumulator) for reuse. */
void exb_rows_reset(exb_rows *rows, long r);

#endif

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
 *     the ExDOT kernel of sumdot_host.h, straight into the row's accumulator.
 * Both are exact, so which one runs, the split of the work between threads
 * and the order of the columns never change the bits.
 */
#ifndef EXACTBLAS_ROWS_H
#define EXACTBLAS_ROWS_H

#include "sumdot_host.h"

/* The ExSUM/ExDOT range kernel for this CPU (sumdot_host.c). */
typedef void (*exb_sumdot_range_fn)(const exb_sumdot_args *, long, long, exb_superacc *);
exb_sumdot_range_fn exb_sumdot_range_select(int generic);

typedef struct exb_rows {
    long count;
    int fpe; /* 2..8; 0: accumulators only */
    int early_exit;
    int front;
    double *expansion; /* fpe * count, level-major: expansion[k*count + r] */
    exb_superacc *acc; /* count accumulators */
    exb_sumdot_range_fn dot_range; /* the kernels for this CPU, chosen once */
    int avx2;
    /* AVX-512 with FRONT=auto and FPE >= 2: the column sweep keeps bins
     * (sumdot_host_avx512.c) instead of expansions; 32 doubles and a column
     * count per group of four rows */
    double *bins;
    long *bins_count;
    int use_bins;
    /* the same CPU and knobs, EXACTBLAS_FILTER not 0: EXDTRSV rounds
     * through the floating-point filter (exb_rows_filter_avx512) */
    int use_filter;
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
void exb_rows_colsweep(exb_rows *rows, long r0, long r1, const double *a, long lda,
                       const double *x, long ncols);
void exb_rows_colsweep_generic(exb_rows *rows, long r0, long r1, const double *a, long lda,
                               const double *x, long ncols);
void exb_rows_colsweep_avx2(exb_rows *rows, long r0, long r1, const double *a, long lda,
                            const double *x, long ncols);
void exb_rows_colsweep_avx512(exb_rows *rows, long r0, long r1, const double *a, long lda,
                              const double *x, long ncols);
/* Row r's bins into its accumulator, the bins of row r emptied. */
void exb_rows_bins_flush_avx512(exb_rows *rows, long r);

/* The floating-point filter of EXDGEMV and EXDTRSV (AVX-512; filter.h): for
 * rows r < count of the column-major block a, hi[r] + lo[r] approximates
 * S_r = sum_{j < n} a[r + j*lda] x[j] (TwoProduct by FMA, TwoSum into hi,
 * the errors c summed in lo) and ab[r] is the floating-point sum of the |c|,
 * from which the caller bounds |S_r - hi - lo| (exb_filter_bound). */
void exb_rows_filter_avx512(const double *a, long lda, long count, const double *x, long n,
                            double *hi, double *lo, double *ab);
/* The same for one contiguous dot product a . x (EXDGEMV 'T', EXDDOT) or,
 * x == NULL, the sum of a (EXDSUM), in 32 lanes combined by TwoSums (bound
 * as for n + 32 terms). */
void exb_dot_filter_avx512(const double *a, const double *x, long n, double *hi, double *lo,
                           double *ab);
/* The same for the dot products of columns c < count of a (a[c*lda + j],
 * j < m) with x (EXDGEMV 'T'), several columns at a time (bound as for
 * m + 32 terms). */
void exb_cols_filter_avx512(const double *a, long lda, long count, const double *x, long m,
                            double *hi, double *lo, double *ab);
/* EXDGEMV's results from the filter: for r < count, y[r*incy] := alpha
 * RN(S_r) where the bound over nt leaves decides RN(S_r) (exb_filter_round,
 * eight rows a vector), S_r = hi[r] + lo[r] within that bound, plus
 * (*beta2) y[r*incy] as one more term when beta2 is not NULL; a result that
 * would be subnormal or overflow is left undecided.  The undecided r go, in
 * order, to undecided[]; their number is returned. */
long exb_filter_decide_avx512(long count, const double *hi, const double *lo, const double *ab,
                              double nt, double alpha, const double *beta2, double *y, long incy,
                              long *undecided);

/* The filter's scalar steps (core/filter.h) compiled with FMA
 * (sumdot_host_avx512.c): the callers run them only where the AVX-512
 * kernels were chosen, and a plain build would call the C library's fma(). */
int exb_filter_quotient_fma(double h, double lo, double bound, double d, double *out);
/* (h, lo, ce) += the terms a[j*inc] * x[j], j < len. */
void exb_filter_add_terms_fma(double *h, double *lo, double *ce, const double *a, long inc,
                              const double *x, long len);

/* row r += sum_{j < len} a[j*inc] * x[j], term by term through the row's
 * expansion (a few terms, or a strided row: TRSV's diagonal block). */
void exb_rows_add_products(exb_rows *rows, long r, const double *a, long inc, const double *x,
                           long len);
void exb_rows_add_products_generic(exb_rows *rows, long r, const double *a, long inc,
                                   const double *x, long len);
void exb_rows_add_products_avx2(exb_rows *rows, long r, const double *a, long inc,
                                const double *x, long len);

/* row r += sum_{j < len} a[j] * x[j]. */
void exb_rows_dot(exb_rows *rows, long r, const double *a, const double *x, long len);

/* Moves row r's expansion into its accumulator (exactly); afterwards the
 * accumulator alone holds the row's value. */
void exb_rows_flush(exb_rows *rows, long r);

/* Zeroes row r (expansion and accumulator) for reuse. */
void exb_rows_reset(exb_rows *rows, long r);

#endif

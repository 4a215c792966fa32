/*
 * slices.h -- the error-free slicing of Ozaki, Ogita, Oishi and Rump, shared
 * by EXDGEMM's split path (gemm/split.c) and EXDTRSM's off-diagonal blocks
 * (trsm_split.c); gemm.h says why every slice product is exact.
 *
 * A vector (a row or a column of a matrix) with top exponent E (every entry
 * below 2^E in magnitude) is cut into slices of `bits` bits: slice s
 * (s = 1, 2, ...) holds integers q, |q| < 2^bits, standing for
 * q * 2^(E - s*bits), and the slices add up to the vector exactly.
 */
#ifndef EXACTBLAS_SLICES_H
#define EXACTBLAS_SLICES_H

#include <stddef.h>

/* The slice width for sums of k products: 2*bits + ceil(log2 k) <= 53. */
int exb_split_bits(long k);

/* Per logical row (per_row) or column of a stored rows x cols matrix p
 * (column-major, leading dimension ld): the top exponent and the lowest set
 * bit (INT_MIN / INT_MAX when all zero), walked in storage order.  0, or -1
 * if an entry is NaN or Inf. */
int exb_split_ranges(const double *p, long ld, long rows, long cols, int per_row, int *top,
                     int *low);

/* The slices that hold every bit of each of `count` vectors (the most over
 * them); -1 if one spans too far for exact scaling. */
int exb_split_count(const int *top, const int *low, long count, int bits);

/* x * 2^(bits - top), x a slice's source entry with |x| < 2^top: exact (the
 * entry's first slices, |result| < 2^bits), or flushed below 2^-1022 where
 * every slice within 1000 bits of the top is zero anyway; 0 for x = 0. */
double exb_split_scale(double x, int top, int bits);

/* Cuts the stored rows x cols matrix p into `count` slices of `bits` bits
 * relative to the top of each logical vector (index i when per_row, else
 * j; a zero vector's top must be set to any finite value): the slices of
 * element (i, j) go to out[s * slice_len + i * oi + j * oj]. */
void exb_split_cut(const double *p, long ld, long rows, long cols, int per_row, const int *top,
                   int bits, int count, double *out, long slice_len, long oi, long oj);

/* Workspace of tens of megabytes: on 2 MiB pages where the kernel offers
 * them, so that first touches cost 1/512 of the faults.  free() releases it. */
void *exb_split_alloc(size_t bytes);

/* The same, from the buffers kept between calls (workspace.c) when one is
 * large enough; its content is undefined.  Given back with exb_work_give
 * (NULL is ignored), which keeps it for the next call or frees it. */
void *exb_work_take(size_t bytes);
void exb_work_give(void *p);

#endif

/*
 * avx512.h -- the kernels of host/avx512 (CPUs with AVX-512 F, DQ and VL,
 * compiled with -mavx512f -mavx512dq -mavx512vl -mavx2 -mfma): what
 * avx512/kernels.c puts in the table.  A build without those flags
 * compiles none of them, and the table has no name.
 */
#ifndef EXACTBLAS_HOST_AVX512_H
#define EXACTBLAS_HOST_AVX512_H

#include "host/kernels.h"

#if defined(__AVX512F__) && defined(__AVX512DQ__) && defined(__AVX512VL__) && defined(__AVX2__) && \
    defined(__FMA__)
#define EXB_HAVE_AVX512 1
#else
#define EXB_HAVE_AVX512 0
#endif

/* avx512/binned_sums.c: expansions or the table; the binned front end */
void exb_avx512_sumdot(const exb_sumdot_args *args, long begin, long end, exb_superacc *acc);
void exb_avx512_sumdot_bins(const exb_sumdot_args *args, long begin, long end, exb_superacc *acc);
/* avx512/rows.c: the row engine's expansions, and its sweep on bins */
void exb_avx512_colsweep(struct exb_rows *rows, long r0, long r1, const double *a, long lda,
                         const double *x, long ncols);
void exb_avx512_add_products(struct exb_rows *rows, long r, const double *a, long inc,
                             const double *x, long len);
void exb_avx512_colsweep_bins(struct exb_rows *rows, long r0, long r1, const double *a, long lda,
                              const double *x, long ncols);
void exb_avx512_bins_flush(struct exb_rows *rows, long r);
/* avx512/filter.c: the floating-point filter */
extern const exb_filter_kernels exb_avx512_filter;

#endif

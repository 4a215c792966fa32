/*
 * avx2/kernels.c -- the host kernels for CPUs with AVX2 and FMA3 (compiled
 * with -mavx2 -mfma): the portable algorithms of the generic table on
 * 256-bit registers with hardware FMA.  Without those compiler flags the
 * table is empty (no name: never chosen).
 */
#include "host/kernels.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>

#define EXB_ISA avx2
#define EXB_FMA4(a, b, c) ((v4d)_mm256_fmadd_pd((__m256d)(a), (__m256d)(b), (__m256d)(c)))
#define EXB_MASK4(m) _mm256_movemask_pd((__m256d)(m))
#define EXB_FMA1(a, b, c) __builtin_fma(a, b, c) /* one vfmadd with -mfma */
#include "host/template_vector_sums.h"
#include "host/template_rows.h"

const exb_host_kernels exb_kernels_avx2 = {
    .name = "avx2",
    .sumdot = exb_sumdot_range_avx2,
    .colsweep = exb_rows_colsweep_avx2,
    .add_products = exb_rows_add_products_avx2,
};
#else
const exb_host_kernels exb_kernels_avx2 = {.name = NULL};
#endif

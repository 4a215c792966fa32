/*
 * avx512/kernels.c -- the table of the AVX-512 kernels (avx512.h); empty
 * (no name: never chosen) in a build without the AVX-512 compiler flags.
 */
#include "avx512.h"

#if EXB_HAVE_AVX512
const exb_host_kernels exb_kernels_avx512 = {
    .name = "avx512",
    .sumdot = exb_avx512_sumdot,
    .sumdot_bins = exb_avx512_sumdot_bins,
    .colsweep = exb_avx512_colsweep,
    .add_products = exb_avx512_add_products,
    .colsweep_bins = exb_avx512_colsweep_bins,
    .bins_flush = exb_avx512_bins_flush,
    .filter = &exb_avx512_filter,
};
#else
const exb_host_kernels exb_kernels_avx512 = {.name = NULL};
#endif

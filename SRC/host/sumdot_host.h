/*
 * sumdot_host.h -- the host path of ExSUM/ExDOT (backend/sumdot.h): the
 * per-ISA range kernels.
 */
#ifndef EXACTBLAS_SUMDOT_HOST_H
#define EXACTBLAS_SUMDOT_HOST_H

#include "backend/sumdot.h"

/* Accumulates elements [begin, end) into acc (one thread's share). */
void exb_sumdot_range_generic(const exb_sumdot_args *args, long begin, long end,
                              exb_superacc *acc);
void exb_sumdot_range_avx2(const exb_sumdot_args *args, long begin, long end,
                           exb_superacc *acc);
/* AVX-512: the binned front end (sumdot_host_avx512.c) for contiguous data
 * under EXACTBLAS_FRONT=auto, the expansion/table kernel otherwise. */
void exb_sumdot_bins_avx512(const exb_sumdot_args *args, long begin, long end,
                            exb_superacc *acc);

#endif

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
/* Whether the knobs let the binned front end run: EXACTBLAS_FRONT=auto and
 * an expansion size (FPE 0 is the long accumulator alone); the CPU decides
 * the rest (exb_sumdot_range_select). */
static inline int exb_bins_allowed(int fpe, int front)
{
    return fpe >= 2 && front == EXB_FRONT_AUTO;
}
/* AVX-512: the binned front end (sumdot_host_avx512.c) for contiguous data
 * when exb_bins_allowed, the expansion/table kernel otherwise. */
void exb_sumdot_bins_avx512(const exb_sumdot_args *args, long begin, long end,
                            exb_superacc *acc);

#endif

/*
 * sumdot_host.c -- host ExSUM/ExDOT driver: splits the vector between
 * threads, each with its own long accumulator, and merges them exactly.
 * Integer addition of accumulators is associative, so neither the split nor
 * the merge order can change the bits.
 */
#include "sumdot_host.h"
#include "rows.h"

#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this many elements per thread, threads cost more than they save. */
#define MIN_PER_THREAD 32768

/* The AVX2+FMA kernel where the CPU has it; EXACTBLAS_HOST_ISA=generic forces
 * the portable one (a knob for testing: both give the same bits). */
exb_sumdot_range_fn exb_sumdot_range_select(void)
{
    const char *isa = getenv("EXACTBLAS_HOST_ISA");
    if (isa && strcmp(isa, "generic") == 0)
        return exb_sumdot_range_generic;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return exb_sumdot_range_avx2;
#endif
    return exb_sumdot_range_generic;
}

void exb_host_sumdot(const exb_sumdot_args *args, exb_superacc *acc)
{
    exb_sumdot_range_fn range = exb_sumdot_range_select();
    exb_superacc_clear(acc);
    long n = args->n;
    int threads = args->threads > 0 ? args->threads : 1;
    if (n / threads < MIN_PER_THREAD)
        threads = (int)(n / MIN_PER_THREAD) > 1 ? (int)(n / MIN_PER_THREAD) : 1;
    if (threads == 1) {
        range(args, 0, n, acc);
        return;
    }
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num();
        int nt = omp_get_num_threads();
        long begin = n * t / nt, end = n * (t + 1) / nt;
        exb_superacc mine;
        exb_superacc_clear(&mine);
        range(args, begin, end, &mine);
#pragma omp critical(exb_sumdot_merge)
        exb_superacc_merge(acc, &mine);
    }
#else
    range(args, 0, n, acc);
#endif
}

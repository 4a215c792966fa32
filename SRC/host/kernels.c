/*
 * kernels.c -- the choice of the host's kernel table (kernels.h): the best
 * table this CPU runs, found once, at first use; the portable one on
 * request (EXACTBLAS_HOST_ISA=generic).
 */
#include "kernels.h"

#include <pthread.h>

static const exb_host_kernels *chosen;
static pthread_once_t chosen_once = PTHREAD_ONCE_INIT;

/* Whether this CPU runs table k (and this build has it). */
static int cpu_runs(const exb_host_kernels *k)
{
    if (!k->name)
        return 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (k == &exb_kernels_avx512)
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl");
    if (k == &exb_kernels_avx2)
        return avx2;
#endif
    return k == &exb_kernels_generic;
}

static void choose(void)
{
    static const exb_host_kernels *const best_first[] = {&exb_kernels_avx512, &exb_kernels_avx2,
                                                         &exb_kernels_generic};
    for (unsigned k = 0; k < sizeof best_first / sizeof best_first[0] && !chosen; k++)
        if (cpu_runs(best_first[k]))
            chosen = best_first[k];
}

const exb_host_kernels *exb_host_kernels_get(int generic)
{
    if (generic)
        return &exb_kernels_generic;
    pthread_once(&chosen_once, choose);
    return chosen;
}

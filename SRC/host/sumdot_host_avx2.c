/* sumdot_host_avx2.c -- the host ExSUM/ExDOT kernel for CPUs with AVX2 and
 * FMA3 (compiled with -mavx2 -mfma; selected at run time). */
#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>

#define EXB_ISA avx2
#define EXB_FMA4(a, b, c) ((v4d)_mm256_fmadd_pd((__m256d)(a), (__m256d)(b), (__m256d)(c)))
#define EXB_MASK4(m) _mm256_movemask_pd((__m256d)(m))
#define EXB_FMA1(a, b, c) __builtin_fma(a, b, c) /* one vfmadd with -mfma */
#include "sumdot_host_impl.h"
#include "rows_host_impl.h"
#else
/* Built without AVX2 support: the dispatcher never selects this variant. */
#include "sumdot_host.h"
void exb_sumdot_range_avx2(const exb_sumdot_args *args, long begin, long end,
                           exb_superacc *acc)
{
    exb_sumdot_range_generic(args, begin, end, acc);
}
#include "rows.h"
void exb_rows_colsweep_avx2(exb_rows *rows, long r0, long r1, const double *a, long lda,
                            const double *x, long ncols)
{
    exb_rows_colsweep_generic(rows, r0, r1, a, lda, x, ncols);
}
void exb_rows_add_products_avx2(exb_rows *rows, long r, const double *a, long inc,
                                const double *x, long len)
{
    exb_rows_add_products_generic(rows, r, a, inc, x, len);
}
#endif

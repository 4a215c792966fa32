/*
 * df_core.h -- double-float (DF) arithmetic, written once in the common
 * subset of C11 and OpenCL C 1.2 and in binary32 alone, so it compiles on a
 * device without cl_khr_fp64.  The host includes it (the reference
 * implementation of the DF GEMMs, SRC/host/gemm/double_float.c, and the tests); the
 * OpenCL runtime puts it in front of OPENCL/df.cl, and nothing else (no
 * binary64 core), so the kernels compute the same operations in the same
 * order and give the same bits (with subnormals kept, as PoCL and NVIDIA do).
 *
 * A DF number is an unevaluated pair hi + lo of binary32 numbers with
 * |lo| <= ulp(hi)/2: about 48 bits of significand, binary32's exponent
 * range.  The operations are those of Mukunoki and Imamura's DGEMM-D(DF)
 * (2015), from the QD library (Hida, Li and Bailey):
 *
 *   exb_df_add  QD's "sloppy" addition: TwoSum of the high parts, the low
 *               parts added in binary32, a QuickTwoSum; 11 operations.  It
 *               has no relative error bound under cancellation, only the
 *               weak one: add(a, b) = a(1+d1) + b(1+d2), |d1|, |d2| <=
 *               3u^2(1+u), u = 2^-24 (the bound the QD paper's analysis
 *               gives; EXB_DF_ADD_BOUND).
 *   exb_df_mul  TwoProduct of the high parts by FMA, the cross products
 *               added in binary32, a QuickTwoSum; 9 operations (one FMA).
 *               Relative error <= 8u^2 (EXB_DF_MUL_BOUND: lo*lo dropped,
 *               four roundings of terms below 2u|ab|).
 *   exb_df_mad  c + a*b = add(c, mul(a, b)): 20 binary32 operations.
 *
 * Every bound holds while no operation overflows or underflows; an
 * underflowing operation adds an absolute error below 2^-149 (the tests
 * state the bound they check).  FP contraction is off on both sides: an
 * a*b + c fused behind the code's back would change the bits.
 */
#ifndef EXACTBLAS_DF_CORE_H
#define EXACTBLAS_DF_CORE_H

#ifdef __OPENCL_C_VERSION__
#pragma OPENCL FP_CONTRACT OFF
#define EXB_DF_FN inline
#define EXB_FMAF(a, b, c) fma(a, b, c)
#else
#include <math.h>
#define EXB_DF_FN static inline
#define EXB_FMAF(a, b, c) fmaf(a, b, c)
#endif

/* The relative error bounds above, in units of u^2 = 2^-48. */
#define EXB_DF_ADD_BOUND 3.0f
#define EXB_DF_MUL_BOUND 8.0f

typedef struct exb_df {
    float hi, lo;
} exb_df;

EXB_DF_FN exb_df exb_df_make(float hi, float lo)
{
    exb_df r;
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* s + e = a + b exactly, s = RN(a + b) (Knuth). */
EXB_DF_FN exb_df exb_df_two_sum(float a, float b)
{
    float s = a + b, v = s - a;
    return exb_df_make(s, (a - (s - v)) + (b - v));
}

/* s + e = a + b exactly when |a| >= |b| or a = 0 (Dekker). */
EXB_DF_FN exb_df exb_df_quick_two_sum(float a, float b)
{
    float s = a + b;
    return exb_df_make(s, b - (s - a));
}

EXB_DF_FN exb_df exb_df_add(exb_df a, exb_df b)
{
    exb_df s = exb_df_two_sum(a.hi, b.hi);
    s.lo += a.lo + b.lo;
    return exb_df_quick_two_sum(s.hi, s.lo);
}

EXB_DF_FN exb_df exb_df_mul(exb_df a, exb_df b)
{
    float p = a.hi * b.hi, e = EXB_FMAF(a.hi, b.hi, -p);
    e += a.hi * b.lo + a.lo * b.hi;
    return exb_df_quick_two_sum(p, e);
}

EXB_DF_FN exb_df exb_df_mad(exb_df c, exb_df a, exb_df b)
{
    return exb_df_add(c, exb_df_mul(a, b));
}

#endif

/*
 * unit.h -- the unit-stride loops of the simple Level 1 routines, written so
 * the compiler vectorizes them (-O3), each compiled twice (x86-64-v3: AVX2
 * and FMA; the baseline) and the one the CPU runs chosen once (unit.c).
 * Both compute the same correctly rounded operations (an FMA is one
 * rounding with or without the instruction), so the choice never changes a
 * bit; it is not a kernel of the host's table because nothing but speed
 * depends on it.
 */
#ifndef EXACTBLAS_LEVEL1_UNIT_H
#define EXACTBLAS_LEVEL1_UNIT_H

#pragma GCC visibility push(hidden)

/* y_i := RN(a x_i + y_i) (one FMA), every NaN the canonical one. */
void exb_unit_daxpy(long n, double a, const double *x, double *y);

/* x_i := RN(a x_i), every NaN the canonical one. */
void exb_unit_dscal(long n, double a, double *x);

/* x_i := RN32(a x_i) (a x exact in binary64), NaNs canonical. */
void exb_unit_sscal(long n, float a, float *x);

/* y_i := RN32(a x_i + y_i) when every element of the block can be rounded
 * by a plain conversion of RN64 (then 0); 1 with y untouched when one
 * cannot (an inexact binary32 midpoint, outside binary32's normal range, a
 * NaN or an infinity). */
int exb_unit_saxpy(long n, float a, const float *x, float *y);

/* The largest |x_i| with NaNs skipped (NaN when every x_i is one), and the
 * first i with |x_i| equal to it: IDAMAX's index less one (0-based) when
 * x_0 is not a NaN. */
long exb_unit_idamax(long n, const double *x);
long exb_unit_isamax(long n, const float *x);

/* RN(a u_i + b v_i) into out_i where the floating-point filter decides it
 * (ok_i = 1); ok_i = 0: not decided (zeros, extreme magnitudes, NaN, Inf,
 * too near a midpoint), out_i meaningless. */
void exb_unit_rn2(long n, double a, const double *u, double b, const double *v, double *out,
                  unsigned char *ok);

#pragma GCC visibility pop

#endif

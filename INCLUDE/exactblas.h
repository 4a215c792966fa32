/*
 * exactblas.h -- the C interface of ExactBLAS and the prototypes of its
 * Fortran-callable symbols.
 *
 * Every result is the correctly rounded (round-to-nearest-even, binary64,
 * gradual underflow, overflow to +-Inf) value of the exact real result, so
 * the bits never depend on the device, work-group size, thread count or any
 * tuning knob.  An exact zero is returned as +0.  NaN and Inf follow IEEE:
 * a NaN operand gives NaN, Inf*0 gives NaN, +Inf plus -Inf gives NaN.
 *
 * Vectors follow the reference BLAS: n elements, increment inc; for inc < 0
 * the elements are taken from x[(n-1)*|inc|] backwards.  INTEGER is `int`
 * (gfortran's default 4-byte INTEGER).
 */
#ifndef EXACTBLAS_H
#define EXACTBLAS_H

#ifdef __cplusplus
extern "C" {
#endif

/* RN(sum_i x_i).  Quick return 0 for n <= 0 or incx <= 0, like DASUM. */
double exactblas_dsum(int n, const double *x, int incx);

/* RN(sum_i x_i*y_i), products and sum exact.  Quick return 0 for n <= 0;
 * any increment, including 0 and negative ones, as in DDOT. */
double exactblas_ddot(int n, const double *x, int incx, const double *y, int incy);

/* Fortran symbols (gfortran convention: every argument by reference). */
double exdsum_(const int *n, const double *x, const int *incx);
double exddot_(const int *n, const double *x, const int *incx, const double *y,
               const int *incy);

#ifdef __cplusplus
}
#endif

#endif

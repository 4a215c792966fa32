/*
 * blas_sub.c -- the subroutine forms of the BLAS functions that the
 * reference libblas.so.3 exports for its CBLAS (DDOTSUB(N, X, INCX, Y,
 * INCY, DOT): DOT = DDOT(N, X, INCX, Y, INCY), and so on), on the drop-in's
 * own functions.
 */
#include <complex.h>

#include "fint.h"

#define SUB(ret, name, params, args, result)                                                       \
    ret FNAME(name) params;                                                                        \
    FACE void FNAME(name##sub) result                                                              \
    {                                                                                              \
        *out = FNAME(name) args;                                                                   \
    }

#define VEC1(T) (const fint *n, const T *x, const fint *incx)
#define VEC2(T) (const fint *n, const T *x, const fint *incx, const T *y, const fint *incy)
SUB(float, sdot, VEC2(float), (n, x, incx, y, incy),
    (const fint *n, const float *x, const fint *incx, const float *y, const fint *incy, float *out))
SUB(double, ddot, VEC2(double), (n, x, incx, y, incy),
    (const fint *n, const double *x, const fint *incx, const double *y, const fint *incy,
     double *out))
SUB(double, dsdot, VEC2(float), (n, x, incx, y, incy),
    (const fint *n, const float *x, const fint *incx, const float *y, const fint *incy,
     double *out))
SUB(float, sdsdot,
    (const fint *n, const float *sb, const float *x, const fint *incx, const float *y,
     const fint *incy),
    (n, sb, x, incx, y, incy),
    (const fint *n, const float *sb, const float *x, const fint *incx, const float *y,
     const fint *incy, float *out))
SUB(float, snrm2, VEC1(float), (n, x, incx),
    (const fint *n, const float *x, const fint *incx, float *out))
SUB(double, dnrm2, VEC1(double), (n, x, incx),
    (const fint *n, const double *x, const fint *incx, double *out))
SUB(float, sasum, VEC1(float), (n, x, incx),
    (const fint *n, const float *x, const fint *incx, float *out))
SUB(double, dasum, VEC1(double), (n, x, incx),
    (const fint *n, const double *x, const fint *incx, double *out))
SUB(fint, isamax, VEC1(float), (n, x, incx),
    (const fint *n, const float *x, const fint *incx, fint *out))
SUB(fint, idamax, VEC1(double), (n, x, incx),
    (const fint *n, const double *x, const fint *incx, fint *out))
/* the complex ones (blas_complex.c) */
SUB(float _Complex, cdotc, VEC2(void), (n, x, incx, y, incy),
    (const fint *n, const void *x, const fint *incx, const void *y, const fint *incy,
     float _Complex *out))
SUB(float _Complex, cdotu, VEC2(void), (n, x, incx, y, incy),
    (const fint *n, const void *x, const fint *incx, const void *y, const fint *incy,
     float _Complex *out))
SUB(double _Complex, zdotc, VEC2(void), (n, x, incx, y, incy),
    (const fint *n, const void *x, const fint *incx, const void *y, const fint *incy,
     double _Complex *out))
SUB(double _Complex, zdotu, VEC2(void), (n, x, incx, y, incy),
    (const fint *n, const void *x, const fint *incx, const void *y, const fint *incy,
     double _Complex *out))
SUB(float, scnrm2, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, float *out))
SUB(double, dznrm2, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, double *out))
SUB(float, scasum, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, float *out))
SUB(double, dzasum, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, double *out))
SUB(fint, icamax, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, fint *out))
SUB(fint, izamax, VEC1(void), (n, x, incx),
    (const fint *n, const void *x, const fint *incx, fint *out))
SUB(float, scabs1, (const void *z), (z), (const void *z, float *out))
SUB(double, dcabs1, (const void *z), (z), (const void *z, double *out))

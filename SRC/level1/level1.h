/*
 * level1.h -- the checked cores of the Level 1 BLAS routines beyond those in
 * routines.h (DDOT, DASUM, DNRM2, DAXPY, DSCAL), single and double
 * precision: the reference BLAS's arguments (sizes and increments as long,
 * scalars by value), its quick returns (no argument of a Level 1 routine is
 * illegal), in round-to-nearest whatever the caller's mode.  The rules
 * (doc/CONTRACT.md):
 *
 *   xCOPY, xSWAP    bitwise (NaN payloads kept); negative increments count
 *                   from the end; nothing for n <= 0
 *   IxAMAX          the reference's index: the first i with |x_i| greater
 *                   than every |x_j| before it, scanning from x_1 with
 *                   "greater" false for a NaN: a NaN is skipped, unless x_1
 *                   is NaN, which then stays the answer (1); 0 for n < 1 or
 *                   incx <= 0
 *   SDOT, DSDOT     RN32 / RN64 of the exact sum of x_i y_i
 *   SDSDOT          RN32(sb + exact sum of x_i y_i); n <= 0 gives sb
 *   SASUM, SNRM2    RN32(sum |x_i|), RN32(sqrt(sum x_i^2)), each rounded once
 *                   (n <= 0 or incx <= 0: 0)
 *   SAXPY, SSCAL    y_i := RN32(a x_i + y_i) (a = 0: y untouched),
 *                   x_i := RN32(a x_i) (incx <= 0: nothing)
 *   xROT            x_i := RN(c x_i + s y_i), y_i := RN(c y_i - s x_i), each
 *                   from the original x_i, y_i, rounded once
 *   xROTM           the same with the H of param (flag -1: H full; 0: unit
 *                   diagonal; 1: h12 = 1, h21 = -1; -2: nothing), each output
 *                   one exact two-term expression rounded once
 *   xROTG           the reference algorithm (LAPACK 3.11's drotg.f90) with
 *                   r = sigma RN(sqrt(a^2 + b^2)) correctly rounded (sigma the
 *                   sign of the larger of |a|, |b|; b's sign on a tie), then as
 *                   the reference: c = RN(a / r), s = RN(b / r) (IEEE
 *                   divisions by the returned r), z = s, RN(1 / c) or 1
 *   xROTMG          the reference algorithm (drotmg.f), its IEEE operations
 *                   in its order: not correctly rounded (its outputs are
 *                   scaled intermediate quantities, not rounded values of
 *                   exact expressions)
 * An exact zero is -0 when every term is -0 (products with IEEE's sign
 * rule); every NaN result is the canonical NaN.  Binary32 data are exact in
 * binary64, their products too; each single-precision result is rounded
 * once to binary32 (core/f32.h).
 */
#ifndef EXACTBLAS_LEVEL1_H
#define EXACTBLAS_LEVEL1_H

void exb_scopy_checked(long n, const float *x, long incx, float *y, long incy);
void exb_dcopy_checked(long n, const double *x, long incx, double *y, long incy);
void exb_sswap_checked(long n, float *x, long incx, float *y, long incy);
void exb_dswap_checked(long n, double *x, long incx, double *y, long incy);
long exb_isamax_checked(long n, const float *x, long incx);
long exb_idamax_checked(long n, const double *x, long incx);

float exb_sdot_checked(long n, const float *x, long incx, const float *y, long incy);
double exb_dsdot_checked(long n, const float *x, long incx, const float *y, long incy);
float exb_sdsdot_checked(long n, float sb, const float *x, long incx, const float *y, long incy);
float exb_sasum_checked(long n, const float *x, long incx);
float exb_snrm2_checked(long n, const float *x, long incx);
void exb_saxpy_checked(long n, float a, const float *x, long incx, float *y, long incy);
void exb_sscal_checked(long n, float a, float *x, long incx);

void exb_srot_checked(long n, float *x, long incx, float *y, long incy, float c, float s);
void exb_drot_checked(long n, double *x, long incx, double *y, long incy, double c, double s);
void exb_srotm_checked(long n, float *x, long incx, float *y, long incy, const float *param);
void exb_drotm_checked(long n, double *x, long incx, double *y, long incy, const double *param);
void exb_srotg_checked(float *a, float *b, float *c, float *s);
void exb_drotg_checked(double *a, double *b, double *c, double *s);
/* ZROTG, CROTG (zrotg.c): with f = a, g = b, F = |f|^2, H = F + |g|^2, each
 * part of c = sqrt(F / H), s = conj(g) f / sqrt(F H) and r = f sqrt(H / F)
 * (into a) correctly rounded from its exact value (f = 0: c = 0, s =
 * conj(g) / |g|, r = |g|; g = 0: c = 1, s = 0, r = f); a NaN or an
 * infinity in f or g (g nonzero): c, s, r the canonical NaN. */
void exb_zrotg_checked(double *a, const double *b, double *c, double *s);
void exb_crotg_checked(float *a, const float *b, float *c, float *s);
void exb_srotmg_checked(float *d1, float *d2, float *x1, float y1, float *param);
void exb_drotmg_checked(double *d1, double *d2, double *x1, double y1, double *param);

/* The complex routines (complex.c): x, y interleaved (re, im), increments
 * in complex elements, scalars by address (a[0] + i a[1]).  Each part of
 * each output is its exact real expression rounded once:
 *   xDOTU, xDOTC    Re = sum xr yr -+ xi yi, Im = sum xr yi +- xi yr (DOTC:
 *                   conj(x)); an exact zero part is -0 when all its terms
 *                   are -0 (EXDDOT's rule); n <= 0: (0, 0)
 *   xAXPY           y := RN(yr + ar xr - ai xi), RN(yi + ai xr + ar xi);
 *                   a = 0: y untouched
 *   xSCAL           x := RN(ar xr - ai xi), RN(ai xr + ar xi) (incx <= 0:
 *                   nothing); ZDSCAL, CSSCAL: each part RN(a x)
 *   ZDROT, CSROT    xROT on the real parts and on the imaginary parts
 *   DZNRM2, SCNRM2  RN(sqrt(sum xr^2 + xi^2)); DZASUM, SCASUM RN(sum |xr| +
 *                   |xi|) (n <= 0 or incx <= 0: 0)
 *   IxAMAX          the reference's scan of RN(|xr| + |xi|) (DCABS1)
 *   DCABS1, SCABS1  RN(|re| + |im|) (a NaN part: the canonical NaN)
 *   COPY, SWAP      bitwise
 */
double _Complex exb_zdotu_checked(long n, const double *x, long incx, const double *y, long incy);
double _Complex exb_zdotc_checked(long n, const double *x, long incx, const double *y, long incy);
float _Complex exb_cdotu_checked(long n, const float *x, long incx, const float *y, long incy);
float _Complex exb_cdotc_checked(long n, const float *x, long incx, const float *y, long incy);
void exb_zaxpy_checked(long n, const double *a, const double *x, long incx, double *y, long incy);
void exb_caxpy_checked(long n, const float *a, const float *x, long incx, float *y, long incy);
void exb_zscal_checked(long n, const double *a, double *x, long incx);
void exb_cscal_checked(long n, const float *a, float *x, long incx);
void exb_zdscal_checked(long n, double a, double *x, long incx);
void exb_csscal_checked(long n, float a, float *x, long incx);
void exb_zcopy_checked(long n, const double *x, long incx, double *y, long incy);
void exb_ccopy_checked(long n, const float *x, long incx, float *y, long incy);
void exb_zswap_checked(long n, double *x, long incx, double *y, long incy);
void exb_cswap_checked(long n, float *x, long incx, float *y, long incy);
void exb_zdrot_checked(long n, double *x, long incx, double *y, long incy, double c, double s);
void exb_csrot_checked(long n, float *x, long incx, float *y, long incy, float c, float s);
double exb_dznrm2_checked(long n, const double *x, long incx);
double exb_dzasum_checked(long n, const double *x, long incx);
float exb_scnrm2_checked(long n, const float *x, long incx);
float exb_scasum_checked(long n, const float *x, long incx);
long exb_izamax_checked(long n, const double *x, long incx);
double exb_dcabs1_checked(const double *z); /* RN(|re| + |im|) */
float exb_scabs1_checked(const float *z);
long exb_icamax_checked(long n, const float *x, long incx);

/* RN(sqrt(sum x_i^2)) of n contiguous binary64 values through the host's
 * floating-point filter: 1 with *out when its bound decides, else 0 (no
 * filter, a non-finite or extreme sum, too near a midpoint). */
int exb_nrm2_filtered(long n, const double *x, double *out);

#endif

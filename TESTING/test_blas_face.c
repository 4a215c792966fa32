/*
 * test_blas_face.c -- the level-1 routines of libexactblas_blas (DASUM,
 * DNRM2, DAXPY, DSCAL) bit for bit against MPFR, called by their BLAS names:
 *   DASUM  RN(sum |x_i|), DNRM2 RN(sqrt(sum x_i^2)) (exact sum, the square
 *   root rounded once: round to odd at 64 bits, then mpfr_get_d, which
 *   rounds once, subnormals and overflow included), DAXPY RN(a x_i + y_i),
 *   DSCAL RN(a x_i); NaN results any NaN.
 * Data: wide exponent ranges, sums of squares that overflow or underflow
 * binary64, subnormals, zeros, NaN and Inf, increments 1, 2, -1, -3 and the
 * reference quick returns (n <= 0, incx <= 0, a = 0 for DAXPY).
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level2lib.h"

double dasum_(const int *n, const double *x, const int *incx);
double dnrm2_(const int *n, const double *x, const int *incx);
void daxpy_(const int *n, const double *a, const double *x, const int *incx, double *y,
            const int *incy);
void dscal_(const int *n, const double *a, double *x, const int *incx);

#define PREC 4400 /* any sum of squares of doubles, exactly (2^-2148 .. 2^2080) */

static int failures, checks;

static void check(const char *what, long n, long inc, double want, double got)
{
    checks++;
    if ((isnan(want) && isnan(got)) || tl_bits(want) == tl_bits(got))
        return;
    if (failures++ < 20)
        printf("MISMATCH %s n=%ld inc=%ld: expected %a, got %a\n", what, n, inc, want, got);
}

static void level1(const double *x, int n, int inc)
{
    mpfr_t s;
    mpfr_init2(s, PREC);
    /* DASUM */
    mpfr_set_zero(s, 1);
    int special = 0;
    for (long i = 0; i < n && inc > 0; i++) {
        double v = fabs(x[i * inc]);
        if (isnan(v) || isinf(v))
            special |= isnan(v) ? 1 : 2;
        else
            mpfr_add_d(s, s, v, MPFR_RNDN); /* exact at this precision */
    }
    double want = n <= 0 || inc <= 0 ? 0.0
                  : special & 1      ? NAN
                  : special          ? INFINITY
                                     : tl_round_once(s);
    check("DASUM", n, inc, want, dasum_(&n, x, &inc));
    /* DNRM2, as LAPACK 3.11's reference: a negative increment walks the
     * same elements backwards (the same sum), 0 takes x_1 n times */
    want = n <= 0 ? 0.0 : tl_oracle_nrm2(n, x, inc < 0 ? -inc : inc);
    check("DNRM2", n, inc, want, dnrm2_(&n, x, &inc));
    mpfr_clear(s);
}

static void level1_update(const double *x, const double *y0, int n, int inc, double a)
{
    long len = (long)(n > 0 ? n : 1) * (inc < 0 ? -inc : inc);
    double *y = malloc((size_t)len * sizeof *y), *w = malloc((size_t)len * sizeof *w);
    mpfr_t v;
    mpfr_init2(v, PREC);
    /* DAXPY: y := RN(a x + y), elementwise, same increments */
    memcpy(y, y0, (size_t)len * sizeof *y);
    memcpy(w, y0, (size_t)len * sizeof *w);
    daxpy_(&n, &a, x, &inc, y, &inc);
    for (long i = 0; i < len && n > 0 && a != 0.0; i++) {
        if (i % (inc < 0 ? -inc : inc))
            continue; /* untouched, checked below */
        if (isfinite(a) && isfinite(x[i]) && isfinite(w[i])) {
            mpfr_set_d(v, a, MPFR_RNDN);
            mpfr_mul_d(v, v, x[i], MPFR_RNDN);
            mpfr_add_d(v, v, w[i], MPFR_RNDN);
            w[i] = mpfr_zero_p(v) ? fma(a, x[i], w[i]) /* the sign of zero: IEEE's */
                                  : tl_round_once(v);
        } else {
            w[i] = a * x[i] + w[i];
        }
    }
    for (long i = 0; i < len; i++)
        check("DAXPY", n, inc, w[i], y[i]);
    /* DSCAL: x := RN(a x) (positive increments, a != 1; others are the
     * reference's quick return) */
    memcpy(y, x, (size_t)len * sizeof *y);
    memcpy(w, x, (size_t)len * sizeof *w);
    dscal_(&n, &a, y, &inc);
    for (long i = 0; i < len && n > 0 && inc > 0 && a != 1.0; i += inc)
        w[i] = a * x[i]; /* one product: RN in the default mode */
    for (long i = 0; i < len; i++)
        check("DSCAL", n, inc, w[i], y[i]);
    mpfr_clear(v);
    free(y);
    free(w);
}

int main(void)
{
    tl_rng r;
    tl_rng_seed(&r, 20261122);
    static const int sizes[] = {0, 1, 2, 3, 17, 100, 1000, 70000};
    static const int incs[] = {1, 2, -1, -3, 0};
    static const double alphas[] = {0.1, -3.0, 0x1p-1070, 1e300, 0.0, NAN};
    int serial = 0;
    for (int kind = 0; kind < 7; kind++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t q = 0; q < sizeof incs / sizeof incs[0]; q++, serial++) {
                int n = sizes[s], inc = incs[q];
                long len = (long)(n > 0 ? n : 1) * (inc < 0 ? -inc : (inc ? inc : 1));
                double *x = malloc((size_t)len * sizeof *x), *y = malloc((size_t)len * sizeof *y);
                for (long i = 0; i < len; i++) {
                    double m = tl_rng_sign(&r);
                    switch (kind) {
                    case 0:
                        m *= tl_rng_uniform(&r);
                        break; /* plain */
                    case 1:
                        m *= tl_rng_loguniform(&r, -300, 300);
                        break; /* wide */
                    case 2:
                        m *= tl_rng_loguniform(&r, 500, 1023);
                        break; /* squares overflow */
                    case 3:
                        m *= tl_rng_loguniform(&r, -1074, -520);
                        break; /* squares underflow */
                    case 4:
                        m *= i % 3 ? 0.0 : 0x1p-1074 * (1 + i % 7);
                        break; /* zeros, subnormals */
                    case 5:
                        m *= i == len / 2 ? INFINITY : tl_rng_uniform(&r);
                        break;
                    default:
                        m *= i == len / 3 ? NAN : tl_rng_loguniform(&r, -20, 20);
                        break;
                    }
                    x[i] = m;
                    y[i] = tl_rng_sign(&r) * tl_rng_loguniform(&r, -40, 40);
                }
                if (inc != 0) {
                    level1(x, n, inc);
                    level1_update(x, y, n, inc, alphas[serial % 6]);
                }
                free(x);
                free(y);
            }
    if (failures)
        printf("BLAS FACE LEVEL 1: FAILED: %d of %d checks\n", failures, checks);
    else
        printf("BLAS FACE LEVEL 1: PASSED: %d checks bit-exact against MPFR\n", checks);
    return failures != 0;
}

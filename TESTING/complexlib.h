/*
 * complexlib.h -- what the complex tests share: the draws (sizes, values of
 * a data class in binary64 or binary32), reading and writing (re, im) data
 * of either format, op(X)(i, l) of a stored complex matrix, and the bitwise
 * comparison (NaN with the canonical bits, zeros by sign).
 */
#ifndef EXACTBLAS_COMPLEXLIB_H
#define EXACTBLAS_COMPLEXLIB_H

#include <math.h>
#include <string.h>

#include "testlib.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

enum { NARROW, WIDE, TINY, INTS, ZEROS, SPECIAL, HALFTINY, CLASSES };
static const char *const class_names[] = {"narrow", "wide",    "tiny",    "ints",
                                          "zeros",  "special", "halftiny"};

/* the same classes, testlib's */
static const tl_class classes[CLASSES] = {TL_NARROW, TL_WIDE,        TL_TINY,    TL_INTS3,
                                          TL_ZEROS,  TL_FEW_SPECIAL, TL_HALFTINY};

/* One value of class cls, representable in binary32 when f32. */
static inline double value(tl_rng *r, int cls, int f32)
{
    return tl_class_value(r, classes[cls], f32);
}

/* The library call `stmt` made as real callers make it: under the caller's
 * floating-point environment of case `serial` (testlib's tl_callenv: a
 * directed rounding mode, FTZ, DAZ, flags already raised), its arguments
 * computed before and its results read after; a call that leaves the
 * environment changed counts as a mismatch of the including test. */
#define CALLER_ENV(serial, stmt)                                                                   \
    do {                                                                                           \
        tl_callenv env_ = tl_callenv_of(serial);                                                   \
        char why_[200];                                                                            \
        tl_callenv_enter(&env_);                                                                   \
        stmt;                                                                                      \
        if (!tl_callenv_leave(&env_, why_, sizeof why_)) {                                         \
            mismatches++;                                                                          \
            printf("MISMATCH case %ld: %s\n", (long)(serial), why_);                               \
        }                                                                                          \
    } while (0)

/* Issue 37's class, a sixth of the time: beta with two nonzero parts of the
 * HALFTINY class (and alpha = 0 half of those times: no alpha S term), the
 * case's C or y then HALFTINY too, so that every beta c product is a
 * nonzero term below 2^-1074 (binary32: 2^-149) that rounds to 0 alone.
 * Returns whether it drew the class. */
static inline int draw_underflow(tl_rng *r, int f32, double *al, double *be)
{
    if (tl_draw(r, 0, 5))
        return 0;
    be[0] = value(r, HALFTINY, f32), be[1] = value(r, HALFTINY, f32);
    if (tl_draw(r, 0, 1))
        al[0] = al[1] = 0.0;
    return 1;
}

static inline double rd(int f32, const void *p, long k)
{
    return f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

static inline void wr(int f32, void *p, long k, double v)
{
    if (f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

/* op(X)(i, l) of a stored complex matrix, conjugated for 'C'. */
static inline void op_entry(int f32, const void *x, long ld, char op, long i, long l, double *re,
                            double *im)
{
    long at = op == 'N' ? i + l * ld : l + i * ld;
    *re = rd(f32, x, 2 * at);
    *im = rd(f32, x, 2 * at + 1);
    if (op == 'C')
        *im = -*im;
}

static inline int same(int f32, double want, double got)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got) && memcmp(&want, &got, 8) == 0;
    if (f32)
        return (float)want == (float)got && signbit(want) == signbit(got);
    return memcmp(&want, &got, 8) == 0;
}

#endif

/*
 * sumdot_host_impl.h -- the host ExSUM/ExDOT kernel body, included once per
 * instruction set (sumdot_host_generic.c, sumdot_host_avx2.c), which define
 * EXB_ISA (a name suffix) and EXB_FMA4(a, b, c) = a*b + c rounded once, per lane.
 *
 * Algorithm (the multi-level scheme of the ExBLAS paper, on 4 SIMD lanes):
 * every lane keeps a floating-point expansion a[0..K-1]; a new term enters
 * by a cascade of TwoSum, each level keeping the rounded sum and passing the
 * exact error down.  Whatever is left after the last level (the residual) is
 * deposited into the long accumulator, so at every moment
 *     sum of all terms so far = sum(a[k]) + accumulator          (exactly).
 * For a dot product the term x*y is split by TwoProduct into p + e exactly;
 * p enters at level 0 and e (|e| <= ulp(p)/2) at level 1.
 *
 * Terms that TwoSum/TwoProduct cannot handle exactly go straight to the
 * accumulator: NaN/Inf, |term| > 2^990 (the lane sums could overflow), and
 * products below 2^-968 (their rounding error would underflow).  With at most
 * 2^31 terms a lane sum stays below 2^1021, so no TwoSum ever overflows.
 */
#include <string.h>

#include "sumdot_host.h"

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4i __attribute__((vector_size(32)));

#define EXB_CAT2(a, b) a##_##b
#define EXB_CAT(a, b) EXB_CAT2(a, b)
#define EXB_FN(name) EXB_CAT(name, EXB_ISA)

#define TERM_MAX 0x1p990
#define PRODUCT_MIN 0x1p-968

static inline v4d EXB_FN(abs4)(v4d v)
{
    const v4i mask = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
    return (v4d)((v4i)v & mask);
}

static inline int EXB_FN(all_true)(v4i m)
{
    return (m[0] & m[1] & m[2] & m[3]) != 0;
}

static inline int EXB_FN(any_nonzero)(v4d t)
{
    v4i m = t != 0.0;
    return (m[0] | m[1] | m[2] | m[3]) != 0;
}

/* Knuth's TwoSum: s + err = a + b exactly, for any ordering of |a|, |b|. */
static inline v4d EXB_FN(two_sum4)(v4d a, v4d b, v4d *err)
{
    v4d s = a + b;
    v4d bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

static inline v4d EXB_FN(load4)(const double *x, long i, long inc)
{
    v4d v;
    if (inc == 1) {
        memcpy(&v, x + i, sizeof v);
    } else {
        v = (v4d){x[i * inc], x[(i + 1) * inc], x[(i + 2) * inc], x[(i + 3) * inc]};
    }
    return v;
}

static void EXB_FN(spill4)(exb_superacc *acc, v4d t)
{
    for (int j = 0; j < 4; j++)
        if (t[j] != 0.0)
            exb_superacc_add_double(acc, t[j]);
}

/* Adds term t to the expansion a[] from level `level` down. */
static inline __attribute__((always_inline)) void
EXB_FN(expansion_add)(v4d *a, v4d t, int level, int K, int early_exit, exb_superacc *acc)
{
#pragma GCC unroll 8
    for (int k = level; k < K; k++) {
        a[k] = EXB_FN(two_sum4)(a[k], t, &t);
        if (early_exit && !EXB_FN(any_nonzero)(t))
            return;
    }
    if (EXB_FN(any_nonzero)(t))
        EXB_FN(spill4)(acc, t);
}

static void EXB_FN(flush)(const v4d *a, int K, exb_superacc *acc)
{
    for (int k = 0; k < K; k++)
        EXB_FN(spill4)(acc, a[k]);
}

static inline __attribute__((always_inline)) void
EXB_FN(sum_fpe)(int K, int early_exit, long n, const double *x, long incx, exb_superacc *acc)
{
    v4d a[8] = {{0}};
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        v4d xv = EXB_FN(load4)(x, i, incx);
        v4i ok = EXB_FN(abs4)(xv) <= TERM_MAX;
        if (!EXB_FN(all_true)(ok)) {
            for (int j = 0; j < 4; j++)
                if (!ok[j]) {
                    exb_superacc_add_double(acc, xv[j]);
                    xv[j] = 0.0;
                }
        }
        EXB_FN(expansion_add)(a, xv, 0, K, early_exit, acc);
    }
    for (; i < n; i++)
        exb_superacc_add_double(acc, x[i * incx]);
    EXB_FN(flush)(a, K, acc);
}

static inline __attribute__((always_inline)) void
EXB_FN(dot_fpe)(int K, int early_exit, long n, const double *x, long incx, const double *y,
                long incy, exb_superacc *acc)
{
    v4d a[8] = {{0}};
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        v4d xv = EXB_FN(load4)(x, i, incx);
        v4d yv = EXB_FN(load4)(y, i, incy);
        v4d p = xv * yv;
        v4d ap = EXB_FN(abs4)(p);
        v4i ok = (ap <= TERM_MAX) & (ap >= PRODUCT_MIN);
        if (!EXB_FN(all_true)(ok)) {
            for (int j = 0; j < 4; j++)
                if (!ok[j]) {
                    exb_superacc_add_product(acc, xv[j], yv[j]);
                    xv[j] = yv[j] = p[j] = 0.0;
                }
        }
        v4d e = EXB_FMA4(xv, yv, -p); /* TwoProduct: x*y = p + e exactly */
        EXB_FN(expansion_add)(a, p, 0, K, early_exit, acc);
        EXB_FN(expansion_add)(a, e, 1, K, early_exit, acc);
    }
    for (; i < n; i++)
        exb_superacc_add_product(acc, x[i * incx], y[i * incy]);
    EXB_FN(flush)(a, K, acc);
}

void EXB_FN(exb_sumdot_range)(const exb_sumdot_args *args, long begin, long end,
                              exb_superacc *acc)
{
    long n = end - begin;
    const double *x = args->x + begin * args->incx;
    const double *y = args->y ? args->y + begin * args->incy : NULL;
    int early = args->early_exit;
    if (args->fpe < 2) {
        for (long i = 0; i < n; i++) {
            if (y)
                exb_superacc_add_product(acc, x[i * args->incx], y[i * args->incy]);
            else
                exb_superacc_add_double(acc, x[i * args->incx]);
        }
        return;
    }
    /* One specialisation per expansion size keeps a[] in registers. */
#define EXB_CASE(K)                                                                     \
    case K:                                                                             \
        if (y)                                                                          \
            EXB_FN(dot_fpe)(K, early, n, x, args->incx, y, args->incy, acc);            \
        else                                                                            \
            EXB_FN(sum_fpe)(K, early, n, x, args->incx, acc);                           \
        break;
    switch (args->fpe) {
        EXB_CASE(2)
        EXB_CASE(3)
        EXB_CASE(4)
        EXB_CASE(5)
        EXB_CASE(6)
        EXB_CASE(7)
    default:
        EXB_CASE(8)
    }
#undef EXB_CASE
}

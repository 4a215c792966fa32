/*
 * template_vector_sums.h -- the host ExSUM/ExDOT kernel body, included once per
 * instruction set (generic/kernels.c, avx2/kernels.c, avx512/binned_sums.c and
 * avx512/rows.c), which define EXB_ISA (a name suffix) and EXB_FMA4(a, b, c)
 * = a*b + c rounded once, per lane.  What it defines is static to the file
 * that includes it: the file's kernel table takes the kernels it uses.
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
 * When residuals are frequent (data of wide dynamic range), a block of the
 * vector runs instead through the exponent-indexed accumulator (expacc.h),
 * whose cost does not depend on the range; the spill count of an expansion
 * block decides, per block.  Both front ends are exact, so the choice never
 * changes the bits.
 *
 * Terms that TwoSum/TwoProduct cannot handle exactly go straight to the
 * accumulator: NaN/Inf, |term| > 2^990 (the lane sums could overflow), and
 * products below 2^-968 (their rounding error would underflow).  With at most
 * 2^31 terms a lane sum stays below 2^1021, so no TwoSum ever overflows.
 */
#include <stdlib.h>
#include <string.h>

#include "core/expacc.h"
#include "kernels.h"
#include "backend/tuning.h"

/* what an ISA file does not use of the template is not an error */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"

typedef exb_v4d v4d; /* exb_core.h */
typedef long long v4i __attribute__((vector_size(32)));

#define EXB_CAT2(a, b) a##_##b
#define EXB_CAT(a, b) EXB_CAT2(a, b)
#define EXB_FN(name) EXB_CAT(name, EXB_ISA)

/* Calls CALL(K) with the constant K = fpe (2..8): one specialisation per
 * expansion size keeps the expansion in registers. */
#define EXB_SWITCH_FPE(fpe, CALL)                                                                  \
    switch (fpe) {                                                                                 \
    case 2:                                                                                        \
        CALL(2);                                                                                   \
        break;                                                                                     \
    case 3:                                                                                        \
        CALL(3);                                                                                   \
        break;                                                                                     \
    case 4:                                                                                        \
        CALL(4);                                                                                   \
        break;                                                                                     \
    case 5:                                                                                        \
        CALL(5);                                                                                   \
        break;                                                                                     \
    case 6:                                                                                        \
        CALL(6);                                                                                   \
        break;                                                                                     \
    case 7:                                                                                        \
        CALL(7);                                                                                   \
        break;                                                                                     \
    default:                                                                                       \
        CALL(8);                                                                                   \
        break;                                                                                     \
    }

#define FINITE_MAX 0x1.fffffffffffffp1023

/* Adaptive front end: a block is 1024 elements; an expansion block with more
 * than SPILL_LIMIT spilled lanes sends the next WIDE_BLOCKS blocks to the
 * exponent-indexed accumulator, after which expansions are tried again. */
#define BLOCK_GROUPS (exb_tuning_of(EXB_CLASS_HOST)->sumdot_block_groups)
#define SPILL_LIMIT (exb_tuning_of(EXB_CLASS_HOST)->sumdot_spill_limit)
#define WIDE_BLOCKS (exb_tuning_of(EXB_CLASS_HOST)->sumdot_wide_blocks)

static inline v4d EXB_FN(abs4)(v4d v)
{
    const v4i mask = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
    return (v4d)((v4i)v & mask);
}

/* EXB_MASK4(m): the four lane masks as bits 0..3 (one instruction with AVX). */
static inline int EXB_FN(all_true)(v4i m)
{
    return EXB_MASK4(m) == 0xf;
}

static inline int EXB_FN(any_nonzero)(v4d t)
{
    return EXB_MASK4(t != 0.0) != 0;
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

static int EXB_FN(spill4)(exb_superacc *acc, v4d t)
{
    int count = 0;
    for (int j = 0; j < 4; j++)
        if (t[j] != 0.0) {
            exb_superacc_add_double(acc, t[j]);
            count++;
        }
    return count;
}

/* Adds *t to the expansion a[] from level `level` down, by exb_two_sum4
 * (exb_core.h); *t becomes the residual.  Returns whether a lane has one
 * (with early_exit the cascade stops when none has).  Twin of expansion_add
 * in OPENCL/core.cl (the kernels' vector ops and lane tests differ); the
 * row kernels (template_rows.h) use it too. */
static inline __attribute__((always_inline)) int EXB_FN(cascade)(v4d *a, v4d *t, int level, int K,
                                                                 int early_exit)
{
#pragma GCC unroll 8
    for (int k = level; k < K; k++) {
        a[k] = exb_two_sum4(a[k], *t, t);
        if (early_exit && !EXB_FN(any_nonzero)(*t))
            return 0;
    }
    return EXB_FN(any_nonzero)(*t);
}

/* The cascade, its residual spilled into acc (counted in *spills). */
static inline __attribute__((always_inline)) void EXB_FN(expansion_add)(v4d *a, v4d t, int level,
                                                                        int K, int early_exit,
                                                                        exb_superacc *acc,
                                                                        long *spills)
{
    if (EXB_FN(cascade)(a, &t, level, K, early_exit))
        *spills += EXB_FN(spill4)(acc, t);
}

static void EXB_FN(flush)(const v4d *a, int K, exb_superacc *acc)
{
    for (int k = 0; k < K; k++)
        (void)EXB_FN(spill4)(acc, a[k]);
}

/* Elements [from, to) straight into the long accumulator: the
 * accumulator-only mode (FPE = 0) and the tail after the last group of four. */
static void EXB_FN(add_exact)(const exb_sumdot_args *args, const double *x, const double *y,
                              long from, long to, exb_superacc *acc)
{
    for (long i = from; i < to; i++) {
        if (y)
            exb_superacc_add_product(acc, x[i * args->incx], y[i * args->incy]);
        else
            exb_superacc_add_double(acc, x[i * args->incx]);
    }
}

/* The terms of group i (four elements): x_i, or p_i + e_i = x_i*y_i exactly.
 * Lanes outside the exact range of the front end go to the long accumulator
 * and are zeroed.  max_term: EXB_TERM_MAX for expansions, FINITE_MAX for the table. */
static inline __attribute__((always_inline)) void
EXB_FN(group_terms)(const double *x, long incx, const double *y, long incy, long i, double max_term,
                    exb_superacc *acc, v4d *p, v4d *e)
{
    v4d xv = EXB_FN(load4)(x, i, incx);
    if (!y) {
        v4i ok = EXB_FN(abs4)(xv) <= max_term;
        if (!EXB_FN(all_true)(ok)) {
            for (int j = 0; j < 4; j++)
                if (!ok[j]) {
                    exb_superacc_add_double(acc, xv[j]);
                    xv[j] = 0.0;
                }
        }
        *p = xv;
        return;
    }
    v4d yv = EXB_FN(load4)(y, i, incy);
    v4d pv = xv * yv;
    v4d ap = EXB_FN(abs4)(pv);
    v4i ok = (ap <= max_term) & (ap >= EXB_PRODUCT_MIN);
    if (!EXB_FN(all_true)(ok)) {
        for (int j = 0; j < 4; j++)
            if (!ok[j]) {
                exb_superacc_add_product(acc, xv[j], yv[j]);
                xv[j] = yv[j] = pv[j] = 0.0;
            }
    }
    *p = pv;
    *e = EXB_FMA4(xv, yv, -pv); /* TwoProduct: x*y = p + e exactly */
}

/* Groups [g0, g1) through the expansions; returns the number of spilled lanes. */
static inline __attribute__((always_inline)) long
EXB_FN(block_fpe)(int K, int early_exit, const double *x, long incx, const double *y, long incy,
                  long g0, long g1, v4d *a, exb_superacc *acc)
{
    long spills = 0;
    for (long g = g0; g < g1; g++) {
        v4d p, e;
        EXB_FN(group_terms)(x, incx, y, incy, 4 * g, EXB_TERM_MAX, acc, &p, &e);
        EXB_FN(expansion_add)(a, p, 0, K, early_exit, acc, &spills);
        if (y)
            EXB_FN(expansion_add)(a, e, 1, K, early_exit, acc, &spills);
    }
    return spills;
}

/* Groups [g0, g1) through the exponent-indexed accumulator. */
static void EXB_FN(block_table)(const double *x, long incx, const double *y, long incy, long g0,
                                long g1, exb_expacc *table, exb_superacc *acc)
{
    for (long g = g0; g < g1; g++) {
        v4d p, e;
        EXB_FN(group_terms)(x, incx, y, incy, 4 * g, FINITE_MAX, acc, &p, &e);
        for (int j = 0; j < 4; j++) {
            exb_expacc_add(table, acc, p[j]);
            if (y)
                exb_expacc_add(table, acc, e[j]);
        }
    }
}

static inline __attribute__((always_inline)) void
EXB_FN(sumdot_adaptive)(int K, const exb_sumdot_args *args, long n, const double *x,
                        const double *y, exb_superacc *acc)
{
    v4d a[8] = {{0}};
    exb_expacc *table = NULL;
    long groups = n / 4, wide_left = args->knobs->front == EXB_FRONT_TABLE ? groups : 0;
    for (long g0 = 0; g0 < groups; g0 += BLOCK_GROUPS) {
        long g1 = g0 + BLOCK_GROUPS < groups ? g0 + BLOCK_GROUPS : groups;
        if (wide_left > 0 && !table)
            table = calloc(1, sizeof *table);
        if (wide_left > 0 && table) {
            EXB_FN(block_table)(x, args->incx, y, args->incy, g0, g1, table, acc);
            wide_left--;
            continue;
        }
        long spills = EXB_FN(block_fpe)(K, args->knobs->early_exit, x, args->incx, y, args->incy,
                                        g0, g1, a, acc);
        if (spills > SPILL_LIMIT && args->knobs->front == EXB_FRONT_AUTO)
            wide_left = WIDE_BLOCKS;
    }
    EXB_FN(add_exact)(args, x, y, 4 * groups, n, acc);
    EXB_FN(flush)(a, K, acc);
    if (table) {
        exb_expacc_flush(table, acc);
        free(table);
    }
}

static __attribute__((unused)) void
EXB_FN(exb_sumdot_range)(const exb_sumdot_args *args, long begin, long end, exb_superacc *acc)
{
    long n = end - begin;
    const double *x = args->x + begin * args->incx;
    const double *y = args->y ? args->y + begin * args->incy : NULL;
    if (args->knobs->fpe < 2) {
        EXB_FN(add_exact)(args, x, y, 0, n, acc);
        return;
    }
#define EXB_RUN(K) EXB_FN(sumdot_adaptive)(K, args, n, x, y, acc)
    EXB_SWITCH_FPE(args->knobs->fpe, EXB_RUN);
#undef EXB_RUN
}

#pragma GCC diagnostic pop

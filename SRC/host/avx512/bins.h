/*
 * bins.h -- what the binned front end's two users share (avx512/binned_sums.c,
 * where the proof is written out, and avx512/rows.c): the bins' width and
 * count, and the Fast2Sum into a bin in its two spellings.  Included only
 * where AVX-512 is compiled.
 */
#ifndef EXACTBLAS_HOST_AVX512_BINS_H
#define EXACTBLAS_HOST_AVX512_BINS_H

#include <immintrin.h>
#include <limits.h>
#include <stdint.h>

#define BINS_BLOCK 2048
#define BIN_WIDTH 43
#define BINS 3
#define BINS_EMIN (-1074 + BINS * BIN_WIDTH)
#define BINS_TERM_MAX_BITS UINT64_C(0x7dd0000000000000) /* bits of EXB_TERM_MAX = 2^990 */
#define MANT_MASK ((INT64_C(1) << 52) - 1)

/* One Fast2Sum into a bin: s += t rounded to the bin's grid, t = what is left,
 * on vectors of the width W (_mm512 or _mm256; `one` is 1.0 in every lane).
 * Two spellings of the same exact operations: fma(a, 1, b) is RN(a + b) (one
 * rounding), so BIN_ADD_F runs two of its three on the FMA units and BIN_ADD
 * two on the adders; alternating them keeps both kinds of unit busy. */
#define BIN_ADD(W, s, t)                                                                           \
    do {                                                                                           \
        __typeof__(s) s_new_ = W##_add_pd(s, t);                                                   \
        t = W##_sub_pd(t, W##_fmsub_pd(s_new_, one, s));                                           \
        s = s_new_;                                                                                \
    } while (0)
#define BIN_ADD_F(W, s, t)                                                                         \
    do {                                                                                           \
        __typeof__(s) s_new_ = W##_fmadd_pd(t, one, s);                                            \
        t = W##_fnmadd_pd(W##_sub_pd(s_new_, s), one, t);                                          \
        s = s_new_;                                                                                \
    } while (0)
/* A product p + e (TwoProduct) into bins s0, s1, s2: p through bins 0-1, e
 * through bins 1-2; p and e become what is left below them. */
#define BINS_PRODUCT(W, s0, s1, s2, p, e)                                                          \
    do {                                                                                           \
        BIN_ADD(W, s0, p);                                                                         \
        BIN_ADD_F(W, s1, p);                                                                       \
        BIN_ADD(W, s1, e);                                                                         \
        BIN_ADD_F(W, s2, e);                                                                       \
    } while (0)

static inline __mmask8 tail_mask(long left)
{
    return left >= 8 ? (__mmask8)0xff : (__mmask8)((1u << left) - 1u);
}

#endif

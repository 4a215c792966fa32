/*
 * wide.h -- signed fixed-point integers of a few 64-bit limbs (two's
 * complement, limb 0 the lowest), where EXDGEMM's split paths add the
 * level sums of an element exactly before its one rounding.  Every function
 * takes nl, the limbs in use (1 < nl <= EXB_WIDE_LIMBS); the caller keeps
 * each value below 2^(64 nl - 1) in magnitude.
 */
#ifndef EXACTBLAS_WIDE_H
#define EXACTBLAS_WIDE_H

#include <stdint.h>

#include "core/superacc.h"

#define EXB_WIDE_LIMBS 6

typedef struct exb_wide {
    uint64_t x[EXB_WIDE_LIMBS];
} exb_wide;

static inline void exb_wide_zero(exb_wide *w, int nl)
{
    for (int q = 0; q < nl; q++)
        w->x[q] = 0;
}

/* w += v * 2^shift, 0 <= shift < 64 (nl - 1). */
static inline void exb_wide_add(exb_wide *w, int nl, int64_t v, int shift)
{
    int q = shift >> 6, r = shift & 63;
    uint64_t ext = v < 0 ? ~UINT64_C(0) : 0;
    uint64_t lo = (uint64_t)v << r, hi = r ? (uint64_t)(v >> (64 - r)) : ext;
    unsigned __int128 c = (unsigned __int128)w->x[q] + lo;
    w->x[q] = (uint64_t)c;
    c = (c >> 64) + w->x[q + 1] + hi;
    w->x[q + 1] = (uint64_t)c;
    for (int p = q + 2; p < nl; p++) {
        c = (c >> 64) + w->x[p] + ext;
        w->x[p] = (uint64_t)c;
    }
}

/* *to := the nl limbs of *w, limb by limb (a whole-struct copy reads back
 * limbs just stored one by one as one wide load, which stalls on store
 * forwarding). */
static inline void exb_wide_copy(exb_wide *to, const exb_wide *w, int nl)
{
    switch (nl) { /* no loop: GCC makes small copy loops a rep movs */
    case 6:
        to->x[5] = w->x[5]; /* fall through */
    case 5:
        to->x[4] = w->x[4]; /* fall through */
    case 4:
        to->x[3] = w->x[3]; /* fall through */
    default:
        to->x[2] = w->x[2];
        to->x[1] = w->x[1];
        to->x[0] = w->x[0];
    }
}

static inline int exb_wide_negative(const exb_wide *w, int nl)
{
    return (int64_t)w->x[nl - 1] < 0;
}

/* w := -w. */
static inline void exb_wide_negate(exb_wide *w, int nl)
{
    unsigned __int128 c = 1;
    for (int q = 0; q < nl; q++) {
        c += (uint64_t)~w->x[q];
        w->x[q] = (uint64_t)c;
        c >>= 64;
    }
}

/* |w| (w is replaced by its magnitude); returns whether it was negative. */
static inline int exb_wide_abs(exb_wide *w, int nl)
{
    if (!exb_wide_negative(w, nl))
        return 0;
    exb_wide_negate(w, nl);
    return 1;
}

/* The same value on more limbs (nl <= to <= EXB_WIDE_LIMBS). */
static inline void exb_wide_extend(exb_wide *w, int nl, int to)
{
    uint64_t ext = exb_wide_negative(w, nl) ? ~UINT64_C(0) : 0;
    for (int q = nl; q < to; q++)
        w->x[q] = ext;
}

/* Bits [from, from + 64) of a magnitude. */
static inline uint64_t exb_wide_bits_from(const exb_wide *w, int nl, int from)
{
    int q = from >> 6, r = from & 63;
    uint64_t top = q < nl ? w->x[q] >> r : 0;
    if (r && q + 1 < nl)
        top |= w->x[q + 1] << (64 - r);
    return top;
}

/* The position of the highest set bit of a magnitude, -1 when zero. */
static inline int exb_wide_top_bit(const exb_wide *w, int nl)
{
    for (int q = nl - 1; q >= 0; q--)
        if (w->x[q])
            return 64 * q + 63 - __builtin_clzll(w->x[q]);
    return -1;
}

/* RN(w * 2^lsb): the top 64 bits of the magnitude and a sticky bit go to the
 * core's one rounding (exb_round_u64); +0.0 when w is zero. */
static inline double exb_wide_round(const exb_wide *w, int nl, int lsb)
{
    exb_wide m = {{0}};
    exb_wide_copy(&m, w, nl);
    int neg = exb_wide_abs(&m, nl), p = exb_wide_top_bit(&m, nl);
    if (p < 0)
        return 0.0;
    int from = p >= 63 ? p - 63 : 0, q = from >> 6, r = from & 63;
    uint64_t top = exb_wide_bits_from(&m, nl, from);
    int sticky = r && (m.x[q] & ((UINT64_C(1) << r) - 1)) != 0;
    for (int b = 0; b < q && !sticky; b++)
        sticky = m.x[b] != 0;
    return exb_round_u64(top, lsb + from, sticky, neg);
}

/* acc += w * 2^lsb exactly (acc's range must hold it). */
static inline void exb_wide_deposit(exb_superacc *acc, const exb_wide *w, int nl, int lsb)
{
    exb_wide m = {{0}};
    exb_wide_copy(&m, w, nl);
    int neg = exb_wide_abs(&m, nl);
    for (int q = 0; q < nl; q++)
        if (m.x[q])
            exb_superacc_add_scaled_u64(acc, m.x[q], lsb + 64 * q, neg);
}

#endif

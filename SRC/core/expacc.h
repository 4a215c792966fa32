/*
 * expacc.h -- the exponent-indexed accumulator: the fast front end of the
 * long accumulator for data of wide dynamic range (Neal's "large
 * superaccumulator", arXiv:1505.05571).
 *
 * One unsigned 64-bit chunk per sign and binary64 exponent field (4096 of
 * them): adding a finite double adds its 53-bit integer significand to the
 * chunk of its sign and exponent -- a few integer operations, exact, with no
 * dependence on the other terms.  A chunk is flushed into the long
 * accumulator when it reaches 2^62 (so it can never wrap), and all chunks at
 * the end.  Exact: chunk[s][e] * 2^(e-1075) (times the sign) is exactly the
 * sum of the terms that went in.
 */
#ifndef EXACTBLAS_EXPACC_H
#define EXACTBLAS_EXPACC_H

#include <stdint.h>
#include <string.h>

#include "superacc.h"

typedef struct exb_expacc {
    uint64_t chunk[4096]; /* index: sign bit and 11 exponent bits of the term */
} exb_expacc;

static inline void exb_expacc_flush_one(exb_expacc *t, exb_superacc *acc, unsigned idx)
{
    unsigned biased = idx & 0x7ff;
    /* subnormals (field 0) share the exponent of field 1: 2^-1074 per unit */
    exb_superacc_add_scaled_u64(acc, t->chunk[idx], (biased ? (int)biased : 1) - 1075,
                                (int)(idx >> 11));
    t->chunk[idx] = 0;
}

/* t += x for a finite x (callers route NaN/Inf to the long accumulator). */
static inline void exb_expacc_add(exb_expacc *t, exb_superacc *acc, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    unsigned idx = (unsigned)(bits >> 52);
    uint64_t m = (bits & ((UINT64_C(1) << 52) - 1)) | ((uint64_t)((idx & 0x7ff) != 0) << 52);
    uint64_t c = t->chunk[idx] + m;
    t->chunk[idx] = c;
    if (c >> 62)
        exb_expacc_flush_one(t, acc, idx);
}

static inline void exb_expacc_flush(exb_expacc *t, exb_superacc *acc)
{
    for (unsigned idx = 0; idx < 4096; idx++)
        if (t->chunk[idx])
            exb_expacc_flush_one(t, acc, idx);
}

#endif

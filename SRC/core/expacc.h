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
    uint64_t chunk[EXB_TABLE_CHUNKS]; /* exb_table_index: sign bit and exponent field */
} exb_expacc;

static inline void exb_expacc_flush_one(exb_expacc *t, exb_superacc *acc, unsigned idx)
{
    exb_superacc_add_scaled_u64(acc, t->chunk[idx], exb_table_lsb(idx), exb_table_neg(idx));
    t->chunk[idx] = 0;
}

/* t += x for a finite x (callers route NaN/Inf to the long accumulator).
 * Twin of table_add in OPENCL/core.cl (there with atomics). */
static inline void exb_expacc_add(exb_expacc *t, exb_superacc *acc, double x)
{
    uint64_t m;
    unsigned idx = exb_table_index(x, &m);
    uint64_t c = t->chunk[idx] + m;
    t->chunk[idx] = c;
    if (c >> EXB_TABLE_LIMIT_BIT)
        exb_expacc_flush_one(t, acc, idx);
}

static inline void exb_expacc_flush(exb_expacc *t, exb_superacc *acc)
{
    for (unsigned idx = 0; idx < EXB_TABLE_CHUNKS; idx++)
        if (t->chunk[idx])
            exb_expacc_flush_one(t, acc, idx);
}

#endif

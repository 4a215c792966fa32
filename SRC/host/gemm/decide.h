/*
 * decide.h -- the early rounding decision of EXDGEMM's split engines
 * (gemm/early.c's binary64 slices, avx512/residue.c's int8 residues): an element
 * known as an exact integer W in units 2^lsb, within R units of the exact
 * product sum, is rounded (with alpha, beta and C_ij) from W when every value
 * in [W - R, W + R] gives the same result.  RN(alpha c + beta y) is monotone
 * in c, so comparing the two ends proves it.
 */
#ifndef EXACTBLAS_DECIDE_H
#define EXACTBLAS_DECIDE_H

#include <math.h>
#include <stdint.h>

#include "backend/gemm.h"
#include "backend/sumdot.h"
#include "host/kernels.h"
#include "wide.h"
#include "core/exb_core.h"
#include "core/superacc.h"

typedef struct exb_decider {
    const exb_gemm_args *g;
    int powers; /* alpha = +-2^alpha_exp, beta = 0 or +-2^beta_exp */
    int alpha_exp, beta_exp;
} exb_decider;

/* Whether x = +-2^e (x finite, nonzero). */
static inline int exb_power_of_two(double x, int *e)
{
    int ex;
    double f = frexp(x, &ex);
    *e = ex - 1;
    return fabs(f) == 0.5;
}

static inline void exb_decider_init(exb_decider *d, const exb_gemm_args *g)
{
    d->g = g;
    d->alpha_exp = d->beta_exp = 0;
    d->powers = exb_power_of_two(g->alpha, &d->alpha_exp) &&
                (g->beta == 0.0 || exb_power_of_two(g->beta, &d->beta_exp));
}

/* alpha = +-2^a and beta = 0 or +-2^b (w->powers): alpha W u + beta C_ij as
 * an integer in sum, in units 2^lsb (lsb updated, limbs widened as needed):
 * 1, or 0 (sum untouched) when C_ij is not finite or too far from W to be
 * held. */
static inline int exb_fold_affine(const exb_decider *w, exb_wide *sum, int *nl, int *lsb,
                                  double cij)
{
    int64_t mc = 0;
    int ec = 0, shift = 0, to = *nl;
    if (w->g->beta != 0.0 && cij != 0.0) {
        if (!isfinite(cij))
            return 0;
        uint64_t mag;
        exb_split_double(cij, &mag, &ec); /* |cij| = mag 2^ec, mag < 2^53 */
        mc = cij < 0 ? -(int64_t)mag : (int64_t)mag;
        shift = ec + w->beta_exp - (*lsb + w->alpha_exp);
        if (shift < 0 || shift >= 64 * (EXB_WIDE_LIMBS - 1))
            return 0; /* C_ij has bits below W's, or is far above it */
        to = shift / 64 + 2 > to ? shift / 64 + 2 : to;
    }
    exb_wide_extend(sum, *nl, to);
    *nl = to;
    *lsb += w->alpha_exp;
    if (w->g->alpha < 0)
        exb_wide_negate(sum, *nl);
    if (mc)
        exb_wide_add(sum, *nl, w->g->beta < 0 ? -mc : mc, shift);
    return 1;
}

/* RN(sum 2^lsb) when every value within r of sum rounds to it, read from
 * the 11 bits below the last bit of the result: 1 with *out, or 0 when this
 * cannot tell (a midpoint within one unit 2^d of sum, r >= 2^d, a result
 * outside the normal range, a zero). */
static inline int exb_round_clear(const exb_wide *sum, int nl, uint64_t r, int lsb, double *out)
{
    exb_wide mag = {{0}};
    exb_wide_copy(&mag, sum, nl);
    int neg = exb_wide_abs(&mag, nl), p = exb_wide_top_bit(&mag, nl), d = p - 63;
    int e = p + lsb; /* 2^e <= |sum| 2^lsb < 2^(e+1) */
    if (d < 0 || (d < 64 && (r >> d) != 0) || e < -1022 || e > 1022)
        return 0;
    /* |sum| = top 2^d + s, 0 <= s < 2^d; with f = top mod 2^11, the distance
     * to the midpoint 2^10 2^d is at least 2^d > r unless f is 2^10 or 2^10-1 */
    uint64_t top = exb_wide_bits_from(&mag, nl, d);
    int f = (int)(top & 0x7ff);
    if (f == 0x400 || f == 0x3ff)
        return 0;
    uint64_t mant = (top >> 11) + (f > 0x400);
    if (mant >> 53) {
        mant >>= 1;
        e++;
    }
    union {
        uint64_t u;
        double d;
    } v = {((uint64_t)neg << 63) | ((uint64_t)(e + 1023) << 52) |
           (mant & ((UINT64_C(1) << 52) - 1))};
    *out = v.d;
    return 1;
}

/* Element (i, j) from W (sum, in units 2^lsb) and R = r: 1 with the
 * rounded result in *out when decided, else 0 (sum is changed either way). */
static inline int exb_decide(const exb_decider *w, exb_wide *sum, int nl, int64_t r, int lsb,
                             long i, long j, exb_superacc *acc, double *out)
{
    const exb_gemm_args *g = w->g;
    double cij = g->beta != 0.0 ? g->c[i + j * g->ldc] : 0.0, lo, hi;
    if (w->powers && exb_fold_affine(w, sum, &nl, &lsb, cij)) {
        if (exb_round_clear(sum, nl, (uint64_t)r, lsb, out))
            return 1;
        exb_wide_add(sum, nl, -r, 0);
        lo = exb_wide_round(sum, nl, lsb);
        exb_wide_add(sum, nl, 2 * r, 0);
        hi = exb_wide_round(sum, nl, lsb);
    } else {
        if (lsb < EXB_ACC_LSB + 64)
            return 0; /* R u below the accumulator's range: exactly, instead */
        exb_wide_add(sum, nl, -r, 0);
        exb_superacc_reset(acc);
        exb_wide_deposit(acc, sum, nl, lsb);
        lo = exb_superacc_round_affine(acc, g->alpha, g->beta, cij);
        exb_wide_add(sum, nl, 2 * r, 0);
        exb_superacc_reset(acc);
        exb_wide_deposit(acc, sum, nl, lsb);
        hi = exb_superacc_round_affine(acc, g->alpha, g->beta, cij);
    }
    if (lo != hi || lo == 0.0) /* a zero (its sign) or a NaN: exactly */
        return 0;
    *out = lo;
    return 1;
}

/* Row i of op(A), contiguous (copied into x, of k, when it is not). */
static inline const double *exb_gemm_row(const exb_gemm_args *g, long i, double *x)
{
    if (g->transa)
        return g->a + i * g->lda;
    for (long l = 0; l < g->k; l++)
        x[l] = g->a[i + l * g->lda];
    return x;
}

/* The exact dot product of row i of op(A) (row, contiguous) and column j of
 * op(B), rounded once with alpha, beta and C_ij, with the sign of an exact
 * zero the products decide (y: scratch of k). */
static inline double exb_gemm_exactly(const exb_gemm_args *g, const exb_knobs *knobs,
                                      exb_sumdot_range_fn dot, const double *row, long i, long j,
                                      double *y, exb_superacc *acc)
{
    const double *col = g->b + j * g->ldb;
    if (g->transb) {
        for (long l = 0; l < g->k; l++)
            y[l] = g->b[j + l * g->ldb];
        col = y;
    }
    exb_sumdot_args args = {g->k, row, 1, col, 1, knobs, NULL};
    exb_superacc_reset(acc);
    dot(&args, 0, g->k, acc);
    if (exb_superacc_is_zero(acc) && exb_gemm_element_negzero(g, i, j))
        exb_superacc_set_negative_zero(acc);
    return exb_superacc_round_affine(acc, g->alpha, g->beta,
                                     g->beta != 0.0 ? g->c[i + j * g->ldc] : 0.0);
}

#endif

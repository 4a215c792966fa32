/*
 * superacc.h -- the long (Kulisch) accumulator of ExactBLAS, host side.
 *
 * A superaccumulator holds a real number exactly as a fixed-point integer
 * in high-radix carry-save form: digit k carries weight 2^(EXB_ACC_LSB + 32k),
 * every digit is a signed 64-bit integer.  A deposit adds less than 2^32 to
 * each digit it touches, so 2^30 deposits fit between two normalisations
 * (|digit| < 2^62); `pending` counts them.
 *
 * Window: every digit outside [lo, hi] is zero (lo > hi: the value is zero).
 * Deposits widen the window; normalising, rounding and clearing touch only
 * the window, so an accumulator that holds a few nearby terms (one row of a
 * matrix-vector product) costs a few digits, not 136.
 *
 * Range: the exact product of two doubles has its least significant bit at or
 * above 2^-2148 and is below 2^2048, so bits 2^-2176 .. 2^2175 hold every such
 * product and every sum of fewer than 2^64 of them.
 *
 * NaN and infinities never enter the digits: they are tracked as flags and
 * combined with IEEE rules when the accumulator is rounded.
 *
 * The layout, the deposit rule and the rounding are those of exb_core.h,
 * which the OpenCL kernels compile too.
 */
#ifndef EXACTBLAS_SUPERACC_H
#define EXACTBLAS_SUPERACC_H

#include <stdint.h>

#include "exb_core.h" /* layout, flags, canonical NaN: shared with the kernels */

#define EXB_ACC_MAX_PENDING (1u << 30)

/* The public accumulator's zero-sign state (exactblas_acc.h), kept in the
 * flags so that merges combine it: some term was added; some term added was
 * not -0.  An exact zero rounds to -0 when the first is set and the second
 * is not. */
#define EXB_FLAG_TERMS 16
#define EXB_FLAG_NOT_NEGZERO 32

/* The top digit's bound: beyond it the value (more than 2^2206 in magnitude)
 * becomes the infinity of its sign. */
#define EXB_ACC_TOP_LIMIT ((int64_t)1 << 62)

typedef struct exb_superacc {
    int64_t digit[EXB_ACC_DIGITS];
    int lo, hi;       /* the window: digits outside [lo, hi] are zero */
    uint32_t pending; /* deposits since the last normalisation */
    int flags;        /* EXB_FLAG_* (exb_core.h) */
} exb_superacc;

/* Zeroes every digit (an accumulator of unknown content). */
void exb_superacc_clear(exb_superacc *acc);
/* Zeroes the window only: for an accumulator that has been cleared once. */
void exb_superacc_reset(exb_superacc *acc);
/* acc += x exactly; NaN/Inf set flags. */
void exb_superacc_add_double(exb_superacc *acc, double x);
/* acc += a*b exactly, whatever the magnitude of the real product. */
void exb_superacc_add_product(exb_superacc *acc, double a, double b);
/* acc += raw digits and flags produced elsewhere (an OpenCL work-group or
 * row); digits outside [lo, hi] are ignored (they are zero), and each must
 * be below 2^62 in magnitude. */
void exb_superacc_add_raw(exb_superacc *acc, const int64_t *digits, int lo, int hi, int flags);
/* acc += (neg ? -m : m) * 2^lsb exactly, for any m < 2^64. */
void exb_superacc_add_scaled_u64(exb_superacc *acc, uint64_t m, int lsb, int neg);
/* dst += src exactly. */
void exb_superacc_merge(exb_superacc *dst, const exb_superacc *src);
/* Carry-propagate inside the window: digits lo..hi-1 end in [0, 2^32), the
 * top digit of the window keeps the sign. */
void exb_superacc_normalize(exb_superacc *acc);

/* Whether the value is finite and exactly zero (no NaN/Inf flag). */
int exb_superacc_is_zero(const exb_superacc *acc);
/* Marks an exactly zero value as -0 (every term was -0; see EXB_FLAG_NEG_ZERO). */
void exb_superacc_set_negative_zero(exb_superacc *acc);

/* The accumulated value rounded once to binary64, round-to-nearest-even,
 * gradual underflow, overflow to +-Inf; an exact zero gives +0, or -0 when
 * marked so.  Every NaN result is the canonical one. */
double exb_superacc_round(const exb_superacc *acc);
/* RN(acc / d), the exact quotient rounded once (TRSV's diagonal step).
 * Specials follow IEEE division of the (signed) exact value. */
double exb_superacc_round_quotient(const exb_superacc *acc, double d);
/* RN(sqrt(acc)), the square root of the exact value rounded once: NaN for
 * a negative value or -Inf, +-0 and +Inf themselves. */
double exb_superacc_round_sqrt(const exb_superacc *acc);
/* RN(alpha*acc + beta*y), the whole expression exact and rounded once
 * (GEMV's last step); beta == 0 ignores y (it is not read, NaN included). */
double exb_superacc_round_affine(const exb_superacc *acc, double alpha, double beta, double y);
/* The sign (-1, 0, +1) of alpha*acc + beta*y - z, exact (every operand
 * finite, no NaN/Inf flag; beta == 0 ignores y): where RN64 of the value is
 * z, whether the value lies above, on or below it (core/f32.h). */
int exb_superacc_affine_sign(const exb_superacc *acc, double alpha, double beta, double y,
                             double z);
/* The binary32 rounding's questions (core/f32.h's exb_f32_round takes them
 * as its sign_above, ctx the accumulator): the sign of acc - d, of
 * sqrt(acc) - d (that of acc - d^2, exact for a binary32 midpoint d: 25
 * bits), and of the exact quotient acc / den minus q (that of acc - q den,
 * with den's sign). */
int exb_superacc_sign_above(void *acc, double d);
int exb_superacc_sqrt_sign_above(void *acc, double d);
int exb_superacc_quotient_sign(const exb_superacc *acc, double den, double q);
/* RN(a1*v1 + a2*v2 + b1*y1 + b2*y2), the whole expression exact and
 * rounded once (a part of the complex GEMM's alpha S + beta C); a term
 * whose coefficient a or b is 0 is absent (its v or y not read, as beta =
 * 0 does for C).  Specials: the IEEE value of the operands'
 * classes (the canonical NaN); an exact zero is -0 when every term is. */
double exb_superacc_round_affine2(const exb_superacc *v1, double a1, const exb_superacc *v2,
                                  double a2, double b1, double y1, double b2, double y2);
/* The sign of a1*v1 + a2*v2 + b1*y1 + b2*y2 - z (finite operands, no
 * NaN/Inf flag), for the binary32 rounding (core/f32.h). */
int exb_superacc_affine2_sign(const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                              double b1, double y1, double b2, double y2, double z);
/* The complex quotient N / d, each part rounded once (the complex triangular
 * solve's step): Re = (Nr dr + Ni di) / D, Im = (Ni dr - Nr di) / D with D =
 * dr^2 + di^2, all exact; the rounding is proved by comparing |P| with the
 * candidate's midpoints times D exactly (no inexact quotient decides it).
 * To binary32 when f32 (then out[] hold binary32 values).  d real (di = +-0):
 * each part RN(N/dr), IEEE's specials and zero signs; d imaginary (dr =
 * +-0): (RN(Ni/di), RN(-Nr/di)); d with two nonzero parts and a NaN or an
 * infinity in N or d: both parts the canonical NaN.  A zero part is the
 * signed zero of its numerator (-0 when both its terms are -0). */
void exb_superacc_round_cquotient(const exb_superacc *nr, const exb_superacc *ni, double dr,
                                  double di, int f32, double out[2]);

#endif

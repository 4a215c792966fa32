/*
 * filter.h -- the floating-point filter (EXDSUM, EXDDOT, EXDGEMV, EXDTRSV on
 * the host; EXDSUM, EXDDOT, EXDGEMV on OpenCL): a sum of products in
 * floating point with a rigorous bound on its error, and the rounding
 * decided from it when the bound allows; the caller computes the exact
 * value otherwise.
 *
 * For terms a_j x_j (j < n), with p_j = RN(a_j x_j) and e_j = RN(a_j x_j -
 * p_j) (one FMA), h the floating-point sum of the p_j (any order) whose
 * TwoSum errors t_j are exact, c_j = RN(t_j + e_j), lo the floating-point
 * sum of the c_j and ce that of the |c_j| (host/avx512/filter.c,
 * exb_filter_add, OPENCL/sumdot.cl's filter_partial, OPENCL/gemv.cl's
 * gemv_filter;
 * where partial sums are joined, the joining TwoSum's error t joins lo and
 * |t| joins ce, one more leaf), the exact S = sum a_j x_j satisfies
 *     S = h + sum (t_j + e_j) + sum eta_j,   |eta_j| <= 2^-1075
 * (eta_j: e_j's own rounding, nonzero only when a_j x_j - p_j lies below
 * the normal range; TwoSum is exact, overflow aside).  Rounding t_j + e_j
 * costs at most u |c_j|.  lo's sum is a tree over the c_j: every addition
 * errs by at most u times its computed value, which is at most
 * (1 + gamma_d) times the sum of the |c| of the leaves below it, d the
 * largest number of additions on a leaf's way to the root; so the
 * additions' errors add up to at most d u (1 + gamma_d) sum |c_j|, and ce
 * (the same tree over the |c_j|) is at least (1 - gamma_d) sum |c_j|.  With
 * n leaves,
 *     |S - h - lo| <= (d + 1) u (1 + gamma_d) ce / (1 - gamma_d) + n 2^-1075
 *                  <= 2 (d + 1) u ce + n 2^-1073 =: B     (d u < 2^-20),
 * B itself computed with a margin for its own roundings.  A sequential sum
 * has d < n; the 32 lanes of a dot product about n / 32.  (ce is about
 * u sum |p_j| or less, so B is about d u^2 sum |p_j|: a rounding is decided
 * unless S is within that distance of a midpoint.)  A NaN or Inf anywhere
 * makes h, lo or ce non-finite: never decided.
 */
#ifndef EXACTBLAS_FILTER_H
#define EXACTBLAS_FILTER_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "exb_core.h"

/* One more term a*x into (h, lo, ce): exb_core.h's step, e by one FMA. */
static inline void exb_filter_add(double *h, double *lo, double *ce, double a, double x)
{
    double p = a * x;
    exb_filter_step(h, lo, ce, p, fma(a, x, -p));
}

/* exb_filter_join (exb_core.h): (h2, lo2, ce2), another partial sum's
 * filter, joined into (h, lo, ce) as one more leaf. */

/* B for n leaves whose sums take at most `depth` additions on the way to
 * the root (as above), ce as above; +Inf when they are too many for the
 * bound's assumptions. */
static inline double exb_filter_bound_tree(double depth, double n, double ce)
{
    if (!(depth < 0x1p30) || !(n < 0x1p52))
        return INFINITY;
    /* n 2^-1073 < 2^-1021 for n < 2^52: the normal constant bounds it,
     * and no subnormal operand reaches the FPU (a microcode assist: 20 ns
     * of a 10-element DDOT's 60 on this CPU) */
    return (2.0 * (depth + 1.0) * 0x1p-53 * ce) * (1.0 + 0x1p-40) + 0x1p-1021;
}

/* B for nt leaves summed in any tree (depth below nt). */
static inline double exb_filter_bound(double nt, double ce)
{
    return exb_filter_bound_tree(nt - 1.0, nt, ce);
}

/* EXDGEMV's filter takes alpha = +-2^k, normal (alpha RN(S') is then
 * RN(alpha S') when normal), and beta y_i as one more term (beta / alpha) y_i:
 * whether alpha qualifies, and beta / alpha when it is exact (else NaN). */
static inline int exb_filter_alpha_ok(double alpha)
{
    int e;
    return isfinite(alpha) && fabs(frexp(alpha, &e)) == 0.5 && fabs(alpha) >= 0x1p-1022;
}

static inline double exb_filter_beta(double alpha, double beta)
{
    double beta2 = beta / alpha;
    if (beta != 0.0 && (!isfinite(beta2) || !(fabs(beta2) >= 0x1p-1022) || beta2 * alpha != beta))
        return NAN;
    return beta2;
}

/* Half the smaller gap next to v, |v| in [2^-968, 2^1024): v's exponent
 * field gives its ulp 2^(E-1075) (half of it below a power of two), read
 * from the bits rather than through frexp and ldexp (library calls). */
static inline double exb_filter_half_gap(double v)
{
    uint64_t bits, half;
    memcpy(&bits, &v, sizeof bits);
    uint64_t biased = (bits >> 52) & 0x7ff, fraction = bits & ((UINT64_C(1) << 52) - 1);
    half = (biased - (fraction == 0 ? 54 : 53)) << 52;
    double out;
    memcpy(&out, &half, sizeof out);
    return out;
}

/* RN(S) for S within `bound` of h + lo: r = RN(h + lo), with its TwoSum
 * error e (h + lo = r + e exactly), when |e| + bound (with a margin for
 * their own roundings) is below half the smaller gap next to r.  1 with
 * *out = r, else 0 (|r| outside [2^-900, 2^1020], a NaN, or too near a
 * midpoint). */
static inline int exb_filter_round(double h, double lo, double bound, double *out)
{
    double r = h + lo, bb = r - h, e = (h - (r - bb)) + (lo - bb);
    if (!(fabs(r) >= 0x1p-900) || !(fabs(r) <= 0x1p1020) || !(bound < INFINITY))
        return 0;
    if (!((fabs(e) + bound) * (1.0 + 0x1p-50) < exb_filter_half_gap(r)))
        return 0;
    *out = r;
    return 1;
}

/* A short contiguous sum (y NULL) or dot product through the filter, for
 * the small-call path: four chains side by side (one chain's TwoSums
 * serialise four additions a term), joined at the end, RN(S) into *out
 * where the bound decides (1), else 0.  The bound's tree: each chain's lo
 * a sequential sum over its about n/4 leaves, each join two more additions
 * on a leaf's way, three joins, so depth n/4 + 8 covers every leaf; the
 * leaves are the n terms and the three joins' errors. */
static inline int exb_filter_sum_short(long n, const double *x, const double *y, double *out)
{
    double h[4] = {0.0, 0.0, 0.0, 0.0}, lo[4] = {0.0, 0.0, 0.0, 0.0}, ce[4] = {0.0, 0.0, 0.0, 0.0};
    long i = 0;
    for (; i + 4 <= n; i += 4)
        for (int k = 0; k < 4; k++) {
            double a = x[i + k], b = y ? y[i + k] : 1.0, p = a * b;
            exb_filter_step(&h[k], &lo[k], &ce[k], p, y ? fma(a, b, -p) : 0.0);
        }
    for (int k = 0; i < n; i++, k++) {
        double a = x[i], b = y ? y[i] : 1.0, p = a * b;
        exb_filter_step(&h[k], &lo[k], &ce[k], p, y ? fma(a, b, -p) : 0.0);
    }
    exb_filter_join(&h[0], &lo[0], &ce[0], h[1], lo[1], ce[1]);
    exb_filter_join(&h[2], &lo[2], &ce[2], h[3], lo[3], ce[3]);
    exb_filter_join(&h[0], &lo[0], &ce[0], h[2], lo[2], ce[2]);
    double depth = (double)(n / 4) + 8.0, leaves = (double)n + 3.0;
    return exb_filter_round(h[0], lo[0], exb_filter_bound_tree(depth, leaves, ce[0]), out);
}

/* RN(S / d) for S within `bound` of h + lo (d = 1: exb_filter_round).  With
 * r = RN(h + lo) and its TwoSum error e (h + lo = r + e exactly), a
 * candidate q = RN(r / d) + RN((rho + e) / d), rho = r - RN(r / d) d exactly
 * (one FMA); then S - q d = (r - P) - P' + e + delta exactly, where q d =
 * P + P' (TwoProduct) and r - P = s1 + s1' (TwoSum), |delta| <= bound.  The
 * four doubles are added in floating point (error at most gamma_3 times the
 * sum of their magnitudes), and when the total is below |d| times half the
 * smaller gap next to q, RN(S / d) = q.  1 with *out = q, else 0 (a zero,
 * subnormal or huge value, a NaN, or too near a midpoint).  Nothing here
 * underflows (every magnitude stays above 2^-900 * 2^-110) or overflows
 * (|r|, |q| <= 2^1020, so q d is within a few units of r). */
static inline int exb_filter_quotient(double h, double lo, double bound, double d, double *out)
{
    double r = h + lo, bb = r - h, e = (h - (r - bb)) + (lo - bb);
    if (!isfinite(r) || !isfinite(e) || !isfinite(bound) || !isfinite(d) ||
        !(fabs(r) >= 0x1p-900) || !(fabs(r) <= 0x1p1020) || !(fabs(d) >= 0x1p-900) ||
        !(fabs(d) <= 0x1p900))
        return 0;
    double q0 = r / d, rho = fma(-q0, d, r), q = q0 + (rho + e) / d;
    if (!(fabs(q) >= 0x1p-900) || !(fabs(q) <= 0x1p1020))
        return 0;
    double P = q * d, P2 = fma(q, d, -P);
    double s1 = r - P, b1 = s1 - r, s2 = (r - (s1 - b1)) + (-P - b1);
    double dev =
        fabs(((s1 - P2) + e) + s2) + (fabs(s1) + fabs(P2) + fabs(e) + fabs(s2)) * 0x1p-50 + bound;
    double limit = fabs(d) * exb_filter_half_gap(q); /* exact when normal */
    if (!(limit >= 0x1p-1022) || !(dev * (1.0 + 0x1p-50) < limit))
        return 0;
    *out = q;
    return 1;
}

#endif

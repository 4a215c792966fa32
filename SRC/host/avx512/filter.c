/*
 * avx512/filter.c -- the floating-point filter (core/filter.h) for CPUs
 * with AVX-512 (avx512.h): EXDGEMV's rows eight at a time and its columns
 * four at a time, dot products in 32 lanes, the decisions eight at a time,
 * and core/filter.h's scalar steps compiled with this file's FMA (a plain
 * build would call the C library's fma()).
 */
#include "avx512.h"

#if EXB_HAVE_AVX512
#include <immintrin.h>
#include <math.h>
#include <stdint.h>

#include "core/filter.h"

/* ---- the floating-point filter of EXDGEMV 'N' (gemv_rows.c) ------------------ */

/* One column for eight rows: p = RN(a x), e = a x - p (one FMA),
 * TwoSum(h, p) -> (h, t), c = RN(t + e), l += c, s += |c|; four of the
 * additions spelled fma(a, 1, b) (the same single rounding) so that both
 * kinds of FP unit work. */
#define FILTER_STEP(av, xj, h, l, s)                                                               \
    do {                                                                                           \
        const __m512d one_ = _mm512_set1_pd(1.0);                                                  \
        __m512d p_ = _mm512_mul_pd(av, xj), e_ = _mm512_fmsub_pd(av, xj, p_);                      \
        __m512d sum_ = _mm512_add_pd(h, p_), bb_ = _mm512_sub_pd(sum_, h);                         \
        __m512d t_ = _mm512_add_pd(_mm512_sub_pd(h, _mm512_sub_pd(sum_, bb_)),                     \
                                   _mm512_fmsub_pd(p_, one_, bb_));                                \
        __m512d c_ = _mm512_fmadd_pd(t_, one_, e_);                                                \
        h = sum_;                                                                                  \
        l = _mm512_fmadd_pd(c_, one_, l);                                                          \
        s = _mm512_fmadd_pd(_mm512_abs_pd(c_), one_, s);                                           \
    } while (0)

static __mmask8 filter_mask(long left)
{
    return left >= 8 ? 0xff : (left > 0 ? (__mmask8)((1u << left) - 1) : 0);
}

/* Blocks of eight columns; in each, every pair of eight-row groups loads its
 * partial sums from hi/lo/ab, takes the eight columns and stores them back:
 * the eight columns' pages stay in the TLB while the rows go down them (a
 * sweep of a few rows over all columns touched a new page per column). */
static void rows_filter(const double *a, long lda, long count, const double *x, long n, double *hi,
                        double *lo, double *ab)
{
    for (long r = 0; r < count; r++)
        hi[r] = lo[r] = ab[r] = 0.0;
    for (long j0 = 0; j0 < n; j0 += 8) {
        int cols = n - j0 < 8 ? (int)(n - j0) : 8;
        __m512d xj[8];
        for (int c = 0; c < cols; c++)
            xj[c] = _mm512_set1_pd(x[j0 + c]);
        for (long r0 = 0; r0 < count; r0 += 16) {
            __mmask8 m0 = filter_mask(count - r0), m1 = filter_mask(count - r0 - 8);
            __m512d h0 = _mm512_maskz_loadu_pd(m0, hi + r0),
                    l0 = _mm512_maskz_loadu_pd(m0, lo + r0),
                    s0 = _mm512_maskz_loadu_pd(m0, ab + r0);
            __m512d h1 = _mm512_maskz_loadu_pd(m1, hi + r0 + 8),
                    l1 = _mm512_maskz_loadu_pd(m1, lo + r0 + 8),
                    s1 = _mm512_maskz_loadu_pd(m1, ab + r0 + 8);
            const double *col = a + r0 + j0 * lda;
            for (int c = 0; c < cols; c++, col += lda) {
                if (j0 + 8 + c < n) { /* the same rows of the next block's column */
                    _mm_prefetch((const char *)(col + 8 * lda), _MM_HINT_T0);
                    _mm_prefetch((const char *)(col + 8 * lda + 8), _MM_HINT_T0);
                }
                __m512d a0 = _mm512_maskz_loadu_pd(m0, col),
                        a1 = _mm512_maskz_loadu_pd(m1, col + 8);
                FILTER_STEP(a0, xj[c], h0, l0, s0);
                FILTER_STEP(a1, xj[c], h1, l1, s1);
            }
            _mm512_mask_storeu_pd(hi + r0, m0, h0);
            _mm512_mask_storeu_pd(lo + r0, m0, l0);
            _mm512_mask_storeu_pd(ab + r0, m0, s0);
            _mm512_mask_storeu_pd(hi + r0 + 8, m1, h1);
            _mm512_mask_storeu_pd(lo + r0 + 8, m1, l1);
            _mm512_mask_storeu_pd(ab + r0 + 8, m1, s1);
        }
    }
}

/* Another lane's partial sums joined into (h, l, s), lane by lane: a TwoSum
 * whose error joins l and its magnitude s (filter.h: one more leaf). */
static inline void filter_join(__m512d *h, __m512d *l, __m512d *s, __m512d h2, __m512d l2,
                               __m512d s2)
{
    __m512d total = _mm512_add_pd(*h, h2), bb = _mm512_sub_pd(total, *h);
    __m512d t = _mm512_add_pd(_mm512_sub_pd(*h, _mm512_sub_pd(total, bb)), _mm512_sub_pd(h2, bb));
    *h = total;
    *l = _mm512_add_pd(*l, _mm512_add_pd(t, l2));
    *s = _mm512_add_pd(*s, _mm512_add_pd(s2, _mm512_abs_pd(t)));
}

/* The eight lanes joined into one sum (a tree of 7 joins: halves, quarters,
 * pairs), in vector registers. */
static inline void filter_reduce(__m512d h, __m512d l, __m512d s, double *hi, double *lo,
                                 double *ab)
{
    filter_join(&h, &l, &s, _mm512_shuffle_f64x2(h, h, 0x4e), _mm512_shuffle_f64x2(l, l, 0x4e),
                _mm512_shuffle_f64x2(s, s, 0x4e));
    filter_join(&h, &l, &s, _mm512_permutex_pd(h, 0x4e), _mm512_permutex_pd(l, 0x4e),
                _mm512_permutex_pd(s, 0x4e));
    filter_join(&h, &l, &s, _mm512_permute_pd(h, 0x55), _mm512_permute_pd(l, 0x55),
                _mm512_permute_pd(s, 0x55));
    *hi = _mm512_cvtsd_f64(h);
    *lo = _mm512_cvtsd_f64(l);
    *ab = _mm512_cvtsd_f64(s);
}

static void dot_filter(const double *a, const double *x, long n, double *hi, double *lo,
                       double *ab);

/* The filter for the columns c < count of a (column c: a[c*lda + j], j <
 * m) against x: EXDGEMV 'T', four columns at a time sharing the loads of x,
 * eight lanes each, joined at the end (bound as for m + 32 terms, like a
 * dot product). */
static void cols_filter(const double *a, long lda, long count, const double *x, long m, double *hi,
                        double *lo, double *ab)
{
    long c = 0;
    for (; c + 4 <= count; c += 4) {
        const double *col = a + c * lda;
        __m512d h[4], l[4], s[4];
        for (int k = 0; k < 4; k++)
            h[k] = l[k] = s[k] = _mm512_setzero_pd();
        for (long j = 0; j < m; j += 8) {
            __mmask8 mk = filter_mask(m - j);
            __m512d xv = _mm512_maskz_loadu_pd(mk, x + j);
            for (int k = 0; k < 4; k++) {
                __m512d av = _mm512_maskz_loadu_pd(mk, col + k * lda + j);
                FILTER_STEP(av, xv, h[k], l[k], s[k]);
            }
        }
        for (int k = 0; k < 4; k++)
            filter_reduce(h[k], l[k], s[k], hi + c + k, lo + c + k, ab + c + k);
    }
    for (; c < count; c++)
        dot_filter(a + c * lda, x, m, hi + c, lo + c, ab + c);
}

/* The same filter for one contiguous dot product (EXDGEMV 'T', EXDDOT) or
 * sum (y == NULL, EXDSUM: p = x, e = 0): 32 lanes, combined by TwoSums
 * whose errors join lo. */
static inline void lanes_filter(const double *a, const double *x, long n, double *hi, double *lo,
                                double *ab, const int sum)
{
    __m512d h[4], l[4], s[4], one = _mm512_set1_pd(1.0);
    for (int g = 0; g < 4; g++)
        h[g] = l[g] = s[g] = _mm512_setzero_pd();
    long j = 0;
    for (; j + 32 <= n; j += 32) {
        _mm_prefetch((const char *)(a + j + 512), _MM_HINT_T0);
        _mm_prefetch((const char *)(a + j + 520), _MM_HINT_T0);
        _mm_prefetch((const char *)(a + j + 528), _MM_HINT_T0);
        _mm_prefetch((const char *)(a + j + 536), _MM_HINT_T0);
        for (int g = 0; g < 4; g++) {
            __m512d av = _mm512_loadu_pd(a + j + 8 * g);
            __m512d xv = sum ? one : _mm512_loadu_pd(x + j + 8 * g);
            FILTER_STEP(av, xv, h[g], l[g], s[g]);
        }
    }
    for (; j < n; j += 8) {
        __mmask8 m = filter_mask(n - j);
        __m512d av = _mm512_maskz_loadu_pd(m, a + j);
        __m512d xv = sum ? one : _mm512_maskz_loadu_pd(m, x + j);
        FILTER_STEP(av, xv, h[0], l[0], s[0]);
    }
    for (int g = 1; g < 4; g++)
        filter_join(&h[0], &l[0], &s[0], h[g], l[g], s[g]);
    filter_reduce(h[0], l[0], s[0], hi, lo, ab);
}

static void dot_filter(const double *a, const double *x, long n, double *hi, double *lo, double *ab)
{
    if (x)
        lanes_filter(a, x, n, hi, lo, ab, 0);
    else
        lanes_filter(a, NULL, n, hi, lo, ab, 1);
}

/* The constants of the decisions (exb_filter_round) for nt terms. */
typedef struct decide_consts {
    __m512d bound_a, margin, bound_b, slack, tiny, huge, out_min, out_max;
    __m512i frac_mask, exp_mask;
} decide_consts;

static inline decide_consts decide_setup(double nt)
{
    decide_consts k;
    k.bound_a = _mm512_set1_pd(2.0 * nt * 0x1p-53);
    k.margin = _mm512_set1_pd(1.0 + 0x1p-40);
    k.bound_b = _mm512_set1_pd(0x1p-1021); /* > nt 2^-1073, and not subnormal (filter.h) */
    k.slack = _mm512_set1_pd(1.0 + 0x1p-50);
    k.tiny = _mm512_set1_pd(0x1p-900);
    k.huge = _mm512_set1_pd(0x1p1020);
    k.out_min = _mm512_set1_pd(0x1p-1021);
    k.out_max = _mm512_set1_pd(0x1.fffffffffffffp1023);
    k.frac_mask = _mm512_set1_epi64((long long)((UINT64_C(1) << 52) - 1));
    k.exp_mask = _mm512_set1_epi64(0x7ff);
    return k;
}

/* exb_filter_round on eight lanes (h, l, c) of mask m, then alpha RN(S):
 * *out the results, the lanes whose bound decides returned. */
static inline __mmask8 decide_lanes(const decide_consts *k, __mmask8 m, __m512d h, __m512d l,
                                    __m512d c, __m512d va, __m512d *out)
{
    __m512d r = _mm512_add_pd(h, l), bb = _mm512_sub_pd(r, h);
    __m512d e = _mm512_add_pd(_mm512_sub_pd(h, _mm512_sub_pd(r, bb)), _mm512_sub_pd(l, bb));
    __m512d bound =
        _mm512_add_pd(_mm512_mul_pd(_mm512_mul_pd(k->bound_a, c), k->margin), k->bound_b);
    __m512d ar = _mm512_abs_pd(r);
    __mmask8 ok = _mm512_mask_cmp_pd_mask(m, ar, k->tiny, _CMP_GE_OQ) &
                  _mm512_cmp_pd_mask(ar, k->huge, _CMP_LE_OQ) &
                  _mm512_cmp_pd_mask(bound, _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
    /* half the smaller gap next to r (exb_filter_half_gap) */
    __m512i bits = _mm512_castpd_si512(r);
    __m512i biased = _mm512_and_si512(_mm512_srli_epi64(bits, 52), k->exp_mask);
    __mmask8 pow2 = _mm512_testn_epi64_mask(bits, k->frac_mask);
    __m512i half = _mm512_mask_sub_epi64(_mm512_sub_epi64(biased, _mm512_set1_epi64(53)), pow2,
                                         biased, _mm512_set1_epi64(54));
    __m512d gap = _mm512_castsi512_pd(_mm512_slli_epi64(half, 52));
    __m512d dev = _mm512_mul_pd(_mm512_add_pd(_mm512_abs_pd(e), bound), k->slack);
    ok &= _mm512_cmp_pd_mask(dev, gap, _CMP_LT_OQ);
    __m512d o = _mm512_mul_pd(va, r), aout = _mm512_abs_pd(o);
    ok &= _mm512_cmp_pd_mask(aout, k->out_min, _CMP_GE_OQ) &
          _mm512_cmp_pd_mask(aout, k->out_max, _CMP_LE_OQ);
    *out = o;
    return ok;
}

/* exb_filter_round, eight outputs a vector (the same operations and
 * tests), then alpha RN(S) as EXDGEMV's result (see rows.h). */
static long filter_decide(long count, const double *hi, const double *lo, const double *ab,
                          double nt, double alpha, const double *beta2, double *y, long incy,
                          long *undecided)
{
    long left = 0;
    if (beta2)
        nt += 1.0;
    if (!(nt < 0x1p30)) {
        for (long r = 0; r < count; r++)
            undecided[left++] = r;
        return left;
    }
    const decide_consts k = decide_setup(nt);
    const __m512d va = _mm512_set1_pd(alpha);
    const __m512i step = _mm512_set1_epi64(incy), lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    for (long r0 = 0; r0 < count; r0 += 8) {
        __mmask8 m = filter_mask(count - r0);
        __m512i at = _mm512_mullo_epi64(_mm512_add_epi64(_mm512_set1_epi64(r0), lane), step);
        __m512d h = _mm512_maskz_loadu_pd(m, hi + r0), l = _mm512_maskz_loadu_pd(m, lo + r0),
                c = _mm512_maskz_loadu_pd(m, ab + r0);
        if (beta2) { /* (beta / alpha) y_r, one more term */
            __m512d yv = incy == 1 ? _mm512_maskz_loadu_pd(m, y + r0)
                                   : _mm512_mask_i64gather_pd(_mm512_setzero_pd(), m, at, y, 8);
            FILTER_STEP(_mm512_set1_pd(*beta2), yv, h, l, c);
        }
        __m512d out;
        __mmask8 ok = decide_lanes(&k, m, h, l, c, va, &out);
        if (incy == 1)
            _mm512_mask_storeu_pd(y + r0, ok, out);
        else
            _mm512_mask_i64scatter_pd(y, ok, at, out, 8);
        for (unsigned rest = (unsigned)(m & ~ok); rest; rest &= rest - 1)
            undecided[left++] = r0 + __builtin_ctz(rest);
    }
    return left;
}

static int filter_quotient(double h, double lo, double bound, double d, double *out)
{
    return exb_filter_quotient(h, lo, bound, d, out);
}

static void filter_add_terms(double *h, double *lo, double *ce, const double *a, long inc,
                             const double *x, long len)
{
    for (long j = 0; j < len; j++)
        exb_filter_add(h, lo, ce, a[j * inc], x[j]);
}

static int filter_sum_short(long n, const double *x, const double *y, double *out)
{
    return exb_filter_sum_short(n, x, y, out);
}

/* A rank-one column a[i] := RN(a[i] + u[i] p) (GER and SYR when p = alpha
 * w_j is exact): one FMA is that rounding.  Zeros (their sign),
 * infinities and NaNs go to the exact path. */
static long rank_fma(double *a, long len, const double *u, double p, long *undecided)
{
    long left = 0;
    const __m512d vp = _mm512_set1_pd(p), max = _mm512_set1_pd(0x1.fffffffffffffp1023);
    for (long r0 = 0; r0 < len; r0 += 8) {
        __mmask8 m = filter_mask(len - r0);
        __m512d av = _mm512_maskz_loadu_pd(m, a + r0), uv = _mm512_maskz_loadu_pd(m, u + r0);
        __m512d r = _mm512_fmadd_pd(uv, vp, av), ar = _mm512_abs_pd(r);
        __mmask8 ok = _mm512_mask_cmp_pd_mask(m, ar, _mm512_setzero_pd(), _CMP_GT_OQ) &
                      _mm512_cmp_pd_mask(ar, max, _CMP_LE_OQ);
        _mm512_mask_storeu_pd(a + r0, ok, r);
        for (unsigned rest = (unsigned)(m & ~ok); rest; rest &= rest - 1)
            undecided[left++] = r0 + __builtin_ctz(rest);
    }
    return left;
}

/* The binary32 twin of rank_fma: r = RN64(a + u p) by one FMA (a, u, p
 * binary32 values or their exact products), stored as RN32(r) where that is
 * RN32(a + u p): r in binary32's normal range below its top binade and not
 * a binary32 midpoint (the bit below binary32's last set and none under
 * it; core/f32.h).  The rest, zeros included, go to the exact path. */
static long rank_fma_f32(float *a, long len, const double *u, double p, long *undecided)
{
    long left = 0;
    const __m512d vp = _mm512_set1_pd(p);
    const __m512i low = _mm512_set1_epi64((1LL << 29) - 1), mid = _mm512_set1_epi64(1LL << 28),
                  exp_mask = _mm512_set1_epi64(0x7ff), lo_exp = _mm512_set1_epi64(1023 - 126),
                  hi_exp = _mm512_set1_epi64(1023 + 127);
    for (long r0 = 0; r0 < len; r0 += 8) {
        __mmask8 m = filter_mask(len - r0);
        __m512d av = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m, a + r0)),
                uv = _mm512_maskz_loadu_pd(m, u + r0);
        __m512d r = _mm512_fmadd_pd(uv, vp, av);
        __m512i bits = _mm512_castpd_si512(r);
        __m512i biased = _mm512_and_si512(_mm512_srli_epi64(bits, 52), exp_mask);
        __mmask8 ok = _mm512_mask_cmpge_epi64_mask(m, biased, lo_exp) &
                      _mm512_cmplt_epi64_mask(biased, hi_exp) &
                      _mm512_cmpneq_epi64_mask(_mm512_and_si512(bits, low), mid);
        _mm256_mask_storeu_ps(a + r0, ok, _mm512_cvtpd_ps(r));
        for (unsigned rest = (unsigned)(m & ~ok); rest; rest &= rest - 1)
            undecided[left++] = r0 + __builtin_ctz(rest);
    }
    return left;
}

/* A rank-one column a[i] := RN(a[i] + u[i] p + u[i] e) (GER and SYR: p + e
 * = alpha w_j exactly), eight rows at a time with a short test of its own:
 * t = RN(u p), e1 = u p - t (an FMA), r = RN(a + t), e2 = a + t - r
 * (TwoSum), t2 = RN(u e); the exact value is v = r + s with s = e2 + e1 +
 * u e, and q = RN(RN(e1 + t2) + e2) is within 2^-51 (|e1| + |t2| + |e2|) +
 * 2^-1072 of s (three roundings of terms no larger than those, t2's own,
 * and the FMA's error when u p underflows, below 2^-1074).  r2 = RN(r + q),
 * r + q = r2 + e3 (TwoSum), so |v - r2| <= |e3| + that bound; r2 is RN(v)
 * when this, times 1 + 2^-50 for its own roundings, is below half the
 * smaller gap next to r2, with r2 at least 2^-900 and at most 2^1020 (no
 * overflow in the steps; zeros and specials go to the exact path). */
static long rank_one(double *a, long len, const double *u, double p, double e, long *undecided)
{
    long left = 0;
    const __m512d vp = _mm512_set1_pd(p), ve = _mm512_set1_pd(e), small = _mm512_set1_pd(0x1p-51),
                  floor_ = _mm512_set1_pd(0x1p-1021), /* > the subnormal unit; normal (filter.h) */
        slack = _mm512_set1_pd(1.0 + 0x1p-50), tiny = _mm512_set1_pd(0x1p-900),
                  huge = _mm512_set1_pd(0x1p1020);
    const __m512i frac_mask = _mm512_set1_epi64((long long)((UINT64_C(1) << 52) - 1)),
                  exp_mask = _mm512_set1_epi64(0x7ff);
    for (long r0 = 0; r0 < len; r0 += 8) {
        __mmask8 m = filter_mask(len - r0);
        __m512d av = _mm512_maskz_loadu_pd(m, a + r0), uv = _mm512_maskz_loadu_pd(m, u + r0);
        __m512d t = _mm512_mul_pd(uv, vp), e1 = _mm512_fmsub_pd(uv, vp, t);
        __m512d r = _mm512_add_pd(av, t), bb = _mm512_sub_pd(r, av);
        __m512d e2 = _mm512_add_pd(_mm512_sub_pd(av, _mm512_sub_pd(r, bb)), _mm512_sub_pd(t, bb));
        __m512d t2 = _mm512_mul_pd(uv, ve);
        __m512d q = _mm512_add_pd(_mm512_add_pd(e1, t2), e2);
        __m512d mag =
            _mm512_add_pd(_mm512_add_pd(_mm512_abs_pd(e1), _mm512_abs_pd(t2)), _mm512_abs_pd(e2));
        /* r + q = r2 + e3 exactly (TwoSum); v - r2 = e3 + (s - q) */
        __m512d r2 = _mm512_add_pd(r, q), b2 = _mm512_sub_pd(r2, r);
        __m512d e3 = _mm512_add_pd(_mm512_sub_pd(r, _mm512_sub_pd(r2, b2)), _mm512_sub_pd(q, b2));
        __m512d dev = _mm512_mul_pd(
            _mm512_add_pd(_mm512_fmadd_pd(mag, small, _mm512_abs_pd(e3)), floor_), slack);
        __m512d ar = _mm512_abs_pd(r2);
        __mmask8 ok = _mm512_mask_cmp_pd_mask(m, ar, tiny, _CMP_GE_OQ) &
                      _mm512_cmp_pd_mask(ar, huge, _CMP_LE_OQ);
        __m512i bits = _mm512_castpd_si512(r2);
        __m512i biased = _mm512_and_si512(_mm512_srli_epi64(bits, 52), exp_mask);
        __mmask8 pow2 = _mm512_testn_epi64_mask(bits, frac_mask);
        __m512i half = _mm512_mask_sub_epi64(_mm512_sub_epi64(biased, _mm512_set1_epi64(53)), pow2,
                                             biased, _mm512_set1_epi64(54));
        __m512d gap = _mm512_castsi512_pd(_mm512_slli_epi64(half, 52));
        ok &= _mm512_cmp_pd_mask(dev, gap, _CMP_LT_OQ);
        _mm512_mask_storeu_pd(a + r0, ok, r2);
        for (unsigned rest = (unsigned)(m & ~ok); rest; rest &= rest - 1)
            undecided[left++] = r0 + __builtin_ctz(rest);
    }
    return left;
}

/* The rank updates: eight rows at a time, a[i] the first leaf and every
 * term u[t][i] v[t] a FILTER_STEP, decided in the same registers
 * (decide_lanes, alpha 1: RN(S) itself) and stored where decided: one pass
 * over the column. */
static long filter_rank(double *a, long len, const double *const *u, const double *v, int terms,
                        long *undecided)
{
    if (terms == 1) /* GER, SYR, alpha w_j a double */
        return rank_fma(a, len, u[0], v[0], undecided);
    if (terms == 2 && u[0] == u[1]) /* GER, SYR */
        return rank_one(a, len, u[0], v[0], v[1], undecided);
    long left = 0;
    const decide_consts k = decide_setup(terms + 1.0);
    const __m512d one = _mm512_set1_pd(1.0);
    __m512d vv[8];
    if (terms > 8) { /* past the table's limit (host/kernels.h): none decided */
        for (long i = 0; i < len; i++)
            undecided[i] = i;
        return len;
    }
    for (int t = 0; t < terms; t++)
        vv[t] = _mm512_set1_pd(v[t]);
    for (long r = 0; r < len; r += 8) {
        __mmask8 m = filter_mask(len - r);
        __m512d h = _mm512_maskz_loadu_pd(m, a + r), l = _mm512_setzero_pd(),
                sv = _mm512_setzero_pd();
        for (int t = 0; t < terms; t++) {
            __m512d av = _mm512_maskz_loadu_pd(m, u[t] + r);
            FILTER_STEP(av, vv[t], h, l, sv);
        }
        __m512d out;
        __mmask8 ok = decide_lanes(&k, m, h, l, sv, one, &out);
        _mm512_mask_storeu_pd(a + r, ok, out);
        for (unsigned rest = (unsigned)(m & ~ok); rest; rest &= rest - 1)
            undecided[left++] = r + __builtin_ctz(rest);
    }
    return left;
}

/* exb_filter_quotient (core/filter.h) on eight lanes: the same operations
 * and tests, the lanes decided returned and their quotients in *out. */
static inline __mmask8 quotient_lanes(__mmask8 m, __m512d h, __m512d lo, __m512d bound, __m512d d,
                                      __m512d *out)
{
    const __m512d tiny = _mm512_set1_pd(0x1p-900), huge = _mm512_set1_pd(0x1p1020),
                  dmax = _mm512_set1_pd(0x1p900), eps50 = _mm512_set1_pd(0x1p-50),
                  slack = _mm512_set1_pd(1.0 + 0x1p-50), normal = _mm512_set1_pd(0x1p-1022);
    const __m512i frac_mask = _mm512_set1_epi64((long long)((UINT64_C(1) << 52) - 1)),
                  exp_mask = _mm512_set1_epi64(0x7ff);
    __m512d r = _mm512_add_pd(h, lo), bb = _mm512_sub_pd(r, h);
    __m512d e = _mm512_add_pd(_mm512_sub_pd(h, _mm512_sub_pd(r, bb)), _mm512_sub_pd(lo, bb));
    __m512d ar = _mm512_abs_pd(r), ad = _mm512_abs_pd(d);
    __mmask8 ok = _mm512_mask_cmp_pd_mask(m, ar, tiny, _CMP_GE_OQ) &
                  _mm512_cmp_pd_mask(ar, huge, _CMP_LE_OQ) &
                  _mm512_cmp_pd_mask(bound, _mm512_set1_pd(INFINITY), _CMP_LT_OQ) &
                  _mm512_cmp_pd_mask(_mm512_abs_pd(e), _mm512_set1_pd(INFINITY), _CMP_LT_OQ) &
                  _mm512_cmp_pd_mask(ad, tiny, _CMP_GE_OQ) &
                  _mm512_cmp_pd_mask(ad, dmax, _CMP_LE_OQ);
    __m512d q0 = _mm512_div_pd(r, d), rho = _mm512_fnmadd_pd(q0, d, r);
    __m512d q = _mm512_add_pd(q0, _mm512_div_pd(_mm512_add_pd(rho, e), d));
    __m512d aq = _mm512_abs_pd(q);
    ok &= _mm512_cmp_pd_mask(aq, tiny, _CMP_GE_OQ) & _mm512_cmp_pd_mask(aq, huge, _CMP_LE_OQ);
    __m512d P = _mm512_mul_pd(q, d), P2 = _mm512_fmsub_pd(q, d, P);
    __m512d s1 = _mm512_sub_pd(r, P), b1 = _mm512_sub_pd(s1, r);
    __m512d s2 = _mm512_add_pd(_mm512_sub_pd(r, _mm512_sub_pd(s1, b1)),
                               _mm512_sub_pd(_mm512_sub_pd(_mm512_setzero_pd(), P), b1));
    __m512d mag = _mm512_add_pd(_mm512_add_pd(_mm512_abs_pd(s1), _mm512_abs_pd(P2)),
                                _mm512_add_pd(_mm512_abs_pd(e), _mm512_abs_pd(s2)));
    __m512d dev = _mm512_add_pd(
        _mm512_add_pd(_mm512_abs_pd(_mm512_add_pd(_mm512_add_pd(_mm512_sub_pd(s1, P2), e), s2)),
                      _mm512_mul_pd(mag, eps50)),
        bound);
    /* |d| times half the smaller gap next to q (exb_filter_half_gap) */
    __m512i bits = _mm512_castpd_si512(q);
    __m512i biased = _mm512_and_si512(_mm512_srli_epi64(bits, 52), exp_mask);
    __mmask8 pow2 = _mm512_testn_epi64_mask(bits, frac_mask);
    __m512i half = _mm512_mask_sub_epi64(_mm512_sub_epi64(biased, _mm512_set1_epi64(53)), pow2,
                                         biased, _mm512_set1_epi64(54));
    __m512d limit = _mm512_mul_pd(ad, _mm512_castsi512_pd(_mm512_slli_epi64(half, 52)));
    ok &= _mm512_cmp_pd_mask(limit, normal, _CMP_GE_OQ) &
          _mm512_cmp_pd_mask(_mm512_mul_pd(dev, slack), limit, _CMP_LT_OQ);
    *out = q;
    return ok;
}

/* A triangular solve's row on eight right-hand sides (kernels.h): alpha b
 * the first leaf, then -t_j x_j as FILTER_STEPs in four chains (j mod 4,
 * so that the additions' latencies overlap) joined at the end: len + 1
 * leaves and 3 joins, the bound of core/filter.h for them, and the
 * quotient's test on all eight lanes (a unit diagonal's d = 1 included:
 * the test then decides RN(S) itself). */
static unsigned filter_solve8(const double *t, long tinc, const double *x, long xinc, long len,
                              double alpha, const double *b, double d, unsigned lanes, double *out)
{
    double nt = (double)len + 5.0;
    if (!(nt < 0x1p30))
        return 0;
    __mmask8 m = (__mmask8)lanes;
    __m512d h[4], l[4], c[4];
    for (int k = 0; k < 4; k++)
        h[k] = l[k] = c[k] = _mm512_setzero_pd();
    FILTER_STEP(_mm512_set1_pd(alpha), _mm512_maskz_loadu_pd(m, b), h[0], l[0], c[0]);
    long j = 0;
    for (; j + 4 <= len; j += 4)
        for (int k = 0; k < 4; k++)
            FILTER_STEP(_mm512_set1_pd(-t[(j + k) * tinc]),
                        _mm512_maskz_loadu_pd(m, x + (j + k) * xinc), h[k], l[k], c[k]);
    for (int k = 0; j < len; j++, k++)
        FILTER_STEP(_mm512_set1_pd(-t[j * tinc]), _mm512_maskz_loadu_pd(m, x + j * xinc), h[k],
                    l[k], c[k]);
    filter_join(&h[0], &l[0], &c[0], h[1], l[1], c[1]);
    filter_join(&h[2], &l[2], &c[2], h[3], l[3], c[3]);
    filter_join(&h[0], &l[0], &c[0], h[2], l[2], c[2]);
    __m512d bound =
        _mm512_add_pd(_mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(2.0 * nt * 0x1p-53), c[0]),
                                    _mm512_set1_pd(1.0 + 0x1p-40)),
                      _mm512_set1_pd(0x1p-1021)); /* > nt 2^-1073 (filter.h) */
    __m512d q;
    __mmask8 ok = quotient_lanes(m, h[0], l[0], bound, _mm512_set1_pd(d), &q);
    _mm512_mask_storeu_pd(out, ok, q);
    return ok;
}

const exb_filter_kernels exb_avx512_filter = {
    .rows = rows_filter,
    .dot = dot_filter,
    .cols = cols_filter,
    .decide = filter_decide,
    .quotient = filter_quotient,
    .add_terms = filter_add_terms,
    .sum_short = filter_sum_short,
    .rank = filter_rank,
    .rank_f32 = rank_fma_f32,
    .solve8 = filter_solve8,
};
#endif

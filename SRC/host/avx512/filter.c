/*
 * avx512/filter.c -- the floating-point filter (core/filter.h) for CPUs
 * with AVX-512 (avx512.h): EXDGEMV's rows eight at a time and its columns
 * four at a time, dot products in 32 lanes, the decisions eight at a time,
 * and core/filter.h's scalar steps compiled with this file's FMA (a plain
 * build would call the C library's fma()).
 */
#include "host/avx512/avx512.h"

#if EXB_HAVE_AVX512
#include <immintrin.h>
#include <math.h>
#include <stdint.h>

#include "core/filter.h"

/* ---- the floating-point filter of EXDGEMV 'N' (gemv_host.c) ------------------ */

/* One column for eight rows: p = RN(a x), e = a x - p (one FMA),
 * TwoSum(h, p) -> (h, t), c = RN(t + e), l += c, s += |c|; four of the
 * additions spelled fma(a, 1, b) (the same single rounding) so that both
 * kinds of FP unit work. */
#define FILTER_STEP(av, xj, h, l, s)                                                          \
    do {                                                                                      \
        const __m512d one_ = _mm512_set1_pd(1.0);                                             \
        __m512d p_ = _mm512_mul_pd(av, xj), e_ = _mm512_fmsub_pd(av, xj, p_);                \
        __m512d sum_ = _mm512_add_pd(h, p_), bb_ = _mm512_sub_pd(sum_, h);                   \
        __m512d t_ = _mm512_add_pd(_mm512_sub_pd(h, _mm512_sub_pd(sum_, bb_)),               \
                                   _mm512_fmsub_pd(p_, one_, bb_));                           \
        __m512d c_ = _mm512_fmadd_pd(t_, one_, e_);                                           \
        h = sum_;                                                                             \
        l = _mm512_fmadd_pd(c_, one_, l);                                                     \
        s = _mm512_fmadd_pd(_mm512_abs_pd(c_), one_, s);                                      \
    } while (0)

static __mmask8 filter_mask(long left)
{
    return left >= 8 ? 0xff : (left > 0 ? (__mmask8)((1u << left) - 1) : 0);
}

/* Blocks of eight columns; in each, every pair of eight-row groups loads its
 * partial sums from hi/lo/ab, takes the eight columns and stores them back:
 * the eight columns' pages stay in the TLB while the rows go down them (a
 * sweep of a few rows over all columns touched a new page per column). */
static void rows_filter(const double *a, long lda, long count, const double *x, long n,
                            double *hi, double *lo, double *ab)
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
            __m512d h0 = _mm512_maskz_loadu_pd(m0, hi + r0), l0 = _mm512_maskz_loadu_pd(m0, lo + r0),
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
                __m512d a0 = _mm512_maskz_loadu_pd(m0, col), a1 = _mm512_maskz_loadu_pd(m1, col + 8);
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
static void cols_filter(const double *a, long lda, long count, const double *x, long m,
                            double *hi, double *lo, double *ab)
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

static void dot_filter(const double *a, const double *x, long n, double *hi, double *lo,
                           double *ab)
{
    if (x)
        lanes_filter(a, x, n, hi, lo, ab, 0);
    else
        lanes_filter(a, NULL, n, hi, lo, ab, 1);
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
    const __m512d bound_a = _mm512_set1_pd(2.0 * nt * 0x1p-53), margin = _mm512_set1_pd(1.0 + 0x1p-40),
                  bound_b = _mm512_set1_pd(nt * 0x1p-1073), slack = _mm512_set1_pd(1.0 + 0x1p-50),
                  tiny = _mm512_set1_pd(0x1p-900), huge = _mm512_set1_pd(0x1p1020),
                  va = _mm512_set1_pd(alpha), out_min = _mm512_set1_pd(0x1p-1021),
                  out_max = _mm512_set1_pd(0x1.fffffffffffffp1023);
    const __m512i frac_mask = _mm512_set1_epi64((long long)((UINT64_C(1) << 52) - 1)),
                  exp_mask = _mm512_set1_epi64(0x7ff), step = _mm512_set1_epi64(incy),
                  lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
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
        __m512d r = _mm512_add_pd(h, l), bb = _mm512_sub_pd(r, h);
        __m512d e = _mm512_add_pd(_mm512_sub_pd(h, _mm512_sub_pd(r, bb)), _mm512_sub_pd(l, bb));
        __m512d bound = _mm512_add_pd(_mm512_mul_pd(_mm512_mul_pd(bound_a, c), margin), bound_b);
        __m512d ar = _mm512_abs_pd(r);
        __mmask8 ok = _mm512_mask_cmp_pd_mask(m, ar, tiny, _CMP_GE_OQ) &
                      _mm512_cmp_pd_mask(ar, huge, _CMP_LE_OQ) &
                      _mm512_cmp_pd_mask(bound, _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
        /* half the smaller gap next to r (exb_filter_half_gap) */
        __m512i bits = _mm512_castpd_si512(r);
        __m512i biased = _mm512_and_si512(_mm512_srli_epi64(bits, 52), exp_mask);
        __mmask8 pow2 = _mm512_testn_epi64_mask(bits, frac_mask);
        __m512i half = _mm512_mask_sub_epi64(_mm512_sub_epi64(biased, _mm512_set1_epi64(53)), pow2,
                                             biased, _mm512_set1_epi64(54));
        __m512d gap = _mm512_castsi512_pd(_mm512_slli_epi64(half, 52));
        __m512d dev = _mm512_mul_pd(_mm512_add_pd(_mm512_abs_pd(e), bound), slack);
        ok &= _mm512_cmp_pd_mask(dev, gap, _CMP_LT_OQ);
        __m512d out = _mm512_mul_pd(va, r), aout = _mm512_abs_pd(out);
        ok &= _mm512_cmp_pd_mask(aout, out_min, _CMP_GE_OQ) &
              _mm512_cmp_pd_mask(aout, out_max, _CMP_LE_OQ);
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

/* The rank updates: eight rows at a time, a[i] the first leaf and every
 * term u[t][i] v[t] a FILTER_STEP, then the decisions of filter_decide
 * (alpha 1: RN(S) itself) on chunks of the column. */
static long filter_rank(double *a, long len, const double *const *u, const double *v, int terms,
                        long *undecided)
{
    enum { CHUNK = 256 };
    double hi[CHUNK], lo[CHUNK], ab[CHUNK];
    long und[CHUNK], left = 0;
    for (long c0 = 0; c0 < len; c0 += CHUNK) {
        long count = len - c0 < CHUNK ? len - c0 : CHUNK;
        for (long r = 0; r < count; r += 8) {
            __mmask8 m = filter_mask(count - r);
            __m512d h = _mm512_maskz_loadu_pd(m, a + c0 + r), l = _mm512_setzero_pd(),
                    sv = _mm512_setzero_pd();
            for (int t = 0; t < terms; t++) {
                __m512d av = _mm512_maskz_loadu_pd(m, u[t] + c0 + r), vv = _mm512_set1_pd(v[t]);
                FILTER_STEP(av, vv, h, l, sv);
            }
            _mm512_mask_storeu_pd(hi + r, m, h);
            _mm512_mask_storeu_pd(lo + r, m, l);
            _mm512_mask_storeu_pd(ab + r, m, sv);
        }
        long k = filter_decide(count, hi, lo, ab, terms + 1.0, 1.0, NULL, a + c0, 1, und);
        for (long q = 0; q < k; q++)
            undecided[left++] = c0 + und[q];
    }
    return left;
}

const exb_filter_kernels exb_avx512_filter = {
    .rows = rows_filter,
    .dot = dot_filter,
    .cols = cols_filter,
    .decide = filter_decide,
    .quotient = filter_quotient,
    .add_terms = filter_add_terms,
    .rank = filter_rank,
};
#endif

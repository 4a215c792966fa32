/*
 * avx512/binned_sums.c -- the host ExSUM/ExDOT kernels for CPUs with AVX-512
 * (avx512.h): the binned front end below for contiguous vectors under
 * EXACTBLAS_FRONT=auto, and the expansion/table kernel of template_vector_sums.h
 * for strided vectors, the other FRONT and FPE settings, and every block
 * the bins cannot take.
 *
 * ---- The binned front end ------------------------------------------------------
 *
 * A block of at most BINS_BLOCK elements is read twice.  The first pass finds
 * the largest |term| of the block (as an integer maximum of bit patterns, so a
 * NaN or an infinity is found as "too large"), and whether some product
 * x_i*y_i of nonzero factors lies below EXB_PRODUCT_MIN (its TwoProduct error
 * would underflow).  Either sends the block to the exact table path.
 *
 * Otherwise every |term| < 2^E.  Three "bins" per lane, each a binary64 s_k
 * with its least significant bit at L_k = E - (k+1)W (W = BIN_WIDTH), start at
 * C_k = 1.5 * 2^(L_k+52) and take terms by Fast2Sum:
 *     s' = s_k + t;   q = s' - s_k;   t = t - q;   s_k = s'.
 * While s_k stays in the binade [2^(L_k+52), 2^(L_k+53)) -- its ulp 2^L_k --
 * this is exact: q is t rounded to a multiple of 2^L_k (|q| <= |t| + 2^(L_k-1)),
 * s' - s_k is exact (both multiples of 2^L_k, their difference small), and
 * t - q is the rounding error of s_k + t (Fast2Sum, |s_k| >= |t|), so
 * |t - q| <= 2^(L_k-1) = 2^(L_(k+1)+W-1): the next bin's range.
 *
 * Capacity: a lane takes BINS_BLOCK/16 = 128 elements per block.  Bin 0 gets
 * |q| <= 2^E = 2^(L_0+W) per element: 128 * 2^(L_0+43) = 2^(L_0+50), below the
 * 2^(L_0+51) that keeps s_0 in its binade.  Bin 1 gets the remainders of bin 0
 * (<= 2^(L_1+W-1)) and, for a dot product, the TwoProduct errors
 * e (|e| <= ulp(p)/2 < 2^(E-53) = 2^(L_1+W-10)): at most 128 * 2^(L_1+42.01),
 * within 2^(L_1+51).  Bin 2 gets remainders of bin 1 only.
 *
 * What goes where: a sum sends x through bins 0, 1, 2; a dot product sends
 * p = RN(x*y) through bins 0, 1 and e = x*y - p (exact, FMA) through bins 1,
 * 2.  The block is exact when every last remainder is zero (ORed together:
 * one instruction per group; a -0 remainder, from a -0 term, is zero).  Then
 *     sum of the block's terms = sum_k sum_lanes (s_k - C_k)     exactly,
 * and (s_k - C_k) / 2^L_k is the integer (bits(s_k) & (2^52-1)) - 2^51: three
 * exact int64 lane sums, three deposits into the long accumulator per block.
 * A block whose remainder is not zero (terms more than ~77 bits (sum) or ~24
 * bits (a product's error) below the block's largest) is redone by the table
 * path from the start, and the next WIDE_BLOCKS blocks go there directly;
 * when fewer than TABLE_MIN_LEFT elements are left, the rest goes to the
 * expansion kernel instead (no 32 KB table to clear and flush for a short
 * vector).
 *
 * Range: E is at most 991 (terms below 2^990), so C_0 < 2^1000; E is raised to
 * at least BINS_EMIN, so the lowest bin's lsb is at least 2^-1074 (every
 * double is a multiple of it).  Nothing here depends on the order of the
 * terms within a lane, the lanes or the blocks: each bin holds an exact
 * integer, so the bits are those of every other path.
 */
#include "avx512.h"

#if EXB_HAVE_AVX512
#include <immintrin.h>

#define EXB_ISA avx512
#define EXB_FMA4(a, b, c) ((v4d)_mm256_fmadd_pd((__m256d)(a), (__m256d)(b), (__m256d)(c)))
#define EXB_MASK4(m) _mm256_movemask_pd((__m256d)(m))
#define EXB_FMA1(a, b, c) __builtin_fma(a, b, c)
#include "host/template_vector_sums.h"
#include "bins.h"
#include "backend/tuning.h"

/* A rest shorter than this after a block the bins cannot take goes to the
 * expansion kernel rather than the table (32 KB to clear and flush). */
#define TABLE_MIN_LEFT (exb_tuning_of(EXB_CLASS_HOST)->sumdot_table_min_left)

/* Pass 1 on the 8 elements of mask m at x (and y): top = max(top, bits |term|),
 * tiny |= lanes whose nonzero factors have a product below EXB_PRODUCT_MIN. */
#define SCAN8(m, at, top, tiny)                                                                    \
    do {                                                                                           \
        __m512d xv_ = _mm512_maskz_loadu_pd(m, x + (at)), p_ = xv_;                                \
        if (dot) {                                                                                 \
            __m512d yv_ = _mm512_maskz_loadu_pd(m, y + (at));                                      \
            p_ = _mm512_mul_pd(xv_, yv_);                                                          \
            __mmask8 nz_ = _mm512_cmp_pd_mask(xv_, zero, _CMP_NEQ_UQ);                             \
            nz_ = _mm512_mask_cmp_pd_mask(nz_, yv_, zero, _CMP_NEQ_UQ);                            \
            tiny = _kor_mask8(tiny,                                                                \
                              _mm512_mask_cmp_pd_mask(nz_, _mm512_abs_pd(p_), pmin, _CMP_LT_OQ));  \
        }                                                                                          \
        top = _mm512_max_epi64(top, _mm512_and_si512(_mm512_castpd_si512(p_), abs_mask));          \
    } while (0)

/* Pass 1: returns the block's E (every |term| < 2^E, raised to BINS_EMIN), or
 * INT_MIN when the block must take the table path (a NaN, an infinity, a term
 * at or above 2^990, or a product of nonzero factors below EXB_PRODUCT_MIN). */
static inline __attribute__((always_inline)) int bins_scan(const double *x, const double *y,
                                                           long len, int dot)
{
    const __m512i abs_mask = _mm512_set1_epi64(INT64_MAX);
    const __m512d zero = _mm512_setzero_pd(), pmin = _mm512_set1_pd(EXB_PRODUCT_MIN);
    __m512i top0 = _mm512_setzero_si512(), top1 = top0;
    __mmask8 tiny0 = 0, tiny1 = 0;
    long i = 0;
    for (; i + 16 <= len; i += 16) {
        SCAN8((__mmask8)0xff, i, top0, tiny0);
        SCAN8((__mmask8)0xff, i + 8, top1, tiny1);
    }
    for (; i < len; i += 8)
        SCAN8(tail_mask(len - i), i, top0, tiny0);
    uint64_t max_bits = (uint64_t)_mm512_reduce_max_epi64(_mm512_max_epi64(top0, top1));
    if (tiny0 || tiny1 || max_bits >= BINS_TERM_MAX_BITS)
        return INT_MIN;
    int e = (int)(max_bits >> 52) - 1022; /* |term| < 2^e, subnormals included */
    return e < BINS_EMIN ? BINS_EMIN : e;
}

static inline __m512d bin_start(int lsb)
{
    /* 1.5 * 2^(lsb+52): biased exponent lsb + 52 + 1023, top fraction bit */
    return _mm512_castsi512_pd(
        _mm512_set1_epi64((int64_t)(((uint64_t)(lsb + 1075) << 52) | (UINT64_C(1) << 51))));
}

/* (s - C) / 2^L as an integer: the fraction field minus that of C. */
static inline __m512i bin_count(__m512d s)
{
    return _mm512_sub_epi64(_mm512_and_si512(_mm512_castpd_si512(s), _mm512_set1_epi64(MANT_MASK)),
                            _mm512_set1_epi64(INT64_C(1) << 51));
}

/* Pass 2 on the 8 elements of mask m at x (and y), into the bins s0, s1, s2;
 * left |= what is left below the last bin. */
#define BINS8(m, at, s0, s1, s2)                                                                   \
    do {                                                                                           \
        __m512d t_ = _mm512_maskz_loadu_pd(m, x + (at));                                           \
        if (dot) {                                                                                 \
            __m512d yv_ = _mm512_maskz_loadu_pd(m, y + (at));                                      \
            __m512d p_ = _mm512_mul_pd(t_, yv_);                                                   \
            __m512d e_ = _mm512_fmsub_pd(t_, yv_, p_); /* x*y - p, exact */                        \
            t_ = p_;                                                                               \
            BINS_PRODUCT(_mm512, s0, s1, s2, t_, e_);                                              \
            left = _mm512_ternarylogic_epi64(left, _mm512_castpd_si512(t_),                        \
                                             _mm512_castpd_si512(e_), 0xfe);                       \
        } else {                                                                                   \
            BIN_ADD(_mm512, s0, t_);                                                               \
            BIN_ADD_F(_mm512, s1, t_);                                                             \
            BIN_ADD(_mm512, s2, t_);                                                               \
            left = _mm512_or_si512(left, _mm512_castpd_si512(t_));                                 \
        }                                                                                          \
    } while (0)

/* Pass 2: the block into the bins (two sets of 8 lanes) and, when it is
 * exact, into acc; returns 0, or -1 (acc untouched) when a remainder is left. */
static inline __attribute__((always_inline)) int
bins_block(const double *x, const double *y, long len, int e_top, int dot, exb_superacc *acc)
{
    int lsb0 = e_top - BIN_WIDTH, lsb1 = lsb0 - BIN_WIDTH, lsb2 = lsb1 - BIN_WIDTH;
    __m512d a0 = bin_start(lsb0), a1 = bin_start(lsb1), a2 = bin_start(lsb2);
    __m512d b0 = a0, b1 = a1, b2 = a2;
    const __m512d one = _mm512_set1_pd(1.0);
    __m512i left = _mm512_setzero_si512();
    long i = 0;
    for (; i + 16 <= len; i += 16) {
        /* the lines two blocks ahead, into L2, while this block is
         * computed from cache: memory stays busy during the arithmetic, and
         * pass 1 finds them in L2 (a prefetch past the end never faults) */
        _mm_prefetch((const char *)(x + i + 2 * BINS_BLOCK), _MM_HINT_T1);
        _mm_prefetch((const char *)(x + i + 2 * BINS_BLOCK + 8), _MM_HINT_T1);
        if (dot) {
            _mm_prefetch((const char *)(y + i + 2 * BINS_BLOCK), _MM_HINT_T1);
            _mm_prefetch((const char *)(y + i + 2 * BINS_BLOCK + 8), _MM_HINT_T1);
        }
        BINS8((__mmask8)0xff, i, a0, a1, a2);
        BINS8((__mmask8)0xff, i + 8, b0, b1, b2);
    }
    for (; i < len; i += 8)
        BINS8(tail_mask(len - i), i, a0, a1, a2);
    /* a remainder that is not zero (the sign bit alone is a -0) */
    if (_mm512_test_epi64_mask(left, _mm512_set1_epi64(INT64_MAX)))
        return -1;
    const __m512d sa[BINS] = {a0, a1, a2}, sb[BINS] = {b0, b1, b2};
    const int lsb[BINS] = {lsb0, lsb1, lsb2};
    for (int k = 0; k < BINS; k++) {
        long long v = _mm512_reduce_add_epi64(_mm512_add_epi64(bin_count(sa[k]), bin_count(sb[k])));
        if (v)
            exb_superacc_add_scaled_u64(
                acc, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, lsb[k], v < 0);
    }
    return 0;
}

/* A block through the exponent-indexed table.  The terms (x, or p and e) are
 * formed by vector operations into terms[], then added to their chunks one
 * by one (exb_expacc_add); the two phases are apart so that no scalar load
 * waits on a wide store.  Groups of 8 with a NaN, an infinity or a product
 * that TwoProduct cannot split exactly take the expansion kernel's table
 * code (group_terms routes those to acc) and leave zeros in terms[]. */
static inline __attribute__((always_inline)) void table_block(const exb_sumdot_args *args,
                                                              const double *x, const double *y,
                                                              long len, int dot, exb_expacc *t,
                                                              exb_superacc *acc)
{
    const __m512i abs_mask = _mm512_set1_epi64(INT64_MAX);
    const __m512i inf_bits = _mm512_set1_epi64(INT64_C(0x7ff0000000000000));
    const __m512d zero = _mm512_setzero_pd(), pmin = _mm512_set1_pd(EXB_PRODUCT_MIN);
    double terms[2 * BINS_BLOCK];
    long i = 0, nt = 0;
    for (; i + 8 <= len; i += 8, nt += dot ? 16 : 8) {
        _mm_prefetch((const char *)(x + i + 2 * BINS_BLOCK), _MM_HINT_T1);
        if (dot)
            _mm_prefetch((const char *)(y + i + 2 * BINS_BLOCK), _MM_HINT_T1);
        __m512d xv = _mm512_loadu_pd(x + i), p = xv, e = zero;
        __mmask8 bad = 0;
        if (dot) {
            __m512d yv = _mm512_loadu_pd(y + i);
            p = _mm512_mul_pd(xv, yv);
            e = _mm512_fmsub_pd(xv, yv, p);
            __mmask8 nz = _mm512_cmp_pd_mask(xv, zero, _CMP_NEQ_UQ);
            nz = _mm512_mask_cmp_pd_mask(nz, yv, zero, _CMP_NEQ_UQ);
            bad = _mm512_mask_cmp_pd_mask(nz, _mm512_abs_pd(p), pmin, _CMP_LT_OQ);
        }
        bad |=
            _mm512_cmpge_epu64_mask(_mm512_and_si512(_mm512_castpd_si512(p), abs_mask), inf_bits);
        if (bad) {
            block_table_avx512(x + i, 1, dot ? y + i : NULL, 1, 0, 2, t, acc);
            p = e = zero;
        }
        _mm512_storeu_pd(terms + nt, p);
        if (dot)
            _mm512_storeu_pd(terms + nt + 8, e);
    }
    for (long k = 0; k < nt; k++)
        exb_expacc_add(t, acc, terms[k]);
    long groups = (len - i) / 4;
    block_table_avx512(x + i, 1, dot ? y + i : NULL, 1, 0, groups, t, acc);
    add_exact_avx512(args, x, y, i + 4 * groups, len, acc);
}

/* Elements [0, n) of contiguous x (and y): block by block through the bins,
 * or the table. */
static inline __attribute__((always_inline)) long bins_range(const exb_sumdot_args *args,
                                                             const double *x, const double *y,
                                                             long n, int dot, exb_superacc *acc)
{
    exb_expacc *table = NULL;
    int wide_left = 0;
    long binned = 0;
    for (long b = 0; b < n; b += BINS_BLOCK) {
        long len = n - b < BINS_BLOCK ? n - b : BINS_BLOCK;
        const double *xb = x + b, *yb = dot ? y + b : NULL;
        if (wide_left == 0) {
            int e_top = bins_scan(xb, yb, len, dot);
            if (e_top != INT_MIN && bins_block(xb, yb, len, e_top, dot, acc) == 0) {
                binned++;
                continue;
            }
            if (!table && n - b < TABLE_MIN_LEFT) {
                /* a short rest: the expansion kernel, which needs no table
                 * to allocate, clear and flush */
                exb_sumdot_args rest = *args;
                rest.x = xb;
                rest.y = yb;
                rest.n = n - b;
                exb_sumdot_range_avx512(&rest, 0, n - b, acc);
                break;
            }
            wide_left = WIDE_BLOCKS + 1;
        }
        wide_left--;
        if (!table)
            table = calloc(1, sizeof *table);
        if (table)
            table_block(args, xb, yb, len, dot, table, acc);
        else /* no memory for the table: the long accumulator alone */
            add_exact_avx512(args, xb, yb, 0, len, acc);
    }
    if (table) {
        exb_expacc_flush(table, acc);
        free(table);
    }
    return binned;
}

void exb_avx512_sumdot_bins(const exb_sumdot_args *args, long begin, long end, exb_superacc *acc)
{
    if (!exb_bins_allowed(args->knobs->fpe, args->knobs->front) || args->incx != 1 ||
        (args->y && args->incy != 1)) {
        exb_sumdot_range_avx512(args, begin, end, acc);
        return;
    }
    const double *x = args->x + begin;
    long binned = args->y ? bins_range(args, x, args->y + begin, end - begin, 1, acc)
                          : bins_range(args, x, NULL, end - begin, 0, acc);
    if (args->bins_blocks && binned)
        __atomic_add_fetch(args->bins_blocks, binned, __ATOMIC_RELAXED);
}

void exb_avx512_sumdot(const exb_sumdot_args *args, long begin, long end, exb_superacc *acc)
{
    exb_sumdot_range_avx512(args, begin, end, acc);
}
#endif

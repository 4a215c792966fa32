/*
 * sumdot_host_avx512.c -- the host ExSUM/ExDOT kernel for CPUs with AVX-512
 * (F, DQ, VL; compiled with -mavx512f -mavx512dq -mavx512vl -mavx2 -mfma and
 * selected at run time): the binned front end below for contiguous vectors
 * under EXACTBLAS_FRONT=auto, and the expansion/table kernel of
 * sumdot_host_impl.h for strided vectors, the other FRONT and FPE settings,
 * and every block the bins cannot take.
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
#if defined(__AVX512F__) && defined(__AVX512DQ__) && defined(__AVX512VL__) &&               \
    defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#include <limits.h>

#define EXB_ISA avx512
#define EXB_FMA4(a, b, c) ((v4d)_mm256_fmadd_pd((__m256d)(a), (__m256d)(b), (__m256d)(c)))
#define EXB_MASK4(m) _mm256_movemask_pd((__m256d)(m))
#include "sumdot_host_impl.h"
#include "rows.h"
#include "core/filter.h"

#define BINS_BLOCK 2048
#define BIN_WIDTH 43
#define BINS 3
/* A rest shorter than this after a block the bins cannot take goes to the
 * expansion kernel rather than the table (32 KB to clear and flush). */
#define TABLE_MIN_LEFT 16384
#define BINS_EMIN (-1074 + BINS * BIN_WIDTH)
#define BINS_TERM_MAX_BITS UINT64_C(0x7dd0000000000000) /* bits of EXB_TERM_MAX = 2^990 */
#define MANT_MASK ((INT64_C(1) << 52) - 1)

/* One Fast2Sum into a bin: s += t rounded to the bin's grid, t = what is left,
 * on vectors of the width W (_mm512 or _mm256; `one` is 1.0 in every lane).
 * Two spellings of the same exact operations: fma(a, 1, b) is RN(a + b) (one
 * rounding), so BIN_ADD_F runs two of its three on the FMA units and BIN_ADD
 * two on the adders; alternating them keeps both kinds of unit busy. */
#define BIN_ADD(W, s, t)                                                                 \
    do {                                                                                 \
        __typeof__(s) s_new_ = W##_add_pd(s, t);                                         \
        t = W##_sub_pd(t, W##_fmsub_pd(s_new_, one, s));                                 \
        s = s_new_;                                                                      \
    } while (0)
#define BIN_ADD_F(W, s, t)                                                               \
    do {                                                                                 \
        __typeof__(s) s_new_ = W##_fmadd_pd(t, one, s);                                  \
        t = W##_fnmadd_pd(W##_sub_pd(s_new_, s), one, t);                                \
        s = s_new_;                                                                      \
    } while (0)
/* A product p + e (TwoProduct) into bins s0, s1, s2: p through bins 0-1, e
 * through bins 1-2; p and e become what is left below them. */
#define BINS_PRODUCT(W, s0, s1, s2, p, e)                                                \
    do {                                                                                 \
        BIN_ADD(W, s0, p);                                                               \
        BIN_ADD_F(W, s1, p);                                                             \
        BIN_ADD(W, s1, e);                                                               \
        BIN_ADD_F(W, s2, e);                                                             \
    } while (0)

static inline __mmask8 tail_mask(long left)
{
    return left >= 8 ? (__mmask8)0xff : (__mmask8)((1u << left) - 1u);
}

/* Pass 1 on the 8 elements of mask m at x (and y): top = max(top, bits |term|),
 * tiny |= lanes whose nonzero factors have a product below EXB_PRODUCT_MIN. */
#define SCAN8(m, at, top, tiny)                                                          \
    do {                                                                                 \
        __m512d xv_ = _mm512_maskz_loadu_pd(m, x + (at)), p_ = xv_;                      \
        if (dot) {                                                                       \
            __m512d yv_ = _mm512_maskz_loadu_pd(m, y + (at));                            \
            p_ = _mm512_mul_pd(xv_, yv_);                                                \
            __mmask8 nz_ = _mm512_cmp_pd_mask(xv_, zero, _CMP_NEQ_UQ);                   \
            nz_ = _mm512_mask_cmp_pd_mask(nz_, yv_, zero, _CMP_NEQ_UQ);                  \
            tiny = _kor_mask8(tiny, _mm512_mask_cmp_pd_mask(nz_, _mm512_abs_pd(p_), pmin,  \
                                                           _CMP_LT_OQ));                 \
        }                                                                                \
        top = _mm512_max_epi64(top, _mm512_and_si512(_mm512_castpd_si512(p_), abs_mask)); \
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
#define BINS8(m, at, s0, s1, s2)                                                         \
    do {                                                                                 \
        __m512d t_ = _mm512_maskz_loadu_pd(m, x + (at));                                 \
        if (dot) {                                                                       \
            __m512d yv_ = _mm512_maskz_loadu_pd(m, y + (at));                            \
            __m512d p_ = _mm512_mul_pd(t_, yv_);                                         \
            __m512d e_ = _mm512_fmsub_pd(t_, yv_, p_); /* x*y - p, exact */              \
            t_ = p_;                                                                     \
            BINS_PRODUCT(_mm512, s0, s1, s2, t_, e_);                                    \
            left = _mm512_ternarylogic_epi64(left, _mm512_castpd_si512(t_),              \
                                             _mm512_castpd_si512(e_), 0xfe);             \
        } else {                                                                         \
            BIN_ADD(_mm512, s0, t_);                                                     \
            BIN_ADD_F(_mm512, s1, t_);                                                   \
            BIN_ADD(_mm512, s2, t_);                                                     \
            left = _mm512_or_si512(left, _mm512_castpd_si512(t_));                       \
        }                                                                                \
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
        long long v =
            _mm512_reduce_add_epi64(_mm512_add_epi64(bin_count(sa[k]), bin_count(sb[k])));
        if (v)
            exb_superacc_add_scaled_u64(acc, v < 0 ? 0ull - (unsigned long long)v
                                                   : (unsigned long long)v,
                                        lsb[k], v < 0);
    }
    return 0;
}

/* A block through the exponent-indexed table.  The terms (x, or p and e) are
 * formed by vector operations into terms[], then added to their chunks one
 * by one (exb_expacc_add); the two phases are apart so that no scalar load
 * waits on a wide store.  Groups of 8 with a NaN, an infinity or a product
 * that TwoProduct cannot split exactly take the expansion kernel's table
 * code (group_terms routes those to acc) and leave zeros in terms[]. */
static inline __attribute__((always_inline)) void
table_block(const exb_sumdot_args *args, const double *x, const double *y, long len, int dot,
            exb_expacc *t, exb_superacc *acc)
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
        bad |= _mm512_cmpge_epu64_mask(_mm512_and_si512(_mm512_castpd_si512(p), abs_mask),
                                      inf_bits);
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
static inline __attribute__((always_inline)) long
bins_range(const exb_sumdot_args *args, const double *x, const double *y, long n, int dot,
           exb_superacc *acc)
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

void exb_sumdot_bins_avx512(const exb_sumdot_args *args, long begin, long end,
                            exb_superacc *acc)
{
    if (!exb_bins_allowed(args->fpe, args->front) || args->incx != 1 ||
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

/* ---- The row engine's column sweep on bins (rows.h) -------------------------------
 *
 * Four rows share a 256-bit register, as in the AVX2 sweep, but each lane
 * keeps three bins (the scheme above) instead of an expansion, with its own
 * anchor E (every term of the lane so far below 2^E), kept across calls in
 * rows->bins, 32 doubles per group of four rows:
 *   [0..11]  the bins s_0, s_1, s_2 (4 lanes each)
 *   [12..23] int64 lane sums of the bins' counts, bin by bin
 *   [24..27] E per lane (int64)
 *   [28..31] bits of 2^E per lane (int64); 0: the lane is empty
 * A term at or above 2^E re-anchors its lane (E := its exponent + 1 +
 * RB_HEADROOM, at most 991): the lane's bins and sums go to its row's long
 * accumulator first.  A remainder below the last bin is not an error here:
 * it goes to the row's accumulator (rare: a term ~80 bits below the row's
 * largest).  Products TwoProduct cannot split exactly (below EXB_PRODUCT_MIN
 * with nonzero factors, at or above 2^990, NaN, Inf) go to the accumulator
 * as they are.  Every 128 columns the bins move into the int64 sums, every
 * 2^19 columns the sums into the accumulators.  So at every moment
 *     exact row value = bins + sums + accumulator (+ the unused expansion),
 * and exb_rows_flush moves the lane into the accumulator. */
#define RB_HEADROOM 8
#define RB_SUMS_LIMIT (1L << 19)
#define RB_MAX_E 991
#define RB_PREFETCH 8

typedef struct rb_group {
    __m256d s0, s1, s2;
    __m256i sum0, sum1, sum2, e, thr;
} rb_group;

static inline __m256d rb_start(__m256i lsb)
{
    return _mm256_castsi256_pd(_mm256_or_si256(
        _mm256_slli_epi64(_mm256_add_epi64(lsb, _mm256_set1_epi64x(1075)), 52),
        _mm256_set1_epi64x(INT64_C(1) << 51)));
}

static inline __m256i rb_count(__m256d s)
{
    return _mm256_sub_epi64(
        _mm256_and_si256(_mm256_castpd_si256(s), _mm256_set1_epi64x(MANT_MASK)),
        _mm256_set1_epi64x(INT64_C(1) << 51));
}

/* The bins back at their start values, for every lane's anchor. */
static inline __attribute__((always_inline)) void rb_restart(rb_group *g)
{
    __m256i w = _mm256_set1_epi64x(BIN_WIDTH);
    __m256i l0 = _mm256_sub_epi64(g->e, w), l1 = _mm256_sub_epi64(l0, w);
    g->s0 = rb_start(l0);
    g->s1 = rb_start(l1);
    g->s2 = rb_start(_mm256_sub_epi64(l1, w));
}

/* The bins' counts into the int64 sums, the bins restarted. */
static inline __attribute__((always_inline)) void rb_convert(rb_group *g)
{
    g->sum0 = _mm256_add_epi64(g->sum0, rb_count(g->s0));
    g->sum1 = _mm256_add_epi64(g->sum1, rb_count(g->s1));
    g->sum2 = _mm256_add_epi64(g->sum2, rb_count(g->s2));
    rb_restart(g);
}

static void rb_deposit(exb_superacc *acc, long long v, long lsb)
{
    if (v)
        exb_superacc_add_scaled_u64(acc, v < 0 ? 0ull - (unsigned long long)v
                                               : (unsigned long long)v,
                                    (int)lsb, v < 0);
}

/* Lane l's sums (after rb_convert) into acc; the lane's sums zeroed. */
static void rb_deposit_lane(rb_group *g, int l, exb_superacc *acc)
{
    long long e = g->e[l], v0 = g->sum0[l], v1 = g->sum1[l], v2 = g->sum2[l];
    if (g->thr[l] != 0) {
        rb_deposit(acc, v0, e - BIN_WIDTH);
        rb_deposit(acc, v1, e - 2 * BIN_WIDTH);
        rb_deposit(acc, v2, e - 3 * BIN_WIDTH);
    }
    g->sum0[l] = g->sum1[l] = g->sum2[l] = 0;
}

/* Everything in the group's bins and sums into the rows' accumulators,
 * the lanes' anchors kept. */
static void rb_deposit_all(rb_group *g, exb_superacc *acc)
{
    rb_convert(g);
    for (int l = 0; l < 4; l++)
        rb_deposit_lane(g, l, &acc[l]);
}

/* Column j's rare cases for the lanes in `bad` (exact as they are) and `up`
 * (re-anchored); the bad lanes' factors and products become zeros. */
static void rb_slow(rb_group *g, exb_superacc *acc, __mmask8 bad, __mmask8 up, __m256d *av,
                    __m256d *xv, __m256d *p)
{
    for (int l = 0; l < 4; l++)
        if (bad >> l & 1)
            exb_superacc_add_product(&acc[l], (*av)[l], (*xv)[l]);
    *av = _mm256_mask_mov_pd(*av, bad, _mm256_setzero_pd());
    *xv = _mm256_mask_mov_pd(*xv, bad, _mm256_setzero_pd());
    *p = _mm256_mask_mov_pd(*p, bad, _mm256_setzero_pd());
    if (!up)
        return;
    rb_convert(g);
    for (int l = 0; l < 4; l++) {
        if (!(up >> l & 1))
            continue;
        rb_deposit_lane(g, l, &acc[l]);
        uint64_t bits = (uint64_t)_mm256_castpd_si256(*p)[l] & INT64_MAX;
        long e = (long)(bits >> 52) - 1022 + RB_HEADROOM;
        e = e < BINS_EMIN ? BINS_EMIN : (e > RB_MAX_E ? RB_MAX_E : e);
        g->e[l] = e;
        g->thr[l] = (long long)((uint64_t)(e + 1023) << 52);
    }
    rb_restart(g);
}

/* Remainders below the last bin go to their rows (rare). */
static __attribute__((noinline)) void rb_spill(exb_superacc *acc, __m256d t, __m256d e)
{
    for (int l = 0; l < 4; l++) {
        if (t[l] != 0.0)
            exb_superacc_add_double(&acc[l], t[l]);
        if (e[l] != 0.0)
            exb_superacc_add_double(&acc[l], e[l]);
    }
}

/* One column (factors av of four rows, xv = x_j in every lane, xnz the
 * lanes when x_j != 0) into a group's bins. */
static inline __attribute__((always_inline)) void
rb_column(rb_group *g, long *count, exb_superacc *acc, __m256d av, __m256d xv, __mmask8 xnz)
{
    const __m256i abs_mask = _mm256_set1_epi64x(INT64_MAX);
    const __m256i big = _mm256_set1_epi64x((long long)BINS_TERM_MAX_BITS);
    const __m256i tiny = _mm256_set1_epi64x(0x0370000000000000LL); /* bits of 2^-968 */
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
    __m256d p = _mm256_mul_pd(av, xv);
    __m256i pb = _mm256_and_si256(_mm256_castpd_si256(p), abs_mask);
    __mmask8 nz = _mm256_mask_cmp_pd_mask(xnz, av, zero, _CMP_NEQ_UQ);
    __mmask8 bad = _kor_mask8(_mm256_cmpge_epu64_mask(pb, big),
                              _mm256_mask_cmplt_epu64_mask(nz, pb, tiny));
    __mmask8 up = _mm256_mask_cmpge_epu64_mask(_knot_mask8(bad), pb, g->thr);
    if (__builtin_expect(!_kortestz_mask8_u8(bad, up), 0)) {
        /* through copies, so that neither g nor the factors ever have their
         * address taken: they stay in registers */
        rb_group slow = *g;
        __m256d a2 = av, x2 = xv, p2 = p;
        rb_slow(&slow, acc, bad & 0xf, up & 0xf, &a2, &x2, &p2);
        *g = slow;
        av = a2;
        xv = x2;
        p = p2;
    }
    __m256d e = _mm256_fmsub_pd(av, xv, p), t = p;
    BINS_PRODUCT(_mm256, g->s0, g->s1, g->s2, t, e);
    __m256i left = _mm256_or_si256(_mm256_castpd_si256(t), _mm256_castpd_si256(e));
    if (__builtin_expect(_mm256_test_epi64_mask(left, abs_mask) != 0, 0))
        rb_spill(acc, t, e);
    if (__builtin_expect(++*count % 128 == 0, 0)) {
        rb_convert(g);
        if (*count >= RB_SUMS_LIMIT) {
            rb_group all = *g;
            rb_deposit_all(&all, acc);
            *g = all;
            *count = 0;
        }
    }
}

/* Rows r..r+3 (and r+4..r+7 when two) over ncols columns, a pointing at row
 * r; two groups side by side keep two independent chains of bin additions
 * in flight.  The groups' state is worked on in local copies (registers). */
static inline __attribute__((always_inline)) void
rb_sweep(int two, rb_group *gm, long *count_mem, exb_superacc *acc, const double *a, long lda,
         const double *x, long ncols)
{
    rb_group g0 = gm[0], g1;
    long c0 = count_mem[0], c1 = 0;
    if (two) {
        g1 = gm[1];
        c1 = count_mem[1];
    }
    for (long j = 0; j < ncols; j++) {
        /* the same rows RB_PREFETCH columns on: one line per column, lda
         * apart, a stride the hardware does not follow far enough */
        _mm_prefetch((const char *)(a + (j + RB_PREFETCH) * lda), _MM_HINT_T0);
        __m256d xv = _mm256_set1_pd(x[j]);
        __mmask8 xnz = (__mmask8)(x[j] != 0.0 ? 0xf : 0);
        rb_column(&g0, &c0, acc, _mm256_loadu_pd(a + j * lda), xv, xnz);
        if (two)
            rb_column(&g1, &c1, acc + 4, _mm256_loadu_pd(a + 4 + j * lda), xv, xnz);
    }
    gm[0] = g0;
    count_mem[0] = c0;
    if (two) {
        gm[1] = g1;
        count_mem[1] = c1;
    }
}

void exb_rows_colsweep_avx512(exb_rows *rows, long r0, long r1, const double *a, long lda,
                              const double *x, long ncols)
{
    long r = r0;
    rb_group *groups = (rb_group *)rows->bins;
    for (; r + 8 <= r1; r += 8)
        rb_sweep(1, groups + r / 4, &rows->bins_count[r / 4], rows->acc + r, a + r, lda, x, ncols);
    for (; r + 4 <= r1; r += 4)
        rb_sweep(0, groups + r / 4, &rows->bins_count[r / 4], rows->acc + r, a + r, lda, x, ncols);
    for (; r < r1; r++) /* rows that do not fill a group of four */
        for (long j = 0; j < ncols; j++)
            exb_superacc_add_product(&rows->acc[r], a[r + j * lda], x[j]);
}

void exb_rows_bins_flush_avx512(exb_rows *rows, long r)
{
    if (r >= rows->count / 4 * 4)
        return;
    rb_group *g = (rb_group *)rows->bins + r / 4;
    int l = (int)(r % 4);
    if (g->thr[l] == 0)
        return;
    /* the lane's bins into its sums (the other lanes' bins unchanged) */
    __m256i c0 = rb_count(g->s0), c1 = rb_count(g->s1), c2 = rb_count(g->s2);
    g->sum0[l] += c0[l];
    g->sum1[l] += c1[l];
    g->sum2[l] += c2[l];
    rb_deposit_lane(g, l, &rows->acc[r]);
    g->e[l] = 0;
    g->thr[l] = 0; /* empty: the next term anchors it */
}

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
void exb_rows_filter_avx512(const double *a, long lda, long count, const double *x, long n,
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

/* The filter for the columns c < count of a (column c: a[c*lda + j], j <
 * m) against x: EXDGEMV 'T', four columns at a time sharing the loads of x,
 * eight lanes each, joined at the end (bound as for m + 32 terms, like a
 * dot product). */
void exb_cols_filter_avx512(const double *a, long lda, long count, const double *x, long m,
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
        exb_dot_filter_avx512(a + c * lda, x, m, hi + c, lo + c, ab + c);
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

void exb_dot_filter_avx512(const double *a, const double *x, long n, double *hi, double *lo,
                           double *ab)
{
    if (x)
        lanes_filter(a, x, n, hi, lo, ab, 0);
    else
        lanes_filter(a, NULL, n, hi, lo, ab, 1);
}


/* exb_filter_round, eight outputs a vector (the same operations and
 * tests), then alpha RN(S) as EXDGEMV's result (see rows.h). */
long exb_filter_decide_avx512(long count, const double *hi, const double *lo, const double *ab,
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

#else
/* Built without AVX-512 support: the dispatcher never selects this variant. */
#include <math.h>

#include "core/filter.h"

#include "sumdot_host.h"
void exb_sumdot_bins_avx512(const exb_sumdot_args *args, long begin, long end,
                            exb_superacc *acc)
{
    exb_sumdot_range_generic(args, begin, end, acc);
}
#include "rows.h"
void exb_rows_colsweep_avx512(exb_rows *rows, long r0, long r1, const double *a, long lda,
                              const double *x, long ncols)
{
    exb_rows_colsweep_generic(rows, r0, r1, a, lda, x, ncols);
}
void exb_rows_bins_flush_avx512(exb_rows *rows, long r)
{
    (void)rows;
    (void)r;
}
/* (never selected; the scalar steps of core/filter.h, a sum as products
 * with 1) */
void exb_rows_filter_avx512(const double *a, long lda, long count, const double *x, long n,
                            double *hi, double *lo, double *ab)
{
    static const double one = 1.0;
    for (long r = 0; r < count; r++) {
        hi[r] = lo[r] = ab[r] = 0.0;
        for (long j = 0; j < n; j++)
            exb_filter_add(&hi[r], &lo[r], &ab[r], a[r + j * lda], x ? x[j] : one);
    }
}
void exb_dot_filter_avx512(const double *a, const double *x, long n, double *hi, double *lo,
                           double *ab)
{
    exb_rows_filter_avx512(a, 1, 1, x, n, hi, lo, ab);
}
void exb_cols_filter_avx512(const double *a, long lda, long count, const double *x, long m,
                            double *hi, double *lo, double *ab)
{
    for (long c = 0; c < count; c++)
        exb_dot_filter_avx512(a + c * lda, x, m, hi + c, lo + c, ab + c);
}
long exb_filter_decide_avx512(long count, const double *hi, const double *lo, const double *ab,
                              double nt, double alpha, const double *beta2, double *y, long incy,
                              long *undecided)
{
    (void)hi, (void)lo, (void)ab, (void)nt, (void)alpha, (void)beta2, (void)y, (void)incy;
    for (long r = 0; r < count; r++)
        undecided[r] = r;
    return count;
}
#endif

/* Both builds: the filter's scalar steps, compiled with this file's FMA. */
#include "core/filter.h"

int exb_filter_quotient_fma(double h, double lo, double bound, double d, double *out)
{
    return exb_filter_quotient(h, lo, bound, d, out);
}

void exb_filter_add_terms_fma(double *h, double *lo, double *ce, const double *a, long inc,
                              const double *x, long len)
{
    for (long j = 0; j < len; j++)
        exb_filter_add(h, lo, ce, a[j * inc], x[j]);
}


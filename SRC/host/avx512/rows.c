/*
 * avx512/rows.c -- the row engine of rows.h for CPUs with AVX-512
 * (avx512.h): its expansions (template_rows.h on this ISA) and its column
 * sweep on bins (the scheme of avx512/binned_sums.c, four rows a register).
 */
#include "avx512.h"

#if EXB_HAVE_AVX512
#include <immintrin.h>

#define EXB_ISA avx512
#define EXB_FMA4(a, b, c) ((v4d)_mm256_fmadd_pd((__m256d)(a), (__m256d)(b), (__m256d)(c)))
#define EXB_MASK4(m) _mm256_movemask_pd((__m256d)(m))
#define EXB_FMA1(a, b, c) __builtin_fma(a, b, c)
#include "host/template_vector_sums.h"
#include "host/template_rows.h"
#include "bins.h"

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
    return _mm256_castsi256_pd(
        _mm256_or_si256(_mm256_slli_epi64(_mm256_add_epi64(lsb, _mm256_set1_epi64x(1075)), 52),
                        _mm256_set1_epi64x(INT64_C(1) << 51)));
}

static inline __m256i rb_count(__m256d s)
{
    return _mm256_sub_epi64(_mm256_and_si256(_mm256_castpd_si256(s), _mm256_set1_epi64x(MANT_MASK)),
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
        exb_superacc_add_scaled_u64(
            acc, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, (int)lsb, v < 0);
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
    __mmask8 bad =
        _kor_mask8(_mm256_cmpge_epu64_mask(pb, big), _mm256_mask_cmplt_epu64_mask(nz, pb, tiny));
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
static inline __attribute__((always_inline)) void rb_sweep(int two, rb_group *gm, long *count_mem,
                                                           exb_superacc *acc, const double *a,
                                                           long lda, const double *x, long ncols)
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

void exb_avx512_colsweep_bins(exb_rows *rows, long r0, long r1, const double *a, long lda,
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

void exb_avx512_bins_flush(exb_rows *rows, long r)
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

void exb_avx512_colsweep(exb_rows *rows, long r0, long r1, const double *a, long lda,
                         const double *x, long ncols)
{
    exb_rows_colsweep_avx512(rows, r0, r1, a, lda, x, ncols);
}

void exb_avx512_add_products(exb_rows *rows, long r, const double *a, long inc, const double *x,
                             long len)
{
    exb_rows_add_products_avx512(rows, r, a, inc, x, len);
}
#endif

/*
 * avx512/residue.c -- EXDGEMM's residue path: Ozaki scheme II made exact.
 * It runs only where the CPU has AVX-512 VNNI (host/gemm/int8_engines.c
 * checks), so it is compiled for that ISA and lives in its folder; the C
 * is portable, but without the ISA the conversion and CRT loops take twice
 * as long.
 * (One file, over 600 lines: the moduli, the conversion, the CRT and its
 * rounding decision share the constants and the proof below.)
 *
 * Scaled integers.  Row i of op(A) has top exponent E_i (every |a_il| <
 * 2^E_i); a_il 2^(p - E_i) is split as A'_il + dA_il with A'_il its integer
 * part (|A'_il| < 2^p) and |dA_il| < 1; the same for column j of op(B) with
 * F_j, B'_lj and dB_lj.  Then, in units u = 2^(E_i + F_j - 2p),
 *     C_ij = P_ij + T_ij,   P_ij = sum_l A'_il B'_lj  (an integer),
 *     T_ij = sum_l A'_il dB_lj + dA_il B'_lj + dA_il dB_lj,
 * and with nA_i, nB_j the entries of the row and the column with a nonzero
 * remainder,  |T_ij| < (nA_i + nB_j) 2^p + min(nA_i, nB_j) =: R_ij:
 * R_ij = 0, C_ij = P_ij exactly, when no entry of either lost a bit.
 *
 * P by residues.  For pairwise coprime moduli m_1..m_N (at most 256, M their
 * product), P mod m_s is the integer GEMM of A' mod m_s (-128..127, signed
 * 8 bits) and B' mod m_s (0..m_s-1, unsigned 8 bits), computed as C^T =
 * B'^T A'^T so that C comes out column-major: sums below 2^31 for
 * k <= 65536 (int8.h), exact on any int8 engine.  p is the largest with
 * 4 k 2^(2p) <= M, so |P| < M / 4.  With u_s = (c_s y_s) mod m_s, y_s the
 * inverse of M / m_s modulo m_s,
 *     X = sum_s u_s (M / m_s) == P (mod M),   X / M = sum_s u_s / m_s =: f,
 * so P = X - t M with t the integer nearest f: f lies within 1/4 of t
 * (|P| < M / 4), and f's floating-point error (below N 2^-52) cannot move
 * the choice.  X and t M are added exactly in limbs of 48 bits.
 *
 * The rounding (decide.h): C_ij in [(P - R) u, (P + R) u]; when both ends
 * give the same RN(alpha c + beta y), that is the result, else (and for an
 * exact zero, whose sign the products decide) the element is computed
 * exactly (the sum/dot kernel into a long accumulator).  Neither the number
 * of moduli, the engine nor which elements were decided changes a bit.
 *
 * Runs when the data is narrow (at most 1 entry in 8 of op(A) or op(B)
 * loses bits at the chosen p: wide data takes the other paths, whose cost
 * does not grow with the range), k <= 65536 and an int8 engine is there.
 */
#include "backend/gemm.h"

#include <limits.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/sumdot.h"
#include "backend/tuning.h"
#include "host/gemm/decide.h"
#include "host/gemm/int8.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "host/gemm/slices.h"
#include "host/gemm/wide.h"
#include "core/exb_core.h"
#include "support/path.h"

#define MAX_MODULI 20
#define DIGITS 6             /* digits of |A'| < 2^80 (bits 0, 16, 32, 40, 56, 72) */
#define LIMB 48              /* X in limbs of 48 bits */
#define LIMBS 4              /* M < 2^192 */
#define SEG 256              /* entries (elements) converted (combined) at a time */
#define C_BYTES (256L << 20) /* residue products of a column block */
#define B_BYTES (64L << 20)  /* B's residues of a column block */
#define MAX_SHARES 64

/* Pairwise coprime, largest first. */
static const int moduli[MAX_MODULI] = {256, 255, 253, 251, 247, 241, 239, 233, 229, 227,
                                       223, 217, 211, 199, 197, 193, 191, 181, 179, 173};

typedef struct crt_consts {
    int n, p;                      /* moduli in use, bits of the scaled integers */
    double m[MAX_MODULI];          /* m_s */
    double inv[MAX_MODULI];        /* 1 / m_s, rounded (f below) */
    uint32_t y[MAX_MODULI];        /* (M / m_s)^-1 mod m_s */
    uint32_t magic[MAX_MODULI];    /* floor(2^38 / m_s) + 1 < 2^31 (mod_u) */
    int32_t off[MAX_MODULI];       /* m_s 2^20: makes a digit sum nonnegative */
    int32_t t16y[MAX_MODULI];      /* 2^16 y_s mod m_s */
    int64_t ms[MAX_MODULI][LIMBS]; /* M / m_s */
    int64_t mm[LIMBS];             /* M */
    int32_t t[MAX_MODULI][DIGITS]; /* 2^(digit's bit) mod m_s */
} crt_consts;

/* ---- constants -------------------------------------------------------------- */

static void big_mul(int64_t *x, int v)
{
    int64_t carry = 0;
    for (int d = 0; d < LIMBS; d++) {
        int64_t w = x[d] * v + carry;
        x[d] = w & ((INT64_C(1) << LIMB) - 1);
        carry = w >> LIMB;
    }
}

/* x / v (exact division) into q; returns x mod v. */
static int big_div(const int64_t *x, int v, int64_t *q)
{
    int64_t rem = 0;
    for (int d = LIMBS - 1; d >= 0; d--) {
        int64_t w = (rem << LIMB) + x[d]; /* rem < v <= 256: fits */
        q[d] = w / v;
        rem = w % v;
    }
    return (int)rem;
}

static int big_top_bit(const int64_t *x)
{
    for (int d = LIMBS - 1; d >= 0; d--)
        if (x[d])
            return LIMB * d + 63 - __builtin_clzll((uint64_t)x[d]);
    return -1;
}

static int ceil_log2(long k)
{
    int lg = 0;
    while ((1L << lg) < k)
        lg++;
    return lg;
}

/* The constants of the first n moduli for depth k; p from M. */
static void consts_init(crt_consts *cc, int n, long k)
{
    memset(cc, 0, sizeof *cc);
    cc->n = n;
    cc->mm[0] = 1;
    for (int s = 0; s < n; s++)
        big_mul(cc->mm, moduli[s]);
    cc->p = (big_top_bit(cc->mm) - 2 - ceil_log2(k)) / 2;
    for (int s = 0; s < n; s++) {
        int m = moduli[s];
        int r = big_div(cc->mm, m, cc->ms[s]) == 0 ? 0 : -1; /* M divisible by m */
        (void)r;
        int64_t tmp[LIMBS];
        int ms_mod = big_div(cc->ms[s], m, tmp);
        for (int y = 1; y < m; y++)
            if ((ms_mod * y) % m == 1)
                cc->y[s] = (uint32_t)y;
        cc->m[s] = m;
        cc->inv[s] = 1.0 / m;
        cc->magic[s] = (uint32_t)((UINT64_C(1) << 38) / (uint64_t)m + 1);
        cc->off[s] = m << 20;
        static const int at[DIGITS] = {0, 16, 32, 40, 56, 72};
        for (int q = 0; q < DIGITS; q++) {
            int pw = 1;
            for (int b = 0; b < at[q]; b++)
                pw = pw * 2 % m;
            cc->t[s][q] = pw;
        }
        cc->t16y[s] = (int32_t)((uint32_t)cc->t[s][1] * cc->y[s] % (uint32_t)m);
    }
}

/* The fewest moduli whose p reaches `want` (all of them otherwise). */
static void consts_choose(crt_consts *cc, int want, long k)
{
    for (int n = 2; n <= MAX_MODULI; n++) {
        consts_init(cc, n, k);
        if (cc->p >= want)
            return;
    }
}

/* u mod m for 0 <= u < 2^29 (magic = floor(2^38 / m) + 1, m <= 256):
 * u magic / 2^38 exceeds u / m by less than 2^-9 < 1/m, so its floor is
 * floor(u / m).  Integers only: no rounding mode, no libm. */
static inline uint32_t mod_u(uint32_t u, uint32_t m, uint32_t magic)
{
    return u - m * (uint32_t)(((uint64_t)u * (uint64_t)magic) >> 38); /* 32 x 32 bits */
}

/* ---- the residues of op(A) and op(B) -------------------------------------- */

/* A stored rows x cols matrix (column-major, ld) whose logical vectors are
 * its rows (per_row) or columns, each with its top: residues of the scaled
 * integers go to out + s * slen + r + c * rows (signed for A, unsigned for
 * B); nz[v] counts vector v's entries with a remainder. */
typedef struct conv_job {
    const crt_consts *cc;
    const double *p;
    long ld, rows, cols;
    int per_row, is_signed;
    const double *sc1, *sc2; /* per vector: 2^(p - top) = sc1 sc2 */
    uint8_t *out;
    long slen;
    long *nz;
    int parts;
} conv_job;

/* Residues of `len` entries from their digits: the digit sum x (|x| <
 * 4 * 65535 * 255 + 2 * 256 * 255 < 2^27) plus m 2^20 is in [0, 2^29). */
static void residues(const crt_consts *cc, int32_t (*d)[SEG], int len, int is_signed, uint8_t *out,
                     long slen)
{
    for (int s = 0; s < cc->n; s++) {
        const int32_t *t = cc->t[s];
        uint32_t m = (uint32_t)cc->m[s];
        uint32_t magic = cc->magic[s];
        int32_t off = cc->off[s], wrap = is_signed ? 128 : 256;
        uint8_t *o = out + s * slen;
        for (int e = 0; e < len; e++) {
            int32_t x = d[0][e] * t[0] + d[1][e] * t[1] + d[2][e] * t[2] + d[3][e] * t[3] +
                        d[4][e] * t[4] + d[5][e] * t[5];
            uint32_t r = mod_u((uint32_t)(x + off), m, magic);
            o[e] = (uint8_t)(r >= (uint32_t)wrap ? r - m : r); /* B: -128..127 */
        }
    }
}

/* The scaled integer t = A' of each entry x (t = x 2^(p - top) = x sc1 sc2
 * cut to its integer part; exact where it matters: an underflow leaves
 * |x sc1 sc2| < 1, so t = 0, a lost entry either way) as the digits of
 * t = hi 2^40 + lo, |hi|, |lo| < 2^40 (two's complement pieces of 16, 16
 * and the signed rest); lost[e] when x had bits below 1. */
static void digits(const double *x, int len, const double *sc1, const double *sc2, int per_entry,
                   int32_t (*d)[SEG], int *lost)
{
    int e = 0;
#if defined(__AVX512F__) && defined(__AVX512DQ__)
    /* eight at a time, the same operations: the products in the order
     * below (the entry point's round to nearest), the cut toward zero by
     * roundscale (no rounding mode, no exception), t = hi 2^40 + lo exactly */
    const __m512d zero = _mm512_setzero_pd();
    const __m512i m16 = _mm512_set1_epi64(0xffff);
    for (; e + 8 <= len; e += 8) {
        __m512d xv = _mm512_loadu_pd(x + e);
        __m512d s1 = per_entry ? _mm512_loadu_pd(sc1 + e) : _mm512_set1_pd(sc1[0]);
        __m512d s2 = per_entry ? _mm512_loadu_pd(sc2 + e) : _mm512_set1_pd(sc2[0]);
        __m512d sv = _mm512_mul_pd(_mm512_mul_pd(xv, s1), s2);
        __m512d t = _mm512_roundscale_pd(sv, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __mmask8 lm =
            _mm512_cmp_pd_mask(sv, t, _CMP_NEQ_UQ) |
            (_mm512_cmp_pd_mask(t, zero, _CMP_EQ_OQ) & _mm512_cmp_pd_mask(xv, zero, _CMP_NEQ_UQ));
        __m512d hd = _mm512_roundscale_pd(_mm512_mul_pd(t, _mm512_set1_pd(0x1p-40)),
                                          _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __m512d lod = _mm512_sub_pd(t, _mm512_mul_pd(hd, _mm512_set1_pd(0x1p40)));
        __m512i hi = _mm512_cvttpd_epi64(hd), lo = _mm512_cvttpd_epi64(lod);
        _mm256_storeu_si256((__m256i *)&d[0][e], _mm512_cvtepi64_epi32(_mm512_and_si512(lo, m16)));
        _mm256_storeu_si256((__m256i *)&d[1][e], _mm512_cvtepi64_epi32(_mm512_and_si512(
                                                     _mm512_srai_epi64(lo, 16), m16)));
        _mm256_storeu_si256((__m256i *)&d[2][e], _mm512_cvtepi64_epi32(_mm512_srai_epi64(lo, 32)));
        _mm256_storeu_si256((__m256i *)&d[3][e], _mm512_cvtepi64_epi32(_mm512_and_si512(hi, m16)));
        _mm256_storeu_si256((__m256i *)&d[4][e], _mm512_cvtepi64_epi32(_mm512_and_si512(
                                                     _mm512_srai_epi64(hi, 16), m16)));
        _mm256_storeu_si256((__m256i *)&d[5][e], _mm512_cvtepi64_epi32(_mm512_srai_epi64(hi, 32)));
        for (int q = 0; q < 8; q++)
            lost[e + q] = (lm >> q) & 1;
    }
#endif
    for (; e < len; e++) {
        int v = per_entry ? e : 0;
        double s = x[e] * sc1[v] * sc2[v];
        double t = fabs(s) < 0x1p62 ? (double)(int64_t)s : s; /* integral from 2^52 on */
        lost[e] = (s != t) | ((t == 0.0) & (x[e] != 0.0));
        double hd = (double)(int64_t)(t * 0x1p-40);
        int64_t hi = (int64_t)hd, lo = (int64_t)(t - hd * 0x1p40);
        d[0][e] = (int32_t)(lo & 0xffff);
        d[1][e] = (int32_t)((lo >> 16) & 0xffff);
        d[2][e] = (int32_t)(lo >> 32);
        d[3][e] = (int32_t)(hi & 0xffff);
        d[4][e] = (int32_t)((hi >> 16) & 0xffff);
        d[5][e] = (int32_t)(hi >> 32);
    }
}

static void conv_share(void *arg, int share, int parts)
{
    conv_job *j = arg;
    int32_t d[DIGITS][SEG];
    int lost[SEG];
    long count = j->per_row ? j->rows : j->cols;
    long v0 = count * share / parts, v1 = count * (share + 1) / parts;
    for (long v = v0; v < v1; v++)
        j->nz[v] = 0;
    long r0 = j->per_row ? v0 : 0, r1 = j->per_row ? v1 : j->rows;
    long c0 = j->per_row ? 0 : v0, c1 = j->per_row ? j->cols : v1;
    for (long c = c0; c < c1; c++)
        for (long r = r0; r < r1; r += SEG) {
            int len = (int)(r1 - r < SEG ? r1 - r : SEG);
            long v = j->per_row ? r : c;
            digits(j->p + r + c * j->ld, len, j->sc1 + v, j->sc2 + v, j->per_row, d, lost);
            for (int e = 0; e < len; e++)
                j->nz[j->per_row ? r + e : c] += lost[e];
            residues(j->cc, d, len, j->is_signed, j->out + r + c * j->rows, j->slen);
        }
}

/* 2^(p - top) = sc[v] sc[count + v], each factor a binary64 (p - top is
 * at most p + 1074). */
static void scales(const int *top, long count, int p, double *sc)
{
    for (long v = 0; v < count; v++) {
        int e = p - top[v], e1 = e > 1023 ? 1023 : e;
        sc[v] = ldexp(1.0, e1);
        sc[count + v] = ldexp(1.0, e - e1);
    }
}

static void convert(conv_job *j, int threads)
{
    long count = j->per_row ? j->rows : j->cols;
    int parts = (int)(count < threads ? count : threads);
    exb_parallel(parts > 0 ? parts : 1, conv_share, j);
}

/* ---- the work -------------------------------------------------------------- */

typedef struct crt_work {
    const exb_gemm_args *g;
    const exb_knobs *knobs;
    exb_sumdot_range_fn dot;
    exb_i8_gemm_fn engine;
    crt_consts cc;
    exb_decider dec;
    int threads;
    int bound; /* exb_host_gemm_crt_bound: upper bounds of |element| */
    int *top_a, *top_b;
    double *sc_a, *sc_b; /* per row of op(A) / column of op(B): sc1, then sc2 */
    long *nz_a, *nz_b;
    uint8_t *ra; /* op(A)'s residues, N x (m x k) */
    uint8_t *rb; /* a column block's residues of op(B), N x (k x nb) */
    int32_t *pc; /* the block's residue products, N x (m x nb), row-major */
    long nb, j0, cols;
    atomic_int failed;
    /* per share: the undecided elements of the block (keys i * cols + jj),
     * a row and a column of k, an accumulator; allocated before C is written */
    int parts;
    long *list[MAX_SHARES];
    long len[MAX_SHARES], cap[MAX_SHARES];
    double *x[MAX_SHARES];
    exb_superacc *acc[MAX_SHARES];
    atomic_long next;
} crt_work;

/* The residue products as C^T = op(B)^T op(A)^T in row-major, that is C
 * column-major (pc[s] is m x cols, leading dimension m): op(B)'s residues
 * are the unsigned operand, op(A)'s the signed one. */
static void gemm_share(void *arg, int share, int parts)
{
    crt_work *w = arg;
    const exb_gemm_args *g = w->g;
    long m = g->m, k = g->k, cols = w->cols;
    /* op(B)^T: B's residues stored k x cols column-major (l + jj k: row-major
     * cols x k) or cols x k column-major (jj + l cols: k x cols row-major);
     * op(A)^T: A's stored m x k column-major (i + l m: k x m row-major) or
     * k x m (l + i k: stored m x k) */
    int ta = g->transb, tb = g->transa;
    long lda = g->transb ? cols : k, ldb = g->transa ? k : m;
    for (int s = share; s < w->cc.n; s += parts)
        if (w->engine(ta, tb, cols, m, k, w->rb + s * k * w->nb, lda,
                      (const int8_t *)w->ra + s * m * k, ldb, w->pc + s * m * w->nb, m) != 0)
            atomic_store(&w->failed, 1);
}

/* w := floor(w / 2^sh) (two's complement, 0 <= sh < 64). */
static void wide_shift_down(exb_wide *x, int nl, int sh)
{
    if (sh == 0)
        return;
    for (int q = 0; q < nl - 1; q++)
        x->x[q] = (x->x[q] >> sh) | (x->x[q + 1] << (64 - sh));
    x->x[nl - 1] = (uint64_t)((int64_t)x->x[nl - 1] >> sh);
}

/* For y the RN result of one operation whose exact value y* >= 0: y* <=
 * raise_bound(y) (the margin 2^-50 - 2^-53 covers its own roundings,
 * 2^-1021 the subnormal unit with room: a normal constant, so that no
 * subnormal operand reaches the FPU, whose microcode assists cost tens of
 * cycles each). */
static double raise_bound(double y)
{
    return y + y * 0x1p-50 + 0x1p-1021;
}

/* Element (i, j) exactly into C (bound mode: up of its magnitude). */
static void exactly(crt_work *w, int share, long i, long j)
{
    const exb_gemm_args *g = w->g;
    const double *row = exb_gemm_row(g, i, w->x[share]);
    double v = exb_gemm_exactly(g, w->knobs, w->dot, row, i, j, w->x[share] + g->k, w->acc[share]);
    g->c[i + j * g->ldc] = w->bound ? raise_bound(fabs(v)) : v;
}

/* Bound mode: alpha W u + beta C_ij (exact in sum after the fold) is within
 * r units of the exact element, so |element| <= (|sum| + r) 2^lsb, read
 * from the top 64 bits of |sum| plus one unit there and raised by `up`.
 * 0 (the element then goes to `exactly`) when alpha or beta is not a power
 * of two or C_ij cannot be folded. */
static int enclose(crt_work *w, exb_wide *sum, int nl, int64_t r, int lsb, long i, long j,
                   double *out)
{
    const exb_gemm_args *g = w->g;
    double cij = g->beta != 0.0 ? g->c[i + j * g->ldc] : 0.0;
    if (!w->dec.powers || !exb_fold_affine(&w->dec, sum, &nl, &lsb, cij))
        return 0;
    exb_wide mag = {{0}};
    exb_wide_copy(&mag, sum, nl);
    exb_wide_abs(&mag, nl);
    int p = exb_wide_top_bit(&mag, nl), d = p > 63 ? p - 63 : 0;
    double top = p < 0 ? 0.0 : (double)exb_wide_bits_from(&mag, nl, d) + 1.0;
    double v = raise_bound(ldexp(raise_bound(top), d + lsb)) + raise_bound(ldexp((double)r, lsb));
    *out = raise_bound(v);
    return 1;
}

/* Element (i, j) of the block to the share's list (or, without memory for
 * the list, exactly now). */
static void push(crt_work *w, int share, long i, long j)
{
    long key = i * w->cols + (j - w->j0);
    if (w->len[share] == w->cap[share]) {
        long cap = w->cap[share] ? 2 * w->cap[share] : 1024;
        long *l = realloc(w->list[share], (size_t)cap * sizeof *l);
        if (!l) {
            exactly(w, share, i, j);
            return;
        }
        w->list[share] = l;
        w->cap[share] = cap;
    }
    w->list[share][w->len[share]++] = key;
}

/* Column jj of the block: P by residues, then the rounding decision. */
static void combine_col(crt_work *w, int share, long jj)
{
    const exb_gemm_args *g = w->g;
    const crt_consts *cc = &w->cc;
    long m = g->m, nb = w->nb;
    int64_t l0[SEG], l1[SEG], l2[SEG], l3[SEG];
    double f[SEG];
    long j = w->j0 + jj;
    for (long i0 = 0; i0 < m; i0 += SEG) {
        int len = (int)(m - i0 < SEG ? m - i0 : SEG);
        for (int e = 0; e < len; e++) {
            l0[e] = l1[e] = l2[e] = l3[e] = 0;
            f[e] = 0.0;
        }
        for (int s = 0; s < cc->n; s++) {
            const int32_t *c = w->pc + s * m * nb + jj * m + i0;
            uint32_t m_s = (uint32_t)cc->m[s];
            uint32_t magic = cc->magic[s];
            int32_t y = (int32_t)cc->y[s], t16y = cc->t16y[s], off = cc->off[s] >> 4;
            const int64_t *M = cc->ms[s];
            double invs = cc->inv[s];
            for (int e = 0; e < len; e++) {
                /* c y == (c >> 16) (2^16 y) + (c & 0xffff) y (mod m), a sum
                 * in (-2^23, 2^24.6); plus m 2^16 (>= 2^23.4) it is in
                 * [0, 2^29) */
                int32_t x = (c[e] >> 16) * t16y + (c[e] & 0xffff) * y;
                int64_t u = mod_u((uint32_t)(x + off), m_s, magic);
                l0[e] += u * M[0];
                l1[e] += u * M[1];
                l2[e] += u * M[2];
                l3[e] += u * M[3];
                f[e] += (double)u * invs;
            }
        }
        for (int e = 0; e < len; e++) {
            long i = i0 + e;
            int64_t t = (int64_t)(f[e] + 0.5); /* f >= 0: the nearest integer */
            int64_t x[LIMBS] = {l0[e] - t * cc->mm[0], l1[e] - t * cc->mm[1], l2[e] - t * cc->mm[2],
                                l3[e] - t * cc->mm[3]};
            for (int d = 0; d < LIMBS - 1; d++) {
                int64_t carry = x[d] >> LIMB;
                x[d] -= carry * (INT64_C(1) << LIMB);
                x[d + 1] += carry;
            }
            /* P = x0 + x1 2^48 + x2 2^96 + x3 2^144 (x3 signed, |x3| < 2^10)
             * in three limbs of 64 bits, two's complement */
            exb_wide sum;
            sum.x[0] = (uint64_t)x[0] | (uint64_t)x[1] << 48;
            sum.x[1] = (uint64_t)x[1] >> 16 | (uint64_t)x[2] << 32;
            sum.x[2] = (uint64_t)x[2] >> 32 | (uint64_t)x[3] << 16;
            long na = w->nz_a[i], nbz = w->nz_b[jj];
            int p = cc->p, lsb = w->top_a[i] + w->top_b[j] - 2 * p;
            int64_t r = 0;
            if (na + nbz > 0) {
                int sh = p > 40 ? p - 40 : 0; /* R in units 2^sh, below 2^58 */
                wide_shift_down(&sum, 3, sh);
                lsb += sh;
                r = (int64_t)(na + nbz + 1) * (INT64_C(1) << (p - sh)) + 1;
            }
            double out;
            if (w->bound ? enclose(w, &sum, 3, r, lsb, i, j, &out)
                         : exb_decide(&w->dec, &sum, 3, r, lsb, i, j, w->acc[share], &out))
                g->c[i + j * g->ldc] = out;
            else
                push(w, share, i, j);
        }
    }
}

static void combine_share(void *arg, int share, int parts)
{
    crt_work *w = arg;
    (void)parts;
    for (;;) {
        long jj = atomic_fetch_add(&w->next, 1);
        if (jj >= w->cols)
            break;
        combine_col(w, share, jj);
    }
}

/* The undecided elements of every list, exactly. */
static void exact_share(void *arg, int share, int parts)
{
    crt_work *w = arg;
    for (int s = share; s < w->parts; s += parts)
        for (long q = 0; q < w->len[s]; q++)
            exactly(w, share, w->list[s][q] / w->cols, w->j0 + w->list[s][q] % w->cols);
}

/* The block's residue products, then its elements (C written from here). */
static void block(crt_work *w)
{
    for (int s = 0; s < w->parts; s++)
        w->len[s] = 0;
    atomic_store(&w->next, 0);
    exb_parallel(w->parts < w->cc.n ? w->parts : w->cc.n, gemm_share, w);
    if (atomic_load(&w->failed))
        return;
    exb_parallel(w->parts, combine_share, w);
    exb_parallel(w->parts, exact_share, w);
}

/* op(B)'s residues of columns j0.. into w->rb; returns the block's lost entries. */
static long convert_b(crt_work *w, long j0, long cols)
{
    const exb_gemm_args *g = w->g;
    long k = g->k;
    conv_job j = {&w->cc,
                  g->transb ? g->b + j0 : g->b + j0 * g->ldb,
                  g->ldb,
                  g->transb ? cols : k,
                  g->transb ? k : cols,
                  g->transb,
                  0,
                  w->sc_b + j0,
                  w->sc_b + g->n + j0,
                  w->rb,
                  k * w->nb,
                  w->nz_b,
                  0};
    convert(&j, w->threads);
    long lost = 0;
    for (long q = 0; q < cols; q++)
        lost += w->nz_b[q];
    return lost;
}

static int crt_run(const exb_gemm_args *g, const exb_knobs *knobs, int forced, int bound)
{
    /* bound > 0: bound mode with at least `bound` bits (the moduli allowing) */
    long m = g->m, n = g->n, k = g->k;
    if (k < 1 || k > EXB_I8_MAX_K || !isfinite(g->alpha) || !isfinite(g->beta))
        return -1;
    crt_work *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->engine = exb_i8_engine(knobs->int8, NULL);
    w->g = g;
    w->knobs = knobs;
    w->bound = bound;
    w->threads = knobs->threads > 0 ? knobs->threads : 1;
    w->dot =
        exb_kernels_sumdot(exb_host_kernels_get(knobs->host_generic), knobs->fpe, knobs->front);
    exb_decider_init(&w->dec, g);
    /* bounds: the most bits the moduli give (the truncation's share of the
     * bound is about 2^-p of the row's and column's tops) */
    consts_choose(&w->cc, bound ? bound : exb_tuning_of(EXB_CLASS_HOST)->gemm_crt_bits, k);
    int N = w->cc.n;
    w->top_a = malloc((size_t)m * sizeof *w->top_a);
    w->top_b = malloc((size_t)n * sizeof *w->top_b);
    int *low = malloc((size_t)(m > n ? m : n) * sizeof *low);
    int ok = w->engine && w->top_a && w->top_b && low &&
             exb_split_ranges(g->a, g->lda, g->transa ? k : m, g->transa ? m : k, !g->transa,
                              w->top_a, low) == 0 &&
             exb_split_ranges(g->b, g->ldb, g->transb ? n : k, g->transb ? k : n, g->transb,
                              w->top_b, low) == 0;
    free(low);
    if (ok) {
        for (long i = 0; i < m; i++)
            w->top_a[i] = w->top_a[i] == INT_MIN ? 0 : w->top_a[i]; /* zero rows: any top */
        for (long j = 0; j < n; j++)
            w->top_b[j] = w->top_b[j] == INT_MIN ? 0 : w->top_b[j];
        w->sc_a = malloc((size_t)(2 * m) * sizeof *w->sc_a);
        w->sc_b = malloc((size_t)(2 * n) * sizeof *w->sc_b);
        ok = w->sc_a && w->sc_b;
        if (ok) {
            scales(w->top_a, m, w->cc.p, w->sc_a);
            scales(w->top_b, n, w->cc.p, w->sc_b);
        }
    }
    if (ok) {
        long by_c = C_BYTES / ((long)N * m * (long)sizeof(int32_t));
        long by_b = B_BYTES / ((long)N * k);
        w->nb = by_c < by_b ? by_c : by_b;
        w->nb = w->nb < 1 ? 1 : (w->nb > n ? n : w->nb);
        w->ra = exb_work_take((size_t)(N * m * k));
        w->rb = exb_work_take((size_t)(N * k * w->nb));
        w->pc = exb_work_take((size_t)(N * m * w->nb) * sizeof *w->pc);
        w->nz_a = malloc((size_t)m * sizeof *w->nz_a);
        w->nz_b = malloc((size_t)w->nb * sizeof *w->nz_b);
        ok = w->ra && w->rb && w->pc && w->nz_a && w->nz_b;
        w->parts = w->threads < MAX_SHARES ? w->threads : MAX_SHARES;
        for (int s = 0; ok && s < w->parts; s++) {
            w->x[s] = malloc((size_t)(2 * k) * sizeof *w->x[s]);
            w->acc[s] = malloc(sizeof *w->acc[s]);
            ok = w->x[s] && w->acc[s];
            if (ok)
                exb_superacc_clear(w->acc[s]);
        }
    }
    if (ok) { /* op(A): stored m x k (vectors its rows) or k x m (its columns) */
        conv_job j = {&w->cc,     g->a,    g->lda,  g->transa ? k : m, g->transa ? m : k,
                      !g->transa, 1,       w->sc_a, w->sc_a + m,       w->ra,
                      m * k,      w->nz_a, 0};
        convert(&j, w->threads);
        long lost = 0;
        for (long i = 0; i < m; i++)
            lost += w->nz_a[i];
        ok = forced || lost <= m * k / 8;
    }
    /* the first block's B decides whether the data is narrow; from the first
     * block on C is written, and always completed */
    for (long j0 = 0; ok && j0 < n; j0 += w->nb) {
        w->j0 = j0;
        w->cols = j0 + w->nb < n ? w->nb : n - j0;
        long lost = convert_b(w, j0, w->cols);
        if (j0 == 0 && !forced && lost > k * w->cols / 8) {
            ok = 0;
            break;
        }
        block(w);
        if (atomic_load(&w->failed)) { /* the engine failed (before the block's writes) */
            exb_gemm_args rest = *g;
            rest.n = n - j0;
            rest.b = g->transb ? g->b + j0 : g->b + j0 * g->ldb;
            rest.c = g->c + j0 * g->ldc;
            exb_host_gemm_general(&rest, knobs);
            if (bound)
                for (long jj = 0; jj < rest.n; jj++)
                    for (long i = 0; i < m; i++)
                        rest.c[i + jj * g->ldc] = raise_bound(fabs(rest.c[i + jj * g->ldc]));
            break;
        }
    }
    for (int s = 0; s < MAX_SHARES; s++) {
        free(w->list[s]);
        free(w->x[s]);
        free(w->acc[s]);
    }
    exb_work_give(w->ra);
    exb_work_give(w->rb);
    exb_work_give(w->pc);
    free(w->nz_a);
    free(w->nz_b);
    free(w->top_a);
    free(w->top_b);
    free(w->sc_a);
    free(w->sc_b);
    free(w);
    if (ok)
        exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_RESIDUE);
    return ok ? 0 : -1;
}

int exb_host_gemm_crt(const exb_gemm_args *g, const exb_knobs *knobs, int forced)
{
    return crt_run(g, knobs, forced, 0);
}

int exb_host_gemm_crt_bound(const exb_gemm_args *g, const exb_knobs *knobs, int bits)
{
    return crt_run(g, knobs, 1, bits > 0 ? bits : 1);
}

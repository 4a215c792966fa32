/*
 * avx512/int8_vnni.c -- ExactBLAS's own integer GEMM for the residue path (int8.h):
 * AVX-512 VNNI (vpdpbusd: four u8 x s8 products added to each 32-bit lane,
 * no saturation).  A is packed in panels of 8 rows, B in panels of 32
 * columns, k in groups of four (zero padded); an 8 x 32 tile keeps its 16
 * accumulators in registers over the whole of k.  Exact for k <= 65536 (int8.h).
 * Compiled with the VNNI flags; called only where the CPU has them.
 */
#include "host/gemm/int8.h"

#include <stdlib.h>
#include <string.h>

#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
#include <immintrin.h>

#define MR 8
#define NR 32

/* op(A)(i, l) and op(B)(l, j) in the layouts of int8.h. */
static inline uint8_t at_a(int ta, const uint8_t *a, long lda, long i, long l)
{
    return ta ? a[l * lda + i] : a[i * lda + l];
}

static inline int8_t at_b(int tb, const int8_t *b, long ldb, long l, long j)
{
    return tb ? b[j * ldb + l] : b[l * ldb + j];
}

/* Rows i0.. of op(A), MR of them (zeros past m): per group of four l, the
 * four bytes of each row. */
static void pack_a(int ta, const uint8_t *a, long lda, long m, long k, long i0, uint8_t *out)
{
    long kq = (k + 3) / 4;
    memset(out, 0, (size_t)(kq * MR * 4));
    for (long r = 0; r < MR && i0 + r < m; r++)
        for (long l = 0; l < k; l++)
            out[(l / 4) * MR * 4 + r * 4 + (l & 3)] = at_a(ta, a, lda, i0 + r, l);
}

/* Columns j0.. of op(B), NR of them (zeros past n): per group of four l,
 * the four bytes of each column in its 32-bit lane. */
static void pack_b(int tb, const int8_t *b, long ldb, long n, long k, long j0, int8_t *out)
{
    long kq = (k + 3) / 4;
    memset(out, 0, (size_t)(kq * NR * 4));
    for (long c = 0; c < NR && j0 + c < n; c++)
        for (long l = 0; l < k; l++)
            out[(l / 4) * NR * 4 + c * 4 + (l & 3)] = at_b(tb, b, ldb, l, j0 + c);
}

static void tile(long kq, const uint8_t *ap, const int8_t *bp, int32_t *c, long ldc, long rows,
                 long cols)
{
    __m512i acc[MR][2];
    for (int r = 0; r < MR; r++)
        acc[r][0] = acc[r][1] = _mm512_setzero_si512();
    for (long q = 0; q < kq; q++) {
        __m512i b0 = _mm512_loadu_si512(bp + q * NR * 4);
        __m512i b1 = _mm512_loadu_si512(bp + q * NR * 4 + 64);
        const uint8_t *aq = ap + q * MR * 4;
        for (int r = 0; r < MR; r++) {
            int32_t word;
            memcpy(&word, aq + r * 4, 4);
            __m512i av = _mm512_set1_epi32(word);
            acc[r][0] = _mm512_dpbusd_epi32(acc[r][0], av, b0);
            acc[r][1] = _mm512_dpbusd_epi32(acc[r][1], av, b1);
        }
    }
    int32_t buf[NR];
    for (long r = 0; r < rows; r++) {
        if (cols == NR) {
            _mm512_storeu_si512(c + r * ldc, acc[r][0]);
            _mm512_storeu_si512(c + r * ldc + 16, acc[r][1]);
        } else {
            _mm512_storeu_si512(buf, acc[r][0]);
            _mm512_storeu_si512(buf + 16, acc[r][1]);
            memcpy(c + r * ldc, buf, (size_t)cols * sizeof *buf);
        }
    }
}

int exb_i8_gemm_vnni(int ta, int tb, long m, long n, long k, const uint8_t *a, long lda,
                     const int8_t *b, long ldb, int32_t *c, long ldc)
{
    long kq = (k + 3) / 4, mp = (m + MR - 1) / MR;
    uint8_t *ap = malloc((size_t)(mp * kq * MR * 4));
    int8_t *bp = malloc((size_t)(kq * NR * 4));
    if (!ap || !bp) {
        free(ap);
        free(bp);
        return -1;
    }
    for (long p = 0; p < mp; p++)
        pack_a(ta, a, lda, m, k, p * MR, ap + p * kq * MR * 4);
    for (long j0 = 0; j0 < n; j0 += NR) {
        pack_b(tb, b, ldb, n, k, j0, bp);
        long cols = n - j0 < NR ? n - j0 : NR;
        for (long p = 0; p < mp; p++) {
            long rows = m - p * MR < MR ? m - p * MR : MR;
            tile(kq, ap + p * kq * MR * 4, bp, c + p * MR * ldc + j0, ldc, rows, cols);
        }
    }
    free(ap);
    free(bp);
    return 0;
}

#else

int exb_i8_gemm_vnni(int ta, int tb, long m, long n, long k, const uint8_t *a, long lda,
                     const int8_t *b, long ldb, int32_t *c, long ldc)
{
    (void)ta, (void)tb, (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb, (void)c,
        (void)ldc;
    return -1;
}

#endif

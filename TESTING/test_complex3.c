/*
 * test_complex3.c -- ZGEMM and CGEMM (SRC/level3/zgemm3.c), bit for bit per
 * part against MPFR.
 *
 * usage: test_complex3 [cases [seed]]
 * Each case draws Z or C, shapes (0..40, leading dimensions with padding),
 * TRANSA and TRANSB among N, T, C, alpha (real, imaginary, complex, zero)
 * and beta (0, 1, real, complex), a data class (narrow, the whole exponent
 * range, tiny, small integers that cancel, signed zeros, NaN and Inf in
 * either part) and a knob line (the residue and early GEMM paths, the
 * general one, one thread).  The oracle: each element's Sr and Si as exact
 * MPFR sums, then each part's a1 S1 + a2 S2 + b1 y1 + b2 y2 rounded once
 * (level2lib's tl_terms_round_affine2); every slot of C compared, the
 * padding included.  The path that ran is checked: real or imaginary alpha
 * with real beta must run on the real GEMM engines (panels), the others on
 * the long accumulators.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"
#include "level3/level3.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=crt",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=early EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=general EXACTBLAS_FILTER=0",
};

enum { NARROW, WIDE, TINY, INTS, ZEROS, SPECIAL, CLASSES };
static const char *class_names[] = {"narrow", "wide", "tiny", "ints", "zeros", "special"};

static long draw(tl_rng *r, long lo, long hi)
{
    return lo + (long)(tl_rng_u64(r) % (uint64_t)(hi - lo + 1));
}

static double value(tl_rng *r, int cls, int f32)
{
    double v;
    switch (cls) {
    case NARROW:
        v = tl_rng_sign(r) * (0.5 + tl_rng_uniform(r));
        break;
    case WIDE:
        v = tl_rng_sign(r) * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? 127 : 1023);
        break;
    case TINY:
        v = tl_rng_sign(r) * tl_rng_loguniform(r, f32 ? -149 : -1074, f32 ? -120 : -1000);
        break;
    case INTS:
        v = (double)draw(r, -3, 3);
        break;
    case ZEROS:
        v = draw(r, 0, 2) ? (draw(r, 0, 1) ? -0.0 : 0.0) : tl_rng_sign(r) * 0.25;
        break;
    default: {
        static const double sp[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 1.0, -2.0};
        v = draw(r, 0, 5) ? tl_rng_sign(r) * tl_rng_uniform(r) : sp[draw(r, 0, COUNT(sp) - 1)];
    }
    }
    if (f32) {
        float f = (float)v;
        if (!isnan(v) && !isinf(v) && isinf(f))
            f = copysignf(0x1.fffffep127f, f);
        v = f;
    }
    return v;
}

static double rd(int f32, const void *p, long k)
{
    return f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

static void wr(int f32, void *p, long k, double v)
{
    if (f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

/* op(X)(i, l) of a stored complex matrix, conjugated for 'C'. */
static void op_entry(int f32, const void *x, long ld, char op, long i, long l, double *re,
                     double *im)
{
    long at = op == 'N' ? i + l * ld : l + i * ld;
    *re = rd(f32, x, 2 * at);
    *im = rd(f32, x, 2 * at + 1);
    if (op == 'C')
        *im = -*im;
}

static int same(int f32, double want, double got)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got) && memcmp(&want, &got, 8) == 0;
    if (f32)
        return (float)want == (float)got && signbit(want) == signbit(got);
    return memcmp(&want, &got, 8) == 0;
}

static tl_terms *T1, *T2;
static long slots, mismatches, cases_panels, cases_elements;

static void run_case(tl_rng *r, long serial)
{
    int f32 = (int)draw(r, 0, 1), cls = (int)draw(r, 0, CLASSES - 1);
    long m = draw(r, 0, 9) ? draw(r, 1, 12) : draw(r, 0, 40);
    long n = draw(r, 0, 9) ? draw(r, 1, 12) : draw(r, 0, 40);
    long k = draw(r, 0, 9) ? draw(r, 1, 12) : draw(r, 0, 40);
    static const char ops[] = "NTC";
    char ta = ops[draw(r, 0, 2)], tb = ops[draw(r, 0, 2)];
    long ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m, br = tb == 'N' ? k : n,
         bc = tb == 'N' ? n : k;
    long lda = (ar > 0 ? ar : 1) + draw(r, 0, 2), ldb = (br > 0 ? br : 1) + draw(r, 0, 2),
         ldc = (m > 0 ? m : 1) + draw(r, 0, 2);
    double al[2], be[2];
    switch (draw(r, 0, 4)) {
    case 0:
        al[0] = value(r, NARROW, f32), al[1] = 0.0;
        break;
    case 1:
        al[0] = 0.0, al[1] = value(r, NARROW, f32);
        break;
    case 2:
        al[0] = al[1] = 0.0;
        break;
    case 3:
        al[0] = -1.0, al[1] = 0.0;
        break;
    default:
        al[0] = value(r, cls == SPECIAL ? NARROW : cls, f32), al[1] = value(r, NARROW, f32);
    }
    switch (draw(r, 0, 4)) {
    case 0:
        be[0] = be[1] = 0.0;
        break;
    case 1:
        be[0] = 1.0, be[1] = 0.0;
        break;
    case 2:
        be[0] = value(r, NARROW, f32), be[1] = 0.0;
        break;
    default:
        be[0] = value(r, NARROW, f32), be[1] = value(r, NARROW, f32);
    }
    const char *knobs = knob_lines[draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long la = 2 * lda * (ac > 0 ? ac : 1), lb = 2 * ldb * (bc > 0 ? bc : 1),
         lc = 2 * ldc * (n > 0 ? n : 1);
    void *A = malloc((size_t)la * w), *B = malloc((size_t)lb * w), *C = malloc((size_t)lc * w);
    double *want = malloc((size_t)lc * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lb; q++)
        wr(f32, B, q, value(r, draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < lc; q++)
        wr(f32, C, q, value(r, draw(r, 0, 3) ? NARROW : cls, f32));
    for (long q = 0; q < lc; q++)
        want[q] = rd(f32, C, q);
    int alpha0 = al[0] == 0.0 && al[1] == 0.0, beta0 = be[0] == 0.0 && be[1] == 0.0;
    int quick = m == 0 || n == 0 || ((alpha0 || k == 0) && be[0] == 1.0 && be[1] == 0.0);
    tl_set_binary32(f32);
    if (!quick)
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) {
                tl_terms_reset(T1);
                tl_terms_reset(T2);
                for (long l = 0; l < k; l++) {
                    double xr, xi, yr, yi;
                    op_entry(f32, A, lda, ta, i, l, &xr, &xi);
                    op_entry(f32, B, ldb, tb, l, j, &yr, &yi);
                    tl_terms_add(T1, xr, yr, 1.0);
                    tl_terms_add(T1, -xi, yi, 1.0);
                    tl_terms_add(T2, xr, yi, 1.0);
                    tl_terms_add(T2, xi, yr, 1.0);
                }
                long at = 2 * (i + j * ldc);
                double cr = rd(f32, C, at), ci = rd(f32, C, at + 1);
                double a0 = k > 0 ? al[0] : 0.0, a1 = k > 0 ? al[1] : 0.0;
                double b0 = beta0 ? 0.0 : be[0], b1 = beta0 ? 0.0 : be[1];
                if ((alpha0 || k == 0) && beta0) { /* the reference's zero */
                    want[at] = want[at + 1] = 0.0;
                    continue;
                }
                want[at] = tl_terms_round_affine2(T1, a0, T2, -a1, b0, cr, -b1, ci);
                want[at + 1] = tl_terms_round_affine2(T2, a0, T1, a1, b0, ci, b1, cr);
                want[at] = tl_canonical(want[at]);
                want[at + 1] = tl_canonical(want[at + 1]);
            }
    if (f32) {
        float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
        exb_cgemm_checked("CGEMM ", ta, tb, m, n, k, af, A, lda, B, ldb, bf, C, ldc);
    } else {
        exb_zgemm_checked("ZGEMM ", ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);
    }
    int path = exactblas_last_path();
    int panels = !quick && !alpha0 && k > 0 && (al[0] == 0.0 || al[1] == 0.0) && be[1] == 0.0;
    if (panels)
        cases_panels++;
    else if (!quick)
        cases_elements++;
    /* which path ran: under GEMM_PATH=crt the panels go through EXDGEMM's
     * residue path (its bit, where the CPU has VNNI), the element path
     * never sets it; every computing call sets HOST */
    int vnni = __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
    int bad_path = !quick && !(path & EXACTBLAS_PATH_HOST);
    if (!quick && !panels && (path & EXACTBLAS_PATH_RESIDUE))
        bad_path = 1;
    if (panels && vnni && cls != SPECIAL && strstr(knobs, "GEMM_PATH=crt") &&
        !(path & EXACTBLAS_PATH_RESIDUE)) /* NaN or Inf in A, B: the residue path declines */
        bad_path = 1;
    if (bad_path) {
        mismatches++;
        printf("WRONG PATH case %ld %cGEMM %s alpha=(%g,%g) beta=(%g,%g) [%s]: path bits %d\n",
               serial, f32 ? 'C' : 'Z', class_names[cls], al[0], al[1], be[0], be[1], knobs, path);
    }
    for (long q = 0; q < lc; q++) {
        slots++;
        double got = rd(f32, C, q);
        if (!same(f32, want[q], got)) {
            mismatches++;
            if (mismatches <= 20)
                printf("MISMATCH case %ld %cGEMM %c%c m=%ld n=%ld k=%ld %s alpha=(%a,%a) "
                       "beta=(%a,%a) [%s]: slot %ld expected %a, got %a\n",
                       serial, f32 ? 'C' : 'Z', ta, tb, m, n, k, class_names[cls], al[0], al[1],
                       be[0], be[1], knobs, q, want[q], got);
        }
    }
    free(A);
    free(B);
    free(C);
    free(want);
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 2000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261126;
    T1 = tl_terms_new(128);
    T2 = tl_terms_new(128);
    tl_rng r;
    for (long c = 0; c < cases; c++) {
        tl_rng_seed(&r, seed + (uint64_t)c * 0x9E3779B97F4A7C15ull);
        run_case(&r, c);
    }
    tl_terms_free(T1);
    tl_terms_free(T2);
    tl_apply_knobs("");
    if (mismatches) {
        printf("complex3: FAILED: %ld of %ld slots differ\n", mismatches, slots);
        return 1;
    }
    printf("complex3: PASSED: %ld cases (%ld on the real engines, %ld on the long accumulators), "
           "%ld slots bit-exact against MPFR\n",
           cases, cases_panels, cases_elements, slots);
    return 0;
}

/*
 * test_complex3.c -- ZGEMM, CGEMM, ZGEMV, CGEMV, xGERU, xGERC, xHERK, xSYRK,
 * xHEMV, xHEMM, xSYMM (SRC/level3/zgemm.c, zsymm.c), bit for bit per part against
 * MPFR (GEMMs; GEMVs with strided x and y of both signs; the rank updates;
 * the Hermitian and symmetric products on their dense twins: every slot of
 * A or C, the other triangle and HERK's real diagonal included); after the
 * cases (100 or more), four GERU/GERC of up to 700 x 400 on two threads.
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
 * with real beta must run on the real GEMM engines (panels), complex alpha
 * or beta with finite A and B on them too ([Sr Si] as H + L, the elements
 * the bound cannot prove on the long accumulators), NaN or Inf in A or B
 * on the long accumulators alone.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "complexlib.h"
#include "level2lib.h"
#include "level3/level3.h"

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=crt",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=early EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=general EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=opencl",
};

static tl_terms *T1, *T2;
static long slots, mismatches, cases_panels, cases_halves, cases_elements, cases_opencl,
    cases_midpoints;

/* want (the slots of C, ldc) := the exact GEMM's parts rounded once:
 * alpha op(A) op(B) + beta C (a zero part of alpha or beta no term;
 * alpha = 0 or k = 0 with beta = 0: the reference's +0). */
static void oracle(int f32, char ta, char tb, long m, long n, long k, const double *al,
                   const void *A, long lda, const void *B, long ldb, const double *be,
                   const void *C, long ldc, double *want)
{
    int alpha0 = al[0] == 0.0 && al[1] == 0.0, beta0 = be[0] == 0.0 && be[1] == 0.0;
    tl_set_binary32(f32);
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
            want[at] = tl_canonical(tl_terms_round_affine2(T1, a0, T2, -a1, b0, cr, -b1, ci));
            want[at + 1] = tl_canonical(tl_terms_round_affine2(T2, a0, T1, a1, b0, ci, b1, cr));
        }
}

/* Whether the rows x cols entries of a complex matrix (leading dimension
 * ld) are all finite. */
static int all_finite(int f32, const void *x, long rows, long cols, long ld)
{
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < 2 * rows; i++)
            if (!isfinite(rd(f32, x, 2 * j * ld + i)))
                return 0;
    return 1;
}

static void run_case(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1);
    long m = tl_draw(r, 0, 9) ? tl_draw(r, 1, 12) : tl_draw(r, 0, 40);
    long n = tl_draw(r, 0, 9) ? tl_draw(r, 1, 12) : tl_draw(r, 0, 40);
    long k = tl_draw(r, 0, 9) ? tl_draw(r, 1, 12) : tl_draw(r, 0, 40);
    static const char ops[] = "NTC";
    char ta = ops[tl_draw(r, 0, 2)], tb = ops[tl_draw(r, 0, 2)];
    long ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m, br = tb == 'N' ? k : n,
         bc = tb == 'N' ? n : k;
    long lda = (ar > 0 ? ar : 1) + tl_draw(r, 0, 2), ldb = (br > 0 ? br : 1) + tl_draw(r, 0, 2),
         ldc = (m > 0 ? m : 1) + tl_draw(r, 0, 2);
    double al[2], be[2];
    switch (tl_draw(r, 0, 4)) {
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
    switch (tl_draw(r, 0, 4)) {
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
    int under = draw_underflow(r, f32, al, be);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long la = 2 * lda * (ac > 0 ? ac : 1), lb = 2 * ldb * (bc > 0 ? bc : 1),
         lc = 2 * ldc * (n > 0 ? n : 1);
    void *A = malloc((size_t)la * w), *B = malloc((size_t)lb * w), *C = malloc((size_t)lc * w);
    double *want = malloc((size_t)lc * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lb; q++)
        wr(f32, B, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < lc; q++)
        wr(f32, C, q, value(r, under ? HALFTINY : tl_draw(r, 0, 3) ? NARROW : cls, f32));
    for (long q = 0; q < lc; q++)
        want[q] = rd(f32, C, q);
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    int quick = m == 0 || n == 0 || ((alpha0 || k == 0) && be[0] == 1.0 && be[1] == 0.0);
    tl_set_binary32(f32);
    if (!quick)
        oracle(f32, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc, want);
    if (f32) {
        float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
        CALLER_ENV(serial,
                   exb_cgemm_checked("CGEMM ", ta, tb, m, n, k, af, A, lda, B, ldb, bf, C, ldc));
    } else {
        CALLER_ENV(serial,
                   exb_zgemm_checked("ZGEMM ", ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc));
    }
    int path = exactblas_last_path();
    int panels = !quick && !alpha0 && k > 0 && (al[0] == 0.0 || al[1] == 0.0) && be[1] == 0.0;
    int halves = !quick && !panels && !alpha0 && k > 0 && all_finite(f32, A, ar, ac, lda) &&
                 all_finite(f32, B, br, bc, ldb);
    if (panels)
        cases_panels++;
    else if (halves)
        cases_halves++;
    else if (!quick)
        cases_elements++;
    /* which path ran: under GEMM_PATH=crt the panels go through EXDGEMM's
     * residue path (its bit, where the CPU has VNNI), the element path
     * never sets it; every computing call sets HOST */
    int vnni = __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
    /* the OpenCL line: the panels on the device (its absence: skipped) */
    int ocl = strstr(knobs, "DEVICE=opencl") != NULL;
    if (ocl && !tl_opencl_available()) {
        free(A), free(B), free(C), free(want);
        return;
    }
    int engines = panels || halves;
    int bad_path =
        !quick && !(path & (ocl && engines ? EXACTBLAS_PATH_OPENCL : EXACTBLAS_PATH_HOST));
    cases_opencl += ocl && engines && (path & EXACTBLAS_PATH_OPENCL);
    if (!quick && !engines && (path & EXACTBLAS_PATH_RESIDUE))
        bad_path = 1;
    if (engines && vnni && cls != SPECIAL && strstr(knobs, "GEMM_PATH=crt") &&
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

/* ZGEMV / CGEMV: y := alpha op(A) x + beta y, strided x and y of both
 * signs, the same oracle per element. */
static void run_gemv(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1);
    long m = tl_draw(r, 0, 9) ? tl_draw(r, 1, 14) : tl_draw(r, 0, 40);
    long n = tl_draw(r, 0, 9) ? tl_draw(r, 1, 14) : tl_draw(r, 0, 40);
    static const char ops[] = "NTC";
    char t = ops[tl_draw(r, 0, 2)];
    long lda = (m > 0 ? m : 1) + tl_draw(r, 0, 2);
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    long lenx = t == 'N' ? n : m, leny = t == 'N' ? m : n;
    double al[2] = {value(r, NARROW, f32), tl_draw(r, 0, 2) ? 0.0 : value(r, NARROW, f32)};
    if (tl_draw(r, 0, 2) == 0) { /* a power of two, real or imaginary: the filtered paths */
        static const double p2[] = {1.0, -1.0, 2.0, 0.5, -4.0};
        al[0] = p2[tl_draw(r, 0, COUNT(p2) - 1)], al[1] = 0.0;
        if (tl_draw(r, 0, 1))
            al[1] = al[0], al[0] = 0.0;
    }
    double be[2] = {tl_draw(r, 0, 3) ? value(r, NARROW, f32) : 0.0, tl_draw(r, 0, 3) ? 0.0 : 0.5};
    if (tl_draw(r, 0, 6) == 0)
        al[0] = al[1] = 0.0;
    int under = draw_underflow(r, f32, al, be);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long la = 2 * lda * (n > 0 ? n : 1), lx = 2 * (1 + (lenx > 0 ? lenx - 1 : 0) * labs(incx)),
         ly = 2 * (1 + (leny > 0 ? leny - 1 : 0) * labs(incy));
    void *A = malloc((size_t)la * w), *X = malloc((size_t)lx * w), *Y = malloc((size_t)ly * w);
    double *want = malloc((size_t)ly * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lx; q++)
        wr(f32, X, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < ly; q++)
        wr(f32, Y, q, value(r, under ? HALFTINY : NARROW, f32)), want[q] = rd(f32, Y, q);
    int alpha0 = al[0] == 0.0 && al[1] == 0.0, beta0 = be[0] == 0.0 && be[1] == 0.0;
    int quick = m == 0 || n == 0 || (alpha0 && be[0] == 1.0 && be[1] == 0.0);
    tl_set_binary32(f32);
    for (long i = 0; !quick && i < leny; i++) {
        tl_terms_reset(T1);
        tl_terms_reset(T2);
        for (long l = 0; l < lenx; l++) {
            double xr, xi, yr, yi;
            op_entry(f32, A, lda, t, i, l, &xr, &xi);
            long sx = 2 * (incx < 0 ? (lenx - 1 - l) * -incx : l * incx);
            yr = rd(f32, X, sx), yi = rd(f32, X, sx + 1);
            tl_terms_add(T1, xr, yr, 1.0);
            tl_terms_add(T1, -xi, yi, 1.0);
            tl_terms_add(T2, xr, yi, 1.0);
            tl_terms_add(T2, xi, yr, 1.0);
        }
        long at = 2 * (incy < 0 ? (leny - 1 - i) * -incy : i * incy);
        double cr = rd(f32, Y, at), ci = rd(f32, Y, at + 1);
        if (alpha0 && beta0) {
            want[at] = want[at + 1] = 0.0;
            continue;
        }
        double b0 = beta0 ? 0.0 : be[0], b1 = beta0 ? 0.0 : be[1];
        want[at] = tl_canonical(tl_terms_round_affine2(T1, al[0], T2, -al[1], b0, cr, -b1, ci));
        want[at + 1] = tl_canonical(tl_terms_round_affine2(T2, al[0], T1, al[1], b0, ci, b1, cr));
    }
    if (f32) {
        float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
        CALLER_ENV(serial, exb_cgemv_checked("CGEMV ", t, m, n, af, A, lda, X, incx, bf, Y, incy));
    } else {
        CALLER_ENV(serial, exb_zgemv_checked("ZGEMV ", t, m, n, al, A, lda, X, incx, be, Y, incy));
    }
    for (long q = 0; q < ly; q++) {
        slots++;
        double got = rd(f32, Y, q);
        if (!same(f32, want[q], got)) {
            mismatches++;
            if (mismatches <= 20)
                printf("MISMATCH case %ld %cGEMV %c m=%ld n=%ld incx=%ld incy=%ld %s [%s]: slot "
                       "%ld expected %a, got %a\n",
                       serial, f32 ? 'C' : 'Z', t, m, n, incx, incy, class_names[cls], knobs, q,
                       want[q], got);
        }
    }
    free(A);
    free(X);
    free(Y);
    free(want);
}

/* ZGERU/ZGERC (k = 1 GEMMs) and ZHERK/ZSYRK (the UPLO triangle of the
 * full GEMM; HERK's diagonal real), Z and C, against the same oracle; big:
 * a GERU or GERC of 512..700 x 256..400 (the filtered host path's column
 * shares on two threads). */
static void run_rank(tl_rng *r, long serial, int big)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1),
        kind = (int)tl_draw(r, 0, big ? 1 : 3);
    long m = big ? tl_draw(r, 512, 700) : tl_draw(r, 0, 12),
         n = big ? tl_draw(r, 256, 400) : tl_draw(r, 0, 12), k = tl_draw(r, 0, 10);
    size_t w = f32 ? 4 : 8;
    double al[2] = {value(r, NARROW, f32), kind == 2 ? 0.0 : value(r, NARROW, f32)};
    double be[2] = {tl_draw(r, 0, 3) ? value(r, NARROW, f32) : 0.0,
                    kind == 3 && tl_draw(r, 0, 1) ? value(r, NARROW, f32) : 0.0};
    if (tl_draw(r, 0, 7) == 0)
        al[0] = al[1] = 0.0;
    if (tl_draw(r, 0, 7) == 0)
        be[0] = 1.0, be[1] = 0.0;
    const char *knobs = big ? "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=2"
                            : knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    char label[160];
    const char *what;
    void *A, *X = NULL, *C;
    double *want;
    long ldc, lc;
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    if (kind < 2) { /* GERU (0), GERC (1): A := alpha x op(y) + A */
        what = kind ? "GERC" : "GERU";
        long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2),
             incy = tl_draw(r, 0, 1) ? 1 : -2;
        ldc = (m > 0 ? m : 1) + tl_draw(r, 0, 2), lc = 2 * ldc * (n > 0 ? n : 1);
        long lx = 2 * (1 + (m > 0 ? m - 1 : 0) * labs(incx)),
             ly = 2 * (1 + (n > 0 ? n - 1 : 0) * labs(incy));
        X = malloc((size_t)lx * w), A = malloc((size_t)ly * w), C = malloc((size_t)lc * w);
        want = malloc((size_t)lc * sizeof *want);
        for (long q = 0; q < lx; q++)
            wr(f32, X, q, value(r, cls, f32));
        for (long q = 0; q < ly; q++)
            wr(f32, A, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
        for (long q = 0; q < lc; q++)
            wr(f32, C, q, value(r, NARROW, f32)), want[q] = rd(f32, C, q);
        /* x and y in logical order, contiguous, for the oracle */
        void *xc = malloc((size_t)(2 * (m + 1)) * w), *yc = malloc((size_t)(2 * (n + 1)) * w);
        for (long i = 0; i < m; i++)
            for (int p = 0; p < 2; p++)
                wr(f32, xc, 2 * i + p,
                   rd(f32, X, 2 * (incx < 0 ? (m - 1 - i) * -incx : i * incx) + p));
        for (long j = 0; j < n; j++)
            for (int p = 0; p < 2; p++)
                wr(f32, yc, 2 * j + p,
                   rd(f32, A, 2 * (incy < 0 ? (n - 1 - j) * -incy : j * incy) + p));
        double one[2] = {1.0, 0.0};
        if (m > 0 && n > 0 && !alpha0)
            oracle(f32, 'N', kind ? 'C' : 'T', m, n, 1, al, xc, m > 0 ? m : 1, yc, n > 0 ? n : 1,
                   one, C, ldc, want);
        free(xc);
        free(yc);
        if (f32) {
            float af[2] = {(float)al[0], (float)al[1]};
            CALLER_ENV(serial, exb_cger_checked(kind ? "CGERC " : "CGERU ", kind, m, n, af, X, incx,
                                                A, incy, C, ldc));
        } else {
            CALLER_ENV(serial, exb_zger_checked(kind ? "ZGERC " : "ZGERU ", kind, m, n, al, X, incx,
                                                A, incy, C, ldc));
        }
    } else { /* HERK (2: alpha, beta real) or SYRK (3) */
        int herm = kind == 2;
        what = herm ? "HERK" : "SYRK";
        char uplo = tl_draw(r, 0, 1) ? 'U' : 'L';
        char trans = tl_draw(r, 0, 1) ? 'N' : (herm ? 'C' : 'T');
        long rows = trans == 'N' ? n : k, cols = trans == 'N' ? k : n;
        long lda = (rows > 0 ? rows : 1) + tl_draw(r, 0, 1);
        ldc = (n > 0 ? n : 1) + tl_draw(r, 0, 2), lc = 2 * ldc * (n > 0 ? n : 1);
        long la = 2 * lda * (cols > 0 ? cols : 1);
        int under = !herm && draw_underflow(r, f32, al, be);
        alpha0 = al[0] == 0.0 && al[1] == 0.0;
        if (herm)
            be[1] = 0.0;
        A = malloc((size_t)la * w), C = malloc((size_t)lc * w);
        want = malloc((size_t)lc * sizeof *want);
        for (long q = 0; q < la; q++)
            wr(f32, A, q, value(r, cls, f32));
        for (long q = 0; q < lc; q++)
            wr(f32, C, q, value(r, under ? HALFTINY : NARROW, f32)), want[q] = rd(f32, C, q);
        int quick = n == 0 || ((alpha0 || k == 0) && be[0] == 1.0 && be[1] == 0.0);
        if (!quick) {
            double *full = malloc((size_t)lc * sizeof *full);
            void *cin = malloc((size_t)lc * w);
            memcpy(cin, C, (size_t)lc * w);
            if (herm) /* the diagonal's imaginary part is not read */
                for (long j = 0; j < n; j++)
                    wr(f32, cin, 2 * (j + j * ldc) + 1, 0.0);
            char ta = trans == 'N' ? 'N' : trans, tb = trans == 'N' ? (herm ? 'C' : 'T') : 'N';
            oracle(f32, ta, tb, n, n, k, al, A, lda, A, lda, be, cin, ldc, full);
            for (long j = 0; j < n; j++)
                for (long i = 0; i < n; i++)
                    if (uplo == 'U' ? i <= j : i >= j) {
                        want[2 * (i + j * ldc)] = full[2 * (i + j * ldc)];
                        want[2 * (i + j * ldc) + 1] =
                            i == j && herm ? 0.0 : full[2 * (i + j * ldc) + 1];
                    }
            free(full);
            free(cin);
        }
        if (f32) {
            float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
            if (herm)
                CALLER_ENV(serial, exb_cherk_checked("CHERK ", uplo, trans, n, k, af[0], A, lda,
                                                     bf[0], C, ldc));
            else
                CALLER_ENV(serial,
                           exb_csyrk_checked("CSYRK ", uplo, trans, n, k, af, A, lda, bf, C, ldc));
        } else {
            if (herm)
                CALLER_ENV(serial, exb_zherk_checked("ZHERK ", uplo, trans, n, k, al[0], A, lda,
                                                     be[0], C, ldc));
            else
                CALLER_ENV(serial,
                           exb_zsyrk_checked("ZSYRK ", uplo, trans, n, k, al, A, lda, be, C, ldc));
        }
    }
    snprintf(label, sizeof label, "case %ld %c%s m=%ld n=%ld k=%ld %s [%s]", serial,
             f32 ? 'C' : 'Z', what, m, n, k, class_names[cls], knobs);
    for (long q = 0; q < lc; q++) {
        slots++;
        double got = rd(f32, C, q);
        if (!same(f32, want[q], got)) {
            mismatches++;
            if (mismatches <= 20)
                printf("MISMATCH %s: slot %ld expected %a, got %a\n", label, q, want[q], got);
        }
    }
    free(X);
    free(A);
    free(C);
    free(want);
}

/* ZHEMV, ZHEMM, ZSYMM (and C): the oracle on the dense twin, written out
 * here from the UPLO triangle (a Hermitian diagonal's imaginary part 0). */
static void run_herm(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1),
        kind = (int)tl_draw(r, 0, 2);
    int herm = kind != 2, up = (int)tl_draw(r, 0, 1), left = kind == 0 || tl_draw(r, 0, 1);
    long m = tl_draw(r, 0, 10), n = kind == 0 ? 1 : tl_draw(r, 0, 10), ka = left ? m : n;
    size_t w = f32 ? 4 : 8;
    double al[2] = {value(r, NARROW, f32), tl_draw(r, 0, 1) ? 0.0 : value(r, NARROW, f32)};
    double be[2] = {tl_draw(r, 0, 3) ? value(r, NARROW, f32) : 0.0, tl_draw(r, 0, 2) ? 0.0 : 0.25};
    if (tl_draw(r, 0, 7) == 0)
        al[0] = al[1] = 0.0;
    int under = draw_underflow(r, f32, al, be);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    long lda = (ka > 0 ? ka : 1) + tl_draw(r, 0, 1), ldb = (m > 0 ? m : 1) + tl_draw(r, 0, 1),
         ldc = (m > 0 ? m : 1) + tl_draw(r, 0, 1);
    long la = 2 * lda * (ka > 0 ? ka : 1), lb = 2 * ldb * (n > 0 ? n : 1),
         lc = 2 * ldc * (n > 0 ? n : 1);
    void *A = malloc((size_t)la * w), *B = malloc((size_t)lb * w), *C = malloc((size_t)lc * w);
    void *F = malloc((size_t)(2 * (ka > 0 ? ka : 1) * (ka > 0 ? ka : 1)) * w);
    double *want = malloc((size_t)lc * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lb; q++)
        wr(f32, B, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < lc; q++)
        wr(f32, C, q, value(r, under ? HALFTINY : NARROW, f32)), want[q] = rd(f32, C, q);
    for (long j = 0; j < ka; j++)
        for (long i = 0; i < ka; i++) {
            int stored = up ? i <= j : i >= j;
            long at = 2 * (stored ? i + j * lda : j + i * lda);
            double re = rd(f32, A, at), im = rd(f32, A, at + 1);
            if (herm && i == j)
                im = 0.0;
            else if (herm && !stored)
                im = -im;
            wr(f32, F, 2 * (i + j * ka), re);
            wr(f32, F, 2 * (i + j * ka) + 1, im);
        }
    int quick = m == 0 || n == 0 || (al[0] == 0.0 && al[1] == 0.0 && be[0] == 1.0 && be[1] == 0.0);
    if (!quick) {
        if (left)
            oracle(f32, 'N', 'N', m, n, m, al, F, m, B, ldb, be, C, ldc, want);
        else
            oracle(f32, 'N', 'N', m, n, n, al, B, ldb, F, n, be, C, ldc, want);
    }
    char sd = left ? 'L' : 'R', ul = up ? 'U' : 'L';
    float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
    if (kind == 0) { /* HEMV: B's first column is x, C's is y */
        if (f32)
            CALLER_ENV(serial, exb_chemv_checked("CHEMV ", ul, m, af, A, lda, B, 1, bf, C, 1));
        else
            CALLER_ENV(serial, exb_zhemv_checked("ZHEMV ", ul, m, al, A, lda, B, 1, be, C, 1));
    } else if (f32) {
        CALLER_ENV(serial, exb_csymm_checked(herm ? "CHEMM " : "CSYMM ", herm, sd, ul, m, n, af, A,
                                             lda, B, ldb, bf, C, ldc));
    } else {
        CALLER_ENV(serial, exb_zsymm_checked(herm ? "ZHEMM " : "ZSYMM ", herm, sd, ul, m, n, al, A,
                                             lda, B, ldb, be, C, ldc));
    }
    static const char *what[] = {"HEMV", "HEMM", "SYMM"};
    for (long q = 0; q < lc; q++) {
        slots++;
        double got = rd(f32, C, q);
        if (!same(f32, want[q], got)) {
            mismatches++;
            if (mismatches <= 20)
                printf("MISMATCH case %ld %c%s %c%c m=%ld n=%ld %s [%s]: slot %ld expected %a, "
                       "got %a\n",
                       serial, f32 ? 'C' : 'Z', what[kind], sd, ul, m, n, class_names[cls], knobs,
                       q, want[q], got);
        }
    }
    free(A);
    free(B);
    free(C);
    free(F);
    free(want);
}

/* A value of the near-midpoint family: 1, the half unit of 1 (binary64 or
 * binary32) or a signed power of two far below it, so that a sum of a few
 * products sits on a rounding midpoint or within 2^-60..2^-140 of one. */
static double near_mid(tl_rng *r, int f32)
{
    switch (tl_draw(r, 0, 4)) {
    case 0:
    case 1:
        return 1.0;
    case 2:
        return f32 ? 0x1p-24 : 0x1p-53;
    case 3:
        return 0.0;
    default: {
        double t = ldexp(1.0, -(int)tl_draw(r, f32 ? 25 : 54, f32 ? 60 : 140));
        return tl_draw(r, 0, 1) ? t : -t;
    }
    }
}

/* ZGEMM and CGEMM with complex alpha (and beta) on sums that sit on or next
 * to a midpoint, where only the bound of the H + L path (or the long
 * accumulators) can decide: 1 to 3 rows and columns, k up to 4. */
static void run_midpoints(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1);
    long m = tl_draw(r, 1, 3), n = tl_draw(r, 1, 3), k = tl_draw(r, 1, 4);
    double al[2] = {tl_draw(r, 0, 1) ? 1.0 : 3.0, near_mid(r, f32)};
    if (al[1] == 0.0)
        al[1] = f32 ? 0x1p-30 : 0x1p-70;
    double be[2] = {0.0, 0.0};
    if (tl_draw(r, 0, 1))
        be[0] = near_mid(r, f32), be[1] = near_mid(r, f32);
    size_t w = f32 ? 4 : 8;
    long la = 2 * m * k, lb = 2 * k * n, lc = 2 * m * n;
    void *A = malloc((size_t)la * w), *B = malloc((size_t)lb * w), *C = malloc((size_t)lc * w);
    double *want = malloc((size_t)lc * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, near_mid(r, f32));
    for (long q = 0; q < lb; q++)
        wr(f32, B, q, q % 2 ? near_mid(r, f32) : 1.0);
    for (long q = 0; q < lc; q++)
        wr(f32, C, q, near_mid(r, f32));
    oracle(f32, 'N', 'N', m, n, k, al, A, m, B, k, be, C, m, want);
    tl_apply_knobs(knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 2)]); /* host lines */
    if (f32) {
        float af[2] = {(float)al[0], (float)al[1]}, bf[2] = {(float)be[0], (float)be[1]};
        CALLER_ENV(serial,
                   exb_cgemm_checked("CGEMM ", 'N', 'N', m, n, k, af, A, m, B, k, bf, C, m));
    } else {
        CALLER_ENV(serial,
                   exb_zgemm_checked("ZGEMM ", 'N', 'N', m, n, k, al, A, m, B, k, be, C, m));
    }
    cases_midpoints++;
    for (long q = 0; q < lc; q++) {
        slots++;
        double got = rd(f32, C, q);
        if (!same(f32, want[q], got)) {
            mismatches++;
            if (mismatches <= 20)
                printf("MISMATCH case %ld %cGEMM near midpoints m=%ld n=%ld k=%ld alpha=(%a,%a) "
                       "beta=(%a,%a): slot %ld expected %a, got %a\n",
                       serial, f32 ? 'C' : 'Z', m, n, k, al[0], al[1], be[0], be[1], q, want[q],
                       got);
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
        uint64_t pick = tl_rng_u64(&r) % 11;
        if (pick == 10)
            run_midpoints(&r, c);
        else if (pick < 2)
            run_gemv(&r, c);
        else if (pick < 4)
            run_rank(&r, c, 0);
        else if (pick < 6)
            run_herm(&r, c);
        else
            run_case(&r, c);
    }
    for (long c = cases; c < cases + 4 && cases >= 100; c++) { /* four big rank updates */
        tl_rng_seed(&r, seed + (uint64_t)c * 0x9E3779B97F4A7C15ull);
        run_rank(&r, c, 1);
    }
    tl_terms_free(T1);
    tl_terms_free(T2);
    tl_apply_knobs("");
    if (mismatches) {
        printf("complex3: FAILED: %ld of %ld slots differ\n", mismatches, slots);
        return 1;
    }
    printf(
        "complex3: PASSED: %ld cases (%ld GEMMs on the real engines as panels, %ld as H + L, "
        "%ld of them on the OpenCL device, %ld on the long accumulators, %ld near midpoints), %ld "
        "slots bit-exact against MPFR\n",
        cases, cases_panels, cases_halves, cases_opencl, cases_elements, cases_midpoints, slots);
    return 0;
}

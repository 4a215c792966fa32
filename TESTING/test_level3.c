/*
 * test_level3.c -- the Level 3 routines of SRC/level3 (SGEMM, SYMM, SYRK,
 * SYR2K, TRMM in S and D, STRSM), bit for bit against MPFR.
 *
 * usage: test_level3 [cases [seed [first]]] (one case again: test_level3 1 seed c)
 * Each case draws a routine, a precision, the options (SIDE, UPLO, TRANS,
 * DIAG), sizes (mostly small, some across SYRK's 256-column blocks, some
 * with k long enough for EXDGEMM's other engines), alpha and beta from
 * lists with +-0, +-1, tiny, huge, NaN and Inf, a data class (narrow, wide,
 * tiny, huge, integers whose sums tie, mostly -0, specials, binary32 ties)
 * and a knob setting (the filter on and off, generic kernels, threads, the
 * accumulator alone, each GEMM engine).  Every slot the routine must not
 * read (the other triangle, a unit diagonal, the padding; C when beta = 0)
 * is NaN or, in half the cases, a finite value that would show if it were
 * read.  The oracle builds op(A) from the reference's definitions and
 * rounds each exact result once (tl_terms: exact sum, the contract's
 * zero-sign rule, the canonical NaN), to binary64 or binary32; the whole
 * output array is compared bit for bit, the slots that must not change
 * included.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"
#include "level3/level3.h"
#include "routines.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

enum { NARROW, WIDE, TINY, HUGE_, INTS, ZEROS, SPECIAL, TIE32, NCLASSES };
static const char *class_names[] = {"narrow", "wide",  "tiny",    "huge",
                                    "ints",   "zeros", "special", "tie32"};

/* the same classes, testlib's */
static const tl_class classes[NCLASSES] = {TL_SF_UNIT,    TL_SF_WIDE,     TL_SF_TINY990,
                                           TL_SF_HUGE,    TL_SF_INTS4,    TL_SF_ZEROS,
                                           TL_SF_SPECIAL, TL_SF_TIE32_FAR};

/* One value of class cls, representable in binary32 when f32. */
static double value(tl_rng *r, int cls, int f32)
{
    return tl_class_value(r, classes[cls], f32);
}

static const double scalars[] = {1.0,  -1.0,    0.0,    -0.0,      0.5,      3.0, 0.1,
                                 -2.0, 0x1p-60, 0x1p60, 0x1p-1000, 0x1p1000, NAN, INFINITY};
/* subnormal scalars, drawn on purpose (a caller's DAZ must not make them 0) */
static const double subnormal64[] = {0x1p-1074, -0x1.8p-1066, 0x1.ffffp-1023};
static const double subnormal32[] = {0x1p-149, -0x1.8p-141, 0x1.fffcp-127};

static double scalar(tl_rng *r, int f32)
{
    if (tl_draw(r, 0, 9) == 0)
        return (f32 ? subnormal32 : subnormal64)[tl_draw(r, 0, 2)];
    int k = (int)tl_draw(r, 0, COUNT(scalars) - 1);
    if ((isnan(scalars[k]) || isinf(scalars[k])) && tl_draw(r, 0, 3))
        k = (int)tl_draw(r, 0, 7);
    return f32 ? (double)(float)scalars[k] : scalars[k];
}

/* ---- matrices of either precision --------------------------------------------- */

typedef struct arr {
    int f32;
    long len, ld;
    double *d;  /* values as doubles */
    void *data; /* what the routine gets */
} arr;

static void arr_make(arr *a, int f32, long rows, long cols, long ld)
{
    a->f32 = f32;
    a->ld = ld;
    a->len = ld * (cols > 0 ? cols : 1);
    a->d = malloc((size_t)a->len * sizeof(double));
    a->data = malloc((size_t)a->len * sizeof(double));
    (void)rows;
}

static void arr_sync(arr *a)
{
    for (long k = 0; k < a->len; k++) {
        if (a->f32)
            ((float *)a->data)[k] = (float)a->d[k];
        else
            ((double *)a->data)[k] = a->d[k];
    }
}

static void arr_free(arr *a)
{
    free(a->d);
    free(a->data);
}

static uint64_t bits_of(const arr *a, long k)
{
    if (a->f32) {
        uint32_t b;
        memcpy(&b, (const float *)a->data + k, 4);
        return b;
    }
    return tl_bits(((const double *)a->data)[k]);
}

static uint64_t want_bits(int f32, double d)
{
    if (f32) {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    return tl_bits(d);
}

static long mismatches, cases_run, outputs_checked;

static void check(const char *label, const arr *got, const double *want)
{
    outputs_checked += got->len;
    for (long k = 0; k < got->len; k++) {
        uint64_t g = bits_of(got, k), w = want_bits(got->f32, want[k]);
        if (g != w) {
            if (mismatches < 25)
                printf("MISMATCH %s slot %ld (row %ld col %ld): want %016llx got %016llx\n", label,
                       k, k % got->ld, k / got->ld, (unsigned long long)w, (unsigned long long)g);
            mismatches++;
            return;
        }
    }
}

/* A filled with the class's values; junk (NaN, or a finite value half the
 * time) where the routine must not read. */
static void fill(tl_rng *r, arr *a, long rows, long cols, int cls, int f32, double junk)
{
    for (long k = 0; k < a->len; k++)
        a->d[k] = junk;
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < rows; i++)
            a->d[i + j * a->ld] = value(r, tl_draw(r, 0, 3) ? cls : NARROW, f32);
}

/* ---- the routines ---------------------------------------------------------------- */

enum { R_GEMM, R_SYMM, R_SYRK, R_SYR2K, R_TRMM, R_TRSM, NROUTINES };
static const char *names[] = {"GEMM", "SYMM", "SYRK", "SYR2K", "TRMM", "TRSM"};

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic EXACTBLAS_THREADS=3",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FPE=0 EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=split EXACTBLAS_THREADS=2",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=early",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=general EXACTBLAS_FPE=8",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=crt",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=crt EXACTBLAS_INT8=own EXACTBLAS_THREADS=3",
};

static tl_terms *T;

static void run_case(tl_rng *r, long serial)
{
    int routine = (int)tl_draw(r, 0, NROUTINES - 1), f32 = (int)tl_draw(r, 0, 1);
    if (routine == R_GEMM || routine == R_TRSM)
        f32 = 1; /* DGEMM, DTRSM: EXDGEMM and EXDTRSM, tested on their own */
    int cls = (int)tl_draw(r, 0, NCLASSES - 1);
    if (cls == TIE32 && !f32)
        cls = INTS;
    long m = tl_draw(r, 0, 6) ? tl_draw(r, 0, 24) : tl_draw(r, 25, 70);
    long n = tl_draw(r, 0, 6) ? tl_draw(r, 0, 24) : tl_draw(r, 25, 70);
    long k = tl_draw(r, 0, 6) ? tl_draw(r, 0, 24) : tl_draw(r, 25, 90);
    if (tl_draw(r, 0, 25) == 0 && (routine == R_SYRK || routine == R_SYR2K))
        n = tl_draw(r, 257, 300), k = tl_draw(r, 1, 3); /* across the column blocks */
    if (tl_draw(r, 0, 40) == 0 && (routine == R_GEMM || routine == R_SYMM))
        m = tl_draw(r, 1, 4), n = tl_draw(r, 1, 4), k = tl_draw(r, 768, 900),
        m = routine == R_SYMM ? k : m; /* EXDGEMM's long-k engine */
    if (tl_draw(r, 0, 50) == 0 && routine == R_TRSM)
        m = tl_draw(r, 130, 160), n = tl_draw(r, 130, 160); /* STRSM's threads */
    char side = tl_draw(r, 0, 1) ? 'L' : 'R', uplo = tl_draw(r, 0, 1) ? 'U' : 'L';
    char ta = "NTC"[tl_draw(r, 0, 2)], tb = "NTC"[tl_draw(r, 0, 2)],
         diag = tl_draw(r, 0, 2) ? 'N' : 'U';
    if (tl_draw(r, 0, 1)) /* lower case works as well */
        side = (char)(side + 32), uplo = (char)(uplo + 32);
    double alpha = scalar(r, f32), beta = scalar(r, f32);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    exactblas_reload_knobs();
    double junk = tl_draw(r, 0, 1) ? NAN : 0.75;
    int notrans = ta == 'N', left = side == 'L' || side == 'l', upper = uplo == 'U' || uplo == 'u';
    int unit = diag == 'U';
    char label[240];

    arr A, B, C;
    long ar, ac, br = 0, bc = 0, cr, cc;
    switch (routine) {
    case R_GEMM:
        ar = notrans ? m : k, ac = notrans ? k : m, br = tb == 'N' ? k : n, bc = tb == 'N' ? n : k;
        cr = m, cc = n;
        break;
    case R_SYMM:
        ar = ac = left ? m : n, br = m, bc = n, cr = m, cc = n;
        break;
    case R_SYRK:
    case R_SYR2K:
        ar = br = notrans ? n : k, ac = bc = notrans ? k : n, cr = cc = n;
        break;
    default: /* TRMM, TRSM: B is the output */
        ar = ac = left ? m : n, cr = m, cc = n;
        break;
    }
    long lda = ar + tl_draw(r, 0, 2), ldb = br + tl_draw(r, 0, 2), ldc = cr + tl_draw(r, 0, 2);
    if (lda < 1)
        lda = 1;
    if (ldb < 1)
        ldb = 1;
    if (ldc < 1)
        ldc = 1;
    tl_callenv env = tl_callenv_of(serial);
    snprintf(label, sizeof label,
             "case %ld %c%s %s side=%c uplo=%c ta=%c tb=%c diag=%c m=%ld n=%ld k=%ld alpha=%a "
             "beta=%a [%s] caller %s",
             serial, f32 ? 'S' : 'D', names[routine], class_names[cls], side, uplo, ta, tb, diag, m,
             n, k, alpha, beta, knobs, tl_callenv_name(&env));
    arr_make(&A, f32, ar, ac, lda);
    fill(r, &A, ar, ac, cls, f32, junk);
    int triangular = routine == R_SYMM || routine == R_TRMM || routine == R_TRSM;
    if (triangular) /* the other triangle (and a unit diagonal) is junk */
        for (long j = 0; j < ac; j++)
            for (long i = 0; i < ar; i++)
                if ((upper ? i > j : i < j) || (i == j && unit && routine != R_SYMM))
                    A.d[i + j * lda] = junk;
    if (routine == R_TRSM) /* a solvable system: diagonal away from 0 */
        for (long i = 0; i < ar; i++)
            if (!unit && A.d[i + i * lda] == 0.0)
                A.d[i + i * lda] = 1.0;
    arr_make(&B, f32, br, bc, ldb);
    if (routine != R_TRMM && routine != R_TRSM && routine != R_SYRK)
        fill(r, &B, br, bc, cls, f32, junk);
    arr_make(&C, f32, cr, cc, ldc);
    fill(r, &C, cr, cc, tl_draw(r, 0, 1) ? cls : NARROW, f32, junk);
    if (routine == R_SYRK || routine == R_SYR2K) /* the other triangle of C: junk kept */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                if (upper ? i > j : i < j)
                    C.d[i + j * ldc] = junk;
    if (beta == 0.0 && routine != R_TRMM && routine != R_TRSM && tl_draw(r, 0, 1))
        for (long q = 0; q < C.len; q++) /* beta = 0: C is not read */
            if (q % ldc < cr)
                C.d[q] = NAN;
    if (routine == R_TRSM && tl_draw(r, 0, 2) == 0) {
        /* a consistent system: B = op(A) X (or X op(A)) for random X,
         * rounded to binary32, so the numerators cancel to a few units of
         * their terms and the fast path's bound decides */
        long na = ar;
        for (long j = 0; j < na; j++) /* the triangle finite and narrow */
            for (long i = 0; i < na; i++)
                if (isfinite(A.d[i + j * lda]) == 0 &&
                    !((upper ? i > j : i < j) || (i == j && unit)))
                    A.d[i + j * lda] = 0.5;
        double *xs = malloc((size_t)(cr * cc > 0 ? cr * cc : 1) * sizeof(double));
        for (long q = 0; q < cr * cc; q++)
            xs[q] = (double)(float)(tl_rng_sign(r) * tl_rng_loguniform(r, -3, 3));
        for (long j = 0; j < cc; j++)
            for (long i = 0; i < cr; i++) {
                double sum = 0.0;
                for (long l = 0; l < na; l++) {
                    long p = left ? i : l, q = left ? l : j; /* op(A)(p, q) */
                    long si = notrans ? p : q, sj = notrans ? q : p;
                    if (upper ? si > sj : si < sj)
                        continue;
                    double t = si == sj && unit ? 1.0 : A.d[si + sj * lda];
                    sum += left ? t * xs[l + j * cr] : xs[i + l * cr] * t;
                }
                C.d[i + j * ldc] = (double)(float)sum;
            }
        free(xs);
    }
    arr_sync(&A);
    arr_sync(&B);
    arr_sync(&C);

    /* op(A)_il, op(B)_lj as the reference defines them */
#define AD(i, j) A.d[(i) + (j)*lda]
#define BD(i, j) B.d[(i) + (j)*ldb]
#define CD(i, j) C.d[(i) + (j)*ldc]
    double *want = malloc((size_t)C.len * sizeof(double));
    memcpy(want, C.d, (size_t)C.len * sizeof(double));
    tl_set_binary32(f32);
    switch (routine) {
    case R_GEMM:
    case R_SYMM:
    case R_SYRK:
    case R_SYR2K: {
        long kk = routine == R_SYMM ? (left ? m : n) : k;
        int quick = routine == R_GEMM || routine == R_SYRK || routine == R_SYR2K
                        ? (alpha == 0.0 || k == 0) && beta == 1.0
                        : alpha == 0.0 && beta == 1.0;
        if (cr == 0 || cc == 0 || quick)
            break;
        for (long j = 0; j < cc; j++)
            for (long i = 0; i < cr; i++) {
                if ((routine == R_SYRK || routine == R_SYR2K) && (upper ? i > j : i < j))
                    continue;
                double y = CD(i, j);
                if (alpha == 0.0 || (kk == 0 && routine != R_SYMM)) {
                    want[i + j * ldc] =
                        beta == 0.0 ? 0.0
                                    : tl_canonical(f32 ? (double)(float)(beta * y) : beta * y);
                    continue;
                }
                tl_terms_reset(T);
                for (long l = 0; l < kk; l++) {
                    double x, z, x2 = 0, z2 = 0;
                    switch (routine) {
                    case R_GEMM:
                        x = notrans ? AD(i, l) : AD(l, i);
                        z = tb == 'N' ? BD(l, j) : BD(j, l);
                        break;
                    case R_SYMM: {
                        long p = left ? i : l, q = left ? l : j; /* A(p, q), symmetric */
                        double s = (upper ? p <= q : p >= q) ? AD(p, q) : AD(q, p);
                        x = left ? s : BD(i, l);
                        z = left ? BD(l, j) : s;
                        break;
                    }
                    case R_SYRK:
                        x = notrans ? AD(i, l) : AD(l, i);
                        z = notrans ? AD(j, l) : AD(l, j);
                        break;
                    default:
                        x = notrans ? AD(i, l) : AD(l, i);
                        z = notrans ? BD(j, l) : BD(l, j);
                        x2 = notrans ? BD(i, l) : BD(l, i);
                        z2 = notrans ? AD(j, l) : AD(l, j);
                        tl_terms_add(T, x2, z2, 1.0);
                        break;
                    }
                    tl_terms_add(T, x, z, 1.0);
                }
                want[i + j * ldc] = tl_terms_round_affine(T, alpha, beta, y);
            }
        break;
    }
    case R_TRMM:
        if (m == 0 || n == 0)
            break;
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) {
                if (alpha == 0.0) {
                    want[i + j * ldc] = 0.0;
                    continue;
                }
                tl_terms_reset(T);
                long na = left ? m : n;
                for (long l = 0; l < na; l++) {
                    long p = left ? i : l, q = left ? l : j;         /* op(A)(p, q) */
                    long si = notrans ? p : q, sj = notrans ? q : p; /* stored (si, sj) */
                    if (upper ? si > sj : si < sj)
                        continue;
                    double t = si == sj && unit ? 1.0 : AD(si, sj);
                    if (left)
                        tl_terms_add(T, t, CD(l, j), 1.0);
                    else
                        tl_terms_add(T, CD(i, l), t, 1.0);
                }
                want[i + j * ldc] = tl_terms_round_affine(T, alpha, 0.0, 0.0);
            }
        break;
    case R_TRSM: {
        if (m == 0 || n == 0)
            break;
        long na = left ? m : n, rhs = left ? n : m;
        /* left: op(A) x = alpha b; right: op(A)**T x = alpha b (x a row) */
        int tr = left ? !notrans : notrans; /* the system's matrix is A**T */
        int forward = upper == tr;          /* lower of the system's matrix */
        for (long q = 0; q < rhs; q++)
            for (long s = 0; s < na; s++) {
                long i = forward ? s : na - 1 - s;
                long bi = left ? i : q, bj = left ? q : i;
                if (alpha == 0.0) {
                    want[bi + bj * ldc] = 0.0;
                    continue;
                }
                tl_terms_reset(T);
                tl_terms_add(T, alpha, CD(bi, bj), 1.0);
                for (long t = 0; t < s; t++) {
                    long j = forward ? t : na - 1 - t; /* solved before */
                    double mij = tr ? AD(j, i) : AD(i, j);
                    tl_terms_add(T, -mij, want[(left ? j : q) + (left ? q : j) * ldc], 1.0);
                }
                double d = unit ? 1.0 : AD(i, i);
                double x = unit ? tl_terms_round(T) : tl_terms_round_quotient(T, d);
                want[bi + bj * ldc] = f32 ? (double)(float)x : x;
            }
        break;
    }
    }
    tl_set_binary32(0);

    /* scalars converted before the caller's environment is installed (volatile:
     * the compiler would otherwise sink a conversion past that opaque call) */
    volatile float fa = (float)alpha, fb = (float)beta;
    tl_callenv_enter(&env); /* the caller's environment, around the call alone */
    switch (routine) {
    case R_GEMM:
        exb_sgemm_checked("SGEMM ", ta, tb, m, n, k, fa, A.data, lda, B.data, ldb, fb, C.data, ldc);
        break;
    case R_SYMM:
        if (f32)
            exb_ssymm_checked("SSYMM ", side, uplo, m, n, fa, A.data, lda, B.data, ldb, fb, C.data,
                              ldc);
        else
            exb_dsymm_checked("DSYMM ", side, uplo, m, n, alpha, A.data, lda, B.data, ldb, beta,
                              C.data, ldc);
        break;
    case R_SYRK:
        if (f32)
            exb_ssyrk_checked("SSYRK ", uplo, ta, n, k, fa, A.data, lda, fb, C.data, ldc);
        else
            exb_dsyrk_checked("DSYRK ", uplo, ta, n, k, alpha, A.data, lda, beta, C.data, ldc);
        break;
    case R_SYR2K:
        if (f32)
            exb_ssyr2k_checked("SSYR2K", uplo, ta, n, k, fa, A.data, lda, B.data, ldb, fb, C.data,
                               ldc);
        else
            exb_dsyr2k_checked("DSYR2K", uplo, ta, n, k, alpha, A.data, lda, B.data, ldb, beta,
                               C.data, ldc);
        break;
    case R_TRMM:
        if (f32)
            exb_strmm_checked("STRMM ", side, uplo, ta, diag, m, n, fa, A.data, lda, C.data, ldc);
        else
            exb_dtrmm_checked("DTRMM ", side, uplo, ta, diag, m, n, alpha, A.data, lda, C.data,
                              ldc);
        break;
    default:
        exb_strsm_checked("STRSM ", side, uplo, ta, diag, m, n, fa, A.data, lda, C.data, ldc);
        break;
    }
    char why[200];
    if (!tl_callenv_leave(&env, why, sizeof why)) {
        if (mismatches < 25)
            printf("MISMATCH %s: %s\n", label, why);
        mismatches++;
    }
    check(label, &C, want);
    cases_run++;
    free(want);
    arr_free(&A);
    arr_free(&B);
    arr_free(&C);
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 3000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261126;
    long first = argc > 3 ? atol(argv[3]) : 0;
    T = tl_terms_new(4096);
    tl_rng r;
    for (long c = 0; c < first + cases; c++) {
        tl_rng_seed(&r, seed + (uint64_t)c * 0x9E3779B97F4A7C15ull);
        if (c >= first)
            run_case(&r, c);
    }
    tl_terms_free(T);
    if (mismatches) {
        printf("level3: FAILED: %ld of %ld cases differ from MPFR\n", mismatches, cases_run);
        return 1;
    }
    printf("level3: PASSED: %ld cases, %ld output slots bit-exact against MPFR (%d knob lines)\n",
           cases_run, outputs_checked, COUNT(knob_lines));
    return 0;
}

/*
 * test_complex1.c -- the complex Level 1 routines (SRC/level1/complex.c:
 * xDOTU, xDOTC, xAXPY, xSCAL, ZDSCAL/CSSCAL, ZDROT/CSROT, DZNRM2/SCNRM2,
 * DZASUM/SCASUM, IxAMAX, xCOPY, xSWAP), Z and C, bit for bit per component.
 *
 * usage: test_complex1 [cases [seed]]
 * Each case draws a routine, Z or C, a size (0, 1, small, up to ~1100),
 * increments of both signs, a data class (narrow, the whole exponent range,
 * tiny and subnormal values, small integers whose sums cancel and tie,
 * signed zeros, NaN and Inf in either part) and a knob line.  The arithmetic
 * routines go against MPFR (level2lib's exact-terms oracle: each part's
 * exact value rounded once to binary64 or binary32, zero signs, the
 * canonical NaN); the moves and IxAMAX against the netlib reference BLAS
 * (bits).  Whole arrays are compared, the slots between strided elements
 * included.  (The drop-in's Fortran and CBLAS names: Debian's xblat1z,
 * xblat1c, xzcblat1, xccblat1 on it, TESTING/blas_testers.sh.)
 */
#include <complex.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blasref.h"
#include "exactblas.h"
#include "level1/level1.h"
#include "level2lib.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FPE=0",
};

enum {
    R_DOTU,
    R_DOTC,
    R_AXPY,
    R_SCAL,
    R_RSCAL,
    R_ROT,
    R_NRM2,
    R_ASUM,
    R_IAMAX,
    R_COPY,
    R_SWAP,
    ROUTINES
};
static const char *names[] = {"DOTU", "DOTC", "AXPY",  "SCAL", "dSCAL", "dROT",
                              "NRM2", "ASUM", "IAMAX", "COPY", "SWAP"};
enum { NARROW, WIDE, TINY, INTS, ZEROS, SPECIAL, CLASSES };
static const char *class_names[] = {"narrow", "wide", "tiny", "ints", "zeros", "special"};

/* the same classes, testlib's */
static const tl_class classes[CLASSES] = {TL_NARROW,  TL_WIDE,      TL_TINY,
                                          TL_HALVES4, TL_NEG_ZEROS, TL_SPECIAL};

/* One value of class cls, representable in binary32 when f32. */
static double value(tl_rng *r, int cls, int f32)
{
    return tl_class_value(r, classes[cls], f32);
}

static tl_terms *T;

/* The sum of up to three products a_k b_k rounded once (binary32 when f32). */
static double rn(int f32, int terms, const double *a, const double *b)
{
    tl_set_binary32(f32);
    tl_terms_reset(T);
    for (int k = 0; k < terms; k++)
        tl_terms_add(T, a[k], b[k], 1.0);
    return tl_terms_round(T);
}

/* RN(sqrt(sum of squares)) of n contiguous values, binary32 when f32. */
static double rn_sqrt(int f32, long n, const double *x)
{
    if (!f32)
        return tl_oracle_nrm2(n, x, 1);
    mpfr_t s, p, root;
    mpfr_inits2(1200, s, p, (mpfr_ptr)0);
    mpfr_init2(root, 64);
    mpfr_set_zero(s, 1);
    int special = 0;
    for (long i = 0; i < n; i++) {
        if (!isfinite(x[i])) {
            special |= isnan(x[i]) ? 1 : 2;
            continue;
        }
        mpfr_set_d(p, x[i], MPFR_RNDN);
        mpfr_sqr(p, p, MPFR_RNDN);
        mpfr_add(s, s, p, MPFR_RNDN);
    }
    tl_make_odd(root, mpfr_sqrt(root, s, MPFR_RNDZ));
    double d = special & 1 ? NAN : special ? INFINITY : (double)mpfr_get_flt(root, MPFR_RNDN);
    mpfr_clears(s, p, root, (mpfr_ptr)0);
    return d;
}

static exb_blasref ref;
static int have_ref;

/* A complex array of `len` elements: values as doubles (re, im interleaved)
 * and what the routine sees. */
typedef struct arr {
    int f32;
    long len;
    double *d;
    void *data;
} arr;

static void arr_make(arr *a, int f32, long len)
{
    a->f32 = f32;
    a->len = 2 * (len > 0 ? len : 1);
    a->d = malloc((size_t)a->len * sizeof(double));
    a->data = malloc((size_t)a->len * sizeof(double));
    for (long k = 0; k < a->len; k++)
        a->d[k] = k % 3 ? 7.0 : NAN; /* the slots between elements: must stay */
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

static double arr_get(const arr *a, long k)
{
    return a->f32 ? (double)((const float *)a->data)[k] : ((const double *)a->data)[k];
}

static void arr_free(arr *a)
{
    free(a->d);
    free(a->data);
}

static long at(long n, long inc, long i) /* complex slot of logical element i */
{
    return inc < 0 ? (n - 1 - i) * -inc : i * inc;
}

static long span(long n, long inc)
{
    return n > 0 ? 1 + (n - 1) * (inc < 0 ? -inc : inc) : 1;
}

/* Bits of a result against the oracle's (binary32 compared as binary32). */
static int same(int f32, double want, double got)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got) && memcmp(&want, &got, 8) == 0;
    if (f32)
        return (float)want == (float)got && signbit(want) == signbit(got);
    return memcmp(&want, &got, 8) == 0;
}

static long runs, mismatches;

static void check(const char *label, const char *what, long k, int f32, double want, double got)
{
    runs++;
    if (!same(f32, want, got)) {
        mismatches++;
        if (mismatches <= 20)
            printf("MISMATCH %s: %s[%ld] expected %a, got %a\n", label, what, k, want, got);
    }
}

static void run_case(tl_rng *r, long serial)
{
    int routine = (int)tl_draw(r, 0, ROUTINES - 1);
    int f32 = (int)tl_draw(r, 0, 1);
    int cls = (int)tl_draw(r, 0, CLASSES - 1);
    long n = tl_draw(r, 0, 9) == 0 ? tl_draw(r, 0, 1)
             : tl_draw(r, 0, 7)    ? tl_draw(r, 2, 40)
                                   : tl_draw(r, 200, 1100);
    if ((routine == R_DOTU || routine == R_DOTC) && tl_draw(r, 0, 15) == 0)
        n = tl_draw(r, 30000, 90000); /* the streamed filter's chunks and shares */
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 3),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    if (tl_draw(r, 0, 3) == 0)
        incx = 1, incy = 1;
    if ((routine == R_NRM2 || routine == R_ASUM || routine == R_IAMAX || routine == R_SCAL ||
         routine == R_RSCAL) &&
        tl_draw(r, 0, 9) == 0)
        incx = -incx; /* the quick returns of incx <= 0 */
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    char label[200];
    snprintf(label, sizeof label, "case %ld %c%s %s n=%ld incx=%ld incy=%ld [%s] caller %s", serial,
             f32 ? 'C' : 'Z', names[routine], class_names[cls], n, incx, incy, knobs,
             tl_callenv_name(&(tl_callenv){.kind = tl_callenv_of(serial).kind}));
    arr X, Y;
    arr_make(&X, f32, span(n, incx));
    arr_make(&Y, f32, span(n, incy));
    for (long i = 0; i < n; i++) {
        long sx = 2 * at(n, incx, i), sy = 2 * at(n, incy, i);
        X.d[sx] = value(r, cls, f32), X.d[sx + 1] = value(r, cls, f32);
        int cy = tl_draw(r, 0, 1) ? cls : NARROW;
        Y.d[sy] = value(r, cy, f32), Y.d[sy + 1] = value(r, cy, f32);
    }
    /* a scalar: of the class, or 1, -1/2, i, 0 */
    double sc[2];
    switch (tl_draw(r, 0, 6)) {
    case 0:
        sc[0] = 1.0, sc[1] = 0.0;
        break;
    case 5: /* subnormal parts on purpose (a caller's DAZ must not make them 0) */
        sc[0] = f32 ? 0x1p-149 : 0x1p-1074, sc[1] = f32 ? -0x1.8p-141 : -0x1.8p-1066;
        break;
    case 1:
        sc[0] = -0.5, sc[1] = 0.0;
        break;
    case 2:
        sc[0] = 0.0, sc[1] = 1.0;
        break;
    case 3:
        sc[0] = sc[1] = 0.0;
        break;
    default:
        sc[0] = value(r, cls, f32), sc[1] = value(r, cls, f32);
    }
    double cs[2] = {value(r, NARROW, f32), value(r, cls, f32)}; /* ZDROT's c, s */
    arr_sync(&X);
    arr_sync(&Y);
    float scf[2] = {(float)sc[0], (float)sc[1]};
    /* the expected arrays: unchanged unless written below */
    double *ex = malloc((size_t)X.len * sizeof(double)),
           *ey = malloc((size_t)Y.len * sizeof(double));
    memcpy(ex, X.d, (size_t)X.len * sizeof(double));
    memcpy(ey, Y.d, (size_t)Y.len * sizeof(double));
    double want[2] = {0, 0}, got[2] = {0, 0};
    int nres = 0;
    /* the caller's floating-point environment around each library call
     * alone: arguments converted before, results after, through volatile
     * variables (no conversion moves past the opaque calls that set it) */
    tl_callenv env = tl_callenv_of(serial);
    int env_ok = 1;
    char why[200] = "";
#define CALL(stmt)                                                                                 \
    do {                                                                                           \
        tl_callenv_enter(&env);                                                                    \
        stmt;                                                                                      \
        env_ok &= tl_callenv_leave(&env, why, sizeof why);                                         \
    } while (0)
    switch (routine) {
    case R_DOTU:
    case R_DOTC: {
        tl_set_binary32(f32);
        for (int part = 0; part < 2; part++) {
            tl_terms_reset(T);
            for (long i = 0; i < n; i++) {
                long sx = 2 * at(n, incx, i), sy = 2 * at(n, incy, i);
                double xr = X.d[sx], xi = X.d[sx + 1], yr = Y.d[sy], yi = Y.d[sy + 1];
                if (routine == R_DOTC)
                    xi = -xi; /* conjugation is exact */
                if (part == 0) {
                    tl_terms_add(T, xr, yr, 1.0);
                    tl_terms_add(T, xi, -yi, 1.0);
                } else {
                    tl_terms_add(T, xr, yi, 1.0);
                    tl_terms_add(T, xi, yr, 1.0);
                }
            }
            want[part] = n > 0 ? tl_terms_round(T) : 0.0;
        }
        if (f32) {
            volatile float _Complex v;
            CALL(v = routine == R_DOTU ? exb_cdotu_checked(n, X.data, incx, Y.data, incy)
                                       : exb_cdotc_checked(n, X.data, incx, Y.data, incy));
            got[0] = crealf(v), got[1] = cimagf(v);
        } else {
            volatile double _Complex v;
            CALL(v = routine == R_DOTU ? exb_zdotu_checked(n, X.data, incx, Y.data, incy)
                                       : exb_zdotc_checked(n, X.data, incx, Y.data, incy));
            got[0] = creal(v), got[1] = cimag(v);
            /* the path: narrow data is decided by the filter where it runs
             * (the short path or the streamed one: this CPU's kernels with
             * the filter and the FPE front), never where it does not */
            int early = (exactblas_last_path() & EXACTBLAS_PATH_EARLY) != 0;
            int filter_on = !strstr(knobs, "FILTER=0") && !strstr(knobs, "FPE=0") &&
                            !strstr(knobs, "ISA=generic");
            if (n > 0 && cls == NARROW && early != filter_on) {
                printf("WRONG PATH %s: path bits %d\n", label, exactblas_last_path());
                mismatches++;
            }
        }
        nres = 2;
        break;
    }
    case R_AXPY:
        if (n > 0 && !(sc[0] == 0 && sc[1] == 0))
            for (long i = 0; i < n; i++) {
                long sx = 2 * at(n, incx, i), sy = 2 * at(n, incy, i);
                double xr = X.d[sx], xi = X.d[sx + 1];
                double a0[3] = {sc[0], -sc[1], Y.d[sy]}, b0[3] = {xr, xi, 1.0};
                double a1[3] = {sc[1], sc[0], Y.d[sy + 1]}, b1[3] = {xr, xi, 1.0};
                ey[sy] = rn(f32, 3, a0, b0);
                ey[sy + 1] = rn(f32, 3, a1, b1);
            }
        if (f32)
            CALL(exb_caxpy_checked(n, scf, X.data, incx, Y.data, incy));
        else
            CALL(exb_zaxpy_checked(n, sc, X.data, incx, Y.data, incy));
        break;
    case R_SCAL:
    case R_RSCAL:
        /* a = 1 (complex (1, 0)): the reference's quick return, x untouched */
        if (n > 0 && incx > 0 && !(sc[0] == 1.0 && (routine == R_RSCAL || sc[1] == 0.0)))
            for (long i = 0; i < n; i++) {
                long sx = 2 * at(n, incx, i);
                double xr = X.d[sx], xi = X.d[sx + 1];
                if (routine == R_SCAL) {
                    double a0[2] = {sc[0], -sc[1]}, b0[2] = {xr, xi};
                    double a1[2] = {sc[1], sc[0]}, b1[2] = {xr, xi};
                    ex[sx] = rn(f32, 2, a0, b0);
                    ex[sx + 1] = rn(f32, 2, a1, b1);
                } else {
                    ex[sx] = rn(f32, 1, &sc[0], &xr);
                    ex[sx + 1] = rn(f32, 1, &sc[0], &xi);
                }
            }
        if (routine == R_SCAL) {
            if (f32)
                CALL(exb_cscal_checked(n, scf, X.data, incx));
            else
                CALL(exb_zscal_checked(n, sc, X.data, incx));
        } else {
            if (f32)
                CALL(exb_csscal_checked(n, scf[0], X.data, incx));
            else
                CALL(exb_zdscal_checked(n, sc[0], X.data, incx));
        }
        break;
    case R_ROT:
        for (long i = 0; i < n; i++) {
            long sx = 2 * at(n, incx, i), sy = 2 * at(n, incy, i);
            for (int p = 0; p < 2; p++) {
                double xv = X.d[sx + p], yv = Y.d[sy + p];
                double a0[2] = {cs[0], cs[1]}, b0[2] = {xv, yv};
                double a1[2] = {cs[0], -cs[1]}, b1[2] = {yv, xv};
                ex[sx + p] = rn(f32, 2, a0, b0);
                ey[sy + p] = rn(f32, 2, a1, b1);
            }
        }
        volatile float c32 = (float)cs[0], s32 = (float)cs[1];
        if (f32)
            CALL(exb_csrot_checked(n, X.data, incx, Y.data, incy, c32, s32));
        else
            CALL(exb_zdrot_checked(n, X.data, incx, Y.data, incy, cs[0], cs[1]));
        break;
    case R_NRM2:
    case R_ASUM: {
        double *parts = malloc((size_t)(2 * n + 1) * sizeof *parts);
        for (long i = 0; i < n; i++) {
            long sx = 2 * at(n, incx, i);
            parts[2 * i] = X.d[sx], parts[2 * i + 1] = X.d[sx + 1];
        }
        if (n <= 0 || (routine == R_ASUM && incx <= 0)) { /* NRM2: every increment */
            want[0] = 0.0;
        } else if (routine == R_NRM2) {
            want[0] = rn_sqrt(f32, 2 * n, parts);
        } else {
            tl_set_binary32(f32);
            tl_terms_reset(T);
            for (long k = 0; k < 2 * n; k++)
                tl_terms_add(T, fabs(parts[k]), 1.0, 1.0);
            want[0] = tl_terms_round(T);
        }
        free(parts);
        volatile float g32 = 0.0f;
        volatile double g64 = 0.0;
        if (f32)
            CALL(g32 = routine == R_NRM2 ? exb_scnrm2_checked(n, X.data, incx)
                                         : exb_scasum_checked(n, X.data, incx));
        else
            CALL(g64 = routine == R_NRM2 ? exb_dznrm2_checked(n, X.data, incx)
                                         : exb_dzasum_checked(n, X.data, incx));
        got[0] = f32 ? (double)g32 : g64;
        nres = 1;
        break;
    }
    case R_IAMAX:
    case R_COPY:
    case R_SWAP: {
        if (!have_ref)
            break;
        int in = (int)n, ix = (int)incx, iy = (int)incy;
        if (routine == R_IAMAX) {
            int (*f)(const int *, const void *, const int *) =
                (int (*)(const int *, const void *, const int *))exb_blasref_symbol(
                    &ref, f32 ? "icamax_" : "izamax_");
            want[0] = f(&in, X.data, &ix);
            long g;
            CALL(g = f32 ? exb_icamax_checked(n, X.data, incx)
                         : exb_izamax_checked(n, X.data, incx));
            got[0] = (double)g;
            nres = 1;
            break;
        }
        size_t w = f32 ? 4 : 8;
        void *rx = malloc((size_t)X.len * w), *ry = malloc((size_t)Y.len * w);
        memcpy(rx, X.data, (size_t)X.len * w);
        memcpy(ry, Y.data, (size_t)Y.len * w);
        void (*f)(const int *, void *, const int *, void *, const int *) =
            (void (*)(const int *, void *, const int *, void *, const int *))exb_blasref_symbol(
                &ref, f32 ? (routine == R_COPY ? "ccopy_" : "cswap_")
                          : (routine == R_COPY ? "zcopy_" : "zswap_"));
        f(&in, rx, &ix, ry, &iy);
        if (routine == R_COPY) {
            if (f32)
                CALL(exb_ccopy_checked(n, X.data, incx, Y.data, incy));
            else
                CALL(exb_zcopy_checked(n, X.data, incx, Y.data, incy));
        } else {
            if (f32)
                CALL(exb_cswap_checked(n, X.data, incx, Y.data, incy));
            else
                CALL(exb_zswap_checked(n, X.data, incx, Y.data, incy));
        }
        runs++;
        if (!env_ok) {
            mismatches++;
            printf("MISMATCH %s: %s\n", label, why);
        }
        if (memcmp(rx, X.data, (size_t)X.len * w) || memcmp(ry, Y.data, (size_t)Y.len * w)) {
            mismatches++;
            printf("MISMATCH %s: not the reference's bits\n", label);
        }
        free(rx);
        free(ry);
        free(ex);
        free(ey);
        arr_free(&X);
        arr_free(&Y);
        return;
    }
    }
#undef CALL
    if (!env_ok) {
        mismatches++;
        printf("MISMATCH %s: %s\n", label, why);
    }
    for (int k = 0; k < nres; k++)
        check(label, "result", k, f32, tl_canonical(want[k]), got[k]);
    for (long k = 0; k < X.len; k++)
        check(label, "x", k, f32, tl_canonical(ex[k]), arr_get(&X, k));
    for (long k = 0; k < Y.len; k++)
        check(label, "y", k, f32, tl_canonical(ey[k]), arr_get(&Y, k));
    free(ex);
    free(ey);
    arr_free(&X);
    arr_free(&Y);
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 3000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261126;
    have_ref = exb_blasref_open(&ref, EXB_BLAS_NETLIB) == 0;
    if (!have_ref)
        printf("netlib reference BLAS not found: the moves and IxAMAX are not checked\n");
    T = tl_terms_new(4 * 90000);
    tl_rng r;
    for (long c = 0; c < cases; c++) {
        tl_rng_seed(&r, seed + (uint64_t)c * 0x9E3779B97F4A7C15ull);
        run_case(&r, c);
    }
    tl_terms_free(T);
    tl_apply_knobs("");
    if (mismatches) {
        printf("complex1: FAILED: %ld of %ld checks differ\n", mismatches, runs);
        return 1;
    }
    printf("complex1: PASSED: %ld cases, %ld outputs bit-exact (MPFR; moves and IxAMAX: netlib)\n",
           cases, runs);
    return 0;
}

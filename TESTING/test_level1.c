/*
 * test_level1.c -- the Level 1 routines (SRC/level1: xCOPY, xSWAP, IxAMAX,
 * SDOT, DSDOT, SDSDOT, SASUM, SNRM2, DNRM2, SAXPY, SSCAL, xROT, xROTM,
 * xROTG, xROTMG), single and double precision, bit for bit.
 *
 * usage: test_level1 [cases [seed]]
 * Each case draws a routine, a size (0, 1, small, up to ~1100), increments
 * of both signs (0 where the reference allows it), a data class (narrow,
 * the whole exponent range, binary32's range, tiny and subnormal values,
 * integers whose sums tie, signed zeros, specials) and a knob setting (the
 * filter on and off, the generic kernels, the accumulator alone, one
 * thread).  The arithmetic routines go against MPFR (level2lib's exact-terms
 * oracle: the exact value rounded once to binary64 or binary32, zero signs
 * and the canonical NaN); the moves, IxAMAX and xROTMG against the netlib
 * reference BLAS itself (bits; xROTMG is the reference's algorithm).  The
 * whole arrays are compared, the slots between strided elements included.
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blasref.h"
#include "exactblas.h"
#include "level1/level1.h"
#include "level2lib.h"
#include "routines.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FPE=0 EXACTBLAS_THREADS=1",
};

enum {
    R_COPY,
    R_SWAP,
    R_IAMAX,
    R_SDOT,
    R_DSDOT,
    R_SDSDOT,
    R_SASUM,
    R_SNRM2,
    R_DNRM2,
    R_SAXPY,
    R_SSCAL,
    R_ROT,
    R_ROTM,
    R_ROTG,
    R_ROTMG,
    ROUTINES
};
static const char *names[] = {"COPY",   "SWAP",  "IAMAX", "SDOT",  "DSDOT",
                              "SDSDOT", "SASUM", "SNRM2", "DNRM2", "SAXPY",
                              "SSCAL",  "ROT",   "ROTM",  "ROTG",  "ROTMG"};
enum { NARROW, WIDE, F32RANGE, TINY, INTS, ZEROS, SPECIAL, CLASSES };
static const char *class_names[] = {"narrow", "wide",  "f32range", "tiny",
                                    "ints",   "zeros", "special"};

/* the same classes, testlib's */
static const tl_class classes[CLASSES] = {TL_NARROW,  TL_WIDE,      TL_F32RANGE, TL_TINY,
                                          TL_HALVES8, TL_NEG_ZEROS, TL_SPECIAL};

/* One value of class cls, representable in binary32 when f32. */
static double value(tl_rng *r, int cls, int f32)
{
    return tl_class_value(r, classes[cls], f32);
}

/* ---- the oracles -------------------------------------------------------------- */

static tl_terms *T;

/* RN(a b + c d) (binary32 when f32). */
static double rn2(int f32, double a, double b, double c, double d)
{
    tl_set_binary32(f32);
    tl_terms_reset(T);
    tl_terms_add(T, a, b, 1.0);
    tl_terms_add(T, c, d, 1.0);
    return tl_terms_round(T);
}

/* RN(sqrt(S)) of the terms in T, to binary32 when f32 (tl_terms_round_sqrt
 * is binary64's; binary32's root here: S exact, root to odd, once). */
static double rn_sqrt(int f32, long n, const double *x, long inc)
{
    if (!f32)
        return tl_oracle_nrm2(n, x, inc);
    mpfr_t s, p, root;
    mpfr_inits2(1200, s, p, (mpfr_ptr)0);
    mpfr_init2(root, 64);
    mpfr_set_zero(s, 1);
    int special = 0;
    for (long i = 0; i < n; i++) {
        double v = x[i * inc];
        if (!isfinite(v)) {
            special |= isnan(v) ? 1 : 2;
            continue;
        }
        mpfr_set_d(p, v, MPFR_RNDN);
        mpfr_sqr(p, p, MPFR_RNDN);
        mpfr_add(s, s, p, MPFR_RNDN);
    }
    tl_make_odd(root, mpfr_sqrt(root, s, MPFR_RNDZ));
    double d = special & 1 ? NAN : special ? INFINITY : (double)mpfr_get_flt(root, MPFR_RNDN);
    mpfr_clears(s, p, root, (mpfr_ptr)0);
    return d;
}

/* ---- the netlib reference, for the bitwise routines ------------------------------ */

static exb_blasref ref;
static int have_ref;

typedef void (*move_fn)(const int *, void *, const int *, void *, const int *);
typedef int (*amax_fn)(const int *, const void *, const int *);
typedef void (*rotmg_fn)(void *, void *, void *, const void *, void *);

static void *sym(const char *name)
{
    return have_ref ? exb_blasref_symbol(&ref, name) : NULL;
}

/* ---- one case ---------------------------------------------------------------------- */

typedef struct arr {
    int f32;
    long len;
    double *d;  /* values (binary32 ones when f32) */
    void *data; /* what the routine sees */
} arr;

static void arr_make(arr *a, int f32, long len)
{
    a->f32 = f32;
    a->len = len > 0 ? len : 1;
    a->d = malloc((size_t)a->len * sizeof(double));
    a->data = malloc((size_t)a->len * sizeof(double));
    for (long k = 0; k < a->len; k++)
        a->d[k] = NAN;
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

/* The routine's array as doubles (binary32 values widened). */
static void arr_read(const arr *a, double *out)
{
    for (long k = 0; k < a->len; k++)
        out[k] = a->f32 ? (double)((const float *)a->data)[k] : ((const double *)a->data)[k];
}

static void arr_free(arr *a)
{
    free(a->d);
    free(a->data);
}

static long at(long n, long inc, long i) /* slot of logical element i */
{
    return inc < 0 ? (n - 1 - i) * -inc : i * inc;
}

static long span(long n, long inc)
{
    return n > 0 ? 1 + (n - 1) * (inc < 0 ? -inc : inc) : 1;
}

static int run_case(tl_rng *r, long serial, tl_tally *tally)
{
    int routine = (int)tl_draw(r, 0, ROUTINES - 1);
    int f32 = routine == R_SDOT || routine == R_DSDOT || routine == R_SDSDOT ||
              routine == R_SASUM || routine == R_SNRM2 || routine == R_SAXPY ||
              routine == R_SSCAL ||
              ((routine == R_COPY || routine == R_SWAP || routine == R_IAMAX || routine == R_ROT ||
                routine == R_ROTM || routine == R_ROTG || routine == R_ROTMG) &&
               tl_draw(r, 0, 1));
    int cls = (int)tl_draw(r, 0, CLASSES - 1);
    long n = tl_draw(r, 0, 9) == 0 ? tl_draw(r, 0, 1)
             : tl_draw(r, 0, 7)    ? tl_draw(r, 2, 70)
                                   : tl_draw(r, 200, 1100);
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 3),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    if (tl_draw(r, 0, 4) == 0)
        incx = 1, incy = 1;
    if (routine == R_COPY && tl_draw(r, 0, 9) == 0)
        incx = 0; /* the reference broadcasts x_1 */
    if ((routine == R_IAMAX || routine == R_SASUM || routine == R_SNRM2 || routine == R_DNRM2 ||
         routine == R_SSCAL) &&
        tl_draw(r, 0, 9) == 0)
        incx = -incx; /* incx <= 0: the quick returns */
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    exactblas_reload_knobs();
    char label[200];
    snprintf(label, sizeof label, "case %ld %c%s %s n=%ld incx=%ld incy=%ld", serial,
             f32 ? 'S' : 'D', names[routine], class_names[cls], n, incx, incy);

    arr X, Y;
    arr_make(&X, f32, span(n, incx));
    arr_make(&Y, f32, span(n, incy));
    for (long i = 0; i < n; i++) {
        X.d[at(n, incx, i)] = value(r, cls, f32);
        Y.d[at(n, incy, i)] = value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32);
    }
    if (incx == 0 && n > 0)
        X.d[0] = value(r, cls, f32);
    /* binary32 midpoints: the exact result lies just off a midpoint that
     * RN64 lands on, where rounding twice would give the other neighbour */
    int midpoint =
        f32 && n >= 3 && incx != 0 && tl_draw(r, 0, 5) == 0 &&
        (routine == R_SDOT || routine == R_SDSDOT || routine == R_SASUM || routine == R_SAXPY);
    if (midpoint) {
        double sign = tl_draw(r, 0, 1) ? 1.0 : -1.0;
        for (long i = 0; i < n; i++)
            X.d[at(n, incx, i)] = 0.0, Y.d[at(n, incy, i)] = routine == R_SAXPY ? 0.0 : 1.0;
        if (routine == R_SAXPY) { /* y + a x = 2^30 + 2^7 + 2^6 - 2^-40 */
            X.d[at(n, incx, 0)] = sign * (0x1p6 - 0x1p-17);
            Y.d[at(n, incy, 0)] = sign * (0x1p30 + 0x1p7);
        } else { /* 2^30 + 2^6 + 2^-40 */
            X.d[at(n, incx, 0)] = sign * 0x1p30;
            X.d[at(n, incx, 1)] = sign * 0x1p6;
            X.d[at(n, incx, 2)] = sign * 0x1p-40;
        }
    }
    arr_sync(&X);
    arr_sync(&Y);
    double *ex = malloc((size_t)X.len * sizeof(double)),
           *ey = malloc((size_t)Y.len * sizeof(double)),
           *gx = malloc((size_t)X.len * sizeof(double)),
           *gy = malloc((size_t)Y.len * sizeof(double));
    memcpy(ex, X.d, (size_t)X.len * sizeof(double));
    memcpy(ey, Y.d, (size_t)Y.len * sizeof(double));
    double scalar = tl_draw(r, 0, 2) ? value(r, cls, f32) : (tl_draw(r, 0, 1) ? 1.0 : -0.5);
    if (tl_draw(r, 0, 9) == 0) { /* subnormal scalars on purpose (a caller's DAZ) */
        static const double sub64[] = {0x1p-1074, -0x1.8p-1066, 0x1.ffffp-1023};
        static const double sub32[] = {0x1p-149, -0x1.8p-141, 0x1.fffcp-127};
        scalar = (f32 ? sub32 : sub64)[tl_draw(r, 0, 2)];
    }
    if (midpoint)
        scalar = routine == R_SAXPY ? 1.0 + 0x1p-23 : 0.0;
    double got = 0, want = 0;
    int scalar_result = 0, ok = 1;
    int in = (int)n, ix = (int)incx, iy = (int)incy;
    const double *xs = X.d + (incx < 0 ? 0 : 0); /* logical order via at() */
    /* the caller's floating-point environment, around each library call
     * alone: its arguments converted before and its results after, through
     * volatile variables (the compiler would otherwise move a conversion
     * across the opaque calls that set the environment) */
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
    case R_COPY:
    case R_SWAP: {
        /* the reference on copies of the same arrays */
        void *rx = malloc((size_t)X.len * 8), *ry = malloc((size_t)Y.len * 8);
        memcpy(rx, X.data, (size_t)X.len * 8);
        memcpy(ry, Y.data, (size_t)Y.len * 8);
        move_fn f = (move_fn)sym(f32 ? (routine == R_COPY ? "scopy_" : "sswap_")
                                     : (routine == R_COPY ? "dcopy_" : "dswap_"));
        if (!f)
            break;
        f(&in, rx, &ix, ry, &iy);
        if (routine == R_COPY) {
            if (f32)
                CALL(exb_scopy_checked(n, X.data, incx, Y.data, incy));
            else
                CALL(exb_dcopy_checked(n, X.data, incx, Y.data, incy));
        } else {
            if (f32)
                CALL(exb_sswap_checked(n, X.data, incx, Y.data, incy));
            else
                CALL(exb_dswap_checked(n, X.data, incx, Y.data, incy));
        }
        tally->runs++;
        size_t w = f32 ? 4 : 8;
        if (memcmp(rx, X.data, (size_t)X.len * w) || memcmp(ry, Y.data, (size_t)Y.len * w)) {
            printf("MISMATCH %s [%s]: not the reference's bits\n", label, knobs);
            tally->mismatches++;
            ok = 0;
        }
        free(rx);
        free(ry);
        break;
    }
    case R_IAMAX: {
        amax_fn f = (amax_fn)sym(f32 ? "isamax_" : "idamax_");
        if (!f)
            break;
        long g;
        CALL(g = f32 ? exb_isamax_checked(n, X.data, incx) : exb_idamax_checked(n, X.data, incx));
        want = f(&in, X.data, &ix);
        got = (double)g;
        scalar_result = 1;
        break;
    }
    case R_SDOT:
    case R_DSDOT:
    case R_SDSDOT:
    case R_SASUM: {
        tl_set_binary32(routine != R_DSDOT);
        tl_terms_reset(T);
        if (routine == R_SDSDOT)
            tl_terms_add(T, scalar, 1.0, 1.0);
        int reads = routine != R_SASUM || incx > 0;
        for (long i = 0; i < n && reads; i++) {
            double xi = X.d[at(n, incx, i)];
            if (routine == R_SASUM)
                tl_terms_add(T, fabs(xi), 1.0, 1.0);
            else
                tl_terms_add(T, xi, Y.d[at(n, incy, i)], 1.0);
        }
        want = tl_terms_round(T);
        if (routine == R_SDSDOT && n <= 0)
            want = scalar; /* sb itself */
        if ((routine == R_SASUM && incx <= 0) || (routine != R_SDSDOT && n <= 0))
            want = 0.0;
        const float *fx = X.data, *fy = Y.data;
        volatile float sb = (float)scalar, gf = 0.0f;
        volatile double gd = 0.0;
        if (routine == R_DSDOT)
            CALL(gd = exb_dsdot_checked(n, fx, incx, fy, incy));
        else
            CALL(gf = routine == R_SDOT     ? exb_sdot_checked(n, fx, incx, fy, incy)
                      : routine == R_SDSDOT ? exb_sdsdot_checked(n, sb, fx, incx, fy, incy)
                                            : exb_sasum_checked(n, fx, incx));
        got = routine == R_DSDOT ? gd : (double)gf;
        scalar_result = 1;
        break;
    }
    case R_SNRM2:
    case R_DNRM2: {
        double *lx = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
        for (long i = 0; i < n; i++)
            lx[i] = X.d[at(n, incx, i)];
        /* the reference's (LAPACK 3.11): every increment, a negative one the
         * same elements backwards, 0 x_1 n times (lx: the logical elements) */
        want = n > 0 ? rn_sqrt(routine == R_SNRM2, n, lx, 1) : 0.0;
        want = tl_canonical(want);
        volatile float gf = 0.0f;
        volatile double gd = 0.0;
        if (routine == R_SNRM2)
            CALL(gf = exb_snrm2_checked(n, X.data, incx));
        else
            CALL(gd = exb_dnrm2_checked(n, X.data, incx));
        got = routine == R_SNRM2 ? (double)gf : gd;
        free(lx);
        scalar_result = 1;
        break;
    }
    case R_SAXPY:
        if (n > 0 && scalar != 0.0)
            for (long i = 0; i < n; i++) {
                tl_set_binary32(1);
                tl_terms_reset(T);
                tl_terms_add(T, scalar, X.d[at(n, incx, i)], 1.0);
                tl_terms_add(T, Y.d[at(n, incy, i)], 1.0, 1.0);
                ey[at(n, incy, i)] = tl_terms_round(T);
            }
        {
            volatile float a = (float)scalar;
            CALL(exb_saxpy_checked(n, a, X.data, incx, Y.data, incy));
        }
        break;
    case R_SSCAL:
        if (incx > 0 && (float)scalar != 1.0f) /* a = 1: the reference's quick return */
            for (long i = 0; i < n; i++) {
                tl_set_binary32(1);
                tl_terms_reset(T);
                tl_terms_add(T, scalar, X.d[at(n, incx, i)], 1.0);
                ex[at(n, incx, i)] = tl_terms_round(T);
            }
        {
            volatile float a = (float)scalar;
            CALL(exb_sscal_checked(n, a, X.data, incx));
        }
        break;
    case R_ROT:
    case R_ROTM: {
        double c = scalar, s = value(r, cls, f32), h[5] = {0};
        static const double flags[] = {-2, -1, 0, 1};
        if (routine == R_ROTM) {
            h[0] = flags[tl_draw(r, 0, 3)];
            for (int k = 1; k < 5; k++)
                h[k] = value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32);
        }
        if (!f32 && n >= 1 && tl_draw(r, 0, 4) == 0) {
            /* a binary64 midpoint the filter must not round through: c x +
             * s y = 1 + 2^-52 + 2^-53 - 2^-113 with s y's product error
             * (-2^-113) below every other term */
            double sg = tl_draw(r, 0, 1) ? 1.0 : -1.0;
            long k = tl_draw(r, 0, n - 1);
            X.d[at(n, incx, k)] = sg * (1.0 + 0x1p-52);
            Y.d[at(n, incy, k)] = sg * 0x1p-53 * (1.0 - 0x1p-30);
            arr_sync(&X);
            arr_sync(&Y);
            c = 1.0, s = 1.0 + 0x1p-30;
            h[0] = -1, h[1] = c, h[3] = s;
        }
        double h11 = h[0] < 0    ? h[1]
                     : h[0] == 0 ? 1
                                 : h[1],
               h21 = h[0] < 0    ? h[2]
                     : h[0] == 0 ? h[2]
                                 : -1,
               h12 = h[0] < 0    ? h[3]
                     : h[0] == 0 ? h[3]
                                 : 1,
               h22 = h[0] < 0    ? h[4]
                     : h[0] == 0 ? 1
                                 : h[4];
        for (long i = 0; i < n && !(routine == R_ROTM && h[0] == -2); i++) {
            double xi = X.d[at(n, incx, i)], yi = Y.d[at(n, incy, i)];
            if (routine == R_ROT) {
                ex[at(n, incx, i)] = rn2(f32, c, xi, s, yi);
                ey[at(n, incy, i)] = rn2(f32, c, yi, -s, xi);
            } else {
                ex[at(n, incx, i)] = rn2(f32, xi, h11, yi, h12);
                ey[at(n, incy, i)] = rn2(f32, xi, h21, yi, h22);
            }
        }
        volatile float cf = (float)c, sf = (float)s;
        float hf[5];
        for (int k = 0; k < 5; k++)
            hf[k] = (float)h[k];
        if (routine == R_ROT) {
            if (f32)
                CALL(exb_srot_checked(n, X.data, incx, Y.data, incy, cf, sf));
            else
                CALL(exb_drot_checked(n, X.data, incx, Y.data, incy, c, s));
        } else if (f32) {
            CALL(exb_srotm_checked(n, X.data, incx, Y.data, incy, hf));
        } else {
            CALL(exb_drotm_checked(n, X.data, incx, Y.data, incy, h));
        }
        break;
    }
    case R_ROTG: {
        double a = value(r, cls, f32), b = value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32);
        double ea = a, eb = b, ec, es;
        if (b == 0) {
            ec = 1, es = 0, eb = 0;
        } else if (a == 0) {
            ec = 0, es = 1, ea = b, eb = 1;
        } else if (!isfinite(a) || !isfinite(b)) {
            break; /* the reference's own arithmetic: not part of this check */
        } else {
            double sigma = fabs(a) > fabs(b) ? copysign(1.0, a) : copysign(1.0, b), rr;
            double ab[2] = {a, b};
            rr = sigma * rn_sqrt(f32, 2, ab, 1);
            ec = f32 ? (double)((float)a / (float)rr) : a / rr;
            es = f32 ? (double)((float)b / (float)rr) : b / rr;
            double z = fabs(a) > fabs(b) ? es
                       : ec != 0         ? (f32 ? (double)(1.0f / (float)ec) : 1 / ec)
                                         : 1;
            ea = rr, eb = z;
        }
        double g[4];
        if (f32) {
            float fa = (float)a, fb = (float)b, fc, fs;
            CALL(exb_srotg_checked(&fa, &fb, &fc, &fs));
            g[0] = fa, g[1] = fb, g[2] = fc, g[3] = fs;
        } else {
            double da = a, db = b, dc, ds;
            CALL(exb_drotg_checked(&da, &db, &dc, &ds));
            g[0] = da, g[1] = db, g[2] = dc, g[3] = ds;
        }
        double e[4] = {tl_canonical(ea), tl_canonical(eb), tl_canonical(ec), tl_canonical(es)};
        ok = tl_check_vector(tally, label, knobs, 4, e, g);
        break;
    }
    case R_ROTMG: {
        double d1 = fabs(value(r, cls, f32)) * (tl_draw(r, 0, 4) ? 1 : -1), d2 = value(r, cls, f32),
               x1 = value(r, cls, f32), y1 = value(r, cls, f32);
        if (!isfinite(d1) || !isfinite(d2) || !isfinite(x1) || !isfinite(y1))
            break; /* the reference's scaling loops may never end */
        rotmg_fn f = (rotmg_fn)sym(f32 ? "srotmg_" : "drotmg_");
        if (!f)
            break;
        double e[8], g[8];
        if (f32) {
            float a[9] = {(float)d1, (float)d2, (float)x1, (float)y1, 0, 0, 0, 0, 0}, b[9];
            memcpy(b, a, sizeof a);
            CALL(exb_srotmg_checked(&b[0], &b[1], &b[2], b[3], &b[4]));
            if (isinf(b[0]) || isinf(b[1]))
                break; /* the reference's rescaling loop would never end */
            f(&a[0], &a[1], &a[2], &a[3], &a[4]);
            for (int k = 0; k < 8; k++)
                e[k] = a[k < 3 ? k : k + 1], g[k] = b[k < 3 ? k : k + 1];
        } else {
            double a[9] = {d1, d2, x1, y1, 0, 0, 0, 0, 0}, b[9];
            memcpy(b, a, sizeof a);
            CALL(exb_drotmg_checked(&b[0], &b[1], &b[2], b[3], &b[4]));
            if (isinf(b[0]) || isinf(b[1]))
                break; /* the reference's rescaling loop would never end */
            f(&a[0], &a[1], &a[2], &a[3], &a[4]);
            for (int k = 0; k < 8; k++)
                e[k] = a[k < 3 ? k : k + 1], g[k] = b[k < 3 ? k : k + 1];
        }
        tally->runs++;
        if (memcmp(e, g, sizeof e)) {
            printf("MISMATCH %s [%s]: not the reference's bits\n", label, knobs);
            tally->mismatches++;
            ok = 0;
        }
        break;
    }
    }
#undef CALL
    (void)xs;
    if (!env_ok) {
        printf("MISMATCH %s [%s]: %s\n", label, knobs, why);
        tally->mismatches++;
        ok = 0;
    }
    if (scalar_result) {
        ok = tl_check_vector(tally, label, knobs, 1, &want, &got);
    } else if (routine == R_SAXPY || routine == R_SSCAL || routine == R_ROT || routine == R_ROTM) {
        for (long k = 0; k < X.len; k++)
            ex[k] = tl_canonical(ex[k]);
        for (long k = 0; k < Y.len; k++)
            ey[k] = tl_canonical(ey[k]);
        /* the slots between elements: untouched, NaN as set */
        arr_read(&X, gx);
        arr_read(&Y, gy);
        for (long k = 0; k < X.len; k++)
            gx[k] = isnan(gx[k]) ? tl_canonical(gx[k]) : gx[k];
        for (long k = 0; k < Y.len; k++)
            gy[k] = isnan(gy[k]) ? tl_canonical(gy[k]) : gy[k];
        ok = tl_check_vector(tally, label, knobs, X.len, ex, gx) &&
             tl_check_vector(tally, label, knobs, Y.len, ey, gy);
    }
    arr_free(&X);
    arr_free(&Y);
    free(ex);
    free(ey);
    free(gx);
    free(gy);
    return ok;
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 6000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261125;
    have_ref = exb_blasref_open(&ref, EXB_BLAS_NETLIB) == 0;
    if (!have_ref)
        printf("the netlib reference BLAS is not installed: the bitwise comparisons are skipped\n");
    T = tl_terms_new(4096);
    tl_rng r;
    tl_rng_seed(&r, seed);
    tl_tally tally = {0, 0, 0};
    for (long c = 0; c < cases; c++) {
        char what[64];
        snprintf(what, sizeof what, "level1 case %ld", c);
        tl_watchdog(60, what); /* a hang is a failure that names its case */
        tally.cases++;
        run_case(&r, c, &tally);
    }
    tl_watchdog(0, "");
    tl_terms_free(T);
    tl_set_binary32(0);
    return tl_verdict("level1", &tally, COUNT(knob_lines));
}

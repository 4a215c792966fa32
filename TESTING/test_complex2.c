/*
 * test_complex2.c -- the structured complex Level 2 routines and the
 * complex rank-2k, TRMM and TRSM (SRC/level2/zl2.c, SRC/level3/zher2k.c),
 * Z and C, bit for bit per part against MPFR:
 *   products  GBMV, HBMV, HPMV, TRMV, TBMV, TPMV, TRMM: each output's Sr and
 *             Si over the entries the storage defines (found here from the
 *             reference's index formulas, independently of the library),
 *             then a1 S1 + a2 S2 + b1 y1 + b2 y2 rounded once;
 *   solves    TRSV, TBSV, TPSV, TRSM: the substitution with the oracle's own
 *             rounded x_j, the numerator exact, each part of N / d rounded
 *             once from (Nr dr + Ni di) / (dr^2 + di^2) in MPFR;
 *   updates   HER, HPR, HER2, HPR2, HER2K, SYR2K: X = S1 + S2, Y = i (S1 -
 *             S2) exact, Re = RN(ar Xr + ai Yr + ...), every slot of A / C
 *             (the other triangle and the padding unchanged, the Hermitian
 *             diagonal's imaginary part +0);
 *   ZROTG     c = sqrt(F / H), s = conj(g) f / sqrt(F H), r = f sqrt(H / F)
 *             (f = 0, g = 0 as the reference), each part against MPFR: the
 *             ratio rounded to odd at 400 bits, its root to odd at 64.
 * Data classes: narrow, the whole exponent range, tiny (subnormal
 * products), small integers that cancel, signed zeros, NaN and Inf, and
 * for the solves quotient ties (divisors 1 + i, 2i, 1 - i with numerators
 * that put Re or Im exactly on a midpoint).  Strides of both signs; alpha
 * real, imaginary, complex and zero; beta 0, 1, real, complex.  Every
 * computing call must report the host path.
 *
 * usage: test_complex2 [cases [seed]]
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "complexlib.h"
#include "exactblas.h"
#include "level1/level1.h"
#include "level2/zlevel2.h"
#include "level2lib.h"
#include "level3/level3.h"

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=host EXACTBLAS_GEMM_PATH=general EXACTBLAS_THREADS=2",
};

#define TIES CLASSES /* the solves' extra class */

static tl_terms *T1, *T2;
static long slots, mismatches, calls, solves_filtered;

/* ---- the structured matrix, from the reference's storage rules ------------------ */

typedef struct smat {
    int f32;
    const void *a;
    long lda;
    char kind;  /* G general band, H Hermitian, T triangular */
    char store; /* D dense, B band, P packed */
    char uplo, trans, diag;
    long m, n, kl, ku; /* a Hermitian or triangular band's k in ku */
} smat;

/* Stored entry (i, j), 0-based: 0 when the storage has no such entry. */
static int stored(const smat *s, long i, long j, double *re, double *im)
{
    long idx;
    int up = s->uplo == 'U';
    if (s->kind != 'G' && (up ? i > j : i < j))
        return 0;
    if (s->store == 'D') {
        idx = i + j * s->lda;
    } else if (s->store == 'B') {
        if (s->kind == 'G') {
            if (i - j > s->kl || j - i > s->ku)
                return 0;
            idx = s->ku + i - j + j * s->lda;
        } else {
            if ((up ? j - i : i - j) > s->ku)
                return 0;
            idx = up ? s->ku + i - j + j * s->lda : i - j + j * s->lda;
        }
    } else {
        idx = up ? i + j * (j + 1) / 2 : i + j * (2 * s->n - j - 1) / 2;
    }
    *re = rd(s->f32, s->a, 2 * idx);
    *im = rd(s->f32, s->a, 2 * idx + 1);
    return 1;
}

/* Entry (i, j) of op(A): whether it is a term, and its value. */
static int opentry(const smat *s, long i, long j, double *re, double *im)
{
    if (s->kind == 'T' && i == j && s->diag == 'U') {
        *re = 1.0, *im = 0.0;
        return 1;
    }
    if (s->kind == 'H') {
        if (stored(s, i, j, re, im)) {
            if (i == j)
                *im = 0.0;
            return 1;
        }
        if (stored(s, j, i, re, im)) {
            *im = -*im;
            return 1;
        }
        return 0;
    }
    int t = s->trans != 'N';
    if (!stored(s, t ? j : i, t ? i : j, re, im))
        return 0;
    if (s->trans == 'C')
        *im = -*im;
    return 1;
}

static void check(int f32, const char *what, long serial, const char *knobs, long len,
                  const double *want, const void *got)
{
    for (long q = 0; q < len; q++) {
        slots++;
        double g = rd(f32, got, q);
        if (!same(f32, want[q], g)) {
            mismatches++;
            if (mismatches <= 25)
                printf("MISMATCH case %ld %s [%s]: slot %ld expected %a, got %a\n", serial, what,
                       knobs, q, want[q], g);
        }
    }
}

static void check_path(int quick, const char *what, long serial)
{
    if (quick)
        return;
    calls++;
    if (!(exactblas_last_path() & EXACTBLAS_PATH_HOST)) {
        mismatches++;
        printf("WRONG PATH case %ld %s: path bits %d\n", serial, what, exactblas_last_path());
    }
}

/* want[at], want[at+1] := alpha (sum over row i of op(A) times x) + beta y. */
static void oracle_row(const smat *s, long i, long cols, const double *al, const void *x, long incx,
                       const double *be, const void *y, long at, double *want)
{
    int f32 = s->f32, terms = 0;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (long j = 0; j < cols; j++) {
        double re, im;
        if (!opentry(s, i, j, &re, &im))
            continue;
        long sx = 2 * (incx < 0 ? (cols - 1 - j) * -incx : j * incx);
        double xr = rd(f32, x, sx), xi = rd(f32, x, sx + 1);
        tl_terms_add(T1, re, xr, 1.0);
        tl_terms_add(T1, -im, xi, 1.0);
        tl_terms_add(T2, im, xr, 1.0);
        tl_terms_add(T2, re, xi, 1.0);
        terms = 1;
    }
    int alpha0 = al[0] == 0.0 && al[1] == 0.0, beta0 = be[0] == 0.0 && be[1] == 0.0;
    if ((alpha0 || !terms) && beta0) {
        want[at] = want[at + 1] = 0.0;
        return;
    }
    double a0 = terms ? al[0] : 0.0, a1 = terms ? al[1] : 0.0;
    double yr = beta0 ? 0.0 : rd(f32, y, at), yi = beta0 ? 0.0 : rd(f32, y, at + 1);
    double b0 = beta0 ? 0.0 : be[0], b1 = beta0 ? 0.0 : be[1];
    want[at] = tl_canonical(tl_terms_round_affine2(T1, a0, T2, -a1, b0, yr, -b1, yi));
    want[at + 1] = tl_canonical(tl_terms_round_affine2(T2, a0, T1, a1, b0, yi, b1, yr));
}

static void draw_alpha(tl_rng *r, int f32, double *al)
{
    switch (tl_draw(r, 0, 5)) {
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
        al[0] = 1.0, al[1] = 0.0;
        break;
    default:
        al[0] = value(r, NARROW, f32), al[1] = value(r, NARROW, f32);
    }
}

static void draw_beta(tl_rng *r, int f32, double *be)
{
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
}

static long vlen(long n, long inc)
{
    return 2 * (1 + (n > 0 ? n - 1 : 0) * labs(inc));
}

/* ---- GBMV, HBMV, HPMV, TRMV, TBMV, TPMV -------------------------------------------- */

static void run_product(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1),
        which = (int)tl_draw(r, 0, 5);
    static const char *names[] = {"GBMV", "HBMV", "HPMV", "TRMV", "TBMV", "TPMV"};
    smat s = {
        .f32 = f32, .uplo = tl_draw(r, 0, 1) ? 'U' : 'L', .diag = tl_draw(r, 0, 1) ? 'U' : 'N'};
    static const char ops[] = "NTC";
    s.trans = ops[tl_draw(r, 0, 2)];
    long n = tl_draw(r, 0, 9) ? tl_draw(r, 1, 14) : tl_draw(r, 0, 30), m = n;
    s.kind = which == 0 ? 'G' : which < 3 ? 'H' : 'T';
    s.store = (which == 2 || which == 5) ? 'P' : which == 3 ? 'D' : 'B';
    if (which == 0)
        m = tl_draw(r, 0, 9) ? tl_draw(r, 1, 14) : tl_draw(r, 0, 30), s.kl = tl_draw(r, 0, 4);
    s.ku = tl_draw(r, 0, 4);
    if (s.kind == 'H')
        s.trans = 'N';
    s.m = m, s.n = n;
    long rows = s.store == 'D' ? n : s.kind == 'G' ? s.kl + s.ku + 1 : s.ku + 1;
    s.lda = (rows > 0 ? rows : 1) + tl_draw(r, 0, 2);
    long la = s.store == 'P' ? 2 * (n * (n + 1) / 2 + 1) : 2 * s.lda * (n > 0 ? n : 1);
    long outs = s.trans == 'N' ? m : n, cols = s.trans == 'N' ? n : m;
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    int tri = s.kind == 'T';
    if (tri)
        incy = incx;
    double al[2], be[2];
    draw_alpha(r, f32, al);
    draw_beta(r, f32, be);
    int under = !tri && draw_underflow(r, f32, al, be);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long lx = vlen(cols, incx), ly = vlen(outs, incy);
    void *A = malloc((size_t)la * w), *X = malloc((size_t)lx * w), *Y = malloc((size_t)ly * w);
    double *want = malloc((size_t)ly * sizeof *want);
    for (long q = 0; q < la; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lx; q++)
        wr(f32, X, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < ly; q++)
        wr(f32, Y, q, value(r, under ? HALFTINY : NARROW, f32));
    s.a = A;
    void *Yin = tri ? X : Y;
    for (long q = 0; q < ly; q++)
        want[q] = rd(f32, Yin, q);
    if (tri)
        al[0] = 1.0, al[1] = 0.0, be[0] = be[1] = 0.0;
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    int quick = (tri ? n == 0 : m == 0 || n == 0) || (alpha0 && be[0] == 1.0 && be[1] == 0.0);
    tl_set_binary32(f32);
    for (long i = 0; !quick && i < outs; i++)
        oracle_row(&s, i, cols, al, X, incx, be, Yin,
                   2 * (incy < 0 ? (outs - 1 - i) * -incy : i * incy), want);
    char name[8];
    snprintf(name, sizeof name, "%c%s ", f32 ? 'C' : 'Z', names[which]);
    switch (which) {
    case 0:
        CALLER_ENV(serial, exb_xgbmv_checked(name, f32, s.trans, m, n, s.kl, s.ku, al, A, s.lda, X,
                                             incx, be, Y, incy));
        break;
    case 1:
    case 2:
        CALLER_ENV(serial, exb_xhbmv_checked(name, f32, which == 2, s.uplo, n, s.ku, al, A, s.lda,
                                             X, incx, be, Y, incy));
        break;
    default:
        CALLER_ENV(serial, exb_xtrmv_checked(name, f32, 0,
                                             which == 3   ? 0
                                             : which == 4 ? 1
                                                          : 2,
                                             s.uplo, s.trans, s.diag, n, s.ku, A, s.lda, X, incx));
    }
    char what[160];
    snprintf(what, sizeof what,
             "%s %c%c%c m=%ld n=%ld kl=%ld ku=%ld incx=%ld incy=%ld %s "
             "alpha=(%a,%a) beta=(%a,%a)",
             name, s.uplo, s.trans, s.diag, m, n, s.kl, s.ku, incx, incy, class_names[cls], al[0],
             al[1], be[0], be[1]);
    check_path(quick, what, serial);
    check(f32, what, serial, knobs, ly, want, Yin);
    free(A);
    free(X);
    free(Y);
    free(want);
}

/* ---- the solves -------------------------------------------------------------------- */

/* A value of the tie class: few bits, so that N / (1 + i) lands on midpoints. */
static double tie_value(tl_rng *r, int f32)
{
    int p = f32 ? 24 : 53;
    double v[] = {1.0, ldexp(1.0, -p), ldexp(3.0, -p), 1.0 + ldexp(1.0, 1 - p), 0.5, 0.0};
    return tl_rng_sign(r) * v[tl_draw(r, 0, COUNT(v) - 1)];
}

static int finite_all(double a, double b)
{
    return isfinite(a) && isfinite(b);
}

/* x_i of op(A) x = alpha b by substitution: the oracle's x in xs (2 per
 * element, logical order), b from the column as given (logical order). */
static void oracle_solve(const smat *s, long n, const double *al, const double *b, double *xs)
{
    int forward = (s->uplo == 'L') == (s->trans == 'N');
    for (long q = 0; q < n; q++) {
        long i = forward ? q : n - 1 - q;
        double br = b[2 * i], bi = b[2 * i + 1];
        int special = 0;
        tl_terms_reset(T1);
        tl_terms_reset(T2);
        if (al) { /* a zero part of alpha is no term */
            if (al[0] != 0.0) {
                tl_terms_add(T1, al[0], br, 1.0);
                tl_terms_add(T2, al[0], bi, 1.0);
            }
            if (al[1] != 0.0) {
                tl_terms_add(T1, -al[1], bi, 1.0);
                tl_terms_add(T2, al[1], br, 1.0);
            }
            special |= !finite_all(al[0], al[1]) || !finite_all(br, bi);
        } else {
            tl_terms_add(T1, br, 1.0, 1.0);
            tl_terms_add(T2, bi, 1.0, 1.0);
            special |= !finite_all(br, bi);
        }
        for (long j = 0; j < n; j++) {
            double re, im;
            if (j == i || !opentry(s, i, j, &re, &im))
                continue;
            double xr = xs[2 * j], xi = xs[2 * j + 1];
            tl_terms_add(T1, -re, xr, 1.0);
            tl_terms_add(T1, im, xi, 1.0);
            tl_terms_add(T2, -im, xr, 1.0);
            tl_terms_add(T2, -re, xi, 1.0);
            special |= !finite_all(re, im) || !finite_all(xr, xi);
        }
        double dr = 1.0, di = 0.0;
        opentry(s, i, i, &dr, &di);
        double qr, qi;
        if (di == 0.0) {
            qr = tl_terms_round_quotient(T1, dr);
            qi = tl_terms_round_quotient(T2, dr);
        } else if (dr == 0.0) {
            qr = tl_terms_round_quotient(T2, di);
            qi = -tl_terms_round_quotient(T1, di);
        } else if (special || !finite_all(dr, di)) {
            qr = qi = NAN;
        } else {
            qr = tl_terms_round_cquotient(T1, dr, T2, di, dr, di);
            qi = tl_terms_round_cquotient(T2, dr, T1, -di, dr, di);
        }
        xs[2 * i] = tl_canonical(qr);
        xs[2 * i + 1] = tl_canonical(qi);
    }
}

/* A triangular matrix's values: the class's, or for ties integer
 * off-diagonals (mostly 0) and divisors 1 + i, 2i, 1 - i, 2, 3 + 4i. */
static void fill_triangular(tl_rng *r, int f32, int cls, void *A, long la)
{
    for (long q = 0; q < la; q++)
        wr(f32, A, q,
           cls != TIES        ? value(r, cls, f32)
           : tl_draw(r, 0, 2) ? 0.0
           : tl_draw(r, 0, 1) ? (double)tl_draw(r, -2, 2)
                              : ldexp((double)tl_draw(r, -3, 3), f32 ? -30 : -60)); /* near ties */
}

static void tie_diagonal(tl_rng *r, const smat *s, void *A, long n)
{
    static const double d[][2] = {{1, 1}, {0, 2}, {1, -1}, {2, 0}, {3, 4}, {-1, 1}};
    for (long i = 0; i < n; i++) {
        long idx;
        int up = s->uplo == 'U';
        if (s->store == 'D')
            idx = i + i * s->lda;
        else if (s->store == 'B')
            idx = up ? s->ku + i * s->lda : i * s->lda;
        else
            idx = up ? i + i * (i + 1) / 2 : i + i * (2 * n - i - 1) / 2;
        long pick = tl_draw(r, 0, COUNT(d) - 1);
        wr(s->f32, A, 2 * idx, d[pick][0]);
        wr(s->f32, A, 2 * idx + 1, d[pick][1]);
    }
}

static void run_solve(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES),
        which = (int)tl_draw(r, 0, 2);
    static const char *names[] = {"TRSV", "TBSV", "TPSV"};
    static const char ops[] = "NTC";
    smat s = {.f32 = f32,
              .kind = 'T',
              .uplo = tl_draw(r, 0, 1) ? 'U' : 'L',
              .diag = tl_draw(r, 0, 2) ? 'N' : 'U',
              .trans = ops[tl_draw(r, 0, 2)]};
    s.store = which == 0 ? 'D' : which == 1 ? 'B' : 'P';
    long n = tl_draw(r, 0, 9)   ? tl_draw(r, 1, 12)
             : tl_draw(r, 0, 1) ? tl_draw(r, 0, 30)
                                : tl_draw(r, 33, 90);
    s.m = s.n = n;
    s.ku = which == 1 ? tl_draw(r, 0, 4) : n > 0 ? n - 1 : 0;
    long rows = s.store == 'D' ? n : s.ku + 1;
    s.lda = (rows > 0 ? rows : 1) + tl_draw(r, 0, 2);
    long la = s.store == 'P' ? 2 * (n * (n + 1) / 2 + 1) : 2 * s.lda * (n > 0 ? n : 1);
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long lx = vlen(n, incx);
    void *A = malloc((size_t)la * w), *X = malloc((size_t)lx * w);
    double *want = malloc((size_t)lx * sizeof *want), *b = calloc((size_t)(2 * n + 2), sizeof *b);
    double *xs = malloc((size_t)(2 * n + 2) * sizeof *xs);
    s.a = A;
    fill_triangular(r, f32, cls == TIES ? TIES : cls == SPECIAL ? NARROW : cls, A, la);
    if (cls == TIES)
        tie_diagonal(r, &s, A, n);
    for (long q = 0; q < lx; q++)
        wr(f32, X, q, cls == TIES ? tie_value(r, f32) : value(r, cls, f32));
    for (long q = 0; q < lx; q++)
        want[q] = rd(f32, X, q);
    for (long i = 0; i < n; i++)
        for (int p = 0; p < 2; p++)
            b[2 * i + p] = rd(f32, X, 2 * (incx < 0 ? (n - 1 - i) * -incx : i * incx) + p);
    tl_set_binary32(f32);
    oracle_solve(&s, n, NULL, b, xs);
    for (long i = 0; i < n; i++)
        for (int p = 0; p < 2; p++)
            want[2 * (incx < 0 ? (n - 1 - i) * -incx : i * incx) + p] = xs[2 * i + p];
    char name[8];
    snprintf(name, sizeof name, "%c%s ", f32 ? 'C' : 'Z', names[which]);
    CALLER_ENV(serial, exb_xtrmv_checked(name, f32, 1, which, s.uplo, s.trans, s.diag, n, s.ku, A,
                                         s.lda, X, incx));
    char what[120];
    snprintf(what, sizeof what, "%s %c%c%c n=%ld k=%ld incx=%ld %s", name, s.uplo, s.trans, s.diag,
             n, s.ku, incx, cls == TIES ? "ties" : class_names[cls]);
    check_path(n == 0, what, serial);
    solves_filtered += (exactblas_last_path() & EXACTBLAS_PATH_EARLY) != 0;
    check(f32, what, serial, knobs, lx, want, X);
    free(A);
    free(X);
    free(want);
    free(b);
    free(xs);
}

/* ---- TRMM, TRSM ------------------------------------------------------------------- */

static void run_trmm(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES),
        solve = (int)tl_draw(r, 0, 1);
    static const char ops[] = "NTC";
    char side = tl_draw(r, 0, 1) ? 'L' : 'R';
    long m = tl_draw(r, 0, 10), n = tl_draw(r, 0, 10), na = side == 'L' ? m : n;
    smat s = {.f32 = f32,
              .kind = 'T',
              .store = 'D',
              .uplo = tl_draw(r, 0, 1) ? 'U' : 'L',
              .diag = tl_draw(r, 0, 2) ? 'N' : 'U',
              .trans = ops[tl_draw(r, 0, 2)],
              .m = na,
              .n = na};
    s.lda = (na > 0 ? na : 1) + tl_draw(r, 0, 2);
    long ldb = (m > 0 ? m : 1) + tl_draw(r, 0, 2);
    long la = 2 * s.lda * (na > 0 ? na : 1), lb = 2 * ldb * (n > 0 ? n : 1);
    double al[2];
    draw_alpha(r, f32, al);
    if (cls == TIES)
        al[0] = 1.0, al[1] = tl_draw(r, 0, 1) ? 0.0 : 1.0;
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    void *A = malloc((size_t)la * w), *B = malloc((size_t)lb * w);
    double *want = malloc((size_t)lb * sizeof *want);
    void *colf = malloc((size_t)(2 * (na + 1)) * w);
    double *col = malloc((size_t)(2 * (na + 1)) * sizeof *col),
           *xs = malloc((size_t)(2 * (na + 1)) * sizeof *xs);
    s.a = A;
    int dcls = solve && cls == SPECIAL ? NARROW : cls;
    fill_triangular(r, f32, dcls, A, la);
    if (cls == TIES)
        tie_diagonal(r, &s, A, na);
    for (long q = 0; q < lb; q++)
        wr(f32, B, q,
           cls == TIES ? tie_value(r, f32) : value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < lb; q++)
        want[q] = rd(f32, B, q);
    tl_set_binary32(f32);
    int alpha0 = al[0] == 0.0 && al[1] == 0.0, quick = m == 0 || n == 0;
    /* side L: columns b_j (op(A) as given); side R: rows b_i against op(A)^T */
    smat t = s;
    if (side == 'R')
        t.trans = s.trans == 'N' ? 'T' : 'N';
    int conj_r = side == 'R' && s.trans == 'C';
    long count = side == 'L' ? n : m;
    for (long v = 0; !quick && v < count; v++) {
        long step = side == 'L' ? 1 : ldb, base = side == 'L' ? v * ldb : v;
        for (long l = 0; l < na; l++)
            for (int p = 0; p < 2; p++) {
                col[2 * l + p] = rd(f32, B, 2 * (base + l * step) + p);
                wr(f32, colf, 2 * l + p, col[2 * l + p]);
            }
        if (alpha0) {
            for (long l = 0; l < na; l++)
                want[2 * (base + l * step)] = want[2 * (base + l * step) + 1] = 0.0;
            continue;
        }
        /* conj(A) for side R with C: the entries conjugated, no transpose */
        smat u = t;
        void *Ac = NULL;
        if (conj_r) {
            Ac = malloc((size_t)la * w);
            for (long q = 0; q < la; q++)
                wr(f32, Ac, q, q % 2 ? -rd(f32, A, q) : rd(f32, A, q));
            u.a = Ac;
        }
        if (solve) {
            oracle_solve(&u, na, al, col, xs);
            for (long l = 0; l < na; l++)
                for (int p = 0; p < 2; p++)
                    want[2 * (base + l * step) + p] = xs[2 * l + p];
        } else {
            double zero[2] = {0.0, 0.0};
            double *out = malloc((size_t)(2 * (na + 1)) * sizeof *out);
            for (long l = 0; l < na; l++)
                oracle_row(&u, l, na, al, colf, 1, zero, NULL, 2 * l, out);
            for (long l = 0; l < na; l++)
                for (int p = 0; p < 2; p++)
                    want[2 * (base + l * step) + p] = out[2 * l + p];
            free(out);
        }
        free(Ac);
    }
    char name[8];
    snprintf(name, sizeof name, "%cTR%cM ", f32 ? 'C' : 'Z', solve ? 'S' : 'M');
    CALLER_ENV(serial, exb_xtrmm_checked(name, f32, solve, side, s.uplo, s.trans, s.diag, m, n, al,
                                         A, s.lda, B, ldb));
    char what[160];
    snprintf(what, sizeof what, "%s %c%c%c%c m=%ld n=%ld %s alpha=(%a,%a)", name, side, s.uplo,
             s.trans, s.diag, m, n, cls == TIES ? "ties" : class_names[cls], al[0], al[1]);
    check_path(quick || alpha0, what, serial);
    solves_filtered += solve && (exactblas_last_path() & EXACTBLAS_PATH_EARLY) != 0;
    check(f32, what, serial, knobs, lb, want, B);
    free(A);
    free(B);
    free(want);
    free(col);
    free(colf);
    free(xs);
}

/* ---- HER, HPR, HER2, HPR2, HER2K, SYR2K --------------------------------------------- */

/* The UPLO triangle of C (ld ldc) := alpha P + conj(alpha) Q + beta C
 * (herm) or alpha (P + Q) + beta C, P = U V^H-like sums given per element
 * by (u, v) pairs: p = U(i,l) V(l,j), q = V'(i,l) U'(l,j) as the caller's
 * op_entry views say. */
typedef struct pair_view {
    const void *x;
    long ld;
    char op;
} pair_view;

static void oracle_rank2(int f32, int herm, int up, long n, long k, const pair_view *pv,
                         const double *al, const double *be, const void *C, long ldc, double *want)
{
    static tl_terms *X[4];
    for (int q = 0; q < 4; q++)
        if (!X[q])
            X[q] = tl_terms_new(256);
    int beta0 = be[0] == 0.0 && be[1] == 0.0, alpha0 = al[0] == 0.0 && al[1] == 0.0;
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
            for (int q = 0; q < 4; q++)
                tl_terms_reset(X[q]);
            for (long l = 0; l < k; l++) {
                double p1r, p1i, p2r, p2i, q1r, q1i, q2r, q2i;
                op_entry(f32, pv[0].x, pv[0].ld, pv[0].op, i, l, &p1r, &p1i);
                op_entry(f32, pv[1].x, pv[1].ld, pv[1].op, l, j, &p2r, &p2i);
                op_entry(f32, pv[2].x, pv[2].ld, pv[2].op, i, l, &q1r, &q1i);
                op_entry(f32, pv[3].x, pv[3].ld, pv[3].op, l, j, &q2r, &q2i);
                /* X = p + q; Y = i (p - q) */
                tl_terms_add(X[0], p1r, p2r, 1), tl_terms_add(X[0], -p1i, p2i, 1);
                tl_terms_add(X[0], q1r, q2r, 1), tl_terms_add(X[0], -q1i, q2i, 1);
                tl_terms_add(X[1], p1r, p2i, 1), tl_terms_add(X[1], p1i, p2r, 1);
                tl_terms_add(X[1], q1r, q2i, 1), tl_terms_add(X[1], q1i, q2r, 1);
                tl_terms_add(X[2], q1r, q2i, 1), tl_terms_add(X[2], q1i, q2r, 1);
                tl_terms_add(X[2], -p1r, p2i, 1), tl_terms_add(X[2], -p1i, p2r, 1);
                tl_terms_add(X[3], p1r, p2r, 1), tl_terms_add(X[3], -p1i, p2i, 1);
                tl_terms_add(X[3], -q1r, q2r, 1), tl_terms_add(X[3], q1i, q2i, 1);
            }
            long at = 2 * (i + j * ldc);
            double cr = rd(f32, C, at), ci = i == j && herm ? 0.0 : rd(f32, C, at + 1);
            if ((alpha0 || k == 0) && beta0) {
                want[at] = want[at + 1] = 0.0;
                continue;
            }
            double a0 = k > 0 ? al[0] : 0.0, a1 = k > 0 ? al[1] : 0.0;
            double b0 = beta0 ? 0.0 : be[0], b1 = beta0 ? 0.0 : be[1];
            if (herm) { /* ar X + ai Y + br C */
                want[at] = tl_canonical(tl_terms_round_affine2(X[0], a0, X[2], a1, b0, cr, 0, 0));
                want[at + 1] =
                    tl_canonical(tl_terms_round_affine2(X[1], a0, X[3], a1, b0, ci, 0, 0));
            } else { /* alpha (p + q) + beta C */
                want[at] =
                    tl_canonical(tl_terms_round_affine2(X[0], a0, X[1], -a1, b0, cr, -b1, ci));
                want[at + 1] =
                    tl_canonical(tl_terms_round_affine2(X[1], a0, X[0], a1, b0, ci, b1, cr));
            }
            if (herm && i == j)
                want[at + 1] = 0.0;
        }
}

static void run_rank2(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1),
        which = (int)tl_draw(r, 0, 5);
    static const char *names[] = {"HER  ", "HPR  ", "HER2 ", "HPR2 ", "HER2K", "SYR2K"};
    int herm = which != 5, packed = which == 1 || which == 3, up = (int)tl_draw(r, 0, 1);
    long n = tl_draw(r, 0, 9) ? tl_draw(r, 1, 10) : tl_draw(r, 0, 20),
         k = which >= 4 ? tl_draw(r, 0, 8) : 1;
    char trans = which >= 4 && tl_draw(r, 0, 1) ? (herm ? 'C' : 'T') : 'N';
    long rows = trans == 'N' ? n : k, cols = trans == 'N' ? k : n;
    long lda = (rows > 0 ? rows : 1) + tl_draw(r, 0, 1),
         ldb = (rows > 0 ? rows : 1) + tl_draw(r, 0, 1);
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    double al[2], be[2] = {1.0, 0.0};
    draw_alpha(r, f32, al);
    if (which < 2)
        al[1] = 0.0; /* HER, HPR: alpha real */
    if (which >= 4)
        draw_beta(r, f32, be);
    int under = which == 5 && draw_underflow(r, f32, al, be); /* SYR2K: complex beta */
    if (herm)
        be[1] = 0.0;
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    size_t w = f32 ? 4 : 8;
    long ldc = (n > 0 ? n : 1) + (packed ? 0 : tl_draw(r, 0, 2)), lc = 2 * ldc * (n > 0 ? n : 1);
    /* the operands as dense matrices for the oracle: A, B (n x k or k x n) */
    long la = 2 * lda * (cols > 0 ? cols : 1), lb = 2 * ldb * (cols > 0 ? cols : 1);
    long lx = vlen(n, incx), ly = vlen(n, incy);
    void *A = malloc((size_t)(la + lx) * w), *B = malloc((size_t)(lb + ly) * w);
    void *C = malloc((size_t)lc * w), *AP = malloc((size_t)(n * (n + 1) + 2) * w);
    double *want = malloc((size_t)lc * sizeof *want);
    for (long q = 0; q < la + lx; q++)
        wr(f32, A, q, value(r, cls, f32));
    for (long q = 0; q < lb + ly; q++)
        wr(f32, B, q, value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32));
    for (long q = 0; q < lc; q++)
        wr(f32, C, q,
           value(r,
                 under              ? HALFTINY
                 : tl_draw(r, 0, 3) ? NARROW
                                    : cls,
                 f32)),
            want[q] = rd(f32, C, q);
    void *xc = NULL, *yc = NULL;
    if (which < 4) { /* x, y in logical order, as n x 1 matrices */
        xc = malloc((size_t)(2 * n + 2) * w), yc = malloc((size_t)(2 * n + 2) * w);
        for (long i = 0; i < n; i++)
            for (int p = 0; p < 2; p++) {
                wr(f32, xc, 2 * i + p,
                   rd(f32, A, 2 * (incx < 0 ? (n - 1 - i) * -incx : i * incx) + p));
                wr(f32, yc, 2 * i + p,
                   rd(f32, B, 2 * (incy < 0 ? (n - 1 - i) * -incy : i * incy) + p));
            }
        if (which < 2)
            memcpy(yc, xc, (size_t)(2 * n + 2) * w);
    }
    int alpha0 = al[0] == 0.0 && al[1] == 0.0;
    int quick = n == 0 || (which < 4 ? alpha0 : (alpha0 || k == 0) && be[0] == 1.0 && be[1] == 0.0);
    tl_set_binary32(f32);
    /* p = op1(i,l) op2(l,j), q = op3(i,l) op4(l,j) */
    char c1 = herm ? 'C' : 'T';
    const void *P = which < 4 ? xc : A, *Q = which < 4 ? yc : B;
    long lp = which < 4 ? (n > 0 ? n : 1) : lda, lq = which < 4 ? (n > 0 ? n : 1) : ldb;
    pair_view pv[4];
    if (trans == 'N') {
        pv[0] = (pair_view){P, lp, 'N'}, pv[1] = (pair_view){Q, lq, c1};
        pv[2] = (pair_view){Q, lq, 'N'}, pv[3] = (pair_view){P, lp, c1};
    } else {
        pv[0] = (pair_view){P, lp, c1}, pv[1] = (pair_view){Q, lq, 'N'};
        pv[2] = (pair_view){Q, lq, c1}, pv[3] = (pair_view){P, lp, 'N'};
    }
    if (!quick) {
        if (which < 2) { /* alpha x x^H + A: a one-product oracle (k = 1) */
            for (long j = 0; j < n; j++)
                for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
                    double xr, xi, yr, yi;
                    op_entry(f32, xc, n, 'N', i, 0, &xr, &xi);
                    op_entry(f32, xc, n, 'C', 0, j, &yr, &yi);
                    tl_terms_reset(T1);
                    tl_terms_reset(T2);
                    tl_terms_add(T1, xr, yr, 1), tl_terms_add(T1, -xi, yi, 1);
                    tl_terms_add(T2, xr, yi, 1), tl_terms_add(T2, xi, yr, 1);
                    long at = 2 * (i + j * ldc);
                    want[at] = tl_canonical(
                        tl_terms_round_affine2(T1, al[0], T2, 0.0, 1.0, rd(f32, C, at), 0, 0));
                    want[at + 1] = i == j ? 0.0
                                          : tl_canonical(tl_terms_round_affine2(
                                                T2, al[0], T1, 0.0, 1.0, rd(f32, C, at + 1), 0, 0));
                }
        } else {
            oracle_rank2(f32, herm, up, n, which >= 4 ? k : 1, pv, al, be, C, ldc, want);
        }
    }
    char name[8];
    snprintf(name, sizeof name, "%c%s", f32 ? 'C' : 'Z', names[which]);
    char uplo = up ? 'U' : 'L';
    if (packed) { /* the packed triangle of C, in and out */
        for (long j = 0; j < n; j++)
            for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
                long p = up ? i + j * (j + 1) / 2 : i + j * (2 * n - j - 1) / 2;
                for (int s = 0; s < 2; s++)
                    wr(f32, AP, 2 * p + s, rd(f32, C, 2 * (i + j * ldc) + s));
            }
        CALLER_ENV(serial, exb_xher_checked(name, f32, which == 3, 1, uplo, n, al, A, incx, B, incy,
                                            AP, 1));
        for (long j = 0; j < n; j++)
            for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++) {
                long p = up ? i + j * (j + 1) / 2 : i + j * (2 * n - j - 1) / 2;
                for (int s = 0; s < 2; s++)
                    wr(f32, C, 2 * (i + j * ldc) + s, rd(f32, AP, 2 * p + s));
            }
    } else if (which < 4) {
        CALLER_ENV(serial, exb_xher_checked(name, f32, which == 2, 0, uplo, n, al, A, incx, B, incy,
                                            C, ldc));
    } else {
        CALLER_ENV(serial, exb_xher2k_checked(name, f32, herm, uplo, trans, n, k, al, A, lda, B,
                                              ldb, be, C, ldc));
    }
    char what[160];
    snprintf(what, sizeof what, "%s %c%c n=%ld k=%ld %s alpha=(%a,%a) beta=(%a,%a)", name, uplo,
             trans, n, k, class_names[cls], al[0], al[1], be[0], be[1]);
    check_path(quick, what, serial);
    check(f32, what, serial, knobs, lc, want, C);
    free(A);
    free(B);
    free(C);
    free(AP);
    free(want);
    free(xc);
    free(yc);
}

/* ---- ZROTG, CROTG ------------------------------------------------------------------- */

/* RN(+-sqrt(A / B)) for exact A > 0, B > 0: A / B rounded to odd at 400
 * bits, its root to odd at 64, then once to the format (the odd roundings
 * keep every midpoint's side: a 64-bit root's square has 128 bits). */
static double oracle_sqrt_ratio(mpfr_t A, mpfr_t B, int neg)
{
    mpfr_t t, q;
    mpfr_init2(t, 400);
    mpfr_init2(q, 64);
    tl_make_odd(t, mpfr_div(t, A, B, MPFR_RNDZ));
    tl_make_odd(q, mpfr_sqrt(q, t, MPFR_RNDZ));
    double d = tl_round_once(q);
    mpfr_clears(t, q, (mpfr_ptr)0);
    return neg ? -d : d;
}

/* v := x y + z w exactly. */
static void exact2(mpfr_t v, double x, double y, double z, double w)
{
    mpfr_t t;
    mpfr_init2(t, 4400);
    mpfr_set_d(v, x, MPFR_RNDN);
    mpfr_mul_d(v, v, y, MPFR_RNDN);
    mpfr_set_d(t, z, MPFR_RNDN);
    mpfr_mul_d(t, t, w, MPFR_RNDN);
    mpfr_add(v, v, t, MPFR_RNDN);
    mpfr_clear(t);
}

/* RN(P / sqrt(B)), P = x y + z w: a zero P is -0 when both products are. */
static double oracle_over_sqrt(double x, double y, double z, double w, mpfr_t B)
{
    mpfr_t P, A;
    mpfr_inits2(9000, P, A, (mpfr_ptr)0);
    exact2(P, x, y, z, w);
    double d;
    if (mpfr_zero_p(P)) {
        d = (x * y == 0.0 && signbit(x * y) && z * w == 0.0 && signbit(z * w)) ? -0.0 : 0.0;
    } else {
        mpfr_mul(A, P, P, MPFR_RNDN);
        d = oracle_sqrt_ratio(A, B, mpfr_sgn(P) < 0);
    }
    mpfr_clears(P, A, (mpfr_ptr)0);
    return d;
}

static void run_rotg(tl_rng *r, long serial)
{
    int f32 = (int)tl_draw(r, 0, 1), cls = (int)tl_draw(r, 0, CLASSES - 1);
    double f[2], g[2];
    for (int p = 0; p < 2; p++) {
        f[p] = value(r, cls, f32);
        g[p] = value(r, tl_draw(r, 0, 1) ? cls : NARROW, f32);
    }
    if (tl_draw(r, 0, 7) == 0)
        f[0] = f[1] = tl_draw(r, 0, 1) ? 0.0 : -0.0;
    else if (tl_draw(r, 0, 7) == 0)
        g[0] = g[1] = 0.0;
    tl_set_binary32(f32);
    double want[5]; /* c, s (2), r (2) */
    int finite = isfinite(f[0]) && isfinite(f[1]) && isfinite(g[0]) && isfinite(g[1]);
    int g0 = g[0] == 0.0 && g[1] == 0.0, f0 = f[0] == 0.0 && f[1] == 0.0;
    if (g0) {
        want[0] = 1.0, want[1] = want[2] = 0.0, want[3] = f[0], want[4] = f[1];
    } else if (!finite) {
        for (int q = 0; q < 5; q++)
            want[q] = NAN;
    } else {
        mpfr_t F, G, H, FH, A;
        mpfr_inits2(9000, F, G, H, FH, A, (mpfr_ptr)0);
        exact2(F, f[0], f[0], f[1], f[1]);
        exact2(G, g[0], g[0], g[1], g[1]);
        mpfr_add(H, F, G, MPFR_RNDN);
        if (f0) {
            want[0] = 0.0;
            mpfr_set_ui(A, 1, MPFR_RNDN);
            want[3] = oracle_sqrt_ratio(G, A, 0), want[4] = 0.0;
            want[1] = oracle_over_sqrt(g[0], 1.0, -0.0, 1.0, G);
            want[2] = oracle_over_sqrt(-g[1], 1.0, -0.0, 1.0, G);
        } else {
            want[0] = oracle_sqrt_ratio(F, H, 0);
            for (int p = 0; p < 2; p++) {
                if (f[p] == 0.0) {
                    want[3 + p] = f[p];
                    continue;
                }
                mpfr_set_d(A, f[p], MPFR_RNDN);
                mpfr_mul(A, A, A, MPFR_RNDN);
                mpfr_mul(A, A, H, MPFR_RNDN);
                want[3 + p] = oracle_sqrt_ratio(A, F, f[p] < 0);
            }
            mpfr_mul(FH, F, H, MPFR_RNDN);
            want[1] = oracle_over_sqrt(g[0], f[0], g[1], f[1], FH);
            want[2] = oracle_over_sqrt(g[0], f[1], -g[1], f[0], FH);
        }
        mpfr_clears(F, G, H, FH, A, (mpfr_ptr)0);
    }
    double got[5];
    if (f32) {
        float a[2] = {(float)f[0], (float)f[1]}, b[2] = {(float)g[0], (float)g[1]}, c, sv[2];
        CALLER_ENV(serial, exb_crotg_checked(a, b, &c, sv));
        got[0] = c, got[1] = sv[0], got[2] = sv[1], got[3] = a[0], got[4] = a[1];
    } else {
        double a[2] = {f[0], f[1]}, b[2] = {g[0], g[1]}, c, sv[2];
        CALLER_ENV(serial, exb_zrotg_checked(a, b, &c, sv));
        got[0] = c, got[1] = sv[0], got[2] = sv[1], got[3] = a[0], got[4] = a[1];
    }
    for (int q = 0; q < 5; q++) {
        slots++;
        double w = tl_canonical(want[q]);
        if (!same(f32, w, got[q])) {
            mismatches++;
            if (mismatches <= 25)
                printf("MISMATCH case %ld %cROTG f=(%a,%a) g=(%a,%a) %s: output %d (c, sr, si, rr, "
                       "ri) expected %a, got %a\n",
                       serial, f32 ? 'C' : 'Z', f[0], f[1], g[0], g[1], class_names[cls], q, w,
                       got[q]);
        }
    }
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : 2000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261127;
    T1 = tl_terms_new(256);
    T2 = tl_terms_new(256);
    tl_rng r;
    for (long c = 0; c < cases; c++) {
        tl_rng_seed(&r, seed + (uint64_t)c * 0x9E3779B97F4A7C15ull);
        uint64_t pick = tl_rng_u64(&r) % 10;
        if (pick < 3)
            run_product(&r, c);
        else if (pick < 6)
            run_solve(&r, c);
        else if (pick < 8)
            run_trmm(&r, c);
        else if (pick < 9 || c % 2)
            run_rank2(&r, c);
        else
            run_rotg(&r, c);
    }
    tl_apply_knobs("");
    if (mismatches) {
        printf("complex2: FAILED: %ld of %ld slots differ\n", mismatches, slots);
        return 1;
    }
    printf("complex2: PASSED: %ld cases (%ld computing calls, each on the host path; %ld solves "
           "(TRSV, TRSM) decided in part by the filter), %ld slots bit-exact against MPFR\n",
           cases, calls, solves_filtered, slots);
    return 0;
}

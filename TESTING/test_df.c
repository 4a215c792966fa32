/*
 * test_df.c -- the double-float GEMMs (EXDGEMMDF = DGEMM-D(DF), EXDGEMMDFDF
 * = DGEMM-DF(DF)) against MPFR: they are not exact, so every result is
 * checked against a stated error bound, and the errors are reported.
 *
 * usage: test_df units | gemm [host|opencl] | table
 *
 *   units   the DF operations of core/df_core.h on random pairs (same and
 *           opposite signs, near-cancellation, exponent gaps), exact values
 *           from MPFR:
 *             add  |add(a,b) - (a+b)| <= 3u^2(1+u) (|a| + |b|)  (QD's weak
 *                  bound of the sloppy addition; u = 2^-24)
 *             mul  |mul(a,b) - ab| <= 8u^2 |ab| + 4 * 2^-150 (three
 *                  products that may round on underflow)
 *             split (exactblas_df_from_double) |x - (hi+lo)| <= u^2 |x|,
 *                  hi with 24 bits
 *             back (exactblas_df_to_double) = RN(hi + lo)
 *           and every result normalised: |lo| <= ulp(hi)/2.
 *   gemm    both GEMMs on m = n = 16 and k = 16 .. 4096, entries
 *           s * m * 10^e (m in [1, 10), e uniform in [-E, E]) for E = 0
 *           ("narrow"), 10 and 30; every element against the exact
 *           product (MPFR), with the bound
 *             |C^ - C| <= 2^-52 |C| + (3k + 12) u^2 (|A||B|)_ij
 *                         + (2k + 4) 2^-149 2^(ea_i + eb_j)
 *           (D(DF): the last rounding to binary64, the DF sums, and the
 *           underflow of the scaled data, ea and eb its scales; DF(DF):
 *           the same with ea = eb = 0); a second pass with alpha, beta != 0
 *           against the same bound plus DGEMM's own for alpha*S + beta*C.
 *           The path is checked (host, or OpenCL for the opencl mode), and
 *           the opencl mode's bits must equal the host reference's.
 *   table   the same sweep, printing max and median relative error of
 *           D(DF), DF(DF) and plain binary64 (DGEMM's order) side by side.
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "core/df_core.h"
#include "testlib.h"

#define U2 0x1p-48 /* u^2, u = 2^-24 */
#define PREC 1200  /* exact for every sum here (products within 2^+-500) */

static long failures;

/* ---- units -------------------------------------------------------------------- */

static float rand_float(tl_rng *r, int emin, int emax)
{
    return (float)(tl_rng_sign(r) * tl_rng_loguniform(r, emin, emax));
}

/* A normalised DF: hi random, lo = RN(random below ulp(hi)/2). */
static exb_df rand_df(tl_rng *r, int emin, int emax)
{
    float hi = rand_float(r, emin, emax);
    float lo = (float)(tl_rng_sign(r) * tl_rng_uniform(r) * ldexp(fabsf(hi), -24));
    return exb_df_quick_two_sum(hi, lo);
}

static int normalised(exb_df x)
{
    if (x.hi == 0.0f)
        return x.lo == 0.0f;
    int e;
    frexpf(x.hi, &e); /* ulp(hi) = 2^(e-24), at least 2^-149 */
    return fabs((double)x.lo) <= ldexp(1.0, (e - 24 > -149 ? e - 24 : -149) - 1);
}

/* |got - exact| / scale into the MPFR value err (prec PREC). */
static double rel_err(mpfr_t exact, double got_hi, double got_lo, double scale)
{
    mpfr_t g;
    mpfr_init2(g, PREC);
    mpfr_set_d(g, got_hi, MPFR_RNDN);
    mpfr_add_d(g, g, got_lo, MPFR_RNDN);
    mpfr_sub(g, g, exact, MPFR_RNDN);
    double e = fabs(mpfr_get_d(g, MPFR_RNDU));
    mpfr_clear(g);
    return scale > 0.0 ? e / scale : (e == 0.0 ? 0.0 : INFINITY);
}

/* err and bound relative to the same scale; tiny: the absolute underflow
 * allowance in that scale (the worst relative error is tracked only where
 * no underflow can occur). */
static void check_unit(const char *what, double err, double bound, double tiny, int norm,
                       double *worst, const char *detail)
{
    if (tiny == 0.0 && err > *worst)
        *worst = err;
    if (err > bound + tiny || !norm) {
        if (failures++ < 10)
            printf("FAIL %s: error %.3g u^2 (bound %.3g u^2)%s %s\n", what, err / U2, bound / U2,
                   norm ? "" : " not normalised", detail);
    }
}

static void units(void)
{
    tl_rng r;
    tl_rng_seed(&r, 20261123);
    mpfr_t x, y;
    mpfr_init2(x, PREC);
    mpfr_init2(y, PREC);
    double worst_add = 0, worst_mul = 0, worst_split = 0;
    long n = 400000, back_bad = 0;
    for (long t = 0; t < n; t++) {
        int gap = (int)(tl_rng_u64(&r) % 40);
        exb_df a = rand_df(&r, -62, 62), b = rand_df(&r, -62, 62); /* no overflow */
        if (t % 4 == 1) /* near-cancellation: b close to -a */
            b = exb_df_quick_two_sum(-a.hi, (float)(tl_rng_sign(&r) * ldexp(fabsf(a.hi), -gap)));
        if (t % 4 == 2) /* b below a by `gap` binades, either sign */
            b = exb_df_quick_two_sum((float)tl_rng_sign(&r) * ldexpf(a.hi, -gap), b.lo * 0x1p-30f);
        char detail[160];
        snprintf(detail, sizeof detail, "a=(%a,%a) b=(%a,%a)", a.hi, a.lo, b.hi, b.lo);
        /* add: the weak bound */
        exb_df s = exb_df_add(a, b);
        mpfr_set_d(x, a.hi, MPFR_RNDN);
        mpfr_add_d(x, x, a.lo, MPFR_RNDN);
        mpfr_add_d(x, x, b.hi, MPFR_RNDN);
        mpfr_add_d(x, x, b.lo, MPFR_RNDN);
        double mag = fabs((double)a.hi + a.lo) + fabs((double)b.hi + b.lo);
        /* binary32 additions never round on underflow: no absolute term */
        check_unit("add", rel_err(x, s.hi, s.lo, mag), 3.0 * U2 * (1 + 0x1p-24), 0.0, normalised(s),
                   &worst_add, detail);
        /* mul */
        exb_df p = exb_df_mul(a, b);
        mpfr_set_d(x, a.hi, MPFR_RNDN);
        mpfr_add_d(x, x, a.lo, MPFR_RNDN);
        mpfr_set_d(y, b.hi, MPFR_RNDN);
        mpfr_add_d(y, y, b.lo, MPFR_RNDN);
        mpfr_mul(x, x, y, MPFR_RNDN);
        /* mul: three products may round below 2^-126, each by at most 2^-150 */
        double ab = fabs(mpfr_get_d(x, MPFR_RNDN));
        check_unit("mul", rel_err(x, p.hi, p.lo, ab), 8.0 * U2,
                   ab < 0x1p-76 ? 4 * 0x1p-150 / ab : 0.0, normalised(p), &worst_mul, detail);
        /* split of a double, and back */
        double d = tl_rng_sign(&r) * tl_rng_loguniform(&r, -100, 100); /* no underflow */
        exactblas_df q = exactblas_df_from_double(d);
        mpfr_set_d(x, d, MPFR_RNDN);
        snprintf(detail, sizeof detail, "x=%a", d);
        int hi24 = ((double)q.hi == ldexp(rint(ldexp(q.hi, 23 - ilogb(q.hi))), ilogb(q.hi) - 23));
        check_unit("split", rel_err(x, q.hi, q.lo, fabs(d)), U2, 0.0,
                   normalised(exb_df_make(q.hi, q.lo)) && hi24, &worst_split, detail);
        double back = exactblas_df_to_double(q);
        mpfr_set_d(x, q.hi, MPFR_RNDN);
        mpfr_add_d(x, x, q.lo, MPFR_RNDN);
        if (back != mpfr_get_d(x, MPFR_RNDN) && back_bad++ < 5)
            printf("FAIL back: %a + %a gave %a\n", q.hi, q.lo, back);
    }
    failures += back_bad;
    printf("DF units on %ld random pairs: add %.3f u^2 (|a|+|b|) (bound 3), mul %.3f u^2 |ab| "
           "(bound 8), split %.3f u^2 |x| (bound 1), back to binary64: %ld wrong\n",
           n, worst_add / U2, worst_mul / U2, worst_split / U2, back_bad);
    mpfr_clear(x);
    mpfr_clear(y);
}

/* ---- GEMM sweep --------------------------------------------------------------------- */

#define DIM 16

typedef struct sweep_stats {
    double max, med;
} sweep_stats;

static sweep_stats stats(double *v, long n)
{
    double med = tl_median(v, n); /* sorts v */
    sweep_stats s = {v[n - 1], med};
    return s;
}

static double entry(tl_rng *r, int spread)
{
    return tl_rng_sign(r) * (1.0 + 9.0 * tl_rng_uniform(r)) *
           pow(10.0, spread ? (double)((long)(tl_rng_u64(r) % (2 * spread + 1)) - spread) : -1.0);
}

/* 2^ilogb of the largest |entry| of row i of A (m x k) or column j of B. */
static double scale_row(const double *a, long m, long k, long i)
{
    double big = 0;
    for (long l = 0; l < k; l++)
        big = fmax(big, fabs(a[i + l * m]));
    return big > 0 ? ldexp(1.0, ilogb(big)) : 1.0;
}

static double scale_col(const double *b, long k, long j)
{
    double big = 0;
    for (long l = 0; l < k; l++)
        big = fmax(big, fabs(b[l + j * k]));
    return big > 0 ? ldexp(1.0, ilogb(big)) : 1.0;
}

typedef struct gemm_errors {
    sweep_stats d_df, df_df, dgemm;
    long over;       /* elements beyond the bound */
    long overflowed; /* DF(DF) elements that overflowed binary32's range */
} gemm_errors;

/* One (spread, k) case: both DF GEMMs (alpha = 1, beta = 0) and plain
 * binary64 against MPFR; `mode` "host"/"opencl" sets and checks the path. */
static gemm_errors gemm_case(int spread, long k, const char *mode, tl_rng *r)
{
    long m = DIM, n = DIM;
    double *a = malloc((size_t)(m * k) * sizeof *a), *b = malloc((size_t)(k * n) * sizeof *b);
    double *c = malloc((size_t)(m * n) * sizeof *c), *plain = malloc((size_t)(m * n) * sizeof *c);
    exactblas_df *ad = malloc((size_t)(m * k) * sizeof *ad),
                 *bd = malloc((size_t)(k * n) * sizeof *bd);
    exactblas_df *cd = malloc((size_t)(m * n) * sizeof *cd);
    double *e1 = malloc((size_t)(m * n) * sizeof *e1), *e2 = malloc((size_t)(m * n) * sizeof *e2),
           *e3 = malloc((size_t)(m * n) * sizeof *e3);
    for (long e = 0; e < m * k; e++) {
        a[e] = entry(r, spread);
        ad[e] = exactblas_df_from_double(a[e]);
    }
    for (long e = 0; e < k * n; e++) {
        b[e] = entry(r, spread);
        bd[e] = exactblas_df_from_double(b[e]);
    }
    exactblas_df one = {1.0f, 0.0f}, zero = {0.0f, 0.0f};
    int want_cl = mode && strcmp(mode, "opencl") == 0;
    exactblas_dgemm_df('N', 'N', (int)m, (int)n, (int)k, 1.0, a, (int)m, b, (int)k, 0.0, c, (int)m);
    int path1 = exactblas_last_path();
    exactblas_dgemm_dfdf('N', 'N', (int)m, (int)n, (int)k, one, ad, (int)m, bd, (int)k, zero, cd,
                         (int)m);
    int path2 = exactblas_last_path();
    if (mode) {
        int want = want_cl ? EXACTBLAS_PATH_OPENCL : EXACTBLAS_PATH_HOST;
        if (path1 != want || path2 != want) {
            printf("FAIL path: %s wanted, ran %d and %d\n", mode, path1, path2);
            failures++;
        }
    }
    if (want_cl) { /* the same bits as the host reference */
        double *c2 = malloc((size_t)(m * n) * sizeof *c2);
        exactblas_df *cd2 = malloc((size_t)(m * n) * sizeof *cd2);
        tl_apply_knobs("EXACTBLAS_DEVICE=host");
        exactblas_dgemm_df('N', 'N', (int)m, (int)n, (int)k, 1.0, a, (int)m, b, (int)k, 0.0, c2,
                           (int)m);
        exactblas_dgemm_dfdf('N', 'N', (int)m, (int)n, (int)k, one, ad, (int)m, bd, (int)k, zero,
                             cd2, (int)m);
        tl_apply_knobs("EXACTBLAS_DEVICE=opencl");
        if (memcmp(c, c2, (size_t)(m * n) * sizeof *c) ||
            memcmp(cd, cd2, (size_t)(m * n) * sizeof *cd)) {
            printf("FAIL: OpenCL and host reference bits differ (spread %d, k %ld)\n", spread, k);
            failures++;
        }
        free(c2);
        free(cd2);
    }
    mpfr_t x, y, ab;
    mpfr_init2(x, PREC);
    mpfr_init2(y, PREC);
    mpfr_init2(ab, PREC);
    long over = 0, overflowed = 0, finite2 = 0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            /* exact C of the binary64 data and of the DF data; sum |a||b| */
            mpfr_set_zero(x, 1);
            mpfr_set_zero(y, 1);
            double absab = 0, dfab = 0, s = 0;
            for (long l = 0; l < k; l++) {
                double al = a[i + l * m], bl = b[l + j * k];
                mpfr_set_d(ab, al, MPFR_RNDN);
                mpfr_mul_d(ab, ab, bl, MPFR_RNDN);
                mpfr_add(x, x, ab, MPFR_RNDN);
                exactblas_df p = ad[i + l * m], q = bd[l + j * k];
                mpfr_set_d(ab, p.hi, MPFR_RNDN);
                mpfr_add_d(ab, ab, p.lo, MPFR_RNDN);
                mpfr_mul_d(ab, ab, q.hi, MPFR_RNDN);
                mpfr_add(y, y, ab, MPFR_RNDN);
                mpfr_set_d(ab, p.hi, MPFR_RNDN);
                mpfr_add_d(ab, ab, p.lo, MPFR_RNDN);
                mpfr_mul_d(ab, ab, q.lo, MPFR_RNDN);
                mpfr_add(y, y, ab, MPFR_RNDN);
                absab += fabs(al * bl);
                dfab += fabs(((double)p.hi + p.lo) * ((double)q.hi + q.lo));
                s += al * bl; /* DGEMM's order */
            }
            plain[i + j * m] = s;
            double exact = mpfr_get_d(x, MPFR_RNDN), exact_df = mpfr_get_d(y, MPFR_RNDN);
            double ea = scale_row(a, m, k, i) * scale_col(b, k, j);
            double bound1 = 0x1p-52 * fabs(exact) + (3.0 * k + 12) * U2 * absab * (1 + 0x1p-20) +
                            (2.0 * k + 4) * 0x1p-149 * ea;
            double bound2 = (3.0 * k + 12) * U2 * dfab * (1 + 0x1p-20) + (2.0 * k + 4) * 0x1p-149;
            double err1 = rel_err(x, c[i + j * m], 0.0, 1.0);
            double err2 = rel_err(y, cd[i + j * m].hi, cd[i + j * m].lo, 1.0);
            double err3 = rel_err(x, s, 0.0, 1.0);
            /* DF(DF) data keeps binary32's range: a sum whose terms reach
             * 2^127 may overflow, to Inf or NaN (never a finite wrong value) */
            int df_overflow = !isfinite(err2) && dfab >= 0x1p127;
            overflowed += df_overflow;
            if (!(err1 <= bound1) || !(err2 <= bound2 || df_overflow)) {
                if (over++ < 3)
                    printf("FAIL bound: spread %d k %ld (%ld,%ld): D(DF) error %.3g (bound %.3g), "
                           "DF(DF) %.3g (bound %.3g)\n",
                           spread, k, i, j, err1, bound1, err2, bound2);
            }
            e1[i + j * m] = exact != 0 ? err1 / fabs(exact) : err1;
            if (!df_overflow)
                e2[finite2++] = exact_df != 0 ? err2 / fabs(exact_df) : err2;
            e3[i + j * m] = exact != 0 ? err3 / fabs(exact) : err3;
        }
    failures += over;
    sweep_stats none = {NAN, NAN};
    gemm_errors out = {stats(e1, m * n), finite2 ? stats(e2, finite2) : none, stats(e3, m * n),
                       over, overflowed};
    mpfr_clear(x);
    mpfr_clear(y);
    mpfr_clear(ab);
    free(a);
    free(b);
    free(c);
    free(plain);
    free(ad);
    free(bd);
    free(cd);
    free(e1);
    free(e2);
    free(e3);
    return out;
}

/* alpha, beta != 0, transposes and leading dimensions: EXDGEMMDF against
 * the exact alpha*S + beta*C with the bound plus DGEMM's own for the
 * epilogue, EXDGEMMDFDF likewise in DF. */
static void epilogue_case(tl_rng *r)
{
    const long m = 7, n = 5, k = 33, ld = 40;
    const char *tr = "NTNC";
    for (int v = 0; v < 4; v++) {
        char ta = tr[v], tb = tr[(v + 1) % 4];
        double alpha = v % 2 ? -0.75 : 3.0, beta = v < 2 ? 0.5 : -2.0;
        double *a = calloc((size_t)(ld * ld), sizeof *a), *b = calloc((size_t)(ld * ld), sizeof *b);
        double *c = calloc((size_t)(ld * n), sizeof *c), *c0 = calloc((size_t)(ld * n), sizeof *c0);
        exactblas_df *ad = calloc((size_t)(ld * ld), sizeof *ad),
                     *bd = calloc((size_t)(ld * ld), sizeof *bd);
        exactblas_df *cd = calloc((size_t)(ld * n), sizeof *cd);
        for (long e = 0; e < ld * ld; e++) {
            a[e] = entry(r, 3);
            b[e] = entry(r, 3);
            ad[e] = exactblas_df_from_double(a[e]);
            bd[e] = exactblas_df_from_double(b[e]);
        }
        for (long e = 0; e < ld * n; e++) {
            c0[e] = c[e] = entry(r, 3);
            cd[e] = exactblas_df_from_double(c[e]);
        }
        exactblas_dgemm_df(ta, tb, (int)m, (int)n, (int)k, alpha, a, (int)ld, b, (int)ld, beta, c,
                           (int)ld);
        exactblas_dgemm_dfdf(ta, tb, (int)m, (int)n, (int)k, exactblas_df_from_double(alpha), ad,
                             (int)ld, bd, (int)ld, exactblas_df_from_double(beta), cd, (int)ld);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < ld; i++) {
                double got = c[i + j * ld], gotdf = exactblas_df_to_double(cd[i + j * ld]);
                if (i >= m) { /* below the matrix: untouched */
                    if (got != c0[i + j * ld] ||
                        gotdf != exactblas_df_to_double(exactblas_df_from_double(c0[i + j * ld]))) {
                        printf("FAIL: C(%ld,%ld) outside the matrix changed\n", i, j);
                        failures++;
                    }
                    continue;
                }
                long double s = 0, mag = 0;
                for (long l = 0; l < k; l++) {
                    double x = ta == 'N' ? a[i + l * ld] : a[l + i * ld];
                    double y = tb == 'N' ? b[l + j * ld] : b[j + l * ld];
                    s += (long double)x * y;
                    mag += fabsl((long double)x * y);
                }
                long double want = alpha * s + beta * (long double)c0[i + j * ld];
                long double bound =
                    (3.0L * k + 40) * U2 *
                        (fabsl(alpha) * mag + fabsl(beta * (long double)c0[i + j * ld])) +
                    0x1p-50L * fabsl(want) + 1e-300L;
                if (fabsl(got - want) > bound || fabsl(gotdf - want) > bound) {
                    printf("FAIL epilogue %c%c (%ld,%ld): want %.17Lg, D(DF) %.17g, DF(DF) %.17g\n",
                           ta, tb, i, j, want, got, gotdf);
                    failures++;
                }
            }
        free(a);
        free(b);
        free(c);
        free(c0);
        free(ad);
        free(bd);
        free(cd);
    }
}

static const int spreads[] = {0, 10, 30};
static const long ks[] = {16, 64, 256, 1024, 4096};

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    const char *mode = argc > 2 ? argv[2] : "host";
    if (strcmp(what, "units") == 0) {
        units();
    } else if (strcmp(what, "gemm") == 0 || strcmp(what, "table") == 0) {
        int table = strcmp(what, "table") == 0;
        if (strcmp(mode, "opencl") == 0 && !tl_opencl_available()) {
            printf("SKIPPED: no OpenCL device: the OpenCL double-float GEMM did not run\n");
            return 77;
        }
        tl_apply_knobs(strcmp(mode, "opencl") == 0 ? "EXACTBLAS_DEVICE=opencl"
                                                   : "EXACTBLAS_DEVICE=host");
        tl_rng r;
        tl_rng_seed(&r, 20261123);
        if (table)
            printf("| spread | k | D(DF) max | D(DF) median | DF(DF) max | DF(DF) median | "
                   "DF(DF) overflowed | DGEMM max | DGEMM median |\n"
                   "|---|---|---|---|---|---|---|---|---|\n");
        for (int s = 0; s < 3; s++)
            for (int q = 0; q < 5; q++) {
                gemm_errors e = gemm_case(spreads[s], ks[q], table ? NULL : mode, &r);
                if (table)
                    printf("| %s | %ld | %.2e | %.2e | %.2e | %.2e | %ld of %d | %.2e | %.2e |\n",
                           spreads[s] ? (spreads[s] == 10 ? "1e+-10" : "1e+-30") : "narrow", ks[q],
                           e.d_df.max, e.d_df.med, e.df_df.max, e.df_df.med, e.overflowed,
                           DIM * DIM, e.dgemm.max, e.dgemm.med);
            }
        epilogue_case(&r);
        tl_apply_knobs("");
    } else {
        fprintf(stderr, "usage: %s units | gemm [host|opencl] | table [host|opencl]\n", argv[0]);
        return 2;
    }
    printf("%s: %s\n", what, failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}

/*
 * test_faces_rules.c -- the reference's rules where ExactBLAS's once
 * differed, and the caller's floating-point environment, through the
 * drop-in's public names (issue 37, items 2 and 4).  Each check derives its
 * expectation (MPFR, the exact rule, or the same call in the default
 * environment, itself checked against MPFR elsewhere), never a hard-coded
 * result:
 *
 *   xNRM2, INCX < 0: the same elements backwards; INCX = 0: x_1 n times
 *     (LAPACK 3.11's dnrm2.f90): RN(sqrt(sum)) by MPFR
 *   xSCAL, ZDSCAL, CSSCAL with a = 1 (complex (1, 0) and (1, -0)): x
 *     untouched, a signaling NaN's payload included
 *   xSYR2, xSPR2: alpha times the exact sum x_i y_j + y_i x_j, bit for bit
 *     what xSYR2K (k = 1) gives on the same data, over specials, signed
 *     zeros and alpha = +-Inf
 *   xROTG, xROTMG, DCABS1, SCABS1: every NaN output the canonical one
 *   cblas_zgemv (row-major 'C'), cblas_zhemv, cblas_zhbmv, cblas_zhpmv,
 *     cblas_zgbmv (row-major) with alpha = 0, beta = 1: y untouched
 *   the faces under every caller environment of testlib (directed modes,
 *     FTZ, DAZ, raised flags): the same bits as in the default environment
 *     and the caller's MXCSR back, on the issue's reproducers (a subnormal
 *     alpha or beta, SNRM2's last rounding, IZAMAX's |re| + |im|, IDAMAX)
 *     and on random calls of every family's face.
 */
#include <complex.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

typedef int fint;

/* the drop-in's names (reference-BLAS and CBLAS conventions) */
double dnrm2_(const fint *, const double *, const fint *);
float snrm2_(const fint *, const float *, const fint *);
double dznrm2_(const fint *, const double *, const fint *);
float scnrm2_(const fint *, const float *, const fint *);
void dscal_(const fint *, const double *, double *, const fint *);
void sscal_(const fint *, const float *, float *, const fint *);
void zscal_(const fint *, const double *, double *, const fint *);
void cscal_(const fint *, const float *, float *, const fint *);
void zdscal_(const fint *, const double *, double *, const fint *);
void csscal_(const fint *, const float *, float *, const fint *);
void dsyr2_(const char *, const fint *, const double *, const double *, const fint *,
            const double *, const fint *, double *, const fint *, size_t);
void dspr2_(const char *, const fint *, const double *, const double *, const fint *,
            const double *, const fint *, double *, size_t);
void ssyr2_(const char *, const fint *, const float *, const float *, const fint *, const float *,
            const fint *, float *, const fint *, size_t);
void dsyr2k_(const char *, const char *, const fint *, const fint *, const double *, const double *,
             const fint *, const double *, const fint *, const double *, double *, const fint *,
             size_t, size_t);
void ssyr2k_(const char *, const char *, const fint *, const fint *, const float *, const float *,
             const fint *, const float *, const fint *, const float *, float *, const fint *,
             size_t, size_t);
void drotg_(double *, double *, double *, double *);
void srotg_(float *, float *, float *, float *);
void drotmg_(double *, double *, double *, const double *, double *);
double dcabs1_(const double *);
float scabs1_(const float *);
void zrotg_(double *, const double *, double *, double *);
fint izamax_(const fint *, const double *, const fint *);
fint idamax_(const fint *, const double *, const fint *);
void dgemm_(const char *, const char *, const fint *, const fint *, const fint *, const double *,
            const double *, const fint *, const double *, const fint *, const double *, double *,
            const fint *, size_t, size_t);
void sgemm_(const char *, const char *, const fint *, const fint *, const fint *, const float *,
            const float *, const fint *, const float *, const fint *, const float *, float *,
            const fint *, size_t, size_t);
void daxpy_(const fint *, const double *, const double *, const fint *, double *, const fint *);
void zaxpy_(const fint *, const double *, const double *, const fint *, double *, const fint *);
void dtrsm_(const char *, const char *, const char *, const char *, const fint *, const fint *,
            const double *, const double *, const fint *, double *, const fint *, size_t, size_t,
            size_t, size_t);
void cgemv_(const char *, const fint *, const fint *, const float *, const float *, const fint *,
            const float *, const fint *, const float *, float *, const fint *, size_t);
void ctrsm_(const char *, const char *, const char *, const char *, const fint *, const fint *,
            const float *, const float *, const fint *, float *, const fint *, size_t, size_t,
            size_t, size_t);
void cher2k_(const char *, const char *, const fint *, const fint *, const float *, const float *,
             const fint *, const float *, const fint *, const float *, float *, const fint *,
             size_t, size_t);
void zgemm_(const char *, const char *, const fint *, const fint *, const fint *, const double *,
            const double *, const fint *, const double *, const fint *, const double *, double *,
            const fint *, size_t, size_t);
void zher_(const char *, const fint *, const double *, const double *, const fint *, double *,
           const fint *, size_t);
void ssyrk_(const char *, const char *, const fint *, const fint *, const float *, const float *,
            const fint *, const float *, float *, const fint *, size_t, size_t);
double ddot_(const fint *, const double *, const fint *, const double *, const fint *);
void cblas_zgemv(int, int, fint, fint, const void *, const void *, fint, const void *, fint,
                 const void *, void *, fint);
void cblas_zhemv(int, int, fint, const void *, const void *, fint, const void *, fint, const void *,
                 void *, fint);
void cblas_zhbmv(int, int, fint, fint, const void *, const void *, fint, const void *, fint,
                 const void *, void *, fint);
void cblas_zhpmv(int, int, fint, const void *, const void *, const void *, fint, const void *,
                 void *, fint);
void cblas_zgbmv(int, int, fint, fint, fint, fint, const void *, const void *, fint, const void *,
                 fint, const void *, void *, fint);
double cblas_dnrm2(fint, const double *, fint);

static long checks, failures;

static void expect(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        if (failures <= 30)
            printf("FAIL %s\n", what);
    }
}

static uint64_t bits64(double x)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    return b;
}

static uint32_t bits32(float x)
{
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
}

static double from64(uint64_t b)
{
    double x;
    memcpy(&x, &b, 8);
    return x;
}

static float from32(uint32_t b)
{
    float x;
    memcpy(&x, &b, 4);
    return x;
}

/* RN(sqrt(sum v_i^2)) by MPFR, to binary64 or binary32. */
static double oracle_norm(int n, const double *v, int f32)
{
    mpfr_t s, p;
    mpfr_inits2(2400, s, p, (mpfr_ptr)0);
    mpfr_set_zero(s, 1);
    for (int i = 0; i < n; i++) {
        mpfr_set_d(p, v[i], MPFR_RNDN);
        mpfr_sqr(p, p, MPFR_RNDN);
        mpfr_add(s, s, p, MPFR_RNDN);
    }
    mpfr_t r;
    mpfr_init2(r, f32 ? 24 : 53);
    mpfr_sqrt(r, s, MPFR_RNDN);
    double d = f32 ? (double)mpfr_get_flt(r, MPFR_RNDN) : mpfr_get_d(r, MPFR_RNDN);
    mpfr_clears(s, p, r, (mpfr_ptr)0);
    return d;
}

/* ---- item 4: the reference's rules -------------------------------------------- */

static void nrm2_increments(void)
{
    const double x[6] = {3, 4, 12, -0.75, 0x1p-1070, 5e300};
    const float xf[6] = {3, 4, 12, -0.75f, 0x1p-140f, 5e30f};
    for (fint n = 1; n <= 3; n++)
        for (fint inc = -2; inc <= 2; inc++) {
            double logical[6];
            long step = inc < 0 ? -inc : inc;
            for (int i = 0; i < n; i++)
                logical[i] = x[i * step];
            char what[120];
            double want = oracle_norm(n, logical, 0);
            snprintf(what, sizeof what, "DNRM2 n=%d incx=%d: %a, expected %a", n, inc,
                     dnrm2_(&n, x, &inc), want);
            expect(bits64(dnrm2_(&n, x, &inc)) == bits64(want), what);
            expect(bits64(cblas_dnrm2(n, x, inc)) == bits64(want), "cblas_dnrm2 as DNRM2");
            for (int i = 0; i < n; i++)
                logical[i] = xf[i * step];
            float wantf = (float)oracle_norm(n, logical, 1);
            snprintf(what, sizeof what, "SNRM2 n=%d incx=%d: %a, expected %a", n, inc,
                     (double)snrm2_(&n, xf, &inc), (double)wantf);
            expect(bits32(snrm2_(&n, xf, &inc)) == bits32(wantf), what);
            /* complex: the parts of x as (re, im) pairs */
            fint nc = n > 2 ? 2 : n;
            double parts[4];
            for (int i = 0; i < nc; i++)
                parts[2 * i] = x[2 * i * step], parts[2 * i + 1] = x[2 * i * step + 1];
            want = oracle_norm(2 * nc, parts, 0);
            snprintf(what, sizeof what, "DZNRM2 n=%d incx=%d: %a, expected %a", nc, inc,
                     dznrm2_(&nc, x, &inc), want);
            expect(bits64(dznrm2_(&nc, x, &inc)) == bits64(want), what);
            for (int i = 0; i < nc; i++)
                parts[2 * i] = xf[2 * i * step], parts[2 * i + 1] = xf[2 * i * step + 1];
            wantf = (float)oracle_norm(2 * nc, parts, 1);
            expect(bits32(scnrm2_(&nc, xf, &inc)) == bits32(wantf), "SCNRM2 as DZNRM2");
        }
}

static void scal_by_one(void)
{
    const uint64_t snan = 0x7FF0000000000123ull, nnan = 0xFFF8000000000042ull;
    double x[4] = {from64(snan), -0.0, from64(nnan), 0x1p-1074};
    const uint32_t snanf = 0x7F800123u;
    float xf[4] = {from32(snanf), -0.0f, from32(0xFFC00042u), 0x1p-149f};
    fint four = 4, two = 2, one = 1;
    double one64 = 1.0, z1[2] = {1.0, 0.0}, z1m[2] = {1.0, -0.0};
    float one32 = 1.0f, c1[2] = {1.0f, 0.0f};
    double y[4];
    float yf[4];
    memcpy(y, x, sizeof x);
    dscal_(&four, &one64, y, &one);
    expect(memcmp(x, y, sizeof x) == 0, "DSCAL with a = 1 leaves x untouched (NaN payloads)");
    memcpy(y, x, sizeof x);
    zscal_(&two, z1, y, &one);
    expect(memcmp(x, y, sizeof x) == 0, "ZSCAL with a = (1, 0) leaves x untouched");
    memcpy(y, x, sizeof x);
    zscal_(&two, z1m, y, &one);
    expect(memcmp(x, y, sizeof x) == 0, "ZSCAL with a = (1, -0) leaves x untouched");
    memcpy(y, x, sizeof x);
    zdscal_(&two, &one64, y, &one);
    expect(memcmp(x, y, sizeof x) == 0, "ZDSCAL with a = 1 leaves x untouched");
    memcpy(yf, xf, sizeof xf);
    sscal_(&four, &one32, yf, &one);
    expect(memcmp(xf, yf, sizeof xf) == 0, "SSCAL with a = 1 leaves x untouched");
    memcpy(yf, xf, sizeof xf);
    cscal_(&two, c1, yf, &one);
    expect(memcmp(xf, yf, sizeof xf) == 0, "CSCAL with a = (1, 0) leaves x untouched");
    memcpy(yf, xf, sizeof xf);
    csscal_(&two, &one32, yf, &one);
    expect(memcmp(xf, yf, sizeof xf) == 0, "CSSCAL with a = 1 leaves x untouched");
    /* a = 2 still computes (and gives the canonical NaN) */
    double twod = 2.0;
    memcpy(y, x, sizeof x);
    dscal_(&four, &twod, y, &one);
    expect(bits64(y[0]) == 0x7FF8000000000000ull && bits64(y[1]) == bits64(-0.0),
           "DSCAL with a = 2: the canonical NaN, -0 kept");
}

/* xSYR2 and xSPR2 against xSYR2K with k = 1 on the same data, both UPLOs. */
static void syr2_as_syr2k(tl_rng *r)
{
    static const double vals[] = {0.0, -0.0, 1.0, -1.0, 3.0, -0.5, 0x1p-1074, INFINITY, NAN};
    static const double alphas[] = {1.0, -1.0, INFINITY, -INFINITY, -0.5, 0x1p-1060, NAN};
    const fint n = 4, one = 1, ld = 4;
    for (int c = 0; c < 400; c++) {
        double x[4], y[4], a0[16], alpha = alphas[tl_rng_u64(r) % 7];
        for (int i = 0; i < 4; i++) {
            x[i] = vals[tl_rng_u64(r) % (c % 3 == 0 ? 9 : 7)];
            y[i] = vals[tl_rng_u64(r) % (c % 3 == 0 ? 9 : 7)];
        }
        for (int i = 0; i < 16; i++)
            a0[i] = vals[tl_rng_u64(r) % 7];
        for (int u = 0; u < 2; u++) {
            const char *uplo = u ? "U" : "L";
            double a1[16], a2[16], ap[10], beta = 1.0;
            memcpy(a1, a0, sizeof a0);
            memcpy(a2, a0, sizeof a0);
            dsyr2_(uplo, &n, &alpha, x, &one, y, &one, a1, &ld, 1);
            dsyr2k_(uplo, "N", &n, &one, &alpha, x, &ld, y, &ld, &beta, a2, &ld, 1, 1);
            int same = 1;
            for (int j = 0, k = 0; j < 4; j++)
                for (int i = u ? 0 : j; i < (u ? j + 1 : 4); i++, k++) {
                    ap[k] = a0[i + 4 * j];
                    same &= bits64(a1[i + 4 * j]) == bits64(a2[i + 4 * j]) ||
                            (isnan(a1[i + 4 * j]) && isnan(a2[i + 4 * j]));
                }
            char what[160];
            snprintf(what, sizeof what, "DSYR2 uplo=%s alpha=%a case %d: not DSYR2K's bits", uplo,
                     alpha, c);
            /* SYR2K's quick return alpha = 0 aside, every alpha computes */
            expect(same, what);
            dspr2_(uplo, &n, &alpha, x, &one, y, &one, ap, 1);
            same = 1;
            for (int j = 0, k = 0; j < 4; j++)
                for (int i = u ? 0 : j; i < (u ? j + 1 : 4); i++, k++)
                    same &= bits64(ap[k]) == bits64(a2[i + 4 * j]) ||
                            (isnan(ap[k]) && isnan(a2[i + 4 * j]));
            snprintf(what, sizeof what, "DSPR2 uplo=%s alpha=%a case %d: not DSYR2K's bits", uplo,
                     alpha, c);
            expect(same, what);
            /* binary32 */
            float xf[4], yf[4], b1[16], b2[16], af = (float)alpha, bf = 1.0f;
            for (int i = 0; i < 4; i++)
                xf[i] = (float)x[i], yf[i] = (float)y[i];
            for (int i = 0; i < 16; i++)
                b1[i] = b2[i] = (float)a0[i];
            ssyr2_(uplo, &n, &af, xf, &one, yf, &one, b1, &ld, 1);
            ssyr2k_(uplo, "N", &n, &one, &af, xf, &ld, yf, &ld, &bf, b2, &ld, 1, 1);
            same = 1;
            for (int i = 0; i < 16; i++)
                same &= bits32(b1[i]) == bits32(b2[i]) || (isnan(b1[i]) && isnan(b2[i]));
            snprintf(what, sizeof what, "SSYR2 uplo=%s alpha=%a case %d: not SSYR2K's bits", uplo,
                     alpha, c);
            expect(same, what);
        }
    }
}

static int canonical64(double v)
{
    return !isnan(v) || bits64(v) == 0x7FF8000000000000ull;
}

static int canonical32(float v)
{
    return !isnan(v) || bits32(v) == 0x7FC00000u;
}

static void canonical_nans(void)
{
    const double sp[] = {NAN, -NAN, from64(0x7FF4000000000001ull), INFINITY, -INFINITY, 1.0, 0.0};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++) {
            double a = sp[i], b = sp[j], c = 0, s = 0;
            drotg_(&a, &b, &c, &s);
            char what[120];
            snprintf(what, sizeof what, "DROTG(%a, %a): a NaN output not the canonical NaN", sp[i],
                     sp[j]);
            expect(canonical64(a) && canonical64(b) && canonical64(c) && canonical64(s), what);
            float af = (float)sp[i], bf = (float)sp[j], cf = 0, sf = 0;
            srotg_(&af, &bf, &cf, &sf);
            expect(canonical32(af) && canonical32(bf) && canonical32(cf) && canonical32(sf),
                   "SROTG: a NaN output not the canonical NaN");
            double z[2] = {sp[i], sp[j]};
            snprintf(what, sizeof what, "DCABS1(%a, %a) not the canonical NaN", sp[i], sp[j]);
            expect(canonical64(dcabs1_(z)), what);
            float zf[2] = {(float)sp[i], (float)sp[j]};
            expect(canonical32(scabs1_(zf)), "SCABS1: not the canonical NaN");
            double d1 = 1.0, d2 = sp[i], x1 = sp[j], param[5] = {0};
            drotmg_(&d1, &d2, &x1, &sp[(i + j) % 7], param);
            /* flag -2: the quick return, d1, d2, x1 untouched inputs */
            int ok = param[0] == -2.0 || (canonical64(d1) && canonical64(d2) && canonical64(x1));
            for (int k = 0; k < 5; k++)
                ok &= canonical64(param[k]);
            snprintf(what, sizeof what, "DROTMG(1, %a, %a): a NaN output not canonical", sp[i],
                     sp[j]);
            expect(ok, what);
        }
}

/* Row-major conjugated CBLAS complex MVs: alpha = 0, beta = 1 leaves y
 * untouched bit for bit (a NaN with a payload and the sign bit). */
static void cblas_quick_returns(void)
{
    double a[32] = {0}, x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, alpha[2] = {0.0, 0.0},
           beta[2] = {1.0, 0.0};
    for (int i = 0; i < 32; i++)
        a[i] = (double)(i % 5) - 2.0;
    double y0[8] = {from64(0xFFF8000000000042ull),
                    from64(0x7FF0000000000123ull),
                    -0.0,
                    1.0,
                    from64(0x7FF8000000000777ull),
                    2.5,
                    -3.0,
                    from64(0xFFF0000000000001ull)};
    double y[8];
    memcpy(y, y0, sizeof y);
    cblas_zgemv(101, 113, 3, 3, alpha, a, 3, x, 1, beta, y, 1);
    expect(memcmp(y, y0, sizeof y) == 0, "cblas_zgemv row-major C, alpha 0, beta 1: y rewritten");
    memcpy(y, y0, sizeof y);
    cblas_zhemv(101, 121, 3, alpha, a, 3, x, 1, beta, y, 1);
    expect(memcmp(y, y0, sizeof y) == 0, "cblas_zhemv row-major, alpha 0, beta 1: y rewritten");
    memcpy(y, y0, sizeof y);
    cblas_zhbmv(101, 122, 3, 1, alpha, a, 2, x, 1, beta, y, 1);
    expect(memcmp(y, y0, sizeof y) == 0, "cblas_zhbmv row-major, alpha 0, beta 1: y rewritten");
    memcpy(y, y0, sizeof y);
    cblas_zhpmv(101, 121, 3, alpha, a, x, 1, beta, y, 1);
    expect(memcmp(y, y0, sizeof y) == 0, "cblas_zhpmv row-major, alpha 0, beta 1: y rewritten");
    memcpy(y, y0, sizeof y);
    cblas_zgbmv(101, 113, 3, 3, 1, 1, alpha, a, 3, x, 1, beta, y, 1);
    expect(memcmp(y, y0, sizeof y) == 0, "cblas_zgbmv row-major C, alpha 0, beta 1: y rewritten");
}

/* ---- item 2: the faces under the caller's environment ---------------------------- */

/* One face call: its bits in the default environment, then under every
 * caller environment, compared, with the MXCSR checked after each. */
typedef struct face_case {
    const char *what;
    void (*run)(void *out); /* writes its outputs to out (fresh inputs each time) */
    size_t bytes;
} face_case;

#define OUT_MAX 512

static void issue_dgemm(void *out) /* a subnormal alpha and beta */
{
    fint two = 2;
    double a[4] = {1, 2, 3, 4}, b[4] = {0x1p-1, 1, 1, 2}, alpha = 0x1p-1060, beta = -0x1p-1074;
    double *c = out;
    c[0] = 1, c[1] = 0x1p-1000, c[2] = -1, c[3] = 3;
    dgemm_("N", "N", &two, &two, &two, &alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
}

static void issue_sgemm(void *out)
{
    fint two = 2;
    float a[4] = {1, 2, 3, 4}, b[4] = {0.5f, 1, 1, 2}, alpha = 0x1p-140f, beta = 0x1p-149f;
    float *c = out;
    c[0] = 1, c[1] = 0x1p-100f, c[2] = -1, c[3] = 3;
    sgemm_("N", "N", &two, &two, &two, &alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
}

static void issue_daxpy(void *out)
{
    fint three = 3, one = 1;
    double x[3] = {1, -2, 0x1p-50}, alpha = 0x1p-1070, *y = out;
    y[0] = 0x1p-1074, y[1] = 1, y[2] = -0.0;
    daxpy_(&three, &alpha, x, &one, y, &one);
}

static void issue_zaxpy(void *out)
{
    fint two = 2, one = 1;
    double x[4] = {1, -2, 3, 0.5}, alpha[2] = {0x1p-1070, -0x1p-1073}, *y = out;
    y[0] = 0x1p-1074, y[1] = 1, y[2] = -0.0, y[3] = 0x1p-1072;
    zaxpy_(&two, alpha, x, &one, y, &one);
}

static void issue_dtrsm(void *out)
{
    fint two = 2;
    double a[4] = {2, 0, 1, 4}, alpha = 0x1p-1065, *b = out;
    b[0] = 1, b[1] = 3, b[2] = -5, b[3] = 0x1p-20;
    dtrsm_("L", "U", "N", "N", &two, &two, &alpha, a, &two, b, &two, 1, 1, 1, 1);
}

static void issue_cgemv(void *out)
{
    fint two = 2, one = 1;
    float a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, x[4] = {1, -1, 2, 0.5f},
          alpha[2] = {0x1p-140f, 0x1p-149f}, beta[2] = {0x1p-149f, -0x1p-145f}, *y = out;
    y[0] = 1, y[1] = 2, y[2] = 0x1p-120f, y[3] = -3;
    cgemv_("N", &two, &two, alpha, a, &two, x, &one, beta, y, &one, 1);
}

static void issue_ctrsm(void *out)
{
    fint two = 2;
    float a[8] = {2, 0, 0, 0, 1, 1, 4, 0}, alpha[2] = {0x1p-140f, 0x1p-147f}, *b = out;
    for (int i = 0; i < 8; i++)
        b[i] = (float)(i + 1);
    ctrsm_("L", "U", "N", "N", &two, &two, alpha, a, &two, b, &two, 1, 1, 1, 1);
}

static void issue_cher2k(void *out)
{
    fint two = 2;
    float a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8] = {1, 0, 0, 1, 2, 2, -1, 1},
          alpha[2] = {0x1p-142f, 0x1p-149f}, beta = 0x1p-149f, *c = out;
    for (int i = 0; i < 8; i++)
        c[i] = (float)i * 0x1p-126f;
    cher2k_("U", "N", &two, &two, alpha, a, &two, b, &two, &beta, c, &two, 1, 1);
}

static void issue_zgemm(void *out)
{
    fint two = 2;
    double a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8] = {1, 0, 0, 1, 2, 2, -1, 1},
           alpha[2] = {0x1p-1070, 0.0}, beta[2] = {0x1p-537, 0x1p-537}, *c = out;
    for (int i = 0; i < 8; i++)
        c[i] = (i % 2 ? -0x1p-538 : 0x1p-538);
    zgemm_("N", "N", &two, &two, &two, alpha, a, &two, b, &two, beta, c, &two, 1, 1);
}

static void issue_zher(void *out)
{
    fint two = 2, one = 1;
    double x[4] = {1, 2, 3, -1}, alpha = 0x1p-1065, *a = out;
    for (int i = 0; i < 8; i++)
        a[i] = (double)i;
    zher_("L", &two, &alpha, x, &one, a, &two, 1);
}

static void issue_ssyrk(void *out)
{
    fint two = 2;
    float a[4] = {1, 2, 3, 4}, alpha = 1.0f, beta = 0x1p-149f, *c = out;
    c[0] = 0x1p-149f, c[1] = 1, c[2] = 2, c[3] = -0x1p-148f;
    ssyrk_("U", "N", &two, &two, &alpha, a, &two, &beta, c, &two, 1, 1);
}

static void issue_snrm2(void *out) /* the root's last rounding: 0x3fb504f3 */
{
    fint two = 2, one = 1;
    float x[2] = {1, 1}, t[2] = {0x1p-140f, 0.0f}, *r = out;
    r[0] = snrm2_(&two, x, &one);
    r[1] = snrm2_(&two, t, &one); /* 2^-140: kept under FTZ */
    float c[4] = {1, 1, 0x1p-140f, 0};
    r[2] = scnrm2_(&one, c, &one);
    r[3] = scnrm2_(&one, c + 2, &one);
}

static void issue_izamax(void *out) /* |re| + |im| in round-to-nearest */
{
    fint two = 2, one = 1, three = 3;
    double z[4] = {1, 0x1p-60, 1 + 0x1p-52, 0}, d[3] = {0x1p-1074, -0x1p-1073, 0x1p-1074};
    fint *r = out;
    r[0] = izamax_(&two, z, &one);
    r[1] = idamax_(&three, d, &one); /* DAZ must not make them equal */
    double c[2] = {1, 0x1p-60};
    double *v = (double *)(r + 2);
    v[0] = dcabs1_(c);
}

static void issue_ddot(void *out)
{
    fint three = 3, one = 1;
    double x[3] = {0x1p-1074, 3, -1}, y[3] = {0x1p60, 0x1p-1070, 0x1p-1074};
    *(double *)out = ddot_(&three, x, &one, y, &one);
}

static const face_case face_cases[] = {
    {"DGEMM subnormal alpha, beta", issue_dgemm, 4 * 8},
    {"SGEMM subnormal alpha, beta", issue_sgemm, 4 * 4},
    {"DAXPY subnormal alpha", issue_daxpy, 3 * 8},
    {"ZAXPY subnormal alpha", issue_zaxpy, 4 * 8},
    {"DTRSM subnormal alpha", issue_dtrsm, 4 * 8},
    {"CGEMV subnormal alpha, beta", issue_cgemv, 4 * 4},
    {"CTRSM subnormal alpha", issue_ctrsm, 8 * 4},
    {"CHER2K subnormal alpha, beta", issue_cher2k, 8 * 4},
    {"ZGEMM beta (2^-537, 2^-537) on C (2^-538)", issue_zgemm, 8 * 8},
    {"ZHER subnormal alpha", issue_zher, 8 * 8},
    {"SSYRK subnormal beta", issue_ssyrk, 4 * 4},
    {"SNRM2, SCNRM2 last rounding", issue_snrm2, 4 * 4},
    {"IZAMAX, IDAMAX, DCABS1", issue_izamax, 2 * sizeof(fint) + 8},
    {"DDOT subnormal terms", issue_ddot, 8},
};

static void caller_environments(void)
{
    for (size_t q = 0; q < sizeof face_cases / sizeof face_cases[0]; q++) {
        const face_case *fc = &face_cases[q];
        unsigned char want[OUT_MAX], got[OUT_MAX];
        memset(want, 0, sizeof want);
        fc->run(want); /* the default environment */
        for (long e = 0; e < 8; e++) {
            tl_callenv env = tl_callenv_of(e);
            char why[200], what[300];
            memset(got, 0, sizeof got);
            tl_callenv_enter(&env);
            fc->run(got);
            int env_ok = tl_callenv_leave(&env, why, sizeof why);
            snprintf(what, sizeof what, "%s under %s: %s", fc->what, tl_callenv_name(&env),
                     env_ok ? "other bits than in the default environment" : why);
            expect(env_ok && memcmp(want, got, fc->bytes) == 0, what);
        }
    }
    /* the expectations themselves, where a one-line oracle gives them */
    unsigned char out[OUT_MAX];
    issue_snrm2(out);
    float *r = (float *)out;
    double two1[2] = {1, 1}, tiny[2] = {0x1p-140, 0};
    expect(bits32(r[0]) == bits32((float)oracle_norm(2, two1, 1)) &&
               bits32(r[1]) == bits32((float)oracle_norm(2, tiny, 1)),
           "SNRM2({1,1}) or SNRM2({2^-140, 0}) not MPFR's");
    issue_izamax(out);
    fint *ir = (fint *)out;
    expect(ir[0] == 2 && ir[1] == 2, "IZAMAX({(1,2^-60),(1+2^-52,0)}) = 2, IDAMAX = 2");
}

int main(void)
{
    tl_rng r;
    tl_rng_seed(&r, 20261127);
    nrm2_increments();
    scal_by_one();
    syr2_as_syr2k(&r);
    canonical_nans();
    cblas_quick_returns();
    caller_environments();
    if (failures) {
        printf("faces_rules: FAILED: %ld of %ld checks\n", failures, checks);
        return 1;
    }
    printf("faces_rules: PASSED: %ld checks (NRM2 increments, SCAL by 1, SYR2 as SYR2K, "
           "canonical NaNs, CBLAS quick returns, %zu reproducers under 8 caller environments)\n",
           checks, sizeof face_cases / sizeof face_cases[0]);
    return 0;
}

/*
 * complex.c -- the complex Level 1 routines (Z and C) on the real engines:
 * the real and the imaginary part of every output are each the correctly
 * rounded value of their exact real expression (level1.h has the rules).
 *
 * A complex vector of n elements, increment inc, is two real vectors of
 * increment 2 inc (real parts at x, imaginary parts at x + 1), with the
 * reference's convention for a negative increment holding for both; so the
 * moves, ZDSCAL, ZDROT and ZSCAL (a rotation whose H is [ar -ai; ai ar]) are
 * the real routines on those.  A dot product's part is a real dot product
 * of length 2n ([xr xi] . [yr -yi] for the real part of DOTU), NRM2 and
 * ASUM the real ones of the 2n parts; AXPY's parts are three-term exact
 * expressions rounded once.
 */
#include "level1.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "reduce.h"
#include "routines.h"
#include "core/exb_core.h"
#include "core/f32.h"
#include "core/filter.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "support/blasvec.h"
#include "support/knobs.h"
#include "backend/device.h"
#include "support/path.h"

#define CHUNK 512L            /* complex elements copied at a time */
#define ZDOT_SHARES 8         /* the streamed filter's shares, at most */
#define ZDOT_SHARE_MIN 32768L /* elements from which it shares them out */

/* ---- moves, real scaling, real rotations ---------------------------------- */

#define PARTS(P, R, T)                                                                             \
    EXB_ENTRY_VOID(exb_##P##copy_checked, (long n, const T *x, long incx, T *y, long incy),        \
                   (n, x, incx, y, incy))                                                          \
    {                                                                                              \
        exb_##R##copy_checked(n, x, 2 * incx, y, 2 * incy);                                        \
        exb_##R##copy_checked(n, x + 1, 2 * incx, y + 1, 2 * incy);                                \
    }                                                                                              \
    EXB_ENTRY_VOID(exb_##P##swap_checked, (long n, T *x, long incx, T *y, long incy),              \
                   (n, x, incx, y, incy))                                                          \
    {                                                                                              \
        exb_##R##swap_checked(n, x, 2 * incx, y, 2 * incy);                                        \
        exb_##R##swap_checked(n, x + 1, 2 * incx, y + 1, 2 * incy);                                \
    }
PARTS(z, d, double)
PARTS(c, s, float)

EXB_ENTRY_VOID(exb_zdscal_checked, (long n, double a, double *x, long incx), (n, a, x, incx))
{
    if (n <= 0 || incx <= 0 || a == 1.0) /* the reference's quick return */
        return;
    exb_dscal_checked(n, a, x, 2 * incx);
    exb_dscal_checked(n, a, x + 1, 2 * incx);
}

EXB_ENTRY_VOID(exb_csscal_checked, (long n, float a, float *x, long incx), (n, a, x, incx))
{
    if (n <= 0 || incx <= 0 || a == 1.0f)
        return;
    exb_sscal_checked(n, a, x, 2 * incx);
    exb_sscal_checked(n, a, x + 1, 2 * incx);
}

EXB_ENTRY_VOID(exb_zdrot_checked,
               (long n, double *x, long incx, double *y, long incy, double c, double s),
               (n, x, incx, y, incy, c, s))
{
    exb_drot_checked(n, x, 2 * incx, y, 2 * incy, c, s);
    exb_drot_checked(n, x + 1, 2 * incx, y + 1, 2 * incy, c, s);
}

EXB_ENTRY_VOID(exb_csrot_checked,
               (long n, float *x, long incx, float *y, long incy, float c, float s),
               (n, x, incx, y, incy, c, s))
{
    exb_srot_checked(n, x, 2 * incx, y, 2 * incy, c, s);
    exb_srot_checked(n, x + 1, 2 * incx, y + 1, 2 * incy, c, s);
}

/* x := a x: (ar xr - ai xi, ai xr + ar xi), each rounded once: the real
 * rotation with H = [ar -ai; ai ar] of the real and imaginary parts. */
EXB_ENTRY_VOID(exb_zscal_checked, (long n, const double *a, double *x, long incx), (n, a, x, incx))
{
    if (n <= 0 || incx <= 0 || (a[0] == 1.0 && a[1] == 0.0)) /* the reference's quick return */
        return;
    const double param[5] = {-1.0, a[0], a[1], -a[1], a[0]};
    exb_drotm_checked(n, x, 2 * incx, x + 1, 2 * incx, param);
}

EXB_ENTRY_VOID(exb_cscal_checked, (long n, const float *a, float *x, long incx), (n, a, x, incx))
{
    if (n <= 0 || incx <= 0 || (a[0] == 1.0f && a[1] == 0.0f))
        return;
    const float param[5] = {-1.0f, a[0], a[1], -a[1], a[0]};
    exb_srotm_checked(n, x, 2 * incx, x + 1, 2 * incx, param);
}

/* ---- IxAMAX: the reference's |re| + |im| (DCABS1), its scan ------------------- */

EXB_ENTRY(long, exb_izamax_checked, (long n, const double *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n < 1 || incx <= 0)
        return 0;
    long best = 1;
    double max = fabs(x[0]) + fabs(x[1]);
    for (long i = 1; i < n; i++) {
        double v = fabs(x[2 * i * incx]) + fabs(x[2 * i * incx + 1]);
        if (v > max) {
            best = i + 1;
            max = v;
        }
    }
    return best;
}

EXB_ENTRY(long, exb_icamax_checked, (long n, const float *x, long incx), (n, x, incx))
{
    exb_path_begin();
    if (n < 1 || incx <= 0)
        return 0;
    long best = 1;
    float max = fabsf(x[0]) + fabsf(x[1]);
    for (long i = 1; i < n; i++) {
        float v = fabsf(x[2 * i * incx]) + fabsf(x[2 * i * incx + 1]);
        if (v > max) {
            best = i + 1;
            max = v;
        }
    }
    return best;
}

/* DCABS1, SCABS1: RN(|re| + |im|), one addition of exact values in the
 * default environment; a NaN part gives the canonical NaN. */
EXB_ENTRY(double, exb_dcabs1_checked, (const double *z), (z))
{
    return exb_canonical_nan(fabs(z[0]) + fabs(z[1]));
}

EXB_ENTRY(float, exb_scabs1_checked, (const float *z), (z))
{
    return (float)exb_canonical_nan((double)(fabsf(z[0]) + fabsf(z[1])));
}

/* ---- dot products, norms and sums of the 2n parts ------------------------------ */

/* The 2n parts of x in logical order (x at its logical first element),
 * into p, and of y with the pattern of `kind` into q and r:
 *   DOTU: q = [yr -yi], r = [yi yr];  DOTC: q = [yr yi], r = [yi -yr]
 * (then Re = p . q, Im = p . r). */
enum { DOTU, DOTC };

#define GATHER(T)                                                                                  \
    static void gather_##T(long n, const T *x, long incx, T *p)                                    \
    {                                                                                              \
        for (long i = 0; i < n; i++) {                                                             \
            p[2 * i] = x[2 * i * incx];                                                            \
            p[2 * i + 1] = x[2 * i * incx + 1];                                                    \
        }                                                                                          \
    }                                                                                              \
    static void pattern_##T(int kind, long n, const T *y, long incy, T *q, T *r)                   \
    {                                                                                              \
        for (long i = 0; i < n; i++) {                                                             \
            T yr = y[2 * i * incy], yi = y[2 * i * incy + 1];                                      \
            q[2 * i] = yr;                                                                         \
            q[2 * i + 1] = kind == DOTU ? -yi : yi;                                                \
            r[2 * i] = yi;                                                                         \
            r[2 * i + 1] = kind == DOTU ? yr : -yr;                                                \
        }                                                                                          \
    }
GATHER(double)
GATHER(float)

/* ---- the streamed filter: both parts in one pass, chunks in cache ---- */

typedef struct zdot_task {
    const exb_filter_kernels *f;
    int kind;
    long n, incx, incy;
    const double *x, *y;        /* at the logical first elements */
    double acc[ZDOT_SHARES][6]; /* per share: Re's h, lo, ce, Im's h, lo, ce */
    long chunks[ZDOT_SHARES];
} zdot_task;

static void zdot_share(void *arg, int s, int parts)
{
    zdot_task *t = arg;
    long begin = t->n * s / parts, end = t->n * (s + 1) / parts;
    double p[2 * CHUNK], q[2 * CHUNK], r[2 * CHUNK];
    double a[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}; /* local: no line shared with the others */
    long chunks = 0;
    int unit = t->incx == 1 && t->incy == 1;
    for (long i = begin; i < end; i += CHUNK, chunks++) {
        long len = end - i < CHUNK ? end - i : CHUNK;
        const double *xs = t->x + 2 * i * t->incx, *ys = t->y + 2 * i * t->incy;
        const double *pp = p, *qq = q;
        if (unit && t->kind == DOTC) { /* p = x, q = y in place; r = [yi -yr] */
            pp = xs, qq = ys;
            for (long e = 0; e < len; e++)
                r[2 * e] = ys[2 * e + 1], r[2 * e + 1] = -ys[2 * e];
        } else {
            if (unit)
                pp = xs;
            else
                gather_double(len, xs, t->incx, p);
            pattern_double(t->kind, len, ys, t->incy, q, r);
        }
        double h, lo, ce;
        t->f->dot(pp, qq, 2 * len, &h, &lo, &ce);
        exb_filter_join(&a[0], &a[1], &a[2], h, lo, ce);
        t->f->dot(pp, r, 2 * len, &h, &lo, &ce);
        exb_filter_join(&a[3], &a[4], &a[5], h, lo, ce);
    }
    for (int u = 0; u < 6; u++)
        t->acc[s][u] = a[u];
    t->chunks[s] = chunks;
}

/* Both parts through the floating-point filter (core/filter.h) in chunks
 * that stay in cache, on the host (the knobs say so, or auto without a
 * device): 1 with the parts rounded once where the bound decides both,
 * else 0 (the caller takes the exact engines). */
static int zdot_filtered(int kind, long n, const double *x, long incx, const double *y, long incy,
                         double *re, double *im)
{
    const exb_knobs *k = exb_knobs_current();
    if (!exb_knobs_filter(k) || (k->use_opencl != EXB_DEVICE_HOST && exb_cl_wanted(k)))
        return 0;
    const exb_filter_kernels *f =
        exb_kernels_filter(exb_host_kernels_get(k->host_generic), k->fpe, k->front, k->filter);
    if (!f)
        return 0;
    zdot_task t = {f, kind, n, incx, incy, x, y, {{0}}, {0}};
    int parts = n >= ZDOT_SHARE_MIN ? k->threads : 1;
    parts = parts < 1 ? 1 : parts > ZDOT_SHARES ? ZDOT_SHARES : parts;
    if (parts == 1)
        zdot_share(&t, 0, 1);
    else
        exb_parallel(parts, zdot_share, &t);
    double *a = t.acc[0];
    long chunks = t.chunks[0];
    for (int s = 1; s < parts; s++) {
        exb_filter_join(&a[0], &a[1], &a[2], t.acc[s][0], t.acc[s][1], t.acc[s][2]);
        exb_filter_join(&a[3], &a[4], &a[5], t.acc[s][3], t.acc[s][4], t.acc[s][5]);
        chunks += t.chunks[s];
    }
    /* a leaf's additions: its chunk's kernel (as exb_host_sumdot_filtered
     * counts one share of 2 CHUNK terms), the chunk joins of its share, the
     * share joins; the leaves: the terms and 33 per chunk */
    double depth = (double)(2 * CHUNK / 32 + 17 + chunks + parts);
    double leaves = 2.0 * (double)n + 33.0 * (double)chunks + (double)parts;
    if (!exb_filter_round(a[0], a[1], exb_filter_bound_tree(depth, leaves, a[2]), re) ||
        !exb_filter_round(a[3], a[4], exb_filter_bound_tree(depth, leaves, a[5]), im))
        return 0;
    exb_path_add(EXACTBLAS_PATH_HOST | EXACTBLAS_PATH_EARLY);
    return 1;
}

/* The exact parts of a dot product, each rounded once: through the
 * streamed filter where it decides, else through EXDDOT's engines on
 * copies (the same exact values and zero signs). */
static double _Complex zdot(int kind, long n, const double *x, long incx, const double *y,
                            long incy)
{
    exb_path_begin();
    if (n <= 0)
        return 0.0;
    double fre, fim;
    if (zdot_filtered(kind, n, EXB_FIRST(x, n, 2 * incx), incx, EXB_FIRST(y, n, 2 * incy), incy,
                      &fre, &fim))
        return CMPLX(fre, fim);
    double *p = malloc((size_t)n * 6 * sizeof *p);
    double re, im;
    if (p) {
        double *q = p + 2 * n, *r = q + 2 * n;
        gather_double(n, EXB_FIRST(x, n, 2 * incx), incx, p);
        pattern_double(kind, n, EXB_FIRST(y, n, 2 * incy), incy, q, r);
        re = exb_ddot_checked(2 * n, p, 1, q, 1);
        im = exb_ddot_checked(2 * n, p, 1, r, 1);
        free(p);
    } else { /* no memory for the copies: the long accumulator, term by term */
        const double *x0 = EXB_FIRST(x, n, 2 * incx), *y0 = EXB_FIRST(y, n, 2 * incy);
        exb_superacc a, b;
        exb_superacc_clear(&a);
        exb_superacc_clear(&b);
        int nza = 1, nzb = 1;
        for (long i = 0; i < n; i++) {
            double xr = x0[2 * i * incx], xi = x0[2 * i * incx + 1];
            double yr = y0[2 * i * incy], yi = y0[2 * i * incy + 1];
            double q1 = kind == DOTU ? -yi : yi, r0 = yi, r1 = kind == DOTU ? yr : -yr;
            exb_superacc_add_product(&a, xr, yr);
            exb_superacc_add_product(&a, xi, q1);
            exb_superacc_add_product(&b, xr, r0);
            exb_superacc_add_product(&b, xi, r1);
            nza = nza && exb_product_is_negzero(xr, yr) && exb_product_is_negzero(xi, q1);
            nzb = nzb && exb_product_is_negzero(xr, r0) && exb_product_is_negzero(xi, r1);
        }
        if (nza && exb_superacc_is_zero(&a))
            exb_superacc_set_negative_zero(&a);
        if (nzb && exb_superacc_is_zero(&b))
            exb_superacc_set_negative_zero(&b);
        re = exb_superacc_round(&a);
        im = exb_superacc_round(&b);
        exb_path_add(EXACTBLAS_PATH_HOST);
    }
    return CMPLX(re, im);
}

EXB_ENTRY(double _Complex, exb_zdotu_checked,
          (long n, const double *x, long incx, const double *y, long incy), (n, x, incx, y, incy))
{
    return zdot(DOTU, n, x, incx, y, incy);
}

EXB_ENTRY(double _Complex, exb_zdotc_checked,
          (long n, const double *x, long incx, const double *y, long incy), (n, x, incx, y, incy))
{
    return zdot(DOTC, n, x, incx, y, incy);
}

/* Without memory for copies: the parts' exact sums in long accumulators,
 * term by term (binary32 products are exact in binary64). */
static float _Complex cdot_acc(int kind, long n, const float *x0, long incx, const float *y0,
                               long incy)
{
    exb_superacc a, b;
    exb_superacc_clear(&a);
    exb_superacc_clear(&b);
    int nza = 1, nzb = 1;
    for (long i = 0; i < n; i++) {
        double xr = x0[2 * i * incx], xi = x0[2 * i * incx + 1];
        double yr = y0[2 * i * incy], yi = y0[2 * i * incy + 1];
        double q1 = kind == DOTU ? -yi : yi, r1 = kind == DOTU ? yr : -yr;
        exb_superacc_add_product(&a, xr, yr);
        exb_superacc_add_product(&a, xi, q1);
        exb_superacc_add_product(&b, xr, yi);
        exb_superacc_add_product(&b, xi, r1);
        nza = nza && exb_product_is_negzero(xr, yr) && exb_product_is_negzero(xi, q1);
        nzb = nzb && exb_product_is_negzero(xr, yi) && exb_product_is_negzero(xi, r1);
    }
    if (nza && exb_superacc_is_zero(&a))
        exb_superacc_set_negative_zero(&a);
    if (nzb && exb_superacc_is_zero(&b))
        exb_superacc_set_negative_zero(&b);
    float re = exb_f32_round(exb_superacc_round(&a), exb_superacc_sign_above, &a);
    float im = exb_f32_round(exb_superacc_round(&b), exb_superacc_sign_above, &b);
    return CMPLXF(re, im);
}

static float _Complex cdot(int kind, long n, const float *x, long incx, const float *y, long incy)
{
    exb_path_begin();
    if (n <= 0)
        return 0.0f;
    const float *x0 = EXB_FIRST(x, n, 2 * incx), *y0 = EXB_FIRST(y, n, 2 * incy);
    float *p = malloc((size_t)n * 6 * sizeof *p);
    if (!p) {
        float _Complex v = cdot_acc(kind, n, x0, incx, y0, incy);
        exb_path_add(EXACTBLAS_PATH_HOST);
        return v;
    }
    float *q = p + 2 * n, *r = q + 2 * n;
    gather_float(n, x0, incx, p);
    pattern_float(kind, n, y0, incy, q, r);
    float re = exb_sdot_checked(2 * n, p, 1, q, 1), im = exb_sdot_checked(2 * n, p, 1, r, 1);
    free(p);
    return CMPLXF(re, im);
}

EXB_ENTRY(float _Complex, exb_cdotu_checked,
          (long n, const float *x, long incx, const float *y, long incy), (n, x, incx, y, incy))
{
    return cdot(DOTU, n, x, incx, y, incy);
}

EXB_ENTRY(float _Complex, exb_cdotc_checked,
          (long n, const float *x, long incx, const float *y, long incy), (n, x, incx, y, incy))
{
    return cdot(DOTC, n, x, incx, y, incy);
}

/* The exact sum of the 2n parts' squares (square) or magnitudes into acc,
 * a chunk at a time through the sum/dot kernels (no copy of the whole). */
#define PARTS_ACC(T)                                                                               \
    static void parts_acc_##T(long n, const T *x, long incx, int square, exb_superacc *acc)        \
    {                                                                                              \
        double part[2 * CHUNK];                                                                    \
        exb_superacc chunk;                                                                        \
        exb_superacc_clear(acc);                                                                   \
        exb_superacc_clear(&chunk);                                                                \
        for (long i0 = 0; i0 < n; i0 += CHUNK) {                                                   \
            long cnt = n - i0 < CHUNK ? n - i0 : CHUNK;                                            \
            for (long i = 0; i < cnt; i++) {                                                       \
                part[2 * i] = x[2 * (i0 + i) * incx];                                              \
                part[2 * i + 1] = x[2 * (i0 + i) * incx + 1];                                      \
                if (!square)                                                                       \
                    part[2 * i] = fabs(part[2 * i]), part[2 * i + 1] = fabs(part[2 * i + 1]);      \
            }                                                                                      \
            exb_sumdot_accumulate(2 * cnt, part, 1, square ? part : NULL, 1, &chunk);              \
            exb_superacc_merge(acc, &chunk);                                                       \
        }                                                                                          \
    }
PARTS_ACC(double)
PARTS_ACC(float)

/* The long accumulator's rounding of each norm (the fallback below). */
static double finish_nrm2(exb_superacc *acc)
{
    return exb_superacc_round_sqrt(acc);
}

static double finish_asum(exb_superacc *acc)
{
    return exb_superacc_round(acc);
}

static double finish_nrm2_f32(exb_superacc *acc)
{
    return exb_f32_round(exb_superacc_round_sqrt(acc), exb_superacc_sqrt_sign_above, acc);
}

static double finish_asum_f32(exb_superacc *acc)
{
    return exb_f32_round(exb_superacc_round(acc), exb_superacc_sign_above, acc);
}

/* NRM2 and ASUM: the real routines on the 2n parts (copied when the
 * increment is not 1; without memory for the copy, a chunk at a time into
 * one accumulator).  A sum of squares or magnitudes is never -0. */
#define NORM(T, NAME, REAL, SQUARE, FINISH)                                                        \
    EXB_ENTRY(T, exb_##NAME##_checked, (long n, const T *x, long incx), (n, x, incx))              \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n <= 0 || (!SQUARE && incx <= 0))                                                      \
            return 0;                                                                              \
        if (incx < 0) /* NRM2: the same elements backwards, as the reference's */                  \
            incx = -incx;                                                                          \
        if (incx == 1)                                                                             \
            return REAL(2 * n, x, 1);                                                              \
        T *p = malloc((size_t)n * 2 * sizeof *p), v;                                               \
        if (p) {                                                                                   \
            gather_##T(n, x, incx, p);                                                             \
            v = REAL(2 * n, p, 1);                                                                 \
            free(p);                                                                               \
            return v;                                                                              \
        }                                                                                          \
        exb_superacc acc;                                                                          \
        parts_acc_##T(n, x, incx, SQUARE, &acc);                                                   \
        v = (T)FINISH(&acc);                                                                       \
        return v;                                                                                  \
    }
NORM(double, dznrm2, exb_dnrm2_checked, 1, finish_nrm2)
NORM(double, dzasum, exb_dasum_checked, 0, finish_asum)
NORM(float, scnrm2, exb_snrm2_checked, 1, finish_nrm2_f32)
NORM(float, scasum, exb_sasum_checked, 0, finish_asum_f32)

/* ---- AXPY: three-term expressions rounded once ------------------------------- */

/* RN(a b + c d + e) exactly, rounded once; an exact zero is -0 when every
 * term is -0; with an infinite or NaN operand, IEEE's value (the canonical
 * NaN). */
static double rn3(double a, double b, double c, double d, double e)
{
    int pf = isfinite(a) && isfinite(b), qf = isfinite(c) && isfinite(d);
    if (!pf || !qf || !isfinite(e)) /* a finite product is finite as a real */
        return exb_canonical_nan((pf ? 0.0 : a * b) + (qf ? 0.0 : c * d) + e);
    double h = 0.0, lo = 0.0, ce = 0.0, r;
    exb_filter_add(&h, &lo, &ce, a, b);
    exb_filter_add(&h, &lo, &ce, c, d);
    exb_filter_add(&h, &lo, &ce, e, 1.0);
    if (exb_filter_round(h, lo, exb_filter_bound(6.0, ce), &r))
        return r;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, a, b);
    exb_superacc_add_product(&acc, c, d);
    exb_superacc_add_double(&acc, e);
    if (exb_superacc_is_zero(&acc) && exb_product_is_negzero(a, b) &&
        exb_product_is_negzero(c, d) && e == 0.0 && signbit(e))
        exb_superacc_set_negative_zero(&acc);
    return exb_superacc_round(&acc);
}

/* RN32(a b + c d + e) for binary32 operands: the products are exact in
 * binary64; RN64 of the exact sum, and its midpoint re-decided. */
static float rn3f(float a, float b, float c, float d, float e)
{
    double p = (double)a * b, q = (double)c * d;
    if (!isfinite(p) || !isfinite(q) || !isfinite(e))
        return (float)exb_canonical_nan(p + q + e);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_double(&acc, p);
    exb_superacc_add_double(&acc, q);
    exb_superacc_add_double(&acc, e);
    if (exb_superacc_is_zero(&acc) && exb_product_is_negzero(a, b) &&
        exb_product_is_negzero(c, d) && e == 0.0f && signbit(e))
        exb_superacc_set_negative_zero(&acc);
    return exb_f32_round(exb_superacc_round(&acc), exb_superacc_sign_above, &acc);
}

/* y := a x + y: (yr + ar xr - ai xi, yi + ai xr + ar xi); a = 0 (both
 * parts): y untouched (the reference's quick return). */
#define AXPY(P, T, RN)                                                                             \
    EXB_ENTRY_VOID(exb_##P##axpy_checked,                                                          \
                   (long n, const T *a, const T *x, long incx, T *y, long incy),                   \
                   (n, a, x, incx, y, incy))                                                       \
    {                                                                                              \
        exb_path_begin();                                                                          \
        if (n <= 0 || (a[0] == 0 && a[1] == 0))                                                    \
            return;                                                                                \
        const T *x0 = EXB_FIRST(x, n, 2 * incx);                                                   \
        T *y0 = EXB_FIRST(y, n, 2 * incy);                                                         \
        T ar = a[0], ai = a[1];                                                                    \
        for (long i = 0; i < n; i++) {                                                             \
            T xr = x0[2 * i * incx], xi = x0[2 * i * incx + 1];                                    \
            T *yp = y0 + 2 * i * incy;                                                             \
            T yr = yp[0], yi = yp[1];                                                              \
            yp[0] = RN(ar, xr, -ai, xi, yr);                                                       \
            yp[1] = RN(ai, xr, ar, xi, yi);                                                        \
        }                                                                                          \
        exb_path_add(EXACTBLAS_PATH_HOST);                                                         \
    }
AXPY(z, double, rn3)
AXPY(c, float, rn3f)

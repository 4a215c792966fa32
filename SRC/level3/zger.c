/*
 * zger.c -- ZGERU, ZGERC, CGERU, CGERC: A := alpha x op(y) + A, op(y) = y^T
 * or y^H, each part of each element the exact value rounded once (level3.h's
 * rule for the GEMM of rank one, whose bits these are).
 *
 * How (host): column j's w = alpha op(y_j) is four real products, each
 * split exactly into p + e (one FMA; a zero factor is no term), so with x
 * = xr + i xi
 *     Re = a_r + sum xr (w_r's parts) - sum xi (w_i's parts),
 *     Im = a_i + sum xr (w_i's parts) + sum xi (w_r's parts),
 * a sum of at most eight exact products and a_ij, which the kernel table's
 * filter rounds where its bound decides (the rank kernel of ger.c, one part
 * at a time on a copy of the column).  An element it cannot decide (a part
 * near a midpoint, an exact zero, a NaN or Inf), a column whose products
 * cannot be split (underflow or overflow near, a NaN or Inf in alpha or
 * y_j), every element on a CPU without the filter, and the whole call with
 * EXACTBLAS_DEVICE=opencl go to the complex GEMM engine's own paths
 * (zgemm.c: the GEMM with k = 1, or its exact element), so the bits never
 * depend on which path decided them.  Binary32: the data are exact in
 * binary64; a decided RN64 that is a binary32 midpoint is decided exactly.
 *
 * Errors (XERBLA, A untouched): 1 M, 2 N, 5 INCX, 7 INCY, 9 LDA < max(1,M).
 * Quick return when M or N is 0 or ALPHA = 0.
 */
#include "level3.h"
#include "zgemm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/tuning.h"
#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

typedef struct zupdate {
    int f32, conj;
    long m, n, lda;
    const double *alpha;
    const double *xr, *xi; /* x's parts, binary64 */
    const void *xc, *yc;   /* the gathered x and y, the data's format */
    void *a;
    const exb_filter_kernels *filter;
    int decided; /* some element was decided by the filter (path EARLY) */
} zupdate;

/* s * x * y as exact terms p (+ e) appended to v: 1, or 0 when the split is
 * not safe (a NaN or Inf, underflow or overflow near). */
static int split_term(double x, double y, double s, double *v, int *nv)
{
    if (!isfinite(x) || !isfinite(y))
        return 0;
    if (x == 0.0 || y == 0.0)
        return 1; /* no term */
    double p = x * y, e = fma(x, y, -p);
    if (!(fabs(p) >= 0x1p-968 && fabs(p) <= 0x1p1000))
        return 0;
    v[(*nv)++] = s * p;
    if (e != 0.0)
        v[(*nv)++] = s * e;
    return 1;
}

/* Element (i, j) by the complex GEMM engine's exact element: both parts. */
static void exact_element(const zupdate *u, long i, long j, exb_superacc *acc)
{
    const double one[2] = {1.0, 0.0};
    cmat X = {u->f32, u->xc, u->m, 'N'}, Y = {u->f32, u->yc, u->n, u->conj ? 'C' : 'T'};
    exb_zgemm_one_element(&X, &Y, i, j, 1, u->alpha, one, u->a, u->lda, acc);
}

static double part_at(const zupdate *u, long at)
{
    return u->f32 ? (double)((const float *)u->a)[at] : ((const double *)u->a)[at];
}

/* Column j: 1 when done (by the filter and exact elements), 0 when the
 * column's products cannot be split (the caller computes it exactly). */
static int filtered_column(const zupdate *u, long j, double *re, double *im, long *und, char *flag,
                           exb_superacc *acc)
{
    double yr, yi;
    if (u->f32) {
        yr = ((const float *)u->yc)[2 * j], yi = ((const float *)u->yc)[2 * j + 1];
    } else {
        yr = ((const double *)u->yc)[2 * j], yi = ((const double *)u->yc)[2 * j + 1];
    }
    if (u->conj)
        yi = -yi;
    double ar = u->alpha[0], ai = u->alpha[1];
    double wr[4], wi[4]; /* w_r = ar yr - ai yi, w_i = ar yi + ai yr, exactly */
    int nr = 0, ni = 0;
    if (!split_term(ar, yr, 1.0, wr, &nr) || !split_term(ai, yi, -1.0, wr, &nr) ||
        !split_term(ar, yi, 1.0, wi, &ni) || !split_term(ai, yr, 1.0, wi, &ni))
        return 0;
    long m = u->m;
    size_t base = (size_t)(2 * j * u->lda);
    if (nr + ni == 0) { /* w = 0: a finite nonzero part plus an exact zero is itself */
        for (long i = 0; i < m; i++) {
            double r = part_at(u, (long)base + 2 * i), s = part_at(u, (long)base + 2 * i + 1);
            if (!(isfinite(u->xr[i]) && isfinite(u->xi[i]) && isfinite(r) && isfinite(s) &&
                  r != 0.0 && s != 0.0))
                exact_element(u, i, j, acc);
        }
        return 1;
    }
    const double *uu[8];
    double v[8];
    for (long i = 0; i < m; i++) {
        re[i] = part_at(u, (long)base + 2 * i);
        im[i] = part_at(u, (long)base + 2 * i + 1);
        flag[i] = 0;
    }
    /* Re: xr w_r - xi w_i */
    int t = 0;
    for (int q = 0; q < nr; q++)
        uu[t] = u->xr, v[t++] = wr[q];
    for (int q = 0; q < ni; q++)
        uu[t] = u->xi, v[t++] = -wi[q];
    long left = u->filter->rank(re, m, uu, v, t, und);
    for (long k = 0; k < left; k++)
        flag[und[k]] = 1;
    /* Im: xr w_i + xi w_r */
    t = 0;
    for (int q = 0; q < ni; q++)
        uu[t] = u->xr, v[t++] = wi[q];
    for (int q = 0; q < nr; q++)
        uu[t] = u->xi, v[t++] = wr[q];
    left = u->filter->rank(im, m, uu, v, t, und);
    for (long k = 0; k < left; k++)
        flag[und[k]] = 1;
    for (long i = 0; i < m; i++) {
        size_t at = base + (size_t)(2 * i);
        if (!u->f32) {
            if (flag[i]) {
                exact_element(u, i, j, acc);
            } else {
                ((double *)u->a)[at] = re[i];
                ((double *)u->a)[at + 1] = im[i];
            }
            continue;
        }
        float below, above;
        if (flag[i] || exb_f32_midpoint(re[i], &below, &above) ||
            exb_f32_midpoint(im[i], &below, &above)) {
            exact_element(u, i, j, acc);
        } else { /* RN32 of the decided RN64: RN32 of the exact value */
            ((float *)u->a)[at] = (float)re[i];
            ((float *)u->a)[at + 1] = (float)im[i];
        }
    }
    return 1;
}

static void columns_share(void *arg, int share, int parts)
{
    zupdate *u = arg;
    long m = u->m, j0 = u->n * share / parts, j1 = u->n * (share + 1) / parts;
    double *re = malloc((size_t)(2 * m) * sizeof *re);
    long *und = malloc((size_t)m * sizeof *und);
    char *flag = malloc((size_t)m);
    exb_superacc acc[2];
    exb_superacc_clear(&acc[0]);
    exb_superacc_clear(&acc[1]);
    int decided = 0;
    for (long j = j0; j < j1; j++) {
        if (re && und && flag && filtered_column(u, j, re, re + m, und, flag, acc)) {
            decided = 1;
            continue;
        }
        for (long i = 0; i < m; i++) /* the whole column exactly */
            exact_element(u, i, j, acc);
    }
    if (decided)
        __atomic_store_n(&u->decided, 1, __ATOMIC_RELAXED);
    free(re);
    free(und);
    free(flag);
}

/* The host's update on the gathered copies: 0 when done, -1 when the
 * filter is not there (the caller runs the GEMM engine). */
static int host_update(zupdate *u)
{
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    if (knobs.use_opencl == EXB_DEVICE_OPENCL)
        return -1;
    const exb_host_kernels *k = exb_host_kernels_get(knobs.host_generic);
    const exb_filter_kernels *f = exb_kernels_filter(k, knobs.fpe, knobs.front, knobs.filter);
    if (!f || !f->rank)
        return -1;
    u->filter = f;
    double *xs = malloc((size_t)(2 * u->m) * sizeof *xs);
    if (!xs)
        return -1;
    for (long i = 0; i < u->m; i++) {
        xs[i] = u->f32 ? (double)((const float *)u->xc)[2 * i] : ((const double *)u->xc)[2 * i];
        xs[u->m + i] =
            u->f32 ? (double)((const float *)u->xc)[2 * i + 1] : ((const double *)u->xc)[2 * i + 1];
    }
    u->xr = xs;
    u->xi = xs + u->m;
    exb_parallel_sized(knobs.threads, u->m * u->n,
                       exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread, u->n, columns_share, u);
    free(xs);
    exb_path_begin();
    exb_path_add(EXACTBLAS_PATH_HOST);
    if (u->decided)
        exb_path_add(EXACTBLAS_PATH_EARLY);
    return 0;
}

static void ger_complex(const char *name, int f32, int conj, long m, long n, const double *alpha,
                        const void *x, long incx, const void *y, long incy, void *a, long lda)
{
    exb_path_begin();
    int info = 0;
    if (m < 0)
        info = 1;
    else if (n < 0)
        info = 2;
    else if (incx == 0)
        info = 5;
    else if (incy == 0)
        info = 7;
    else if (lda < (m > 1 ? m : 1))
        info = 9;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (m == 0 || n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0))
        return;
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *xc = malloc((size_t)(2 * (m + n)) * w), *yc = xc + (size_t)(2 * m) * w;
    if (!xc) {
        exb_note("no memory for %s's copies of x and y: A left as it was", name);
        return;
    }
    zvec_gather(m, x, incx, w, xc);
    zvec_gather(n, y, incy, w, yc);
    zupdate u = {f32, conj, m, n, lda, alpha, NULL, NULL, xc, yc, a, NULL, 0};
    if (host_update(&u) != 0) {
        double one[2] = {1.0, 0.0};
        /* A := alpha x op(y) + A: x an m x 1 matrix, y stored n x 1 (T or C) */
        exb_zgemm_engine(name, f32, 'N', conj ? 'C' : 'T', m, n, 1, alpha, xc, m, yc, n, one, a,
                         lda);
    }
    free(xc);
}

EXB_ENTRY_VOID(exb_zger_checked,
               (const char *name, int conj, long m, long n, const double *alpha, const double *x,
                long incx, const double *y, long incy, double *a, long lda),
               (name, conj, m, n, alpha, x, incx, y, incy, a, lda))
{
    ger_complex(name, 0, conj, m, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_cger_checked,
               (const char *name, int conj, long m, long n, const float *alpha, const float *x,
                long incx, const float *y, long incy, float *a, long lda),
               (name, conj, m, n, alpha, x, incx, y, incy, a, lda))
{
    double al[2] = {alpha[0], alpha[1]};
    ger_complex(name, 1, conj, m, n, al, x, incx, y, incy, a, lda);
}

/*
 * ger.c -- the rank updates GER, SYR, SPR, SYR2, SPR2 (S, D).
 *
 *   SUBROUTINE xGER(M, N, ALPHA, X, INCX, Y, INCY, A, LDA)
 *   SUBROUTINE xSYR(UPLO, N, ALPHA, X, INCX, A, LDA)   and xSPR(..., AP)
 *   SUBROUTINE xSYR2(UPLO, N, ALPHA, X, INCX, Y, INCY, A, LDA) and xSPR2
 * a_ij := RN(a_ij + alpha x_i y_j) (GER), RN(a_ij + alpha x_i x_j) (SYR,
 * the UPLO triangle), RN(a_ij + alpha (x_i y_j + y_i x_j)) (SYR2, alpha
 * times the exact sum, as SYR2K): the whole expression exact, rounded once
 * (level2.h).
 *
 * How: alpha y_j = p + e exactly (a product and its FMA error, when no
 * underflow or overflow is near; alpha a power of two: e = 0), so the
 * update is a sum of the few exact products x_i p, x_i e (and y_i q, y_i f
 * for SYR2) plus a_ij, which the kernel table's filter rounds where its
 * bound decides (core/filter.h, a column at a time); an element it cannot
 * decide, a column whose alpha y_j cannot be split, or every element on a
 * CPU without the filter is computed exactly: V = x_i y_j (+ y_i x_j) in a
 * long accumulator, then RN(alpha V + a_ij) (exb_superacc_round_affine).
 * Binary32: the data are exact in binary64; each result is rounded once to
 * binary32 (core/f32.h).
 *
 * Errors (XERBLA, A untouched): GER 1 M, 2 N, 5 INCX, 7 INCY, 9 LDA <
 * max(1,M); SYR 1 UPLO, 2 N, 5 INCX, 7 LDA < max(1,N); SPR 1, 2, 5;
 * SYR2 1, 2, 5, 7 INCY, 9 LDA; SPR2 1, 2, 5, 7.  Quick return when M or N
 * is 0 or ALPHA = 0.
 */
#include "level2.h"

#include <math.h>
#include <stdlib.h>

#include "core/f32.h"
#include "core/filter.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "host/kernels.h"
#include "host/pool.h"
#include "backend/tuning.h"
#include "l2.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

typedef enum { GENERAL, TRIANGLE, PACKED } shape;

/* The update a_ij += alpha (u1_i w1_j + u2_i w2_j): GER u1 = x, w1 = y;
 * SYR u1 = w1 = x; SYR2 u1 = x, w1 = y, u2 = y, w2 = x (u2 NULL: rank 1). */
typedef struct update {
    int f32;
    shape form;
    int upper;
    long m, n, lda;
    double alpha;
    const double *u1, *w1, *u2, *w2; /* gathered, binary64 */
    void *a;
    const exb_filter_kernels *filter;
} update;

/* Column j's stored rows [*r0, *r1); element (i, j) is at a + base + i. */
static long column(const update *u, long j, long *r0, long *r1)
{
    if (u->form == GENERAL) {
        *r0 = 0;
        *r1 = u->m;
        return j * u->lda;
    }
    *r0 = u->upper ? 0 : j;
    *r1 = u->upper ? j + 1 : u->n;
    if (u->form == TRIANGLE)
        return j * u->lda;
    return u->upper ? j * (j + 1) / 2 : j * (2 * u->n - j - 1) / 2;
}

typedef struct affine_ctx {
    const exb_superacc *acc;
    double alpha, a;
} affine_ctx;

static int affine_sign(void *ctx, double d)
{
    const affine_ctx *c = ctx;
    return exb_superacc_affine_sign(c->acc, c->alpha, 1.0, c->a, d);
}

/* The IEEE class of x: NaN, +-Inf, +-1 or x's signed zero. */
static double class_of(double x)
{
    return !isfinite(x) || x == 0.0 ? x : (x < 0 ? -1.0 : 1.0);
}

/* Element (i, j) exactly: RN(alpha S + a) with S = u1_i w1_j (+ u2_i w2_j)
 * exact and rounded once to the matrix's format; alpha multiplies the exact
 * sum S, as in the contract's SYR2 rule and SYR2K's (so alpha = +-Inf on a
 * nonzero S gives +-Inf, and a zero S has its own sign: -0 only when both
 * products are -0).  A NaN or an infinity anywhere gives the IEEE value of
 * the classes, S's from its exact sign where S is finite; an exact zero is
 * -0 when both a and alpha S are. */
static double exact_element(const update *u, exb_superacc *acc, long i, long j, double a)
{
    double u1 = u->u1[i], w1 = u->w1[j], u2 = u->u2 ? u->u2[i] : 0.0, w2 = u->u2 ? u->w2[j] : 0.0;
    int finite = isfinite(u1) && isfinite(w1) && isfinite(u2) && isfinite(w2);
    double s = 0.0; /* S's IEEE class: NaN, +-Inf, +-1, or its signed zero */
    int zero = 0;
    if (finite) {
        exb_superacc_reset(acc);
        exb_superacc_add_product(acc, u1, w1);
        if (u->u2)
            exb_superacc_add_product(acc, u2, w2);
        zero = exb_superacc_is_zero(acc);
        if (zero) /* the IEEE sum of the products' zeros, or +0 when they cancel */
            s = exb_product_is_negzero(u1, w1) && (!u->u2 || exb_product_is_negzero(u2, w2)) ? -0.0
                                                                                             : 0.0;
        else
            s = signbit(exb_superacc_round(acc)) ? -1.0 : 1.0;
    } else {
        s = class_of(u1) * class_of(w1) + (u->u2 ? class_of(u2) * class_of(w2) : -0.0);
    }
    if (!isfinite(u->alpha) || !isfinite(a) || !finite)
        return exb_canonical_nan(class_of(a) + class_of(u->alpha) * s);
    if (zero) /* alpha S is an exact zero: a itself, or the IEEE sum of the two zeros */
        return a == 0.0 ? a + u->alpha * s : a;
    double d = exb_superacc_round_affine(acc, u->alpha, 1.0, a);
    if (u->f32) {
        affine_ctx c = {acc, u->alpha, a};
        d = exb_f32_round(d, affine_sign, &c);
    }
    return d;
}

/* alpha w = *p + *e exactly; 0 when that split is not safe (underflow or
 * overflow near: the column is computed exactly). */
static int split(double alpha, double w, double *p, double *e)
{
    *p = alpha * w;
    *e = fma(alpha, w, -*p);
    return isfinite(*p) && (w == 0.0 || fabs(*p) >= 0x1p-968) && fabs(*p) <= 0x1p1000;
}

/* The filter's terms of column j (products u_t[i] v_t): 0 when it cannot
 * take the column. */
static int filter_terms(const update *u, long j, long r0, const double **uu, double *v)
{
    double p, e;
    int terms = 0;
    if (!u->filter || !split(u->alpha, u->w1[j], &p, &e))
        return 0;
    uu[terms] = u->u1 + r0;
    v[terms++] = p;
    if (e != 0.0) {
        uu[terms] = u->u1 + r0;
        v[terms++] = e;
    }
    if (u->u2) {
        if (!split(u->alpha, u->w2[j], &p, &e))
            return 0;
        uu[terms] = u->u2 + r0;
        v[terms++] = p;
        if (e != 0.0) {
            uu[terms] = u->u2 + r0;
            v[terms++] = e;
        }
    }
    return terms;
}

static void columns_share(void *arg, int share, int parts)
{
    const update *u = arg;
    long rows = u->form == GENERAL ? u->m : u->n;
    double *col = malloc((size_t)(rows > 0 ? rows : 1) * sizeof *col);
    long *undecided = malloc((size_t)(rows > 0 ? rows : 1) * sizeof *undecided);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    int decided_any = 0;
    for (long j = u->n * share / parts; j < u->n * (share + 1) / parts; j++) {
        long r0, r1, base = column(u, j, &r0, &r1), len = r1 - r0;
        if (len <= 0)
            continue;
        double *da = u->f32 ? NULL : (double *)u->a + base;
        float *fa = u->f32 ? (float *)u->a + base : NULL;
        const double *uu[4];
        double v[4];
        int terms = col && undecided ? filter_terms(u, j, r0, uu, v) : 0;
        long left = 0;
        if (terms == 1 && fa && u->filter->rank_f32) { /* binary32, one FMA a value */
            left = u->filter->rank_f32(fa + r0, len, uu[0], v[0], undecided);
            decided_any |= left < len;
            for (long k = 0; k < left; k++) {
                long i = r0 + undecided[k];
                fa[i] = (float)exact_element(u, &acc, i, j, (double)fa[i]);
            }
            continue;
        }
        if (terms) {
            double *work = da ? da + r0 : col;
            if (fa)
                for (long i = 0; i < len; i++)
                    col[i] = (double)fa[r0 + i];
            left = u->filter->rank(work, len, uu, v, terms, undecided);
            decided_any |= left < len;
            if (fa) /* binary32: RN32 of the decided RN64, a midpoint exactly */
                for (long i = 0, k = 0; i < len; i++) {
                    float below, above;
                    int exact = k < left && undecided[k] == i;
                    k += exact;
                    if (exact || exb_f32_midpoint(col[i], &below, &above))
                        fa[r0 + i] = (float)exact_element(u, &acc, r0 + i, j, (double)fa[r0 + i]);
                    else
                        fa[r0 + i] = (float)col[i];
                }
            else
                for (long k = 0; k < left; k++) {
                    long i = r0 + undecided[k];
                    da[i] = exact_element(u, &acc, i, j, da[i]);
                }
            continue;
        }
        for (long i = r0; i < r1; i++) { /* the whole column exactly */
            if (fa)
                fa[i] = (float)exact_element(u, &acc, i, j, (double)fa[i]);
            else
                da[i] = exact_element(u, &acc, i, j, da[i]);
        }
    }
    free(col);
    free(undecided);
    if (decided_any)
        exb_path_add(EXACTBLAS_PATH_EARLY);
}

static void update_columns(update *u)
{
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    const exb_host_kernels *k = exb_host_kernels_get(knobs.host_generic);
    const exb_filter_kernels *f = exb_kernels_filter(k, knobs.fpe, knobs.front, knobs.filter);
    u->filter = f && f->rank ? f : NULL;
    long rows = u->form == GENERAL ? u->m : u->n;
    exb_parallel_sized(knobs.threads, rows * u->n,
                       exb_tuning_of(EXB_CLASS_HOST)->gemv_min_per_thread, u->n, columns_share, u);
    exb_path_add(EXACTBLAS_PATH_HOST);
}

/* The checks, the quick return, x and y gathered, the update. */
static void rank_update(const char *name, int f32, int rank2, shape form, char uplo, long m, long n,
                        double alpha, const void *x, long incx, const void *y, long incy, void *a,
                        long lda)
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U');
    int bad;
    if (form == GENERAL)
        bad = m < 0 ? 1 : n < 0 ? 2 : incx == 0 ? 5 : incy == 0 ? 7 : lda < (m > 1 ? m : 1) ? 9 : 0;
    else
        bad = !upper && !exb_lsame(uplo, 'L')             ? 1
              : n < 0                                     ? 2
              : incx == 0                                 ? 5
              : rank2 && incy == 0                        ? 7
              : form == TRIANGLE && lda < (n > 1 ? n : 1) ? (rank2 ? 9 : 7)
                                                          : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (form != GENERAL)
        m = n;
    if (m == 0 || n == 0 || alpha == 0.0)
        return;
    int has_y = form == GENERAL || rank2;
    double *xg = exb_l2_gather(x, f32, form == GENERAL ? m : n, incx);
    double *yg = has_y ? exb_l2_gather(y, f32, n, incy) : NULL;
    if (!xg || (has_y && !yg)) {
        exb_note("no memory for a rank update's vectors: A left as it was");
    } else {
        update u = {f32,
                    form,
                    upper,
                    m,
                    n,
                    lda,
                    alpha,
                    xg,
                    has_y ? yg : xg,
                    rank2 ? yg : NULL,
                    rank2 ? xg : NULL,
                    a,
                    NULL};
        update_columns(&u);
    }
    free(xg);
    free(yg);
}

EXB_ENTRY_VOID(exb_sger_checked,
               (const char *name, long m, long n, float alpha, const float *x, long incx,
                const float *y, long incy, float *a, long lda),
               (name, m, n, alpha, x, incx, y, incy, a, lda))
{
    rank_update(name, 1, 0, GENERAL, 'U', m, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_dger_checked,
               (const char *name, long m, long n, double alpha, const double *x, long incx,
                const double *y, long incy, double *a, long lda),
               (name, m, n, alpha, x, incx, y, incy, a, lda))
{
    rank_update(name, 0, 0, GENERAL, 'U', m, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_ssyr_checked,
               (const char *name, char uplo, long n, float alpha, const float *x, long incx,
                float *a, long lda),
               (name, uplo, n, alpha, x, incx, a, lda))
{
    rank_update(name, 1, 0, TRIANGLE, uplo, n, n, alpha, x, incx, NULL, 1, a, lda);
}

EXB_ENTRY_VOID(exb_dsyr_checked,
               (const char *name, char uplo, long n, double alpha, const double *x, long incx,
                double *a, long lda),
               (name, uplo, n, alpha, x, incx, a, lda))
{
    rank_update(name, 0, 0, TRIANGLE, uplo, n, n, alpha, x, incx, NULL, 1, a, lda);
}

EXB_ENTRY_VOID(exb_sspr_checked,
               (const char *name, char uplo, long n, float alpha, const float *x, long incx,
                float *ap),
               (name, uplo, n, alpha, x, incx, ap))
{
    rank_update(name, 1, 0, PACKED, uplo, n, n, alpha, x, incx, NULL, 1, ap, 0);
}

EXB_ENTRY_VOID(exb_dspr_checked,
               (const char *name, char uplo, long n, double alpha, const double *x, long incx,
                double *ap),
               (name, uplo, n, alpha, x, incx, ap))
{
    rank_update(name, 0, 0, PACKED, uplo, n, n, alpha, x, incx, NULL, 1, ap, 0);
}

EXB_ENTRY_VOID(exb_ssyr2_checked,
               (const char *name, char uplo, long n, float alpha, const float *x, long incx,
                const float *y, long incy, float *a, long lda),
               (name, uplo, n, alpha, x, incx, y, incy, a, lda))
{
    rank_update(name, 1, 1, TRIANGLE, uplo, n, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_dsyr2_checked,
               (const char *name, char uplo, long n, double alpha, const double *x, long incx,
                const double *y, long incy, double *a, long lda),
               (name, uplo, n, alpha, x, incx, y, incy, a, lda))
{
    rank_update(name, 0, 1, TRIANGLE, uplo, n, n, alpha, x, incx, y, incy, a, lda);
}

EXB_ENTRY_VOID(exb_sspr2_checked,
               (const char *name, char uplo, long n, float alpha, const float *x, long incx,
                const float *y, long incy, float *ap),
               (name, uplo, n, alpha, x, incx, y, incy, ap))
{
    rank_update(name, 1, 1, PACKED, uplo, n, n, alpha, x, incx, y, incy, ap, 0);
}

EXB_ENTRY_VOID(exb_dspr2_checked,
               (const char *name, char uplo, long n, double alpha, const double *x, long incx,
                const double *y, long incy, double *ap),
               (name, uplo, n, alpha, x, incx, y, incy, ap))
{
    rank_update(name, 0, 1, PACKED, uplo, n, n, alpha, x, incx, y, incy, ap, 0);
}

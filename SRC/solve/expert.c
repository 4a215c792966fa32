/*
 * expert.c -- what LAPACK's expert drivers DGESVXX, DGERFSX, DPOSVXX and
 * DPORFSX report besides X, on the proven solve (doc/CONTRACT.md, "LAPACK's
 * expert drivers in the drop-in"): the estimates RCOND, the condition
 * numbers and BERR from the approximate inverse R (exb_solve_estimates,
 * called by driver.c); for SRC/faces/lapack_xx.c (expert.h) the
 * equilibration (DGEEQUB/DLAQGE and DPOEQUB/DLAQSY, radix 2, applied only
 * where A keeps every bit: the scalings of B and X are the engine's exact
 * products), B's scaling for the caller, RPVGRW, and ERR_BNDS from the
 * engine's rigorous per-component bounds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "expert.h"
#include "solve.h"

/* ---- the estimates (from R) ------------------------------------------------ */

/* 2^e nearest below 1/v for v > 0 finite (the radix scalings). */
static double pow2_below_inverse(double v)
{
    int e;
    frexp(v, &e); /* 2^(e-1) <= v < 2^e */
    return ldexp(1.0, -e);
}

/* 1 / (||Z|| ||Z^-1||) for Z = S M, M's row sums `rows` and M^-1 = R
 * (x == NULL) or diag(1/x) R (M = op(A) diag(x)); S: powers of two making
 * Z's row sums about 1, so ||Z^-1|| = max_i (|R| S^-1 1)_i (/ |x_i|).  w:
 * n scratch.  0 where that is not finite or not positive. */
static double scaled_rcond(long n, const double *r, const double *rows, const double *x, double *w)
{
    double zn = 0.0, zi = 0.0;
    for (long i = 0; i < n; i++)
        w[i] = 0.0;
    for (long j = 0; j < n; j++) {
        double sj = rows[j] > 0.0 ? pow2_below_inverse(rows[j]) : 1.0;
        zn = rows[j] * sj > zn ? rows[j] * sj : zn;
        for (long i = 0; i < n; i++)
            w[i] += fabs(r[i + j * n]) / sj;
    }
    for (long i = 0; i < n; i++) {
        double q = x ? w[i] / fabs(x[i]) : w[i];
        zi = q > zi ? q : zi;
    }
    return zi > 0.0 && isfinite(zi) ? 1.0 / (zn * zi) : 0.0;
}

/* The estimates LAPACK's expert drivers report, from R ~ op(A)^-1:
 * RCOND = 1 / || |R| |op(A)| 1 ||_inf (Skeel), the normwise one of
 * Z = S op(A) and the componentwise one of Z = S op(A) diag(x) (S: powers
 * of two making Z's row sums about 1), BERR = max_i |b - op(A) x|_i /
 * (|op(A)| |x| + |b|)_i with the residual exactly rounded.
 * (b, x: the scaled system's right-hand side and RN(y~).) */
void exb_solve_estimates(const exb_solver *s, const double *b, long ldb, const double *x, long ldx,
                         exb_xx *p)
{
    long n = s->n;
    const double *a = s->af, *r = s->r;
    double *v = malloc(4 * (size_t)n * sizeof *v);
    if (!v)
        return;
    double *w = v + n, *ax = v + 2 * n, *res = v + 3 * n;
    for (long i = 0; i < n; i++)
        v[i] = 0.0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            v[i] += fabs(a[i + j * n]); /* row sums of |op(A)| */
    if (p->rcond) {
        double m = 0.0;
        for (long i = 0; i < n; i++)
            w[i] = 0.0;
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                w[i] += fabs(r[i + j * n]) * v[j];
        for (long i = 0; i < n; i++)
            m = w[i] > m ? w[i] : m;
        *p->rcond = m > 0.0 && isfinite(m) ? 1.0 / m : 0.0;
    }
    if (p->rcond_norm) /* Z = S op(A) */
        *p->rcond_norm = scaled_rcond(n, r, v, NULL, w);
    for (long c = 0; c < s->nrhs; c++) {
        const double *xc = x + c * ldx, *bc = b + c * ldb;
        int zero = 0;
        for (long i = 0; i < n; i++) { /* (|op(A)| |x|)_i */
            double t = 0.0;
            for (long j = 0; j < n; j++)
                t += fabs(a[i + j * n] * xc[j]);
            ax[i] = t;
            zero |= xc[i] == 0.0;
        }
        if (p->rcond_comp) /* Z = S op(A) diag(x) */
            p->rcond_comp[c] = zero ? 0.0 : scaled_rcond(n, r, ax, xc, w);
        if (p->berr) {
            memcpy(res, bc, (size_t)n * sizeof *res);
            exb_dgemv_checked(s->name, 'N', n, n, -1.0, a, n, xc, 1, 1.0, res, 1);
            double be = 0.0;
            for (long i = 0; i < n; i++) {
                double q = res[i] == 0.0 ? 0.0 : fabs(res[i]) / (ax[i] + fabs(bc[i]));
                be = q > be || q != q ? q : be;
            }
            p->berr[c] = be;
        }
    }
    free(v);
}

/* ---- ERR_BNDS: the engine's bounds relative to X ---------------------------- */

/* The quotients below are RN of e >= 0 by x > 0: up (solve.h) bounds the
 * exact one, through underflow (round-to-nearest: the drivers run in the
 * default environment). */

/* e / x rounded upward: 0 where e is 0, +Inf where x is 0 and e is not. */
static double ratio_up(double e, double x)
{
    return e == 0.0 ? 0.0 : (x > 0.0 ? up(e / x) : INFINITY);
}

/* Fills ERR_BNDS_NORM / ERR_BNDS_COMP (NRHS x N_ERR_BNDS) from the
 * engine's per-component bounds of X (bound, ld n; +Inf where none);
 * returns LAPACK's INFO part (0 or N+J, J the first right-hand side
 * without a trusted bound).  A bound is trusted only where finite. */
long exb_xx_fill_bounds(long n, long nrhs, const double *x, long ldx, const double *bound,
                        double rcond_norm, const double *rcond_comp, long n_err_bnds, double *norm,
                        double *comp, int cwise)
{
    long info = 0;
    for (long j = 0; j < nrhs; j++) {
        double emax = 0.0, xmax = 0.0, crel = 0.0;
        for (long i = 0; i < n; i++) {
            double e = bound[i + j * n], xi = fabs(x[i + j * ldx]);
            emax = e > emax || e != e ? e : emax;
            xmax = xi > xmax || xi != xi ? xi : xmax;
            double q = ratio_up(e, xi);
            crel = q > crel || q != q ? q : crel;
        }
        double nrel = isfinite(emax) && isfinite(xmax) ? ratio_up(emax, xmax) : INFINITY;
        crel = isfinite(emax) && isfinite(crel) ? crel : INFINITY;
        int tn = isfinite(nrel), tc = isfinite(crel);
        if ((!tn || (cwise && !tc)) && !info)
            info = n + j + 1;
        double vn[3] = {tn ? 1.0 : 0.0, nrel, rcond_norm};
        double vc[3] = {tc ? 1.0 : 0.0, crel, rcond_comp ? rcond_comp[j] : 0.0};
        for (long k = 0; k < n_err_bnds && k < 3; k++) {
            norm[j + k * nrhs] = vn[k];
            if (cwise)
                comp[j + k * nrhs] = vc[k];
        }
    }
    return info;
}

/* ---- equilibration (LAPACK's DGEEQUB/DLAQGE and DPOEQUB/DLAQSY, radix 2) */

#define THRESH 0.1
#define SMLNUM 0x1p-1022
#define BIGNUM 0x1p1022             /* 1 / SMLNUM */
#define SMALL (0x1p-1022 / 0x1p-53) /* dlamch('S') / dlamch('P') */

/* 2^(e-1) <= v < 2^e: 2^(e-1), the largest power of two not above v > 0. */
static double pow2_floor(double v)
{
    int e;
    frexp(v, &e);
    return ldexp(1.0, e - 1);
}

/* 1 / p for p the power of two below v > 0, p within SMLNUM .. BIGNUM
 * (DGEEQUB's clamp): a power of two, exact. */
static double pow2_inverse(double v)
{
    double p = pow2_floor(v);
    return 1.0 / (p < SMLNUM ? SMLNUM : (p > BIGNUM ? BIGNUM : p));
}

/* Row and column scalings (powers of two); 0, or i (row i is zero) or n+j
 * (column j is zero), as DGEEQUB. */
static long geequb(long n, const double *a, long lda, double *r, double *c, double *rowcnd,
                   double *colcnd, double *amax)
{
    *amax = 0.0;
    for (long i = 0; i < n; i++)
        r[i] = 0.0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            double v = fabs(a[i + j * lda]);
            r[i] = v > r[i] ? v : r[i];
            *amax = v > *amax ? v : *amax;
        }
    for (long i = 0; i < n; i++) {
        if (r[i] == 0.0)
            return i + 1;
        r[i] = pow2_inverse(r[i]);
    }
    for (long j = 0; j < n; j++) {
        double m = 0.0;
        for (long i = 0; i < n; i++) {
            double v = fabs(a[i + j * lda]) * r[i];
            m = v > m ? v : m;
        }
        if (m == 0.0)
            return n + j + 1;
        c[j] = pow2_inverse(m);
    }
    double rmin = INFINITY, rmax = 0.0, cmin = INFINITY, cmax = 0.0;
    for (long i = 0; i < n; i++) { /* the conditions of 1/R and 1/C */
        rmin = r[i] < rmin ? r[i] : rmin;
        rmax = r[i] > rmax ? r[i] : rmax;
        cmin = c[i] < cmin ? c[i] : cmin;
        cmax = c[i] > cmax ? c[i] : cmax;
    }
    *rowcnd = rmin / rmax;
    *colcnd = cmin / cmax;
    return 0;
}

/* v 2^e exactly representable (no bit lost to underflow, no overflow). */
static int exact_scaling(double v, int e)
{
    double w = ldexp(v, e);
    return isfinite(w) && ldexp(w, -e) == v;
}

/* A := diag(r) A diag(c) (r, c powers of two; NULL: the identity), over
 * the triangle `uplo` ('L', 'U') or all of it ('N'), only where every entry
 * stays exact: 1 when applied, else 0 (A untouched). */
static int scale_exactly(long n, double *a, long lda, const double *r, const double *c, char uplo)
{
    for (int pass = 0; pass < 2; pass++)
        for (long j = 0; j < n; j++)
            for (long i = uplo == 'L' ? j : 0; i < (uplo == 'U' ? j + 1 : n); i++) {
                int e = (r ? ilogb(r[i]) : 0) + (c ? ilogb(c[j]) : 0);
                double *v = a + i + j * lda;
                if (pass == 0 && !exact_scaling(*v, e))
                    return 0;
                if (pass == 1)
                    *v = ldexp(*v, e);
            }
    return 1;
}

/* B := diag(s) B for the caller (LAPACK's output; the engine had the
 * products exactly). */
void exb_xx_scale_rhs(long n, long nrhs, double *b, long ldb, const double *s)
{
    for (long j = 0; s && j < nrhs; j++)
        for (long i = 0; i < n; i++)
            b[i + j * ldb] *= s[i];
}

char exb_xx_equilibrate_general(long n, double *a, long lda, double *r, double *c)
{
    double rowcnd, colcnd, amax;
    if (geequb(n, a, lda, r, c, &rowcnd, &colcnd, &amax) != 0)
        return 'N';
    int big = amax < SMALL || amax > 1.0 / SMALL;
    int rowequ = rowcnd < THRESH || big, colequ = colcnd < THRESH;
    /* DLAQGE, where no entry loses a bit */
    if ((rowequ || colequ) && !scale_exactly(n, a, lda, rowequ ? r : NULL, colequ ? c : NULL, 'N'))
        rowequ = colequ = 0;
    return rowequ && colequ ? 'B' : rowequ ? 'R' : colequ ? 'C' : 'N';
}

/* DPOEQUB: S(i) a power of two near 1/sqrt(A(i,i)); 0 or the first i with
 * A(i,i) <= 0. */
static long poequb(long n, const double *a, long lda, double *s, double *scond, double *amax)
{
    double smin = INFINITY, smax = 0.0;
    for (long i = 0; i < n; i++) {
        double d = a[i + i * lda];
        if (!(d > 0.0))
            return i + 1;
        smin = d < smin ? d : smin;
        smax = d > smax ? d : smax;
        int e;
        frexp(d, &e);                    /* 2^(e-1) <= d < 2^e */
        s[i] = ldexp(1.0, -(e - 1) / 2); /* about 1/sqrt(d), a power of two */
    }
    *amax = smax;
    *scond = sqrt(smin) / sqrt(smax);
    return 0;
}

int exb_xx_equilibrate_spd(long n, double *a, long lda, char uplo, double *s)
{
    double scond, amax;
    return poequb(n, a, lda, s, &scond, &amax) == 0 &&
           (scond < THRESH || amax < SMALL || amax > 1.0 / SMALL) &&
           scale_exactly(n, a, lda, s, s, uplo); /* DLAQSY, exact */
}

/* ---- RPVGRW ------------------------------------------------------------------ */

/* Over the columns factored (the leading INFO ones when U is singular, as
 * LAPACK). */
double exb_xx_rpvgrw_general(long n, long ncols, const double *a, long lda, const double *af,
                             long ldaf)
{
    double rp = 1.0;
    for (long j = 0; j < ncols; j++) {
        double am = 0.0, um = 0.0;
        for (long i = 0; i < n; i++)
            am = fabs(a[i + j * lda]) > am ? fabs(a[i + j * lda]) : am;
        for (long i = 0; i <= j; i++)
            um = fabs(af[i + j * ldaf]) > um ? fabs(af[i + j * ldaf]) : um;
        if (um != 0.0 && am / um < rp)
            rp = am / um;
    }
    return rp;
}

double exb_xx_rpvgrw_spd(long n, long ncols, int lower, const double *a, long lda, const double *af,
                         long ldaf)
{
    double rp = 1.0;
    for (long j = 0; j < ncols; j++) {
        double am = 0.0, um = 0.0;
        for (long i = lower ? j : 0; i < (lower ? n : j + 1); i++) {
            am = fabs(a[i + j * lda]) > am ? fabs(a[i + j * lda]) : am;
            um = fabs(af[i + j * ldaf]) > um ? fabs(af[i + j * ldaf]) : um;
        }
        if (um != 0.0 && am / um < rp)
            rp = am / um;
    }
    return rp;
}

/*
 * lapack_xx.c -- LAPACK's extra-precise expert drivers in the drop-in:
 * DGESVXX, DGERFSX, DPOSVXX and DPORFSX with LAPACK's argument lists and
 * meaning, their refinement on exact residuals (exb_xx_solve, the engine of
 * EXDGESVXX).  Debian's LAPACK (3.11) and OpenBLAS leave them out (they
 * need XBLAS), so a program written for them links against the drop-in
 * libblas.so.3 and runs unchanged.
 *
 * What they return (doc/CONTRACT.md, "LAPACK's expert drivers"):
 *   X           the refined solution of the original system: each
 *               component RN of its exact solution wherever proven (the
 *               proof of EXDGESVXX on the equilibrated system, X rounded
 *               once from diag(C) y~, exb_xx's xscale);
 *   ERR_BNDS_NORM(j,1..3), ERR_BNDS_COMP(j,1..3)
 *               1: trusted (1.0) where the bound is finite, else 0.0; 2:
 *               the rigorous bound max_i |x*_i - x_i| / max_i |x_i|
 *               (normwise) and max_i |x*_i - x_i| / |x_i| (componentwise),
 *               rounded upward, for the original unscaled x (not an
 *               estimate "within a factor of 10": a bound); 3: the
 *               reciprocal condition numbers LAPACK defines, from the
 *               approximate inverse;
 *   RCOND       the reciprocal Skeel condition number of the (equilibrated)
 *               op(A), from the approximate inverse;
 *   BERR        the componentwise backward error, residual exactly rounded;
 *   INFO        LAPACK's: 0, -i (XERBLA), i <= N (U(i,i) exactly zero, or
 *               the leading minor of order i not positive definite), N+J
 *               (the first right-hand side without a trusted bound).
 * Each driver runs in IEEE's default environment whatever the caller's
 * (rounding mode, FTZ/DAZ: EXB_FPENV_SCOPE before it reads an argument's
 * value, the caller's environment, status flags included, back at its
 * return): the scalings, the bounds' upward rounding and RPVGRW are
 * round-to-nearest with gradual underflow.  The equilibration is
 * applied only where it is exact (every entry of A keeps its bits); the
 * scalings of B and X are the engine's exact products (exb_xx's bscale
 * and xscale), so X is rounded once from the original system's solution
 * and every bound is of that X.
 * (One file, over 600 lines: the four drivers share the parameters, the
 * equilibration, the call of the engine and the filling of the bounds.)
 * PARAMS: (1) 0.0 takes the plain solution, without refinement or bounds;
 * (2) the most residuals computed (default 60, written back where
 * negative); (3) 0.0: ERR_BNDS_COMP is not accessed.  WORK and IWORK are not
 * used (the engine takes its own workspace; no memory: INFO = N+1 and X as
 * the plain solution would be, unrefined).
 */
#include <math.h>
#include <stdlib.h>

#include "core/fpenv.h"
#include "fint.h"
#include "routines.h"
#include "support/xerbla.h"

#define DEFAULT_STEPS 60.0

static long lmax1(long n)
{
    return n > 1 ? n : 1;
}

/* 2^(e-1) <= v < 2^e: 2^(e-1), the largest power of two not above v > 0. */
static double pow2_floor(double v)
{
    int e;
    frexp(v, &e);
    return ldexp(1.0, e - 1);
}

/* PARAMS read as LAPACK documents it (negative entries get the default). */
typedef struct xx_params {
    int refine, steps, cwise;
} xx_params;

static xx_params read_params(fint nparams, double *params)
{
    xx_params p = {1, (int)DEFAULT_STEPS, 1};
    if (nparams >= 1) {
        if (params[0] < 0.0)
            params[0] = 1.0;
        p.refine = params[0] != 0.0;
    }
    if (nparams >= 2) {
        if (params[1] < 0.0)
            params[1] = DEFAULT_STEPS;
        p.steps = params[1] >= 1.0 ? (params[1] < 1e6 ? (int)params[1] : 1000000) : 1;
    }
    if (nparams >= 3) {
        if (params[2] < 0.0)
            params[2] = 1.0;
        p.cwise = params[2] != 0.0;
    }
    if (!p.refine)
        p.steps = 1; /* one residual, no correction: the plain solution */
    return p;
}

/* For q the RN quotient of e >= 0 by x > 0: q* <= q (1 + 2^-53) + 2^-1075
 * (the subnormal unit where it underflows) <= up(q), the margin 2^-50 -
 * 2^-53 covering up's own two roundings (round-to-nearest: the drivers
 * run in the default environment). */
static double up(double q)
{
    return q + q * 0x1p-50 + 0x1p-1070;
}

/* e / x rounded upward: 0 where e is 0, +Inf where x is 0 and e is not. */
static double ratio_up(double e, double x)
{
    return e == 0.0 ? 0.0 : (x > 0.0 ? up(e / x) : INFINITY);
}

/* Fills ERR_BNDS_NORM / ERR_BNDS_COMP (NRHS x N_ERR_BNDS) from the
 * engine's per-component bounds of X (bound, ld n; +Inf where none);
 * returns LAPACK's INFO part (0 or N+J, J the first right-hand side
 * without a trusted bound).  A bound is trusted only where finite. */
static fint fill_bounds(long n, long nrhs, const double *x, long ldx, const double *bound,
                        double rcond_norm, const double *rcond_comp, fint n_err_bnds, double *norm,
                        double *comp, int cwise)
{
    fint info = 0;
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
            info = (fint)(n + j + 1);
        double vn[3] = {tn ? 1.0 : 0.0, nrel, rcond_norm};
        double vc[3] = {tc ? 1.0 : 0.0, crel, rcond_comp ? rcond_comp[j] : 0.0};
        for (fint k = 0; k < n_err_bnds && k < 3; k++) {
            norm[j + k * nrhs] = vn[k];
            if (cwise)
                comp[j + k * nrhs] = vc[k];
        }
    }
    return info;
}

/* The shared part of the four drivers: solve (or refine) the
 * equilibrated system, X rounded for the original one (p's bscale and
 * xscale), the outputs.  p holds the system and the caller's RCOND and
 * BERR; run sets the rest of it. */
typedef struct xx_call {
    exb_xx p;   /* bscale, xscale: the equilibration's scalings of B and X */
    fint *ipiv; /* LAPACK's pivots: read when factored, else written */
    fint n_err_bnds;
    double *err_norm, *err_comp;
    xx_params params;
} xx_call;

static fint run(xx_call *c)
{
    exb_xx *p = &c->p;
    long n = p->n, nrhs = p->nrhs;
    int *ipiv = p->spd ? NULL : malloc((size_t)lmax1(n) * sizeof *ipiv);
    double *bound = malloc((size_t)n * nrhs * sizeof *bound);
    double *rcomp = malloc((size_t)lmax1(nrhs) * sizeof *rcomp);
    double rnorm = 0.0;
    if ((!p->spd && !ipiv) || !bound || !rcomp) {
        free(ipiv), free(bound), free(rcomp);
        return (fint)(n + 1);
    }
    if (ipiv && p->factored)
        for (long i = 0; i < n; i++)
            ipiv[i] = (int)c->ipiv[i];
    p->maxsteps = c->params.steps;
    p->ipiv = ipiv;
    p->bound = bound;
    p->ldp = n;
    p->rcond_norm = &rnorm;
    p->rcond_comp = rcomp;
    long res = exb_xx_solve(p);
    if (ipiv && !p->factored)
        for (long i = 0; i < n; i++)
            c->ipiv[i] = ipiv[i];
    fint info;
    if (res >= 1 && res <= n) {
        info = (fint)res; /* singular: X not computed */
        if (p->rcond)
            *p->rcond = 0.0;
    } else if (res == n + 3) {
        info = (fint)(n + 1);
    } else {
        info = c->params.refine
                   ? fill_bounds(n, nrhs, p->x, p->ldx, bound, rnorm, rcomp, c->n_err_bnds,
                                 c->err_norm, c->err_comp, c->params.cwise)
                   : 0;
    }
    free(ipiv), free(bound), free(rcomp);
    return info;
}

/* ---- equilibration (LAPACK's DGEEQUB/DLAQGE and DPOEQUB/DLAQSY, radix 2) */

#define THRESH 0.1
#define SMLNUM 0x1p-1022
#define BIGNUM 0x1p1022             /* 1 / SMLNUM */
#define SMALL (0x1p-1022 / 0x1p-53) /* dlamch('S') / dlamch('P') */

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
static void scale_rhs(long n, long nrhs, double *b, long ldb, const double *s)
{
    for (long j = 0; s && j < nrhs; j++)
        for (long i = 0; i < n; i++)
            b[i + j * ldb] *= s[i];
}

static int lsame(char c, char want)
{
    return exb_lsame(c, want);
}

FACE void FNAME(dgesvxx)(const char *fact, const char *trans, const fint *n, const fint *nrhs,
                         double *a, const fint *lda, double *af, const fint *ldaf, fint *ipiv,
                         char *equed, double *r, double *c, double *b, const fint *ldb, double *x,
                         const fint *ldx, double *rcond, double *rpvgrw, double *berr,
                         const fint *n_err_bnds, double *err_bnds_norm, double *err_bnds_comp,
                         const fint *nparams, double *params, double *work, fint *iwork, fint *info,
                         size_t fact_len, size_t trans_len, size_t equed_len)
{
    EXB_FPENV_SCOPE; /* before any argument is looked at */
    (void)work, (void)iwork, (void)fact_len, (void)trans_len, (void)equed_len;
    long N = *n, NRHS = *nrhs;
    int nofact = lsame(*fact, 'N'), equil = lsame(*fact, 'E'), notran = lsame(*trans, 'N');
    int rowequ = 0, colequ = 0, bad = 0;
    if (!nofact && !equil) {
        rowequ = lsame(*equed, 'R') || lsame(*equed, 'B');
        colequ = lsame(*equed, 'C') || lsame(*equed, 'B');
    }
    if (!nofact && !equil && !lsame(*fact, 'F'))
        bad = 1;
    else if (!notran && !lsame(*trans, 'T') && !lsame(*trans, 'C'))
        bad = 2;
    else if (N < 0)
        bad = 3;
    else if (NRHS < 0)
        bad = 4;
    else if (*lda < lmax1(N))
        bad = 6;
    else if (*ldaf < lmax1(N))
        bad = 8;
    else if (lsame(*fact, 'F') && !(rowequ || colequ || lsame(*equed, 'N')))
        bad = 10;
    if (!bad && rowequ)
        for (long i = 0; i < N; i++)
            if (!(r[i] > 0.0))
                bad = 11;
    if (!bad && colequ)
        for (long j = 0; j < N; j++)
            if (!(c[j] > 0.0))
                bad = 12;
    if (!bad && *ldb < lmax1(N))
        bad = 14;
    else if (!bad && *ldx < lmax1(N))
        bad = 16;
    if (bad) {
        *info = -bad;
        exb_xerbla("DGESVXX", bad);
        return;
    }
    *info = 0;
    xx_params prm = read_params(*nparams, params);
    if (equil) {
        double rowcnd, colcnd, amax;
        *equed = 'N';
        if (N > 0 && geequb(N, a, *lda, r, c, &rowcnd, &colcnd, &amax) == 0) {
            int big = amax < SMALL || amax > 1.0 / SMALL;
            rowequ = rowcnd < THRESH || big;
            colequ = colcnd < THRESH;
            /* DLAQGE, where no entry loses a bit */
            if ((rowequ || colequ) &&
                !scale_exactly(N, a, *lda, rowequ ? r : NULL, colequ ? c : NULL, 'N'))
                rowequ = colequ = 0;
            *equed = rowequ && colequ ? 'B' : rowequ ? 'R' : colequ ? 'C' : 'N';
        }
    }
    if (nofact)
        *equed = 'N';
    /* the system: op(A) y = diag(bs) B, X = diag(xs) y */
    const double *bs = notran ? (rowequ ? r : NULL) : (colequ ? c : NULL);
    const double *xs = notran ? (colequ ? c : NULL) : (rowequ ? r : NULL);
    if (N == 0 || NRHS == 0) {
        scale_rhs(N, NRHS, b, *ldb, bs);
        *rpvgrw = 1.0;
        if (N == 0)
            *rcond = 1.0;
        return;
    }
    xx_call call = {.p = {.name = "DGESVXX",
                          .trans = !notran,
                          .factored = !(nofact || equil),
                          .uplo = 'N',
                          .n = N,
                          .nrhs = NRHS,
                          .a = a,
                          .lda = *lda,
                          .af = af,
                          .ldaf = *ldaf,
                          .b = b,
                          .ldb = *ldb,
                          .x = x,
                          .ldx = *ldx,
                          .rcond = rcond,
                          .berr = berr,
                          .bscale = bs,
                          .xscale = xs},
                    .ipiv = ipiv,
                    .n_err_bnds = *n_err_bnds,
                    .err_norm = err_bnds_norm,
                    .err_comp = err_bnds_comp,
                    .params = prm};
    *info = run(&call);
    scale_rhs(N, NRHS, b, *ldb, bs);
    /* RPVGRW = min_j max_i |A(i,j)| / max_i |U(i,j)| over the columns
     * factored (the leading INFO ones when U is singular, as LAPACK) */
    long ncols = *info >= 1 && *info <= N ? *info : N;
    double rp = 1.0;
    for (long j = 0; j < ncols; j++) {
        double am = 0.0, um = 0.0;
        for (long i = 0; i < N; i++)
            am = fabs(a[i + j * *lda]) > am ? fabs(a[i + j * *lda]) : am;
        for (long i = 0; i <= j; i++)
            um = fabs(af[i + j * *ldaf]) > um ? fabs(af[i + j * *ldaf]) : um;
        if (um != 0.0 && am / um < rp)
            rp = am / um;
    }
    *rpvgrw = rp;
}

FACE void FNAME(dgerfsx)(const char *trans, const char *equed, const fint *n, const fint *nrhs,
                         const double *a, const fint *lda, const double *af, const fint *ldaf,
                         const fint *ipiv, const double *r, const double *c, const double *b,
                         const fint *ldb, double *x, const fint *ldx, double *rcond, double *berr,
                         const fint *n_err_bnds, double *err_bnds_norm, double *err_bnds_comp,
                         const fint *nparams, double *params, double *work, fint *iwork, fint *info,
                         size_t trans_len, size_t equed_len)
{
    EXB_FPENV_SCOPE; /* before any argument is looked at */
    (void)work, (void)iwork, (void)trans_len, (void)equed_len;
    long N = *n, NRHS = *nrhs;
    int notran = lsame(*trans, 'N');
    int rowequ = lsame(*equed, 'R') || lsame(*equed, 'B');
    int colequ = lsame(*equed, 'C') || lsame(*equed, 'B');
    int bad = 0;
    if (!notran && !lsame(*trans, 'T') && !lsame(*trans, 'C'))
        bad = 1;
    else if (!rowequ && !colequ && !lsame(*equed, 'N'))
        bad = 2;
    else if (N < 0)
        bad = 3;
    else if (NRHS < 0)
        bad = 4;
    else if (*lda < lmax1(N))
        bad = 6;
    else if (*ldaf < lmax1(N))
        bad = 8;
    else if (*ldb < lmax1(N))
        bad = 13;
    else if (*ldx < lmax1(N))
        bad = 15;
    if (bad) {
        *info = -bad;
        exb_xerbla("DGERFSX", bad);
        return;
    }
    *info = 0;
    if (N == 0 || NRHS == 0) {
        *rcond = 1.0;
        return;
    }
    xx_params prm = read_params(*nparams, params);
    /* X and its bounds stay those of the (equilibrated) system given; the
     * caller's factors are only read (factored) */
    (void)r, (void)c;
    xx_call call = {.p = {.name = "DGERFSX",
                          .trans = !notran,
                          .factored = 1,
                          .uplo = 'N',
                          .n = N,
                          .nrhs = NRHS,
                          .a = a,
                          .lda = *lda,
                          .af = (double *)af,
                          .ldaf = *ldaf,
                          .b = b,
                          .ldb = *ldb,
                          .x = x,
                          .ldx = *ldx,
                          .rcond = rcond,
                          .berr = berr},
                    .ipiv = (fint *)ipiv,
                    .n_err_bnds = *n_err_bnds,
                    .err_norm = err_bnds_norm,
                    .err_comp = err_bnds_comp,
                    .params = prm};
    *info = run(&call);
    if (*info >= 1 && *info <= N)
        *info = (fint)(N + 1); /* the factors are singular: nothing is guaranteed */
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

FACE void FNAME(dposvxx)(const char *fact, const char *uplo, const fint *n, const fint *nrhs,
                         double *a, const fint *lda, double *af, const fint *ldaf, char *equed,
                         double *s, double *b, const fint *ldb, double *x, const fint *ldx,
                         double *rcond, double *rpvgrw, double *berr, const fint *n_err_bnds,
                         double *err_bnds_norm, double *err_bnds_comp, const fint *nparams,
                         double *params, double *work, fint *iwork, fint *info, size_t fact_len,
                         size_t uplo_len, size_t equed_len)
{
    EXB_FPENV_SCOPE; /* before any argument is looked at */
    (void)work, (void)iwork, (void)fact_len, (void)uplo_len, (void)equed_len;
    long N = *n, NRHS = *nrhs;
    int nofact = lsame(*fact, 'N'), equil = lsame(*fact, 'E'), lower = lsame(*uplo, 'L');
    int rcequ = !nofact && !equil && lsame(*equed, 'Y'), bad = 0;
    if (!nofact && !equil && !lsame(*fact, 'F'))
        bad = 1;
    else if (!lower && !lsame(*uplo, 'U'))
        bad = 2;
    else if (N < 0)
        bad = 3;
    else if (NRHS < 0)
        bad = 4;
    else if (*lda < lmax1(N))
        bad = 6;
    else if (*ldaf < lmax1(N))
        bad = 8;
    else if (lsame(*fact, 'F') && !rcequ && !lsame(*equed, 'N'))
        bad = 9;
    if (!bad && rcequ)
        for (long i = 0; i < N; i++)
            if (!(s[i] > 0.0))
                bad = 10;
    if (!bad && *ldb < lmax1(N))
        bad = 12;
    else if (!bad && *ldx < lmax1(N))
        bad = 14;
    if (bad) {
        *info = -bad;
        exb_xerbla("DPOSVXX", bad);
        return;
    }
    *info = 0;
    xx_params prm = read_params(*nparams, params);
    if (nofact || equil)
        *equed = 'N';
    if (equil && N > 0) {
        double scond, amax;
        if (poequb(N, a, *lda, s, &scond, &amax) == 0 &&
            (scond < THRESH || amax < SMALL || amax > 1.0 / SMALL) &&
            scale_exactly(N, a, *lda, s, s, lower ? 'L' : 'U')) { /* DLAQSY, exact */
            *equed = 'Y';
            rcequ = 1;
        }
    }
    const double *sc = rcequ ? s : NULL; /* A y = diag(s) B, X = diag(s) y */
    if (N == 0 || NRHS == 0) {
        scale_rhs(N, NRHS, b, *ldb, sc);
        *rpvgrw = 1.0;
        if (N == 0)
            *rcond = 1.0;
        return;
    }
    xx_call call = {.p = {.name = "DPOSVXX",
                          .spd = 1,
                          .factored = !(nofact || equil),
                          .uplo = lower ? 'L' : 'U',
                          .n = N,
                          .nrhs = NRHS,
                          .a = a,
                          .lda = *lda,
                          .af = af,
                          .ldaf = *ldaf,
                          .b = b,
                          .ldb = *ldb,
                          .x = x,
                          .ldx = *ldx,
                          .rcond = rcond,
                          .berr = berr,
                          .bscale = sc,
                          .xscale = sc},
                    .n_err_bnds = *n_err_bnds,
                    .err_norm = err_bnds_norm,
                    .err_comp = err_bnds_comp,
                    .params = prm};
    *info = run(&call);
    scale_rhs(N, NRHS, b, *ldb, sc);
    /* RPVGRW (DLA_PORPVGRW): min over the columns of the triangle's max |A|
     * over the factor's max */
    long ncols = *info >= 1 && *info <= N ? *info : N;
    double rp = 1.0;
    for (long j = 0; j < ncols; j++) {
        double am = 0.0, um = 0.0;
        for (long i = lower ? j : 0; i < (lower ? N : j + 1); i++) {
            am = fabs(a[i + j * *lda]) > am ? fabs(a[i + j * *lda]) : am;
            um = fabs(af[i + j * *ldaf]) > um ? fabs(af[i + j * *ldaf]) : um;
        }
        if (um != 0.0 && am / um < rp)
            rp = am / um;
    }
    *rpvgrw = rp;
}

FACE void FNAME(dporfsx)(const char *uplo, const char *equed, const fint *n, const fint *nrhs,
                         const double *a, const fint *lda, const double *af, const fint *ldaf,
                         const double *s, const double *b, const fint *ldb, double *x,
                         const fint *ldx, double *rcond, double *berr, const fint *n_err_bnds,
                         double *err_bnds_norm, double *err_bnds_comp, const fint *nparams,
                         double *params, double *work, fint *iwork, fint *info, size_t uplo_len,
                         size_t equed_len)
{
    EXB_FPENV_SCOPE; /* before any argument is looked at */
    (void)work, (void)iwork, (void)uplo_len, (void)equed_len, (void)s;
    long N = *n, NRHS = *nrhs;
    int lower = lsame(*uplo, 'L'), bad = 0;
    if (!lower && !lsame(*uplo, 'U'))
        bad = 1;
    else if (!lsame(*equed, 'Y') && !lsame(*equed, 'N'))
        bad = 2;
    else if (N < 0)
        bad = 3;
    else if (NRHS < 0)
        bad = 4;
    else if (*lda < lmax1(N))
        bad = 6;
    else if (*ldaf < lmax1(N))
        bad = 8;
    else if (*ldb < lmax1(N))
        bad = 11;
    else if (*ldx < lmax1(N))
        bad = 13;
    if (bad) {
        *info = -bad;
        exb_xerbla("DPORFSX", bad);
        return;
    }
    *info = 0;
    if (N == 0 || NRHS == 0) {
        *rcond = 1.0;
        return;
    }
    xx_params prm = read_params(*nparams, params);
    xx_call call = {.p = {.name = "DPORFSX",
                          .spd = 1,
                          .factored = 1,
                          .uplo = lower ? 'L' : 'U',
                          .n = N,
                          .nrhs = NRHS,
                          .a = a,
                          .lda = *lda,
                          .af = (double *)af,
                          .ldaf = *ldaf,
                          .b = b,
                          .ldb = *ldb,
                          .x = x,
                          .ldx = *ldx,
                          .rcond = rcond,
                          .berr = berr},
                    .n_err_bnds = *n_err_bnds,
                    .err_norm = err_bnds_norm,
                    .err_comp = err_bnds_comp,
                    .params = prm};
    *info = run(&call);
    if (*info >= 1 && *info <= N)
        *info = (fint)(N + 1);
}

/*
 * lapack_xx.c -- LAPACK's extra-precise expert drivers in the drop-in:
 * DGESVXX, DGERFSX, DPOSVXX and DPORFSX with LAPACK's argument lists and
 * meaning, on the proven solve (exb_xx_solve, the engine of EXDGESVXX).
 * Debian's LAPACK (3.11) and OpenBLAS leave them out (they need XBLAS), so
 * a program written for them links against the drop-in libblas.so.3 and
 * runs unchanged.  What they return: doc/CONTRACT.md, "LAPACK's expert
 * drivers in the drop-in".  This file holds the argument lists, the checks
 * (XERBLA with LAPACK's positions), PARAMS and the calls; the numbers
 * (equilibration, RPVGRW, ERR_BNDS) are SRC/solve/expert.c's.  Each driver
 * opens with EXB_FPENV_SCOPE before it reads an argument's value.  WORK
 * and IWORK are not used (the engine takes its own workspace; no memory:
 * INFO = N+1 and X as the plain solution would be, unrefined).
 */
#include <stdlib.h>

#include "core/fpenv.h"
#include "fint.h"
#include "routines.h"
#include "solve/expert.h"
#include "support/xerbla.h"

#define DEFAULT_STEPS 60.0

static long lmax1(long n)
{
    return n > 1 ? n : 1;
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
        info = c->params.refine ? (fint)exb_xx_fill_bounds(n, nrhs, p->x, p->ldx, bound, rnorm,
                                                           rcomp, c->n_err_bnds, c->err_norm,
                                                           c->err_comp, c->params.cwise)
                                : 0;
    }
    free(ipiv), free(bound), free(rcomp);
    return info;
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
        *equed = N > 0 ? exb_xx_equilibrate_general(N, a, *lda, r, c) : 'N';
        rowequ = *equed == 'R' || *equed == 'B';
        colequ = *equed == 'C' || *equed == 'B';
    }
    if (nofact)
        *equed = 'N';
    /* the system: op(A) y = diag(bs) B, X = diag(xs) y */
    const double *bs = notran ? (rowequ ? r : NULL) : (colequ ? c : NULL);
    const double *xs = notran ? (colequ ? c : NULL) : (rowequ ? r : NULL);
    if (N == 0 || NRHS == 0) {
        exb_xx_scale_rhs(N, NRHS, b, *ldb, bs);
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
    exb_xx_scale_rhs(N, NRHS, b, *ldb, bs);
    /* over the columns factored (the leading INFO ones when U is singular) */
    long ncols = *info >= 1 && *info <= N ? *info : N;
    *rpvgrw = exb_xx_rpvgrw_general(N, ncols, a, *lda, af, *ldaf);
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
    if (equil && N > 0 && exb_xx_equilibrate_spd(N, a, *lda, lower ? 'L' : 'U', s)) {
        *equed = 'Y';
        rcequ = 1;
    }
    const double *sc = rcequ ? s : NULL; /* A y = diag(s) B, X = diag(s) y */
    if (N == 0 || NRHS == 0) {
        exb_xx_scale_rhs(N, NRHS, b, *ldb, sc);
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
    exb_xx_scale_rhs(N, NRHS, b, *ldb, sc);
    long ncols = *info >= 1 && *info <= N ? *info : N;
    *rpvgrw = exb_xx_rpvgrw_spd(N, ncols, lower, a, *lda, af, *ldaf);
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

/*
 * test_pblas.c -- the exact PBLAS (libexactblas_pblas) bit for bit against
 * MPFR on the seven grids of the suite.
 *
 * usage: mpiexec -n 6 test_pblas [CASES [SEED [ROUTINE ...]]]
 *
 * For every grid (1x1, 1x2, 2x1, 2x2, 1x3, 3x1, 2x3; those with more
 * processes than the run has are skipped) and every routine, CASES random
 * cases: sizes from 0 (quick returns) to a few blocks, odd block sizes,
 * offsets IA/JA > 1 into larger global matrices, every source process,
 * both vector orientations (INCX = 1 and M_X), every option letter, alpha
 * and beta among 0, 1, -1, -0 and drawn values, data of the randomized
 * tests' classes (wide exponents, halves, signed zeros, NaN and infinities,
 * products below the underflow threshold, huge values).  Every process
 * draws the same cases and checks the elements it holds: each element of
 * an output against MPFR's correctly rounded value of the contract
 * (doc/PBLAS.md), each element outside the output's sub-matrix unchanged.
 * PxGEMM runs under each of its three variants (EXACTBLAS_PBLAS_GEMM).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level2lib.h"
#include "test_pblas_lib.h"

/* the PBLAS (gfortran conventions: everything by reference, hidden lengths) */
void pdgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
             const double *, const int *, const int *, const int *, const double *, const int *,
             const int *, const int *, const double *, double *, const int *, const int *,
             const int *, size_t, size_t);

void pddot_(const int *, double *, const double *, const int *, const int *, const int *,
            const int *, const double *, const int *, const int *, const int *, const int *);
void pdnrm2_(const int *, double *, const double *, const int *, const int *, const int *,
             const int *);
void pdasum_(const int *, double *, const double *, const int *, const int *, const int *,
             const int *);
void pdamax_(const int *, double *, int *, const double *, const int *, const int *, const int *,
             const int *);
void pdscal_(const int *, const double *, double *, const int *, const int *, const int *,
             const int *);
void pdcopy_(const int *, const double *, const int *, const int *, const int *, const int *,
             double *, const int *, const int *, const int *, const int *);
void pdswap_(const int *, double *, const int *, const int *, const int *, const int *, double *,
             const int *, const int *, const int *, const int *);
void pdaxpy_(const int *, const double *, const double *, const int *, const int *, const int *,
             const int *, double *, const int *, const int *, const int *, const int *);
void pdger_(const int *, const int *, const double *, const double *, const int *, const int *,
            const int *, const int *, const double *, const int *, const int *, const int *,
            const int *, double *, const int *, const int *, const int *);
void pdgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
             const int *, const int *, const double *, const int *, const int *, const int *,
             const int *, const double *, double *, const int *, const int *, const int *,
             const int *, size_t);
void pdtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
             const double *, const double *, const int *, const int *, const int *, double *,
             const int *, const int *, const int *, size_t, size_t, size_t, size_t);
void pdsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
             const int *, const int *, const int *, const double *, double *, const int *,
             const int *, const int *, size_t, size_t);
void pdsyr2k_(const char *, const char *, const int *, const int *, const double *, const double *,
              const int *, const int *, const int *, const double *, const int *, const int *,
              const int *, const double *, double *, const int *, const int *, const int *, size_t,
              size_t);
void pdsymm_(const char *, const char *, const int *, const int *, const double *, const double *,
             const int *, const int *, const int *, const double *, const int *, const int *,
             const int *, const double *, double *, const int *, const int *, const int *, size_t,
             size_t);
void pdtrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
             const double *, const double *, const int *, const int *, const int *, double *,
             const int *, const int *, const int *, size_t, size_t, size_t, size_t);
void pdtrmv_(const char *, const char *, const char *, const int *, const double *, const int *,
             const int *, const int *, double *, const int *, const int *, const int *, const int *,
             size_t, size_t, size_t);
void pdtrsv_(const char *, const char *, const char *, const int *, const double *, const int *,
             const int *, const int *, double *, const int *, const int *, const int *, const int *,
             size_t, size_t, size_t);
void pdsymv_(const char *, const int *, const double *, const double *, const int *, const int *,
             const int *, const double *, const int *, const int *, const int *, const int *,
             const double *, double *, const int *, const int *, const int *, const int *, size_t);
void pdsyr_(const char *, const int *, const double *, const double *, const int *, const int *,
            const int *, const int *, double *, const int *, const int *, const int *, size_t);
void pdsyr2_(const char *, const int *, const double *, const double *, const int *, const int *,
             const int *, const int *, const double *, const int *, const int *, const int *,
             const int *, double *, const int *, const int *, const int *, size_t);
void pdagemv_(const char *, const int *, const int *, const double *, const double *, const int *,
              const int *, const int *, const double *, const int *, const int *, const int *,
              const int *, const double *, double *, const int *, const int *, const int *,
              const int *, size_t);
double pdlansy_(const char *, const char *, const int *, const double *, const int *, const int *,
                const int *, double *, size_t, size_t);
double pdlange_(const char *, const int *, const int *, const double *, const int *, const int *,
                const int *, double *, size_t);
int indxg2p_(const int *indxglob, const int *nb, const int *iproc, const int *isrcproc,
             const int *nprocs);

static int rank, size;

/* ---- drawing a case ------------------------------------------------------- */

static const int block_sizes[] = {1, 2, 3, 4, 5, 7};

typedef struct dist {
    int mb, nb, rsrc, csrc, pad;
} dist;

static dist draw_dist(tl_rng *r, const pt_grid *g)
{
    dist d;
    d.mb = block_sizes[tl_draw(r, 0, 5)];
    d.nb = block_sizes[tl_draw(r, 0, 5)];
    d.rsrc = (int)tl_draw(r, 0, g->nprow - 1);
    d.csrc = (int)tl_draw(r, 0, g->npcol - 1);
    d.pad = (int)tl_draw(r, 0, 2);
    return d;
}

static int draw_size(tl_rng *r)
{
    if (tl_chance(r, 12))
        return 0;
    return (int)(tl_chance(r, 4) ? tl_draw(r, 8, 23) : tl_draw(r, 1, 9));
}

static double draw_scalar(tl_rng *r, int cls)
{
    static const double fixed[] = {0.0, 1.0, -1.0, -0.0, 0.5, 3.0};
    if (tl_chance(r, 2))
        return fixed[tl_draw(r, 0, 5)];
    double v = pt_value(r, cls);
    return isnan(v) ? 2.0 : v;
}

/* An m x n sub-matrix at (i0, j0) (1-based) of a global matrix with e
 * extra rows and columns around it, of class cls; outside NaN (inputs) or
 * drawn values (outputs, to see they stay). */
static void make_sub(pt_mat *a, const pt_grid *g, tl_rng *r, dist d, int i0, int j0, int m, int n,
                     int cls, int output)
{
    int gm = i0 - 1 + m + (int)tl_draw(r, 0, 2), gn = j0 - 1 + n + (int)tl_draw(r, 0, 2);
    pt_mat_make(a, g, gm, gn, d.mb, d.nb, d.rsrc, d.csrc, d.pad);
    for (int j = 0; j < gn; j++)
        for (int i = 0; i < gm; i++) {
            int inside = i >= i0 - 1 && i < i0 - 1 + m && j >= j0 - 1 && j < j0 - 1 + n;
            a->g[i + (size_t)j * gm] =
                inside ? pt_value(r, cls) : (output ? tl_rng_uniform(r) + 7.0 : NAN);
        }
    pt_mat_deal(a, g);
}

/* Every local element of a: expected(i, j) inside the sub-matrix (global
 * indices, 0-based), unchanged outside. */
typedef double (*expect_fn)(void *ctx, int i, int j);
static void check_mat(pt_tally *t, const char *what, const pt_grid *g, const pt_mat *a, int i0,
                      int j0, int m, int n, expect_fn f, void *ctx)
{
    if (!g->in)
        return;
    for (int lj = 0; lj < a->nloc; lj++) {
        int gj = pt_gcol(a, g, lj);
        for (int li = 0; li < a->mloc; li++) {
            int gi = pt_grow(a, g, li);
            double got = a->loc[li + (size_t)lj * a->lld];
            int inside = gi >= i0 - 1 && gi < i0 - 1 + m && gj >= j0 - 1 && gj < j0 - 1 + n;
            double want = inside ? f(ctx, gi, gj) : a->g[gi + (size_t)gj * a->m];
            pt_expect(t, what, gi, gj, want, got);
        }
    }
}

/* ---- PDGEMM --------------------------------------------------------------- */

typedef struct gemm_case {
    char ta, tb;
    int m, n, k, ia, ja, ib, jb, ic, jc;
    double alpha, beta;
    pt_mat a, b, c;
    tl_terms *terms;
} gemm_case;

static double opget(const pt_mat *x, int trans, int i0, int j0, int i, int k)
{
    /* op(sub(X))(i, k), 0-based within the sub-matrix */
    return trans ? x->g[(i0 - 1 + k) + (size_t)(j0 - 1 + i) * x->m]
                 : x->g[(i0 - 1 + i) + (size_t)(j0 - 1 + k) * x->m];
}

static double gemm_expect(void *ctx, int gi, int gj)
{
    gemm_case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1);
    double c = p->c.g[gi + (size_t)gj * p->c.m];
    if ((p->alpha == 0.0 || p->k == 0) && p->beta == 1.0)
        return c;
    if (p->alpha == 0.0 || p->k == 0)
        return p->beta == 0.0 ? 0.0 : p->beta * c;
    tl_terms_reset(p->terms);
    int ta = p->ta != 'N', tb = p->tb != 'N';
    for (int l = 0; l < p->k; l++)
        tl_terms_add(p->terms, opget(&p->a, ta, p->ia, p->ja, i, l),
                     opget(&p->b, tb, p->ib, p->jb, l, j), 1.0);
    return tl_terms_round_affine(p->terms, p->alpha, p->beta, c);
}

static void case_gemm(pt_tally *t, const pt_grid *g, tl_rng *r, int variant)
{
    static const char opts[] = "NTC";
    static const char *variants[] = {"auto", "ab", "a", "b"};
    gemm_case p;
    memset(&p, 0, sizeof p);
    p.terms = tl_terms_new(64);
    p.ta = opts[tl_draw(r, 0, 2)];
    p.tb = opts[tl_draw(r, 0, 2)];
    p.m = draw_size(r);
    p.n = draw_size(r);
    p.k = draw_size(r);
    int cls = (int)tl_draw(r, 0, PT_NCLASSES - 1);
    p.alpha = draw_scalar(r, cls);
    p.beta = draw_scalar(r, cls);
    p.ia = (int)tl_draw(r, 1, 3);
    p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3);
    p.jb = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3);
    p.jc = (int)tl_draw(r, 1, 3);
    int ta = p.ta != 'N', tb = p.tb != 'N';
    make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, ta ? p.k : p.m, ta ? p.m : p.k, cls, 0);
    make_sub(&p.b, g, r, draw_dist(r, g), p.ib, p.jb, tb ? p.n : p.k, tb ? p.k : p.n, cls, 0);
    make_sub(&p.c, g, r, draw_dist(r, g), p.ic, p.jc, p.m, p.n, cls, 1);
    if (g->in) {
        setenv("EXACTBLAS_PBLAS_GEMM", variants[variant], 1);
        pdgemm_(&p.ta, &p.tb, &p.m, &p.n, &p.k, &p.alpha, p.a.loc, &p.ia, &p.ja, p.a.desc, p.b.loc,
                &p.ib, &p.jb, p.b.desc, &p.beta, p.c.loc, &p.ic, &p.jc, p.c.desc, 1, 1);
        char what[160];
        snprintf(what, sizeof what,
                 "PDGEMM grid %dx%d %c%c m=%d n=%d k=%d ia=%d,%d ib=%d,%d ic=%d,%d blocks "
                 "%dx%d %dx%d %dx%d alpha=%g beta=%g class %d variant %s",
                 g->nprow, g->npcol, p.ta, p.tb, p.m, p.n, p.k, p.ia, p.ja, p.ib, p.jb, p.ic, p.jc,
                 p.a.mb, p.a.nb, p.b.mb, p.b.nb, p.c.mb, p.c.nb, p.alpha, p.beta, cls,
                 variants[variant]);
        check_mat(t, what, g, &p.c, p.ic, p.jc, p.m, p.n, gemm_expect, &p);
    }
    t->cases += g->in && rank == 0;
    pt_mat_free(&p.a);
    pt_mat_free(&p.b);
    pt_mat_free(&p.c);
    tl_terms_free(p.terms);
}

/* ---- vectors ------------------------------------------------------------- */

/* A PBLAS vector operand: n elements of a row (INCX = M_X) or a column
 * (INCX = 1) of a global matrix, at (ix, jx). */
typedef struct tvec {
    pt_mat m;
    int ix, jx, incx, n, row;
} tvec;

static void make_vec(tvec *v, const pt_grid *g, tl_rng *r, int n, int cls, int output)
{
    v->n = n;
    v->row = tl_chance(r, 2);
    v->ix = (int)tl_draw(r, 1, 3);
    v->jx = (int)tl_draw(r, 1, 3);
    dist d = draw_dist(r, g);
    make_sub(&v->m, g, r, d, v->ix, v->jx, v->row ? 1 : n, v->row ? n : 1, cls, output);
    v->incx = v->row ? v->m.m : 1;
    v->row = v->incx == v->m.m;
}

static int vgi(const tvec *v, int k)
{
    return v->row ? v->ix - 1 : v->ix - 1 + k;
}

static int vgj(const tvec *v, int k)
{
    return v->row ? v->jx - 1 + k : v->jx - 1;
}

static double vget(const tvec *v, int k)
{
    return v->m.g[vgi(v, k) + (size_t)vgj(v, k) * v->m.m];
}

/* The element index of global (i, j) in v. */
static int vindex(const tvec *v, int gi, int gj)
{
    return v->row ? gj - (v->jx - 1) : gi - (v->ix - 1);
}

/* PBLAS's scope of a scalar result on v (pdamax_.c, "Further Details"). */
static int in_scope(const tvec *v, const pt_grid *g)
{
    int prow = indxg2p_(&v->ix, &v->m.mb, &g->myrow, &v->m.rsrc, &g->nprow);
    int pcol = indxg2p_(&v->jx, &v->m.nb, &g->mycol, &v->m.csrc, &g->npcol);
    if (v->n == 1 && v->m.m == 1 && v->incx == 1)
        return g->myrow == prow && g->mycol == pcol;
    return v->incx == v->m.m ? g->myrow == prow : g->mycol == pcol;
}

static void vec_label(char *buf, size_t len, const char *name, const pt_grid *g, const tvec *x,
                      const tvec *y, int cls)
{
    snprintf(buf, len, "%s grid %dx%d n=%d x(%d,%d %s blocks %dx%d src %d,%d)", name, g->nprow,
             g->npcol, x->n, x->ix, x->jx, x->row ? "row" : "col", x->m.mb, x->m.nb, x->m.rsrc,
             x->m.csrc);
    if (y) {
        size_t at = strlen(buf);
        snprintf(buf + at, len - at, " y(%d,%d %s blocks %dx%d src %d,%d)", y->ix, y->jx,
                 y->row ? "row" : "col", y->m.mb, y->m.nb, y->m.rsrc, y->m.csrc);
    }
    size_t at = strlen(buf);
    snprintf(buf + at, len - at, " class %d", cls);
}

typedef struct vcase {
    tvec x, y;
    double alpha;
    int op; /* which check */
    tl_terms *terms;
} vcase;

static double vec_expect(void *ctx, int gi, int gj)
{
    vcase *p = ctx;
    int k;
    switch (p->op) {
    case 0: /* SCAL on x */
        k = vindex(&p->x, gi, gj);
        return p->alpha == 1.0   ? vget(&p->x, k)
               : p->alpha == 0.0 ? p->alpha
                                 : p->alpha * vget(&p->x, k);
    case 1: /* COPY into y */
        return vget(&p->x, vindex(&p->y, gi, gj));
    case 2: /* SWAP: y gets x */
        return vget(&p->x, vindex(&p->y, gi, gj));
    case 3: /* SWAP: x gets y */
        return vget(&p->y, vindex(&p->x, gi, gj));
    default: /* AXPY into y */
        k = vindex(&p->y, gi, gj);
        if (p->alpha == 0.0)
            return vget(&p->y, k);
        return fma(p->alpha, vget(&p->x, k), vget(&p->y, k));
    }
}

static void check_vec(pt_tally *t, const char *what, const pt_grid *g, const tvec *v, expect_fn f,
                      void *ctx)
{
    check_mat(t, what, g, &v->m, v->ix, v->jx, v->row ? 1 : v->n, v->row ? v->n : 1, f, ctx);
}

static void case_level1(pt_tally *t, const pt_grid *g, tl_rng *r, int kind)
{
    vcase p;
    memset(&p, 0, sizeof p);
    int n = draw_size(r), cls = (int)tl_draw(r, 0, PT_NCLASSES - 1);
    p.alpha = draw_scalar(r, cls);
    make_vec(&p.x, g, r, n, cls, 1);
    make_vec(&p.y, g, r, n, cls, 1);
    p.terms = tl_terms_new(64);
    char what[200];
    static const char *names[] = {"PDDOT",  "PDNRM2", "PDASUM", "PDAMAX",
                                  "PDSCAL", "PDCOPY", "PDSWAP", "PDAXPY"};
    vec_label(what, sizeof what, names[kind], g, &p.x,
              kind == 1 || kind == 2 || kind == 3 || kind == 4 ? NULL : &p.y, cls);
    if (g->in) {
        double res = -7.0, want = 0.0;
        int indx = -7, wantix = 0;
        switch (kind) {
        case 0:
            pddot_(&n, &res, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
                   &p.y.jx, p.y.m.desc, &p.y.incx);
            if (n > 0 && (in_scope(&p.x, g) || in_scope(&p.y, g))) {
                for (int k = 0; k < n; k++)
                    tl_terms_add(p.terms, vget(&p.x, k), vget(&p.y, k), 1.0);
                want = tl_terms_round(p.terms);
            }
            pt_expect(t, what, 0, 0, want, res);
            break;
        case 1:
        case 2:
            if (kind == 1)
                pdnrm2_(&n, &res, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx);
            else
                pdasum_(&n, &res, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx);
            if (n > 0 && in_scope(&p.x, g)) {
                double *xs = malloc((size_t)n * sizeof *xs);
                for (int k = 0; k < n; k++)
                    xs[k] = vget(&p.x, k);
                if (kind == 1) {
                    want = tl_oracle_nrm2(n, xs, 1);
                } else {
                    for (int k = 0; k < n; k++)
                        tl_terms_add(p.terms, fabs(xs[k]), 1.0, 1.0);
                    want = tl_terms_round(p.terms);
                }
                free(xs);
            }
            pt_expect(t, what, 0, 0, want, res);
            break;
        case 3:
            pdamax_(&n, &res, &indx, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx);
            if (n > 0 && in_scope(&p.x, g)) {
                int best = 0;
                for (int k = 1; k < n && !isnan(vget(&p.x, 0)); k++)
                    if (fabs(vget(&p.x, k)) > fabs(vget(&p.x, best)) || isnan(vget(&p.x, best)))
                        if (!isnan(vget(&p.x, k)))
                            best = k;
                want = vget(&p.x, best);
                wantix = best + (p.x.row ? p.x.jx : p.x.ix);
            }
            pt_expect(t, what, 0, 0, want, res);
            pt_expect(t, what, 0, 1, (double)wantix, (double)indx);
            break;
        case 4:
            pdscal_(&n, &p.alpha, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx);
            p.op = 0;
            check_vec(t, what, g, &p.x, vec_expect, &p);
            break;
        case 5:
            pdcopy_(&n, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
                    &p.y.jx, p.y.m.desc, &p.y.incx);
            p.op = 1;
            check_vec(t, what, g, &p.y, vec_expect, &p);
            break;
        case 6:
            pdswap_(&n, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
                    &p.y.jx, p.y.m.desc, &p.y.incx);
            p.op = 2;
            check_vec(t, what, g, &p.y, vec_expect, &p);
            p.op = 3;
            check_vec(t, what, g, &p.x, vec_expect, &p);
            break;
        default:
            pdaxpy_(&n, &p.alpha, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, p.y.m.loc,
                    &p.y.ix, &p.y.jx, p.y.m.desc, &p.y.incx);
            p.op = 4;
            check_vec(t, what, g, &p.y, vec_expect, &p);
        }
    }
    t->cases += g->in && rank == 0;
    pt_mat_free(&p.x.m);
    pt_mat_free(&p.y.m);
    tl_terms_free(p.terms);
}

#define LEVEL1(fn, k)                                                                              \
    static void fn(pt_tally *t, const pt_grid *g, tl_rng *r, int v)                                \
    {                                                                                              \
        (void)v;                                                                                   \
        case_level1(t, g, r, k);                                                                   \
    }
LEVEL1(case_dot, 0)
LEVEL1(case_nrm2, 1)
LEVEL1(case_asum, 2)
LEVEL1(case_amax, 3)
LEVEL1(case_scal, 4)
LEVEL1(case_copy, 5)
LEVEL1(case_swap, 6)
LEVEL1(case_axpy, 7)

/* ---- PDGER, PDGEMV ---------------------------------------------------------- */

typedef struct l2case {
    char trans;
    int m, n, ia, ja;
    double alpha, beta;
    pt_mat a;
    tvec x, y;
    tl_terms *terms;
    int absolute; /* PDAGEMV */
} l2case;

static double aget(const l2case *p, int i, int j)
{
    return p->a.g[(p->ia - 1 + i) + (size_t)(p->ja - 1 + j) * p->a.m];
}

static double ger_expect(void *ctx, int gi, int gj)
{
    l2case *p = ctx;
    int i = gi - (p->ia - 1), j = gj - (p->ja - 1);
    double a = p->a.g[gi + (size_t)gj * p->a.m];
    if (p->alpha == 0.0)
        return a;
    tl_terms_reset(p->terms);
    tl_terms_add(p->terms, vget(&p->x, i), vget(&p->y, j), 1.0);
    return tl_terms_round_affine(p->terms, p->alpha, 1.0, a);
}

static double gemv_expect(void *ctx, int gi, int gj)
{
    l2case *p = ctx;
    int i = vindex(&p->y, gi, gj), ta = p->trans != 'N';
    double y = vget(&p->y, i);
    if (p->m == 0 || p->n == 0 || (p->alpha == 0.0 && p->beta == 1.0))
        return y;
    if (p->alpha == 0.0)
        return p->beta == 0.0 ? 0.0 : p->absolute ? fabs(p->beta * y) : p->beta * y;
    tl_terms_reset(p->terms);
    int inner = ta ? p->m : p->n;
    for (int k = 0; k < inner; k++) {
        double a = ta ? aget(p, k, i) : aget(p, i, k), x = vget(&p->x, k);
        tl_terms_add(p->terms, p->absolute ? fabs(a) : a, p->absolute ? fabs(x) : x, 1.0);
    }
    if (p->absolute)
        return tl_terms_round_affine(p->terms, fabs(p->alpha), fabs(p->beta), fabs(y));
    return tl_terms_round_affine(p->terms, p->alpha, p->beta, y);
}

static void case_l2(pt_tally *t, const pt_grid *g, tl_rng *r, int gemv)
{
    static const char opts[] = "NTC";
    l2case p;
    memset(&p, 0, sizeof p);
    p.absolute = gemv == 2;
    p.trans = gemv ? opts[tl_draw(r, 0, 2)] : 'N';
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, PT_NCLASSES - 1), ta = p.trans != 'N';
    p.alpha = draw_scalar(r, cls);
    p.beta = draw_scalar(r, cls);
    p.ia = (int)tl_draw(r, 1, 3);
    p.ja = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, p.m, p.n, cls, !gemv);
    make_vec(&p.x, g, r, gemv ? (ta ? p.m : p.n) : p.m, cls, 0);
    make_vec(&p.y, g, r, gemv ? (ta ? p.n : p.m) : p.n, cls, gemv);
    p.terms = tl_terms_new(64);
    char what[260];
    vec_label(what, sizeof what,
              gemv == 2 ? "PDAGEMV"
              : gemv    ? "PDGEMV"
                        : "PDGER",
              g, &p.x, &p.y, cls);
    size_t at = strlen(what);
    snprintf(what + at, sizeof what - at,
             " %c m=%d n=%d a(%d,%d blocks %dx%d src %d,%d) alpha=%g beta=%g", p.trans, p.m, p.n,
             p.ia, p.ja, p.a.mb, p.a.nb, p.a.rsrc, p.a.csrc, p.alpha, p.beta);
    if (g->in) {
        if (gemv) {
            (p.absolute ? pdagemv_ : pdgemv_)(&p.trans, &p.m, &p.n, &p.alpha, p.a.loc, &p.ia, &p.ja,
                                              p.a.desc, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc,
                                              &p.x.incx, &p.beta, p.y.m.loc, &p.y.ix, &p.y.jx,
                                              p.y.m.desc, &p.y.incx, 1);
            check_vec(t, what, g, &p.y, gemv_expect, &p);
        } else {
            pdger_(&p.m, &p.n, &p.alpha, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx,
                   p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.desc, &p.y.incx, p.a.loc, &p.ia, &p.ja,
                   p.a.desc);
            check_mat(t, what, g, &p.a, p.ia, p.ja, p.m, p.n, ger_expect, &p);
        }
    }
    t->cases += g->in && rank == 0;
    pt_mat_free(&p.a);
    pt_mat_free(&p.x.m);
    pt_mat_free(&p.y.m);
    tl_terms_free(p.terms);
}

static void case_ger(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    (void)v;
    case_l2(t, g, r, 0);
}

static void case_gemv(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    (void)v;
    case_l2(t, g, r, 1);
}

static void case_agemv(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    (void)v;
    case_l2(t, g, r, 2);
}

/* ---- PDLANGE ----------------------------------------------------------------- */

static double sget(const pt_mat *x, int i0, int j0, int i, int j);

static void case_lange(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    static const char norms[] = "M1OIFE";
    char norm = norms[tl_draw(r, 0, 5)];
    int m = draw_size(r), n = draw_size(r), cls = (int)tl_draw(r, 0, PT_NCLASSES - 1);
    int ia = (int)tl_draw(r, 1, 3), ja = (int)tl_draw(r, 1, 3);
    (void)v;
    pt_mat a;
    make_sub(&a, g, r, draw_dist(r, g), ia, ja, m, n, cls, 0);
    tl_terms *terms = tl_terms_new(1024);
    double want = 0.0;
    if (m > 0 && n > 0) {
        if (norm == 'M') {
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++) {
                    double e = fabs(sget(&a, ia, ja, i, j));
                    if (isnan(e) || e > want || isnan(want))
                        want = isnan(want) ? want : e;
                }
        } else if (norm == 'F' || norm == 'E') {
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++)
                    tl_terms_add(terms, sget(&a, ia, ja, i, j), sget(&a, ia, ja, i, j), 1.0);
            want = tl_terms_round_sqrt(terms);
        } else {
            int cols = norm != 'I';
            for (int l = 0; l < (cols ? n : m); l++) {
                tl_terms_reset(terms);
                for (int s = 0; s < (cols ? m : n); s++)
                    tl_terms_add(terms,
                                 fabs(cols ? sget(&a, ia, ja, s, l) : sget(&a, ia, ja, l, s)), 1.0,
                                 1.0);
                double e = tl_terms_round(terms);
                if (isnan(e) || e > want || isnan(want))
                    want = isnan(want) ? want : e;
            }
        }
    }
    if (g->in) {
        double got = pdlange_(&norm, &m, &n, a.loc, &ia, &ja, a.desc, NULL, 1);
        char what[160];
        snprintf(what, sizeof what,
                 "PDLANGE grid %dx%d norm %c m=%d n=%d a(%d,%d blocks %dx%d) class %d", g->nprow,
                 g->npcol, norm, m, n, ia, ja, a.mb, a.nb, cls);
        pt_expect(t, what, 0, 0, want, got);
    }
    t->cases += g->in && rank == 0;
    tl_terms_free(terms);
    pt_mat_free(&a);
}

/* ---- PDTRSM --------------------------------------------------------------- */

typedef struct trsm_case {
    char side, uplo, transa, diag;
    int m, n, ia, ja, ib, jb;
    double alpha;
    pt_mat a, b;
    tl_matrix solved; /* the oracle's X */
} trsm_case;

static double trsm_expect(void *ctx, int gi, int gj)
{
    trsm_case *p = ctx;
    int i = gi - (p->ib - 1), j = gj - (p->jb - 1);
    return p->solved.a[i + (size_t)j * p->solved.lda];
}

static void case_trsm(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    (void)v;
    trsm_case p;
    memset(&p, 0, sizeof p);
    p.side = tl_chance(r, 2) ? 'L' : 'R';
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.transa = "NTC"[tl_draw(r, 0, 2)];
    p.diag = tl_chance(r, 2) ? 'U' : 'N';
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, PT_NCLASSES - 1), tri = p.side == 'L' ? p.m : p.n;
    p.alpha = draw_scalar(r, cls);
    p.ia = (int)tl_draw(r, 1, 3);
    p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3);
    p.jb = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, tri, tri, cls, 0);
    /* a usable diagonal: away from zero, of the class's scale */
    for (int k = 0; k < tri; k++) {
        double *d = &p.a.g[(p.ia - 1 + k) + (size_t)(p.ja - 1 + k) * p.a.m];
        if (*d == 0.0 || !tl_chance(r, 8))
            *d = (tl_chance(r, 2) ? 1.0 : -1.0) * (1.0 + tl_rng_uniform(r)) * (k % 3 + 1);
    }
    pt_mat_deal(&p.a, g);
    make_sub(&p.b, g, r, draw_dist(r, g), p.ib, p.jb, p.m, p.n, cls, 1);
    tl_matrix tmat;
    tl_matrix_alloc(&tmat, tri, tri, tri > 0 ? tri : 1);
    tl_matrix_alloc(&p.solved, p.m, p.n, p.m > 0 ? p.m : 1);
    for (int j = 0; j < tri; j++)
        for (int i = 0; i < tri; i++)
            tmat.a[i + (size_t)j * tmat.lda] =
                p.a.g[(p.ia - 1 + i) + (size_t)(p.ja - 1 + j) * p.a.m];
    for (int j = 0; j < p.n; j++)
        for (int i = 0; i < p.m; i++)
            p.solved.a[i + (size_t)j * p.solved.lda] =
                p.b.g[(p.ib - 1 + i) + (size_t)(p.jb - 1 + j) * p.b.m];
    if (p.alpha == 0.0) {
        for (int j = 0; j < p.n; j++)
            for (int i = 0; i < p.m; i++)
                p.solved.a[i + (size_t)j * p.solved.lda] = 0.0;
    } else if (p.m > 0 && p.n > 0) {
        tl_oracle_trsm(p.side, p.uplo, p.transa, p.diag, p.alpha, &tmat, &p.solved);
    }
    char what[200];
    snprintf(what, sizeof what,
             "PDTRSM grid %dx%d %c%c%c%c m=%d n=%d a(%d,%d blocks %dx%d) b(%d,%d blocks %dx%d) "
             "alpha=%g class %d",
             g->nprow, g->npcol, p.side, p.uplo, p.transa, p.diag, p.m, p.n, p.ia, p.ja, p.a.mb,
             p.a.nb, p.ib, p.jb, p.b.mb, p.b.nb, p.alpha, cls);
    if (g->in) {
        pdtrsm_(&p.side, &p.uplo, &p.transa, &p.diag, &p.m, &p.n, &p.alpha, p.a.loc, &p.ia, &p.ja,
                p.a.desc, p.b.loc, &p.ib, &p.jb, p.b.desc, 1, 1, 1, 1);
        check_mat(t, what, g, &p.b, p.ib, p.jb, p.m, p.n, trsm_expect, &p);
    }
    t->cases += g->in && rank == 0;
    free(tmat.a);
    free(p.solved.a);
    pt_mat_free(&p.a);
    pt_mat_free(&p.b);
}

/* ---- symmetric and triangular operands ------------------------------------ */

/* sub(X)(i, j), 0-based within the sub-matrix at (i0, j0). */
static double sget(const pt_mat *x, int i0, int j0, int i, int j)
{
    return x->g[(i0 - 1 + i) + (size_t)(j0 - 1 + j) * x->m];
}

static int in_uplo(char uplo, int i, int j)
{
    return uplo == 'U' ? i <= j : i >= j;
}

/* The n x n sub-matrix's elements outside its UPLO triangle (and a unit
 * diagonal) set to NaN and dealt again: the routine must not read them. */
static void poison(pt_mat *a, const pt_grid *g, int i0, int j0, int n, char uplo, int diag_too)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if (!in_uplo(uplo, i, j) || (diag_too && i == j))
                a->g[(i0 - 1 + i) + (size_t)(j0 - 1 + j) * a->m] = NAN;
    pt_mat_deal(a, g);
}

typedef struct l3case {
    char side, uplo, trans, diag;
    int m, n, k, ia, ja, ib, jb, ic, jc;
    double alpha, beta;
    pt_mat a, b, c;
    tvec x, y;
    int which; /* 0 SYRK, 1 SYR2K, 2 SYMM, 3 TRMM, 4 TRMV, 5 SYMV, 6 SYR, 7 SYR2, 8 TRSV */
    tl_terms *terms;
    double *solved; /* TRSV's oracle */
} l3case;

static double symget(const l3case *p, int i, int j)
{
    return in_uplo(p->uplo, i, j) ? sget(&p->a, p->ia, p->ja, i, j)
                                  : sget(&p->a, p->ia, p->ja, j, i);
}

/* op(A)(i, l) of a triangle, and whether it is a term (unit diagonal: 1). */
static int triget(const l3case *p, int i, int l, double *v)
{
    int ta = p->trans != 'N', r = ta ? l : i, c = ta ? i : l;
    if (!in_uplo(p->uplo, r, c))
        return 0;
    *v = (r == c && p->diag == 'U') ? 1.0 : sget(&p->a, p->ia, p->ja, r, c);
    return 1;
}

static double l3_expect(void *ctx, int gi, int gj)
{
    l3case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1), ta = p->trans != 'N';
    double c = p->c.g[gi + (size_t)gj * p->c.m], v;
    tl_terms_reset(p->terms);
    switch (p->which) {
    case 0:
    case 1:
        if (!in_uplo(p->uplo, i, j) || ((p->alpha == 0.0 || p->k == 0) && p->beta == 1.0))
            return c;
        if (p->alpha == 0.0 || p->k == 0)
            return p->beta == 0.0 ? 0.0 : p->beta * c;
        for (int l = 0; l < p->k; l++) {
            double ai = opget(&p->a, ta, p->ia, p->ja, i, l),
                   aj = opget(&p->a, ta, p->ia, p->ja, j, l);
            if (p->which == 0) {
                tl_terms_add(p->terms, ai, aj, 1.0);
            } else {
                double bi = opget(&p->b, ta, p->ib, p->jb, i, l),
                       bj = opget(&p->b, ta, p->ib, p->jb, j, l);
                tl_terms_add(p->terms, ai, bj, 1.0);
                tl_terms_add(p->terms, bi, aj, 1.0);
            }
        }
        return tl_terms_round_affine(p->terms, p->alpha, p->beta, c);
    case 2:
        if (p->alpha == 0.0 && p->beta == 1.0)
            return c;
        if (p->alpha == 0.0)
            return p->beta == 0.0 ? 0.0 : p->beta * c;
        for (int l = 0; l < (p->side == 'L' ? p->m : p->n); l++)
            if (p->side == 'L')
                tl_terms_add(p->terms, symget(p, i, l), sget(&p->b, p->ib, p->jb, l, j), 1.0);
            else
                tl_terms_add(p->terms, sget(&p->b, p->ib, p->jb, i, l), symget(p, l, j), 1.0);
        return tl_terms_round_affine(p->terms, p->alpha, p->beta, c);
    case 3:
        if (p->alpha == 0.0)
            return 0.0;
        for (int l = 0; l < (p->side == 'L' ? p->m : p->n); l++)
            if (p->side == 'L' && triget(p, i, l, &v))
                tl_terms_add(p->terms, v, sget(&p->b, p->ib, p->jb, l, j), 1.0);
            else if (p->side == 'R' && triget(p, l, j, &v))
                tl_terms_add(p->terms, sget(&p->b, p->ib, p->jb, i, l), v, 1.0);
        return tl_terms_round_affine(p->terms, p->alpha, 0.0, 0.0);
    case 6:
    case 7:
        if (!in_uplo(p->uplo, i, j) || p->alpha == 0.0)
            return c;
        if (p->which == 6) {
            tl_terms_add(p->terms, vget(&p->x, i), vget(&p->x, j), 1.0);
        } else {
            tl_terms_add(p->terms, vget(&p->x, i), vget(&p->y, j), 1.0);
            tl_terms_add(p->terms, vget(&p->y, i), vget(&p->x, j), 1.0);
        }
        return tl_terms_round_affine(p->terms, p->alpha, 1.0, c);
    }
    return NAN;
}

/* The vector routines: x (TRMV, TRSV) or y (SYMV) at global (gi, gj). */
static double l2v_expect(void *ctx, int gi, int gj)
{
    l3case *p = ctx;
    double v;
    if (p->which == 4) {
        int i = vindex(&p->x, gi, gj);
        tl_terms_reset(p->terms);
        for (int l = 0; l < p->n; l++)
            if (triget(p, i, l, &v))
                tl_terms_add(p->terms, v, vget(&p->x, l), 1.0);
        return tl_terms_round(p->terms);
    }
    if (p->which == 8)
        return p->solved[vindex(&p->x, gi, gj)];
    int i = vindex(&p->y, gi, gj);
    double y = vget(&p->y, i);
    if (p->alpha == 0.0 && p->beta == 1.0)
        return y;
    if (p->alpha == 0.0)
        return p->beta == 0.0 ? 0.0 : p->beta * y;
    tl_terms_reset(p->terms);
    for (int l = 0; l < p->n; l++)
        tl_terms_add(p->terms, symget(p, i, l), vget(&p->x, l), 1.0);
    return tl_terms_round_affine(p->terms, p->alpha, p->beta, y);
}

static const char *l3names[] = {"PDSYRK", "PDSYR2K", "PDSYMM", "PDTRMM", "PDTRMV",
                                "PDSYMV", "PDSYR",   "PDSYR2", "PDTRSV"};

static void case_sym(pt_tally *t, const pt_grid *g, tl_rng *r, int which)
{
    l3case p;
    memset(&p, 0, sizeof p);
    p.which = which;
    p.side = tl_chance(r, 2) ? 'L' : 'R';
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.trans = "NTC"[tl_draw(r, 0, 2)];
    p.diag = tl_chance(r, 2) ? 'U' : 'N';
    p.m = draw_size(r);
    p.n = draw_size(r);
    p.k = draw_size(r);
    int cls = (int)tl_draw(r, 0, PT_NCLASSES - 1), ta = p.trans != 'N';
    p.alpha = draw_scalar(r, cls);
    p.beta = draw_scalar(r, cls);
    p.ia = (int)tl_draw(r, 1, 3);
    p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3);
    p.jb = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3);
    p.jc = (int)tl_draw(r, 1, 3);
    p.terms = tl_terms_new(64);
    int n = p.n, tri = p.side == 'L' ? p.m : p.n;
    char what[300];
    snprintf(what, sizeof what,
             "%s grid %dx%d %c%c%c%c m=%d n=%d k=%d a(%d,%d) b(%d,%d) c(%d,%d) alpha=%g beta=%g "
             "class %d",
             l3names[which], g->nprow, g->npcol, p.side, p.uplo, p.trans, p.diag, p.m, p.n, p.k,
             p.ia, p.ja, p.ib, p.jb, p.ic, p.jc, p.alpha, p.beta, cls);
    switch (which) {
    case 0:
    case 1: /* C n x n, A (B) n x k or k x n */
        make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, ta ? p.k : n, ta ? n : p.k, cls, 0);
        if (which == 1)
            make_sub(&p.b, g, r, draw_dist(r, g), p.ib, p.jb, ta ? p.k : n, ta ? n : p.k, cls, 0);
        make_sub(&p.c, g, r, draw_dist(r, g), p.ic, p.jc, n, n, cls, 1);
        if (g->in && which == 0)
            pdsyrk_(&p.uplo, &p.trans, &n, &p.k, &p.alpha, p.a.loc, &p.ia, &p.ja, p.a.desc, &p.beta,
                    p.c.loc, &p.ic, &p.jc, p.c.desc, 1, 1);
        if (g->in && which == 1)
            pdsyr2k_(&p.uplo, &p.trans, &n, &p.k, &p.alpha, p.a.loc, &p.ia, &p.ja, p.a.desc,
                     p.b.loc, &p.ib, &p.jb, p.b.desc, &p.beta, p.c.loc, &p.ic, &p.jc, p.c.desc, 1,
                     1);
        if (g->in)
            check_mat(t, what, g, &p.c, p.ic, p.jc, n, n, l3_expect, &p);
        break;
    case 2: /* C m x n, A tri x tri symmetric, B m x n */
        make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, tri, tri, cls, 0);
        poison(&p.a, g, p.ia, p.ja, tri, p.uplo, 0);
        make_sub(&p.b, g, r, draw_dist(r, g), p.ib, p.jb, p.m, n, cls, 0);
        make_sub(&p.c, g, r, draw_dist(r, g), p.ic, p.jc, p.m, n, cls, 1);
        if (g->in) {
            pdsymm_(&p.side, &p.uplo, &p.m, &n, &p.alpha, p.a.loc, &p.ia, &p.ja, p.a.desc, p.b.loc,
                    &p.ib, &p.jb, p.b.desc, &p.beta, p.c.loc, &p.ic, &p.jc, p.c.desc, 1, 1);
            check_mat(t, what, g, &p.c, p.ic, p.jc, p.m, n, l3_expect, &p);
        }
        break;
    case 3: /* B m x n in and out, checked as C */
        make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, tri, tri, cls, 0);
        poison(&p.a, g, p.ia, p.ja, tri, p.uplo, p.diag == 'U');
        make_sub(&p.b, g, r, draw_dist(r, g), p.ib, p.jb, p.m, n, cls, 1);
        if (g->in) {
            pt_mat out = p.b; /* the oracle reads p.b's global copy */
            pdtrmm_(&p.side, &p.uplo, &p.trans, &p.diag, &p.m, &n, &p.alpha, p.a.loc, &p.ia, &p.ja,
                    p.a.desc, out.loc, &p.ib, &p.jb, out.desc, 1, 1, 1, 1);
            p.c = p.b;
            p.ic = p.ib;
            p.jc = p.jb;
            check_mat(t, what, g, &p.b, p.ib, p.jb, p.m, n, l3_expect, &p);
            memset(&p.c, 0, sizeof p.c);
        }
        break;
    case 4:
    case 8: /* x := op(A) x, or solved */
        make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, n, n, cls, 0);
        for (int d = 0; which == 8 && d < n; d++) {
            double *e = &p.a.g[(p.ia - 1 + d) + (size_t)(p.ja - 1 + d) * p.a.m];
            if (*e == 0.0 || !tl_chance(r, 8))
                *e = (tl_chance(r, 2) ? 1.0 : -1.0) * (1.0 + tl_rng_uniform(r)) * (d % 3 + 1);
        }
        poison(&p.a, g, p.ia, p.ja, n, p.uplo, p.diag == 'U');
        make_vec(&p.x, g, r, n, cls, 1);
        if (which == 8) {
            tl_matrix tm;
            tl_matrix_alloc(&tm, n, n, n > 0 ? n : 1);
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++)
                    tm.a[i + (size_t)j * tm.lda] = sget(&p.a, p.ia, p.ja, i, j);
            p.solved = malloc((size_t)(n > 0 ? n : 1) * sizeof *p.solved);
            for (int l = 0; l < n; l++)
                p.solved[l] = vget(&p.x, l);
            if (n > 0)
                tl_oracle_trsv(p.uplo, p.trans, p.diag, &tm, p.solved);
            free(tm.a);
        }
        if (g->in) {
            if (which == 4)
                pdtrmv_(&p.uplo, &p.trans, &p.diag, &n, p.a.loc, &p.ia, &p.ja, p.a.desc, p.x.m.loc,
                        &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, 1, 1, 1);
            else
                pdtrsv_(&p.uplo, &p.trans, &p.diag, &n, p.a.loc, &p.ia, &p.ja, p.a.desc, p.x.m.loc,
                        &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx, 1, 1, 1);
            size_t at = strlen(what);
            snprintf(what + at, sizeof what - at, " x(%d,%d %s)", p.x.ix, p.x.jx,
                     p.x.row ? "row" : "col");
            check_vec(t, what, g, &p.x, l2v_expect, &p);
        }
        break;
    case 5: /* y := alpha A x + beta y */
        make_sub(&p.a, g, r, draw_dist(r, g), p.ia, p.ja, n, n, cls, 0);
        poison(&p.a, g, p.ia, p.ja, n, p.uplo, 0);
        make_vec(&p.x, g, r, n, cls, 0);
        make_vec(&p.y, g, r, n, cls, 1);
        if (g->in) {
            pdsymv_(&p.uplo, &n, &p.alpha, p.a.loc, &p.ia, &p.ja, p.a.desc, p.x.m.loc, &p.x.ix,
                    &p.x.jx, p.x.m.desc, &p.x.incx, &p.beta, p.y.m.loc, &p.y.ix, &p.y.jx,
                    p.y.m.desc, &p.y.incx, 1);
            size_t at = strlen(what);
            snprintf(what + at, sizeof what - at, " x(%d,%d %s) y(%d,%d %s)", p.x.ix, p.x.jx,
                     p.x.row ? "row" : "col", p.y.ix, p.y.jx, p.y.row ? "row" : "col");
            check_vec(t, what, g, &p.y, l2v_expect, &p);
        }
        break;
    case 6:
    case 7: /* the triangle of A (as C) += alpha x y' + alpha y x' */
        make_vec(&p.x, g, r, n, cls, 0);
        if (which == 7)
            make_vec(&p.y, g, r, n, cls, 0);
        make_sub(&p.c, g, r, draw_dist(r, g), p.ic, p.jc, n, n, cls, 1);
        if (g->in) {
            if (which == 6)
                pdsyr_(&p.uplo, &n, &p.alpha, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx,
                       p.c.loc, &p.ic, &p.jc, p.c.desc, 1);
            else
                pdsyr2_(&p.uplo, &n, &p.alpha, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.desc, &p.x.incx,
                        p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.desc, &p.y.incx, p.c.loc, &p.ic, &p.jc,
                        p.c.desc, 1);
            size_t at = strlen(what);
            snprintf(what + at, sizeof what - at, " x(%d,%d %s) y(%d,%d %s)", p.x.ix, p.x.jx,
                     p.x.row ? "row" : "col", p.y.ix, p.y.jx, p.y.row ? "row" : "col");
            check_mat(t, what, g, &p.c, p.ic, p.jc, n, n, l3_expect, &p);
        }
        break;
    }
    t->cases += g->in && rank == 0;
    if (p.a.g)
        pt_mat_free(&p.a);
    if (p.b.g)
        pt_mat_free(&p.b);
    if (p.c.g)
        pt_mat_free(&p.c);
    if (p.x.m.g)
        pt_mat_free(&p.x.m);
    if (p.y.m.g)
        pt_mat_free(&p.y.m);
    free(p.solved);
    tl_terms_free(p.terms);
}

#define SYMCASE(fn, which)                                                                         \
    static void fn(pt_tally *t, const pt_grid *g, tl_rng *r, int v)                                \
    {                                                                                              \
        (void)v;                                                                                   \
        case_sym(t, g, r, which);                                                                  \
    }
SYMCASE(case_syrk, 0)
SYMCASE(case_syr2k, 1)
SYMCASE(case_symm, 2)
SYMCASE(case_trmm, 3)
SYMCASE(case_trmv, 4)
SYMCASE(case_symv, 5)
SYMCASE(case_syr, 6)
SYMCASE(case_syr2, 7)
SYMCASE(case_trsv, 8)

/* ---- PDLANSY ----------------------------------------------------------------- */

static void case_lansy(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    static const char norms[] = "M1OIFE";
    char norm = norms[tl_draw(r, 0, 5)], uplo = tl_chance(r, 2) ? 'U' : 'L';
    int n = draw_size(r), cls = (int)tl_draw(r, 0, PT_NCLASSES - 1);
    int ia = (int)tl_draw(r, 1, 3), ja = (int)tl_draw(r, 1, 3);
    (void)v;
    pt_mat a;
    make_sub(&a, g, r, draw_dist(r, g), ia, ja, n, n, cls, 0);
    poison(&a, g, ia, ja, n, uplo, 0);
#define SYM(i, j)                                                                                  \
    (in_uplo(uplo, (i), (j)) ? sget(&a, ia, ja, (i), (j)) : sget(&a, ia, ja, (j), (i)))
    tl_terms *terms = tl_terms_new(1024);
    double want = 0.0;
    if (n > 0) {
        if (norm == 'F' || norm == 'E') {
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++)
                    tl_terms_add(terms, SYM(i, j), SYM(i, j), 1.0);
            want = tl_terms_round_sqrt(terms);
        } else {
            for (int j = 0; j < n; j++) {
                tl_terms_reset(terms);
                for (int i = 0; i < n; i++)
                    tl_terms_add(terms, fabs(SYM(i, j)), 1.0, 1.0);
                double e = norm == 'M' ? 0.0 : tl_terms_round(terms);
                for (int i = 0; norm == 'M' && i < n; i++) {
                    double f = fabs(SYM(i, j));
                    if (isnan(f) || f > e || isnan(e))
                        e = isnan(e) ? e : f;
                }
                if (isnan(e) || e > want || isnan(want))
                    want = isnan(want) ? want : e;
            }
        }
    }
#undef SYM
    if (g->in) {
        double got = pdlansy_(&norm, &uplo, &n, a.loc, &ia, &ja, a.desc, NULL, 1, 1);
        char what[160];
        snprintf(what, sizeof what,
                 "PDLANSY grid %dx%d norm %c uplo %c n=%d a(%d,%d blocks %dx%d) class %d", g->nprow,
                 g->npcol, norm, uplo, n, ia, ja, a.mb, a.nb, cls);
        pt_expect(t, what, 0, 0, want, got);
    }
    t->cases += g->in && rank == 0;
    tl_terms_free(terms);
    pt_mat_free(&a);
}

/* ---- argument errors --------------------------------------------------------- */

/* PXERBLA, counted (the library calls it through the PLT: this one wins). */
static int xerbla_calls, xerbla_info;
void pxerbla_(const int *ictxt, const char *srname, const int *info, size_t len)
{
    (void)ictxt;
    (void)srname;
    (void)len;
    xerbla_calls++;
    xerbla_info = *info;
}

/* Every process of the grid reported exactly once, all the same position
 * (want, or any common one when want is 0). */
static void expect_reported(pt_tally *t, const char *what, const pt_grid *g, int want)
{
    int mine[2] = {g->in ? xerbla_calls : 1, g->in ? xerbla_info : 0}, lo[2], hi[2];
    int pos = g->in ? xerbla_info : -1000000;
    MPI_Allreduce(mine, lo, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(mine, hi, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int maxpos;
    MPI_Allreduce(&pos, &maxpos, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int minpos = g->in ? xerbla_info : 1000000, lopos;
    MPI_Allreduce(&minpos, &lopos, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    int ok = lo[0] == 1 && hi[0] == 1 && lopos == maxpos && (want == 0 || maxpos == want);
    if (g->in)
        pt_expect(t, what, g->nprow, g->npcol, 1.0, ok ? 1.0 : 0.0);
    xerbla_calls = 0;
    xerbla_info = 0;
}

static void case_errors(pt_tally *t, const pt_grid *g, tl_rng *r, int v)
{
    (void)r;
    if (v != 0)
        return;
    int n = 12, k = 5, one = 1, me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int last = g->nprow * g->npcol - 1;
    pt_mat a, c;
    pt_mat_make(&a, g, n, n, 2, 2, 0, 0, 0);
    pt_mat_make(&c, g, n, n, 2, 2, 0, 0, 0);
    for (size_t e = 0; e < (size_t)n * n; e++)
        a.g[e] = c.g[e] = 1.0;
    pt_mat_deal(&a, g);
    pt_mat_deal(&c, g);
    double alpha = 1.0, beta = 0.5, before = c.mloc > 0 && c.nloc > 0 ? c.loc[0] : 0.0;
    char what[120];
    xerbla_calls = 0;
    if (g->in) /* an illegal UPLO everywhere: position 1 on every process */
        pdsyrk_("X", "N", &n, &k, &alpha, a.loc, &one, &one, a.desc, &beta, c.loc, &one, &one,
                c.desc, 1, 1);
    snprintf(what, sizeof what, "PDSYRK UPLO 'X' on grid %dx%d", g->nprow, g->npcol);
    expect_reported(t, what, g, 1);
    /* ALPHA differs on the grid's last process: every process reports it */
    double alpha2 = me == last ? 2.0 : 1.0;
    if (g->in && last > 0)
        pdsymm_("L", "U", &n, &n, &alpha2, a.loc, &one, &one, a.desc, a.loc, &one, &one, a.desc,
                &beta, c.loc, &one, &one, c.desc, 1, 1);
    snprintf(what, sizeof what, "PDSYMM ALPHA differing on grid %dx%d", g->nprow, g->npcol);
    if (last > 0)
        expect_reported(t, what, g, 5);
    /* IA out of range on process 0 only: the same position everywhere */
    int ia = me == 0 ? n + 5 : 1;
    if (g->in)
        pdtrmm_("L", "U", "N", "N", &n, &n, &alpha, a.loc, &ia, &one, a.desc, c.loc, &one, &one,
                c.desc, 1, 1, 1, 1);
    snprintf(what, sizeof what, "PDTRMM IA on process 0 of grid %dx%d", g->nprow, g->npcol);
    expect_reported(t, what, g, 0);
    if (g->in && c.mloc > 0 && c.nloc > 0)
        pt_expect(t, "outputs untouched after the errors", g->nprow, g->npcol, before, c.loc[0]);
    t->cases += g->in && rank == 0;
    pt_mat_free(&a);
    pt_mat_free(&c);
}

/* ---- the driver ------------------------------------------------------------ */

typedef struct routine {
    const char *name;
    void (*run)(pt_tally *, const pt_grid *, tl_rng *, int);
    pt_tally tally;
    int wanted;
} routine;

static routine routines[] = {
    {"PDGEMM", case_gemm, {0}, 0},   {"PDGEMV", case_gemv, {0}, 0},
    {"PDGER", case_ger, {0}, 0},     {"PDTRSM", case_trsm, {0}, 0},
    {"PDDOT", case_dot, {0}, 0},     {"PDNRM2", case_nrm2, {0}, 0},
    {"PDASUM", case_asum, {0}, 0},   {"PDAMAX", case_amax, {0}, 0},
    {"PDSCAL", case_scal, {0}, 0},   {"PDCOPY", case_copy, {0}, 0},
    {"PDSWAP", case_swap, {0}, 0},   {"PDAXPY", case_axpy, {0}, 0},
    {"PDSYRK", case_syrk, {0}, 0},   {"PDSYR2K", case_syr2k, {0}, 0},
    {"PDSYMM", case_symm, {0}, 0},   {"PDTRMM", case_trmm, {0}, 0},
    {"PDTRMV", case_trmv, {0}, 0},   {"PDTRSV", case_trsv, {0}, 0},
    {"PDSYMV", case_symv, {0}, 0},   {"PDSYR", case_syr, {0}, 0},
    {"PDSYR2", case_syr2, {0}, 0},   {"PDAGEMV", case_agemv, {0}, 0},
    {"PDLANGE", case_lange, {0}, 0}, {"PDLANSY", case_lansy, {0}, 0},
    {"ERRORS", case_errors, {0}, 0},
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int cases = argc > 1 ? atoi(argv[1]) : 40;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 41;
    int nroutines = (int)(sizeof routines / sizeof *routines);
    long calls0 = exactblas_pblas_calls();
    for (int gi = 0; gi < PT_NGRIDS; gi++) {
        if (pt_grids[gi][0] * pt_grids[gi][1] > size)
            continue;
        pt_grid g;
        pt_grid_make(&g, pt_grids[gi][0], pt_grids[gi][1]);
        for (int ri = 0; ri < nroutines; ri++) {
            routines[ri].wanted = argc <= 3;
            for (int a = 3; a < argc; a++)
                routines[ri].wanted |= !strcmp(argv[a], routines[ri].name);
            if (!routines[ri].wanted)
                continue;
            for (int c = 0; c < cases; c++) {
                tl_rng r;
                tl_rng_seed(&r, seed * 1000003u + (uint64_t)gi * 7919u + (uint64_t)ri * 104729u +
                                    (uint64_t)c);
                routines[ri].run(&routines[ri].tally, &g, &r, c % 4);
            }
        }
        pt_grid_free(&g);
    }
    int bad = 0;
    for (int ri = 0; ri < nroutines; ri++)
        if (routines[ri].wanted)
            bad |= pt_verdict(routines[ri].name, &routines[ri].tally);
    /* the calls reached libexactblas_pblas, not ScaLAPACK's own PBLAS */
    long calls = exactblas_pblas_calls() - calls0, all;
    MPI_Allreduce(&calls, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && all == 0) {
        printf("FAILED: no call reached libexactblas_pblas\n");
        bad = 1;
    }
    MPI_Finalize();
    return bad;
}

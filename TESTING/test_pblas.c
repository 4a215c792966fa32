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

/* ---- the driver ------------------------------------------------------------ */

typedef struct routine {
    const char *name;
    void (*run)(pt_tally *, const pt_grid *, tl_rng *, int);
    pt_tally tally;
    int wanted;
} routine;

static routine routines[] = {
    {"PDGEMM", case_gemm, {0}, 0},
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

/*
 * test_pblas_x.c -- the exact PBLAS of the types S, C and Z, bit for bit
 * against MPFR on the grids of the suite.
 *
 * usage: mpiexec -n 6 test_pblas_x [CASES [SEED [ROUTINE ...]]]
 *
 * Routines (each for S, C and Z; ROUTINE names a family: GEMM, SYRK, TRSM,
 * TRMM, GER, SCAL, SWAP, COPY, AMAX, DOT, NRM2, ASUM, AXPY, GEMV, TRMV,
 * TRSV, SYMV, SYMM, SYR, SYR2K, NORM, ERRORS): PxGEMM and PxGEMV (every
 * op, 'C' conjugating), PxSYRK and PCHERK / PZHERK (both triangles, both
 * TRANS), PxTRSM and PxTRMM (both sides, both triangles, every op, unit
 * and non-unit diagonals), PxTRMV and PxTRSV (rows and columns, every
 * op), PSGER / PxGERU / PxGERC, PxSCAL with PCSSCAL and PZDSCAL, PxSWAP,
 * PxCOPY, PxAMAX, PSDOT / PxDOTU / PxDOTC, PxNRM2 (PSCNRM2, PDZNRM2),
 * PxASUM (PSCASUM, PDZASUM), PxAXPY, PSSYMV / PxHEMV, PxSYMM / PxHEMM,
 * PSSYR / PSSYR2 / PxHER / PxHER2, PxSYR2K / PxHER2K, ScaLAPACK's PxLANGE,
 * PxLANSY and PxLANHE, and the argument errors.  Every case draws its
 * sizes (0 too), block sizes 1 to 7, source processes, offsets IA/JA,
 * padded local arrays, row or column vectors, scalars (0, 1, -0 among
 * them) and a data
 * class (testlib's: narrow, ints, zeros, halftiny, wide for the
 * products); every process draws the same global data from the same
 * seed and checks the elements it holds: inside sub(C) against the MPFR
 * value (testlib's tl_terms, rounded to binary32 for S and C), outside
 * unchanged.  The oracles are the contract's (doc/CONTRACT.md): one
 * rounding of each part's exact value; the substitution of TRSM with each
 * x_i rounded once from its exact numerator.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level2lib.h"
#include "test_pblas_lib.h"

#define PROTO_GEMM(x)                                                                              \
    void p##x##gemm_(const char *, const char *, const int *, const int *, const int *,            \
                     const void *, const void *, const int *, const int *, const int *,            \
                     const void *, const int *, const int *, const int *, const void *, void *,    \
                     const int *, const int *, const int *, size_t, size_t);                       \
    void p##x##trsm_(const char *, const char *, const char *, const char *, const int *,          \
                     const int *, const void *, const void *, const int *, const int *,            \
                     const int *, void *, const int *, const int *, const int *, size_t, size_t,   \
                     size_t, size_t);                                                              \
    void p##x##trmm_(const char *, const char *, const char *, const char *, const int *,          \
                     const int *, const void *, const void *, const int *, const int *,            \
                     const int *, void *, const int *, const int *, const int *, size_t, size_t,   \
                     size_t, size_t);                                                              \
    void p##x##scal_(const int *, const void *, void *, const int *, const int *, const int *,     \
                     const int *);                                                                 \
    void p##x##swap_(const int *, void *, const int *, const int *, const int *, const int *,      \
                     void *, const int *, const int *, const int *, const int *);                  \
    void p##x##copy_(const int *, const void *, const int *, const int *, const int *,             \
                     const int *, void *, const int *, const int *, const int *, const int *);     \
    void p##x##amax_(const int *, void *, int *, const void *, const int *, const int *,           \
                     const int *, const int *);
#define PROTO_SYRK(x, op)                                                                          \
    void p##x##op##_(const char *, const char *, const int *, const int *, const void *,           \
                     const void *, const int *, const int *, const int *, const void *, void *,    \
                     const int *, const int *, const int *, size_t, size_t);
PROTO_SYRK(s, syrk)
PROTO_SYRK(c, syrk)
PROTO_SYRK(z, syrk)
PROTO_SYRK(c, herk)
PROTO_SYRK(z, herk)
PROTO_GEMM(s)
PROTO_GEMM(c)
PROTO_GEMM(z)
typedef void ger_fn(const int *, const int *, const void *, const void *, const int *, const int *,
                    const int *, const int *, const void *, const int *, const int *, const int *,
                    const int *, void *, const int *, const int *, const int *);
ger_fn psger_, pcgeru_, pcgerc_, pzgeru_, pzgerc_;
typedef void sum_fn(const int *, void *, const void *, const int *, const int *, const int *,
                    const int *, const void *, const int *, const int *, const int *, const int *);
sum_fn psdot_, pcdotu_, pcdotc_, pzdotu_, pzdotc_;
typedef void nrm_fn(const int *, void *, const void *, const int *, const int *, const int *,
                    const int *);
nrm_fn psnrm2_, pscnrm2_, pdznrm2_, psasum_, pscasum_, pdzasum_;
typedef void axpy_fn_t(const int *, const void *, const void *, const int *, const int *,
                       const int *, const int *, void *, const int *, const int *, const int *,
                       const int *);
axpy_fn_t psaxpy_, pcaxpy_, pzaxpy_;
typedef void gemv_fn_t(const char *, const int *, const int *, const void *, const void *,
                       const int *, const int *, const int *, const void *, const int *,
                       const int *, const int *, const int *, const void *, void *, const int *,
                       const int *, const int *, const int *, size_t);
gemv_fn_t psgemv_, pcgemv_, pzgemv_;
typedef void trxv_fn_t(const char *, const char *, const char *, const int *, const void *,
                       const int *, const int *, const int *, void *, const int *, const int *,
                       const int *, const int *, size_t, size_t, size_t);
trxv_fn_t pstrmv_, pctrmv_, pztrmv_, pstrsv_, pctrsv_, pztrsv_;
typedef void symv_fn_t(const char *, const int *, const void *, const void *, const int *,
                       const int *, const int *, const void *, const int *, const int *,
                       const int *, const int *, const void *, void *, const int *, const int *,
                       const int *, const int *, size_t);
symv_fn_t pssymv_, pchemv_, pzhemv_;
typedef void symm_fn_t(const char *, const char *, const int *, const int *, const void *,
                       const void *, const int *, const int *, const int *, const void *,
                       const int *, const int *, const int *, const void *, void *, const int *,
                       const int *, const int *, size_t, size_t);
symm_fn_t pssymm_, pcsymm_, pzsymm_, pchemm_, pzhemm_;
typedef void syr_fn_t(const char *, const int *, const void *, const void *, const int *,
                      const int *, const int *, const int *, void *, const int *, const int *,
                      const int *, size_t);
syr_fn_t pssyr_, pcher_, pzher_;
typedef void syr2_fn_t(const char *, const int *, const void *, const void *, const int *,
                       const int *, const int *, const int *, const void *, const int *,
                       const int *, const int *, const int *, void *, const int *, const int *,
                       const int *, size_t);
syr2_fn_t pssyr2_, pcher2_, pzher2_;
typedef void syr2k_fn_t(const char *, const char *, const int *, const int *, const void *,
                        const void *, const int *, const int *, const int *, const void *,
                        const int *, const int *, const int *, const void *, void *, const int *,
                        const int *, const int *, size_t, size_t);
syr2k_fn_t pssyr2k_, pcsyr2k_, pzsyr2k_, pcher2k_, pzher2k_;
float pslange_(), pclange_(), pslansy_(), pclansy_(), pclanhe_();
double pzlange_(), pzlansy_(), pzlanhe_();
void pcsscal_(const int *, const void *, void *, const int *, const int *, const int *,
              const int *);
void pzdscal_(const int *, const void *, void *, const int *, const int *, const int *,
              const int *);

static int rank, size;
static tl_terms *T1, *T2;

/* ---- a type ---------------------------------------------------------------- */

typedef struct xtype {
    char letter;
    int f32, parts, es;
} xtype;
static const xtype types[3] = {{'S', 1, 1, 4}, {'C', 1, 2, 8}, {'Z', 0, 2, 16}};

/* The data classes: finite ones (the substitution and the scalings stay
 * finite), and WIDE for the products. */
static const tl_class classes[] = {TL_NARROW, TL_INTS3, TL_ZEROS, TL_HALFTINY, TL_WIDE};
#define NCLS 5

static double value(tl_rng *r, const xtype *t, int cls)
{
    double v = tl_class_value(r, classes[cls], t->f32);
    if (classes[cls] == TL_NARROW || classes[cls] == TL_HALFTINY)
        v *= tl_rng_sign(r);
    return v;
}

/* A scalar: 0, 1, -0, -1 or 0.5 half of the time (each part), else drawn. */
static void draw_scalar(tl_rng *r, const xtype *t, double s[2])
{
    static const double fixed[] = {0.0, 1.0, -0.0, -1.0, 0.5};
    for (int q = 0; q < 2; q++)
        s[q] = q >= t->parts ? 0.0 : tl_chance(r, 2) ? fixed[tl_draw(r, 0, 4)] : value(r, t, 0);
    if (t->parts == 2 && tl_chance(r, 3))
        s[1] = 0.0;
}

static void put_scalar(const xtype *t, const double s[2], void *out)
{
    for (int q = 0; q < t->parts; q++)
        if (t->f32)
            ((float *)out)[q] = (float)s[q];
        else
            ((double *)out)[q] = s[q];
}

/* ---- a distributed matrix of the type ------------------------------------ */

/* pt_mat's layout (descriptor, local extents); the global values in gv
 * (parts per element, leading dimension m) and the typed local array. */
typedef struct xmat {
    pt_mat d;
    const xtype *t;
    double *gv;
    char *loc;
} xmat;

static const int block_sizes[] = {1, 2, 3, 4, 5, 7};

static double *gat(const xmat *x, int i, int j)
{
    return &x->gv[((size_t)i + (size_t)j * x->d.m) * x->t->parts];
}

static char *lat(const xmat *x, int li, int lj)
{
    return x->loc + ((size_t)li + (size_t)lj * x->d.lld) * (size_t)x->t->es;
}

static double part(const xtype *t, const char *e, int q)
{
    return t->f32 ? ((const float *)e)[q] : ((const double *)e)[q];
}

/* An m x n sub-matrix at (i0, j0) (1-based) of a global matrix with up to
 * two extra rows and columns; inside of class cls (or from fill), outside
 * NaN (inputs) or drawn values (outputs, to see they stay). */
static void make_sub(xmat *a, const xtype *t, const pt_grid *g, tl_rng *r, int i0, int j0, int m,
                     int n, int cls, int output)
{
    int gm = i0 - 1 + m + (int)tl_draw(r, 0, 2), gn = j0 - 1 + n + (int)tl_draw(r, 0, 2);
    int mb = block_sizes[tl_draw(r, 0, 5)], nb = block_sizes[tl_draw(r, 0, 5)];
    int rsrc = (int)tl_draw(r, 0, g->nprow - 1), csrc = (int)tl_draw(r, 0, g->npcol - 1);
    pt_mat_make(&a->d, g, gm, gn, mb, nb, rsrc, csrc, (int)tl_draw(r, 0, 2));
    a->t = t;
    a->gv = malloc((size_t)gm * gn * t->parts * sizeof *a->gv + 8);
    a->loc = calloc((size_t)a->d.lld * (a->d.nloc > 0 ? a->d.nloc : 1), (size_t)t->es);
    for (int j = 0; j < gn; j++)
        for (int i = 0; i < gm; i++) {
            int inside = i >= i0 - 1 && i < i0 - 1 + m && j >= j0 - 1 && j < j0 - 1 + n;
            for (int q = 0; q < t->parts; q++)
                gat(a, i, j)[q] =
                    inside ? value(r, t, cls) : (output ? tl_rng_uniform(r) + 7.0 : NAN);
        }
}

/* The global values into the local array (after any change of gv). */
static void deal(xmat *a, const pt_grid *g)
{
    if (!g->in)
        return;
    for (int lj = 0; lj < a->d.nloc; lj++)
        for (int li = 0; li < a->d.mloc; li++) {
            const double *v = gat(a, pt_grow(&a->d, g, li), pt_gcol(&a->d, g, lj));
            char *e = lat(a, li, lj);
            for (int q = 0; q < a->t->parts; q++)
                if (a->t->f32)
                    ((float *)e)[q] = (float)v[q];
                else
                    ((double *)e)[q] = v[q];
        }
}

static void xmat_free(xmat *a)
{
    free(a->gv);
    free(a->loc);
    pt_mat_free(&a->d);
}

/* Every local element: want(i, j, q) inside the m x n sub-matrix at (i0,
 * j0), unchanged outside. */
typedef double (*want_fn)(void *ctx, int i, int j, int q);
static void check(pt_tally *tally, const char *what, const pt_grid *g, const xmat *a, int i0,
                  int j0, int m, int n, want_fn f, void *ctx)
{
    if (!g->in)
        return;
    for (int lj = 0; lj < a->d.nloc; lj++)
        for (int li = 0; li < a->d.mloc; li++) {
            int gi = pt_grow(&a->d, g, li), gj = pt_gcol(&a->d, g, lj);
            int inside = gi >= i0 - 1 && gi < i0 - 1 + m && gj >= j0 - 1 && gj < j0 - 1 + n;
            for (int q = 0; q < a->t->parts; q++) {
                double want = inside ? f(ctx, gi, gj, q) : gat(a, gi, gj)[q];
                if (a->t->f32 && !isnan(want))
                    want = (float)want;
                char label[300];
                snprintf(label, sizeof label, "%s part %d", what, q);
                pt_expect(tally, label, gi, gj, want, part(a->t, lat(a, li, lj), q));
            }
        }
}

static int draw_size(tl_rng *r)
{
    if (tl_chance(r, 12))
        return 0;
    return (int)(tl_chance(r, 4) ? tl_draw(r, 8, 19) : tl_draw(r, 1, 9));
}

/* op(sub(X))(i, k), 0-based in the sub-matrix at (i0, j0): (re, im). */
static void opget(const xmat *x, char op, int i0, int j0, int i, int k, double v[2])
{
    const double *e = op == 'N' ? gat(x, i0 - 1 + i, j0 - 1 + k) : gat(x, i0 - 1 + k, j0 - 1 + i);
    v[0] = e[0];
    v[1] = x->t->parts > 1 ? (op == 'C' ? -e[1] : e[1]) : 0.0;
}

/* RN of part q of alpha*(S1 + i S2) + beta*y, alpha's and beta's zero parts
 * no terms (real types: S1, alpha[0], beta[0] only). */
static double round_part(const xtype *t, int q, const double al[2], const double be[2],
                         const double y[2])
{
    if (t->parts == 1)
        return tl_terms_round_affine(T1, al[0], be[0], y[0]);
    if (q == 0)
        return tl_terms_round_affine2(T1, al[0], T2, -al[1], be[0], y[0], -be[1], y[1]);
    return tl_terms_round_affine2(T2, al[0], T1, al[1], be[0], y[1], be[1], y[0]);
}

/* T1, T2 += the exact product x*y (complex; y conjugated when conj). */
static void add_product(const xtype *t, const double x[2], const double y[2], double sign)
{
    tl_terms_add(T1, sign * x[0], y[0], 1.0);
    if (t->parts == 1)
        return;
    tl_terms_add(T1, -sign * x[1], y[1], 1.0);
    tl_terms_add(T2, sign * x[0], y[1], 1.0);
    tl_terms_add(T2, sign * x[1], y[0], 1.0);
}

/* The value of an element that has no term (alpha = 0 or K = 0): unchanged
 * for beta = 1, 0 for beta = 0, RN(beta c) for a real type (one product);
 * returns 0 when a complex beta c still needs the contract's rounding. */
static int beta_only(const xtype *t, const double be[2], const double *c, int q, double *v)
{
    if (be[0] == 1.0 && be[1] == 0.0)
        *v = c[q];
    else if (be[0] == 0.0 && be[1] == 0.0)
        *v = 0.0;
    else if (t->parts == 1)
        *v = be[0] * c[0];
    else
        return 0;
    return 1;
}

/* ---- PxGEMM --------------------------------------------------------------- */

typedef struct gemm_case {
    const xtype *t;
    char ta, tb;
    int m, n, k, ia, ja, ib, jb, ic, jc;
    double alpha[2], beta[2];
    xmat a, b, c;
} gemm_case;

static double gemm_want(void *ctx, int gi, int gj, int q)
{
    gemm_case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1);
    const double *c = gat(&p->c, gi, gj);
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if ((alpha0 || p->k == 0) && beta_only(p->t, p->beta, c, q, &v))
        return v;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (int l = 0; l < p->k && !alpha0; l++) {
        double x[2], y[2];
        opget(&p->a, p->ta, p->ia, p->ja, i, l, x);
        opget(&p->b, p->tb, p->ib, p->jb, l, j, y);
        add_product(p->t, x, y, 1.0);
    }
    double al[2] = {p->k > 0 ? p->alpha[0] : 0.0, p->k > 0 ? p->alpha[1] : 0.0};
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    return round_part(p->t, q, al, be, c);
}

static void case_gemm(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    static const char opts[] = "NTC";
    gemm_case p = {.t = t};
    p.ta = opts[tl_draw(r, 0, 2)];
    p.tb = opts[tl_draw(r, 0, 2)];
    p.m = draw_size(r);
    p.n = draw_size(r);
    p.k = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3), p.jb = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3), p.jc = (int)tl_draw(r, 1, 3);
    int ta = p.ta != 'N', tb = p.tb != 'N';
    make_sub(&p.a, t, g, r, p.ia, p.ja, ta ? p.k : p.m, ta ? p.m : p.k, cls, 0);
    make_sub(&p.b, t, g, r, p.ib, p.jb, tb ? p.n : p.k, tb ? p.k : p.n, cls, 0);
    make_sub(&p.c, t, g, r, p.ic, p.jc, p.m, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    deal(&p.b, g);
    deal(&p.c, g);
    if (g->in) {
        char al[16], be[16];
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be);
        void (*f)(const char *, const char *, const int *, const int *, const int *, const void *,
                  const void *, const int *, const int *, const int *, const void *, const int *,
                  const int *, const int *, const void *, void *, const int *, const int *,
                  const int *, size_t, size_t) = t->letter == 'S'   ? psgemm_
                                                 : t->letter == 'C' ? pcgemm_
                                                                    : pzgemm_;
        f(&p.ta, &p.tb, &p.m, &p.n, &p.k, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, p.b.loc, &p.ib,
          &p.jb, p.b.d.desc, be, p.c.loc, &p.ic, &p.jc, p.c.d.desc, 1, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%cGEMM grid %dx%d %c%c m=%d n=%d k=%d blocks %dx%d %dx%d %dx%d alpha=(%g,%g) "
                 "beta=(%g,%g) class %d",
                 t->letter, g->nprow, g->npcol, p.ta, p.tb, p.m, p.n, p.k, p.a.d.mb, p.a.d.nb,
                 p.b.d.mb, p.b.d.nb, p.c.d.mb, p.c.d.nb, p.alpha[0], p.alpha[1], p.beta[0],
                 p.beta[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.c, p.ic, p.jc, p.m, p.n, gemm_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.b);
    xmat_free(&p.c);
}

/* ---- PxSYRK, PxHERK ------------------------------------------------------- */

typedef struct syrk_case {
    const xtype *t;
    char uplo, trans;
    int herm, n, k, ia, ja, ic, jc;
    double alpha[2], beta[2];
    xmat a, c;
} syrk_case;

static double syrk_want(void *ctx, int gi, int gj, int q)
{
    syrk_case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1);
    const double *c = gat(&p->c, gi, gj);
    if (p->uplo == 'U' ? i > j : i < j) /* outside the triangle */
        return c[q];
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if ((alpha0 || p->k == 0) && beta_only(p->t, p->beta, c, q, &v))
        return v;
    if (p->herm && i == j && q == 1) /* xHERK's real diagonal */
        return 0.0;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    char op = p->trans == 'N' ? 'N' : 'T';
    for (int l = 0; l < p->k && !alpha0; l++) {
        double x[2], y[2];
        opget(&p->a, op, p->ia, p->ja, i, l, x);
        opget(&p->a, op, p->ia, p->ja, j, l, y);
        if (p->herm) { /* op(A) A^H (N) or A^H A (C): one factor conjugated */
            if (p->trans == 'N')
                y[1] = -y[1];
            else
                x[1] = -x[1];
        }
        add_product(p->t, x, y, 1.0);
    }
    double al[2] = {p->k > 0 ? p->alpha[0] : 0.0, p->k > 0 ? p->alpha[1] : 0.0};
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    return round_part(p->t, q, al, be, c);
}

static void case_syrk(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    syrk_case p = {.t = t};
    p.herm = t->parts > 1 && tl_chance(r, 2);
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.trans = tl_chance(r, 2) ? 'N' : p.herm ? 'C' : 'T';
    p.n = draw_size(r);
    p.k = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    if (p.herm)
        p.alpha[1] = p.beta[1] = 0.0;
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3), p.jc = (int)tl_draw(r, 1, 3);
    int tr = p.trans != 'N';
    make_sub(&p.a, t, g, r, p.ia, p.ja, tr ? p.k : p.n, tr ? p.n : p.k, cls, 0);
    make_sub(&p.c, t, g, r, p.ic, p.jc, p.n, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    deal(&p.c, g);
    if (g->in) {
        char al[16], be[16];
        /* HERK's scalars are of the real type: the first part */
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be);
        void (*f)(const char *, const char *, const int *, const int *, const void *, const void *,
                  const int *, const int *, const int *, const void *, void *, const int *,
                  const int *, const int *, size_t, size_t) = t->letter == 'S' ? pssyrk_
                                                              : t->letter == 'C'
                                                                  ? (p.herm ? pcherk_ : pcsyrk_)
                                                                  : (p.herm ? pzherk_ : pzsyrk_);
        f(&p.uplo, &p.trans, &p.n, &p.k, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, be, p.c.loc, &p.ic,
          &p.jc, p.c.d.desc, 1, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%c%s grid %dx%d %c%c n=%d k=%d blocks %dx%d %dx%d alpha=(%g,%g) beta=(%g,%g) "
                 "class %d",
                 t->letter, p.herm ? "HERK" : "SYRK", g->nprow, g->npcol, p.uplo, p.trans, p.n, p.k,
                 p.a.d.mb, p.a.d.nb, p.c.d.mb, p.c.d.nb, p.alpha[0], p.alpha[1], p.beta[0],
                 p.beta[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.c, p.ic, p.jc, p.n, p.n, syrk_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.c);
}

/* ---- PxTRSM, PxTRMM ------------------------------------------------------- */

typedef struct tri_case {
    const xtype *t;
    char side, uplo, op, diag;
    int m, n, ia, ja, ib, jb, solve;
    double alpha[2];
    xmat a, b;
    double *want; /* m x n, parts per element */
} tri_case;

/* The coefficient of unknown k in equation e of one line: op(A)(e, k)
 * (SIDE 'L': a column op(A) x = alpha b) or op(A)(k, e) ('R': a row,
 * x op(A) = alpha b); whether it is a term (inside the triangle). */
static int coef(const tri_case *p, int e, int k, double v[2])
{
    int i = p->side == 'L' ? e : k, j = p->side == 'L' ? k : e; /* op(A)(i, j) */
    int op_lower = (p->uplo == 'L') == (p->op == 'N');
    if (op_lower ? j > i : j < i)
        return 0;
    if (i == j && p->diag == 'U') {
        v[0] = 1.0, v[1] = 0.0;
        return 1;
    }
    opget(&p->a, p->op, p->ia, p->ja, i, j, v);
    return 1;
}

static void oracle_line(tri_case *p, int line)
{
    const xtype *t = p->t;
    int left = p->side == 'L', len = left ? p->m : p->n;
    int op_lower = (p->uplo == 'L') == (p->op == 'N');
    /* equation e depends on unknowns before it when the coefficient
     * matrix (op(A) for L, op(A)^T for R) is lower triangular */
    int forward = left ? op_lower : !op_lower;
    double *x = malloc((size_t)len * 2 * sizeof *x);
    for (int s = 0; s < len; s++) {
        int e = forward ? s : len - 1 - s;
        int bi = left ? e : line, bj = left ? line : e;
        const double *b = gat(&p->b, p->ib - 1 + bi, p->jb - 1 + bj);
        double bb[2] = {b[0], t->parts > 1 ? b[1] : 0.0};
        tl_terms_reset(T1);
        tl_terms_reset(T2);
        double q[2];
        if (p->solve) {
            /* alpha b, a zero part of alpha no term */
            if (p->alpha[0] != 0.0 || t->parts == 1) {
                tl_terms_add(T1, p->alpha[0], bb[0], 1.0);
                if (t->parts > 1)
                    tl_terms_add(T2, p->alpha[0], bb[1], 1.0);
            }
            if (p->alpha[1] != 0.0) {
                tl_terms_add(T1, -p->alpha[1], bb[1], 1.0);
                tl_terms_add(T2, p->alpha[1], bb[0], 1.0);
            }
            for (int k = 0; k < len; k++) {
                double c[2];
                if (k != e && coef(p, e, k, c))
                    add_product(t, c, &x[2 * k], -1.0);
            }
            double d[2];
            coef(p, e, e, d);
            if (t->parts == 1) {
                q[0] = tl_terms_round_quotient(T1, d[0]);
            } else if (d[1] == 0.0) {
                q[0] = tl_terms_round_quotient(T1, d[0]);
                q[1] = tl_terms_round_quotient(T2, d[0]);
            } else if (d[0] == 0.0) {
                q[0] = tl_terms_round_quotient(T2, d[1]);
                q[1] = -tl_terms_round_quotient(T1, d[1]);
            } else {
                q[0] = tl_terms_round_cquotient(T1, d[0], T2, d[1], d[0], d[1]);
                q[1] = tl_terms_round_cquotient(T2, d[0], T1, -d[1], d[0], d[1]);
            }
        } else { /* TRMM: RN(alpha * sum over the triangle of coef * b) */
            for (int k = 0; k < len; k++) {
                double c[2];
                int ki = left ? k : line, kj = left ? line : k;
                const double *bk = gat(&p->b, p->ib - 1 + ki, p->jb - 1 + kj);
                double bkk[2] = {bk[0], t->parts > 1 ? bk[1] : 0.0};
                if (coef(p, e, k, c))
                    add_product(t, c, bkk, 1.0);
            }
            double zero[2] = {0.0, 0.0};
            for (int qq = 0; qq < t->parts; qq++)
                q[qq] = round_part(t, qq, p->alpha, zero, zero);
        }
        for (int qq = 0; qq < 2; qq++) {
            double v = qq < t->parts ? q[qq] : 0.0;
            if (t->f32 && !isnan(v))
                v = (float)v;
            x[2 * e + qq] = v;
            if (qq < t->parts)
                p->want[((size_t)bi + (size_t)bj * p->m) * t->parts + qq] = v;
        }
    }
    free(x);
}

static double tri_want(void *ctx, int gi, int gj, int q)
{
    tri_case *p = ctx;
    int i = gi - (p->ib - 1), j = gj - (p->jb - 1);
    return p->want[((size_t)i + (size_t)j * p->m) * p->t->parts + q];
}

static void case_tri(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t, int solve)
{
    static const char opts[] = "NTC";
    tri_case p = {.t = t, .solve = solve};
    p.side = tl_chance(r, 2) ? 'L' : 'R';
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.op = opts[tl_draw(r, 0, 2)];
    p.diag = tl_chance(r, 3) ? 'U' : 'N';
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, 3); /* finite: no WIDE */
    draw_scalar(r, t, p.alpha);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3), p.jb = (int)tl_draw(r, 1, 3);
    int order = p.side == 'L' ? p.m : p.n;
    make_sub(&p.a, t, g, r, p.ia, p.ja, order, order, cls, 0);
    /* a nonzero diagonal of moderate size: the solve stays finite */
    for (int k = 0; k < order; k++)
        for (int q = 0; q < t->parts; q++) {
            double v = value(r, t, 0);
            gat(&p.a, p.ia - 1 + k, p.ja - 1 + k)[q] = q == 0 && v == 0.0 ? 1.5 : v;
        }
    make_sub(&p.b, t, g, r, p.ib, p.jb, p.m, p.n, cls, 1);
    deal(&p.a, g);
    deal(&p.b, g);
    p.want = calloc((size_t)p.m * p.n * t->parts + 1, sizeof *p.want);
    tl_set_binary32(t->f32);
    int alpha0 = p.alpha[0] == 0.0 && p.alpha[1] == 0.0;
    for (int line = 0; line < (p.side == 'L' ? p.n : p.m) && !alpha0; line++)
        oracle_line(&p, line);
    tl_set_binary32(0);
    if (g->in) {
        char al[16];
        put_scalar(t, p.alpha, al);
        void (*f)(const char *, const char *, const char *, const char *, const int *, const int *,
                  const void *, const void *, const int *, const int *, const int *, void *,
                  const int *, const int *, const int *, size_t, size_t, size_t, size_t);
        if (solve)
            f = t->letter == 'S' ? pstrsm_ : t->letter == 'C' ? pctrsm_ : pztrsm_;
        else
            f = t->letter == 'S' ? pstrmm_ : t->letter == 'C' ? pctrmm_ : pztrmm_;
        f(&p.side, &p.uplo, &p.op, &p.diag, &p.m, &p.n, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc,
          p.b.loc, &p.ib, &p.jb, p.b.d.desc, 1, 1, 1, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%cTR%s grid %dx%d %c%c%c%c m=%d n=%d blocks %dx%d %dx%d alpha=(%g,%g) class %d",
                 t->letter, solve ? "SM" : "MM", g->nprow, g->npcol, p.side, p.uplo, p.op, p.diag,
                 p.m, p.n, p.a.d.mb, p.a.d.nb, p.b.d.mb, p.b.d.nb, p.alpha[0], p.alpha[1], cls);
        check(tally, what, g, &p.b, p.ib, p.jb, p.m, p.n, tri_want, &p);
    }
    tally->cases += g->in && rank == 0;
    free(p.want);
    xmat_free(&p.a);
    xmat_free(&p.b);
}

static void case_trsm(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_tri(tally, g, r, t, 1);
}

static void case_trmm(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_tri(tally, g, r, t, 0);
}

/* ---- vectors: PxGER*, PxSCAL, PxSWAP, PxCOPY, PxAMAX, PxDOT*, PxNRM2, ... -- */

/* n elements of a row (INCX = M_X) or column (INCX = 1) of a matrix, at
 * (ix, jx) (1-based). */
typedef struct xvec {
    xmat m;
    int ix, jx, incx, n, row;
} xvec;

static void make_vec(xvec *v, const xtype *t, const pt_grid *g, tl_rng *r, int n, int cls,
                     int output)
{
    v->n = n;
    v->row = tl_chance(r, 2);
    v->ix = (int)tl_draw(r, 1, 3);
    v->jx = (int)tl_draw(r, 1, 3);
    make_sub(&v->m, t, g, r, v->ix, v->jx, v->row ? 1 : n, v->row ? n : 1, cls, output);
    v->incx = v->row ? v->m.d.m : 1;
    if (v->m.d.m == 1) /* INCX = 1 = M_X: PBLAS's row (X(IX, JX:JX+N-1)) */
        v->row = 1;
    deal(&v->m, g);
}

static const double *vget(const xvec *v, int k)
{
    return v->row ? gat(&v->m, v->ix - 1, v->jx - 1 + k) : gat(&v->m, v->ix - 1 + k, v->jx - 1);
}

static int vindex(const xvec *v, int gi, int gj)
{
    return v->row ? gj - (v->jx - 1) : gi - (v->ix - 1);
}

/* PxTRMV, PxTRSV: the vector (a row or a column) as TRMM's / TRSM's one
 * column from the left, whatever its orientation. */
typedef struct trxv_case {
    tri_case tri;
    xvec x;
} trxv_case;

static double trxv_want(void *ctx, int gi, int gj, int q)
{
    trxv_case *p = ctx;
    int k = vindex(&p->x, gi, gj);
    return p->tri.want[(size_t)k * p->tri.t->parts + q];
}

static void case_trxv(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t, int solve)
{
    static const char opts[] = "NTC";
    trxv_case p = {.tri = {.t = t, .solve = solve, .side = 'L', .alpha = {1.0, 0.0}}};
    tri_case *tc = &p.tri;
    tc->uplo = tl_chance(r, 2) ? 'U' : 'L';
    tc->op = opts[tl_draw(r, 0, 2)];
    tc->diag = tl_chance(r, 3) ? 'U' : 'N';
    int n = draw_size(r), cls = (int)tl_draw(r, 0, 3);
    tc->m = n, tc->n = 1;
    tc->ia = (int)tl_draw(r, 1, 3), tc->ja = (int)tl_draw(r, 1, 3);
    make_sub(&tc->a, t, g, r, tc->ia, tc->ja, n, n, cls, 0);
    for (int k = 0; k < n; k++)
        for (int q = 0; q < t->parts; q++) {
            double v = value(r, t, 0);
            gat(&tc->a, tc->ia - 1 + k, tc->ja - 1 + k)[q] = q == 0 && v == 0.0 ? 1.5 : v;
        }
    deal(&tc->a, g);
    make_vec(&p.x, t, g, r, n, cls, 1);
    /* the oracle's right-hand side: the vector as a column at (1, 1) */
    tc->b.t = t;
    tc->b.d.m = n > 0 ? n : 1;
    tc->b.gv = malloc(((size_t)n + 1) * t->parts * sizeof *tc->b.gv);
    for (int k = 0; k < n; k++)
        for (int q = 0; q < t->parts; q++)
            tc->b.gv[(size_t)k * t->parts + q] = vget(&p.x, k)[q];
    tc->ib = tc->jb = 1;
    tc->want = calloc((size_t)n * t->parts + 1, sizeof *tc->want);
    tl_set_binary32(t->f32);
    if (n > 0)
        oracle_line(tc, 0);
    tl_set_binary32(0);
    if (g->in) {
        typedef void trxv_fn(const char *, const char *, const char *, const int *, const void *,
                             const int *, const int *, const int *, void *, const int *,
                             const int *, const int *, const int *, size_t, size_t, size_t);
        trxv_fn *f = solve ? (t->letter == 'S'   ? pstrsv_
                              : t->letter == 'C' ? pctrsv_
                                                 : pztrsv_)
                           : (t->letter == 'S'   ? pstrmv_
                              : t->letter == 'C' ? pctrmv_
                                                 : pztrmv_);
        f(&tc->uplo, &tc->op, &tc->diag, &n, tc->a.loc, &tc->ia, &tc->ja, tc->a.d.desc, p.x.m.loc,
          &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, 1, 1, 1);
        char what[200];
        snprintf(what, sizeof what, "P%cTR%s grid %dx%d %c%c%c n=%d x %s blocks %dx%d class %d",
                 t->letter, solve ? "SV" : "MV", g->nprow, g->npcol, tc->uplo, tc->op, tc->diag, n,
                 p.x.row ? "row" : "col", tc->a.d.mb, tc->a.d.nb, cls);
        check(tally, what, g, &p.x.m, p.x.ix, p.x.jx, p.x.row ? 1 : n, p.x.row ? n : 1, trxv_want,
              &p);
    }
    tally->cases += g->in && rank == 0;
    free(tc->want);
    free(tc->b.gv);
    xmat_free(&tc->a);
    xmat_free(&p.x.m);
}

static void case_trmv(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_trxv(tally, g, r, t, 0);
}

static void case_trsv(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_trxv(tally, g, r, t, 1);
}

typedef struct vec_case {
    const xtype *t;
    int conj, real_alpha, m, n;
    double alpha[2];
    xvec x, y;
    xmat a;
    int ia, ja;
} vec_case;

static double ger_want(void *ctx, int gi, int gj, int q)
{
    vec_case *p = ctx;
    const xtype *t = p->t;
    int i = gi - (p->ia - 1), j = gj - (p->ja - 1);
    const double *a = gat(&p->a, gi, gj), *x = vget(&p->x, i), *y = vget(&p->y, j);
    double yy[2] = {y[0], t->parts > 1 ? (p->conj ? -y[1] : y[1]) : 0.0};
    double xx[2] = {x[0], t->parts > 1 ? x[1] : 0.0};
    if (t->parts == 1) { /* RN(a + alpha x y): one exact term of three factors */
        tl_terms_reset(T1);
        tl_terms_add(T1, a[0], 1.0, 1.0);
        tl_terms_add(T1, p->alpha[0], xx[0], yy[0]);
        return tl_terms_round(T1);
    }
    /* the complex GEMM's rule with K = 1 and beta = 1: alpha (S1 + i S2)
     * + a, S1 + i S2 = x y exact, a zero part of alpha no term */
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    add_product(t, xx, yy, 1.0);
    double one[2] = {1.0, 0.0};
    return round_part(t, q, p->alpha, one, a);
}

static void case_ger(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    vec_case p = {.t = t};
    p.conj = t->parts > 1 && tl_chance(r, 2);
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    make_vec(&p.x, t, g, r, p.m, cls, 0);
    make_vec(&p.y, t, g, r, p.n, cls, 0);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, p.m, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    if (g->in) {
        char al[16];
        put_scalar(t, p.alpha, al);
        ger_fn *f = t->letter == 'S'   ? psger_
                    : t->letter == 'C' ? (p.conj ? pcgerc_ : pcgeru_)
                                       : (p.conj ? pzgerc_ : pzgeru_);
        f(&p.m, &p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
          &p.y.jx, p.y.m.d.desc, &p.y.incx, p.a.loc, &p.ia, &p.ja, p.a.d.desc);
        char what[200];
        snprintf(what, sizeof what,
                 "P%cGER%s grid %dx%d m=%d n=%d x %s y %s alpha=(%g,%g) class %d", t->letter,
                 t->parts == 1 ? ""
                 : p.conj      ? "C"
                               : "U",
                 g->nprow, g->npcol, p.m, p.n, p.x.row ? "row" : "col", p.y.row ? "row" : "col",
                 p.alpha[0], p.alpha[1], cls);
        int alpha0 = p.alpha[0] == 0.0 && p.alpha[1] == 0.0;
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.a, p.ia, p.ja, alpha0 ? 0 : p.m, alpha0 ? 0 : p.n, ger_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
    xmat_free(&p.y.m);
    xmat_free(&p.a);
}

static double scal_want(void *ctx, int gi, int gj, int q)
{
    vec_case *p = ctx;
    const double *x = vget(&p->x, vindex(&p->x, gi, gj));
    double ar = p->alpha[0], ai = p->alpha[1];
    if (ar == 1.0 && ai == 0.0)
        return x[q];
    if (ar == 0.0 && ai == 0.0)
        return p->real_alpha ? 0.0 : p->alpha[q];
    tl_terms_reset(T1);
    if (p->t->parts == 1 || p->real_alpha) {
        tl_terms_add(T1, ar, x[q], 1.0);
    } else if (q == 0) {
        tl_terms_add(T1, ar, x[0], 1.0);
        tl_terms_add(T1, -ai, x[1], 1.0);
    } else {
        tl_terms_add(T1, ai, x[0], 1.0);
        tl_terms_add(T1, ar, x[1], 1.0);
    }
    return tl_terms_round(T1);
}

static void case_scal(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    vec_case p = {.t = t};
    p.n = draw_size(r);
    p.real_alpha = t->parts > 1 && tl_chance(r, 3);
    int cls = (int)tl_draw(r, 0, 3);
    draw_scalar(r, t, p.alpha);
    if (p.real_alpha)
        p.alpha[1] = 0.0;
    make_vec(&p.x, t, g, r, p.n, cls, 1);
    if (g->in) {
        char al[16];
        put_scalar(t, p.alpha, al);
        if (p.real_alpha && t->letter == 'C')
            pcsscal_(&p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx);
        else if (p.real_alpha)
            pzdscal_(&p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx);
        else
            (t->letter == 'S' ? psscal_
             : t->letter == 'C'
                 ? pcscal_
                 : pzscal_)(&p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx);
        char what[200];
        snprintf(what, sizeof what, "P%c%sSCAL grid %dx%d n=%d %s alpha=(%g,%g) class %d",
                 t->letter, p.real_alpha ? (t->letter == 'C' ? "S" : "D") : "", g->nprow, g->npcol,
                 p.n, p.x.row ? "row" : "col", p.alpha[0], p.alpha[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.x.m, p.x.ix, p.x.jx, p.x.row ? 1 : p.n, p.x.row ? p.n : 1,
              scal_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
}

static double from_x(void *ctx, int gi, int gj, int q)
{
    vec_case *p = ctx; /* y's element k := x's */
    return vget(&p->x, vindex(&p->y, gi, gj))[q];
}

static double from_y(void *ctx, int gi, int gj, int q)
{
    vec_case *p = ctx;
    return vget(&p->y, vindex(&p->x, gi, gj))[q];
}

static void case_move(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t, int swap)
{
    vec_case p = {.t = t};
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    make_vec(&p.x, t, g, r, p.n, cls, 1);
    make_vec(&p.y, t, g, r, p.n, cls, 1);
    if (g->in) {
        if (swap)
            (t->letter == 'S'   ? psswap_
             : t->letter == 'C' ? pcswap_
                                : pzswap_)(&p.n, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc,
                                           &p.x.incx, p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.d.desc,
                                           &p.y.incx);
        else
            (t->letter == 'S'   ? pscopy_
             : t->letter == 'C' ? pccopy_
                                : pzcopy_)(&p.n, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc,
                                           &p.x.incx, p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.d.desc,
                                           &p.y.incx);
        char what[200];
        snprintf(what, sizeof what, "P%c%s grid %dx%d n=%d x %s y %s", t->letter,
                 swap ? "SWAP" : "COPY", g->nprow, g->npcol, p.n, p.x.row ? "row" : "col",
                 p.y.row ? "row" : "col");
        check(tally, what, g, &p.y.m, p.y.ix, p.y.jx, p.y.row ? 1 : p.n, p.y.row ? p.n : 1, from_x,
              &p);
        if (swap)
            check(tally, what, g, &p.x.m, p.x.ix, p.x.jx, p.x.row ? 1 : p.n, p.x.row ? p.n : 1,
                  from_y, &p);
        else
            check(tally, what, g, &p.x.m, 1, 1, 0, 0, from_y, &p); /* x unchanged */
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
    xmat_free(&p.y.m);
}

static void case_swap(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_move(tally, g, r, t, 1);
}

static void case_copy(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_move(tally, g, r, t, 0);
}

/* IxAMAX's measure: |x| or |re| + |im| rounded in the type's precision. */
static double measure(const xtype *t, const double *x)
{
    if (t->parts == 1)
        return fabs(x[0]);
    return t->f32 ? (double)(fabsf((float)x[0]) + fabsf((float)x[1])) : fabs(x[0]) + fabs(x[1]);
}

/* Whether this process is in PBLAS's scope of a scalar result on v: the
 * vector's process row (a row) or column; one element of a one-row
 * matrix: its holder. */
static int vec_in_scope(const xvec *v, const pt_grid *g)
{
    if (v->n == 0)
        return 0;
    if (v->n == 1 && v->m.d.m == 1 && v->incx == 1) {
        int pc = (v->m.d.csrc + (v->jx - 1) / v->m.d.nb) % g->npcol;
        return g->mycol == pc && g->myrow == v->m.d.rsrc;
    }
    int proc = v->row ? (v->ix - 1) / v->m.d.mb : (v->jx - 1) / v->m.d.nb;
    int np = v->row ? g->nprow : g->npcol, src = v->row ? v->m.d.rsrc : v->m.d.csrc;
    return (src + proc) % np == (v->row ? g->myrow : g->mycol);
}

/* PxDOT(U/C), PxNRM2, PxASUM: the scalar on every process of the scope */
enum { DOTU, DOTC, NRM2, ASUM };

static void case_sum(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t, int what)
{
    vec_case p = {.t = t};
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1), dot = what == DOTU || what == DOTC;
    make_vec(&p.x, t, g, r, p.n, cls, 0);
    if (dot)
        make_vec(&p.y, t, g, r, p.n, cls, 0);
    tl_set_binary32(t->f32);
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (int k = 0; k < p.n; k++) {
        const double *x = vget(&p.x, k);
        double xr = x[0], xi = t->parts > 1 ? x[1] : 0.0;
        if (what == NRM2 || what == ASUM) {
            tl_terms_add(T1, what == ASUM ? fabs(xr) : xr, what == ASUM ? 1.0 : xr, 1.0);
            if (t->parts > 1)
                tl_terms_add(T1, what == ASUM ? fabs(xi) : xi, what == ASUM ? 1.0 : xi, 1.0);
            continue;
        }
        const double *y = vget(&p.y, k);
        double yr = y[0], yi = t->parts > 1 ? y[1] : 0.0;
        if (what == DOTC)
            xi = -xi;
        double xx[2] = {xr, xi}, yy[2] = {yr, yi};
        add_product(t, xx, yy, 1.0);
    }
    double want[2] = {0.0, 0.0};
    if (p.n > 0) {
        want[0] = what == NRM2 ? tl_terms_round_sqrt(T1) : tl_terms_round(T1);
        if (dot && t->parts > 1)
            want[1] = tl_terms_round(T2);
    }
    tl_set_binary32(0);
    int real_result = !dot && t->parts > 1;
    if (g->in) {
        char out[16] = {0};
        if (dot) {
            typedef void dot_fn(const int *, void *, const void *, const int *, const int *,
                                const int *, const int *, const void *, const int *, const int *,
                                const int *, const int *);
            dot_fn *f = t->letter == 'S'   ? psdot_
                        : t->letter == 'C' ? (what == DOTC ? pcdotc_ : pcdotu_)
                                           : (what == DOTC ? pzdotc_ : pzdotu_);
            f(&p.n, out, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
              &p.y.jx, p.y.m.d.desc, &p.y.incx);
        } else {
            typedef void norm_fn(const int *, void *, const void *, const int *, const int *,
                                 const int *, const int *);
            norm_fn *f = what == NRM2 ? (t->letter == 'S'   ? psnrm2_
                                         : t->letter == 'C' ? pscnrm2_
                                                            : pdznrm2_)
                                      : (t->letter == 'S'   ? psasum_
                                         : t->letter == 'C' ? pscasum_
                                                            : pdzasum_);
            f(&p.n, out, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx);
        }
        static const char *names[] = {"DOTU", "DOTC", "NRM2", "ASUM"};
        char what_s[200];
        snprintf(what_s, sizeof what_s, "P%c%s grid %dx%d n=%d x %s class %d", t->letter,
                 names[what], g->nprow, g->npcol, p.n, p.x.row ? "row" : "col", cls);
        if (vec_in_scope(&p.x, g) || (dot && vec_in_scope(&p.y, g))) {
            xtype rt = *t;
            if (real_result)
                rt.parts = 1;
            for (int q = 0; q < rt.parts; q++) {
                double w = want[q];
                if (t->f32 && !isnan(w))
                    w = (float)w;
                pt_expect(tally, what_s, 0, q, w, part(&rt, out, q));
            }
        }
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
    if (dot)
        xmat_free(&p.y.m);
}

static void case_dot(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_sum(tally, g, r, t, t->parts > 1 && tl_chance(r, 2) ? DOTC : DOTU);
}

static void case_nrm2(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_sum(tally, g, r, t, NRM2);
}

static void case_asum(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    case_sum(tally, g, r, t, ASUM);
}

/* PxGEMV: y := alpha op(A) x + beta y */
typedef struct gemv_case {
    const xtype *t;
    char op;
    int m, n, ia, ja;
    double alpha[2], beta[2];
    xmat a;
    xvec x, y;
} gemv_case;

static double gemv_want(void *ctx, int gi, int gj, int q)
{
    gemv_case *p = ctx;
    int k = vindex(&p->y, gi, gj), inner = p->op == 'N' ? p->n : p->m;
    const double *y = vget(&p->y, k);
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if (alpha0 && beta_only(p->t, p->beta, y, q, &v))
        return v;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (int l = 0; l < inner && !alpha0; l++) {
        double av[2], xv[2];
        opget(&p->a, p->op, p->ia, p->ja, k, l, av);
        const double *x = vget(&p->x, l);
        xv[0] = x[0];
        xv[1] = p->t->parts > 1 ? x[1] : 0.0;
        add_product(p->t, av, xv, 1.0);
    }
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    return round_part(p->t, q, p->alpha, be, y);
}

static void case_gemv(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    static const char opts[] = "NTC";
    gemv_case p = {.t = t};
    p.op = opts[tl_draw(r, 0, 2)];
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1), nota = p.op == 'N';
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, p.m, p.n, cls, 0);
    deal(&p.a, g);
    make_vec(&p.x, t, g, r, nota ? p.n : p.m, cls, 0);
    make_vec(&p.y, t, g, r, nota ? p.m : p.n, cls == 4 ? 0 : cls, 1);
    if (g->in) {
        char al[16], be[16];
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be);
        typedef void gemv_fn(const char *, const int *, const int *, const void *, const void *,
                             const int *, const int *, const int *, const void *, const int *,
                             const int *, const int *, const int *, const void *, void *,
                             const int *, const int *, const int *, const int *, size_t);
        gemv_fn *f = t->letter == 'S' ? psgemv_ : t->letter == 'C' ? pcgemv_ : pzgemv_;
        f(&p.op, &p.m, &p.n, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, p.x.m.loc, &p.x.ix, &p.x.jx,
          p.x.m.d.desc, &p.x.incx, be, p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.d.desc, &p.y.incx, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%cGEMV grid %dx%d %c m=%d n=%d x %s y %s alpha=(%g,%g) beta=(%g,%g) class %d",
                 t->letter, g->nprow, g->npcol, p.op, p.m, p.n, p.x.row ? "row" : "col",
                 p.y.row ? "row" : "col", p.alpha[0], p.alpha[1], p.beta[0], p.beta[1], cls);
        int ny = nota ? p.m : p.n, quick = p.m == 0 || p.n == 0;
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.y.m, p.y.ix, p.y.jx,
              quick     ? 0
              : p.y.row ? 1
                        : ny,
              quick     ? 0
              : p.y.row ? ny
                        : 1,
              gemv_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.x.m);
    xmat_free(&p.y.m);
}

/* ---- the symmetric and Hermitian family ------------------------------------ */

/* Entry (i, j) (0-based in the n x n sub-matrix at (ia, ja)) of the dense
 * twin of the matrix whose UPLO triangle is stored: the other triangle
 * a_ji (conj(a_ji) when herm), a Hermitian diagonal's imaginary part 0. */
static void twin(const xmat *a, int ia, int ja, char uplo, int herm, int i, int j, double v[2])
{
    int stored = uplo == 'U' ? i <= j : i >= j;
    const double *e = stored ? gat(a, ia - 1 + i, ja - 1 + j) : gat(a, ia - 1 + j, ja - 1 + i);
    v[0] = e[0];
    v[1] = a->t->parts > 1 ? e[1] : 0.0;
    if (herm && !stored)
        v[1] = -v[1];
    if (herm && i == j)
        v[1] = 0.0;
}

/* PxSYMV (S), PxHEMV (C, Z) */
typedef struct symv_case {
    const xtype *t;
    char uplo;
    int n, ia, ja;
    double alpha[2], beta[2];
    xmat a;
    xvec x, y;
} symv_case;

static double symv_want(void *ctx, int gi, int gj, int q)
{
    symv_case *p = ctx;
    int k = vindex(&p->y, gi, gj);
    const double *y = vget(&p->y, k);
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if (alpha0 && beta_only(p->t, p->beta, y, q, &v))
        return v;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (int l = 0; l < p->n && !alpha0; l++) {
        double av[2], xv[2];
        twin(&p->a, p->ia, p->ja, p->uplo, p->t->parts > 1, k, l, av);
        const double *x = vget(&p->x, l);
        xv[0] = x[0];
        xv[1] = p->t->parts > 1 ? x[1] : 0.0;
        add_product(p->t, av, xv, 1.0);
    }
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    return round_part(p->t, q, p->alpha, be, y);
}

static void case_symv(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    symv_case p = {.t = t};
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, p.n, p.n, cls, 0);
    deal(&p.a, g);
    make_vec(&p.x, t, g, r, p.n, cls, 0);
    make_vec(&p.y, t, g, r, p.n, cls == 4 ? 0 : cls, 1);
    if (g->in) {
        char al[16], be[16];
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be);
        symv_fn_t *f = t->letter == 'S' ? pssymv_ : t->letter == 'C' ? pchemv_ : pzhemv_;
        f(&p.uplo, &p.n, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, p.x.m.loc, &p.x.ix, &p.x.jx,
          p.x.m.d.desc, &p.x.incx, be, p.y.m.loc, &p.y.ix, &p.y.jx, p.y.m.d.desc, &p.y.incx, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%c%s grid %dx%d %c n=%d x %s y %s alpha=(%g,%g) beta=(%g,%g) class %d",
                 t->letter, t->parts > 1 ? "HEMV" : "SYMV", g->nprow, g->npcol, p.uplo, p.n,
                 p.x.row ? "row" : "col", p.y.row ? "row" : "col", p.alpha[0], p.alpha[1],
                 p.beta[0], p.beta[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.y.m, p.y.ix, p.y.jx, p.y.row ? 1 : p.n, p.y.row ? p.n : 1,
              symv_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.x.m);
    xmat_free(&p.y.m);
}

/* PxSYMM, PCHEMM, PZHEMM */
typedef struct symm_case {
    const xtype *t;
    char side, uplo;
    int herm, m, n, ia, ja, ib, jb, ic, jc;
    double alpha[2], beta[2];
    xmat a, b, c;
} symm_case;

static double symm_want(void *ctx, int gi, int gj, int q)
{
    symm_case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1), ka = p->side == 'L' ? p->m : p->n;
    const double *c = gat(&p->c, gi, gj);
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if (alpha0 && beta_only(p->t, p->beta, c, q, &v))
        return v;
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    for (int l = 0; l < ka && !alpha0; l++) {
        double av[2], bv[2];
        if (p->side == 'L') {
            twin(&p->a, p->ia, p->ja, p->uplo, p->herm, i, l, av);
            opget(&p->b, 'N', p->ib, p->jb, l, j, bv);
            add_product(p->t, av, bv, 1.0);
        } else {
            opget(&p->b, 'N', p->ib, p->jb, i, l, bv);
            twin(&p->a, p->ia, p->ja, p->uplo, p->herm, l, j, av);
            add_product(p->t, bv, av, 1.0);
        }
    }
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    return round_part(p->t, q, p->alpha, be, c);
}

static void case_symm(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    symm_case p = {.t = t};
    p.herm = t->parts > 1 && tl_chance(r, 2);
    p.side = tl_chance(r, 2) ? 'L' : 'R';
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.m = draw_size(r);
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1), ka = p.side == 'L' ? p.m : p.n;
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3), p.jb = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3), p.jc = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, ka, ka, cls, 0);
    make_sub(&p.b, t, g, r, p.ib, p.jb, p.m, p.n, cls, 0);
    make_sub(&p.c, t, g, r, p.ic, p.jc, p.m, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    deal(&p.b, g);
    deal(&p.c, g);
    if (g->in) {
        char al[16], be[16];
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be);
        symm_fn_t *f = t->letter == 'S'   ? pssymm_
                       : t->letter == 'C' ? (p.herm ? pchemm_ : pcsymm_)
                                          : (p.herm ? pzhemm_ : pzsymm_);
        f(&p.side, &p.uplo, &p.m, &p.n, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, p.b.loc, &p.ib,
          &p.jb, p.b.d.desc, be, p.c.loc, &p.ic, &p.jc, p.c.d.desc, 1, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%c%s grid %dx%d %c%c m=%d n=%d alpha=(%g,%g) beta=(%g,%g) class %d", t->letter,
                 p.herm ? "HEMM" : "SYMM", g->nprow, g->npcol, p.side, p.uplo, p.m, p.n, p.alpha[0],
                 p.alpha[1], p.beta[0], p.beta[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.c, p.ic, p.jc, p.m, p.n, symm_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.b);
    xmat_free(&p.c);
}

/* ZHER2K's rule for one element: Re = RN(ar Xr + ai Yr + br Cr), Im =
 * RN(ar Xi + ai Yi + br Ci), X = S1 + S2, Y = i (S1 - S2), the four real
 * sums in T1 (Xr), T2 (Xi), T3 (Yr), T4 (Yi); the diagonal: Im +0, Ci not
 * read. */
static tl_terms *T3, *T4;

static void her2_terms(const double x1[2], const double y1[2], const double x2[2],
                       const double y2[2])
{
    /* S1 = x1 conj(y1), S2 = x2 conj(y2) */
    double s[2][4] = {{x1[0], y1[0], x1[1], y1[1]}, {x2[0], y2[0], x2[1], y2[1]}};
    for (int u = 0; u < 2; u++) {
        double xr = s[u][0], yr = s[u][1], xi = s[u][2], yi = s[u][3];
        double sg = u == 0 ? 1.0 : -1.0;
        /* Re S = xr yr + xi yi, Im S = xi yr - xr yi */
        tl_terms_add(T1, xr, yr, 1.0);
        tl_terms_add(T1, xi, yi, 1.0);
        tl_terms_add(T2, xi, yr, 1.0);
        tl_terms_add(T2, -xr, yi, 1.0);
        /* Yr = -Im(S1 - S2), Yi = Re(S1 - S2) */
        tl_terms_add(T3, -sg * xi, yr, 1.0);
        tl_terms_add(T3, sg * xr, yi, 1.0);
        tl_terms_add(T4, sg * xr, yr, 1.0);
        tl_terms_add(T4, sg * xi, yi, 1.0);
    }
}

static double her2_round(int q, int diag, const double al[2], double br, const double c[2])
{
    if (q == 1 && diag)
        return 0.0;
    return q == 0 ? tl_terms_round_affine2(T1, al[0], T3, al[1], br, c[0], 0.0, 0.0)
                  : tl_terms_round_affine2(T2, al[0], T4, al[1], br, c[1], 0.0, 0.0);
}

/* PxSYR, PxHER, PxSYR2, PxHER2 */
typedef struct syr_case {
    const xtype *t;
    char uplo;
    int two, n, ia, ja;
    double alpha[2];
    xvec x, y;
    xmat a;
} syr_case;

static double syr_want(void *ctx, int gi, int gj, int q)
{
    syr_case *p = ctx;
    const xtype *t = p->t;
    int i = gi - (p->ia - 1), j = gj - (p->ja - 1), cplx = t->parts > 1;
    const double *a = gat(&p->a, gi, gj);
    if (p->uplo == 'U' ? i > j : i < j)
        return a[q];
    double xi[2] = {vget(&p->x, i)[0], cplx ? vget(&p->x, i)[1] : 0.0};
    double xj[2] = {vget(&p->x, j)[0], cplx ? vget(&p->x, j)[1] : 0.0};
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    if (!p->two) {
        if (!cplx) { /* RN(a + alpha x_i x_j) */
            tl_terms_add(T1, a[0], 1.0, 1.0);
            tl_terms_add(T1, p->alpha[0], xi[0], xj[0]);
            return tl_terms_round(T1);
        }
        if (q == 1 && i == j)
            return 0.0;
        double cj[2] = {xj[0], -xj[1]}, one[2] = {1.0, 0.0}, al[2] = {p->alpha[0], 0.0};
        add_product(t, xi, cj, 1.0);
        return round_part(t, q, al, one, a);
    }
    double yi[2] = {vget(&p->y, i)[0], cplx ? vget(&p->y, i)[1] : 0.0};
    double yj[2] = {vget(&p->y, j)[0], cplx ? vget(&p->y, j)[1] : 0.0};
    if (!cplx) { /* RN(a + alpha (x_i y_j + y_i x_j)) */
        tl_terms_add(T1, xi[0], yj[0], 1.0);
        tl_terms_add(T1, yi[0], xj[0], 1.0);
        return tl_terms_round_affine(T1, p->alpha[0], 1.0, a[0]);
    }
    tl_terms_reset(T3);
    tl_terms_reset(T4);
    her2_terms(xi, yj, yi, xj);
    return her2_round(q, i == j, p->alpha, 1.0, a);
}

static void case_syr(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    syr_case p = {.t = t};
    p.two = tl_chance(r, 2);
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    if (!p.two)
        p.alpha[1] = 0.0; /* HER: alpha real */
    make_vec(&p.x, t, g, r, p.n, cls, 0);
    if (p.two)
        make_vec(&p.y, t, g, r, p.n, cls, 0);
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, p.n, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    if (g->in) {
        char al[16];
        put_scalar(t, p.alpha, al);
        if (p.two) {
            syr2_fn_t *f = t->letter == 'S' ? pssyr2_ : t->letter == 'C' ? pcher2_ : pzher2_;
            f(&p.uplo, &p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, p.y.m.loc,
              &p.y.ix, &p.y.jx, p.y.m.d.desc, &p.y.incx, p.a.loc, &p.ia, &p.ja, p.a.d.desc, 1);
        } else {
            syr_fn_t *f = t->letter == 'S' ? pssyr_ : t->letter == 'C' ? pcher_ : pzher_;
            f(&p.uplo, &p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, p.a.loc,
              &p.ia, &p.ja, p.a.d.desc, 1);
        }
        char what[200];
        snprintf(what, sizeof what, "P%c%s%s grid %dx%d %c n=%d x %s alpha=(%g,%g) class %d",
                 t->letter, t->parts > 1 ? "HER" : "SYR", p.two ? "2" : "", g->nprow, g->npcol,
                 p.uplo, p.n, p.x.row ? "row" : "col", p.alpha[0], p.alpha[1], cls);
        int alpha0 = p.alpha[0] == 0.0 && p.alpha[1] == 0.0;
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.a, p.ia, p.ja, alpha0 ? 0 : p.n, alpha0 ? 0 : p.n, syr_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
    if (p.two)
        xmat_free(&p.y.m);
    xmat_free(&p.a);
}

/* PxSYR2K, PCHER2K, PZHER2K */
typedef struct syr2k_case {
    const xtype *t;
    char uplo, trans;
    int herm, n, k, ia, ja, ib, jb, ic, jc;
    double alpha[2], beta[2];
    xmat a, b, c;
} syr2k_case;

static double syr2k_want(void *ctx, int gi, int gj, int q)
{
    syr2k_case *p = ctx;
    int i = gi - (p->ic - 1), j = gj - (p->jc - 1);
    const double *c = gat(&p->c, gi, gj);
    if (p->uplo == 'U' ? i > j : i < j)
        return c[q];
    int alpha0 = p->alpha[0] == 0.0 && p->alpha[1] == 0.0;
    int beta0 = p->beta[0] == 0.0 && p->beta[1] == 0.0;
    double v;
    if ((alpha0 || p->k == 0) && beta_only(p->t, p->beta, c, q, &v))
        return v;
    if (p->herm && i == j && q == 1)
        return 0.0;
    char op = p->trans == 'N' ? 'N' : p->herm ? 'C' : 'T'; /* op(X)_il, conjugated for 'C' */
    tl_terms_reset(T1);
    tl_terms_reset(T2);
    tl_terms_reset(T3);
    tl_terms_reset(T4);
    for (int l = 0; l < p->k && !alpha0; l++) {
        double ai[2], bj[2], bi[2], aj[2];
        opget(&p->a, op, p->ia, p->ja, i, l, ai);
        opget(&p->a, op, p->ia, p->ja, j, l, aj);
        opget(&p->b, op, p->ib, p->jb, i, l, bi);
        opget(&p->b, op, p->ib, p->jb, j, l, bj);
        if (p->herm) {
            her2_terms(ai, bj, bi, aj);
        } else {
            add_product(p->t, ai, bj, 1.0);
            add_product(p->t, bi, aj, 1.0);
        }
    }
    double al[2] = {p->k > 0 ? p->alpha[0] : 0.0, p->k > 0 ? p->alpha[1] : 0.0};
    double be[2] = {beta0 ? 0.0 : p->beta[0], beta0 ? 0.0 : p->beta[1]};
    if (p->herm)
        return her2_round(q, i == j, al, be[0], c);
    return round_part(p->t, q, al, be, c);
}

static void case_syr2k(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    syr2k_case p = {.t = t};
    p.herm = t->parts > 1 && tl_chance(r, 2);
    p.uplo = tl_chance(r, 2) ? 'U' : 'L';
    p.trans = tl_chance(r, 2) ? 'N' : p.herm ? 'C' : 'T';
    p.n = draw_size(r);
    p.k = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1), tr = p.trans != 'N';
    draw_scalar(r, t, p.alpha);
    draw_scalar(r, t, p.beta);
    if (p.herm)
        p.beta[1] = 0.0;
    p.ia = (int)tl_draw(r, 1, 3), p.ja = (int)tl_draw(r, 1, 3);
    p.ib = (int)tl_draw(r, 1, 3), p.jb = (int)tl_draw(r, 1, 3);
    p.ic = (int)tl_draw(r, 1, 3), p.jc = (int)tl_draw(r, 1, 3);
    make_sub(&p.a, t, g, r, p.ia, p.ja, tr ? p.k : p.n, tr ? p.n : p.k, cls, 0);
    make_sub(&p.b, t, g, r, p.ib, p.jb, tr ? p.k : p.n, tr ? p.n : p.k, cls, 0);
    make_sub(&p.c, t, g, r, p.ic, p.jc, p.n, p.n, cls == 4 ? 0 : cls, 1);
    deal(&p.a, g);
    deal(&p.b, g);
    deal(&p.c, g);
    if (g->in) {
        char al[16], be[16];
        put_scalar(t, p.alpha, al);
        put_scalar(t, p.beta, be); /* HER2K's beta: its real part first */
        syr2k_fn_t *f = t->letter == 'S'   ? pssyr2k_
                        : t->letter == 'C' ? (p.herm ? pcher2k_ : pcsyr2k_)
                                           : (p.herm ? pzher2k_ : pzsyr2k_);
        f(&p.uplo, &p.trans, &p.n, &p.k, al, p.a.loc, &p.ia, &p.ja, p.a.d.desc, p.b.loc, &p.ib,
          &p.jb, p.b.d.desc, be, p.c.loc, &p.ic, &p.jc, p.c.d.desc, 1, 1);
        char what[200];
        snprintf(what, sizeof what,
                 "P%c%s grid %dx%d %c%c n=%d k=%d alpha=(%g,%g) beta=(%g,%g) class %d", t->letter,
                 p.herm ? "HER2K" : "SYR2K", g->nprow, g->npcol, p.uplo, p.trans, p.n, p.k,
                 p.alpha[0], p.alpha[1], p.beta[0], p.beta[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.c, p.ic, p.jc, p.n, p.n, syr2k_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.a);
    xmat_free(&p.b);
    xmat_free(&p.c);
}

/* PxAXPY: y := alpha x + y, each part rounded once */
static double axpy_want(void *ctx, int gi, int gj, int q)
{
    vec_case *p = ctx;
    int k = vindex(&p->y, gi, gj);
    const double *x = vget(&p->x, k), *y = vget(&p->y, k);
    if (p->alpha[0] == 0.0 && p->alpha[1] == 0.0)
        return y[q];
    /* doc/CONTRACT.md: (RN(yr + ar xr - ai xi), RN(yi + ai xr + ar xi)),
     * every term present */
    tl_terms_reset(T1);
    tl_terms_add(T1, y[q], 1.0, 1.0);
    if (p->t->parts == 1) {
        tl_terms_add(T1, p->alpha[0], x[0], 1.0);
    } else if (q == 0) {
        tl_terms_add(T1, p->alpha[0], x[0], 1.0);
        tl_terms_add(T1, -p->alpha[1], x[1], 1.0);
    } else {
        tl_terms_add(T1, p->alpha[1], x[0], 1.0);
        tl_terms_add(T1, p->alpha[0], x[1], 1.0);
    }
    return tl_terms_round(T1);
}

static void case_axpy(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    vec_case p = {.t = t};
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    draw_scalar(r, t, p.alpha);
    make_vec(&p.x, t, g, r, p.n, cls, 0);
    make_vec(&p.y, t, g, r, p.n, cls == 4 ? 0 : cls, 1);
    if (g->in) {
        char al[16];
        put_scalar(t, p.alpha, al);
        typedef void axpy_fn(const int *, const void *, const void *, const int *, const int *,
                             const int *, const int *, void *, const int *, const int *,
                             const int *, const int *);
        axpy_fn *f = t->letter == 'S' ? psaxpy_ : t->letter == 'C' ? pcaxpy_ : pzaxpy_;
        f(&p.n, al, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx, p.y.m.loc, &p.y.ix,
          &p.y.jx, p.y.m.d.desc, &p.y.incx);
        char what[200];
        snprintf(what, sizeof what, "P%cAXPY grid %dx%d n=%d x %s y %s alpha=(%g,%g) class %d",
                 t->letter, g->nprow, g->npcol, p.n, p.x.row ? "row" : "col",
                 p.y.row ? "row" : "col", p.alpha[0], p.alpha[1], cls);
        tl_set_binary32(t->f32);
        check(tally, what, g, &p.y.m, p.y.ix, p.y.jx, p.y.row ? 1 : p.n, p.y.row ? p.n : 1,
              axpy_want, &p);
        tl_set_binary32(0);
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
    xmat_free(&p.y.m);
}

static void case_amax(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    vec_case p = {.t = t};
    p.n = draw_size(r);
    int cls = (int)tl_draw(r, 0, NCLS - 1);
    make_vec(&p.x, t, g, r, p.n, cls, 0);
    /* ties: copies of one element elsewhere, a third of the time */
    if (p.n > 2 && tl_chance(r, 3)) {
        const double *src = vget(&p.x, (int)tl_draw(r, 0, p.n - 1));
        double keep[2] = {src[0], t->parts > 1 ? src[1] : 0.0};
        for (int c = 0; c < 3; c++) {
            double *dst = (double *)vget(&p.x, (int)tl_draw(r, 0, p.n - 1));
            for (int q = 0; q < t->parts; q++)
                dst[q] = keep[q];
        }
        deal(&p.x.m, g);
    }
    /* the expected: IxAMAX's scan of the whole vector */
    int want = p.n > 0;
    double best = p.n > 0 ? measure(t, vget(&p.x, 0)) : 0.0;
    for (int k = 1; k < p.n; k++) {
        double v = measure(t, vget(&p.x, k));
        if (v > best)
            want = k + 1, best = v;
    }
    if (g->in) {
        char amax[16] = {0};
        int indx = -7;
        (t->letter == 'S' ? psamax_
         : t->letter == 'C'
             ? pcamax_
             : pzamax_)(&p.n, amax, &indx, p.x.m.loc, &p.x.ix, &p.x.jx, p.x.m.d.desc, &p.x.incx);
        int in_scope = vec_in_scope(&p.x, g);
        char what[200];
        snprintf(what, sizeof what, "P%cAMAX grid %dx%d n=%d %s class %d (index, then parts)",
                 t->letter, g->nprow, g->npcol, p.n, p.x.row ? "row" : "col", cls);
        if (in_scope) {
            int gidx = want == 0 ? 0 : want - 1 + (p.x.row ? p.x.jx : p.x.ix);
            pt_expect(tally, what, 0, 0, (double)gidx, (double)indx);
            const double *e = vget(&p.x, want - 1);
            for (int q = 0; q < t->parts; q++)
                pt_expect(tally, what, want, q, e[q], part(t, amax, q));
        }
    }
    tally->cases += g->in && rank == 0;
    xmat_free(&p.x.m);
}

/* ---- PxLANGE, PxLANSY, PxLANHE ---------------------------------------------- */

/* |x| as the norms take it: |re| for a real type or a Hermitian diagonal,
 * else RN(sqrt(re^2 + im^2)) in the type's precision (T1 is used). */
static double norm_abs(const xtype *t, const double *e, int real_only)
{
    if (t->parts == 1 || real_only)
        return fabs(e[0]);
    tl_terms_reset(T1);
    tl_terms_add(T1, e[0], e[0], 1.0);
    tl_terms_add(T1, e[1], e[1], 1.0);
    double v = tl_terms_round_sqrt(T1);
    return t->f32 ? (double)(float)v : v;
}

typedef float norm_f32(const char *, const int *, const int *, const void *, const int *,
                       const int *, const int *, void *, size_t);
typedef double norm_f64(const char *, const int *, const int *, const void *, const int *,
                        const int *, const int *, void *, size_t);
typedef float sym_f32(const char *, const char *, const int *, const void *, const int *,
                      const int *, const int *, void *, size_t, size_t);
typedef double sym_f64(const char *, const char *, const int *, const void *, const int *,
                       const int *, const int *, void *, size_t, size_t);

static void case_norm(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    static const char norms[] = "M1IF";
    int kind = (int)tl_draw(r, 0, t->parts > 1 ? 2 : 1); /* 0 GE, 1 SY, 2 HE */
    char norm = norms[tl_draw(r, 0, 3)], uplo = tl_chance(r, 2) ? 'U' : 'L';
    int m = draw_size(r), n = kind ? m : draw_size(r), cls = (int)tl_draw(r, 0, 3);
    int ia = (int)tl_draw(r, 1, 3), ja = (int)tl_draw(r, 1, 3);
    xmat a;
    make_sub(&a, t, g, r, ia, ja, m, n, cls, 0);
    deal(&a, g);
    /* the oracle: |a_ij| over the whole (twin) matrix */
    tl_set_binary32(t->f32);
    double best = 0.0, *line = calloc((size_t)(m > n ? m : n) + 1, sizeof *line);
    tl_terms *sq = tl_terms_new(4 * (long)m * n + 4), *ln = tl_terms_new((long)(m > n ? m : n) + 4);
    for (int k = 0; k < (norm == 'I' ? m : n); k++) { /* columns ('1') or rows ('I') */
        tl_terms_reset(ln);
        for (int l = 0; l < (norm == 'I' ? n : m); l++) {
            int i = norm == 'I' ? k : l, j = norm == 'I' ? l : k;
            double e[2];
            if (kind)
                twin(&a, ia, ja, uplo, kind == 2, i, j, e);
            else
                opget(&a, 'N', ia, ja, i, j, e);
            double f = norm_abs(t, e, kind == 2 && i == j);
            if (norm == 'M' && (isnan(f) || f > best || isnan(best)))
                best = isnan(best) ? best : f;
            tl_terms_add(ln, f, 1.0, 1.0);
            if (norm == 'F') {
                tl_terms_add(sq, e[0], e[0], 1.0);
                if (t->parts > 1)
                    tl_terms_add(sq, e[1], e[1], 1.0);
            }
        }
        if (norm == '1' || norm == 'I') {
            double v = tl_terms_round(ln);
            v = t->f32 && !isnan(v) ? (double)(float)v : v;
            if (isnan(v) || v > best || isnan(best))
                best = isnan(best) ? best : v;
        }
    }
    if (norm == 'F') {
        best = m > 0 && n > 0 ? tl_terms_round_sqrt(sq) : 0.0;
        best = t->f32 && !isnan(best) ? (double)(float)best : best;
    }
    if (m == 0 || n == 0)
        best = 0.0;
    tl_set_binary32(0);
    if (g->in) {
        double got;
        static const char *const names[] = {"LANGE", "LANSY", "LANHE"};
        if (kind == 0 && t->f32)
            got = (t->letter == 'S' ? (norm_f32 *)pslange_ : (norm_f32 *)pclange_)(
                &norm, &m, &n, a.loc, &ia, &ja, a.d.desc, NULL, 1);
        else if (kind == 0)
            got = ((norm_f64 *)pzlange_)(&norm, &m, &n, a.loc, &ia, &ja, a.d.desc, NULL, 1);
        else if (t->f32)
            got = (t->letter == 'S' ? (sym_f32 *)pslansy_
                   : kind == 2      ? (sym_f32 *)pclanhe_
                               : (sym_f32 *)pclansy_)(&norm, &uplo, &n, a.loc, &ia, &ja, a.d.desc,
                                                      NULL, 1, 1);
        else
            got = (kind == 2 ? (sym_f64 *)pzlanhe_ : (sym_f64 *)pzlansy_)(
                &norm, &uplo, &n, a.loc, &ia, &ja, a.d.desc, NULL, 1, 1);
        char what[200];
        snprintf(what, sizeof what, "P%c%s grid %dx%d %c%c m=%d n=%d class %d", t->letter,
                 names[kind], g->nprow, g->npcol, norm, uplo, m, n, cls);
        pt_expect(tally, what, 0, 0, best, got);
    }
    tally->cases += g->in && rank == 0;
    free(line);
    tl_terms_free(sq);
    tl_terms_free(ln);
    xmat_free(&a);
}

/* ---- argument errors ------------------------------------------------------- */

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

/* Every process of the grid reported exactly once, at position want. */
static void expect_reported(pt_tally *tally, const char *what, const pt_grid *g, int want)
{
    int ok = !g->in || (xerbla_calls == 1 && xerbla_info == want), all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (g->in)
        pt_expect(tally, what, g->nprow, g->npcol, 1.0, all ? 1.0 : 0.0);
    xerbla_calls = xerbla_info = 0;
}

/* An illegal UPLO; the complex types' own rules: HERK and HER2K refuse
 * TRANS 'T', complex SYRK refuses 'C'; an ALPHA that differs on one
 * process (its imaginary part for C and Z) is reported on every process;
 * the output stays untouched. */
static void case_errors(pt_tally *tally, const pt_grid *g, tl_rng *r, const xtype *t)
{
    if (tl_draw(r, 0, 4)) /* a few times a grid */
        return;
    int n = 9, k = 4, one = 1, me, last = g->nprow * g->npcol - 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    /* 2 x 2 blocks from process (0, 0): every process holds a part (the
     * scope is the whole grid) */
    xmat a = {.t = t}, c = {.t = t};
    xmat *m[2] = {&a, &c};
    for (int q = 0; q < 2; q++) {
        pt_mat_make(&m[q]->d, g, n, n, 2, 2, 0, 0, 0);
        m[q]->gv = malloc((size_t)n * n * t->parts * sizeof *m[q]->gv);
        m[q]->loc =
            calloc((size_t)m[q]->d.lld * (m[q]->d.nloc > 0 ? m[q]->d.nloc : 1), (size_t)t->es);
        for (size_t e = 0; e < (size_t)n * n * t->parts; e++)
            m[q]->gv[e] = value(r, t, 0);
        deal(m[q], g);
    }
    char al[16], be[16], what[120];
    double alpha[2] = {1.0, 0.5}, beta[2] = {0.5, 0.0};
    put_scalar(t, alpha, al);
    put_scalar(t, beta, be);
    xerbla_calls = 0;
    if (g->in) /* an illegal UPLO */
        (t->letter == 'S'   ? pssyrk_
         : t->letter == 'C' ? pcsyrk_
                            : pzsyrk_)("X", "N", &n, &k, al, a.loc, &one, &one, a.d.desc, be, c.loc,
                                       &one, &one, c.d.desc, 1, 1);
    snprintf(what, sizeof what, "P%cSYRK UPLO 'X' on grid %dx%d", t->letter, g->nprow, g->npcol);
    expect_reported(tally, what, g, 1);
    if (g->in && t->parts > 1)
        (t->letter == 'C' ? pcherk_ : pzherk_)("U", "T", &n, &k, be, a.loc, &one, &one, a.d.desc,
                                               be, c.loc, &one, &one, c.d.desc, 1, 1);
    snprintf(what, sizeof what, "P%cHERK TRANS 'T' on grid %dx%d", t->letter, g->nprow, g->npcol);
    if (t->parts > 1)
        expect_reported(tally, what, g, 2);
    if (g->in && t->parts > 1)
        (t->letter == 'C' ? pcsyrk_ : pzsyrk_)("L", "C", &n, &k, al, a.loc, &one, &one, a.d.desc,
                                               be, c.loc, &one, &one, c.d.desc, 1, 1);
    snprintf(what, sizeof what, "P%cSYRK TRANS 'C' on grid %dx%d", t->letter, g->nprow, g->npcol);
    if (t->parts > 1)
        expect_reported(tally, what, g, 2);
    if (g->in && t->parts > 1)
        (t->letter == 'C' ? pcher2k_ : pzher2k_)("U", "T", &n, &k, al, a.loc, &one, &one, a.d.desc,
                                                 a.loc, &one, &one, a.d.desc, be, c.loc, &one, &one,
                                                 c.d.desc, 1, 1);
    snprintf(what, sizeof what, "P%cHER2K TRANS 'T' on grid %dx%d", t->letter, g->nprow, g->npcol);
    if (t->parts > 1)
        expect_reported(tally, what, g, 2);
    if (last > 0) { /* ALPHA (its imaginary part for C, Z) differs on the last process */
        double differs = me == last ? 0.25 : 0.5;
        double alpha2[2] = {t->parts > 1 ? 1.0 : differs, t->parts > 1 ? differs : 0.0};
        put_scalar(t, alpha2, al);
        if (g->in)
            (t->letter == 'S'   ? psgemm_
             : t->letter == 'C' ? pcgemm_
                                : pzgemm_)("N", "C", &n, &n, &n, al, a.loc, &one, &one, a.d.desc,
                                           a.loc, &one, &one, a.d.desc, be, c.loc, &one, &one,
                                           c.d.desc, 1, 1);
        snprintf(what, sizeof what, "P%cGEMM ALPHA's imaginary part on grid %dx%d", t->letter,
                 g->nprow, g->npcol);
        expect_reported(tally, what, g, 6);
    }
    check(tally, "outputs untouched after the errors", g, &c, 1, 1, 0, 0, NULL, NULL);
    tally->cases += g->in && rank == 0;
    xmat_free(&a);
    xmat_free(&c);
}

/* ---- the driver ------------------------------------------------------------ */

typedef struct routine {
    const char *name;
    void (*run)(pt_tally *, const pt_grid *, tl_rng *, const xtype *);
    pt_tally tally[3];
    int wanted;
} routine;

static routine routines[] = {
    {"GEMM", case_gemm, {{0}}, 0}, {"SYRK", case_syrk, {{0}}, 0},
    {"TRSM", case_trsm, {{0}}, 0}, {"TRMM", case_trmm, {{0}}, 0},
    {"GER", case_ger, {{0}}, 0},   {"SCAL", case_scal, {{0}}, 0},
    {"SWAP", case_swap, {{0}}, 0}, {"COPY", case_copy, {{0}}, 0},
    {"AMAX", case_amax, {{0}}, 0}, {"DOT", case_dot, {{0}}, 0},
    {"NRM2", case_nrm2, {{0}}, 0}, {"ASUM", case_asum, {{0}}, 0},
    {"AXPY", case_axpy, {{0}}, 0}, {"GEMV", case_gemv, {{0}}, 0},
    {"TRMV", case_trmv, {{0}}, 0}, {"TRSV", case_trsv, {{0}}, 0},
    {"SYMV", case_symv, {{0}}, 0}, {"SYMM", case_symm, {{0}}, 0},
    {"SYR", case_syr, {{0}}, 0},   {"SYR2K", case_syr2k, {{0}}, 0},
    {"NORM", case_norm, {{0}}, 0}, {"ERRORS", case_errors, {{0}}, 0},
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int cases = argc > 1 ? atoi(argv[1]) : 20;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 42;
    T1 = tl_terms_new(256);
    T2 = tl_terms_new(256);
    T3 = tl_terms_new(256);
    T4 = tl_terms_new(256);
    int nroutines = (int)(sizeof routines / sizeof *routines);
    long calls0 = exactblas_pblas_calls();
    for (int ri = 0; ri < nroutines; ri++) {
        routines[ri].wanted = argc <= 3;
        for (int a = 3; a < argc; a++)
            routines[ri].wanted |= !strcmp(argv[a], routines[ri].name);
    }
    for (int gi = 0; gi < PT_NGRIDS; gi++) {
        if (pt_grids[gi][0] * pt_grids[gi][1] > size)
            continue;
        pt_grid g;
        pt_grid_make(&g, pt_grids[gi][0], pt_grids[gi][1]);
        for (int ri = 0; ri < nroutines; ri++)
            for (int ti = 0; routines[ri].wanted && ti < 3; ti++)
                for (int c = 0; c < cases; c++) {
                    tl_rng r;
                    tl_rng_seed(&r, seed * 1000003u + (uint64_t)gi * 7919u +
                                        (uint64_t)ri * 104729u + (uint64_t)ti * 15485863u +
                                        (uint64_t)c);
                    routines[ri].run(&routines[ri].tally[ti], &g, &r, &types[ti]);
                }
        pt_grid_free(&g);
    }
    int bad = 0;
    for (int ri = 0; ri < nroutines; ri++)
        for (int ti = 0; routines[ri].wanted && ti < 3; ti++) {
            char name[32];
            /* the families' names as the tally covers them */
            static const char *const fam[][3] = {
                {"SYRK", "SYRK", "SYRK/HERK"},     {"SYMV", "SYMV", "HEMV"},
                {"SYMM", "SYMM", "SYMM/HEMM"},     {"SYR", "SYR/SYR2", "HER/HER2"},
                {"SYR2K", "SYR2K", "SYR2K/HER2K"}, {"GER", "GER", "GERU/GERC"},
                {"DOT", "DOT", "DOTU/DOTC"},       {"NORM", "LANGE/LANSY", "LANGE/LANSY/LANHE"}};
            const char *shown = routines[ri].name;
            for (size_t f = 0; f < sizeof fam / sizeof *fam; f++)
                if (!strcmp(shown, fam[f][0]))
                    shown = fam[f][types[ti].parts > 1 ? 2 : 1];
            snprintf(name, sizeof name, "P%c%s", types[ti].letter, shown);
            bad |= pt_verdict(name, &routines[ri].tally[ti]);
        }
    long calls = exactblas_pblas_calls() - calls0, all;
    MPI_Allreduce(&calls, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && all == 0 && routines[0].wanted) {
        printf("FAILED: no call reached libexactblas_pblas\n");
        bad = 1;
    }
    tl_terms_free(T1);
    tl_terms_free(T2);
    tl_terms_free(T3);
    tl_terms_free(T4);
    MPI_Finalize();
    return bad;
}

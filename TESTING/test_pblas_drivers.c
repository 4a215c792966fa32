/*
 * test_pblas_drivers.c -- ScaLAPACK's drivers on the exact PBLAS give the
 * same bits on every process grid.
 *
 * usage: mpiexec -n 6 test_pblas_drivers [DRIVER ...] [-nb NB] [-n N]
 *
 * For each driver (PDGESV, PDPOSV, PDGEQRF, PDGELS, PDSYEV, and PSGESV,
 * PCGESV, PZGESV, PSPOSV, PCPOSV, PZPOSV on the exact PBLAS of those
 * types) the same
 * global problem, with the same block size, is solved on the grids 1x1,
 * 1x2, 2x1, 2x2, 1x3, 3x1 and 2x3 (those with more processes than the run
 * has are skipped); every output the driver defines globally (factors,
 * solutions, eigenvalues and eigenvectors) is assembled bit for bit and
 * compared with the 1x1 grid's.  Two matrices each: one of drawn values,
 * one of small integers (ties everywhere: PDGETRF's pivot search, exact
 * zeros).  The run also checks that ScaLAPACK's own calls reached
 * libexactblas_pblas (its call counter moves during the driver) and that
 * the results are sane (INFO, a residual).
 *
 * Linked without libexactblas_pblas (test_pblas_drivers_netlib) the same
 * program shows ScaLAPACK's own PBLAS: outputs that differ between grids
 * are reported as such and do not fail the run (doc/PBLAS.md).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_pblas_lib.h"

void pdgesv_(const int *n, const int *nrhs, double *a, const int *ia, const int *ja,
             const int *desca, int *ipiv, double *b, const int *ib, const int *jb, const int *descb,
             int *info);

void psgesv_(const int *n, const int *nrhs, void *a, const int *ia, const int *ja, const int *desca,
             int *ipiv, void *b, const int *ib, const int *jb, const int *descb, int *info);
void pcgesv_(const int *n, const int *nrhs, void *a, const int *ia, const int *ja, const int *desca,
             int *ipiv, void *b, const int *ib, const int *jb, const int *descb, int *info);
void pzgesv_(const int *n, const int *nrhs, void *a, const int *ia, const int *ja, const int *desca,
             int *ipiv, void *b, const int *ib, const int *jb, const int *descb, int *info);

typedef void xposv_fn(const char *uplo, const int *n, const int *nrhs, void *a, const int *ia,
                      const int *ja, const int *desca, void *b, const int *ib, const int *jb,
                      const int *descb, int *info, size_t);
xposv_fn psposv_, pcposv_, pzposv_;
typedef void xgeqrf_fn(const int *m, const int *n, void *a, const int *ia, const int *ja,
                       const int *desca, void *tau, void *work, const int *lwork, int *info);
xgeqrf_fn psgeqrf_, pcgeqrf_, pzgeqrf_;
typedef void xgels_fn(const char *trans, const int *m, const int *n, const int *nrhs, void *a,
                      const int *ia, const int *ja, const int *desca, void *b, const int *ib,
                      const int *jb, const int *descb, void *work, const int *lwork, int *info,
                      size_t);
xgels_fn psgels_, pcgels_, pzgels_;
typedef void xheev_fn(const char *jobz, const char *uplo, const int *n, void *a, const int *ia,
                      const int *ja, const int *desca, void *w, void *z, const int *iz,
                      const int *jz, const int *descz, void *work, const int *lwork, void *rwork,
                      const int *lrwork, int *info, size_t, size_t);
xheev_fn pcheev_, pzheev_;
void pssyev_(const char *jobz, const char *uplo, const int *n, void *a, const int *ia,
             const int *ja, const int *desca, void *w, void *z, const int *iz, const int *jz,
             const int *descz, void *work, const int *lwork, int *info, size_t, size_t);

void pdposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *ia,
             const int *ja, const int *desca, double *b, const int *ib, const int *jb,
             const int *descb, int *info, size_t);
void pdgeqrf_(const int *m, const int *n, double *a, const int *ia, const int *ja, const int *desca,
              double *tau, double *work, const int *lwork, int *info);
void pdgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a,
             const int *ia, const int *ja, const int *desca, double *b, const int *ib,
             const int *jb, const int *descb, double *work, const int *lwork, int *info, size_t);
void pdsyev_(const char *jobz, const char *uplo, const int *n, double *a, const int *ia,
             const int *ja, const int *desca, double *w, double *z, const int *iz, const int *jz,
             const int *descz, double *work, const int *lwork, int *info, size_t, size_t);

void pdgesvx_(const char *fact, const char *trans, const int *n, const int *nrhs, double *a,
              const int *ia, const int *ja, const int *desca, double *af, const int *iaf,
              const int *jaf, const int *descaf, int *ipiv, char *equed, double *r, double *c,
              double *b, const int *ib, const int *jb, const int *descb, double *x, const int *ix,
              const int *jx, const int *descx, double *rcond, double *ferr, double *berr,
              double *work, const int *lwork, int *iwork, const int *liwork, int *info, size_t,
              size_t, size_t);

#ifdef NETLIB_PBLAS
long exactblas_pblas_calls(void)
{
    return 0;
}
#endif

static int rank, size, failures;

/* The global matrix behind a local array, bit for bit on every process
 * (each element's holder contributes its bits, the others zeros). */
static void assemble(const pt_grid *g, const pt_mat *a, double *global)
{
    size_t len = (size_t)a->m * (size_t)a->n;
    uint64_t *bits = calloc(len > 0 ? len : 1, sizeof *bits);
    if (g->in)
        for (int lj = 0; lj < a->nloc; lj++)
            for (int li = 0; li < a->mloc; li++) {
                size_t at = (size_t)pt_grow(a, g, li) + (size_t)pt_gcol(a, g, lj) * a->m;
                memcpy(&bits[at], &a->loc[li + (size_t)lj * a->lld], 8);
            }
    MPI_Allreduce(MPI_IN_PLACE, bits, (int)len, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD);
    memcpy(global, bits, len * 8);
    free(bits);
}

/* The outputs of one run, kept for the comparison with the 1x1 grid's. */
typedef struct outputs {
    int count;
    const char *name[8];
    double *v[8];
    size_t len[8];
} outputs;

static void outputs_add(outputs *o, const char *name, const double *v, size_t len)
{
    o->name[o->count] = name;
    o->len[o->count] = len;
    o->v[o->count] = malloc((len > 0 ? len : 1) * sizeof(double));
    memcpy(o->v[o->count], v, len * sizeof(double));
    o->count++;
}

static void outputs_free(outputs *o)
{
    for (int k = 0; k < o->count; k++)
        free(o->v[k]);
    o->count = 0;
}

/* Compares with the reference; returns the number of outputs that differ. */
static int compare(const char *driver, const char *matrix, const pt_grid *g, const outputs *ref,
                   const outputs *got, int tolerate)
{
    int differ = 0;
    for (int k = 0; k < ref->count; k++) {
        size_t bad = 0, first = 0;
        for (size_t e = 0; e < ref->len[k]; e++)
            if (memcmp(&ref->v[k][e], &got->v[k][e], 8) != 0 && bad++ == 0)
                first = e;
        if (bad) {
            differ++;
            if (rank == 0)
                printf("%s %s %s: grid %dx%d differs from 1x1 in %zu of %zu elements "
                       "(first %zu: %a against %a)%s\n",
                       driver, matrix, ref->name[k], g->nprow, g->npcol, bad, ref->len[k], first,
                       got->v[k][first], ref->v[k][first], tolerate ? "" : " FAILED");
        }
    }
    if (differ && !tolerate)
        failures++;
    return differ;
}

/* ---- the problems --------------------------------------------------------- */

static double entry(int kind, int i, int j, int n)
{
    uint64_t h =
        (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(j + 7) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    if (kind == 1) /* small integers: ties and exact zeros */
        return (double)((int)(h % 5) - 2) + (i == j ? 3.0 : 0.0);
    double u = (double)(h >> 11) * 0x1p-53 - 0.5;
    return u * ldexp(1.0, (int)((h >> 5) % 9) - 4) + (i == j ? 0.25 * n / 8.0 : 0.0);
}

typedef struct params {
    int n, nrhs, nb;
} params;

/* ---- PDGESV --------------------------------------------------------------- */

static void run_gesv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    pt_mat a, b;
    pt_mat_make(&a, g, p->n, p->n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&b, g, p->n, p->nrhs, p->nb, p->nb, 0, 0, 0);
    for (int j = 0; j < p->n; j++)
        for (int i = 0; i < p->n; i++)
            a.g[i + (size_t)j * p->n] = entry(kind, i, j, p->n);
    for (int j = 0; j < p->nrhs; j++)
        for (int i = 0; i < p->n; i++)
            b.g[i + (size_t)j * p->n] = entry(kind, i + 1000, j, p->n);
    pt_mat_deal(&a, g);
    pt_mat_deal(&b, g);
    int info = 0, one = 1;
    int *ipiv = calloc((size_t)(a.mloc + p->nb), sizeof *ipiv);
    if (g->in)
        pdgesv_(&p->n, &p->nrhs, a.loc, &one, &one, a.desc, ipiv, b.loc, &one, &one, b.desc, &info);
    if (g->in && info != 0) {
        printf("PDGESV: INFO = %d on grid %dx%d FAILED\n", info, g->nprow, g->npcol);
        failures++;
    }
    double *lu = malloc((size_t)p->n * p->n * sizeof *lu);
    double *x = malloc((size_t)p->n * p->nrhs * sizeof *x);
    assemble(g, &a, lu);
    assemble(g, &b, x);
    outputs_add(o, "LU factors", lu, (size_t)p->n * p->n);
    outputs_add(o, "solution X", x, (size_t)p->n * p->nrhs);
    /* sanity: the residual of the first column, in long double */
    long double worst = 0, scale = 0;
    for (int i = 0; i < p->n; i++) {
        long double r = b.g[i];
        for (int j = 0; j < p->n; j++) {
            r -= (long double)a.g[i + (size_t)j * p->n] * x[j];
            scale += fabsl((long double)a.g[i + (size_t)j * p->n] * x[j]);
        }
        worst = fabsl(r) > worst ? fabsl(r) : worst;
    }
    if (!(worst <= 1e-10L * (scale + 1))) {
        if (rank == 0)
            printf("PDGESV: residual %Lg on grid %dx%d FAILED\n", worst, g->nprow, g->npcol);
        failures++;
    }
    free(lu);
    free(x);
    free(ipiv);
    pt_mat_free(&a);
    pt_mat_free(&b);
}

/* ---- PDPOSV, PDGEQRF, PDGELS, PDSYEV --------------------------------------- */

static void fill(pt_mat *a, const pt_grid *g, int kind, int off, int sym)
{
    for (int j = 0; j < a->n; j++)
        for (int i = 0; i < a->m; i++) {
            int ii = sym && i < j ? j : i, jj = sym && i < j ? i : j;
            a->g[i + (size_t)j * a->m] = entry(kind, ii + off, jj, a->n);
        }
    pt_mat_deal(a, g);
}

static void check_info(const char *name, const pt_grid *g, int info)
{
    if (g->in && info != 0) {
        printf("%s: INFO = %d on grid %dx%d FAILED\n", name, info, g->nprow, g->npcol);
        failures++;
    }
}

/* A vector tied to A's columns (TAU): process row 0's copy, bit for bit. */
static void assemble_cols(const pt_grid *g, const pt_mat *a, const double *loc, int len,
                          double *global)
{
    uint64_t *bits = calloc((size_t)(len > 0 ? len : 1), sizeof *bits);
    if (g->in && g->myrow == 0)
        for (int lj = 0; lj < a->nloc; lj++) {
            int gj = pt_gcol(a, g, lj);
            if (gj < len)
                memcpy(&bits[gj], &loc[lj], 8);
        }
    MPI_Allreduce(MPI_IN_PLACE, bits, len, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD);
    memcpy(global, bits, (size_t)len * 8);
    free(bits);
}

static void add_mat(outputs *o, const char *name, const pt_grid *g, const pt_mat *a)
{
    double *v = malloc((size_t)a->m * a->n * sizeof *v + 8);
    assemble(g, a, v);
    outputs_add(o, name, v, (size_t)a->m * a->n);
    free(v);
}

/* A sanity bound, or FAILED (every process computes it alike). */
static void sane(const char *name, const pt_grid *g, const char *what, long double err,
                 long double bound)
{
    if (!(err <= bound)) {
        if (rank == 0)
            printf("%s: %s %Lg above %Lg on grid %dx%d FAILED\n", name, what, err, bound, g->nprow,
                   g->npcol);
        failures++;
    }
}

static void run_posv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    pt_mat a, b;
    pt_mat_make(&a, g, p->n, p->n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&b, g, p->n, p->nrhs, p->nb, p->nb, 0, 0, 0);
    fill(&a, g, kind, 0, 1);
    /* positive definite: a dominant diagonal */
    for (int i = 0; i < p->n; i++)
        a.g[i + (size_t)i * p->n] = fabs(a.g[i + (size_t)i * p->n]) + 3.0 * p->n;
    pt_mat_deal(&a, g);
    fill(&b, g, kind, 1000, 0);
    int info = 0, one = 1;
    if (g->in)
        pdposv_("L", &p->n, &p->nrhs, a.loc, &one, &one, a.desc, b.loc, &one, &one, b.desc, &info,
                1);
    check_info("PDPOSV", g, info);
    add_mat(o, "Cholesky factor", g, &a);
    add_mat(o, "solution X", g, &b);
    { /* A x = b for the first column, A from its lower triangle */
        const double *x = o->v[1];
        long double worst = 0, scale = 1;
        for (int i = 0; i < p->n; i++) {
            long double r = b.g[i];
            for (int j = 0; j < p->n; j++) {
                double aij = i >= j ? a.g[i + (size_t)j * p->n] : a.g[j + (size_t)i * p->n];
                r -= (long double)aij * x[j];
                scale += fabsl((long double)aij * x[j]);
            }
            worst = fabsl(r) > worst ? fabsl(r) : worst;
        }
        sane("PDPOSV", g, "residual", worst, 1e-12L * scale);
    }
    pt_mat_free(&a);
    pt_mat_free(&b);
}

static void run_geqrf(const pt_grid *g, const params *p, int kind, outputs *o)
{
    int m = p->n + 7, n = p->n, info = 0, one = 1, lwork = -1;
    pt_mat a;
    pt_mat_make(&a, g, m, n, p->nb, p->nb, 0, 0, 0);
    fill(&a, g, kind, 0, 0);
    double *tau = calloc((size_t)a.nloc + 1, sizeof *tau), q = 0;
    if (g->in) {
        pdgeqrf_(&m, &n, a.loc, &one, &one, a.desc, tau, &q, &lwork, &info);
        lwork = (int)q + 1;
        double *work = malloc((size_t)lwork * sizeof *work);
        pdgeqrf_(&m, &n, a.loc, &one, &one, a.desc, tau, work, &lwork, &info);
        free(work);
    }
    check_info("PDGEQRF", g, info);
    add_mat(o, "R and V", g, &a);
    {
        long double nrm = 0;
        for (int i = 0; i < m; i++)
            nrm += (long double)a.g[i] * a.g[i];
        nrm = sqrtl(nrm);
        sane("PDGEQRF", g, "| |R(1,1)| - ||A(:,1)|| |", fabsl(fabsl(o->v[0][0]) - nrm),
             1e-13L * nrm);
    }
    double *t = malloc((size_t)n * sizeof *t);
    assemble_cols(g, &a, tau, n, t);
    outputs_add(o, "TAU", t, (size_t)n);
    free(t);
    free(tau);
    pt_mat_free(&a);
}

static void run_gels(const pt_grid *g, const params *p, int kind, outputs *o)
{
    int m = p->n + 7, n = p->n, info = 0, one = 1, lwork = -1;
    pt_mat a, b;
    pt_mat_make(&a, g, m, n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&b, g, m, p->nrhs, p->nb, p->nb, 0, 0, 0);
    fill(&a, g, kind, 0, 0);
    fill(&b, g, kind, 1000, 0);
    if (g->in) {
        double q = 0;
        pdgels_("N", &m, &n, &p->nrhs, a.loc, &one, &one, a.desc, b.loc, &one, &one, b.desc, &q,
                &lwork, &info, 1);
        lwork = (int)q + 1;
        double *work = malloc((size_t)lwork * sizeof *work);
        pdgels_("N", &m, &n, &p->nrhs, a.loc, &one, &one, a.desc, b.loc, &one, &one, b.desc, work,
                &lwork, &info, 1);
        free(work);
    }
    check_info("PDGELS", g, info);
    add_mat(o, "QR factors", g, &a);
    add_mat(o, "solution X", g, &b);
    { /* A**T (b - A x) = 0 for the first column */
        const double *x = o->v[1];
        long double *r = calloc((size_t)m, sizeof *r), worst = 0, scale = 1;
        for (int i = 0; i < m; i++) {
            r[i] = b.g[i];
            for (int j = 0; j < n; j++)
                r[i] -= (long double)a.g[i + (size_t)j * m] * x[j];
        }
        for (int j = 0; j < n; j++) {
            long double s = 0;
            for (int i = 0; i < m; i++) {
                s += (long double)a.g[i + (size_t)j * m] * r[i];
                scale += fabsl((long double)a.g[i + (size_t)j * m] * b.g[i]);
            }
            worst = fabsl(s) > worst ? fabsl(s) : worst;
        }
        free(r);
        sane("PDGELS", g, "normal equations", worst, 1e-10L * scale);
    }
    pt_mat_free(&a);
    pt_mat_free(&b);
}

static void run_syev(const pt_grid *g, const params *p, int kind, outputs *o)
{
    int n = p->n, info = 0, one = 1, lwork = -1;
    pt_mat a, z;
    pt_mat_make(&a, g, n, n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&z, g, n, n, p->nb, p->nb, 0, 0, 0);
    fill(&a, g, kind, 0, 1);
    double *w = calloc((size_t)n + 1, sizeof *w);
    if (g->in) {
        double q = 0;
        pdsyev_("V", "L", &n, a.loc, &one, &one, a.desc, w, z.loc, &one, &one, z.desc, &q, &lwork,
                &info, 1, 1);
        lwork = (int)q + 1;
        double *work = malloc((size_t)lwork * sizeof *work);
        pdsyev_("V", "L", &n, a.loc, &one, &one, a.desc, w, z.loc, &one, &one, z.desc, work, &lwork,
                &info, 1, 1);
        free(work);
    }
    check_info("PDSYEV", g, info);
    MPI_Bcast(w, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    outputs_add(o, "eigenvalues", w, (size_t)n);
    add_mat(o, "eigenvectors", g, &z);
    for (int e = 0; e<n; e += n - 1> 0 ? n - 1 : 1) {
        const double *zv = o->v[1] + (size_t)e * n;
        long double worst = 0, scale = 1;
        for (int i = 0; i < n; i++) {
            long double r = -(long double)w[e] * zv[i];
            for (int j = 0; j < n; j++) {
                r += (long double)a.g[i + (size_t)j * n] * zv[j];
                scale += fabsl((long double)a.g[i + (size_t)j * n] * zv[j]);
            }
            worst = fabsl(r) > worst ? fabsl(r) : worst;
        }
        sane("PDSYEV", g, "|A z - w z|", worst, 1e-12L * scale);
        if (n <= 1)
            break;
    }
    free(w);
    pt_mat_free(&a);
    pt_mat_free(&z);
}

static void run_gesvx(const pt_grid *g, const params *p, int kind, outputs *o)
{
    pt_mat a, af, b, x;
    pt_mat_make(&a, g, p->n, p->n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&af, g, p->n, p->n, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&b, g, p->n, p->nrhs, p->nb, p->nb, 0, 0, 0);
    pt_mat_make(&x, g, p->n, p->nrhs, p->nb, p->nb, 0, 0, 0);
    fill(&a, g, kind, 0, 0);
    fill(&b, g, kind, 1000, 0);
    int info = 0, one = 1;
    char equed = 'N';
    double rcond = 0.0;
    double *ferr = calloc((size_t)x.nloc + 1, sizeof *ferr),
           *berr = calloc((size_t)x.nloc + 1, sizeof *berr);
    double *rr = calloc((size_t)a.mloc + 1, sizeof *rr),
           *cc = calloc((size_t)a.nloc + 1, sizeof *cc);
    int *ipiv = calloc((size_t)a.mloc + p->nb, sizeof *ipiv);
    if (g->in) {
        double wq = 0;
        int iq = 0, lwork = -1, liwork = -1;
        pdgesvx_("N", "N", &p->n, &p->nrhs, a.loc, &one, &one, a.desc, af.loc, &one, &one, af.desc,
                 ipiv, &equed, rr, cc, b.loc, &one, &one, b.desc, x.loc, &one, &one, x.desc, &rcond,
                 ferr, berr, &wq, &lwork, &iq, &liwork, &info, 1, 1, 1);
        /* generously: ScaLAPACK's query leaves PDGERFS short on some grids */
        lwork = (int)wq + 8 * p->n * (p->n + p->nb);
        liwork = iq + 8 * p->n;
        double *work = calloc((size_t)lwork, sizeof *work);
        int *iwork = calloc((size_t)liwork, sizeof *iwork);
        pdgesvx_("N", "N", &p->n, &p->nrhs, a.loc, &one, &one, a.desc, af.loc, &one, &one, af.desc,
                 ipiv, &equed, rr, cc, b.loc, &one, &one, b.desc, x.loc, &one, &one, x.desc, &rcond,
                 ferr, berr, work, &lwork, iwork, &liwork, &info, 1, 1, 1);
        free(work);
        free(iwork);
    }
    check_info("PDGESVX", g, info);
    MPI_Bcast(&rcond, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    add_mat(o, "LU factors", g, &af);
    add_mat(o, "solution X", g, &x);
    outputs_add(o, "RCOND", &rcond, 1);
    double *v = malloc((size_t)p->nrhs * sizeof *v);
    assemble_cols(g, &x, ferr, p->nrhs, v);
    outputs_add(o, "FERR", v, (size_t)p->nrhs);
    assemble_cols(g, &x, berr, p->nrhs, v);
    outputs_add(o, "BERR", v, (size_t)p->nrhs);
    sane("PDGESVX", g, "BERR", v[0], 1e-14L);
    sane("PDGESVX", g, "1/RCOND (well conditioned)", 1.0L / rcond, 1e3L);
    free(v);
    free(ferr);
    free(berr);
    free(rr);
    free(cc);
    free(ipiv);
    pt_mat_free(&a);
    pt_mat_free(&af);
    pt_mat_free(&b);
    pt_mat_free(&x);
}

/* ---- PSGESV, PCGESV, PZGESV ------------------------------------------------ */

/* A typed local array beside a pt_mat's layout (its descriptor, mloc,
 * nloc, lld): es bytes an element, parts (1 or 2) of binary32 (f32) or
 * binary64 values; the global values in gv (parts per element, ld m). */
typedef struct xmat {
    pt_mat d;
    int es, parts, f32;
    double *gv;
    char *loc;
} xmat;

static void xmat_make(xmat *x, const pt_grid *g, int m, int n, int nb, char type)
{
    pt_mat_make(&x->d, g, m, n, nb, nb, 0, 0, 0);
    x->f32 = type == 'S' || type == 'C';
    x->parts = type == 'C' || type == 'Z' ? 2 : 1;
    x->es = x->parts * (x->f32 ? 4 : 8);
    x->gv = calloc((size_t)m * n * x->parts + 1, sizeof *x->gv);
    x->loc = calloc((size_t)x->d.lld * (x->d.nloc > 0 ? x->d.nloc : 1), (size_t)x->es);
}

static void xmat_free(xmat *x)
{
    free(x->gv);
    free(x->loc);
    pt_mat_free(&x->d);
}

static void xmat_deal(xmat *x, const pt_grid *g)
{
    if (!g->in)
        return;
    for (int lj = 0; lj < x->d.nloc; lj++)
        for (int li = 0; li < x->d.mloc; li++) {
            size_t at = (size_t)pt_grow(&x->d, g, li) + (size_t)pt_gcol(&x->d, g, lj) * x->d.m;
            char *e = x->loc + ((size_t)li + (size_t)lj * x->d.lld) * (size_t)x->es;
            for (int q = 0; q < x->parts; q++) {
                double v = x->gv[at * x->parts + q];
                if (x->f32)
                    ((float *)e)[q] = (float)v;
                else
                    ((double *)e)[q] = v;
            }
        }
}

/* The global matrix's bits, packed into doubles (8 bytes each), alike on
 * every process; how many doubles. */
static size_t xmat_assemble(const pt_grid *g, const xmat *x, double **out)
{
    size_t bytes = (size_t)x->d.m * x->d.n * (size_t)x->es, len = (bytes + 7) / 8;
    unsigned char *b = calloc(len * 8 + 8, 1);
    if (g->in)
        for (int lj = 0; lj < x->d.nloc; lj++)
            for (int li = 0; li < x->d.mloc; li++) {
                size_t at = (size_t)pt_grow(&x->d, g, li) + (size_t)pt_gcol(&x->d, g, lj) * x->d.m;
                memcpy(b + at * x->es, x->loc + ((size_t)li + (size_t)lj * x->d.lld) * x->es,
                       (size_t)x->es);
            }
    MPI_Allreduce(MPI_IN_PLACE, b, (int)(len * 8), MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
    *out = (double *)b;
    return len;
}

/* Element e's part q of an assembled matrix. */
static long double xget(const xmat *x, const double *v, size_t e, int q)
{
    if (x->f32)
        return ((const float *)v)[e * x->parts + q];
    return v[e * x->parts + q];
}

/* Sanity: the residual of the first column of A x = b, the data as dealt
 * (rounded to binary32 for S and C), in long double. */
static void xresidual(const char *name, const pt_grid *g, const params *p, const xmat *a,
                      const xmat *b, const double *x)
{
    long double worst = 0, scale = 1;
    for (int i = 0; i < p->n; i++) {
        long double rr = 0, ri = 0;
        for (int q = 0; q < a->parts; q++) {
            double v = b->gv[(size_t)i * b->parts + q];
            *(q ? &ri : &rr) = a->f32 ? (long double)(float)v : v;
        }
        for (int j = 0; j < p->n; j++) {
            long double ar = 0, ai = 0, xr = xget(b, x, (size_t)j, 0);
            long double xi = b->parts > 1 ? xget(b, x, (size_t)j, 1) : 0;
            for (int q = 0; q < a->parts; q++) {
                double v = a->gv[(i + (size_t)j * p->n) * a->parts + q];
                *(q ? &ai : &ar) = a->f32 ? (long double)(float)v : v;
            }
            rr -= ar * xr - ai * xi;
            ri -= ar * xi + ai * xr;
            scale += fabsl(ar * xr) + fabsl(ai * xi) + fabsl(ar * xi) + fabsl(ai * xr);
        }
        worst = fabsl(rr) + fabsl(ri) > worst ? fabsl(rr) + fabsl(ri) : worst;
    }
    sane(name, g, "residual", worst, (a->f32 ? 1e-5L : 1e-12L) * scale);
}

static void run_xgesv(const pt_grid *g, const params *p, int kind, outputs *o, char type)
{
    xmat a, b;
    xmat_make(&a, g, p->n, p->n, p->nb, type);
    xmat_make(&b, g, p->n, p->nrhs, p->nb, type);
    for (int j = 0; j < p->n; j++)
        for (int i = 0; i < p->n; i++)
            for (int q = 0; q < a.parts; q++)
                a.gv[(i + (size_t)j * p->n) * a.parts + q] = entry(kind, i + 2000 * q, j, p->n);
    for (int j = 0; j < p->nrhs; j++)
        for (int i = 0; i < p->n; i++)
            for (int q = 0; q < b.parts; q++)
                b.gv[(i + (size_t)j * p->n) * b.parts + q] =
                    entry(kind, i + 1000 + 2000 * q, j, p->n);
    xmat_deal(&a, g);
    xmat_deal(&b, g);
    int info = 0, one = 1;
    int *ipiv = calloc((size_t)(a.d.mloc + p->nb), sizeof *ipiv);
    if (g->in) {
        if (type == 'S')
            psgesv_(&p->n, &p->nrhs, a.loc, &one, &one, a.d.desc, ipiv, b.loc, &one, &one, b.d.desc,
                    &info);
        else if (type == 'C')
            pcgesv_(&p->n, &p->nrhs, a.loc, &one, &one, a.d.desc, ipiv, b.loc, &one, &one, b.d.desc,
                    &info);
        else
            pzgesv_(&p->n, &p->nrhs, a.loc, &one, &one, a.d.desc, ipiv, b.loc, &one, &one, b.d.desc,
                    &info);
    }
    char name[8] = {'P', type, 'G', 'E', 'S', 'V', 0};
    check_info(name, g, info);
    double *lu, *x;
    size_t nlu = xmat_assemble(g, &a, &lu), nx = xmat_assemble(g, &b, &x);
    outputs_add(o, "LU factors", lu, nlu);
    outputs_add(o, "solution X", x, nx);
    xresidual(name, g, p, &a, &b, x);
    free(lu);
    free(x);
    free(ipiv);
    xmat_free(&a);
    xmat_free(&b);
}

/* PxPOSV: A Hermitian (symmetric) with a dominant real diagonal, UPLO 'L'. */
static void run_xposv(const pt_grid *g, const params *p, int kind, outputs *o, char type)
{
    xmat a, b;
    xmat_make(&a, g, p->n, p->n, p->nb, type);
    xmat_make(&b, g, p->n, p->nrhs, p->nb, type);
    for (int j = 0; j < p->n; j++)
        for (int i = 0; i < p->n; i++)
            for (int q = 0; q < a.parts; q++) {
                int lo = i >= j; /* a_ij = conj(a_ji) */
                double v = entry(kind, (lo ? i : j) + 2000 * q, lo ? j : i, p->n);
                a.gv[(i + (size_t)j * p->n) * a.parts + q] = q && !lo ? -v : v;
            }
    for (int i = 0; i < p->n; i++) {
        double *d = &a.gv[(i + (size_t)i * p->n) * a.parts];
        d[0] = fabs(d[0]) + 3.0 * p->n;
        if (a.parts > 1)
            d[1] = 0.0;
    }
    for (int j = 0; j < p->nrhs; j++)
        for (int i = 0; i < p->n; i++)
            for (int q = 0; q < b.parts; q++)
                b.gv[(i + (size_t)j * p->n) * b.parts + q] =
                    entry(kind, i + 1000 + 2000 * q, j, p->n);
    xmat_deal(&a, g);
    xmat_deal(&b, g);
    int info = 0, one = 1;
    xposv_fn *f = type == 'S' ? psposv_ : type == 'C' ? pcposv_ : pzposv_;
    if (g->in)
        f("L", &p->n, &p->nrhs, a.loc, &one, &one, a.d.desc, b.loc, &one, &one, b.d.desc, &info, 1);
    char name[8] = {'P', type, 'P', 'O', 'S', 'V', 0};
    check_info(name, g, info);
    double *fa, *x;
    size_t nf = xmat_assemble(g, &a, &fa), nx = xmat_assemble(g, &b, &x);
    outputs_add(o, "Cholesky factor", fa, nf);
    outputs_add(o, "solution X", x, nx);
    xresidual(name, g, p, &a, &b, x);
    free(fa);
    free(x);
    xmat_free(&a);
    xmat_free(&b);
}

static void run_sposv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xposv(g, p, kind, o, 'S');
}

static void run_cposv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xposv(g, p, kind, o, 'C');
}

static void run_zposv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xposv(g, p, kind, o, 'Z');
}

/* Part q of element (i, j) of an xmat's global values, as dealt (binary32
 * for S and C). */
static long double xval(const xmat *x, int i, int j, int q)
{
    if (q >= x->parts)
        return 0;
    double v = x->gv[((size_t)i + (size_t)j * x->d.m) * x->parts + q];
    return x->f32 ? (long double)(float)v : v;
}

static void xfill(xmat *x, const pt_grid *g, int kind, int off)
{
    for (int j = 0; j < x->d.n; j++)
        for (int i = 0; i < x->d.m; i++)
            for (int q = 0; q < x->parts; q++)
                x->gv[((size_t)i + (size_t)j * x->d.m) * x->parts + q] =
                    entry(kind, i + off + 2000 * q, j, x->d.n);
    xmat_deal(x, g);
}

/* PxGEQRF (S, C, Z): the factors and TAU; |R(1,1)| = ||A(:,1)||. */
static void run_xgeqrf(const pt_grid *g, const params *p, int kind, outputs *o, char type)
{
    int m = p->n + 7, n = p->n, info = 0, one = 1, lwork = -1;
    xmat a;
    xmat_make(&a, g, m, n, p->nb, type);
    xfill(&a, g, kind, 0);
    double *tau = calloc(2 * ((size_t)a.d.nloc + 1), sizeof *tau), wq[2] = {0, 0};
    xgeqrf_fn *f = type == 'S' ? psgeqrf_ : type == 'C' ? pcgeqrf_ : pzgeqrf_;
    if (g->in) {
        f(&m, &n, a.loc, &one, &one, a.d.desc, tau, wq, &lwork, &info);
        float wf;
        memcpy(&wf, wq, sizeof wf);
        lwork = (int)(a.f32 ? wf : wq[0]) + 1;
        double *work = malloc(2 * (size_t)lwork * sizeof *work);
        f(&m, &n, a.loc, &one, &one, a.d.desc, tau, work, &lwork, &info);
        free(work);
    }
    char name[9] = {'P', type, 'G', 'E', 'Q', 'R', 'F', 0};
    check_info(name, g, info);
    double *fa;
    size_t nf = xmat_assemble(g, &a, &fa);
    outputs_add(o, "R and V", fa, nf);
    long double nrm = 0;
    for (int i = 0; i < m; i++)
        nrm += xval(&a, i, 0, 0) * xval(&a, i, 0, 0) + xval(&a, i, 0, 1) * xval(&a, i, 0, 1);
    nrm = sqrtl(nrm);
    long double r11 =
        a.parts > 1 ? hypotl(xget(&a, fa, 0, 0), xget(&a, fa, 0, 1)) : fabsl(xget(&a, fa, 0, 0));
    sane(name, g, "| |R(1,1)| - ||A(:,1)|| |", fabsl(r11 - nrm), (a.f32 ? 1e-5L : 1e-13L) * nrm);
    free(fa);
    free(tau);
    xmat_free(&a);
}

/* PxGELS (S, C, Z), TRANS 'N': overdetermined (m = n + 7, QR: A**H (b -
 * A x) = 0) or underdetermined (m = n - 7, LQ: A x = b), the factors and
 * the solution. */
static void run_xgels(const pt_grid *g, const params *p, int kind, outputs *o, char type, int under)
{
    int n = p->n, m = under ? n - 7 : n + 7, mb = m > n ? m : n, info = 0, one = 1, lwork = -1;
    xmat a, b;
    xmat_make(&a, g, m, n, p->nb, type);
    xmat_make(&b, g, mb, p->nrhs, p->nb, type);
    xfill(&a, g, kind, 0);
    xfill(&b, g, kind, 1000);
    xgels_fn *f = type == 'S'   ? psgels_
                  : type == 'D' ? (xgels_fn *)pdgels_
                  : type == 'C' ? pcgels_
                                : pzgels_;
    if (g->in) {
        double wq[2] = {0, 0};
        f("N", &m, &n, &p->nrhs, a.loc, &one, &one, a.d.desc, b.loc, &one, &one, b.d.desc, wq,
          &lwork, &info, 1);
        float wf;
        memcpy(&wf, wq, sizeof wf);
        lwork = (int)(a.f32 ? wf : wq[0]) + 1;
        double *work = malloc(2 * (size_t)lwork * sizeof *work);
        f("N", &m, &n, &p->nrhs, a.loc, &one, &one, a.d.desc, b.loc, &one, &one, b.d.desc, work,
          &lwork, &info, 1);
        free(work);
    }
    char name[8] = {'P', type, 'G', 'E', 'L', 'S', 0};
    check_info(name, g, info);
    double *fa, *x;
    size_t nf = xmat_assemble(g, &a, &fa), nx = xmat_assemble(g, &b, &x);
    outputs_add(o, under ? "LQ factors" : "QR factors", fa, nf);
    outputs_add(o, "solution X", x, nx);
    /* r = b - A x for the first column; over: A**H r, under: r itself */
    long double *rr = calloc((size_t)m, sizeof *rr), *ri = calloc((size_t)m, sizeof *ri);
    long double worst = 0, scale = 1;
    for (int i = 0; i < m; i++) {
        rr[i] = xval(&b, i, 0, 0), ri[i] = xval(&b, i, 0, 1);
        for (int j = 0; j < n; j++) {
            long double ar = xval(&a, i, j, 0), ai = xval(&a, i, j, 1);
            long double xr = xget(&b, x, (size_t)j, 0),
                        xi = b.parts > 1 ? xget(&b, x, (size_t)j, 1) : 0;
            rr[i] -= ar * xr - ai * xi;
            ri[i] -= ar * xi + ai * xr;
            scale += fabsl(ar * xr) + fabsl(ai * xi) + fabsl(ar * xi) + fabsl(ai * xr);
        }
    }
    if (under) {
        for (int i = 0; i < m; i++)
            worst = fmaxl(worst, fabsl(rr[i]) + fabsl(ri[i]));
    } else {
        for (int j = 0; j < n; j++) {
            long double sr = 0, si = 0;
            for (int i = 0; i < m; i++) { /* conj(a_ij) r_i */
                long double ar = xval(&a, i, j, 0), ai = xval(&a, i, j, 1);
                sr += ar * rr[i] + ai * ri[i];
                si += ar * ri[i] - ai * rr[i];
            }
            worst = fmaxl(worst, fabsl(sr) + fabsl(si));
        }
    }
    sane(name, g, under ? "residual" : "normal equations", worst, (a.f32 ? 1e-3L : 1e-10L) * scale);
    free(rr);
    free(ri);
    free(fa);
    free(x);
    xmat_free(&a);
    xmat_free(&b);
}

/* PSSYEV, PCHEEV, PZHEEV (JOBZ 'V', UPLO 'L'): eigenvalues and vectors;
 * |A z - w z| for the first and the last. */
static void run_xheev(const pt_grid *g, const params *p, int kind, outputs *o, char type)
{
    int n = p->n, info = 0, one = 1, lwork = -1, lrwork = -1;
    xmat a, z;
    xmat_make(&a, g, n, n, p->nb, type);
    xmat_make(&z, g, n, n, p->nb, type);
    for (int j = 0; j < n; j++) /* Hermitian: a_ij = conj(a_ji), a real diagonal */
        for (int i = 0; i < n; i++)
            for (int q = 0; q < a.parts; q++) {
                int lo = i >= j;
                double v = entry(kind, (lo ? i : j) + 2000 * q, lo ? j : i, n);
                a.gv[(i + (size_t)j * n) * a.parts + q] = q && i == j ? 0.0 : q && !lo ? -v : v;
            }
    xmat_deal(&a, g);
    int es = a.f32 ? 4 : 8;
    char *w = calloc((size_t)n + 1, (size_t)es);
    if (g->in) {
        double wq[2] = {0, 0}, rq[2] = {0, 0};
        float wf, rf;
        if (type == 'S')
            pssyev_("V", "L", &n, a.loc, &one, &one, a.d.desc, w, z.loc, &one, &one, z.d.desc, wq,
                    &lwork, &info, 1, 1);
        else
            (type == 'C' ? pcheev_ : pzheev_)("V", "L", &n, a.loc, &one, &one, a.d.desc, w, z.loc,
                                              &one, &one, z.d.desc, wq, &lwork, rq, &lrwork, &info,
                                              1, 1);
        memcpy(&wf, wq, sizeof wf);
        memcpy(&rf, rq, sizeof rf);
        lwork = (int)(a.f32 ? wf : wq[0]) + 1;
        lrwork = (int)(a.f32 ? rf : rq[0]) + 1;
        double *work = malloc(2 * (size_t)lwork * sizeof *work);
        double *rwork = malloc((size_t)(lrwork > 0 ? lrwork : 1) * sizeof *rwork);
        if (type == 'S')
            pssyev_("V", "L", &n, a.loc, &one, &one, a.d.desc, w, z.loc, &one, &one, z.d.desc, work,
                    &lwork, &info, 1, 1);
        else
            (type == 'C' ? pcheev_ : pzheev_)("V", "L", &n, a.loc, &one, &one, a.d.desc, w, z.loc,
                                              &one, &one, z.d.desc, work, &lwork, rwork, &lrwork,
                                              &info, 1, 1);
        free(work);
        free(rwork);
    }
    char name[8] = {'P', type, type == 'S' ? 'S' : 'H', type == 'S' ? 'Y' : 'E', 'E', 'V', 0};
    check_info(name, g, info);
    MPI_Bcast(w, n * es, MPI_BYTE, 0, MPI_COMM_WORLD);
    double *wd = calloc((size_t)n + 1, sizeof *wd), *zv;
    memcpy(wd, w, (size_t)n * (size_t)es); /* the bits, packed */
    outputs_add(o, "eigenvalues", wd, ((size_t)n * (size_t)es + 7) / 8);
    size_t nz = xmat_assemble(g, &z, &zv);
    outputs_add(o, "eigenvectors", zv, nz);
    for (int e = 0; e<n; e += n - 1> 0 ? n - 1 : 1) {
        long double lam = a.f32 ? (long double)((float *)w)[e] : (long double)((double *)w)[e];
        long double worst = 0, scale = 1;
        for (int i = 0; i < n; i++) {
            long double rr = -lam * xget(&z, zv, (size_t)i + (size_t)e * n, 0);
            long double ri = z.parts > 1 ? -lam * xget(&z, zv, (size_t)i + (size_t)e * n, 1) : 0;
            for (int j = 0; j < n; j++) {
                long double ar = xval(&a, i, j, 0), ai = xval(&a, i, j, 1);
                long double zr = xget(&z, zv, (size_t)j + (size_t)e * n, 0);
                long double zi = z.parts > 1 ? xget(&z, zv, (size_t)j + (size_t)e * n, 1) : 0;
                rr += ar * zr - ai * zi;
                ri += ar * zi + ai * zr;
                scale += fabsl(ar * zr) + fabsl(ai * zi) + fabsl(ar * zi) + fabsl(ai * zr);
            }
            worst = fmaxl(worst, fabsl(rr) + fabsl(ri));
        }
        sane(name, g, "|A z - w z|", worst, (a.f32 ? 1e-4L : 1e-12L) * scale);
        if (n <= 1)
            break;
    }
    free(w);
    free(wd);
    free(zv);
    xmat_free(&a);
    xmat_free(&z);
}

#define TYPED_RUN(name, call)                                                                      \
    static void name(const pt_grid *g, const params *p, int kind, outputs *o)                      \
    {                                                                                              \
        call;                                                                                      \
    }
TYPED_RUN(run_sgeqrf, run_xgeqrf(g, p, kind, o, 'S'))
TYPED_RUN(run_cgeqrf, run_xgeqrf(g, p, kind, o, 'C'))
TYPED_RUN(run_zgeqrf, run_xgeqrf(g, p, kind, o, 'Z'))
TYPED_RUN(run_sgels, run_xgels(g, p, kind, o, 'S', 0))
TYPED_RUN(run_cgels, run_xgels(g, p, kind, o, 'C', 0))
TYPED_RUN(run_zgels, run_xgels(g, p, kind, o, 'Z', 0))
TYPED_RUN(run_zgels_lq, run_xgels(g, p, kind, o, 'Z', 1))
TYPED_RUN(run_cgels_lq, run_xgels(g, p, kind, o, 'C', 1))
TYPED_RUN(run_dgels_lq, run_xgels(g, p, kind, o, 'D', 1))
TYPED_RUN(run_ssyev, run_xheev(g, p, kind, o, 'S'))
TYPED_RUN(run_cheev, run_xheev(g, p, kind, o, 'C'))
TYPED_RUN(run_zheev, run_xheev(g, p, kind, o, 'Z'))

static void run_sgesv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xgesv(g, p, kind, o, 'S');
}

static void run_cgesv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xgesv(g, p, kind, o, 'C');
}

static void run_zgesv(const pt_grid *g, const params *p, int kind, outputs *o)
{
    run_xgesv(g, p, kind, o, 'Z');
}

/* ---- the driver ------------------------------------------------------------ */

typedef struct driver {
    const char *name;
    void (*run)(const pt_grid *, const params *, int, outputs *);
    /* why its outputs still depend on the grid on the exact PBLAS (ScaLAPACK
     * adds rounded partials itself, doc/PBLAS.md), or NULL: they must not */
    const char *known;
    /* run only when named (PDGESVX: ScaLAPACK's PDGERFS has been seen to pass
     * PDGETRS an illegal TRANS and hang, on its own PBLAS too; doc/PBLAS.md) */
    int named_only;
} driver;

static const driver drivers[] = {
    {"PDGESV", run_gesv, NULL, 0},        {"PDPOSV", run_posv, NULL, 0},
    {"PDGEQRF", run_geqrf, NULL, 0},      {"PDGELS", run_gels, NULL, 0},
    {"PDSYEV", run_syev, NULL, 0},        {"PDGESVX", run_gesvx, NULL, 1},
    {"PSGESV", run_sgesv, NULL, 0},       {"PCGESV", run_cgesv, NULL, 0},
    {"PZGESV", run_zgesv, NULL, 0},       {"PSPOSV", run_sposv, NULL, 0},
    {"PCPOSV", run_cposv, NULL, 0},       {"PZPOSV", run_zposv, NULL, 0},
    {"PSGEQRF", run_sgeqrf, NULL, 0},     {"PCGEQRF", run_cgeqrf, NULL, 0},
    {"PZGEQRF", run_zgeqrf, NULL, 0},     {"PSGELS", run_sgels, NULL, 0},
    {"PCGELS", run_cgels, NULL, 0},       {"PZGELS", run_zgels, NULL, 0},
    {"PDGELS/LQ", run_dgels_lq, NULL, 0}, {"PCGELS/LQ", run_cgels_lq, NULL, 0},
    {"PZGELS/LQ", run_zgels_lq, NULL, 0}, {"PSSYEV", run_ssyev, NULL, 0},
    {"PCHEEV", run_cheev, NULL, 0},       {"PZHEEV", run_zheev, NULL, 0},
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    params p = {61, 3, 5};
    int tolerate = 0, chosen = 0;
    char *want[16];
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-nb") && a + 1 < argc)
            p.nb = atoi(argv[++a]);
        else if (!strcmp(argv[a], "-n") && a + 1 < argc)
            p.n = atoi(argv[++a]);
        else if (chosen < 16)
            want[chosen++] = argv[a];
    }
#ifdef NETLIB_PBLAS
    tolerate = 1;
#endif
    int ndrivers = (int)(sizeof drivers / sizeof *drivers);
    for (int d = 0; d < ndrivers; d++) {
        int wanted = !chosen && !drivers[d].named_only;
        for (int k = 0; k < chosen; k++)
            wanted |= !strcmp(want[k], drivers[d].name);
        if (!wanted)
            continue;
        for (int kind = 0; kind < 2; kind++) {
            const char *matrix = kind ? "integers" : "drawn";
            outputs ref = {0};
            int grids = 0, same = 0;
            for (int gi = 0; gi < PT_NGRIDS; gi++) {
                if (pt_grids[gi][0] * pt_grids[gi][1] > size)
                    continue;
                pt_grid g;
                pt_grid_make(&g, pt_grids[gi][0], pt_grids[gi][1]);
                outputs o = {0};
                long calls0 = exactblas_pblas_calls();
                drivers[d].run(&g, &p, kind, &o);
                long calls = exactblas_pblas_calls() - calls0, all;
                MPI_Allreduce(&calls, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
#ifndef NETLIB_PBLAS
                if (all == 0) {
                    if (rank == 0)
                        printf("%s: no call reached libexactblas_pblas FAILED\n", drivers[d].name);
                    failures++;
                }
#endif
                grids++;
                if (gi == 0)
                    ref = o;
                else
                    same += !compare(drivers[d].name, matrix, &g, &ref, &o,
                                     tolerate || drivers[d].known);
                if (gi != 0)
                    outputs_free(&o);
                pt_grid_free(&g);
            }
            if (rank == 0)
                printf("%s (%s, n=%d, nb=%d): %d of %d grids give the 1x1 grid's bits%s%s%s\n",
                       drivers[d].name, matrix, p.n, p.nb, same + 1, grids,
                       drivers[d].known && same + 1 < grids ? " (known: " : "",
                       drivers[d].known && same + 1 < grids ? drivers[d].known : "",
                       drivers[d].known && same + 1 < grids ? ")" : "");
            outputs_free(&ref);
        }
    }
    int all;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("test_pblas_drivers: %s\n", all ? "FAILED" : "PASSED");
    MPI_Finalize();
    return all != 0;
}

/*
 * bench_drivers.c -- LAPACK's drivers on whatever BLAS and LAPACK the
 * process gets (bench_drivers.sh runs it on the drop-in under netlib
 * LAPACK, on OpenBLAS under netlib LAPACK and on OpenBLAS's own LAPACK, one
 * library at a time): DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD (eigenvalues and
 * vectors) and DGESVD (singular values and vectors) at each order, the
 * median of `reps` calls in ms, and a backward-error ratio of the last one
 * (no unit; below ~1 is backward stable):
 *   DGESV, DPOTRF+S   ||b - A x|| / ((||A|| ||x|| + ||b||) n eps)  (long double)
 *   DGEQRF            ||A v - Q (R v)|| / (||A|| ||v|| n eps), v random, Q
 *                     applied by DORMQR (not timed)
 *   DSYEVD            ||A (Z v) - Z (W v)|| / (||A|| ||v|| n eps)
 *   DGESVD            ||A v - U (S (V^T v))|| / (||A|| ||v|| n eps)
 * (the random probe v makes each check O(n^2); max norms).  Data: uniform
 * in (-1, 1), SPD as B^T B + n I, symmetric as (B + B^T) / 2.
 * An order written zN (z500) runs the complex drivers instead, ZGESV and
 * ZHEEVD (eigenvalues and vectors) at order N, with the same checks on
 * complex data (both parts uniform; Hermitian as (B + B^H) / 2), under a
 * header line of their own.
 *
 * First lines (#): the file that runs DGETRF, DPOTRF and DGEQRF, and
 * OpenBLAS's openblas_get_corename() where the process has OpenBLAS in its
 * global scope (the peer's kernels).
 *
 * usage: bench_drivers reps n ...
 */
#define _GNU_SOURCE /* dladdr, RTLD_DEFAULT */
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "timing.h"

static const char usage[] =
    "usage: bench_drivers reps n ...\n"
    "  LAPACK's DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD and DGESVD on whatever BLAS and\n"
    "  LAPACK this process gets (run it through TESTING/bench_drivers.sh, which gives\n"
    "  it the drop-in, OpenBLAS under netlib LAPACK and OpenBLAS's LAPACK in turn).\n"
    "  reps  calls timed per driver and order, 1..64\n"
    "  n     orders, 2..8000; zN: ZGESV and ZHEEVD at order N instead\n"
    "  Prints the median time in ms of each driver and its backward-error ratio (no\n"
    "  unit; below about 1 is backward stable).\n";

typedef int fint;
void dgesv_(const fint *n, const fint *nrhs, double *a, const fint *lda, fint *ipiv, double *b,
            const fint *ldb, fint *info);
void dgetrf_(const fint *m, const fint *n, double *a, const fint *lda, fint *ipiv, fint *info);
void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info, size_t);
void dpotrs_(const char *uplo, const fint *n, const fint *nrhs, const double *a, const fint *lda,
             double *b, const fint *ldb, fint *info, size_t);
void dgeqrf_(const fint *m, const fint *n, double *a, const fint *lda, double *tau, double *work,
             const fint *lwork, fint *info);
void dormqr_(const char *side, const char *trans, const fint *m, const fint *n, const fint *k,
             const double *a, const fint *lda, const double *tau, double *c, const fint *ldc,
             double *work, const fint *lwork, fint *info, size_t, size_t);
void dsyevd_(const char *jobz, const char *uplo, const fint *n, double *a, const fint *lda,
             double *w, double *work, const fint *lwork, fint *iwork, const fint *liwork,
             fint *info, size_t, size_t);
void zgesv_(const fint *n, const fint *nrhs, double *a, const fint *lda, fint *ipiv, double *b,
            const fint *ldb, fint *info);
void zheevd_(const char *jobz, const char *uplo, const fint *n, double *a, const fint *lda,
             double *w, double *work, const fint *lwork, double *rwork, const fint *lrwork,
             fint *iwork, const fint *liwork, fint *info, size_t, size_t);
void dgesvd_(const char *jobu, const char *jobvt, const fint *m, const fint *n, double *a,
             const fint *lda, double *s, double *u, const fint *ldu, double *vt, const fint *ldvt,
             double *work, const fint *lwork, fint *info, size_t, size_t);

static unsigned long long seed = 12345;
static double uniform(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) * 0x1p-52 - 1.0;
}

/* y := A x (n x n, long double sums), max norms of A (rows) returned. */
static long double matvec(int n, const double *a, const double *x, long double *y)
{
    long double anorm = 0;
    for (int i = 0; i < n; i++) {
        long double s = 0, row = 0;
        for (int j = 0; j < n; j++) {
            s += (long double)a[i + (long)j * n] * x[j];
            row += fabsl(a[i + (long)j * n]);
        }
        y[i] = s;
        anorm = fmaxl(anorm, row);
    }
    return anorm;
}

static long double vmax(int n, const double *v)
{
    long double m = 0;
    for (int i = 0; i < n; i++)
        m = fmaxl(m, fabsl(v[i]));
    return m;
}

enum { GESV, POSV, GEQRF, SYEVD, GESVD, DRIVERS };
static const char *names[DRIVERS] = {"DGESV", "DPOTRF+S", "DGEQRF", "DSYEVD", "DGESVD"};

/* One call of driver d on the matrix a0 (n x n), its time; the error ratio
 * of this call in *err. */
static double run(int d, int n, const double *a0, double *err)
{
    long nn = (long)n * n;
    double *a = malloc((size_t)nn * sizeof *a), *b = malloc((size_t)n * sizeof *b),
           *x = malloc((size_t)n * sizeof *x), *v = malloc((size_t)n * sizeof *v),
           *w = malloc((size_t)n * sizeof *w);
    long double *y = malloc((size_t)n * sizeof *y), *z = malloc((size_t)n * sizeof *z);
    fint *ipiv = malloc((size_t)n * sizeof *ipiv), one = 1, info = 0, N = n;
    memcpy(a, a0, (size_t)nn * sizeof *a);
    for (int i = 0; i < n; i++) {
        b[i] = uniform();
        v[i] = uniform();
    }
    memcpy(x, b, (size_t)n * sizeof *x);
    double t = 0.0, eps = DBL_EPSILON;
    long double anorm = matvec(n, a0, v, y), vn = vmax(n, v), r = 0;
    if (d == GESV || d == POSV) {
        double t0 = tl_now();
        if (d == GESV) {
            dgesv_(&N, &one, a, &N, ipiv, x, &N, &info);
        } else {
            dpotrf_("L", &N, a, &N, &info, 1);
            dpotrs_("L", &N, &one, a, &N, x, &N, &info, 1);
        }
        t = tl_now() - t0;
        matvec(n, a0, x, y);
        for (int i = 0; i < n; i++)
            r = fmaxl(r, fabsl(b[i] - y[i]));
        *err = (double)(r / ((anorm * vmax(n, x) + vmax(n, b)) * n * eps));
    } else if (d == GEQRF) {
        fint lwork = -1;
        double q;
        dgeqrf_(&N, &N, a, &N, w, &q, &lwork, &info);
        lwork = (fint)q;
        double *work = malloc((size_t)(lwork > n ? lwork : n) * 64 * sizeof *work);
        double t0 = tl_now();
        dgeqrf_(&N, &N, a, &N, w, work, &lwork, &info);
        t = tl_now() - t0;
        for (int i = 0; i < n; i++) { /* R v */
            long double s = 0;
            for (int j = i; j < n; j++)
                s += (long double)a[i + (long)j * n] * v[j];
            x[i] = (double)s;
        }
        fint lw = n * 64;
        dormqr_("L", "N", &N, &one, &N, a, &N, w, x, &N, work, &lw, &info, 1, 1);
        for (int i = 0; i < n; i++)
            r = fmaxl(r, fabsl(y[i] - x[i]));
        *err = (double)(r / (anorm * vn * n * eps));
        free(work);
    } else if (d == SYEVD) {
        fint lwork = -1, liwork = -1, iq;
        double q;
        dsyevd_("V", "L", &N, a, &N, w, &q, &lwork, &iq, &liwork, &info, 1, 1);
        lwork = (fint)q;
        liwork = iq;
        double *work = malloc((size_t)lwork * sizeof *work);
        fint *iwork = malloc((size_t)liwork * sizeof *iwork);
        double t0 = tl_now();
        dsyevd_("V", "L", &N, a, &N, w, work, &lwork, iwork, &liwork, &info, 1, 1);
        t = tl_now() - t0;
        /* A (Z v) against Z (W v) */
        matvec(n, a, v, z); /* Z v */
        for (int i = 0; i < n; i++)
            x[i] = (double)z[i];
        matvec(n, a0, x, y); /* A Z v */
        for (int i = 0; i < n; i++)
            b[i] = w[i] * v[i];
        matvec(n, a, b, z); /* Z W v */
        for (int i = 0; i < n; i++)
            r = fmaxl(r, fabsl(y[i] - z[i]));
        *err = (double)(r / (anorm * vn * n * eps));
        free(work);
        free(iwork);
    } else {
        double *u = malloc((size_t)nn * sizeof *u), *vt = malloc((size_t)nn * sizeof *vt), q;
        fint lwork = -1;
        dgesvd_("A", "A", &N, &N, a, &N, w, u, &N, vt, &N, &q, &lwork, &info, 1, 1);
        lwork = (fint)q;
        double *work = malloc((size_t)lwork * sizeof *work);
        double t0 = tl_now();
        dgesvd_("A", "A", &N, &N, a, &N, w, u, &N, vt, &N, work, &lwork, &info, 1, 1);
        t = tl_now() - t0;
        matvec(n, vt, v, z); /* V^T v */
        for (int i = 0; i < n; i++)
            x[i] = (double)(w[i] * z[i]);
        matvec(n, u, x, z); /* U S V^T v */
        for (int i = 0; i < n; i++)
            r = fmaxl(r, fabsl(y[i] - z[i]));
        *err = (double)(r / (anorm * vn * n * eps));
        free(u);
        free(vt);
        free(work);
    }
    if (info != 0)
        *err = NAN;
    free(a);
    free(b);
    free(x);
    free(v);
    free(w);
    free(y);
    free(z);
    free(ipiv);
    return t;
}

/* ---- the complex drivers: interleaved parts, n x n ---------------------- */

/* y := A x (complex, long double sums); A's max norm (rows, |re| + |im|). */
static long double zmatvec(int n, const double *a, const double *x, long double *y)
{
    long double anorm = 0;
    for (int i = 0; i < n; i++) {
        long double sr = 0, si = 0, row = 0;
        for (int j = 0; j < n; j++) {
            long double ar = a[2 * (i + (long)j * n)], ai = a[2 * (i + (long)j * n) + 1];
            sr += ar * x[2 * j] - ai * x[2 * j + 1];
            si += ar * x[2 * j + 1] + ai * x[2 * j];
            row += fabsl(ar) + fabsl(ai);
        }
        y[2 * i] = sr, y[2 * i + 1] = si;
        anorm = fmaxl(anorm, row);
    }
    return anorm;
}

enum { ZGESV, ZHEEVD, ZDRIVERS };
static const char *znames[ZDRIVERS] = {"ZGESV", "ZHEEVD"};

static double zrun(int d, int n, const double *a0, double *err)
{
    long nn = (long)n * n;
    double *a = malloc((size_t)(2 * nn) * sizeof *a), *b = malloc((size_t)(2 * n) * sizeof *b),
           *x = malloc((size_t)(2 * n) * sizeof *x), *v = malloc((size_t)(2 * n) * sizeof *v),
           *w = malloc((size_t)n * sizeof *w);
    long double *y = malloc((size_t)(2 * n) * sizeof *y), *z = malloc((size_t)(2 * n) * sizeof *z);
    fint *ipiv = malloc((size_t)n * sizeof *ipiv), one = 1, info = 0, N = n;
    memcpy(a, a0, (size_t)(2 * nn) * sizeof *a);
    for (int i = 0; i < 2 * n; i++) {
        b[i] = uniform();
        v[i] = uniform();
    }
    memcpy(x, b, (size_t)(2 * n) * sizeof *x);
    double t = 0.0, eps = DBL_EPSILON;
    long double anorm = zmatvec(n, a0, v, y), vn = vmax(2 * n, v), r = 0;
    if (d == ZGESV) {
        double t0 = tl_now();
        zgesv_(&N, &one, a, &N, ipiv, x, &N, &info);
        t = tl_now() - t0;
        zmatvec(n, a0, x, y);
        for (int i = 0; i < 2 * n; i++)
            r = fmaxl(r, fabsl(b[i] - y[i]));
        *err = (double)(r / ((anorm * vmax(2 * n, x) + vmax(2 * n, b)) * n * eps));
    } else {
        fint lwork = -1, lrwork = -1, liwork = -1, iq;
        double q[2], rq;
        zheevd_("V", "L", &N, a, &N, w, q, &lwork, &rq, &lrwork, &iq, &liwork, &info, 1, 1);
        lwork = (fint)q[0], lrwork = (fint)rq, liwork = iq;
        double *work = malloc((size_t)(2 * lwork) * sizeof *work),
               *rwork = malloc((size_t)lrwork * sizeof *rwork);
        fint *iwork = malloc((size_t)liwork * sizeof *iwork);
        double t0 = tl_now();
        zheevd_("V", "L", &N, a, &N, w, work, &lwork, rwork, &lrwork, iwork, &liwork, &info, 1, 1);
        t = tl_now() - t0;
        zmatvec(n, a, v, z); /* Z v */
        for (int i = 0; i < 2 * n; i++)
            x[i] = (double)z[i];
        zmatvec(n, a0, x, y); /* A Z v */
        for (int i = 0; i < 2 * n; i++)
            b[i] = w[i / 2] * v[i];
        zmatvec(n, a, b, z); /* Z W v */
        for (int i = 0; i < 2 * n; i++)
            r = fmaxl(r, fabsl(y[i] - z[i]));
        *err = (double)(r / (anorm * vn * n * eps));
        free(work);
        free(rwork);
        free(iwork);
    }
    if (info != 0)
        *err = NAN;
    free(a);
    free(b);
    free(x);
    free(v);
    free(w);
    free(y);
    free(z);
    free(ipiv);
    return t;
}

/* The complex drivers at order n, under their own header line. */
static void complex_row(int n, int reps, int *shown)
{
    long nn = (long)n * n;
    double *g = malloc((size_t)(2 * nn) * sizeof *g), *her = malloc((size_t)(2 * nn) * sizeof *her),
           times[64];
    for (long e = 0; e < 2 * nn; e++)
        g[e] = uniform();
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            long ij = 2 * (i + (long)j * n), ji = 2 * (j + (long)i * n);
            her[ij] = 0.5 * (g[ij] + g[ji]);
            her[ij + 1] = i == j ? 0.0 : 0.5 * (g[ij + 1] - g[ji + 1]);
        }
    if (*shown != 2) { /* the complex header, where the rows change kind */
        printf("%6s", "n");
        for (int d = 0; d < ZDRIVERS; d++)
            printf(" %11s ms %6s", znames[d], "err");
        printf("\n");
        *shown = 2;
    }
    printf("%5s%d", "z", n);
    for (int d = 0; d < ZDRIVERS; d++) {
        double err = 0;
        for (int r = 0; r < reps; r++)
            times[r] = zrun(d, n, d == ZHEEVD ? her : g, &err);
        printf(" %14.1f %6.3f", 1e3 * tl_median(times, reps), err);
        fflush(stdout);
    }
    printf("\n");
    free(g);
    free(her);
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    if (argc < 3)
        bench_bad("bench_drivers needs reps and at least one order", NULL, usage);
    int reps = (int)bench_count(argv[1], 1, 64, "reps", usage);
    void *routines[3] = {(void *)dgetrf_, (void *)dpotrf_, (void *)dgeqrf_};
    const char *rnames[3] = {"dgetrf_", "dpotrf_", "dgeqrf_"};
    for (int k = 0; k < 3; k++) {
        Dl_info d = {0};
        printf("# %s from %s\n", rnames[k],
               dladdr(routines[k], &d) && d.dli_fname ? d.dli_fname : "?");
    }
    const char *(*corename)(void) =
        (const char *(*)(void))dlsym(RTLD_DEFAULT, "openblas_get_corename");
    if (corename)
        printf("# openblas_get_corename: %s\n", corename());
    int shown = 0; /* the header last printed: 1 real, 2 complex */
    for (int k = 2; k < argc; k++) {
        if (argv[k][0] == 'z') {
            complex_row((int)bench_count(argv[k] + 1, 2, 8000, "n", usage), reps, &shown);
            continue;
        }
        int n = (int)bench_count(argv[k], 2, 8000, "n", usage);
        if (shown != 1) {
            printf("%6s", "n");
            for (int d = 0; d < DRIVERS; d++)
                printf(" %11s ms %6s", names[d], "err");
            printf("\n");
            shown = 1;
        }
        long nn = (long)n * n;
        double *g = malloc((size_t)nn * sizeof *g), *spd = malloc((size_t)nn * sizeof *spd),
               *sym = malloc((size_t)nn * sizeof *sym), times[64];
        for (long e = 0; e < nn; e++)
            g[e] = uniform();
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                long double s = 0;
                for (int l = 0; l < n; l += 7) /* a cheap SPD: B^T B on a sample, + n I */
                    s += (long double)g[l + (long)i * n] * g[l + (long)j * n];
                spd[i + (long)j * n] = (double)s + (i == j ? n : 0);
                sym[i + (long)j * n] = 0.5 * (g[i + (long)j * n] + g[j + (long)i * n]);
            }
        printf("%6d", n);
        for (int d = 0; d < DRIVERS; d++) {
            const double *a0 = d == POSV ? spd : d == SYEVD ? sym : g;
            double err = 0;
            for (int r = 0; r < reps; r++)
                times[r] = run(d, n, a0, &err);
            printf(" %14.1f %6.3f", 1e3 * tl_median(times, reps), err);
            fflush(stdout);
        }
        printf("\n");
        free(g);
        free(spd);
        free(sym);
    }
    return 0;
}

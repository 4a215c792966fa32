/*
 * bench_table.c -- issue 39's table in one run: the calls real programs make
 * (short dots, small GEMMs, LAPACK's update shapes, wide data, complex
 * scalars), each through the drop-in libblas.so.3 (the names programs call)
 * against OpenBLAS loaded by its own file name, with the target ratio.
 *
 * Both libraries run with `threads` threads.  A figure is the median of
 * `rounds` rounds, each the same call back to back for at least 0.2 s (one
 * library's calls in a block, never alternating call by call: two thread
 * pools alternating spin against each other on 2 cores); short calls are
 * reported per call in ns.  The kernel OpenBLAS runs (openblas_get_corename)
 * is printed: measure it at its best, so unset OPENBLAS_CORETYPE and
 * OPENBLAS_L2_SIZE in this command only (a safety setting of some machines
 * here; their Prescott kernels are several times slower).
 *
 * usage: bench_table [rounds [threads [dropin.so [openblas.so [only]]]]]
 *   defaults 5, 2, the build's drop-in, the system's libopenblas.so.0;
 *   about 5 minutes.  `only`: the rows whose call names contain it (or one of its comma-separated parts).  Prints one row per call: sizes, ExactBLAS and
 *   OpenBLAS per-call times, their ratio and the target.
 */
#define _GNU_SOURCE 1 /* dlmopen */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "timing.h"

#ifndef BENCH_DROPIN
#define BENCH_DROPIN "build/dropin/libblas.so.3"
#endif
#ifndef BENCH_OPENBLAS
#define BENCH_OPENBLAS "libopenblas.so.0"
#endif

static const char usage[] =
    "usage: bench_table [rounds [threads [dropin.so [openblas.so [only]]]]]\n"
    "  Issue 39's table: ExactBLAS (through the drop-in libblas.so.3) against\n"
    "  OpenBLAS on short dots, small and LAPACK-shaped GEMMs, wide data, TRSM,\n"
    "  complex scalars; about 5 minutes with the defaults.\n"
    "  rounds   rounds of back-to-back calls per figure, 1..101 (default 5)\n"
    "  threads  both libraries' threads, 1..64 (default 2)\n"
    "  only     only the rows whose call names contain this text (or one of\n"
    "           several, separated by commas)\n"
    "  Prints per-call times (ns below 10 us, else ms), the ratio and the target.\n"
    "  Run it as OpenBLAS runs at its best: env -u OPENBLAS_CORETYPE -u\n"
    "  OPENBLAS_L2_SIZE bench_table ...\n";

typedef double (*ddot_t)(const int *, const double *, const int *, const double *, const int *);
typedef void (*dgemv_t)(const char *, const int *, const int *, const double *, const double *,
                        const int *, const double *, const int *, const double *, double *,
                        const int *, size_t);
typedef void (*dgemm_t)(const char *, const char *, const int *, const int *, const int *,
                        const double *, const double *, const int *, const double *, const int *,
                        const double *, double *, const int *, size_t, size_t);
typedef void (*dtrsm_t)(const char *, const char *, const char *, const char *, const int *,
                        const int *, const double *, const double *, const int *, double *,
                        const int *, size_t, size_t, size_t, size_t);
typedef void (*zdotc_sub_t)(int, const void *, int, const void *, int, void *);
typedef void (*dsyev_t)(const char *, const char *, const int *, double *, const int *, double *,
                        double *, const int *, int *, size_t, size_t);

typedef struct lib {
    void *h;
    ddot_t ddot;
    dgemv_t dgemv;
    dgemm_t dgemm, zgemm;
    dtrsm_t dtrsm;
    zdotc_sub_t zdotc;
} lib;

static int open_lib(lib *L, const char *path)
{
    /* a namespace of its own: both may call themselves libblas.so.3 */
    L->h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
    if (!L->h)
        return -1;
    L->ddot = (ddot_t)dlsym(L->h, "ddot_");
    L->dgemv = (dgemv_t)dlsym(L->h, "dgemv_");
    L->dgemm = (dgemm_t)dlsym(L->h, "dgemm_");
    L->zgemm = (dgemm_t)dlsym(L->h, "zgemm_");
    L->dtrsm = (dtrsm_t)dlsym(L->h, "dtrsm_");
    L->zdotc = (zdotc_sub_t)dlsym(L->h, "cblas_zdotc_sub");
    return L->ddot && L->dgemv && L->dgemm && L->zgemm && L->dtrsm && L->zdotc ? 0 : -1;
}

/* ---- the calls ------------------------------------------------------------- */

typedef struct job {
    const lib *L;
    int kind; /* 0 dot, 1 gemv, 2 gemm, 3 trsm, 4 zgemm, 5 zdotc */
    int m, n, k;
    const double *a, *b, *x, *y;
    double *c, *work;
    const double *alpha, *beta; /* complex: two parts */
    size_t csize;               /* bytes of C to restore before a TRSM */
} job;

static volatile double sink;

static void call(const job *j)
{
    const lib *L = j->L;
    int one = 1;
    switch (j->kind) {
    case 0:
        sink = L->ddot(&j->n, j->x, &one, j->y, &one);
        break;
    case 1:
        L->dgemv("N", &j->m, &j->n, j->alpha, j->a, &j->m, j->x, &one, j->beta, j->c, &one, 1);
        break;
    case 2:
        L->dgemm("N", "N", &j->m, &j->n, &j->k, j->alpha, j->a, &j->m, j->b, &j->k, j->beta, j->c,
                 &j->m, 1, 1);
        break;
    case 3:
        memcpy(j->c, j->work, j->csize);
        L->dtrsm("L", "L", "N", "N", &j->m, &j->n, j->alpha, j->a, &j->m, j->c, &j->m, 1, 1, 1, 1);
        break;
    case 4:
        L->zgemm("N", "N", &j->m, &j->n, &j->k, j->alpha, j->a, &j->m, j->b, &j->k, j->beta, j->c,
                 &j->m, 1, 1);
        break;
    default: {
        double out[2];
        L->zdotc(j->n, j->x, 1, j->y, 1, out);
        sink = out[0];
    }
    }
}

/* Median seconds per call over `rounds` blocks of at least 0.2 s. */
static double per_call(const job *j, int rounds)
{
    double t[101];
    call(j); /* warm-up: first-use work, caches, thread pools */
    for (int r = 0; r < rounds; r++) {
        long calls = 0;
        double t0 = tl_now(), el;
        do {
            call(j);
            calls++;
            el = tl_now() - t0;
        } while (el < 0.2);
        t[r] = el / (double)calls;
    }
    return tl_median(t, rounds);
}

/* ---- the data --------------------------------------------------------------- */

static unsigned long long rng_state = 20261127ULL;

static double uniform(void) /* (-1, 1), deterministic */
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((double)(rng_state >> 11) * 0x1p-53) * 2.0 - 1.0;
}

static double *uniform_array(long len)
{
    double *v = malloc((size_t)len * sizeof *v);
    for (long i = 0; i < len; i++)
        v[i] = uniform();
    return v;
}

/* Log-uniform magnitudes in [1e-100, 1e100], random signs. */
static double *wide_array(long len)
{
    double *v = malloc((size_t)len * sizeof *v);
    for (long i = 0; i < len; i++) {
        double e = uniform() * 100.0 * log2(10.0);
        v[i] = (uniform() < 0 ? -1.0 : 1.0) * exp2(e);
    }
    return v;
}

/* The eigenvectors of a symmetric matrix with graded diagonal (OpenBLAS's
 * DSYEV), n x n: the data DSYEVD's merge multiplies. */
static double *eigenvectors(void *openblas, int n)
{
    dsyev_t dsyev = (dsyev_t)dlsym(openblas, "dsyev_");
    double *a = malloc((size_t)n * n * sizeof *a), *w = malloc((size_t)n * sizeof *w);
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++) {
            double v = i == j ? exp2(-60.0 * i / n) * (1 + uniform()) : 1e-3 * uniform();
            a[i + (long)j * n] = a[j + (long)i * n] = v;
        }
    if (!dsyev)
        return a;
    int lwork = -1, info = 0;
    double q;
    dsyev("V", "U", &n, a, &n, w, &q, &lwork, &info, 1, 1);
    lwork = (int)q;
    double *work = malloc((size_t)lwork * sizeof *work);
    dsyev("V", "U", &n, a, &n, w, work, &lwork, &info, 1, 1);
    free(work);
    free(w);
    return a;
}

/* ---- one row ------------------------------------------------------------------ */

static int rounds_g;
static const char *only_g; /* rows whose names contain it; NULL: all */

/* whether `what` contains one of only_g's comma-separated parts */
static int wanted(const char *what)
{
    if (!only_g)
        return 1;
    for (const char *p = only_g; *p;) {
        size_t n = strcspn(p, ",");
        char part[128];
        snprintf(part, sizeof part, "%.*s", (int)(n < sizeof part ? n : sizeof part - 1), p);
        if (n > 0 && strstr(what, part))
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

static void row(const char *what, const char *sizes, job *j, const lib *ex, const lib *ob,
                double target)
{
    if (!wanted(what))
        return;
    j->L = ex;
    double te = per_call(j, rounds_g);
    j->L = ob;
    double to = per_call(j, rounds_g);
    char a[32], b[32];
    if (te < 1e-5)
        snprintf(a, sizeof a, "%9.1f ns", te * 1e9), snprintf(b, sizeof b, "%9.1f ns", to * 1e9);
    else
        snprintf(a, sizeof a, "%9.2f ms", te * 1e3), snprintf(b, sizeof b, "%9.2f ms", to * 1e3);
    double ratio = te / to;
    printf("%-30s %-18s %s %s %7.2fx  %5.2fx %s\n", what, sizes, a, b, ratio, target,
           ratio <= target ? "at target" : "above");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    rounds_g = argc > 1 ? (int)bench_count(argv[1], 1, 101, "rounds", usage) : 5;
    int threads = argc > 2 ? (int)bench_count(argv[2], 1, 64, "threads", usage) : 2;
    const char *dropin = argc > 3 ? argv[3] : BENCH_DROPIN,
               *openblas = argc > 4 ? argv[4] : BENCH_OPENBLAS;
    only_g = argc > 5 ? argv[5] : NULL;
    char th[16];
    snprintf(th, sizeof th, "%d", threads);
    setenv("EXACTBLAS_THREADS", th, 1);
    setenv("OPENBLAS_NUM_THREADS", th, 1);
    lib ex, ob;
    if (open_lib(&ex, dropin) != 0 || open_lib(&ob, openblas) != 0) {
        printf("bench_table: cannot load %s or %s (%s)\n", dropin, openblas, dlerror());
        return 1;
    }
    char *(*corename)(void) = (char *(*)(void))dlsym(ob.h, "openblas_get_corename");
    const char *coretype = getenv("OPENBLAS_CORETYPE");
    printf("bench_table: %d threads each, median of %d rounds; OpenBLAS %s, kernels %s%s%s\n",
           threads, rounds_g, openblas, corename ? corename() : "?",
           coretype ? " (OPENBLAS_CORETYPE is set: " : "", coretype ? coretype : "");
    if (coretype)
        printf(")\n");
    printf("%-30s %-18s %12s %12s %8s %7s\n", "call", "sizes", "ExactBLAS", "OpenBLAS", "ratio",
           "target");
    double one = 1.0, zero = 0.0, cal[2] = {0.75, -0.5}, cbe[2] = {0.5, 0.25};
    job j;
    /* short dots */
    double *x = uniform_array(1000000 * 2), *y = uniform_array(1000000 * 2);
    static const int dots[] = {10, 100, 1000};
    static const double dot_target[] = {3.0, 2.0, 1.5};
    for (int q = 0; q < 3; q++) {
        memset(&j, 0, sizeof j);
        j.kind = 0, j.n = dots[q], j.x = x, j.y = y;
        char s[32];
        snprintf(s, sizeof s, "n = %d", dots[q]);
        row("DDOT", s, &j, &ex, &ob, dot_target[q]);
    }
    /* GEMV */
    double *big = uniform_array(2048L * 2048 * 2), *big2 = uniform_array(2048L * 2048 * 2),
           *c = malloc(2048L * 2048 * 2 * sizeof *c), *save = malloc(2048L * 2048 * sizeof *save);
    static const int gemvs[] = {64, 256};
    for (int q = 0; q < 2; q++) {
        memset(&j, 0, sizeof j);
        j.kind = 1, j.m = j.n = gemvs[q], j.a = big, j.x = x, j.c = c, j.alpha = &one,
        j.beta = &zero;
        char s[32];
        snprintf(s, sizeof s, "n = %d", gemvs[q]);
        row("DGEMV N", s, &j, &ex, &ob, 2.0);
    }
    /* GEMMs */
    struct {
        const char *what;
        int m, n, k;
        double target;
        int wide;
    } gemms[] = {
        {"DGEMM small", 16, 16, 16, 4.0, 0},
        {"DGEMM small", 32, 32, 32, 4.0, 0},
        {"DGEMM small", 64, 64, 64, 4.0, 0},
        {"DGEMM LU trailing update", 1000, 1000, 64, 3.0, 0},
        {"DGEMM DLARFB shape", 1000, 32, 1000, 3.0, 0},
        {"DGEMM 32 columns, k 936", 1000, 32, 936, 3.0, 0},
        {"EXDGEMM uniform", 1024, 1024, 1024, 2.5, 0},
        {"EXDGEMM uniform", 2048, 2048, 2048, 2.5, 0},
        {"EXDGEMM log-uniform 1e+-100", 512, 512, 512, 4.0, 1},
        {"EXDGEMM log-uniform 1e+-100", 1024, 1024, 1024, 4.0, 1},
    };
    double *wa = wide_array(1024L * 1024), *wb = wide_array(1024L * 1024);
    for (size_t q = 0; q < sizeof gemms / sizeof gemms[0]; q++) {
        memset(&j, 0, sizeof j);
        j.kind = 2, j.m = gemms[q].m, j.n = gemms[q].n, j.k = gemms[q].k;
        j.a = gemms[q].wide ? wa : big, j.b = gemms[q].wide ? wb : big2, j.c = c;
        j.alpha = &one, j.beta = &zero;
        char s[40];
        snprintf(s, sizeof s, "%d x %d x %d", j.m, j.n, j.k);
        row(gemms[q].what, s, &j, &ex, &ob, gemms[q].target);
    }
    /* DSYEVD's merge: eigenvector data */
    {
        double *q = eigenvectors(ob.h, 500), *s2 = uniform_array(880L * 500);
        memset(&j, 0, sizeof j);
        j.kind = 2, j.m = 500, j.n = 500, j.k = 880;
        double *qq = malloc(500L * 880 * sizeof *qq); /* 500 x 880: the eigenvectors twice */
        for (long i = 0; i < 500L * 880; i++)
            qq[i] = q[i % (500L * 500)];
        j.a = qq, j.b = s2, j.c = c, j.alpha = &one, j.beta = &zero;
        row("DGEMM on eigenvectors", "500 x 500 x 880", &j, &ex, &ob, 4.0);
        free(q), free(qq), free(s2);
    }
    /* TRSM */
    {
        int n = 1024;
        double *t = malloc((size_t)n * n * sizeof *t);
        for (long i = 0; i < (long)n * n; i++)
            t[i] = 0.01 * big[i];
        for (int i = 0; i < n; i++)
            t[i + (long)i * n] = 1.0 + fabs(big[i]);
        memcpy(save, big2, (size_t)n * n * sizeof *save);
        memset(&j, 0, sizeof j);
        j.kind = 3, j.m = n, j.n = n, j.a = t, j.c = c, j.work = save, j.alpha = &one;
        j.csize = (size_t)n * n * sizeof *c;
        row("EXDTRSM L L N N", "1024 x 1024", &j, &ex, &ob, 3.0);
        free(t);
    }
    /* complex */
    memset(&j, 0, sizeof j);
    j.kind = 4, j.m = j.n = j.k = 500, j.a = big, j.b = big2, j.c = c, j.alpha = cal, j.beta = cbe;
    row("ZGEMM complex alpha, beta", "n = 500", &j, &ex, &ob, 4.0);
    memset(&j, 0, sizeof j);
    j.kind = 5, j.n = 1000000, j.x = x, j.y = y;
    row("ZDOTC", "n = 1e6", &j, &ex, &ob, 2.0);
    free(x), free(y), free(big), free(big2), free(c), free(save), free(wa), free(wb);
    return 0;
}

/*
 * bench_speed.c -- the speed table of ExactBLAS against OpenBLAS and the
 * netlib reference BLAS, in one run: every routine and size of the "speed
 * close to memory" work (EXDDOT, EXDGEMV, EXDTRSV, EXDGEMM on narrow and
 * wide data), a program that alternates ExactBLAS and OpenBLAS calls, and ns
 * per element per core of EXDDOT/EXDSUM for n = 1e3..1e8 and dynamic ranges
 * 1, 1e15, 1e300.
 *
 * Calls are timed in blocks: a round runs the same call back to back for at
 * least ROUND_S seconds (and at least once), and the figure is the median
 * per-call time over the rounds, so two thread pools never alternate call by
 * call -- except in the "alternating" rows, which measure exactly that.
 *
 * usage: bench_speed [rounds [threads [max_n [part]]]]   (defaults 5, 2, 1e8,
 * all; part: table, alt or ns runs only the routine table, the alternating
 * calls or the ns-per-element table; dot, gemv, trsv or gemm only the
 * table's rows of that routine)
 * ExactBLAS runs with its default knobs (EXACTBLAS_THREADS = threads);
 * OpenBLAS with `threads` threads; netlib is single-threaded.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas.h"
#include "testlib.h"

static const char usage[] =
    "usage: bench_speed [rounds [threads [max_n [part]]]]\n"
    "  The speed table: EXDDOT, EXDGEMV, EXDTRSV and EXDGEMM against OpenBLAS and\n"
    "  netlib, a program alternating ExactBLAS and OpenBLAS calls, and ns per\n"
    "  element per core of EXDDOT/EXDSUM; about 7 minutes with the defaults.\n"
    "  rounds   rounds of back-to-back calls per figure, 1..1000 (default 5)\n"
    "  threads  ExactBLAS's and OpenBLAS's threads, 1..1024 (default 2)\n"
    "  max_n    the largest n of the ns-per-element table, 1000..1e9 (default 1e8)\n"
    "  part     all (default); table, alt or ns: that part alone; dot, gemv, trsv\n"
    "           or gemm: the table's rows of that routine\n"
    "  Prints median per-call times in ms, time ratios (Ex/OB, Ex/net) against\n"
    "  the target ratio, and ns per element per core.\n";

#define ROUND_S 0.2
#define MAX_ROUNDS 31

typedef void (*call_fn)(void *ctx);

typedef double (*ddot_fn)(const int *, const double *, const int *, const double *, const int *);
typedef double (*dasum_fn)(const int *, const double *, const int *);
typedef void (*dgemv_fn)(const char *, const int *, const int *, const double *, const double *,
                         const int *, const double *, const int *, const double *, double *,
                         const int *, size_t);
typedef void (*dtrsv_fn)(const char *, const char *, const char *, const int *, const double *,
                         const int *, double *, const int *, size_t, size_t, size_t);
typedef void (*dgemm_fn)(const char *, const char *, const int *, const int *, const int *,
                         const double *, const double *, const int *, const double *, const int *,
                         const double *, double *, const int *, size_t, size_t);

/* One library's entry points (NULL: the library is missing). */
typedef struct lib {
    const char *name;
    ddot_fn ddot;
    dgemv_fn dgemv;
    dtrsv_fn dtrsv;
    dgemm_fn dgemm;
} lib;

typedef struct job {
    const lib *L; /* NULL: ExactBLAS */
    int n;
    char trans;
    const double *x, *y, *a, *b;
    double *out, *work;
    double result;
} job;

static volatile double sink;

static void do_dot(void *p)
{
    job *j = p;
    int one = 1;
    j->result =
        j->L ? j->L->ddot(&j->n, j->x, &one, j->y, &one) : exactblas_ddot(j->n, j->x, 1, j->y, 1);
    sink = j->result;
}

static void do_sum(void *p)
{
    job *j = p;
    j->result = exactblas_dsum(j->n, j->x, 1);
    sink = j->result;
}

static void do_gemv(void *p)
{
    job *j = p;
    int one = 1;
    double alpha = 1.0, beta = 0.0;
    char t[2] = {j->trans, 0};
    if (j->L)
        j->L->dgemv(t, &j->n, &j->n, &alpha, j->a, &j->n, j->x, &one, &beta, j->out, &one, 1);
    else
        exactblas_dgemv(j->trans, j->n, j->n, 1.0, j->a, j->n, j->x, 1, 0.0, j->out, 1);
}

static void do_trsv(void *p)
{
    job *j = p;
    int one = 1;
    memcpy(j->out, j->x, (size_t)j->n * sizeof *j->out);
    if (j->L)
        j->L->dtrsv("L", "N", "N", &j->n, j->a, &j->n, j->out, &one, 1, 1, 1);
    else
        exactblas_dtrsv('L', 'N', 'N', j->n, j->a, j->n, j->out, 1);
}

static void do_gemm(void *p)
{
    job *j = p;
    double alpha = 1.0, beta = 0.0;
    if (j->L)
        j->L->dgemm("N", "N", &j->n, &j->n, &j->n, &alpha, j->a, &j->n, j->b, &j->n, &beta, j->out,
                    &j->n, 1, 1);
    else
        exactblas_dgemm('N', 'N', j->n, j->n, j->n, 1.0, j->a, j->n, j->b, j->n, 0.0, j->out, j->n);
}

/* Median seconds per call: `rounds` rounds, each the call repeated back to
 * back for at least ROUND_S (one warm-up call first).  A call slower than
 * `slow_s` gets fewer rounds (at least 2), to keep the run short. */
static double per_call(call_fn fn, void *ctx, int rounds, double slow_s)
{
    double t[MAX_ROUNDS];
    double t0 = tl_now();
    fn(ctx);
    double first = tl_now() - t0;
    if (first > slow_s && rounds > 2)
        rounds = 2;
    long inner = first > 0 ? (long)(ROUND_S / first) + 1 : 1000;
    if (inner > 1000000)
        inner = 1000000;
    if (rounds > MAX_ROUNDS)
        rounds = MAX_ROUNDS;
    for (int r = 0; r < rounds; r++) {
        t0 = tl_now();
        for (long i = 0; i < inner; i++)
            fn(ctx);
        t[r] = (tl_now() - t0) / (double)inner;
    }
    return tl_median(t, rounds);
}

/* Median seconds of one (ExactBLAS call, OpenBLAS call) pair, the two
 * alternating call by call. */
typedef struct pair {
    call_fn fn;
    job *ex, *ob;
} pair;

static void do_pair(void *p)
{
    pair *q = p;
    q->fn(q->ex);
    q->fn(q->ob);
}

static void fill_uniform(double *v, long n, tl_rng *r)
{
    for (long i = 0; i < n; i++)
        v[i] = 2.0 * tl_rng_uniform(r) - 1.0;
}

/* sign * m * 10^e, m in [1,10), e uniform in [-decades, decades]. */
static void fill_spread(double *v, long n, double decades, tl_rng *r)
{
    for (long i = 0; i < n; i++) {
        double e = floor((2.0 * tl_rng_uniform(r) - 1.0) * decades + 0.5);
        v[i] = tl_rng_sign(r) * (1.0 + 9.0 * tl_rng_uniform(r)) * pow(10.0, e);
    }
}

static int lib_open(exb_blasref *ref, exb_blas_kind kind, int threads, lib *L, const char *name)
{
    memset(L, 0, sizeof *L);
    L->name = name;
    if (exb_blasref_open(ref, kind) != 0)
        return 0;
    exb_blasref_set_threads(ref, threads);
    L->ddot = ref->ddot;
    L->dgemv = (dgemv_fn)exb_blasref_symbol(ref, "dgemv_");
    L->dtrsv = (dtrsv_fn)exb_blasref_symbol(ref, "dtrsv_");
    L->dgemm = (dgemm_fn)exb_blasref_symbol(ref, "dgemm_");
    return L->ddot && L->dgemv && L->dtrsv && L->dgemm;
}

/* One row of the table: ExactBLAS, OpenBLAS and netlib on the same job. */
static void row(const char *what, call_fn fn, job *j, const lib *ob, const lib *net, int rounds,
                double target)
{
    j->L = NULL;
    double te = per_call(fn, j, rounds, 2.0);
    double to = NAN, tn = NAN;
    if (ob) {
        j->L = ob;
        to = per_call(fn, j, rounds, 2.0);
    }
    if (net) {
        j->L = net;
        tn = per_call(fn, j, rounds, 2.0);
    }
    j->L = NULL;
    printf("%-44s %12.4g %12.4g %12.4g %8.2f %8.2f %7.1f\n", what, 1e3 * te, 1e3 * to, 1e3 * tn,
           te / to, te / tn, target);
}

int main(int argc, char **argv)
{
    bench_help(argc, argv, usage);
    if (argc > 5)
        bench_bad("argument count", argv[5], usage);
    int rounds = argc > 1 ? (int)bench_count(argv[1], 1, 1000, "rounds", usage) : 5;
    int threads = argc > 2 ? (int)bench_count(argv[2], 1, 1024, "threads", usage) : 2;
    long max_n = argc > 3 ? bench_count(argv[3], 1000, 1000000000L, "max_n", usage) : 100000000L;
    const char *part = argc > 4 ? argv[4] : "all";
    int all = strcmp(part, "all") == 0, table = all || strcmp(part, "table") == 0;
    /* the table's rows of one routine */
    int rows_dot = table || strcmp(part, "dot") == 0,
        rows_gemv = table || strcmp(part, "gemv") == 0,
        rows_trsv = table || strcmp(part, "trsv") == 0,
        rows_gemm = table || strcmp(part, "gemm") == 0;
    int do_table = rows_dot || rows_gemv || rows_trsv || rows_gemm;
    int do_alt = all || strcmp(part, "alt") == 0, do_ns = all || strcmp(part, "ns") == 0;
    if (!(do_table || do_alt || do_ns))
        bench_bad("part", part, usage);
    char knob[32];
    snprintf(knob, sizeof knob, "%d", threads);
    setenv("EXACTBLAS_THREADS", knob, 1);
    exactblas_reload_knobs();
    setvbuf(stdout, NULL, _IOLBF, 0);
    exb_blasref netlib_ref, ob_ref;
    lib net, ob;
    int have_net = lib_open(&netlib_ref, EXB_BLAS_NETLIB, 1, &net, "netlib");
    int have_ob = lib_open(&ob_ref, EXB_BLAS_OPENBLAS, threads, &ob, "OpenBLAS");
    const lib *pob = have_ob ? &ob : NULL, *pnet = have_net ? &net : NULL;
    tl_rng rng;
    tl_rng_seed(&rng, 20261123);

    printf("ExactBLAS %d threads (EXACTBLAS_THREADS), OpenBLAS %d threads, "
           "netlib 1 thread; "
           "median per-call time over %d rounds of back-to-back calls (>= %.1f s "
           "each)\n",
           threads, threads, rounds, ROUND_S);
    if (do_table)
        printf("%-44s %12s %12s %12s %8s %8s %7s\n", "routine, size, data", "ExactBLAS ms",
               "OpenBLAS ms", "netlib ms", "Ex/OB", "Ex/net", "target");

    long nv = 10000000;
    double *x = malloc((size_t)nv * sizeof *x), *y = malloc((size_t)nv * sizeof *y);
    double *xs = malloc((size_t)nv * sizeof *xs), *ys = malloc((size_t)nv * sizeof *ys);
    fill_uniform(x, nv, &rng);
    fill_uniform(y, nv, &rng);
    fill_spread(xs, nv, 150, &rng);
    fill_spread(ys, nv, 150, &rng);
    job j = {0};
    if (!rows_dot)
        goto alternating;
    j.x = x;
    j.y = y;
    j.n = 10000000;
    row("EXDDOT n=1e7 uniform(-1,1)", do_dot, &j, pob, pnet, rounds, 1.2);
    j.x = xs;
    j.y = ys;
    row("EXDDOT n=1e7 products 1e-300..1e300", do_dot, &j, pob, pnet, rounds, 3);
    j.x = x;
    j.y = y;
    j.n = 1000000;
    row("EXDDOT n=1e6 uniform(-1,1)", do_dot, &j, pob, pnet, rounds, 2);
    j.n = 1000;
    row("EXDDOT n=1e3 uniform(-1,1)", do_dot, &j, pob, pnet, rounds, 5);

alternating:;
    int nm = 4096;
    double *a = malloc((size_t)nm * nm * sizeof *a), *b = malloc((size_t)nm * nm * sizeof *b);
    double *out = malloc((size_t)nm * nm * sizeof *out);
    fill_uniform(a, (long)nm * nm, &rng);
    if (do_table) {
        j.a = a;
        j.out = out;
        j.x = x;
        static const int gemv_n[] = {4096, 100};
        for (int s = 0; s < 2 * rows_gemv; s++)
            for (int t = 0; t < 2; t++) {
                char what[64];
                j.n = gemv_n[s];
                j.trans = t ? 'T' : 'N';
                snprintf(what, sizeof what, "EXDGEMV %c n=%d uniform(-1,1)", j.trans, j.n);
                row(what, do_gemv, &j, pob, pnet, rounds, s == 0 ? 1.5 : 5);
            }

        /* lower triangular, unit-ish diagonal dominance so the solve stays finite
         */
        static const int trsv_n[] = {4096, 1024, 256};
        static const double trsv_target[] = {1.5, 3, 6};
        for (int s = 0; s < 3 * rows_trsv; s++) {
            int n = trsv_n[s];
            for (int c = 0; c < n; c++)
                for (int r = 0; r < n; r++)
                    a[r + (long)c * n] = r < c ? 0.0
                                               : (r == c ? 1.0 + tl_rng_uniform(&rng)
                                                         : (2.0 * tl_rng_uniform(&rng) - 1.0) / n);
            char what[64];
            j.n = n;
            snprintf(what, sizeof what, "EXDTRSV L N N n=%d", n);
            row(what, do_trsv, &j, pob, pnet, rounds, trsv_target[s]);
        }

        int ng = 1024;
        if (!rows_gemm)
            goto gemm_done;
        fill_uniform(a, (long)ng * ng, &rng);
        fill_uniform(b, (long)ng * ng, &rng);
        j.a = a;
        j.b = b;
        j.n = ng;
        row("EXDGEMM n=1024 uniform(-1,1)", do_gemm, &j, pob, pnet, rounds, 6);
        static const int wide_n[] = {512, 1024};
        for (int s = 0; s < 2; s++) {
            long nn = (long)wide_n[s] * wide_n[s];
            fill_spread(a, nn, 100, &rng);
            fill_spread(b, nn, 100, &rng);
            char what[64];
            j.n = wide_n[s];
            snprintf(what, sizeof what, "EXDGEMM n=%d log-uniform 1e-100..1e100", j.n);
            row(what, do_gemm, &j, pob, pnet, rounds, 40);
        }
    gemm_done:;
    }

    /* A program using both libraries: one ExactBLAS call, one OpenBLAS call,
     * alternating; against the sum of the two timed in blocks. */
    if (have_ob && do_alt) {
        printf("\nalternating ExactBLAS and OpenBLAS call by call (%d threads "
               "each): time of "
               "a pair against the two timed in blocks (target <= 1.2)\n",
               threads);
        printf("%-44s %12s %12s %12s %8s\n", "routine, size", "pair ms", "Ex block ms",
               "OB block ms", "slowdown");
        fill_uniform(a, (long)nm * nm, &rng);
        fill_uniform(b, (long)nm * nm, &rng);
        struct {
            const char *what;
            call_fn fn;
            int n;
        } alt[] = {{"EXDDOT n=1e6", do_dot, 1000000},
                   {"EXDDOT n=1e4", do_dot, 10000},
                   {"EXDGEMV N n=1024", do_gemv, 1024},
                   {"EXDGEMM n=256 uniform(-1,1)", do_gemm, 256}};
        for (size_t k = 0; k < sizeof alt / sizeof alt[0]; k++) {
            job je = {0}, jo;
            je.n = alt[k].n;
            je.trans = 'N';
            je.x = x;
            je.y = y;
            je.a = a;
            je.b = b;
            je.out = out;
            jo = je;
            jo.L = &ob;
            double te = per_call(alt[k].fn, &je, rounds, 2.0);
            double to = per_call(alt[k].fn, &jo, rounds, 2.0);
            pair p = {alt[k].fn, &je, &jo};
            double tp = per_call(do_pair, &p, rounds, 2.0);
            printf("%-44s %12.4g %12.4g %12.4g %8.2f\n", alt[k].what, 1e3 * tp, 1e3 * te, 1e3 * to,
                   tp / (te + to));
        }
    }
    free(a);
    free(b);
    free(out);

    /* ns per element per core: time * threads / n. */
    if (do_ns) {
        printf("\nns per element per core (time x %d threads / n); OpenBLAS ddot "
               "and netlib ddot "
               "for reference\n",
               threads);
        printf("%-10s %6s %10s %10s %10s %10s %10s %10s\n", "n", "range", "EXDDOT", "EXDSUM",
               "OB ddot", "net ddot", "dot/OB", "sum/OB");
    }
    free(xs);
    free(ys);
    if (max_n > nv) {
        free(x);
        free(y);
        x = malloc((size_t)max_n * sizeof *x);
        y = malloc((size_t)max_n * sizeof *y);
        if (!x || !y) {
            fprintf(stderr, "bench_speed: no memory for n = %ld\n", max_n);
            return 1;
        }
    }
    static const double ranges[] = {1, 1e15, 1e300};
    for (int r = 0; r < 3 && do_ns; r++) {
        long fill = max_n > nv ? max_n : nv;
        if (ranges[r] == 1) {
            fill_uniform(x, fill, &rng);
            fill_uniform(y, fill, &rng);
        } else {
            double dec = log10(ranges[r]) / 2;
            fill_spread(x, fill, dec, &rng);
            fill_spread(y, fill, dec, &rng);
        }
        for (long n = 1000; n <= max_n; n *= 10) {
            job jd = {0};
            jd.n = (int)n;
            jd.x = x;
            jd.y = y;
            double td = per_call(do_dot, &jd, rounds, 2.0);
            double ts = per_call(do_sum, &jd, rounds, 2.0);
            double to = NAN, tn = NAN;
            if (have_ob) {
                jd.L = &ob;
                to = per_call(do_dot, &jd, rounds, 2.0);
            }
            if (have_net) {
                jd.L = &net;
                tn = per_call(do_dot, &jd, rounds, 2.0);
            }
            double k = 1e9 * threads / (double)n;
            printf("%-10ld %6.0e %10.3f %10.3f %10.3f %10.3f %10.2f %10.2f\n", n, ranges[r], k * td,
                   k * ts, k * to, 1e9 / (double)n * tn, td / to, ts / to);
        }
    }
    free(x);
    free(y);
    if (have_net)
        exb_blasref_close(&netlib_ref);
    if (have_ob)
        exb_blasref_close(&ob_ref);
    return 0;
}

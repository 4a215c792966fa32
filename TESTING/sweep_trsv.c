/*
 * sweep_trsv.c -- the condition-number sweep of the triangular solvers (the
 * project's main job).
 *
 * usage: sweep_trsv sweep_trsv.in
 *
 * For every size, UPLO/TRANS/DIAG variant and decade [10^d, 10^(d+1)) of
 * the input file, it draws Louvet systems (illcond.h) until `per_decade` of
 * them land in the decade (rejection sampling: Skeel's cond(T,x) is measured
 * exactly for every draw), then solves each with the reference DTRSV
 * (netlib), OpenBLAS's dtrsv, EXDTRSV and EXDTRSVX with each `refine` count,
 * and prints one row per system: n, cond(T,x), the forward error
 * ||x - xhat||_inf / ||x||_inf of each routine against the exact solution,
 * and whether EXDTRSV returned the correctly rounded substitution (the MPFR
 * oracle) bit for bit.  EXDTRSV and EXDTRSVX run under every `knobs` line
 * and must give the same bytes under all of them.
 *
 * Then: the error range per decade, one verdict line per routine, the rows
 * as <output>.csv and the plot (forward error against cond(T,x), log-log,
 * errors clipped to 1, with the u and n*u*cond(T,x) lines) as <output>.svg,
 * drawn by gnuplot from <output>.gp.  Exit status 0 if every verdict passed.
 *
 * Verdicts:
 *   DTRSV, OpenBLAS: error <= ref_bound * n * u * cond(T,x) wherever that
 *     bound is below 1 (the first-order bound of substitution; this checks
 *     the generator and the measurement, not the library);
 *   EXDTRSV: bit-identical to the correctly rounded substitution;
 *   EXDTRSVX, for each `bound steps factor max_cond` line: with that many
 *     refinement steps, error <= factor * u whenever cond(T,x) <= max_cond;
 *   reproducibility: the same bytes under every knob setting;
 *   generator: every decade got its systems, and the top rows of each sum
 *     exactly to b at x = ones (the TwoSum cascade was error-free).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blasref.h"
#include "exactblas.h"
#include "illcond.h"

#define UNIT_ROUNDOFF 0x1p-53
#define MAX_REFINE 8
#define SEARCH_PREC 512  /* enough to place cond(T,x) in its decade */
#define VERIFY_PREC 1024 /* then doubled until the analysis settles */
#define T_MIN -12.0      /* the generator parameter stays in [T_MIN, T_MAX] */
#define T_MAX 40.0
#define PLOT_FLOOR 1e-18 /* errors below (0 included) are drawn here */

typedef void (*dtrsv_fn)(const char *, const char *, const char *, const int *, const double *,
                         const int *, double *, const int *, size_t, size_t, size_t);

/* One system of the sweep and what each routine made of it. */
typedef struct sweep_row {
    long n;
    char variant[4];
    int decade;
    double t, cond;
    double err_ref, err_ob, err_ex, err_refined[MAX_REFINE];
    int correctly_rounded;
} sweep_row;

/* A check "error <= limit" over the systems where it applies. */
typedef struct bound_check {
    long checked, failed, skipped;
    double worst; /* the largest error/limit among the checked */
} bound_check;

typedef struct sweep {
    const tl_input *in;
    dtrsv_fn netlib, openblas;
    sweep_row *rows;
    long nrows, cap;
    long missing;                      /* systems not found in their decade */
    long repro_runs, repro_mismatches; /* knob settings compared with the first */
    long oracle_mismatches, info_errors;
    long inexact_rows; /* systems whose top rows do not sum to b at x = ones */
} sweep;

/* ---- drawing a system --------------------------------------------------------- */

/* Draws Louvet systems until one lands in [10^d, 10^(d+1)) with a solution
 * well inside binary64's range (||x|| <= 2^1000); returns the
 * number of draws, or 0 if none did within `tries`.  *center is the running
 * guess of the parameter t: a draw takes t uniform in center +- 1, and the
 * guess moves towards the decade after every miss (log10 cond is about 2t
 * for t >= 0 and rises with t below 0), so the search carries from one
 * decade to the next. */
static long draw_system(long n, int unit, int d, long tries, double *center, tl_rng *r, double *u,
                        double *b, double *t_out)
{
    for (long k = 1; k <= tries; k++) {
        double t = *center + (2 * tl_rng_uniform(r) - 1);
        tl_louvet_upper(n, t, unit, r, u, b);
        tl_exact_system s;
        if (tl_exact_analyse(n, u, b, SEARCH_PREC, &s) != 0)
            continue;
        double level = log10(s.cond);
        /* a solution beyond binary64's range tests nothing: every result is Inf */
        int representable = mpfr_cmp_d(s.xnorm, 0x1p1000) <= 0;
        tl_exact_free(&s);
        if (level >= d && level < d + 1 && representable) {
            *t_out = t;
            return k;
        }
        if (isfinite(level)) {
            double step = 0.25 * (d + 0.5 - level);
            step = step > 1 ? 1 : (step < -1 ? -1 : step);
            *center = fmin(T_MAX, fmax(T_MIN, *center + step));
        }
    }
    return 0;
}

/* ---- solving ------------------------------------------------------------------ */

/* x := bs, then the reference routine; the forward error (NaN if absent). */
static double reference_error(dtrsv_fn f, const char *v, const tl_matrix *T, const double *bs,
                              const tl_exact_system *ex, double *x)
{
    if (!f)
        return NAN;
    int n = (int)T->n, lda = (int)T->lda, one = 1;
    memcpy(x, bs, (size_t)n * sizeof *x);
    f(&v[0], &v[1], &v[2], &n, T->a, &lda, x, &one, 1, 1, 1);
    return tl_forward_error(ex, x, tl_tri_reversed(v[0], v[1]));
}

/* EXDTRSV into out[0..n), EXDTRSVX with refine[r] steps into out[(r+1)n..):
 * under the knob setting applied by the caller.  Counts INFO != 0. */
static void solve_exact(sweep *sw, const char *v, const tl_matrix *T, const double *bs, double *out)
{
    long n = T->n;
    memcpy(out, bs, (size_t)n * sizeof *out);
    exactblas_dtrsv(v[0], v[1], v[2], (int)n, T->a, (int)T->lda, out, 1);
    for (int r = 0; r < sw->in->nrefine; r++) {
        double *x = out + (r + 1) * n;
        int info = 0;
        memcpy(x, bs, (size_t)n * sizeof *x);
        exactblas_dtrsvx(v[0], v[1], v[2], (int)n, T->a, (int)T->lda, x, 1, (int)sw->in->refine[r],
                         &info);
        if (info != 0) {
            printf("ERROR %s n=%ld: EXDTRSVX returned INFO = %d\n", v, n, info);
            sw->info_errors++;
        }
    }
}

static void print_error(double e)
{
    if (isnan(e))
        printf(" %9s", "-");
    else
        printf(" %9.2e", e);
}

/* EXDTRSV and EXDTRSVX (layout of solve_exact) under the first knob setting
 * into first; every other setting must give the same bytes. */
static void solve_under_knobs(sweep *sw, const char *v, const tl_matrix *T, const double *bs,
                              double cond, double *first)
{
    const tl_input *in = sw->in;
    long len = (in->nrefine + 1) * T->n;
    double *other = malloc((size_t)len * sizeof *other);
    tl_apply_knobs(in->knobs[0]);
    solve_exact(sw, v, T, bs, first);
    if (!tl_check_path(v, in->knobs[0]))
        sw->repro_mismatches++;
    for (int k = 1; k < in->nknobs; k++) {
        tl_apply_knobs(in->knobs[k]);
        solve_exact(sw, v, T, bs, other);
        sw->repro_runs++;
        if (!tl_check_path(v, in->knobs[k]))
            sw->repro_mismatches++;
        if (memcmp(first, other, (size_t)len * sizeof *first) != 0) {
            sw->repro_mismatches++;
            printf("MISMATCH %s n=%ld cond=%.3e: knobs [%s] differ from [%s]\n", v, T->n, cond,
                   in->knobs[k], in->knobs[0]);
        }
    }
    tl_apply_knobs("");
    free(other);
}

static sweep_row *new_row(sweep *sw)
{
    if (sw->nrows == sw->cap) {
        sw->cap = sw->cap ? 2 * sw->cap : 256;
        sw->rows = realloc(sw->rows, (size_t)sw->cap * sizeof *sw->rows);
    }
    sweep_row *row = &sw->rows[sw->nrows++];
    memset(row, 0, sizeof *row);
    return row;
}

static void print_row(const sweep_row *row, int nrefine)
{
    printf("%5ld %-3s %10.3e", row->n, row->variant, row->cond);
    print_error(row->err_ref);
    print_error(row->err_ob);
    print_error(row->err_ex);
    for (int r = 0; r < nrefine; r++)
        print_error(row->err_refined[r]);
    printf("  %s\n", row->correctly_rounded ? "yes" : "NO");
}

/* Solves one system (U x = b stored as variant v) with every routine, under
 * every knob setting; records and prints its row. */
static void run_system(sweep *sw, const char *v, int decade, double t, const double *u,
                       const double *b, long n, long lda)
{
    const tl_input *in = sw->in;
    tl_exact_system ex;
    if (tl_exact_analyse_verified(n, u, b, VERIFY_PREC, &ex) != 0)
        return;
    if (!tl_louvet_rows_exact(n, u, b)) {
        printf("ERROR %s n=%ld t=%g: a top row does not sum to b exactly at x = ones\n", v, n, t);
        sw->inexact_rows++;
    }
    tl_matrix T;
    tl_matrix_alloc(&T, n, n, lda);
    double *bs = malloc((size_t)n * sizeof *bs), *x = malloc((size_t)n * sizeof *x);
    double *first = malloc((size_t)((in->nrefine + 1) * n) * sizeof *first);
    tl_tri_store(n, u, b, v[0], v[1], v[2], &T, bs);
    int rev = tl_tri_reversed(v[0], v[1]);

    sweep_row *row = new_row(sw);
    row->n = n;
    snprintf(row->variant, sizeof row->variant, "%s", v);
    row->decade = decade;
    row->t = t;
    row->cond = ex.cond;
    row->err_ref = reference_error(sw->netlib, v, &T, bs, &ex, x);
    row->err_ob = reference_error(sw->openblas, v, &T, bs, &ex, x);
    solve_under_knobs(sw, v, &T, bs, ex.cond, first);
    memcpy(x, bs, (size_t)n * sizeof *x);
    tl_oracle_trsv(v[0], v[1], v[2], &T, x);
    row->correctly_rounded = memcmp(x, first, (size_t)n * sizeof *x) == 0;
    sw->oracle_mismatches += !row->correctly_rounded;
    row->err_ex = tl_forward_error(&ex, first, rev);
    for (int r = 0; r < in->nrefine; r++)
        row->err_refined[r] = tl_forward_error(&ex, first + (r + 1) * n, rev);
    print_row(row, in->nrefine);

    free(first);
    free(x);
    free(bs);
    free(T.a);
    tl_exact_free(&ex);
}

/* ---- reporting ------------------------------------------------------------------ */

static void check(bound_check *c, double err, double limit)
{
    c->checked++;
    if (!(err <= limit))
        c->failed++;
    double ratio = err / limit;
    if (ratio > c->worst || isnan(ratio))
        c->worst = ratio;
}

/* The reference routines: error <= ref_bound * n * u * cond where that is < 1. */
static int verdict_reference(const sweep *sw, const char *name, int openblas)
{
    if (!(openblas ? sw->openblas : sw->netlib)) {
        printf("%-12s: not run (library not found)\n", name);
        return 0;
    }
    bound_check c = {0, 0, 0, 0};
    for (long i = 0; i < sw->nrows; i++) {
        const sweep_row *row = &sw->rows[i];
        double limit = sw->in->ref_bound * (double)row->n * UNIT_ROUNDOFF * row->cond;
        if (limit < 1)
            check(&c, openblas ? row->err_ob : row->err_ref, limit);
        else
            c.skipped++;
    }
    printf("%-12s: %s: error <= %g n u cond(T,x) in %ld of %ld systems where that bound is "
           "below 1 (worst error/bound %.3g); %ld systems above it not checked\n",
           name, c.failed ? "FAILED" : "PASSED", sw->in->ref_bound, c.checked - c.failed, c.checked,
           c.worst, c.skipped);
    return c.failed != 0;
}

static int refine_index(const tl_input *in, long steps)
{
    for (int r = 0; r < in->nrefine; r++)
        if (in->refine[r] == steps)
            return r;
    return -1;
}

static int verdict_refined(const sweep *sw, int k)
{
    const tl_input *in = sw->in;
    int r = refine_index(in, in->bound_steps[k]);
    char name[32];
    snprintf(name, sizeof name, "EXDTRSVX(%ld)", in->bound_steps[k]);
    if (r < 0) {
        printf("%-12s: FAILED: the input has no 'refine %ld' to check\n", name, in->bound_steps[k]);
        return 1;
    }
    bound_check c = {0, 0, 0, 0};
    double beyond = 0; /* the largest error above max_cond */
    for (long i = 0; i < sw->nrows; i++) {
        const sweep_row *row = &sw->rows[i];
        if (row->cond <= in->bound_cond[k])
            check(&c, row->err_refined[r], in->bound_factor[k] * UNIT_ROUNDOFF);
        else {
            c.skipped++;
            beyond = fmax(beyond, row->err_refined[r]);
        }
    }
    printf("%-12s: %s: error <= %g u in %ld of %ld systems with cond(T,x) <= %.0e (worst "
           "%.3g u); above: %ld systems, worst %.3g u\n",
           name, c.failed ? "FAILED" : "PASSED", in->bound_factor[k], c.checked - c.failed,
           c.checked, in->bound_cond[k], c.worst * in->bound_factor[k], c.skipped,
           beyond / UNIT_ROUNDOFF);
    return c.failed != 0;
}

typedef struct range {
    double lo, hi;
} range;

static void range_add(range *g, double e)
{
    g->lo = fmin(g->lo, e);
    g->hi = fmax(g->hi, e);
}

static void print_range(const range *g)
{
    if (isnan(g->hi) || g->lo > g->hi)
        printf(" %19s", "-");
    else
        printf(" %8.1e..%8.1e", g->lo, g->hi);
}

/* Per size and decade: the smallest and largest error of each routine. */
static void print_decade_table(const sweep *sw)
{
    const tl_input *in = sw->in;
    printf("\nforward error per decade of cond(T,x), smallest..largest\n");
    printf("%5s %6s %4s %19s %19s %19s", "n", "decade", "sys", "DTRSV", "OpenBLAS", "EXDTRSV");
    for (int r = 0; r < in->nrefine; r++) {
        char h[32];
        snprintf(h, sizeof h, "EXDTRSVX(%ld)", in->refine[r]);
        printf(" %19s", h);
    }
    printf("\n");
    for (int s = 0; s < in->nsizes; s++)
        for (int d = in->decade_lo; d < in->decade_hi; d++) {
            range g[3 + MAX_REFINE];
            for (int k = 0; k < 3 + MAX_REFINE; k++)
                g[k] = (range){INFINITY, -INFINITY};
            long count = 0;
            for (long i = 0; i < sw->nrows; i++) {
                const sweep_row *row = &sw->rows[i];
                if (row->n != in->sizes[s] || row->decade != d)
                    continue;
                count++;
                range_add(&g[0], row->err_ref);
                range_add(&g[1], row->err_ob);
                range_add(&g[2], row->err_ex);
                for (int r = 0; r < in->nrefine; r++)
                    range_add(&g[3 + r], row->err_refined[r]);
            }
            printf("%5ld   1e%-2d %4ld", in->sizes[s], d, count);
            for (int k = 0; k < 3 + in->nrefine; k++)
                print_range(&g[k]);
            printf("\n");
        }
}

/* path made absolute (for the user's browser). */
#define FULL_PATH_MAX (2 * PATH_MAX)
static const char *full_path(const char *path, char *buf)
{
    char cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
        return path;
    snprintf(buf, FULL_PATH_MAX, "%s/%s", cwd, path);
    return buf;
}

static FILE *open_output(const char *prefix, const char *ext, char *path, size_t len)
{
    snprintf(path, len, "%s.%s", prefix, ext);
    FILE *f = fopen(path, "w");
    if (!f)
        printf("cannot write %s\n", path);
    return f;
}

static void write_csv(const sweep *sw, const char *path, FILE *f)
{
    const tl_input *in = sw->in;
    fprintf(f, "n,variant,decade,t,cond,dtrsv,openblas,exdtrsv");
    for (int r = 0; r < in->nrefine; r++)
        fprintf(f, ",exdtrsvx%ld", in->refine[r]);
    fprintf(f, ",exdtrsv_correctly_rounded\n");
    for (long i = 0; i < sw->nrows; i++) {
        const sweep_row *row = &sw->rows[i];
        fprintf(f, "%ld,%s,%d,%.6f,%.6e,%.6e,%.6e,%.6e", row->n, row->variant, row->decade, row->t,
                row->cond, row->err_ref, row->err_ob, row->err_ex);
        for (int r = 0; r < in->nrefine; r++)
            fprintf(f, ",%.6e", row->err_refined[r]);
        fprintf(f, ",%d\n", row->correctly_rounded);
    }
    fclose(f);
    char full[FULL_PATH_MAX];
    printf("rows: %s\n", full_path(path, full));
}

/* The gnuplot script of the plot: CSV column 5 is cond, 6.. the errors. */
static void write_plot_script(const sweep *sw, const char *csv, const char *svg, FILE *f)
{
    const tl_input *in = sw->in;
    long nmax = 0;
    for (int s = 0; s < in->nsizes; s++)
        nmax = in->sizes[s] > nmax ? in->sizes[s] : nmax;
    static const char *colour[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b"};
    static const int shape[] = {9, 5, 13, 11};
    fprintf(f,
            "# written by sweep_trsv: forward error against cond(T,x)\n"
            "set terminal svg size 1000,760 dynamic enhanced font 'Helvetica,14' "
            "background rgb 'white'\n"
            "set encoding utf8\n"
            "set output '%s'\n"
            "set datafile separator ','\n"
            "set logscale xy\n"
            "set format x '10^{%%L}'\n"
            "set format y '10^{%%L}'\n"
            "set xrange [1e%d:1e%d]\n"
            "set yrange [%g:10]\n"
            "set xlabel \"Skeel's condition number cond(T,x) = ‖ |T^{-1}| |T| |x| ‖_∞ / ‖x‖_∞\"\n"
            "set ylabel 'forward error ‖x - x̂‖_∞ / ‖x‖_∞  (clipped to [10^{-18}, 1])'\n"
            "set title 'Triangular solves T x = b (Louvet systems, n = %ld, %ld systems): "
            "forward error against condition number'\n"
            "set key outside below center horizontal maxrows 2 box spacing 1.3 width 2\n"
            "set grid xtics ytics mxtics mytics lc rgb '#dddddd'\n"
            "u = 2.0**-53\n"
            "n = %ld\n"
            "clip(e) = e > 1 ? 1 : (e < %g ? %g : e)\n"
            "plot u with lines dt 2 lw 2 lc rgb 'black' title 'u = 2^{-53}', \\\n"
            "  (n*u*x < 1 ? n*u*x : 1/0) with lines dt 4 lw 2 lc rgb '#555555' "
            "title 'n u cond(T,x)', \\\n"
            "  '%s' skip 1 using 5:(clip($6)) with points pt 2 ps 0.9 lc rgb '#d62728' "
            "title 'DTRSV (netlib reference)'",
            svg, in->decade_lo - 1, in->decade_hi + 1, PLOT_FLOOR, nmax, sw->nrows, nmax,
            PLOT_FLOOR, PLOT_FLOOR, csv);
    if (sw->openblas)
        fprintf(f,
                ", \\\n  '%s' skip 1 using 5:(clip($7)) with points pt 1 ps 0.9 "
                "lc rgb '#ff7f0e' title 'dtrsv (OpenBLAS)'",
                csv);
    fprintf(f,
            ", \\\n  '%s' skip 1 using 5:(clip($8)) with points pt 6 ps 0.9 lc rgb '%s' "
            "title 'EXDTRSV'",
            csv, colour[0]);
    for (int r = 0; r < in->nrefine && r < 3; r++)
        fprintf(f,
                ", \\\n  '%s' skip 1 using 5:(clip($%d)) with points pt %d ps 0.8 "
                "lc rgb '%s' title 'EXDTRSVX, %ld refinement step%s'",
                csv, 9 + r, shape[r + 1], colour[r + 1], in->refine[r],
                in->refine[r] == 1 ? "" : "s");
    fprintf(f, "\n");
    fclose(f);
}

/* Writes the CSV, the gnuplot script and (if gnuplot is there) the SVG;
 * returns 1 if a file could not be written or gnuplot failed. */
static int write_outputs(const sweep *sw)
{
    char csv[256], gp[256], svg[256];
    const char *prefix = sw->in->output[0] ? sw->in->output : "trsv_sweep";
    FILE *f = open_output(prefix, "csv", csv, sizeof csv);
    if (f)
        write_csv(sw, csv, f);
    FILE *g = open_output(prefix, "gp", gp, sizeof gp);
    if (!f || !g) {
        if (g)
            fclose(g);
        return 1;
    }
    snprintf(svg, sizeof svg, "%s.svg", prefix);
    write_plot_script(sw, csv, svg, g);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "gnuplot '%s'", gp);
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        printf("plot: gnuplot not found (apt-get install gnuplot-nox); its script is %s\n", gp);
        return 0;
    }
    if (system(cmd) != 0) {
        printf("plot: gnuplot failed on %s\n", gp);
        return 1;
    }
    char full[FULL_PATH_MAX];
    printf("plot: %s (open it in a browser; gnuplot script %s)\n", full_path(svg, full), gp);
    return 0;
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    if (in.nrefine > MAX_REFINE || in.nsizes == 0 || in.nvariants == 0 ||
        in.decade_hi <= in.decade_lo) {
        fprintf(stderr, "%s: needs sizes, variants, decades lo hi, at most %d refine counts\n",
                argv[1], MAX_REFINE);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    sweep sw = {&in, NULL, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0};
    exb_blasref netlib, openblas;
    if (exb_blasref_open(&netlib, EXB_BLAS_NETLIB) == 0)
        sw.netlib = (dtrsv_fn)exb_blasref_symbol(&netlib, "dtrsv_");
    if (exb_blasref_open(&openblas, EXB_BLAS_OPENBLAS) == 0) {
        exb_blasref_set_threads(&openblas, in.threads);
        sw.openblas = (dtrsv_fn)exb_blasref_symbol(&openblas, "dtrsv_");
    }
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);

    printf("condition-number sweep: Louvet triangular systems, cond(T,x) in [1e%d, 1e%d), "
           "%d per decade, size and variant; seed %llu; %d knob settings\n",
           in.decade_lo, in.decade_hi, in.per_decade, (unsigned long long)in.seed, in.nknobs);
    printf("forward errors ||x - xhat||_inf / ||x||_inf against the exact solution (MPFR); "
           "CR = EXDTRSV equals the correctly rounded substitution bit for bit\n");
    printf("%5s %-3s %10s %9s %9s %9s", "n", "var", "cond(T,x)", "DTRSV", "OpenBLAS", "EXDTRSV");
    for (int r = 0; r < in.nrefine; r++) {
        char h[32];
        snprintf(h, sizeof h, "EXDTRSVX%ld", in.refine[r]);
        printf(" %9s", h);
    }
    printf("  CR\n");

    long draws = 0, serial = 0;
    for (int s = 0; s < in.nsizes; s++) {
        long n = in.sizes[s];
        double *u = malloc((size_t)(n * n) * sizeof *u), *b = malloc((size_t)n * sizeof *b);
        for (int v = 0; v < in.nvariants; v++) {
            const char *var = in.variants[v];
            int unit = var[2] == 'U' || var[2] == 'u';
            double center = in.decade_lo / 2.0 - 2; /* below the floor: the dominant variant */
            for (int d = in.decade_lo; d < in.decade_hi; d++)
                for (int k = 0; k < in.per_decade; k++, serial++) {
                    double t;
                    long used = draw_system(n, unit, d, in.tries, &center, &rng, u, b, &t);
                    draws += used ? used : in.tries;
                    if (!used) { /* the rest of this decade would miss as well */
                        printf("%5ld %-3s no system in [1e%d, 1e%d) after %ld draws\n", n, var, d,
                               d + 1, in.tries);
                        sw.missing += in.per_decade - k;
                        serial += in.per_decade - k;
                        break;
                    }
                    run_system(&sw, var, d, t, u, b, n, n + serial % 3);
                }
        }
        free(u);
        free(b);
    }

    print_decade_table(&sw);
    printf("\n%ld systems from %ld draws\n", sw.nrows, draws);
    int failed = write_outputs(&sw);
    printf("\n");
    failed |= verdict_reference(&sw, "DTRSV", 0);
    failed |= verdict_reference(&sw, "OpenBLAS", 1);
    printf("%-12s: %s: bit-identical to the correctly rounded substitution (MPFR) in %ld of "
           "%ld systems\n",
           "EXDTRSV", sw.oracle_mismatches ? "FAILED" : "PASSED", sw.nrows - sw.oracle_mismatches,
           sw.nrows);
    for (int k = 0; k < in.nbounds; k++)
        failed |= verdict_refined(&sw, k);
    printf("%-12s: %s: EXDTRSV and EXDTRSVX gave the same bytes under all %d knob settings "
           "(%ld of %ld comparisons)%s\n",
           "reproducible", sw.repro_mismatches || sw.info_errors ? "FAILED" : "PASSED", in.nknobs,
           sw.repro_runs - sw.repro_mismatches, sw.repro_runs,
           sw.info_errors ? "; some EXDTRSVX calls returned INFO != 0" : "");
    printf("%-12s: %s: %ld of %ld systems found in their decades; the top rows of %ld of "
           "them sum exactly to b at x = ones\n",
           "generator", sw.missing || sw.inexact_rows ? "FAILED" : "PASSED", sw.nrows,
           sw.nrows + sw.missing, sw.nrows - sw.inexact_rows);
    failed |= sw.oracle_mismatches != 0 || sw.repro_mismatches != 0 || sw.info_errors != 0 ||
              sw.missing != 0 || sw.inexact_rows != 0;
    if (sw.netlib)
        exb_blasref_close(&netlib);
    if (sw.openblas)
        exb_blasref_close(&openblas);
    free(sw.rows);
    return failed;
}

/* sumdot_suite.c -- the EXDSUM/EXDDOT bit-exactness sweep (see sumdot_suite.h). */
#include "sumdot_suite.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"

#define MAX_REPORTED 20

/* Per knob line: runs computed on the host alone, and of those the runs in
 * which the binned AVX-512 front end took terms (EXACTBLAS_PATH_BINS) and
 * those the floating-point filter decided (EXACTBLAS_PATH_EARLY); runs on
 * OpenCL, and of those the ones the device's filter decided. */
static long host_runs[TL_MAX_ITEMS], bins_runs[TL_MAX_ITEMS], filter_runs[TL_MAX_ITEMS];
static long cl_runs[TL_MAX_ITEMS], cl_filter_runs[TL_MAX_ITEMS];

/* The front end each knob line asked for is the one that ran: lines that
 * allow the filter (the bins' conditions, EXACTBLAS_FILTER not 0) had some
 * host runs decided by it, the others none; lines that allow the bins but
 * not the filter used the bins in some host run (with the filter, the bins
 * take only what it leaves), lines that exclude the bins never. */
static long check_bins(const tl_input *in)
{
    long bad = 0;
    for (int k = 0; k < in->nknobs; k++) {
        if (cl_runs[k] > 0) { /* OpenCL lines: the device's filter */
            int filter = tl_cl_filter_allowed(in->knobs[k]);
            int ok = filter ? cl_filter_runs[k] > 0 : cl_filter_runs[k] == 0;
            printf("%s knobs=[%s]: of %ld OpenCL runs, %ld decided by the device's filter%s\n",
                   ok ? "front end" : "WRONG FRONT END", in->knobs[k], cl_runs[k],
                   cl_filter_runs[k], filter ? "" : " (excluded by the knobs)");
            bad += !ok;
        }
        if (host_runs[k] == 0)
            continue;
        int allowed = tl_bins_allowed(in->knobs[k]), filter = tl_filter_allowed(in->knobs[k]);
        int ok = (allowed ? (filter || bins_runs[k] > 0) : bins_runs[k] == 0) &&
                 (filter ? filter_runs[k] > 0 : filter_runs[k] == 0);
        printf("%s knobs=[%s]: of %ld host runs, %ld through the AVX-512 bins, %ld decided by "
               "the filter%s\n",
               ok ? "front end" : "WRONG FRONT END", in->knobs[k], host_runs[k], bins_runs[k],
               filter_runs[k], allowed ? "" : " (excluded by the knobs or the CPU)");
        bad += !ok;
    }
    return bad;
}

static void check_case(const sumdot_routine *rt, const tl_input *in, const char *label, long n,
                       const double *x, long incx, const double *y, long incy, tl_tally *t)
{
    double expected = rt->expect(n, x, incx, y, incy);
    t->cases++;
    for (int k = 0; k < in->nknobs; k++) {
        tl_apply_knobs(in->knobs[k]);
        double got = rt->call(n, x, incx, y, incy);
        t->runs++;
        char where[96];
        snprintf(where, sizeof where, "%s %s n=%ld incx=%ld incy=%ld", rt->name, label, n, incx,
                 incy);
        if (!tl_check_path(where, in->knobs[k]))
            t->mismatches++;
        int path = exactblas_last_path();
        if ((path & EXACTBLAS_PATH_HOST) && !(path & EXACTBLAS_PATH_OPENCL)) {
            host_runs[k]++;
            bins_runs[k] += (path & EXACTBLAS_PATH_BINS) != 0;
            filter_runs[k] += (path & EXACTBLAS_PATH_EARLY) != 0;
        }
        if ((path & EXACTBLAS_PATH_OPENCL) && !(path & EXACTBLAS_PATH_HOST)) {
            cl_runs[k]++;
            cl_filter_runs[k] += (path & EXACTBLAS_PATH_EARLY) != 0;
        }
        /* bit for bit: signed zeros and the one canonical NaN included */
        int same = tl_bits(got) == tl_bits(expected);
        if (!same && t->mismatches++ < MAX_REPORTED)
            printf("MISMATCH %s %s n=%ld incx=%ld incy=%ld knobs=[%s]: expected %a "
                   "(0x%016llx), got %a (0x%016llx)\n",
                   rt->name, label, n, incx, incy, in->knobs[k], expected,
                   (unsigned long long)tl_bits(expected), got, (unsigned long long)tl_bits(got));
    }
}

int sumdot_suite(const sumdot_routine *rt, const tl_input *in)
{
    tl_rng rng;
    tl_rng_seed(&rng, in->seed);
    tl_tally total = {0, 0, 0};
    printf("%-22s %8s %10s %10s\n", "generator", "cases", "runs", "mismatch");
    for (int g = 0; g < in->ngens; g++) {
        tl_tally t = {0, 0, 0};
        char label[64];
        snprintf(label, sizeof label, "%s:%g", in->gens[g], in->gen_params[g]);
        for (int s = 0; s < in->nsizes; s++) {
            long n = in->sizes[s];
            int ncases = n > in->big ? 1 : in->cases;
            double *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
            for (int i = 0; i < in->nincs; i++) {
                for (int c = 0; c < ncases; c++) {
                    if (tl_generate(in->gens[g], in->gen_params[g], n, &rng, x,
                                    rt->is_dot ? y : NULL) != 0) {
                        printf("unknown generator %s\n", in->gens[g]);
                        return 2;
                    }
                    long incx = in->incs[i], incy = in->incs[(i + c) % in->nincs];
                    double *xs = tl_layout(x, n, incx);
                    double *ys = rt->is_dot ? tl_layout(y, n, incy) : NULL;
                    check_case(rt, in, label, n, xs, incx, ys, incy, &t);
                    free(xs);
                    free(ys);
                }
            }
            free(x);
            free(y);
        }
        printf("%-22s %8ld %10ld %10ld\n", label, t.cases, t.runs, t.mismatches);
        tl_tally_add(&total, &t);
    }
    tl_apply_knobs("");
    total.mismatches += check_bins(in);
    return tl_verdict(rt->name, &total, in->nknobs);
}

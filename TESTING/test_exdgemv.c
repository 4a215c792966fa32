/*
 * test_exdgemv.c -- EXDGEMV bit for bit against the MPFR oracle.
 *
 * usage: test_exdgemv exdgemv.in
 * For every generator, size and case: m from the size list, n from the next
 * size, TRANS from the variants, increments, lda (m to m+2), alpha and beta
 * cycled through lists that include 0, 1 and inexact-looking values; every
 * case runs under every knob setting and the whole output array (sentinels
 * included) must match.  beta = 0 cases start y as NaN: it must not be read.
 * On a CPU with AVX-512 the host lines with the default front end must have
 * rounded some cases through the floating-point filter of 'N'.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"

/* "neartie" (rows of op(A) of 3 or more; these cases run with TRANS = 'N'
 * or 'T', unit increments and alpha = +-1): x = 1 and every row of op(A) a
 * midpoint v + h
 * (h = +-half an ulp of v, v a random 53-bit value), moved by n - 2 terms of
 * 2^-107..2^-105 |v| (every third row: 2^-82..2^-80 |v|), random signs: the
 * exact sum is within a few 2^-105 |v| of the midpoint, about what the
 * floating-point sums of a filter lose in their own roundings (the unit of
 * the last place of h is 2^-105 |v|), so a filter whose bound is too small
 * rounds some rows the wrong way. */
static void near_ties(tl_matrix *A, char trans, double *x, tl_rng *r)
{
    int tr = trans != 'N';
    long outs = tr ? A->n : A->m, len = tr ? A->m : A->n;
    for (long j = 0; j < len; j++)
        x[j] = 1.0;
    for (long i = 0; i < outs; i++) {
        /* element j of output i's row of op(A) */
        double *row = tr ? A->a + i * A->lda : A->a + i;
        long step = tr ? 1 : A->lda;
        int e = (int)(tl_rng_u64(r) % 7) - 3;
        double v = ldexp(1.0 + (double)(tl_rng_u64(r) >> 12) * 0x1p-52, e);
        row[0] = tl_rng_sign(r) * v;
        row[step] = tl_rng_sign(r) * ldexp(1.0, e - 53);
        int tiny = i % 3 == 2 ? -80 : -105;
        for (long j = 2; j < len; j++)
            row[j * step] = tl_rng_sign(r) *
                            ldexp(1.0 + tl_rng_uniform(r), e + tiny - (int)(tl_rng_u64(r) % 3));
    }
}

static const double alphas[] = {1.0, -1.0, 0.1, 3.0, 0x1p-600, 0x1p600, 0.0, -0x1.8p-3};
static const double betas[] = {0.0, 1.0, -0.5, 0.1, 0x1p-900, 0.0, 1.0};
#define COUNT(a) ((long)(sizeof a / sizeof a[0]))

/* Cases each knob line rounded (some outputs of) through the floating-point
 * filter (EXACTBLAS_PATH_EARLY): the lines that allow it (host: on a CPU
 * with AVX-512; OpenCL: the device's filter) must have some, the others
 * none. */
static long filter_runs[TL_MAX_ITEMS];

static void run_case(const tl_input *in, const char *label, char trans, const tl_matrix *A,
                     double alpha, const double *x, long incx, double beta, const double *y,
                     long incy, tl_tally *t)
{
    int tr = trans != 'N';
    long lenx = tr ? A->m : A->n, leny = tr ? A->n : A->m;
    double *expect = malloc((size_t)(leny + 1) * sizeof *expect);
    memcpy(expect, y, (size_t)leny * sizeof *y);
    tl_oracle_gemv(trans, A, alpha, x, beta, expect);
    if (A->m == 0 || A->n == 0 || (alpha == 0.0 && beta == 1.0))
        memcpy(expect, y, (size_t)leny * sizeof *y); /* quick return: y untouched */
    double *xs = tl_layout(x, lenx, incx), *want = tl_layout(expect, leny, incy);
    long len = tl_layout_len(leny, incy);
    t->cases++;
    for (int k = 0; k < in->nknobs; k++) {
        tl_apply_knobs(in->knobs[k]);
        double *ys = tl_layout(y, leny, incy);
        exactblas_dgemv(trans, (int)A->m, (int)A->n, alpha, A->a, (int)A->lda, xs, (int)incx, beta,
                        ys, (int)incy);
        tl_check_vector(t, label, in->knobs[k], len, want, ys);
        if (!tl_check_path(label, in->knobs[k]))
            t->mismatches++;
        if (exactblas_last_path() & EXACTBLAS_PATH_EARLY)
            filter_runs[k]++;
        free(ys);
    }
    free(xs);
    free(want);
    free(expect);
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    if (in.nvariants == 0)
        snprintf(in.variants[in.nvariants++], sizeof in.variants[0], "N");
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    tl_tally total = {0, 0, 0};
    long serial = 0;
    tl_tally_header();
    for (int g = 0; g < in.ngens; g++) {
        tl_tally t = {0, 0, 0};
        for (int s = 0; s < in.nsizes; s++) {
            for (int c = 0; c < in.cases; c++, serial++) {
                long m = in.sizes[s], n = in.sizes[(s + c) % in.nsizes];
                if ((m > in.big || n > in.big) && c > 0)
                    break;
                int near = strcmp(in.gens[g], "neartie") == 0;
                char trans =
                    near ? (serial % 4 < 2 ? 'N' : 'T') : in.variants[serial % in.nvariants][0];
                long incx = near ? 1 : in.incs[serial % in.nincs],
                     incy = in.incs[(serial / 2 + 1) % in.nincs];
                double alpha = near ? (serial % 2 ? -1.0 : 1.0) : alphas[serial % COUNT(alphas)],
                       beta = betas[serial % COUNT(betas)];
                tl_matrix A;
                tl_matrix_alloc(&A, m, n, (m > 1 ? m : 1) + serial % 3);
                if (tl_matrix_generate(near ? "random" : in.gens[g], in.gen_params[g], &A, &rng) !=
                    0) {
                    printf("unknown generator %s\n", in.gens[g]);
                    return 2;
                }
                int tr = trans != 'N';
                long lenx = tr ? m : n, leny = tr ? n : m;
                double *x = malloc((size_t)(lenx + 1) * sizeof *x);
                double *y = malloc((size_t)(leny + 1) * sizeof *y);
                tl_generate("random", 1e10, lenx, &rng, x, NULL);
                tl_generate("random", 1e10, leny, &rng, y, NULL);
                if (strcmp(in.gens[g], "cancel") == 0) /* x_{2k+1} = x_{2k} */
                    for (long j = 1; j < lenx; j += 2)
                        x[j] = x[j - 1];
                if (near && (trans == 'N' ? n : m) >= 3)
                    near_ties(&A, trans, x, &rng);
                if (strcmp(in.gens[g], "zeros") == 0) { /* products -0, y a signed zero */
                    for (long j = 0; j < lenx; j++)
                        x[j] = fabs(x[j]);
                    for (long i = 0; i < leny; i++)
                        y[i] = tl_rng_u64(&rng) % 4 ? -0.0 : 0.0;
                }
                if (beta == 0.0)
                    for (long i = 0; i < leny; i++)
                        y[i] = NAN;
                char label[160];
                snprintf(label, sizeof label,
                         "%s:%g trans=%c m=%ld n=%ld lda=%ld incx=%ld incy=%ld alpha=%a beta=%a",
                         in.gens[g], in.gen_params[g], trans, m, n, A.lda, incx, incy, alpha, beta);
                run_case(&in, label, trans, &A, alpha, x, incx, beta, y, incy, &t);
                free(A.a);
                free(x);
                free(y);
            }
        }
        tl_tally_row(in.gens[g], in.gen_params[g], &t);
        tl_tally_add(&total, &t);
    }
    tl_apply_knobs("");
    for (int k = 0; k < in.nknobs; k++) {
        int allowed = tl_setting_wants_opencl(in.knobs[k]) ? tl_cl_filter_allowed(in.knobs[k])
                                                           : tl_filter_allowed(in.knobs[k]);
        int ok = allowed ? filter_runs[k] > 0 : filter_runs[k] == 0;
        printf("%s: %ld cases through the floating-point filter under [%s]%s\n",
               ok ? "filter" : "WRONG FILTER", filter_runs[k], in.knobs[k],
               allowed ? "" : " (excluded by the knobs or the CPU)");
        total.mismatches += !ok;
    }
    return tl_verdict("EXDGEMV", &total, in.nknobs);
}

/*
 * test_exdtrsv.c -- EXDTRSV and EXDTRSVX bit for bit against the MPFR oracle
 * of the correctly rounded substitution (and of the refinement steps).
 *
 * usage: test_exdtrsv exdtrsv.in
 * For every generator, size, variant (UPLO TRANS DIAG letters) and case: a
 * triangular matrix whose unreferenced triangle (and unit diagonal) is NaN,
 * so reading it would show, lda = n + case % 3, the increments of the input.
 * Every case runs under every knob setting (block sizes, work-group sizes,
 * expansion sizes, fused or multi-launch, host or OpenCL); the whole x array
 * must match, sentinels included (on a CPU with AVX-512, the host lines with
 * the default front end must have solved some cases through the
 * floating-point filter).  EXDTRSVX runs with each `refine` count
 * and must return the oracle's bits, or INFO = i and x untouched when
 * A(i,i) = 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"

typedef struct trsv_case {
    char uplo, trans, diag;
    const tl_matrix *T;
    const double *b;
    long incx;
} trsv_case;

/* Cases each knob line solved (some rows of) through the host's
 * floating-point filter (EXACTBLAS_PATH_EARLY): on a CPU with AVX-512 the
 * host lines that leave the front end to auto must have some. */
static long filter_runs[TL_MAX_ITEMS];

/* steps < 0: EXDTRSV; else EXDTRSVX with that many refinement steps. */
static void run(const tl_input *in, const char *label, const trsv_case *c, int steps, tl_tally *t)
{
    long n = c->T->n;
    double *expect = malloc((size_t)(n + 1) * sizeof *expect);
    memcpy(expect, c->b, (size_t)n * sizeof *expect);
    /* EXDTRSVX reports the first exactly zero diagonal element and solves nothing */
    int expect_info = 0;
    for (long i = 0; i < n && steps >= 0 && c->diag == 'N' && !expect_info; i++)
        if (c->T->a[i + i * c->T->lda] == 0.0)
            expect_info = (int)i + 1;
    if (steps < 0)
        tl_oracle_trsv(c->uplo, c->trans, c->diag, c->T, expect);
    else if (!expect_info)
        tl_oracle_trsvx(c->uplo, c->trans, c->diag, c->T, expect, steps);
    double *want = tl_layout(expect, n, c->incx);
    long len = tl_layout_len(n, c->incx);
    t->cases++;
    for (int k = 0; k < in->nknobs; k++) {
        tl_apply_knobs(in->knobs[k]);
        double *xs = tl_layout(c->b, n, c->incx);
        int info = 0;
        if (steps < 0)
            exactblas_dtrsv(c->uplo, c->trans, c->diag, (int)n, c->T->a, (int)c->T->lda, xs,
                            (int)c->incx);
        else
            exactblas_dtrsvx(c->uplo, c->trans, c->diag, (int)n, c->T->a, (int)c->T->lda, xs,
                             (int)c->incx, steps, &info);
        if (info != expect_info) {
            printf("MISMATCH %s knobs=[%s]: INFO = %d, expected %d\n", label, in->knobs[k], info,
                   expect_info);
            t->mismatches++;
        }
        tl_check_vector(t, label, in->knobs[k], len, want, xs);
        if (!tl_check_path(label, in->knobs[k]))
            t->mismatches++;
        if (exactblas_last_path() & EXACTBLAS_PATH_EARLY)
            filter_runs[k]++;
        free(xs);
    }
    free(want);
    free(expect);
}

/* "neartie" (n >= 6): in the order of the solve, the first K = n/2 rows are
 * identity rows with b = 1 (x = 1 exactly); every later row has a diagonal
 * +-2^e (1 when unit) and b = 0, and its only other entries are on those K
 * columns: -(v, h, K - 2 terms of 2^-107..2^-105 |v|, every third row
 * 2^-82..2^-80 |v|, random signs), v a random 53-bit value and h half an ulp
 * of v.  So its numerator is the midpoint v + h moved by about what a
 * floating-point sum loses in its own roundings, and a filter whose bound
 * is too small rounds some rows the wrong way (as test_exdgemv's neartie). */
static void near_ties(tl_matrix *T, double *b, char uplo, char trans, char diag, tl_rng *r)
{
    long n = T->n, K = n / 2;
    int lower_op = (uplo == 'L') == (trans == 'N'); /* op(T) lower: forward solve */
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            if ((uplo == 'L' ? i > j : i < j) || (i == j && diag != 'U'))
                T->a[i + j * T->lda] = 0.0;
    for (long q = 0; q < n; q++) {
        long i = lower_op ? q : n - 1 - q;
        double *d = &T->a[i + i * T->lda];
        if (q < K) {
            if (diag != 'U')
                *d = 1.0;
            b[i] = 1.0;
            continue;
        }
        if (diag != 'U')
            *d = tl_rng_sign(r) * ldexp(1.0, (int)(tl_rng_u64(r) % 5) - 2);
        b[i] = 0.0;
        int e = (int)(tl_rng_u64(r) % 7) - 3, tiny = q % 3 == 2 ? -80 : -105;
        double v = ldexp(1.0 + (double)(tl_rng_u64(r) >> 12) * 0x1p-52, e);
        for (long p = 0; p < K; p++) {
            long j = lower_op ? p : n - 1 - p;
            double w = p == 0   ? tl_rng_sign(r) * v
                       : p == 1 ? tl_rng_sign(r) * ldexp(1.0, e - 53)
                                : tl_rng_sign(r) * ldexp(1.0 + tl_rng_uniform(r),
                                                         e + tiny - (int)(tl_rng_u64(r) % 3));
            /* op(T)_ij = -w */
            if (trans == 'N')
                T->a[i + j * T->lda] = -w;
            else
                T->a[j + i * T->lda] = -w;
        }
    }
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    tl_tally trsv = {0, 0, 0}, trsvx = {0, 0, 0};
    long serial = 0;
    tl_tally_header();
    for (int g = 0; g < in.ngens; g++) {
        tl_tally t = {0, 0, 0};
        for (int s = 0; s < in.nsizes; s++) {
            long n = in.sizes[s];
            for (int v = 0; v < in.nvariants; v++) {
                int ncases = n > in.big ? 1 : in.cases;
                for (int c = 0; c < ncases; c++, serial++) {
                    const char *opt = in.variants[v];
                    tl_matrix T;
                    tl_matrix_alloc(&T, n, n, n + serial % 3);
                    double *b = malloc((size_t)(n + 1) * sizeof *b);
                    int near = strcmp(in.gens[g], "neartie") == 0;
                    if (tl_triangular_generate(near ? "random" : in.gens[g], in.gen_params[g],
                                               opt[0], opt[2], &T, b, &rng) != 0) {
                        printf("unknown generator %s\n", in.gens[g]);
                        return 2;
                    }
                    if (near && n >= 6)
                        near_ties(&T, b, opt[0], opt[1], opt[2], &rng);
                    trsv_case tc = {opt[0], opt[1], opt[2], &T, b, in.incs[serial % in.nincs]};
                    char label[160];
                    snprintf(label, sizeof label, "EXDTRSV %s:%g %s n=%ld lda=%ld incx=%ld",
                             in.gens[g], in.gen_params[g], opt, n, T.lda, tc.incx);
                    run(&in, label, &tc, -1, &t);
                    for (int r = 0; r < in.nrefine && n <= in.big; r++) {
                        tl_tally x = {0, 0, 0};
                        snprintf(label, sizeof label,
                                 "EXDTRSVX %s:%g %s n=%ld lda=%ld incx=%ld nrefine=%ld", in.gens[g],
                                 in.gen_params[g], opt, n, T.lda, tc.incx, in.refine[r]);
                        run(&in, label, &tc, (int)in.refine[r], &x);
                        tl_tally_add(&trsvx, &x);
                    }
                    free(T.a);
                    free(b);
                }
            }
        }
        tl_tally_row(in.gens[g], in.gen_params[g], &t);
        tl_tally_add(&trsv, &t);
    }
    tl_apply_knobs("");
    for (int k = 0; k < in.nknobs; k++)
        if (strstr(in.knobs[k], "EXACTBLAS_DEVICE=host") && tl_filter_allowed(in.knobs[k])) {
            printf("floating-point filter: %ld cases under [%s]\n", filter_runs[k], in.knobs[k]);
            if (filter_runs[k] == 0)
                trsv.mismatches++;
        }
    int failed = tl_verdict("EXDTRSV", &trsv, in.nknobs);
    failed |= tl_verdict("EXDTRSVX", &trsvx, in.nknobs);
    return failed;
}

/*
 * test_exdgemm.c -- EXDGEMM bit for bit against the MPFR oracle.
 *
 * usage: test_exdgemm exdgemm.in
 * Shapes: for each size s_i of the list, (m, n, k) = (s_i, s_i+1, s_i+2),
 * (s_i+2, s_i, s_i+1) and (s_i+1, s_i+2, s_i) (indices mod the list), so
 * every size plays every role; TRANSA/TRANSB from the variants ("NT" ...);
 * lda, ldb, ldc one to two above the minimum with NaN padding, which must
 * stay untouched; alpha and beta cycled through 0, 1, -1, 0.1, 2^-900,
 * 2^900.  beta = 0 starts C as NaN (it must not be read); alpha = 0 fills A
 * and B with NaN (they must not be read).  Every case runs under every knob
 * setting (paths general, split, early, auto; threads; expansion sizes) and
 * the whole C array must match; the early lines, and auto on the host, must
 * have decided some cases early (EXACTBLAS_PATH_EARLY).
 *
 * Generators: those of level2lib, plus "zero" (op(A)'s odd columns negate
 * the even ones and op(B)'s odd rows repeat them: exact zeros, or beta*C),
 * "tie" (exact halfway cases decided by the lowest bits, make_ties) and
 * "neartie" (midpoints moved at two levels of the slice products, against
 * the early path's bound, make_near_ties) and "tiny" (op(A) scaled by
 * 2^-1040: its slices need a scale factor beyond binary64's range).
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"

static const double scalars[] = {1.0, -1.0, 0.1, 0x1p-900, 0x1p900, 0.0};
#define NSCALARS ((long)(sizeof scalars / sizeof scalars[0]))

typedef struct gemm_case {
    char ta, tb;
    long m, n, k;
    double alpha, beta;
    tl_matrix A, B, C; /* as stored: A is m x k or k x m, B k x n or n x k */
} gemm_case;

/* The expected C: column j is the GEMV oracle with x = column j of op(B). */
static void oracle(const gemm_case *c, double *expect)
{
    double *x = malloc((size_t)(c->k + 1) * sizeof *x), *y = malloc((size_t)(c->m + 1) * sizeof *y);
    for (long j = 0; j < c->n; j++) {
        for (long l = 0; l < c->k; l++)
            x[l] = c->tb == 'N' ? c->B.a[l + j * c->B.lda] : c->B.a[j + l * c->B.lda];
        for (long i = 0; i < c->m; i++)
            y[i] = c->C.a[i + j * c->C.lda];
        tl_oracle_gemv(c->ta, &c->A, c->alpha, x, c->beta, y);
        for (long i = 0; i < c->m; i++)
            expect[i + j * c->C.lda] = y[i];
    }
    free(x);
    free(y);
}

/* Cases each knob line ran on the binary32 engine (EXACTBLAS_FP64=0 lines
 * must have run some: the path is proven, not assumed). */
static long binary32_runs[TL_MAX_ITEMS];
/* Cases each knob line rounded (some elements of) on the early-decision path
 * (EXACTBLAS_PATH_EARLY): GEMM_PATH=early lines, and auto on the host, must
 * have some. */
static long early_runs[TL_MAX_ITEMS];
/* Cases each GEMM_PATH=crt line ran on the residue path (some must, where
 * the CPU has AVX-512 VNNI and the line's int8 engine is there). */
static long residue_runs[TL_MAX_ITEMS];

/* Whether the residue path can run under a knob line: a CPU with AVX-512
 * VNNI, and oneDNN (libdnnl.so.2) when the line asks for it. */
static int residue_possible(const char *knobs)
{
    if (!__builtin_cpu_supports("avx512vnni") || !__builtin_cpu_supports("avx512bw") ||
        !__builtin_cpu_supports("avx512dq") || !__builtin_cpu_supports("avx512vl"))
        return 0;
    if (strstr(knobs, "EXACTBLAS_INT8=onednn")) {
        void *h = dlopen("libdnnl.so.2", RTLD_NOW | RTLD_LOCAL);
        if (!h)
            return 0;
        dlclose(h);
    }
    return 1;
}

static void run_case(const tl_input *in, const char *label, const gemm_case *c, tl_tally *t)
{
    long len = c->C.lda * (c->n > 0 ? c->n : 1);
    double *want = malloc((size_t)len * sizeof *want), *got = malloc((size_t)len * sizeof *got);
    memcpy(want, c->C.a, (size_t)len * sizeof *want); /* padding and quick returns: untouched */
    int quick = c->m == 0 || c->n == 0 || ((c->alpha == 0.0 || c->k == 0) && c->beta == 1.0);
    if (!quick)
        oracle(c, want);
    t->cases++;
    for (int k = 0; k < in->nknobs; k++) {
        tl_apply_knobs(in->knobs[k]);
        memcpy(got, c->C.a, (size_t)len * sizeof *got);
        exactblas_dgemm(c->ta, c->tb, (int)c->m, (int)c->n, (int)c->k, c->alpha, c->A.a,
                        (int)c->A.lda, c->B.a, (int)c->B.lda, c->beta, got, (int)c->C.lda);
        tl_check_vector(t, label, in->knobs[k], len, want, got);
        if (!tl_check_path(label, in->knobs[k]))
            t->mismatches++;
        if (exactblas_last_path() & EXACTBLAS_PATH_FP32)
            binary32_runs[k]++;
        if (exactblas_last_path() & EXACTBLAS_PATH_EARLY)
            early_runs[k]++;
        if (exactblas_last_path() & EXACTBLAS_PATH_RESIDUE)
            residue_runs[k]++;
    }
    free(want);
    free(got);
}

static double *opa(gemm_case *c, long i, long l)
{
    return c->ta == 'N' ? &c->A.a[i + l * c->A.lda] : &c->A.a[l + i * c->A.lda];
}

static double *opb(gemm_case *c, long l, long j)
{
    return c->tb == 'N' ? &c->B.a[l + j * c->B.lda] : &c->B.a[j + l * c->B.lda];
}

/* "tie" (k >= 4): every exact C_ij is 2^(e_i+f_j) (v + h + t) with v a
 * random 53-bit double in [1,2), h = +-2^-53 (half an ulp of v) and
 * t = +-2^-202: a tie broken only by t.  t comes from 2^-150 (1 + 2^-52) -
 * 2^-150, so only the products of the lowest bits carry it: a path that
 * drops or misplaces the least significant slices rounds the tie instead. */
static void make_ties(gemm_case *c, tl_rng *r)
{
    for (long i = 0; i < c->m; i++) {
        double scale = ldexp(1.0, (int)(tl_rng_u64(r) % 41) - 20);
        for (long l = 0; l < c->k; l++)
            *opa(c, i, l) = 0.0;
        *opa(c, i, 0) = scale;
        *opa(c, i, 1) = scale * 0x1p-53;
        *opa(c, i, 2) = scale * 0x1p-150;
        *opa(c, i, 3) = -scale * 0x1p-150;
    }
    for (long j = 0; j < c->n; j++) {
        double scale = ldexp(1.0, (int)(tl_rng_u64(r) % 41) - 20), sign = tl_rng_sign(r);
        for (long l = 4; l < c->k; l++)
            *opb(c, l, j) = tl_rng_uniform(r);
        *opb(c, 0, j) = tl_rng_sign(r) * scale * (1.0 + tl_rng_uniform(r));
        *opb(c, 1, j) = tl_rng_sign(r) * scale;
        *opb(c, 2, j) = sign * scale * (1.0 + 0x1p-52);
        *opb(c, 3, j) = sign * scale;
    }
}

/* "neartie" (k >= 4): against the early-decision path's bound.  With
 * beta = the split path's slice width for k, every exact C_ij is
 * s 2^(e_i+f_j) (1 + 2^-53 - sigma 2^(-4 beta - 1) + tau 2^(-4 beta)),
 * sigma, tau in {-1, 0, 1}: a midpoint (levels <= 4 of the slice products),
 * moved by 2^(-4 beta - 1) at level 5 and by twice that, the other way or
 * the same, only at level 6.  After level 5 the partial sum lies within
 * 2^-11 ulp of the midpoint, on one side, and the bound is below that
 * distance's unit, so a decision that trusted the 11 bits below the last
 * one too far (or a bound too small) rounds it the wrong way; the
 * knob lines EXACTBLAS_GEMM_LEVELS=4..6 stop there.  Pairs (x, y), (-x, y)
 * fill the rest of k: they cancel within each level. */
static void make_near_ties(gemm_case *c, tl_rng *r)
{
    int lg = 0;
    while ((1L << lg) < c->k)
        lg++;
    int beta = (53 - lg) / 2;
    for (long i = 0; i < c->m; i++) {
        int e = (int)(tl_rng_u64(r) % 7) - 3;
        double s = tl_rng_sign(r), top = s * ldexp(1.0, e);
        *opa(c, i, 0) = top;
        *opa(c, i, 1) = -top * 0x1p-26;
        *opa(c, i, 2) = ldexp(top, 1 - 2 * beta);
        *opa(c, i, 3) = top;
        for (long l = 4; l < c->k; l++)
            *opa(c, i, l) = l % 2 == 0 ? top * tl_rng_uniform(r) / 8 : -*opa(c, i, l - 1);
        if (c->k % 2 == 1)
            *opa(c, i, c->k - 1) = 0.0;
    }
    for (long j = 0; j < c->n; j++) {
        double top = ldexp(1.0, (int)(tl_rng_u64(r) % 7) - 3);
        double sigma = (double)(j % 3) - 1.0, tau = (double)((j / 3) % 3) - 1.0;
        *opb(c, 0, j) = top * (1.0 + 0x1p-52);
        *opb(c, 1, j) = top * 0x1p-27;
        *opb(c, 2, j) = -sigma * ldexp(top, 1 - 2 * beta - 3);
        *opb(c, 3, j) = tau * ldexp(top, -4 * beta);
        for (long l = 4; l < c->k; l++)
            *opb(c, l, j) = l % 2 == 0 ? top * tl_rng_uniform(r) / 8 : *opb(c, l - 1, j);
    }
}

/* Fills the case's matrices for generator g; -1 for an unknown one. */
static int generate(const char *gen, double param, gemm_case *c, tl_rng *r)
{
    int zero = strcmp(gen, "zero") == 0, tie = strcmp(gen, "tie") == 0,
        near = strcmp(gen, "neartie") == 0, tiny = strcmp(gen, "tiny") == 0;
    const char *kind = zero || tie || near || tiny ? "random" : gen;
    if (tl_matrix_generate(kind, param, &c->A, r) != 0 ||
        tl_matrix_generate(kind, param, &c->B, r) != 0)
        return -1;
    if (zero) {
        for (long i = 0; i < c->m; i++)
            for (long l = 1; l < c->k; l += 2)
                *opa(c, i, l) = -*opa(c, i, l - 1);
        for (long j = 0; j < c->n; j++)
            for (long l = 1; l < c->k; l += 2)
                *opb(c, l, j) = *opb(c, l - 1, j);
    }
    if (tie && c->k >= 4)
        make_ties(c, r);
    if (near && c->k >= 4)
        make_near_ties(c, r);
    if (tiny) /* every row of op(A) below 2^-1030: slicing scales by more than 2^1023 */
        for (long i = 0; i < c->m; i++)
            for (long l = 0; l < c->k; l++)
                *opa(c, i, l) = ldexp(*opa(c, i, l), -1040);
    tl_matrix_generate(strcmp(gen, "zeros") == 0 ? "zeros" : "random", 1e10, &c->C, r);
    if (strcmp(gen, "zeros") == 0) /* op(B) positive: the products are A's zeros */
        for (long l = 0; l < c->k; l++)
            for (long j = 0; j < c->n; j++)
                *opb(c, l, j) = 1.0 + (double)(l + j);
    return 0;
}

/* NaN over the logical part of M (what the routine must not read). */
static void poison(tl_matrix *M)
{
    for (long j = 0; j < M->n; j++)
        for (long i = 0; i < M->m; i++)
            M->a[i + j * M->lda] = NAN;
}

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    if (in.nvariants == 0) {
        fprintf(stderr, "%s: the input needs a variants line (NN NT ...)\n", argv[1]);
        return 2;
    }
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    tl_tally total = {0, 0, 0};
    long serial = 0;
    tl_tally_header();
    for (int g = 0; g < in.ngens; g++) {
        tl_tally t = {0, 0, 0};
        for (int s = 0; s < in.nsizes; s++)
            for (int rot = 0; rot < 3; rot++) {
                long d[3];
                for (int q = 0; q < 3; q++)
                    d[q] = in.sizes[(s + (q + rot) % 3) % in.nsizes];
                int nvar = d[0] * d[1] * d[2] > in.big ? 1 : in.nvariants;
                for (int v = 0; v < nvar; v++, serial++) {
                    gemm_case c;
                    c.ta = in.variants[(v + serial) % in.nvariants][0];
                    c.tb = in.variants[(v + serial) % in.nvariants][1];
                    c.m = d[0];
                    c.n = d[1];
                    c.k = d[2];
                    c.alpha = scalars[serial % NSCALARS];
                    c.beta = scalars[(serial / NSCALARS + serial) % NSCALARS];
                    long ra = c.ta == 'N' ? c.m : c.k, ca = c.ta == 'N' ? c.k : c.m;
                    long rb = c.tb == 'N' ? c.k : c.n, cb = c.tb == 'N' ? c.n : c.k;
                    tl_matrix_alloc(&c.A, ra, ca, (ra > 1 ? ra : 1) + serial % 3);
                    tl_matrix_alloc(&c.B, rb, cb, (rb > 1 ? rb : 1) + (serial + 1) % 3);
                    tl_matrix_alloc(&c.C, c.m, c.n, (c.m > 1 ? c.m : 1) + (serial + 2) % 3);
                    if (generate(in.gens[g], in.gen_params[g], &c, &rng) != 0) {
                        printf("unknown generator %s\n", in.gens[g]);
                        return 2;
                    }
                    if (c.beta == 0.0)
                        poison(&c.C);
                    if (c.alpha == 0.0) {
                        poison(&c.A);
                        poison(&c.B);
                    }
                    char label[200];
                    snprintf(label, sizeof label,
                             "%s:%g %c%c m=%ld n=%ld k=%ld lda=%ld ldb=%ld ldc=%ld alpha=%a "
                             "beta=%a",
                             in.gens[g], in.gen_params[g], c.ta, c.tb, c.m, c.n, c.k, c.A.lda,
                             c.B.lda, c.C.lda, c.alpha, c.beta);
                    run_case(&in, label, &c, &t);
                    free(c.A.a);
                    free(c.B.a);
                    free(c.C.a);
                }
            }
        tl_tally_row(in.gens[g], in.gen_params[g], &t);
        tl_tally_add(&total, &t);
    }
    tl_apply_knobs("");
    for (int k = 0; k < in.nknobs; k++)
        if (tl_setting_wants_opencl(in.knobs[k]) && strstr(in.knobs[k], "EXACTBLAS_FP64=0")) {
            printf("binary32 engine: %ld cases under [%s]\n", binary32_runs[k], in.knobs[k]);
            if (binary32_runs[k] == 0)
                total.mismatches++;
        }
    for (int k = 0; k < in.nknobs; k++)
        if (strstr(in.knobs[k], "GEMM_PATH=early") ||
            (strstr(in.knobs[k], "GEMM_PATH=auto") && !tl_setting_wants_opencl(in.knobs[k]))) {
            printf("early decisions: %ld cases under [%s]\n", early_runs[k], in.knobs[k]);
            if (early_runs[k] == 0)
                total.mismatches++;
        }
    for (int k = 0; k < in.nknobs; k++)
        if (strstr(in.knobs[k], "GEMM_PATH=crt")) {
            int possible = residue_possible(in.knobs[k]);
            printf("residue path: %ld cases under [%s]%s\n", residue_runs[k], in.knobs[k],
                   possible ? "" : " (skipped: no AVX-512 VNNI, or the line's oneDNN absent)");
            if (possible && residue_runs[k] == 0)
                total.mismatches++;
        }
    return tl_verdict("EXDGEMM", &total, in.nknobs);
}

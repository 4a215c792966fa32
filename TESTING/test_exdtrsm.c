/*
 * test_exdtrsm.c -- EXDTRSM bit for bit against the MPFR oracle of the
 * correctly rounded substitution of every right-hand side (alpha*b exact).
 *
 * usage: test_exdtrsm exdtrsm.in
 * For every generator, pair of sizes (M from the list, N from the list),
 * variant (SIDE UPLO TRANSA DIAG letters) and case: A triangular with its
 * unreferenced triangle (and unit diagonal) NaN, B with ldb = m + case % 3
 * and NaN in the rows below M (they must stay as they were), alpha taken in
 * turn from a list with exactness, overflow, underflow, zero and special
 * values.  Every case runs under every knob setting and must match the
 * whole B array, and the path must be the one the setting names.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"

static const double alphas[] = {1.0,  -1.0, 3.0,       0.1,      0x1p-1000, 1e300,
                                -0.0, 0.0,  -0x1.8p-3, INFINITY, NAN};

int main(int argc, char **argv)
{
    tl_input in;
    if (tl_read_args(argc, argv, &in) != 0)
        return 2;
    tl_rng rng;
    tl_rng_seed(&rng, in.seed);
    tl_tally total = {0, 0, 0};
    long serial = 0;
    tl_tally_header();
    for (int g = 0; g < in.ngens; g++) {
        tl_tally t = {0, 0, 0};
        for (int sm = 0; sm < in.nsizes; sm++)
            for (int sn = 0; sn < in.nsizes; sn++)
                for (int v = 0; v < in.nvariants; v++) {
                    long m = in.sizes[sm], n = in.sizes[sn];
                    const char *opt = in.variants[v];
                    int left = opt[0] == 'L';
                    long order = left ? m : n;
                    int ncases = m > in.big || n > in.big ? 1 : in.cases;
                    for (int c = 0; c < ncases; c++, serial++) {
                        tl_matrix T, B;
                        tl_matrix_alloc(&T, order, order, (order > 0 ? order : 1) + serial % 2);
                        tl_matrix_alloc(&B, m, n, (m > 0 ? m : 1) + serial % 3);
                        double *b0 = malloc((size_t)(order + 1) * sizeof *b0);
                        if (tl_triangular_generate(in.gens[g], in.gen_params[g], opt[1], opt[3], &T,
                                                   b0, &rng) != 0 ||
                            tl_matrix_generate(in.gens[g], in.gen_params[g], &B, &rng) != 0) {
                            printf("unknown generator %s\n", in.gens[g]);
                            return 2;
                        }
                        double alpha = alphas[serial % (sizeof alphas / sizeof alphas[0])];
                        size_t bytes = (size_t)(B.lda * (n > 0 ? n : 1)) * sizeof(double);
                        tl_matrix want = B;
                        want.a = malloc(bytes);
                        memcpy(want.a, B.a, bytes);
                        tl_oracle_trsm(opt[0], opt[1], opt[2], opt[3], alpha, &T, &want);
                        char label[160];
                        snprintf(label, sizeof label,
                                 "EXDTRSM %s:%g %s m=%ld n=%ld lda=%ld ldb=%ld alpha=%a",
                                 in.gens[g], in.gen_params[g], opt, m, n, T.lda, B.lda, alpha);
                        t.cases++;
                        double *got = malloc(bytes);
                        for (int k = 0; k < in.nknobs; k++) {
                            tl_apply_knobs(in.knobs[k]);
                            memcpy(got, B.a, bytes);
                            exactblas_dtrsm(opt[0], opt[1], opt[2], opt[3], (int)m, (int)n, alpha,
                                            T.a, (int)T.lda, got, (int)B.lda);
                            tl_check_vector(&t, label, in.knobs[k], (long)(bytes / sizeof(double)),
                                            want.a, got);
                            if (!tl_check_path(label, in.knobs[k]))
                                t.mismatches++;
                        }
                        free(got);
                        free(want.a);
                        free(T.a);
                        free(B.a);
                        free(b0);
                    }
                }
        tl_tally_row(in.gens[g], in.gen_params[g], &t);
        tl_tally_add(&total, &t);
    }
    tl_apply_knobs("");
    return tl_verdict("EXDTRSM", &total, in.nknobs);
}

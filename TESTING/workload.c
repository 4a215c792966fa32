/* workload.c -- every routine once, hashed (see workload.h). */
#include "workload.h"

#include "exactblas.h"
#include "testlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *alloc_doubles(long n)
{
    double *p = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (!p) {
        fprintf(stderr, "workload: out of memory for %ld doubles\n", n);
        exit(2);
    }
    return p;
}

void tl_workload_make(tl_workload *w, long nsum, long nm, long nt, uint64_t seed)
{
    tl_rng r;
    tl_rng_seed(&r, seed);
    w->nsum = nsum;
    w->nm = nm;
    w->nt = nt;
    /* sums and dots: an ill-conditioned dot with exponents over 2^-200..2^200
     * (cond 1e60), a signed zero among them */
    w->x = alloc_doubles(nsum);
    w->y = alloc_doubles(nsum);
    tl_generate("illcond", 1e60, nsum, &r, w->x, w->y);
    w->x[7] = -0.0;
    /* matrices: A over 2^-40..2^40 with row 1 = -row 0 (an exact zero row
     * sum), one NaN; C with -0 in every fifth place */
    w->a = alloc_doubles(nm * nm);
    w->b = alloc_doubles(nm * nm);
    w->c = alloc_doubles(nm * nm);
    for (long k = 0; k < nm * nm; k++) {
        w->a[k] = tl_rng_sign(&r) * tl_rng_loguniform(&r, -40, 40);
        w->b[k] = tl_rng_sign(&r) * tl_rng_loguniform(&r, -3, 3);
        w->c[k] = (k % 5 == 0) ? -0.0 : tl_rng_sign(&r) * tl_rng_loguniform(&r, -10, 10);
    }
    for (long i = 0; i < nm; i++)
        w->a[1 + i * nm] = -w->a[i * nm];
    w->a[5] = NAN;
    /* T: unit lower, off-diagonal entries of magnitude 1.5..2.5, so the
     * solution grows like 2^n and overflows for n of a few hundred
     * (Inf - Inf: NaN); U: upper with a wide exponent range.  The unused
     * triangles hold NaN (not referenced). */
    w->t = alloc_doubles(nt * nt);
    w->u = alloc_doubles(nt * nt);
    for (long j = 0; j < nt; j++)
        for (long i = 0; i < nt; i++) {
            w->t[i + j * nt] = i > j ? tl_rng_sign(&r) * (1.5 + tl_rng_uniform(&r)) : NAN;
            w->u[i + j * nt] = i < j    ? tl_rng_sign(&r) * tl_rng_loguniform(&r, -30, 30) / nt
                               : i == j ? tl_rng_sign(&r) * tl_rng_loguniform(&r, -2, 2)
                                        : NAN;
        }
    w->rhs = alloc_doubles(nt);
    for (long i = 0; i < nt; i++)
        w->rhs[i] = tl_rng_sign(&r) * tl_rng_uniform(&r);
}

void tl_workload_free(tl_workload *w)
{
    free(w->x);
    free(w->y);
    free(w->a);
    free(w->b);
    free(w->c);
    free(w->t);
    free(w->u);
    free(w->rhs);
    memset(w, 0, sizeof *w);
}

uint64_t tl_hash_bytes(uint64_t h, const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < len; k++)
        h = (h ^ b[k]) * UINT64_C(0x100000001b3);
    return h;
}

typedef struct run_state {
    const char *setting;
    int *wrong;
} run_state;

static void check(const run_state *s, const char *label)
{
    if (s->setting && !tl_check_path(label, s->setting))
        ++*s->wrong;
}

static uint64_t sums_and_dots(const tl_workload *w, const run_state *s, uint64_t h)
{
    long n = w->nsum;
    double r[9];
    r[0] = exactblas_dsum(n, w->x, 1);
    check(s, "EXDSUM");
    r[1] = exactblas_ddot(n, w->x, 1, w->y, 1);
    check(s, "EXDDOT");
    r[2] = exactblas_dsum(9, w->x + 3, 1); /* small, with -0 */
    r[3] = exactblas_ddot(n / 7, w->x, -3, w->y, 2);
    check(s, "EXDDOT strided");
    double special[6] = {1.0, -0.0, INFINITY, 3.0, -INFINITY, NAN};
    r[4] = exactblas_dsum(4, special, 1);          /* +Inf */
    r[5] = exactblas_dsum(5, special, 1);          /* Inf - Inf: NaN */
    r[6] = exactblas_ddot(6, special, 1, w->y, 1); /* NaN */
    double negzero[3] = {-0.0, -0.0, -0.0};
    r[7] = exactblas_ddot(3, negzero, 1, w->y, 1);
    r[8] = exactblas_dsum(3, negzero, 1);
    /* every byte is hashed: NaN payloads and zero signs included */
    return tl_hash_bytes(h, r, sizeof r);
}

static uint64_t gemv_and_gemm(const tl_workload *w, enum tl_gemm_choice gemm, const run_state *s,
                              uint64_t h)
{
    long nm = w->nm;
    double *y = alloc_doubles(nm), *c = alloc_doubles(nm * nm);
    for (int t = 0; t < 2; t++) {
        memcpy(y, w->c, nm * sizeof(double));
        exactblas_dgemv(t ? 'T' : 'N', nm, nm, -1.5, w->a, nm, w->b, 1, 0.75, y, 1);
        check(s, "EXDGEMV");
        h = tl_hash_bytes(h, y, nm * sizeof(double));
    }
    static const char *paths[2] = {"general", "split"};
    int runs = gemm == TL_GEMM_BOTH ? 2 : 1;
    for (int p = 0; p < runs; p++) {
        if (gemm == TL_GEMM_BOTH) {
            setenv("EXACTBLAS_GEMM_PATH", paths[p], 1);
            exactblas_reload_knobs();
        }
        memcpy(c, w->c, nm * nm * sizeof(double));
        exactblas_dgemm('N', 'T', nm, nm, nm, 1.0, w->b, nm, w->b, nm, -2.0, c, nm);
        check(s, "EXDGEMM");
        h = tl_hash_bytes(h, c, nm * nm * sizeof(double));
        /* the wide-range A: many slices, the general path under auto */
        memcpy(c, w->c, nm * nm * sizeof(double));
        exactblas_dgemm('T', 'N', nm, nm / 2, nm, 0.5, w->a, nm, w->b, nm, 1.0, c, nm);
        check(s, "EXDGEMM wide");
        h = tl_hash_bytes(h, c, nm * nm * sizeof(double));
    }
    if (gemm == TL_GEMM_BOTH) {
        unsetenv("EXACTBLAS_GEMM_PATH");
        exactblas_reload_knobs();
    }
    free(y);
    free(c);
    return h;
}

static uint64_t triangular(const tl_workload *w, const run_state *s, uint64_t h)
{
    long nt = w->nt;
    double *x = alloc_doubles(nt);
    memcpy(x, w->rhs, nt * sizeof(double));
    exactblas_dtrsv('L', 'N', 'U', nt, w->t, nt, x, 1); /* overflows */
    check(s, "EXDTRSV L N U");
    h = tl_hash_bytes(h, x, nt * sizeof(double));
    memcpy(x, w->rhs, nt * sizeof(double));
    exactblas_dtrsv('U', 'T', 'N', nt, w->u, nt, x, 1);
    check(s, "EXDTRSV U T N");
    h = tl_hash_bytes(h, x, nt * sizeof(double));
    memcpy(x, w->rhs, nt * sizeof(double));
    x[nt / 2] = INFINITY;
    exactblas_dtrsv('U', 'N', 'N', nt, w->u, nt, x, 1);
    check(s, "EXDTRSV U N N with Inf");
    h = tl_hash_bytes(h, x, nt * sizeof(double));
    long nx = nt < 64 ? nt : 64;
    int info[2];
    memcpy(x, w->rhs, nx * sizeof(double));
    exactblas_dtrsvx('L', 'N', 'U', nx, w->t, nt, x, 1, 2, &info[0]);
    check(s, "EXDTRSVX L N U");
    h = tl_hash_bytes(h, x, nx * sizeof(double));
    memcpy(x, w->rhs, nt * sizeof(double));
    exactblas_dtrsvx('U', 'T', 'N', nt, w->u, nt, x, 1, 1, &info[1]);
    check(s, "EXDTRSVX U T N");
    h = tl_hash_bytes(h, x, nt * sizeof(double));
    h = tl_hash_bytes(h, info, sizeof info);
    free(x);
    return h;
}

uint64_t tl_workload_run(const tl_workload *w, enum tl_gemm_choice gemm, const char *setting,
                         int *wrong_paths)
{
    run_state s = {setting, wrong_paths};
    uint64_t h = TL_HASH_START;
    h = sums_and_dots(w, &s, h);
    h = gemv_and_gemm(w, gemm, &s, h);
    return triangular(w, &s, h);
}

/*
 * test_xerbla.c -- argument errors of EXDGEMV, EXDGEMM (and the double-float
 * EXDGEMMDF, EXDGEMMDFDF), EXDTRSV, EXDTRSVX and EXDTRSM.
 *
 * This program defines its own xerbla_, which must take precedence over the
 * library's: every illegal argument must reach it with the routine's name and
 * the argument's position (those of reference BLAS), exactly once, and leave
 * every output untouched.  Legal calls must not call it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exactblas.h"

static char last_name[32];
static int last_info, calls;

void xerbla_(const char *srname, const int *info, size_t len)
{
    snprintf(last_name, sizeof last_name, "%.*s", (int)len, srname);
    last_info = *info;
    calls++;
}

static int failures;

static void expect(const char *what, const char *name, int position, const double *out,
                   const double *saved, int len)
{
    int untouched = memcmp(out, saved, (size_t)len * sizeof *out) == 0;
    int ok =
        position ? calls == 1 && strcmp(last_name, name) == 0 && last_info == position : calls == 0;
    if (!ok || !untouched) {
        failures++;
        printf("FAIL %s: expected %s %d, got %d call(s), last %s %d%s\n", what,
               position ? name : "no call", position, calls, last_name, last_info,
               untouched ? "" : "; output modified");
    }
    calls = 0;
    last_name[0] = '\0';
    last_info = 0;
}

int main(void)
{
    double a[16], x[8], y[8], sx[8], sy[8];
    for (int k = 0; k < 16; k++)
        a[k] = 1.0 + k;
    for (int k = 0; k < 8; k++)
        x[k] = sx[k] = 0.5 + k, y[k] = sy[k] = 2.0 - k;

    struct {
        char trans;
        int m, n, lda, incx, incy, pos;
    } gemv[] = {
        {'X', 2, 2, 2, 1, 1, 1}, {'N', -1, 2, 2, 1, 1, 2}, {'T', 2, -1, 2, 1, 1, 3},
        {'N', 3, 2, 2, 1, 1, 6}, {'C', 2, 2, 2, 0, 1, 8},  {'n', 2, 2, 2, 1, 0, 11},
        {'N', 0, 2, 1, 1, 1, 0}, {'t', 2, 2, 4, -1, 2, 0}, {'N', 2, 0, 0, 1, 1, 6},
    };
    for (size_t k = 0; k < sizeof gemv / sizeof gemv[0]; k++) {
        char what[64];
        snprintf(what, sizeof what, "EXDGEMV case %zu", k);
        memcpy(sy, y, sizeof y);
        exactblas_dgemv(gemv[k].trans, gemv[k].m, gemv[k].n, 2.0, a, gemv[k].lda, x, gemv[k].incx,
                        0.5, y, gemv[k].incy);
        if (gemv[k].pos == 0)
            memcpy(sy, y, sizeof y); /* a legal call may write y */
        expect(what, "EXDGEMV", gemv[k].pos, y, sy, 8);
    }

    /* EXDGEMM: DGEMM's positions; the last three are legal (quick return,
     * lda = k for 'T', ldb = n for 'T') */
    struct {
        char ta, tb;
        int m, n, k, lda, ldb, ldc, pos;
    } gemm[] = {
        {'X', 'N', 2, 2, 2, 2, 2, 2, 1},  {'N', 'Y', 2, 2, 2, 2, 2, 2, 2},
        {'N', 'N', -1, 2, 2, 2, 2, 2, 3}, {'T', 'N', 2, -1, 2, 2, 2, 2, 4},
        {'N', 'T', 2, 2, -1, 2, 2, 2, 5}, {'N', 'N', 3, 2, 2, 2, 2, 3, 8},
        {'T', 'N', 2, 2, 3, 2, 3, 2, 8},  {'N', 'N', 2, 2, 3, 2, 2, 2, 10},
        {'c', 'T', 2, 3, 2, 2, 2, 2, 10}, {'N', 'N', 3, 2, 2, 3, 2, 2, 13},
        {'N', 'N', 0, 2, 2, 1, 2, 1, 0},  {'T', 't', 2, 2, 3, 3, 2, 2, 0},
        {'n', 'c', 2, 1, 2, 2, 1, 2, 0},
    };
    for (size_t k = 0; k < sizeof gemm / sizeof gemm[0]; k++) {
        char what[64];
        double c[8], sc[8];
        for (int q = 0; q < 8; q++)
            c[q] = sc[q] = 3.0 - q;
        snprintf(what, sizeof what, "EXDGEMM case %zu", k);
        exactblas_dgemm(gemm[k].ta, gemm[k].tb, gemm[k].m, gemm[k].n, gemm[k].k, 2.0, a,
                        gemm[k].lda, a, gemm[k].ldb, 0.5, c, gemm[k].ldc);
        if (gemm[k].pos == 0)
            memcpy(sc, c, sizeof c); /* a legal call may write C */
        expect(what, "EXDGEMM", gemm[k].pos, c, sc, 8);
        /* the double-float GEMMs: the same checks and positions */
        for (int q = 0; q < 8; q++)
            c[q] = sc[q] = 3.0 - q;
        snprintf(what, sizeof what, "EXDGEMMDF case %zu", k);
        exactblas_dgemm_df(gemm[k].ta, gemm[k].tb, gemm[k].m, gemm[k].n, gemm[k].k, 2.0, a,
                           gemm[k].lda, a, gemm[k].ldb, 0.5, c, gemm[k].ldc);
        if (gemm[k].pos == 0)
            memcpy(sc, c, sizeof c);
        expect(what, "EXDGEMMDF", gemm[k].pos, c, sc, 8);
        exactblas_df ad[16], cd[16], scd[16]; /* 16 pairs: the bytes of 8 doubles */
        for (int q = 0; q < 16; q++) {
            ad[q] = exactblas_df_from_double(a[q]);
            cd[q] = scd[q] = exactblas_df_from_double(3.0 - q);
        }
        snprintf(what, sizeof what, "EXDGEMMDFDF case %zu", k);
        exactblas_dgemm_dfdf(gemm[k].ta, gemm[k].tb, gemm[k].m, gemm[k].n, gemm[k].k,
                             exactblas_df_from_double(2.0), ad, gemm[k].lda, ad, gemm[k].ldb,
                             exactblas_df_from_double(0.5), cd, gemm[k].ldc);
        if (gemm[k].pos == 0)
            memcpy(scd, cd, sizeof cd);
        expect(what, "EXDGEMMDFDF", gemm[k].pos, (const double *)cd, (const double *)scd, 8);
    }

    struct {
        char uplo, trans, diag;
        int n, lda, incx, nrefine, pos;
    } trsv[] = {
        {'A', 'N', 'N', 2, 2, 1, 0, 1},  {'U', 'X', 'N', 2, 2, 1, 0, 2},
        {'L', 'N', 'X', 2, 2, 1, 0, 3},  {'L', 'T', 'U', -1, 2, 1, 0, 4},
        {'U', 'C', 'N', 3, 2, 1, 0, 6},  {'l', 'n', 'u', 2, 2, 0, 0, 8},
        {'L', 'N', 'N', 2, 2, 1, -1, 9}, {'u', 't', 'n', 3, 4, -2, 1, 0},
    };
    for (size_t k = 0; k < sizeof trsv / sizeof trsv[0]; k++) {
        char what[64];
        memcpy(sx, x, sizeof x);
        if (trsv[k].pos != 9) {
            snprintf(what, sizeof what, "EXDTRSV case %zu", k);
            exactblas_dtrsv(trsv[k].uplo, trsv[k].trans, trsv[k].diag, trsv[k].n, a, trsv[k].lda, x,
                            trsv[k].incx);
            if (trsv[k].pos == 0)
                memcpy(sx, x, sizeof x);
            expect(what, "EXDTRSV", trsv[k].pos, x, sx, 8);
        }
        memcpy(sx, x, sizeof x);
        int info = 12345;
        snprintf(what, sizeof what, "EXDTRSVX case %zu", k);
        exactblas_dtrsvx(trsv[k].uplo, trsv[k].trans, trsv[k].diag, trsv[k].n, a, trsv[k].lda, x,
                         trsv[k].incx, trsv[k].nrefine, &info);
        if (trsv[k].pos == 0)
            memcpy(sx, x, sizeof x);
        expect(what, "EXDTRSVX", trsv[k].pos, x, sx, 8);
        if (info != -trsv[k].pos) {
            failures++;
            printf("FAIL %s: INFO = %d, expected %d\n", what, info, -trsv[k].pos);
        }
    }

    /* EXDTRSM: DTRSM's positions (LDA checks the order of A: M for 'L', N
     * for 'R'); the last four are legal (quick returns, LDA = N for 'R') */
    struct {
        char side, uplo, ta, diag;
        int m, n, lda, ldb, pos;
    } trsm[] = {
        {'X', 'U', 'N', 'N', 2, 2, 2, 2, 1},  {'L', 'X', 'N', 'N', 2, 2, 2, 2, 2},
        {'L', 'U', 'X', 'N', 2, 2, 2, 2, 3},  {'R', 'L', 'T', 'X', 2, 2, 2, 2, 4},
        {'L', 'U', 'N', 'N', -1, 2, 2, 2, 5}, {'r', 'u', 'c', 'u', 2, -1, 2, 2, 6},
        {'L', 'U', 'N', 'N', 3, 2, 2, 3, 9},  {'R', 'L', 'N', 'N', 2, 3, 2, 2, 9},
        {'L', 'L', 'T', 'U', 3, 2, 3, 2, 11}, {'R', 'U', 'N', 'N', 3, 1, 1, 2, 11},
        {'L', 'U', 'N', 'N', 0, 2, 1, 1, 0},  {'R', 'U', 'N', 'N', 2, 0, 1, 2, 0},
        {'R', 'U', 'T', 'N', 1, 2, 2, 1, 0},  {'l', 'l', 'n', 'n', 2, 3, 2, 2, 0},
    };
    for (size_t k = 0; k < sizeof trsm / sizeof trsm[0]; k++) {
        char what[64];
        double b[8], sb[8];
        for (int q = 0; q < 8; q++)
            b[q] = sb[q] = 3.0 - q;
        snprintf(what, sizeof what, "EXDTRSM case %zu", k);
        exactblas_dtrsm(trsm[k].side, trsm[k].uplo, trsm[k].ta, trsm[k].diag, trsm[k].m, trsm[k].n,
                        2.0, a, trsm[k].lda, b, trsm[k].ldb);
        if (trsm[k].pos == 0)
            memcpy(sb, b, sizeof b); /* a legal call may write B */
        expect(what, "EXDTRSM", trsm[k].pos, b, sb, 8);
    }

    /* EXDTRSVX: an exactly zero diagonal is reported in INFO and x is untouched */
    double t[9] = {2, 1, 1, 0, 0, 1, 0, 0, 3}; /* lower, T(2,2) = 0 */
    memcpy(sx, x, sizeof x);
    int info = 0;
    exactblas_dtrsvx('L', 'N', 'N', 3, t, 3, x, 1, 1, &info);
    expect("EXDTRSVX singular", "EXDTRSVX", 0, x, sx, 8);
    if (info != 2) {
        failures++;
        printf("FAIL EXDTRSVX singular: INFO = %d, expected 2\n", info);
    }

    if (failures == 0)
        printf("XERBLA: PASSED: every illegal argument reported with name and position, "
               "outputs untouched\n");
    else
        printf("XERBLA: FAILED: %d check(s)\n", failures);
    return failures != 0;
}

/*
 * factor.c -- step 1 of the proven solve (doc/CONTRACT.md, "Linear
 * systems"): LU with partial pivoting (LAPACK's DGETRF2 recursion) and
 * Cholesky, their updates on the exact face (EXDTRSM, EXDGEMM, the exact
 * DSYRK), the panels of PANEL columns in plain arithmetic in a fixed
 * order; and the factors' plain solve, which gives the first solution and
 * every correction.  Every step is deterministic, so X does not depend on
 * the machine, the threads or the engines; only the quality of the
 * factors, never a proof's validity, rests on them.
 */
#include <math.h>

#include "solve.h"

#define PANEL 16 /* columns factored with plain loops */

/* Rows i and p of a (ncols columns) exchanged. */
void exb_solve_swap_rows(double *a, long lda, long ncols, long i, long p)
{
    if (i == p)
        return;
    for (long j = 0; j < ncols; j++) {
        double t = a[i + j * lda];
        a[i + j * lda] = a[p + j * lda];
        a[p + j * lda] = t;
    }
}

/* LU with partial pivoting of the m x n panel a (DGETRF2's recursion);
 * ipiv[j] is the row (relative to a) swapped with row j.  Returns the first
 * exactly zero pivot (1-based) or 0. */
long exb_solve_lu(const char *name, long m, long n, double *a, long lda, long *ipiv)
{
    long mn = m < n ? m : n, info = 0;
    if (n <= PANEL) {
        for (long j = 0; j < mn; j++) {
            long p = j;
            double big = fabs(a[j + j * lda]);
            for (long i = j + 1; i < m; i++)
                if (fabs(a[i + j * lda]) > big) {
                    big = fabs(a[i + j * lda]);
                    p = i;
                }
            ipiv[j] = p;
            double *col = a + j * lda;
            if (a[p + j * lda] != 0.0) {
                exb_solve_swap_rows(a, lda, n, j, p);
                double piv = col[j];
                for (long i = j + 1; i < m; i++)
                    col[i] /= piv;
            } else if (!info) {
                info = j + 1;
            }
            for (long k = j + 1; k < n; k++) {
                double u = a[j + k * lda];
                if (u != 0.0)
                    for (long i = j + 1; i < m; i++)
                        a[i + k * lda] -= col[i] * u;
            }
        }
        return info;
    }
    long n1 = mn / 2, n2 = n - n1;
    double *a12 = a + n1 * lda, *a21 = a + n1, *a22 = a12 + n1;
    info = exb_solve_lu(name, m, n1, a, lda, ipiv);
    for (long j = 0; j < n1; j++)
        exb_solve_swap_rows(a12, lda, n2, j, ipiv[j]);
    exb_dtrsm_checked(name, 'L', 'L', 'N', 'U', n1, n2, 1.0, a, lda, a12, lda);
    if (m > n1)
        exb_dgemm_checked(name, 'N', 'N', m - n1, n2, n1, -1.0, a21, lda, a12, lda, 1.0, a22, lda);
    long info2 = m > n1 ? exb_solve_lu(name, m - n1, n2, a22, lda, ipiv + n1) : 0;
    if (!info && info2)
        info = info2 + n1;
    for (long j = n1; j < mn; j++) {
        ipiv[j] += n1;
        exb_solve_swap_rows(a, lda, n1, j, ipiv[j]);
    }
    return info;
}

/* Cholesky A = L L^T of the lower triangle of a (n x n); the order of the
 * first leading minor found not positive definite, or 0. */
long exb_solve_cholesky(const char *name, long n, double *a, long lda)
{
    if (n <= PANEL) {
        for (long j = 0; j < n; j++) {
            double d = a[j + j * lda];
            for (long k = 0; k < j; k++)
                d -= a[j + k * lda] * a[j + k * lda];
            if (!(d > 0.0) || isinf(d))
                return j + 1;
            double l = sqrt(d);
            a[j + j * lda] = l;
            for (long i = j + 1; i < n; i++) {
                double s = a[i + j * lda];
                for (long k = 0; k < j; k++)
                    s -= a[i + k * lda] * a[j + k * lda];
                a[i + j * lda] = s / l;
            }
        }
        return 0;
    }
    long n1 = n / 2, n2 = n - n1;
    double *a21 = a + n1, *a22 = a + n1 + n1 * lda;
    long info = exb_solve_cholesky(name, n1, a, lda);
    if (info)
        return info;
    exb_dtrsm_checked(name, 'R', 'L', 'T', 'N', n2, n1, 1.0, a, lda, a21, lda);
    exb_dsyrk_checked(name, 'L', 'N', n2, n1, -1.0, a21, lda, 1.0, a22, lda);
    info = exb_solve_cholesky(name, n2, a22, lda);
    return info ? info + n1 : 0;
}

/* y (n x nrhs, ld n) := op(A)^-1 y with the factors, in plain arithmetic in a
 * fixed order (the same bits on every machine): the first solution and
 * the refinement's corrections. */
void exb_solve_with_factors(const exb_solver *s, double *y, long nrhs)
{
    long n = s->n;
    const double *f = s->f;
    for (long c = 0; c < nrhs; c++) {
        double *v = y + c * n;
        if (s->spd) {
            for (long j = 0; j < n; j++) { /* L v = b */
                v[j] /= f[j + j * n];
                for (long i = j + 1; i < n; i++)
                    v[i] -= f[i + j * n] * v[j];
            }
            for (long j = n - 1; j >= 0; j--) { /* L^T x = v */
                double t = v[j];
                for (long i = j + 1; i < n; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t / f[j + j * n];
            }
            continue;
        }
        if (s->trans) {                    /* A^T = U^T L^T P^T */
            for (long j = 0; j < n; j++) { /* U^T */
                double t = v[j];
                for (long i = 0; i < j; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t / f[j + j * n];
            }
            for (long j = n - 1; j >= 0; j--) { /* L^T, unit */
                double t = v[j];
                for (long i = j + 1; i < n; i++)
                    t -= f[i + j * n] * v[i];
                v[j] = t;
            }
            for (long i = n - 1; i >= 0; i--)
                exb_solve_swap_rows(v, n, 1, i, s->ipiv[i]);
            continue;
        }
        for (long i = 0; i < n; i++)
            exb_solve_swap_rows(v, n, 1, i, s->ipiv[i]);
        for (long j = 0; j < n; j++) /* L unit lower */
            for (long i = j + 1; i < n; i++)
                v[i] -= f[i + j * n] * v[j];
        for (long j = n - 1; j >= 0; j--) { /* U */
            v[j] /= f[j + j * n];
            for (long i = 0; i < j; i++)
                v[i] -= f[i + j * n] * v[j];
        }
    }
}

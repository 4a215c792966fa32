/*
 * exact_solve.h -- the exact rational solution of a linear system with
 * binary64 (dyadic) data: the oracle of test_gesvxx and test_xx_bounds.
 *
 * Each row of [A b] is scaled by a power of two to integers (every entry
 * is dyadic: a double, or a product of doubles), Bareiss's fraction-free
 * elimination runs on the integers (mpz, every division exact), and so does
 * the back substitution of D x (D the last pivot: x = N / D, one
 * rational per component).  Header-only: each test that
 * includes it gets its own static copy.
 */
#ifndef EXACTBLAS_EXACT_SOLVE_H
#define EXACTBLAS_EXACT_SOLVE_H

#include <gmp.h>
#include <stdlib.h>

/* The exponent k of a dyadic q's denominator 2^k (q == 0: 0). */
static inline long xs_den_exp(const mpq_t q)
{
    return mpq_sgn(q) == 0 ? 0 : (long)mpz_sizeinbase(mpq_denref(q), 2) - 1;
}

/* x := A^-1 b exactly, A n x n (column-major, leading dimension n, read
 * transposed when trans), b and x n x k dyadic rationals (leading
 * dimension n), one elimination for the k right-hand sides; 0, or 1 when
 * A is singular (x untouched). */
static inline int xs_solve_q(long n, const double *a, int trans, long k, const mpq_t *b, mpq_t *x)
{
    long w = n + k;
    mpz_t *m = malloc((size_t)n * w * sizeof *m);
    mpq_t v;
    mpq_init(v);
    for (long i = 0; i < n; i++) {
        long top = 0; /* the row's largest denominator exponent */
        for (int pass = 0; pass < 2; pass++)
            for (long j = 0; j < w; j++) {
                if (j < n)
                    mpq_set_d(v, trans ? a[j + i * n] : a[i + j * n]);
                else
                    mpq_set(v, b[i + (j - n) * n]);
                long e = xs_den_exp(v);
                if (pass == 0) {
                    top = e > top ? e : top;
                    continue;
                }
                mpz_init(m[i * w + j]);
                mpz_mul_2exp(m[i * w + j], mpq_numref(v), (unsigned long)(top - e));
            }
    }
    mpq_clear(v);
    mpz_t prev, t;
    mpz_init_set_ui(prev, 1);
    mpz_init(t);
    int singular = 0;
    for (long c = 0; c < n && !singular; c++) {
        long p = c;
        while (p < n && mpz_sgn(m[p * w + c]) == 0)
            p++;
        if (p == n) {
            singular = 1;
            break;
        }
        if (p != c)
            for (long j = 0; j < w; j++)
                mpz_swap(m[p * w + j], m[c * w + j]);
        for (long i = c + 1; i < n; i++) {
            for (long j = c + 1; j < w; j++) {
                mpz_mul(t, m[c * w + c], m[i * w + j]);
                mpz_submul(t, m[i * w + c], m[c * w + j]);
                mpz_divexact(m[i * w + j], t, prev);
            }
            mpz_set_ui(m[i * w + c], 0);
        }
        mpz_set(prev, m[c * w + c]);
    }
    if (!singular) {
        /* D = the last pivot is the determinant (up to sign) of the scaled
         * rows, so D x_i is an integer (Cramer) and the back substitution
         * stays in integers, every division exact: N_i = D x_i */
        mpz_t *num = malloc((size_t)n * sizeof *num);
        mpz_srcptr d = m[(n - 1) * w + n - 1];
        for (long i = 0; i < n; i++)
            mpz_init(num[i]);
        for (long col = 0; col < k; col++) {
            for (long i = n - 1; i >= 0; i--) {
                mpz_mul(t, m[i * w + n + col], d);
                for (long j = i + 1; j < n; j++)
                    mpz_submul(t, m[i * w + j], num[j]);
                mpz_divexact(num[i], t, m[i * w + i]);
            }
            for (long i = 0; i < n; i++) {
                mpz_set(mpq_numref(x[i + col * n]), num[i]);
                mpz_set(mpq_denref(x[i + col * n]), d);
                mpq_canonicalize(x[i + col * n]);
            }
        }
        for (long i = 0; i < n; i++)
            mpz_clear(num[i]);
        free(num);
    }
    for (long e = 0; e < n * w; e++)
        mpz_clear(m[e]);
    free(m);
    mpz_clear(prev);
    mpz_clear(t);
    return singular;
}

/* x* = A^-1 b exactly for b binary64; 0, or 1 if A is singular. */
static inline int xs_solve(long n, const double *a, const double *b, mpq_t *x)
{
    mpq_t *q = malloc((size_t)n * sizeof *q);
    for (long i = 0; i < n; i++) {
        mpq_init(q[i]);
        mpq_set_d(q[i], b[i]);
    }
    int singular = xs_solve_q(n, a, 0, 1, q, x);
    for (long i = 0; i < n; i++)
        mpq_clear(q[i]);
    free(q);
    return singular;
}

#endif

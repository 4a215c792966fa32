/* illcond.c -- ill-conditioned triangular systems and their exact analysis
 * (see illcond.h). */
#include "illcond.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- Louvet's generator ------------------------------------------------------ */

/* Uniform in (-1, 1), never 0. */
static double uniform_open(tl_rng *r)
{
    double v;
    do
        v = 2 * tl_rng_uniform(r) - 1;
    while (v == 0.0 || v == -1.0);
    return v;
}

/* s + e = a + b exactly (Knuth's TwoSum; contraction is off in this build). */
static void two_sum(double a, double b, double *s, double *e)
{
    double sum = a + b, bb = sum - a;
    *e = (a - (sum - bb)) + (b - bb);
    *s = sum;
}

void tl_louvet_upper(long n, double t, int unit, tl_rng *r, double *u, double *b)
{
    for (long k = 0; k < n * n; k++)
        u[k] = 0.0;
    long m = n % 2 ? n : n - 1;
    if (m < n) {
        u[(n - 1) + (n - 1) * n] = 1.0;
        b[n - 1] = 1.0;
    }
    if (m <= 0)
        return;
    long p = (m + 1) / 2;
    double c = t > 0 ? t : 0.0, scale = t < 0 ? exp2(t) : 1.0;
    double lo = pow(10.0, -c), hi = pow(10.0, c);
    for (long i = 0; i < p; i++) {
        double d = p > 1 ? lo + (hi - lo) * (double)i / (double)(p - 1) : lo;
        u[i + i * n] = unit ? 1.0 : tl_rng_sign(r) * d;
        for (long j = i + 1; j < p; j++)
            u[i + j * n] =
                tl_rng_sign(r) * pow(10.0, round(c * (1 - 2 * tl_rng_uniform(r)))) * scale;
    }
    /* top rows: the TwoSum cascade makes the row sum exactly b(i) at x = ones */
    for (long i = 0; i < p; i++) {
        double s = u[i + i * n], e;
        for (long j = i + 1; j < p; j++) {
            two_sum(s, u[i + j * n], &s, &e);
            u[i + (p + j - i - 1) * n] = -e;
        }
        b[i] = s;
    }
    for (long i = p; i < m; i++) {
        double d = t < 0 ? tl_rng_sign(r) * (0.5 + 0.5 * tl_rng_uniform(r)) : uniform_open(r);
        u[i + i * n] = unit ? 1.0 : d;
        for (long j = i + 1; j < m; j++)
            u[i + j * n] = uniform_open(r) * scale;
        b[i] = tl_oracle_dot(m - i, &u[i + i * n], n, NULL, 0);
    }
}

int tl_louvet_rows_exact(long n, const double *u, const double *b)
{
    long m = n % 2 ? n : n - 1, p = (m + 1) / 2;
    double *row = malloc((size_t)(n + 1) * sizeof *row);
    int exact = 1;
    for (long i = 0; i < p && exact; i++) {
        for (long j = 0; j < n; j++)
            row[j] = u[i + j * n];
        row[n] = -b[i];
        /* a nonzero exact sum of doubles is at least 2^-1074: RN keeps it nonzero */
        exact = tl_oracle_dot(n + 1, row, 1, NULL, 0) == 0.0;
    }
    free(row);
    return exact;
}

/* ---- storing a variant ------------------------------------------------------------ */

int tl_tri_reversed(char uplo, char trans)
{
    int lower = uplo == 'L' || uplo == 'l', transposed = !(trans == 'N' || trans == 'n');
    return lower != transposed; /* op(T) is lower triangular */
}

void tl_tri_store(long n, const double *u, const double *b, char uplo, char trans, char diag,
                  tl_matrix *T, double *bs)
{
    int rev = tl_tri_reversed(uplo, trans), transposed = !(trans == 'N' || trans == 'n');
    int upper = uplo == 'U' || uplo == 'u', unit = diag == 'U' || diag == 'u';
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            int referenced = upper ? i <= j : i >= j;
            long mi = transposed ? j : i, mj = transposed ? i : j; /* op(T)(mi, mj) */
            if (rev) {
                mi = n - 1 - mi;
                mj = n - 1 - mj;
            }
            T->a[i + j * T->lda] = !referenced || (unit && i == j) ? NAN : u[mi + mj * n];
        }
    for (long i = 0; i < n; i++)
        bs[i] = rev ? b[n - 1 - i] : b[i];
}

/* ---- exact analysis ------------------------------------------------------------------ */

static mpfr_t *mpfr_vector(long n, mpfr_prec_t prec)
{
    mpfr_t *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    for (long i = 0; i < n; i++) {
        mpfr_init2(v[i], prec);
        mpfr_set_zero(v[i], 1);
    }
    return v;
}

static void mpfr_vector_free(mpfr_t *v, long n)
{
    for (long i = 0; i < n; i++)
        mpfr_clear(v[i]);
    free(v);
}

/* w += |z| * y */
static void add_abs_product(mpfr_t w, mpfr_srcptr z, mpfr_srcptr y, mpfr_t tmp)
{
    mpfr_mul(tmp, z, y, MPFR_RNDN);
    mpfr_abs(tmp, tmp, MPFR_RNDN);
    mpfr_add(w, w, tmp, MPFR_RNDN);
}

/* acc = sum_{j=j0..j1} u(i,j) v_j at the working precision. */
static void row_times(long n, const double *u, long i, long j0, long j1, mpfr_t *v, mpfr_t acc,
                      mpfr_t tmp)
{
    mpfr_set_zero(acc, 1);
    for (long j = j0; j <= j1; j++) {
        mpfr_mul_d(tmp, v[j], u[i + j * n], MPFR_RNDN);
        mpfr_add(acc, acc, tmp, MPFR_RNDN);
    }
}

int tl_exact_analyse(long n, const double *u, const double *b, mpfr_prec_t prec, tl_exact_system *s)
{
    for (long i = 0; i < n; i++)
        if (u[i + i * n] == 0.0)
            return -1;
    s->n = n;
    s->prec = prec;
    s->x = mpfr_vector(n, prec);
    mpfr_init2(s->xnorm, prec);
    mpfr_set_zero(s->xnorm, 1);
    mpfr_t acc, tmp;
    mpfr_init2(acc, prec);
    mpfr_init2(tmp, prec);
    for (long i = n - 1; i >= 0; i--) {
        row_times(n, u, i, i + 1, n - 1, s->x, acc, tmp);
        mpfr_d_sub(acc, b[i], acc, MPFR_RNDN);
        mpfr_div_d(s->x[i], acc, u[i + i * n], MPFR_RNDN);
        mpfr_abs(tmp, s->x[i], MPFR_RNDN);
        mpfr_max(s->xnorm, s->xnorm, tmp, MPFR_RNDN);
    }
    /* y = |U| |x| */
    mpfr_t *y = mpfr_vector(n, prec), *z = mpfr_vector(n, prec), *w = mpfr_vector(n, prec);
    for (long i = 0; i < n; i++)
        for (long j = i; j < n; j++) {
            mpfr_mul_d(tmp, s->x[j], fabs(u[i + j * n]), MPFR_RNDN);
            mpfr_abs(tmp, tmp, MPFR_RNDN);
            mpfr_add(y[i], y[i], tmp, MPFR_RNDN);
        }
    /* w = |U^-1| y, column k of U^-1 by back substitution on e_k */
    for (long k = 0; k < n; k++) {
        mpfr_set_ui(z[k], 1, MPFR_RNDN);
        mpfr_div_d(z[k], z[k], u[k + k * n], MPFR_RNDN);
        add_abs_product(w[k], z[k], y[k], tmp);
        for (long i = k - 1; i >= 0; i--) {
            row_times(n, u, i, i + 1, k, z, acc, tmp);
            mpfr_div_d(z[i], acc, -u[i + i * n], MPFR_RNDN);
            add_abs_product(w[i], z[i], y[k], tmp);
        }
    }
    mpfr_set_zero(acc, 1);
    for (long i = 0; i < n; i++)
        mpfr_max(acc, acc, w[i], MPFR_RNDN);
    if (mpfr_zero_p(s->xnorm)) {
        s->cond = NAN;
    } else {
        mpfr_div(acc, acc, s->xnorm, MPFR_RNDN);
        s->cond = mpfr_get_d(acc, MPFR_RNDN);
    }
    mpfr_vector_free(y, n);
    mpfr_vector_free(z, n);
    mpfr_vector_free(w, n);
    mpfr_clear(acc);
    mpfr_clear(tmp);
    return 0;
}

/* Do two analyses at different precisions agree (cond to 2^-50, x to 2^-120
 * of ||x||)? */
static int analyses_agree(const tl_exact_system *a, const tl_exact_system *b)
{
    if (!(fabs(a->cond - b->cond) <= 0x1p-50 * b->cond))
        return 0;
    mpfr_t d, bound;
    mpfr_init2(d, b->prec);
    mpfr_init2(bound, b->prec);
    mpfr_mul_2si(bound, b->xnorm, -120, MPFR_RNDN);
    int agree = 1;
    for (long i = 0; i < b->n && agree; i++) {
        mpfr_sub(d, a->x[i], b->x[i], MPFR_RNDN);
        agree = mpfr_cmpabs(d, bound) <= 0;
    }
    mpfr_clear(d);
    mpfr_clear(bound);
    return agree;
}

int tl_exact_analyse_verified(long n, const double *u, const double *b, mpfr_prec_t prec,
                              tl_exact_system *s)
{
    tl_exact_system prev;
    if (tl_exact_analyse(n, u, b, prec, &prev) != 0)
        return -1;
    for (mpfr_prec_t p = 2 * prec;; p *= 2) {
        if (p > 65536) {
            fprintf(stderr, "illcond: the exact analysis did not settle by 65536 bits\n");
            abort();
        }
        tl_exact_analyse(n, u, b, p, s);
        int agree = analyses_agree(&prev, s);
        tl_exact_free(&prev);
        if (agree)
            return 0;
        prev = *s;
    }
}

void tl_exact_free(tl_exact_system *s)
{
    mpfr_vector_free(s->x, s->n);
    mpfr_clear(s->xnorm);
}

double tl_forward_error(const tl_exact_system *s, const double *xhat, int reversed)
{
    long n = s->n;
    for (long i = 0; i < n; i++)
        if (!isfinite(xhat[i]))
            return INFINITY;
    mpfr_t d, worst;
    mpfr_init2(d, s->prec);
    mpfr_init2(worst, s->prec);
    mpfr_set_zero(worst, 1);
    for (long i = 0; i < n; i++) {
        mpfr_sub_d(d, s->x[reversed ? n - 1 - i : i], xhat[i], MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        mpfr_max(worst, worst, d, MPFR_RNDN);
    }
    double e = mpfr_zero_p(worst)
                   ? 0.0
                   : (mpfr_div(worst, worst, s->xnorm, MPFR_RNDN), mpfr_get_d(worst, MPFR_RNDN));
    mpfr_clear(d);
    mpfr_clear(worst);
    return e;
}

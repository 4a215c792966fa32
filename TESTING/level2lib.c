/* level2lib.c -- level-2 generators and oracles (see level2lib.h). */
#include "level2lib.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TERM_BITS 160 /* a product of three doubles (159 bits) is exact */

/* ---- generators -------------------------------------------------------------- */

/* A random double with |x| spread over [1/sqrt(range), sqrt(range)] (log scale). */
static double ranged(tl_rng *r, double range)
{
    int e = (int)(log2(range) / 2);
    return tl_rng_sign(r) * tl_rng_loguniform(r, -e, e);
}

static double special_value(tl_rng *r)
{
    switch (tl_rng_u64(r) % 4) {
    case 0:
        return NAN;
    case 1:
        return INFINITY;
    case 2:
        return -INFINITY;
    default:
        return 0.0;
    }
}

/* Entry (i, j) of kind; cancel pairs column j with column j^1. */
static double entry(const char *kind, double param, tl_rng *r)
{
    if (strcmp(kind, "subnormal") == 0)
        return tl_rng_sign(r) * tl_rng_loguniform(r, -560, -500);
    if (strcmp(kind, "special") == 0 && tl_rng_u64(r) % 16 == 0)
        return special_value(r);
    if (strcmp(kind, "zeros") == 0) /* mostly -0: rows whose terms are all -0 */
        return tl_rng_u64(r) % 16 ? -0.0 : 0.0;
    if (strcmp(kind, "low") == 0) /* normal, near the underflow threshold */
        return tl_rng_sign(r) * tl_rng_loguniform(r, -1022, -1001);
    if (strcmp(kind, "bottom") == 0) /* the lowest subnormals, 2^-1074 .. 2^-1070 */
        return tl_rng_sign(r) * ldexp((double)(1 + tl_rng_u64(r) % 16), -1074);
    return ranged(r, param > 1 ? param : 2);
}

int tl_matrix_generate(const char *kind, double param, tl_matrix *A, tl_rng *r)
{
    if (strcmp(kind, "random") && strcmp(kind, "cancel") && strcmp(kind, "subnormal") &&
        strcmp(kind, "special") && strcmp(kind, "zeros") && strcmp(kind, "low") &&
        strcmp(kind, "bottom"))
        return -1;
    for (long j = 0; j < A->n; j++)
        for (long i = 0; i < A->m; i++) {
            double v = entry(kind, param, r);
            /* cancel: odd columns repeat the even ones with the sign flipped
             * and one bit nudged, so that x_{2k} = x_{2k+1} cancels almost all */
            if (strcmp(kind, "cancel") == 0 && (j & 1))
                v = -nextafter(A->a[i + (j - 1) * A->lda], tl_rng_sign(r) * INFINITY);
            A->a[i + j * A->lda] = v;
        }
    return 0;
}

int tl_triangular_generate(const char *kind, double param, char uplo, char diag, tl_matrix *T,
                           double *b, tl_rng *r)
{
    if (tl_matrix_generate(kind, param, T, r) != 0)
        return -1;
    long n = T->n;
    int upper = uplo == 'U' || uplo == 'u', unit = diag == 'U' || diag == 'u';
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            double *t = &T->a[i + j * T->lda];
            if (i == j) {
                /* a diagonal a little above the off-diagonal entries keeps
                 * most solutions finite; unit: never read */
                int fixed = strcmp(kind, "subnormal") == 0 || strcmp(kind, "zeros") == 0;
                /* low, bottom: the diagonal from the same range, so the
                 * solution is of order 1 and its products sit near 2^-2000 */
                fixed = fixed && strcmp(kind, "low") != 0 && strcmp(kind, "bottom") != 0;
                *t = unit ? NAN : (fixed ? tl_rng_sign(r) * 1.5 : *t * 8);
            } else if ((i < j) != upper) {
                *t = NAN;
            }
        }
    for (long i = 0; i < n; i++) {
        double v = entry(kind, param, r);
        /* subnormal: b near 2^-1060, so the solution is subnormal */
        b[i] = strcmp(kind, "subnormal") == 0 ? ldexp(v, -520) : v;
    }
    return 0;
}

/* ---- oracles ----------------------------------------------------------------- */

/* The IEEE class of a special sum of terms: NaN, or +-Inf. */
typedef struct special_tally {
    int nan, pos_inf, neg_inf;
} special_tally;

static void tally_special(special_tally *s, double v)
{
    s->nan |= isnan(v);
    s->pos_inf |= v == INFINITY;
    s->neg_inf |= v == -INFINITY;
}

static int tally_is_special(const special_tally *s)
{
    return s->nan || s->pos_inf || s->neg_inf;
}

static double tally_value(const special_tally *s)
{
    if (s->nan || (s->pos_inf && s->neg_inf))
        return tl_canonical(NAN);
    return s->pos_inf ? INFINITY : -INFINITY;
}

/* A list of exact terms (each at TERM_BITS bits). */
typedef struct terms {
    mpfr_t *t;
    mpfr_ptr *p;
    long count, cap;
    special_tally special;
    long all, negzero; /* terms added, and those that were -0 (zero sign rule) */
} terms;

static void terms_reset(terms *s)
{
    s->count = 0;
    s->special = (special_tally){0, 0, 0};
    s->all = s->negzero = 0;
}

/* The signed zero an exactly zero sum of the terms is. */
static double terms_zero(const terms *s)
{
    return tl_zero_of_terms(s->all, s->negzero);
}

static void terms_init(terms *s, long cap)
{
    s->t = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *s->t);
    s->p = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *s->p);
    for (long k = 0; k < cap; k++) {
        mpfr_init2(s->t[k], TERM_BITS);
        s->p[k] = s->t[k];
    }
    s->cap = cap;
    terms_reset(s);
}

static void terms_clear(terms *s)
{
    for (long k = 0; k < s->cap; k++)
        mpfr_clear(s->t[k]);
    free(s->t);
    free(s->p);
}

static void check_exact(int inexact)
{
    if (inexact) {
        fprintf(stderr, "oracle: an MPFR operation that must be exact was not\n");
        abort();
    }
}

/* terms += a*b*c exactly (c = 1 for a product of two); specials tallied. */
static void terms_add(terms *s, double a, double b, double c)
{
    s->all++;
    if (!isfinite(a) || !isfinite(b) || !isfinite(c)) {
        tally_special(&s->special, a * b * c);
        return;
    }
    if (a == 0 || b == 0 || c == 0) {
        s->negzero += (signbit(a) != 0) + (signbit(b) != 0) + (signbit(c) != 0) == 1 ||
                      (signbit(a) && signbit(b) && signbit(c));
        return;
    }
    mpfr_ptr t = s->t[s->count++];
    check_exact(mpfr_set_d(t, a, MPFR_RNDN));
    check_exact(mpfr_mul_d(t, t, b, MPFR_RNDN));
    check_exact(mpfr_mul_d(t, t, c, MPFR_RNDN));
}

/* Makes a 64-bit value truncated toward zero (inexact != 0) odd: rounding to
 * odd, after which one mpfr_get_d is the correct single rounding. */
void tl_make_odd(mpfr_t v, int inexact)
{
    if (inexact != 0 && mpfr_min_prec(v) < 64) {
        if (mpfr_sgn(v) > 0)
            mpfr_nextabove(v);
        else
            mpfr_nextbelow(v);
    }
}

/* RN(v) for v at any precision (an exact zero: +0). */
/* Results to binary32 (tl_set_binary32): the final roundings go through
 * mpfr_get_flt from the 64-bit value rounded to odd (64 >= 24 + 2 bits, so
 * that is the one correct rounding too). */
static int binary32;

void tl_set_binary32(int on)
{
    binary32 = on;
}

/* The final rounding of a 64-bit value rounded to odd. */
static double final_rounding(mpfr_srcptr odd)
{
    return binary32 ? (double)mpfr_get_flt(odd, MPFR_RNDN) : mpfr_get_d(odd, MPFR_RNDN);
}

/* A result computed in binary64 that is exact or special, in the format. */
static double in_format(double d)
{
    return binary32 ? (double)(float)d : d;
}

double tl_round_once(mpfr_srcptr v)
{
    if (mpfr_zero_p(v))
        return 0.0;
    mpfr_t odd;
    mpfr_init2(odd, 64);
    tl_make_odd(odd, mpfr_set(odd, v, MPFR_RNDZ));
    double d = final_rounding(odd);
    mpfr_clear(odd);
    return d;
}

double tl_oracle_nrm2(long n, const double *x, long step)
{
    if (n <= 0)
        return 0.0;
    mpfr_t s, p, r;
    mpfr_inits2(4400, s, p, (mpfr_ptr)0); /* any sum of squares, exactly (2^-2148 .. 2^2080) */
    mpfr_init2(r, 64);
    mpfr_set_zero(s, 1);
    int special = 0;
    for (long i = 0; i < n; i++) {
        double v = x[i * step];
        if (isnan(v) || isinf(v)) {
            special |= isnan(v) ? 1 : 2;
            continue;
        }
        mpfr_set_d(p, v, MPFR_RNDN);
        mpfr_sqr(p, p, MPFR_RNDN);
        mpfr_add(s, s, p, MPFR_RNDN);
    }
    /* the root rounded to odd at 64 bits, then once to binary64 */
    tl_make_odd(r, mpfr_sqrt(r, s, MPFR_RNDZ));
    double d = special & 1 ? NAN : special ? INFINITY : mpfr_get_d(r, MPFR_RNDN);
    mpfr_clears(s, p, r, (mpfr_ptr)0);
    return d;
}

/* The exact sum of the terms (precision grown until mpfr_sum is exact). */
static void terms_exact_sum(terms *s, mpfr_t sum)
{
    for (mpfr_prec_t prec = 256;; prec *= 2) {
        mpfr_init2(sum, prec);
        if (mpfr_sum(sum, s->p, (unsigned long)s->count, MPFR_RNDN) == 0)
            return;
        mpfr_clear(sum);
    }
}

/* RN(sum of the terms). */
static double terms_round(terms *s)
{
    if (tally_is_special(&s->special))
        return tally_value(&s->special);
    mpfr_t sum;
    terms_exact_sum(s, sum);
    double d = mpfr_zero_p(sum) ? terms_zero(s) : tl_round_once(sum);
    mpfr_clear(sum);
    return d;
}

/* RN(sum of the terms / d), IEEE for the special cases. */
static double terms_round_quotient(terms *s, double d)
{
    if (tally_is_special(&s->special))
        return tl_canonical(tally_value(&s->special) / d);
    mpfr_t sum;
    terms_exact_sum(s, sum);
    double q;
    /* +-1 or the signed zero stand for the finite numerator */
    double cls = mpfr_zero_p(sum) ? terms_zero(s) : (double)mpfr_sgn(sum);
    if (!isfinite(d) || d == 0.0 || mpfr_zero_p(sum)) {
        q = tl_canonical(cls / d);
    } else {
        mpfr_t quot;
        mpfr_init2(quot, 64);
        tl_make_odd(quot, mpfr_div_d(quot, sum, d, MPFR_RNDZ));
        q = final_rounding(quot);
        mpfr_clear(quot);
    }
    mpfr_clear(sum);
    return q;
}

/* A stand-in with the IEEE class of x: NaN, +-Inf, +-1 or 0. */
static double class_of(double x)
{
    return (!isfinite(x) || x == 0.0) ? x : (x < 0 ? -1.0 : 1.0);
}

/* RN(alpha*S + beta*y) for S the sum of the terms (beta = 0: y ignored). */
static double terms_round_affine(terms *s, double alpha, double beta, double y)
{
    int by_special = beta != 0.0 && (!isfinite(beta) || !isfinite(y));
    mpfr_t sum, v;
    if (tally_is_special(&s->special) || !isfinite(alpha) || by_special) {
        double cs = tally_is_special(&s->special) ? tally_value(&s->special) : 0.0;
        if (!tally_is_special(&s->special)) {
            terms_exact_sum(s, sum);
            cs = mpfr_zero_p(sum) ? terms_zero(s) : mpfr_sgn(sum);
            mpfr_clear(sum);
        }
        double t = class_of(alpha) * cs;
        return tl_canonical(beta != 0.0 ? t + class_of(beta) * class_of(y) : t);
    }
    terms_exact_sum(s, sum);
    if (mpfr_zero_p(sum) || alpha == 0.0) {
        /* alpha*S is a zero signed by IEEE's product rule (S's sign, or its
         * zero's).  beta*y exactly zero too: the IEEE sum of the two zeros;
         * else the value is beta*y alone, rounded once by MPFR (a negative
         * one that underflows is -0) */
        double z = (mpfr_zero_p(sum) ? terms_zero(s) : (double)mpfr_sgn(sum)) * alpha;
        mpfr_clear(sum);
        if (beta == 0.0)
            return z;
        if (y == 0.0)
            return z + beta * y;
        mpfr_t by;
        mpfr_init2(by, TERM_BITS);
        check_exact(mpfr_set_d(by, beta, MPFR_RNDN));
        check_exact(mpfr_mul_d(by, by, y, MPFR_RNDN));
        double d = tl_round_once(by);
        mpfr_clear(by);
        return d;
    }
    mpfr_init2(v, mpfr_get_prec(sum) + 64);
    check_exact(mpfr_mul_d(v, sum, alpha, MPFR_RNDN));
    if (beta != 0.0) {
        mpfr_t by, total;
        mpfr_init2(by, TERM_BITS);
        check_exact(mpfr_set_d(by, beta, MPFR_RNDN));
        check_exact(mpfr_mul_d(by, by, y, MPFR_RNDN));
        mpfr_ptr parts[2] = {v, by};
        for (mpfr_prec_t prec = mpfr_get_prec(v) + 128;; prec *= 2) {
            mpfr_init2(total, prec);
            if (mpfr_sum(total, parts, 2, MPFR_RNDN) == 0)
                break;
            mpfr_clear(total);
        }
        mpfr_swap(v, total);
        mpfr_clear(total);
        mpfr_clear(by);
    }
    double d = tl_round_once(v);
    mpfr_clear(v);
    mpfr_clear(sum);
    return d;
}

void tl_oracle_gemv(char trans, const tl_matrix *A, double alpha, const double *x, double beta,
                    double *y)
{
    int t = trans != 'N' && trans != 'n';
    long leny = t ? A->n : A->m, lenx = t ? A->m : A->n;
    terms s;
    terms_init(&s, lenx);
    for (long i = 0; i < leny; i++) {
        terms_reset(&s);
        for (long j = 0; j < lenx && alpha != 0.0; j++) { /* alpha = 0: A, x not read */
            double aij = t ? A->a[j + i * A->lda] : A->a[i + j * A->lda];
            terms_add(&s, aij, x[j], 1.0);
        }
        /* alpha = 0 (or DGEMM's k = 0): y := beta*y (0 for beta = 0, y not
         * read), the reference BLAS quick return */
        if (alpha == 0.0 || lenx == 0)
            y[i] = beta == 0.0 ? 0.0 : tl_canonical(beta * y[i]);
        else
            y[i] = terms_round_affine(&s, alpha, beta, beta != 0.0 ? y[i] : 0.0);
    }
    terms_clear(&s);
}

/* op(T)_ij and the order of substitution, as the BLAS options say. */
typedef struct tri_view {
    const tl_matrix *T;
    int trans, forward, unit;
} tri_view;

static tri_view tri_view_make(char uplo, char trans, char diag, const tl_matrix *T)
{
    tri_view v;
    v.T = T;
    v.trans = !(trans == 'N' || trans == 'n');
    v.forward = (uplo == 'L' || uplo == 'l') != v.trans;
    v.unit = diag == 'U' || diag == 'u';
    return v;
}

static double tri_at(const tri_view *v, long i, long j)
{
    return v->trans ? v->T->a[j + i * v->T->lda] : v->T->a[i + j * v->T->lda];
}

void tl_oracle_trsv(char uplo, char trans, char diag, const tl_matrix *T, double *x)
{
    tri_view v = tri_view_make(uplo, trans, diag, T);
    long n = T->n;
    terms s;
    terms_init(&s, n + 1);
    for (long q = 0; q < n; q++) {
        long i = v.forward ? q : n - 1 - q;
        terms_reset(&s);
        terms_add(&s, x[i], 1.0, 1.0);
        long j0 = v.forward ? 0 : i + 1, j1 = v.forward ? i : n;
        for (long j = j0; j < j1; j++)
            terms_add(&s, -tri_at(&v, i, j), x[j], 1.0);
        x[i] = v.unit ? terms_round(&s) : terms_round_quotient(&s, tri_at(&v, i, i));
    }
    terms_clear(&s);
}

void tl_oracle_trsm(char side, char uplo, char transa, char diag, double alpha, const tl_matrix *T,
                    tl_matrix *B)
{
    tri_view v = tri_view_make(uplo, transa, diag, T); /* op(A) */
    int left = side == 'L' || side == 'l';
    long m = B->m, n = B->n, order = left ? m : n;
    terms s;
    terms_init(&s, order + 1);
    if (alpha == 0.0) { /* DTRSM: B := 0 */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                B->a[i + j * B->lda] = 0.0;
        terms_clear(&s);
        return;
    }
    for (long r = 0; r < (left ? n : m); r++) {
        /* left: column r, op(A) x = alpha b; right: row r, x op(A) = alpha b,
         * x_j = (alpha b_j - sum_k x_k op(A)_kj) / op(A)_jj, k solved before j
         * (k < j when op(A) is upper triangular) */
        double *x = left ? B->a + r * B->lda : B->a + r;
        long inc = left ? 1 : B->lda;
        int ascending = left ? v.forward : !v.forward;
        for (long q = 0; q < order; q++) {
            long i = ascending ? q : order - 1 - q;
            terms_reset(&s);
            terms_add(&s, alpha, x[i * inc], 1.0);
            long k0 = ascending ? 0 : i + 1, k1 = ascending ? i : order;
            for (long k = k0; k < k1; k++)
                terms_add(&s, -(left ? tri_at(&v, i, k) : tri_at(&v, k, i)), x[k * inc], 1.0);
            x[i * inc] = v.unit ? terms_round(&s) : terms_round_quotient(&s, tri_at(&v, i, i));
        }
    }
    terms_clear(&s);
}

void tl_oracle_residual(char uplo, char trans, char diag, const tl_matrix *T, const double *b,
                        const double *x, double *r)
{
    tri_view v = tri_view_make(uplo, trans, diag, T);
    long n = T->n;
    terms s;
    terms_init(&s, n + 1);
    for (long i = 0; i < n; i++) {
        terms_reset(&s);
        terms_add(&s, b[i], 1.0, 1.0);
        long j0 = v.forward ? 0 : i, j1 = v.forward ? i + 1 : n;
        for (long j = j0; j < j1; j++)
            terms_add(&s, -(j == i && v.unit ? 1.0 : tri_at(&v, i, j)), x[j], 1.0);
        r[i] = terms_round(&s);
    }
    terms_clear(&s);
}

void tl_oracle_trsvx(char uplo, char trans, char diag, const tl_matrix *T, double *x, int steps)
{
    long n = T->n;
    double *b = malloc((size_t)n * sizeof *b), *r = malloc((size_t)n * sizeof *r);
    for (long i = 0; i < n; i++)
        b[i] = x[i];
    tl_oracle_trsv(uplo, trans, diag, T, x);
    for (int s = 0; s < steps; s++) {
        tl_oracle_residual(uplo, trans, diag, T, b, x, r);
        tl_oracle_trsv(uplo, trans, diag, T, r);
        for (long i = 0; i < n; i++)
            x[i] = tl_canonical(x[i] + r[i]);
    }
    free(b);
    free(r);
}

/* ---- checking ------------------------------------------------------------- */

#define MAX_REPORTED 20

int tl_check_vector(tl_tally *t, const char *label, const char *knobs, long len,
                    const double *expected, const double *got)
{
    t->runs++;
    long bad = 0;
    for (long i = 0; i < len; i++) {
        /* bit for bit: signed zeros and the one canonical NaN included */
        int same = tl_bits(got[i]) == tl_bits(expected[i]);
        if (same)
            continue;
        if (bad++ == 0 && t->mismatches < MAX_REPORTED)
            printf("MISMATCH %s knobs=[%s] element %ld: expected %a (0x%016llx), got %a "
                   "(0x%016llx)\n",
                   label, knobs, i, expected[i], (unsigned long long)tl_bits(expected[i]), got[i],
                   (unsigned long long)tl_bits(got[i]));
    }
    if (bad)
        t->mismatches++;
    return bad == 0;
}

void tl_matrix_alloc(tl_matrix *A, long m, long n, long lda)
{
    A->m = m;
    A->n = n;
    A->lda = lda;
    size_t len = (size_t)(lda * (n > 0 ? n : 1));
    A->a = malloc(len * sizeof *A->a);
    for (size_t k = 0; k < len; k++)
        A->a[k] = NAN;
}

/* ---- the terms oracle for other tests (level2lib.h) ------------------------ */

struct tl_terms {
    terms s;
};

tl_terms *tl_terms_new(long cap)
{
    tl_terms *t = malloc(sizeof *t);
    terms_init(&t->s, cap);
    return t;
}

void tl_terms_free(tl_terms *t)
{
    terms_clear(&t->s);
    free(t);
}

void tl_terms_reset(tl_terms *t)
{
    terms_reset(&t->s);
}

int tl_terms_add(tl_terms *t, double a, double b, double c)
{
    if (t->s.count >= t->s.cap)
        return -1;
    terms_add(&t->s, a, b, c);
    return 0;
}

double tl_terms_round(tl_terms *t)
{
    return in_format(terms_round(&t->s));
}

double tl_terms_round_quotient(tl_terms *t, double d)
{
    return in_format(terms_round_quotient(&t->s, d));
}

double tl_terms_round_affine(tl_terms *t, double alpha, double beta, double y)
{
    return in_format(terms_round_affine(&t->s, alpha, beta, y));
}

double tl_terms_round_sqrt(tl_terms *t)
{
    terms *s = &t->s;
    if (tally_is_special(&s->special)) {
        double v = tally_value(&s->special);
        return v == INFINITY ? v : tl_canonical(NAN);
    }
    mpfr_t sum, root;
    terms_exact_sum(s, sum);
    double d;
    if (mpfr_zero_p(sum)) {
        d = terms_zero(s); /* sqrt(+-0) = +-0 */
    } else if (mpfr_sgn(sum) < 0) {
        d = tl_canonical(NAN);
    } else {
        mpfr_init2(root, 64); /* rounded to odd at 64 bits, then once */
        tl_make_odd(root, mpfr_sqrt(root, sum, MPFR_RNDZ));
        d = mpfr_get_d(root, MPFR_RNDN);
        mpfr_clear(root);
    }
    mpfr_clear(sum);
    return d;
}

/* RN(a1 S1 + a2 S2 + b1 y1 + b2 y2), S1, S2 the exact sums of two term
 * sets, the whole expression exact and rounded once (the complex GEMM's
 * parts); a term with a zero coefficient is absent.  Specials: the IEEE
 * value of the present terms' classes (the canonical NaN).  An exact zero:
 * the IEEE sum of the present terms' zeros (a S's zero signed by the
 * product rule from S's own zero) when every term is zero, else +0. */
double tl_terms_round_affine2(tl_terms *t1, double a1, tl_terms *t2, double a2, double b1,
                              double y1, double b2, double y2)
{
    terms *s[2] = {&t1->s, &t2->s};
    double a[2] = {a1, a2}, b[2] = {b1, b2}, y[2] = {y1, y2};
    mpfr_t sum[2], part[4];
    int special = 0;
    for (int q = 0; q < 2; q++) {
        if (a[q] != 0.0 && (!isfinite(a[q]) || tally_is_special(&s[q]->special)))
            special = 1;
        if (b[q] != 0.0 && (!isfinite(b[q]) || !isfinite(y[q])))
            special = 1;
    }
    double cls[2] = {0, 0}, zero_term[4];
    for (int q = 0; q < 2; q++) {
        if (a[q] == 0.0)
            continue;
        if (tally_is_special(&s[q]->special)) {
            cls[q] = tally_value(&s[q]->special);
        } else {
            terms_exact_sum(s[q], sum[q]);
            cls[q] = mpfr_zero_p(sum[q]) ? terms_zero(s[q]) : mpfr_sgn(sum[q]);
            if (special)
                mpfr_clear(sum[q]);
        }
    }
    if (special) {
        double t = 0.0;
        for (int q = 0; q < 2; q++) {
            if (a[q] != 0.0)
                t += class_of(a[q]) * cls[q];
            if (b[q] != 0.0)
                t += class_of(b[q]) * class_of(y[q]);
        }
        return tl_canonical(t);
    }
    int n = 0, all_zero = 1;
    mpfr_ptr ptr[4];
    for (int q = 0; q < 2; q++) {
        zero_term[q] = -0.0;
        if (a[q] != 0.0) {
            if (mpfr_zero_p(sum[q])) {
                zero_term[q] = cls[q] * a[q];
            } else {
                all_zero = 0;
                mpfr_init2(part[n], mpfr_get_prec(sum[q]) + 64);
                check_exact(mpfr_mul_d(part[n], sum[q], a[q], MPFR_RNDN));
                ptr[n] = part[n];
                n++;
            }
            mpfr_clear(sum[q]);
        }
        zero_term[2 + q] = -0.0;
        if (b[q] != 0.0) {
            if (b[q] * y[q] == 0.0 && y[q] == 0.0) {
                zero_term[2 + q] = b[q] * y[q];
            } else {
                all_zero = 0;
                mpfr_init2(part[n], TERM_BITS);
                check_exact(mpfr_set_d(part[n], b[q], MPFR_RNDN));
                check_exact(mpfr_mul_d(part[n], part[n], y[q], MPFR_RNDN));
                ptr[n] = part[n];
                n++;
            }
        }
    }
    double d;
    if (all_zero) {
        d = zero_term[0] + zero_term[1] + zero_term[2] + zero_term[3];
    } else {
        mpfr_t total;
        for (mpfr_prec_t prec = 4600;; prec *= 2) {
            mpfr_init2(total, prec);
            if (mpfr_sum(total, ptr, (unsigned long)n, MPFR_RNDN) == 0)
                break;
            mpfr_clear(total);
        }
        d = mpfr_zero_p(total) ? 0.0 : tl_round_once(total);
        mpfr_clear(total);
    }
    for (int q = 0; q < n; q++)
        mpfr_clear(part[q]);
    return d;
}

double tl_terms_round_cquotient(tl_terms *t1, double a1, tl_terms *t2, double a2, double dr,
                                double di)
{
    terms *s[2] = {&t1->s, &t2->s};
    double a[2] = {a1, a2}, zero_term[2] = {-0.0, -0.0};
    mpfr_t sum, part[2];
    mpfr_ptr ptr[2];
    int n = 0;
    for (int q = 0; q < 2; q++) {
        terms_exact_sum(s[q], sum);
        if (mpfr_zero_p(sum)) {
            zero_term[q] = terms_zero(s[q]) * a[q];
        } else {
            mpfr_init2(part[n], mpfr_get_prec(sum) + 64);
            check_exact(mpfr_mul_d(part[n], sum, a[q], MPFR_RNDN));
            ptr[n] = part[n];
            n++;
        }
        mpfr_clear(sum);
    }
    if (n == 0) /* P is the sum of two zero terms; P / D keeps its sign */
        return in_format(zero_term[0] + zero_term[1]);
    mpfr_t total, den, sq, quot;
    for (mpfr_prec_t prec = 4600;; prec *= 2) {
        mpfr_init2(total, prec);
        if (mpfr_sum(total, ptr, (unsigned long)n, MPFR_RNDN) == 0)
            break;
        mpfr_clear(total);
    }
    for (int q = 0; q < n; q++)
        mpfr_clear(part[q]);
    double d = 0.0;
    if (!mpfr_zero_p(total)) {
        mpfr_inits2(4400, den, sq, (mpfr_ptr)0); /* dr^2 + di^2 exactly */
        check_exact(mpfr_set_d(den, dr, MPFR_RNDN));
        check_exact(mpfr_mul_d(den, den, dr, MPFR_RNDN));
        check_exact(mpfr_set_d(sq, di, MPFR_RNDN));
        check_exact(mpfr_mul_d(sq, sq, di, MPFR_RNDN));
        check_exact(mpfr_add(den, den, sq, MPFR_RNDN));
        mpfr_init2(quot, 64);
        tl_make_odd(quot, mpfr_div(quot, total, den, MPFR_RNDZ));
        d = final_rounding(quot);
        mpfr_clears(den, sq, quot, (mpfr_ptr)0);
    }
    mpfr_clear(total);
    return d;
}

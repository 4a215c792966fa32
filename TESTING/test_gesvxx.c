/*
 * test_gesvxx.c -- EXDGESVXX and EXDPOSVXX against the exact solution
 * (rational arithmetic, GMP), and the sweep over the condition number.
 *
 *   test_gesvxx [SYSTEMS [CSV [NLIST]]]
 *
 * For every kind of system and target condition number (1e2 .. 1e20) it
 * solves SYSTEMS systems of each order in NLIST (default "10,24,40") and
 * compares each component with RN of the exact solution, computed by
 * Bareiss's fraction-free elimination on the scaled integer matrix (mpz,
 * exact_solve.h, shared with test_xx_bounds), rounded once by MPFR.  The
 * condition number cond_inf(A) = ||A|| ||A^-1|| is measured, not assumed:
 * A^-1 by Gaussian elimination in MPFR at 400 bits.
 *
 * Kinds:
 *   orth    U diag(s) V^T, random orthogonal factors, singular values graded
 *           geometrically from 1 to 1/cond (rounding caps cond near 1e17);
 *   louvet  Louvet's ill-conditioned upper triangle (illcond.h, cond to
 *           1e30 and more) with its rows and columns permuted at random,
 *           its own right-hand side or a random one;
 *   spd     Q diag(s) Q^T, the lower triangle mirrored (EXDPOSVXX, UPLO
 *           'L' or 'U' at random); systems Cholesky rejects are counted;
 *   tie     near ties built on purpose: a block [T 0; M I] (T unimodular
 *           integer, x_top small integers with ones, M zero or designed in
 *           the columns of the ones, dense random in the columns of zeros)
 *           whose x_bot are c + h (1 + delta), h half an ulp of c, delta in
 *           {0, +-2^-40, +-2^-80, +-2^-100}: exact ties and ties missed by
 *           2^-40..2^-100 ulp; beside it a random dense block, so the
 *           residual never vanishes in half the systems, all rows and
 *           columns permuted;
 *   scaled  orth systems with A times 2^sa and b times 2^sb at the ends of
 *           the exponent range: solutions near 2^+-1000, subnormal,
 *           overflowing (RN(x*) = +-Inf), A near 2^1020.
 *
 * Fails (exit 1) on any false proof (a component flagged proven that is not
 * RN of the exact solution), any BOUND that does not hold, any XERBLA-free
 * INFO that disagrees with the flags, or a cond decade below 1e15 with
 * fewer than 99% of its components proven.  Prints, per kind and decade of
 * the measured cond: systems, components, proven, correctly rounded, the
 * worst relative error of those not proven; CSV with the same columns.
 */
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dlfcn.h>

#include "exact_solve.h"
#include "exactblas.h"
#include "illcond.h"
#include "testlib.h"

#define DECADES 41 /* 10^0 .. 10^40 and beyond */

typedef struct cell {
    long systems, comps, proven, correct, false_proofs, bad_bounds, rejected;
    long checked;          /* components compared with the exact solution */
    double worst;          /* relative error of the worst component not proven */
    double t_exact, t_ref; /* seconds: EXDGESVXX / EXDPOSVXX, OpenBLAS's DGESV / DPOSV */
} cell;

/* Orders above this get no exact solution (Bareiss's cost) but a 300-bit
 * MPFR refinement (refined_oracle: a reference, not a proof), binned by the
 * target cond. */
#define ORACLE_MAX_N 100

typedef void (*gesv_fn)(const int *, const int *, double *, const int *, int *, double *,
                        const int *, int *);
typedef void (*posv_fn)(const char *, const int *, const int *, double *, const int *, double *,
                        const int *, int *, size_t);
static gesv_fn ref_gesv;
static posv_fn ref_posv;

static cell table[5][DECADES];
/* the tie kind's components by their distance to the nearest midpoint in
 * ulps: exact tie, below 2^-90, 2^-60, 2^-30, farther: [class][proven] */
static long tie_class[5][2];
static const char *tie_names[5] = {"exact tie", "< 2^-90 ulp", "< 2^-60 ulp", "< 2^-30 ulp",
                                   "farther"};

/* The distance of q from the nearest binary64 midpoint, in ulps of RN(q)
 * (as a class above); q nonzero, normal range. */
static int midpoint_class(const mpq_t q, double rn)
{
    if (rn == 0.0 || !isfinite(rn))
        return 4;
    int e;
    frexp(rn, &e);
    double ulp = ldexp(1.0, e - 53);
    mpq_t mid, d, u;
    mpq_inits(mid, d, u, (mpq_ptr)0);
    double best = INFINITY;
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        mpq_set_d(mid, rn);
        mpq_set_d(u, sgn * ulp / 2);
        mpq_add(mid, mid, u);
        mpq_sub(d, q, mid);
        mpq_abs(d, d);
        mpq_set_d(u, ulp);
        mpq_div(d, d, u);
        double v = mpq_get_d(d);
        if (mpq_sgn(d) == 0)
            v = 0.0;
        best = v < best ? v : best;
    }
    mpq_clears(mid, d, u, (mpq_ptr)0);
    return best == 0.0 ? 0 : best < 0x1p-90 ? 1 : best < 0x1p-60 ? 2 : best < 0x1p-30 ? 3 : 4;
}
static const char *kinds[5] = {"orth", "louvet", "spd", "tie", "scaled"};
static long failures;

/* ---- exact solution --------------------------------------------------------- */

/* x* = A^-1 b: xs_solve (exact_solve.h, Bareiss on the rows scaled to
 * integers). */

static double round_q(const mpq_t q)
{
    mpfr_t v;
    mpfr_init2(v, 256);
    mpfr_set_q(v, q, MPFR_RNDZ);
    int exact = mpfr_cmp_q(v, q) == 0;
    mpfr_t odd;
    mpfr_init2(odd, 256);
    mpfr_set(odd, v, MPFR_RNDZ);
    /* round to odd at 256 bits (sticky), then once to binary64 */
    if (!exact)
        tl_make_odd(odd, 1);
    double d = tl_round_once(odd);
    mpfr_clear(v);
    mpfr_clear(odd);
    return d;
}

/* cond_inf(A) measured: A^-1 by Gaussian elimination at 400 bits. */
static double cond_inf(long n, const double *a)
{
    mpfr_t *m = malloc((size_t)n * 2 * n * sizeof *m);
    long w = 2 * n;
    for (long i = 0; i < n; i++)
        for (long j = 0; j < w; j++) {
            mpfr_init2(m[i * w + j], 400);
            mpfr_set_d(m[i * w + j], j < n ? a[i + j * n] : (j - n == i), MPFR_RNDN);
        }
    mpfr_t f, t;
    mpfr_inits2(400, f, t, (mpfr_ptr)0);
    double result = INFINITY;
    for (long k = 0; k < n; k++) {
        long p = k;
        for (long i = k + 1; i < n; i++)
            if (mpfr_cmpabs(m[i * w + k], m[p * w + k]) > 0)
                p = i;
        if (mpfr_zero_p(m[p * w + k]))
            goto done;
        if (p != k)
            for (long j = 0; j < w; j++)
                mpfr_swap(m[p * w + j], m[k * w + j]);
        for (long i = 0; i < n; i++) {
            if (i == k || mpfr_zero_p(m[i * w + k]))
                continue;
            mpfr_div(f, m[i * w + k], m[k * w + k], MPFR_RNDN);
            for (long j = k; j < w; j++) {
                mpfr_mul(t, f, m[k * w + j], MPFR_RNDN);
                mpfr_sub(m[i * w + j], m[i * w + j], t, MPFR_RNDN);
            }
        }
    }
    double na = 0.0, ni = 0.0;
    for (long i = 0; i < n; i++) {
        double ra = 0.0, ri = 0.0;
        for (long j = 0; j < n; j++) {
            ra += fabs(a[i + j * n]);
            mpfr_div(t, m[i * w + n + j], m[i * w + i], MPFR_RNDN);
            ri += fabs(mpfr_get_d(t, MPFR_RNDN));
        }
        na = fmax(na, ra);
        ni = fmax(ni, ri);
    }
    result = na * ni;
done:
    for (long e = 0; e < n * w; e++)
        mpfr_clear(m[e]);
    mpfr_clears(f, t, (mpfr_ptr)0);
    free(m);
    return result;
}

/* x ~ A^-1 b to about 250 bits, for the orders without a rational
 * solution: Gaussian elimination with partial pivoting in binary64, then
 * refinement with residuals in MPFR at 400 bits and x kept at 300 bits.
 * 0 when the corrections fell below 2^-250 of x, else 1 (no reference:
 * too ill-conditioned for binary64 factors). */
/* v := (P L U)^-1 v with refined_oracle's binary64 factors. */
static void lu_solve(long n, const double *lu, const long *piv, double *v)
{
    for (long k = 0; k < n; k++) {
        double t = v[k];
        v[k] = v[piv[k]];
        v[piv[k]] = t;
    }
    for (long j = 0; j < n; j++)
        for (long i = j + 1; i < n; i++)
            v[i] -= lu[i + j * n] * v[j];
    for (long j = n - 1; j >= 0; j--) {
        v[j] /= lu[j + j * n];
        for (long i = 0; i < j; i++)
            v[i] -= lu[i + j * n] * v[j];
    }
}

static int refined_oracle(long n, const double *a, const double *b, mpfr_t *x, double *cond)
{
    double *lu = malloc((size_t)n * n * sizeof *lu), *d = malloc((size_t)n * sizeof *d);
    long *piv = malloc((size_t)n * sizeof *piv);
    memcpy(lu, a, (size_t)n * n * sizeof *lu);
    for (long k = 0; k < n; k++) {
        long p = k;
        for (long i = k + 1; i < n; i++)
            if (fabs(lu[i + k * n]) > fabs(lu[p + k * n]))
                p = i;
        piv[k] = p;
        for (long j = 0; j < n; j++) {
            double t = lu[k + j * n];
            lu[k + j * n] = lu[p + j * n];
            lu[p + j * n] = t;
        }
        for (long i = k + 1; i < n; i++)
            lu[i + k * n] /= lu[k + k * n];
        for (long j = k + 1; j < n; j++)
            for (long i = k + 1; i < n; i++)
                lu[i + j * n] -= lu[i + k * n] * lu[k + j * n];
    }
    /* cond_inf(A) estimated from the binary64 inverse (the bin's label; past
     * about 1e16 it is only a lower estimate) */
    double ninv = 0.0, na = 0.0, *col = malloc((size_t)n * sizeof *col),
           *rs = calloc((size_t)n, sizeof *rs);
    for (long c = 0; c < n; c++) {
        for (long i = 0; i < n; i++)
            col[i] = i == c;
        lu_solve(n, lu, piv, col);
        for (long i = 0; i < n; i++)
            rs[i] += fabs(col[i]);
    }
    for (long i = 0; i < n; i++) {
        double r = 0.0;
        for (long j = 0; j < n; j++)
            r += fabs(a[i + j * n]);
        na = fmax(na, r);
        ninv = fmax(ninv, rs[i]);
    }
    *cond = na * ninv;
    free(col), free(rs);
    mpfr_t acc, t;
    mpfr_init2(acc, 400);
    mpfr_init2(t, 400);
    for (long i = 0; i < n; i++)
        mpfr_set_zero(x[i], 1);
    int ok = 0;
    for (int step = 0; step < 60 && !ok; step++) {
        double dmax = 0.0, xmax = 0.0;
        for (long i = 0; i < n; i++) {
            mpfr_set_d(acc, b[i], MPFR_RNDN);
            for (long j = 0; j < n; j++) {
                mpfr_mul_d(t, x[j], a[i + j * n], MPFR_RNDN);
                mpfr_sub(acc, acc, t, MPFR_RNDN);
            }
            d[i] = mpfr_get_d(acc, MPFR_RNDN);
        }
        lu_solve(n, lu, piv, d);
        for (long i = 0; i < n; i++) {
            mpfr_add_d(x[i], x[i], d[i], MPFR_RNDN);
            dmax = fmax(dmax, fabs(d[i]));
            xmax = fmax(xmax, fabs(mpfr_get_d(x[i], MPFR_RNDN)));
        }
        ok = isfinite(dmax) && isfinite(xmax) && dmax <= xmax * 0x1p-250;
        for (long i = 0; i < n; i++)
            if (!mpfr_number_p(x[i])) {
                step = 60; /* an overflow or a NaN: no reference */
                ok = 0;
            }
    }
    mpfr_clear(acc);
    mpfr_clear(t);
    free(lu), free(d), free(piv);
    return !ok;
}

/* ---- generators ---------------------------------------------------------------- */

static double gauss(tl_rng *r)
{
    double u = tl_rng_uniform(r), v = tl_rng_uniform(r);
    return sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * v);
}

/* q: a random orthogonal n x n (modified Gram-Schmidt, twice). */
static void orthogonal(long n, tl_rng *r, double *q)
{
    for (long e = 0; e < n * n; e++)
        q[e] = gauss(r);
    for (long j = 0; j < n; j++)
        for (int pass = 0; pass < 2; pass++) {
            for (long k = 0; k < j; k++) {
                double d = 0.0;
                for (long i = 0; i < n; i++)
                    d += q[i + k * n] * q[i + j * n];
                for (long i = 0; i < n; i++)
                    q[i + j * n] -= d * q[i + k * n];
            }
            double s = 0.0;
            for (long i = 0; i < n; i++)
                s += q[i + j * n] * q[i + j * n];
            s = sqrt(s);
            for (long i = 0; i < n; i++)
                q[i + j * n] /= s;
        }
}

/* a = U diag(s) V^T (V = U when sym), s graded from 1 to 1/cond. */
static void graded(long n, double cond, int sym, tl_rng *r, double *a)
{
    double *u = malloc((size_t)n * n * sizeof *u), *v = malloc((size_t)n * n * sizeof *v);
    orthogonal(n, r, u);
    if (sym)
        memcpy(v, u, (size_t)n * n * sizeof *v);
    else
        orthogonal(n, r, v);
    for (long j = 0; j < n; j++) {
        double s = n > 1 ? pow(cond, -(double)j / (double)(n - 1)) : 1.0;
        for (long i = 0; i < n; i++)
            u[i + j * n] *= s;
    }
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            double t = 0.0;
            for (long k = 0; k < n; k++)
                t += u[i + k * n] * v[j + k * n];
            a[i + j * n] = t;
        }
    if (sym)
        for (long j = 0; j < n; j++)
            for (long i = 0; i < j; i++)
                a[i + j * n] = a[j + i * n];
    free(u);
    free(v);
}

static void permute(long n, tl_rng *r, long *p)
{
    for (long i = 0; i < n; i++)
        p[i] = i;
    for (long i = n - 1; i > 0; i--) {
        long j = (long)(tl_rng_u64(r) % (uint64_t)(i + 1));
        long t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/* a := P a Q (rows by p, columns by q), b := P b. */
static void shuffle(long n, tl_rng *r, double *a, double *b)
{
    long *p = malloc((size_t)n * sizeof *p), *q = malloc((size_t)n * sizeof *q);
    double *t = malloc((size_t)n * n * sizeof *t), *c = malloc((size_t)n * sizeof *c);
    permute(n, r, p);
    permute(n, r, q);
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            t[i + j * n] = a[p[i] + q[j] * n];
    for (long i = 0; i < n; i++)
        c[i] = b[p[i]];
    memcpy(a, t, (size_t)n * n * sizeof *a);
    memcpy(b, c, (size_t)n * sizeof *b);
    free(p), free(q), free(t), free(c);
}

/* The tie kind: see the header.  n even, at least 8. */
static void near_ties(long n, int dense_block, tl_rng *r, double *a, double *b)
{
    memset(a, 0, (size_t)n * n * sizeof *a);
    long nd = dense_block ? n / 4 : 0, nt = n - nd, p = nt / 2, nb = nt - p;
    /* top: T unimodular (unit lower times unit upper, entries -2..2) */
    double *l = calloc((size_t)p * p, sizeof *l), *u = calloc((size_t)p * p, sizeof *u);
    double *xt = malloc((size_t)p * sizeof *xt);
    for (long i = 0; i < p; i++) {
        l[i + i * p] = u[i + i * p] = 1.0;
        for (long j = 0; j < i; j++) {
            l[i + j * p] = (double)((long)(tl_rng_u64(r) % 5) - 2);
            u[j + i * p] = (double)((long)(tl_rng_u64(r) % 5) - 2);
        }
        xt[i] =
            i < 3 ? 1.0 : (tl_rng_u64(r) % 3 == 0 ? 0.0 : (double)((long)(tl_rng_u64(r) % 7) - 3));
    }
    xt[p - 1] = 0.0; /* at least one zero column for the dense part */
    for (long i = 0; i < p; i++) {
        double s = 0.0;
        for (long j = 0; j < p; j++) {
            double t = 0.0;
            for (long k = 0; k < p; k++)
                t += l[i + k * p] * u[k + j * p]; /* small integers: exact */
            a[i + j * n] = t;
            s += t * xt[j];
        }
        b[i] = s;
    }
    /* bottom: x_bot(i) = b(i) - M(i,:) x_top = c + h (1 + delta) */
    static const double deltas[7] = {0.0,      0x1p-40,  -0x1p-40, 0x1p-80,
                                     -0x1p-80, 0x1p-100, -0x1p-100};
    for (long i = 0; i < nb; i++) {
        long row = p + i;
        a[row + row * n] = 1.0;
        double c =
            tl_rng_sign(r) * (1.0 + tl_rng_uniform(r)) * ldexp(1.0, (int)(tl_rng_u64(r) % 9) - 4);
        int e;
        frexp(c, &e);
        double h = ldexp(1.0, e - 54) * (c < 0 ? -1.0 : 1.0); /* half an ulp, c's sign */
        double delta = deltas[tl_rng_u64(r) % 7];
        /* x_top(0) = x_top(1) = x_top(2) = 1 */
        a[row + 0 * n] = -h;
        double d1 = h * delta; /* exact: a power of two times h */
        double d2 = 0.0;
        if (delta != 0.0 &&
            fabs(delta) < 0x1p-60) { /* h*delta split so h + h*delta needs 2 terms */
            d2 = d1;
            d1 = 0.0;
        }
        a[row + 1 * n] = -d1;
        a[row + 2 * n] = -d2;
        for (long j = 3; j < p; j++)
            if (xt[j] == 0.0)
                a[row + j * n] = tl_rng_uniform(r) - 0.5;
        b[row] = c;
    }
    /* the dense block: well conditioned, random right-hand side */
    for (long i = nt; i < n; i++) {
        for (long j = nt; j < n; j++)
            a[i + j * n] = tl_rng_uniform(r) - 0.5 + (i == j ? 2.0 : 0.0);
        b[i] = tl_rng_uniform(r) - 0.5;
    }
    free(l), free(u), free(xt);
    shuffle(n, r, a, b);
}

/* ---- one system --------------------------------------------------------------- */

static void run_system(int kind, long n, double target, tl_rng *r, int variant)
{
    double *a = malloc((size_t)n * n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    double *x = malloc((size_t)n * sizeof *x), *bound = malloc((size_t)n * sizeof *bound);
    int *proven = malloc((size_t)n * sizeof *proven);
    char uplo = 'L';
    if (kind == 0 || kind == 2) {
        graded(n, target, kind == 2, r, a);
        for (long i = 0; i < n; i++)
            b[i] = tl_rng_uniform(r) - 0.5;
    } else if (kind == 1) {
        tl_louvet_upper(n, log10(target) / 2.0, 0, r, a, b);
        if (variant & 1)
            for (long i = 0; i < n; i++)
                b[i] = tl_rng_uniform(r) - 0.5;
        shuffle(n, r, a, b);
    } else if (kind == 3) {
        near_ties(n, variant & 1, r, a, b);
    } else {
        /* the exponent range's ends: A 2^sa, b 2^sb, so x* ~ 2^(sb - sa):
         * near overflow, tiny, subnormal */
        static const int sc[6][2] = {{1000, 0},   {-1000, 0},  {0, -1060},
                                     {500, -500}, {-900, 100}, {1020, 1020}};
        graded(n, target, 0, r, a);
        for (long i = 0; i < n; i++)
            b[i] = tl_rng_uniform(r) - 0.5;
        const int *e2 = sc[variant % 6];
        for (long q = 0; q < n * n; q++)
            a[q] = ldexp(a[q], e2[0]);
        for (long i = 0; i < n; i++)
            b[i] = ldexp(b[i], e2[1]);
    }
    double *asave = malloc((size_t)n * n * sizeof *asave);
    memcpy(asave, a, (size_t)n * n * sizeof *a);
    int info;
    double t0 = tl_now();
    if (kind == 2) {
        uplo = variant & 1 ? 'U' : 'L';
        /* the unreferenced triangle holds NaN: it must not be read */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                if (uplo == 'L' ? i < j : i > j)
                    a[i + j * n] = NAN;
        exactblas_dposvxx(uplo, (int)n, 1, a, (int)n, b, (int)n, x, (int)n, proven, bound, &info);
    } else {
        exactblas_dgesvxx((int)n, 1, a, (int)n, b, (int)n, x, (int)n, proven, bound, &info);
    }
    double t_exact = tl_now() - t0, t_ref = 0.0;
    if (ref_gesv && ref_posv) { /* OpenBLAS on copies, for the cost column */
        double *w = malloc((size_t)n * n * sizeof *w), *y = malloc((size_t)n * sizeof *y);
        int *piv = malloc((size_t)n * sizeof *piv), ni = (int)n, one = 1, rinfo;
        memcpy(w, asave, (size_t)n * n * sizeof *w);
        memcpy(y, b, (size_t)n * sizeof *y);
        t0 = tl_now();
        if (kind == 2)
            ref_posv("L", &ni, &one, w, &ni, y, &ni, &rinfo, 1);
        else
            ref_gesv(&ni, &one, w, &ni, piv, y, &ni, &rinfo);
        t_ref = tl_now() - t0;
        free(w), free(y), free(piv);
    }
    if (info >= 1 && info <= n) {
        if (kind != 2 || target < 1e12) {
            printf("FAIL %s n=%ld cond=%.0e: INFO %d on a nonsingular system\n", kinds[kind], n,
                   target, info);
            failures++;
        }
        table[kind][0].rejected++;
        goto out;
    }
    if (n > ORACLE_MAX_N) { /* the 300-bit reference; cond estimated in binary64 */
        mpfr_t *xr = malloc((size_t)n * sizeof *xr);
        for (long i = 0; i < n; i++)
            mpfr_init2(xr[i], 300);
        double ce;
        int none = refined_oracle(n, asave, b, xr, &ce);
        int dec = isfinite(ce) && ce >= 1.0 ? (int)floor(log10(ce)) : DECADES - 1;
        cell *t = &table[kind][dec < DECADES ? dec : DECADES - 1];
        t->systems++;
        t->t_exact += t_exact;
        t->t_ref += t_ref;
        for (long i = 0; i < n; i++) {
            t->comps++;
            t->proven += proven[i] != 0;
            if (none)
                continue;
            double want = tl_round_once(xr[i]);
            int same = memcmp(&want, &x[i], sizeof want) == 0;
            t->checked++;
            t->correct += same;
            if (proven[i] && !same) {
                t->false_proofs++;
                failures++;
                printf("FAIL false proof (against the 300-bit reference): %s n=%ld x[%ld] = "
                       "%.17g, reference %.17g\n",
                       kinds[kind], n, i, x[i], want);
            }
            double rel = fabs(x[i] - want) / fabs(want);
            if (!proven[i] && !same && isfinite(rel) && !(rel <= t->worst))
                t->worst = rel;
        }
        for (long i = 0; i < n; i++)
            mpfr_clear(xr[i]);
        free(xr);
        goto out;
    }
    mpq_t *xs = malloc((size_t)n * sizeof *xs);
    for (long i = 0; i < n; i++)
        mpq_init(xs[i]);
    if (xs_solve(n, asave, b, xs) != 0) {
        table[kind][0].rejected++;
        goto out_q;
    }
    double c = cond_inf(n, asave);
    int dec = isfinite(c) ? (int)floor(log10(c)) : DECADES - 1;
    if (dec < 0)
        dec = 0;
    if (dec >= DECADES)
        dec = DECADES - 1;
    cell *t = &table[kind][dec];
    t->systems++;
    t->t_exact += t_exact;
    t->t_ref += t_ref;
    long open = 0;
    mpq_t diff, bq;
    mpq_init(diff);
    mpq_init(bq);
    for (long i = 0; i < n; i++) {
        double want = round_q(xs[i]);
        int same = memcmp(&want, &x[i], sizeof want) == 0;
        t->comps++;
        t->checked++;
        t->correct += same;
        if (kind == 3)
            tie_class[midpoint_class(xs[i], want)][proven[i] != 0]++;
        if (proven[i]) {
            t->proven++;
            if (!same) {
                t->false_proofs++;
                failures++;
                printf("FAIL false proof: %s n=%ld cond=%.2e x[%ld] = %.17g, RN(x*) = %.17g\n",
                       kinds[kind], n, c, i, x[i], want);
            }
        } else {
            open++;
            double rel = mpq_sgn(xs[i]) ? fabs(x[i] - want) / fabs(want) : fabs(x[i]);
            if (!same && isfinite(rel) && !(rel <= t->worst))
                t->worst = rel;
        }
        if (isfinite(bound[i])) {
            mpq_set_d(diff, x[i]);
            mpq_sub(diff, diff, xs[i]);
            mpq_abs(diff, diff);
            mpq_set_d(bq, bound[i]);
            if (mpq_cmp(diff, bq) > 0) {
                t->bad_bounds++;
                failures++;
                printf("FAIL bound: %s n=%ld cond=%.2e component %ld bound %.3g too small\n",
                       kinds[kind], n, c, i, bound[i]);
            }
        } else if (proven[i] && isfinite(x[i])) { /* RN(x*) = +-Inf: no finite bound */
            failures++;
            printf("FAIL proven with an infinite bound\n");
        }
    }
    int want_info = open == 0 ? 0 : (info == n + 2 ? (int)n + 2 : (int)n + 1);
    if (info != want_info) {
        failures++;
        printf("FAIL %s n=%ld: INFO %d, %ld components not proven\n", kinds[kind], n, info, open);
    }
    mpq_clear(diff);
    mpq_clear(bq);
out_q:
    for (long i = 0; i < n; i++)
        mpq_clear(xs[i]);
    free(xs);
out:
    free(a), free(b), free(x), free(bound), free(proven), free(asave);
}

/* ---- arguments ------------------------------------------------------------------ */

static void argument_checks(void)
{
    double a[4] = {1, 0, 0, 1}, b[2] = {1, 2}, x[2] = {7, 7}, bd[2];
    int pv[2], info;
    struct {
        int n, nrhs, lda, ldb, ldx, want;
    } cases[] = {{-1, 1, 2, 2, 2, -1},
                 {2, -1, 2, 2, 2, -2},
                 {2, 1, 1, 2, 2, -4},
                 {2, 1, 2, 1, 2, -6},
                 {2, 1, 2, 2, 1, -8}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        exactblas_dgesvxx(cases[c].n, cases[c].nrhs, a, cases[c].lda, b, cases[c].ldb, x,
                          cases[c].ldx, pv, bd, &info);
        if (info != cases[c].want || x[0] != 7) {
            printf("FAIL EXDGESVXX argument %d: INFO %d\n", -cases[c].want, info);
            failures++;
        }
        exactblas_dposvxx('L', cases[c].n, cases[c].nrhs, a, cases[c].lda, b, cases[c].ldb, x,
                          cases[c].ldx, pv, bd, &info);
        if (info != cases[c].want - 1 || x[0] != 7) {
            printf("FAIL EXDPOSVXX argument %d: INFO %d\n", 1 - cases[c].want, info);
            failures++;
        }
    }
    exactblas_dposvxx('X', 2, 1, a, 2, b, 2, x, 2, pv, bd, &info);
    if (info != -1) {
        printf("FAIL EXDPOSVXX UPLO: INFO %d\n", info);
        failures++;
    }
    /* singular: INFO 2, X untouched */
    double s[4] = {1, 2, 2, 4};
    exactblas_dgesvxx(2, 1, s, 2, b, 2, x, 2, pv, bd, &info);
    if (info != 2 || x[0] != 7 || pv[0] != 0 || !isinf(bd[0])) {
        printf("FAIL singular: INFO %d x %g\n", info, x[0]);
        failures++;
    }
    double np[4] = {1, 2, 2, 1};
    exactblas_dposvxx('L', 2, 1, np, 2, b, 2, x, 2, pv, bd, &info);
    if (info != 2 || x[0] != 7) {
        printf("FAIL not positive definite: INFO %d\n", info);
        failures++;
    }
    /* a NaN in B: too ill-conditioned to verify, nothing proven */
    double bn[2] = {NAN, 1};
    exactblas_dgesvxx(2, 1, a, 2, bn, 2, x, 2, pv, bd, &info);
    if (info != 4 || pv[0] || pv[1]) {
        printf("FAIL NaN right-hand side: INFO %d\n", info);
        failures++;
    }
    /* NRHS = 2 with an exact solution, and a tie: x = (1 + 2^-53, 3) */
    /* rows: x1 - x2 = b1, x2 = b2;  b1 = 1 + 2^-52 - 3 is exact, x1 = b1 + 3 */
    double a2[4] = {1, 0, -1, 1}, b2[4];
    b2[0] = (1.0 + 0x1p-52) - 3.0;
    b2[1] = 3.0;
    b2[2] = 0x1p-53;
    b2[3] = 1.0; /* second system: x2 = 1, x1 = 1 + 2^-53: a tie, RN to even = 1 */
    double x2[4];
    int p2[4];
    double bd2[4];
    exactblas_dgesvxx(2, 2, a2, 2, b2, 2, x2, 2, p2, bd2, &info);
    if (info != 0 || x2[0] != 1.0 + 0x1p-52 || x2[1] != 3.0 || x2[2] != 1.0 || x2[3] != 1.0 ||
        !p2[0] || !p2[1] || !p2[2] || !p2[3] || !(bd2[2] >= 0x1p-53 && bd2[2] < 0x1p-52)) {
        printf("FAIL NRHS = 2 exact/tie: INFO %d x %.17g %.17g %.17g %.17g bound %g\n", info, x2[0],
               x2[1], x2[2], x2[3], bd2[2]);
        failures++;
    }
}

/* CSV's gnuplot script and, where gnuplot is, the SVG beside it. */
static void write_plot(const char *csv)
{
    char gp[512], svg[512], cmd[1100];
    snprintf(gp, sizeof gp, "%s.gp", csv);
    snprintf(svg, sizeof svg, "%s", csv);
    char *dot = strrchr(svg, '.');
    if (dot && strcmp(dot, ".csv") == 0)
        *dot = '\0';
    strncat(svg, ".svg", sizeof svg - strlen(svg) - 1);
    FILE *g = fopen(gp, "w");
    if (!g)
        return;
    fprintf(g,
            "# written by test_gesvxx: components proven / correctly rounded per cond decade\n"
            "set terminal svg size 1000,700 dynamic enhanced font 'Helvetica,14' "
            "background rgb 'white'\n"
            "set output '%s'\n"
            "set datafile separator ','\n"
            "set encoding utf8\n"
            "set xlabel 'log_{10} cond_∞(A)  (n > %d: binary64 estimate, 300-bit MPFR "
            "reference)'\n"
            "set ylabel 'components (%%)'\n"
            "set yrange [-2:102]\n"
            "set xrange [1.5:20.5]\n"
            "set title 'EXDGESVXX / EXDPOSVXX: components proven correctly rounded, "
            "and actually correctly rounded'\n"
            "set key outside below center horizontal box\n"
            "set grid lc rgb '#dddddd'\n"
            "K = 'orth louvet spd tie scaled'\n"
            "plot for [i=1:5] '%s' skip 1 using (strcol(1) eq word(K,i) ? $2 : 1/0):5 "
            "with linespoints lw 2 pt 7 lc i title word(K,i).' proven', \\\n"
            "  for [i=1:5] '%s' skip 1 using (strcol(1) eq word(K,i) ? $2 : 1/0):7 "
            "with points pt 6 ps 1.6 lc i title word(K,i).' correctly rounded'\n",
            svg, ORACLE_MAX_N, csv, csv);
    fclose(g);
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        printf("plot: gnuplot not found (apt-get install gnuplot-nox); its script is %s\n", gp);
        return;
    }
    snprintf(cmd, sizeof cmd, "gnuplot '%s'", gp);
    if (system(cmd) != 0) {
        printf("FAIL plot: gnuplot failed on %s\n", gp);
        failures++;
        return;
    }
    printf("rows: %s\nplot: %s\n", csv, svg);
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? atol(argv[1]) : 2;
    const char *csv = argc > 2 && strcmp(argv[2], "-") != 0 ? argv[2] : NULL;
    long nlist[16], nn = 0;
    const char *spec = argc > 3 ? argv[3] : "10,24,40";
    for (const char *p = spec; *p && nn < 16;) {
        nlist[nn++] = strtol(p, (char **)&p, 10);
        if (*p == ',')
            p++;
    }
    printf("argument checks: 11 calls with an illegal argument, on purpose; the 11 \"illegal "
           "value\" lines of XERBLA that follow are expected\n");
    fflush(stdout);
    argument_checks();
    printf("argument checks: done\n");
    fflush(stdout);
#ifdef BENCH_OPENBLAS
    void *h = dlopen(BENCH_OPENBLAS, RTLD_NOW | RTLD_LOCAL);
    if (h) {
        ref_gesv = (gesv_fn)dlsym(h, "dgesv_");
        ref_posv = (posv_fn)dlsym(h, "dposv_");
    }
#endif
    tl_rng r;
    tl_rng_seed(&r, 31);
    for (int kind = 0; kind < 5; kind++)
        for (int e = 2; e <= 20; e += (kind >= 3 ? 6 : 1))
            for (long in = 0; in < nn; in++)
                for (long s = 0; s < count; s++) {
                    long n = nlist[in];
                    if (kind == 3 && n < 8)
                        continue;
                    run_system(kind, kind == 3 ? n & ~1L : n, pow(10.0, e), &r, (int)s);
                }
    FILE *f = csv ? fopen(csv, "w") : NULL;
    if (csv && !f) {
        printf("FAIL cannot write %s\n", csv);
        failures++;
    }
    if (f)
        fprintf(f, "kind,log10_cond,systems,components,proven_pct,checked,correct_pct,"
                   "false_proofs,bad_bounds,worst_rel_error_not_proven,cost_vs_openblas\n");
    printf("%-7s %6s %8s %10s %9s %9s %8s %16s %9s\n", "kind", "cond", "systems", "components",
           "proven%", "correct%", "false", "worst not proven", "cost");
    for (int kind = 0; kind < 5; kind++) {
        for (int d = 0; d < DECADES; d++) {
            cell *t = &table[kind][d];
            if (!t->systems)
                continue;
            double pp = 100.0 * t->proven / t->comps;
            double pc = t->checked ? 100.0 * t->correct / t->checked : NAN;
            double cost = t->t_ref > 0.0 ? t->t_exact / t->t_ref : NAN;
            printf("%-7s  1e%-3d %8ld %10ld %9.3f %9.3f %8ld %16.2e %9.1f\n", kinds[kind], d,
                   t->systems, t->comps, pp, pc, t->false_proofs, t->worst, cost);
            if (f)
                fprintf(f, "%s,%d,%ld,%ld,%.4f,%ld,%.4f,%ld,%ld,%.3e,%.2f\n", kinds[kind], d,
                        t->systems, t->comps, pp, t->checked, pc, t->false_proofs, t->bad_bounds,
                        t->worst, cost);
            if (kind != 3 && d < 15 && pp < 99.0) {
                printf("FAIL %s cond 1e%d: %.2f%% proven (< 99%%)\n", kinds[kind], d, pp);
                failures++;
            }
        }
        if (table[kind][0].rejected)
            printf("%-7s  %ld systems rejected (singular or not positive definite)\n", kinds[kind],
                   table[kind][0].rejected);
    }
    if (f) {
        fclose(f);
        write_plot(csv);
    }
    printf("tie kind, components by distance to the nearest midpoint: proven / all\n");
    for (int k = 0; k < 5; k++)
        printf("  %-12s %6ld / %6ld\n", tie_names[k], tie_class[k][1],
               tie_class[k][0] + tie_class[k][1]);
    printf("%s: %ld failure%s\n", failures ? "FAILED" : "PASSED", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}

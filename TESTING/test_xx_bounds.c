/*
 * test_xx_bounds.c -- the drop-in's expert drivers DGESVXX, DGERFSX,
 * DPOSVXX and DPORFSX (and EXDGESVXX / EXDPOSVXX beside them) against the
 * exact rational solution (exact_solve.h, GMP): every bound they trust
 * holds.
 *
 *   test_xx_bounds [SYSTEMS [SEED]]
 *
 * For every call, with x* the exact solution of the system the call
 * defines (the original one for FACT 'N' and 'E'; for FACT 'F' the given
 * A with the caller's scalings, x* = diag(C) A^-1 diag(R) b for TRANS
 * 'N'; DGERFSX and DPORFSX: the system as given) and X the output, per
 * right-hand side j:
 *   - ERR_BNDS_NORM(j,1) and ERR_BNDS_COMP(j,1) are 0.0 or 1.0;
 *   - trusted normwise: max_i |x*_i - X_i| <= ERR_BNDS_NORM(j,2) max_i |X_i|,
 *     trusted componentwise: |x*_i - X_i| <= ERR_BNDS_COMP(j,2) |X_i|
 *     (exactly, in rationals; a trusted column has no Inf or NaN);
 *   - INFO is N+J for the first column without both bounds trusted, else 0;
 *   - where x*_i = 0 and X_i is zero, X_i is +0;
 *   - EXDGESVXX / EXDPOSVXX on the original system: PROVEN(i,j) = 1 only
 *     where X(i,j) = RN(x*(i,j)) bit for bit (RN(0) = +0), BOUND holds.
 * The drivers run again under the caller's default environment, FE_UPWARD,
 * FE_DOWNWARD, FE_TOWARDZERO and FTZ/DAZ (x86-64's MXCSR, some status
 * flags raised): every output byte as in the default environment (the
 * bounds come from an approximate inverse whose path may change between
 * two calls: a differing call is compared with two more in the default
 * environment), and the caller's MXCSR, control and status flags, the
 * same after the call as before.  OpenBLAS runs on one thread (the program
 * sets OPENBLAS_NUM_THREADS=1 and runs itself again).
 *
 * Fixed cases first, the reproducers of issue 37 items 5 and 6: a bound
 * over |x| underflowing to zero, X scaled back to 0 or to Inf, a
 * subnormal bit of B or an entry of A lost to the equilibration, FACT 'F'
 * with scalings that are not powers of two, rows scaled by 2^+-100 (every
 * component proven), a scaled SPD Pascal matrix (a finite X with finite
 * bounds).  Then SYSTEMS random systems (default 120) per class, n <= 40:
 * dense with rows, columns and B spread over wide exponent ranges (the
 * equilibration and the scalings near the range's ends), ill-conditioned
 * products of triangles, SPD matrices D M D, and small-integer systems with
 * exact (and zero) solutions.  Prints the calls, the columns trusted and
 * the components proven; exit 1 on any failure, each reported with the
 * case, the column and the numbers.  XX_VERBOSE=1 prints every call's
 * outputs, XX_ONLY=s runs random system s alone, XX_DUMP=file writes every
 * X's bits beside RN(x*)'s and EXDGESVXX's PROVEN (to compare two builds).
 */
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#define HAVE_MXCSR 1
#endif

#include "exact_solve.h"

typedef int fint;

void dgesvxx_(const char *fact, const char *trans, const fint *n, const fint *nrhs, double *a,
              const fint *lda, double *af, const fint *ldaf, fint *ipiv, char *equed, double *r,
              double *c, double *b, const fint *ldb, double *x, const fint *ldx, double *rcond,
              double *rpvgrw, double *berr, const fint *n_err_bnds, double *err_bnds_norm,
              double *err_bnds_comp, const fint *nparams, double *params, double *work, fint *iwork,
              fint *info, size_t, size_t, size_t);
void dgerfsx_(const char *trans, const char *equed, const fint *n, const fint *nrhs,
              const double *a, const fint *lda, const double *af, const fint *ldaf,
              const fint *ipiv, const double *r, const double *c, const double *b, const fint *ldb,
              double *x, const fint *ldx, double *rcond, double *berr, const fint *n_err_bnds,
              double *err_bnds_norm, double *err_bnds_comp, const fint *nparams, double *params,
              double *work, fint *iwork, fint *info, size_t, size_t);
void dposvxx_(const char *fact, const char *uplo, const fint *n, const fint *nrhs, double *a,
              const fint *lda, double *af, const fint *ldaf, char *equed, double *s, double *b,
              const fint *ldb, double *x, const fint *ldx, double *rcond, double *rpvgrw,
              double *berr, const fint *n_err_bnds, double *err_bnds_norm, double *err_bnds_comp,
              const fint *nparams, double *params, double *work, fint *iwork, fint *info, size_t,
              size_t, size_t);
void dporfsx_(const char *uplo, const char *equed, const fint *n, const fint *nrhs, const double *a,
              const fint *lda, const double *af, const fint *ldaf, const double *s, const double *b,
              const fint *ldb, double *x, const fint *ldx, double *rcond, double *berr,
              const fint *n_err_bnds, double *err_bnds_norm, double *err_bnds_comp,
              const fint *nparams, double *params, double *work, fint *iwork, fint *info, size_t,
              size_t);
void exdgesvxx_(const fint *n, const fint *nrhs, const double *a, const fint *lda, const double *b,
                const fint *ldb, double *x, const fint *ldx, fint *proven, double *bound,
                fint *info);
void exdposvxx_(const char *uplo, const fint *n, const fint *nrhs, const double *a, const fint *lda,
                const double *b, const fint *ldb, double *x, const fint *ldx, fint *proven,
                double *bound, fint *info, size_t);

/* An illegal argument would be a bug of this program: counted. */
static long failures, xerbla_calls;
void xerbla_(const char *srname, const fint *info, size_t len)
{
    printf("FAIL XERBLA %.*s %d\n", (int)len, srname, *info);
    xerbla_calls++;
    failures++;
}

/* ---- random numbers (splitmix64) -------------------------------------- */

static uint64_t rng_state;

static uint64_t rng_u64(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static long rng_int(long lo, long hi) /* uniform in [lo, hi] */
{
    return lo + (long)(rng_u64() % (uint64_t)(hi - lo + 1));
}

static double rng_unit(void) /* [0, 1), 53 bits */
{
    return (double)(rng_u64() >> 11) * 0x1p-53;
}

/* A random 53-bit significand with a random sign, times 2^e. */
static double rng_value(int e)
{
    double m = 1.0 + rng_unit();
    return ldexp(rng_u64() & 1 ? -m : m, e);
}

/* ---- the exact solution and its rounding ----------------------------- */

/* x (n x nrhs mpq, ld n) := diag(s2) op(M)^-1 diag(s1) b exactly (s1, s2
 * NULL: the identity); 0, or 1 when M is singular, 2 when an entry is not
 * finite. */
static int exact(long n, long nrhs, const double *m, int trans, const double *b, long ldb,
                 const double *s1, const double *s2, mpq_t *x)
{
    for (long q = 0; q < n * n; q++)
        if (!isfinite(m[q]))
            return 2;
    for (long i = 0; i < n; i++)
        if ((s1 && !isfinite(s1[i])) || (s2 && !isfinite(s2[i])))
            return 2;
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++)
            if (!isfinite(b[i + j * ldb]))
                return 2;
    mpq_t *rhs = malloc((size_t)n * nrhs * sizeof *rhs), f;
    mpq_init(f);
    for (long q = 0; q < n * nrhs; q++) {
        mpq_init(rhs[q]);
        mpq_set_d(rhs[q], b[q % n + q / n * ldb]);
        if (s1) {
            mpq_set_d(f, s1[q % n]);
            mpq_mul(rhs[q], rhs[q], f);
        }
    }
    int singular = xs_solve_q(n, m, trans, nrhs, rhs, x);
    for (long q = 0; q < n * nrhs && s2 && !singular; q++) {
        mpq_set_d(f, s2[q % n]);
        mpq_mul(x[q], x[q], f);
    }
    for (long q = 0; q < n * nrhs; q++)
        mpq_clear(rhs[q]);
    free(rhs);
    mpq_clear(f);
    return singular;
}

/* RN(q) in binary64: gradual underflow, overflow to +-Inf, RN(0) = +0. */
static double round_q(const mpq_t q)
{
    mpfr_t v;
    mpfr_init2(v, 53);
    int inex = mpfr_set_q(v, q, MPFR_RNDN);
    inex = mpfr_subnormalize(v, inex, MPFR_RNDN);
    double d = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clear(v);
    return d;
}

/* ---- the outputs of one driver call ------------------------------------ */

#define NMAX 40
#define RMAX 3

typedef struct outputs {
    double x[NMAX * RMAX], errn[3 * RMAX], errc[3 * RMAX], berr[RMAX];
    double a[NMAX * NMAX], af[NMAX * NMAX], b[NMAX * RMAX], r[NMAX], c[NMAX];
    double rcond, rpvgrw;
    fint ipiv[NMAX], info;
    char equed;
} outputs;

/* One call: which driver, its options and inputs (A, B, and for FACT 'F'
 * or the RFSX drivers the factors and scalings of an earlier call). */
typedef struct call {
    const char *name; /* "DGESVXX", "DGERFSX", "DPOSVXX", "DPORFSX" */
    char fact, trans, uplo, equed;
    long n, nrhs;
    const double *a, *b, *af, *r, *c;
    const fint *ipiv;
} call;

static void run_call(const call *k, outputs *o)
{
    fint n = (fint)k->n, nrhs = (fint)k->nrhs, ld = (fint)(k->n > 0 ? k->n : 1), three = 3;
    fint nparams = 0, iwork[NMAX];
    double params[3] = {0}, work[4 * NMAX];
    memset(o, 0, sizeof *o);
    memcpy(o->a, k->a, (size_t)(n * n) * sizeof *o->a);
    memcpy(o->b, k->b, (size_t)(n * nrhs) * sizeof *o->b);
    if (k->af)
        memcpy(o->af, k->af, (size_t)(n * n) * sizeof *o->af);
    if (k->r)
        memcpy(o->r, k->r, (size_t)n * sizeof *o->r);
    if (k->c)
        memcpy(o->c, k->c, (size_t)n * sizeof *o->c);
    if (k->ipiv)
        memcpy(o->ipiv, k->ipiv, (size_t)n * sizeof *o->ipiv);
    o->equed = k->equed;
    char fact = k->fact, trans = k->trans, uplo = k->uplo;
    if (strcmp(k->name, "DGESVXX") == 0)
        dgesvxx_(&fact, &trans, &n, &nrhs, o->a, &ld, o->af, &ld, o->ipiv, &o->equed, o->r, o->c,
                 o->b, &ld, o->x, &ld, &o->rcond, &o->rpvgrw, o->berr, &three, o->errn, o->errc,
                 &nparams, params, work, iwork, &o->info, 1, 1, 1);
    else if (strcmp(k->name, "DGERFSX") == 0)
        dgerfsx_(&trans, &o->equed, &n, &nrhs, o->a, &ld, o->af, &ld, o->ipiv, o->r, o->c, o->b,
                 &ld, o->x, &ld, &o->rcond, o->berr, &three, o->errn, o->errc, &nparams, params,
                 work, iwork, &o->info, 1, 1);
    else if (strcmp(k->name, "DPOSVXX") == 0)
        dposvxx_(&fact, &uplo, &n, &nrhs, o->a, &ld, o->af, &ld, &o->equed, o->r, o->b, &ld, o->x,
                 &ld, &o->rcond, &o->rpvgrw, o->berr, &three, o->errn, o->errc, &nparams, params,
                 work, iwork, &o->info, 1, 1, 1);
    else
        dporfsx_(&uplo, &o->equed, &n, &nrhs, o->a, &ld, o->af, &ld, o->r, o->b, &ld, o->x, &ld,
                 &o->rcond, o->berr, &three, o->errn, o->errc, &nparams, params, work, iwork,
                 &o->info, 1, 1);
}

/* ---- the checks ----------------------------------------------------------- */

static int verbose; /* XX_VERBOSE set: every call's outputs */
static FILE *dump;  /* XX_DUMP=file: every X's bits and RN(x*)'s, one line each */
static long dump_call;

static void dump_x(const char *what, const char *who, long n, long nrhs, const double *x, long ldx,
                   const mpq_t *xs, const fint *proven)
{
    if (!dump)
        return;
    dump_call++;
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            double v = x[i + j * ldx], w = round_q(xs[i + j * n]);
            uint64_t bv, bw;
            memcpy(&bv, &v, 8);
            memcpy(&bw, &w, 8);
            fprintf(dump, "%ld %s %ld %ld %016llx %016llx %d %s\n", dump_call, who, i, j,
                    (unsigned long long)bv, (unsigned long long)bw, proven ? proven[i + j * n] : -1,
                    what);
        }
}

static long calls, columns, trusted_norm, trusted_comp, comps, proven_comps;

/* "the bound holds": |err| <= bound * scale exactly (scale finite). */
static int holds(const mpq_t err, double bound, double scale)
{
    if (isnan(bound) || bound < 0.0)
        return 0;
    if (isinf(bound))
        return scale > 0.0 || mpq_sgn(err) == 0;
    mpq_t rhs, f;
    mpq_inits(rhs, f, (mpq_ptr)0);
    mpq_set_d(rhs, bound);
    mpq_set_d(f, scale);
    mpq_mul(rhs, rhs, f);
    int ok = mpq_cmp(err, rhs) <= 0;
    mpq_clears(rhs, f, (mpq_ptr)0);
    return ok;
}

/* The bounds of one call's outputs against x* (n x nrhs). */
static void check_bounds(const char *what, const call *k, const outputs *o, const mpq_t *xs)
{
    long n = k->n, nrhs = k->nrhs;
    mpq_t err, xq;
    mpq_inits(err, xq, (mpq_ptr)0);
    fint want_info = 0;
    calls++;
    dump_x(what, k->name, n, nrhs, o->x, n, xs, NULL);
    if (verbose) {
        printf("%s %s FACT %c TRANS %c EQUED %c INFO %d\n", what, k->name, k->fact, k->trans,
               o->equed, o->info);
        for (long q = 0; q < n * nrhs && q < 8; q++)
            printf("  x[%ld] = %a, x* ~ %a\n", q, o->x[q], mpq_get_d(xs[q]));
        for (long j = 0; j < nrhs; j++)
            printf("  col %ld: norm %g %a, comp %g %a\n", j, o->errn[j], o->errn[j + nrhs],
                   o->errc[j], o->errc[j + nrhs]);
    }
    for (long j = 0; j < nrhs; j++) {
        double tn = o->errn[j], bn = o->errn[j + nrhs], tc = o->errc[j], bc = o->errc[j + nrhs];
        columns++;
        if ((tn != 0.0 && tn != 1.0) || (tc != 0.0 && tc != 1.0)) {
            printf("FAIL %s %s col %ld: trust flags %g %g (not 0 or 1)\n", what, k->name, j, tn,
                   tc);
            failures++;
        }
        trusted_norm += tn == 1.0;
        trusted_comp += tc == 1.0;
        if ((tn != 1.0 || tc != 1.0) && !want_info)
            want_info = (fint)(n + j + 1);
        double xmax = 0.0;
        int finite = 1;
        for (long i = 0; i < n; i++) {
            double xi = o->x[i + j * n];
            finite &= isfinite(xi) != 0;
            xmax = fabs(xi) > xmax ? fabs(xi) : xmax;
        }
        if ((tn == 1.0 || tc == 1.0) && !finite) {
            printf("FAIL %s %s col %ld: trusted with X not finite\n", what, k->name, j);
            failures++;
            continue;
        }
        if ((tn == 1.0 && !isfinite(bn)) || (tc == 1.0 && !isfinite(bc))) {
            printf("FAIL %s %s col %ld: trusted bounds %a %a, not finite\n", what, k->name, j, bn,
                   bc);
            failures++;
            continue;
        }
        for (long i = 0; i < n; i++) {
            double xi = o->x[i + j * n];
            if (!isfinite(xi))
                continue;
            mpq_set_d(xq, xi);
            mpq_sub(err, xs[i + j * n], xq);
            mpq_abs(err, err);
            if (tn == 1.0 && !holds(err, bn, xmax)) {
                printf("FAIL %s %s col %ld: normwise bound %a does not hold at x[%ld] = %a "
                       "(x* ~ %a, max |X| %a)\n",
                       what, k->name, j, bn, i, xi, mpq_get_d(xs[i + j * n]), xmax);
                failures++;
            }
            if (tc == 1.0 && !holds(err, bc, fabs(xi))) {
                printf("FAIL %s %s col %ld: componentwise bound %a does not hold at x[%ld] = "
                       "%a (x* ~ %a)\n",
                       what, k->name, j, bc, i, xi, mpq_get_d(xs[i + j * n]));
                failures++;
            }
            if (mpq_sgn(xs[i + j * n]) == 0 && xi == 0.0 && signbit(xi)) {
                printf("FAIL %s %s col %ld: x*[%ld] = 0, X = -0\n", what, k->name, j, i);
                failures++;
            }
        }
    }
    if (o->info != want_info && !(o->info >= 1 && o->info <= n)) {
        printf("FAIL %s %s: INFO %d, the first column without a trusted bound says %d\n", what,
               k->name, o->info, want_info);
        failures++;
    }
    mpq_clears(err, xq, (mpq_ptr)0);
}

/* EXDGESVXX (spd: EXDPOSVXX, lower) on op(A) x = b: PROVEN only where X =
 * RN(x*), BOUND holds. */
static void check_engine(const char *what, long n, long nrhs, const double *a, int trans, int spd,
                         const double *b, const mpq_t *xs)
{
    double at[NMAX * NMAX], x[NMAX * RMAX], bound[NMAX * RMAX];
    fint pv[NMAX * RMAX], info, ni = (fint)n, nr = (fint)nrhs;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            at[i + j * n] = trans ? a[j + i * n] : a[i + j * n];
    if (spd)
        exdposvxx_("L", &ni, &nr, at, &ni, b, &ni, x, &ni, pv, bound, &info, 1);
    else
        exdgesvxx_(&ni, &nr, at, &ni, b, &ni, x, &ni, pv, bound, &info);
    if (info >= 1 && info <= n)
        return;
    dump_x(what, spd ? "EXDPOSVXX" : "EXDGESVXX", n, nrhs, x, n, xs, pv);
    mpq_t err, xq;
    mpq_inits(err, xq, (mpq_ptr)0);
    for (long q = 0; q < n * nrhs; q++) {
        double want = round_q(xs[q]);
        comps++;
        proven_comps += pv[q] != 0;
        if (pv[q] && memcmp(&want, &x[q], sizeof want) != 0) {
            printf("FAIL %s EXD%sSVXX: x[%ld] = %a proven, RN(x*) = %a\n", what, spd ? "PO" : "GE",
                   q, x[q], want);
            failures++;
        }
        if (isfinite(x[q]) && isfinite(bound[q])) {
            mpq_set_d(xq, x[q]);
            mpq_sub(err, xs[q], xq);
            mpq_abs(err, err);
            if (!holds(err, bound[q], 1.0)) {
                printf("FAIL %s EXD%sSVXX: BOUND %a at x[%ld] does not hold\n", what,
                       spd ? "PO" : "GE", bound[q], q);
                failures++;
            }
        } else if (pv[q] && isfinite(x[q])) {
            printf("FAIL %s: proven with an infinite bound\n", what);
            failures++;
        }
    }
    mpq_clears(err, xq, (mpq_ptr)0);
}

/* ---- the floating-point environment --------------------------------------- */

#ifdef HAVE_MXCSR
/* The caller's environments: rounding (bits 13-14), FTZ (15), DAZ (6),
 * with some status flags already raised. */
static const unsigned int caller_mxcsr[] = {0x1F80,          0x1F80 | 0x2000,
                                            0x1F80 | 0x4000, 0x1F80 | 0x6000,
                                            0x1F80 | 0x8040, 0x1F80 | 0x6000 | 0x8040 | 0x21};
#define CALLER_ENVS (sizeof caller_mxcsr / sizeof caller_mxcsr[0])
#else
#define CALLER_ENVS 0
#endif

/* The call again in each caller's environment: the same bytes, and the
 * caller's MXCSR as it was.  The bounds and RCOND come from an inverse R
 * whose path (binary32, binary64, exact; the residue engine's first
 * calls) may differ between two calls in the same environment: where the
 * bytes differ, the call is repeated in the default environment, and any
 * repetition with the same bytes will do. */
static void check_env(const char *what, const call *k, const outputs *ref)
{
#ifdef HAVE_MXCSR
    static outputs o, again;
    for (size_t e = 0; e < CALLER_ENVS; e++) {
        unsigned int saved = _mm_getcsr();
        _mm_setcsr(caller_mxcsr[e]);
        run_call(k, &o);
        unsigned int after = _mm_getcsr();
        _mm_setcsr(saved);
        if (after != caller_mxcsr[e]) {
            printf("FAIL %s %s: MXCSR %#x before the call, %#x after\n", what, k->name,
                   caller_mxcsr[e], after);
            failures++;
        }
        int same = memcmp(&o, ref, sizeof o) == 0;
        for (int t = 0; t < 2 && !same; t++) {
            run_call(k, &again);
            same = memcmp(&o, &again, sizeof o) == 0;
        }
        if (!same) {
            long q = 0;
            while (((const unsigned char *)&o)[q] == ((const unsigned char *)ref)[q])
                q++;
            printf("FAIL %s %s: MXCSR %#x changes the outputs (byte %ld of %zu differs)\n", what,
                   k->name, caller_mxcsr[e], q, sizeof o);
            failures++;
        }
    }
#else
    (void)what, (void)k, (void)ref;
#endif
}

/* ---- one system through every driver ---------------------------------------- */

/* A general system (spd 'L' or 'U': symmetric positive definite, full
 * storage, DPOSVXX called with that UPLO):
 * DGESVXX FACT 'N' and 'E' with TRANS 'N' and 'T', FACT 'F' and DGERFSX on
 * the equilibrated call's factors; DPOSVXX 'N', 'E', 'F' and DPORFSX for
 * spd; EXDGESVXX / EXDPOSVXX on the original system; the environments
 * where `env`. */
static void run_system(const char *what, long n, long nrhs, const double *a, const double *b,
                       int spd, int env)
{
    static outputs o, oe;
    mpq_t *xs = malloc((size_t)n * nrhs * sizeof *xs);
    for (long q = 0; q < n * nrhs; q++)
        mpq_init(xs[q]);
    for (int trans = 0; trans <= 1; trans++) {
        if (exact(n, nrhs, a, trans, b, n, NULL, NULL, xs) != 0)
            goto out; /* singular: not a test of the bounds */
        check_engine(what, n, nrhs, a, trans, 0, b, xs);
        char t = trans ? 'T' : 'N';
        for (int f = 0; f < 2; f++) {
            call k = {"DGESVXX", f ? 'E' : 'N', t, 'N', 'N', n, nrhs, a, b, NULL, NULL, NULL, NULL};
            run_call(&k, f ? &oe : &o);
            const outputs *p = f ? &oe : &o;
            if (p->info >= 1 && p->info <= n) {
                printf("FAIL %s DGESVXX FACT %c TRANS %c: INFO %d on a nonsingular system\n", what,
                       k.fact, t, p->info);
                failures++;
                continue;
            }
            check_bounds(what, &k, p, xs);
            if (env)
                check_env(what, &k, p);
        }
        if (oe.info >= 1 && oe.info <= n)
            continue;
        /* FACT 'F' and DGERFSX on the equilibrated call's A, factors and scalings */
        int rowequ = oe.equed == 'R' || oe.equed == 'B',
            colequ = oe.equed == 'C' || oe.equed == 'B';
        const double *s1 = trans ? (colequ ? oe.c : NULL) : (rowequ ? oe.r : NULL);
        const double *s2 = trans ? (rowequ ? oe.r : NULL) : (colequ ? oe.c : NULL);
        static double aeq[NMAX * NMAX], beq[NMAX * RMAX];
        memcpy(aeq, oe.a, (size_t)(n * n) * sizeof *aeq);
        memcpy(beq, oe.b, (size_t)(n * nrhs) * sizeof *beq);
        int singular = exact(n, nrhs, aeq, trans, b, n, s1, s2, xs);
        if (singular == 2) {
            printf("FAIL %s DGESVXX FACT E: A, R or C not finite after the equilibration\n", what);
            failures++;
        }
        if (singular)
            goto out;
        call kf = {"DGESVXX", 'F', t, 'N', oe.equed, n, nrhs, aeq, b, oe.af, oe.r, oe.c, oe.ipiv};
        run_call(&kf, &o);
        check_bounds(what, &kf, &o, xs);
        if (env)
            check_env(what, &kf, &o);
        if (exact(n, nrhs, aeq, trans, beq, n, NULL, NULL, xs) != 0)
            goto out;
        call kr = {"DGERFSX", 'F', t, 'N', oe.equed, n, nrhs, aeq, beq, oe.af, oe.r, oe.c, oe.ipiv};
        run_call(&kr, &o);
        check_bounds(what, &kr, &o, xs);
        if (env)
            check_env(what, &kr, &o);
    }
    if (spd) {
        if (exact(n, nrhs, a, 0, b, n, NULL, NULL, xs) != 0)
            goto out;
        check_engine(what, n, nrhs, a, 0, 1, b, xs);
        char uplo = spd == 'U' ? 'U' : 'L';
        for (int f = 0; f < 2; f++) {
            call k = {"DPOSVXX", f ? 'E' : 'N', 'N',  uplo, 'N', n, nrhs, a,
                      b,         NULL,          NULL, NULL, NULL};
            run_call(&k, f ? &oe : &o);
            const outputs *p = f ? &oe : &o;
            if (p->info >= 1 && p->info <= n)
                goto out; /* Cholesky rejects it: not positive definite in binary64 */
            check_bounds(what, &k, p, xs);
            if (env)
                check_env(what, &k, p);
        }
        /* FACT 'F' and DPORFSX on the equilibrated call's triangle, factor
         * and S; the oracle's matrix mirrored from that triangle */
        const double *sc = oe.equed == 'Y' ? oe.r : NULL;
        static double aeq[NMAX * NMAX], beq[NMAX * RMAX], full[NMAX * NMAX];
        memcpy(aeq, oe.a, (size_t)(n * n) * sizeof *aeq);
        memcpy(beq, oe.b, (size_t)(n * nrhs) * sizeof *beq);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                full[i + j * n] = (uplo == 'L') == (i >= j) ? aeq[i + j * n] : aeq[j + i * n];
        if (exact(n, nrhs, full, 0, b, n, sc, sc, xs) != 0)
            goto out;
        call kf = {"DPOSVXX", 'F', 'N', uplo, oe.equed, n, nrhs, aeq, b, oe.af, oe.r, NULL, NULL};
        run_call(&kf, &o);
        check_bounds(what, &kf, &o, xs);
        if (env)
            check_env(what, &kf, &o);
        if (exact(n, nrhs, full, 0, beq, n, NULL, NULL, xs) != 0)
            goto out;
        call kr = {"DPORFSX", 'F', 'N', uplo, oe.equed, n, nrhs, aeq, beq, oe.af, oe.r, NULL, NULL};
        run_call(&kr, &o);
        check_bounds(what, &kr, &o, xs);
        if (env)
            check_env(what, &kr, &o);
    }
out:
    for (long q = 0; q < n * nrhs; q++)
        mpq_clear(xs[q]);
    free(xs);
}

/* ---- the fixed cases ------------------------------------------------------------ */

/* FACT 'F' with the caller's EQUED, R and C (any positive doubles): x* =
 * diag(C) A^-1 diag(R) b (TRANS 'N'), diag(R) A^-T diag(C) b ('T'), on
 * the factors of DGESVXX FACT 'N'; spd: DPOSVXX with S = r. */
static void fact_f(const char *what, long n, long nrhs, const double *a, const double *b,
                   char equed, const double *r, const double *c, int spd)
{
    static outputs of, o;
    mpq_t *xs = malloc((size_t)n * nrhs * sizeof *xs);
    for (long q = 0; q < n * nrhs; q++)
        mpq_init(xs[q]);
    int rowequ = equed == 'R' || equed == 'B' || equed == 'Y';
    int colequ = equed == 'C' || equed == 'B' || equed == 'Y';
    for (int trans = 0; trans <= !spd; trans++) {
        call kn = {
            spd ? "DPOSVXX" : "DGESVXX", 'N', 'N', 'L', 'N', n, nrhs, a, b, NULL, NULL, NULL, NULL};
        run_call(&kn, &of);
        const double *s1 = trans ? (colequ ? c : NULL) : (rowequ ? r : NULL);
        const double *s2 = trans ? (rowequ ? r : NULL) : (colequ ? c : NULL);
        if (exact(n, nrhs, a, trans, b, n, s1, s2, xs) != 0 || (of.info >= 1 && of.info <= n))
            break;
        call k = {kn.name, 'F', trans ? 'T' : 'N', 'L', equed, n, nrhs, a, b, of.af, r, c, of.ipiv};
        run_call(&k, &o);
        check_bounds(what, &k, &o, xs);
        check_env(what, &k, &o);
    }
    for (long q = 0; q < n * nrhs; q++)
        mpq_clear(xs[q]);
    free(xs);
}

/* EXDGESVXX (spd: EXDPOSVXX, 'L') on A x = b: INFO, and whether X and
 * BOUND are finite. */
static int engine_info(long n, const double *a, const double *b, int spd, int *finite)
{
    double x[NMAX], bound[NMAX];
    fint pv[NMAX], info, ni = (fint)n, one = 1;
    if (spd)
        exdposvxx_("L", &ni, &one, a, &ni, b, &ni, x, &ni, pv, bound, &info, 1);
    else
        exdgesvxx_(&ni, &one, a, &ni, b, &ni, x, &ni, pv, bound, &info);
    *finite = 1;
    for (long i = 0; i < n; i++)
        *finite &= isfinite(x[i]) && isfinite(bound[i]);
    return info;
}

static void fixed_cases(void)
{
    /* item 5: FACT 'N', error 2^-1174 on DBL_MAX: error / |x| underflows */
    double a1[4] = {1, 0, 0x1p-100, 1}, b1[2] = {DBL_MAX, -0x1p-1074};
    run_system("5a (bound / |x| underflows)", 2, 1, a1, b1, 0, 1);
    /* item 5: TRANS 'T', FACT 'E': X = 2^-1100 scaled back to 0 */
    double a2[4] = {0x1p1000, 0, 0, 1}, b2[2] = {0x1p-100, 1};
    run_system("5b (X scaled back underflows)", 2, 1, a2, b2, 0, 1);
    /* item 5: FACT 'E': X times the column scale overflows */
    double a3[4] = {1, 1, 0x1p-600, 0x1p-500}, b3[2] = {0, 0x1p600};
    run_system("5c (X scaled back overflows)", 2, 1, a3, b3, 0, 1);
    /* item 5: FACT 'E': R b loses a subnormal bit, amplified by C A^-1 */
    double a4[4] = {0x1p-1000, 0x1p-400, 1, 0x1p600 * (1 - 0x1p-30)};
    double b4[2] = {0x1p-1074, 0x1.8p-475};
    run_system("5d (R b loses a subnormal bit)", 2, 1, a4, b4, 0, 1);
    /* FACT 'E': R A would lose A(1,2) = 3 2^-1074 entirely (x1 = -2^-673,
     * not 2^-674) */
    double a5[4] = {0x1p600, 0, 0x3p-1074, 0x1p-1000}, b5[2] = {0x1p-74, 1};
    run_system("5e (R A loses an entry)", 2, 1, a5, b5, 0, 1);
    /* its transpose, rows 2^600 and 2^-1000: proven with the residue
     * engine's enclosure as with EXDGEMM's (C tightened before giving up) */
    double a5t[4] = {0x1p600, 0x3p-1074, 0, 0x1p-1000};
    int finite, info = engine_info(2, a5t, b5, 0, &finite);
    if (info != 0) {
        printf("FAIL 5e (R A loses an entry) transposed: EXDGESVXX INFO %d, not every component "
               "proven\n",
               info);
        failures++;
    }
    /* FACT 'F': the caller's R and C not powers of two, A ill-conditioned */
    double a6[9] = {1, 1, 1, 1, 1 + 0x1p-20, 1, 1, 1, 1 + 0x1p-21};
    double b6[6] = {1, 2, 3, 0.1, -0.2, 0.3}, r6[3] = {0.1, 3, 7}, c6[3] = {1.0 / 3, 5, 0.7};
    fact_f("5f (FACT 'F', R and C not powers of two)", 3, 2, a6, b6, 'B', r6, c6, 0);
    double s6[9] = {4, 1, 1, 1, 1 + 0x1p-20, 1, 1, 1, 1 + 0x1p-21}, w6[3] = {0.1, 3, 7};
    fact_f("5f (DPOSVXX FACT 'F', S not powers of two)", 3, 2, s6, b6, 'Y', w6, w6, 1);
    /* item 6: rows scaled by 2^+-100, Skeel cond about 2.6: every
     * component proven with the residue engine as without it */
    double a7[4] = {0x1p100, 0x1p-100, 0x1p99, -0x1p-100}, b7[2] = {0x1p100, 0x1p-100};
    run_system("6a (rows scaled by 2^+-100)", 2, 1, a7, b7, 0, 1);
    info = engine_info(2, a7, b7, 0, &finite);
    if (info != 0) {
        printf("FAIL 6a (rows scaled by 2^+-100): EXDGESVXX INFO %d, not every component proven\n",
               info);
        failures++;
    }
    /* item 6: a scaled SPD Pascal matrix D P D, D = diag(2^(250 - 57 i)),
     * b = 1: entries 2^500 .. 2^-510, x* up to 2e158; scaled to A's
     * largest entry the solution overflows (X was NaN, INFO N+2).
     * DGESVXX with FACT 'E' proves every component: so must EXDGESVXX
     * and EXDPOSVXX (the engine's own equilibration) */
    enum { NP = 10 };
    double p[NP * NP], bp[NP];
    for (long j = 0; j < NP; j++)
        for (long i = 0; i < NP; i++) {
            double v = 1.0; /* C(i + j, i) */
            for (long t = 1; t <= i; t++)
                v = v * (double)(j + t) / (double)t;
            p[i + j * NP] = ldexp(v, 500 - 57 * (int)(i + j));
        }
    for (long i = 0; i < NP; i++)
        bp[i] = 1.0;
    run_system("6b (scaled SPD Pascal)", NP, 1, p, bp, 'U', 1);
    for (int spd = 0; spd <= 1; spd++) {
        info = engine_info(NP, p, bp, spd, &finite);
        if (info != 0 || !finite) {
            printf("FAIL 6b (scaled SPD Pascal): EXD%sSVXX INFO %d, not every component proven\n",
                   spd ? "PO" : "GE", info);
            failures++;
        }
    }
}

/* ---- random systems ------------------------------------------------------------ */

/* n x n with rows and columns times 2^(random in -spread..spread). */
static void dense(long n, int spread, double *a)
{
    int er[NMAX], ec[NMAX];
    for (long i = 0; i < n; i++) {
        er[i] = (int)rng_int(-spread, spread);
        ec[i] = (int)rng_int(-spread, spread);
    }
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++)
            a[i + j * n] = rng_value(er[i] + ec[j] - (int)rng_int(0, 4));
}

static void rhs(long n, long nrhs, int lo, int hi, double *b)
{
    for (long q = 0; q < n * nrhs; q++)
        b[q] = rng_int(0, 15) == 0 ? 0.0 : rng_value((int)rng_int(lo, hi));
}

static long pick_n(void)
{
    long u = rng_int(0, 99);
    return u < 60 ? rng_int(1, 6) : u < 90 ? rng_int(7, 16) : rng_int(17, NMAX);
}

static void random_systems(long count, long only)
{
    static double a[NMAX * NMAX], b[NMAX * RMAX], l[NMAX * NMAX];
    static const int spreads[] = {0, 20, 100, 300, 600, 1000};
    for (long s = 0; s < count; s++) {
        char what[64];
        long n = pick_n(), nrhs = rng_int(1, RMAX);
        int env = s % 8 == 0;
        /* dense, badly scaled, B anywhere in the range (subnormal included) */
        int sp = spreads[rng_int(0, 5)];
        dense(n, sp / 2, a);
        int lo = (int)rng_int(-1074, 0), hi = (int)rng_int(lo, 1023);
        rhs(n, nrhs, lo, hi, b);
        snprintf(what, sizeof what, "dense %ld (n %ld, spread %d)", s, n, sp);
        if (only < 0 || only == s)
            run_system(what, n, nrhs, a, b, 0, env);
        /* ill-conditioned: L U with large multipliers, rows and columns scaled */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++) {
                l[i + j * n] = i == j ? 1.0 : (i > j ? rng_value((int)rng_int(-2, 3)) : 0.0);
                a[i + j * n] = i <= j ? rng_value((int)rng_int(-2, 3)) : 0.0;
            }
        static double m[NMAX * NMAX];
        int er[NMAX];
        for (long i = 0; i < n; i++)
            er[i] = (int)rng_int(-sp / 4, sp / 4);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++) {
                double t = 0.0;
                for (long k = 0; k <= (i < j ? i : j); k++)
                    t += l[i + k * n] * a[k + j * n];
                m[i + j * n] = ldexp(t, er[i]);
            }
        rhs(n, nrhs, -60, 60, b);
        snprintf(what, sizeof what, "lu %ld (n %ld)", s, n);
        if (only < 0 || only == s)
            run_system(what, n, nrhs, m, b, 0, env);
        /* SPD: D (M^T M + I) D, D = diag(2^e) */
        for (long q = 0; q < n * n; q++)
            l[q] = rng_value((int)rng_int(-3, 0));
        int ed[NMAX];
        for (long i = 0; i < n; i++)
            ed[i] = (int)rng_int(-sp / 4, sp / 4);
        for (long j = 0; j < n; j++)
            for (long i = 0; i <= j; i++) {
                double t = i == j ? 1.0 : 0.0;
                for (long k = 0; k < n; k++)
                    t += l[k + i * n] * l[k + j * n];
                a[i + j * n] = a[j + i * n] = ldexp(t, ed[i] + ed[j]);
            }
        rhs(n, nrhs, -40 - sp / 2, 40 + sp / 2, b);
        snprintf(what, sizeof what, "spd %ld (n %ld)", s, n);
        char uplo = rng_u64() & 1 ? 'U' : 'L';
        if (only < 0 || only == s)
            run_system(what, n, nrhs, a, b, uplo, env);
        /* small integers, exact solutions with zeros: b = A x */
        for (long q = 0; q < n * n; q++)
            a[q] = (double)rng_int(-4, 4);
        for (long i = 0; i < n; i++)
            a[i + i * n] += 9.0 * (double)n;
        for (long j = 0; j < nrhs; j++) {
            long x[NMAX];
            for (long i = 0; i < n; i++)
                x[i] = rng_int(0, 2) == 0 ? 0 : rng_int(-9, 9);
            for (long i = 0; i < n; i++) {
                double t = 0.0;
                for (long k = 0; k < n; k++)
                    t += a[i + k * n] * (double)x[k];
                b[i + j * n] = t;
            }
        }
        snprintf(what, sizeof what, "integer %ld (n %ld)", s, n);
        if (only < 0 || only == s)
            run_system(what, n, nrhs, a, b, 0, env);
    }
}

int main(int argc, char **argv)
{
    /* OpenBLAS's threaded inverse can differ from run to run, and with it
     * the bounds (not X): the environments' byte comparisons need one
     * thread there */
    if (!getenv("OPENBLAS_NUM_THREADS")) {
        setenv("OPENBLAS_NUM_THREADS", "1", 1);
        execv("/proc/self/exe", argv);
    }
    long count = argc > 1 ? atol(argv[1]) : 120;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 37;
    verbose = getenv("XX_VERBOSE") != NULL;
    dump = getenv("XX_DUMP") ? fopen(getenv("XX_DUMP"), "w") : NULL;
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    fixed_cases();
    long fixed_failures = failures;
    printf("fixed cases: %s\n", fixed_failures ? "FAILED" : "passed");
    random_systems(count, getenv("XX_ONLY") ? atol(getenv("XX_ONLY")) : -1);
    printf("calls %ld, columns %ld, trusted normwise %ld, componentwise %ld; EXDGESVXX / "
           "EXDPOSVXX components %ld, proven %ld\n",
           calls, columns, trusted_norm, trusted_comp, comps, proven_comps);
    printf("%s: %ld failure%s\n", failures ? "FAILED" : "PASSED", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}

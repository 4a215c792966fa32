/*
 * refine.c -- steps 3 to 6 of the proven solve (doc/CONTRACT.md, "Linear
 * systems"): the iterate x~ as an expansion of TERMS doubles per
 * component, the exact residuals (long accumulators per row), the
 * enclosure |x* - x~| <= e from R and alpha (inverse.c), the
 * per-component proof RN(x~ - e) = RN(x~ + e), the corrections from the
 * factors' plain solve (factor.c), snapping at the end, and X, PROVEN and
 * BOUND rounded once from the scalings' exact products.  The local
 * invariant: every quantity that decides a component is rounded exactly
 * from the expansion in a long accumulator, and every bound is raised by
 * `up` (solve.h) after the one rounding that made it.
 */
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gemv.h"
#include "core/superacc.h"
#include "solve.h"
#include "support/knobs.h"

#define TERMS 4        /* the expansion's length (about 212 bits) */
#define NOISE 0x1p-190 /* relative size below which a term is the corrections' noise */

/* t (TERMS blocks of n x nrhs, block stride `bs`) := the first TERMS
 * roundings of t + d, exactly: t0 = RN(sum), t1 = RN(sum - t0), ... */
static void renormalise(double *t, long bs, const double *d, long count, exb_superacc *acc)
{
    for (long e = 0; e < count; e++) {
        exb_superacc_reset(acc);
        for (int k = 0; k < TERMS; k++)
            exb_superacc_add_double(acc, t[e + k * bs]);
        exb_superacc_add_double(acc, d[e]);
        for (int k = 0; k < TERMS; k++) {
            double v = exb_superacc_round(acc);
            if (!isfinite(v)) { /* overflow or NaN: the value, no tail */
                t[e] = v;
                for (int q = 1; q < TERMS; q++)
                    t[e + q * bs] = 0.0;
                break;
            }
            t[e + k * bs] = v;
            exb_superacc_add_double(acc, -v);
        }
    }
}

/* acc += v 2^sh exactly (|sh| <= 1000: inside the accumulator's range). */
static void add_shifted(exb_superacc *acc, double v, int sh)
{
    if (sh == 0 || v == 0.0 || !isfinite(v)) {
        exb_superacc_add_double(acc, v);
        return;
    }
    int e;
    double f = frexp(fabs(v), &e);
    exb_superacc_add_scaled_u64(acc, (uint64_t)ldexp(f, 53), e - 53 + sh, v < 0.0);
}

/* A component's scale factor from the scaled system's y* to x*: m 2^e (m odd,
 * below 2^53), xscale_i 2^shift_j. */
typedef struct scale_factor {
    uint64_t m;
    int e;
} scale_factor;

static scale_factor scale_factor_of(const exb_solver *s, long i, long j)
{
    scale_factor f = {1, s->shift[j]};
    if (s->xscale) { /* > 0 and finite (the callers' check) */
        int e;
        uint64_t m = (uint64_t)ldexp(frexp(s->xscale[i], &e), 53);
        int tz = __builtin_ctzll(m);
        f.m = m >> tz;
        f.e += e - 53 + tz;
    }
    return f;
}

/* acc += v f exactly; 0 where bits of the product lie below the
 * accumulator's least significant digit (they are dropped: below 2^-2000,
 * they move no rounding but a tie's). */
static int add_scaled(exb_superacc *acc, double v, scale_factor f)
{
    if (f.m == 1 && f.e >= -1000 && f.e <= 1000) { /* every bit inside */
        add_shifted(acc, v, f.e);
        return 1;
    }
    if (v == 0.0 || !isfinite(v)) { /* f > 0: v's sign, v's special */
        exb_superacc_add_double(acc, v);
        return 1;
    }
    int e;
    unsigned __int128 p = (unsigned __int128)(uint64_t)ldexp(frexp(fabs(v), &e), 53) * f.m;
    int lsb = e - 53 + f.e, exact = 1;
    if (lsb < EXB_ACC_LSB) {
        int drop = EXB_ACC_LSB - lsb;
        unsigned __int128 low = drop >= 128 ? p : p & (((unsigned __int128)1 << drop) - 1);
        exact = low == 0;
        p = drop >= 128 ? 0 : p >> drop;
        lsb = EXB_ACC_LSB;
    }
    if ((uint64_t)p)
        exb_superacc_add_scaled_u64(acc, (uint64_t)p, lsb, v < 0.0);
    if ((uint64_t)(p >> 64))
        exb_superacc_add_scaled_u64(acc, (uint64_t)(p >> 64), lsb + 64, v < 0.0);
    return exact;
}

/* RN(f (t0 + t1 + t2 + t3 + w)) exactly; *exact = 0 where a product's bits
 * were dropped (add_scaled). */
static double round_with(const double *t, long bs, long e, double w, scale_factor f,
                         exb_superacc *acc, int *exact)
{
    int ok = 1;
    exb_superacc_reset(acc);
    for (int k = 0; k < TERMS; k++)
        ok &= add_scaled(acc, t[e + k * bs], f);
    ok &= add_scaled(acc, w, f);
    if (exact)
        *exact = ok;
    return exb_superacc_round(acc);
}

/* An upper bound of v 2^sh for v >= 0 (the smallest subnormal where the
 * product underflows to zero). */
static double shifted_up(double v, int sh)
{
    double y = ldexp(v, sh);
    return v > 0.0 && y == 0.0 ? 0x1p-1074 : up(y);
}

/* An upper bound of v f for v >= 0. */
static double scaled_up(double v, scale_factor f)
{
    return shifted_up(f.m == 1 ? v : up(v * (double)f.m), f.e);
}

/* y := RN(alpha M v + beta y) exactly rounded, M n x k, v k x nrhs (ld k),
 * y n x nrhs (ld n): EXDGEMV per column for a few right-hand sides. */
static void product(const exb_solver *s, long n, long k, double alpha, const double *m,
                    const double *v, double beta, double *y)
{
    if (s->nrhs < 8) {
        for (long j = 0; j < s->nrhs; j++)
            exb_dgemv_checked(s->name, 'N', n, k, alpha, m, n, v + j * k, 1, beta, y + j * n, 1);
        return;
    }
    exb_dgemm_checked(s->name, 'N', 'N', n, s->nrhs, k, alpha, m, n, v, k, beta, y, n);
}

/* r := RN(b - A x~) exactly rounded (step 3): per column, b into a
 * long accumulator per row, then one exact product A (-t_k) merged into
 * them for each term block that is not all zero (each pass over data of
 * one magnitude), then one rounding.  The residual cancels almost
 * completely, which the floating-point filter cannot decide: the exact
 * kernels alone (acc_out). */
static void residual(const exb_solver *s, const double *t, long bs, double *neg,
                     exb_superacc **accs, const double *b, long ldb, double *r, int *zero_cols)
{
    long n = s->n;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    for (long j = 0; j < s->nrhs; j++) {
        for (long i = 0; i < n; i++) {
            exb_superacc_reset(accs[i]);
            if (s->bscale)
                exb_superacc_add_product(accs[i], s->bscale[i], b[i + j * ldb]);
            else
                exb_superacc_add_double(accs[i], b[i + j * ldb]);
        }
        for (int k = 0; k < TERMS; k++) {
            int any = 0;
            for (long i = 0; i < n; i++) {
                neg[i] = -t[i + j * n + k * bs];
                any |= neg[i] != 0.0;
            }
            if (!any)
                continue;
            exb_gemv_args g = {0, n, n, 1.0, s->af, n, neg, 1, 0.0, NULL, 1, accs};
            exb_host_gemv(&g, &knobs);
        }
        int zero = 1;
        for (long i = 0; i < n; i++) {
            zero &= exb_superacc_is_zero(accs[i]);
            r[i + j * n] = exb_superacc_round(accs[i]);
        }
        zero_cols[j] = zero; /* exactly: x~ solves this column */
    }
}

/* Snapping (step 5): candidates for an exact solution that the rounded
 * corrections only approach (small integers, ties c + ulp/2, zeros): x~
 * without the terms below NOISE of their component, then x~ cut to its
 * first 3, 2, 1 terms, each with the components below NOISE of the
 * column's largest set to zero.  Where a candidate's exact residual vanishes it is the exact
 * solution (A is nonsingular when alpha < 1): it replaces x~ in that
 * column, whose components are all proven with e = 0. */
static void snap(const exb_solver *s, const double *b, long ldb, double *t, long bs, double *neg,
                 exb_superacc **accs, double *r, double *e, int *done, exb_superacc *acc)
{
    long n = s->n, nrhs = s->nrhs, nn = n * nrhs;
    double *y = malloc((size_t)TERMS * nn * sizeof *y), *zero = calloc((size_t)nn, sizeof *zero);
    int *zc = malloc((size_t)nrhs * sizeof *zc);
    for (int keep = TERMS; y && zero && zc && keep >= 1; keep--) {
        memcpy(y, t, (size_t)TERMS * nn * sizeof *y);
        for (long j = 0; j < nrhs; j++) {
            double top = 0.0;
            for (long i = 0; i < n; i++)
                top = fabs(t[i + j * n]) > top ? fabs(t[i + j * n]) : top;
            for (long i = 0; i < n; i++) {
                long q = i + j * n;
                double xi = fabs(t[q]);
                for (int k = 0; k < TERMS; k++)
                    if (xi < top * NOISE || k >= keep ||
                        (keep == TERMS && fabs(y[q + k * bs]) < xi * NOISE))
                        y[q + k * bs] = 0.0;
            }
        }
        renormalise(y, bs, zero, nn, acc); /* y0 = RN(y) again */
        residual(s, y, bs, neg, accs, b, ldb, r, zc);
        int all = 1;
        for (long j = 0; j < nrhs; j++) {
            int col_done = 1;
            for (long i = 0; i < n; i++)
                col_done &= done[i + j * n];
            if (!zc[j] || col_done) {
                all &= col_done;
                continue;
            }
            for (long i = 0; i < n; i++) {
                long q = i + j * n;
                for (int k = 0; k < TERMS; k++)
                    t[q + k * bs] = y[q + k * bs];
                e[q] = 0.0;
                done[q] = 1;
            }
        }
        if (all)
            break;
    }
    free(y), free(zero), free(zc);
}

/* The enclosure |x* - x~| <= e of every column (step 4; r = RN(b - A x~),
 * d = RN(R r)) and done[q] where it decides RN(x*) (step 5); returns the
 * components left undecided. */
static long enclose(const exb_solver *s, const int *zero_cols, const double *t, long bs,
                    const double *r, const double *d, double *e, int *done, exb_superacc *acc)
{
    long n = s->n, open = 0;
    double den = (1.0 - s->alpha) * (1.0 - 0x1p-50); /* <= 1 - alpha */
    for (long j = 0; j < s->nrhs; j++) {
        double rmax = 0.0, zmax = 0.0;
        for (long i = 0; i < n; i++) { /* |r_exact - r| <= 2^-53 |r| + 2^-1075 */
            double ri = up(up(fabs(r[i + j * n]) * 0x1p-53) + 0x1p-1074);
            if (!(ri <= rmax))
                rmax = ri;
        }
        for (long i = 0; i < n; i++) { /* z >= |R r_exact|; zmax >= ||D^-1 z|| */
            double z = up(up(fabs(d[i + j * n])) + up(s->rrow[i] * rmax));
            e[i + j * n] = z;
            double zw = s->weighted ? up(z / s->w[i]) : z;
            if (!(zw <= zmax))
                zmax = zw;
        }
        double eta = up(zmax / den); /* >= ||D^-1 (x* - x~)||_inf */
        const double *crow = s->weighted ? s->crow_w : s->crow;
        int exact = zero_cols[j];
        for (long i = 0; i < n; i++) {
            long q = i + j * n;
            double ei = exact ? 0.0 : up(e[q] + up(crow[i] * eta));
            e[q] = ei;
            /* the same bits at both ends: a zero's sign decided too */
            scale_factor f = scale_factor_of(s, i, j);
            int lo_exact, hi_exact;
            double lo = round_with(t, bs, q, -ei, f, acc, &lo_exact);
            double hi = round_with(t, bs, q, ei, f, acc, &hi_exact);
            done[q] = isfinite(ei) && isfinite(t[q]) && lo_exact && hi_exact &&
                      memcmp(&lo, &hi, sizeof lo) == 0;
            open += !done[q];
        }
    }
    return open;
}

/* Solves with the factored solver s (steps 3 to 6; c: C from inverse.c,
 * x0: the factors' plain solution): X, PROVEN, BOUND, and y := RN(y~) (the
 * scaled system's solution, n x nrhs); returns INFO (0, N+1, N+2 or
 * N+3). */
long exb_solve_refine_and_prove(exb_solver *s, double *c, const double *b, long ldb,
                                const double *x0, double *x, long ldx, int *proven, double *bound,
                                long ldp, double *y)
{
    long n = s->n, nrhs = s->nrhs, nn = n * nrhs, bs = nn;
    double *t = malloc((size_t)TERMS * nn * sizeof *t);
    double *rb = malloc(3 * (size_t)nn * sizeof *rb);
    double *stack = malloc((size_t)n * sizeof *stack);
    exb_superacc **accs = calloc((size_t)n, sizeof *accs);
    exb_superacc *accbuf = malloc((size_t)n * sizeof *accbuf);
    double *prev = malloc((size_t)nrhs * sizeof *prev);
    int *done = malloc((size_t)nn * sizeof *done);
    int *zero_cols = malloc((size_t)nrhs * sizeof *zero_cols);
    exb_superacc *acc = malloc(sizeof *acc);
    if (!t || !rb || !stack || !accs || !accbuf || !prev || !done || !zero_cols || !acc) {
        free(zero_cols);
        free(t), free(rb), free(stack), free(accs), free(accbuf), free(prev), free(done), free(acc);
        return n + 3;
    }
    double *r = rb, *d = rb + nn, *e = rb + 2 * nn;
    exb_superacc_clear(acc);
    for (long i = 0; i < n; i++) {
        accs[i] = accbuf + i;
        exb_superacc_clear(accs[i]);
    }
    /* the first solution */
    memset(t, 0, (size_t)TERMS * nn * sizeof *t);
    memcpy(t, x0, (size_t)nn * sizeof *t);
    int valid = s->alpha < 1.0;
    for (long q = 0; q < nn; q++) {
        done[q] = 0;
        e[q] = INFINITY;
    }
    for (long j = 0; j < nrhs; j++)
        prev[j] = INFINITY;
    for (int step = 0;; step++) {
        residual(s, t, bs, stack, accs, b, ldb, r, zero_cols);
        if (valid) {
            /* the enclosure of x~ and the components it decides */
            product(s, n, n, 1.0, s->r, r, 0.0, d);
            if (enclose(s, zero_cols, t, bs, r, d, e, done, acc) == 0)
                break; /* every component proven: X is unique */
        }
        if (step + 1 >= s->maxsteps)
            break;
        /* the correction: the factors' plain solve of r (the same bits
         * everywhere); stop when it no longer halves, or is below the
         * expansion's last term, in every column (step 6) */
        memcpy(d, r, (size_t)nn * sizeof *d);
        exb_solve_with_factors(s, d, nrhs);
        int go = 0;
        for (long j = 0; j < nrhs; j++) {
            double cn = 0.0, xn = 0.0;
            for (long i = 0; i < n; i++) {
                if (!isfinite(d[i + j * n])) /* the plain solve overflowed there: x~_i stays */
                    d[i + j * n] = 0.0;
                double ci = fabs(d[i + j * n]), xi = fabs(t[i + j * n]);
                cn = ci > cn ? ci : cn;
                xn = xi > xn ? xi : xn;
            }
            if (cn > 0.0 && cn > xn * 0x1p-220 && cn <= 0.5 * prev[j])
                go = 1;
            prev[j] = cn;
        }
        if (!go)
            break;
        for (long q = 0; q < nn; q++)
            d[q] = exb_canonical_nan(d[q]);
        renormalise(t, bs, d, nn, acc);
    }
    long open = 0;
    for (long q = 0; q < nn; q++)
        open += !done[q];
    double *e_old = valid && open ? malloc((size_t)nn * sizeof *e_old) : NULL;
    int *done_old = e_old ? malloc((size_t)nn * sizeof *done_old) : NULL;
    if (done_old && exb_solve_tighten(s, c)) {
        /* the last iterate enclosed again with C no looser than EXDGEMM's:
         * both enclosures hold, so the smaller e, and a component either
         * decides is decided */
        memcpy(e_old, e, (size_t)nn * sizeof *e);
        memcpy(done_old, done, (size_t)nn * sizeof *done);
        residual(s, t, bs, stack, accs, b, ldb, r, zero_cols);
        product(s, n, n, 1.0, s->r, r, 0.0, d);
        enclose(s, zero_cols, t, bs, r, d, e, done, acc);
        open = 0;
        for (long q = 0; q < nn; q++) {
            e[q] = e_old[q] < e[q] ? e_old[q] : e[q];
            done[q] |= done_old[q];
            open += !done[q];
        }
    }
    free(e_old), free(done_old);
    if (valid && open)
        snap(s, b, ldb, t, bs, stack, accs, r, e, done, acc);
    long info = 0;
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            long q = i + j * n;
            scale_factor f = scale_factor_of(s, i, j);
            /* X = RN(f x~) (proven: RN(f (x~ - e)), the same value with the
             * decided sign of a zero; else an exact zero is +0); the tail
             * |f x~ - X|, exactly zero or raised by `up` (which also covers
             * the bits below 2^-2000 add_scaled may drop) */
            int ok = valid && done[q], exact;
            double xi = ok ? round_with(t, bs, q, -e[q], f, acc, NULL)
                           : round_with(t, bs, q, 0.0, f, acc, NULL) + 0.0;
            x[i + j * ldx] = xi;
            round_with(t, bs, q, 0.0, f, acc, &exact);
            add_shifted(acc, -xi, 0);
            double tail =
                exb_superacc_is_zero(acc) && exact ? 0.0 : up(fabs(exb_superacc_round(acc)));
            proven[i + j * ldp] = ok;
            /* e = 0 with a zero tail: X is x* */
            double b_up = e[q] == 0.0 && tail == 0.0 ? 0.0 : up(tail + scaled_up(e[q], f));
            bound[i + j * ldp] = valid && isfinite(e[q]) && isfinite(xi) ? b_up : INFINITY;
            y[q] = t[q];
            if (!ok && !info)
                info = valid ? n + 1 : n + 2;
        }
    if (!valid)
        info = n + 2;
    free(t), free(rb), free(stack), free(accs), free(accbuf), free(prev), free(done), free(acc);
    free(zero_cols);
    return info;
}

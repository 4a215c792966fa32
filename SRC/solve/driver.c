/*
 * driver.c -- exb_xx_solve, the proven solve behind EXDGESVXX, EXDPOSVXX
 * and LAPACK's expert drivers (routines.h states the call): one attempt
 * is step 0's exact scalings, the factors (factor.c), R and alpha
 * (inverse.c), the refinement and the proof (refine.c) and the estimates
 * (expert.c); a second attempt, where the first left components unproven
 * and scaled the system or A is badly scaled, and per component the
 * better of the two (doc/CONTRACT.md, "Linear systems", step 0).  Every
 * decision about X is made from exact quantities, so X does not depend on
 * the machine; PROVEN and BOUND may (they rest on R), never falsely.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/exb_core.h"
#include "core/fpenv.h"
#include "solve.h"
#include "support/xerbla.h"

#define MAX_STEPS 60 /* residuals computed at most, by default */

/* Whether every entry of the m x n matrix a is finite. */
static int all_finite(long m, long n, const double *a, long lda)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            if (!isfinite(a[i + j * lda]))
                return 0;
    return 1;
}

/* PROVEN 0 and BOUND +Inf everywhere (ld ld). */
static void fail_outputs(long n, long nrhs, int *proven, double *bound, long ld)
{
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            proven[i + j * ld] = 0;
            bound[i + j * ld] = INFINITY;
        }
}

/* The power of two bringing a largest magnitude m (2^(e-1) <= m < 2^e)
 * near 1 where it is far from it (outside 2^-100 .. 2^100), within
 * 2^-500 .. 2^500 (so every shifted term stays inside the accumulator);
 * even when `even`. */
static int scale_for(int e, int even)
{
    if (e >= -100 && e <= 100)
        return 0;
    int sc = -e < -500 ? -500 : (-e > 500 ? 500 : -e);
    return even ? sc - sc % 2 : sc;
}

static int scale_exponent(double m, int even)
{
    if (!(m > 0.0) || !isfinite(m))
        return 0;
    int e;
    frexp(m, &e);
    return scale_for(e, even);
}

/* v (count entries, stride 1) := v 2^sc where every entry stays exact;
 * returns 0 and leaves v as it was otherwise. */
static int scale_exact(double *v, long count, int sc)
{
    for (long q = 0; q < count; q++) {
        double w = ldexp(v[q], sc);
        if (!isfinite(w) || ldexp(w, -sc) != v[q])
            return 0;
    }
    for (long q = 0; q < count; q++)
        v[q] = ldexp(v[q], sc);
    return 1;
}

/* The attempts (xx_solve): the scalings of step 0; none; the engine's own
 * equilibration (where nobody asked for the factors). */
enum { SCALED, PLAIN, EQUILIBRATED };

/* op(A) := D_r op(A) D_c (s->af), powers of two by DGEEQUB's rules
 * (clamped to 2^-1022 .. 2^1022; SPD: D A D, D by DPOEQUB's), where the
 * rows or the columns differ by more than a factor 10 (LAPACK's THRESH
 * 0.1) and every entry, and every product with the caller's scalings,
 * stays exact: the system's scalings become diag(D_r) bscale and
 * diag(D_c) xscale (`scales`, 2n).  0 where not applied. */
static int equilibrate(const exb_xx *p, exb_solver *s, double *scales)
{
    long n = s->n;
    int *er = malloc(2 * (size_t)n * sizeof *er), ok = er != NULL;
    int *ec = er + n, rmin = INT_MAX, rmax = INT_MIN, cmin = INT_MAX, cmax = INT_MIN;
    for (long i = 0; ok && i < n; i++) { /* rows: 2^-e, 2^e the largest entry's binade */
        double m = 0.0;
        for (long j = 0; j < n; j++)
            m = fabs(s->af[i + j * n]) > m ? fabs(s->af[i + j * n]) : m;
        double d = s->af[i + i * n];
        ok = s->spd ? d > 0.0 : m > 0.0;
        if (!ok)
            break;
        int e = ilogb(s->spd ? d : m);
        er[i] = s->spd ? -e / 2 : -(e < -1022 ? -1022 : (e > 1022 ? 1022 : e));
        rmin = er[i] < rmin ? er[i] : rmin;
        rmax = er[i] > rmax ? er[i] : rmax;
    }
    for (long j = 0; ok && j < n; j++) { /* columns, of the scaled rows; SPD: the rows' */
        double m = 0.0;
        for (long i = 0; i < n; i++)
            m = fabs(ldexp(s->af[i + j * n], er[i])) > m ? fabs(ldexp(s->af[i + j * n], er[i])) : m;
        ok = m > 0.0;
        int e = ok ? ilogb(m) : 0;
        ec[j] = s->spd ? er[j] : -(e < -1022 ? -1022 : (e > 1022 ? 1022 : e));
        cmin = ec[j] < cmin ? ec[j] : cmin;
        cmax = ec[j] > cmax ? ec[j] : cmax;
    }
    ok = ok && (rmax - rmin > 3 || cmax - cmin > 3); /* a condition below 0.1 */
    for (long j = 0; ok && j < n; j++)
        for (long i = 0; ok && i < n; i++) {
            double v = s->af[i + j * n], w = ldexp(v, er[i] + ec[j]);
            ok = isfinite(w) && ldexp(w, -(er[i] + ec[j])) == v;
        }
    for (long i = 0; ok && i < n; i++) { /* the caller's scalings times D_r, D_c, exactly */
        double b = p->bscale ? p->bscale[i] : 1.0, x = p->xscale ? p->xscale[i] : 1.0;
        scales[i] = ldexp(b, er[i]);
        scales[n + i] = ldexp(x, ec[i]);
        ok = scales[i] > 0.0 && isfinite(scales[i]) && ldexp(scales[i], -er[i]) == b &&
             scales[n + i] > 0.0 && isfinite(scales[n + i]) && ldexp(scales[n + i], -ec[i]) == x;
    }
    for (long j = 0; ok && j < n; j++)
        for (long i = 0; i < n; i++)
            s->af[i + j * n] = ldexp(s->af[i + j * n], er[i] + ec[j]);
    if (ok) {
        s->bscale = scales;
        s->xscale = scales + n;
    }
    free(er);
    return ok;
}

/* One attempt in `mode`: the scalings, the factors, R and its enclosure,
 * the refinement; X, PROVEN and BOUND (proven_out and bound_out, ld n),
 * the estimates, AF and IPIV.  *scaled: whether a scaling of step 0 was
 * applied.  Returns INFO, or -1 (nothing done) where EQUILIBRATED finds
 * nothing to equilibrate and the first attempt was not scaled either
 * (`first_scaled`): it would repeat that one. */
static long attempt(exb_xx *p, int mode, int first_scaled, int *scaled, int *proven_out,
                    double *bound_out)
{
    long n = p->n, nrhs = p->nrhs, res;
    const char *name = p->name;
    int spd = p->spd, lower = spd && exb_lsame(p->uplo, 'L');
    exb_solver s = {.name = name,
                    .n = n,
                    .nrhs = nrhs,
                    .spd = spd,
                    .trans = !spd && p->trans,
                    .maxsteps = p->maxsteps > 0 ? p->maxsteps : MAX_STEPS,
                    .bscale = p->bscale,
                    .xscale = p->xscale};
    size_t nn2 = (size_t)n * n;
    s.af = malloc(nn2 * sizeof *s.af);
    s.f = malloc(nn2 * sizeof *s.f);
    s.r = malloc(nn2 * sizeof *s.r);
    s.ipiv = malloc((size_t)n * sizeof *s.ipiv);
    s.rrow = malloc(4 * (size_t)n * sizeof *s.rrow);
    int *pv = proven_out;
    double *bd = bound_out;
    double *c = malloc(nn2 * sizeof *c), *bsc = malloc((size_t)n * nrhs * sizeof *bsc);
    double *bap = malloc((size_t)n * nrhs * sizeof *bap);
    double *x0 = malloc((size_t)n * nrhs * sizeof *x0);
    double *scales = malloc(2 * (size_t)n * sizeof *scales);
    int *shift = malloc((size_t)nrhs * sizeof *shift);
    *scaled = 0;
    if (!s.af || !s.f || !s.r || !s.ipiv || !s.rrow || !c || !bsc || !bap || !x0 || !scales ||
        !shift) {
        res = n + 3;
        goto out;
    }
    s.crow = s.rrow + n;
    s.crow_w = s.rrow + 2 * n;
    const double *a = p->a;
    long lda = p->lda;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            int mirror = spd ? (lower ? i < j : i > j) : s.trans;
            s.af[i + j * n] = mirror ? a[j + i * lda] : a[i + j * lda];
        }
    /* exact power-of-two scalings where A or a column of B lies near the
     * ends of the range: A' = 2^sa A, b'_j = 2^sb_j b_j, x*_j = 2^(sa -
     * sb_j) y*_j; the decisions and X are rounded from 2^shift y~ exactly.
     * With BSCALE the exact right-hand side is diag(bscale) b' (products
     * in the residual's accumulators), bap its rounding (the plain solves) */
    if (mode == EQUILIBRATED && !equilibrate(p, &s, scales)) {
        if (!first_scaled) {
            res = -1;
            goto out;
        }
        mode = PLAIN;
    }
    int scale = mode != PLAIN;
    double amax = 0.0;
    for (size_t q = 0; q < nn2; q++)
        amax = fabs(s.af[q]) > amax ? fabs(s.af[q]) : amax;
    int sa = p->factored || mode != SCALED ? 0 : scale_exponent(amax, spd);
    if (sa && !scale_exact(s.af, (long)nn2, sa))
        sa = 0;
    for (long j = 0; j < nrhs; j++) {
        int top = INT_MIN; /* frexp's exponent of max_i |bscale_i b_ij|, within 1 */
        for (long i = 0; i < n; i++) {
            double v = p->b[i + j * p->ldb];
            bsc[i + j * n] = v;
            int e, es = 0;
            if (v == 0.0 || !isfinite(v))
                continue;
            frexp(v, &e);
            if (s.bscale)
                frexp(s.bscale[i], &es);
            top = e + es > top ? e + es : top;
        }
        int sb = scale && top != INT_MIN ? scale_for(top, 0) : 0;
        if (sb && !scale_exact(bsc + j * n, n, sb))
            sb = 0;
        shift[j] = sa - sb;
        *scaled |= shift[j] != 0;
        for (long i = 0; i < n; i++)
            bap[i + j * n] = s.bscale ? s.bscale[i] * bsc[i + j * n] : bsc[i + j * n];
    }
    s.shift = shift;
    if (p->factored) { /* the caller's factors (LAPACK's layout) */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++)
                s.f[i + j * n] =
                    spd && !lower && i > j ? p->af[j + i * p->ldaf] : p->af[i + j * p->ldaf];
        res = 0;
        for (long i = 0; i < n && !spd; i++) {
            s.ipiv[i] = p->ipiv[i] - 1;
            if (s.ipiv[i] < i || s.ipiv[i] >= n) {
                res = n + 3; /* not a pivot sequence of GETRF: nothing to trust */
                goto out;
            }
            if (s.f[i + i * n] == 0.0 && !res)
                res = i + 1;
        }
        for (long i = 0; i < n && spd; i++)
            if (!(s.f[i + i * n] > 0.0) && !res)
                res = i + 1;
    } else {
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++) /* A itself: af holds A^T for TRANS */
                s.f[i + j * n] = s.trans ? s.af[j + i * n] : s.af[i + j * n];
        res = spd ? exb_solve_cholesky(name, n, s.f, n) : exb_solve_lu(name, n, n, s.f, n, s.ipiv);
        if (p->af) /* the factors of A (U or L scaled back) to the caller */
            for (long j = 0; j < n; j++)
                for (long i = 0; i < n; i++) {
                    if (spd && (lower ? i < j : i > j))
                        continue;
                    double v = spd && !lower ? s.f[j + i * n] : s.f[i + j * n];
                    int back = spd ? -sa / 2 : (i <= j ? -sa : 0);
                    p->af[i + j * p->ldaf] = back ? ldexp(v, back) : v;
                }
        if (p->ipiv && !spd)
            for (long i = 0; i < n; i++)
                p->ipiv[i] = (int)(s.ipiv[i] + 1);
    }
    if (res != 0)
        goto out;
    /* the first solution: the factors' plain solve (the weights' |x0| and
     * the refinement's start) */
    for (long j = 0; j < nrhs; j++)
        memcpy(x0 + j * n, bap + j * n, (size_t)n * sizeof *x0);
    exb_solve_with_factors(&s, x0, nrhs);
    for (long q = 0; q < n * nrhs; q++)
        x0[q] = exb_canonical_nan(x0[q]);
    if (all_finite(n, n, s.af, n) && all_finite(n, nrhs, bap, n)) {
        s.w = exb_solve_weights(&s, x0, s.rrow + 3 * n);
        exb_solve_inverse_and_bound(&s, c, spd ? 0 : 2, FEW_BITS);
        /* an inverse in binary32 too far from A^-1, a bound too coarse, or
         * the plain inverse too far from A^-1: binary64, every modulus, then
         * the exact substitution's inverse */
        if (!(s.alpha < 0.5) && !spd)
            exb_solve_inverse_and_bound(&s, c, 0, FEW_BITS);
        if (!(s.alpha < 0.5))
            exb_solve_inverse_and_bound(&s, c, 0, ALL_BITS);
        if (!(s.alpha < 0.5))
            exb_solve_inverse_and_bound(&s, c, 1, ALL_BITS);
    } else {
        s.alpha = INFINITY;
    }
    /* x0 is not needed past the refinement's start: it receives RN(y~) */
    res = exb_solve_refine_and_prove(&s, c, bsc, n, x0, p->x, p->ldx, pv, bd, n, x0);
    if (res <= n + 2 && (p->rcond || p->rcond_norm || p->rcond_comp || p->berr))
        exb_solve_estimates(&s, bap, n, x0, n, p); /* on the scaled system, from RN(y~) */
out:
    if (res >= 1 && res <= n + 3 && res != n + 1 && res != n + 2)
        fail_outputs(n, nrhs, pv, bd, n);
    free(s.af), free(s.f), free(s.r), free(s.ipiv), free(s.rrow), free(c);
    free(bap), free(bsc), free(x0), free(scales), free(shift);
    return res;
}

/* *out := *saved (back) or *saved := *out. */
static void transfer(double *out, double *saved, int back)
{
    if (back)
        *out = *saved;
    else
        *saved = *out;
}

/* The estimates of an attempt another may replace: into `saved` (2 + 2
 * NRHS doubles), or back from it. */
static void keep_estimates(exb_xx *p, double *saved, int back)
{
    double *scalars[2] = {p->rcond, p->rcond_norm}, *vectors[2] = {p->rcond_comp, p->berr};
    for (int q = 0; q < 2; q++, saved++)
        if (scalars[q])
            transfer(scalars[q], saved, back);
    for (int q = 0; q < 2; q++)
        for (long j = 0; j < p->nrhs; j++, saved++)
            if (vectors[q])
                transfer(vectors[q] + j, saved, back);
}

/* How good an attempt is: its proven components first, then the finite bounds. */
static long score(long count, const int *pv, const double *bd)
{
    long sc = 0;
    for (long q = 0; q < count; q++)
        sc += 2 * count * (pv[q] != 0) + (isfinite(bd[q]) != 0);
    return sc;
}

/* A second attempt where the first left components unproven and either
 * scaled the system (its scaled solution can overflow: A's entries 2^500
 * .. 2^-510 brought to 1 .. 2^-1010) or A is badly scaled: without the
 * scalings, or (EXDGESVXX, EXDPOSVXX: nobody asked for the factors) on the
 * engine's own equilibration.  Per component the second one's X and
 * BOUND where it proved what the first did not, found a bound where the
 * first found none, or, neither bounding it, found a finite X where the
 * first did not; else the first one's X stays (the same bits). */
static long second_attempt(exb_xx *p, long res, int scaled, int *pv, double *bd)
{
    long n = p->n, nrhs = p->nrhs, nn = n * nrhs;
    int mode = p->factored || p->af ? PLAIN : EQUILIBRATED;
    if ((res != n + 1 && res != n + 2) || (mode == PLAIN && !scaled))
        return res;
    double *x1 = malloc(((size_t)nn + 2 + 2 * (size_t)nrhs) * sizeof *x1), *est1 = x1 + nn;
    int *pv2 = malloc((size_t)nn * sizeof *pv2);
    double *bd2 = malloc((size_t)nn * sizeof *bd2);
    long res2 = -1;
    if (x1 && pv2 && bd2) {
        for (long q = 0; q < nn; q++)
            x1[q] = p->x[q % n + q / n * p->ldx];
        keep_estimates(p, est1, 0);
        res2 = attempt(p, mode, scaled, &scaled, pv2, bd2);
    }
    if (res2 == 0 || res2 == n + 1 || res2 == n + 2) {
        if (score(nn, pv2, bd2) <= score(nn, pv, bd))
            keep_estimates(p, est1, 1);
        long open = 0;
        for (long q = 0; q < nn; q++) {
            double x2 = p->x[q % n + q / n * p->ldx];
            int neither = !pv[q] && !pv2[q] && !isfinite(bd[q]);
            int second = (pv2[q] && !pv[q]) || (neither && isfinite(bd2[q])) ||
                         (neither && !isfinite(x1[q]) && isfinite(x2));
            if (second) {
                pv[q] = pv2[q];
                bd[q] = bd2[q];
            } else {
                p->x[q % n + q / n * p->ldx] = x1[q];
            }
            open += !pv[q];
        }
        /* N+1: an enclosure found by either; N+2: by neither */
        res = open == 0 ? 0 : (res == n + 2 && res2 == n + 2 ? n + 2 : n + 1);
    } else if (x1) {
        for (long q = 0; q < nn; q++) /* nothing new: the first attempt's X */
            p->x[q % n + q / n * p->ldx] = x1[q];
        keep_estimates(p, est1, 1);
    }
    free(x1), free(pv2), free(bd2);
    return res;
}

/* Whether the scalings are positive and finite (the factors of exact products). */
static int scalings_valid(const exb_xx *p)
{
    for (long i = 0; i < p->n; i++)
        if ((p->bscale && !(p->bscale[i] > 0.0 && isfinite(p->bscale[i]))) ||
            (p->xscale && !(p->xscale[i] > 0.0 && isfinite(p->xscale[i]))))
            return 0;
    return 1;
}

/* The attempts and the outputs (exb_xx_solve, in the default environment). */
static long xx_solve(exb_xx *p)
{
    long n = p->n, nrhs = p->nrhs, nn = n * nrhs;
    int scaled;
    int *pv = malloc((size_t)nn * sizeof *pv);
    double *bd = malloc((size_t)nn * sizeof *bd);
    if (!pv || !bd) {
        free(pv), free(bd);
        return n + 3;
    }
    long res;
    if (!scalings_valid(p)) { /* as for A or B not finite: nothing proven */
        for (long j = 0; j < nrhs; j++)
            for (long i = 0; i < n; i++)
                p->x[i + j * p->ldx] = exb_canonical_nan(NAN);
        fail_outputs(n, nrhs, pv, bd, n);
        if (p->rcond)
            *p->rcond = 0.0;
        res = n + 2;
        goto out;
    }
    res = attempt(p, SCALED, 0, &scaled, pv, bd);
    res = second_attempt(p, res, scaled, pv, bd);
out:
    for (long j = 0; j < nrhs; j++)
        for (long i = 0; i < n; i++) {
            if (p->proven)
                p->proven[i + j * p->ldp] = pv[i + j * n];
            if (p->bound)
                p->bound[i + j * p->ldp] = bd[i + j * n];
        }
    free(pv), free(bd);
    return res;
}

long exb_xx_solve(exb_xx *p)
{
    EXB_FPENV_SCOPE; /* p's data are read through pointers, after it */
    return xx_solve(p);
}

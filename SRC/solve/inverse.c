/*
 * inverse.c -- step 2 of the proven solve (doc/CONTRACT.md, "Linear
 * systems"): the approximate inverse R ~ op(A)^-1 from the factors, the
 * element-by-element bound C >= |I - R A| (the int8 residue engine's bound
 * mode, or EXDGEMM's exactly rounded I - R A), the row sums (|R| 1) and
 * (C 1), and alpha >= ||I - R A|| in the infinity norm or the one weighted
 * by w ~ |x0|.  R may come from OpenBLAS in plain arithmetic: every bound
 * here holds for any R, so only how much gets proven depends on it.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gemm.h"
#include "solve.h"
#include "support/knobs.h"

#define BALANCE 8 /* binades apart R's column and A's row may be, taken as they are */

/* One triangular solve of R's: OpenBLAS's plain DTRSM where there is one
 * (R only has to be near A^-1: the bounds below hold for any R), else the
 * exact one. */
static void inverse_trsm(const exb_solver *s, char uplo, char trans, char diag, double *r,
                         int exact)
{
    long n = s->n;
    if (exact || exb_plain_dtrsm('L', uplo, trans, diag, n, n, 1.0, s->f, n, r, n) != 0)
        exb_dtrsm_checked(s->name, 'L', uplo, trans, diag, n, n, 1.0, s->f, n, r, n);
}

/* A^-1 from the LU factors in binary32 (SGETRI on the factors rounded to
 * binary32): 1, or 0 where it cannot run or gives a value that is not
 * finite. */
static int inverse_f32(const exb_solver *s, double *r)
{
    long n = s->n;
    float *f = malloc((size_t)n * n * sizeof *f);
    int *piv = malloc((size_t)n * sizeof *piv), done = 0;
    if (f && piv) {
        for (long q = 0; q < n * n; q++)
            f[q] = (float)s->f[q];
        for (long i = 0; i < n; i++)
            piv[i] = (int)s->ipiv[i] + 1;
        done = exb_plain_sgetri(n, f, n, piv) == 0;
        for (long q = 0; done && q < n * n; q++) {
            r[q] = f[q];
            done = isfinite(r[q]);
        }
    }
    free(f), free(piv);
    return done;
}

/* c := RN(I - R A) element by element (EXDGEMM: exactly rounded, so
 * |I - R A| <= up(|c|)). */
static void exact_enclosure(const exb_solver *s, double *c)
{
    long n = s->n;
    memset(c, 0, (size_t)n * n * sizeof *c);
    for (long i = 0; i < n; i++)
        c[i + i * n] = 1.0;
    exb_dgemm_checked(s->name, 'N', 'N', n, n, n, -1.0, s->r, n, s->af, n, 1.0, c, n);
}

/* The largest binade of column l of R and of row l of A, for l = 0..n-1
 * (INT_MIN where all zero). */
static void binades(const exb_solver *s, int *er, int *ea)
{
    long n = s->n;
    for (long l = 0; l < n; l++) {
        double mr = 0.0, ma = 0.0;
        for (long i = 0; i < n; i++) {
            mr = fabs(s->r[i + l * n]) > mr ? fabs(s->r[i + l * n]) : mr;
            ma = fabs(s->af[l + i * n]) > ma ? fabs(s->af[l + i * n]) : ma;
        }
        er[l] = mr > 0.0 ? ilogb(mr) : INT_MIN;
        ea[l] = ma > 0.0 ? ilogb(ma) : INT_MIN;
    }
}

/* Column l of R times 2^-k and row l of A times 2^k (dir 1) or back (dir
 * -1); 0 and nothing changed where an entry would not stay exact. */
static int shift_pair(exb_solver *s, long l, int k, int dir)
{
    long n = s->n;
    int kr = -k * dir, ka = k * dir;
    for (long i = 0; dir > 0 && i < n; i++) {
        double vr = s->r[i + l * n], va = s->af[l + i * n];
        double wr = ldexp(vr, kr), wa = ldexp(va, ka);
        if (!isfinite(wr) || ldexp(wr, -kr) != vr || !isfinite(wa) || ldexp(wa, -ka) != va)
            return 0;
    }
    for (long i = 0; i < n; i++) {
        s->r[i + l * n] = ldexp(s->r[i + l * n], kr);
        s->af[l + i * n] = ldexp(s->af[l + i * n], ka);
    }
    return 1;
}

/* c := upper bounds of |I - R A| from the residue path (exb_host_gemm_crt_
 * bound, `bits`), R A computed as (R D^-1)(D A) with D = diag(2^k_l)
 * evening out column l of R against row l of A, exactly: the path
 * truncates each row of R and column of A below its largest entry, so a
 * sum whose terms span many binades (A's rows scaled by 2^+-100, R's
 * columns by 2^-+100) would keep none of its small terms.  0 where the
 * path does not run. */
static int residue_enclosure(exb_solver *s, double *c, int bits)
{
    long n = s->n;
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    if (!exb_host_gemm_crt_available(&knobs))
        return 0;
    int *k = malloc(3 * (size_t)n * sizeof *k);
    if (k) {
        int *er = k + n, *ea = k + 2 * n;
        binades(s, er, ea);
        for (long l = 0; l < n; l++) {
            k[l] = er[l] == INT_MIN || ea[l] == INT_MIN ? 0 : (er[l] - ea[l]) / 2;
            if (k[l] > -BALANCE && k[l] < BALANCE) /* even enough: as it is */
                k[l] = 0;
            if (k[l] && !shift_pair(s, l, k[l], 1))
                k[l] = 0;
        }
    }
    memset(c, 0, (size_t)n * n * sizeof *c);
    for (long i = 0; i < n; i++)
        c[i + i * n] = 1.0;
    exb_gemm_args g = {0, 0, n, n, n, -1.0, s->r, n, s->af, n, 1.0, c, n};
    int enclosed = exb_host_gemm_crt_bound(&g, &knobs, bits) == 0;
    for (long l = 0; k && l < n; l++)
        if (k[l])
            shift_pair(s, l, k[l], -1);
    free(k);
    return enclosed;
}

/* (|R| 1)_i and the row sums of C >= |I - R A| (plain and weighted by w),
 * every addition raised by `up`; c holds upper bounds of |I - R A| or
 * RN(I - R A), |I - R A| <= up(|c|) either way. */
static void row_sums(exb_solver *s, const double *c)
{
    long n = s->n;
    for (long i = 0; i < n; i++)
        s->rrow[i] = s->crow[i] = s->crow_w[i] = 0.0;
    for (long j = 0; j < n; j++) {
        double wj = s->w ? s->w[j] : 0.0;
        for (long i = 0; i < n; i++) {
            double cij = up(fabs(c[i + j * n]));
            s->rrow[i] = up(s->rrow[i] + up(fabs(s->r[i + j * n])));
            s->crow[i] = up(s->crow[i] + cij);
            s->crow_w[i] = up(s->crow_w[i] + up(cij * wj));
        }
    }
}

/* alpha >= ||I - R A||_inf from the row sums, and in the weighted norm
 * ||D^-1 (I - R A) D||_inf (s->weighted: the smaller) */
static double alpha_of(exb_solver *s)
{
    long n = s->n;
    double alpha = 0.0, alpha_w = INFINITY;
    for (long i = 0; i < n; i++)
        if (!(s->crow[i] <= alpha)) /* NaN wins */
            alpha = s->crow[i];
    if (s->w) {
        alpha_w = 0.0;
        for (long i = 0; i < n; i++) {
            double q = up(s->crow_w[i] / s->w[i]);
            if (!(q <= alpha_w))
                alpha_w = q;
        }
    }
    s->weighted = alpha_w < alpha;
    return s->weighted ? alpha_w : alpha;
}

/* Where C came from the residue engine alone: C := its minimum with
 * |RN(I - R A)| (both bound |I - R A|, so does their minimum), and the row
 * sums and alpha again.  The residue path truncates each row of R and
 * column of A below its largest entry: where their entries span more
 * binades than balancing evens out, or with 40 bits, its enclosure can be
 * looser than EXDGEMM's; tightened before giving up on a component, it
 * never proves less than without the engine (EXACTBLAS_INT8=0).  0 where
 * nothing changed. */
int exb_solve_tighten(exb_solver *s, double *c)
{
    long n = s->n;
    double *c2 = s->loose ? malloc((size_t)n * n * sizeof *c2) : NULL;
    if (!c2)
        return 0;
    exact_enclosure(s, c2);
    for (long q = 0; q < n * n; q++) /* row_sums raises either by `up` */
        c[q] = fabs(c2[q]) < c[q] ? fabs(c2[q]) : c[q];
    free(c2);
    row_sums(s, c);
    s->alpha = alpha_of(s);
    s->loose = 0;
    return 1;
}

/* R := op(A)^-1 from the factors (exact: 2 binary32 then binary64 where
 * it runs, 0 binary64, 1 the exact substitution); c := upper bounds of
 * |I - R A| element by element; alpha, (|R| 1) and (|I - R A| 1).  c is
 * n x n scratch. */
void exb_solve_inverse_and_bound(exb_solver *s, double *c, int exact, int bits)
{
    long n = s->n;
    double *r = s->r;
    int done = 0;
    if (!s->spd && exact == 2 && s->n <= INT_MAX / 64)
        done = inverse_f32(s, r);
    if (!done && exact == 2)
        exact = 0;
    if (!done && !s->spd && !exact && s->n <= INT_MAX / 64) { /* DGETRI: 4/3 n^3 against 2 n^3 */
        int *piv = malloc((size_t)n * sizeof *piv);
        if (piv) {
            for (long i = 0; i < n; i++)
                piv[i] = (int)s->ipiv[i] + 1;
            memcpy(r, s->f, (size_t)n * n * sizeof *r);
            done = exb_plain_dgetri(n, r, n, piv) == 0;
            free(piv);
        }
    }
    if (s->spd && !exact) { /* DPOTRI, mirrored */
        memcpy(r, s->f, (size_t)n * n * sizeof *r);
        done = exb_plain_dpotri(n, r, n) == 0;
        if (done)
            for (long j = 0; j < n; j++)
                for (long i = 0; i < j; i++)
                    r[i + j * n] = r[j + i * n];
    }
    if (!done) { /* the identity, solved in place */
        memset(r, 0, (size_t)n * n * sizeof *r);
        for (long i = 0; i < n; i++)
            r[i + i * n] = 1.0;
    }
    if (!done && s->spd) {
        inverse_trsm(s, 'L', 'N', 'N', r, exact);
        inverse_trsm(s, 'L', 'T', 'N', r, exact);
    } else if (!done) {
        for (long i = 0; i < n; i++)
            exb_solve_swap_rows(r, n, n, i, s->ipiv[i]);
        inverse_trsm(s, 'L', 'N', 'U', r, exact);
        inverse_trsm(s, 'U', 'N', 'N', r, exact);
    }
    if (!s->spd && s->trans) /* every inverse above is A^-1: (A^T)^-1 = (A^-1)^T */
        for (long j = 0; j < n; j++)
            for (long i = 0; i < j; i++) {
                double t = r[i + j * n];
                r[i + j * n] = r[j + i * n];
                r[j + i * n] = t;
            }
    for (long e = 0; e < n * n; e++)
        if (!isfinite(r[e])) {
            s->alpha = INFINITY;
            return;
        }
    s->loose = residue_enclosure(s, c, bits);
    if (!s->loose)
        exact_enclosure(s, c);
    row_sums(s, c);
    s->alpha = alpha_of(s);
    if (bits == ALL_BITS && !(s->alpha < 0.5))
        exb_solve_tighten(s, c);
}

/* The weights of the enclosure's norm: d_j = max over the right-hand
 * sides of |x0_j| (x0 the plain solution), below max_j d_j 2^-60 raised to
 * it; NULL when x0 is zero, huge or not finite.  A badly scaled A (D1 A D2)
 * keeps ||D^-1 (I - R A) D|| small where the plain norm grows with the
 * scales. */
double *exb_solve_weights(const exb_solver *s, const double *x0, double *w)
{
    long n = s->n;
    double top = 0.0;
    for (long i = 0; i < n; i++) {
        w[i] = 0.0;
        for (long j = 0; j < s->nrhs; j++) {
            double v = fabs(x0[i + j * n]);
            w[i] = v > w[i] || v != v ? v : w[i];
        }
        top = w[i] > top || w[i] != w[i] ? w[i] : top;
    }
    if (!(top > 0.0) || !(top <= 0x1p1000))
        return NULL;
    double floor = top * 0x1p-60 > 0x1p-1000 ? top * 0x1p-60 : 0x1p-1000;
    for (long i = 0; i < n; i++)
        w[i] = w[i] < floor ? floor : w[i];
    return w;
}

/*
 * illcond.h -- ill-conditioned triangular systems for the condition-number
 * sweep: Louvet's generator, and the exact analysis of a system in MPFR (the
 * exact solution, Skeel's condition number, forward errors).
 *
 * A system is generated once as a logical upper triangular U x = b and then
 * stored as the BLAS argument T of any UPLO/TRANS/DIAG variant: op(T) is U,
 * or U with its rows and columns reversed (J U J, lower triangular), and T is
 * op(T) or its transpose.  Reversal permutes x and b, so cond(op(T), x) and
 * every forward error are those of U; the analysis runs on U only.
 */
#ifndef EXACTBLAS_ILLCOND_H
#define EXACTBLAS_ILLCOND_H

#include <mpfr.h>

#include "level2lib.h"

/*
 * Louvet's construction (Ph. Langlois and N. Louvet, "Solving triangular
 * systems more accurately and efficiently", 2005; the generator of the ExBLAS
 * triangular-solver experiments), for U of odd order m = 2p-1 (n even: U(n,n)
 * = b(n) = 1 and m = n-1):
 *   - top-left p x p block: diagonal = random sign times values spaced
 *     linearly from 10^-c to 10^c, strictly upper part = random sign times
 *     10^round(c(1-2s)), s uniform in [0,1);
 *   - top rows: an error-free TwoSum cascade over U(i,1..p) gives the errors
 *     t_1..t_{p-1} and the rounded sum t_p; U(i,p+k) = -t_k and b(i) = t_p, so
 *     the row sums to b(i) exactly at x = ones;
 *   - bottom-right block: uniform entries in (-1,1), b(i) = the exact row sum
 *     rounded once.
 * log10 cond(U,x) is about 2c up to n of about 40, with a floor (about 1e7 at
 * n = 40) set by the random blocks.
 *
 * t >= 0 is Louvet's construction with c = t.  t < 0 is the "dominant"
 * variant that reaches below the floor: c = 0, every strictly upper entry
 * (before the cascade) is scaled by 2^t, and the bottom-right diagonal is
 * kept away from zero (|d| in [1/2, 1)); cond(U,x) falls towards 1 as t
 * decreases.
 * unit != 0: the unit-diagonal variant (our design): the same construction
 * with every diagonal entry 1 (the cascade includes the 1); the growth of
 * U^-1 then comes only from the off-diagonal entries 10^round(c(1-2s)), so
 * cond(U,x) climbs faster with c, and t < 0 again scales them down.
 *
 * u: n x n column-major (ld n), zeros below the diagonal; b: n entries.
 * Every entry is an exact binary64 number.
 */
void tl_louvet_upper(long n, double t, int unit, tl_rng *r, double *u, double *b);

/* Does every top row of a tl_louvet_upper system sum exactly to b(i) at
 * x = ones (the property the TwoSum cascade builds)?  1 if so. */
int tl_louvet_rows_exact(long n, const double *u, const double *b);

/* Is op(T) the reversal J U J (lower triangular) for these options? */
int tl_tri_reversed(char uplo, char trans);

/* Stores U x = b as the BLAS arguments of (uplo, trans, diag): T (allocated
 * by the caller, n x n, any lda) gets op(T) = U or J U J, transposed when
 * trans is T or C; its unreferenced triangle, and its diagonal when diag is
 * U, are NaN.  bs gets b in the order of op(T). */
void tl_tri_store(long n, const double *u, const double *b, char uplo, char trans, char diag,
                  tl_matrix *T, double *bs);

/* The exact analysis of U x = b. */
typedef struct tl_exact_system {
    long n;
    mpfr_prec_t prec; /* working precision of the substitutions */
    mpfr_t *x;        /* the solution, in U's order */
    mpfr_t xnorm;     /* ||x||_inf */
    double cond;      /* Skeel's cond(U,x) = || |U^-1| |U| |x| ||_inf / ||x||_inf */
} tl_exact_system;

/* x and cond(U,x) by substitution at prec bits (U^-1 column by column, never
 * in binary64).  Returns 0, or -1 if U has a zero diagonal element. */
int tl_exact_analyse(long n, const double *u, const double *b, mpfr_prec_t prec,
                     tl_exact_system *s);

/* The same, with the precision doubled from prec until two successive
 * results agree: cond to 2^-60 relative, x to 2^-120 relative to ||x||
 * (aborts beyond 65536 bits).  The forward errors measured against this x
 * are then right to many more digits than they are printed with. */
int tl_exact_analyse_verified(long n, const double *u, const double *b, mpfr_prec_t prec,
                              tl_exact_system *s);

void tl_exact_free(tl_exact_system *s);

/* ||x - xhat||_inf / ||x||_inf for xhat in the order of op(T) (reversed: as
 * tl_tri_reversed says), contiguous; +Inf if xhat has a NaN or an infinity. */
double tl_forward_error(const tl_exact_system *s, const double *xhat, int reversed);

#endif

/*
 * expert.h -- the numerical part of LAPACK's expert drivers DGESVXX,
 * DGERFSX, DPOSVXX and DPORFSX (expert.c), which SRC/faces/lapack_xx.c
 * calls around exb_xx_solve (routines.h): the equilibration, B's scaling,
 * the reciprocal pivot growth and ERR_BNDS.  What each returns:
 * doc/CONTRACT.md, "LAPACK's expert drivers in the drop-in".  All of them
 * run in the default environment the drivers install.
 */
#ifndef EXACTBLAS_SOLVE_EXPERT_H
#define EXACTBLAS_SOLVE_EXPERT_H

/* FACT 'E' of DGESVXX, n >= 1: DGEEQUB's power-of-two scalings r and c of
 * A (n x n), applied to A as DLAQGE would and only where every entry of A
 * keeps its bits; returns EQUED ('N', 'R', 'C' or 'B'). */
char exb_xx_equilibrate_general(long n, double *a, long lda, double *r, double *c);

/* FACT 'E' of DPOSVXX, n >= 1: DPOEQUB's power-of-two scalings s, applied
 * to A's uplo triangle ('L' or 'U') as DLAQSY would and only where every
 * entry keeps its bits; 1 where applied (EQUED 'Y'), else 0. */
int exb_xx_equilibrate_spd(long n, double *a, long lda, char uplo, double *s);

/* B := diag(s) B (s NULL: nothing), the rounded products LAPACK returns
 * (the engine had them exactly). */
void exb_xx_scale_rhs(long n, long nrhs, double *b, long ldb, const double *s);

/* RPVGRW over the first ncols columns: min_j max_i |A(i,j)| / max_i
 * |U(i,j)| (DLA_GERPVGRW), and for Cholesky over the uplo triangle of A
 * and of its factor (DLA_PORPVGRW, lower: 'L'). */
double exb_xx_rpvgrw_general(long n, long ncols, const double *a, long lda, const double *af,
                             long ldaf);
double exb_xx_rpvgrw_spd(long n, long ncols, int lower, const double *a, long lda, const double *af,
                         long ldaf);

/* ERR_BNDS_NORM and ERR_BNDS_COMP (nrhs x n_err_bnds; comp only where
 * cwise) from the engine's per-component bounds of X (bound, ld n; +Inf
 * where none) and the condition numbers; returns LAPACK's INFO part: 0,
 * or n + j for j the first right-hand side without a trusted bound. */
long exb_xx_fill_bounds(long n, long nrhs, const double *x, long ldx, const double *bound,
                        double rcond_norm, const double *rcond_comp, long n_err_bnds, double *norm,
                        double *comp, int cwise);

#endif

/*
 * solve.h -- what the files of the proven solve share (EXDGESVXX,
 * EXDPOSVXX and LAPACK's expert drivers on them).  The method and its
 * proof: doc/CONTRACT.md, "Linear systems", steps 0 to 6; each file cites
 * the steps it carries out and states only its local invariants.
 *
 *   exdgesvxx.c  EXDGESVXX and EXDPOSVXX: the argument checks, the C API
 *   driver.c     exb_xx_solve: the attempts (step 0's scalings, the second
 *                attempt), X, PROVEN, BOUND and INFO
 *   factor.c     step 1: LU with partial pivoting, Cholesky, and the
 *                factors' plain solve (the corrections)
 *   inverse.c    step 2: R ~ op(A)^-1, C >= |I - R A|, alpha
 *   refine.c     steps 3 to 6: the expansion, the exact residuals, the
 *                enclosure, the per-component proof, snapping
 *   expert.c     what LAPACK's expert drivers report besides X: the
 *                estimates (RCOND, BERR), the equilibration, ERR_BNDS
 *                (expert.h, for SRC/faces/lapack_xx.c)
 */
#ifndef EXACTBLAS_SOLVE_H
#define EXACTBLAS_SOLVE_H

#include "routines.h"

#define FEW_BITS 40   /* the first enclosure of I - R A: 12 moduli at n = 1000 */
#define ALL_BITS 1000 /* every modulus (about 72 bits) */

/* For y the RN result of one operation whose exact value y* >= 0:
 * y* <= y (1 + 2^-53) + 2^-1075 <= up(y) (the margin 2^-50 - 2^-53 covers
 * up's own two roundings, 2^-1070 the subnormal unit).  Every bound of the
 * proof is computed in round-to-nearest and raised by `up`. */
static inline double up(double y)
{
    return y + y * 0x1p-50 + 0x1p-1070;
}

/* One attempt's system, factors, inverse and enclosure (driver.c fills it). */
typedef struct exb_solver {
    const char *name;
    long n, nrhs;
    int spd;              /* Cholesky: f holds L (lower) */
    int trans;            /* LU: the system is A^T x = b, af holds A^T */
    int maxsteps;         /* residuals computed at most */
    double *af;           /* A (full, symmetric for EXDPOSVXX), n x n */
    double *f;            /* the factors, n x n */
    long *ipiv;           /* LU's row interchanges (0-based) */
    double *r;            /* R, n x n */
    double *rrow;         /* (|R| 1)_i, upper bounds */
    double *crow;         /* (|I - R A| 1)_i, upper bounds */
    double *w;            /* weights d > 0 (about |x|), or NULL */
    double *crow_w;       /* (|I - R A| d)_i, upper bounds */
    int weighted;         /* alpha and the enclosure in the norm ||D^-1 v||_inf */
    int loose;            /* C from the residue engine alone: |RN(I - R A)| may be tighter */
    const int *shift;     /* per column: x* = 2^shift y*, y* the scaled system's */
    const double *bscale; /* the exact right-hand side is diag(bscale) b (NULL: b) */
    const double *xscale; /* x* = diag(xscale) 2^shift y* (NULL: 2^shift y*) */
    double alpha;         /* ||I - R A||_inf, upper bound; >= 1 or NaN: none */
} exb_solver;

/* factor.c (step 1) */
void exb_solve_swap_rows(double *a, long lda, long ncols, long i, long p);
long exb_solve_lu(const char *name, long m, long n, double *a, long lda, long *ipiv);
long exb_solve_cholesky(const char *name, long n, double *a, long lda);
void exb_solve_with_factors(const exb_solver *s, double *y, long nrhs);

/* inverse.c (step 2) */
void exb_solve_inverse_and_bound(exb_solver *s, double *c, int exact, int bits);
int exb_solve_tighten(exb_solver *s, double *c);
double *exb_solve_weights(const exb_solver *s, const double *x0, double *w);

/* refine.c (steps 3 to 6) */
long exb_solve_refine_and_prove(exb_solver *s, double *c, const double *b, long ldb,
                                const double *x0, double *x, long ldx, int *proven, double *bound,
                                long ldp, double *y);

/* expert.c: RCOND, the condition numbers and BERR into p (those not NULL) */
void exb_solve_estimates(const exb_solver *s, const double *b, long ldb, const double *x, long ldx,
                         exb_xx *p);

#endif

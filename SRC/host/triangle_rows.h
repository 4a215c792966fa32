/*
 * triangle_rows.h -- the per-row steps every host triangular solver shares
 * (triangle_rows.c; trsv_blocked.c, trsm_split.c and trsm.c use them).
 */
#ifndef EXACTBLAS_TRIANGLE_ROWS_H
#define EXACTBLAS_TRIANGLE_ROWS_H

#include "backend/trsv.h"
#include "core/superacc.h"

/* Rows [k0, k1) of the step-th diagonal block of size bs in the order of
 * op(T), and the columns [c0, c1) solved before it. */
void exb_tri_block(const exb_tri *t, long bs, long step, long *k0, long *k1, long *c0, long *c1);

/* acc += alpha*b_i, the right-hand side's term, exact. */
void exb_tri_add_rhs(const exb_tri *t, exb_superacc *acc, double b);

/* x_i := RN(numerator / op(T)_ii) (unit: RN(numerator)), the numerator's
 * terms being alpha*b_i and -op(T)_ij x_j over the columns solved before row
 * i; x_j = sign * v[j*inc].  An exactly zero numerator whose terms are all
 * -0 is -0 (zerosign.h). */
double exb_tri_round_row(const exb_tri *t, exb_superacc *num, long i, double b, const double *v,
                         long inc, double sign);

/* Whether every term of row i's exact numerator is -0 (zerosign.h): b_i and
 * -op(T)_ij x_j for j in [j0, j1) and, when diag is set, -op(T)_ii x_i (x_i
 * alone for a unit triangle).  x_j = sign * v[j*inc]: the blocked solvers
 * keep -x (sign = -1), the unblocked one x itself. */
int exb_tri_numerator_negzero(const exb_tri *t, long i, double b, const double *v, long inc,
                              double sign, long j0, long j1, int diag);

#endif

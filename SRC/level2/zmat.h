/*
 * zmat.h -- the complex matrix view of the structured complex Level 2
 * routines (zmat.c: the view; zl2.c: the products; zsolve.c: the
 * triangular solves; zgemv_dense.c: ZGEMV and ZHEMV on dense matrices): a
 * complex matrix for the real Level 2 engine (l2.h), whose rows are Sr's
 * (re, -im) or Si's (im, re) against the interleaved x.
 */
#ifndef EXACTBLAS_LEVEL2_ZMAT_H
#define EXACTBLAS_LEVEL2_ZMAT_H

#include "l2.h"
#include "storage.h"

/* A complex matrix for the engine: s.op.a holds (re, im) pairs, s.op.f32
 * their format; s.op.trans is 'N' or 'T' and conj conjugates op(A). */
typedef struct zmat {
    l2_matrix s; /* first: the engine's view */
    int part;    /* the rows of Sr (0) or of Si (1) */
    int conj;    /* op(A) conjugated (trans C; TRSM's side R with C) */
} zmat;

/* Entry (i, j) of op(A) as (re, im). */
void exb_zmat_entry(const zmat *A, long i, long j, double *re, double *im);
/* Row i of op(A): its complex columns [*j0, *j1) (a solve's without the
 * diagonal). */
void exb_zmat_range(const zmat *A, long i, long *j0, long *j1);
/* The engine's rows (l2.h's rows callback): Sr's or Si's per entry. */
void exb_zmat_rows(const l2_op *op, long i0, long count, double *buf, long ld, long *x0, long *len,
                   double *diag);
/* Sizes of the engine's view; the caller set s.op.a, f32, lda, uplo, trans
 * ('N' or 'T'), diag, kl, ku and s.storage, kind, m, n, solve, conj. */
void exb_zmat_init(zmat *A);
/* The n complex elements of x (increment inc, from the logical first) as
 * 2n doubles; NULL without memory. */
double *exb_zmat_gather(const void *x, int f32, long n, long inc);
/* y := alpha op(A) x + beta y (complex alpha, beta as (re, im)); x and y of
 * the matrix's format, increments in complex elements; y may be x. */
void exb_zmat_product(zmat *A, const double *al, const void *x, long incx, const double *be,
                      void *y, long incy);
/* The same with each output by its exact Sr, Si (every alpha and beta), x
 * gathered (xg). */
void exb_zmat_product_exact(const zmat *A, const double *al, const double *xg, const double *be,
                            void *y, long incy);
/* op(A) x = alpha b solved in place (alpha NULL: TRSV; zsolve.c). */
void exb_zmat_solve(zmat *A, const double *al, void *x, long incx);

/* Element `at` of a vector of binary32 (f32) or binary64 values. */
static inline double zget(const void *v, int f32, long at)
{
    return f32 ? (double)((const float *)v)[at] : ((const double *)v)[at];
}

static inline void zput(void *v, int f32, long at, double d)
{
    if (f32)
        ((float *)v)[at] = (float)d;
    else
        ((double *)v)[at] = d;
}

#endif

/*
 * trsv.h -- what EXDTRSV and EXDTRSVX hand to a back end (SRC/trsv_solve.h
 * is the routines' own part).
 *
 * A triangular system is described by op(T), with original indices kept:
 *   forward   op(T) is lower triangular: x_0 is solved first, then x_1, ...
 *             (backward: x_{n-1} first);
 *   colsweep  op(T)_ij = a[i + j*lda] (TRANS = 'N'), else a[j + i*lda];
 *   unit      the diagonal is one and never read.
 * The solvers work on a contiguous vector: b on entry, x on exit, with
 *     x_i = RN((alpha*b_i - sum_{j solved before i} op(T)_ij x_j) / op(T)_ii),
 * the numerator exact, the quotient rounded once.  Only the triangle of op(T)
 * is read.  Host and OpenCL paths give the same bits for every block size.
 */
#ifndef EXACTBLAS_TRSV_H
#define EXACTBLAS_TRSV_H

#include "support/knobs.h"

typedef struct exb_tri {
    int forward;
    int colsweep;
    int unit;
    long n;
    const double *a;
    long lda;
    double alpha; /* the right-hand side is alpha*b, the product exact (1: b) */
} exb_tri;

/* op(T)_ij, for i, j in the triangle. */
static inline double exb_tri_at(const exb_tri *t, long i, long j)
{
    return t->colsweep ? t->a[i + j * t->lda] : t->a[j + i * t->lda];
}

/* Host solve (blocked; unblocked when there is no memory for the blocks). */
void exb_host_trsv(const exb_tri *t, double *x, const exb_knobs *knobs);
/* The same bits with no workspace at all, x of increment incx (slow). */
void exb_host_trsv_unblocked(const exb_tri *t, double *x, long incx);

/* r_i := RN(b_i - sum_j op(T)_ij x_j) over the whole triangle of row i,
 * the diagonal included (one for a unit triangle); 0, or -1 without memory. */
int exb_host_tri_residual(const exb_tri *t, const double *b, const double *x, double *r,
                          const exb_knobs *knobs);

/* EXDTRSM's host path: nrhs systems op(T) x = alpha*b, right-hand side r
 * at b + r*rhs_step with elements elem_step apart, each overwritten by its
 * solution; threads share the right-hand sides (knobs->threads).  Many
 * right-hand sides (EXACTBLAS_GEMM_PATH) go to exb_host_trsm_split, the
 * others are solved one by one as exb_host_trsv solves one; same bits. */
void exb_host_trsm(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                   const exb_knobs *knobs);

/* The same systems and bits for many right-hand sides, the off-diagonal
 * blocks through error-free slices on a plain DGEMM (trsm_split.c); a block
 * that would need more than max_products slice products adds its terms one
 * by one.  0, or -1 (b untouched) without memory for the work. */
int exb_host_trsm_split(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                        const exb_knobs *knobs, long max_products);

/* EXDTRSM's OpenCL path: the systems of exb_host_trsm in one launch per
 * batch of right-hand sides (OPENCL/trsv.cl, trsm_fused): 0, or -1 (reported
 * once) with b untouched, when the caller must take the host path. */
int exb_cl_trsm(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                const exb_knobs *knobs);

/* OpenCL solve: 0 on success, -1 (reported once) when the caller must take
 * the host path; x is untouched then. */
int exb_cl_trsv(const exb_tri *t, double *x, const exb_knobs *knobs);

/* The non-exact OpenCL baseline with the same fused structure (plain IEEE
 * sums and divisions; benchmarks only). */
int exb_cl_trsv_plain(const exb_tri *t, double *x, const exb_knobs *knobs);

#endif

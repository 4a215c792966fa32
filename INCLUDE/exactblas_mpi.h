/*
 * exactblas_mpi.h -- exact reductions across MPI ranks (libexactblas_mpi).
 *
 * Each rank reduces its part into an exact accumulator (exactblas_acc.h);
 * the accumulators travel in their canonical bytes and are merged by an MPI
 * reduction operation that adds them exactly and normalises the carries
 * after every step, so the result is the exact global value whatever the
 * number of ranks, the reduction tree MPI picks, the order, or which ranks
 * own nothing.  It is rounded once, on every rank, to the same bits: the
 * correctly rounded global result of the contract (doc/CONTRACT.md).  Each
 * rank's local part runs on the path its own knobs pick (host or OpenCL);
 * the bits never depend on it.
 *
 * All routines are collective over comm: every rank calls them, in the same
 * order.  Lengths and increments are each rank's own (N = 0 allowed); the
 * sum, dot and norm have no illegal argument (as DASUM, DDOT, DNRM2).
 * EXDGEMV_MPI's ranks must pass the same TRANS ('T' and 'C' alike), M,
 * ALPHA and BETA, the doubles with the same bits (+0 and -0 differ; every
 * NaN counts as one value).  Every rank, whatever it passed, first enters
 * one small exchange (an MPI_Allreduce of 10 integers, made even for a
 * quick return): an illegal argument on any rank, or a shared scalar that
 * differs between ranks, makes every rank call XERBLA('EXDGEMV_MPI', p)
 * once, after the exchange, and return with y untouched; never a hang or an
 * MPI abort.  p: a rank's own illegal argument, the first one, as EXDGEMV
 * reports it; on every other rank the first in argument order among the
 * illegal arguments of all ranks and the shared scalars that differ
 * (1 TRANS, 2 M, 4 ALPHA, 9 BETA).  MPI errors follow the communicator's
 * error handler; when it returns, the routines return NaN (sum, dot, norm)
 * or leave y untouched, with one line on stderr.
 */
#ifndef EXACTBLAS_MPI_H
#define EXACTBLAS_MPI_H

#include <mpi.h>

#include "exactblas.h"
#include "exactblas_acc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The MPI datatype of one serialised accumulator (EXACTBLAS_ACC_BYTES
 * bytes, contiguous) and the commutative, associative operation that merges
 * such accumulators exactly (MPI_Reduce, MPI_Allreduce, MPI_Reduce_local,
 * MPI_Scan, ...).  Created at the first call after MPI_Init, freed by
 * MPI_Finalize; do not free them.  0, or an MPI error code. */
EXACTBLAS_API int exactblas_mpi_acc_type(MPI_Datatype *type);
EXACTBLAS_API int exactblas_mpi_acc_op(MPI_Op *op);

/* acc := the exact sum over the ranks of comm of every rank's acc (Allreduce:
 * every rank ends with the same value and bytes).  0, or an MPI error code
 * (acc untouched). */
EXACTBLAS_API int exactblas_acc_allreduce(exactblas_acc *acc, MPI_Comm comm);

/* RN(sum over ranks and i of x_i): every rank's n elements of increment
 * incx; as EXDSUM and DASUM, a rank with n <= 0 or incx <= 0 adds nothing. */
EXACTBLAS_API double exactblas_dsum_mpi(long n, const double *x, long incx, MPI_Comm comm);
/* RN(sum over ranks and i of x_i*y_i); as DDOT, a rank with n <= 0 adds
 * nothing, and any increment is read (negative: from the far end, as in
 * the BLAS; 0: the same element for every i). */
EXACTBLAS_API double exactblas_ddot_mpi(long n, const double *x, long incx, const double *y,
                                        long incy, MPI_Comm comm);
/* RN(sqrt(sum over ranks and i of x_i^2)), the sum exact, the root rounded
 * once (a NaN among the x_i gives NaN, an infinity +Inf); as reference
 * DNRM2, a rank with n <= 0 or incx <= 0 adds nothing. */
EXACTBLAS_API double exactblas_dnrm2_mpi(long n, const double *x, long incx, MPI_Comm comm);

/* y := alpha*op(A)*x + beta*y for A distributed by block columns: rank r
 * owns op(A)'s columns (its n_r of them) and the matching n_r elements of
 * x; y (m elements, increment incy) is replicated.  Every y_i is
 * RN(alpha*S_i + beta*y_i), S_i the exact global sum over the ranks and
 * columns of op(A)_ij x_j, the same bits on every rank.
 *   TRANS 'N': the rank's block is A (m x n_r, LDA >= max(1, m));
 *   TRANS 'T' or 'C': it is stored transposed (n_r x m, LDA >= max(1, n_r)),
 *   op(A) = A**T.
 * Quick returns as DGEMV on the global sizes (m = 0, every n_r = 0, or
 * alpha = 0 and beta = 1: y untouched); alpha = 0: y := beta*y, A and x
 * not read.  Errors (XERBLA 'EXDGEMV_MPI' on every rank, y untouched,
 * positions as at the top of this file): 1 TRANS, 2 M, 3 N (the rank's
 * n_r < 0), 6 LDA, 8 INCX = 0, 11 INCY = 0 on some rank; 1, 2, 4, 9 when
 * TRANS, M, ALPHA, BETA differ between ranks. */
EXACTBLAS_API void exactblas_dgemv_mpi(char trans, long m, long n, double alpha, const double *a,
                                       long lda, const double *x, long incx, double beta, double *y,
                                       long incy, MPI_Comm comm);

/* Fortran (gfortran conventions, FORTRAN/exactblas_mpi.f90 for the module
 * with the mpi_f08 TYPE(MPI_Comm) forms): INTEGER communicator handles,
 *   DOUBLE PRECISION FUNCTION EXDSUM_MPI(N, X, INCX, COMM)
 *   DOUBLE PRECISION FUNCTION EXDDOT_MPI(N, X, INCX, Y, INCY, COMM)
 *   DOUBLE PRECISION FUNCTION EXDNRM2_MPI(N, X, INCX, COMM)
 *   SUBROUTINE EXDGEMV_MPI(TRANS, M, N, ALPHA, A, LDA, X, INCX, BETA, Y, INCY, COMM) */
EXACTBLAS_API double exdsum_mpi_(const int *n, const double *x, const int *incx,
                                 const MPI_Fint *comm);
EXACTBLAS_API double exddot_mpi_(const int *n, const double *x, const int *incx, const double *y,
                                 const int *incy, const MPI_Fint *comm);
EXACTBLAS_API double exdnrm2_mpi_(const int *n, const double *x, const int *incx,
                                  const MPI_Fint *comm);
EXACTBLAS_API void exdgemv_mpi_(const char *trans, const int *m, const int *n, const double *alpha,
                                const double *a, const int *lda, const double *x, const int *incx,
                                const double *beta, double *y, const int *incy,
                                const MPI_Fint *comm, size_t trans_len);
/* EXDGEMV_MPI for the module's TYPE(MPI_Comm) form (BIND(C): TRANS of
 * length one, no hidden length). */
EXACTBLAS_API void exdgemv_mpi_f08(const char *trans, const int *m, const int *n,
                                   const double *alpha, const double *a, const int *lda,
                                   const double *x, const int *incx, const double *beta, double *y,
                                   const int *incy, const MPI_Fint *comm);

#ifdef __cplusplus
}
#endif

#endif

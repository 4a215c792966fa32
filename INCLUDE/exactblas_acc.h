/*
 * exactblas_acc.h -- the exact accumulator of ExactBLAS, for your own exact
 * reductions (partial results of your threads, MPI ranks, or any order).
 *
 * An accumulator holds a real number exactly: the sum of every double and
 * every product of two doubles added to it, with no rounding, whatever the
 * order of the additions.  It is rounded only when asked, once, to nearest
 * (ties to even, gradual underflow, overflow to +-Inf), with the rules of
 * exactblas.h: NaN and infinities combine as in IEEE arithmetic (every NaN
 * result is the default quiet NaN), and an exactly zero value is -0 when
 * every term added was -0, +0 otherwise (also when nothing was added).
 *
 * Two accumulators merge exactly, so partial sums computed anywhere combine
 * to the same bits.  An accumulator serialises to EXACTBLAS_ACC_BYTES bytes
 * that depend only on its value (and its NaN/Inf/zero-sign state): the same
 * bytes on every platform, path, thread count and order of the additions,
 * so the bytes can be sent, stored, compared and merged elsewhere.
 *
 * Range: exact for sums of fewer than 2^64 terms of any binary64 magnitude
 * (the digits span 2^-2176 .. 2^2175, and the top digit has 31 more bits of
 * headroom for merges).  A value that outgrows even that (beyond 2^2206 in
 * magnitude: more than 2^158 terms near the largest double) becomes the
 * infinity of its sign, its correct rounding.
 *
 * Each accumulator belongs to its caller: different accumulators may be used
 * from different threads at once; one accumulator must not be.
 */
#ifndef EXACTBLAS_ACC_H
#define EXACTBLAS_ACC_H

#include "exactblas.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct exactblas_acc exactblas_acc; /* opaque */

/* Serialised size: "EXB1", the state flags, 135 32-bit digits and the
 * signed 64-bit top digit, all little-endian. */
#define EXACTBLAS_ACC_BYTES 556

/* A new accumulator holding exact zero, or NULL when out of memory. */
EXACTBLAS_API exactblas_acc *exactblas_acc_new(void);
/* Frees it (NULL is allowed). */
EXACTBLAS_API void exactblas_acc_free(exactblas_acc *acc);
/* Back to exact zero, nothing added. */
EXACTBLAS_API void exactblas_acc_clear(exactblas_acc *acc);

/* acc += x. */
EXACTBLAS_API void exactblas_acc_add(exactblas_acc *acc, double x);
/* acc += a*b, the product exact. */
EXACTBLAS_API void exactblas_acc_add_product(exactblas_acc *acc, double a, double b);
/* acc += sum_i x_i over a BLAS vector (n elements, increment incx, any sign,
 * 0 repeats x[0]); the fast kernels of EXDSUM, on the path the knobs pick
 * (exactblas.h: exactblas_last_path tells which ran).  n <= 0 adds nothing. */
EXACTBLAS_API void exactblas_acc_add_sum(exactblas_acc *acc, long n, const double *x, long incx);
/* acc += sum_i x_i*y_i, the kernels of EXDDOT; as above. */
EXACTBLAS_API void exactblas_acc_add_dot(exactblas_acc *acc, long n, const double *x, long incx,
                                         const double *y, long incy);
/* acc[i] += sum_j op(A)_ij x_j for every row i of op(A), each sum exact:
 * TRANS 'N' (op(A) = A, M x N) or 'T'/'C' (op(A) = A**T), A column-major
 * with LDA >= max(1, M), x of op(A)'s N (or M) columns with increment incx
 * (any sign but 0); acc holds one accumulator per row of op(A), all
 * distinct.  The host kernels of EXDGEMV (threads over rows).  Errors: XERBLA
 * 'EXACTBLAS_ACC_ADD_GEMV' with positions 2 TRANS, 3 M, 4 N, 6 LDA, 8 INCX,
 * nothing added.  With no columns nothing is added. */
EXACTBLAS_API void exactblas_acc_add_gemv(exactblas_acc *const *acc, char trans, long m, long n,
                                          const double *a, long lda, const double *x, long incx);
/* dst += src (src unchanged; dst == src doubles it). */
EXACTBLAS_API void exactblas_acc_merge(exactblas_acc *dst, const exactblas_acc *src);

/* The canonical bytes of acc's value and state. */
EXACTBLAS_API void exactblas_acc_serialize(const exactblas_acc *acc,
                                           unsigned char bytes[EXACTBLAS_ACC_BYTES]);
/* acc := the accumulator those bytes describe; 0, or -1 (acc untouched)
 * when they are not the bytes of an accumulator. */
EXACTBLAS_API int exactblas_acc_deserialize(exactblas_acc *acc,
                                            const unsigned char bytes[EXACTBLAS_ACC_BYTES]);

/* inout := the bytes of the exact sum of the accumulators whose bytes are
 * inout and in (the merge of libexactblas_mpi's reduction operation; no
 * memory is allocated).  0, or -1 when either is not the bytes of an
 * accumulator: inout is then the bytes of a NaN. */
EXACTBLAS_API int exactblas_acc_merge_bytes(unsigned char inout[EXACTBLAS_ACC_BYTES],
                                            const unsigned char in[EXACTBLAS_ACC_BYTES]);

/* RN(V), V the exact value held. */
EXACTBLAS_API double exactblas_acc_round(const exactblas_acc *acc);
/* RN(V / d), the exact quotient rounded once (d = 0, NaN, Inf: IEEE
 * division of V's class). */
EXACTBLAS_API double exactblas_acc_round_quotient(const exactblas_acc *acc, double d);
/* RN(sqrt(V)), the square root of the exact value rounded once (IEEE
 * sqrt's specials: NaN for V < 0 or -Inf, sqrt(-0) = -0, sqrt(+Inf) = +Inf). */
EXACTBLAS_API double exactblas_acc_round_sqrt(const exactblas_acc *acc);
/* RN(alpha*V + beta*y), the whole expression exact and rounded once; with
 * beta = 0, y is not read (a NaN in y does not propagate), as in DGEMV. */
EXACTBLAS_API double exactblas_acc_round_affine(const exactblas_acc *acc, double alpha, double beta,
                                                double y);

#ifdef __cplusplus
}
#endif

#endif

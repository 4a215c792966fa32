/*
 * level2lib.h -- matrix generators and MPFR oracles for the level-2 tests
 * (EXDGEMV, EXDTRSV, EXDTRSVX).
 *
 * Every oracle follows CONTRACT.md literally: exact sums (mpfr_sum), then one
 * rounding to binary64.  That rounding is done as round-to-odd at 64 bits
 * followed by mpfr_get_d, which rounds once, subnormals included (rounding
 * to odd with two or more extra bits makes the second rounding correct).
 */
#ifndef EXACTBLAS_LEVEL2LIB_H
#define EXACTBLAS_LEVEL2LIB_H

#include <mpfr.h>

#include "testlib.h"

/* An m x n column-major matrix with leading dimension lda >= m; slots the
 * routine must not read are NaN. */
typedef struct tl_matrix {
    long m, n, lda;
    double *a;
} tl_matrix;

/* kind: random (param: dynamic range), cancel, subnormal, special, zeros
 * (mostly -0 entries, for the zero-sign rule; the caller makes x positive),
 * low (normal entries in [2^-1022, 2^-1000]) and bottom (subnormals in
 * [2^-1074, 2^-1070]): products below the long accumulator's digits.
 * Fills all m x n entries; returns 0, or -1 for an unknown kind. */
int tl_matrix_generate(const char *kind, double param, tl_matrix *A, tl_rng *r);

/* A triangular system for kind (as above): the unreferenced triangle (and
 * the diagonal when unit) becomes NaN; b gets n entries scaled to the kind. */
int tl_triangular_generate(const char *kind, double param, char uplo, char diag, tl_matrix *T,
                           double *b, tl_rng *r);

/* y_i := RN(alpha * sum_j op(A)_ij x_j + beta*y_i); x, y contiguous logical
 * vectors; beta = 0 ignores y. */
void tl_oracle_gemv(char trans, const tl_matrix *A, double alpha, const double *x, double beta,
                    double *y);

/* The correctly rounded substitution of op(T) x = b (b in x, contiguous). */
void tl_oracle_trsv(char uplo, char trans, char diag, const tl_matrix *T, double *x);

/* DTRSM's contract on B (m x n): side 'L' solves op(T) X = alpha B column by
 * column, 'R' X op(T) = alpha B row by row, each element
 * RN((alpha b_i - sum over solved k) / diagonal) with alpha*b_i exact. */
void tl_oracle_trsm(char side, char uplo, char transa, char diag, double alpha, const tl_matrix *T,
                    tl_matrix *B);

/* r_i := RN(b_i - sum_j op(T)_ij x_j) over the triangle (diagonal included). */
void tl_oracle_residual(char uplo, char trans, char diag, const tl_matrix *T, const double *b,
                        const double *x, double *r);

/* EXDTRSVX's result: the substitution, then `steps` refinement steps. */
void tl_oracle_trsvx(char uplo, char trans, char diag, const tl_matrix *T, double *x, int steps);

/* ---- one rounding of an MPFR value ---------------------------------------- */
/* Makes a 64-bit value truncated toward zero (inexact != 0) odd: rounding to
 * odd, after which one mpfr_get_d is the correct single rounding. */
void tl_make_odd(mpfr_t v, int inexact);
/* The roundings below to binary32 instead of binary64 (on != 0), the
 * result returned as a double: for the single-precision routines. */
void tl_set_binary32(int on);
/* RN(v) for v at any precision (an exact zero: +0). */
double tl_round_once(mpfr_srcptr v);
/* DNRM2's contract: RN(sqrt(sum x_i^2)) over x[0], x[step], ... (n of them;
 * n <= 0: 0), the sum exact, the root rounded once; a NaN among the x_i
 * gives NaN, else an infinity +Inf. */
double tl_oracle_nrm2(long n, const double *x, long step);

/* ---- the exact-terms oracle ------------------------------------------------ */
/* A list of exact terms a*b*c (c = 1 for a product of two, a*1*1 for a
 * double), NaN/Inf tallied by IEEE's rules, and the contract's roundings of
 * their exact sum S: RN(S), RN(S/d), RN(alpha*S + beta*y) (zero-sign rule
 * and canonical NaN included). */
typedef struct tl_terms tl_terms;
tl_terms *tl_terms_new(long cap);
void tl_terms_free(tl_terms *t);
void tl_terms_reset(tl_terms *t);
/* 0, or -1 when cap terms are already held. */
int tl_terms_add(tl_terms *t, double a, double b, double c);
double tl_terms_round(tl_terms *t);
double tl_terms_round_quotient(tl_terms *t, double d);
double tl_terms_round_affine(tl_terms *t, double alpha, double beta, double y);
/* RN(sqrt(S)): NaN for S < 0 or -Inf (and NaN), +Inf for +Inf, sqrt(+-0) = +-0. */
double tl_terms_round_sqrt(tl_terms *t);
/* RN(a1 S1 + a2 S2 + b1 y1 + b2 y2) for the exact sums S1, S2 of two term
 * sets, rounded once (a term with a zero coefficient is absent; a S's zero
 * signed by the product rule from S's own): the complex GEMM's parts. */
double tl_terms_round_affine2(tl_terms *t1, double a1, tl_terms *t2, double a2, double b1,
                              double y1, double b2, double y2);

/* RN((a1 S1 + a2 S2) / (dr^2 + di^2)), every quantity exact and the
 * quotient rounded once (a part of the complex quotient N / d: Re with S1 =
 * Nr, a1 = dr, S2 = Ni, a2 = di); finite terms and coefficients, dr and di
 * nonzero.  A zero numerator: the IEEE sum of its two terms' zeros (each S's
 * zero signed by the product rule) when both S are zero, else +0. */
double tl_terms_round_cquotient(tl_terms *t1, double a1, tl_terms *t2, double a2, double dr,
                                double di);

/* ---- checking ------------------------------------------------------------- */
/* Compares got[0..len) with expected[0..len) bit for bit (any NaN matches
 * NaN: payloads are not part of the contract); prints the first mismatches
 * with the case label, the element and both bit patterns.  Returns 1 if equal. */
int tl_check_vector(tl_tally *t, const char *label, const char *knobs, long len,
                    const double *expected, const double *got);

/* An m x n matrix of leading dimension lda filled with NaN; free(A->a). */
void tl_matrix_alloc(tl_matrix *A, long m, long n, long lda);

#endif

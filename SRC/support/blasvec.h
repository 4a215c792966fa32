/*
 * blasvec.h -- the reference BLAS's vector convention: n elements with
 * increment inc, taken from x[(n-1)*|inc|] backwards when inc < 0.
 */
#ifndef EXACTBLAS_BLASVEC_H
#define EXACTBLAS_BLASVEC_H

/* The logical first element of a BLAS vector of n elements, increment inc. */
#define EXB_FIRST(x, n, inc) ((inc) < 0 ? (x) - (long)((n)-1) * (inc) : (x))

#endif

/*
 * xerbla.h -- argument errors, the reference-BLAS way: the routine reports
 * the position of the first illegal argument through XERBLA and returns
 * with its outputs untouched.
 */
#ifndef EXACTBLAS_XERBLA_H
#define EXACTBLAS_XERBLA_H

#include <stddef.h>

/* Calls xerbla_(name, &position, strlen(name)): the user's XERBLA when the
 * program defines one, else ExactBLAS's default (xerbla.c). */
void exb_xerbla(const char *name, int position);

/* LSAME: whether option character c is `want` (an upper-case letter),
 * ignoring case. */
int exb_lsame(char c, char want);

#endif

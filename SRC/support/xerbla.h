/*
 * xerbla.h -- argument errors, the reference-BLAS way: the routine reports
 * the position of the first illegal argument through XERBLA and returns
 * with its outputs untouched.
 */
#ifndef EXACTBLAS_XERBLA_H
#define EXACTBLAS_XERBLA_H

#include <stddef.h>

/* Calls xerbla_(name, &position, strlen(name)) where the program or a
 * library it links defines xerbla_, else prints the reference message in
 * one line (xerbla.c). */
void exb_xerbla(const char *name, int position);

/* LSAME: whether option character c is `want` (an upper-case letter),
 * ignoring case. */
int exb_lsame(char c, char want);

#endif

/*
 * sumdot_suite.h -- the bit-exactness sweep shared by test_exdsum and
 * test_exddot: every generator x size x increment x case of the input file,
 * each run under every knob setting of the input file, compared bit for bit
 * with the MPFR oracle.
 */
#ifndef EXACTBLAS_SUMDOT_SUITE_H
#define EXACTBLAS_SUMDOT_SUITE_H

#include "testlib.h"

typedef struct sumdot_routine {
    const char *name; /* "EXDSUM" */
    int is_dot;
    /* the routine under test */
    double (*call)(long n, const double *x, long incx, const double *y, long incy);
    /* the correctly rounded result under the routine's reference-BLAS rules */
    double (*expect)(long n, const double *x, long incx, const double *y, long incy);
} sumdot_routine;

/* Runs the sweep, prints a table and a one-line verdict; returns the exit status. */
int sumdot_suite(const sumdot_routine *routine, const tl_input *in);

#endif

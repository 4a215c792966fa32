/*
 * own.h -- what the drop-in liblapack's own routines (own.txt, liblapack)
 * take from the forwarder (forward.c).
 */
#ifndef EXACTBLAS_LAPACK_OWN_H
#define EXACTBLAS_LAPACK_OWN_H

/* The reference LAPACK's own definition of `name` ("zheevd_"), for an own
 * routine that wraps it (its calls to other names still reach ExactBLAS's
 * where own.txt lists them).  Without the reference, or without the name
 * in it, it says so and stops the process, as a forwarded name does. */
void *exb_lapack_reference_routine(const char *name);

#endif

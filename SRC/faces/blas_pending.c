/*
 * blas_pending.c -- the real routines of the drop-in libblas.so.3 whose
 * exact cores are still being written (see doc/CONTRACT.md): each Fortran
 * name forwards its call unchanged to the system's reference BLAS, like the
 * complex routines (blas_complex.c says how); NOT exact until its core
 * lands and its name moves to blas_real.c.
 *
 * (forward.h says how a forwarder works.)
 */
#include <complex.h>

#include "forward.h"

FORWARD_VOID(sgemm, 15)
FORWARD_VOID(ssymm, 14)
FORWARD_VOID(dsymm, 14)
FORWARD_VOID(ssyrk, 12)
FORWARD_VOID(ssyr2k, 14)
FORWARD_VOID(dsyr2k, 14)
FORWARD_VOID(strmm, 15)
FORWARD_VOID(dtrmm, 15)
FORWARD_VOID(strsm, 15)

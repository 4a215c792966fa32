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

FORWARD_VOID(sswap, 5)
FORWARD_VOID(dswap, 5)
FORWARD_VOID(scopy, 5)
FORWARD_VOID(dcopy, 5)
FORWARD_VOID(saxpy, 6)
FORWARD_VOID(srotg, 4)
FORWARD_VOID(drotg, 4)
FORWARD_VOID(srotmg, 5)
FORWARD_VOID(drotmg, 5)
FORWARD_VOID(srot, 7)
FORWARD_VOID(drot, 7)
FORWARD_VOID(srotm, 6)
FORWARD_VOID(drotm, 6)
FORWARD_VOID(sscal, 4)
FORWARD_VOID(sgemm, 15)
FORWARD_VOID(ssymm, 14)
FORWARD_VOID(dsymm, 14)
FORWARD_VOID(ssyrk, 12)
FORWARD_VOID(ssyr2k, 14)
FORWARD_VOID(dsyr2k, 14)
FORWARD_VOID(strmm, 15)
FORWARD_VOID(dtrmm, 15)
FORWARD_VOID(strsm, 15)
FORWARD_VALUE(float, sdot, 5)
FORWARD_VALUE(float, sdsdot, 6)
FORWARD_VALUE(double, dsdot, 5)
FORWARD_VALUE(float, snrm2, 3)
FORWARD_VALUE(float, sasum, 3)
FORWARD_VALUE(fint, isamax, 3)
FORWARD_VALUE(fint, idamax, 3)

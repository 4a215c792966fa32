/*
 * dropin_mark.c -- the drop-in's mark: exactblas_dropin_version, which
 * exactblas_probe (INSTALL/probe.c) looks up to tell the drop-in from any
 * other library installed as libblas.so.3.  Every routine the drop-in
 * exports is ExactBLAS's own and exact; none forwards to another BLAS.
 */
#include "fint.h"

FACE const char *exactblas_dropin_version(void)
{
    return exactblas_version();
}

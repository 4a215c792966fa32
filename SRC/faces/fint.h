/*
 * fint.h -- the faces' integer and names: gfortran's convention (lower case,
 * a trailing underscore, every argument by reference, hidden CHARACTER
 * lengths as size_t at the end) with INTEGER the default 4 bytes (LP64), or,
 * built with EXB_ILP64, 8 bytes (the ILP64 drop-in libblas64.so.3).  The
 * ILP64 library keeps the plain names, as Debian's libblas64.so.3 does, and
 * the link adds the suffixed ones of the reference and OpenBLAS
 * conventions as aliases: dgemm_64_ for the Fortran names, cblas_dgemm_64
 * (reference LAPACK's INDEX64 API) and cblas_dgemm64_ (OpenBLAS) for CBLAS
 * (CMakeLists.txt, from SRC/faces/names.txt).
 */
#ifndef EXACTBLAS_FACES_FINT_H
#define EXACTBLAS_FACES_FINT_H

#include <stddef.h>
#include <stdint.h>

#include "exactblas.h"  /* EXACTBLAS_API: the export mark */
#include "core/fpenv.h" /* every face opens with EXB_FPENV_SCOPE or EXB_FPENV_FORWARD */

#ifdef EXB_ILP64
typedef int64_t fint;
#else
typedef int fint;
#endif
#define FNAME(name) name##_
#define CNAME(name) name

#define FACE EXACTBLAS_API

#endif

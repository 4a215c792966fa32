/*
 * fint.h -- the faces' integer and names: gfortran's convention (lower case,
 * a trailing underscore, every argument by reference, hidden CHARACTER
 * lengths as size_t at the end) with INTEGER the default 4 bytes (LP64), or,
 * built with EXB_ILP64, 8 bytes and the reference/OpenBLAS suffixes of the
 * ILP64 twin: dgemm_64_ for the Fortran names, cblas_dgemm_64 (reference
 * LAPACK's INDEX64 API) and cblas_dgemm64_ (OpenBLAS) for CBLAS.
 */
#ifndef EXACTBLAS_FACES_FINT_H
#define EXACTBLAS_FACES_FINT_H

#include <stddef.h>
#include <stdint.h>

#include "exactblas.h" /* EXACTBLAS_API: the export mark */

#ifdef EXB_ILP64
typedef int64_t fint;
#define FNAME(name) name##_64_
#define CNAME(name) name##_64
#define CNAME_ALIAS(name) name##64_
#else
typedef int fint;
#define FNAME(name) name##_
#define CNAME(name) name
#endif

#define FACE EXACTBLAS_API

#endif

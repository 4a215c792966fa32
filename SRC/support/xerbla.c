/*
 * xerbla.c -- how ExactBLAS reports an illegal argument (xerbla.h).
 *
 *   SUBROUTINE XERBLA(SRNAME, INFO)
 *   SRNAME (in) CHARACTER*(*) name of the routine that found the error
 *   INFO   (in) position of the illegal argument
 *
 * libexactblas does not define xerbla_: defining it (even weakly) would put
 * ExactBLAS's handler in place of reference LAPACK's whenever the library is
 * linked before -llapack or preloaded, and LAPACK's illegal calls would then
 * return instead of stopping.  Instead the library holds a weak reference to
 * xerbla_: when the program or a library it links (reference BLAS or LAPACK,
 * a user's handler) defines one, that one is called, exactly as LAPACK would
 * call it; when none is linked the reference resolves to null and
 * ExactBLAS prints the reference message in one line and returns.
 */
#include "xerbla.h"

#include "exactblas.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

extern void xerbla_(const char *srname, const int *info, size_t srname_len) __attribute__((weak));

/* Defined by a face built with 8-byte INTEGERs (the ILP64 drop-in,
 * faces/blas_support.c), which passes INFO as its own INTEGER: handing
 * that library's xerbla_ a 4-byte int would give it 4 bytes of garbage. */
extern void exb_face_xerbla(const char *name, int position)
    __attribute__((weak, visibility("hidden")));

void exb_xerbla(const char *name, int position)
{
    if (exb_face_xerbla) {
        exb_face_xerbla(name, position);
        return;
    }
    if (xerbla_) {
        xerbla_(name, &position, strlen(name));
        return;
    }
    fprintf(stderr, " ** On entry to %s parameter number %2d had an illegal value\n", name,
            position);
}

int exb_lsame(char c, char want)
{
    return toupper((unsigned char)c) == want;
}

void exactblas_xerbla(const char *name, int position)
{
    exb_xerbla(name, position);
}

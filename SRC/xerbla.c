/*
 * xerbla.c -- the default XERBLA and the helpers of xerbla.h.
 *
 *   SUBROUTINE XERBLA(SRNAME, INFO)
 *   SRNAME (in) CHARACTER*(*) name of the routine that found the error
 *   INFO   (in) position of the illegal argument
 *
 * Unlike the reference XERBLA, which stops the program, this one prints one
 * line on stderr and returns (CONTRACT.md).  It is weak and alone in its
 * object file, so a program's own XERBLA takes precedence, whether it links
 * the shared or the static library.
 */
#include "xerbla.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void xerbla_(const char *srname, const int *info, size_t srname_len);

__attribute__((weak)) void xerbla_(const char *srname, const int *info, size_t srname_len)
{
    int len = (int)srname_len;
    while (len > 0 && srname[len - 1] == ' ')
        len--;
    fprintf(stderr, " ** On entry to %.*s parameter number %2d had an illegal value\n", len,
            srname, *info);
}

void exb_xerbla(const char *name, int position)
{
    xerbla_(name, &position, strlen(name));
}

int exb_lsame(char c, char want)
{
    return toupper((unsigned char)c) == want;
}

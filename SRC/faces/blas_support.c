/*
 * blas_support.c -- what the reference libblas.so.3 exports besides the
 * routines, for the drop-in: LSAME, XERBLA and XERBLA_ARRAY (the reference
 * BLAS's), and CBLAS's error machinery (cblas_xerbla and the two globals
 * CBLAS_CallFromC and RowMajorStrg that the reference CBLAS and its testers
 * share).
 *
 * XERBLA as Debian's reference libblas.so.3 behaves: one line " ** On entry
 * to DGEMM  parameter number  3 had an illegal value" and a return (the
 * program's own XERBLA, or LAPACK's, takes precedence when it defines one:
 * the dynamic linker finds the executable's first).  Called on behalf of a
 * CBLAS routine (CBLAS_CallFromC set by the cblas_* face), it reports
 * through cblas_xerbla instead: the routine's CBLAS name and the argument's
 * CBLAS position (one more, for the layout argument), as reference CBLAS's
 * xerbla does; cblas_xerbla maps row-major positions, prints and exits, as
 * the reference's does (both weak, so a program may define its own).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fint.h"

FACE int CBLAS_CallFromC = 0;
FACE int RowMajorStrg = 0;

FACE fint FNAME(lsame)(const char *ca, const char *cb, size_t ca_len, size_t cb_len)
{
    (void)ca_len;
    (void)cb_len;
    return toupper((unsigned char)*ca) == toupper((unsigned char)*cb);
}

/* Reference CBLAS's remapping of a row-major call's argument positions. */
static fint row_major_position(fint info, const char *rout)
{
    static const struct {
        const char *part;
        fint a, b;
    } swaps[] = {{"gemm", 5, 4}, {"gemm", 11, 9}, {"symm", 5, 4}, {"hemm", 5, 4},
                 {"trmm", 7, 6}, {"trsm", 7, 6},  {"gemv", 4, 3}, {"gbmv", 4, 3},
                 {"gbmv", 6, 5}, {"ger", 3, 2},   {"ger", 8, 6}};
    for (size_t k = 0; k < sizeof swaps / sizeof swaps[0]; k++)
        if (strstr(rout, swaps[k].part))
            if (info == swaps[k].a || info == swaps[k].b)
                return info == swaps[k].a ? swaps[k].b : swaps[k].a;
    if ((strstr(rout, "her2") || strstr(rout, "hpr2")) && !strstr(rout, "her2k"))
        if (info == 8 || info == 6)
            return info == 8 ? 6 : 8;
    return info;
}

FACE __attribute__((weak)) void CNAME(cblas_xerbla)(fint info, const char *rout, const char *form,
                                                    ...)
{
    if (RowMajorStrg)
        info = row_major_position(info, rout);
    if (info)
        fprintf(stderr, "Parameter %ld to routine %s was incorrect\n", (long)info, rout);
    va_list ap;
    va_start(ap, form);
    vfprintf(stderr, form, ap);
    va_end(ap);
    exit(-1);
}

FACE __attribute__((weak)) void FNAME(xerbla)(const char *srname, const fint *info,
                                              size_t srname_len)
{
    size_t len = srname_len;
    while (len > 0 && srname[len - 1] == ' ')
        len--;
    if (CBLAS_CallFromC) {
        char rout[32] = "cblas_";
        for (size_t k = 0; k < len && k < 20; k++)
            rout[6 + k] = (char)tolower((unsigned char)srname[k]);
        CNAME(cblas_xerbla)(*info + 1, rout, "");
        return;
    }
    fprintf(stderr, " ** On entry to %.*s parameter number %2ld had an illegal value\n",
            (int)srname_len, srname, (long)*info);
}

#ifdef EXB_ILP64
/* The cores report errors through exb_xerbla (support/xerbla.c), which
 * calls this in the ILP64 library: INFO goes to xerbla_ (the program's, or
 * the one above) as an 8-byte INTEGER. */
__attribute__((visibility("hidden"))) void exb_face_xerbla(const char *name, int position)
{
    fint info = position;
    FNAME(xerbla)(name, &info, strlen(name));
}
#endif

FACE void FNAME(xerbla_array)(const char *srname_array, const fint *srname_len, const fint *info,
                              size_t array_len)
{
    (void)array_len;
    char name[32];
    size_t len = *srname_len > 0 ? (size_t)*srname_len : 0;
    len = len < sizeof name ? len : sizeof name;
    memset(name, ' ', sizeof name);
    memcpy(name, srname_array, len);
    FNAME(xerbla)(name, info, len);
}

/*
 * test_lapack_link.c -- linking ExactBLAS changes nobody's error handling.
 *
 * Built several times (TESTING/CMakeLists.txt): with reference LAPACK
 * (netlib's liblapack.so.3, named by file) linked after and before
 * libexactblas, with and without a xerbla_ of the program's own (USER_XERBLA),
 * and without LAPACK (NO_LAPACK).  Modes:
 *   lapack     an illegal DGETRS call: reference LAPACK's XERBLA must print its
 *              message and STOP the program ("returned" must never print)
 *   exactblas  an illegal EXDGEMV call: it reaches the XERBLA the program links
 *              (LAPACK's: message and STOP; the user's: counted; none:
 *              ExactBLAS's own line, and the call returns)
 * The first argument names the load order the program must see ("after":
 * libexactblas loaded before liblapack, "before": the reverse, "-": no
 * LAPACK), so a build that did not link what it says fails.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"

#ifdef USER_XERBLA
static char last_name[16];
static int last_info, calls;

void xerbla_(const char *srname, const int *info, size_t len)
{
    snprintf(last_name, sizeof last_name, "%.*s", (int)len, srname);
    last_info = *info;
    calls++;
}
#endif

#ifndef NO_LAPACK
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);
#endif

static int exactblas_at = -1, lapack_at = -1, position;

static int note_library(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    if (strstr(info->dlpi_name, "libexactblas.so"))
        exactblas_at = position;
    if (strstr(info->dlpi_name, "liblapack.so"))
        lapack_at = position;
    position++;
    return 0;
}

/* Which LAPACK is loaded, and in which order relative to libexactblas. */
static int check_loaded(const char *order)
{
    dl_iterate_phdr(note_library, NULL);
    const char *got = lapack_at < 0 ? "-" : exactblas_at < lapack_at ? "after" : "before";
    printf("load order: libexactblas #%d, liblapack #%d (%s)\n", exactblas_at, lapack_at, got);
    if (exactblas_at < 0 || strcmp(order, got) != 0) {
        printf("FAILED: expected LAPACK %s libexactblas\n", order);
        return 0;
    }
#ifndef NO_LAPACK
    Dl_info where;
    if (!dladdr((void *)dgetrs_, &where) || !where.dli_fname ||
        !strstr(where.dli_fname, "/lapack/liblapack.so")) {
        printf("FAILED: DGETRS is not reference LAPACK's (%s)\n",
               where.dli_fname ? where.dli_fname : "unknown");
        return 0;
    }
    printf("DGETRS from %s\n", where.dli_fname);
#endif
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s after|before|- lapack|exactblas\n", argv[0]);
        return 2;
    }
    if (!check_loaded(argv[1]))
        return 1;
    fflush(stdout);
    double a[4] = {1, 2, 3, 4}, x[2] = {1, 1}, y[2] = {5, 6};
    if (strcmp(argv[2], "lapack") == 0) {
#ifndef NO_LAPACK
        int n = 2, nrhs = 1, ipiv[2] = {1, 2}, info = 0;
        dgetrs_("X", &n, &nrhs, a, &n, ipiv, y, &n, &info, 1);
        printf("DGETRS returned INFO = %d\n", info);
#ifdef USER_XERBLA
        int ok = calls == 1 && strcmp(last_name, "DGETRS") == 0 && last_info == 1;
        printf("the program's XERBLA got %s %d: %s\n", last_name, last_info,
               ok ? "PASSED" : "FAILED");
        return ok ? 0 : 1;
#endif
#endif
        return 1; /* reference LAPACK's XERBLA stops the program before this */
    }
    exactblas_dgemv('X', 2, 2, 1.0, a, 2, x, 1, 0.0, y, 1);
    int untouched = y[0] == 5 && y[1] == 6;
    printf("EXDGEMV returned, y %s\n", untouched ? "untouched" : "MODIFIED");
#ifdef USER_XERBLA
    int ok = untouched && calls == 1 && strcmp(last_name, "EXDGEMV") == 0 && last_info == 1;
    printf("the program's XERBLA got %s %d: %s\n", last_name, last_info, ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
#elif defined(NO_LAPACK)
    printf("%s\n", untouched ? "PASSED" : "FAILED");
    return untouched ? 0 : 1;
#else
    return 1; /* LAPACK's XERBLA, which the program links, stops it before this */
#endif
}

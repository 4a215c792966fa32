/*
 * test_ilp64.c -- the ILP64 drop-in (build/dropin64/libblas64.so.3) reads
 * every INTEGER as 8 bytes and answers under each of its names.  The values
 * are chosen so that a face reading only the low 4 bytes would behave
 * differently: a dimension of -2^32 + 3 (low word 3) must count as negative,
 * and a leading dimension of 2 against m = 2^32 + 2 (low word 2) must be an
 * error.  Errors are caught by this program's own xerbla_ (it wins over the
 * library's weak one, as the reference testers' does).
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef int64_t fint;

double dasum_(const fint *n, const double *x, const fint *incx);
double ddot_(const fint *n, const double *x, const fint *incx, const double *y, const fint *incy);
fint idamax_(const fint *n, const double *x, const fint *incx);
void dgemv_(const char *trans, const fint *m, const fint *n, const double *alpha, const double *a,
            const fint *lda, const double *x, const fint *incx, const double *beta, double *y,
            const fint *incy, size_t trans_len);
void dscal_(const fint *n, const double *alpha, double *x, const fint *incx);

static char err_name[8];
static fint err_info;

void xerbla_(const char *srname, const fint *info, size_t len)
{
    size_t k = len < sizeof err_name - 1 ? len : sizeof err_name - 1;
    memcpy(err_name, srname, k);
    err_name[k] = 0;
    err_info = *info;
}

static int failures;

static void check(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

int main(void)
{
    double x[4] = {1e16, 1.0, -1e16, 3.0}, ones[4] = {1, 1, 1, 1};
    fint four = 4, one = 1;
    check(ddot_(&four, x, &one, ones, &one) == 4.0, "ddot_ of {1e16, 1, -1e16, 3} with ones is 4");

    fint neg = -(INT64_C(1) << 32) + 3; /* low word 3 */
    check(dasum_(&neg, x, &one) == 0.0, "dasum_ with n = -2^32 + 3 is 0 (n counts as negative)");
    double y[4] = {1, 2, 3, 4};
    double two = 2.0;
    dscal_(&neg, &two, y, &one);
    check(y[0] == 1 && y[3] == 4, "dscal_ with n = -2^32 + 3 leaves x untouched");

    double z[4] = {1, -7, 3, 7};
    fint big = idamax_(&four, z, &one);
    check(big == 2, "idamax_ returns the whole 8-byte index 2");
    check(idamax_(&neg, z, &one) == 0, "idamax_ with n = -2^32 + 3 returns 0");

    fint m = (INT64_C(1) << 32) + 2, n = 2, lda = 2; /* low word of m is 2 */
    double a[4] = {1, 2, 3, 4}, yv[2] = {5, 6}, alpha = 1, beta = 0;
    dgemv_("N", &m, &n, &alpha, a, &lda, x, &one, &beta, yv, &one, 1);
    check(strcmp(err_name, "DGEMV ") == 0 && err_info == 6 && yv[0] == 5 && yv[1] == 6,
          "dgemv_ with m = 2^32 + 2, lda = 2: XERBLA('DGEMV ', 6), y untouched");

    /* every naming convention resolves to the same routine */
    void *lib = dlopen("libblas64.so.3", RTLD_NOW | RTLD_NOLOAD);
    check(lib != NULL, "libblas64.so.3 is the library this program is linked with");
    if (lib) {
        /* Fortran: name_64_ (reference LAPACK's INDEX64 API and OpenBLAS's
         * 64_ suffix agree); CBLAS: cblas_name_64 and cblas_name64_ */
        const char *names[][3] = {{"dgemm_", "dgemm_64_", "dgemm_64_"},
                                  {"cblas_dgemm", "cblas_dgemm_64", "cblas_dgemm64_"},
                                  {"zgemv_", "zgemv_64_", "zgemv_64_"},
                                  {"cblas_idamax", "cblas_idamax_64", "cblas_idamax64_"}};
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            void *p = dlsym(lib, names[i][0]);
            char what[160];
            snprintf(what, sizeof what, "%s, %s and %s are one routine", names[i][0], names[i][1],
                     names[i][2]);
            check(p && dlsym(lib, names[i][1]) == p && dlsym(lib, names[i][2]) == p, what);
        }
    }
    printf(failures ? "ILP64: %d FAILED\n" : "ILP64: PASSED\n", failures);
    return failures != 0;
}

/*
 * lapack_dropin_plugin.c -- the drop-in liblapack.so.3 under a plugin, as
 * NumPy's extension modules load LAPACK: a module linked with -llapack
 * -lblas and opened RTLD_LOCAL, which defines its own xerbla_ (NumPy's
 * raises ValueError where the reference's stops the process).  The
 * reference LAPACK's argument errors must reach the module's handler, as
 * they do with netlib's liblapack.so.3 as the module's dependency
 * (forward.c, route_error_handlers).
 *
 * Built twice: with PLUGIN_MODULE, the module (plugin_run: DORGQR, a
 * routine ExactBLAS forwards, with LDA = 0, then DGETRF with M = -1);
 * without, the program that opens it and checks that each call returned
 * through the module's handler with the routine's name and the argument's
 * position, and that the module's liblapack.so.3 was the drop-in; and
 * that DGESV's own call of DGETRF reached ExactBLAS's DGETRF (own.txt), as
 * the module's does (plugin_solve).
 *
 * usage: lapack_dropin_plugin MODULE   (LD_LIBRARY_PATH: the drop-in folder)
 */
#include <stdio.h>
#include <string.h>

#ifdef PLUGIN_MODULE
static char seen_name[8];
static int seen_info;

/* the module's handler: records and returns, as NumPy's (which then raises) */
void xerbla_(const char *name, const int *info, size_t length)
{
    size_t n = length < 7 ? length : 7;
    memcpy(seen_name, name, n);
    seen_name[n] = '\0';
    while (n > 0 && seen_name[n - 1] == ' ')
        seen_name[--n] = '\0';
    seen_info = *info;
}

void dorgqr_(const int *m, const int *n, const int *k, double *a, const int *lda, const double *tau,
             double *work, const int *lwork, int *info);
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t ltrans);
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);

/* DGESV (the reference's, which calls DGETRF and DGETRS) against DGETRF
 * and DGETRS called here (the drop-in's: ExactBLAS's own DGETRF where
 * own.txt lists it) on an order-300 system: 1 if the bits agree, so that
 * the reference's DGETRF call reached the same routine as this module's. */
int plugin_solve(void)
{
    enum { N = 300 };
    static double a[N * N], lu[N * N], x[N], y[N];
    static int ipiv[N], ipiv2[N];
    unsigned long long s = 12345;
    for (int k = 0; k < N * N; k++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        a[k] = lu[k] = (double)(long long)(s >> 11) / 9007199254740992.0 - 0.5;
    }
    for (int k = 0; k < N; k++)
        x[k] = y[k] = 1.0 / (k + 1);
    int n = N, one = 1, info1 = 0, info2 = 0, info3 = 0;
    dgesv_(&n, &one, a, &n, ipiv, x, &n, &info1);
    dgetrf_(&n, &n, lu, &n, ipiv2, &info2);
    dgetrs_("N", &n, &one, lu, &n, ipiv2, y, &n, &info3, 1);
    return info1 == 0 && info2 == 0 && info3 == 0 && memcmp(x, y, sizeof x) == 0 &&
           memcmp(a, lu, sizeof a) == 0;
}

/* call number `which`; the handler's record and LAPACK's INFO */
int plugin_run(int which, char *name, int *info)
{
    double a[4] = {0}, tau[2] = {0}, work[8];
    int one = 1, zero = 0, minus = -1, lwork = 8, ipiv[2];
    seen_name[0] = '\0';
    seen_info = 0;
    *info = 0;
    if (which == 0)
        dorgqr_(&one, &one, &one, a, &zero, tau, work, &lwork, info);
    else
        dgetrf_(&minus, &one, a, &one, ipiv, info);
    strcpy(name, seen_name);
    return seen_info;
}
#else
#include <dlfcn.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: lapack_dropin_plugin MODULE\n");
        return 2;
    }
    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!module) {
        printf("FAIL cannot open the module: %s\n", dlerror());
        return 1;
    }
    void *lapack = dlopen("liblapack.so.3", RTLD_NOW | RTLD_NOLOAD);
    if (!lapack || !dlsym(lapack, "exactblas_lapack_version")) {
        printf("FAIL the module's liblapack.so.3 is not ExactBLAS's drop-in "
               "(LD_LIBRARY_PATH must name the drop-in folder)\n");
        return 1;
    }
    int (*run)(int, char *, int *) = (int (*)(int, char *, int *))dlsym(module, "plugin_run");
    static const char *const names[2] = {"DORGQR", "DGETRF"};
    static const int positions[2] = {5, 1};
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        char name[8] = "";
        int info = 0;
        int seen = run(k, name, &info);
        int ok = seen == positions[k] && strcmp(name, names[k]) == 0 && info == -positions[k];
        printf("%s %s: the module's XERBLA saw %s, %d; INFO %d\n", ok ? "ok  " : "FAIL", names[k],
               name[0] ? name : "(not called)", seen, info);
        bad += !ok;
    }
    int (*solve)(void) = (int (*)(void))dlsym(module, "plugin_solve");
    int same = solve();
    printf("%s DGESV: the reference's DGETRF call %s the module's DGETRF\n", same ? "ok  " : "FAIL",
           same ? "reached" : "did not reach");
    bad += !same;
    printf("%s\n", bad ? "FAILED"
                       : "PASSED: the reference's argument errors reach the module's XERBLA, "
                         "its DGETRF call the module's DGETRF");
    return bad != 0;
}
#endif

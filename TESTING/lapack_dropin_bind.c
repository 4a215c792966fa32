/*
 * lapack_dropin_bind.c -- what LAPACK's DGESV, DPOTRF and DGEQRF ran on,
 * told by their results: a program linked as any LAPACK user links it
 * (-llapack -lblas; -DLAPACK_ILP64: 8-byte INTEGERs, liblapack64.so.3 and
 * libblas64.so.3), run by lapack_dropin_bind.sh under each set of
 * libraries.  Two 2 x 2 systems whose factorisations hinge on one update
 * rounded once:
 *   DGESV  A = [1 u; l c], b = (u, c), l = 1/2 + 2^-31, u = 2 + 2^-29,
 *          c = 1 + 2^-29: l*u = 1 + 2^-29 + 2^-60, so U22 = c - l*u =
 *          -2^-60 where DGETRF2's one DGEMM rounds once (the exact BLAS),
 *          and 0 -- U singular, INFO = 2 -- where it rounds the product
 *          first (netlib's BLAS); DGETRS's DTRSM then gives x = (0, 1)
 *          exactly only if it too rounds c - l*u once.
 *   DPOTRF A = [1 l; l c], l = 1 + 3 2^-28, c = RN(l*l) = l*l + 7 2^-56:
 *          DSYRK exact leaves 7 2^-56 > 0 and L22 = RN(sqrt(7)) 2^-28;
 *          l*l rounded first leaves 0 (INFO = 2, not positive definite).
 * Then the bytes of DGESV, DPOTRF and DGEQRF on n = 300 (their blocked
 * algorithms: DGEMM, DTRSM, DSYRK, DTRMM, DGEMV, DGER, DNRM2 ...) as FNV-1a
 * hashes, which the script compares between library sets.  Prints one
 * line per case and exits 0 whatever it finds (the script judges).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef LAPACK_ILP64
typedef int64_t fint;
#else
typedef int fint;
#endif

void dgesv_(const fint *n, const fint *nrhs, double *a, const fint *lda, fint *ipiv, double *b,
            const fint *ldb, fint *info);
void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info, size_t);
void dgeqrf_(const fint *m, const fint *n, double *a, const fint *lda, double *tau, double *work,
             const fint *lwork, fint *info);
double dnrm2_(const fint *n, const double *x, const fint *incx);

static uint64_t fnv(uint64_t h, const void *p, size_t bytes)
{
    const unsigned char *c = p;
    for (size_t k = 0; k < bytes; k++)
        h = (h ^ c[k]) * 0x100000001b3ull;
    return h;
}

/* Entries in (-1, 1), the same on every run. */
static void fill(double *a, size_t count, uint64_t seed)
{
    for (size_t k = 0; k < count; k++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        a[k] = (double)(int64_t)(seed >> 11) * 0x1p-52 - 1.0;
    }
}

static void small_cases(void)
{
    fint n = 2, one = 1, ipiv[2], info;
    double l = 0.5 + 0x1p-31, u = 2 + 0x1p-29, c = 1 + 0x1p-29;
    double a[4] = {1, l, u, c}, b[2] = {u, c};
    dgesv_(&n, &one, a, &n, ipiv, b, &n, &info);
    int exact = info == 0 && a[3] == -0x1p-60 && b[0] == 0.0 && b[1] == 1.0;
    printf("dgesv 2x2: info %d, u22 %a, x (%a, %a): %s\n", (int)info, a[3], b[0], b[1],
           exact ? "exact" : "not exact");
    double p = 1 + 3 * 0x1p-28, q = 1 + 3 * 0x1p-27 + 0x1p-52; /* q = RN(p*p) */
    double s[4] = {1, p, p, q};
    dpotrf_("L", &n, s, &n, &info, 1);
    exact = info == 0 && s[1] == p && s[3] == sqrt(7.0) * 0x1p-28;
    printf("dpotrf 2x2: info %d, l22 %a: %s\n", (int)info, s[3], exact ? "exact" : "not exact");
}

static void large_cases(void)
{
    enum { N = 300 };
    fint n = N, one = 1, info, lwork = 64 * N;
    fint *ipiv = malloc(N * sizeof *ipiv);
    double *a = malloc(N * N * sizeof *a), *b = malloc(N * sizeof *b),
           *tau = malloc(N * sizeof *tau), *work = malloc((size_t)lwork * sizeof *work);
    if (!ipiv || !a || !b || !tau || !work) {
        printf("no memory\n");
        exit(1);
    }
    fill(a, N * N, 1);
    fill(b, N, 2);
    dgesv_(&n, &one, a, &n, ipiv, b, &n, &info);
    uint64_t h = fnv(fnv(fnv(0xcbf29ce484222325ull, a, sizeof(double) * N * N), b, sizeof *b * N),
                     ipiv, sizeof *ipiv * N);
    printf("dgesv n=%d: info %d, |x| %a, hash %016llx\n", N, (int)info, dnrm2_(&n, b, &one),
           (unsigned long long)h);
    /* A symmetric and diagonally dominant: positive definite */
    fill(a, N * N, 3);
    for (int j = 0; j < N; j++) {
        for (int i = 0; i < j; i++)
            a[i + j * N] = a[j + i * N];
        a[j + j * N] = N;
    }
    dpotrf_("L", &n, a, &n, &info, 1);
    h = fnv(0xcbf29ce484222325ull, a, sizeof(double) * N * N);
    printf("dpotrf n=%d: info %d, hash %016llx\n", N, (int)info, (unsigned long long)h);
    fill(a, N * N, 4);
    dgeqrf_(&n, &n, a, &n, tau, work, &lwork, &info);
    h = fnv(fnv(0xcbf29ce484222325ull, a, sizeof(double) * N * N), tau, sizeof *tau * N);
    printf("dgeqrf n=%d: info %d, hash %016llx\n", N, (int)info, (unsigned long long)h);
    free(ipiv);
    free(a);
    free(b);
    free(tau);
    free(work);
}

int main(void)
{
    small_cases();
    large_cases();
    return 0;
}

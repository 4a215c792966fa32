/*
 * lapack_own.c -- the drop-in liblapack.so.3's own DGETRF and DPOTRF
 * (SRC/lapack/own_factor.c), called as a program calls LAPACK (linked with
 * the drop-in pair; LAPACK_ILP64: the twin, 8-byte INTEGERs).  Checks, each
 * failure a line starting FAIL and exit status 1:
 *   - the routines that run are the drop-in liblapack's (dladdr);
 *   - backward errors ||P A - L U||_1 / (n ||A||_1 eps) and
 *     ||A - L L^T||_1 / (n ||A||_1 eps) (U^T U for upper) below 1 for
 *     square, tall, wide, lda > m, sizes across the panel (16) and the
 *     recursion; L unit lower with |l_ij| <= 1; the other triangle of
 *     DPOTRF's untouched;
 *   - INFO: a zero column k gives DGETRF's INFO = k (and the factorisation
 *     goes on: the backward error of the rest); a leading minor of order k
 *     not positive (a negative or NaN diagonal entry) gives DPOTRF's INFO = k;
 *   - illegal arguments: XERBLA (this program's, which LAPACK's testers
 *     replace the same way) called once with the routine's name and the
 *     argument's position, INFO = -position, A and IPIV untouched; quick
 *     returns touch nothing.
 * And prints one line per factorisation with a hash of its bits (A, IPIV,
 * INFO): lapack_own.sh requires the same lines under every thread count and
 * GEMM path.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef LAPACK_ILP64
typedef int64_t fint;
#else
typedef int fint;
#endif

void dgetrf_(const fint *m, const fint *n, double *a, const fint *lda, fint *ipiv, fint *info);
void dpotrf_(const char *uplo, const fint *n, double *a, const fint *lda, fint *info, size_t);

static int failures;
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        printf("FAIL ");                                                                           \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
        failures++;                                                                                \
    } while (0)

/* XERBLA: recorded, not printed (LAPACK's testers' CHKXER does the same) */
static char xname[8];
static long xinfo, xcalls;
void xerbla_(const char *name, const fint *info, size_t len)
{
    memset(xname, 0, sizeof xname);
    memcpy(xname, name, len < 7 ? len : 7);
    xinfo = (long)*info;
    xcalls++;
}

static unsigned long long seed = 2026;
static double uniform(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) * 0x1p-52 - 1.0;
}

static unsigned long long hash(const void *p, size_t bytes, unsigned long long h)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ c[i]) * 1099511628211ULL;
    return h;
}

/* the 1-norm of the m x n long double matrix r (ld m) */
static long double norm1(long m, long n, const long double *r)
{
    long double best = 0;
    for (long j = 0; j < n; j++) {
        long double s = 0;
        for (long i = 0; i < m; i++)
            s += fabsl(r[i + j * m]);
        if (s > best)
            best = s;
    }
    return best;
}

/* DGETRF on the m x n matrix a0 (ld m) stored with leading dimension lda;
 * zero_col >= 0: that column set to 0 first (INFO must name it). */
static void lu_case(long m, long n, long lda, long zero_col)
{
    double *a0 = malloc((size_t)(m * n) * sizeof *a0), *a = malloc((size_t)(lda * n) * sizeof *a);
    fint *ipiv = malloc((size_t)(m < n ? m : n) * sizeof *ipiv + 1), fm = m, fn = n, flda = lda,
         info = -99;
    long mn = m < n ? m : n;
    for (long e = 0; e < m * n; e++)
        a0[e] = uniform();
    if (zero_col >= 0)
        for (long i = 0; i < m; i++)
            a0[i + zero_col * m] = 0.0;
    for (long e = 0; e < lda * n; e++)
        a[e] = 777.0; /* the rows below m: never touched */
    for (long j = 0; j < n; j++)
        memcpy(a + j * lda, a0 + j * m, (size_t)m * sizeof *a);
    dgetrf_(&fm, &fn, a, &flda, ipiv, &info);
    long want = zero_col >= 0 && zero_col < mn ? zero_col + 1 : 0;
    if (info != want)
        FAIL("dgetrf %ldx%ld lda %ld zero column %ld: INFO %ld, not %ld", m, n, lda, zero_col,
             (long)info, want);
    for (long j = 0; j < n; j++)
        for (long i = m; i < lda; i++)
            if (a[i + j * lda] != 777.0)
                FAIL("dgetrf %ldx%ld lda %ld: A(%ld,%ld) beyond M written", m, n, lda, i + 1,
                     j + 1);
    /* P A: the exchanges applied to a0 in order */
    long double *r = malloc((size_t)(m * n) * sizeof *r);
    for (long e = 0; e < m * n; e++)
        r[e] = a0[e];
    int pivots_ok = 1;
    for (long k = 0; k < mn; k++) {
        long p = (long)ipiv[k] - 1;
        if (p < k || p >= m) {
            pivots_ok = 0;
            break;
        }
        for (long j = 0; j < n; j++) {
            long double t = r[k + j * m];
            r[k + j * m] = r[p + j * m];
            r[p + j * m] = t;
        }
    }
    if (!pivots_ok) {
        FAIL("dgetrf %ldx%ld: IPIV out of range", m, n);
    } else {
        long double anorm = norm1(m, n, r);
        double lmax = 0;
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++) { /* (P A - L U)(i, j) */
                long double s = r[i + j * m];
                long kmax = i < j ? i : j;
                if (kmax > mn - 1)
                    kmax = mn - 1;
                for (long k = 0; k <= kmax; k++) {
                    long double l = k == i ? 1.0L : a[i + k * lda];
                    s -= l * a[k + j * lda];
                }
                if (i > j && j < mn && fabs(a[i + j * lda]) > lmax)
                    lmax = fabs(a[i + j * lda]);
                r[i + j * m] = s;
            }
        long double ratio = norm1(m, n, r) / ((m > n ? m : n) * anorm * DBL_EPSILON);
        if (!(ratio < 1.0L) || lmax > 1.0)
            FAIL("dgetrf %ldx%ld lda %ld: backward error %.3Lg, max |l_ij| %g", m, n, lda, ratio,
                 lmax);
        printf("dgetrf %ldx%ld lda %ld zero %ld: info %ld error %.3Lg", m, n, lda, zero_col,
               (long)info, ratio);
    }
    unsigned long long h = 14695981039346656037ULL;
    for (long j = 0; j < n; j++)
        h = hash(a + j * lda, (size_t)m * sizeof *a, h);
    h = hash(ipiv, (size_t)mn * sizeof *ipiv, h);
    printf(" hash %016llx\n", h);
    free(a0);
    free(a);
    free(ipiv);
    free(r);
}

/* DPOTRF on an SPD matrix of order n (lda); bad >= 0: diagonal entry bad
 * made negative (nan_diag: NaN), so that the minor of order bad + 1 is the
 * first not positive definite. */
static void chol_case(char uplo, long n, long lda, long bad, int nan_diag)
{
    double *a0 = malloc((size_t)(n * n) * sizeof *a0), *a = malloc((size_t)(lda * n) * sizeof *a);
    fint fn = n, flda = lda, info = -99;
    for (long j = 0; j < n; j++)
        for (long i = 0; i <= j; i++) {
            double v = i == j ? n + 1.0 + uniform() : uniform();
            a0[i + j * n] = a0[j + i * n] = v;
        }
    if (bad >= 0)
        a0[bad + bad * n] = nan_diag ? NAN : -1.0;
    for (long e = 0; e < lda * n; e++)
        a[e] = 555.0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) /* the other triangle: a mark */
            a[i + j * lda] = (uplo == 'L' ? i >= j : i <= j) ? a0[i + j * n] : 333.0;
    dpotrf_(&uplo, &fn, a, &flda, &info, 1);
    long want = bad >= 0 ? bad + 1 : 0;
    if (info != want)
        FAIL("dpotrf %c %ld: INFO %ld, not %ld", uplo, n, (long)info, want);
    for (long j = 0; j < n; j++)
        for (long i = 0; i < lda; i++) {
            int other = i >= n || (uplo == 'L' ? i < j : i > j);
            double mark = i >= n ? 555.0 : 333.0;
            if (other && a[i + j * lda] != mark)
                FAIL("dpotrf %c %ld: A(%ld,%ld) outside the triangle written", uplo, n, i + 1,
                     j + 1);
        }
    long double ratio = 0;
    if (bad < 0) {
        long double *r = malloc((size_t)(n * n) * sizeof *r);
        for (long e = 0; e < n * n; e++)
            r[e] = a0[e];
        long double anorm = norm1(n, n, r);
        for (long j = 0; j < n; j++)
            for (long i = 0; i < n; i++) {
                long double s = r[i + j * n];
                long kmax = i < j ? i : j;
                for (long k = 0; k <= kmax; k++) /* L(i,k) L(j,k), or U(k,i) U(k,j) */
                    s -= uplo == 'L' ? (long double)a[i + k * lda] * a[j + k * lda]
                                     : (long double)a[k + i * lda] * a[k + j * lda];
                r[i + j * n] = s;
            }
        ratio = norm1(n, n, r) / (n * anorm * DBL_EPSILON);
        if (!(ratio < 1.0L))
            FAIL("dpotrf %c %ld lda %ld: backward error %.3Lg", uplo, n, lda, ratio);
        free(r);
    }
    unsigned long long h = 14695981039346656037ULL;
    for (long j = 0; j < n; j++)
        h = hash(a + j * lda, (size_t)n * sizeof *a, h);
    printf("dpotrf %c %ld lda %ld bad %ld%s: info %ld error %.3Lg hash %016llx\n", uplo, n, lda,
           bad, nan_diag ? " (NaN)" : "", (long)info, ratio, h);
    free(a0);
    free(a);
}

/* An illegal argument (or a quick return, pos 0): XERBLA once with name and
 * pos, INFO = -pos, nothing written. */
static void check_error(const char *routine, int pos, long m, long n, long lda, char uplo)
{
    double a[64];
    fint ipiv[8], fm = m, fn = n, flda = lda, info = -99;
    for (int k = 0; k < 64; k++)
        a[k] = k + 0.5;
    for (int k = 0; k < 8; k++)
        ipiv[k] = 100 + k;
    xcalls = 0;
    xinfo = 0;
    xname[0] = 0;
    if (!strcmp(routine, "DGETRF"))
        dgetrf_(&fm, &fn, a, &flda, ipiv, &info);
    else
        dpotrf_(&uplo, &fn, a, &flda, &info, 1);
    int untouched = 1;
    for (int k = 0; k < 64; k++)
        untouched &= a[k] == k + 0.5;
    for (int k = 0; k < 8; k++)
        untouched &= ipiv[k] == 100 + k;
    if (pos) {
        if (xcalls != 1 || strcmp(xname, routine) != 0 || xinfo != pos || info != -pos)
            FAIL("%s argument %d: XERBLA called %ld times (%s, %ld), INFO %ld", routine, pos,
                 xcalls, xname, xinfo, (long)info);
    } else if (xcalls != 0 || info != 0) {
        FAIL("%s quick return m %ld n %ld: XERBLA called %ld times, INFO %ld", routine, m, n,
             xcalls, (long)info);
    }
    if (!untouched)
        FAIL("%s argument %d (m %ld n %ld lda %ld uplo %c): A or IPIV written", routine, pos, m, n,
             lda, uplo);
    printf("%s argument %d: XERBLA %ld call(s), position %ld, INFO %ld, untouched %d\n", routine,
           pos, xcalls, xinfo, (long)info, untouched);
}

int main(void)
{
    /* the routines that run are the drop-in liblapack's own */
    void *routines[2] = {(void *)dgetrf_, (void *)dpotrf_};
    for (int k = 0; k < 2; k++) {
        Dl_info d = {0};
        const char *file = dladdr(routines[k], &d) && d.dli_fname ? d.dli_fname : "?";
        const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
        const char *want = sizeof(fint) == 8 ? "liblapack64.so.3" : "liblapack.so.3";
        printf("%s from %s\n", k ? "dpotrf_" : "dgetrf_", file);
        if (strcmp(base, want) != 0)
            FAIL("%s is not the drop-in %s's", k ? "dpotrf_" : "dgetrf_", want);
    }
    static const long shapes[][3] = {{1, 1, 1},      {2, 2, 2},    {7, 7, 7},       {16, 16, 16},
                                     {17, 17, 20},   {33, 40, 33}, {40, 33, 45},    {100, 100, 100},
                                     {64, 1, 64},    {1, 64, 1},   {301, 150, 301}, {150, 301, 153},
                                     {300, 300, 300}};
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
        lu_case(shapes[s][0], shapes[s][1], shapes[s][2], -1);
    lu_case(50, 50, 50, 0);     /* INFO 1 */
    lu_case(50, 50, 50, 20);    /* INFO 21: inside the recursion's first half */
    lu_case(120, 120, 121, 97); /* INFO 98: a panel of the second half */
    lu_case(40, 60, 40, 50);    /* a zero column beyond min(m, n): INFO 0 */
    static const long orders[][2] = {{1, 1},   {2, 3},     {16, 16},  {17, 17},
                                     {50, 53}, {129, 129}, {300, 300}};
    for (int u = 0; u < 2; u++)
        for (size_t s = 0; s < sizeof orders / sizeof *orders; s++)
            chol_case(u ? 'U' : 'L', orders[s][0], orders[s][1], -1, 0);
    for (int u = 0; u < 2; u++) {
        chol_case(u ? 'U' : 'L', 60, 60, 0, 0);    /* INFO 1 */
        chol_case(u ? 'U' : 'L', 60, 60, 40, 0);   /* INFO 41 */
        chol_case(u ? 'U' : 'L', 100, 101, 9, 1);  /* NaN: INFO 10 */
        chol_case(u ? 'U' : 'L', 100, 100, 99, 0); /* the last: INFO 100 */
    }
    check_error("DGETRF", 1, -1, 3, 3, 0);
    check_error("DGETRF", 2, 3, -1, 3, 0);
    check_error("DGETRF", 4, 5, 3, 4, 0);
    check_error("DGETRF", 4, 0, 3, 0, 0);
    check_error("DGETRF", 0, 0, 3, 1, 0);
    check_error("DGETRF", 0, 3, 0, 3, 0);
    check_error("DPOTRF", 1, 0, 3, 3, 'X');
    check_error("DPOTRF", 2, 0, -1, 3, 'U');
    check_error("DPOTRF", 4, 0, 5, 4, 'L');
    check_error("DPOTRF", 4, 0, 1, 0, 'U');
    check_error("DPOTRF", 0, 0, 0, 1, 'L');
    if (failures) {
        printf("%d failure(s)\n", failures);
        return 1;
    }
    printf("all passed\n");
    return 0;
}

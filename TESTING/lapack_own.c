/*
 * lapack_own.c -- the drop-in liblapack.so.3's own DGETRF and DPOTRF
 * (SRC/lapack/own_factor.c), ZHEEVD and CHEEVD (own_eig.c), called as a program calls LAPACK (linked with
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
 * ZHEEVD and CHEEVD (SRC/lapack/own_eig.c, JOBZ 'V'): the minimal LWORK
 * gives the same bits as a workspace large enough for the blocked
 * back-transformation (the reference with the minimal one would apply the
 * reflectors one at a time: other bits), the reported optimal LWORK at
 * least the minimum, residual ||A Z - Z W||_1 / (n ||A||_1 eps) and
 * ||Z^H Z - I||_1 / (n eps) below 10, an LWORK below the minimum XERBLA's
 * position 8 with A untouched.
 * And prints one line per factorisation and eigendecomposition with a hash
 * of its bits (A, IPIV, W, INFO): lapack_own.sh requires the same lines
 * under every thread count and GEMM path.
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
void zheevd_(const char *jobz, const char *uplo, const fint *n, void *a, const fint *lda, void *w,
             void *work, const fint *lwork, void *rwork, const fint *lrwork, fint *iwork,
             const fint *liwork, fint *info, size_t, size_t);
void cheevd_(const char *jobz, const char *uplo, const fint *n, void *a, const fint *lda, void *w,
             void *work, const fint *lwork, void *rwork, const fint *lrwork, fint *iwork,
             const fint *liwork, fint *info, size_t, size_t);

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
/* ZHEEVD (f32 0) or CHEEVD (1), JOBZ 'V', UPLO uplo ("L": ZUNMTR's QR
 * side, "U": its QL side), on an n x n Hermitian matrix (both triangles
 * stored): the checks of the header. */
static void heevd_case(int f32, long n, const char *uplo)
{
    const char *name = f32 ? "CHEEVD" : "ZHEEVD";
    char label[32];
    snprintf(label, sizeof label, "%s %s", name, uplo);
    void (*heevd)(const char *, const char *, const fint *, void *, const fint *, void *, void *,
                  const fint *, void *, const fint *, fint *, const fint *, fint *, size_t,
                  size_t) = f32 ? cheevd_ : zheevd_;
    size_t es = f32 ? sizeof(float) : sizeof(double);
    long nn = n * n;
    long double *h = malloc((size_t)(2 * nn) * sizeof *h); /* the matrix, both triangles */
    for (long j = 0; j < n; j++)
        for (long i = j; i < n; i++) {
            double re = uniform(), im = i == j ? 0.0 : uniform();
            if (f32)
                re = (float)re, im = (float)im;
            h[2 * (i + j * n)] = h[2 * (j + i * n)] = re;
            h[2 * (i + j * n) + 1] = im;
            h[2 * (j + i * n) + 1] = -im;
        }
    char *a0 = malloc((size_t)(2 * nn) * es), *a[2], *w[2];
    for (long e = 0; e < 2 * nn; e++) {
        if (f32)
            ((float *)a0)[e] = (float)h[e];
        else
            ((double *)a0)[e] = (double)h[e];
    }
    fint fn = n, info[2] = {-99, -99}, query = -1, least = (fint)(2 * n + nn), iq = 0;
    fint big = (fint)(least + 70 * n + 65 * 64), lrwork, liwork;
    double q[2] = {0, 0}, rq = 0; /* the query's answers (binary32 in the first bytes) */
    heevd("V", uplo, &fn, a0, &fn, q, q, &query, &rq, &query, &iq, &query, &info[0], 1, 1);
    float qf, rqf;
    memcpy(&qf, q, sizeof qf);
    memcpy(&rqf, &rq, sizeof rqf);
    double opt = f32 ? (double)qf : q[0];
    lrwork = (fint)(f32 ? (double)rqf : rq);
    liwork = iq;
    if (info[0] != 0 || opt < (double)least)
        FAIL("%s n %ld: the query gave INFO %ld, LWORK %g (the minimum is %ld)", label, n,
             (long)info[0], opt, (long)least);
    void *rwork = malloc((size_t)lrwork * es);
    fint *iwork = malloc((size_t)liwork * sizeof *iwork);
    unsigned long long hh = 14695981039346656037ULL;
    double got_opt = 0;
    for (int r = 0; r < 2; r++) {
        fint lw = r ? big : least;
        char *work = malloc((size_t)(2 * lw) * es);
        a[r] = malloc((size_t)(2 * nn) * es);
        w[r] = malloc((size_t)n * es);
        memcpy(a[r], a0, (size_t)(2 * nn) * es);
        heevd("V", uplo, &fn, a[r], &fn, w[r], work, &lw, rwork, &lrwork, iwork, &liwork, &info[r],
              1, 1);
        if (!r)
            got_opt = f32 ? (double)((float *)work)[0] : ((double *)work)[0];
        free(work);
    }
    if (info[0] != 0 || info[1] != 0)
        FAIL("%s n %ld: INFO %ld and %ld", label, n, (long)info[0], (long)info[1]);
    if (got_opt < (double)least)
        FAIL("%s n %ld: WORK(1) %g below the minimal LWORK %ld", label, n, got_opt, (long)least);
    if (memcmp(a[0], a[1], (size_t)(2 * nn) * es) != 0 || memcmp(w[0], w[1], (size_t)n * es) != 0)
        FAIL("%s n %ld: the minimal LWORK gives other bits than a large one (not blocked)", label,
             n);
    /* residual and orthogonality of the minimal-LWORK result */
    long double *z = malloc((size_t)(2 * nn) * sizeof *z), *r1 = malloc((size_t)nn * sizeof *r1),
                *r2 = malloc((size_t)nn * sizeof *r2), *hn = malloc((size_t)nn * sizeof *hn);
    for (long e = 0; e < 2 * nn; e++)
        z[e] = f32 ? ((float *)a[0])[e] : ((double *)a[0])[e];
    for (long j = 0; j < n; j++) {
        long double wj = f32 ? ((float *)w[0])[j] : ((double *)w[0])[j];
        for (long i = 0; i < n; i++) {
            long double sr = 0, si = 0, or_ = 0, oi = 0;
            for (long l = 0; l < n; l++) {
                long double ar = h[2 * (i + l * n)], ai = h[2 * (i + l * n) + 1];
                long double zr = z[2 * (l + j * n)], zi = z[2 * (l + j * n) + 1];
                long double yr = z[2 * (l + i * n)], yi = -z[2 * (l + i * n) + 1]; /* conj */
                sr += ar * zr - ai * zi;
                si += ar * zi + ai * zr;
                or_ += yr * zr - yi * zi;
                oi += yr * zi + yi * zr;
            }
            sr -= z[2 * (i + j * n)] * wj;
            si -= z[2 * (i + j * n) + 1] * wj;
            r1[i + j * n] = sqrtl(sr * sr + si * si);
            or_ -= i == j;
            r2[i + j * n] = sqrtl(or_ * or_ + oi * oi);
            hn[i + j * n] = sqrtl(h[2 * (i + j * n)] * h[2 * (i + j * n)] +
                                  h[2 * (i + j * n) + 1] * h[2 * (i + j * n) + 1]);
        }
    }
    long double eps = f32 ? FLT_EPSILON : DBL_EPSILON;
    long double res = norm1(n, n, r1) / (n * norm1(n, n, hn) * eps),
                orth = norm1(n, n, r2) / (n * eps);
    if (!(res < 10) || !(orth < 10))
        FAIL("%s n %ld: residual %.3Lg, orthogonality %.3Lg (units of n eps)", label, n, res, orth);
    hh = hash(a[0], (size_t)(2 * nn) * es, hash(w[0], (size_t)n * es, hh));
    printf("%s n %ld: INFO %ld, the minimal LWORK's bits those of LWORK %ld: %s, hash %016llx\n",
           label, n, (long)info[0], (long)big,
           memcmp(a[0], a[1], (size_t)(2 * nn) * es) == 0 ? "yes" : "no", hh);
    /* LWORK below the minimum: XERBLA position 8, A untouched */
    fint small = least - 1, einfo = 0;
    char *work = malloc((size_t)(2 * least) * es);
    memcpy(a[1], a0, (size_t)(2 * nn) * es);
    xcalls = 0;
    xinfo = 0;
    heevd("V", uplo, &fn, a[1], &fn, w[1], work, &small, rwork, &lrwork, iwork, &liwork, &einfo, 1,
          1);
    if (xcalls != 1 || strcmp(xname, name) != 0 || xinfo != 8 || einfo != -8 ||
        memcmp(a[1], a0, (size_t)(2 * nn) * es) != 0)
        FAIL("%s n %ld, LWORK %ld: XERBLA called %ld times (%s, %ld), INFO %ld", label, n,
             (long)small, xcalls, xname, xinfo, (long)einfo);
    free(work);
    for (int r = 0; r < 2; r++) {
        free(a[r]);
        free(w[r]);
    }
    free(a0);
    free(h);
    free(z);
    free(r1);
    free(r2);
    free(hn);
    free(rwork);
    free(iwork);
}

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
    void *routines[4] = {(void *)dgetrf_, (void *)dpotrf_, (void *)zheevd_, (void *)cheevd_};
    const char *rnames[4] = {"dgetrf_", "dpotrf_", "zheevd_", "cheevd_"};
    for (int k = 0; k < 4; k++) {
        Dl_info d = {0};
        const char *file = dladdr(routines[k], &d) && d.dli_fname ? d.dli_fname : "?";
        const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
        const char *want = sizeof(fint) == 8 ? "liblapack64.so.3" : "liblapack.so.3";
        printf("%s from %s\n", rnames[k], file);
        if (strcmp(base, want) != 0)
            FAIL("%s is not the drop-in %s's", rnames[k], want);
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
    heevd_case(0, 150, "L");
    heevd_case(0, 130, "U");
    heevd_case(1, 100, "L");
    heevd_case(1, 90, "U");
    heevd_case(0, 20, "L"); /* below own_eig.c's BLOCKED_MIN: the reference's own way */
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

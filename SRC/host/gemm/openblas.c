/*
 * gemm/openblas.c -- the plain binary64 GEMM under EXDGEMM's split path (see
 * gemm.h).  OpenBLAS's dgemm_ is loaded by its own file name (dlopen,
 * RTLD_LOCAL), so it never takes the place of a dgemm_ the program links
 * itself, and ExactBLAS has no link-time dependency on it.  Without it, a
 * blocked loop.  Either is exact on the slices: every partial sum is an
 * integer below 2^53, whatever the order, blocking, FMA or threads.
 */
#include "backend/gemm.h"
#include "support/path.h"
#include "support/sysres.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <limits.h>
#include <pthread.h>

#ifndef EXB_GEMM_ENGINE_PATH
#define EXB_GEMM_ENGINE_PATH ""
#endif

#define LOOP_BLOCK 128

typedef void (*dgemm_fn)(const char *, const char *, const int *, const int *, const int *,
                         const double *, const double *, const int *, const double *, const int *,
                         const double *, double *, const int *, size_t, size_t);

#ifndef EXB_GEMM_SERIAL_PATH
#define EXB_GEMM_SERIAL_PATH ""
#endif

typedef void (*dtrsm_fn)(const char *, const char *, const char *, const char *, const int *,
                         const int *, const double *, const double *, const int *, double *,
                         const int *, size_t, size_t, size_t, size_t);

static pthread_once_t engine_once = PTHREAD_ONCE_INIT, serial_once = PTHREAD_ONCE_INIT;
static dgemm_fn engine_dgemm, serial_dgemm;
static dtrsm_fn engine_dtrsm;
typedef void (*dgetri_fn)(const int *, double *, const int *, const int *, double *, const int *,
                          int *);
static dgetri_fn engine_dgetri;
typedef void (*sgetri_fn)(const int *, float *, const int *, const int *, float *, const int *,
                          int *);
static sgetri_fn engine_sgetri;
typedef void (*dpotri_fn)(const char *, const int *, double *, const int *, int *, size_t);
static dpotri_fn engine_dpotri;
static pthread_mutex_t serial_lock = PTHREAD_MUTEX_INITIALIZER;

/* OpenBLAS opened by its file name (NULL: none); *dgemm its dgemm_, and
 * the handle is kept for the other routines only where that is there. */
static void *load_openblas(const char *path, int flags, dgemm_fn *dgemm)
{
    void *handle = path[0] ? dlopen(path, RTLD_NOW | RTLD_LOCAL | flags) : NULL;
    *dgemm = handle ? (dgemm_fn)dlsym(handle, "dgemm_") : NULL;
    return *dgemm ? handle : NULL;
}

static void load_engine(void)
{
    void *handle = load_openblas(EXB_GEMM_ENGINE_PATH, 0, &engine_dgemm);
    engine_dtrsm = handle ? (dtrsm_fn)dlsym(handle, "dtrsm_") : NULL;
    engine_dgetri = handle ? (dgetri_fn)dlsym(handle, "dgetri_") : NULL;
    engine_sgetri = handle ? (sgetri_fn)dlsym(handle, "sgetri_") : NULL;
    engine_dpotri = handle ? (dpotri_fn)dlsym(handle, "dpotri_") : NULL;
}

/* The serial build has the same soname as the threaded one the program
 * may have loaded: DEEPBIND keeps its calls inside its own file.
 * AddressSanitizer refuses DEEPBIND: sanitized builds use the loop. */
#if defined(__SANITIZE_ADDRESS__)
#define EXB_NO_DEEPBIND 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EXB_NO_DEEPBIND 1
#endif
#endif

static dgetri_fn serial_dgetri;
static sgetri_fn serial_sgetri;
static dpotri_fn serial_dpotri;

static void load_serial(void)
{
#if defined(RTLD_DEEPBIND) && !defined(EXB_NO_DEEPBIND)
    void *handle = load_openblas(EXB_GEMM_SERIAL_PATH, RTLD_DEEPBIND, &serial_dgemm);
    serial_dgetri = handle ? (dgetri_fn)dlsym(handle, "dgetri_") : NULL;
    serial_sgetri = handle ? (sgetri_fn)dlsym(handle, "sgetri_") : NULL;
    serial_dpotri = handle ? (dpotri_fn)dlsym(handle, "dpotri_") : NULL;
#endif
}

/* OpenBLAS maps a 128 MiB work buffer per calling thread
 * (blas_memory_alloc) and, when the address space cannot hold it, retries
 * for ever instead of failing: under a limit on the address space (ulimit -v)
 * that leaves less than ENGINE_MIN_ADDRESS_SPACE its work goes to the blocked loop, which
 * gives the same (exact) slice products. */
#define ENGINE_MIN_ADDRESS_SPACE ((size_t)4 << 30)

static int address_space_allows_engine(void)
{
    return exb_address_space_left() >= ENGINE_MIN_ADDRESS_SPACE;
}

/* C := A*B, blocked over k so a panel of A stays in cache. */
static void loop_gemm(long m, long n, long k, const double *a, const double *b, double *c)
{
    for (long e = 0; e < m * n; e++)
        c[e] = 0.0;
    for (long l0 = 0; l0 < k; l0 += LOOP_BLOCK) {
        long l1 = l0 + LOOP_BLOCK < k ? l0 + LOOP_BLOCK : k;
        for (long j = 0; j < n; j++)
            for (long l = l0; l < l1; l++) {
                double blj = b[l + j * k];
                if (blj != 0.0)
                    for (long i = 0; i < m; i++)
                        c[i + j * m] += a[i + l * m] * blj;
            }
    }
}

static void call_dgemm(dgemm_fn f, long m, long n, long k, const double *a, const double *b,
                       double *c)
{
    int im = (int)m, in = (int)n, ik = (int)k;
    double one = 1.0, zero = 0.0;
    f("N", "N", &im, &in, &ik, &one, a, &im, b, &ik, &zero, c, &im, 1, 1);
}

const char *exb_gemm_engine(long m, long n, long k, const double *a, const double *b, double *c,
                            exb_device_gemm_fn device, int wg)
{
    if (device && device(m, n, k, a, b, c, wg) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
        return "OpenCL";
    }
    exb_path_host(device != NULL);
    int room = address_space_allows_engine();
    if (room)
        pthread_once(&engine_once, load_engine);
    if (room && engine_dgemm && m <= INT_MAX && n <= INT_MAX && k <= INT_MAX) {
        call_dgemm(engine_dgemm, m, n, k, a, b, c);
        return "OpenBLAS";
    }
    loop_gemm(m, n, k, a, b, c);
    return "host loop";
}

const char *exb_gemm_engine_serial(long m, long n, long k, const double *a, const double *b,
                                   double *c)
{
    int fits = m <= INT_MAX && n <= INT_MAX && k <= INT_MAX;
    if (fits && address_space_allows_engine()) {
        pthread_once(&serial_once, load_serial);
        if (serial_dgemm) {
            /* Debian's serial OpenBLAS (0.3.21, built without USE_LOCKING)
             * hands two concurrent calls the same work buffer now and then
             * (1 call in a few hundred gave wrong products here): one call
             * at a time */
            pthread_mutex_lock(&serial_lock);
            call_dgemm(serial_dgemm, m, n, k, a, b, c);
            pthread_mutex_unlock(&serial_lock);
            return "OpenBLAS serial";
        }
    }
    loop_gemm(m, n, k, a, b, c);
    return "host loop";
}

int exb_plain_dtrsm(char side, char uplo, char transa, char diag, long m, long n, double alpha,
                    const double *a, long lda, double *b, long ldb)
{
    if (!address_space_allows_engine() || m > INT_MAX || n > INT_MAX || lda > INT_MAX ||
        ldb > INT_MAX)
        return -1;
    pthread_once(&engine_once, load_engine);
    if (!engine_dtrsm)
        return -1;
    int im = (int)m, in = (int)n, ia = (int)lda, ib = (int)ldb;
    engine_dtrsm(&side, &uplo, &transa, &diag, &im, &in, &alpha, a, &ia, b, &ib, 1, 1, 1, 1);
    return 0;
}

/* The inverses run on the threaded OpenBLAS (measured: its SGETRI at
 * n = 1000 takes 55 ms against the serial build's 90); on the serial build,
 * one call at a time as its GEMM, where only that one is there.
 * plain_ready: both builds looked up (0 where the address space is too
 * small for OpenBLAS's buffers); plain_lock/plain_unlock around a call of
 * the serial build's routine. */
static int plain_ready(void)
{
    if (!address_space_allows_engine())
        return 0;
    pthread_once(&serial_once, load_serial);
    pthread_once(&engine_once, load_engine);
    return 1;
}

static void plain_lock(int serial)
{
    if (serial)
        pthread_mutex_lock(&serial_lock);
}

static void plain_unlock(int serial)
{
    if (serial)
        pthread_mutex_unlock(&serial_lock);
}

int exb_plain_dgetri(long n, double *a, long lda, const int *ipiv)
{
    if (n > INT_MAX / 64 || lda > INT_MAX || !plain_ready())
        return -1;
    int serial = !engine_dgetri;
    dgetri_fn f = serial ? serial_dgetri : engine_dgetri;
    int in = (int)n, ia = (int)lda, lwork = (int)(64 * n), info = 0;
    double *work = f ? malloc((size_t)lwork * sizeof *work) : NULL;
    if (!work)
        return -1;
    plain_lock(serial);
    f(&in, a, &ia, ipiv, work, &lwork, &info);
    plain_unlock(serial);
    free(work);
    return info == 0 ? 0 : -1;
}

int exb_plain_sgetri(long n, float *a, long lda, const int *ipiv)
{
    if (n > INT_MAX / 64 || lda > INT_MAX || !plain_ready())
        return -1;
    int serial = !engine_sgetri;
    sgetri_fn f = serial ? serial_sgetri : engine_sgetri;
    int in = (int)n, ia = (int)lda, lwork = (int)(64 * n), info = 0;
    float *work = f ? malloc((size_t)lwork * sizeof *work) : NULL;
    if (!work)
        return -1;
    plain_lock(serial);
    f(&in, a, &ia, ipiv, work, &lwork, &info);
    plain_unlock(serial);
    free(work);
    return info == 0 ? 0 : -1;
}

int exb_plain_dpotri(long n, double *a, long lda)
{
    if (n > INT_MAX || lda > INT_MAX || !plain_ready())
        return -1;
    int serial = !engine_dpotri;
    dpotri_fn f = serial ? serial_dpotri : engine_dpotri;
    if (!f)
        return -1;
    int in = (int)n, ia = (int)lda, info = 0;
    plain_lock(serial);
    f("L", &in, a, &ia, &info, 1);
    plain_unlock(serial);
    return info == 0 ? 0 : -1;
}

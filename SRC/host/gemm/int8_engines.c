/*
 * gemm/int8_engines.c -- which integer engine the residue path uses (int8.h): oneDNN
 * when libdnnl.so.2 loads, ExactBLAS's VNNI kernel where the CPU has VNNI;
 * each must pass a check on extreme values first, and of the two that do,
 * the faster on a 256 x 256 x 1024 product (measured once per process, the
 * engines taking turns) wins.  EXACTBLAS_INT8 = onednn | own | 0 forces one (0: none, so the
 * residue path never runs).  The bits never depend on the choice.
 */
#include "int8.h"
#include "backend/gemm.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exactblas.h"
#include "support/knobs.h"
#include "support/note.h"

#ifndef EXB_DNNL_PATH
#define EXB_DNNL_PATH "libdnnl.so.2"
#endif

typedef int (*dnnl_fn)(char, char, char, int64_t, int64_t, int64_t, float, const uint8_t *, int64_t,
                       uint8_t, const int8_t *, int64_t, int8_t, float, int32_t *, int64_t,
                       const int32_t *);
typedef void (*omp_set_fn)(int);
typedef int (*omp_get_fn)(void);

static dnnl_fn dnnl_gemm;
static omp_set_fn omp_set;
static omp_get_fn omp_get;

/* oneDNN is row-major with the layouts of int8.h (transposed = 'T'); its
 * OpenMP team is held to the calling thread for the call (the thread's own
 * setting is put back), so ExactBLAS's threads never oversubscribe. */
static int gemm_onednn(int ta, int tb, long m, long n, long k, const uint8_t *a, long lda,
                       const int8_t *b, long ldb, int32_t *c, long ldc)
{
    int32_t zero = 0, before = omp_get();
    omp_set(1);
    int status = dnnl_gemm(ta ? 'T' : 'N', tb ? 'T' : 'N', 'F', m, n, k, 1.0f, a, lda, 0, b, ldb, 0,
                           0.0f, c, ldc, &zero);
    omp_set(before);
    return status == 0 ? 0 : -1;
}

static int load_onednn(void)
{
    void *h = dlopen(EXB_DNNL_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return 0;
    dnnl_gemm = (dnnl_fn)dlsym(h, "dnnl_gemm_u8s8s32");
    omp_set = (omp_set_fn)dlsym(h, "omp_set_num_threads");
    omp_get = (omp_get_fn)dlsym(h, "omp_get_max_threads");
    return dnnl_gemm && omp_set && omp_get;
}

/* The check: every layout on odd sizes, and the extreme products summed
 * over the longest k (a saturating engine fails it), against a plain loop. */
static int passes(exb_i8_gemm_fn f)
{
    enum { M = 19, N = 37, K = 131, BIGK = EXB_I8_MAX_K };
    uint8_t *a = malloc((size_t)BIGK * 3);
    int8_t *b = malloc((size_t)BIGK * 3);
    int32_t c[M * N];
    int ok = a && b;
    unsigned s = 12345;
    for (long q = 0; ok && q < (long)BIGK * 3; q++) {
        s = s * 1103515245u + 12345u;
        a[q] = (uint8_t)(s >> 16);
        b[q] = (int8_t)(s >> 8);
    }
    for (int ta = 0; ok && ta < 2; ta++)
        for (int tb = 0; ok && tb < 2; tb++) {
            long lda = ta ? M : K, ldb = tb ? K : N;
            ok = f(ta, tb, M, N, K, a, lda, b, ldb, c, N) == 0;
            for (long i = 0; ok && i < M; i++)
                for (long j = 0; ok && j < N; j++) {
                    int64_t sum = 0;
                    for (long l = 0; l < K; l++)
                        sum += (int64_t)(ta ? a[l * lda + i] : a[i * lda + l]) *
                               (tb ? b[j * ldb + l] : b[l * ldb + j]);
                    ok = sum == c[i * N + j];
                }
        }
    if (ok) { /* 1 x 2 x BIGK: 255 * -128 everywhere, then 255 * 127 */
        memset(a, 255, BIGK);
        memset(b, 0x80, BIGK);
        memset(b + BIGK, 127, BIGK);
        ok = f(0, 1, 1, 2, BIGK, a, BIGK, b, BIGK, c, 2) == 0 && c[0] == -255 * 128 * BIGK &&
             c[1] == 255 * 127 * BIGK;
    }
    free(a);
    free(b);
    return ok;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Whether oneDNN is at least as fast as the own kernel on a 256 x 256 x
 * 1024 product: the best of seven runs of each, the two engines taking
 * turns, so that a disturbance while the race runs (another library's
 * threads still spinning after its call, as OpenBLAS's do) falls on both
 * rather than deciding for one: run back to back, the best of three of
 * one engine and then of the other once chose the slower engine for the
 * whole process (the residue path 1.7x slower after a few GEMV calls). */
static int onednn_wins(void)
{
    enum { M = 256, N = 256, K = 1024, RUNS = 7 };
    uint8_t *a = calloc((size_t)M * K, 1);
    int8_t *b = calloc((size_t)K * N, 1);
    int32_t *c = malloc((size_t)M * N * sizeof *c);
    double best[2] = {1e30, 1e30};
    exb_i8_gemm_fn engines[2] = {gemm_onednn, exb_i8_gemm_vnni};
    for (int r = 0; a && b && c && r < 2 * RUNS; r++) {
        int e = (r & 1) ^ ((r >> 1) & 1); /* 0 1 1 0 0 1 1 0 ...: each first as often */
        double t = seconds();
        engines[e](1, 1, M, N, K, a, M, b, K, c, N);
        t = seconds() - t;
        best[e] = t < best[e] ? t : best[e];
    }
    free(a);
    free(b);
    free(c);
    return best[0] <= best[1];
}

/* Each engine checked (and both timed) once per process; which one runs is
 * read from the knobs at every call. */
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT, onednn_once = PTHREAD_ONCE_INIT,
                      own_once = PTHREAD_ONCE_INIT, race_once = PTHREAD_ONCE_INIT;
static int cpu_ok, onednn_ok, own_ok, onednn_faster;

/* The residue path itself (avx512/residue.c) is compiled for AVX-512 VNNI. */
static void check_cpu(void)
{
    cpu_ok = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512vnni");
}

static void check_onednn(void)
{
    onednn_ok = load_onednn() && passes(gemm_onednn);
}

static void check_own(void)
{
    own_ok = passes(exb_i8_gemm_vnni);
}

static void race(void)
{
    onednn_faster = onednn_wins();
}

exb_i8_gemm_fn exb_i8_engine(int want, const char **name)
{
    exb_i8_gemm_fn f = NULL;
    pthread_once(&cpu_once, check_cpu);
    if (cpu_ok && want != EXB_INT8_OFF) {
        int onednn = 0, own = 0;
        if (want == EXB_INT8_AUTO || want == EXB_INT8_ONEDNN) {
            pthread_once(&onednn_once, check_onednn);
            onednn = onednn_ok;
        }
        if (want == EXB_INT8_AUTO || want == EXB_INT8_OWN) {
            pthread_once(&own_once, check_own);
            own = own_ok;
        }
        if (onednn && own)
            pthread_once(&race_once, race);
        f = onednn && (!own || onednn_faster) ? gemm_onednn : (own ? exb_i8_gemm_vnni : NULL);
    }
    if (name)
        *name = f == gemm_onednn ? "oneDNN" : (f ? "AVX-512 VNNI" : "none");
    return f;
}

int exb_host_gemm_crt_available(const exb_knobs *knobs)
{
    return exb_i8_engine(knobs->int8, NULL) != NULL;
}

const char *exactblas_int8_engine(void)
{
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    const char *name;
    exb_i8_engine(knobs.int8, &name);
    return name;
}

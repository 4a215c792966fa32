/*
 * blas_profile.c -- libblasprof.so, a profiler for what a program asks of
 * its BLAS: preloaded (LD_PRELOAD=build/TESTING/libblasprof.so), it stands
 * in front of whatever libblas.so.3 the program loads, times every call of
 * the double-precision routines LAPACK uses, and at exit prints to standard
 * error, per routine and shape class, the calls, the total time in ms and
 * its share of the time spent in the BLAS and of the whole run.  Shapes are
 * classed by powers of two (m, n, k: <=16, <=32, ..., <=1024, >1024) so that
 * the many small and skinny calls of LAPACK's blocked algorithms show up
 * as classes.  Nested calls (a BLAS routine calling another) are counted
 * once, in the outermost.
 *
 *   LD_PRELOAD=build/TESTING/libblasprof.so LD_LIBRARY_PATH=build/dropin \
 *       build/TESTING/bench_lapack 1 1000
 *
 * BLASPROF_TOP=N prints the N largest rows (default 25).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

typedef int fint;

enum { MAXROWS = 4096 };
typedef struct row {
    char key[48];
    long calls;
    double seconds;
} row;
static row rows[MAXROWS];
static int nrows;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int depth;
static double start;

static const char *cls(long v)
{
    static const char *names[] = {"16", "32", "64", "128", "256", "512", "1024"};
    long top = 16;
    for (int k = 0; k < 7; k++, top *= 2)
        if (v <= top)
            return names[k];
    return "big";
}

static void record(const char *key, double seconds)
{
    pthread_mutex_lock(&lock);
    int k = 0;
    while (k < nrows && strcmp(rows[k].key, key) != 0)
        k++;
    if (k == nrows && nrows < MAXROWS)
        snprintf(rows[nrows++].key, sizeof rows[0].key, "%s", key);
    if (k < nrows) {
        rows[k].calls++;
        rows[k].seconds += seconds;
    }
    pthread_mutex_unlock(&lock);
}

static void *next(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        fprintf(stderr, "blasprof: no %s after the profiler\n", name);
        abort();
    }
    return p;
}

static int by_time(const void *a, const void *b)
{
    double x = ((const row *)a)->seconds, y = ((const row *)b)->seconds;
    return (x < y) - (x > y);
}

__attribute__((constructor)) static void begin(void)
{
    start = tl_now();
}

__attribute__((destructor)) static void report(void)
{
    double total = 0.0, run = tl_now() - start;
    for (int k = 0; k < nrows; k++)
        total += rows[k].seconds;
    qsort(rows, (size_t)nrows, sizeof rows[0], by_time);
    const char *top_s = getenv("BLASPROF_TOP");
    int top = top_s ? atoi(top_s) : 25;
    fprintf(stderr, "blasprof: %.1f ms in the BLAS of %.1f ms run (%.0f%%)\n", 1e3 * total,
            1e3 * run, run > 0 ? 100.0 * total / run : 0.0);
    fprintf(stderr, "%-40s %9s %11s %7s\n", "routine shape (class of m n k)", "calls", "ms",
            "%BLAS");
    for (int k = 0; k < nrows && k < top; k++)
        fprintf(stderr, "%-40s %9ld %11.2f %7.1f\n", rows[k].key, rows[k].calls,
                1e3 * rows[k].seconds, total > 0 ? 100.0 * rows[k].seconds / total : 0.0);
}

/* A profiled routine: every argument a pointer word, as Fortran passes
 * them; the shape key from the arguments (a list of the INTEGER ones). */
#define W void *
#define TIMED(ret, call, keyfmt, ...)                                                              \
    do {                                                                                           \
        if (depth++ > 0) {                                                                         \
            ret call;                                                                              \
            depth--;                                                                               \
            break;                                                                                 \
        }                                                                                          \
        double t0 = tl_now();                                                                      \
        ret call;                                                                                  \
        double t1 = tl_now();                                                                      \
        depth--;                                                                                   \
        char key[48];                                                                              \
        snprintf(key, sizeof key, keyfmt, __VA_ARGS__);                                            \
        record(key, t1 - t0);                                                                      \
    } while (0)
#define I(p) (*(const fint *)(p))
#define C(p) (*(const char *)(p))

#define PROFILE_VOID(name, params, args, keyfmt, ...)                                              \
    void name params                                                                               \
    {                                                                                              \
        static void(*f) params;                                                                    \
        if (!f)                                                                                    \
            f = (void(*) params)next(#name);                                                       \
        TIMED(, f args, keyfmt, __VA_ARGS__);                                                      \
    }
#define PROFILE_VALUE(type, name, params, args, keyfmt, ...)                                       \
    type name params                                                                               \
    {                                                                                              \
        static type(*f) params;                                                                    \
        if (!f)                                                                                    \
            f = (type(*) params)next(#name);                                                       \
        type value;                                                                                \
        TIMED(value =, f args, keyfmt, __VA_ARGS__);                                               \
        return value;                                                                              \
    }

#define P2 (W a1, W a2)
#define P3 (W a1, W a2, W a3)
#define P4 (W a1, W a2, W a3, W a4)
#define P5 (W a1, W a2, W a3, W a4, W a5)
#define P6 (W a1, W a2, W a3, W a4, W a5, W a6)
#define P7 (W a1, W a2, W a3, W a4, W a5, W a6, W a7)
#define P8 (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8)
#define P9 (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9)
#define P10 (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9, W a10)
#define P11 (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9, W a10, W a11)
#define P12 (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9, W a10, W a11, W a12)
#define P14                                                                                        \
    (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9, W a10, W a11, W a12, W a13, W a14)
#define P15                                                                                        \
    (W a1, W a2, W a3, W a4, W a5, W a6, W a7, W a8, W a9, W a10, W a11, W a12, W a13, W a14, W a15)
#define A2 (a1, a2)
#define A3 (a1, a2, a3)
#define A4 (a1, a2, a3, a4)
#define A5 (a1, a2, a3, a4, a5)
#define A6 (a1, a2, a3, a4, a5, a6)
#define A7 (a1, a2, a3, a4, a5, a6, a7)
#define A8 (a1, a2, a3, a4, a5, a6, a7, a8)
#define A9 (a1, a2, a3, a4, a5, a6, a7, a8, a9)
#define A10 (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
#define A11 (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11)
#define A12 (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12)
#define A14 (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14)
#define A15 (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)

/* Level 3 (hidden CHARACTER lengths after the Fortran arguments) */
PROFILE_VOID(dgemm_, P15, A15, "dgemm %c%c %s %s %s", C(a1), C(a2), cls(I(a3)), cls(I(a4)),
             cls(I(a5)))
PROFILE_VOID(dtrsm_, P15, A15, "dtrsm %c%c%c%c %s %s", C(a1), C(a2), C(a3), C(a4), cls(I(a5)),
             cls(I(a6)))
PROFILE_VOID(dtrmm_, P15, A15, "dtrmm %c%c%c%c %s %s", C(a1), C(a2), C(a3), C(a4), cls(I(a5)),
             cls(I(a6)))
PROFILE_VOID(dsyrk_, P12, A12, "dsyrk %c%c %s %s", C(a1), C(a2), cls(I(a3)), cls(I(a4)))
PROFILE_VOID(dsyr2k_, P14, A14, "dsyr2k %c%c %s %s", C(a1), C(a2), cls(I(a3)), cls(I(a4)))
PROFILE_VOID(dsymm_, P14, A14, "dsymm %c%c %s %s", C(a1), C(a2), cls(I(a3)), cls(I(a4)))
/* Level 2 */
PROFILE_VOID(dgemv_, P12, A12, "dgemv %c %s %s", C(a1), cls(I(a2)), cls(I(a3)))
PROFILE_VOID(dger_, P9, A9, "dger %s %s", cls(I(a1)), cls(I(a2)))
PROFILE_VOID(dtrsv_, P11, A11, "dtrsv %c%c%c %s", C(a1), C(a2), C(a3), cls(I(a4)))
PROFILE_VOID(dtrmv_, P11, A11, "dtrmv %c%c%c %s", C(a1), C(a2), C(a3), cls(I(a4)))
PROFILE_VOID(dsymv_, P11, A11, "dsymv %c %s", C(a1), cls(I(a2)))
PROFILE_VOID(dsyr2_, P10, A10, "dsyr2 %c %s", C(a1), cls(I(a2)))
PROFILE_VOID(dsyr_, P8, A8, "dsyr %c %s", C(a1), cls(I(a2)))
/* Level 1 */
PROFILE_VOID(dscal_, P4, A4, "dscal %s", cls(I(a1)))
PROFILE_VOID(dswap_, P5, A5, "dswap %s", cls(I(a1)))
PROFILE_VOID(dcopy_, P5, A5, "dcopy %s", cls(I(a1)))
PROFILE_VOID(daxpy_, P6, A6, "daxpy %s", cls(I(a1)))
PROFILE_VOID(drot_, P7, A7, "drot %s", cls(I(a1)))
PROFILE_VALUE(fint, idamax_, P3, A3, "idamax %s", cls(I(a1)))
PROFILE_VALUE(double, ddot_, P5, A5, "ddot %s", cls(I(a1)))
PROFILE_VALUE(double, dnrm2_, P3, A3, "dnrm2 %s", cls(I(a1)))
PROFILE_VALUE(double, dasum_, P3, A3, "dasum %s", cls(I(a1)))

/*
 * timing.h -- the clock and the statistics of every benchmark driver and
 * of the tests that time themselves: monotonic wall time, the median, and
 * the median of a call's timed repetitions.  Header-only (libc alone), so
 * that the drivers that do not link testlib (bench_drivers, bench_lapack,
 * the preloaded profiler blas_profile) share it too; testlib.h includes it.
 */
#ifndef EXACTBLAS_TIMING_H
#define EXACTBLAS_TIMING_H

#include <stdlib.h>
#include <time.h>

/* Monotonic wall time in seconds. */
static inline double tl_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int tl_cmp_double(const void *p, const void *q)
{
    double x = *(const double *)p, y = *(const double *)q;
    return (x > y) - (x < y);
}

/* The median of t[0..n) (n >= 1), which it sorts: the middle value for odd
 * n, the mean of the two middle values for even n (the usual definition; a
 * benchmark timed twice reports the mean of its two times, not the slower). */
static inline double tl_median(double *t, long n)
{
    qsort(t, (size_t)n, sizeof t[0], tl_cmp_double);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* The median in ms of `reps` (at most 101) timed calls fn(arg), after one
 * untimed call whose time in seconds goes to *first when first is not NULL. */
static inline double tl_time_ms(void (*fn)(void *arg), void *arg, int reps, double *first)
{
    double t[101];
    reps = reps > 101 ? 101 : (reps < 1 ? 1 : reps);
    double t0 = tl_now();
    fn(arg);
    if (first)
        *first = tl_now() - t0;
    for (int r = 0; r < reps; r++) {
        t0 = tl_now();
        fn(arg);
        t[r] = 1e3 * (tl_now() - t0);
    }
    return tl_median(t, reps);
}

#endif

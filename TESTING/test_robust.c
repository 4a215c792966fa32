/*
 * test_robust.c -- what a caller's environment must not change: the caller's
 * rounding mode (all four, and flush-to-zero), threads calling at once (the
 * process's very first call included), fork(), a low memory limit and an
 * absurd thread count.  Each runs one workload -- every routine on data with
 * a wide exponent range, cancellation, signed zeros and specials -- and
 * compares a hash of all its output bytes with the same workload run plainly
 * in a separate, untouched process.
 *
 * usage: test_robust <check> <host|opencl>
 *   check: rounding | threads | fork | memory
 * The path is set with EXACTBLAS_DEVICE and proven by exactblas_last_path;
 * "opencl" without a usable device exits 77 (a CTest skip).  Every check runs
 * under a watchdog: a hang is a failure with the check's name.
 */
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "exactblas.h"
#include "testlib.h"

#define WATCHDOG 300
#define NSUM 100000
#define NM 96 /* matrices */
#define NT 400 /* triangular systems (overflowing solutions among them) */

static int opencl_mode;
static const char *check_name = "";

static void on_hang(int sig)
{
    (void)sig;
    static const char msg[] = "FAILED: no progress within the watchdog's limit: ";
    write(1, msg, sizeof msg - 1);
    write(1, check_name, strlen(check_name));
    write(1, "\n", 1);
    _exit(1);
}

typedef struct workload {
    double *x, *y, *a, *b, *c, *t, *rhs;
} workload;

/* Wide exponents, cancellation, signed zeros and one NaN/Inf of each kind. */
static void make_data(workload *w)
{
    tl_rng r;
    tl_rng_seed(&r, 4242);
    w->x = malloc(NSUM * sizeof(double));
    w->y = malloc(NSUM * sizeof(double));
    tl_generate("illcond", 1e60, NSUM, &r, w->x, w->y);
    w->x[7] = -0.0;
    w->a = malloc(NM * NM * sizeof(double));
    w->b = malloc(NM * NM * sizeof(double));
    w->c = malloc(NM * NM * sizeof(double));
    for (int k = 0; k < NM * NM; k++) {
        w->a[k] = tl_rng_sign(&r) * tl_rng_loguniform(&r, -40, 40);
        w->b[k] = tl_rng_sign(&r) * tl_rng_loguniform(&r, -3, 3);
        w->c[k] = (k % 5 == 0) ? -0.0 : tl_rng_sign(&r) * tl_rng_loguniform(&r, -10, 10);
    }
    for (int i = 0; i < NM; i++) /* row 0 of A cancels exactly with row 1 */
        w->a[1 + i * NM] = -w->a[i * NM];
    w->a[5] = NAN;
    /* an ill-conditioned unit lower triangle whose solution overflows */
    w->t = malloc((size_t)NT * NT * sizeof(double));
    w->rhs = malloc(NT * sizeof(double));
    for (int j = 0; j < NT; j++)
        for (int i = 0; i < NT; i++)
            w->t[i + j * NT] = i > j ? tl_rng_sign(&r) * (1.5 + tl_rng_uniform(&r)) : NAN;
    for (int i = 0; i < NT; i++)
        w->rhs[i] = tl_rng_sign(&r) * tl_rng_uniform(&r);
}

static uint64_t hash_bytes(uint64_t h, const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < len; k++)
        h = (h ^ b[k]) * 0x100000001b3ULL;
    return h;
}

static int path_ok = 1;

static void note_path(void)
{
    int p = exactblas_last_path();
    if (p == EXACTBLAS_PATH_NONE)
        return;
    int ok = opencl_mode ? (p & EXACTBLAS_PATH_OPENCL) && !(p & EXACTBLAS_PATH_FALLBACK)
                         : (p & EXACTBLAS_PATH_HOST) && !(p & EXACTBLAS_PATH_OPENCL);
    if (!ok)
        path_ok = 0;
}

/* Every routine once; the hash of every output byte. */
static uint64_t run_workload(const workload *w)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    double r[4];
    r[0] = exactblas_dsum(NSUM, w->x, 1);
    note_path();
    r[1] = exactblas_ddot(NSUM, w->x, 1, w->y, 1);
    note_path();
    r[2] = exactblas_dsum(9, w->x + 3, 1); /* small, with -0 */
    r[3] = exactblas_ddot(NSUM / 7, w->x, -3, w->y, 2);
    h = hash_bytes(h, r, sizeof r);
    double *y = malloc(NM * sizeof(double)), *c = malloc(NM * NM * sizeof(double));
    for (int t = 0; t < 2; t++) {
        memcpy(y, w->c, NM * sizeof(double));
        exactblas_dgemv(t ? 'T' : 'N', NM, NM, -1.5, w->a, NM, w->b, 1, 0.75, y, 1);
        note_path();
        h = hash_bytes(h, y, NM * sizeof(double));
    }
    const char *paths[2] = {"general", "split"};
    for (int p = 0; p < 2; p++) {
        setenv("EXACTBLAS_GEMM_PATH", paths[p], 1);
        memcpy(c, w->c, NM * NM * sizeof(double));
        exactblas_dgemm('N', 'T', NM, NM, NM, 1.0, w->b, NM, w->b, NM, -2.0, c, NM);
        note_path();
        h = hash_bytes(h, c, NM * NM * sizeof(double));
    }
    unsetenv("EXACTBLAS_GEMM_PATH");
    double *x = malloc(NT * sizeof(double));
    memcpy(x, w->rhs, NT * sizeof(double));
    exactblas_dtrsv('L', 'N', 'U', NT, w->t, NT, x, 1);
    note_path();
    h = hash_bytes(h, x, NT * sizeof(double));
    memcpy(x, w->rhs, 64 * sizeof(double));
    int info;
    exactblas_dtrsvx('L', 'N', 'U', 64, w->t, NT, x, 1, 2, &info);
    note_path();
    h = hash_bytes(h, x, 64 * sizeof(double));
    h = hash_bytes(h, &info, sizeof info);
    free(x);
    free(y);
    free(c);
    return h;
}

static workload data;

/* tl_opencl_available, asked in a child: the OpenCL runtime starts threads
 * when first used, and this process must not have them before it forks
 * (a child of a process that has used OpenCL cannot use it; see fork). */
static int opencl_available_elsewhere(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0)
        _exit(tl_opencl_available() ? 0 : 1);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int verdict(const char *what, uint64_t want, uint64_t got)
{
    int ok = want == got && want != 0;
    printf("%s %-48s %016llx %016llx\n", ok ? "ok  " : "FAIL", what, (unsigned long long)want,
           (unsigned long long)got);
    return ok;
}

static int check_rounding(uint64_t want)
{
    static const struct { int mode; const char *name; } modes[] = {
        {FE_DOWNWARD, "FE_DOWNWARD"}, {FE_UPWARD, "FE_UPWARD"},
        {FE_TOWARDZERO, "FE_TOWARDZERO"}, {FE_TONEAREST, "FE_TONEAREST"}};
    int ok = 1;
    /* the first call of this process is made in a directed mode */
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        fesetround(modes[m].mode);
        uint64_t h = run_workload(&data);
        int kept = fegetround() == modes[m].mode;
        fesetround(FE_TONEAREST);
        char what[80];
        snprintf(what, sizeof what, "caller in %s%s", modes[m].name, kept ? "" : " (NOT restored)");
        ok &= verdict(what, want, h) && kept;
    }
#if defined(__x86_64__)
    unsigned int saved = _mm_getcsr(), ftz = saved | 0x8040u | (2u << 13); /* FTZ, DAZ, down */
    _mm_setcsr(ftz);
    uint64_t h = run_workload(&data);
    int kept = _mm_getcsr() == ftz;
    _mm_setcsr(saved);
    ok &= verdict(kept ? "caller with FTZ+DAZ, rounding down" : "FTZ+DAZ (NOT restored)", want, h) &&
          kept;
#endif
    return ok;
}

typedef struct thread_arg {
    pthread_barrier_t *start;
    uint64_t hash;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *t = p;
    pthread_barrier_wait(t->start);
    t->hash = run_workload(&data);
    return NULL;
}

static int check_threads(uint64_t want)
{
    enum { N = 4 };
    pthread_t th[N];
    thread_arg args[N];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, N);
    for (int k = 0; k < N; k++) {
        args[k].start = &start;
        pthread_create(&th[k], NULL, thread_main, &args[k]);
    }
    int ok = 1;
    for (int k = 0; k < N; k++) {
        pthread_join(th[k], NULL);
        char what[64];
        snprintf(what, sizeof what, "thread %d of %d, all calling at once (first call)", k, N);
        ok &= verdict(what, want, args[k].hash);
    }
    ok &= verdict("serial call afterwards", want, run_workload(&data));
    return ok;
}

/* Runs fn in a child (after `prepare`), with its own watchdog; the child's
 * hash, or 0 when it crashed, hung or exited badly. */
static uint64_t in_child(void (*prepare)(void), int *status_out)
{
    int fd[2];
    if (pipe(fd) != 0)
        return 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(WATCHDOG / 2);
        if (prepare)
            prepare();
        uint64_t h = run_workload(&data);
        write(fd[1], &h, sizeof h);
        exit(0); /* a normal exit: atexit handlers and library teardown run */
    }
    close(fd[1]);
    uint64_t h = 0;
    if (read(fd[0], &h, sizeof h) != sizeof h)
        h = 0;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    *status_out = status;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? h : 0;
}

/* The workload in a fresh child process with nothing changed: the reference. */
static uint64_t reference_hash(void)
{
    int status;
    return in_child(NULL, &status);
}

static int check_fork(uint64_t want)
{
    int ok = verdict("parent before fork", want, run_workload(&data));
    int status;
    uint64_t h = in_child(NULL, &status);
    ok &= verdict("child after the parent's calls", want, h);
    ok &= verdict("parent after fork", want, run_workload(&data));
    return ok;
}

static long limit_mb;

static void limit_memory(void)
{
    struct rlimit rl = {(rlim_t)limit_mb << 20, (rlim_t)limit_mb << 20};
    setrlimit(RLIMIT_AS, &rl);
}

static int check_memory(uint64_t want)
{
    int ok = 1;
    static const struct { long mb; const char *threads; } cases[] = {
        {400, NULL}, {200, NULL}, {2048, "1000"}, {400, "64"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        limit_mb = cases[k].mb;
        if (cases[k].threads)
            setenv("EXACTBLAS_THREADS", cases[k].threads, 1);
        int status;
        uint64_t h = in_child(limit_memory, &status);
        unsetenv("EXACTBLAS_THREADS");
        char what[96];
        snprintf(what, sizeof what, "ulimit -v %ld MB%s%s: %s", cases[k].mb,
                 cases[k].threads ? ", EXACTBLAS_THREADS=" : "",
                 cases[k].threads ? cases[k].threads : "",
                 WIFSIGNALED(status) ? "killed by a signal" : "exited");
        ok &= verdict(what, want, h);
    }
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[2], "host") && strcmp(argv[2], "opencl"))) {
        fprintf(stderr, "usage: %s rounding|threads|fork|memory host|opencl\n", argv[0]);
        return 2;
    }
    check_name = argv[1];
    opencl_mode = strcmp(argv[2], "opencl") == 0;
    if (opencl_mode && !opencl_available_elsewhere()) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics\n");
        return TL_SKIP;
    }
    setenv("EXACTBLAS_DEVICE", argv[2], 1);
    signal(SIGALRM, on_hang);
    alarm(WATCHDOG);
    make_data(&data);
    uint64_t want = reference_hash();
    int ok;
    if (strcmp(argv[1], "rounding") == 0)
        ok = check_rounding(want);
    else if (strcmp(argv[1], "threads") == 0)
        ok = check_threads(want);
    else if (strcmp(argv[1], "fork") == 0)
        ok = check_fork(want);
    else if (strcmp(argv[1], "memory") == 0)
        ok = check_memory(want);
    else
        return 2;
    if (!path_ok) {
        printf("FAIL: a call did not run on the %s path\n", argv[2]);
        ok = 0;
    }
    printf("%s %s: %s\n", argv[1], argv[2], ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}

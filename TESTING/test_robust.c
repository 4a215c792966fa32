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
#include "workload.h"

#define WATCHDOG 300

static int opencl_mode;
static const char *check_name = "";

static int wrong_paths;
/* the path the calls must take (tl_check_path); NULL: any */
static const char *path_setting = "EXACTBLAS_DEVICE=host";

/* The workload with both EXDGEMM paths (one thread: it sets
 * EXACTBLAS_GEMM_PATH), or as the environment says (threads calling at once
 * must not touch the environment). */
static uint64_t run_workload(const tl_workload *w, enum tl_gemm_choice gemm)
{
    return tl_workload_run(w, gemm, path_setting, &wrong_paths);
}

static tl_workload data;

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
    static const struct {
        int mode;
        const char *name;
    } modes[] = {{FE_DOWNWARD, "FE_DOWNWARD"},
                 {FE_UPWARD, "FE_UPWARD"},
                 {FE_TOWARDZERO, "FE_TOWARDZERO"},
                 {FE_TONEAREST, "FE_TONEAREST"}};
    int ok = 1;
    /* the first call of this process is made in a directed mode */
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        fesetround(modes[m].mode);
        uint64_t h = run_workload(&data, TL_GEMM_BOTH);
        int kept = fegetround() == modes[m].mode;
        fesetround(FE_TONEAREST);
        char what[80];
        snprintf(what, sizeof what, "caller in %s%s", modes[m].name, kept ? "" : " (NOT restored)");
        ok &= verdict(what, want, h) && kept;
    }
#if defined(__x86_64__)
    unsigned int saved = _mm_getcsr(), ftz = saved | 0x8040u | (2u << 13); /* FTZ, DAZ, down */
    _mm_setcsr(ftz);
    uint64_t h = run_workload(&data, TL_GEMM_BOTH);
    int kept = _mm_getcsr() == ftz;
    _mm_setcsr(saved);
    ok &=
        verdict(kept ? "caller with FTZ+DAZ, rounding down" : "FTZ+DAZ (NOT restored)", want, h) &&
        kept;
#endif
    return ok;
}

typedef struct thread_arg {
    pthread_barrier_t *start;
    uint64_t hash;
    int wrong_paths;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *t = p;
    pthread_barrier_wait(t->start);
    t->hash = tl_workload_run(&data, TL_GEMM_ENV, path_setting, &t->wrong_paths);
    return NULL;
}

static uint64_t in_child(void (*prepare)(void), enum tl_gemm_choice gemm, int *status_out);

/* Four threads calling every routine at once, once per EXDGEMM path (set
 * before they start: threads must not change the environment); the first
 * round holds the process's very first calls. */
static int check_threads(void)
{
    enum { N = 4 };
    static const char *paths[2] = {"general", "split"};
    int ok = 1;
    uint64_t want[2];
    for (int p = 0; p < 2; p++) { /* in children, before this process uses OpenCL */
        setenv("EXACTBLAS_GEMM_PATH", paths[p], 1);
        exactblas_reload_knobs();
        int status;
        want[p] = in_child(NULL, TL_GEMM_ENV, &status);
    }
    for (int p = 0; p < 2; p++) {
        setenv("EXACTBLAS_GEMM_PATH", paths[p], 1);
        exactblas_reload_knobs();
        pthread_t th[N];
        thread_arg args[N];
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, N);
        for (int k = 0; k < N; k++) {
            args[k] = (thread_arg){&start, 0, 0};
            pthread_create(&th[k], NULL, thread_main, &args[k]);
        }
        for (int k = 0; k < N; k++) {
            pthread_join(th[k], NULL);
            wrong_paths += args[k].wrong_paths;
            char what[96];
            snprintf(what, sizeof what, "GEMM %s: thread %d of %d, all calling at once%s", paths[p],
                     k, N, p == 0 ? " (first call)" : "");
            ok &= verdict(what, want[p], args[k].hash);
        }
        pthread_barrier_destroy(&start);
        char what[64];
        snprintf(what, sizeof what, "GEMM %s: serial call afterwards", paths[p]);
        ok &= verdict(what, want[p], run_workload(&data, TL_GEMM_ENV));
    }
    unsetenv("EXACTBLAS_GEMM_PATH");
    exactblas_reload_knobs();
    return ok;
}

typedef struct child_job {
    void (*prepare)(void);
    enum tl_gemm_choice gemm;
} child_job;

static int child_main(void *arg, int fd)
{
    const child_job *job = arg;
    if (job->prepare)
        job->prepare();
    uint64_t h = run_workload(&data, job->gemm);
    write(fd, &h, sizeof h);
    return wrong_paths ? 3 : 0;
}

/* The workload in a child (after `prepare`), with its own watchdog; the
 * child's hash, or 0 when it crashed, hung, went off its path or exited
 * badly.  The child exits normally: atexit handlers and library teardown
 * run. */
static uint64_t in_child(void (*prepare)(void), enum tl_gemm_choice gemm, int *status_out)
{
    child_job job = {prepare, gemm};
    char out[sizeof(uint64_t) + 1];
    size_t len;
    int status = tl_child(child_main, &job, WATCHDOG / 2, 0, out, sizeof out, &len);
    *status_out = status;
    uint64_t h = 0;
    if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || len != sizeof h)
        return 0;
    memcpy(&h, out, sizeof h);
    return h;
}

/* The workload in a fresh child process with nothing changed: the reference. */
static uint64_t reference_hash(void)
{
    int status;
    return in_child(NULL, TL_GEMM_BOTH, &status);
}

/* A child of a process that used OpenCL takes the host path (one line). */
static void expect_fallback(void)
{
    if (opencl_mode)
        path_setting = "EXACTBLAS_DEVICE=opencl TL_EXPECT=fallback";
}

static int check_fork(uint64_t want)
{
    int ok = verdict("parent before fork", want, run_workload(&data, TL_GEMM_BOTH));
    int status;
    uint64_t h = in_child(expect_fallback, TL_GEMM_BOTH, &status);
    ok &= verdict("child after the parent's calls", want, h);
    ok &= verdict("parent after fork", want, run_workload(&data, TL_GEMM_BOTH));
    return ok;
}

static long limit_mb;

static void limit_memory(void)
{
    struct rlimit rl = {(rlim_t)limit_mb << 20, (rlim_t)limit_mb << 20};
    setrlimit(RLIMIT_AS, &rl);
    path_setting = NULL; /* short of memory, OpenCL may fall back to the host path */
}

static int check_memory(uint64_t want)
{
    int ok = 1;
    static const struct {
        long mb;
        const char *threads;
    } cases[] = {{400, NULL}, {200, NULL}, {800, NULL}, {2048, "1000"}, {400, "64"}, {6144, NULL}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        limit_mb = cases[k].mb;
        if (cases[k].threads) {
            setenv("EXACTBLAS_THREADS", cases[k].threads, 1);
            exactblas_reload_knobs();
        }
        int status;
        uint64_t h = in_child(limit_memory, TL_GEMM_BOTH, &status);
        unsetenv("EXACTBLAS_THREADS");
        exactblas_reload_knobs();
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
#ifdef __SANITIZE_ADDRESS__
    if (strcmp(argv[1], "memory") == 0) {
        /* AddressSanitizer reserves terabytes of address space for its shadow */
        printf("SKIPPED: an address-space limit cannot be tested under AddressSanitizer\n");
        return TL_SKIP;
    }
#endif
    opencl_mode = strcmp(argv[2], "opencl") == 0;
    if (opencl_mode && !opencl_available_elsewhere()) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics\n");
        return TL_SKIP;
    }
    setenv("EXACTBLAS_DEVICE", argv[2], 1);
    exactblas_reload_knobs();
    path_setting = opencl_mode ? "EXACTBLAS_DEVICE=opencl" : "EXACTBLAS_DEVICE=host";
    tl_watchdog(WATCHDOG, check_name);
    tl_workload_make(&data, 100000, 96, 400, 4242);
    uint64_t want = strcmp(argv[1], "threads") ? reference_hash() : 0;
    int ok;
    if (strcmp(argv[1], "rounding") == 0)
        ok = check_rounding(want);
    else if (strcmp(argv[1], "threads") == 0)
        ok = check_threads();
    else if (strcmp(argv[1], "fork") == 0)
        ok = check_fork(want);
    else if (strcmp(argv[1], "memory") == 0)
        ok = check_memory(want);
    else
        return 2;
    if (wrong_paths) {
        printf("FAIL: a call did not run on the %s path\n", argv[2]);
        ok = 0;
    }
    printf("%s %s: %s\n", argv[1], argv[2], ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}

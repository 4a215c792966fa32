/* pool.c -- ExactBLAS's worker threads (see pool.h). */
#include "pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CPU_RELAX() _mm_pause()
#else
#define CPU_RELAX() ((void)0)
#endif

#include "core/fpenv.h"
#include "support/sysres.h"
#include "backend/tuning.h"

#define WORKER_STACK (1u << 20) /* shares keep long accumulators on the stack */
#define MAX_WORKERS 255
/* After a task a worker polls for the next one this long before it sleeps:
 * a back-to-back caller then finds it awake (a sleeping worker takes tens of
 * microseconds to wake on a virtual machine), and it still sleeps promptly,
 * so it never spins for long against OpenBLAS's or the caller's threads. */
#define SPIN_NS (exb_tuning_of(EXB_CLASS_HOST)->pool_spin_ns)

static struct {
    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t wake, done;
    int workers;        /* created and waiting or working */
    unsigned long task; /* generation: bumped for every task */
    exb_share_fn fn;
    void *arg;
    int parts;
    int next;    /* next share to claim (atomic) */
    int running; /* workers not yet done with the current task */
} pool = {PTHREAD_MUTEX_INITIALIZER,
          PTHREAD_COND_INITIALIZER,
          PTHREAD_COND_INITIALIZER,
          0,
          0,
          NULL,
          NULL,
          0,
          0,
          0};

/* One task at a time; a caller that finds it taken runs its shares alone. */
static pthread_mutex_t task_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void run_shares(exb_share_fn fn, void *arg, int parts)
{
    int s;
    while ((s = __atomic_fetch_add(&pool.next, 1, __ATOMIC_RELAXED)) < parts)
        fn(arg, s, parts);
}

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Polls (without the lock) until pool.task differs from seen or SPIN_NS
 * have passed. */
static void spin_for_task(unsigned long seen)
{
    long start = now_ns();
    for (int k = 1; __atomic_load_n(&pool.task, __ATOMIC_ACQUIRE) == seen; k++) {
        CPU_RELAX();
        if ((k & 63) == 0 && now_ns() - start > SPIN_NS)
            return;
    }
}

void exb_pool_relax(unsigned *k)
{
    if ((++*k & 255) == 0)
        sched_yield();
    else
        CPU_RELAX();
}

/* `created` is the task generation when the worker was made: the task it
 * was made for is the next one, even if that is posted before it runs. */
static void *worker(void *created)
{
    unsigned long seen = (unsigned long)(uintptr_t)created;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        while (pool.task == seen)
            pthread_cond_wait(&pool.wake, &pool.lock);
        seen = pool.task;
        exb_share_fn fn = pool.fn;
        void *arg = pool.arg;
        int parts = pool.parts;
        pthread_mutex_unlock(&pool.lock);
        exb_fpenv env = exb_fpenv_enter();
        run_shares(fn, arg, parts);
        exb_fpenv_leave(env);
        pthread_mutex_lock(&pool.lock);
        if (--pool.running == 0)
            pthread_cond_signal(&pool.done);
        pthread_mutex_unlock(&pool.lock);
        spin_for_task(seen);
        pthread_mutex_lock(&pool.lock);
    }
    return NULL;
}

/* The child of a fork has none of the parent's threads: start afresh. */
static void after_fork_child(void)
{
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t fresh_cond = PTHREAD_COND_INITIALIZER;
    pool.lock = fresh;
    task_lock = fresh;
    pool.wake = fresh_cond;
    pool.done = fresh_cond;
    pool.workers = 0;
    pool.running = 0;
}

static void register_atfork(void)
{
    pthread_atfork(NULL, NULL, after_fork_child);
}

/* Up to `want` workers; as many as could be created.  Call with pool.lock held. */
static void grow(int want)
{
    if (want > MAX_WORKERS)
        want = MAX_WORKERS;
    pthread_attr_t attr;
    if (pool.workers >= want || pthread_attr_init(&attr) != 0)
        return;
    pthread_attr_setstacksize(&attr, WORKER_STACK);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    while (pool.workers < want) {
        pthread_t t;
        if (pthread_create(&t, &attr, worker, (void *)(uintptr_t)pool.task) != 0)
            break; /* no thread to be had: the caller does more itself */
        pool.workers++;
    }
    pthread_attr_destroy(&attr);
}

void exb_parallel(int parts, exb_share_fn fn, void *arg)
{
    if (parts <= 1) {
        if (parts == 1)
            fn(arg, 0, 1);
        return;
    }
    pthread_once(&atfork_once, register_atfork);
    if (pthread_mutex_trylock(&task_lock) != 0) {
        for (int s = 0; s < parts; s++) /* busy, or a share calling back in */
            fn(arg, s, parts);
        return;
    }
    int cpus = exb_sys_cpus();
    pthread_mutex_lock(&pool.lock);
    grow((parts < cpus ? parts : cpus) - 1);
    pool.fn = fn;
    pool.arg = arg;
    pool.parts = parts;
    __atomic_store_n(&pool.next, 0, __ATOMIC_RELAXED);
    pool.running = pool.workers;
    __atomic_store_n(&pool.task, pool.task + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);

    run_shares(fn, arg, parts);

    pthread_mutex_lock(&pool.lock);
    while (pool.running > 0)
        pthread_cond_wait(&pool.done, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&task_lock);
}

void exb_parallel_sized(long threads, long work, long per_thread, long most, exb_share_fn fn,
                        void *arg)
{
    long useful = per_thread > 0 ? work / per_thread : threads;
    threads = threads < useful ? threads : useful;
    threads = threads < most ? threads : most;
    if (threads <= 1)
        fn(arg, 0, 1);
    else
        exb_parallel((int)threads, fn, arg);
}

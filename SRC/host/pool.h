/*
 * pool.h -- ExactBLAS's own worker threads.
 *
 * A task is split into `parts` shares, numbered 0..parts-1, that the caller
 * and the pool's workers claim one at a time; a share's result never depends
 * on which thread ran it, so neither does any result.  Workers are created
 * on demand, at most one fewer than the machine's CPUs (exb_sys_cpus); after
 * a task they poll for the next one for 20 microseconds, then sleep on a
 * condition variable (no long spinning against OpenBLAS's or the caller's
 * OpenMP threads).  When a worker cannot be created (no
 * memory, a thread limit), or the pool is busy with another caller's task,
 * the caller runs the shares itself: never an abort, never a wait on another
 * caller.  A forked child starts with no workers.
 */
#ifndef EXACTBLAS_POOL_H
#define EXACTBLAS_POOL_H

typedef void (*exb_share_fn)(void *arg, int share, int parts);

/* Runs fn(arg, s, parts) for every s in [0, parts), in any order and on any
 * threads, and returns when all have finished. */
void exb_parallel(int parts, exb_share_fn fn, void *arg);

/* fn's shares on the fewest of `threads` (the knob), work / per_thread (no
 * thread for less than per_thread units of work) and `most` (the shares the
 * task can have); fn(arg, 0, 1) on the caller's thread when that is one or
 * less. */
void exb_parallel_sized(long threads, long work, long per_thread, long most, exb_share_fn fn,
                        void *arg);

/* One step of a share's wait for another share's progress (*k counts the
 * steps, from 0): a pause, and now and then the CPU given up, so a waiting
 * share lets the one it waits for run on a busy machine. */
void exb_pool_relax(unsigned *k);

#endif

/*
 * vector_sums.c -- host ExSUM/ExDOT driver: splits the vector between
 * threads, each with its own long accumulator, and merges them exactly.
 * Integer addition of accumulators is associative, so neither the split nor
 * the merge order can change the bits.
 */
#include "kernels.h"
#include "core/filter.h"
#include "pool.h"
#include "rows.h"
#include "backend/tuning.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Below this many elements per thread, threads cost more than they save
 * (the host tuning record). */
#define MIN_PER_THREAD (exb_tuning_of(EXB_CLASS_HOST)->sumdot_min_per_thread)

/* The smallest share worth its own accumulator and merge. */
#define SHARE_ELEMENTS (exb_tuning_of(EXB_CLASS_HOST)->sumdot_share_elements)

typedef struct sumdot_task {
    const exb_sumdot_args *args;
    exb_sumdot_range_fn range;
    exb_superacc *acc;
    pthread_mutex_t merge;
} sumdot_task;

/* Share s of the vector into its own accumulator, then merged (exactly,
 * so in any order). */
static void sumdot_share(void *arg, int s, int parts)
{
    sumdot_task *task = arg;
    long n = task->args->n, begin = n * s / parts, end = n * (s + 1) / parts;
    exb_superacc mine;
    exb_superacc_clear(&mine);
    task->range(task->args, begin, end, &mine);
    pthread_mutex_lock(&task->merge);
    exb_superacc_merge(task->acc, &mine);
    pthread_mutex_unlock(&task->merge);
}

/* The threads worth starting: the knobs', fewer when the vector is short
 * (at least MIN_PER_THREAD elements each). */
static int useful_threads(const exb_sumdot_args *args)
{
    int threads = args->knobs->threads > 0 ? args->knobs->threads : 1;
    if (args->n / threads < MIN_PER_THREAD)
        threads = (int)(args->n / MIN_PER_THREAD) > 1 ? (int)(args->n / MIN_PER_THREAD) : 1;
    return threads;
}

void exb_host_sumdot(const exb_sumdot_args *args, exb_superacc *acc)
{
    exb_sumdot_range_fn range = exb_kernels_sumdot(exb_host_kernels_get(args->knobs->host_generic),
                                                   args->knobs->fpe, args->knobs->front);
    exb_superacc_clear(acc);
    long n = args->n;
    int threads = useful_threads(args);
    if (threads == 1) {
        range(args, 0, n, acc);
        return;
    }
    /* More shares than threads, claimed one at a time: a worker that wakes
     * late takes fewer, and the caller never waits long for it. */
    long parts = n / SHARE_ELEMENTS;
    parts = parts < threads ? threads : (parts > 8L * threads ? 8L * threads : parts);
    sumdot_task task = {args, range, acc, PTHREAD_MUTEX_INITIALIZER};
    exb_parallel((int)parts, sumdot_share, &task);
    pthread_mutex_destroy(&task.merge);
}

/* ---- the floating-point filter (filter.h) ------------------------------------ */

#define FILTER_MAX_PARTS 64

typedef struct filter_task {
    const exb_sumdot_args *args;
    const exb_filter_kernels *filter;
    double h[FILTER_MAX_PARTS], l[FILTER_MAX_PARTS], ab[FILTER_MAX_PARTS];
} filter_task;

static void filter_share(void *arg, int s, int parts)
{
    filter_task *task = arg;
    const exb_sumdot_args *args = task->args;
    long begin = args->n * s / parts, end = args->n * (s + 1) / parts;
    task->filter->dot(args->x + begin, args->y ? args->y + begin : NULL, end - begin, &task->h[s],
                      &task->l[s], &task->ab[s]);
}

int exb_host_sumdot_filtered(const exb_sumdot_args *args, double *out)
{
    const exb_knobs *kn = args->knobs;
    const exb_filter_kernels *filter =
        exb_kernels_filter(exb_host_kernels_get(kn->host_generic), kn->fpe, kn->front, kn->filter);
    if (!filter || args->incx != 1 || (args->y && args->incy != 1))
        return 0;
    long n = args->n;
    int parts = useful_threads(args);
    parts = parts < FILTER_MAX_PARTS ? parts : FILTER_MAX_PARTS;
    filter_task task;
    task.args = args;
    task.filter = filter;
    if (parts == 1)
        filter_share(&task, 0, 1);
    else
        exb_parallel(parts, filter_share, &task);
    /* the shares' sums joined by TwoSums, their errors into lo */
    double h = task.h[0], lo = task.l[0], ab = task.ab[0];
    for (int s = 1; s < parts; s++)
        exb_filter_join(&h, &lo, &ab, task.h[s], task.l[s], task.ab[s]);
    /* leaves: the terms and the joins; additions on a leaf's way: its
     * lane's (a share's 32 lanes, at most four more for the tail), the
     * joins of the lanes (at most 14) and of the shares (at most parts + 1) */
    double terms = (double)n + 33.0 * parts;
    double depth = (double)((n + parts - 1) / parts / 32 + 16 + parts);
    return exb_filter_round(h, lo, exb_filter_bound_tree(depth, terms, ab), out);
}

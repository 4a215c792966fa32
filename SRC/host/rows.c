/* rows.c -- the row panel of rows.h: storage, dispatch, flush and reset. */
#include "rows.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/tuning.h"

/* Panels given back with every row zero are kept for the next panel that
 * fits: a short GEMV or TRSV then neither allocates nor clears its
 * accumulators (1.1 KB each) on every call.  Each thread keeps its last
 * one without a lock (a thread-specific slot, freed when the thread ends;
 * every slot is also on a list, so that it stays reachable from a global
 * root, and a forked child frees the slots of the threads it did not
 * inherit); the others go to a shared list (up to KEPT_SLOTS, each taken by
 * one panel at a time) that stays reachable until the process ends; a
 * forked child may use the copies it inherits. */
#define KEPT_SLOTS 8
static exb_rows kept_list[KEPT_SLOTS]; /* acc == NULL: a free slot */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static pthread_key_t kept_key; /* the thread's own slot: a kept_slot, or NULL */
static int kept_key_ok;

/* A thread's own slot, on the list of every thread's (under kept_lock). */
typedef struct kept_slot {
    exb_rows rows; /* first: the slot is used as an exb_rows */
    struct kept_slot *prev, *next;
} kept_slot;
static kept_slot *kept_slots;

/* The panel no longer owns its storage (it was freed or handed on). */
static void forget_storage(exb_rows *rows)
{
    rows->expansion = NULL;
    rows->acc = NULL;
    rows->bins = NULL;
    rows->bins_count = NULL;
}

static void release_storage(exb_rows *rows)
{
    free(rows->expansion);
    free(rows->acc);
    free(rows->bins);
    free(rows->bins_count);
    forget_storage(rows);
}

static void release_storage(exb_rows *rows);

static void kept_unlink(kept_slot *k)
{
    if (k->prev)
        k->prev->next = k->next;
    else
        kept_slots = k->next;
    if (k->next)
        k->next->prev = k->prev;
}

/* A fork may have copied the lock held by another thread: the child starts
 * with a fresh one, and frees the slots of the threads that it has not
 * (only the forking thread goes on in the child). */
static void kept_after_fork_child(void)
{
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    kept_lock = fresh;
    kept_slot *mine = kept_key_ok ? pthread_getspecific(kept_key) : NULL;
    for (kept_slot *k = kept_slots, *next; k; k = next) {
        next = k->next;
        if (k != mine) {
            kept_unlink(k);
            release_storage(&k->rows);
            free(k);
        }
    }
}

/* A thread ends: its kept panel is freed. */
static void kept_thread_end(void *slot)
{
    kept_slot *k = slot;
    pthread_mutex_lock(&kept_lock);
    kept_unlink(k);
    pthread_mutex_unlock(&kept_lock);
    release_storage(&k->rows);
    free(k);
}

static void kept_make(void)
{
    pthread_atfork(NULL, NULL, kept_after_fork_child);
    kept_key_ok = pthread_key_create(&kept_key, kept_thread_end) == 0;
}

/* The calling thread's slot (created when `make`); NULL if none. */
static exb_rows *kept_own(int make)
{
    if (!kept_key_ok)
        return NULL;
    kept_slot *own = pthread_getspecific(kept_key);
    if (!own && make) {
        own = calloc(1, sizeof *own);
        if (own && pthread_setspecific(kept_key, own) != 0) {
            free(own);
            own = NULL;
        }
        if (own) {
            pthread_mutex_lock(&kept_lock);
            own->next = kept_slots;
            if (kept_slots)
                kept_slots->prev = own;
            kept_slots = own;
            pthread_mutex_unlock(&kept_lock);
        }
    }
    return own ? &own->rows : NULL;
}

static int kept_fits(const exb_rows *k, size_t nexp, size_t nacc, size_t groups)
{
    return k->acc && k->cap_expansion >= nexp && k->cap_acc >= nacc && k->cap_groups >= groups;
}

/* *rows := a kept panel with at least these capacities, taken off the list
 * (its storage and capacities; the caller sets the rest); 0, or -1 when
 * there is none. */
static int kept_take(exb_rows *rows, size_t nexp, size_t nacc, size_t groups)
{
    int found = -1;
    pthread_once(&kept_once, kept_make);
    exb_rows *own = kept_own(0);
    if (own && kept_fits(own, nexp, nacc, groups)) {
        *rows = *own;
        forget_storage(own);
        return 0;
    }
    pthread_mutex_lock(&kept_lock);
    for (int s = 0; s < KEPT_SLOTS && found < 0; s++) {
        exb_rows *k = &kept_list[s];
        if (kept_fits(k, nexp, nacc, groups)) {
            *rows = *k;
            forget_storage(k);
            found = s;
        }
    }
    pthread_mutex_unlock(&kept_lock);
    return found < 0 ? -1 : 0;
}

/* The panel's storage onto the list (the panel forgets it); 0, or -1 when
 * the list is full. */
static int kept_put(exb_rows *rows)
{
    int slot = -1;
    pthread_once(&kept_once, kept_make);
    exb_rows *own = kept_own(1);
    if (own && !own->acc) {
        *own = *rows;
        forget_storage(rows);
        return 0;
    }
    pthread_mutex_lock(&kept_lock);
    for (int s = 0; s < KEPT_SLOTS && slot < 0; s++)
        if (!kept_list[s].acc) {
            kept_list[s] = *rows;
            forget_storage(rows);
            slot = s;
        }
    pthread_mutex_unlock(&kept_lock);
    return slot < 0 ? -1 : 0;
}

/* Fresh storage for at least the given sizes, every row zero. */
static int allocate_storage(exb_rows *rows, size_t nexp, size_t nacc, size_t groups)
{
    rows->expansion = calloc(nexp, sizeof(double));
    rows->acc = malloc(nacc * sizeof(exb_superacc));
    rows->bins = groups ? aligned_alloc(64, groups * 32 * sizeof(double)) : NULL;
    rows->bins_count = groups ? calloc(groups, sizeof(long)) : NULL;
    rows->cap_expansion = nexp;
    rows->cap_acc = nacc;
    rows->cap_groups = groups;
    if (!rows->expansion || !rows->acc || (groups && (!rows->bins || !rows->bins_count))) {
        release_storage(rows);
        return -1;
    }
    for (size_t r = 0; r < nacc; r++)
        exb_superacc_clear(&rows->acc[r]);
    if (groups)
        memset(rows->bins, 0, groups * 32 * sizeof(double)); /* every lane empty */
    return 0;
}

int exb_rows_init(exb_rows *rows, long count, const exb_knobs *knobs)
{
    /* the table and its ExDOT kernel, asked once per panel rather than
     * once per row */
    const exb_host_kernels *k = exb_host_kernels_get(knobs->host_generic);
    int fpe = knobs->fpe;
    size_t n = count > 0 ? (size_t)count : 1;
    size_t nexp = (size_t)(fpe > 0 ? fpe : 1) * n;
    int bins = k->colsweep_bins && exb_bins_allowed(fpe, knobs->front);
    int want_bins = bins && count >= 4;
    size_t groups = want_bins ? (size_t)(count / 4) : 0;
    if (kept_take(rows, nexp, n, groups) != 0 && allocate_storage(rows, nexp, n, groups) != 0)
        return -1;
    rows->count = count;
    rows->fpe = fpe;
    rows->early_exit = knobs->early_exit;
    rows->front = knobs->front;
    rows->kernels = k;
    rows->knobs = knobs;
    rows->dot_range = exb_kernels_sumdot(k, fpe, knobs->front);
    rows->use_bins = want_bins; /* kept storage may have bins this panel does not use */
    rows->filter = exb_kernels_filter(k, fpe, knobs->front, knobs->filter);
    return 0;
}

/* Whether every row of the storage is zero (so the next panel can use it
 * as it is): empty accumulator windows, zero expansions, empty bin lanes.
 * Only the part this panel used is read: the rest was clean when the
 * storage was taken (storage is kept only when clean). */
static int storage_clean(const exb_rows *rows)
{
    size_t n = rows->count > 0 ? (size_t)rows->count : 1;
    size_t nexp = (size_t)(rows->fpe > 0 ? rows->fpe : 1) * n;
    size_t groups = rows->use_bins ? (size_t)(rows->count / 4) : 0;
    for (size_t r = 0; r < n; r++) {
        const exb_superacc *a = &rows->acc[r];
        if (a->lo <= a->hi || a->flags || a->pending)
            return 0;
    }
    for (size_t k = 0; k < nexp; k++)
        if (rows->expansion[k] != 0.0)
            return 0;
    for (size_t g = 0; g < groups; g++)
        for (int f = 12; f < 32; f++) { /* the int64 sums, anchors and thresholds */
            uint64_t bits;
            memcpy(&bits, &rows->bins[g * 32 + f], sizeof bits);
            if (bits != 0)
                return 0;
        }
    return 1;
}

void exb_rows_free(exb_rows *rows)
{
    if (!rows->acc || !storage_clean(rows) || kept_put(rows) != 0)
        release_storage(rows);
}

/* Columns per sweep: the cache lines (and pages) one group of rows touches
 * stay in L1 for the next group, which reads the other half of each line. */
#define SWEEP_COLS (exb_tuning_of(EXB_CLASS_HOST)->rows_sweep_cols)

void exb_rows_colsweep(exb_rows *rows, long r0, long r1, const double *a, long lda, const double *x,
                       long ncols)
{
    exb_colsweep_fn sweep = rows->use_bins ? rows->kernels->colsweep_bins : rows->kernels->colsweep;
    for (long j0 = 0; j0 < ncols; j0 += SWEEP_COLS) {
        long cols = ncols - j0 < SWEEP_COLS ? ncols - j0 : SWEEP_COLS;
        sweep(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
    }
}

void exb_rows_add_products(exb_rows *rows, long r, const double *a, long inc, const double *x,
                           long len)
{
    rows->kernels->add_products(rows, r, a, inc, x, len);
}

void exb_rows_dot(exb_rows *rows, long r, const double *a, const double *x, long len)
{
    exb_sumdot_args args = {len, a, 1, x, 1, rows->knobs, NULL};
    rows->dot_range(&args, 0, len, &rows->acc[r]);
}

void exb_rows_flush(exb_rows *rows, long r)
{
    if (rows->use_bins)
        rows->kernels->bins_flush(rows, r);
    for (int k = 0; k < rows->fpe; k++) {
        double *e = &rows->expansion[k * rows->count + r];
        if (*e != 0.0)
            exb_superacc_add_double(&rows->acc[r], *e);
        *e = 0.0;
    }
}

void exb_rows_reset(exb_rows *rows, long r)
{
    if (rows->use_bins)
        rows->kernels->bins_flush(rows, r); /* emptied; the accumulator is reset below */
    for (int k = 0; k < rows->fpe; k++)
        rows->expansion[k * rows->count + r] = 0.0;
    exb_superacc_reset(&rows->acc[r]);
}

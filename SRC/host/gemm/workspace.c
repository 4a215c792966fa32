/*
 * workspace.c -- the large work buffers of EXDGEMM's split paths, kept
 * between calls (slices.h).  A buffer of tens of megabytes costs its page
 * faults on every first touch (13% of a 1024 x 1024 product when they were
 * fresh each call); a buffer given back is kept, up to KEEP_BYTES in all,
 * and handed out again to a request it can hold.  Never zeroed: every user
 * writes before it reads.
 */
#define _DEFAULT_SOURCE /* madvise */
#include "slices.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

#define SLOTS 32
#define KEEP_BYTES ((size_t)384 << 20) /* kept between calls, at most */
#define SMALL ((size_t)4 << 20)        /* below: plain malloc */

static struct slot {
    void *p;
    size_t bytes;
    int in_use;
} slots[SLOTS];
static size_t kept; /* bytes of the slots not in use */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *exb_split_alloc(size_t bytes)
{
    void *p = NULL;
    if (bytes < SMALL)
        return malloc(bytes);
    if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

void *exb_work_take(size_t bytes)
{
    if (bytes < SMALL)
        return malloc(bytes);
    pthread_mutex_lock(&lock);
    struct slot *best = NULL, *empty = NULL;
    for (int s = 0; s < SLOTS; s++) {
        struct slot *x = &slots[s];
        if (!x->p)
            empty = empty ? empty : x;
        else if (!x->in_use && x->bytes >= bytes && (!best || x->bytes < best->bytes))
            best = x;
    }
    void *p = NULL;
    if (best) {
        best->in_use = 1;
        kept -= best->bytes;
        p = best->p;
    } else if (empty && (p = exb_split_alloc(bytes)) != NULL) {
        empty->p = p;
        empty->bytes = bytes;
        empty->in_use = 1;
    }
    pthread_mutex_unlock(&lock);
    return p ? p : exb_split_alloc(bytes); /* no slot: an untracked buffer */
}

void exb_work_give(void *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&lock);
    struct slot *x = NULL;
    for (int s = 0; s < SLOTS && !x; s++)
        if (slots[s].p == p && slots[s].in_use)
            x = &slots[s];
    if (x && kept + x->bytes <= KEEP_BYTES) {
        x->in_use = 0;
        kept += x->bytes;
        p = NULL;
    } else if (x) {
        x->p = NULL;
        x->in_use = 0;
    }
    pthread_mutex_unlock(&lock);
    free(p);
}

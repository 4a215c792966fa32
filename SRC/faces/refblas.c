/*
 * refblas.c -- the system's reference BLAS, loaded by its own file name
 * (refblas.h).
 */
#define _GNU_SOURCE /* dladdr */
#include "fint.h"
#include "refblas.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "support/note.h"

#ifndef EXB_REFERENCE_BLAS
#define EXB_REFERENCE_BLAS ""
#endif

static void *handle;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Which object holds address p (its file name), or NULL. */
static const char *object_of(const void *p)
{
    Dl_info info;
    return p && dladdr(p, &info) ? info.dli_fname : NULL;
}

static void load(void)
{
    const char *path = EXB_REFERENCE_BLAS;
    if (!path[0]) {
        exb_note("no reference BLAS was found at build time: the complex routines do nothing");
        return;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        exb_note("the reference BLAS %s cannot be loaded (%s): the complex routines do nothing",
                 path, dlerror());
        return;
    }
    /* never this library itself (an alternatives link pointing back here) */
    const char *mine = object_of((const void *)&exb_refblas_symbol);
    const char *theirs = object_of(dlsym(h, "lsame_"));
    if (mine && theirs && strcmp(mine, theirs) == 0) {
        exb_note("the reference BLAS %s is this library: the complex routines do nothing", path);
        dlclose(h);
        return;
    }
    handle = h;
}

void *exb_refblas_symbol(const char *name)
{
    pthread_once(&once, load);
    void *p = handle ? dlsym(handle, name) : NULL;
    if (handle && !p)
        exb_note("the reference BLAS %s has no %s: that routine does nothing", EXB_REFERENCE_BLAS,
                 name);
    return p;
}

const char *exb_refblas_path(void)
{
    pthread_once(&once, load);
    return handle ? EXB_REFERENCE_BLAS : "";
}

/* The linker's bounds of the section the forwarders record their names in
 * (forward.h). */
extern const char *const __start_exb_forwarded[] __attribute__((weak, visibility("hidden")));
extern const char *const __stop_exb_forwarded[] __attribute__((weak, visibility("hidden")));

FACE const char *const *exactblas_dropin_forwarded(int *count, const char **reference)
{
    if (count)
        *count = __start_exb_forwarded ? (int)(__stop_exb_forwarded - __start_exb_forwarded) : 0;
    if (reference)
        *reference = exb_refblas_path();
    return __start_exb_forwarded;
}

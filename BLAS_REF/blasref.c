/* blasref.c -- loading the baseline BLAS libraries (see blasref.h). */
#include "blasref.h"

#include <dlfcn.h>
#include <stdio.h>

int exb_blasref_open(exb_blasref *blas, exb_blas_kind kind)
{
    blas->kind = kind;
    blas->path = kind == EXB_BLAS_NETLIB ? EXB_NETLIB_BLAS_PATH : EXB_OPENBLAS_PATH;
    blas->handle = blas->path[0] ? dlopen(blas->path, RTLD_NOW | RTLD_LOCAL) : NULL;
    blas->ddot = NULL;
    if (!blas->handle) {
        fprintf(stderr, "ExactBLAS: cannot load %s BLAS (%s)\n",
                kind == EXB_BLAS_NETLIB ? "reference" : "OpenBLAS",
                blas->path[0] ? dlerror() : "not found at configure time");
        return -1;
    }
    blas->ddot = (exb_ddot_fn)exb_blasref_symbol(blas, "ddot_");
    return 0;
}

void *exb_blasref_symbol(const exb_blasref *blas, const char *name)
{
    return blas->handle ? dlsym(blas->handle, name) : NULL;
}

void exb_blasref_set_threads(const exb_blasref *blas, int threads)
{
    void (*set)(int) = (void (*)(int))exb_blasref_symbol(blas, "openblas_set_num_threads");
    if (set)
        set(threads);
}

void exb_blasref_close(exb_blasref *blas)
{
    if (blas->handle)
        dlclose(blas->handle);
    blas->handle = NULL;
}

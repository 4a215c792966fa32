/* path.c -- the per-thread path record (see path.h). */
#include "path.h"

/* initial-exec: a direct %fs access, not a __tls_get_addr call per use (a
 * short call records its path twice) */
static _Thread_local int last_path __attribute__((tls_model("initial-exec")));

void exb_path_begin(void)
{
    last_path = EXACTBLAS_PATH_NONE;
}

void exb_path_add(int bits)
{
    last_path |= bits;
}

void exb_path_host(int cl_wanted)
{
    last_path |= EXACTBLAS_PATH_HOST | (cl_wanted ? EXACTBLAS_PATH_FALLBACK : 0);
}

int exactblas_last_path(void)
{
    return last_path;
}

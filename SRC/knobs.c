/* knobs.c -- reading the tuning knobs (see knobs.h). */
#include "knobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define DEFAULT_FPE 4
#define DEFAULT_ROWS_FPE 3
#define DEFAULT_TRSV_BLOCK 64

/* An integer knob: its value if set, parseable and in [lo, hi], else fallback. */
static int int_knob(const char *name, int fallback, int lo, int hi)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return fallback;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "ExactBLAS: ignoring %s=%s (expected %d..%d)\n", name, s, lo, hi);
        return fallback;
    }
    return (int)v;
}

void exb_knobs_read(exb_knobs *knobs)
{
    const char *dev = getenv("EXACTBLAS_DEVICE");
    knobs->use_opencl = !dev || !*dev || strcmp(dev, "auto") == 0 ? EXB_DEVICE_AUTO
                        : strcmp(dev, "host") == 0                ? EXB_DEVICE_HOST
                                                                  : EXB_DEVICE_OPENCL;
    knobs->fpe = int_knob("EXACTBLAS_FPE", DEFAULT_FPE, 0, 8);
    if (knobs->fpe == 1)
        knobs->fpe = 2; /* an expansion of one double is no expansion */
    knobs->early_exit = int_knob("EXACTBLAS_EARLY_EXIT", 1, 0, 1);
    const char *front = getenv("EXACTBLAS_FRONT");
    knobs->front = EXB_FRONT_AUTO;
    if (front && strcmp(front, "fpe") == 0)
        knobs->front = EXB_FRONT_FPE;
    else if (front && strcmp(front, "table") == 0)
        knobs->front = EXB_FRONT_TABLE;
    knobs->wg = int_knob("EXACTBLAS_WG", 0, 0, 1 << 16);
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    knobs->threads = int_knob("EXACTBLAS_THREADS", threads, 1, 1024);
    knobs->trsv_block = int_knob("EXACTBLAS_TRSV_BLOCK", DEFAULT_TRSV_BLOCK, 1, 4096);
    const char *mode = getenv("EXACTBLAS_TRSV_MODE");
    knobs->trsv_multi = mode && strcmp(mode, "multi") == 0;
    const char *path = getenv("EXACTBLAS_GEMM_PATH");
    knobs->gemm_path = path && strcmp(path, "general") == 0 ? EXB_GEMM_GENERAL
                       : path && strcmp(path, "split") == 0 ? EXB_GEMM_SPLIT
                                                            : EXB_GEMM_AUTO;
}

void exb_knobs_read_rows(exb_knobs *knobs)
{
    exb_knobs_read(knobs);
    /* Many short TwoSum cascades side by side: no early-exit branches and
     * three levels measure fastest here (GEMV/TRSV at n = 4096). */
    if (!getenv("EXACTBLAS_FPE"))
        knobs->fpe = DEFAULT_ROWS_FPE;
    if (!getenv("EXACTBLAS_EARLY_EXIT"))
        knobs->early_exit = 0;
}

void exb_knobs_device_index(int *platform, int *device)
{
    const char *dev = getenv("EXACTBLAS_DEVICE");
    *platform = *device = -1;
    if (dev && sscanf(dev, "%d:%d", platform, device) != 2)
        *platform = *device = -1;
}

/*
 * knobs.h -- the tuning knobs, read from the environment at every call so a
 * program (or a test) may change them between calls.  None of them may change
 * the bits of a result; they only change how the work is done.
 *
 *   EXACTBLAS_DEVICE      host | opencl | <platform>:<device>   (default opencl,
 *                         which falls back to host when no device works)
 *   EXACTBLAS_FPE         0 (long accumulator only) or 2..8     (default 4)
 *   EXACTBLAS_EARLY_EXIT  0 | 1                                 (default 1)
 *   EXACTBLAS_FRONT       auto | fpe | table: host front end (sumdot_host.h)
 *   EXACTBLAS_WG          OpenCL work-group size                (default: per device)
 *   EXACTBLAS_THREADS     host threads                          (default: OpenMP's)
 *   EXACTBLAS_TRSV_BLOCK  diagonal block size of the triangular solvers (default 64)
 *   EXACTBLAS_TRSV_MODE   fused | multi: OpenCL TRSV in one launch, or one
 *                         launch per block column (default fused)
 */
#ifndef EXACTBLAS_KNOBS_H
#define EXACTBLAS_KNOBS_H

/* Front end of the sum/dot paths (EXACTBLAS_FRONT): expansions with the
 * exponent-indexed table for blocks where they spill often (auto), expansions
 * only, or the table only. */
enum exb_front { EXB_FRONT_AUTO, EXB_FRONT_FPE, EXB_FRONT_TABLE };

typedef struct exb_knobs {
    int use_opencl; /* 0: host path only */
    int fpe;
    int early_exit;
    int front; /* enum exb_front */
    int wg;      /* 0: the runtime chooses */
    int threads; /* >= 1 */
    int trsv_block;
    int trsv_multi; /* 1: EXACTBLAS_TRSV_MODE=multi */
} exb_knobs;

void exb_knobs_read(exb_knobs *knobs);

/* The device named by EXACTBLAS_DEVICE="<platform>:<device>", or -1, -1. */
void exb_knobs_device_index(int *platform, int *device);

#endif

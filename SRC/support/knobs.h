/*
 * knobs.h -- the tuning knobs, read from the environment at every call so a
 * program (or a test) may change them between calls; the one exception is the
 * OpenCL device itself: the platform and device are chosen once, at the
 * first call that uses OpenCL, and kept for the life of the process
 * (EXACTBLAS_DEVICE=host/opencl/auto still switches paths call by call).
 * None of them may change the bits of a result; they only change how the
 * work is done.  Names are case-insensitive; a bad value gives one line
 * (once per process) and the knob's default.
 *
 *   EXACTBLAS_DEVICE      auto | host | opencl | <platform>:<device>
 *                         (default auto: OpenCL on a GPU or other accelerator,
 *                         the host path when the only device is the CPU itself,
 *                         where the native host kernels are faster; opencl
 *                         forces the OpenCL path, which falls back to host
 *                         when no device works)
 *   EXACTBLAS_FPE         0 (long accumulator only) or 2..8     (default 4;
 *                         3 for the row kernels of GEMV and TRSV)
 *   EXACTBLAS_EARLY_EXIT  0 | 1                                 (default 1;
 *                         0 for the row kernels)
 *   EXACTBLAS_FRONT       auto | fpe | table: host front end (sumdot_host.h)
 *   EXACTBLAS_WG          OpenCL work-group size                (default: per device)
 *   EXACTBLAS_THREADS     host shares of the work, 1..1024, run on at most as many
 *                         threads as the process has CPUs  (default: the CPUs)
 *   EXACTBLAS_HOST_ISA    auto | generic: force the portable host kernels
 *   EXACTBLAS_TRSV_BLOCK  diagonal block size of the triangular solvers (default 64)
 *   EXACTBLAS_TRSV_MODE   fused | multi: OpenCL TRSV in one launch, or one
 *                         launch per block column (default fused)
 *   EXACTBLAS_GEMM_PATH   auto | general | split: EXDGEMM's exact dot
 *                         products, or the error-free slicing onto a plain
 *                         DGEMM (default auto: chosen per call from the number
 *                         of slices the data needs)
 */
#ifndef EXACTBLAS_KNOBS_H
#define EXACTBLAS_KNOBS_H

/* Front end of the sum/dot paths (EXACTBLAS_FRONT): expansions with the
 * exponent-indexed table for blocks where they spill often (auto), expansions
 * only, or the table only. */
enum exb_front { EXB_FRONT_AUTO, EXB_FRONT_FPE, EXB_FRONT_TABLE };

enum exb_device_choice { EXB_DEVICE_HOST, EXB_DEVICE_OPENCL, EXB_DEVICE_AUTO };

enum exb_gemm_path { EXB_GEMM_AUTO, EXB_GEMM_GENERAL, EXB_GEMM_SPLIT };

typedef struct exb_knobs {
    int use_opencl; /* enum exb_device_choice; see exb_cl_wanted (clrt.h) */
    int cl_platform, cl_device; /* EXACTBLAS_DEVICE=<platform>:<device>, else -1 */
    int fpe;
    int early_exit;
    int front; /* enum exb_front */
    int wg;      /* 0: the runtime chooses */
    int threads; /* >= 1 */
    int trsv_block;
    int trsv_multi; /* 1: EXACTBLAS_TRSV_MODE=multi */
    int gemm_path;  /* enum exb_gemm_path */
} exb_knobs;

/* One entry of the knob registry (knobs.c): the knob's name, the values it
 * accepts and its default as the README writes them, and what it does. */
typedef struct exb_knob_spec {
    const char *name, *values, *default_text, *meaning;
} exb_knob_spec;

/* The registry, every knob once; *count entries. */
const exb_knob_spec *exb_knob_registry(int *count);

void exb_knobs_read(exb_knobs *knobs);
/* The same, with the row kernels' defaults (EXDGEMV, EXDTRSV, EXDTRSVX). */
void exb_knobs_read_rows(exb_knobs *knobs);

/* Whether a routine should try the OpenCL path under these knobs:
 * EXACTBLAS_DEVICE=opencl or p:d always, auto when the device is not a CPU.
 * The first call that asks chooses the device for the process (the knobs'
 * platform:device, else the first usable GPU, else the first usable device),
 * so auto initialises OpenCL here.  Defined by the runtime (clrt.c; nocl.c
 * without OpenCL: never). */
int exb_cl_wanted(const exb_knobs *knobs);

/* EXACTBLAS_HOST_ISA=generic: the portable host kernels. */
int exb_knobs_host_generic(void);

#endif

/*
 * knobs.h -- the tuning knobs.  The environment is read once, at the first
 * call of any ExactBLAS routine, and the parsed knobs are kept for the
 * process and passed down explicitly (no layer below reads the
 * environment); exactblas_reload_knobs() (exactblas.h) reads it again for a
 * program that changes its own environment between calls.  The OpenCL
 * device itself is chosen once, at the first call that uses OpenCL, and
 * kept (EXACTBLAS_DEVICE=host/opencl/auto still switches paths after a
 * reload).  None of them may change the bits of a result; they only change
 * how the work is done.  Names and accepted values: the registry in knobs.c
 * (the README's knob table is checked against it); a bad value gives one
 * line (once per process) and the knob's default.
 */
#ifndef EXACTBLAS_KNOBS_H
#define EXACTBLAS_KNOBS_H

/* Front end of the sum/dot paths (EXACTBLAS_FRONT): expansions with the
 * exponent-indexed table for blocks where they spill often (auto), expansions
 * only, or the table only. */
enum exb_front { EXB_FRONT_AUTO, EXB_FRONT_FPE, EXB_FRONT_TABLE };

enum exb_device_choice { EXB_DEVICE_HOST, EXB_DEVICE_OPENCL, EXB_DEVICE_AUTO };

enum exb_int8 { EXB_INT8_AUTO, EXB_INT8_ONEDNN, EXB_INT8_OWN, EXB_INT8_OFF };
enum exb_gemm_path {
    EXB_GEMM_AUTO,
    EXB_GEMM_GENERAL,
    EXB_GEMM_SPLIT,
    EXB_GEMM_EARLY,
    EXB_GEMM_CRT
};

typedef struct exb_knobs {
    int use_opencl;             /* enum exb_device_choice; see exb_cl_wanted (clrt.h) */
    int cl_platform, cl_device; /* EXACTBLAS_DEVICE=<platform>:<device>, else -1 */
    int fpe;
    int early_exit;
    int front;   /* enum exb_front */
    int wg;      /* 0: the runtime chooses */
    int threads; /* >= 1 */
    int trsv_block;
    int trsv_block_default; /* EXACTBLAS_TRSV_BLOCK not set (or refused) */
    int trsv_multi;         /* 1: EXACTBLAS_TRSV_MODE=multi */
    int gemm_path;          /* enum exb_gemm_path */
    int gemm_levels;        /* EXACTBLAS_GEMM_LEVELS: the early path's levels, 0: its choice */
    int int8;               /* EXACTBLAS_INT8: the residue path's engine (enum exb_int8) */
    int host_generic;       /* EXACTBLAS_HOST_ISA=generic: the portable host kernels */
    int fp64;               /* 0: EXACTBLAS_FP64=0, the device's binary32 kernels only */
    int filter;             /* 0: EXACTBLAS_FILTER=0, the exact kernels alone */
} exb_knobs;

/* One entry of the knob registry (knobs.c): the knob's name, the values it
 * accepts and its default as the README writes them, and what it does. */
typedef struct exb_knob_spec {
    const char *name, *values, *default_text, *meaning;
} exb_knob_spec;

/* The registry, every knob once; *count entries. */
const exb_knob_spec *exb_knob_registry(int *count);

/* The process's knobs (read from the environment at the first call). */
void exb_knobs_read(exb_knobs *knobs);
/* The same, with the row kernels' defaults (EXDGEMV, EXDTRSV, EXDTRSVX). */
void exb_knobs_read_rows(exb_knobs *knobs);
/* The current snapshot of exb_knobs_read's set, without a copy: a small
 * call's few fields (valid for the process's life; a reload publishes
 * another). */
const exb_knobs *exb_knobs_current(void);

/* Whether the knobs let the floating-point filter run: EXACTBLAS_FILTER,
 * an expansion size, FRONT=auto (the host's filter also needs AVX-512). */
static inline int exb_knobs_filter(const exb_knobs *knobs)
{
    return knobs->filter && knobs->fpe >= 2 && knobs->front == EXB_FRONT_AUTO;
}

#endif

/*
 * tuning.h -- one tuning record per class of device, in the spirit of
 * CLBlast's per-device database: every work-group size, tile, threshold and
 * front-end choice the paths use by default lives here, and nowhere else.
 * The OpenCL runtime classifies its device once (clrt.c) and keeps the
 * record with it; the kernels' build options (GEMM tiles, the exponent
 * table) and the launch geometry (work-group sizes, work-groups per compute
 * unit) are taken from it.  The host path has its own record (thread
 * thresholds, GEMV panel).  A knob (EXACTBLAS_WG, EXACTBLAS_FRONT, ...)
 * overrides a record's default; neither ever changes a bit of any result.
 *
 * Where a value was measured, the comment in tuning.c says on what.
 */
#ifndef EXACTBLAS_TUNING_H
#define EXACTBLAS_TUNING_H

typedef enum exb_device_class {
    EXB_CLASS_HOST,      /* the host kernels (SRC/host) */
    EXB_CLASS_CL_CPU,    /* an OpenCL CPU device (PoCL, Intel's CPU runtime) */
    EXB_CLASS_CL_NVIDIA, /* an NVIDIA GPU */
    EXB_CLASS_CL_AMD,    /* an AMD GPU */
    EXB_CLASS_CL_GPU,    /* any other GPU or accelerator */
    EXB_CLASS_COUNT
} exb_device_class;

typedef struct exb_tuning {
    const char *name; /* the class, as a message names it */
    /* OpenCL sum/dot reduction (sumdot.cl) */
    int reduce_wg;            /* work-items per group */
    int reduce_groups_per_cu; /* work-groups per compute unit */
    int reduce_chunked;       /* 1: each work-item takes one contiguous chunk (CPU
                                 devices); 0: grid-stride loads (coalesced on GPUs) */
    int reduce_table;         /* 1: the exponent table behind the expansions by
                                 default (EXACTBLAS_FRONT=auto) */
    /* OpenCL row kernels (gemv.cl, trsv.cl) */
    int rows_wg;
    /* OpenCL GEMM tiles (gemm.cl build options): groups of gemm_wt x gemm_wt
     * work-items, each rt x rt elements, k panels of depth gemm_bk */
    int gemm_wt, gemm_rt_exact, gemm_rt_plain, gemm_bk;
    /* OpenCL binary32 GEMMs (df.cl): the double-float GEMM and the binary32
     * engine of the split path, groups of df_wt x df_wt work-items, each
     * df_rt x df_rt elements, k panels of depth df_bk (the binary32 engine:
     * EXB_F32_CHUNK, gemm.h) */
    int df_wt, df_rt, df_bk;
    /* EXDGEMM auto on the binary32 engine: at most this many slice products,
     * else the host's general path */
    int f32_max_slice_products;
    /* EXDGEMM auto: the split path when slices(A) * slices(B) plain GEMMs are
     * at most this many */
    int gemm_max_slice_products;
    /* EXDGEMM's early-decision path: an element finished by an exact dot
     * product costs about this many of its slice products (sets how many
     * levels are computed before the undecided elements are finished) */
    int gemm_exact_cost;
    /* EXDGEMM auto on the host: the early path only where the data needs at
     * most this many slice products for all its bits (slices of op(A) x
     * slices of op(B)) */
    int gemm_filter_max_slices;
    /* EXDGEMM's residue path (host/avx512/residue.c): the fewest moduli whose
     * scaled integers hold this many bits (entries further below their
     * row's or column's top lose bits, which the bound then covers) */
    int gemm_crt_bits;
    /* EXDGEMM auto on the host: the cost model that orders the paths (m x n
     * outputs, depth k, `in` = (m + n) k entries read), in picoseconds of one
     * thread: per multiply-add, per output, per entry (exdgemm.c, auto_order);
     * the general path's filtered dot products, its exact ones (alpha not a
     * power of two, or no filter), the residue path, the early path */
    int gemm_general_mac_ps, gemm_general_out_ps, gemm_unfiltered_mac_ps;
    int gemm_crt_mac_ps, gemm_crt_out_ps, gemm_crt_in_ps;
    int gemm_early_mac_ps, gemm_early_out_ps, gemm_early_in_ps;
    /* host threads: the least work (elements, or matrix entries) one thread is
     * given before another is started */
    long sumdot_min_per_thread, gemv_min_per_thread, trsv_min_per_thread;
    int gemv_panel_rows; /* host GEMV: rows accumulated side by side */
    /* host sum/dot: the smallest share worth its own accumulator and merge;
     * the expansion front end's blocks (groups of four terms), the spilled
     * lanes in a block that send the next blocks to the exponent table and
     * how many; the binned front end: a rest shorter than this after a block
     * the bins cannot take goes to the expansions (no table to clear) */
    long sumdot_share_elements;
    int sumdot_block_groups, sumdot_spill_limit, sumdot_wide_blocks;
    long sumdot_table_min_left;
    /* host row engine: columns per sweep (the lines a group of rows touches
     * stay in L1 for the next group) */
    int rows_sweep_cols;
    /* host TRSV: in-block rows from this many terms go through the dot
     * kernel; the filtered solve's diagonal blocks below n = small_n when the
     * block knob is unset; a helper thread's columns beyond half the solved */
    int trsv_in_block_dot_min, trsv_filter_small_n, trsv_filter_small_block, trsv_helper_extra_cols;
    /* host EXDTRSM: the sliced off-diagonal blocks from this many right-hand
     * sides (GEMM_PATH auto) */
    int trsm_split_min_rhs;
    /* host EXDTRSM with the filter: eight right-hand sides side by side
     * (solve8) from this many right-hand sides, or from two when the order
     * is at most trsm_lanes_small_n; the others one by one (2 threads:
     * n = 1000 x 16 1.9 ms against 2.7; 64 x 1000 0.7 ms against 3.1 by
     * slices; 16 x 16 2.7 us against 17; n = 1000 x 8 1.9 against 1.3) */
    int trsm_lanes_min_rhs, trsm_lanes_small_n;
    /* host workers: nanoseconds they poll for the next task before sleeping */
    long pool_spin_ns;
} exb_tuning;

/* The record of a class (never NULL). */
const exb_tuning *exb_tuning_of(exb_device_class c);

/* The class of an OpenCL device from its type and vendor string. */
exb_device_class exb_tuning_classify(int is_cpu, int is_gpu, const char *vendor);

#endif

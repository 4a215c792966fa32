/* tuning.c -- the per-device-class tuning records (tuning.h). */
#include "tuning.h"

#include <string.h>
#include <strings.h>

/* Host thresholds: measured on this project's 2-core x86-64 CI machine and a
 * 16-core one (a thread below these sizes costs more to start than it
 * saves).  The GEMM split threshold: one slice product (a plain DGEMM) costs
 * about 1/40 of the exact general path on both.  TRSV's filtered blocks,
 * with the pipeline on the 2-core machine: n = 1024 0.18 ms at 16 rows, 0.21
 * at 32, 0.26 at 64; n = 4096 7.8 ms at 16, 4.4 at 32 and 64 (16-row stripes
 * of columns stream badly from memory), hence 16 below n = 2048. */
/* EXDGEMM's cost model (ps of one thread; tuning.h): fitted to bench_paths
 * on the 2-core Zen 4 CI machine, 2 threads (shapes 16^3 .. 1000^3,
 * 1000 x 32 x 1000, 2000 x 32 x 2000, 1000 x 1000 x 32..512): general
 * 0.13-0.15 ns per multiply-add (2 threads), 7x that unfiltered; residue
 * about 31 ns per entry converted and 32 ns per output (one thread); early
 * never ahead of general on this machine. */
#define GEMM_COSTS                                                                                 \
    .gemm_general_mac_ps = 280, .gemm_general_out_ps = 6000, .gemm_unfiltered_mac_ps = 1600,       \
    .gemm_crt_mac_ps = 100, .gemm_crt_out_ps = 32000, .gemm_crt_in_ps = 31000,                     \
    .gemm_early_mac_ps = 450, .gemm_early_out_ps = 40000, .gemm_early_in_ps = 20000

#define HOST_FIELDS                                                                                \
    .gemm_max_slice_products = 36, .gemm_exact_cost = 100, .gemm_filter_max_slices = 9,            \
    .gemm_crt_bits = 62, GEMM_COSTS, .sumdot_min_per_thread = 32768, .gemv_min_per_thread = 65536, \
    .trsv_min_per_thread = 32768, .gemv_panel_rows = 256, .sumdot_share_elements = 65536,          \
    .sumdot_block_groups = 256, .sumdot_spill_limit = 2, .sumdot_wide_blocks = 64,                 \
    .sumdot_table_min_left = 16384, .rows_sweep_cols = 16, .trsv_in_block_dot_min = 8,             \
    .trsv_filter_small_n = 2048, .trsv_filter_small_block = 16, .trsv_helper_extra_cols = 128,     \
    .trsm_split_min_rhs = 16, .trsm_lanes_min_rhs = 16, .trsm_lanes_small_n = 128,                 \
    .pool_spin_ns = 20000

/* The double-float paper's blocking on its GPUs: 16 x 16 work-items with
 * 4 x 4 register tiles, panels of depth 16 (four float panels of 64 x 16:
 * 16 KiB of local memory).  Binary32 slice products: 12 x 12 at most (a
 * product costs about 1/8 of a binary64 one on a 1:64 GPU, not measured). */
#define DF_GPU_FIELDS .df_wt = 16, .df_rt = 4, .df_bk = 16, .f32_max_slice_products = 144

static const exb_tuning records[EXB_CLASS_COUNT] = {
    [EXB_CLASS_HOST] = {.name = "host", HOST_FIELDS},
    /* PoCL on x86-64: a work-group runs as one loop, so small groups, each
     * work-item a contiguous chunk, the table (cheap private memory); GEMM
     * depth 16 measured fastest (32 was 20% slower at n = 512). */
    [EXB_CLASS_CL_CPU] = {.name = "OpenCL CPU",
                          .reduce_wg = 8,
                          .reduce_groups_per_cu = 4,
                          .reduce_chunked = 1,
                          .reduce_table = 1,
                          .rows_wg = 64,
                          .gemm_wt = 4,
                          .gemm_rt_exact = 2,
                          .gemm_rt_plain = 2,
                          .gemm_bk = 16,
                          .df_wt = 4,
                          .df_rt = 4,
                          .df_bk = 16,
                          .f32_max_slice_products = 144,
                          HOST_FIELDS},
    /* H100 (run on a lent device): 256-wide reduction groups, 8 per SM,
     * grid-stride loads; the 32 KiB table is a spill to global memory on a
     * GPU, so expansions alone; the exact GEMM element keeps its state in
     * registers (2 x 2 per work-item), the plain one 4 x 4. */
    [EXB_CLASS_CL_NVIDIA] = {.name = "NVIDIA GPU",
                             .reduce_wg = 256,
                             .reduce_groups_per_cu = 8,
                             .reduce_chunked = 0,
                             .reduce_table = 0,
                             .rows_wg = 64,
                             .gemm_wt = 16,
                             .gemm_rt_exact = 2,
                             .gemm_rt_plain = 4,
                             .gemm_bk = 32,
                             DF_GPU_FIELDS,
                             HOST_FIELDS},
    /* Not measured: the NVIDIA record's shapes, which suit a 64-wide wavefront. */
    [EXB_CLASS_CL_AMD] = {.name = "AMD GPU",
                          .reduce_wg = 256,
                          .reduce_groups_per_cu = 8,
                          .reduce_chunked = 0,
                          .reduce_table = 0,
                          .rows_wg = 64,
                          .gemm_wt = 16,
                          .gemm_rt_exact = 2,
                          .gemm_rt_plain = 4,
                          .gemm_bk = 32,
                          DF_GPU_FIELDS,
                          HOST_FIELDS},
    [EXB_CLASS_CL_GPU] = {.name = "GPU",
                          .reduce_wg = 256,
                          .reduce_groups_per_cu = 8,
                          .reduce_chunked = 0,
                          .reduce_table = 0,
                          .rows_wg = 64,
                          .gemm_wt = 16,
                          .gemm_rt_exact = 2,
                          .gemm_rt_plain = 4,
                          .gemm_bk = 32,
                          DF_GPU_FIELDS,
                          HOST_FIELDS},
};

const exb_tuning *exb_tuning_of(exb_device_class c)
{
    return &records[c >= 0 && c < EXB_CLASS_COUNT ? c : EXB_CLASS_HOST];
}

static int vendor_is(const char *vendor, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = vendor; *p; p++)
        if (strncasecmp(p, word, len) == 0)
            return 1;
    return 0;
}

exb_device_class exb_tuning_classify(int is_cpu, int is_gpu, const char *vendor)
{
    if (is_cpu)
        return EXB_CLASS_CL_CPU;
    if (is_gpu && vendor_is(vendor, "NVIDIA"))
        return EXB_CLASS_CL_NVIDIA;
    if (is_gpu && (vendor_is(vendor, "Advanced Micro Devices") || vendor_is(vendor, "AMD")))
        return EXB_CLASS_CL_AMD;
    return EXB_CLASS_CL_GPU;
}

/*
 * clrt.h -- the OpenCL runtime: one device per process, chosen at first use
 * (thread-safely) from EXACTBLAS_DEVICE and kept for the process; programs
 * built once per set of build options and cached; every failure reported in
 * one line (once per process), after which the caller takes the host path.
 */
#ifndef EXACTBLAS_CLRT_H
#define EXACTBLAS_CLRT_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "backend/tuning.h"

typedef struct exb_cl_device {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    int is_cpu;
    int fp64; /* cl_khr_fp64 and 64-bit atomics: the binary64 kernels can run */
    cl_uint compute_units;
    size_t max_wg;
    size_t max_item;    /* CL_DEVICE_MAX_WORK_ITEM_SIZES[0] */
    cl_ulong local_mem; /* CL_DEVICE_LOCAL_MEM_SIZE */
    char name[256];
    const exb_tuning *tuning; /* the record of the device's class (tuning.h) */
} exb_cl_device;

/* The device, or NULL when OpenCL is unusable (the reason said once).  In a
 * child process made by fork() after the parent used OpenCL: NULL, with one
 * line (the copied runtime cannot be used). */
const exb_cl_device *exb_cl_device_get(void);

/* Whether a device is there, without a word on stderr (auto mode). */
int exb_cl_device_present(void);

/* The largest work-group size up to `want` that `kernel` (named `name` in
 * the message) runs with on the device: the kernel's own limit
 * (CL_KERNEL_WORK_GROUP_SIZE, which reflects its registers and memory), the
 * device's and its first dimension's; one line when it had to clamp. */
size_t exb_cl_fit_wg(cl_kernel kernel, const char *name, size_t want);

/* A new kernel `kernel` from the program made of the embedded sources
 * OPENCL/core.cl + OPENCL/<file>, built with `options` (the accumulator
 * layout is added here).  NULL on failure (reported). Release it after use. */
cl_kernel exb_cl_kernel(const char *file, const char *kernel, const char *options);

/* One line on stderr: "ExactBLAS: OpenCL <what> failed (<error>); using the host path". */
void exb_cl_report(const char *what, cl_int err);

/* One kernel argument: its size and address (EXB_CL_ARG(v) for an lvalue v). */
typedef struct exb_cl_arg {
    size_t size;
    const void *value;
} exb_cl_arg;
#define EXB_CL_ARG(v) ((exb_cl_arg){sizeof(v), &(v)})

/* One launch: the kernel, the buffers made for it, and whether a step has
 * failed.  Every launcher goes through these steps, so the boilerplate
 * (argument setting, enqueue, read back, release) and the error lines exist
 * once: the first failing step says "OpenCL <what>: <step> failed (error N);
 * using the host path" and every later step does nothing; exb_cl_launch_end
 * releases everything and gives 0 or -1 (the caller takes the host path). */
#define EXB_CL_LAUNCH_MEMS 8
typedef struct exb_cl_launch {
    const exb_cl_device *d; /* NULL: no device (said once by the runtime) */
    const char *what;       /* "ExDOT", "GEMV", ... */
    const char *kernel_name;
    cl_kernel kernel;
    cl_mem mem[EXB_CL_LAUNCH_MEMS];
    int nmem;
    int failed;
} exb_cl_launch;

/* Starts a launch on the process's device and builds `kernel` of
 * OPENCL/<file> with `options`: 0, or -1 (no device, or the build failed). */
int exb_cl_launch_begin(exb_cl_launch *L, const char *what, const char *file, const char *kernel,
                        const char *options);
/* Replaces the launch's kernel by one built with other options. */
int exb_cl_launch_rebuild(exb_cl_launch *L, const char *file, const char *options);
/* The largest work-group up to `want` the kernel runs (exb_cl_fit_wg). */
size_t exb_cl_launch_fit(exb_cl_launch *L, size_t want);
/* A buffer owned by the launch (released by exb_cl_launch_end); NULL after a
 * failure. */
cl_mem exb_cl_launch_buffer(exb_cl_launch *L, cl_mem_flags flags, size_t bytes, void *host);
/* Sets arguments first, first+1, ... of the kernel. */
int exb_cl_launch_args(exb_cl_launch *L, cl_uint first, const exb_cl_arg *args, int count);
#define EXB_CL_SET_ARGS(L, first, ...)                                                             \
    exb_cl_launch_args((L), (first), (const exb_cl_arg[]){__VA_ARGS__},                            \
                       (int)(sizeof((const exb_cl_arg[]){__VA_ARGS__}) / sizeof(exb_cl_arg)))
/* Enqueues the kernel over a dims-dimensional global range in groups `local`. */
int exb_cl_launch_run(exb_cl_launch *L, cl_uint dims, const size_t *global, const size_t *local);
/* Blocking read of `bytes` of buf into host. */
int exb_cl_launch_read(exb_cl_launch *L, cl_mem buf, size_t bytes, void *host);
/* Marks the launch failed at `step` with err (one line); returns -1. */
int exb_cl_launch_fail(exb_cl_launch *L, const char *step, cl_int err);
/* Releases the kernel and every buffer: 0 when every step succeeded, else -1. */
int exb_cl_launch_end(exb_cl_launch *L);

/* The embedded kernel source OPENCL/<file>, or NULL (generated at build time). */
const char *exb_kernel_source(const char *file);

#endif

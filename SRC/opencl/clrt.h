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

typedef struct exb_cl_device {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    int is_cpu;
    cl_uint compute_units;
    size_t max_wg;
    size_t max_item;   /* CL_DEVICE_MAX_WORK_ITEM_SIZES[0] */
    cl_ulong local_mem; /* CL_DEVICE_LOCAL_MEM_SIZE */
    char name[256];
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

/* The embedded kernel source OPENCL/<file>, or NULL (generated at build time). */
const char *exb_kernel_source(const char *file);

#endif

/*
 * clrt.h -- the OpenCL runtime: one device per process, chosen at first use
 * (thread-safely) from EXACTBLAS_DEVICE; programs built once per set of build
 * options and cached; every failure reported in one line, after which the
 * caller takes the host path.
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
    char name[256];
} exb_cl_device;

/* The device, or NULL when OpenCL is unusable (reported once). */
const exb_cl_device *exb_cl_device_get(void);

/* A new kernel `kernel` from the program made of the embedded sources
 * OPENCL/core.cl + OPENCL/<file>, built with `options` (the accumulator
 * layout is added here).  NULL on failure (reported). Release it after use. */
cl_kernel exb_cl_kernel(const char *file, const char *kernel, const char *options);

/* One line on stderr: "ExactBLAS: OpenCL <what> failed (<error>); using the host path". */
void exb_cl_report(const char *what, cl_int err);

/* The embedded kernel source OPENCL/<file>, or NULL (generated at build time). */
const char *exb_kernel_source(const char *file);

#endif

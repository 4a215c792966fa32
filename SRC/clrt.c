/* clrt.c -- the OpenCL runtime (see clrt.h). */
#include "clrt.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs.h"
#include "superacc.h"

#define MAX_PROGRAMS 64

typedef struct cached_program {
    char key[320]; /* file + build options */
    cl_program program;
} cached_program;

static pthread_once_t device_once = PTHREAD_ONCE_INIT;
static exb_cl_device the_device;
static int device_ok;
static pthread_mutex_t program_lock = PTHREAD_MUTEX_INITIALIZER;
static cached_program programs[MAX_PROGRAMS];
static int program_count;

void exb_cl_report(const char *what, cl_int err)
{
    fprintf(stderr, "ExactBLAS: OpenCL %s failed (error %d); using the host path\n", what,
            (int)err);
}

static int has_extension(cl_device_id dev, const char *ext)
{
    size_t size = 0;
    if (clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, 0, NULL, &size) != CL_SUCCESS)
        return 0;
    char *list = malloc(size + 1);
    if (!list)
        return 0;
    int found = 0;
    if (clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, size, list, NULL) == CL_SUCCESS) {
        list[size] = '\0';
        size_t len = strlen(ext);
        for (char *p = strstr(list, ext); p && !found; p = strstr(p + 1, ext))
            found = (p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0');
    }
    free(list);
    return found;
}

static int device_usable(cl_device_id dev)
{
    return has_extension(dev, "cl_khr_fp64") && has_extension(dev, "cl_khr_int64_base_atomics");
}

/* Picks EXACTBLAS_DEVICE's platform:device, else the first usable GPU, else
 * the first usable device of any type. */
static int pick_device(cl_platform_id *platform, cl_device_id *device)
{
    cl_platform_id plats[16];
    cl_uint nplat = 0;
    cl_int err = clGetPlatformIDs(16, plats, &nplat);
    if (err != CL_SUCCESS || nplat == 0) {
        exb_cl_report("platform discovery", err);
        return 0;
    }
    int want_p, want_d;
    exb_knobs_device_index(&want_p, &want_d);
    for (int pass = 0; pass < 2; pass++) {
        for (cl_uint p = 0; p < nplat && p < 16; p++) {
            cl_device_id devs[16];
            cl_uint ndev = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &ndev) != CL_SUCCESS)
                continue;
            for (cl_uint d = 0; d < ndev && d < 16; d++) {
                cl_device_type type;
                clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
                int chosen = want_p >= 0 ? ((int)p == want_p && (int)d == want_d)
                                         : (pass == 1 || (type & CL_DEVICE_TYPE_GPU));
                if (chosen && device_usable(devs[d])) {
                    *platform = plats[p];
                    *device = devs[d];
                    return 1;
                }
            }
        }
        if (want_p >= 0)
            break;
    }
    fprintf(stderr,
            want_p >= 0 ? "ExactBLAS: OpenCL device %d:%d not found or lacks cl_khr_fp64 and "
                          "64-bit atomics; using the host path\n"
                        : "ExactBLAS: no OpenCL device with cl_khr_fp64 and 64-bit atomics "
                          "(%d:%d); using the host path\n",
            want_p, want_d);
    return 0;
}

static void release_all(void)
{
    for (int i = 0; i < program_count; i++)
        if (programs[i].program)
            clReleaseProgram(programs[i].program);
    program_count = 0;
    if (device_ok) {
        clReleaseCommandQueue(the_device.queue);
        clReleaseContext(the_device.context);
        device_ok = 0;
    }
}

static void init_device(void)
{
    exb_cl_device *d = &the_device;
    if (!pick_device(&d->platform, &d->device))
        return;
    cl_int err;
    d->context = clCreateContext(NULL, 1, &d->device, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("context creation", err);
        return;
    }
    d->queue = clCreateCommandQueue(d->context, d->device, 0, &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("command queue creation", err);
        clReleaseContext(d->context);
        return;
    }
    cl_device_type type;
    clGetDeviceInfo(d->device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    d->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    clGetDeviceInfo(d->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof d->compute_units,
                    &d->compute_units, NULL);
    clGetDeviceInfo(d->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg, &d->max_wg, NULL);
    clGetDeviceInfo(d->device, CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL);
    device_ok = 1;
    atexit(release_all);
}

const exb_cl_device *exb_cl_device_get(void)
{
    pthread_once(&device_once, init_device);
    return device_ok ? &the_device : NULL;
}

static void report_build_log(cl_program program, cl_device_id device, const char *file)
{
    char log[2048] = "";
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    char *nl = strchr(log, '\n');
    if (nl)
        *nl = '\0';
    fprintf(stderr, "ExactBLAS: OpenCL build of %s failed (%s); using the host path\n", file,
            log[0] ? log : "no log");
}

/* Builds (or finds) the program; call with program_lock held.  A failed build
 * is cached as NULL, so it is reported once and not retried. */
static cl_program get_program(const exb_cl_device *d, const char *file, const char *options)
{
    char key[sizeof programs[0].key];
    snprintf(key, sizeof key, "%s|%s", file, options);
    for (int i = 0; i < program_count; i++)
        if (strcmp(programs[i].key, key) == 0)
            return programs[i].program;
    if (program_count == MAX_PROGRAMS) {
        exb_cl_report("program cache (full)", CL_OUT_OF_RESOURCES);
        return NULL;
    }
    const char *sources[2] = {exb_kernel_source("core.cl"), exb_kernel_source(file)};
    if (!sources[0] || !sources[1]) {
        exb_cl_report("kernel source lookup", CL_INVALID_VALUE);
        return NULL;
    }
    cl_int err;
    cl_program program = clCreateProgramWithSource(d->context, 2, sources, NULL, &err);
    if (err != CL_SUCCESS) {
        exb_cl_report("program creation", err);
        return NULL;
    }
    char full[512];
    snprintf(full, sizeof full, "-cl-std=CL1.2 -DACC_DIGITS=%d -DACC_LSB=%d %s", EXB_ACC_DIGITS,
             EXB_ACC_LSB, options);
    err = clBuildProgram(program, 1, &d->device, full, NULL, NULL);
    if (err != CL_SUCCESS) {
        report_build_log(program, d->device, file);
        clReleaseProgram(program);
        program = NULL;
    }
    snprintf(programs[program_count].key, sizeof key, "%s", key);
    programs[program_count++].program = program;
    return program;
}

cl_kernel exb_cl_kernel(const char *file, const char *kernel, const char *options)
{
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return NULL;
    pthread_mutex_lock(&program_lock);
    cl_program program = get_program(d, file, options);
    cl_kernel k = NULL;
    if (program) {
        cl_int err;
        k = clCreateKernel(program, kernel, &err);
        if (err != CL_SUCCESS) {
            exb_cl_report("kernel creation", err);
            k = NULL;
        }
    }
    pthread_mutex_unlock(&program_lock);
    return k;
}

int exb_cl_wanted(const exb_knobs *knobs)
{
    if (knobs->use_opencl != EXB_DEVICE_AUTO)
        return knobs->use_opencl == EXB_DEVICE_OPENCL;
    const exb_cl_device *d = exb_cl_device_get();
    return d && !d->is_cpu;
}

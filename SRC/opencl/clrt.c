/*
 * clrt.c -- the OpenCL runtime (see clrt.h): the platform and device
 * choice, the program cache, buffers and the one launch helper.  (One file,
 * over 600 lines: the runtime's state is one lazily created context, and
 * every function here reads or guards it; the launchers are apart, one
 * file per routine.)
 */
#include "clrt.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend/device.h"
#include "support/knobs.h"
#include "support/note.h"
#include "support/sysres.h"
#include "core/superacc.h"

/* Built programs, one per (file, build options); a failed build is kept
 * as NULL so it is reported once and not retried.  The list grows as the
 * knobs ask for new option sets: no fixed size, no truncated keys. */
typedef struct cached_program {
    struct cached_program *next;
    cl_program program;
    char key[]; /* file "|" build options */
} cached_program;

static pthread_once_t device_once = PTHREAD_ONCE_INIT;
static exb_cl_device the_device;
static int device_ok;
/* Set in a child forked after the context was made (a fork handler): a flag
 * rather than a getpid() system call on every routine call. */
static volatile int forked_child;

static void mark_forked_child(void)
{
    forked_child = 1;
}
static char device_failure[512]; /* why there is no device, said when OpenCL is asked for */
static pthread_mutex_t program_lock = PTHREAD_MUTEX_INITIALIZER;
static cached_program *programs;
/* EXACTBLAS_DEVICE=<platform>:<device> of the first call that may use
 * OpenCL (exb_cl_wanted); -1: the default choice.  The runtime reads no
 * environment: routines pass their parsed knobs. */
static pthread_mutex_t wanted_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int wanted_set; /* set once, then read without the lock */
static int wanted_platform = -1, wanted_device = -1;
/* Some call named OpenCL (EXACTBLAS_DEVICE=opencl or <platform>:<device>),
 * under wanted_lock: only then is a slow program build said (under auto
 * ExactBLAS prints nothing unless OpenCL fails). */
static atomic_int opencl_named;

/* A program build longer than this is said, once per process. */
#define SLOW_BUILD_SECONDS 1.0
static int slow_build_said; /* under program_lock */

void exb_cl_report(const char *what, cl_int err)
{
    exb_note("OpenCL %s failed (error %d); using the host path", what, (int)err);
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

/* Whether the binary64 kernels (the long accumulators) can run: binary64
 * and 64-bit atomics.  A device without them still runs the kernels of
 * OPENCL/df.cl (binary32 and 64-bit integers). */
static int device_full(cl_device_id dev)
{
    return has_extension(dev, "cl_khr_fp64") && has_extension(dev, "cl_khr_int64_base_atomics");
}

/* ---- PoCL's kernel cache ---------------------------------------------------
 * PoCL ("Portable Computing Language") keeps built kernels in a cache
 * directory and offers no device at all when it cannot create it (HOME
 * read-only or pointing nowhere, POCL_CACHE_DIR unwritable); it says so only
 * under POCL_DEBUG.  Its choice (PoCL 3, lib/CL/pocl_cache.c):
 * $POCL_CACHE_DIR, else $XDG_CACHE_HOME/pocl/kcache, else
 * $HOME/.cache/pocl/kcache, else /tmp/pocl/kcache.  These are PoCL's
 * variables, read only to name the cause of a failure or of a slow build
 * (ExactBLAS's own knobs come from the routines). */
static int is_pocl(cl_platform_id platform)
{
    char name[128] = "";
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
    return strstr(name, "Portable Computing Language") != NULL;
}

static void pocl_cache_dir(char *dir, size_t size)
{
    const char *env = getenv("POCL_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"),
               *home = getenv("HOME");
    if (env && env[0])
        snprintf(dir, size, "%s", env);
    else if (xdg && xdg[0])
        snprintf(dir, size, "%s/pocl/kcache", xdg);
    else if (home)
        snprintf(dir, size, "%s/.cache/pocl/kcache", home);
    else
        snprintf(dir, size, "/tmp/pocl/kcache");
}

/* The reason (and in path, where) dir can neither be used nor created,
 * NULL when it can: its nearest existing ancestor must be a directory in
 * which the next component (or in dir itself, an entry) can be made: tried,
 * and removed again, since write permission alone does not say it for root
 * on a special file system.  Called only once OpenCL has failed. */
static const char *cache_dir_unusable(const char *dir, char *path, size_t size)
{
    snprintf(path, size, "%s", dir);
    size_t child = 0; /* the length of the missing component's path, 0: dir exists */
    for (;;) {
        struct stat st;
        if (stat(path, &st) == 0)
            break;
        if (errno != ENOENT && errno != ENOTDIR)
            return strerror(errno);
        char *slash = strrchr(path, '/');
        child = strlen(path);
        if (!slash) {
            snprintf(path, size, ".");
            break;
        }
        *(slash == path ? slash + 1 : slash) = '\0';
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return "not a directory";
    if (access(path, W_OK | X_OK) != 0)
        return "not writable";
    char probe[PATH_MAX];
    if (child == 0) { /* dir exists: can an entry be made in it? */
        snprintf(probe, sizeof probe, "%.*s/.exactblas_probe_XXXXXX", PATH_MAX - 32, path);
        if (!mkdtemp(probe))
            return strerror(errno);
    } else {
        snprintf(probe, sizeof probe, "%.*s", (int)child, dir);
        if (mkdir(probe, 0700) != 0) {
            if (errno == EEXIST)
                return NULL;
            snprintf(path, size, "%.*s", (int)child, dir);
            return strerror(errno);
        }
    }
    rmdir(probe);
    return NULL;
}

/* "PoCL's kernel cache directory D cannot be created or written (P: why);
 * set POCL_CACHE_DIR to a writable directory" when that is so, else "". */
static void pocl_cache_cause(char *text, size_t size)
{
    char dir[PATH_MAX], where[PATH_MAX];
    text[0] = '\0';
    pocl_cache_dir(dir, sizeof dir);
    const char *why = cache_dir_unusable(dir, where, sizeof where);
    if (why)
        snprintf(text, size,
                 "PoCL's kernel cache directory %.120s cannot be created or written (%.120s: "
                 "%.40s); set POCL_CACHE_DIR to a writable directory",
                 dir, where, why);
}

/* Vendor runtimes abort the whole process, instead of returning an error,
 * when the platforms are enumerated under a tight address-space limit: PoCL
 * starts one thread per CPU and exits on the first that cannot be created
 * (seen on a 16-CPU machine under ulimit -v 800000), and NVIDIA's OpenCL
 * reserves more than 1.5 GiB of address space when it starts.  No platform
 * is asked for with less room than this. */
#define START_MIN_ADDRESS_SPACE ((size_t)2 << 30)

/* Picks EXACTBLAS_DEVICE's platform:device, else the first usable GPU, else
 * the first usable device of any type. */
static int pick_device(cl_platform_id *platform, cl_device_id *device)
{
    if (exb_address_space_left() < START_MIN_ADDRESS_SPACE) {
        snprintf(device_failure, sizeof device_failure,
                 "less than %zu MiB of address space left under the process's limit (ulimit "
                 "-v): OpenCL is not started; using the host path",
                 START_MIN_ADDRESS_SPACE >> 20);
        return 0;
    }
    cl_platform_id plats[16];
    cl_uint nplat = 0;
    cl_int err = clGetPlatformIDs(16, plats, &nplat);
    if (err != CL_SUCCESS || nplat == 0) {
        snprintf(device_failure, sizeof device_failure,
                 "no OpenCL platform (error %d); using the host path", (int)err);
        return 0;
    }
    int want_p, want_d;
    pthread_mutex_lock(&wanted_lock);
    want_p = wanted_platform;
    want_d = wanted_device;
    pthread_mutex_unlock(&wanted_lock);
    /* passes: a full GPU, a full device, any GPU, any device (a chosen
     * platform:device is taken as it is) */
    int pocl_empty = 0; /* a PoCL platform offered no device */
    for (int pass = 0; pass < 4; pass++) {
        for (cl_uint p = 0; p < nplat && p < 16; p++) {
            cl_device_id devs[16];
            cl_uint ndev = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &ndev) != CL_SUCCESS ||
                ndev == 0) {
                pocl_empty |= is_pocl(plats[p]);
                continue;
            }
            for (cl_uint d = 0; d < ndev && d < 16; d++) {
                cl_device_type type;
                clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
                int chosen = want_p >= 0 ? ((int)p == want_p && (int)d == want_d)
                                         : ((pass & 1) || (type & CL_DEVICE_TYPE_GPU)) &&
                                               (pass >= 2 || device_full(devs[d]));
                if (chosen) {
                    *platform = plats[p];
                    *device = devs[d];
                    return 1;
                }
            }
        }
        if (want_p >= 0)
            break;
    }
    char cause[448] = "";
    if (pocl_empty)
        pocl_cache_cause(cause, sizeof cause);
    if (want_p >= 0)
        snprintf(device_failure, sizeof device_failure,
                 "OpenCL device %d:%d not found%s%s; using the host path", want_p, want_d,
                 cause[0] ? ": " : "", cause);
    else
        snprintf(device_failure, sizeof device_failure, "no OpenCL device%s%s; using the host path",
                 cause[0] ? ": " : "", cause);
    return 0;
}

/* At exit, under the lock (no build can be under way).  A forked child
 * leaves the parent's objects alone: its copy of the runtime's threads does
 * not exist, and releasing could hang. */
static void release_all(void)
{
    if (forked_child)
        return;
    pthread_mutex_lock(&program_lock);
    while (programs) {
        cached_program *c = programs;
        programs = c->next;
        if (c->program)
            clReleaseProgram(c->program);
        free(c);
    }
    if (device_ok) {
        clReleaseCommandQueue(the_device.queue);
        clReleaseContext(the_device.context);
        device_ok = 0;
    }
    pthread_mutex_unlock(&program_lock);
}

static void init_device(void)
{
    exb_cl_device *d = &the_device;
    if (!pick_device(&d->platform, &d->device))
        return;
    cl_int err;
    d->context = clCreateContext(NULL, 1, &d->device, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        snprintf(device_failure, sizeof device_failure,
                 "OpenCL context creation failed (error %d); using the host path", (int)err);
        return;
    }
    d->queue = clCreateCommandQueue(d->context, d->device, 0, &err);
    if (err != CL_SUCCESS) {
        snprintf(device_failure, sizeof device_failure,
                 "OpenCL command queue creation failed (error %d); using the host path", (int)err);
        clReleaseContext(d->context);
        return;
    }
    cl_device_type type;
    clGetDeviceInfo(d->device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    d->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    d->fp64 = device_full(d->device);
    clGetDeviceInfo(d->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof d->compute_units,
                    &d->compute_units, NULL);
    clGetDeviceInfo(d->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg, &d->max_wg, NULL);
    clGetDeviceInfo(d->device, CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL);
    size_t sizes[3] = {0, 0, 0};
    clGetDeviceInfo(d->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL);
    d->max_item = sizes[0] ? sizes[0] : d->max_wg;
    d->local_mem = 0;
    clGetDeviceInfo(d->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof d->local_mem, &d->local_mem, NULL);
    char vendor[256] = "";
    clGetDeviceInfo(d->device, CL_DEVICE_VENDOR, sizeof vendor - 1, vendor, NULL);
    d->tuning =
        exb_tuning_of(exb_tuning_classify(d->is_cpu, (type & CL_DEVICE_TYPE_GPU) != 0, vendor));
    device_ok = 1;
    pthread_atfork(NULL, NULL, mark_forked_child);
    atexit(release_all);
}

const exb_cl_device *exb_cl_device_get(void)
{
    pthread_once(&device_once, init_device);
    if (device_ok && forked_child) {
        /* fork() copied the context but not the runtime's threads: any call
         * into it could block for ever */
        exb_note("OpenCL is not usable in a forked child process; using the host path");
        return NULL;
    }
    if (!device_ok && device_failure[0])
        exb_note("%s", device_failure);
    return device_ok ? &the_device : NULL;
}

int exb_cl_device_present(void)
{
    pthread_once(&device_once, init_device);
    return device_ok && !forked_child;
}

size_t exb_cl_fit_wg(cl_kernel kernel, const char *name, size_t want)
{
    const exb_cl_device *d = &the_device;
    size_t limit = d->max_wg < d->max_item ? d->max_wg : d->max_item, kernel_max = 0;
    if (clGetKernelWorkGroupInfo(kernel, d->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_max,
                                 &kernel_max, NULL) == CL_SUCCESS &&
        kernel_max > 0 && kernel_max < limit)
        limit = kernel_max;
    if (want <= limit)
        return want;
    exb_note("work-group size %zu is more than kernel %s can run on %s; using %zu", want, name,
             d->name, limit);
    return limit;
}

static void report_build_log(cl_program program, const exb_cl_device *d, const char *file)
{
    char log[2048] = "", cause[448] = "";
    clGetProgramBuildInfo(program, d->device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    char *nl = strchr(log, '\n');
    if (nl)
        *nl = '\0';
    if (is_pocl(d->platform))
        pocl_cache_cause(cause, sizeof cause);
    if (cause[0]) /* the same line for every program: said once */
        exb_note("OpenCL kernels cannot be built: %s; using the host path", cause);
    else
        exb_note("OpenCL build of %s failed (%s); using the host path", file,
                 log[0] ? log : "no log");
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The first program build longer than SLOW_BUILD_SECONDS in a process that
 * named OpenCL: one line, so that a first call of a second or more is not a
 * mystery (PoCL and the GPU drivers cache built programs, so later
 * processes build faster).  Call with program_lock held. */
static void say_slow_build(const exb_cl_device *d, const char *file, double seconds)
{
    int named = atomic_load(&opencl_named);
    if (seconds <= SLOW_BUILD_SECONDS || !named || slow_build_said)
        return;
    slow_build_said = 1;
    char cache[192] = "";
    if (is_pocl(d->platform)) {
        char dir[PATH_MAX];
        pocl_cache_dir(dir, sizeof dir);
        snprintf(cache, sizeof cache, " (cached by PoCL in %.160s)", dir);
    }
    exb_note("building OpenCL kernels (%s) for %s took %.1f s%s", file, d->name, seconds, cache);
}

/* PoCL's compiler (LLVM) aborts the process when it cannot allocate
 * (std::bad_alloc, "LLVM ERROR: out of memory"; seen under ulimit -v 500000
 * with a cold kernel cache): no build is started with less room than this. */
#define BUILD_MIN_ADDRESS_SPACE ((size_t)384 << 20)

/* Builds (or finds) the program; call with program_lock held.  A failed build
 * is cached as NULL, so it is reported once and not retried. */
static cl_program get_program(const exb_cl_device *d, const char *file, const char *options)
{
    size_t flen = strlen(file), keylen = flen + 1 + strlen(options);
    for (cached_program *c = programs; c; c = c->next)
        if (strncmp(c->key, file, flen) == 0 && c->key[flen] == '|' &&
            strcmp(c->key + flen + 1, options) == 0)
            return c->program;
    if (exb_address_space_left() < BUILD_MIN_ADDRESS_SPACE) { /* not cached: a limit may rise */
        exb_note("less than %zu MiB of address space left under the process's limit (ulimit "
                 "-v): OpenCL kernels are not built; using the host path",
                 BUILD_MIN_ADDRESS_SPACE >> 20);
        return NULL;
    }
    cached_program *entry = malloc(sizeof *entry + keylen + 1);
    if (!entry) {
        exb_cl_report("program cache allocation", CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    snprintf(entry->key, keylen + 1, "%s|%s", file, options);
    /* the shared core (one source with the host), the kernels' core, the file;
     * df.cl: the double-float core alone (no binary64 anywhere) */
    int df = strcmp(file, "df.cl") == 0;
    const char *sources[3] = {exb_kernel_source(df ? "df_core.h" : "exb_core.h"),
                              df ? "\n" : exb_kernel_source("core.cl"), exb_kernel_source(file)};
    cl_int err = CL_INVALID_VALUE;
    cl_program program = NULL;
    static const char std_option[] = "-cl-std=CL1.2 ";
    char *full = malloc(sizeof std_option + strlen(options));
    if (!sources[0] || !sources[1] || !sources[2] || !full) {
        exb_cl_report("kernel source lookup", err);
    } else {
        program = clCreateProgramWithSource(d->context, 3, sources, NULL, &err);
        if (err != CL_SUCCESS) {
            exb_cl_report("program creation", err);
            program = NULL;
        }
    }
    if (program) {
        sprintf(full, "%s%s", std_option, options);
        double start = seconds_now();
        err = clBuildProgram(program, 1, &d->device, full, NULL, NULL);
        if (err != CL_SUCCESS) {
            report_build_log(program, d, file);
            clReleaseProgram(program);
            program = NULL;
        } else {
            say_slow_build(d, file, seconds_now() - start);
        }
    }
    free(full);
    entry->program = program;
    entry->next = programs;
    programs = entry;
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

const exb_tuning *exb_cl_tuning(void)
{
    return exb_cl_device_present() ? the_device.tuning : NULL;
}

/* Whether the routine should try OpenCL at all (any kernel). */
static int wanted_any(const exb_knobs *knobs)
{
    if (knobs->use_opencl == EXB_DEVICE_HOST)
        return 0;
    /* The first call that may use OpenCL names the process's device
     * (init_device runs once, under pthread_once, after this store). */
    if (!atomic_load_explicit(&wanted_set, memory_order_acquire)) { /* the first call: the lock */
        pthread_mutex_lock(&wanted_lock);
        if (!atomic_load_explicit(&wanted_set, memory_order_relaxed)) {
            wanted_platform = knobs->cl_platform;
            wanted_device = knobs->cl_device;
            atomic_store_explicit(&wanted_set, 1, memory_order_release);
        }
        pthread_mutex_unlock(&wanted_lock);
    }
    if (knobs->use_opencl == EXB_DEVICE_OPENCL && !atomic_load(&opencl_named))
        atomic_store(&opencl_named, 1);
    if (knobs->use_opencl == EXB_DEVICE_OPENCL)
        return 1;
    /* auto: quietly the host when there is no device (no line on stderr) */
    return exb_cl_device_present() && !the_device.is_cpu;
}

/* A device is there and may run binary32 kernels only. */
static int binary32_only(const exb_knobs *knobs)
{
    return exb_cl_device_present() && !(the_device.fp64 && knobs->fp64);
}

int exb_cl_wanted(const exb_knobs *knobs)
{
    if (!wanted_any(knobs))
        return 0;
    if (binary32_only(knobs)) {
        exb_note("OpenCL device %s %s: only EXDGEMM and the double-float GEMMs run on it, the "
                 "other routines on the host",
                 the_device.name,
                 the_device.fp64 ? "is limited to binary32 by EXACTBLAS_FP64=0"
                                 : "has no binary64 (cl_khr_fp64) and 64-bit atomics");
        return 0;
    }
    return 1;
}

int exb_cl_wanted_binary32(const exb_knobs *knobs)
{
    return wanted_any(knobs) && binary32_only(knobs);
}

int exb_cl_wanted_df(const exb_knobs *knobs)
{
    return wanted_any(knobs);
}

int exb_cl_launch_fail(exb_cl_launch *L, const char *step, cl_int err)
{
    if (!L->failed)
        exb_note("OpenCL %s: %s failed (error %d); using the host path", L->what, step, (int)err);
    L->failed = 1;
    return -1;
}

int exb_cl_launch_begin(exb_cl_launch *L, const char *what, const char *file, const char *kernel,
                        const char *options)
{
    memset(L, 0, sizeof *L);
    L->what = what;
    L->kernel_name = kernel;
    L->d = exb_cl_device_get();
    if (!L->d) {
        L->failed = 1; /* the runtime said why */
        return -1;
    }
    return exb_cl_launch_rebuild(L, file, options);
}

int exb_cl_launch_rebuild(exb_cl_launch *L, const char *file, const char *options)
{
    if (L->failed)
        return -1;
    if (L->kernel)
        clReleaseKernel(L->kernel);
    L->kernel = exb_cl_kernel(file, L->kernel_name, options);
    if (!L->kernel)
        L->failed = 1; /* exb_cl_kernel said why */
    return L->kernel ? 0 : -1;
}

size_t exb_cl_launch_fit(exb_cl_launch *L, size_t want)
{
    return L->kernel ? exb_cl_fit_wg(L->kernel, L->kernel_name, want) : want;
}

cl_mem exb_cl_launch_buffer(exb_cl_launch *L, cl_mem_flags flags, size_t bytes, void *host)
{
    if (L->failed)
        return NULL;
    if (L->nmem == EXB_CL_LAUNCH_MEMS) {
        exb_cl_launch_fail(L, "buffer creation (too many buffers)", CL_OUT_OF_RESOURCES);
        return NULL;
    }
    cl_int err;
    cl_mem buf = clCreateBuffer(L->d->context, flags, bytes > 0 ? bytes : 1, host, &err);
    if (err != CL_SUCCESS) {
        exb_cl_launch_fail(L, "buffer creation", err);
        return NULL;
    }
    L->mem[L->nmem++] = buf;
    return buf;
}

int exb_cl_launch_args(exb_cl_launch *L, cl_uint first, const exb_cl_arg *args, int count)
{
    if (L->failed)
        return -1;
    for (int a = 0; a < count; a++) {
        cl_int err = clSetKernelArg(L->kernel, first + (cl_uint)a, args[a].size, args[a].value);
        if (err != CL_SUCCESS)
            return exb_cl_launch_fail(L, "kernel argument setup", err);
    }
    return 0;
}

int exb_cl_launch_run(exb_cl_launch *L, cl_uint dims, const size_t *global, const size_t *local)
{
    if (L->failed)
        return -1;
    cl_int err =
        clEnqueueNDRangeKernel(L->d->queue, L->kernel, dims, NULL, global, local, 0, NULL, NULL);
    return err == CL_SUCCESS ? 0 : exb_cl_launch_fail(L, "launch", err);
}

int exb_cl_launch_read(exb_cl_launch *L, cl_mem buf, size_t bytes, void *host)
{
    if (L->failed)
        return -1;
    cl_int err = clEnqueueReadBuffer(L->d->queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL);
    return err == CL_SUCCESS ? 0 : exb_cl_launch_fail(L, "read back", err);
}

int exb_cl_launch_end(exb_cl_launch *L)
{
    for (int m = 0; m < L->nmem; m++)
        clReleaseMemObject(L->mem[m]);
    L->nmem = 0;
    if (L->kernel)
        clReleaseKernel(L->kernel);
    L->kernel = NULL;
    return L->failed ? -1 : 0;
}

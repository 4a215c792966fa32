/* probe.c -- what ExactBLAS sees and does here: the library version, every
 * OpenCL platform and device (usable: cl_khr_fp64 and 64-bit atomics), the
 * device ExactBLAS picks (EXACTBLAS_DEVICE honoured) and its tuning class,
 * the host's kernel table (SRC/host/kernels.h: generic, avx2 or avx512),
 * the path each routine takes under the current knobs (exactblas_last_path
 * after a small call), the first ExDOT call's time (program build, cold or
 * cached), one exact dot product checked against the host path, and which
 * BLAS a program linked with -lblas (-lblas64) gets here: the library
 * ld.so finds for libblas.so.3 and libblas64.so.3 (or the files named on
 * the command line), and whether it is ExactBLAS's drop-in (every routine
 * exact) or another BLAS (nothing a program calls through it is exact);
 * and which LAPACK a program linked with -llapack (-llapack64) gets: for
 * DGETRF, DPOTRF, DGEQRF and DGESV, the file whose code runs (the drop-in
 * liblapack.so.3, marked by exactblas_lapack_version, forwards to the
 * reference LAPACK: its exactblas_lapack_target says where, or that the
 * routine is ExactBLAS's own) and the BLAS its calls reach, with a WARNING
 * where LAPACK is not on the exact kernels (OpenBLAS's LAPACK, which calls
 * its own kernels, or any LAPACK over another BLAS).  Arguments are library
 * files or sonames; those named liblapack* are reported as LAPACK.
 * With --pid PID, the BLAS and LAPACK libraries a running client (python,
 * R, octave, a GSL program) has mapped (/proc/PID/maps), each classified,
 * and a WARNING where its BLAS or LAPACK calls may reach a library that is
 * not exact (a client can run it on itself: subprocess with os.getpid()
 * in Python, Sys.getpid() in R, getpid() in Octave); and its PBLAS: the
 * library its PDGEMM, PDTRSM, ... bind to, the exact PBLAS
 * (libexactblas_pblas) or ScaLAPACK's own (libscalapack, grid-dependent
 * sums: a WARNING), read from ld.so's load order of its executable under
 * its LD_PRELOAD and LD_LIBRARY_PATH.  --program EXE says the same of a
 * program before it runs (this shell's LD_PRELOAD and LD_LIBRARY_PATH).
 *   exactblas_probe [BLAS_OR_LAPACK_LIBRARY ...]
 *   exactblas_probe --pid PID
 *   exactblas_probe --program EXE */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/kernels.h"
#include "opencl/clrt.h"
#include "support/knobs.h"
#include "exactblas.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int has(cl_device_id dev, const char *ext)
{
    char list[8192] = "";
    clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof list - 1, list, NULL);
    return strstr(list, ext) != NULL;
}

static void list_devices(void)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        printf("OpenCL: no platform\n");
        return;
    }
    for (cl_uint p = 0; p < np && p < 16; p++) {
        char name[256] = "";
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
        printf("OpenCL platform %u: %s\n", p, name);
        cl_device_id devs[16];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &nd) != CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < nd && d < 16; d++) {
            cl_device_type type = 0;
            clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name - 1, name, NULL);
            int ok = has(devs[d], "cl_khr_fp64") && has(devs[d], "cl_khr_int64_base_atomics");
            printf("  device %u:%u %s (%s)%s\n", p, d, name,
                   type & CL_DEVICE_TYPE_GPU   ? "GPU"
                   : type & CL_DEVICE_TYPE_CPU ? "CPU"
                                               : "other",
                   ok ? "" : ": not usable (no cl_khr_fp64 or 64-bit atomics)");
        }
    }
}

static const char *path_name(int p)
{
    static char text[64];
    snprintf(text, sizeof text, "%s%s%s%s", p & EXACTBLAS_PATH_OPENCL ? "OpenCL " : "",
             p & EXACTBLAS_PATH_HOST ? "host " : "",
             p & EXACTBLAS_PATH_RESIDUE ? "(residue path) " : "",
             p & EXACTBLAS_PATH_FALLBACK ? "(OpenCL asked for, host used) " : "");
    return p ? text : "none";
}

/* What a program gets from the BLAS library `lib` (a soname ld.so looks
 * up, or a path). */
static void report_blas(const char *lib)
{
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("%s: not found\n", lib);
        return;
    }
    Dl_info info;
    void *any = dlsym(h, "dgemm_");
    const char *file = any && dladdr(any, &info) ? info.dli_fname : "?";
    const char *(*mark)(void) = (const char *(*)(void))dlsym(h, "exactblas_dropin_version");
    if (!mark)
        printf("%s: %s, not ExactBLAS: nothing a program calls through it is exact\n", lib, file);
    else
        printf("%s: %s, the ExactBLAS drop-in %s; every routine it exports is exact\n", lib, file,
               mark());
    dlclose(h);
}

/* The file `p` lies in (NULL if none), and its load address. */
static const char *file_of(void *p, void **base)
{
    Dl_info info;
    if (!p || !dladdr(p, &info)) {
        *base = NULL;
        return NULL;
    }
    *base = info.dli_fbase;
    return info.dli_fname;
}

/* What a program gets from the LAPACK library `lib` (a soname ld.so looks
 * up, or a path): the BLAS under it (the dgemm_ its own search finds: the
 * library, then what it needs), and where each of four routines runs. */
static void report_lapack(const char *lib)
{
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("%s: not found\n", lib);
        return;
    }
    const char *(*mark)(void) = (const char *(*)(void))dlsym(h, "exactblas_lapack_version");
    const char *(*reference)(void) = (const char *(*)(void))dlsym(h, "exactblas_lapack_reference");
    void *(*target)(const char *) = (void *(*)(const char *))dlsym(h, "exactblas_lapack_target");
    void *base, *blas_base, *mark_base;
    const char *file = file_of(dlsym(h, "dgesv_"), &base);
    if (mark && reference && target)
        printf("%s: %s, the ExactBLAS drop-in %s: each routine forwarded to the reference LAPACK "
               "%s, or ExactBLAS's own\n",
               lib, file ? file : "?", mark(), reference());
    else
        printf("%s: %s, not ExactBLAS's drop-in liblapack\n", lib, file ? file : "?");
    const char *blas = file_of(dlsym(h, "dgemm_"), &blas_base);
    file_of(dlsym(h, "exactblas_dropin_version"), &mark_base);
    int blas_exact = blas && blas_base == mark_base;
    printf("  BLAS under it: %s%s\n", blas ? blas : "no dgemm_",
           blas_exact ? ", the ExactBLAS drop-in (exact)" : ", not ExactBLAS's (not exact)");
    static const char *const routines[] = {"dgetrf_", "dpotrf_", "dgeqrf_", "dgesv_"};
    /* OpenBLAS's LAPACK calls OpenBLAS's kernels directly, not its dgemm_ */
    int openblas = !blas_exact && dlsym(h, "openblas_get_config") != NULL;
    int all_exact = 1;
    for (int k = 0; k < 4; k++) {
        void *entry = dlsym(h, routines[k]), *to = target ? target(routines[k]) : NULL, *at;
        const char *runs = file_of(to ? to : entry, &at);
        if (!entry) {
            printf("  %-8s not defined\n", routines[k]);
            all_exact = 0;
        } else if (target && !to)
            printf("  %-8s ExactBLAS's own (%s), on the exact kernels\n", routines[k], runs);
        else if (openblas || (at == blas_base && !blas_exact)) {
            printf("  %-8s %s, %s LAPACK on its own kernels: not exact\n", routines[k], runs,
                   openblas ? "OpenBLAS's" : "a");
            all_exact = 0;
        } else {
            printf("  %-8s %s%s, %s\n", routines[k], to ? "forwarded to " : "", runs,
                   blas_exact ? "its BLAS calls exact" : "its BLAS calls not exact");
            all_exact &= blas_exact;
        }
    }
    if (!all_exact)
        printf("  WARNING: LAPACK through %s is not on the exact kernels: put ExactBLAS's drop-in "
               "folder (build/dropin, or lib/exactblas installed) first in LD_LIBRARY_PATH, or "
               "choose its libblas and liblapack by update-alternatives\n",
               lib);
    else if (!mark)
        printf("  (the reference LAPACK over the exact BLAS, the old way: ExactBLAS's own LAPACK "
               "routines, in its drop-in liblapack, are not used)\n");
    dlclose(h);
}

/* The kind of a mapped library file, by its name and marks. */
enum kind { OTHER, DROPIN_BLAS, DROPIN_LAPACK, REFERENCE_LAPACK, FOREIGN_BLAS, FOREIGN_LAPACK };

/* 1 for a BLAS file name, 2 for a LAPACK one, else 0 */
static int named(const char *path)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    if (strncmp(base, "liblapack", 9) == 0 || strncmp(base, "libRlapack", 10) == 0)
        return 2;
    return strncmp(base, "libblas", 7) == 0 || strncmp(base, "libopenblas", 11) == 0 ||
           strncmp(base, "libgslcblas", 11) == 0 || strncmp(base, "libRblas", 8) == 0 ||
           strncmp(base, "libmkl_rt", 9) == 0 || strncmp(base, "libflexiblas", 12) == 0 ||
           strncmp(base, "libcblas", 8) == 0 || strncmp(base, "libblis", 7) == 0;
}

static enum kind classify(const char *path, const char *reference)
{
    int blas = named(path) == 1, lapack = named(path) == 2;
    if (!blas && !lapack)
        return OTHER;
    void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD);
    if (!h)
        h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    enum kind k = blas ? FOREIGN_BLAS : FOREIGN_LAPACK;
    if (h && blas && dlsym(h, "exactblas_dropin_version")) {
        void *base_of_mark, *base_of_gemm;
        file_of(dlsym(h, "exactblas_dropin_version"), &base_of_mark);
        file_of(dlsym(h, "dgemm_"), &base_of_gemm);
        if (base_of_mark == base_of_gemm)
            k = DROPIN_BLAS;
    } else if (h && lapack && dlsym(h, "exactblas_lapack_version"))
        k = DROPIN_LAPACK;
    else if (lapack && reference) {
        char *a = realpath(path, NULL), *b = realpath(reference, NULL);
        if (a && b && strcmp(a, b) == 0)
            k = REFERENCE_LAPACK;
        free(a);
        free(b);
    }
    if (h)
        dlclose(h);
    return k;
}

/* ---- the PBLAS a program binds to ------------------------------------------ */

enum pblas_kind { PBLAS_NONE, PBLAS_EXACT, PBLAS_SCALAPACK };

static enum pblas_kind pblas_named(const char *path)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    if (strncmp(base, "libexactblas_pblas", 18) == 0)
        return PBLAS_EXACT;
    return strncmp(base, "libscalapack", 12) == 0 ? PBLAS_SCALAPACK : PBLAS_NONE;
}

/* The first of libexactblas_pblas and libscalapack in the load order of
 * `exe` under LD_PRELOAD `preload` and LD_LIBRARY_PATH `libpath` (NULL:
 * unset): ld.so binds pdgemm_ to the first library of the global scope
 * that defines it, and its trace (LD_TRACE_LOADED_OBJECTS, what ldd runs)
 * lists that scope in order.  Its path to file. */
static enum pblas_kind pblas_first(const char *exe, const char *preload, const char *libpath,
                                   char *file, size_t len)
{
    int fd[2];
    if (pipe(fd) != 0)
        return PBLAS_NONE;
    pid_t child = fork();
    if (child < 0) {
        close(fd[0]);
        close(fd[1]);
        return PBLAS_NONE;
    }
    if (child == 0) {
        char pre[4096], lib[4096];
        char *env[4] = {"LD_TRACE_LOADED_OBJECTS=1", NULL, NULL, NULL};
        int e = 1;
        if (preload && snprintf(pre, sizeof pre, "LD_PRELOAD=%s", preload) < (int)sizeof pre)
            env[e++] = pre;
        if (libpath && snprintf(lib, sizeof lib, "LD_LIBRARY_PATH=%s", libpath) < (int)sizeof lib)
            env[e++] = lib;
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        char *args[2] = {(char *)exe, NULL};
        execve(exe, args, env);
        _exit(127);
    }
    close(fd[1]);
    FILE *in = fdopen(fd[0], "r");
    enum pblas_kind first = PBLAS_NONE;
    char line[4096];
    while (in && fgets(line, sizeof line, in)) {
        /* "\tname => /path (0x...)" or "\t/path (0x...)" */
        char *path = strstr(line, "=> ");
        path = path ? path + 3 : line + strspn(line, " \t");
        path[strcspn(path, " (\n")] = '\0';
        enum pblas_kind k = pblas_named(path);
        if (first == PBLAS_NONE && k != PBLAS_NONE) {
            first = k;
            snprintf(file, len, "%s", path);
        }
    }
    if (in)
        fclose(in);
    else
        close(fd[0]);
    waitpid(child, NULL, 0);
    return first;
}

/* The PBLAS lines for a program; mapped: the PBLAS libraries a running
 * process has mapped (flags by kind), or -1 for a program not running. */
static void report_pblas(const char *exe, const char *preload, const char *libpath, int mapped)
{
    char file[4096] = "";
    enum pblas_kind k = pblas_first(exe, preload, libpath, file, sizeof file);
    if (k == PBLAS_EXACT) {
        printf("PBLAS: PDGEMM, PDTRSM, ... bind to %s, the exact PBLAS (the same bits on every "
               "process grid; ScaLAPACK's routines outside PBLAS that sum themselves: "
               "doc/PBLAS.md)\n",
               file);
    } else if (k == PBLAS_SCALAPACK) {
        printf("PBLAS: PDGEMM, PDTRSM, ... bind to %s, ScaLAPACK's own PBLAS\n", file);
        printf("  WARNING: ScaLAPACK's own PBLAS adds rounded partial sums across processes: "
               "results depend on the process grid; link libexactblas_pblas ahead of "
               "libscalapack, or LD_PRELOAD it\n");
    } else if (mapped > 0) {
        printf("PBLAS: loaded at run time (dlopen), not in the executable's load order: which "
               "library PDGEMM binds to depends on the order they were opened in\n");
    } else {
        printf("PBLAS: none (neither libexactblas_pblas nor libscalapack is loaded)\n");
    }
}

/* The value of `name` in /proc/PID/environ (malloc'd), or NULL. */
static char *environ_of(const char *pid, const char *name)
{
    char path[64], buf[65536];
    snprintf(path, sizeof path, "/proc/%s/environ", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f), len = strlen(name);
    fclose(f);
    buf[n] = '\0';
    for (size_t at = 0; at < n; at += strlen(buf + at) + 1)
        if (strncmp(buf + at, name, len) == 0 && buf[at + len] == '=')
            return strdup(buf + at + len + 1);
    return NULL;
}

/* --pid: the libraries process `pid` has mapped, and a verdict. */
static int report_process(const char *pid)
{
    char name[64], line[4096];
    snprintf(name, sizeof name, "/proc/%s/maps", pid);
    FILE *maps = fopen(name, "r");
    if (!maps) {
        printf("process %s: cannot read %s\n", pid, name);
        return 1;
    }
    enum { MAX = 32 };
    char *files[MAX];
    int n = 0, pblas_mapped = 0;
    while (fgets(line, sizeof line, maps) && n < MAX) {
        char *path = strchr(line, '/');
        if (!path)
            continue;
        path[strcspn(path, "\n")] = '\0';
        pblas_mapped |= pblas_named(path) != PBLAS_NONE;
        if (!named(path))
            continue;
        int seen = 0;
        for (int k = 0; k < n; k++)
            seen |= strcmp(files[k], path) == 0;
        if (!seen)
            files[n++] = strdup(path);
    }
    fclose(maps);
    /* the reference LAPACK a mapped drop-in liblapack forwards to */
    const char *reference = NULL;
    for (int k = 0; k < n; k++) {
        if (named(files[k]) != 2)
            continue;
        void *h = dlopen(files[k], RTLD_LAZY | RTLD_LOCAL);
        const char *(*ref)(void) =
            h ? (const char *(*)(void))dlsym(h, "exactblas_lapack_reference") : NULL;
        if (ref)
            reference = ref();
    }
    int blas = 0, lapack = 0, foreign_blas = 0, foreign_lapack = 0;
    printf("process %s: BLAS and LAPACK libraries mapped:\n", pid);
    for (int k = 0; k < n; k++) {
        enum kind kind = classify(files[k], reference);
        static const char *const says[] = {
            "",
            "the ExactBLAS drop-in libblas (exact)",
            "the ExactBLAS drop-in liblapack",
            "the reference LAPACK the drop-in liblapack forwards to (its BLAS calls exact)",
            "a BLAS that is not ExactBLAS's (not exact)",
            "a LAPACK that is not ExactBLAS's drop-in"};
        if (kind == OTHER)
            continue;
        printf("  %s: %s\n", files[k], says[kind]);
        blas |= kind == DROPIN_BLAS;
        lapack |= kind == DROPIN_LAPACK;
        foreign_blas |= kind == FOREIGN_BLAS;
        foreign_lapack |= kind == FOREIGN_LAPACK;
    }
    if (!blas)
        printf("  WARNING: the ExactBLAS drop-in libblas is not loaded: no BLAS call of this "
               "process is exact\n");
    else if (foreign_blas)
        printf("  WARNING: another BLAS is loaded too: a call bound to it is not exact (ld.so "
               "binds each name to the first library of the caller's scope that defines it)\n");
    if (!lapack && foreign_lapack)
        printf("  WARNING: LAPACK is not ExactBLAS's drop-in liblapack: put the drop-in folder "
               "first in LD_LIBRARY_PATH (R: R_LD_LIBRARY_PATH), or choose its libblas and "
               "liblapack by update-alternatives\n");
    else if (lapack && foreign_lapack)
        printf("  WARNING: another LAPACK is loaded beside the drop-in liblapack: a call bound "
               "to it does not use ExactBLAS's LAPACK\n");
    else if (blas && lapack && !foreign_blas)
        printf("  BLAS and LAPACK on the exact kernels\n");
    for (int k = 0; k < n; k++)
        free(files[k]);
    if (pblas_mapped) {
        char exe[64];
        snprintf(exe, sizeof exe, "/proc/%s/exe", pid);
        char *preload = environ_of(pid, "LD_PRELOAD"),
             *libpath = environ_of(pid, "LD_LIBRARY_PATH");
        report_pblas(exe, preload, libpath, pblas_mapped);
        free(preload);
        free(libpath);
    }
    return 0;
}

static int is_lapack(const char *lib)
{
    const char *slash = strrchr(lib, '/');
    return strncmp(slash ? slash + 1 : lib, "liblapack", 9) == 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--pid") == 0) {
        printf("ExactBLAS %s\n", exactblas_version());
        return report_process(argv[2]);
    }
    if (argc == 3 && strcmp(argv[1], "--program") == 0) {
        if (access(argv[2], X_OK) != 0) {
            printf("exactblas_probe --program: %s is not an executable file\n", argv[2]);
            return 2;
        }
        report_pblas(argv[2], getenv("LD_PRELOAD"), getenv("LD_LIBRARY_PATH"), -1);
        return 0;
    }
    printf("ExactBLAS %s\n", exactblas_version());
    list_devices();
    const char *knob = getenv("EXACTBLAS_DEVICE");
    printf("EXACTBLAS_DEVICE=%s\n", knob ? knob : "(unset: auto)");
    double x[3] = {1e300, 1.0, -1e300}, y[3] = {1e300, 0x1p-60, 1e300};
    double t0 = now();
    double r = exactblas_ddot(3, x, 1, y, 1);
    double first = now() - t0;
    const exb_cl_device *d = exb_cl_device_present() ? exb_cl_device_get() : NULL;
    if (d)
        printf("OpenCL device chosen: %s (tuning class %s, %u compute units, max work-group "
               "%zu; used under EXACTBLAS_DEVICE=opencl, or auto when it is not a CPU)\n",
               d->name, d->tuning->name, d->compute_units, d->max_wg);
    else
        printf("OpenCL device chosen: none (the host path)\n");
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    const exb_host_kernels *used = exb_host_kernels_get(knobs.host_generic),
                           *best = exb_host_kernels_get(0);
    printf("host kernels: %s (this CPU's table: %s; EXACTBLAS_HOST_ISA=generic forces generic): "
           "binned front end %s, floating-point filter %s\n",
           used->name, best->name, used->sumdot_bins ? "yes" : "no", used->filter ? "yes" : "no");
    printf("paths under these knobs:\n  EXDDOT   %s\n", path_name(exactblas_last_path()));
    double a[4] = {2, 1, 1, 2}, v[2] = {1, 1}, w[2] = {0, 0}, c[4] = {0, 0, 0, 0}, b[2] = {1, 1};
    exactblas_dsum(2, v, 1);
    printf("  EXDSUM   %s\n", path_name(exactblas_last_path()));
    exactblas_dgemv('N', 2, 2, 1.0, a, 2, v, 1, 0.0, w, 1);
    printf("  EXDGEMV  %s\n", path_name(exactblas_last_path()));
    exactblas_dgemm('N', 'N', 2, 2, 2, 1.0, a, 2, a, 2, 0.0, c, 2);
    printf("  EXDGEMM  %s\n", path_name(exactblas_last_path()));
    printf("  EXDGEMM's residue path: int8 engine %s (EXACTBLAS_INT8; auto takes the path on "
           "the host from k = 768 on narrow data, EXACTBLAS_GEMM_PATH=crt forces it)\n",
           exactblas_int8_engine());
    exactblas_dtrsv('L', 'N', 'N', 2, a, 2, b, 1);
    printf("  EXDTRSV  %s\n", path_name(exactblas_last_path()));
    exactblas_dtrsm('L', 'L', 'N', 'N', 2, 1, 1.0, a, 2, b, 2);
    printf("  EXDTRSM  %s\n", path_name(exactblas_last_path()));
    printf("first ExDOT call (program build included when OpenCL): %.2f s\n", first);
    setenv("EXACTBLAS_DEVICE", "host", 1);
    exactblas_reload_knobs();
    double h = exactblas_ddot(3, x, 1, y, 1);
    printf("ExDOT(1e300*1e300 + 2^-60 - 1e300*1e300) = %a (host %a): %s\n", r, h,
           r == h && r == 0x1p-60 ? "ok" : "MISMATCH");
    printf("BLAS and LAPACK libraries:\n");
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            (is_lapack(argv[i]) ? report_lapack : report_blas)(argv[i]);
    else {
        report_blas("libblas.so.3");
        report_blas("libblas64.so.3");
        report_lapack("liblapack.so.3");
        report_lapack("liblapack64.so.3");
    }
    return r == h && r == 0x1p-60 ? 0 : 1;
}

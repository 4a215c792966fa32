/*
 * knobs.c -- reading and checking the tuning knobs (see knobs.h), once per
 * process (and again at each exactblas_reload_knobs).
 *
 * A value that is not one the knob accepts gives one line naming the knob,
 * the value and what is used instead (once per process for each value, by
 * exb_note), and the knob's default; it never touches any other knob's
 * default.  No knob changes a bit of any result.
 */
#include "knobs.h"

#include "exactblas.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "note.h"
#include "sysres.h"

#define DEFAULT_FPE 4
#define DEFAULT_ROWS_FPE 3
#define DEFAULT_TRSV_BLOCK 64
#define MAX_THREADS 1024
#define MAX_DEVICE_INDEX 65535

/* The registry: every knob once, with what it accepts, its default and what
 * it does.  The parsers below take their messages from it, the README's
 * knob table is checked against it (test knobs_readme), and the tests unset
 * knobs by their common prefix. */
static const exb_knob_spec registry[] = {
    {"EXACTBLAS_DEVICE", "auto | host | opencl | <platform>:<device>",
     "auto: OpenCL on a GPU or other accelerator, the host path when the only OpenCL device is "
     "the CPU itself",
     "where the work runs; <platform>:<device> indexes are digits, 0..65535"},
    {"EXACTBLAS_FPE", "0 or 2..8", "4 for sums and dots, 3 for GEMV, TRSV and GEMM rows",
     "expansion size of the expansion front end; 0: the long accumulator alone (no bins)"},
    {"EXACTBLAS_EARLY_EXIT", "0 | 1", "1 for sums and dots, 0 for rows",
     "stop a TwoSum cascade once its error is zero"},
    {"EXACTBLAS_TRSV_BLOCK", "1..4096", "64; 16 on the host's filter below n = 2048",
     "diagonal block size of EXDTRSV and EXDTRSM"},
    {"EXACTBLAS_TRSV_MODE", "fused | multi", "fused",
     "OpenCL TRSV in one launch, or one launch per block column (EXDTRSM: one launch per "
     "batch of right-hand sides either way)"},
    {"EXACTBLAS_GEMM_PATH", "auto | general | split | early | crt",
     "auto: on the host, the paths in the order of the tuning record's cost model for the "
     "shape and threads (crt where an int8 engine is there, early, general; bench_paths "
     "prints it), the first that runs: crt declines data where more than 1 entry in 8 of "
     "op(A) and op(B) loses bits, early data whose bits need more than 9 slice products; "
     "with OpenCL, split when the data needs at most 36 slice products; EXDTRSM: split "
     "from 16 right-hand sides",
     "EXDGEMM's exact dot products, the error-free slicing onto a plain DGEMM, or the "
     "slicing with early rounding decisions (early; EXDTRSM takes it as auto), or the "
     "int8 residues of scaled integers added by the Chinese remainder theorem with early "
     "rounding decisions (crt); the same "
     "for the off-diagonal blocks of EXDTRSM's host path"},
    {"EXACTBLAS_GEMM_LEVELS", "0 or 2..20", "0: chosen per block of columns",
     "levels of slice products the early path computes for a whole block before it "
     "finishes the undecided elements one by one"},
    {"EXACTBLAS_INT8", "auto | onednn | own | 0",
     "auto: the faster of oneDNN (libdnnl.so.2) and the own AVX-512 VNNI kernel that pass a "
     "check on extreme values",
     "the int8 engine of EXDGEMM's residue path (crt); 0: none, so the path never runs"},
    {"EXACTBLAS_FP64", "auto | 0", "auto: binary64 kernels when the device has cl_khr_fp64",
     "0: the OpenCL device runs only its binary32 kernels (EXDGEMM's binary32 engine, the "
     "double-float GEMMs), as a device without binary64 does; the other routines run on the "
     "host"},
    {"EXACTBLAS_FRONT", "auto | fpe | table", "auto",
     "front end of the sum/dot kernels and the host row engine: auto is the binned front end "
     "on a CPU with AVX-512 (expansions elsewhere and on the device), the exponent table for "
     "blocks of wide range; fpe: expansions; table: the exponent table"},
    {"EXACTBLAS_WG", "1..65536", "the device's own", "OpenCL work-group size"},
    {"EXACTBLAS_THREADS", "1..1024", "one share per CPU",
     "host shares of the work, run on at most as many threads as the CPUs"},
    {"EXACTBLAS_HOST_ISA", "auto | generic", "auto", "force the portable host kernel"},
    {"EXACTBLAS_FILTER", "auto | 0",
     "auto: with FRONT=auto and FPE not 0, on the host only on a CPU with AVX-512",
     "the floating-point filter (host: EXDSUM, EXDDOT, EXDGEMV, EXDTRSV, EXDGEMM's general "
     "path; OpenCL: EXDSUM, EXDDOT, EXDGEMV): results rounded from a floating-point sum with a "
     "rigorous error bound where the bound decides; 0: the exact kernels alone"},
};

const exb_knob_spec *exb_knob_registry(int *count)
{
    *count = (int)(sizeof registry / sizeof registry[0]);
    return registry;
}

static const exb_knob_spec *spec_of(const char *name)
{
    for (size_t k = 0; k < sizeof registry / sizeof registry[0]; k++)
        if (strcmp(registry[k].name, name) == 0)
            return &registry[k];
    return NULL; /* not reached: every parser names a registered knob */
}

/* The knob's value, or NULL when it is unset or empty. */
static const char *knob_value(const char *name)
{
    const char *s = getenv(name);
    return s && *s ? s : NULL;
}

/* Digits only, at most 9 of them (no sign, no blanks, no overflow). */
static int parse_count(const char *s, long *v)
{
    size_t len = strlen(s);
    if (len == 0 || len > 9 || strspn(s, "0123456789") != len)
        return 0;
    *v = strtol(s, NULL, 10);
    return 1;
}

/* An integer knob: its value when set and in [lo, hi] (or 0 when zero_ok),
 * else the fallback (a set but bad value is reported). */
static int int_knob(const char *name, int fallback, long lo, long hi, int zero_ok)
{
    const char *s = knob_value(name);
    long v;
    if (!s)
        return fallback;
    if (!parse_count(s, &v) || ((v < lo || v > hi) && !(zero_ok && v == 0))) {
        const exb_knob_spec *k = spec_of(name);
        exb_note("ignoring %s=%s (expected %s); using the default (%s)", name, s, k->values,
                 k->default_text);
        return fallback;
    }
    return (int)v;
}

/* A word knob: the index of its value among words[] (case-insensitive), or
 * the fallback (a set but unknown value is reported). */
static int word_knob(const char *name, const char *const *words, int count, int fallback)
{
    const char *s = knob_value(name);
    if (!s)
        return fallback;
    for (int w = 0; w < count; w++)
        if (strcasecmp(s, words[w]) == 0)
            return w;
    exb_note("ignoring %s=%s (expected %s); using %s", name, s, spec_of(name)->values,
             words[fallback]);
    return fallback;
}

/* EXACTBLAS_DEVICE: auto | host | opencl | <platform>:<device>. */
static int device_knob(int *platform, int *device)
{
    const char *s = knob_value("EXACTBLAS_DEVICE");
    *platform = *device = -1;
    if (!s || strcasecmp(s, "auto") == 0)
        return EXB_DEVICE_AUTO;
    if (strcasecmp(s, "host") == 0)
        return EXB_DEVICE_HOST;
    if (strcasecmp(s, "opencl") == 0)
        return EXB_DEVICE_OPENCL;
    const char *colon = strchr(s, ':');
    long p, d;
    char head[16];
    if (colon && (size_t)(colon - s) < sizeof head) {
        memcpy(head, s, (size_t)(colon - s));
        head[colon - s] = '\0';
        if (parse_count(head, &p) && parse_count(colon + 1, &d) && p <= MAX_DEVICE_INDEX &&
            d <= MAX_DEVICE_INDEX) {
            *platform = (int)p;
            *device = (int)d;
            return EXB_DEVICE_OPENCL;
        }
    }
    exb_note("ignoring EXACTBLAS_DEVICE=%s (expected %s, indexes 0..%d); using auto", s,
             spec_of("EXACTBLAS_DEVICE")->values, MAX_DEVICE_INDEX);
    return EXB_DEVICE_AUTO;
}

static void read_knobs(exb_knobs *knobs, int rows)
{
    knobs->use_opencl = device_knob(&knobs->cl_platform, &knobs->cl_device);
    knobs->fpe = int_knob("EXACTBLAS_FPE", rows ? DEFAULT_ROWS_FPE : DEFAULT_FPE, 2, 8, 1);
    /* Many short TwoSum cascades side by side: no early-exit branches and
     * three levels measure fastest in the row kernels (GEMV/TRSV at n = 4096). */
    knobs->early_exit = int_knob("EXACTBLAS_EARLY_EXIT", !rows, 0, 1, 0);
    static const char *const fronts[] = {"auto", "fpe", "table"};
    knobs->front = word_knob("EXACTBLAS_FRONT", fronts, 3, EXB_FRONT_AUTO);
    knobs->wg = int_knob("EXACTBLAS_WG", 0, 1, 65536, 0);
    int cpus = exb_sys_cpus();
    knobs->threads = int_knob("EXACTBLAS_THREADS", cpus, 1, MAX_THREADS, 0);
    if (knobs->threads > cpus)
        exb_note("EXACTBLAS_THREADS=%d: the work is split %d ways and run on at most %d "
                 "threads (the CPUs this process may use)",
                 knobs->threads, knobs->threads, cpus);
    knobs->trsv_block = int_knob("EXACTBLAS_TRSV_BLOCK", 0, 1, 4096, 0);
    knobs->trsv_block_default = knobs->trsv_block == 0;
    if (knobs->trsv_block_default)
        knobs->trsv_block = DEFAULT_TRSV_BLOCK;
    static const char *const modes[] = {"fused", "multi"};
    knobs->trsv_multi = word_knob("EXACTBLAS_TRSV_MODE", modes, 2, 0);
    static const char *const paths[] = {"auto", "general", "split", "early", "crt"};
    knobs->gemm_path = word_knob("EXACTBLAS_GEMM_PATH", paths, 5, EXB_GEMM_AUTO);
    knobs->gemm_levels = int_knob("EXACTBLAS_GEMM_LEVELS", 0, 2, 20, 1);
    static const char *const int8[] = {"auto", "onednn", "own", "0"};
    knobs->int8 = word_knob("EXACTBLAS_INT8", int8, 4, EXB_INT8_AUTO);
    static const char *const fp64[] = {"auto", "0"};
    knobs->fp64 = word_knob("EXACTBLAS_FP64", fp64, 2, 0) == 0;
    static const char *const isa[] = {"auto", "generic"};
    knobs->host_generic = word_knob("EXACTBLAS_HOST_ISA", isa, 2, 0) == 1;
    static const char *const filter[] = {"auto", "0"};
    knobs->filter = word_knob("EXACTBLAS_FILTER", filter, 2, 0) == 0;
}

/* The process's knobs: read from the environment at the first call (or by
 * exactblas_reload_knobs) into an immutable snapshot; a call copies the
 * current one, found by one atomic load, so it takes no lock (a short
 * call's floor: issue 39) and sees one consistent set even while another
 * thread reloads.  A reload publishes a new snapshot, or an earlier one
 * with the same values: snapshots are never freed (a reader may still be
 * copying one), they stay on a list (reachable, so no leak is reported),
 * and identical settings share one, so a program that switches between a
 * few settings keeps a few. */
typedef struct snapshot {
    exb_knobs sums, rows;
    struct snapshot *next;
} snapshot;

static pthread_mutex_t reload_lock = PTHREAD_MUTEX_INITIALIZER; /* writers only */
static snapshot *all_snapshots;                                 /* under reload_lock */
static _Atomic(const snapshot *) current_snapshot;
static pthread_once_t first_read = PTHREAD_ONCE_INIT;

static int same_knobs(const exb_knobs *a, const exb_knobs *b)
{
    return memcmp(a, b, sizeof *a) == 0; /* ints only: no padding */
}

/* Reads the environment and publishes the snapshot; under reload_lock. */
static void publish_snapshot(void)
{
    snapshot fresh;
    memset(&fresh, 0, sizeof fresh);
    read_knobs(&fresh.sums, 0);
    read_knobs(&fresh.rows, 1);
    snapshot *s = all_snapshots;
    while (s && !(same_knobs(&s->sums, &fresh.sums) && same_knobs(&s->rows, &fresh.rows)))
        s = s->next;
    if (!s) {
        s = malloc(sizeof *s);
        if (!s) { /* no memory: keep the snapshot there is (or the static default) */
            static snapshot fallback;
            if (atomic_load(&current_snapshot))
                return;
            fallback = fresh;
            s = &fallback;
        } else {
            *s = fresh;
            s->next = all_snapshots;
            all_snapshots = s;
        }
    }
    atomic_store_explicit(&current_snapshot, s, memory_order_release);
}

static void take_first_snapshot(void)
{
    pthread_mutex_lock(&reload_lock);
    publish_snapshot();
    pthread_mutex_unlock(&reload_lock);
}

static void copy_snapshot(exb_knobs *knobs, int rows)
{
    const snapshot *s = atomic_load_explicit(&current_snapshot, memory_order_acquire);
    if (!s) {
        pthread_once(&first_read, take_first_snapshot);
        s = atomic_load_explicit(&current_snapshot, memory_order_acquire);
    }
    *knobs = rows ? s->rows : s->sums;
}

const exb_knobs *exb_knobs_current(void)
{
    const snapshot *s = atomic_load_explicit(&current_snapshot, memory_order_acquire);
    if (!s) {
        pthread_once(&first_read, take_first_snapshot);
        s = atomic_load_explicit(&current_snapshot, memory_order_acquire);
    }
    return &s->sums;
}

void exactblas_reload_knobs(void)
{
    pthread_once(&first_read, take_first_snapshot);
    pthread_mutex_lock(&reload_lock);
    publish_snapshot();
    pthread_mutex_unlock(&reload_lock);
}

void exb_knobs_read(exb_knobs *knobs)
{
    copy_snapshot(knobs, 0);
}

void exb_knobs_read_rows(exb_knobs *knobs)
{
    copy_snapshot(knobs, 1);
}

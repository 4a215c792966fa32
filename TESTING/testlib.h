/*
 * testlib.h -- what every ExactBLAS test and benchmark driver shares:
 * a seeded generator and its draws, the values of the randomized tests'
 * data classes, the data generators, the MPFR oracles, BLAS-style strided
 * layout, knob settings, the input-file reader, and (timing.h) the clock
 * and the median.
 */
#ifndef EXACTBLAS_TESTLIB_H
#define EXACTBLAS_TESTLIB_H

#include <stddef.h>
#include <stdint.h>

#include "timing.h" /* tl_now, tl_median, tl_time_ms */

/* ---- random numbers (xoshiro256**, seeded by splitmix64) ---------------- */
typedef struct tl_rng {
    uint64_t s[4];
} tl_rng;

void tl_rng_seed(tl_rng *r, uint64_t seed);
uint64_t tl_rng_u64(tl_rng *r);
double tl_rng_uniform(tl_rng *r); /* [0, 1) */
double tl_rng_sign(tl_rng *r);    /* +1 or -1 */
/* A random 53-bit significand times 2^e, e uniform in [emin, emax]. */
double tl_rng_loguniform(tl_rng *r, int emin, int emax);
/* Uniform in [lo, hi] (one tl_rng_u64 modulo the count). */
long tl_draw(tl_rng *r, long lo, long hi);
/* 1 one time in one_in, else 0. */
int tl_chance(tl_rng *r, int one_in);

/* ---- values of a data class ----------------------------------------------- */
/* The classes the randomized tests (level 1, 2, 3, complex) draw their data
 * from; each test lists the ones it draws.  s is a random sign, m 2^e a
 * tl_rng_loguniform value (the range in brackets: binary32's).  With f32
 * the value is representable in binary32.  A class's draws are part of
 * every seed's cases: changing them changes the cases a seed gives. */
typedef enum tl_class {
    /* s drawn where used; binary32 rounding keeps a finite value finite
     * (+-FLT_MAX where it would overflow) */
    TL_NARROW,      /* s (0.5 + [0, 1)) */
    TL_WIDE,        /* s m 2^e, e in [-1074, 1023] ([-149, 127]) */
    TL_F32RANGE,    /* s m 2^e, e in [-126, 100], either format */
    TL_TINY,        /* s m 2^e, e in [-1074, -1000] ([-149, -120]) */
    TL_HALFTINY,    /* s m 2^e, e in [-545, -530] ([-80, -70]): a product of
                     * two is at or below the least subnormal */
    TL_HALVES8,     /* k in [-8, 8], halved one time in four */
    TL_HALVES4,     /* k in [-4, 4], halved one time in four */
    TL_INTS3,       /* k in [-3, 3] */
    TL_NEG_ZEROS,   /* -0 three times in four, else +0 or s/8 */
    TL_ZEROS,       /* +0 or -0 two times in three, else s/4 */
    TL_SPECIAL,     /* two times in three NaN, +-Inf, +-0, 1, -3, 2^-1074 or
                     * DBL_MAX, else s [0, 1) */
    TL_FEW_SPECIAL, /* one time in six NaN, +-Inf, +-0, 1 or -2, else s [0, 1) */
    /* SF (the level 2 and 3 tests): s drawn first, used or not; binary32
     * rounding as it is (+-Inf where it overflows) */
    TL_SF_UNIT,      /* s [0, 1) */
    TL_SF_WIDE,      /* s m 2^e, e in [-1074, 1023] ([-149, 127]) */
    TL_SF_TINY,      /* s m 2^e, e in [-1074, -1000] ([-149, -120]) */
    TL_SF_TINY990,   /* s m 2^e, e in [-1074, -990] ([-149, -120]) */
    TL_SF_HUGE,      /* s m 2^e, e in [980, 1023] ([100, 127]) */
    TL_SF_INTS4,     /* k in [-4, 4] */
    TL_SF_ZEROS,     /* s 0 five times in six, else s k, k in [1, 3] */
    TL_SF_SPECIAL,   /* NaN and s Inf one time in 20 each, else s m 2^e,
                      * e in [-20, 20] */
    TL_SF_TIE32,     /* s times one of 2^24, 2^24 + 2, +-1, 2, 2^25 + 4, 0,
                      * 2^-20, 1 +- 2^-20: sums near binary32 midpoints */
    TL_SF_TIE32_FAR, /* the same with one 2^-20 of the list 2^-40: a tail far
                      * below the midpoint */
} tl_class;

/* One value of class cls, representable in binary32 when f32. */
double tl_class_value(tl_rng *r, tl_class cls, int f32);

/* ---- generators ---------------------------------------------------------- */
/* Fills the logical vectors x[0..n) and, unless y is NULL, y[0..n).
 * kind: random (param = dynamic range, e.g. 1e15), illcond (param = target
 * condition number), cancel, tie, narrowtie (a tie within ~60 bits),
 * lanetie (a sum the floating-point filter approximates on the wrong side
 * of a midpoint),
 * subnormal, overflow, underflow, special,
 * zeros (signed zeros whose exact sum is zero: the zero-sign rule).
 * Returns 0, or -1 for an unknown kind. */
int tl_generate(const char *kind, double param, long n, tl_rng *r, double *x, double *y);

/* ---- oracles (MPFR: exact, then one rounding) ------------------------------ */
/* RN(sum x_i*y_i) (y == NULL: RN(sum x_i)) over the elements a reference BLAS
 * loop visits: start at 0 (inc >= 0) or (1-n)*inc (inc < 0), step inc. */
double tl_oracle_dot(long n, const double *x, long incx, const double *y, long incy);

/* ---- tallies ------------------------------------------------------------------ */
typedef struct tl_tally {
    long cases, runs, mismatches;
} tl_tally;

/* total += part. */
void tl_tally_add(tl_tally *total, const tl_tally *part);
/* Prints "<name>: PASSED: ... bit-exact against MPFR" or "<name>: FAILED: ...";
 * returns 0 when nothing differed, else 1. */
int tl_verdict(const char *name, const tl_tally *t, int nknobs);

/* ---- strided layout -------------------------------------------------------- */
/* Array of 1 + (n-1)*|inc| doubles (at least 1) holding the logical vector v
 * where a BLAS loop reads it; every other slot is a NaN sentinel.  free() it. */
double *tl_layout(const double *v, long n, long inc);
/* The length of that array. */
long tl_layout_len(long n, long inc);

/* ---- knob settings --------------------------------------------------------- */
/* Applies "EXACTBLAS_FPE=2 EXACTBLAS_DEVICE=host ..." after unsetting every
 * EXACTBLAS_* knob. */
void tl_apply_knobs(const char *setting);

/* ---- input files (LAPACK TESTING style, one keyword per line) -------------- */
#define TL_MAX_ITEMS 64
typedef struct tl_input {
    long sizes[TL_MAX_ITEMS];
    int nsizes;
    long incs[TL_MAX_ITEMS];
    int nincs;
    char gens[TL_MAX_ITEMS][32];
    double gen_params[TL_MAX_ITEMS];
    int ngens;
    char knobs[TL_MAX_ITEMS][200];
    int nknobs;
    int cases;       /* cases per generator, size and increment */
    long big;        /* sizes above this get one case */
    long knob_every; /* randomized tests: cases per random knob setting (OpenCL) */
    uint64_t seed;
    int reps;                       /* benchmark repetitions (median) */
    int threads;                    /* benchmark thread count */
    char variants[TL_MAX_ITEMS][8]; /* option letters: "N" (GEMV), "LTN" (TRSV) */
    int nvariants;
    long refine[TL_MAX_ITEMS]; /* refinement step counts (EXDTRSVX) */
    int nrefine;
    /* condition-number sweeps */
    int decade_lo, decade_hi; /* cond(T,x) in [10^lo, 10^hi), one decade at a time */
    int per_decade;           /* systems per decade, size and variant */
    long tries;               /* draws allowed per system (rejection sampling) */
    double ref_bound;         /* DTRSV: error <= ref_bound * n * u * cond(T,x) */
    int nbounds;              /* EXDTRSVX: error <= factor * u while cond <= max_cond */
    long bound_steps[TL_MAX_ITEMS];
    double bound_factor[TL_MAX_ITEMS], bound_cond[TL_MAX_ITEMS];
    char output[200]; /* path prefix of the files a driver writes */
} tl_input;

/* Reads the file; returns 0 or -1 (message printed). */
int tl_read_input(const char *path, tl_input *in);
/* Reads the file named by a driver's first argument; without it, or when the
 * file is bad, prints the usage line and returns -1 (the driver exits 2).
 * A second argument picks the knob lines that run: "host" (lines that do
 * not ask for OpenCL), "opencl" (lines with EXACTBLAS_DEVICE=opencl or
 * <platform>:<device>) or "all" (the default).  With "opencl" and no usable
 * OpenCL device (checked by the test itself, through the OpenCL API) the
 * driver says SKIPPED and exits with TL_SKIP, which CTest reports as a skip. */
int tl_read_args(int argc, char **argv, tl_input *in);
#define TL_SKIP 77

/* Whether this knob setting asks for the OpenCL path. */
int tl_setting_wants_opencl(const char *setting);
/* Whether an OpenCL device ExactBLAS can use (cl_khr_fp64 and 64-bit
 * atomics) is present, found independently of the library. */
int tl_opencl_available(void);
/* CL_DEVICE_MAX_WORK_GROUP_SIZE of the device the library picks by default
 * (the first usable GPU, else the first usable device), or 0 without one. */
long tl_opencl_max_wg(void);
#if defined(__OPENCL_CL_H) /* for tests that include <CL/cl.h> first */
/* That device and its platform: 1, or 0 without one. */
int tl_opencl_pick(cl_platform_id *platform, cl_device_id *device);
#endif
/* After a call made under `setting`: did the path it names run?  OpenCL
 * settings need the OpenCL bit and no fallback; EXACTBLAS_DEVICE=host needs
 * the host and no OpenCL; auto needs no fallback.  A call that computed
 * nothing (a quick return) passes.  Prints the case and returns 0 when the
 * path was wrong. */
int tl_check_path(const char *label, const char *setting);

/* Whether a knob line lets the host's binned AVX-512 front end run (FRONT
 * auto, FPE not 0, the native kernels) on this CPU (AVX-512 F/DQ/VL), and
 * whether it lets the floating-point filter run too (EXACTBLAS_FILTER not
 * 0). */
int tl_bins_allowed(const char *setting);
int tl_filter_allowed(const char *setting);
/* Whether a knob line lets the OpenCL sum/dot kernels try the device's
 * filter first (an expansion size, FRONT=auto, FILTER not 0). */
int tl_cl_filter_allowed(const char *setting);

/* ---- drivers' output and watchdogs (timing: timing.h) ------------------------- */
/* The per-generator table of the test drivers: its header, and one row. */
void tl_tally_header(void);
void tl_tally_row(const char *gen, double param, const tl_tally *t);
/* Arms a watchdog: unless called again (or with seconds = 0) within
 * `seconds`, the process prints "FAILED: no progress within the watchdog's
 * limit: <what>" and exits with status 1 (a hang is a failure that names
 * what hung).  A forked child keeps the handler and may re-arm alarm(). */
void tl_watchdog(unsigned seconds, const char *what);

/* Runs fn(arg, fd) in a forked child under a watchdog of `seconds` and
 * returns the child's wait status.  fd is the write end of a pipe: what the
 * child writes there (and its standard error too, with capture_stderr) the
 * parent reads into out[0..cap-1], NUL-terminated, *len bytes.  The child
 * ends with exit(fn's value): atexit handlers and library teardown run. */
int tl_child(int (*fn)(void *arg, int fd), void *arg, unsigned seconds, int capture_stderr,
             char *out, size_t cap, size_t *len);

/* ---- the caller's floating-point environment ------------------------------- */
/* A library call made as real callers make it: in a directed rounding mode,
 * with flush-to-zero or denormals-are-zero set (-ffast-math programs), and
 * with status flags already raised.  The randomized tests draw one per case
 * (tl_callenv_of: the case number picks it, so the cases' draws do not
 * change), install it just around the library call and check that the call
 * left the whole state as it found it (core/fpenv.h's rule, CONTRACT.md):
 *
 *     tl_callenv env = tl_callenv_of(c);
 *     tl_callenv_enter(&env);
 *     <the call>
 *     if (!tl_callenv_leave(&env, why, sizeof why)) { fail with why }
 *
 * Nothing but the call may run between the two: the test's own arithmetic
 * and MPFR run in the default environment.  EXACTBLAS_TEST_CALLENV=default
 * (or any of the names) pins one for every case. */
typedef struct tl_callenv {
    int kind;           /* index into the list of environments */
    unsigned int mxcsr; /* x86-64: the whole state installed (control and flags) */
    int round, excepts; /* elsewhere: fesetround's mode and the raised flags */
} tl_callenv;
tl_callenv tl_callenv_of(long c);
const char *tl_callenv_name(const tl_callenv *e);
void tl_callenv_enter(const tl_callenv *e);
/* Restores the default environment; 1 when the state found was the one
 * installed, else 0 and what differed in why. */
int tl_callenv_leave(const tl_callenv *e, char *why, size_t len);

/* Bits of a double as an unsigned integer, for exact comparison and printing. */
uint64_t tl_bits(double x);

/* The contract's NaN (CONTRACT.md): any NaN becomes the default quiet NaN,
 * bits 0x7FF8000000000000; other values are returned as they are.  Oracles
 * return it, and results are compared bit for bit, NaNs included. */
double tl_canonical(double x);
/* The sign of an exact zero sum: -0 when it had terms and all were -0. */
double tl_zero_of_terms(long terms, long negzero_terms);

#endif

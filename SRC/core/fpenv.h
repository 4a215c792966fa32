/*
 * fpenv.h -- every public routine runs in IEEE's default floating-point
 * environment, whatever the caller set, and gives the caller's back.
 *
 * Error-free transformations (TwoSum, TwoProduct, the exact splits of the
 * GEMM path) are exact only when rounding to nearest, with subnormals kept:
 * a caller that runs in another rounding mode (fesetround), or flushes
 * subnormals to zero (the FTZ/DAZ bits that -ffast-math or -Ofast programs
 * set at start-up), would silently get wrong bits.  So each entry point saves
 * the caller's state, installs round-to-nearest with gradual underflow and
 * every exception masked, and restores the caller's state (rounding mode,
 * flush modes, exception masks and flags) on return.  ExactBLAS therefore
 * neither traps nor leaves exception flags behind.  Worker threads install
 * the same state for each task (pool.c).
 *
 * The rule (doc/CONTRACT.md, "Floating-point environment"): the default
 * environment is in place before any floating-point argument is looked at
 * (a comparison of a subnormal alpha with 0 under DAZ, a float widened to
 * double, an ordered comparison that raises "invalid" on a NaN), and the
 * caller's comes back after the last rounding.  The compiler does not know
 * that MXCSR governs arithmetic: it moves a comparison of a by-value
 * argument above the ldmxcsr that installs the environment, and takes a
 * second stmxcsr for the first when no ldmxcsr lies between (seen: GCC 12
 * hoisted ZDSCAL's a == 1 above it and then skipped the restore).  Hence:
 *   - the register is read and written by volatile asm with a memory
 *     clobber: never merged, never moved across each other or across loads
 *     and stores;
 *   - every checked core and every exported function with a floating-point
 *     argument by value is defined with EXB_ENTRY/EXB_ENTRY_VOID: the
 *     entry installs the environment, then calls the work, a separate
 *     function the compiler may neither inline nor analyse (EXB_OPAQUE), so
 *     no operation of the work can move above the installation, and the
 *     caller's environment comes back after the work's return value exists;
 *   - an exported function whose floating-point data arrive through
 *     pointers may open with EXB_FPENV_SCOPE (its loads come after the
 *     asm's memory clobber), one that only forwards with EXB_FPENV_FORWARD.
 * Test: fpenv_scope (the rule over every entry point) and the randomized
 * tests, whose calls run under a drawn caller environment with the whole
 * state compared after each call.
 */
#ifndef EXACTBLAS_FPENV_H
#define EXACTBLAS_FPENV_H

#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>

/* round to nearest, no FTZ/DAZ, all six exceptions masked, no flags */
#define EXB_MXCSR_DEFAULT 0x1F80u

typedef struct exb_fpenv {
    unsigned int mxcsr;
} exb_fpenv;

static inline unsigned int exb_mxcsr_read(void)
{
    unsigned int v;
    __asm__ volatile("stmxcsr %0" : "=m"(v) : : "memory");
    return v;
}

static inline void exb_mxcsr_write(unsigned int v)
{
    __asm__ volatile("ldmxcsr %0" : : "m"(v) : "memory");
}

/* The status flags (bits 0-5) do not change a result: with the caller's
 * control bits already the default, the register is left as it is (an
 * ldmxcsr costs tens of cycles, a short call's floor); leave restores the
 * caller's flags either way. */
#define EXB_MXCSR_FLAGS 0x3Fu

static inline exb_fpenv exb_fpenv_enter(void)
{
    exb_fpenv saved = {exb_mxcsr_read()};
    if ((saved.mxcsr & ~EXB_MXCSR_FLAGS) != EXB_MXCSR_DEFAULT)
        exb_mxcsr_write(EXB_MXCSR_DEFAULT);
    return saved;
}

static inline void exb_fpenv_leave(exb_fpenv saved)
{
    if (exb_mxcsr_read() != saved.mxcsr)
        exb_mxcsr_write(saved.mxcsr);
}

#else
#include <fenv.h>

typedef struct exb_fpenv {
    fenv_t env;
} exb_fpenv;

static inline exb_fpenv exb_fpenv_enter(void)
{
    exb_fpenv saved;
    fegetenv(&saved.env);
    fesetenv(FE_DFL_ENV);
    return saved;
}

static inline void exb_fpenv_leave(exb_fpenv saved)
{
    fesetenv(&saved.env);
}
#endif

/* The default environment from here to the end of the enclosing function:
 * every return restores the caller's, after its value is computed. */
static inline void exb_fpenv_scope_end(exb_fpenv *saved)
{
    exb_fpenv_leave(*saved);
}
#define EXB_FPENV_SCOPE                                                                            \
    exb_fpenv exb_fpenv_scope_ __attribute__((cleanup(exb_fpenv_scope_end))) = exb_fpenv_enter()

/* The work of an entry point: never inlined into it, never analysed from it
 * (GCC's noipa; clang has no IPA that moves code across a noinline call). */
#if defined(__clang__)
#define EXB_OPAQUE __attribute__((noinline))
#else
#define EXB_OPAQUE __attribute__((noipa))
#endif

/* Defines the entry point `ret name params` (params and args in
 * parentheses: the parameter list and the same names as arguments), whose
 * body follows the macro as the body of the work:
 *
 *     EXB_ENTRY(double, exb_ddot_checked, (long n, const double *x, ...),
 *               (n, x, ...))
 *     {
 *         ...the work, in the default environment...
 *     }
 */
#define EXB_ENTRY(ret, name, params, args)                                                         \
    static ret name##_work params EXB_OPAQUE;                                                      \
    ret name params                                                                                \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        return name##_work args;                                                                   \
    }                                                                                              \
    static ret name##_work params
#define EXB_ENTRY_VOID(name, params, args)                                                         \
    static void name##_work params EXB_OPAQUE;                                                     \
    void name params                                                                               \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        name##_work args;                                                                          \
    }                                                                                              \
    static void name##_work params

/* The first statement of an exported function that does no floating-point
 * operation itself (integers, characters and pointers only) and hands every
 * floating-point argument, unchanged, to a function that opens
 * EXB_FPENV_SCOPE: one save and restore per call, not two.  A mark for the
 * reader and for the fpenv_scope test; it generates nothing. */
#define EXB_FPENV_FORWARD ((void)0)

#endif

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
 * The rule (doc/CONTRACT.md, "Floating-point environment"): EXB_FPENV_SCOPE
 * is the first statement of every exported function and of every checked
 * core, before any floating-point argument is looked at (a comparison of a
 * subnormal alpha with 0 under DAZ, a float widened to double, an ordered
 * comparison that raises "invalid" on a NaN), and the caller's state comes
 * back after the last rounding (the cleanup runs once the return value has
 * been computed, on every return).  Test: fpenv_scope (every such function
 * opens with it) and the randomized tests, whose calls run under a drawn
 * caller environment with its flags compared after each call.
 *
 * On x86-64 this is the SSE control and status register (doubles never use
 * the x87 unit there); elsewhere the C99 <fenv.h> environment.
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

/* The status flags (bits 0-5) do not change a result: with the caller's
 * control bits already the default, the register is left as it is (an
 * ldmxcsr costs tens of cycles, a short call's floor); leave restores the
 * caller's flags either way. */
#define EXB_MXCSR_FLAGS 0x3Fu

static inline exb_fpenv exb_fpenv_enter(void)
{
    exb_fpenv saved = {_mm_getcsr()};
    if ((saved.mxcsr & ~EXB_MXCSR_FLAGS) != EXB_MXCSR_DEFAULT)
        _mm_setcsr(EXB_MXCSR_DEFAULT);
    return saved;
}

static inline void exb_fpenv_leave(exb_fpenv saved)
{
    if (_mm_getcsr() != saved.mxcsr)
        _mm_setcsr(saved.mxcsr);
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

/* The first statement of an exported function that does no floating-point
 * operation itself (integers, characters and pointers only) and hands every
 * floating-point argument, unchanged, to a function that opens
 * EXB_FPENV_SCOPE: one save and restore per call, not two.  A mark for the
 * reader and for the fpenv_scope test; it generates nothing. */
#define EXB_FPENV_FORWARD ((void)0)

#endif

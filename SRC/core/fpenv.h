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

#endif

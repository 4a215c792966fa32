/*
 * sysres.h -- what the machine and the process's limits allow: the CPUs to
 * run on, the address space left.  Asked by the knobs (threads), the host
 * pool, the OpenCL runtime and the split GEMM's engine.
 */
#ifndef EXACTBLAS_SYSRES_H
#define EXACTBLAS_SYSRES_H

#include <stddef.h>

/* The CPUs this process may run on (at least 1). */
int exb_sys_cpus(void);

/* Bytes of address space this process may still map under its RLIMIT_AS
 * (ulimit -v): SIZE_MAX without a limit.  Libraries that abort instead of
 * failing when memory runs out (PoCL's kernel compiler, OpenBLAS's buffer)
 * are not entered without room. */
size_t exb_address_space_left(void);

#endif

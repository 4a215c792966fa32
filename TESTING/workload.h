/*
 * workload.h -- one run of every routine on data that exercises what a hash
 * of the outputs must survive: a wide exponent range, cancellation, signed
 * zeros, NaN and Inf, and an ill-conditioned triangular system whose solution
 * overflows.  The reproducibility driver and the robustness checks run it
 * under different knobs, environments and threads and compare the hashes.
 */
#ifndef EXACTBLAS_WORKLOAD_H
#define EXACTBLAS_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

typedef struct tl_workload {
    long nsum; /* sums and dots */
    long nm;   /* GEMV and GEMM: nm x nm */
    long nt;   /* triangular systems: nt x nt */
    double *x, *y, *a, *b, *c, *t, *u, *rhs;
} tl_workload;

/* Draws the data (deterministic in seed); exits on allocation failure. */
void tl_workload_make(tl_workload *w, long nsum, long nm, long nt, uint64_t seed);
void tl_workload_free(tl_workload *w);

/* How tl_workload_run picks EXDGEMM's path. */
enum tl_gemm_choice {
    TL_GEMM_BOTH, /* general, then split, through EXACTBLAS_GEMM_PATH (setenv: one thread only) */
    TL_GEMM_ENV   /* whatever the environment says (safe while other threads call) */
};

/* Every routine once; returns the FNV-1a hash of every output byte (results,
 * vectors, matrices, INFO).  After each call the path is checked against the
 * knob setting `setting` (tl_check_path; NULL: not checked); *wrong_paths
 * counts calls that did not run where the setting says. */
uint64_t tl_workload_run(const tl_workload *w, enum tl_gemm_choice gemm, const char *setting,
                         int *wrong_paths);

/* FNV-1a over len bytes, continuing from h (start with TL_HASH_START). */
#define TL_HASH_START UINT64_C(0xcbf29ce484222325)
uint64_t tl_hash_bytes(uint64_t h, const void *p, size_t len);

#endif

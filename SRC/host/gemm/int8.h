/*
 * int8.h -- the integer engine under EXDGEMM's residue path (avx512/residue.c):
 * C := op(A) op(B) for A of unsigned 8-bit and B of signed 8-bit integers,
 * summed in 32-bit integers.  Every sum of k <= EXB_I8_MAX_K products
 * (each at most 255 * 128 in magnitude) stays below 2^31, so the result is
 * exact whatever the engine's order, blocking or threads.
 *
 * Only on a CPU with AVX-512 (F, DQ, BW, VL) and VNNI: the residue path is
 * compiled for it.  Engines, chosen once per process by measurement (EXACTBLAS_INT8 forces
 * one): oneDNN's dnnl_gemm_u8s8s32 (libdnnl.so.2, loaded at run time by its
 * file name, so ExactBLAS has no link-time dependency on it) and ExactBLAS's
 * own AVX-512 VNNI kernel (host/avx512/int8_vnni.c).  Each is checked once
 * against a plain loop on extreme values (255 * -128 at k = EXB_I8_MAX_K)
 * before its first use and never used when it differs: an engine that
 * saturates (vpmaddubsw without VNNI) is caught there.
 */
#ifndef EXACTBLAS_INT8_H
#define EXACTBLAS_INT8_H

#include <stdint.h>

#include "support/knobs.h"

#define EXB_I8_MAX_K 65536

/* Layouts (row-major C, ldc >= n): ta = 0: A is m x k row-major (lda >= k);
 * ta = 1: A is stored k x m row-major (column-major m x k, lda >= m); tb = 0:
 * B is k x n row-major (ldb >= n); tb = 1: B is stored n x k row-major
 * (column-major k x n, ldb >= k). */
typedef int (*exb_i8_gemm_fn)(int ta, int tb, long m, long n, long k, const uint8_t *a, long lda,
                              const int8_t *b, long ldb, int32_t *c, long ldc);

/* The engine for EXACTBLAS_INT8 = want (knobs.h: EXB_INT8_*): NULL when
 * none (the residue path does not run), and its name in *name ("oneDNN",
 * "AVX-512 VNNI" or "none").  The engine runs on the calling thread alone. */
exb_i8_gemm_fn exb_i8_engine(int want, const char **name);

/* ExactBLAS's own kernel: -1 where the compiler had no VNNI; called only
 * on a CPU with AVX-512 VNNI. */
int exb_i8_gemm_vnni(int ta, int tb, long m, long n, long k, const uint8_t *a, long lda,
                     const int8_t *b, long ldb, int32_t *c, long ldc);

#endif

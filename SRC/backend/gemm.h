/*
 * gemm.h -- EXDGEMM below the argument checks.  Two paths give the same bits:
 *
 *   general: every C_ij is an exact dot product of a row of op(A) and a
 *     column of op(B) (the GEMV row engine, one column of C at a time), with
 *     alpha and beta folded into the one rounding;
 *   split: the error-free transformation of Ozaki, Ogita, Oishi and Rump
 *     ("Error-free transformations of matrix multiplication", 2012): op(A)
 *     and op(B) are cut into slices of beta = floor((53 - ceil(log2 k))/2)
 *     bits relative to each row's (column's) largest entry, so every slice
 *     product is a matrix of integers below 2^53 that any binary64 GEMM
 *     computes exactly, whatever its order, blocking or threads; the slice
 *     products are then added exactly per element and rounded once;
 *   early (host/gemm/early.c; auto on the host): the same slices, cut one
 *     at a time, and only the leading slice products: each element is
 *     rounded from them where a rigorous bound on the products left out
 *     proves the rounding, the others take more slice products of their
 *     own or the exact dot product.
 *
 * Both need finite A and B (the split path); the caller sends anything else
 * to the general path, which follows IEEE for NaN and Inf.
 */
#ifndef EXACTBLAS_GEMM_H
#define EXACTBLAS_GEMM_H

#include <stdint.h>

#include "core/zerosign.h"
#include "backend/tuning.h"
#include "support/knobs.h"

typedef struct exb_gemm_args {
    int transa, transb; /* 0: N; 1: T or C */
    long m, n, k;       /* C is m x n, op(A) m x k, op(B) k x n */
    double alpha;
    const double *a;
    long lda;
    const double *b;
    long ldb;
    double beta; /* 0: C is not read */
    double *c;
    long ldc;
} exb_gemm_args;

/* op(A)(i,l) and op(B)(l,j). */
static inline double exb_gemm_opa(const exb_gemm_args *g, long i, long l)
{
    return g->transa ? g->a[l + i * g->lda] : g->a[i + l * g->lda];
}

static inline double exb_gemm_opb(const exb_gemm_args *g, long l, long j)
{
    return g->transb ? g->b[j + l * g->ldb] : g->b[l + j * g->ldb];
}

/* Whether every product op(A)_il op(B)_lj of element (i, j) is -0 (the
 * sign of an exactly zero sum, core/zerosign.h): row i of op(A) against
 * column j of op(B), each read with its stride.  Every back end asks it. */
static inline int exb_gemm_element_negzero(const exb_gemm_args *g, long i, long j)
{
    const double *row = g->transa ? g->a + i * g->lda : g->a + i;
    const double *col = g->transb ? g->b + j : g->b + j * g->ldb;
    return exb_terms_negzero(g->k, row, g->transa ? 1 : g->lda, col, g->transb ? g->ldb : 1);
}

/* EXDGEMM auto on the host (exdgemm.c): the paths in the order of the
 * tuning record's cost model for this shape and thread count, crt: an int8
 * engine runs here, filtered: the general path's filter takes alpha and
 * beta. */
enum { EXB_AUTO_GENERAL, EXB_AUTO_CRT, EXB_AUTO_EARLY };
void exb_gemm_auto_order(const exb_tuning *t, long m, long n, long k, int threads, int crt,
                         int filtered, int order[3]);

/* The general path (always succeeds). */
void exb_host_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs);

/* Slices per row of op(A) and per column of op(B) the split path needs to
 * hold every bit (the most over all rows / columns); -1 when it cannot run
 * (an entry is NaN or Inf, or k is too large for one bit per slice). */
int exb_gemm_slices(const exb_gemm_args *g, int *slices_a, int *slices_b);

/* A plain binary64 C := A*B for column-major A (m x k, lda m), B (k x n,
 * ldb k), C (m x n, ldc m) on a device, work-group wg (0: the device's
 * choice): 0, or -1 when the caller must compute it otherwise. */
typedef int (*exb_device_gemm_fn)(long m, long n, long k, const double *a, const double *b,
                                  double *c, int wg);

/* The binary32 engine of the split path on a device (OPENCL/df.cl,
 * gemm_f32_levels): for every slice pair s < sa, t < sb,
 * level[(s+t)*m*n + i + j*m] += (as[s] bs[t])_ij, where as[s] = as + s*as_step
 * (m x k, column-major) and bs[t] = bs + t*bs_step (k x n, leading dimension
 * k) hold integers below 2^bits, bits <= exb_split_bits_f32(k).  0, or -1
 * (reported) when the caller must compute them otherwise (level untouched
 * then). */
typedef int (*exb_device_levels_fn)(long m, long n, long k, int sa, int sb, const double *as,
                                    long as_step, const double *bs, long bs_step, int64_t *level,
                                    int wg);

/* The slice width of the binary32 engine: slice products summed in binary32
 * over at most EXB_F32_CHUNK terms at a time, exact below 2^24. */
#define EXB_F32_CHUNK 16
int exb_split_bits_f32(long k);

int exb_cl_gemm_f32_levels(long m, long n, long k, int sa, int sb, const double *as, long as_step,
                           const double *bs, long bs_step, int64_t *level, int wg);

/* The split path: 0, or -1 when it cannot run (as exb_gemm_slices says),
 * would need more than max_products slice products, or has no memory; C is
 * untouched then and the caller takes the general path.  The slice products
 * go to `device` when it is not NULL (the routine chooses it: the host does
 * not pick devices), else to the host engine. */
int exb_host_gemm_split(const exb_gemm_args *g, const exb_knobs *knobs, long max_products,
                        exb_device_gemm_fn device);

/* The split path with early rounding decisions (host/gemm/early.c): slices
 * cut one at a time, the leading slice products only, each element rounded
 * from them where a rigorous bound proves the rounding and computed exactly
 * otherwise.  Slice products on `device` when not NULL, else the host
 * engine.  0, or -1 when it cannot run (an entry of A or B, alpha or beta
 * not finite, or no memory at the start); C is untouched then.  Once it has
 * started it completes C (a block that runs out of memory takes the general
 * path). */
int exb_host_gemm_early(const exb_gemm_args *g, const exb_knobs *knobs, exb_device_gemm_fn device);

/* The residue path (host/avx512/residue.c): op(A) and op(B) scaled to integers
 * per row and column, their products by int8 GEMMs modulo small primes
 * added by the Chinese remainder theorem, each element rounded where a
 * rigorous bound on the bits the scaling dropped proves the rounding, the
 * rest computed exactly.  0, or -1 when it cannot run (no int8 engine, k
 * above 65536, an entry, alpha or beta not finite, no memory) or, unless
 * `forced`, when the data is too wide for it (more than 1 entry in 8 loses
 * bits); C is untouched then.  Once it writes C it completes it. */
int exb_host_gemm_crt(const exb_gemm_args *g, const exb_knobs *knobs, int forced);

/* Whether the residue path can run here (an int8 engine passed its check,
 * on a CPU with AVX-512 VNNI); call it before exb_host_gemm_crt, which is
 * compiled for that CPU. */
int exb_host_gemm_crt_available(const exb_knobs *knobs);
/* The residue path's enclosure, for verification (EXDGESVXX): C(i,j) :=
 * an upper bound of |alpha op(A) op(B) + beta C|(i,j), within about
 * (lost entries) 2^-bits of the rows' and columns' tops of the exact value
 * (bits up to about 72 with every modulus: more moduli, more time), for any
 * data (forced).  -1 (C untouched) where alpha or beta is not finite;
 * call it only where exb_host_gemm_crt_available says the path runs. */
int exb_host_gemm_crt_bound(const exb_gemm_args *g, const exb_knobs *knobs, int bits);

/* The same on the device's binary32 engine (slices of exb_split_bits_f32
 * bits; a round the engine cannot take is done by the host engine on the
 * same slices, with the same bits). */
int exb_host_gemm_split_f32(const exb_gemm_args *g, const exb_knobs *knobs, long max_products,
                            exb_device_levels_fn levels);

/* The plain binary64 engine of the slice products (layouts of
 * exb_device_gemm_fn): `device` when given and it succeeds; else OpenBLAS's
 * dgemm when the library can be loaded, else a blocked loop; all are exact
 * on the slices.  Returns which one ran: "OpenCL", "OpenBLAS" or "host
 * loop". */
const char *exb_gemm_engine(long m, long n, long k, const double *a, const double *b, double *c,
                            exb_device_gemm_fn device, int wg);

/* The same product on the calling thread alone (callers that run on
 * several threads at once): OpenBLAS's serial build when installed (one
 * call at a time: it is not safe to call concurrently), else the blocked
 * loop. */
/* A plain (not exact) DTRSM on OpenBLAS's, loaded as the GEMM engine is:
 * B := alpha op(A)^-1 B (side 'L') or alpha B op(A)^-1; -1 (B untouched)
 * where there is none.  Its bits may differ from machine to machine: only
 * for what no result depends on (EXDGESVXX's approximate inverse). */
int exb_plain_dtrsm(char side, char uplo, char transa, char diag, long m, long n, double alpha,
                    const double *a, long lda, double *b, long ldb);

/* A^-1 from DGETRF's factors in a (ipiv 1-based) by OpenBLAS's DGETRI,
 * loaded the same way: 0, or -1 (a may be changed) where there is none or
 * it fails.  Plain arithmetic, as exb_plain_dtrsm. */
int exb_plain_dgetri(long n, double *a, long lda, const int *ipiv);
/* The same in binary32 (SGETRI): an approximate inverse at half the cost. */
int exb_plain_sgetri(long n, float *a, long lda, const int *ipiv);
/* The same for DPOTRI on the lower Cholesky factor L in a: the lower
 * triangle of A^-1. */
int exb_plain_dpotri(long n, double *a, long lda);

const char *exb_gemm_engine_serial(long m, long n, long k, const double *a, const double *b,
                                   double *c);

/* The OpenCL general path (OPENCL/gemm.cl, gemm_exact): 0, or -1 (reported
 * once) when the caller must take the host path; C is untouched then.
 * EXACTBLAS_WG = w sets tiles of floor(sqrt(w))^2 work-items. */
int exb_cl_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs);

/* The plain OpenCL GEMM C := A*B (an exb_device_gemm_fn): 0 or -1. */
int exb_cl_gemm_plain(long m, long n, long k, const double *a, const double *b, double *c, int wg);

#endif

/*
 * exdgemm.c -- EXDGEMM: the correctly rounded matrix-matrix product.
 *
 *   SUBROUTINE EXDGEMM(TRANSA, TRANSB, M, N, K, ALPHA, A, LDA, B, LDB, BETA, C, LDC)
 *   TRANSA (in)    'N': op(A) = A;  'T' or 'C': op(A) = A**T
 *   TRANSB (in)    the same for B
 *   M, N, K (in)   op(A) is M x K, op(B) is K x N, C is M x N; all >= 0
 *   ALPHA  (in)    scalar; ALPHA = 0: A and B are not referenced
 *   A      (in)    M x K ('N') or K x M, column-major, LDA >= max(1, rows)
 *   B      (in)    K x N ('N') or N x K, LDB >= max(1, rows)
 *   BETA   (in)    scalar; BETA = 0: C need not be set on entry (not read)
 *   C      (inout) M x N, LDC >= max(1, M)
 *
 * Every C_ij := RN(alpha * sum_l op(A)_il op(B)_lj + beta*C_ij): products,
 * sums, alpha and beta exact, one rounding per element, whatever the path.
 *
 * Errors (XERBLA 'EXDGEMM', C untouched): 1 TRANSA, 2 TRANSB, 3 M < 0,
 * 4 N < 0, 5 K < 0, 8 LDA, 10 LDB, 13 LDC too small.  Quick return, as
 * DGEMM, when M = 0, N = 0, or (ALPHA = 0 or K = 0) and BETA = 1; ALPHA = 0
 * or K = 0 gives C := beta*C (0 for BETA = 0, C not read).
 *
 * Path (EXACTBLAS_GEMM_PATH, gemm.h): auto on the host orders the residue
 * path, the early path and the general path by the tuning record's cost
 * model for the shape and the threads (auto_order below) and takes the first
 * that runs (the residue path declines wide data, the early path data that
 * needs many slices); with OpenCL, split when the data needs few slices,
 * general otherwise; general when A or B holds NaN or Inf.  On an OpenCL device
 * without binary64 (or under EXACTBLAS_FP64=0) the split path runs on the
 * device's binary32 engine, and the general path on the host.
 */
#include <limits.h>
#include <math.h>

#include "exactblas.h"
#include "core/fpenv.h"
#include "support/note.h"
#include "support/path.h"
#include "backend/gemm.h"
#include "backend/gemv.h"
#include "core/superacc.h"
#include "support/xerbla.h"
#include "backend/device.h"
#include "backend/tuning.h"
#include "routines.h"

int exb_gemm_check(char transa, char transb, long m, long n, long k, long lda, long ldb, long ldc)
{
    int ta = !exb_lsame(transa, 'N'), tb = !exb_lsame(transb, 'N');
    if (ta && !exb_lsame(transa, 'T') && !exb_lsame(transa, 'C'))
        return 1;
    if (tb && !exb_lsame(transb, 'T') && !exb_lsame(transb, 'C'))
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    long rows_a = ta ? k : m, rows_b = tb ? n : k;
    if (lda < (rows_a > 1 ? rows_a : 1))
        return 8;
    if (ldb < (rows_b > 1 ? rows_b : 1))
        return 10;
    if (ldc < (m > 1 ? m : 1))
        return 13;
    return 0;
}

static void scale_c(long m, long n, double beta, double *c, long ldc)
{
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            c[i + j * ldc] = beta == 0.0 ? 0.0 : exb_canonical_nan(beta * c[i + j * ldc]);
}

static void gemm(char transa, char transb, long m, long n, long k, double alpha, const double *a,
                 long lda, const double *b, long ldb, double beta, double *c, long ldc);
static void gemm_binary32(const exb_gemm_args *g, const exb_knobs *knobs);

EXB_ENTRY_VOID(exb_dgemm_checked,
               (const char *name, char transa, char transb, long m, long n, long k, double alpha,
                const double *a, long lda, const double *b, long ldb, double beta, double *c,
                long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    exb_path_begin();
    int bad = exb_gemm_check(transa, transb, m, n, k, lda, ldb, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0))
        return;
    gemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* The host's paths for auto, cheapest first by the tuning record's cost
 * model (tuning.h): the residue path where an int8 engine runs, the early
 * path, the general path (its filtered dot products, or the exact ones where
 * the filter cannot take alpha and beta).  Threads: the general path shares
 * columns (one thread below 4096 entries of A), the others everything. */
void exb_gemm_auto_order(const exb_tuning *t, long m, long n, long k, int threads, int crt,
                         int filtered, int order[3])
{
    double mac = (double)m * (double)n * (double)k, out = (double)m * (double)n,
           in = (double)(m + n) * (double)k;
    double th = threads > 1 ? threads : 1;
    double gth = (double)m * (double)k < 4096.0 ? 1.0 : (n < th ? (double)n : th);
    double cost[3];
    cost[EXB_AUTO_GENERAL] =
        ((filtered ? t->gemm_general_mac_ps : t->gemm_unfiltered_mac_ps) * mac +
         t->gemm_general_out_ps * out) /
        gth;
    cost[EXB_AUTO_CRT] =
        crt ? (t->gemm_crt_mac_ps * mac + t->gemm_crt_out_ps * out + t->gemm_crt_in_ps * in) / th
            : HUGE_VAL;
    cost[EXB_AUTO_EARLY] =
        (t->gemm_early_mac_ps * mac + t->gemm_early_out_ps * out + t->gemm_early_in_ps * in) / th;
    for (int q = 0; q < 3; q++)
        order[q] = q;
    for (int q = 1; q < 3; q++) /* insertion sort, ties keep the general path first */
        for (int r = q; r > 0 && cost[order[r]] < cost[order[r - 1]]; r--) {
            int s = order[r];
            order[r] = order[r - 1];
            order[r - 1] = s;
        }
}

/* The work of EXDGEMM after the checks and quick returns. */
static void gemm(char transa, char transb, long m, long n, long k, double alpha, const double *a,
                 long lda, const double *b, long ldb, double beta, double *c, long ldc)
{
    if (alpha == 0.0 || k == 0) {
        scale_c(m, n, beta, c, ldc);
        /* the reference quick step: no exact kernel runs (path NONE) */
        return;
    }
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_gemm_args g = {!exb_lsame(transa, 'N'),
                       !exb_lsame(transb, 'N'),
                       m,
                       n,
                       k,
                       alpha,
                       a,
                       lda,
                       b,
                       ldb,
                       beta,
                       c,
                       ldc};
    if (exb_cl_wanted_binary32(&knobs)) {
        gemm_binary32(&g, &knobs);
        return;
    }
    int cl = exb_cl_wanted(&knobs);
    /* early: the split path with early rounding decisions, its slice
     * products on the device when one is wanted; auto on the host takes it
     * too (it computes only the slice products the rounding needs) */
    int sa, sb;
    const exb_tuning *host = exb_tuning_of(EXB_CLASS_HOST);
    /* crt: the residue path (int8 engine) on the host, where the data is
     * narrow (forced: whatever the data); auto on the host takes it first */
    int crt_forced = knobs.gemm_path == EXB_GEMM_CRT;
    if (crt_forced && exb_host_gemm_crt_available(&knobs) && exb_host_gemm_crt(&g, &knobs, 1) == 0)
        return;
    if (knobs.gemm_path == EXB_GEMM_AUTO && !cl) {
        int order[3];
        exb_gemm_auto_order(host, m, n, k, knobs.threads, exb_host_gemm_crt_available(&knobs),
                            exb_host_gemv_filtered(&knobs, alpha, beta), order);
        for (int q = 0; q < 3; q++) {
            if (order[q] == EXB_AUTO_CRT && exb_host_gemm_crt(&g, &knobs, 0) == 0)
                return;
            if (order[q] == EXB_AUTO_EARLY && exb_gemm_slices(&g, &sa, &sb) == 0 &&
                (long)sa * sb <= host->gemm_filter_max_slices &&
                exb_host_gemm_early(&g, &knobs, NULL) == 0)
                return;
            if (order[q] == EXB_AUTO_GENERAL)
                break;
        }
        exb_host_gemm_general(&g, &knobs);
        exb_path_host(0);
        return;
    }
    if (knobs.gemm_path == EXB_GEMM_EARLY &&
        exb_host_gemm_early(&g, &knobs, cl ? exb_cl_gemm_plain : NULL) == 0)
        return;
    /* auto with OpenCL: the split path when slices(op(A)) * slices(op(B))
     * plain GEMMs are cheaper than the exact dot products, by the tuning
     * record of where they would run */
    const exb_tuning *tuning =
        cl && exb_cl_tuning() ? exb_cl_tuning() : exb_tuning_of(EXB_CLASS_HOST);
    long max_products =
        knobs.gemm_path == EXB_GEMM_SPLIT ? LONG_MAX : tuning->gemm_max_slice_products;
    if (knobs.gemm_path != EXB_GEMM_GENERAL &&
        exb_host_gemm_split(&g, &knobs, max_products, cl ? exb_cl_gemm_plain : NULL) == 0)
        return;
    if (cl && exb_cl_gemm_general(&g, &knobs) == 0) {
        exb_path_add(EXACTBLAS_PATH_OPENCL);
    } else {
        exb_host_gemm_general(&g, &knobs);
        exb_path_host(cl);
    }
}

/* A device without binary64 (or EXACTBLAS_FP64=0): the split path on its
 * binary32 engine; what it cannot take (NaN or Inf, a row or column spanning
 * more than 960 bits, more slice products than the record allows in auto,
 * EXACTBLAS_GEMM_PATH=general) goes to the host's general path. */
static void gemm_binary32(const exb_gemm_args *g, const exb_knobs *knobs)
{
    long max_products =
        knobs->gemm_path == EXB_GEMM_SPLIT ? LONG_MAX : exb_cl_tuning()->f32_max_slice_products;
    if (knobs->gemm_path != EXB_GEMM_GENERAL &&
        exb_host_gemm_split_f32(g, knobs, max_products, exb_cl_gemm_f32_levels) == 0)
        return;
    exb_note("EXDGEMM: a product the OpenCL device's binary32 engine cannot take (NaN or Inf, "
             "too wide a range, too many slices, or EXACTBLAS_GEMM_PATH=general) runs on the "
             "host");
    exb_host_gemm_general(g, knobs);
    exb_path_add(EXACTBLAS_PATH_HOST);
}

void exactblas_dgemm(char transa, char transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double beta, double *c, int ldc)
{
    exb_dgemm_checked("EXDGEMM", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

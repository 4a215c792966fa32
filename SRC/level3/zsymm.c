/*
 * zsymm.c -- the complex routines whose matrix is symmetric or Hermitian,
 * each on zgemm.c's engines over a dense twin: ZHERK and ZSYRK (the full
 * GEMM into a copy, its UPLO triangle back), ZHEMV, ZHEMM and ZSYMM (the
 * GEMV/GEMM of the dense twin).  The rules: level3.h, doc/CONTRACT.md.
 */
#include "level3.h"
#include "zgemm.h"
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "routines.h"
#include "level2/zlevel2.h"
#include "support/knobs.h"
#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

/* ---- ZHERK, ZSYRK: the full GEMM into a copy, its UPLO triangle back ------------- */

/* C's UPLO triangle := that of alpha op(X) op(Y) + beta C (n x n, inner
 * dimension k): the full GEMM into a dense copy, its triangle back; herm: C's
 * diagonal real (its imaginary part not read, set to +0). */
void exb_ztri_update(const char *name, int f32, int herm, int up, long n, long k, char ta, char tb,
                     const double *alpha, const void *x, long ldx, const void *y, long ldy,
                     const double *beta, void *c, long ldc)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *cw = malloc((size_t)(2 * n * n) * w);
    if (!cw) {
        exb_note("no memory for %s's copy of C: C left as it was", name);
        return;
    }
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++)
            memcpy(cw + (size_t)(2 * (i + j * n)) * w, (char *)c + (size_t)(2 * (i + j * ldc)) * w,
                   2 * w);
    for (long j = 0; j < n; j++) /* the other triangle: zeros (computed, never copied back) */
        for (long i = up ? j + 1 : 0; i < (up ? n : j); i++)
            memset(cw + (size_t)(2 * (i + j * n)) * w, 0, 2 * w);
    if (herm) /* the reference reads only the real part of C's diagonal */
        for (long j = 0; j < n; j++)
            memset(cw + (size_t)(2 * (j + j * n) + 1) * w, 0, w);
    exb_zgemm_engine(name, f32, ta, tb, n, n, k, alpha, x, ldx, y, ldy, beta, cw, n);
    for (long j = 0; j < n; j++)
        for (long i = up ? 0 : j; i < (up ? j + 1 : n); i++)
            memcpy((char *)c + (size_t)(2 * (i + j * ldc)) * w, cw + (size_t)(2 * (i + j * n)) * w,
                   2 * w);
    if (herm) /* a Hermitian C's diagonal is real: its imaginary part +0 */
        for (long j = 0; j < n; j++)
            memset((char *)c + (size_t)(2 * (j + j * ldc) + 1) * w, 0, w);
    free(cw);
}

static void rank_k_complex(const char *name, int f32, int herm, char uplo, char trans, long n,
                           long k, const double *alpha, const void *a, long lda, const double *beta,
                           void *c, long ldc)
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U'), tn = exb_lsame(trans, 'N');
    int tok = tn || (herm ? exb_lsame(trans, 'C') : exb_lsame(trans, 'T'));
    long rows = tn ? n : k;
    int info = 0;
    if (!up && !exb_lsame(uplo, 'L'))
        info = 1;
    else if (!tok)
        info = 2;
    else if (n < 0)
        info = 3;
    else if (k < 0)
        info = 4;
    else if (lda < (rows > 1 ? rows : 1))
        info = 7;
    else if (ldc < (n > 1 ? n : 1))
        info = 10;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    int alpha0 = alpha[0] == 0.0 && alpha[1] == 0.0;
    if (n == 0 || ((alpha0 || k == 0) && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    char ta = tn ? 'N' : (herm ? 'C' : 'T'), tb = tn ? (herm ? 'C' : 'T') : 'N';
    exb_ztri_update(name, f32, herm, up, n, k, ta, tb, alpha, a, lda, a, lda, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_zherk_checked,
               (const char *name, char uplo, char trans, long n, long k, double alpha,
                const double *a, long lda, double beta, double *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha, 0.0}, be[2] = {beta, 0.0};
    rank_k_complex(name, 0, 1, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

EXB_ENTRY_VOID(exb_cherk_checked,
               (const char *name, char uplo, char trans, long n, long k, float alpha,
                const float *a, long lda, float beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha, 0.0}, be[2] = {beta, 0.0};
    rank_k_complex(name, 1, 1, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

EXB_ENTRY_VOID(exb_zsyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, const double *alpha,
                const double *a, long lda, const double *beta, double *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    rank_k_complex(name, 0, 0, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_csyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, const float *alpha,
                const float *a, long lda, const float *beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    rank_k_complex(name, 1, 0, uplo, trans, n, k, al, a, lda, be, c, ldc);
}

/* ---- ZHEMV, ZHEMM, ZSYMM: the dense twin's GEMV/GEMM ------------------------------ */

/* The n x n matrix (ld n) of a symmetric or Hermitian (herm) A from its
 * UPLO triangle: a_ji = a_ij (conj(a_ij)); a Hermitian diagonal's imaginary
 * part 0 (the reference assumes it). */
static void *full_of(int f32, int herm, int up, long n, const void *a, long lda)
{
    size_t w = f32 ? sizeof(float) : sizeof(double);
    char *f = malloc((size_t)(2 * n * n) * w);
    if (!f)
        return NULL;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            int stored = up ? i <= j : i >= j;
            long at = stored ? i + j * lda : j + i * lda;
            double re = f32 ? ((const float *)a)[2 * at] : ((const double *)a)[2 * at];
            double im = f32 ? ((const float *)a)[2 * at + 1] : ((const double *)a)[2 * at + 1];
            if (herm && i == j)
                im = 0.0;
            else if (herm && !stored)
                im = -im;
            long to = 2 * (i + j * n);
            if (f32)
                ((float *)f)[to] = (float)re, ((float *)f)[to + 1] = (float)im;
            else
                ((double *)f)[to] = re, ((double *)f)[to + 1] = im;
        }
    return f;
}

static void hemv_complex(const char *name, int f32, char uplo, long n, const double *alpha,
                         const void *a, long lda, const void *x, long incx, const double *beta,
                         void *y, long incy)
{
    exb_path_begin();
    int up = exb_lsame(uplo, 'U'), info = 0;
    if (!up && !exb_lsame(uplo, 'L'))
        info = 1;
    else if (n < 0)
        info = 2;
    else if (lda < (n > 1 ? n : 1))
        info = 5;
    else if (incx == 0)
        info = 7;
    else if (incy == 0)
        info = 10;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (n == 0 || (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    exb_knobs knobs;
    exb_knobs_read(&knobs);
    if (knobs.use_opencl != EXB_DEVICE_OPENCL) { /* the host's Level 2 engine */
        exb_xgemv_dense(f32, 1, uplo, 'N', n, n, alpha, a, lda, x, incx, beta, y, incy);
        return;
    }
    void *f = full_of(f32, 1, up, n, a, lda); /* the dense twin's GEMV on the device */
    if (!f) {
        exb_note("no memory for %s's full matrix: y left as it was", name);
        return;
    }
    exb_zgemv_engine(name, f32, 'N', n, n, alpha, f, n, x, incx, beta, y, incy);
    free(f);
}

EXB_ENTRY_VOID(exb_zhemv_checked,
               (const char *name, char uplo, long n, const double *alpha, const double *a, long lda,
                const double *x, long incx, const double *beta, double *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    hemv_complex(name, 0, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
}

EXB_ENTRY_VOID(exb_chemv_checked,
               (const char *name, char uplo, long n, const float *alpha, const float *a, long lda,
                const float *x, long incx, const float *beta, float *y, long incy),
               (name, uplo, n, alpha, a, lda, x, incx, beta, y, incy))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    hemv_complex(name, 1, uplo, n, al, a, lda, x, incx, be, y, incy);
}

static void symm_complex(const char *name, int f32, int herm, char side, char uplo, long m, long n,
                         const double *alpha, const void *a, long lda, const void *b, long ldb,
                         const double *beta, void *c, long ldc)
{
    exb_path_begin();
    int left = exb_lsame(side, 'L'), up = exb_lsame(uplo, 'U'), info = 0;
    long ka = left ? m : n;
    if (!left && !exb_lsame(side, 'R'))
        info = 1;
    else if (!up && !exb_lsame(uplo, 'L'))
        info = 2;
    else if (m < 0)
        info = 3;
    else if (n < 0)
        info = 4;
    else if (lda < (ka > 1 ? ka : 1))
        info = 7;
    else if (ldb < (m > 1 ? m : 1))
        info = 9;
    else if (ldc < (m > 1 ? m : 1))
        info = 12;
    if (info) {
        exb_xerbla(name, info);
        return;
    }
    if (m == 0 || n == 0 ||
        (alpha[0] == 0.0 && alpha[1] == 0.0 && beta[0] == 1.0 && beta[1] == 0.0))
        return;
    void *f = full_of(f32, herm, up, ka, a, lda);
    if (!f) {
        exb_note("no memory for %s's full matrix: C left as it was", name);
        return;
    }
    if (left)
        exb_zgemm_engine(name, f32, 'N', 'N', m, n, m, alpha, f, m, b, ldb, beta, c, ldc);
    else
        exb_zgemm_engine(name, f32, 'N', 'N', m, n, n, alpha, b, ldb, f, n, beta, c, ldc);
    free(f);
}

EXB_ENTRY_VOID(exb_zsymm_checked,
               (const char *name, int herm, char side, char uplo, long m, long n,
                const double *alpha, const double *a, long lda, const double *b, long ldb,
                const double *beta, double *c, long ldc),
               (name, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    symm_complex(name, 0, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_csymm_checked,
               (const char *name, int herm, char side, char uplo, long m, long n,
                const float *alpha, const float *a, long lda, const float *b, long ldb,
                const float *beta, float *c, long ldc),
               (name, herm, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    double al[2] = {alpha[0], alpha[1]}, be[2] = {beta[0], beta[1]};
    symm_complex(name, 1, herm, side, uplo, m, n, al, a, lda, b, ldb, be, c, ldc);
}

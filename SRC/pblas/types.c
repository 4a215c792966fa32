/*
 * types.c -- the four BLAS types of the PBLAS routines written once for
 * all of them (PxGEMM, PxTRSM, PxTRMM, PxGER*, PxSCAL, PxSWAP, PxCOPY,
 * PxAMAX): the element size, the caller's scalars as (re, im), and the
 * exact local cores each type calls (level1..3, the same cores the BLAS
 * faces call, so a process's local result has the sequential routine's
 * bits).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "level1/level1.h"
#include "level2/level2.h"
#include "level2/zlevel2.h"
#include "level3/level3.h"
#include "pblas.h"
#include "routines.h"

const pb_type pb_type_s = {'S', 4, 0, 1}, pb_type_d = {'D', 8, 0, 0}, pb_type_c = {'C', 8, 1, 1},
              pb_type_z = {'Z', 16, 1, 0};

void pb_scalar(const pb_type *t, const void *p, double v[2])
{
    if (t->f32) {
        const float *f = p;
        v[0] = f[0];
        v[1] = t->cplx ? f[1] : 0.0;
    } else {
        const double *d = p;
        v[0] = d[0];
        v[1] = t->cplx ? d[1] : 0.0;
    }
}

void pb_elem_set(const pb_type *t, void *x, double re, double im)
{
    if (t->f32) {
        float *f = x;
        f[0] = (float)re;
        if (t->cplx)
            f[1] = (float)im;
    } else {
        double *d = x;
        d[0] = re;
        if (t->cplx)
            d[1] = im;
    }
}

double pb_abs1(const pb_type *t, const void *x)
{
    if (t->f32) {
        const float *f = x;
        return t->cplx ? (double)(fabsf(f[0]) + fabsf(f[1])) : (double)fabsf(f[0]);
    }
    const double *d = x;
    return t->cplx ? fabs(d[0]) + fabs(d[1]) : fabs(d[0]);
}

void pb_local_gemm(const pb_type *t, const char *name, char ta, char tb, long m, long n, long k,
                   const double al[2], const void *a, long lda, const void *b, long ldb,
                   const double be[2], void *c, long ldc)
{
    if (!t->cplx) {
        ta = ta == 'C' ? 'T' : ta;
        tb = tb == 'C' ? 'T' : tb;
    }
    float fa[2] = {(float)al[0], (float)al[1]}, fb[2] = {(float)be[0], (float)be[1]};
    switch (t->letter) {
    case 'S':
        exb_sgemm_checked(name, ta, tb, m, n, k, fa[0], a, lda, b, ldb, fb[0], c, ldc);
        break;
    case 'D':
        exb_dgemm_checked(name, ta, tb, m, n, k, al[0], a, lda, b, ldb, be[0], c, ldc);
        break;
    case 'C':
        exb_cgemm_checked(name, ta, tb, m, n, k, fa, a, lda, b, ldb, fb, c, ldc);
        break;
    default:
        exb_zgemm_checked(name, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc);
    }
}

void pb_local_trxm(const pb_type *t, const char *name, int solve, char side, char uplo, char transa,
                   char diag, long m, long n, const double al[2], const void *a, long lda, void *b,
                   long ldb)
{
    if (t->cplx) {
        exb_xtrmm_checked(name, t->f32, solve, side, uplo, transa, diag, m, n, al, a, lda, b, ldb);
        return;
    }
    transa = transa == 'C' ? 'T' : transa;
    if (t->f32 && solve)
        exb_strsm_checked(name, side, uplo, transa, diag, m, n, (float)al[0], a, lda, b, ldb);
    else if (t->f32)
        exb_strmm_checked(name, side, uplo, transa, diag, m, n, (float)al[0], a, lda, b, ldb);
    else if (solve)
        exb_dtrsm_checked(name, side, uplo, transa, diag, m, n, al[0], a, lda, b, ldb);
    else
        exb_dtrmm_checked(name, side, uplo, transa, diag, m, n, al[0], a, lda, b, ldb);
}

void pb_local_ger(const pb_type *t, const char *name, int conj, long m, long n, const double al[2],
                  const void *x, const void *y, void *a, long lda)
{
    float fa[2] = {(float)al[0], (float)al[1]};
    switch (t->letter) {
    case 'S':
        exb_sger_checked(name, m, n, fa[0], x, 1, y, 1, a, lda);
        break;
    case 'D':
        exb_dger_checked(name, m, n, al[0], x, 1, y, 1, a, lda);
        break;
    case 'C':
        exb_cger_checked(name, conj, m, n, fa, x, 1, y, 1, a, lda);
        break;
    default:
        exb_zger_checked(name, conj, m, n, al, x, 1, y, 1, a, lda);
    }
}

void pb_local_scal(const pb_type *t, long n, const double al[2], int real_alpha, void *x, long inc)
{
    float fa[2] = {(float)al[0], (float)al[1]};
    switch (t->letter) {
    case 'S':
        exb_sscal_checked(n, fa[0], x, inc);
        break;
    case 'D':
        exb_dscal_checked(n, al[0], x, inc);
        break;
    case 'C':
        if (real_alpha)
            exb_csscal_checked(n, fa[0], x, inc);
        else
            exb_cscal_checked(n, fa, x, inc);
        break;
    default:
        if (real_alpha)
            exb_zdscal_checked(n, al[0], x, inc);
        else
            exb_zscal_checked(n, al, x, inc);
    }
}

void pb_local_axpy(const pb_type *t, long n, const double al[2], const void *x, void *y, long incy)
{
    float fa[2] = {(float)al[0], (float)al[1]};
    switch (t->letter) {
    case 'S':
        exb_saxpy_checked(n, fa[0], x, 1, y, incy);
        break;
    case 'D':
        exb_daxpy_checked(n, al[0], x, 1, y, incy);
        break;
    case 'C':
        exb_caxpy_checked(n, fa, x, 1, y, incy);
        break;
    default:
        exb_zaxpy_checked(n, al, x, 1, y, incy);
    }
}

void pb_local_gemv(const pb_type *t, const char *name, char trans, long m, long n,
                   const double al[2], const void *a, long lda, const void *x, const double be[2],
                   void *y)
{
    float fa[2] = {(float)al[0], (float)al[1]}, fb[2] = {(float)be[0], (float)be[1]};
    if (!t->cplx && trans == 'C')
        trans = 'T';
    switch (t->letter) {
    case 'S':
        exb_sgemv_checked(name, trans, m, n, fa[0], a, lda, x, 1, fb[0], y, 1);
        break;
    case 'D':
        exb_dgemv_checked(name, trans, m, n, al[0], a, lda, x, 1, be[0], y, 1);
        break;
    case 'C':
        exb_cgemv_checked(name, trans, m, n, fa, a, lda, x, 1, fb, y, 1);
        break;
    default:
        exb_zgemv_checked(name, trans, m, n, al, a, lda, x, 1, be, y, 1);
    }
}

int pb_local_her2k_block(const pb_type *t, const char *name, char trans, long mi, long nj, long k,
                         const double al[2], const double be[2], const void *a, long lda,
                         const void *b, long ldb, void *cb)
{
    long nb = mi + nj;
    size_t es = (size_t)t->es;
    char *big = calloc((size_t)nb * (size_t)nb, es), *c = cb;
    if (!big)
        return -1;
    for (long j = 0; j < nj; j++) /* the block at rows 0..mi-1, columns mi.. */
        memcpy(big + (size_t)(0 + (mi + j) * nb) * es, c + (size_t)(j * mi) * es, (size_t)mi * es);
    exb_xher2k_checked(name, t->f32, 1, 'U', trans, nb, k, al, a, lda, b, ldb, be, big, nb);
    for (long j = 0; j < nj; j++)
        memcpy(c + (size_t)(j * mi) * es, big + (size_t)((mi + j) * nb) * es, (size_t)mi * es);
    free(big);
    return 0;
}

void pb_local_trmv(const pb_type *t, const char *name, char uplo, long n, const void *a, long lda,
                   void *x)
{
    if (t->cplx)
        exb_xtrmv_checked(name, t->f32, 0, 0, uplo, 'N', 'N', n, 0, a, lda, x, 1);
    else if (t->f32)
        exb_strmv_checked(name, uplo, 'N', 'N', n, a, lda, x, 1);
    else
        exb_dtrmv_checked(name, uplo, 'N', 'N', n, a, lda, x, 1);
}

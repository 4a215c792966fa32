/*
 * zgemm.h -- what the complex Level 3 files share (zgemm.c, zsymm.c,
 * zher2k.c): a stored complex matrix seen as op(A) (conjugation exact) and
 * the complex GEMM and GEMV engines of zgemm.c, which the Hermitian and
 * symmetric routines run on their dense twins.
 */
#ifndef EXACTBLAS_LEVEL3_ZGEMM_H
#define EXACTBLAS_LEVEL3_ZGEMM_H

#include <string.h>

#include "core/superacc.h"

/* op(A)(i, l) of a complex matrix (parts as doubles): 'N', 'T' or 'C'. */
typedef struct cmat {
    int f32;
    const void *p;
    long ld;
    char op;
} cmat;

static inline void zgemm_entry(const cmat *x, long i, long l, double *re, double *im)
{
    long at = x->op == 'N' ? i + l * x->ld : l + i * x->ld;
    if (x->f32) {
        const float *f = x->p;
        *re = f[2 * at], *im = f[2 * at + 1];
    } else {
        const double *d = x->p;
        *re = d[2 * at], *im = d[2 * at + 1];
    }
    if (x->op == 'C')
        *im = -*im;
}

/* The n complex elements (2 w bytes each) of the vector x, increment inc
 * (BLAS's rule: a negative one starts at the far end), to the contiguous
 * copy c; zvec_scatter puts them back. */
static inline void zvec_gather(long n, const void *x, long inc, size_t w, void *c)
{
    long x0 = inc < 0 ? (n - 1) * -inc : 0;
    for (long i = 0; i < n; i++)
        memcpy((char *)c + (size_t)(2 * i) * w, (const char *)x + (size_t)(2 * (x0 + i * inc)) * w,
               2 * w);
}

static inline void zvec_scatter(long n, const void *c, void *x, long inc, size_t w)
{
    long x0 = inc < 0 ? (n - 1) * -inc : 0;
    for (long i = 0; i < n; i++)
        memcpy((char *)x + (size_t)(2 * (x0 + i * inc)) * w, (const char *)c + (size_t)(2 * i) * w,
               2 * w);
}

/* C(i, j) := alpha sum_{l < k} op(A)(i, l) op(B)(l, j) + beta C(i, j), both
 * parts exact in the long accumulators acc[0], acc[1] (cleared once by the
 * caller) and rounded once: the engine's element-by-element path, which
 * every shortcut falls back to for the same bits. */
void exb_zgemm_one_element(const cmat *a, const cmat *b, long i, long j, long k, const double *al,
                           const double *be, void *c, long ldc, exb_superacc *acc);
/* C := alpha op(A) op(B) + beta C, each part rounded once (level3.h's
 * rule), with the argument checks of the routine `name` (XERBLA). */
void exb_zgemm_engine(const char *name, int f32, char transa, char transb, long m, long n, long k,
                      const double *alpha, const void *a, long lda, const void *b, long ldb,
                      const double *beta, void *c, long ldc);
/* y := alpha op(A) x + beta y as the GEMM of one column. */
void exb_zgemv_engine(const char *name, int f32, char trans, long m, long n, const double *alpha,
                      const void *a, long lda, const void *x, long incx, const double *beta,
                      void *y, long incy);
/* C's UPLO triangle := that of alpha op(X) op(Y) + beta C (n x n, inner
 * dimension k): the full GEMM into a dense copy, its triangle back; herm:
 * C's diagonal real (its imaginary part not read, set to +0).  zsymm.c. */
void exb_ztri_update(const char *name, int f32, int herm, int up, long n, long k, char ta, char tb,
                     const double *alpha, const void *x, long ldx, const void *y, long ldy,
                     const double *beta, void *c, long ldc);

#endif

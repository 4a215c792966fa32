/*
 * own_eig.c -- ZHEEVD and CHEEVD of the drop-in liblapack.so.3 (and of its
 * ILP64 twin): the reference's routines, given the workspace their
 * back-transformation needs to run blocked.
 *
 * ZHEEVD splits WORK among ZHETRD, ZSTEDC and ZUNMTR, and ZUNMTR gets what
 * is left after the N x N eigenvector copy: with the minimal LWORK (2N +
 * N^2 for JOBZ 'V') or the optimal one LAPACK's query returns (the same for
 * N >= 2), that is N elements, so ZUNMTR applies the N - 1 reflectors one
 * at a time (ZUNM2L or ZUNM2R: a ZGEMV and a rank-one ZGERC each), in
 * every BLAS.  With N more elements per column of a block (N x NB, and
 * ZUNMQL's T), ZUNMTR runs blocked (ZLARFT, ZLARFB: large ZGEMMs): ZHEEVD
 * at N = 500 on the exact BLAS took 507 ms against 654 (doc/LAPACK.md).  So when the
 * caller's LWORK is at least the minimum but below 2N + N^2 + N NB + 65 NB,
 * this ZHEEVD calls the reference's with a workspace of that size of its
 * own (WORK(1), the optimal LWORK the reference reports, copied back);
 * otherwise, and for a workspace query, an illegal argument or no memory,
 * it calls the reference's with the caller's.  The result is then the reference's with a large LWORK, the
 * same for every LWORK from the minimum up: the bits depend on N and the
 * data only (doc/CONTRACT.md's LAPACK rule: the own routines need not give
 * netlib's bits).  CHEEVD is the same in single precision.
 */
#include <stdlib.h>

#include "fint.h"
#include "own.h"

#define EXPORT __attribute__((visibility("default")))

/* the blocked back-transformation's block: at least ILAENV's NB for
 * ZUNMQL/ZUNMQR (32 in the reference).  LAPACK 3.10's ZUNMQL takes its
 * block T from WORK too ((NBMAX + 1) NBMAX, NBMAX = 64) and lowers its NB
 * to what the rest allows, so the workspace is N NB + 65 x 64 more: with
 * it, NB is ILAENV's, the same for every LWORK from there up. */
#define NB 64
/* orders below this keep the caller's workspace (nothing to gain) */
#define BLOCKED_MIN 64

typedef void heevd_fn(const char *jobz, const char *uplo, const fint *n, void *a, const fint *lda,
                      void *w, void *work, const fint *lwork, void *rwork, const fint *lrwork,
                      fint *iwork, const fint *liwork, fint *info, size_t, size_t);

EXPORT void zheevd_(const char *jobz, const char *uplo, const fint *n, double *a, const fint *lda,
                    double *w, double *work, const fint *lwork, double *rwork, const fint *lrwork,
                    fint *iwork, const fint *liwork, fint *info, size_t ljobz, size_t luplo);
EXPORT void cheevd_(const char *jobz, const char *uplo, const fint *n, float *a, const fint *lda,
                    float *w, float *work, const fint *lwork, float *rwork, const fint *lrwork,
                    fint *iwork, const fint *liwork, fint *info, size_t ljobz, size_t luplo);

/* The reference's routine `name` on the caller's arguments, or on a
 * workspace of its own (elements of `bytes` bytes, complex) as above. */
static void heevd(const char *name, size_t bytes, const char *jobz, const char *uplo, const fint *n,
                  void *a, const fint *lda, void *w, void *work, const fint *lwork, void *rwork,
                  const fint *lrwork, fint *iwork, const fint *liwork, fint *info, size_t ljobz,
                  size_t luplo)
{
    heevd_fn *ref = (heevd_fn *)exb_lapack_reference_routine(name);
    long N = *n;
    int vectors = *jobz == 'V' || *jobz == 'v';
    long least = 2 * N + N * N, want = least + N * NB + (NB + 1) * NB;
    if (vectors && N >= BLOCKED_MIN && *lwork >= least && *lwork < want && *lrwork != -1 &&
        *liwork != -1 && (fint)want == want) {
        char *own = malloc((size_t)want * bytes);
        if (own) {
            fint lw = (fint)want;
            ref(jobz, uplo, n, a, lda, w, own, &lw, rwork, lrwork, iwork, liwork, info, ljobz,
                luplo);
            for (size_t b = 0; b < bytes; b++) /* WORK(1): the optimal LWORK */
                ((char *)work)[b] = own[b];
            free(own);
            return;
        }
    }
    ref(jobz, uplo, n, a, lda, w, work, lwork, rwork, lrwork, iwork, liwork, info, ljobz, luplo);
}

void zheevd_(const char *jobz, const char *uplo, const fint *n, double *a, const fint *lda,
             double *w, double *work, const fint *lwork, double *rwork, const fint *lrwork,
             fint *iwork, const fint *liwork, fint *info, size_t ljobz, size_t luplo)
{
    heevd("zheevd_", 2 * sizeof(double), jobz, uplo, n, a, lda, w, work, lwork, rwork, lrwork,
          iwork, liwork, info, ljobz, luplo);
}

void cheevd_(const char *jobz, const char *uplo, const fint *n, float *a, const fint *lda, float *w,
             float *work, const fint *lwork, float *rwork, const fint *lrwork, fint *iwork,
             const fint *liwork, fint *info, size_t ljobz, size_t luplo)
{
    heevd("cheevd_", 2 * sizeof(float), jobz, uplo, n, a, lda, w, work, lwork, rwork, lrwork, iwork,
          liwork, info, ljobz, luplo);
}

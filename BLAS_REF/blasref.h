/*
 * blasref.h -- the non-exact baselines: the netlib reference BLAS and
 * OpenBLAS, each loaded by its own file name with dlopen(RTLD_LOCAL), so both
 * live side by side in one process whatever Debian's libblas.so.3 alternative
 * points at.  Used by the tests and the benchmark drivers, never by the library.
 */
#ifndef EXACTBLAS_BLASREF_H
#define EXACTBLAS_BLASREF_H

typedef double (*exb_ddot_fn)(const int *n, const double *x, const int *incx, const double *y,
                              const int *incy);

typedef enum { EXB_BLAS_NETLIB, EXB_BLAS_OPENBLAS } exb_blas_kind;

typedef struct exb_blasref {
    exb_blas_kind kind;
    void *handle;
    const char *path;
    exb_ddot_fn ddot;
} exb_blasref;

/* Loads the library; returns 0, or -1 with a one-line reason on stderr. */
int exb_blasref_open(exb_blasref *blas, exb_blas_kind kind);
/* Any other symbol (e.g. "dtrsv_"), or NULL. */
void *exb_blasref_symbol(const exb_blasref *blas, const char *name);
/* Thread count of OpenBLAS (ignored for netlib). */
void exb_blasref_set_threads(const exb_blasref *blas, int threads);
void exb_blasref_close(exb_blasref *blas);

#endif

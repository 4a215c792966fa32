/*
 * kernels.h -- the host's kernels per instruction set: one table per ISA
 * (generic, AVX2, AVX-512), the best one this CPU runs chosen once, at first
 * use (BLIS's context is the model).  The portable engines (vector_sums.c,
 * rows.c, gemv_rows.c, trsv_blocked.c, gemm/early.c) ask the table what to run
 * and whether a capability is there; they never compare function pointers.
 *
 * Every kernel computes the same exact sums, so which table runs never
 * changes a bit (the knob EXACTBLAS_HOST_ISA=generic forces the portable
 * one, and the tests run both).  A table a build could not compile (no
 * compiler flags for the ISA) has no name and is never chosen.
 *
 * The kernels live in one folder per ISA: host/generic, host/avx2 and
 * host/avx512 (the binned front end, its row sweep and the floating-point
 * filter, each in a file of its own).
 */
#ifndef EXACTBLAS_HOST_KERNELS_H
#define EXACTBLAS_HOST_KERNELS_H

#include "backend/sumdot.h"

struct exb_rows; /* rows.h */

/* Elements [begin, end) of a sum or dot product into acc. */
typedef void (*exb_sumdot_range_fn)(const exb_sumdot_args *args, long begin, long end,
                                    exb_superacc *acc);
/* Rows [r0, r1) of a panel += sum_j a[r + j*lda] x[j] over ncols columns. */
typedef void (*exb_colsweep_fn)(struct exb_rows *rows, long r0, long r1, const double *a, long lda,
                                const double *x, long ncols);
/* Row r += sum_{j < len} a[j*inc] x[j], term by term. */
typedef void (*exb_add_products_fn)(struct exb_rows *rows, long r, const double *a, long inc,
                                    const double *x, long len);

/* The floating-point filter's kernels (core/filter.h; rows.h says what
 * each computes). */
typedef struct exb_filter_kernels {
    void (*rows)(const double *a, long lda, long count, const double *x, long n, double *hi,
                 double *lo, double *ab);
    void (*dot)(const double *a, const double *x, long n, double *hi, double *lo, double *ab);
    void (*cols)(const double *a, long lda, long count, const double *x, long m, double *hi,
                 double *lo, double *ab);
    long (*decide)(long count, const double *hi, const double *lo, const double *ab, double nt,
                   double alpha, const double *beta2, double *y, long incy, long *undecided);
    /* core/filter.h's scalar steps, compiled with the ISA's FMA */
    int (*quotient)(double h, double lo, double bound, double d, double *out);
    void (*add_terms)(double *h, double *lo, double *ce, const double *a, long inc, const double *x,
                      long len);
    /* RN(sum x_i) (y NULL) or RN(sum x_i y_i) of a few contiguous terms
     * where the bound decides (core/filter.h's exb_filter_sum_short, with
     * the ISA's FMA): 1 with *out, else 0 */
    int (*sum_short)(long n, const double *x, const double *y, double *out);
    /* the rank updates (GER, SYR, SYR2; ZGER per part): a[i] := RN(a[i] +
     * sum_{t < terms} u[t][i] v[t]) (terms <= 8) for i < len where the
     * bound decides (a[i] the first of
     * terms + 1 leaves); the others, in order, to undecided[] (a[i] left
     * as it was), their number returned */
    long (*rank)(double *a, long len, const double *const *u, const double *v, int terms,
                 long *undecided);
    /* binary32 (SGER, SSYR): a[i] := RN32(a[i] + u[i] p) where RN64 of it
     * is not a binary32 midpoint (then RN32 of RN64 is RN32), the rest as
     * `rank` leaves them; NULL: none */
    long (*rank_f32)(float *a, long len, const double *u, double p, long *undecided);
    /* a triangular solve's row on eight right-hand sides side by side
     * (EXDTRSM): for the lanes c of `lanes`, S_c = alpha b[c] - sum_{j <
     * len} t[j*tinc] x[j*xinc + c] and out[c] = RN(S_c / d) (d = 1 for a
     * unit triangle) where the bound decides; the lanes decided returned */
    unsigned (*solve8)(const double *t, long tinc, const double *x, long xinc, long len,
                       double alpha, const double *b, double d, unsigned lanes, double *out);
} exb_filter_kernels;

typedef struct exb_host_kernels {
    const char *name; /* "generic", "avx2", "avx512"; NULL: not built */
    /* sums and dot products: expansions or the exponent table */
    exb_sumdot_range_fn sumdot;
    /* the binned front end (contiguous data; exb_bins_allowed), NULL
     * without one; it falls back to `sumdot` by itself where it cannot run */
    exb_sumdot_range_fn sumdot_bins;
    /* the row engine (rows.h): expansions, and on bins (NULL without) */
    exb_colsweep_fn colsweep;
    exb_add_products_fn add_products;
    exb_colsweep_fn colsweep_bins;
    void (*bins_flush)(struct exb_rows *rows, long r);
    /* the floating-point filter; NULL: the exact kernels alone */
    const exb_filter_kernels *filter;
} exb_host_kernels;

/* The tables, each defined in its folder. */
extern const exb_host_kernels exb_kernels_generic, exb_kernels_avx2, exb_kernels_avx512;

/* The table this CPU runs (chosen once), or the portable one when
 * `generic` (EXACTBLAS_HOST_ISA=generic). */
const exb_host_kernels *exb_host_kernels_get(int generic);

/* Whether the knobs let a binned front end run: EXACTBLAS_FRONT=auto and an
 * expansion size (FPE 0 is the long accumulator alone). */
static inline int exb_bins_allowed(int fpe, int front)
{
    return fpe >= 2 && front == EXB_FRONT_AUTO;
}

/* The sum/dot kernel of table k under these knobs. */
static inline exb_sumdot_range_fn exb_kernels_sumdot(const exb_host_kernels *k, int fpe, int front)
{
    return k->sumdot_bins && exb_bins_allowed(fpe, front) ? k->sumdot_bins : k->sumdot;
}

/* The filter of table k when the knobs allow it (the bins' conditions and
 * EXACTBLAS_FILTER not 0), else NULL. */
static inline const exb_filter_kernels *exb_kernels_filter(const exb_host_kernels *k, int fpe,
                                                           int front, int filter)
{
    return filter && k->sumdot_bins && exb_bins_allowed(fpe, front) ? k->filter : NULL;
}

#endif

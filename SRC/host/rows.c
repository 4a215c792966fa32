/* rows.c -- the row panel of rows.h: storage, dispatch, flush and reset. */
#include "rows.h"

#include <stdlib.h>
#include <string.h>

int exb_rows_init(exb_rows *rows, long count, const exb_knobs *knobs)
{
    rows->count = count;
    rows->fpe = knobs->fpe;
    rows->early_exit = knobs->early_exit;
    rows->front = knobs->front;
    /* the same choice (and knob) as the ExDOT kernel, made once per panel
     * rather than once per row */
    rows->dot_range = exb_sumdot_range_select(knobs->host_generic);
    rows->avx2 = rows->dot_range != exb_sumdot_range_generic; /* AVX2 or AVX-512 */
    size_t n = count > 0 ? (size_t)count : 1;
    rows->expansion = calloc((size_t)(rows->fpe > 0 ? rows->fpe : 1) * n, sizeof(double));
    rows->acc = malloc(n * sizeof(exb_superacc));
    rows->bins = NULL;
    rows->bins_count = NULL;
    size_t groups = (size_t)(count / 4);
    if (rows->dot_range == exb_sumdot_bins_avx512 && rows->fpe >= 2 &&
        rows->front == EXB_FRONT_AUTO && groups > 0) {
        size_t bytes = groups * 32 * sizeof(double); /* a multiple of 64 */
        rows->bins = aligned_alloc(64, bytes);
        rows->bins_count = calloc(groups, sizeof(long));
        if (!rows->bins || !rows->bins_count) {
            exb_rows_free(rows);
            return -1;
        }
        memset(rows->bins, 0, bytes); /* every lane empty */
    }
    if (!rows->expansion || !rows->acc) {
        exb_rows_free(rows);
        return -1;
    }
    for (long r = 0; r < count; r++)
        exb_superacc_clear(&rows->acc[r]);
    return 0;
}

void exb_rows_free(exb_rows *rows)
{
    free(rows->expansion);
    free(rows->acc);
    free(rows->bins);
    free(rows->bins_count);
    rows->expansion = NULL;
    rows->acc = NULL;
    rows->bins = NULL;
    rows->bins_count = NULL;
}

/* Columns per sweep: the cache lines (and pages) one group of rows touches
 * stay in L1 for the next group, which reads the other half of each line. */
#ifndef SWEEP_COLS
#define SWEEP_COLS 16
#endif

void exb_rows_colsweep(exb_rows *rows, long r0, long r1, const double *a, long lda,
                       const double *x, long ncols)
{
    for (long j0 = 0; j0 < ncols; j0 += SWEEP_COLS) {
        long cols = ncols - j0 < SWEEP_COLS ? ncols - j0 : SWEEP_COLS;
        if (rows->bins)
            exb_rows_colsweep_avx512(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
        else if (rows->avx2)
            exb_rows_colsweep_avx2(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
        else
            exb_rows_colsweep_generic(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
    }
}

void exb_rows_add_products(exb_rows *rows, long r, const double *a, long inc, const double *x,
                           long len)
{
    if (rows->avx2)
        exb_rows_add_products_avx2(rows, r, a, inc, x, len);
    else
        exb_rows_add_products_generic(rows, r, a, inc, x, len);
}

void exb_rows_dot(exb_rows *rows, long r, const double *a, const double *x, long len)
{
    exb_sumdot_args args = {len, a, 1, x, 1, rows->fpe, rows->early_exit, 1, rows->front, 0, NULL};
    rows->dot_range(&args, 0, len, &rows->acc[r]);
}

void exb_rows_flush(exb_rows *rows, long r)
{
    if (rows->bins)
        exb_rows_bins_flush_avx512(rows, r);
    for (int k = 0; k < rows->fpe; k++) {
        double *e = &rows->expansion[k * rows->count + r];
        if (*e != 0.0)
            exb_superacc_add_double(&rows->acc[r], *e);
        *e = 0.0;
    }
}

void exb_rows_reset(exb_rows *rows, long r)
{
    if (rows->bins)
        exb_rows_bins_flush_avx512(rows, r); /* emptied; the accumulator is reset below */
    for (int k = 0; k < rows->fpe; k++)
        rows->expansion[k * rows->count + r] = 0.0;
    exb_superacc_reset(&rows->acc[r]);
}

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
    rows->expansion = NULL;
    rows->acc = NULL;
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
        if (rows->avx2)
            exb_rows_colsweep_avx2(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
        else
            exb_rows_colsweep_generic(rows, r0, r1, a + j0 * lda, lda, x + j0, cols);
    }
}

void exb_rows_dot(exb_rows *rows, long r, const double *a, const double *x, long len)
{
    exb_sumdot_args args = {len, a, 1, x, 1, rows->fpe, rows->early_exit, 1, rows->front, 0, NULL};
    rows->dot_range(&args, 0, len, &rows->acc[r]);
}

void exb_rows_flush(exb_rows *rows, long r)
{
    for (int k = 0; k < rows->fpe; k++) {
        double *e = &rows->expansion[k * rows->count + r];
        if (*e != 0.0)
            exb_superacc_add_double(&rows->acc[r], *e);
        *e = 0.0;
    }
}

void exb_rows_reset(exb_rows *rows, long r)
{
    for (int k = 0; k < rows->fpe; k++)
        rows->expansion[k * rows->count + r] = 0.0;
    exb_superacc_reset(&rows->acc[r]);
}

/*
 * gemv_cl.c -- the OpenCL path of EXDGEMV: OPENCL/gemv.cl leaves every row's
 * exact sum in its row accumulator; the host maps them and rounds each
 * output once with alpha and beta (the same exb_superacc_round_affine as the
 * host path, so the bits cannot differ).
 */
#include "backend/gemv.h"

#include <stdio.h>

#include "clbuf.h"

/* Each term adds < 2^33 to a row digit: below 2^28 terms no digit nears 2^62. */
#define MAX_ROW_LEN (1L << 28)

static int row_negzero(const void *g, long i)
{
    return exb_gemv_row_negzero(g, i);
}

/* y_i := RN(alpha*row_i + beta*y_i) from the mapped row accumulators. */
static void finish(const exb_gemv_args *g, long leny, const exb_cl_rows_view *v)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long i = 0; i < leny; i++) {
        double *yi = g->y + i * g->incy;
        *yi = exb_cl_row_round_affine(v, i, &acc, g->alpha, g->beta, g->beta != 0.0 ? *yi : 0.0,
                                      row_negzero, g);
    }
}

int exb_cl_gemv(const exb_gemv_args *g, const exb_knobs *knobs)
{
    long leny = g->trans ? g->n : g->m, lenx = g->trans ? g->m : g->n;
    if (lenx > MAX_ROW_LEN)
        return -1;
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d", knobs->fpe, knobs->early_exit);
    exb_cl_launch L;
    if (exb_cl_launch_begin(&L, "GEMV", "gemv.cl", "gemv_rows", options) != 0)
        return exb_cl_launch_end(&L);
    size_t wg = exb_cl_launch_fit(&L, knobs->wg > 0 ? (size_t)knobs->wg
                                                    : (size_t)L.d->tuning->rows_wg);
    long aoff, xoff;
    exb_cl_rows rows;
    cl_mem a = exb_cl_vector_in(&L, g->a, g->lda * (g->n - 1) + g->m, 1, &aoff);
    cl_mem x = exb_cl_vector_in(&L, g->x, lenx, 1, &xoff);
    exb_cl_rows_create(&L, &rows, leny, 0);
    cl_long lda = g->lda, nrows = leny, len = lenx;
    cl_int trans = g->trans;
    EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(a), EXB_CL_ARG(lda), EXB_CL_ARG(nrows), EXB_CL_ARG(len),
                    EXB_CL_ARG(trans), EXB_CL_ARG(x), EXB_CL_ARG(rows.digits),
                    EXB_CL_ARG(rows.meta));
    size_t global = ((size_t)leny + wg - 1) / wg * wg;
    exb_cl_launch_run(&L, 1, &global, &wg);
    exb_cl_rows_view v;
    if (exb_cl_rows_map(&L, &rows, leny, &v) == 0) {
        finish(g, leny, &v);
        exb_cl_rows_unmap(L.d, &rows, &v);
    }
    return exb_cl_launch_end(&L);
}

/*
 * gemv_cl.c -- the OpenCL path of EXDGEMV: OPENCL/gemv.cl leaves every row's
 * exact sum in its row accumulator; the host maps them and rounds each
 * output once with alpha and beta (the same exb_superacc_round_affine as the
 * host path, so the bits cannot differ).
 */
#include "backend/gemv.h"

#include <stdio.h>
#include <stdlib.h>

#include "clbuf.h"
#include "core/filter.h"
#include "support/path.h"

/* Each term adds < 2^33 to a row digit: below 2^28 terms no digit nears 2^62. */
#define MAX_ROW_LEN (1L << 28)

static int row_negzero(const void *g, long i)
{
    return exb_gemv_row_negzero(g, i);
}

/* The filter's results: out[i] where decided[i]. */
typedef struct filter_results {
    double *sums; /* the rows' (h, lo, ce), then out */
    double *out;
    unsigned char *decided;
    long count; /* how many were decided */
} filter_results;

static void results_free(filter_results *f)
{
    free(f->sums);
    free(f->decided);
}

/* y_i := RN(alpha*row_i + beta*y_i): the filter's result where it decided,
 * else from the mapped row accumulators. */
static void round_outputs(const exb_gemv_args *g, long leny, const exb_cl_rows_view *v,
                          const filter_results *f)
{
    exb_superacc acc;
    exb_superacc_clear(&acc);
    for (long i = 0; i < leny; i++) {
        double *yi = g->y + i * g->incy;
        if (f->decided && f->decided[i])
            *yi = f->out[i];
        else
            *yi = exb_cl_row_round_affine(v, i, &acc, g->alpha, g->beta, g->beta != 0.0 ? *yi : 0.0,
                                          row_negzero, g);
    }
}

/* Begins a launch of `kernel` (gemv.cl), one work-item a row, with its
 * first six arguments (A, lda, rows, row length, trans, x) set: 0, or -1
 * when it failed to begin (the caller ends it). */
static int rows_launch(exb_cl_launch *L, const exb_gemv_args *g, const exb_knobs *knobs,
                       const char *what, const char *kernel, const char *options, size_t *global,
                       size_t *wg)
{
    long leny = g->trans ? g->n : g->m, lenx = g->trans ? g->m : g->n;
    if (exb_cl_launch_begin(L, what, "gemv.cl", kernel, options) != 0)
        return -1;
    *wg = exb_cl_launch_fit(L, knobs->wg > 0 ? (size_t)knobs->wg : (size_t)L->d->tuning->rows_wg);
    long aoff, xoff;
    cl_mem a = exb_cl_vector_in(L, g->a, g->lda * (g->n - 1) + g->m, 1, &aoff);
    cl_mem x = exb_cl_vector_in(L, g->x, lenx, 1, &xoff);
    cl_long lda = g->lda, nrows = leny, len = lenx;
    cl_int trans = g->trans;
    EXB_CL_SET_ARGS(L, 0, EXB_CL_ARG(a), EXB_CL_ARG(lda), EXB_CL_ARG(nrows), EXB_CL_ARG(len),
                    EXB_CL_ARG(trans), EXB_CL_ARG(x));
    *global = ((size_t)leny + *wg - 1) / *wg * *wg;
    return 0;
}

/* The floating-point filter on the device (core/filter.h; EXACTBLAS_FILTER,
 * an expansion size, FRONT=auto, alpha = +-2^k and beta / alpha exact, as
 * on the host): every row's sums from gemv_filter, and the outputs whose
 * rounding the bound decides into f (y untouched).  f->decided stays NULL
 * when the filter does not apply, has no memory or its launch failed (the
 * exact rows follow). */
static void filtered(const exb_gemv_args *g, const exb_knobs *knobs, const char *options,
                     filter_results *f)
{
    long leny = g->trans ? g->n : g->m, lenx = g->trans ? g->m : g->n;
    double beta2 = exb_filter_beta(g->alpha, g->beta);
    f->sums = f->out = NULL;
    f->decided = NULL;
    f->count = 0;
    if (!exb_knobs_filter(knobs) || g->acc_out || !exb_filter_alpha_ok(g->alpha) || isnan(beta2))
        return;
    double *sums = malloc((size_t)(4 * leny) * sizeof *sums);
    unsigned char *decided = malloc((size_t)leny);
    exb_cl_launch L;
    size_t global, wg;
    if (!sums || !decided ||
        rows_launch(&L, g, knobs, "GEMV filter", "gemv_filter", options, &global, &wg) != 0) {
        if (sums && decided)
            exb_cl_launch_end(&L);
        free(sums);
        free(decided);
        return;
    }
    cl_mem dev =
        exb_cl_launch_buffer(&L, CL_MEM_WRITE_ONLY, 3 * (size_t)leny * sizeof(cl_double), NULL);
    EXB_CL_SET_ARGS(&L, 6, EXB_CL_ARG(dev));
    exb_cl_launch_run(&L, 1, &global, &wg);
    int read = exb_cl_launch_read(&L, dev, 3 * (size_t)leny * sizeof(cl_double), sums) == 0;
    exb_cl_launch_end(&L);
    if (!read) {
        free(sums);
        free(decided);
        return;
    }
    double *out = sums + 3 * leny;
    long count = 0;
    /* each row a sequential sum: lenx leaves (one more with beta y_i) */
    for (long i = 0; i < leny; i++) {
        double h = sums[3 * i], lo = sums[3 * i + 1], ce = sums[3 * i + 2], r, nt = (double)lenx;
        if (g->beta != 0.0) {
            exb_filter_add(&h, &lo, &ce, beta2, g->y[i * g->incy]);
            nt += 1.0;
        }
        out[i] = exb_filter_round(h, lo, exb_filter_bound(nt, ce), &r) ? g->alpha * r : NAN;
        decided[i] = isfinite(out[i]) && fabs(out[i]) >= 0x1p-1021;
        count += decided[i];
    }
    f->sums = sums;
    f->out = out;
    f->decided = decided;
    f->count = count;
}

int exb_cl_gemv(const exb_gemv_args *g, const exb_knobs *knobs)
{
    long leny = g->trans ? g->n : g->m, lenx = g->trans ? g->m : g->n;
    if (lenx > MAX_ROW_LEN)
        return -1;
    char options[64];
    snprintf(options, sizeof options, "-DFPE=%d -DEARLY_EXIT=%d", knobs->fpe, knobs->early_exit);
    filter_results f;
    filtered(g, knobs, options, &f);
    if (f.count > 0 && f.count == leny) { /* every output decided */
        round_outputs(g, leny, NULL, &f);
        exb_path_add(EXACTBLAS_PATH_EARLY);
        results_free(&f);
        return 0;
    }
    exb_cl_launch L;
    size_t global, wg;
    if (rows_launch(&L, g, knobs, "GEMV", "gemv_rows", options, &global, &wg) != 0) {
        results_free(&f);
        return exb_cl_launch_end(&L);
    }
    exb_cl_rows rows;
    exb_cl_rows_create(&L, &rows, leny, 0);
    EXB_CL_SET_ARGS(&L, 6, EXB_CL_ARG(rows.digits), EXB_CL_ARG(rows.meta));
    exb_cl_launch_run(&L, 1, &global, &wg);
    exb_cl_rows_view v;
    if (exb_cl_rows_map(&L, &rows, leny, &v) == 0) {
        round_outputs(g, leny, &v, &f);
        if (f.count > 0)
            exb_path_add(EXACTBLAS_PATH_EARLY);
        exb_cl_rows_unmap(L.d, &rows, &v);
    }
    results_free(&f);
    return exb_cl_launch_end(&L);
}

/*
 * gemm/double_float.c -- the host reference of the double-float GEMM (gemm_df.h):
 * the operations of OPENCL/df.cl in the same order per element, a column
 * of C per step with a block of rows side by side.
 */
#include "backend/gemm_df.h"

#include "host/pool.h"

#define ROWS 64 /* elements of a column accumulated side by side */

static void column(const exb_df_gemm *g, long j)
{
    exb_df s[ROWS];
    for (long i0 = 0; i0 < g->m; i0 += ROWS) {
        long rows = g->m - i0 < ROWS ? g->m - i0 : ROWS;
        for (long r = 0; r < rows; r++)
            s[r] = exb_df_make(0.0f, 0.0f);
        for (long l = 0; l < g->k; l++) {
            exb_df blj = g->b[l + j * g->k];
            const exb_df *a = g->a + i0 + l * g->m;
            for (long r = 0; r < rows; r++)
                s[r] = exb_df_mad(s[r], a[r], blj);
        }
        for (long r = 0; r < rows; r++) {
            exb_df *c = &g->c[i0 + r + j * g->m], v = s[r];
            if (g->epilogue) {
                v = exb_df_mul(g->alpha, v);
                if (g->beta.hi != 0.0f)
                    v = exb_df_add(v, exb_df_mul(g->beta, *c));
            }
            *c = v;
        }
    }
}

static void share(void *arg, int s, int parts)
{
    const exb_df_gemm *g = arg;
    for (long j = g->n * s / parts; j < g->n * (s + 1) / parts; j++)
        column(g, j);
}

void exb_host_gemm_df(const exb_df_gemm *g, const exb_knobs *knobs)
{
    long threads = knobs->threads < g->n ? knobs->threads : g->n;
    exb_parallel((int)(threads > 0 ? threads : 1), share, (void *)g);
}

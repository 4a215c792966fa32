/*
 * df_cl.c -- the launchers of OPENCL/df.cl, the kernels without binary64:
 * the double-float GEMM (gemm_df.h) and the binary32 engine of EXDGEMM's
 * split path (exb_device_levels_fn, gemm.h).  Both run on a device with or
 * without cl_khr_fp64; the host packs and converts (binary64 never reaches
 * the device).
 */
#include "backend/gemm.h"
#include "backend/gemm_df.h"

#include <stdio.h>
#include <stdlib.h>

#include "clbuf.h"

static long round_up(long x, long q)
{
    return (x + q - 1) / q * q;
}

/* The kernel `name` of df.cl for the device's record: wt x wt work-items of
 * rt x rt elements, depth bk (the binary32 engine: EXB_F32_CHUNK); a smaller
 * square group when the built kernel cannot run that one (one line), or
 * when EXACTBLAS_WG asks for fewer.  The panels (`panels` floats per
 * element of a TS x BK panel) take at most half the local memory. */
static int df_kernel(exb_cl_launch *L, const char *what, const char *name, int fixed_bk, int panels,
                     int wg, int *rt, int *wt)
{
    *L = (exb_cl_launch){.what = what, .failed = 1};
    const exb_cl_device *d = exb_cl_device_get();
    if (!d)
        return -1;
    const exb_tuning *r = d->tuning;
    int limit = wg > 0 ? wg : r->df_wt * r->df_wt, bk = fixed_bk ? fixed_bk : r->df_bk;
    cl_ulong local = d->local_mem > 0 ? d->local_mem : 16384;
    *rt = r->df_rt;
    char options[96];
    for (int attempt = 0; attempt < 2; attempt++) {
        for (*wt = 1;
             (size_t)((*wt + 1) * (*wt + 1)) <= d->max_wg && (*wt + 1) * (*wt + 1) <= limit;
             (*wt)++)
            ;
        while (*rt > 1 && (cl_ulong)panels * (cl_ulong)(*rt * *wt * bk) * sizeof(float) > local / 2)
            (*rt)--;
        snprintf(options, sizeof options, "-DRT=%d -DWT=%d -DBK=%d", *rt, *wt, bk);
        if (attempt == 0 ? exb_cl_launch_begin(L, what, "df.cl", name, options) != 0
                         : exb_cl_launch_rebuild(L, "df.cl", options) != 0)
            return -1;
        size_t fit = exb_cl_launch_fit(L, (size_t)(*wt * *wt));
        if (fit == (size_t)(*wt * *wt))
            return 0;
        limit = (int)fit;
    }
    return 0;
}

static void launch(exb_cl_launch *L, int rt, int wt, long m, long n)
{
    size_t global[2] = {(size_t)(round_up(m, rt * wt) / rt), (size_t)(round_up(n, rt * wt) / rt)};
    size_t local[2] = {(size_t)wt, (size_t)wt};
    exb_cl_launch_run(L, 2, global, local);
}

int exb_cl_gemm_df(const exb_df_gemm *g, const exb_knobs *knobs)
{
    int rt, wt;
    exb_cl_launch L;
    if (df_kernel(&L, "double-float GEMM", "gemm_df", 0, 4, knobs->wg, &rt, &wt) != 0)
        return exb_cl_launch_end(&L);
    size_t pair = 2 * sizeof(float);
    int read_c = g->epilogue && g->beta.hi != 0.0f;
    cl_mem a = exb_cl_launch_buffer(&L, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                    (size_t)(g->m * g->k) * pair, (void *)g->a);
    cl_mem b = exb_cl_launch_buffer(&L, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                    (size_t)(g->k * g->n) * pair, (void *)g->b);
    cl_mem c = exb_cl_launch_buffer(
        &L, read_c ? CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR : CL_MEM_WRITE_ONLY,
        (size_t)(g->m * g->n) * pair, read_c ? g->c : NULL);
    cl_long m = g->m, n = g->n, k = g->k;
    cl_float2 alpha, beta;
    alpha.s[0] = g->alpha.hi;
    alpha.s[1] = g->alpha.lo;
    beta.s[0] = g->beta.hi;
    beta.s[1] = g->beta.lo;
    cl_int epilogue = g->epilogue;
    EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(a), EXB_CL_ARG(b), EXB_CL_ARG(m), EXB_CL_ARG(n),
                    EXB_CL_ARG(k), EXB_CL_ARG(alpha), EXB_CL_ARG(beta), EXB_CL_ARG(epilogue),
                    EXB_CL_ARG(c));
    launch(&L, rt, wt, g->m, g->n);
    exb_cl_launch_read(&L, c, (size_t)(g->m * g->n) * pair, g->c);
    return exb_cl_launch_end(&L);
}

/* The slices as binary32 (exact: integers below 2^bits <= 2^12). */
static float *to_float(const double *p, int count, long len, long step)
{
    float *f = malloc((size_t)(count * len) * sizeof *f);
    if (f)
        for (int s = 0; s < count; s++)
            for (long e = 0; e < len; e++)
                f[s * len + e] = (float)p[s * step + e];
    return f;
}

int exb_cl_gemm_f32_levels(long m, long n, long k, int sa, int sb, const double *as, long as_step,
                           const double *bs, long bs_step, int64_t *level, int wg)
{
    int rt, wt;
    exb_cl_launch L;
    if (df_kernel(&L, "binary32 GEMM engine", "gemm_f32_levels", EXB_F32_CHUNK, 2, wg, &rt, &wt) !=
        0)
        return exb_cl_launch_end(&L);
    float *af = to_float(as, sa, m * k, as_step), *bf = to_float(bs, sb, k * n, bs_step);
    if (!af || !bf) {
        exb_cl_launch_fail(&L, "host staging", CL_OUT_OF_HOST_MEMORY);
    } else {
        long levels = sa + sb - 1;
        size_t level_bytes = (size_t)(levels * m * n) * sizeof *level;
        cl_mem a = exb_cl_launch_buffer(&L, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                        (size_t)(sa * m * k) * sizeof *af, af);
        cl_mem b = exb_cl_launch_buffer(&L, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                        (size_t)(sb * k * n) * sizeof *bf, bf);
        cl_mem lev =
            exb_cl_launch_buffer(&L, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, level_bytes, level);
        cl_long cm = m, cn = n, ck = k;
        for (int s = 0; s < sa; s++)
            for (int t = 0; t < sb; t++) {
                cl_long aoff = s * m * k, boff = t * k * n, off = (s + t) * m * n;
                EXB_CL_SET_ARGS(&L, 0, EXB_CL_ARG(a), EXB_CL_ARG(aoff), EXB_CL_ARG(b),
                                EXB_CL_ARG(boff), EXB_CL_ARG(cm), EXB_CL_ARG(cn), EXB_CL_ARG(ck),
                                EXB_CL_ARG(lev), EXB_CL_ARG(off));
                launch(&L, rt, wt, m, n);
            }
        /* the level sums come back only when every launch was enqueued */
        exb_cl_launch_read(&L, lev, level_bytes, level);
    }
    free(af);
    free(bf);
    return exb_cl_launch_end(&L);
}

/* nocl.c -- stand-ins when the library is built without OpenCL
 * (-DEXACTBLAS_OPENCL=OFF): every routine takes the host path. */
#include "backend/gemm.h"
#include "backend/gemm_df.h"
#include "backend/gemv.h"
#include "backend/device.h"
#include "backend/sumdot.h"
#include "backend/trsv.h"

int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc)
{
    (void)args;
    (void)knobs;
    (void)acc;
    return -1;
}

int exb_cl_sumdot_filter(const exb_sumdot_args *args, const exb_knobs *knobs, double *h, double *lo,
                         double *ce, double *leaves, double *depth)
{
    (void)args, (void)knobs, (void)h, (void)lo, (void)ce, (void)leaves, (void)depth;
    return -1;
}

int exb_cl_gemv(const exb_gemv_args *g, const exb_knobs *knobs)
{
    (void)g;
    (void)knobs;
    return -1;
}

int exb_cl_gemm_general(const exb_gemm_args *g, const exb_knobs *knobs)
{
    (void)g;
    (void)knobs;
    return -1;
}

int exb_cl_gemm_plain(long m, long n, long k, const double *a, const double *b, double *c, int wg)
{
    (void)wg;
    (void)m;
    (void)n;
    (void)k;
    (void)a;
    (void)b;
    (void)c;
    return -1;
}

int exb_cl_trsv(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    (void)t;
    (void)x;
    (void)knobs;
    return -1;
}

int exb_cl_trsv_plain(const exb_tri *t, double *x, const exb_knobs *knobs)
{
    return exb_cl_trsv(t, x, knobs);
}

int exb_cl_wanted(const exb_knobs *knobs)
{
    (void)knobs;
    return 0;
}

const exb_tuning *exb_cl_tuning(void)
{
    return NULL;
}

int exb_cl_trsm(const exb_tri *t, double *b, long nrhs, long rhs_step, long elem_step,
                const exb_knobs *knobs)
{
    (void)t;
    (void)b;
    (void)nrhs;
    (void)rhs_step;
    (void)elem_step;
    (void)knobs;
    return -1;
}

int exb_cl_wanted_binary32(const exb_knobs *knobs)
{
    (void)knobs;
    return 0;
}

int exb_cl_wanted_df(const exb_knobs *knobs)
{
    (void)knobs;
    return 0;
}

int exb_cl_gemm_df(const exb_df_gemm *g, const exb_knobs *knobs)
{
    (void)g;
    (void)knobs;
    return -1;
}

int exb_cl_gemm_f32_levels(long m, long n, long k, int sa, int sb, const double *as, long as_step,
                           const double *bs, long bs_step, int64_t *level, int wg)
{
    (void)m;
    (void)n;
    (void)k;
    (void)sa;
    (void)sb;
    (void)as;
    (void)as_step;
    (void)bs;
    (void)bs_step;
    (void)level;
    (void)wg;
    return -1;
}

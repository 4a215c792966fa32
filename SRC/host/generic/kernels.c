/*
 * generic/kernels.c -- the portable host kernels (any CPU): sums and dot
 * products on expansions or the exponent table, and the row engine's
 * expansions; no bins, no filter.  fma() from libm is exact with or
 * without a hardware FMA.
 */
#include <math.h>

#define EXB_ISA generic
#define EXB_FMA4(a, b, c)                                                                          \
    ((v4d){fma((a)[0], (b)[0], (c)[0]), fma((a)[1], (b)[1], (c)[1]), fma((a)[2], (b)[2], (c)[2]),  \
           fma((a)[3], (b)[3], (c)[3])})
#define EXB_MASK4(m) ((int)(((m)[0] & 1) | ((m)[1] & 2) | ((m)[2] & 4) | ((m)[3] & 8)))
#define EXB_FMA1(a, b, c) fma(a, b, c)
#include "host/template_vector_sums.h"
#include "host/template_rows.h"

const exb_host_kernels exb_kernels_generic = {
    .name = "generic",
    .sumdot = exb_sumdot_range_generic,
    .colsweep = exb_rows_colsweep_generic,
    .add_products = exb_rows_add_products_generic,
};

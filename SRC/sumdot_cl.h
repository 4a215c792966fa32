/*
 * sumdot_cl.h -- OpenCL path of ExSUM/ExDOT.  Returns 0 with the exact sum in
 * acc, or -1 (after a one-line report) when the caller must take the host path.
 */
#ifndef EXACTBLAS_SUMDOT_CL_H
#define EXACTBLAS_SUMDOT_CL_H

#include "knobs.h"
#include "sumdot_host.h"

int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc);

#endif

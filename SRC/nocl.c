/* nocl.c -- stand-ins when the library is built without OpenCL
 * (-DEXACTBLAS_OPENCL=OFF): every routine takes the host path. */
#include "sumdot_cl.h"

int exb_cl_sumdot(const exb_sumdot_args *args, const exb_knobs *knobs, exb_superacc *acc)
{
    (void)args;
    (void)knobs;
    (void)acc;
    return -1;
}

/*
 * device.h -- which path a routine takes: the one question a routine asks
 * the OpenCL runtime before it dispatches.
 */
#ifndef EXACTBLAS_BACKEND_DEVICE_H
#define EXACTBLAS_BACKEND_DEVICE_H

#include "tuning.h"
#include "support/knobs.h"

/* Whether a routine should try the OpenCL path under these knobs:
 * EXACTBLAS_DEVICE=opencl or p:d always, auto when the device is not a CPU.
 * The first call that asks chooses the device for the process (the knobs'
 * platform:device, else the first usable GPU, else the first usable device),
 * so auto starts OpenCL here, quietly (no line on stderr when there is no
 * device).  Defined by the runtime (opencl/clrt.c; opencl/nocl.c without
 * OpenCL: never). */
int exb_cl_wanted(const exb_knobs *knobs);
/* (exb_cl_wanted asks for the binary64 kernels: on a device without binary64,
 * or under EXACTBLAS_FP64=0, it says no, with one line.) */

/* Whether EXDGEMM should take the device's binary32 engine: OpenCL wanted
 * (as above) and the device has no binary64 or EXACTBLAS_FP64=0. */
int exb_cl_wanted_binary32(const exb_knobs *knobs);

/* Whether the double-float GEMMs (binary32 kernels) should try OpenCL. */
int exb_cl_wanted_df(const exb_knobs *knobs);

/* The tuning record of the process's OpenCL device, or NULL when there is
 * none (tuning.h). */
const exb_tuning *exb_cl_tuning(void);

#endif

/*
 * path.h -- the record of which path computed the calling thread's last
 * call (exactblas_last_path in exactblas.h): each routine clears it on
 * entry and every engine adds what ran.
 */
#ifndef EXACTBLAS_PATH_H
#define EXACTBLAS_PATH_H

#include "exactblas.h"

void exb_path_begin(void);
/* EXACTBLAS_PATH_HOST, EXACTBLAS_PATH_OPENCL, EXACTBLAS_PATH_FALLBACK bits. */
void exb_path_add(int bits);
/* The host computed after OpenCL had been wanted: HOST, plus FALLBACK when
 * cl_wanted says OpenCL was tried. */
void exb_path_host(int cl_wanted);

#endif

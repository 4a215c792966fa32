/*
 * bench_blas.h -- the start the BLAS benchmark drivers (bench_blas1, 2, 3)
 * share: "[reps [threads [n ...]]]" checked as bench_args.h says, OpenBLAS
 * opened with that many threads and ExactBLAS given the same number
 * (EXACTBLAS_THREADS, knobs read again).
 */
#ifndef EXACTBLAS_BENCH_BLAS_H
#define EXACTBLAS_BENCH_BLAS_H

#include <stdio.h>
#include <stdlib.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas.h"

/* 0 with *reps, *threads and *ob set; else the exit status (2: a bad
 * argument, the usage printed; 1: OpenBLAS cannot be loaded). */
static inline int bench_blas_start(int argc, char **argv, const char *usage, int default_reps,
                                   int *reps, int *threads, exb_blasref *ob)
{
    bench_help(argc, argv, usage);
    *reps = argc > 1 ? atoi(argv[1]) : default_reps;
    *threads = argc > 2 ? atoi(argv[2]) : 2;
    int bad = *reps < 1 || *threads < 1;
    for (int k = 3; k < argc; k++)
        bad |= atof(argv[k]) < 1;
    if (bad) {
        fputs(usage, stderr);
        return 2;
    }
    if (exb_blasref_open(ob, EXB_BLAS_OPENBLAS) != 0)
        return 1;
    exb_blasref_set_threads(ob, *threads);
    char knob[32];
    snprintf(knob, sizeof knob, "%d", *threads);
    setenv("EXACTBLAS_THREADS", knob, 1);
    exactblas_reload_knobs();
    return 0;
}

#endif

#!/usr/bin/env bash
# bench_lapack.sh BENCH_EXE THREADS REPS N... -- LAPACK's DGESV and
# DPOTRF+DPOTRS (bench_lapack.c) under netlib LAPACK on libexactblas_blas,
# on netlib BLAS and on OpenBLAS, and OpenBLAS's own LAPACK: one block of
# runs per library (no two thread pools alternate).
set -u
exe=$1 threads=$2 reps=$3; shift 3
L=/usr/lib/x86_64-linux-gnu
face=$(dirname "$exe")/../libexactblas_blas.so
export OPENBLAS_NUM_THREADS=$threads EXACTBLAS_THREADS=$threads
echo "== netlib LAPACK on libexactblas_blas (EXACTBLAS_DEVICE=host)"
EXACTBLAS_DEVICE=host LD_PRELOAD=$face LD_LIBRARY_PATH=$L/lapack:$L/blas "$exe" "$reps" "$@"
echo "== netlib LAPACK on netlib BLAS"
LD_LIBRARY_PATH=$L/lapack:$L/blas "$exe" "$reps" "$@"
echo "== netlib LAPACK on OpenBLAS's BLAS"
LD_LIBRARY_PATH=$L/lapack:$L/openblas-pthread "$exe" "$reps" "$@"
echo "== OpenBLAS's LAPACK"
LD_LIBRARY_PATH=$L/openblas-pthread "$exe" "$reps" "$@"

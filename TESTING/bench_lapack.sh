#!/usr/bin/env bash
# bench_lapack.sh BENCH_EXE THREADS REPS N... -- LAPACK's DGESV and
# DPOTRF+DPOTRS (bench_lapack.c) under netlib LAPACK on libexactblas_blas,
# on netlib BLAS and on OpenBLAS, and OpenBLAS's own LAPACK: one block of
# runs per library (no two thread pools alternate).
set -u
usage="usage: bash TESTING/bench_lapack.sh BENCH_EXE THREADS REPS N...
  e.g. bash TESTING/bench_lapack.sh build/TESTING/bench_lapack 2 3 500 1000
  LAPACK's DGESV and DPOTRF+DPOTRS (bench_lapack) under netlib LAPACK on
  libexactblas_blas, netlib BLAS and OpenBLAS, and OpenBLAS's own LAPACK.
  THREADS: ExactBLAS's and OpenBLAS's threads; REPS: solves timed per order
  (1..64); N: orders.  Prints median times in ms per library."
case ${1:-} in -h | --help) echo "$usage"; exit 0 ;; esac
if [ $# -lt 4 ] || [ ! -x "$1" ]; then
  echo "bad arguments: $*" >&2; echo "$usage" >&2; exit 2
fi
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

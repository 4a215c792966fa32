#!/usr/bin/env bash
# bench_drivers.sh BENCH_EXE DROPIN_DIR THREADS REPS N... -- LAPACK's drivers
# (bench_drivers.c: DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD, DGESVD) under
# netlib LAPACK on the drop-in libblas.so.3, under netlib LAPACK on
# OpenBLAS, and on OpenBLAS's own LAPACK: one block of runs per library (no
# two thread pools alternate), then each driver's time on the drop-in over
# OpenBLAS's LAPACK.
set -u
usage="usage: bash TESTING/bench_drivers.sh BENCH_EXE DROPIN_DIR THREADS REPS N...
  e.g. bash TESTING/bench_drivers.sh build/TESTING/bench_drivers build/dropin 2 3 500 1000 2000
  LAPACK's DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD and DGESVD under netlib LAPACK on
  the drop-in (ExactBLAS), under netlib LAPACK on OpenBLAS, and on OpenBLAS's
  LAPACK.  THREADS: ExactBLAS's and OpenBLAS's threads; REPS: calls timed per
  driver and order (1..64); N: orders.  Prints median times in ms, backward-error
  ratios, and the drop-in's time over OpenBLAS's LAPACK."
case ${1:-} in -h | --help) echo "$usage"; exit 0 ;; esac
if [ $# -lt 5 ] || [ ! -x "$1" ] || [ ! -f "$2/libblas.so.3" ]; then
  echo "bad arguments: $*" >&2; echo "$usage" >&2; exit 2
fi
exe=$1 dropin=$(cd "$2" && pwd) threads=$3 reps=$4; shift 4
L=/usr/lib/x86_64-linux-gnu
export OPENBLAS_NUM_THREADS=$threads EXACTBLAS_THREADS=$threads
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "== netlib LAPACK on the drop-in (ExactBLAS)"
LD_LIBRARY_PATH=$dropin:$L/lapack "$exe" "$reps" "$@" | tee "$tmp/exact"
echo "== netlib LAPACK on OpenBLAS's BLAS"
LD_LIBRARY_PATH=$L/lapack:$L/openblas-pthread "$exe" "$reps" "$@"
echo "== OpenBLAS's LAPACK"
LD_LIBRARY_PATH=$L/openblas-pthread "$exe" "$reps" "$@" | tee "$tmp/openblas"
echo "== the drop-in's time over OpenBLAS's LAPACK"
paste "$tmp/exact" "$tmp/openblas" | awk 'NR == 1 { print "     n    DGESV DPOTRF+S   DGEQRF   DSYEVD   DGESVD"; next }
  { n = NF / 2; printf "%6d", $1; for (k = 2; k <= n; k += 2) printf " %8.2f", $k / $(k + n); print "" }'

#!/usr/bin/env bash
# bench_drivers.sh BENCH_EXE DROPIN_DIR THREADS REPS N... -- LAPACK's drivers
# (bench_drivers.c: DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD, DGESVD) on the
# drop-in pair alone (LD_LIBRARY_PATH=DROPIN_DIR: its liblapack.so.3, own
# routines and the reference LAPACK's forwarded ones, over its exact
# libblas.so.3) and on OpenBLAS's own LAPACK, one block of runs per library
# (no two thread pools alternate), then each driver's time on the pair over
# OpenBLAS's LAPACK.  An order zN runs ZGESV and ZHEEVD at order N instead.  BENCH_SIDES adds blocks: "old" (the reference LAPACK
# over the drop-in libblas.so.3, the way before the drop-in liblapack) and
# "netlib-openblas" (the reference LAPACK over OpenBLAS's BLAS).
# OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are unset: OpenBLAS picks its own
# kernels, whose name (openblas_get_corename) its block prints.
set -u
usage="usage: bash TESTING/bench_drivers.sh BENCH_EXE DROPIN_DIR THREADS REPS N...
  e.g. bash TESTING/bench_drivers.sh build/TESTING/bench_drivers build/dropin 2 3 1000 2000
  LAPACK's DGESV, DPOTRF+DPOTRS, DGEQRF, DSYEVD and DGESVD on the drop-in pair
  (ExactBLAS's liblapack.so.3 and libblas.so.3) and on OpenBLAS's LAPACK.
  THREADS: ExactBLAS's and OpenBLAS's threads; REPS: calls timed per driver and
  order (1..64); N: orders (zN: the complex drivers ZGESV and ZHEEVD at order N).  BENCH_SIDES=\"old netlib-openblas\" adds the
  reference LAPACK over the drop-in libblas.so.3 and over OpenBLAS's BLAS.
  Prints median times in ms, backward-error ratios, OpenBLAS's kernel name, and
  the pair's time over OpenBLAS's LAPACK."
case ${1:-} in -h | --help) echo "$usage"; exit 0 ;; esac
if [ $# -lt 5 ] || [ ! -x "$1" ] || [ ! -f "$2/libblas.so.3" ] || [ ! -f "$2/liblapack.so.3" ]; then
  echo "bad arguments: $*" >&2; echo "$usage" >&2; exit 2
fi
exe=$1 dropin=$(cd "$2" && pwd) threads=$3 reps=$4; shift 4
L=/usr/lib/x86_64-linux-gnu
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
export OPENBLAS_NUM_THREADS=$threads EXACTBLAS_THREADS=$threads
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "== the drop-in pair (LD_LIBRARY_PATH=$dropin): ExactBLAS's liblapack.so.3 and libblas.so.3"
LD_LIBRARY_PATH=$dropin "$exe" "$reps" "$@" | tee "$tmp/exact"
for side in ${BENCH_SIDES:-}; do
  case $side in
    old) echo "== the reference LAPACK over the drop-in libblas.so.3 (the old way)"
      LD_LIBRARY_PATH=$L/lapack:$dropin "$exe" "$reps" "$@" ;;
    netlib-openblas) echo "== the reference LAPACK over OpenBLAS's BLAS"
      LD_LIBRARY_PATH=$L/lapack:$L/openblas-pthread "$exe" "$reps" "$@" ;;
    *) echo "unknown side $side" >&2 ;;
  esac
done
echo "== OpenBLAS's LAPACK"
LD_LIBRARY_PATH=$L/openblas-pthread "$exe" "$reps" "$@" | tee "$tmp/openblas"
echo "== the pair's time over OpenBLAS's LAPACK ($(grep -h "^# openblas_get_corename" "$tmp/openblas" | sed 's/^# //'), $threads threads)"
paste <(grep -v "^#" "$tmp/exact") <(grep -v "^#" "$tmp/openblas") | awk '{ h = NF / 2 }
  $1 == "n" { printf "%6s", "n"; for (k = 2; k <= h; k += 3) printf " %8s", $k; print ""; next }
  { printf "%6s", $1; for (k = 2; k <= h; k += 2) printf " %8.2f", $k / $(k + h); print "" }'

#!/usr/bin/env bash
# bench_pblas.sh -- the cost table of doc/PBLAS.md: PDGEMM and PDGESV at
# order N (2000) on 1 and 2 ranks (grids 1x1 and 1x2, block size NB), the
# exact PBLAS (with the exact drop-in libblas.so.3 under ScaLAPACK's local
# calls) against ScaLAPACK's own PBLAS on the system BLAS (OpenBLAS), one
# thread per rank, medians of REPS runs.  OPENBLAS_CORETYPE and
# OPENBLAS_L2_SIZE are unset so that OpenBLAS picks its own kernels.
# Heavy: run it under flock on a shared machine.
#
# usage: bench_pblas.sh BUILD_DIR [N [NB [REPS]]]
set -uo pipefail
build=$(cd "${1:?build dir}" && pwd)
n=${2:-2000}
nb=${3:-64}
reps=${4:-3}
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader \
  OMPI_MCA_rmaps_base_oversubscribe=1
for routine in PDGEMM PDGESV; do
  for np in 1 2; do
    # ScaLAPACK's own on the system BLAS, then the exact PBLAS (+ drop-in)
    mpiexec -n "$np" -x EXACTBLAS_THREADS=1 -x OPENBLAS_NUM_THREADS=1 \
      "$build/TESTING/bench_pblas_netlib" "$routine" "$n" "$nb" "$reps" 1 "$np" |
      grep -E 'median|core'
    mpiexec -n "$np" -x EXACTBLAS_THREADS=1 -x OPENBLAS_NUM_THREADS=1 \
      -x LD_LIBRARY_PATH="$build/dropin" "$build/TESTING/bench_pblas" "$routine" "$n" "$nb" \
      "$reps" 1 "$np" | grep -E 'median|core'
    if [ "$routine" = PDGEMM ]; then # the PxGEMM variants' time (same bits)
      for v in a b; do
        mpiexec -n "$np" -x EXACTBLAS_THREADS=1 -x EXACTBLAS_PBLAS_GEMM=$v \
          -x LD_LIBRARY_PATH="$build/dropin" "$build/TESTING/bench_pblas" "$routine" "$n" \
          "$nb" 1 1 "$np" | grep -E 'median' | sed "s/^/variant $v: /"
      done
    fi
  done
done

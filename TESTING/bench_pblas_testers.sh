#!/usr/bin/env bash
# bench_pblas_testers.sh -- Debian's ScaLAPACK testers (scalapack-mpi-test,
# OpenMPI build) on ScaLAPACK's own PBLAS and on the exact PBLAS
# (libexactblas_pblas by LD_PRELOAD, the exact drop-in libblas.so.3 under
# the local calls); prints each tester's summary counts.  doc/PBLAS.md
# has the table.  Heavy: run it under flock on a shared machine.
#
# usage: [FACES='own exact'] bench_pblas_testers.sh BUILD_DIR [NP [TESTER ...]]
set -uo pipefail
build=$(cd "${1:?build dir}" && pwd)
np=${2:-4}
shift 2 2>/dev/null || shift $#
testers=("$@")
[ ${#testers[@]} -gt 0 ] || testers=(xdlu xdllt xdqr xdinv xdls xdsep)
src=/usr/lib/x86_64-linux-gnu/scalapack/openmpi-tests
work=$(mktemp -d)
cp "$src"/*.dat "$work"/
cd "$work" || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader \
  OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1 EXACTBLAS_THREADS=1 \
  OPENBLAS_NUM_THREADS=1
run() { # face tester
  local face=$1 t=$2 log="$work/$2.$1.log"
  if [ "$face" = exact ]; then
    timeout 1800 mpiexec --oversubscribe -n "$np" -x LD_PRELOAD="$build/libexactblas_pblas.so" \
      -x LD_LIBRARY_PATH="$build/dropin" "$src/$t" >"$log" 2>&1
  else
    timeout 1800 mpiexec --oversubscribe -n "$np" "$src/$t" >"$log" 2>&1
  fi
  local rc=$?
  local passed failed skipped
  passed=$(grep -Eo '[0-9]+ tests completed and passed' "$log" | awk '{s+=$1} END {print s+0}')
  failed=$(grep -Eo '[0-9]+ tests completed and failed' "$log" | awk '{s+=$1} END {print s+0}')
  skipped=$(grep -Eo '[0-9]+ tests skipped' "$log" | awk '{s+=$1} END {print s+0}')
  printf '%-6s %-7s rc=%-3s passed=%-5s failed=%-5s skipped=%s\n' "$t" "$face" "$rc" "$passed" \
    "$failed" "$skipped"
}
for t in "${testers[@]}"; do
  for face in ${FACES:-own exact}; do
    run "$face" "$t"
  done
done
echo "logs: $work"

#!/usr/bin/env bash
# lapack_own.sh EXE DROPIN_DIR -- the drop-in liblapack's own DGETRF and
# DPOTRF (lapack_own.c, linked with the pair in DROPIN_DIR): EXE passes its
# checks (backward errors, INFO, XERBLA) under EXACTBLAS_THREADS=1 and 2
# and under each EXACTBLAS_GEMM_PATH, and prints the same lines (the
# factors' hashes) under all of them: the same bits on every thread count
# and engine.
set -u
exe=$1 dir=$(cd "$2" && pwd)
fail=0 first=
for run in "1 auto" "2 auto" "2 general" "2 split" "2 early" "2 crt" "1 crt"; do
  set -- $run
  out=$(LD_LIBRARY_PATH=$dir EXACTBLAS_THREADS=$1 EXACTBLAS_GEMM_PATH=$2 "$exe" 2>&1)
  status=$?
  echo "--- EXACTBLAS_THREADS=$1 EXACTBLAS_GEMM_PATH=$2: exit $status"
  if [ -z "$first" ]; then
    echo "$out"
    first=$out
  elif [ "$out" != "$first" ]; then
    echo "FAIL: not the first run's lines:"
    diff <(echo "$first") <(echo "$out") | head -20
    fail=1
  else
    echo "the same lines as the first run"
  fi
  [ $status = 0 ] || { echo "$out" | grep -E "^FAIL" | head; fail=1; }
done
[ $fail = 0 ] && echo "PASSED" || echo "FAILED"
exit $fail

#!/usr/bin/env bash
# probe_dropin.sh PROBE DROPIN_LIB -- exactblas_probe tells a user which BLAS
# a program gets: the drop-in is recognised (its mark, exactblas_dropin_version)
# and reported with every routine exact, and an ordinary BLAS (netlib's
# libblas.so.3) is reported as not ExactBLAS.
set -u
probe=$1 lib=$2
out=$("$probe" "$lib" /usr/lib/x86_64-linux-gnu/blas/libblas.so.3) || { echo "FAIL: the probe failed"; exit 1; }
fail=0
if echo "$out" | grep -q "^$lib: .*the ExactBLAS drop-in [^;]*; every routine it exports is exact"; then
  echo "ok   the drop-in is recognised, every routine exact"
else
  echo "FAIL: the drop-in $lib is not reported as ExactBLAS's with every routine exact:"
  echo "$out" | grep "^$lib" | head -3
  fail=1
fi
echo "$out" | grep -q "libblas.so.3: .*not ExactBLAS" ||
  { echo "FAIL: netlib's libblas.so.3 is not reported as an ordinary BLAS"; fail=1; }
[ $fail = 0 ] && echo "PROBE: PASSED"
exit $fail

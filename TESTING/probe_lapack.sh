#!/usr/bin/env bash
# probe_lapack.sh PROBE DROPIN_DIR LAPACK_DIR BLAS_DIR -- exactblas_probe
# says which LAPACK a program gets and whether it is on the exact kernels:
# the drop-in liblapack.so.3 (by path, and as liblapack.so.3 under
# LD_LIBRARY_PATH=DROPIN_DIR) is recognised, its four routines forwarded to
# the reference and their BLAS calls exact, with no WARNING; the reference
# LAPACK over netlib's BLAS, and OpenBLAS's LAPACK where it is installed,
# get the WARNING.  Exit 77 without the reference LAPACK.
set -u
probe=$1 dropin=$(cd "$2" && pwd) lapack_dir=$3 blas_dir=$4
[ -e "$lapack_dir/liblapack.so.3" ] || { echo "SKIPPED: no reference LAPACK in $lapack_dir"; exit 77; }
fail=0
lapack_part() { sed -n '/^BLAS and LAPACK libraries:/,$p' <<<"$1" | grep -v "^libblas"; }
for how in path soname; do
  if [ $how = path ]; then
    out=$("$probe" "$dropin/liblapack.so.3" 2>&1)
  else
    out=$(LD_LIBRARY_PATH=$dropin "$probe" liblapack.so.3 2>&1)
  fi
  lapack_part "$out"
  forwarded=$(grep -cE "^  (dgetrf_|dpotrf_|dgeqrf_|dgesv_) +(forwarded to $lapack_dir/liblapack.so.3, its BLAS calls exact|ExactBLAS's own \($dropin/liblapack.so.3\), on the exact kernels)$" <<<"$out")
  if grep -q "^[^ ]*liblapack.so.3: $dropin/liblapack.so.3, the ExactBLAS drop-in" <<<"$out" &&
    grep -q "^  BLAS under it: $dropin/libblas.so.3, the ExactBLAS drop-in (exact)$" <<<"$out" &&
    [ "$forwarded" = 4 ] && ! grep -q WARNING <<<"$out"; then
    echo "ok   the drop-in pair ($how): recognised, four routines forwarded on the exact BLAS, no warning"
  else
    echo "FAIL the drop-in pair ($how) is not reported as on the exact kernels"; fail=1
  fi
done
out=$(LD_LIBRARY_PATH=$lapack_dir:$blas_dir "$probe" liblapack.so.3 2>&1)
lapack_part "$out"
if grep -q "not ExactBLAS's drop-in liblapack" <<<"$out" && grep -q "^  WARNING: LAPACK through liblapack.so.3 is not on the exact kernels" <<<"$out"; then
  echo "ok   the reference LAPACK over netlib's BLAS: the warning"
else
  echo "FAIL the reference LAPACK over netlib's BLAS is not warned about"; fail=1
fi
for openblas in /usr/lib/*/openblas-pthread/liblapack.so.3 /usr/lib/*/openblas-serial/liblapack.so.3; do
  [ -e "$openblas" ] || continue
  out=$("$probe" "$openblas" 2>&1)
  lapack_part "$out"
  if grep -q "OpenBLAS's LAPACK on its own kernels: not exact" <<<"$out" && grep -q "^  WARNING" <<<"$out"; then
    echo "ok   OpenBLAS's LAPACK ($openblas): named, and the warning"
  else
    echo "FAIL OpenBLAS's LAPACK ($openblas) is not warned about"; fail=1
  fi
  break
done
[ $fail = 0 ] && echo "PROBE LAPACK: PASSED" || echo "PROBE LAPACK: FAILED"
exit $fail

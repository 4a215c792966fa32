#!/usr/bin/env bash
# lapack_face.sh FACE_EXE PLAIN_EXE SETTINGS -- LAPACK (DGESV, DGETRF/DGETRS,
# DPOTRF/DPOTRS, DGELS) on libexactblas_blas: the same bytes under every knob
# setting of SETTINGS (each in a fresh process: the knobs are read once),
# LAPACK's backward-error bound met (the programs check it), and the proof
# that LAPACK's own BLAS calls bind to the exact face (ld.so's bindings).
# PLAIN_EXE is the same program on the system BLAS alone, for comparison.
set -u
face=$1 plain=$2 settings=$3
fail=0
plain_line=$("$plain") || { echo "FAIL: LAPACK on the system BLAS: $plain_line"; fail=1; }
echo "system BLAS:         $plain_line"
# the same bytes (and so the same printed hash and ratio) under every setting
bash "$(dirname "$0")/same_output.sh" "$face" "$settings" || fail=1
# LAPACK's calls into the BLAS must reach libexactblas_blas
bindings=$(LD_DEBUG=bindings "$face" 2>&1 >/dev/null)
for sym in dgemm_ dtrsm_ dsyrk_ dgemv_ dnrm2_ dscal_; do
  if grep -q "binding file [^ ]*liblapack[^ ]* .* to [^ ]*libexactblas_blas[^ ]* .*symbol \`$sym'" <<<"$bindings"; then
    echo "LAPACK's $sym -> libexactblas_blas"
  else
    echo "FAIL: LAPACK's $sym is not bound to libexactblas_blas"; fail=1
  fi
done
[ $fail = 0 ] && echo "LAPACK FACE: PASSED" || echo "LAPACK FACE: FAILED"
exit $fail

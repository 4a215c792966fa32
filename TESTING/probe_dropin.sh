#!/usr/bin/env bash
# probe_dropin.sh PROBE DROPIN_LIB FACES_DIR -- exactblas_probe tells a user
# which routines of the drop-in are NOT exact: the names it lists for
# DROPIN_LIB are exactly the forwarders in the face sources (FORWARD_* in
# SRC/faces/*.c), none of the exact routines is among them, and an ordinary
# BLAS is reported as not ExactBLAS.
set -u
probe=$1 lib=$2 faces=$3
out=$("$probe" "$lib" /usr/lib/x86_64-linux-gnu/blas/libblas.so.3) || { echo "FAIL: the probe failed"; exit 1; }
fail=0
listed=$(echo "$out" | sed -n '/the ExactBLAS drop-in/,$p' | sed 1d | grep '^  ' | tr ' ' '\n' | grep . | sort)
# FORWARD_VOID(name, n) / FORWARD_VALUE(type, name, n): Fortran name_;
# FORWARD_C_*(..., cblas_x, n) and [EXPAND(]FORWARD_PROTO(, )cblas_x: the C name
sources=$( (grep -hoE '^FORWARD_(VOID|VALUE)\(([a-zA-Z0-9 _]+, )?[a-z0-9]+, [0-9]+\)' "$faces"/*.c |
              sed -E 's/.*\(([a-zA-Z0-9 _]+, )?([a-z0-9]+), [0-9]+\)/\2_/'
            grep -hoE '^FORWARD_C_(VOID|VALUE)\(([a-z0-9_]+, )?cblas_[a-z0-9_]+, [0-9]+\)' "$faces"/*.c |
              sed -E 's/.*(cblas_[a-z0-9_]+), [0-9]+\)/\1/'
            grep -hoE '^(EXPAND\()?FORWARD_PROTO(\(|, )cblas_[a-z0-9_]+' "$faces"/*.c | grep -oE 'cblas_[a-z0-9_]+') | sort)
n=$(echo "$listed" | grep -c .)
if [ -z "$sources" ]; then
  # no forwarder left: the probe must say that every routine is exact
  if echo "$out" | grep -q "the ExactBLAS drop-in; every routine it exports is exact" && [ -z "$listed" ]; then
    echo "ok   no forwarder in the sources, and the probe says every routine of the drop-in is exact"
  else
    echo "FAIL: no forwarder in $faces, but the probe does not say that every routine is exact"; fail=1
  fi
elif [ -z "$listed" ] || [ "$listed" != "$sources" ]; then
  echo "FAIL: the probe's list of forwarded routines differs from the forwarders in $faces:"
  diff <(echo "$sources") <(echo "$listed") | head -20
  fail=1
else
  echo "ok   the probe lists the $n forwarded routines of the sources"
fi
count=$(echo "$out" | grep -oE 'drop-in; [0-9]+ of its routines' | grep -oE '[0-9]+')
[ -n "$sources" ] && [ "$count" != "$n" ] && { echo "FAIL: the probe says $count forwarded routines, lists $n"; fail=1; }
for exact in dgemm_ dtrsv_ ddot_ dsymv_ cblas_dgemm; do
  if echo "$listed" | grep -qx "$exact"; then echo "FAIL: $exact is listed as not exact"; fail=1; fi
done
echo "$out" | grep -q "libblas.so.3: .*not ExactBLAS" ||
  { echo "FAIL: netlib's libblas.so.3 is not reported as an ordinary BLAS"; fail=1; }
[ $fail = 0 ] && echo "PROBE: PASSED"
exit $fail

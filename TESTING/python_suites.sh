#!/usr/bin/env bash
# python_suites.sh DROPIN_DIR WORK_DIR [PACKAGES...] -- NumPy's and SciPy's
# own test suites (Debian's python3-numpy and python3-scipy, run by
# /usr/bin/python3 -m pytest) once on the system's BLAS as Debian ships it
# and once with the drop-in libblas.so.3 in its place (LD_LIBRARY_PATH;
# netlib's LAPACK under both, so the BLAS is the only difference).  The
# drop-in must pass as many tests as the reference, package by package, and
# fail no more.  Default packages: numpy scipy.linalg.  Exit 77 without
# python3-numpy or pytest.
set -u
dropin=$(cd "$1" && pwd) work=$2
shift 2
packages=${*:-numpy scipy.linalg}
py=/usr/bin/python3
$py -c "import numpy, pytest" 2>/dev/null ||
  { echo "SKIPPED: python3-numpy or python3-pytest is not installed"; exit 77; }
arch=$($py -c "import sysconfig; print(sysconfig.get_config_var('MULTIARCH'))")
netlib=/usr/lib/$arch/blas lapack=/usr/lib/$arch/lapack
mkdir -p "$work" && cd "$work" || exit 1
# passed failed errors of the pytest summary line (the last line that counts
# tests: numpy's f2py tests print after it)
count() {
  grep -aE '[0-9]+ (passed|failed|errors?)( |,|$)' "$1" | tail -1 | awk '{ for (i = 2; i <= NF; i++) {
      w = $i; gsub(/[,=]/, "", w)
      if (w == "passed") p = $(i - 1); if (w == "failed") f = $(i - 1); if (w == "error" || w == "errors") e = $(i - 1) } }
    END { printf "%d %d %d\n", p, f, e }'
}
fail=0
printf "%-14s %10s %8s %8s   %10s %8s %8s\n" "package" "ref. pass" "failed" "errors" "exact pass" "failed" "errors"
for pkg in $packages; do
  for side in ref exact; do
    blas=$netlib; [ $side = exact ] && blas=$dropin
    LD_LIBRARY_PATH=$blas:$lapack OMP_NUM_THREADS=1 timeout 5400 $py -m pytest -q -p no:cacheprovider \
      --pyargs "$pkg" > "$pkg.$side.out" 2>&1
  done
  read rp rf re <<< "$(count $pkg.ref.out)"
  read ep ef ee <<< "$(count $pkg.exact.out)"
  verdict=""
  if [ "$ep" -lt "$rp" ] || [ "$ef" -gt "$rf" ] || [ "$ee" -gt "$re" ] || [ "$rp" = 0 ]; then
    verdict="  <- worse than the reference"; fail=1
    grep -E "^FAILED|^ERROR" "$pkg.exact.out" | head -10
  fi
  printf "%-14s %10d %8d %8d   %10d %8d %8d%s\n" "$pkg" $rp $rf $re $ep $ef $ee "$verdict"
done
# the drop-in was the BLAS the exact runs used
got=$(LD_LIBRARY_PATH=$dropin:$lapack $py -c \
  "import numpy as np; print(np.array([1e16, 1.0, -1e16, 3.0]).dot(np.ones(4)))")
[ "$got" = "4.0" ] || { echo "FAIL: numpy's dot on the drop-in gave $got"; fail=1; }
[ $fail = 0 ] && echo "PYTHON SUITES: PASSED ($packages: as many passes as the reference BLAS)" ||
  echo "PYTHON SUITES: FAILED"
exit $fail

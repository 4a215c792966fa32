#!/usr/bin/env bash
# dropin_tests.sh DROPIN_DIR TESTER_DIR WORK_DIR [SONAME] -- the drop-in
# DROPIN_DIR/SONAME (libblas.so.3, or libblas64.so.3 for the ILP64 twin with
# Debian's blas64 testers, which are linked with -lblas64 and pass 8-byte
# INTEGERs) as programs linked with the reference meet it, by
# LD_LIBRARY_PATH:
#   - nm: every name the system's reference libblas.so.3 exports is there;
#   - Debian's BLAS testers for every type (xblat1/2/3 s, d, c, z) and CBLAS
#     testers (x{s,d,c,z}cblat1/2/3), computational and error-exit tests,
#     with ld.so binding their calls to the drop-in;
#   - numpy (Debian's python3-numpy, when installed): the dot product of
#     {1e16, 1, -1e16, 3} with ones is 4 (3 with an ordinary BLAS);
#   - R (r-base-core, when installed), by R_LD_LIBRARY_PATH: the same
#     product through %*% and crossprod (dgemm_) is 4.
# Exit 77 (skip) without the testers.
set -u
dir=$(cd "$1" && pwd) testers=$2 work=$3 soname=${4:-libblas.so.3}
lib=$dir/$soname
ref=$testers/$soname
[ -x "$testers/xblat1d" ] || { echo "SKIPPED: the BLAS testers are not installed ($testers)"; exit 77; }
[ -f "$lib" ] || { echo "FAIL: $lib was not built"; exit 1; }
mkdir -p "$work" && cd "$work" || exit 1
fail=0
missing=$(comm -23 <(nm -D --defined-only "$ref" | awk '{print $3}' | sort) \
                   <(nm -D --defined-only "$lib" | awk '{print $3}' | sort))
if [ -n "$missing" ]; then
  echo "FAIL: the drop-in lacks: $missing"; fail=1
else
  echo "nm: every name of $ref is exported ($(nm -D --defined-only "$ref" | wc -l) names)"
fi
run() { # name input: the tester under the drop-in, bindings recorded
  rm -f bind.*
  LD_LIBRARY_PATH=$dir LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind timeout 900 \
    "$testers/$1" < "$2" > "$1.out" 2>&1
  local rc=$?
  cat bind.* > "$1.bindings" 2>/dev/null; rm -f bind.*
  return $rc
}
for p in s d c z; do
  for level in 1 2 3; do
    input=/dev/null; [ $level = 1 ] || input=$testers/${p}blat$level.in
    cp -f "$testers/${p}blat$level.in" . 2>/dev/null
    run xblat$level$p "$input" || { echo "FAIL: xblat$level$p exited with an error"; fail=1; }
    # level 2 and 3 write their summaries to the file their input names
    summary=xblat$level$p.out; [ $level = 1 ] || summary=${p}blat$level.out
    [ -f "$summary" ] || summary=xblat$level$p.out
    passed=$(grep -cE "PASSED THE|----- PASS -----" "$summary" xblat$level$p.out | awk -F: '{s += $2} END {print s}')
    if grep -qiE "FAIL|SUSPECT|FATAL" "$summary" xblat$level$p.out || [ "$passed" = 0 ]; then
      echo "FAIL: xblat$level$p"; grep -iE "FAIL|SUSPECT|FATAL" "$summary" xblat$level$p.out | head -5; fail=1
    else
      echo "xblat$level$p: $passed PASS lines, no failure"
    fi
    input=/dev/null; [ $level = 1 ] || input=$testers/${p}in$level
    run x${p}cblat$level "$input" || { echo "FAIL: x${p}cblat$level exited with an error"; fail=1; }
    passed=$(grep -cE "PASSED THE|----- PASS -----" x${p}cblat$level.out)
    if grep -qiE "FAIL|SUSPECT|FATAL" x${p}cblat$level.out || [ "$passed" = 0 ]; then
      echo "FAIL: x${p}cblat$level"; grep -iE "FAIL|SUSPECT|FATAL" x${p}cblat$level.out | head -5; fail=1
    else
      echo "x${p}cblat$level: $passed PASS lines, no failure"
    fi
  done
done
# the testers' calls reach the drop-in (a real, a complex and a CBLAS name)
for pair in "xblat3d dgemm_" "xblat2s ssymv_" "xblat3z zgemm_" "xdcblat3 cblas_dgemm" "xscblat2 cblas_stbsv"; do
  set -- $pair
  grep -q "binding file [^ ]*$1 .* to $lib .*symbol \`$2'" "$1.bindings" ||
    { echo "FAIL: $1's $2 is not bound to the drop-in"; fail=1; }
done
if [ "$soname" = libblas.so.3 ] && [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import numpy" 2>/dev/null; then
  got=$(LD_LIBRARY_PATH=$dir /usr/bin/python3 -c \
    "import numpy as np; print(np.array([1e16, 1.0, -1e16, 3.0]).dot(np.ones(4)))")
  if [ "$got" = "4.0" ]; then
    echo "numpy: dot([1e16, 1, -1e16, 3], ones) = $got"
  else
    echo "FAIL: numpy's dot on the drop-in gave $got, not 4.0"; fail=1
  fi
elif [ "$soname" = libblas.so.3 ]; then
  echo "numpy: not installed (python3-numpy), not checked"
fi
if [ "$soname" = libblas.so.3 ] && command -v Rscript >/dev/null; then
  got=$(R_LD_LIBRARY_PATH=$dir Rscript -e \
    'x <- c(1e16, 1, -1e16, 3); cat(x %*% rep(1, 4), crossprod(matrix(x, 4), matrix(1, 4)), "\n")')
  if [ "$(echo $got)" = "4 4" ]; then
    echo "R: x %*% ones and crossprod = $got"
  else
    echo "FAIL: R on the drop-in gave [$got], not 4 4"; fail=1
  fi
elif [ "$soname" = libblas.so.3 ]; then
  echo "R: not installed (r-base-core), not checked"
fi
[ $fail = 0 ] && echo "DROP-IN: PASSED" || echo "DROP-IN: FAILED"
exit $fail

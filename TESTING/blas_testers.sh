#!/usr/bin/env bash
# blas_testers.sh FACE_SO TESTER_DIR WORK_DIR -- the reference BLAS testers
# (Debian's libblas-test: xblat1{s,d}, xblat2{s,d}, xblat3{s,d}, linked to
# libblas.so.3) with libexactblas_blas preloaded.  Every routine the face
# exports (nm) is switched on in the testers' input files, the others off
# (they would test the system BLAS); each exported routine must pass the
# computational tests and the error-exit tests (XERBLA names and positions),
# and ld.so must bind the testers' calls of it to the face.  Exit 77 (skip)
# when the testers are not installed.
set -u
face=$1 dir=$2 work=$3
for t in xblat1d xblat2d xblat3d xblat1s xblat2s xblat3s; do
  [ -x "$dir/$t" ] || { echo "SKIPPED: $dir/$t not installed (Debian package libblas-test)"; exit 77; }
done
mkdir -p "$work" && cd "$work" || exit 1
rm -f ?blat2.out ?blat3.out bind.* bindings.txt
exported=$(nm -D --defined-only "$face" | awk '{print $3}' | grep -E '^[sdi][a-z0-9]*_$' | sort)
upper() { echo "$1" | tr a-z A-Z; }
fail=0 checked=0
for p in s d; do
  P=$(upper $p)
  for level in 2 3; do
    # an input line "DGEMV  T ..." : T when the face exports it, F otherwise
    awk -v names=" $(echo $exported | tr "\n" " ") " -v P=$P '
      /^[SD][A-Z0-9]+ +[TF]/ { name = tolower($1) "_";
        if (substr($1, 1, 1) == P) { sub(/ [TF] /, index(names, " " name " ") ? " T " : " F "); } }
      { print }' "$dir/${p}blat$level.in" > ${p}blat$level.in
  done
  for level in 1 2 3; do
    input=/dev/null; [ $level = 1 ] || input=${p}blat$level.in
    LD_PRELOAD=$face LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind timeout 600 \
      "$dir/xblat$level$p" < $input > blat$level$p.out 2>&1
  done
done
cat bind.* > bindings.txt 2>/dev/null; rm -f bind.*
for sym in $exported; do
  r=$(upper ${sym%_}) p=${sym:0:1}
  case $r in
    *AMAX) p=${sym:1:1} ;; # ISAMAX, IDAMAX
  esac
  if grep -q "subprogram number .* $r *\$" blat1$p.out 2>/dev/null; then
    if grep -A1 "subprogram number .* $r *\$" blat1$p.out | grep -q -- "----- PASS -----"; then
      echo "xblat1$p $r: PASS"
    else
      echo "FAIL: xblat1$p $r"; fail=1
    fi
  else
    out=${p}blat2.out; grep -q " $r " $out 2>/dev/null || out=${p}blat3.out
    for what in "COMPUTATIONAL TESTS" "TESTS OF ERROR-EXITS"; do
      if grep -q "$r *PASSED THE $what" $out 2>/dev/null; then
        echo "$r: PASSED THE $what"
      else
        echo "FAIL: $r $what"; fail=1
      fi
    done
  fi
  grep -q "binding file [^ ]*xblat[^ ]* .* to [^ ]*libexactblas_blas[^ ]* .*symbol \`$sym'" bindings.txt ||
    { echo "FAIL: the testers' $sym is not bound to libexactblas_blas"; fail=1; }
  checked=$((checked + 1))
done
if grep -qiE "FAIL|SUSPECT|FATAL" blat?[sd].out ?blat?.out 2>/dev/null; then
  grep -iE "FAIL|SUSPECT|FATAL" blat?[sd].out ?blat?.out | head; fail=1
fi
[ $fail = 0 ] && echo "BLAS TESTERS: PASSED (xblat1, xblat2, xblat3 in S and D on the face's $checked routines)" ||
  echo "BLAS TESTERS: FAILED"
exit $fail

#!/usr/bin/env bash
# blas_testers.sh FACE_SO TESTER_DIR WORK_DIR -- the reference BLAS testers
# (Debian's libblas-test: xblat1d, xblat2d, xblat3d, linked to libblas.so.3)
# with libexactblas_blas preloaded: every routine the face exports must pass
# the computational tests and the error-exit tests (XERBLA names and
# positions), and ld.so must bind the testers' calls to the face.  Exit 77
# (skip) when the testers are not installed.
set -u
face=$1 dir=$2 work=$3
for t in xblat1d xblat2d xblat3d; do
  [ -x "$dir/$t" ] || { echo "SKIPPED: $dir/$t not installed (Debian package libblas-test)"; exit 77; }
done
mkdir -p "$work" && cd "$work" || exit 1
rm -f dblat2.out dblat3.out bind.*
fail=0
# only the face's routines are switched on (the others would test the system BLAS)
sed -E 's/^(D[A-Z0-9]+ *)T /\1F /; s/^(DGEMV|DTRSV)( +)F /\1\2T /' "$dir/dblat2.in" > dblat2.in
sed -E 's/^(D[A-Z0-9]+ *)T /\1F /; s/^(DGEMM|DTRSM|DSYRK)( +)F /\1\2T /' "$dir/dblat3.in" > dblat3.in
LD_PRELOAD=$face LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind "$dir/xblat1d" > blat1.out 2>&1
LD_PRELOAD=$face LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind "$dir/xblat2d" < dblat2.in > blat2.out 2>&1
LD_PRELOAD=$face LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind "$dir/xblat3d" < dblat3.in > blat3.out 2>&1
cat bind.* > bindings.txt; rm -f bind.*
for r in DDOT DAXPY DNRM2 DASUM DSCAL; do
  if grep -A1 "subprogram number .* $r *\$" blat1.out | grep -q -- "----- PASS -----"; then
    echo "xblat1d $r: PASS"
  else
    echo "FAIL: xblat1d $r"; fail=1
  fi
done
for r in DGEMV DTRSV DGEMM DTRSM DSYRK; do
  # the summaries go to the files dblat2.in and dblat3.in name
  out=dblat2.out; case $r in DGEMM|DTRSM|DSYRK) out=dblat3.out ;; esac
  for what in "COMPUTATIONAL TESTS" "TESTS OF ERROR-EXITS"; do
    if grep -q "$r *PASSED THE $what" $out; then echo "$r: PASSED THE $what"; else echo "FAIL: $r $what"; fail=1; fi
  done
done
if grep -qiE "FAIL|SUSPECT|FATAL" blat1.out blat2.out blat3.out dblat2.out dblat3.out; then
  grep -iE "FAIL|SUSPECT|FATAL" blat1.out blat2.out blat3.out dblat2.out dblat3.out | head; fail=1
fi
for sym in ddot_ daxpy_ dnrm2_ dasum_ dscal_ dgemv_ dtrsv_ dgemm_ dtrsm_ dsyrk_; do
  grep -q "binding file [^ ]*xblat[^ ]* .* to [^ ]*libexactblas_blas[^ ]* .*symbol \`$sym'" bindings.txt ||
    { echo "FAIL: the testers' $sym is not bound to libexactblas_blas"; fail=1; }
done
[ $fail = 0 ] && echo "BLAS TESTERS: PASSED (xblat1d, xblat2d, xblat3d on the face's 10 routines)" ||
  echo "BLAS TESTERS: FAILED"
exit $fail

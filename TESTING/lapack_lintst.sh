#!/usr/bin/env bash
# lapack_lintst.sh FACE_SO LAPACK_TEST_DIR WORK_DIR NETLIB_DIRS -- LAPACK's
# linear-equation test suite (Debian's liblapack-test: xlintstd with its
# dtest.in) on netlib's LAPACK and BLAS (NETLIB_DIRS, a library path: the
# default liblapack.so.3 may be OpenBLAS's, which calls its own kernels
# directly) with libexactblas_blas preloaded under it.  Every test group
# must pass the threshold, every error-exit test must pass, and LAPACK's
# calls must bind to the face.  Exit 77 when absent.
set -u
face=$1 dir=$2 work=$3 netlib=$4
[ -x "$dir/xlintstd" ] && [ -f "$dir/dtest.in" ] ||
  { echo "SKIPPED: xlintstd not installed (Debian package liblapack-test)"; exit 77; }
mkdir -p "$work" && cd "$work" || exit 1
rm -f bind.*
LD_LIBRARY_PATH=$netlib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} LD_PRELOAD=$face \
  LD_DEBUG=bindings LD_DEBUG_OUTPUT=$work/bind "$dir/xlintstd" < "$dir/dtest.in" > xlintstd.out 2>&1
status=$?
for sym in dgemm_ dtrsm_ dsyrk_ dgemv_ dtrsv_ ddot_ dnrm2_ dscal_; do
  grep -q "binding file [^ ]*/lapack/liblapack[^ ]* .* to [^ ]*libexactblas_blas[^ ]* .*symbol \`$sym'" bind.* ||
    { echo "FAIL: netlib LAPACK's $sym is not bound to libexactblas_blas"; status=1; }
done
rm -f bind.*
groups=$(grep -c "passed the threshold" xlintstd.out)
tests=$(grep "passed the threshold" xlintstd.out | sed -E 's/.*\( *([0-9]+) tests run\)/\1/' | awk '{s+=$1} END {print s+0}')
exits=$(grep -c "passed the tests of the error exits" xlintstd.out)
bad=$(grep -ciE "failed|fatal|illegal|did not pass|out of .* tests" xlintstd.out)
echo "xlintstd: exit $status, $groups groups passed the threshold ($tests tests), $exits error-exit groups passed, $bad failure lines"
grep -iE "failed|fatal|illegal|did not pass|out of .* tests" xlintstd.out | head -20
if [ $status = 0 ] && [ "$bad" = 0 ] && [ "$groups" -gt 0 ]; then
  echo "XLINTSTD: PASSED"; exit 0
fi
echo "XLINTSTD: FAILED"; exit 1

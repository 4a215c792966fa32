#!/usr/bin/env bash
# lapack_suites.sh DROPIN_DIR LAPACK_TEST_DIR WORK_DIR PRECISIONS -- LAPACK's
# own test suites (Debian's liblapack-test: xlintst? with ?test.in, xeigtst?
# with every eigenvalue input, the lapack_testing.py list) on netlib's
# LAPACK, once with netlib's reference libblas.so.3 and once with the
# drop-in libblas.so.3 (DROPIN_DIR) in its place, by LD_LIBRARY_PATH.
# The drop-in must run as many tests as the reference and fail no more of
# them, input by input (failures: LAPACK's "out of" lines; illegal calls:
# "illegal" lines).  PRECISIONS: letters among s d c z (default "s d").
# Prints one table row per input.  Exit 77 when the testers are absent.
set -u
dropin=$(cd "$1" && pwd) dir=$2 work=$3 precisions=${4:-s d}
arch_lib=$(dirname "$dir")
ref_blas=$arch_lib/blas
[ -x "$dir/xlintstd" ] || { echo "SKIPPED: LAPACK's testers are not installed (liblapack-test)"; exit 77; }
mkdir -p "$work" && cd "$work" || exit 1
# runs(test) failed(test) of an output file, LAPACK's counting
count() {
  awk '/run\)/ { for (i = 1; i <= NF; i++) if ($i == "run)") r += $(i - 2) }
       /out of/ { for (i = 1; i <= NF; i++) if ($i == "out") f += $(i - 1) }
       /[Ii]llegal/ { il++ }
       END { printf "%d %d %d\n", r, f, il }' "$1"
}
fail=0
printf "%-8s %-10s %10s %8s %8s   %10s %8s %8s\n" "" "input" "ref. run" "failed" "illegal" "exact run" "failed" "illegal"
for p in $precisions; do
  for t in nep sep se2 svd ${p}ec ${p}ed ${p}gg ${p}gd ${p}sb ${p}sg ${p}bb glm gqr gsv csd lse ${p}test; do
    [ -f "$dir/$t.in" ] || continue
    prog=xeigtst$p; [ $t = ${p}test ] && prog=xlintst$p
    for side in ref exact; do
      blas=$ref_blas; [ $side = exact ] && blas=$dropin
      LD_LIBRARY_PATH=$dir:$blas timeout 3600 "$dir/$prog" < "$dir/$t.in" > $p.$t.$side.out 2>&1
    done
    read rr rf ri <<< "$(count $p.$t.ref.out)"
    read er ef ei <<< "$(count $p.$t.exact.out)"
    verdict=""
    if [ "$er" -lt "$rr" ] || [ "$ef" -gt "$rf" ] || [ "$ei" -gt "$ri" ]; then
      verdict="  <- worse than the reference"; fail=1
    fi
    printf "%-8s %-10s %10d %8d %8d   %10d %8d %8d%s\n" $prog $t $rr $rf $ri $er $ef $ei "$verdict"
  done
done
[ $fail = 0 ] && echo "LAPACK SUITES: PASSED (no more failures than netlib BLAS)" ||
  echo "LAPACK SUITES: FAILED"
exit $fail

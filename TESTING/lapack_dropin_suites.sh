#!/usr/bin/env bash
# lapack_dropin_suites.sh DROPIN_DIR LAPACK_DIR BLAS_DIR WORK_DIR PRECISIONS [INPUTS] [SIDES]
# -- LAPACK's own testers (Debian's liblapack-test in LAPACK_DIR, or
# liblapack64-test's for the ILP64 twin) on the drop-in pair, DROPIN_DIR's
# liblapack.so.3 and libblas.so.3 (one LD_LIBRARY_PATH entry), against the
# same testers on the reference LAPACK over the exact BLAS the old way
# (LD_LIBRARY_PATH=LAPACK_DIR:DROPIN_DIR) and, with the side "netlib", on
# the reference LAPACK and BLAS (BLAS_DIR).  The pair runs the reference's
# code on the same exact BLAS as the old way, so its output must be the old
# way's, line for line (times aside), and so its counts; the netlib column
# is the baseline the old way is measured against (lapack_suites.sh).
#   PRECISIONS  letters among s d c z
#   INPUTS      the tester inputs, without the precision letter where they
#               have one (default: every input of LAPACK's list, as
#               lapack_testing.py runs them, with bal bak gbal gbak):
#               nep sep se2 svd ec ed gg gd sb sg bb glm gqr gsv csd lse
#               bal bak gbal gbak test mixed rfp
#   SIDES       default "pair old"; "pair old netlib" for the full table
# Prints one row per input (runs, failures, illegal-value lines, seconds
# per side)
# and exits 1 if the pair differs from the old way; 77 without the testers.
set -u
dropin=$(cd "$1" && pwd) dir=$2 blas=$3 work=$4 precisions=$5
inputs=${6:-nep sep se2 svd ec ed gg gd sb sg bb glm gqr gsv csd lse bal bak gbal gbak test mixed rfp}
sides=${7:-pair old}
[ -x "$dir/xlintstd" ] || { echo "SKIPPED: LAPACK's testers are not installed in $dir (liblapack-test)"; exit 77; }
mkdir -p "$work" && cd "$work" || exit 1
# runs, failures, illegal lines of an output file (lapack_suites.sh's
# count, and a group with failures, "K out of N tests failed", runs N)
count() {
  awk '/run\)/ { for (i = 1; i <= NF; i++) if ($i == "run)") r += $(i - 2) }
       /out of/ { for (i = 1; i <= NF; i++) if ($i == "out") { f += $(i - 1); r += $(i + 2) } }
       /[Ii]llegal/ { il++ }
       END { printf "%d %d %d\n", r, f, il }' "$1"
}
# the output without what changes from run to run (times)
steady() { grep -viE "time|seconds" "$1"; }
lib_of() { # the liblapack file a tester gets under LD_LIBRARY_PATH=$1
  LD_LIBRARY_PATH=$1 LD_TRACE_LOADED_OBJECTS=1 "$2" 2>/dev/null | awk '/liblapack/ { print $3; exit }'
}
fail=0
printf "%-9s %-9s" tester input
for side in $sides; do printf " | %-6s %8s %6s %4s %5s" "$side" run failed ill s; done
printf "\n"
for p in $precisions; do
  for t in $inputs; do
    prog=xeigtst$p in=$p$t
    case $t in
      nep | sep | se2 | svd | glm | gqr | gsv | csd | lse) in=$t ;;
      test) prog=xlintst$p ;;
      mixed) # the mixed-precision solvers: d with s, z with c
        case $p in d) prog=xlintstds in=dstest ;; z) prog=xlintstzc in=zctest ;; *) continue ;; esac ;;
      rfp) prog=xlintstrf$p in=${p}test_rfp ;;
    esac
    [ -x "$dir/$prog" ] && [ -f "$dir/$in.in" ] || continue
    printf "%-9s %-9s" $prog $in
    for side in $sides; do
      case $side in
        pair) path=$dropin ;;
        old) path=$dir:$dropin ;;
        netlib) path=$dir:$blas ;;
      esac
      got=$(lib_of "$path" "$dir/$prog")
      if [ $side = pair ] && [[ $got != "$dropin"/* ]]; then
        echo " FAIL: $prog gets $got, not the drop-in's LAPACK"; fail=1; continue 2
      fi
      start=$SECONDS
      LD_LIBRARY_PATH=$path timeout 3600 "$dir/$prog" < "$dir/$in.in" > $prog.$in.$side.out 2>&1
      read r f i <<< "$(count $prog.$in.$side.out)"
      printf " | %-6s %8d %6d %4d %5d" "" $r $f $i $((SECONDS - start))
    done
    verdict=""
    if [[ " $sides " == *" pair "* && " $sides " == *" old "* ]] &&
      ! diff -q <(steady $prog.$in.pair.out) <(steady $prog.$in.old.out) >/dev/null; then
      verdict="  <- the pair differs from the old way"; fail=1
    fi
    printf "%s\n" "$verdict"
  done
done
[ $fail = 0 ] && echo "LAPACK DROP-IN SUITES: PASSED (the pair gives the old way's output)" ||
  echo "LAPACK DROP-IN SUITES: FAILED"
exit $fail

#!/usr/bin/env bash
# lapack_dropin_bind.sh EXE DROPIN_DIR LAPACK_DIR BLAS_DIR REFERENCE [SUFFIX] [MISSING_DIR] [OPENBLAS_DIR]
# -- the drop-in liblapack.so.3 (liblapack64.so.3 with SUFFIX 64) puts
# LAPACK on the exact BLAS with one LD_LIBRARY_PATH entry, DROPIN_DIR.
# EXE (lapack_dropin_bind.c, linked with -llapack -lblas) is run
#   pair    LD_LIBRARY_PATH=DROPIN_DIR (the drop-in liblapack and libblas)
#   old     LD_LIBRARY_PATH=LAPACK_DIR:DROPIN_DIR (the reference LAPACK over
#           the exact BLAS, the old way)
#   netlib  LD_LIBRARY_PATH=LAPACK_DIR:BLAS_DIR (the reference LAPACK and BLAS)
#   system  as the system's alternatives say (OpenBLAS's LAPACK, often)
# and must show, under the pair:
#   - ld.so's bindings (LD_DEBUG=bindings): EXE's dgesv_, dpotrf_, dgeqrf_
#     to DROPIN_DIR's liblapack; the reference LAPACK (REFERENCE, opened by
#     its file name) binding the BLAS routines DGESV, DPOTRF and DGEQRF call
#     to DROPIN_DIR's libblas, and its calls to other LAPACK routines back
#     to the drop-in liblapack; nothing of theirs bound to OpenBLAS;
#   - that those routines ran: the two 2 x 2 cases exact (an update
#     rounded once, which netlib's BLAS does not do: checked to fail there),
#     and the n = 300 factorisations' bytes not netlib's: DGEQRF's the old
#     way's, DGESV's and DPOTRF's the drop-in's own routines' (SRC/lapack/own.txt).
# Then, for LP64: a BLAS other than the drop-in under the drop-in liblapack
# gives the one-line warning; with MISSING_DIR (a liblapack.so.3 built to
# forward to a file that does not exist) the first call prints the one line
# naming the routine and Debian's package and exits 1; with OPENBLAS_DIR
# (one built to forward to OpenBLAS's liblapack.so.3) the same, refused.
# Exit 77 when the reference LAPACK is not installed.
set -u
exe=$1 dropin=$(cd "$2" && pwd) lapack_dir=$3 blas_dir=$4 reference=$5 suffix=${6:-} missing=${7:-}
openblas=${8:-}
lapack=liblapack$suffix.so.3 blas=libblas$suffix.so.3
package=liblapack3
[ -n "$suffix" ] && package=liblapack64-3
[ -e "$reference" ] || { echo "SKIPPED: $reference is not installed (Debian's $package)"; exit 77; }
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }

# which side gives which results
declare -A out
for side in pair old netlib system; do
  case $side in
    pair) path=$dropin ;;
    old) path=$lapack_dir:$dropin ;;
    netlib) path=$lapack_dir:$blas_dir ;;
    system) path= ;;
  esac
  out[$side]=$(LD_LIBRARY_PATH=$path "$exe" 2>&1)
  echo "--- $side (LD_LIBRARY_PATH=$path)"
  echo "${out[$side]}"
done
for case in "dgesv 2x2" "dpotrf 2x2"; do
  for side in pair old; do
    grep -q "^$case: .*: exact$" <<<"${out[$side]}" && ok "$case exact ($side)" ||
      bad "$case not exact ($side)"
  done
  grep -q "^$case: .*: not exact$" <<<"${out[netlib]}" && ok "$case not exact on netlib's BLAS (the case tells them apart)" ||
    bad "$case: netlib's BLAS passes it too, so it proves nothing"
done
for routine in dgesv dpotrf dgeqrf; do
  hash_of() { grep "^$routine n=" <<<"${out[$1]}" | sed 's/.*hash //'; }
  if [ $routine != dgeqrf ] && [ -n "$(hash_of pair)" ] && [ "$(hash_of pair)" != "$(hash_of old)" ] && [ "$(hash_of pair)" != "$(hash_of netlib)" ]; then
    # DGESV's DGETRF and DPOTRF are the drop-in's own (SRC/lapack/own.txt): other bits
    ok "$routine n=300: the drop-in's own factorisation's bytes, neither the old way's nor netlib's"
  elif [ $routine = dgeqrf ] && [ -n "$(hash_of pair)" ] && [ "$(hash_of pair)" = "$(hash_of old)" ] && [ "$(hash_of pair)" != "$(hash_of netlib)" ]; then
    ok "$routine n=300: the old way's bytes, not netlib's"
  else
    bad "$routine n=300: pair $(hash_of pair), old way $(hash_of old), netlib $(hash_of netlib)"
  fi
done

# ld.so's bindings under the pair
bindings=$(LD_LIBRARY_PATH=$dropin LD_DEBUG=bindings "$exe" 2>&1 >/dev/null | sed 's/^ *[0-9]*: *//')
bound() { # FROM-pattern TO-file SYMBOL
  grep -q "binding file $1 \[[0-9]*\] to $2 \[[0-9]*\]: normal symbol \`$3'" <<<"$bindings"
}
exe_re=$(sed 's/[.[\*^$]/\\&/g' <<<"$exe") ref_re=$(sed 's/[.[\*^$]/\\&/g' <<<"$reference")
for sym in dgesv_ dpotrf_ dgeqrf_; do
  bound "$exe_re" "$dropin/$lapack" $sym && ok "the program's $sym -> $dropin/$lapack" ||
    bad "the program's $sym is not bound to $dropin/$lapack"
done
for sym in dgemm_ dtrsm_ dsyrk_ dtrmm_ dgemv_ dger_ dnrm2_ dscal_ idamax_; do
  bound "$ref_re" "$dropin/$blas" $sym && ok "the reference's $sym -> $dropin/$blas" ||
    bad "the reference's $sym is not bound to $dropin/$blas"
done
for sym in dgetrf_ dgetrs_ dlaswp_ dpotrf2_ dgeqr2_ dlarfb_ dlarft_; do
  bound "$ref_re" "$dropin/$lapack" $sym && ok "the reference's $sym -> $dropin/$lapack (back through the drop-in)" ||
    bad "the reference's $sym does not come back to $dropin/$lapack"
done
if grep -E "binding file ($exe_re|$ref_re|$dropin/$lapack) .* to [^ ]*openblas" <<<"$bindings" | head -3 | grep .; then
  bad "LAPACK or the program bound to OpenBLAS"
else
  ok "nothing of LAPACK's or the program's bound to OpenBLAS"
fi

if [ -z "$suffix" ]; then
  # the drop-in liblapack over another BLAS (netlib's): one warning line
  only=$(mktemp -d)
  ln -s "$dropin/$lapack" "$only/$lapack"
  warned=$(LD_LIBRARY_PATH=$only:$blas_dir "$exe" 2>&1 >/dev/null)
  rm -rf "$only"
  if [ "$(grep -c . <<<"$warned")" = 1 ] && grep -q "^ExactBLAS $lapack: LAPACK's BLAS calls go to $blas_dir/$blas, not to ExactBLAS's drop-in $blas: they are not exact" <<<"$warned"; then
    ok "another BLAS under the drop-in liblapack: one warning line"
  else
    bad "another BLAS under the drop-in liblapack: not the one warning line: $warned"
  fi
fi
if [ -n "$missing" ]; then
  # the reference LAPACK missing: one line, the routine, the package, exit 1
  message=$(LD_LIBRARY_PATH=$missing:$dropin "$exe" 2>&1)
  status=$?
  if [ $status = 1 ] && [ "$(grep -c . <<<"$message")" = 1 ] &&
    grep -q "^ExactBLAS $lapack: DGESV needs the reference LAPACK /[^ ]* (.*): install Debian's package $package$" <<<"$message"; then
    ok "the reference missing: one line, exit 1: $message"
  else
    bad "the reference missing: exit $status, output: $message"
  fi
fi
if [ -n "$openblas" ]; then
  message=$(LD_LIBRARY_PATH=$openblas:$dropin "$exe" 2>&1)
  status=$?
  if [ $status = 1 ] && [ "$(grep -c . <<<"$message")" = 1 ] &&
    grep -q "^ExactBLAS $lapack: DGESV needs the reference LAPACK /[^ ]* (it is OpenBLAS's LAPACK, which never calls the exact BLAS): install" <<<"$message"; then
    ok "built to forward to OpenBLAS's LAPACK: refused, one line, exit 1"
  else
    bad "built to forward to OpenBLAS's LAPACK: exit $status, output: $message"
  fi
fi
[ $fail = 0 ] && echo "LAPACK DROP-IN BINDING: PASSED" || echo "LAPACK DROP-IN BINDING: FAILED"
exit $fail

#!/usr/bin/env bash
# clients_recipe.sh DROPIN_DIR PROBE WORK_DIR -- the README's recipe for
# each client (issue 40): one LD_LIBRARY_PATH entry (R: R_LD_LIBRARY_PATH;
# GSL: -lblas in place of -lgslcblas) gives it ExactBLAS's BLAS and LAPACK.
# For NumPy, SciPy (solve and lu), R, Octave and a GSL program: a dot
# product only an exact BLAS gives (1e16 + 1 - 1e16 + 3 = 4), a 2x2 solve
# or LU that only exact BLAS and LAPACK together give (U22 = c - l u =
# -2^-60, so x = (0, 1); doc/LINKING.md), and exactblas_probe --pid run
# from inside the client, which must find both drop-ins loaded and say
# "BLAS and LAPACK on the exact kernels".  Then the same client without the
# recipe: the probe must WARN (the mix flagged).  The GSL program is
# client_gsl.c, built as the README says and, for contrast, with
# -lgslcblas (3: GSL's own CBLAS).  A client that is not
# installed is skipped with the package to install; exit 77 if none is.
set -u
dropin=$(cd "$1" && pwd) probe=$2 work=$3 here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" && cd "$work" || exit 1
fail=0 ran=0
ok_line="BLAS and LAPACK on the exact kernels"
# check NAME EXPECTED OUTPUT: the client's printed values, then the probe's verdict
check() {
  local name=$1 want=$2 out=$3
  local got
  got=$(grep -E '^(RESULT|[[:space:]]*RESULT)' <<< "$out" | sed 's/^[[:space:]]*RESULT[[:space:]]*//' | tr -s ' ' | tr '\n' ';')
  if [ "$got" = "$want" ] && grep -q "$ok_line" <<< "$out"; then
    echo "ok   $name: $got and the probe: $ok_line"
  else
    echo "FAIL $name: got '$got' (want '$want'); probe:"; grep -E "WARNING|drop-in|not" <<< "$out" | sed 's/^/       /'
    fail=1
  fi
  ran=1
}
# unchecked NAME OUTPUT: without the recipe the probe must warn
unchecked() {
  if grep -q WARNING <<< "$2"; then echo "ok   $1 without the recipe: the probe warns"
  else echo "FAIL $1 without the recipe: no WARNING from the probe"; fail=1; fi
}
py=/usr/bin/python3
numpy_prog="import numpy as np, os, subprocess
l, u, c = 0.5 + 2**-31, 2 + 2**-29, 1 + 2**-29
print('RESULT', np.dot([1e16, 1, -1e16, 3], [1, 1, 1, 1]))
try:
    print('RESULT', *np.linalg.solve([[1, u], [l, c]], [u, c]))
except np.linalg.LinAlgError:
    print('RESULT singular')
print(subprocess.run(['$probe', '--pid', str(os.getpid())], capture_output=True, text=True).stdout)"
if $py -c "import numpy" 2>/dev/null; then
  check numpy "4.0;0.0 1.0;" "$(LD_LIBRARY_PATH=$dropin $py -c "$numpy_prog" 2>&1)"
  unchecked numpy "$($py -c "$numpy_prog" 2>&1)"
else
  echo "SKIPPED numpy: install python3-numpy"
fi
scipy_prog="import numpy as np, os, subprocess, scipy.linalg as sl
l, u, c = 0.5 + 2**-31, 2 + 2**-29, 1 + 2**-29
A = np.array([[1, u], [l, c]])
try:
    print('RESULT', *sl.solve(A, [u, c]))
except Exception:
    print('RESULT singular')
print('RESULT', sl.lu(A)[2][1, 1] == -2.0**-60)
print(subprocess.run(['$probe', '--pid', str(os.getpid())], capture_output=True, text=True).stdout)"
if $py -c "import scipy.linalg" 2>/dev/null; then
  check scipy "0.0 1.0;True;" "$(LD_LIBRARY_PATH=$dropin $py -c "$scipy_prog" 2>&1)"
  unchecked scipy "$($py -c "$scipy_prog" 2>&1)"
else
  echo "SKIPPED scipy: install python3-scipy"
fi
r_prog='l <- 0.5 + 2^-31; u <- 2 + 2^-29; c <- 1 + 2^-29
cat("RESULT", sum(c(1e16, 1, -1e16, 3) %*% c(1, 1, 1, 1)), "\n")
x <- try(solve(matrix(c(1, l, u, c), 2), c(u, c), tol = 0), silent = TRUE)
cat("RESULT", if (inherits(x, "try-error")) "singular" else x, "\n")
invisible(system(paste("'$probe' --pid", Sys.getpid())))'
if command -v Rscript > /dev/null; then
  # R's own library folder comes ahead of LD_LIBRARY_PATH: R_LD_LIBRARY_PATH
  check R "4 ;0 1 ;" "$(R_LD_LIBRARY_PATH=$dropin Rscript -e "$r_prog" 2>&1)"
  unchecked R "$(Rscript -e "$r_prog" 2>&1)"
else
  echo "SKIPPED R: install r-base-core"
fi
octave_prog='l = 0.5 + 2^-31; u = 2 + 2^-29; c = 1 + 2^-29; warning("off", "all");
printf("RESULT %g\n", [1e16 1 -1e16 3] * [1; 1; 1; 1]);
printf("RESULT %g %g\n", [1 u; l c] \ [u; c]);
system(sprintf("'$probe' --pid %d", getpid()));'
if command -v octave-cli > /dev/null; then
  check octave "4;0 1;" "$(LD_LIBRARY_PATH=$dropin octave-cli -q --no-window-system --eval "$octave_prog" 2>&1)"
  unchecked octave "$(octave-cli -q --no-window-system --eval "$octave_prog" 2>&1)"
else
  echo "SKIPPED octave: install octave"
fi
if [ -f /usr/include/gsl/gsl_blas.h ]; then
  # the recipe: -lblas (the drop-in at run time) in place of -lgslcblas;
  # --no-as-needed, since the program itself calls no BLAS name
  if cc "$here/client_gsl.c" -o client_gsl -lgsl -Wl,--no-as-needed -lblas -Wl,--as-needed 2> gsl.log &&
     cc "$here/client_gsl.c" -o gsl_plain -lgsl -lgslcblas 2>> gsl.log; then
    out=$(LD_LIBRARY_PATH=$dropin ./client_gsl "$probe" 2>&1)
    # GSL's libgsl still needs libgslcblas (loaded, bypassed): the verdict
    # is its WARNING; the exact 4 shows which cblas_ddot the call bound to
    got=$(grep '^RESULT' <<< "$out")
    if [ "$got" = "RESULT 4" ] && grep -q "the ExactBLAS drop-in libblas (exact)" <<< "$out"; then
      echo "ok   gsl: 4, the drop-in libblas loaded ahead of libgslcblas (which stays loaded, unused for cblas_ddot)"
    else
      echo "FAIL gsl: '$got'"; sed 's/^/       /' <<< "$out"; fail=1
    fi
    ran=1
    plain=$(LD_LIBRARY_PATH=$dropin ./gsl_plain 2>&1 | grep '^RESULT')
    [ "$plain" = "RESULT 3" ] && echo "ok   gsl linked with -lgslcblas: 3 (GSL's own CBLAS, not exact)" ||
      { echo "FAIL gsl with -lgslcblas gave '$plain', not the 3 of GSL's own CBLAS"; fail=1; }
  else
    echo "FAIL gsl: the recipe does not link"; cat gsl.log; fail=1
  fi
else
  echo "SKIPPED gsl: install libgsl-dev"
fi
[ $ran = 0 ] && { echo "SKIPPED: no client installed"; exit 77; }
[ $fail = 0 ] && echo "CLIENTS: PASSED (every installed client on exact BLAS and LAPACK by the README's recipe)" ||
  echo "CLIENTS: FAILED"
exit $fail

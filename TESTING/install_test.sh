#!/usr/bin/env bash
# install_test.sh BUILD_DIR SOURCE_DIR -- installs the build into a
# temporary prefix and, against that INSTALLED tree only (not the build
# tree), configures, builds and runs, each by CMake (find_package) and by
# pkg-config, with the recipes the README gives:
#   an external C program (exactblas.h, -lexactblas), and a C++ one (CMake),
#   both also on the static library;
#   an external Fortran program using the module (a Fortran-only project),
#   a Fortran program calling LAPACK's DGESV (FORTRAN/example_lapack.f90)
#   on the BLAS face, shared and static, with no link flag of its own:
#   LAPACK's dgemm_ and dtrsm_ must be bound to the face (LD_DEBUG=bindings:
#   to libexactblas_blas, or to the program itself for the static face,
#   which must then define them and need no ExactBLAS library at run time).
# The prefix is then moved, to show the pkg-config files and the CMake
# package are relocatable.  The drop-ins (libblas.so.3, liblapack.so.3 and
# the ILP64 libblas64.so.3, liblapack64.so.3) must be in lib/exactblas/,
# with no run path into the build tree, and a program linked with -llapack
# -lblas, run with LD_LIBRARY_PATH=lib/exactblas, must get the installed
# pair: its dgesv_ bound to the installed liblapack.so.3, the reference
# LAPACK's dgemm_ and dtrsm_ to the installed libblas.so.3, and DGESV's
# and DPOTRF's exact-only results (TESTING/lapack_dropin_bind.c); the
# installed probe must report the pair on the exact kernels.
set -euo pipefail
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/first" >/dev/null
mv "$work/first" "$work/prefix" # relocated after the install
prefix=$work/prefix
lapack_dir=/usr/lib/$(gcc -print-multiarch)/lapack

cat > "$work/app.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <exactblas.h>
int main(void)
{
    double x[4] = {1e16, 1.0, -1e16, 3.0}, y[4] = {1, 1, 1, 1};
    if (strcmp(exactblas_version(), EXACTBLAS_VERSION) != 0)
        return 1;
    printf("C %s %g\n", exactblas_version(), exactblas_ddot(4, x, 1, y, 1));
    return 0;
}
C
cat > "$work/app.f90" <<'F'
program app
  use exactblas
  double precision :: x(4) = (/ 1.0d16, 1.0d0, -1.0d16, 3.0d0 /), y(4) = 1.0d0
  print '(a, f4.1)', 'Fortran ', exddot(4, x, 1, y, 1)
end program app
F
cp "$src/FORTRAN/example_lapack.f90" "$work/lapack.f90"
cat > "$work/app.cpp" <<'CPP'
#include <cstdio>
#include <vector>
#include <exactblas.h>
int main()
{
    std::vector<double> x{1e16, 1.0, -1e16, 3.0}, y(4, 1.0);
    std::printf("C++ %g\n", exactblas_ddot(4, x.data(), 1, y.data(), 1));
    return 0;
}
CPP

mkdir -p "$work/c" "$work/x" "$work/f" "$work/l"
cat > "$work/x/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(cxx_user LANGUAGES CXX)
find_package(ExactBLAS REQUIRED)
add_executable(app $work/app.cpp)
target_link_libraries(app PRIVATE ExactBLAS::exactblas)
CM
cat > "$work/c/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(c_user LANGUAGES C)
find_package(ExactBLAS 0.1 REQUIRED)
add_executable(app $work/app.c)
target_link_libraries(app PRIVATE ExactBLAS::exactblas)
add_executable(app_static $work/app.c)
target_link_libraries(app_static PRIVATE ExactBLAS::exactblas_static)
CM
cat > "$work/f/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(fortran_user LANGUAGES Fortran)
find_package(ExactBLAS REQUIRED)
add_executable(app $work/app.f90)
target_link_libraries(app PRIVATE ExactBLAS::exactblas)
CM
cat > "$work/l/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(lapack_user LANGUAGES Fortran)
find_package(ExactBLAS REQUIRED)
add_executable(app $work/lapack.f90)
target_link_libraries(app PRIVATE ExactBLAS::exactblas_blas $lapack_dir/liblapack.so.3)
add_executable(app_static $work/lapack.f90)
target_link_libraries(app_static PRIVATE ExactBLAS::exactblas_blas_static $lapack_dir/liblapack.so.3)
CM
status=0
run() { # what, command...
  local what=$1; shift
  if out=$("$@" 2>&1); then echo "ok   $what: $(echo "$out" | tail -2 | tr '\n' ' ')"
  else echo "FAIL $what:"; echo "$out" | tail -15; status=1; fi
}
# face_bound WHAT EXE: LAPACK's dgemm_ and dtrsm_ (DGESV calls both: DGETRF2
# and DGETRS) bound to libexactblas_blas, or to EXE itself when it was
# linked with the static face (then EXE defines them, has ExactBLAS's code
# and needs no ExactBLAS library).
face_bound() {
  local what=$1 exe=$2 to=libexactblas_blas bindings sym static=0
  case $what in *static*) static=1 to=$(basename "$exe") ;; esac
  bindings=$(LD_DEBUG=bindings "$exe" 2>&1 >/dev/null) || true
  for sym in dgemm_ dtrsm_; do
    if grep -q "file [^ ]*/liblapack[^ ]* .* to [^ ]*/$to[^ /]* .*symbol \`$sym'" <<<"$bindings"; then
      echo "ok   $what: LAPACK's $sym is bound to $to"
    else
      echo "FAIL $what: LAPACK's $sym is not bound to $to:"
      grep "symbol \`$sym'" <<<"$bindings" | sed 's/^ *[0-9]*: */  /'; status=1
    fi
  done
  if [ $static = 1 ]; then
    local defined needed
    defined=$(nm "$exe" | awk '$2 == "T" && ($3 == "dgemm_" || $3 == "dtrsm_" ||
                                $3 == "exactblas_last_path")' | wc -l) || true
    needed=$(readelf -d "$exe" | grep NEEDED) || true
    if [ "$defined" = 3 ] && ! grep -q exactblas <<<"$needed"; then
      echo "ok   $what: dgemm_, dtrsm_ and ExactBLAS's code are in the program, no ExactBLAS library needed"
    else
      echo "FAIL $what: the program does not carry the face ($defined of dgemm_, dtrsm_," \
        "exactblas_last_path defined; needs: $(echo $needed))"; status=1
    fi
  fi
}
for p in c x f l; do
  run "CMake $p configure" cmake -S "$work/$p" -B "$work/$p/b" -DCMAKE_PREFIX_PATH="$prefix"
  run "CMake $p build" cmake --build "$work/$p/b"
done
run "CMake C program" "$work/c/b/app"
run "CMake C program, static library" "$work/c/b/app_static"
run "CMake C++ program" "$work/x/b/app"
run "CMake Fortran-only program with the module" "$work/f/b/app"
run "CMake Fortran DGESV through ExactBLAS::exactblas_blas" "$work/l/b/app"
face_bound "CMake ExactBLAS::exactblas_blas" "$work/l/b/app"
run "CMake Fortran DGESV through ExactBLAS::exactblas_blas_static" "$work/l/b/app_static"
face_bound "CMake ExactBLAS::exactblas_blas_static" "$work/l/b/app_static"

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
libdir=$(pkg-config --variable=libdir exactblas)
run "pkg-config C program" bash -c "cc '$work/app.c' -o '$work/pc_c' \$(pkg-config --cflags --libs exactblas) -Wl,-rpath,'$libdir' && '$work/pc_c'"
run "pkg-config C program, static" bash -c "cc '$work/app.c' -o '$work/pc_cs' \$(pkg-config --cflags --libs exactblas-static) && '$work/pc_cs'"
if readelf -d "$work/pc_cs" | grep -q 'NEEDED.*exactblas'; then
  echo "FAIL pkg-config exactblas-static: the program needs a shared ExactBLAS library"; status=1
fi
run "pkg-config Fortran program with the module" bash -c "gfortran '$work/app.f90' -o '$work/pc_f' \$(pkg-config --cflags --libs exactblas) -Wl,-rpath,'$libdir' && '$work/pc_f'"
run "pkg-config Fortran DGESV through exactblas-blas" bash -c "gfortran '$work/lapack.f90' -o '$work/pc_l' \$(pkg-config --libs exactblas-blas) -L'$lapack_dir' -llapack -Wl,-rpath,'$libdir':'$lapack_dir' && '$work/pc_l'"
face_bound "pkg-config exactblas-blas" "$work/pc_l"
run "pkg-config Fortran DGESV through exactblas-blas-static (--static)" bash -c "gfortran '$work/lapack.f90' -o '$work/pc_ls' \$(pkg-config --static --libs exactblas-blas-static) -L'$lapack_dir' -llapack -Wl,-rpath,'$lapack_dir' && '$work/pc_ls'"
face_bound "pkg-config exactblas-blas-static" "$work/pc_ls"

# the drop-ins, installed together in lib/exactblas/
dropin_dir=$libdir/exactblas
for f in libblas.so.3 liblapack.so.3 libblas64.so.3 liblapack64.so.3; do
  # the ones this build made (no ILP64 twins without EXACTBLAS_ILP64)
  [ -f "$build/dropin/$f" ] || [ -f "$build/dropin64/$f" ] || continue
  if [ ! -f "$dropin_dir/$f" ]; then
    echo "FAIL drop-in $f is not installed in $dropin_dir"; status=1
  elif readelf -d "$dropin_dir/$f" | grep -E "R(UN)?PATH" | grep -qF "$build"; then
    echo "FAIL drop-in $f keeps a run path into the build tree"; status=1
  else
    echo "ok   drop-in $f installed in lib/exactblas/ ($(readelf -d "$dropin_dir/$f" | sed -n 's/.*soname: \[\(.*\)\]/soname \1/p'))"
  fi
done
lapack_ref=$lapack_dir/liblapack.so.3
if [ -f "$dropin_dir/liblapack.so.3" ] && [ -e "$lapack_ref" ]; then
  cc "$src/TESTING/lapack_dropin_bind.c" -o "$work/lapack_user" -llapack -lblas -lm
  out=$(LD_LIBRARY_PATH=$dropin_dir "$work/lapack_user" 2>&1) || true
  exact=$(grep -c "2x2: .*: exact$" <<<"$out") || true
  bindings=$(LD_LIBRARY_PATH=$dropin_dir LD_DEBUG=bindings "$work/lapack_user" 2>&1 >/dev/null) || true
  if [ "$exact" = 2 ] &&
    grep -q "file [^ ]*lapack_user .* to $dropin_dir/liblapack.so.3 .*symbol \`dgesv_'" <<<"$bindings" &&
    grep -q "file $lapack_ref .* to $dropin_dir/libblas.so.3 .*symbol \`dgemm_'" <<<"$bindings" &&
    grep -q "file $lapack_ref .* to $dropin_dir/libblas.so.3 .*symbol \`dtrsm_'" <<<"$bindings"; then
    echo "ok   -llapack -lblas under LD_LIBRARY_PATH=lib/exactblas: the installed pair, DGESV and DPOTRF exact"
  else
    echo "FAIL -llapack -lblas under LD_LIBRARY_PATH=lib/exactblas does not run on the installed pair:"
    echo "$out"; grep -E "symbol \`(dgesv_|dgemm_|dtrsm_)'" <<<"$bindings" | head -6; status=1
  fi
  # by path, the installed liblapack.so.3 needs the libblas.so.3 beside it
  if [ -x "$prefix/bin/exactblas_probe" ]; then
    probe=$("$prefix/bin/exactblas_probe" "$dropin_dir/liblapack.so.3" 2>&1) || true
    if grep -q "BLAS under it: $dropin_dir/libblas.so.3, the ExactBLAS drop-in (exact)" <<<"$probe" &&
      ! grep -q WARNING <<<"$probe"; then
      echo "ok   the installed probe: the installed liblapack.so.3 on the libblas.so.3 beside it, exact"
    else
      echo "FAIL the installed probe does not report the installed pair as exact:"
      sed -n '/^BLAS and LAPACK/,$p' <<<"$probe"; status=1
    fi
  fi
  if [ -f "$dropin_dir/liblapack64.so.3" ] && [ -e "${lapack_dir}64/liblapack64.so.3" ]; then
    cc -DLAPACK_ILP64 "$src/TESTING/lapack_dropin_bind.c" -o "$work/lapack64_user" \
      "$dropin_dir/liblapack64.so.3" "$dropin_dir/libblas64.so.3" -lm
    out=$(LD_LIBRARY_PATH=$dropin_dir "$work/lapack64_user" 2>&1) || true
    if [ "$(grep -c "2x2: .*: exact$" <<<"$out")" = 2 ]; then
      echo "ok   ILP64: liblapack64.so.3 and libblas64.so.3 from lib/exactblas, DGESV and DPOTRF exact"
    else
      echo "FAIL ILP64 on the installed liblapack64.so.3:"; echo "$out"; status=1
    fi
  fi
fi
[ $status = 0 ] && echo "INSTALL: PASSED (relocated prefix, CMake and pkg-config, C, Fortran, LAPACK on the face, the drop-ins)" ||
  echo "INSTALL: FAILED"
exit $status

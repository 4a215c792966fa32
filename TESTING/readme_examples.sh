#!/usr/bin/env bash
# readme_examples.sh README INCLUDE_DIR LIB_DIR CC -- compiles the C examples
# of the README and of doc/*.md beside it (the README's first, then doc/API.md's)
# as a user would (the public headers, -lexactblas) and checks that each
# prints what the text says it prints; and that every file the commands of
# the README and doc/ name from the repository root exists: build/... in
# the build tree LIB_DIR (what the bootstrap builds into build/), the rest
# in the source tree.
set -euo pipefail
readme=$1 inc=$2 lib=$3 cc=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat "$1" "$(dirname "$1")"/doc/API.md "$(dirname "$1")"/doc/[!A]*.md > "$tmp/all.txt"
readme=$tmp/all.txt
# every indented block from "#include <stdio.h>" to the closing brace
awk -v dir="$tmp" '
  /^    #include <stdio.h>/ { n++; file = dir "/example" n ".c"; on = 1 }
  on { line = $0; sub(/^    /, "", line); print line > file }
  on && /^    }/ { on = 0; close(file) }' "$readme"
# what the README says each example prints
expected=("4" $'3.7999999999999998\n1.2666666666666666')
status=0
for k in 1 2; do
  src=$tmp/example$k.c
  if [ ! -s "$src" ]; then echo "FAIL: README C example $k not found"; status=1; continue; fi
  "$cc" "$src" -I"$inc" -L"$lib" -lexactblas -Wl,-rpath,"$lib" -o "$tmp/example$k"
  got=$("$tmp/example$k")
  if [ "$got" = "${expected[$((k - 1))]}" ]; then
    echo "ok   README C example $k prints: $(echo $got)"
  else
    echo "FAIL README C example $k printed [$got], the README says [${expected[$((k - 1))]}]"
    status=1
  fi
done
src=$(cd "$(dirname "$1")" && pwd)
opencl=$(grep -c '^EXACTBLAS_OPENCL:BOOL=ON' "$lib/CMakeCache.txt" || true)
for path in $(grep -E '^    ' "$readme" |
              grep -oE '(^|[ =:(]|-I|-L|\$PWD/)(build|INSTALL|TESTING|FORTRAN|INCLUDE)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' |
              sed -E 's#^([ =:(]|-I|-L|\$PWD/)##' | sort -u); do
  case $path in
    build/install_manifest.txt) continue ;; # written by the install
    build/gesvxx_sweep.csv) continue ;;     # written by the sweep
    build/*mpi*) [ -e "$lib/libexactblas_mpi.so" ] || continue ;;
    build/FORTRAN/*) [ -d "$lib/FORTRAN" ] || continue ;;
    build/INSTALL/exactblas_probe) [ "$opencl" = 1 ] || continue ;;
  esac
  case $path in build/*) file=$lib/${path#build/} ;; *) file=$src/$path ;; esac
  if [ -e "$file" ]; then
    echo "ok   README command path $path exists"
  else
    echo "FAIL README command path $path does not exist (looked for $file)"; status=1
  fi
done
exit $status

#!/usr/bin/env bash
# narrowing.sh -- dimensions, strides and offsets are one 64-bit type from
# the faces to every worker (issue 37: the ILP64 faces checked LDA = 2^32 + 5
# as 64 bits, then EXDGEMM's work took it through int and read the wrong
# addresses).  Every source file of SRC is compiled by clang with
# -Wshorten-64-to-32, which names each implicit 64-to-32-bit conversion; an
# explicit cast is a decision (OpenBLAS's int arguments, behind a check that
# the value fits).  usage: narrowing.sh SRC-folder include-folder...
# A machine without clang skips (77).
set -u
src=$1
shift
command -v clang >/dev/null || { echo "narrowing: clang is not installed: skipped"; exit 77; }
incs=()
for d in "$@"; do incs+=("-I$d"); done
status=0
count=0
while IFS= read -r f; do
  count=$((count + 1))
  out=$(clang -fsyntax-only -std=c11 -D_POSIX_C_SOURCE=200809L -Wno-everything \
        -Wshorten-64-to-32 "-I$src" "${incs[@]}" "$f" 2>&1 | grep -E "warning|error")
  if [ -n "$out" ]; then
    echo "$out"
    status=1
  fi
done < <(find "$src" -name '*.c' | sort)
if [ "$status" -ne 0 ]; then
  echo "narrowing: FAILED (an implicit 64-to-32-bit conversion, or a file clang cannot read)"
  exit 1
fi
echo "narrowing: PASSED ($count files, no implicit 64-to-32-bit conversion)"

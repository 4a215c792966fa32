#!/usr/bin/env bash
# readme_examples.sh README INCLUDE_DIR LIB_DIR CC -- compiles the README's C
# examples as a user would (the public headers, -lexactblas) and checks that
# each prints what the README says it prints.
set -euo pipefail
readme=$1 inc=$2 lib=$3 cc=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
exit $status

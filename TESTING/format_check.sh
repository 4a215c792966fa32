#!/usr/bin/env bash
# format_check.sh SOURCE_DIR -- every C source and header of the repository
# is as the repository's .clang-format writes it (clang-format --dry-run
# -Werror); the files that differ are named.  A machine without
# clang-format skips (77).  To fix: clang-format -i FILE.
set -u
root=$1
command -v clang-format >/dev/null || { echo "format_check: clang-format is not installed: skipped"; exit 77; }
cd "$root" || exit 2
bad=0
count=0
while IFS= read -r f; do
  count=$((count + 1))
  if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f (clang-format -i $f)"
    bad=$((bad + 1))
  fi
done < <(find SRC INCLUDE TESTING INSTALL BLAS_REF FORTRAN \( -name '*.c' -o -name '*.h' \) | sort)
if [ "$bad" -ne 0 ]; then
  echo "format_check: FAILED: $bad of $count files differ from .clang-format's layout"
  exit 1
fi
echo "format_check: PASSED ($count files)"

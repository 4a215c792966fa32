#!/usr/bin/env bash
# lapack_dropin_names.sh CHECKER LIBLAPACK SRC_LAPACK_DIR REFERENCE [ILP64] -- the
# drop-in liblapack.so.3 exports every name of SRC/lapack/names.txt and
# forwards each to REFERENCE but ExactBLAS's own (lapack_dropin_names.c,
# CHECKER), and names.txt still holds every name the installed reference
# exports (else a newer LAPACK's names are missing from the drop-in:
# regenerate names.txt by the command in its head).  Exit 77 without the
# reference.
set -u
checker=$1 lib=$2 src=$3 reference=$4 ilp64=${5:-}
[ -e "$reference" ] || { echo "SKIPPED: $reference is not installed"; exit 77; }
"$checker" "$lib" "$src/names.txt" "$src/own.txt" "$reference" $ilp64
status=$?
missing=$(comm -23 <(nm -D --defined-only "$reference" | awk '{print $3}' | LC_ALL=C sort) \
                   <(grep '^[A-Za-z_]' "$src/names.txt" | LC_ALL=C sort))
if [ -n "$missing" ]; then
  echo "FAIL: $reference exports names that names.txt lacks: $(echo $missing | head -c 300)"
  status=1
fi
exit $status

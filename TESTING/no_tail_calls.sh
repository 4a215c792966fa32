#!/usr/bin/env bash
# no_tail_calls.sh LIBRARY -- no exported BLAS or CBLAS name of LIBRARY ends
# in a jump to another function.  A sibling (tail) call reuses the incoming
# argument area for the callee's stack arguments, and a caller that omits
# the hidden CHARACTER lengths (f2py's wrappers in SciPy, C programs calling
# the Fortran BLAS) allocated less of it than the prototype says: the jump
# would write over the caller's locals (SciPy's dtrsv wrapper then returned
# NULL).  The faces are compiled with -fno-optimize-sibling-calls; this
# checks the machine code: every jmp of a face must land inside the face.
set -u
lib=$1
nm -D -S --defined-only "$lib" | awk '$3 == "T" && ($4 ~ /_$/ || $4 ~ /^cblas_/) {print $1, $2, $4}' |
  sort > syms.txt
bad=0 checked=0
while read -r start size name; do
  s=$((16#$start)) e=$((16#$start + 16#$size))
  # the jumps of the function: "jmp <hex address> <name+off>"
  while read -r target; do
    t=$((16#$target))
    if [ $t -lt $s ] || [ $t -ge $e ]; then
      echo "FAIL: $name jumps out of itself (to 0x$target): a tail call"; bad=1
    fi
  done < <(objdump -d --no-show-raw-insn --start-address=0x$start --stop-address=$(printf '0x%x' $e) "$lib" |
           awk '$2 == "jmp" && $3 ~ /^[0-9a-f]+$/ {print $3}')
  checked=$((checked + 1))
done < syms.txt
rm -f syms.txt
[ $bad = 0 ] && echo "NO TAIL CALLS: PASSED ($checked exported BLAS and CBLAS functions)" ||
  echo "NO TAIL CALLS: FAILED"
exit $bad

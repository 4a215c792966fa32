#!/usr/bin/env bash
# same_output.sh EXE SETTINGS -- runs EXE once per knob setting of SETTINGS
# (one per line, each in a fresh process) and requires the same standard
# output every time: the bytes a program prints must not depend on any knob
# or on the path.
set -u
exe=$1 settings=$2
first="" fail=0 runs=0
while read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  out=$(env $line "$exe" 2>/dev/null) || { echo "FAIL [$line]: exit status $?"; fail=1; }
  runs=$((runs + 1))
  if [ -z "$first" ]; then
    first=$out
    echo "$out"
  elif [ "$out" != "$first" ]; then
    echo "FAIL [$line] printed something else:"; echo "$out"; fail=1
  fi
  echo "same: [$line]"
done < "$settings"
[ $fail = 0 ] && echo "SAME OUTPUT: PASSED ($runs settings)" || echo "SAME OUTPUT: FAILED"
exit $fail

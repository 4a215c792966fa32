#!/usr/bin/env bash
# probe_pblas.sh PROBE EXACT_PBLAS_LIB EXACT_PROGRAM NETLIB_PROGRAM -- exactblas_probe
# says which PBLAS a program binds to: EXACT_PROGRAM links libexactblas_pblas
# ahead of libscalapack (the exact PBLAS), NETLIB_PROGRAM links libscalapack
# alone (ScaLAPACK's own PBLAS: a WARNING), and LD_PRELOAD of the exact PBLAS
# puts it first again; the same for a running process (--pid: its
# executable's load order under its own LD_PRELOAD), checked on a sleep
# with either library preloaded.
set -u
probe=$1 lib=$2 exact=$3 netlib=$4
scalapack=$(LD_TRACE_LOADED_OBJECTS=1 "$netlib" | awk '/libscalapack/ { print $3; exit }')
fail=0
expect() { # what, output, pattern of the verdict (exact|own)
  local got
  if [ "$3" = exact ]; then
    got=$(grep -c "the exact PBLAS" <<< "$2"); bad=$(grep -c WARNING <<< "$2")
  else
    got=$(grep -c "ScaLAPACK's own PBLAS$" <<< "$2"); bad=$((1 - $(grep -c "WARNING: ScaLAPACK" <<< "$2")))
  fi
  if [ "$got" = 1 ] && [ "$bad" = 0 ]; then echo "ok: $1 -> $3"; else
    echo "FAIL: $1: expected $3, got:"; echo "$2"; fail=1; fi
}
expect "--program linked ahead" "$("$probe" --program "$exact")" exact
expect "--program ScaLAPACK alone" "$("$probe" --program "$netlib")" own
expect "--program ScaLAPACK alone, exact preloaded" "$(LD_PRELOAD=$lib "$probe" --program "$netlib")" exact
running() { # the probe's PBLAS lines for a sleep with $1 preloaded
  LD_PRELOAD=$1 sleep 20 & local p=$!
  for _ in $(seq 50); do grep -q "${1##*/}" /proc/$p/maps 2>/dev/null && break; sleep 0.1; done
  "$probe" --pid $p | grep -A1 "^PBLAS"
  kill $p; wait $p 2>/dev/null
}
expect "--pid, exact preloaded" "$(running "$lib")" exact
expect "--pid, ScaLAPACK preloaded" "$(running "$scalapack")" own
[ $fail = 0 ] && echo "PROBE PBLAS: PASSED" || echo "PROBE PBLAS: FAILED"
exit $fail

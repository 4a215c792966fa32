#!/usr/bin/env bash
# bench_scipy.sh DROPIN_DIR THREADS REPS N... -- SciPy's solve, QR, eigh
# (driver evd) and svd (gesdd) on netlib LAPACK over the drop-in
# libblas.so.3, against SciPy on OpenBLAS (its BLAS and LAPACK), one block
# of runs per library; median times in ms and the ratio.
set -u
usage="usage: bash TESTING/bench_scipy.sh DROPIN_DIR THREADS REPS N...
  e.g. bash TESTING/bench_scipy.sh build/dropin 2 3 1000"
case ${1:-} in -h | --help) echo "$usage"; exit 0 ;; esac
if [ $# -lt 4 ] || [ ! -f "$1/libblas.so.3" ]; then
  echo "bad arguments: $*" >&2; echo "$usage" >&2; exit 2
fi
dropin=$(cd "$1" && pwd) threads=$2 reps=$3; shift 3
L=/usr/lib/x86_64-linux-gnu
export OPENBLAS_NUM_THREADS=$threads EXACTBLAS_THREADS=$threads
py='
import sys, time, numpy as np, scipy.linalg as sl
reps = int(sys.argv[1])
def med(f):
    t = []
    for _ in range(reps):
        s = time.perf_counter(); f(); t.append(time.perf_counter() - s)
    return 1e3 * sorted(t)[len(t) // 2]
for n in map(int, sys.argv[2:]):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((n, n)); b = rng.standard_normal(n); s = a + a.T
    r = [med(lambda: sl.solve(a, b)), med(lambda: sl.qr(a)),
         med(lambda: sl.eigh(s, driver="evd")), med(lambda: sl.svd(a))]
    print(n, " ".join("%.1f" % x for x in r), flush=True)
'
echo "n solve qr eigh svd (ms)"
echo "== SciPy on netlib LAPACK + the drop-in (ExactBLAS)"
exact=$(LD_LIBRARY_PATH=$dropin:$L/lapack /usr/bin/python3 -c "$py" "$reps" "$@"); echo "$exact"
echo "== SciPy on OpenBLAS"
ob=$(LD_LIBRARY_PATH=$L/openblas-pthread /usr/bin/python3 -c "$py" "$reps" "$@"); echo "$ob"
echo "== the drop-in's time over OpenBLAS"
paste -d' ' <(echo "$exact") <(echo "$ob") | awk '{h=NF/2; printf "%s", $1; for (i=2;i<=h;i++) printf " %.1f", $i/$(i+h); print ""}'

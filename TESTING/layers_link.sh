#!/usr/bin/env bash
# layers_link.sh BUILD_DIR -- the layers at link level (layers.cmake checks
# the #include lines): every symbol an object file of SRC/ references and
# another of our objects defines must come from the object's own layer or a
# layer below it, and no files call each other in a cycle (not even two of
# one layer).  Layers (SRC/<layer>/..., subfolders included; SRC/*.c, the
# BLAS routines by level, SRC/level[123]/, and the proven solve, SRC/solve/,
# are the routines, "SRC"):
#   core:    core                      support: support
#   backend: backend core support      host:    host backend core support
#   opencl:  opencl backend core support
#   SRC:     SRC backend core support host opencl (the routines dispatch to
#            the back ends' entry points)
#   faces:   faces SRC                 mpi:     the public C API only
#            (exactblas_* names: libexactblas_mpi links the shared library)
# The objects are those of libexactblas (exactblas_objects), the BLAS face
# (exactblas_blas_static) and libexactblas_mpi, found under BUILD_DIR.
set -euo pipefail
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dirs=()
for t in exactblas_objects exactblas_blas_static exactblas_mpi; do
  [ -d "$build/CMakeFiles/$t.dir" ] && dirs+=("$build/CMakeFiles/$t.dir")
done
mapfile -t objs < <(find "${dirs[@]}" -name '*.o' | grep '/SRC/' | sort)
if [ ${#objs[@]} -eq 0 ]; then
  echo "layers_link: FAILED: no object files under $build"
  exit 1
fi
: > "$tmp/defs"
: > "$tmp/uses"
for o in "${objs[@]}"; do
  rel=${o##*/SRC/}
  rel=${rel%.o}
  case $rel in level[123]/* | solve/*) layer=SRC ;; */*) layer=${rel%%/*} ;; *) layer=SRC ;; esac
  nm --defined-only -g "$o" | awk -v f="$rel" -v l="$layer" 'NF >= 3 { print $3, f, l }' >> "$tmp/defs"
  nm -u "$o" | awk -v f="$rel" -v l="$layer" '{ print $NF, f, l }' >> "$tmp/uses"
done
awk '
  BEGIN {
    allow["core"] = " core "; allow["support"] = " support "
    allow["backend"] = " backend core support "
    allow["host"] = " host backend core support "
    allow["opencl"] = " opencl backend core support "
    allow["SRC"] = " SRC backend core support host opencl "
    allow["faces"] = " faces SRC "
    allow["mpi"] = " mpi "
  }
  FNR == NR { deffile[$1] = $2; deflayer[$1] = $3; next }
  ($1 in deffile) {
    sym = $1; f = $2; l = $3; g = deffile[sym]; m = deflayer[sym]
    if (f == g) next
    ok = index(allow[l], " " m " ") > 0 || (l == "mpi" && sym ~ /^exactblas_/)
    if (!ok) { printf "  %s (%s) references %s of %s (%s)\n", f, l, sym, g, m; bad++ }
    if (!((f, g) in edge)) { edge[f, g] = 1; nodes[f] = 1; nodes[g] = 1 }
  }
  END {
    # cycles: the transitive closure of "calls" (Warshall), then every file
    # that reaches itself
    n = 0
    for (x in nodes) name[++n] = x
    for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) reach[i, j] = ((name[i], name[j]) in edge)
    for (k = 1; k <= n; k++) for (i = 1; i <= n; i++) if (reach[i, k])
      for (j = 1; j <= n; j++) if (reach[k, j]) reach[i, j] = 1
    for (i = 1; i <= n; i++) if (reach[i, i]) {
      list = ""
      for (j = 1; j <= n; j++) if (j != i && reach[i, j] && reach[j, i]) list = list " " name[j]
      printf "  %s is in a cycle of calls with:%s\n", name[i], list; bad++
    }
    printf "layers_link: %d object files, %d cross-file references\n", nobj, length(edge)
    exit bad ? 1 : 0
  }
' nobj="${#objs[@]}" "$tmp/defs" "$tmp/uses" && status=0 || status=1
if [ $status -eq 0 ]; then
  echo "layers_link: PASSED (every reference downward, no cycles)"
else
  echo "layers_link: FAILED (sideways or upward references, or cycles, above)"
fi
exit $status

#!/usr/bin/env bash
# bootstrap.sh -- installs the Debian packages ExactBLAS needs (only those
# missing), then configures and builds into build/.  Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake gcc g++ gfortran make clang clang-format pocl-opencl-icd ocl-icd-opencl-dev opencl-headers
          libmpfr-dev libgmp-dev libblas-dev liblapack3 liblapacke-dev libopenblas-dev gnuplot-nox
          libblas-test libblas64-test liblapack-test pkg-config libopenblas0-serial
          libopenmpi-dev openmpi-bin libscalapack-openmpi-dev scalapack-mpi-test python3-numpy python3-scipy python3-pytest python3-hypothesis python3-typing-extensions
          r-base-core libdnnl2 libgsl-dev)
# clients the suite runs on the drop-ins, installed without their
# recommended packages (octave's GUI and documentation)
lean=(octave)
start=$SECONDS
step() { echo "bootstrap: $* ($((SECONDS - start)) s)"; }

step "checking $((${#packages[@]} + ${#lean[@]})) Debian packages"
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
missing_lean=()
for p in "${lean[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing_lean+=("$p")
done
if [ $((${#missing[@]} + ${#missing_lean[@]})) -gt 0 ]; then
  step "installing ${missing[*]} ${missing_lean[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  [ ${#missing[@]} -eq 0 ] ||
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  [ ${#missing_lean[@]} -eq 0 ] ||
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${missing_lean[@]}" >/dev/null
else
  step "every package is installed"
fi

step "configuring build/ (cmake -S . -B build -DCMAKE_BUILD_TYPE=Release)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
step "building with $(nproc) jobs (cmake --build build; the log: build/bootstrap_build.log)"
rc=0
cmake --build build -j"$(nproc)" >build/bootstrap_build.log 2>&1 || rc=$?
grep -E "(error|warning):" build/bootstrap_build.log || true
if [ "$rc" -ne 0 ]; then
  echo "bootstrap: the build failed; its last lines:"
  tail -20 build/bootstrap_build.log
  exit 1
fi
step "built in build/"

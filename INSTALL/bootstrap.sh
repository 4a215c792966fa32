#!/usr/bin/env bash
# bootstrap.sh -- installs the Debian packages ExactBLAS needs (only those
# missing), then configures and builds into build/.  Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake gcc g++ gfortran make clang pocl-opencl-icd ocl-icd-opencl-dev opencl-headers
          libmpfr-dev libgmp-dev libblas-dev liblapack3 liblapacke-dev libopenblas-dev gnuplot-nox
          libblas-test libblas64-test liblapack-test pkg-config libopenblas0-serial
          libopenmpi-dev openmpi-bin python3-numpy python3-scipy python3-pytest python3-hypothesis python3-typing-extensions
          r-base-core libdnnl2)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
echo "bootstrap: built in build/"

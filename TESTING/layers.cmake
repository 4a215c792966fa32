# layers.cmake -- SRC's folders are layers and calls go downward only: every
# #include "..." of a file in SRC/<layer>/ (subfolders included: host/avx512
# is the host layer) names its own folder, a layer it may call, or a public
# header (exactblas.h; SRC/mpi: exactblas_acc.h and exactblas_mpi.h too, the
# public API, and core/, for the floating-point environment of its entry
# points).  (SRC/*.c, the routines, may include anything below them;
# SRC/faces/ calls the routines' checked cores, SRC/level1..3 included,
# solve/expert.h for the numbers of LAPACK's expert drivers, support for
# its notes, and core/fpenv.h for the floating-point environment of the
# entry points.)
#
# The BLAS cores (SRC/level1, level2, level3; doc/DESIGN.md, "Layers") are
# routines: they may call SRC's routine headers (routines.h, reduce.h),
# backend/, core/, support/, a lower level (level3 -> level2 -> level1,
# never upward), and of the host layer only its public face: the kernel
# table (host/kernels.h) and the worker pool (host/pool.h).  An engine's
# internals (host/rows.h, host/gemm/..., the ISA folders) stay the host's.
# SRC/solve (the proven solve) may call the BLAS cores and the routines.
# The link-level twin is layers_link.sh.  cmake -DSRC=<SRC folder> -P layers.cmake
cmake_minimum_required(VERSION 3.20)
set(allowed_faces faces SRC level1 level2 level3 solve support core)
set(allowed_core core)
set(allowed_support support)
set(allowed_backend backend core support)
set(allowed_host host host_public backend core support)
set(allowed_opencl opencl backend core support)
set(allowed_mpi mpi core)
set(allowed_level1 level1 SRC backend core support host_public)
set(allowed_level2 level2 level1 SRC backend core support host_public)
set(allowed_level3 level3 level2 level1 SRC backend core support host_public)
set(allowed_solve solve level3 level2 level1 SRC backend core support host_public)
set(host_public host/kernels.h host/pool.h)
set(bad "")
set(checked 0)
foreach(layer faces core support backend host opencl mpi level1 level2 level3 solve)
  file(GLOB_RECURSE files ${SRC}/${layer}/*.c ${SRC}/${layer}/*.h)
  foreach(f IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${f} includes REGEX "^#include \"")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" inc "${line}")
      if(inc STREQUAL "exactblas.h" OR (layer STREQUAL "mpi" AND inc MATCHES "^exactblas_(acc|mpi)[.]h$"))
        continue()
      endif()
      get_filename_component(here ${f} DIRECTORY)
      if(inc IN_LIST host_public)
        set(target host_public)
      elseif(inc MATCHES "/")
        string(REGEX REPLACE "/.*" "" target "${inc}")
      elseif(EXISTS ${here}/${inc})
        set(target ${layer})
      else()
        set(target "SRC")
      endif()
      if(NOT target IN_LIST allowed_${layer})
        file(RELATIVE_PATH rel ${SRC} ${f})
        list(APPEND bad "${rel} includes ${inc}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no file found under ${SRC}")
endif()
if(bad)
  string(REPLACE ";" "\n  " bad "${bad}")
  message(FATAL_ERROR "upward or sideways includes:\n  ${bad}")
endif()
message("layers: PASSED (${checked} files, every include downward)")

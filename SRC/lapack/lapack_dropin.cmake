# lapack_dropin.cmake -- the drop-in liblapack.so.3 beside libblas.so.3
# (build/dropin) and its ILP64 twin liblapack64.so.3 beside libblas64.so.3
# (build/dropin64); included by the top CMakeLists.txt after the BLAS
# drop-ins.  Each exports every name of names.txt: a trampoline into the
# reference LAPACK (forward.c says how, and why it runs on the exact BLAS)
# for each name own.txt does not list.
#
# LAPACK routines ExactBLAS defines in liblapack.so.3 itself: their sources
# (each name also in own.txt, marked liblapack; doc/LINKING.md says how to
# add one): the recursive factorisations shaped for the exact kernels, and
# ZHEEVD/CHEEVD with a blocked back-transformation (doc/LAPACK.md).
set(EXACTBLAS_LAPACK_OWN_SOURCES ${CMAKE_SOURCE_DIR}/SRC/lapack/own_factor.c
  ${CMAKE_SOURCE_DIR}/SRC/lapack/own_eig.c)

# The reference LAPACK each forwards to, by file name: Debian's liblapack3
# and liblapack64-3 (never the liblapack.so.3 alternative, which may be
# OpenBLAS's).  Read at run time, not at build time.
set(EXACTBLAS_REFERENCE_LAPACK /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lapack/liblapack.so.3
    CACHE FILEPATH "The reference LAPACK the drop-in liblapack.so.3 forwards to")
set(EXACTBLAS_REFERENCE_LAPACK64 /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lapack64/liblapack64.so.3
    CACHE FILEPATH "The ILP64 reference LAPACK the drop-in liblapack64.so.3 forwards to")

# exactblas_lapack_dropin(TARGET BLAS_TARGET OUTPUT_NAME REFERENCE ILP64 PACKAGE [DIR])
# builds DIR/OUTPUT_NAME.so.3 (DIR: BLAS_TARGET's folder), forwarding to the
# file REFERENCE (Debian's PACKAGE) and needing BLAS_TARGET's library.
function(exactblas_lapack_dropin target blas output reference ilp64 package)
  set(here ${CMAKE_SOURCE_DIR}/SRC/lapack)
  set(generated ${CMAKE_BINARY_DIR}/lapack_forward/${target}.c)
  add_custom_command(OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DNAMES=${here}/names.txt -DOWN=${here}/own.txt
            -DOUTPUT=${generated} -DILP64=${ilp64} -P ${here}/forwarder.cmake
    DEPENDS ${here}/names.txt ${here}/own.txt ${here}/forwarder.cmake
    COMMENT "Writing the trampolines of ${output}.so.3" VERBATIM)
  add_library(${target} SHARED ${generated} ${here}/forward.c ${EXACTBLAS_LAPACK_OWN_SOURCES})
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/INCLUDE ${here}
    ${CMAKE_SOURCE_DIR}/SRC ${CMAKE_SOURCE_DIR}/SRC/faces)
  target_compile_definitions(${target} PRIVATE EXB_LAPACK_REFERENCE="${reference}")
  if(ilp64)
    target_compile_definitions(${target} PRIVATE EXB_ILP64)
    # the own routines' 64_ aliases (the trampolines have theirs)
    file(STRINGS ${here}/own.txt own_lines REGEX "^[A-Za-z_0-9]+ +liblapack")
    foreach(line IN LISTS own_lines)
      string(REGEX REPLACE "[ \t].*" "" name "${line}")
      target_link_options(${target} PRIVATE "LINKER:--defsym=${name}64_=${name}")
    endforeach()
  endif()
  # libblas.so.3 needed (--no-as-needed: the trampolines call none of it):
  # the reference's BLAS calls, and the own routines', must find the
  # drop-in, whatever the program links
  target_link_libraries(${target} PRIVATE ${CMAKE_DL_LIBS} Threads::Threads ${MATH_LIBRARY}
    "-Wl,--no-as-needed" ${blas} "-Wl,--as-needed")
  if(ARGC GREATER 6)
    set(dir ${ARGV6})
  else()
    get_target_property(dir ${blas} LIBRARY_OUTPUT_DIRECTORY)
  endif()
  target_link_options(${target} PRIVATE "LINKER:--version-script=${here}/lapack.map"
    "LINKER:-soname,${output}.so.3")
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output} PREFIX "" SUFFIX ".so.3"
    NO_SONAME ON LIBRARY_OUTPUT_DIRECTORY ${dir} C_VISIBILITY_PRESET hidden
    LINK_DEPENDS ${here}/lapack.map INSTALL_RPATH "\$ORIGIN")
  # (installed, the libblas.so.3 beside it is the one it needs, unless the
  # program has loaded one already or LD_LIBRARY_PATH names another)
  if(package AND NOT EXISTS ${reference})
    message(STATUS "${output}.so.3 forwards to ${reference}, which is not here: install "
                   "Debian's ${package} to run it")
  endif()
endfunction()

if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|aarch64|arm64|ARM64)$")
  exactblas_lapack_dropin(exactblas_lapack_dropin exactblas_dropin liblapack
    ${EXACTBLAS_REFERENCE_LAPACK} OFF liblapack3)
  if(TARGET exactblas_dropin64)
    exactblas_lapack_dropin(exactblas_lapack_dropin64 exactblas_dropin64 liblapack64
      ${EXACTBLAS_REFERENCE_LAPACK64} ON liblapack64-3)
  endif()
else()
  message(STATUS "no drop-in liblapack.so.3 on ${CMAKE_SYSTEM_PROCESSOR}: its trampolines "
                 "(SRC/lapack/trampoline.h) are written for x86-64 and AArch64")
endif()

# lapack_dropin.cmake -- the tests of the drop-in liblapack.so.3 and its
# ILP64 twin liblapack64.so.3 (SRC/lapack/), included by
# TESTING/CMakeLists.txt:
#   lapack_dropin_names, lapack_dropin64_names: every LAPACK name exported,
#     each forwarded to the reference LAPACK's file but ExactBLAS's own
#     (lapack_dropin_names.sh, lapack_dropin_names.c);
#   lapack_dropin_bind, lapack_dropin64_bind: a program linked with -llapack
#     -lblas, under LD_LIBRARY_PATH=build/dropin, gets the drop-in pair, and
#     DGESV, DPOTRF and DGEQRF run on the exact BLAS (ld.so's bindings and
#     results only an exact BLAS gives; lapack_dropin_bind.sh);
#   lapack_dropin_plugin: under a module opened RTLD_LOCAL with its own
#     XERBLA, as NumPy's, argument errors reach that XERBLA and DGESV's
#     DGETRF call reaches ExactBLAS's DGETRF
#     (lapack_dropin_plugin.c);
#   lapack_dropin_suites_d, lapack_dropin64_suites_d: LAPACK's testers on
#     the pair give the output of the reference LAPACK over the exact BLAS
#     (lapack_dropin_suites.sh; the inputs that fit a few minutes, the rest
#     with the long label: lapack_dropin_suites_all, every precision and
#     input, netlib's column too);
#   probe_lapack: exactblas_probe's LAPACK lines (probe_lapack.sh).
set(lapack_dir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lapack)
set(lapack64_dir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/lapack64)
set(blas_dir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/blas)
set(blas64_dir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/blas64)
set(lapack_src ${CMAKE_SOURCE_DIR}/SRC/lapack)
# the eigenvalue inputs that run in seconds, and the linear-equation suite
set(lapack_dropin_inputs "nep sep se2 ed gg gd sb sg bb glm gqr gsv csd lse test mixed rfp")

if(TARGET exactblas_lapack_dropin)
  add_executable(lapack_dropin_names lapack_dropin_names.c)
  target_link_libraries(lapack_dropin_names PRIVATE ${CMAKE_DL_LIBS})
  add_test(NAME lapack_dropin_names COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_names.sh
           $<TARGET_FILE:lapack_dropin_names> $<TARGET_FILE:exactblas_lapack_dropin> ${lapack_src}
           ${EXACTBLAS_REFERENCE_LAPACK})
  # linked as LAPACK's users link it: the names -llapack -lblas (here the
  # system's alternatives, OpenBLAS's or netlib's; at run time the soname)
  add_executable(lapack_dropin_bind lapack_dropin_bind.c)
  target_link_libraries(lapack_dropin_bind PRIVATE -llapack -lblas ${MATH_LIBRARY})
  # a liblapack.so.3 forwarding to a file that is not there
  exactblas_lapack_dropin(exactblas_lapack_missing exactblas_dropin liblapack
    /nonexistent/lapack/liblapack.so.3 OFF "" ${CMAKE_CURRENT_BINARY_DIR}/lapack_missing)
  # and one built, wrongly, to forward to OpenBLAS's LAPACK: refused
  set(openblas_lapack /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/openblas-pthread/liblapack.so.3)
  set(openblas_dir "")
  if(EXISTS ${openblas_lapack})
    exactblas_lapack_dropin(exactblas_lapack_openblas exactblas_dropin liblapack
      ${openblas_lapack} OFF "" ${CMAKE_CURRENT_BINARY_DIR}/lapack_openblas)
    set(openblas_dir $<TARGET_FILE_DIR:exactblas_lapack_openblas>)
  endif()
  add_test(NAME lapack_dropin_bind COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_bind.sh
           $<TARGET_FILE:lapack_dropin_bind> $<TARGET_FILE_DIR:exactblas_lapack_dropin> ${lapack_dir}
           ${blas_dir} ${EXACTBLAS_REFERENCE_LAPACK} "" $<TARGET_FILE_DIR:exactblas_lapack_missing>
           "${openblas_dir}")
  # under a plugin opened RTLD_LOCAL with its own XERBLA, as NumPy's modules
  add_library(lapack_dropin_plugin_module MODULE lapack_dropin_plugin.c)
  target_compile_definitions(lapack_dropin_plugin_module PRIVATE PLUGIN_MODULE)
  target_link_libraries(lapack_dropin_plugin_module PRIVATE -llapack -lblas)
  add_executable(lapack_dropin_plugin lapack_dropin_plugin.c)
  target_link_libraries(lapack_dropin_plugin PRIVATE ${CMAKE_DL_LIBS})
  add_test(NAME lapack_dropin_plugin COMMAND lapack_dropin_plugin
           $<TARGET_FILE:lapack_dropin_plugin_module>)
  # (the reference's XERBLA stops the process with status 0: PASSED decides)
  set_tests_properties(lapack_dropin_plugin PROPERTIES LABELS "face;quick"
                       PASS_REGULAR_EXPRESSION "PASSED: " ENVIRONMENT
                       "LD_LIBRARY_PATH=$<TARGET_FILE_DIR:exactblas_lapack_dropin>")
  add_test(NAME lapack_dropin_suites_d COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_suites.sh
           $<TARGET_FILE_DIR:exactblas_lapack_dropin> ${lapack_dir} ${blas_dir}
           ${CMAKE_CURRENT_BINARY_DIR}/lapack_dropin_suites_d d ${lapack_dropin_inputs})
  set_tests_properties(lapack_dropin_names PROPERTIES LABELS "face;quick" SKIP_RETURN_CODE 77)
  set_tests_properties(lapack_dropin_bind PROPERTIES LABELS "face;preload" SKIP_RETURN_CODE 77
                       TIMEOUT 300)
  set_tests_properties(lapack_dropin_suites_d PROPERTIES LABELS "face;clients;slow" COST 100
                       SKIP_RETURN_CODE 77 TIMEOUT 1200)
  if(TARGET exactblas_probe)
    add_test(NAME probe_lapack COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/probe_lapack.sh
             $<TARGET_FILE:exactblas_probe> $<TARGET_FILE_DIR:exactblas_lapack_dropin> ${lapack_dir}
             ${blas_dir})
    set_tests_properties(probe_lapack PROPERTIES LABELS "face" SKIP_RETURN_CODE 77)
  endif()
  if(EXACTBLAS_LONG_TESTS)
    add_test(NAME lapack_dropin_suites_all COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_suites.sh
             $<TARGET_FILE_DIR:exactblas_lapack_dropin> ${lapack_dir} ${blas_dir}
             ${CMAKE_CURRENT_BINARY_DIR}/lapack_dropin_suites_all "s d c z" "" "pair old netlib")
    set_tests_properties(lapack_dropin_suites_all PROPERTIES LABELS "face;clients;long"
                         SKIP_RETURN_CODE 77 TIMEOUT 14400)
  endif()
endif()

if(TARGET exactblas_lapack_dropin64)
  add_test(NAME lapack_dropin64_names COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_names.sh
           $<TARGET_FILE:lapack_dropin_names> $<TARGET_FILE:exactblas_lapack_dropin64> ${lapack_src}
           ${EXACTBLAS_REFERENCE_LAPACK64} ILP64)
  # 8-byte INTEGERs, linked by soname (liblapack64.so.3, libblas64.so.3:
  # Debian ships no liblapack64.so to link with -llapack64), no rpath
  add_executable(lapack_dropin64_bind lapack_dropin_bind.c)
  target_compile_definitions(lapack_dropin64_bind PRIVATE LAPACK_ILP64)
  target_link_libraries(lapack_dropin64_bind PRIVATE exactblas_lapack_dropin64 exactblas_dropin64
                        ${MATH_LIBRARY})
  set_target_properties(lapack_dropin64_bind PROPERTIES SKIP_BUILD_RPATH ON)
  add_test(NAME lapack_dropin64_bind COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_bind.sh
           $<TARGET_FILE:lapack_dropin64_bind> $<TARGET_FILE_DIR:exactblas_lapack_dropin64>
           ${lapack64_dir} ${blas64_dir} ${EXACTBLAS_REFERENCE_LAPACK64} 64)
  add_test(NAME lapack_dropin64_suites_d COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_dropin_suites.sh
           $<TARGET_FILE_DIR:exactblas_lapack_dropin64> ${lapack64_dir} ${blas64_dir}
           ${CMAKE_CURRENT_BINARY_DIR}/lapack_dropin64_suites_d d "test")
  set_tests_properties(lapack_dropin64_names PROPERTIES LABELS "face;quick" SKIP_RETURN_CODE 77)
  set_tests_properties(lapack_dropin64_bind PROPERTIES LABELS "face;preload" SKIP_RETURN_CODE 77
                       TIMEOUT 300)
  set_tests_properties(lapack_dropin64_suites_d PROPERTIES LABELS "face;clients;slow" COST 80
                       SKIP_RETURN_CODE 77 TIMEOUT 1200)
endif()

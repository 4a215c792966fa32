# lapack_own.cmake -- the tests of the drop-in liblapack's own routines
# (SRC/lapack/own_factor.c, own_eig.c), included by TESTING/CMakeLists.txt:
#   lapack_own, lapack_own64: DGETRF, DPOTRF, ZHEEVD and CHEEVD called as a
#     program calls LAPACK, through the pair (the ILP64 twin for
#     lapack_own64): backward errors, INFO, XERBLA's positions with the
#     outputs untouched, ZHEEVD's minimal LWORK run blocked, and the
#     same bits under EXACTBLAS_THREADS=1 and 2 and each EXACTBLAS_GEMM_PATH
#     (lapack_own.c, lapack_own.sh).
if(TARGET exactblas_lapack_dropin)
  add_executable(lapack_own lapack_own.c)
  target_link_libraries(lapack_own PRIVATE exactblas_lapack_dropin exactblas_dropin
                        ${MATH_LIBRARY} ${CMAKE_DL_LIBS})
  set_target_properties(lapack_own PROPERTIES SKIP_BUILD_RPATH ON ENABLE_EXPORTS ON)
  add_test(NAME lapack_own COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_own.sh
           $<TARGET_FILE:lapack_own> $<TARGET_FILE_DIR:exactblas_lapack_dropin>)
  set_tests_properties(lapack_own PROPERTIES LABELS "routines;face" TIMEOUT 300)
endif()
if(TARGET exactblas_lapack_dropin64)
  add_executable(lapack_own64 lapack_own.c)
  target_compile_definitions(lapack_own64 PRIVATE LAPACK_ILP64)
  target_link_libraries(lapack_own64 PRIVATE exactblas_lapack_dropin64 exactblas_dropin64
                        ${MATH_LIBRARY} ${CMAKE_DL_LIBS})
  set_target_properties(lapack_own64 PROPERTIES SKIP_BUILD_RPATH ON ENABLE_EXPORTS ON)
  add_test(NAME lapack_own64 COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/lapack_own.sh
           $<TARGET_FILE:lapack_own64> $<TARGET_FILE_DIR:exactblas_lapack_dropin64>)
  set_tests_properties(lapack_own64 PROPERTIES LABELS "routines;face" TIMEOUT 300)
endif()

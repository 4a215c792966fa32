# The exact PBLAS (libexactblas_pblas, SRC/pblas) under mpiexec, label mpi:
# every routine bit for bit against MPFR on the seven grids of the suite
# (1x1, 1x2, 2x1, 2x2, 1x3, 3x1, 2x3: six processes, oversubscribed on a
# small machine), ScaLAPACK's drivers giving the same bits on all of them,
# argument errors on every process.  doc/PBLAS.md has the manual commands
# (Debian's ScaLAPACK testers, the cost table).
if(TARGET exactblas_pblas)
  set(pblas_env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
      OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl=self,vader EXACTBLAS_THREADS=1
      OMPI_MCA_mpi_yield_when_idle=1)
  set(pblas_run ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG})
  # the test programs link the exact PBLAS ahead of ScaLAPACK (its own PBLAS)
  add_library(exactblas_pblas_testlib STATIC test_pblas_lib.c)
  target_link_libraries(exactblas_pblas_testlib PUBLIC exactblas_testlib MPI::MPI_C)
  add_executable(test_pblas test_pblas.c)
  target_link_libraries(test_pblas PRIVATE exactblas_pblas exactblas_pblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C)
  add_test(NAME mpi_pblas_routines COMMAND ${pblas_run} 6 $<TARGET_FILE:test_pblas> 40)
  set_tests_properties(mpi_pblas_routines PROPERTIES ENVIRONMENT "${pblas_env}" TIMEOUT 300
    LABELS mpi)
  # the S, C and Z routines (GEMM, TRSM, TRMM, GER, SCAL, SWAP, COPY, AMAX)
  add_executable(test_pblas_x test_pblas_x.c)
  target_link_libraries(test_pblas_x PRIVATE exactblas_pblas exactblas_pblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C m)
  add_test(NAME mpi_pblas_xroutines COMMAND ${pblas_run} 6 $<TARGET_FILE:test_pblas_x> 20)
  set_tests_properties(mpi_pblas_xroutines PROPERTIES ENVIRONMENT "${pblas_env}" TIMEOUT 300
    LABELS mpi)
endif()
if(TARGET exactblas_pblas)
  # the drivers on the exact PBLAS (linked ahead of ScaLAPACK, the exact
  # drop-in libblas.so.3 under ScaLAPACK's local calls) and, for the record,
  # on ScaLAPACK's own PBLAS (not a test: doc/PBLAS.md)
  add_executable(test_pblas_drivers test_pblas_drivers.c)
  target_link_libraries(test_pblas_drivers PRIVATE exactblas_pblas exactblas_pblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C m)
  add_executable(test_pblas_drivers_netlib test_pblas_drivers.c test_pblas_lib.c)
  target_compile_definitions(test_pblas_drivers_netlib PRIVATE NETLIB_PBLAS)
  target_link_libraries(test_pblas_drivers_netlib PRIVATE exactblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C m)
  add_test(NAME mpi_pblas_drivers COMMAND ${pblas_run} 6 $<TARGET_FILE:test_pblas_drivers>)
  set_tests_properties(mpi_pblas_drivers PROPERTIES TIMEOUT 600 LABELS mpi ENVIRONMENT
    "${pblas_env};LD_LIBRARY_PATH=$<TARGET_FILE_DIR:exactblas_dropin>")
endif()
if(TARGET exactblas_pblas)
  # the cost table of doc/PBLAS.md (not a test): the exact PBLAS and
  # ScaLAPACK's own on the system BLAS
  add_executable(bench_pblas bench_pblas.c)
  target_link_libraries(bench_pblas PRIVATE exactblas_pblas exactblas_pblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C m ${CMAKE_DL_LIBS})
  add_executable(bench_pblas_netlib bench_pblas.c test_pblas_lib.c)
  target_compile_definitions(bench_pblas_netlib PRIVATE NETLIB_PBLAS)
  target_link_libraries(bench_pblas_netlib PRIVATE exactblas_testlib
    ${EXACTBLAS_SCALAPACK_LIBRARY} MPI::MPI_C m ${CMAKE_DL_LIBS})
endif()
if(TARGET exactblas_pblas AND TARGET exactblas_probe)
  # exactblas_probe says which PBLAS a program (or a running process) binds
  # to: the exact one, or ScaLAPACK's own with a WARNING
  add_test(NAME probe_pblas COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/probe_pblas.sh
           $<TARGET_FILE:exactblas_probe> $<TARGET_FILE:exactblas_pblas>
           $<TARGET_FILE:test_pblas> $<TARGET_FILE:test_pblas_drivers_netlib>)
  set_tests_properties(probe_pblas PROPERTIES TIMEOUT 120 LABELS "mpi;linking")
endif()

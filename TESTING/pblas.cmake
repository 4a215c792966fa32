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
endif()

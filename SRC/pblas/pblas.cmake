# libexactblas_pblas: the PBLAS routines ScaLAPACK's drivers call, with
# PBLAS's argument lists and descriptors, every result correctly rounded
# (doc/PBLAS.md).  Loaded ahead of libscalapack (LD_PRELOAD, or linked
# before it) so that ScaLAPACK's own calls bind to it; its own copy of the
# library's objects computes the local parts (the exact cores, hidden);
# only the PBLAS names and exactblas_pblas_* leave it (pblas.map).  Needs
# MPI and Debian's ScaLAPACK (libscalapack-openmpi-dev) for BLACS.
if(EXACTBLAS_HAVE_MPI)
  find_library(EXACTBLAS_SCALAPACK_LIBRARY NAMES scalapack-openmpi scalapack)
  if(EXACTBLAS_SCALAPACK_LIBRARY)
    file(GLOB pblas_sources ${CMAKE_CURRENT_LIST_DIR}/*.c)
    add_library(exactblas_pblas SHARED $<TARGET_OBJECTS:exactblas_objects> ${pblas_sources})
    target_include_directories(exactblas_pblas PRIVATE ${CMAKE_SOURCE_DIR}/INCLUDE
      ${CMAKE_SOURCE_DIR}/SRC)
    target_link_libraries(exactblas_pblas PRIVATE ${EXACTBLAS_LINK} MPI::MPI_C
      ${EXACTBLAS_SCALAPACK_LIBRARY})
    target_link_options(exactblas_pblas PRIVATE
      "LINKER:--version-script=${CMAKE_CURRENT_LIST_DIR}/pblas.map")
    set_target_properties(exactblas_pblas PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION 0
      C_VISIBILITY_PRESET hidden LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/pblas.map)
    install(TARGETS exactblas_pblas LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  else()
    message(STATUS "no ScaLAPACK: libexactblas_pblas is not built (Debian: libscalapack-openmpi-dev)")
  endif()
endif()

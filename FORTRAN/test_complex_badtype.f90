! test_complex_badtype.f90 -- must NOT compile: a REAL(8) array passed where
! the module exactblas_complex declares COMPLEX(8) (ZSCAL's ZX).  The test
! fortran_complex_typecheck expects gfortran's type-mismatch error, the
! proof that the module's interfaces check the argument lists.
program test_complex_badtype
  use exactblas_complex
  implicit none
  double precision :: v(4)
  v = 1.0d0
  call zscal(4, (2.0d0, 0.0d0), v, 1)
  print *, v
end program test_complex_badtype

! example_dot.f90 -- the README's Fortran example: an exact dot product where
! the ordinary one loses everything.
program example_dot
  use exactblas
  implicit none
  double precision :: x(4) = (/ 1.0d16, 1.0d0, -1.0d16, 3.0d0 /)
  double precision :: y(4) = (/ 1.0d0, 1.0d0, 1.0d0, 1.0d0 /)
  print '(a,f6.1)', 'plain   sum: ', ((x(1) + x(2)) + x(3)) + x(4)
  print '(a,f6.1)', 'EXDDOT     : ', exddot(4, x, 1, y, 1)
end program example_dot

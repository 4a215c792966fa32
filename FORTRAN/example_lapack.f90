! example_lapack.f90 -- LAPACK's DGESV on exact BLAS kernels, with no change
! to the source: link libexactblas_blas ahead of LAPACK (README, "Under
! LAPACK").  The system is the 4 x 4 Hilbert matrix with the right-hand side
! of the solution (1, 1, 1, 1); the program prints the solution and DGESV's
! INFO, which are the same bytes under every ExactBLAS knob.
program example_lapack
  implicit none
  integer, parameter :: n = 4
  double precision :: a(n, n), b(n)
  integer :: ipiv(n), info, i, j
  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0d0 / dble(i + j - 1)
    end do
  end do
  b = sum(a, dim=2)
  call dgesv(n, 1, a, n, ipiv, b, n, info)
  print '(a, i0)', 'info = ', info
  print '(4es24.16)', b
end program example_lapack

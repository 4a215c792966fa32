! test_sumdot.f90 -- calls exddot_/exdsum_ from real Fortran and checks the
! exact results on cases where ordinary floating point gets them wrong.
! Expected values are derived in Fortran from exactly representable
! quantities (see each comment), not copied from the library.
program test_sumdot
  use exactblas
  use test_checks
  implicit none
  integer, parameter :: n = 1001
  double precision :: x(n), y(n), big, tiny, r, expect
  double precision :: xs(3*n)
  integer :: i

  ! 1e300*1e300 cancels exactly: the exact dot product is 2**(-60)
  big = 1.0d300
  tiny = 2.0d0**(-60)
  x(1:3) = (/ big, 1.0d0, -big /)
  y(1:3) = (/ big, tiny, big /)
  call check('exddot overflow-cancel', exddot(3, x, 1, y, 1), tiny)

  ! 1 + 2**-53 is a tie: round half to even gives 1; adding 2**-1074 breaks it upwards
  x(1:3) = (/ 1.0d0, 2.0d0**(-53), 2.0d0**(-1074) /)
  call check('exdsum tie', exdsum(2, x, 1), 1.0d0)
  call check('exdsum tie+sticky', exdsum(3, x, 1), 1.0d0 + 2.0d0**(-52))

  ! sum of i for i = 1..1000, with 1e30 and -1e30 around it: exactly 500500
  x(1) = 1.0d30
  do i = 2, n - 1
    x(i) = dble(i - 1)
  end do
  x(n) = -1.0d30
  expect = 500500.0d0 - 1000.0d0 ! the loop stored 1..999
  call check('exdsum cancellation', exdsum(n, x, 1), expect)

  ! the same vector with stride 3 and in reverse (negative increment on ddot)
  xs = -7.0d0
  do i = 1, n
    xs(1 + (i - 1)*3) = x(i)
    y(i) = 1.0d0
  end do
  call check('exdsum stride 3', exdsum(n, xs, 3), expect)
  call check('exddot incx=-3', exddot(n, xs, -3, y, 1), expect)
  call check('exdsum incx=0 (DASUM rule)', exdsum(n, xs, 0), 0.0d0)
  r = exddot(0, x, 1, y, 1)
  call check('exddot n=0', r, 0.0d0)

  if (failures == 0) then
    print '(a)', 'Fortran EXDSUM/EXDDOT: PASSED'
  else
    print '(a,i0,a)', 'Fortran EXDSUM/EXDDOT: FAILED (', failures, ' cases)'
    error stop 1
  end if
end program test_sumdot

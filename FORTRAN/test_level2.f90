! test_level2.f90 -- calls exdtrsv_, exdtrsvx_ and exdgemv_ from real Fortran
! (hidden CHARACTER lengths, strides, transposed storage) on systems whose
! correctly rounded answers differ from what ordinary floating point gives.
! Expected values are derived below from exactly representable quantities.
program test_level2
  use exactblas
  use test_checks
  implicit none
  double precision :: l(4, 3), u(4, 3), b(3), x(6), y(1), a(1, 3), v(3)
  double precision :: e53, e80, e100
  integer :: info
  e53 = 2.0d0**(-53)
  e80 = 2.0d0**(-80)
  e100 = 2.0d0**(-100)

  ! Unit lower triangle: x1 = 2**-53, x2 = 2**-80, x3 = RN(1 + 2**-53 + 2**-80)
  ! = 1 + 2**-52 (the tiny term breaks the tie upwards; column-by-column
  ! floating point gives 1).  The diagonal is never read: it holds -1.
  l = -1.0d0
  l(2, 1) = 0.0d0
  l(3, 1) = -1.0d0
  l(3, 2) = -1.0d0
  x(1:3) = (/ e53, e80, 1.0d0 /)
  call exdtrsv('L', 'N', 'U', 3, l, 4, x, 1)
  call check('exdtrsv unit lower', x(3), 1.0d0 + epsilon(1.0d0))

  ! Non-unit: x1 = 2**-53, x2 = 2**-100, x3 = RN((3 + 3*2**-53 - 3*2**-100)/3)
  ! = RN(1 + 2**-53 - 2**-100) = 1 (just below the midpoint).  Rounding the
  ! numerator first gives 3 + 2**-51, then 1 + 2**-52: two roundings, wrong.
  l = 0.0d0
  l(1, 1) = 1.0d0
  l(2, 2) = 1.0d0
  l(3, 1) = -3.0d0
  l(3, 2) = 3.0d0
  l(3, 3) = 3.0d0
  b = (/ e53, e100, 3.0d0 /)
  x(1:3) = b
  call exdtrsv('l', 'n', 'n', 3, l, 4, x, 1)
  call check('exdtrsv quotient rounded once', x(3), 1.0d0)
  call check('exdtrsv x2', x(2), e100)

  ! The same system as U**T x = b with U = L**T stored upper, stride -2.
  u = 0.0d0
  u(1:3, 1:3) = transpose(l(1:3, 1:3))
  x = 0.0d0
  x(5) = b(1)
  x(3) = b(2)
  x(1) = b(3)
  call exdtrsv('U', 'T', 'N', 3, u, 4, x, -2)
  call check('exdtrsv U**T stride -2', x(1), 1.0d0)

  ! EXDTRSVX: one refinement step keeps the correctly rounded answer.
  x(1:3) = b
  call exdtrsvx('L', 'N', 'N', 3, l, 4, x, 1, 1, info)
  call check('exdtrsvx x3', x(3), 1.0d0)
  call checki('exdtrsvx info', info, 0)
  ! an exactly zero diagonal element: INFO = its index, x untouched
  l(2, 2) = 0.0d0
  x(1:3) = b
  call exdtrsvx('L', 'N', 'N', 3, l, 4, x, 1, 1, info)
  call checki('exdtrsvx singular info', info, 2)
  call check('exdtrsvx singular x untouched', x(3), b(3))

  ! EXDGEMV: y = RN(3*(1 + 2**-53 + 2**-80) - 3*1) = 3*2**-53 + 3*2**-80 exactly
  a(1, :) = (/ 1.0d0, e53, e80 /)
  v = 1.0d0
  y = 1.0d0
  call exdgemv('N', 1, 3, 3.0d0, a, 1, v, 1, -3.0d0, y, 1)
  call check('exdgemv alpha beta exact', y(1), 3.0d0 * e53 + 3.0d0 * e80)

  if (failures == 0) then
    print '(a)', 'FORTRAN LEVEL 2: PASSED'
  else
    print '(a, i0, a)', 'FORTRAN LEVEL 2: FAILED (', failures, ')'
    stop 1
  end if
end program test_level2

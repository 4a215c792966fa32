! test_level3.f90 -- calls exdgemm_ and exdtrsm_ from real Fortran (hidden CHARACTER
! lengths, transposed storage, padded leading dimensions) on products whose
! correctly rounded values differ from what ordinary floating point gives.
! Expected values are derived below from exactly representable quantities.
program test_level3
  use exactblas
  use test_checks
  implicit none
  double precision :: a(4, 2), b(3, 2), c(3, 2), nan
  double precision :: e53, e80, e100, t(2, 2), x(1, 2), al
  e53 = 2.0d0**(-53)
  e80 = 2.0d0**(-80)
  e100 = 2.0d0**(-100)
  nan = transfer(-2251799813685248_8, 1.0d0)

  ! op(A) = A**T (2 x 3, lda 4), B 3 x 2 (ldb 3), C 2 x 2 (ldc 3):
  !   row 1 of op(A) = (1, 2**-53, 2**-80), row 2 = (2**-53, 1, -1)
  !   column 1 of B = (1, 1, 1),           column 2 = (1, 2**-100, 2**-100)
  ! C11 = RN(1 + 2**-53 + 2**-80) = 1 + 2**-52 (left to right gives 1),
  ! C21 = 2**-53, C12 = RN(1 + 2**-153 + 2**-180) = 1, C22 = 2**-53.
  a = 0.0d0
  a(1:3, 1) = (/ 1.0d0, e53, e80 /)
  a(1:3, 2) = (/ e53, 1.0d0, -1.0d0 /)
  b(:, 1) = 1.0d0
  b(:, 2) = (/ 1.0d0, e100, e100 /)
  c = nan                    ! beta = 0: C must not be read
  call exdgemm('T', 'N', 2, 2, 3, 1.0d0, a, 4, b, 3, 0.0d0, c, 3)
  call check('exdgemm C11 tie broken by 2**-80', c(1, 1), 1.0d0 + epsilon(1.0d0))
  call check('exdgemm C21', c(2, 1), e53)
  call check('exdgemm C12', c(1, 2), 1.0d0)
  call check('exdgemm C22 exact cancellation', c(2, 2), e53)
  call check('exdgemm padding untouched', c(3, 1), nan)

  ! alpha = 3, beta = -3, C = 1: C11 = RN(3 (1 + 2**-53 + 2**-80) - 3)
  ! = 3*2**-53 + 3*2**-80 exactly; 'c' (lower case) is TRANSA = C.
  c = 1.0d0
  call exdgemm('c', 'n', 1, 1, 3, 3.0d0, a, 4, b, 3, -3.0d0, c, 3)
  call check('exdgemm alpha beta exact', c(1, 1), 3.0d0 * e53 + 3.0d0 * e80)

  ! exdtrsm, SIDE = 'R', upper, unit: X*A = alpha*B for one row with
  ! A(1,2) = -1 (diagonal and lower triangle NaN: not read), alpha = 1 + 2**-30,
  ! B = (1 + 2**-30, -(1 + 2**-30)):  x1 = RN(alpha*b1) = 1 + 2**-29,
  ! x2 = RN(alpha*b2 + x1) = -2**-60 exactly (rounding alpha*b2 first gives 0).
  t = nan
  t(1, 2) = -1.0d0
  al = 1.0d0 + 2.0d0**(-30)
  x(1, :) = (/ al, -al /)
  call exdtrsm('R', 'U', 'N', 'U', 1, 2, al, t, 2, x, 1)
  call check('exdtrsm x1', x(1, 1), 1.0d0 + 2.0d0**(-29))
  call check('exdtrsm x2 exact alpha*b', x(1, 2), -2.0d0**(-60))

  if (failures == 0) then
    print '(a)', 'FORTRAN LEVEL 3: PASSED'
  else
    print '(a, i0, a)', 'FORTRAN LEVEL 3: FAILED (', failures, ')'
    stop 1
  end if
end program test_level3

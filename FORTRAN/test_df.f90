! test_df.f90 -- calls the double-float GEMMs exdgemmdf_ and exdgemmdfdf_
! from real Fortran (hidden CHARACTER lengths, transposes, padded leading
! dimensions, the exactblas_df type).  Expected values follow from the DF
! format: x = 1 + 2**-25 + 2**-52 splits into hi = 1 (the top 24 bits) and
! lo = RN24(2**-25 + 2**-52) = 2**-25 (the remainder spans 28 bits), so DF
! loses the 2**-52 that binary64 keeps; small integers are exact.
program test_df
  use exactblas
  use test_checks
  implicit none
  double precision :: a(3, 2), b(2, 2), c(3, 2), x
  type(exactblas_df) :: ad(2, 3), bd(2, 2), cd(3, 2), one, zero, two
  integer :: i
  x = 1.0d0 + 2.0d0**(-25) + 2.0d0**(-52)

  ! op(A) = A (2 x 2 of a 3-row array), B = I: C = A except the lost 2**-52
  a = reshape((/ x, 3.0d0, -7.0d0, 5.0d0, -x, 9.0d0 /), (/ 3, 2 /))
  b = reshape((/ 1.0d0, 0.0d0, 0.0d0, 1.0d0 /), (/ 2, 2 /))
  c = -1.0d0
  call exdgemmdf('N', 'N', 2, 2, 2, 1.0d0, a, 3, b, 2, 0.0d0, c, 3)
  call check('exdgemmdf C11: DF keeps 48 bits', c(1, 1), 1.0d0 + 2.0d0**(-25))
  call check('exdgemmdf C21', c(2, 1), 3.0d0)
  call check('exdgemmdf C12', c(1, 2), 5.0d0)
  call check('exdgemmdf C22', c(2, 2), -x + 2.0d0**(-52))
  call check('exdgemmdf row 3 untouched', c(3, 1), -1.0d0)
  ! alpha, beta and op(B) = B**T: C := 2 A B**T + C
  call exdgemmdf('N', 'T', 2, 2, 2, 2.0d0, a, 3, b, 2, 1.0d0, c, 3)
  call check('exdgemmdf alpha/beta C21', c(2, 1), 9.0d0)
  call check('exdgemmdf alpha/beta C12', c(1, 2), 15.0d0)

  ! DF(DF): op(A) = A**T with A 2 x 3 (lda 2) holding the integers 1..6
  one = exactblas_df(1.0, 0.0)
  zero = exactblas_df(0.0, 0.0)
  two = exactblas_df_from_double(2.0d0)
  ad = reshape((/ (exactblas_df(real(i), 0.0), i = 1, 6) /), (/ 2, 3 /))
  bd = reshape((/ one, zero, zero, two /), (/ 2, 2 /))
  cd = exactblas_df(-1.0, 0.0)
  call exdgemmdfdf('T', 'N', 3, 2, 2, one, ad, 2, bd, 2, zero, cd, 3)
  ! op(A) rows (1,2), (3,4), (5,6) times diag(1, 2)
  call check('exdgemmdfdf C11', exactblas_df_to_double(cd(1, 1)), 1.0d0)
  call check('exdgemmdfdf C32', exactblas_df_to_double(cd(3, 2)), 12.0d0)
  call check('exdgemmdfdf C22', exactblas_df_to_double(cd(2, 2)), 8.0d0)
  two = exactblas_df_from_double(x)
  call check('exactblas_df_from_double lo', dble(two%lo), 2.0d0**(-25))
  if (failures == 0) then
    print '(a)', 'FORTRAN DOUBLE-FLOAT: PASSED'
  else
    print '(a, i0, a)', 'FORTRAN DOUBLE-FLOAT: FAILED (', failures, ')'
    stop 1
  end if
end program test_df

! test_complex.f90 -- the complex routines of the ExactBLAS drop-in from
! Fortran: COMPLEX(KIND=8) and COMPLEX(KIND=4) arrays through the module
! exactblas_complex (type-checked interfaces) and the same calls through
! plain EXTERNAL declarations (test_complex_plain.f90, no module), on data
! whose exact results are known: integer products (ZGEMM, ZHERK, CGEMV), a
! dot product that cancels (ZDOTC: RN of the exact sum is 1, the naive sum
! 0), a triangular solve whose exact solution is representable (ZTRSV with
! divisors 1 + i and 2i), and the rotation of (3, 4) (ZROTG: c = RN(3/5),
! s = RN(4/5), r = 5).  Both ways must give these values, bit for bit.
program test_complex
  use exactblas_complex
  implicit none
  integer, parameter :: n = 5
  complex(kind=8) :: a(n, n), b(n, n), c(n, n), want(n, n), x(3), y(3), t(n, n), xs(n), bs(n)
  complex(kind=8) :: d, f, g, s, results(8)
  complex(kind=4) :: af(n, n), xf(n), yf(n), wantf(n)
  double precision :: cr
  integer :: i, j, failures
  failures = 0
  do j = 1, n
    do i = 1, n
      a(i, j) = cmplx(mod(3 * i + j, 7) - 3, mod(i * j, 5) - 2, kind=8)
      b(i, j) = cmplx(mod(i + 2 * j, 5) - 2, mod(i + j, 3) - 1, kind=8)
    end do
  end do
  ! ZGEMM: integer products, exact
  c = (0.0d0, 0.0d0)
  call zgemm('N', 'N', n, n, n, (1.0d0, 0.0d0), a, n, b, n, (0.0d0, 0.0d0), c, n)
  want = matmul(a, b)
  call check('ZGEMM (module)', all(c == want))
  ! ZHERK: C = A A^H, upper triangle, real diagonal
  c = (7.0d0, 7.0d0)
  call zherk('U', 'N', n, n, 1.0d0, a, n, 0.0d0, c, n)
  want = matmul(a, conjg(transpose(a)))
  call check('ZHERK (module)', all([(all(c(1:j, j) == want(1:j, j)), j = 1, n)]) .and. &
             all([(aimag(c(j, j)) == 0.0d0, j = 1, n)]) .and. c(n, 1) == (7.0d0, 7.0d0))
  ! ZDOTC: conj(x) . y = 1 exactly; summed left to right it would be 0
  x = [(1.0d16, 0.0d0), (1.0d0, 0.0d0), (-1.0d16, 0.0d0)]
  y = [(1.0d0, 0.0d0), (1.0d0, 0.0d0), (1.0d0, 0.0d0)]
  d = zdotc(3, x, 1, y, 1)
  call check('ZDOTC (module)', d == (1.0d0, 0.0d0))
  ! ZTRSV: upper triangular T with diagonal 1 + i or 2i, b = T xs
  t = (0.0d0, 0.0d0)
  do j = 1, n
    do i = 1, j - 1
      t(i, j) = cmplx(mod(i + j, 3) - 1, mod(i * j, 3) - 1, kind=8)
    end do
    t(j, j) = merge((1.0d0, 1.0d0), (0.0d0, 2.0d0), mod(j, 2) == 1)
    xs(j) = cmplx(j - 3, 2 - j, kind=8) * 0.5d0
  end do
  bs = matmul(t, xs)
  call ztrsv('U', 'N', 'N', n, t, n, bs, 1)
  call check('ZTRSV (module)', all(bs == xs))
  ! ZROTG of (3, 4)
  f = (3.0d0, 0.0d0)
  g = (4.0d0, 0.0d0)
  call zrotg(f, g, cr, s)
  call check('ZROTG (module)', cr == 0.6d0 .and. s == (0.8d0, 0.0d0) .and. f == (5.0d0, 0.0d0))
  ! CGEMV in single precision
  af = cmplx(a, kind=4)
  xf = cmplx(b(:, 1), kind=4)
  yf = (0.0, 0.0)
  call cgemv('C', n, n, (1.0, 0.0), af, n, xf, 1, (0.0, 0.0), yf, 1)
  wantf = matmul(conjg(transpose(af)), xf)
  call check('CGEMV (module)', all(yf == wantf))
  ! the same calls without the module: the same bits
  results = [c(1, n), d, bs(1), bs(n), cmplx(cr, 0.0d0, kind=8), s, f, cmplx(yf(2), kind=8)]
  call plain_calls(a, b, results, failures)
  if (failures > 0) then
    print '(a, i0, a)', 'FORTRAN COMPLEX: FAILED (', failures, ' checks)'
    stop 1
  end if
  print '(a)', 'FORTRAN COMPLEX: PASSED (module and plain calls, COMPLEX(8) and COMPLEX(4))'
contains
  subroutine check(what, ok)
    character(*), intent(in) :: what
    logical, intent(in) :: ok
    if (ok) then
      print '(a, a)', 'ok   ', what
    else
      print '(a, a)', 'FAIL ', what
      failures = failures + 1
    end if
  end subroutine check
end program test_complex

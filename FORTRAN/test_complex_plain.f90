! test_complex_plain.f90 -- test_complex's calls again as plain external
! procedures (no module, no interface checking), in their own file so that
! the compiler sees no interface for them.
! The same routines as plain external procedures (no interface checking).
subroutine plain_calls(a, b, results, failures)
  implicit none
  integer, parameter :: n = 5
  complex*16 a(n, n), b(n, n), results(8)
  integer failures
  complex*16 c(n, n), x(3), y(3), t(n, n), xs(n), bs(n), d, f, g, s
  complex*8 af(n, n), xf(n), yf(n)
  double precision cr
  integer i, j
  complex*16 zdotc
  external zgemm, zherk, ztrsv, zrotg, cgemv, zdotc
  c = (7.0d0, 7.0d0)
  call zherk('U', 'N', n, n, 1.0d0, a, n, 0.0d0, c, n)
  x = [(1.0d16, 0.0d0), (1.0d0, 0.0d0), (-1.0d16, 0.0d0)]
  y = [(1.0d0, 0.0d0), (1.0d0, 0.0d0), (1.0d0, 0.0d0)]
  d = zdotc(3, x, 1, y, 1)
  t = (0.0d0, 0.0d0)
  do j = 1, n
    do i = 1, j - 1
      t(i, j) = dcmplx(mod(i + j, 3) - 1, mod(i * j, 3) - 1)
    end do
    t(j, j) = merge((1.0d0, 1.0d0), (0.0d0, 2.0d0), mod(j, 2) == 1)
    xs(j) = dcmplx(j - 3, 2 - j) * 0.5d0
  end do
  bs = matmul(t, xs)
  call ztrsv('U', 'N', 'N', n, t, n, bs, 1)
  f = (3.0d0, 0.0d0)
  g = (4.0d0, 0.0d0)
  call zrotg(f, g, cr, s)
  af = cmplx(a, kind=4)
  xf = cmplx(b(:, 1), kind=4)
  yf = (0.0, 0.0)
  call cgemv('C', n, n, (1.0, 0.0), af, n, xf, 1, (0.0, 0.0), yf, 1)
  if (any([c(1, n), d, bs(1), bs(n), dcmplx(cr, 0.0d0), s, f, dcmplx(yf(2))] /= results)) then
    print '(a)', 'FAIL the plain external calls differ from the module calls'
    failures = failures + 1
  else
    print '(a)', 'ok   plain external calls: the same values'
  end if
end subroutine plain_calls

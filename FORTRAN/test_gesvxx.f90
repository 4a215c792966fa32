! test_gesvxx.f90 -- LAPACK's extra-precise expert drivers DGESVXX, DGERFSX,
! DPOSVXX and DPORFSX called as a program written for LAPACK calls them
! (plain external calls, LAPACK's argument lists), linked with -llapack and
! the drop-in libblas.so.3, which has them.  Checked against LAPACK's
! documented contract and against EXDGESVXX / EXDPOSVXX through the module:
!   - X bit for bit equal to EXDGESVXX's proven solution of the same
!     (unequilibrated) system, for FACT = 'N', 'E' (a badly scaled matrix:
!     EQUED must come back 'R', 'C' or 'B') and 'F' (LAPACK's own DGETRF
!     factors), TRANS = 'N' and 'T', NRHS = 2;
!   - INFO = 0, ERR_BNDS_NORM(j,1) = ERR_BNDS_COMP(j,1) = 1, the bounds
!     small and holding against the proven X, BERR tiny, 0 < RCOND <= 1,
!     RPVGRW > 0, PARAMS written back where negative;
!   - FACT = 'E' with the caller rounding toward -Inf (IEEE_SET_ROUNDING_MODE):
!     the same X and bounds, and the caller's rounding mode given back;
!   - DGERFSX refines DGETRS's solution to the proven one; DPOSVXX (FACT =
!     'E', UPLO = 'U') and DPORFSX (on DPOTRF's factor) likewise;
!   - a singular matrix: INFO = the zero pivot, RCOND = 0; an illegal
!     argument: XERBLA with the routine's name and position, INFO < 0.
program test_gesvxx
  use exactblas
  use, intrinsic :: ieee_arithmetic, only: ieee_set_rounding_mode, ieee_get_rounding_mode, &
                                           ieee_round_type, ieee_down, ieee_nearest, &
                                           operator(/=)
  implicit none
  integer, parameter :: n = 40, nrhs = 2
  double precision :: a(n, n), a0(n, n), af(n, n), b(n, nrhs), b0(n, nrhs), x(n, nrhs)
  double precision :: xe(n, nrhs), bnd(n, nrhs), r(n), c(n), s(n), at(n, n)
  double precision :: rcond, rpvgrw, berr(nrhs), errn(nrhs, 3), errc(nrhs, 3), params(3)
  double precision :: work(4 * n), spd(n, n), x2(n, nrhs), errn2(nrhs, 3)
  type(ieee_round_type) :: mode
  integer :: ipiv(n), iwork(n), pv(n, nrhs), info, i, j, k, fails
  character :: equed
  integer :: xerbla_info
  character(len=8) :: xerbla_name
  common /xerbla_seen/ xerbla_info, xerbla_name
  external :: dgesvxx, dgerfsx, dposvxx, dporfsx, dgetrf, dgetrs, dpotrf, dpotrs

  fails = 0
  call random_seed(put=[(17 * i, i = 1, 64)])
  call random_number(a0)
  a0 = a0 - 0.5d0
  do i = 1, n  ! rows scaled over 2^-30 .. 2^30: equilibration must act
    a0(i, :) = a0(i, :) * 2.0d0**(mod(7 * i, 61) - 30)
  end do
  call random_number(b0)
  b0 = b0 - 0.5d0
  do i = 1, n
    b0(i, :) = b0(i, :) * 2.0d0**(mod(7 * i, 61) - 30)
  end do
  call exdgesvxx(n, nrhs, a0, n, b0, n, xe, n, pv, bnd, info)
  call checki('EXDGESVXX info', info, 0)

  ! FACT = 'E', TRANS = 'N'
  a = a0
  b = b0
  params = [-1.0d0, -1.0d0, -1.0d0]
  call dgesvxx('E', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 3, params, work, iwork, info)
  call checki('DGESVXX E info', info, 0)
  if (equed == 'N') call fail('DGESVXX E: a badly scaled matrix was not equilibrated')
  call same('DGESVXX E x', x, xe)
  call check_outputs('DGESVXX E')
  if (params(1) /= 1.0d0 .or. params(2) < 1.0d0 .or. params(3) /= 1.0d0) &
    call fail('DGESVXX: PARAMS not written back with the defaults')

  ! FACT = 'E' again with the caller rounding toward -Inf: the same X and
  ! bounds (the driver runs in round-to-nearest), the caller's mode kept
  x2 = x
  errn2 = errn
  a = a0
  b = b0
  call ieee_set_rounding_mode(ieee_down)
  call dgesvxx('E', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 3, params, work, iwork, info)
  call ieee_get_rounding_mode(mode)
  call ieee_set_rounding_mode(ieee_nearest)
  if (mode /= ieee_down) call fail('DGESVXX: the caller''s rounding mode not given back')
  call checki('DGESVXX E (round down) info', info, 0)
  call same('DGESVXX E (round down) x', x, x2)
  call same('DGESVXX E (round down) bounds', errn(:, 1:2), errn2(:, 1:2))

  ! FACT = 'N'
  a = a0
  b = b0
  call dgesvxx('N', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 0, params, work, iwork, info)
  call checki('DGESVXX N info', info, 0)
  call same('DGESVXX N x', x, xe)
  call check_outputs('DGESVXX N')

  ! FACT = 'F' on LAPACK's own factors (DGETRF on the drop-in)
  a = a0
  af = a0
  call dgetrf(n, n, af, n, ipiv, info)
  call checki('DGETRF info', info, 0)
  b = b0
  equed = 'N'
  call dgesvxx('F', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 0, params, work, iwork, info)
  call checki('DGESVXX F info', info, 0)
  call same('DGESVXX F x', x, xe)

  ! DGERFSX: DGETRS's solution refined
  x = b0
  call dgetrs('N', n, nrhs, af, n, ipiv, x, n, info)
  call dgerfsx('N', 'N', n, nrhs, a0, n, af, n, ipiv, r, c, b0, n, x, n, rcond, berr, 3, &
               errn, errc, 0, params, work, iwork, info)
  call checki('DGERFSX info', info, 0)
  call same('DGERFSX x', x, xe)
  call check_outputs('DGERFSX')

  ! TRANS = 'T' against EXDGESVXX on the transposed matrix
  at = transpose(a0)
  call exdgesvxx(n, nrhs, at, n, b0, n, xe, n, pv, bnd, info)
  a = a0
  b = b0
  call dgesvxx('E', 'T', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 0, params, work, iwork, info)
  call checki('DGESVXX T info', info, 0)
  call same('DGESVXX T x', x, xe)
  call check_outputs('DGESVXX T')

  ! DPOSVXX, FACT = 'E', UPLO = 'U', on a badly scaled SPD matrix
  call random_number(at)
  at = at - 0.5d0
  spd = matmul(transpose(at), at)
  do i = 1, n
    spd(i, i) = spd(i, i) + 1.0d0
  end do
  do j = 1, n
    do i = 1, n
      spd(i, j) = spd(i, j) * 2.0d0**(mod(5 * i, 41) - 20) * 2.0d0**(mod(5 * j, 41) - 20)
    end do
  end do
  do j = 1, n
    do i = j + 1, n
      spd(i, j) = spd(j, i)  ! exactly symmetric
    end do
  end do
  call exdposvxx('U', n, nrhs, spd, n, b0, n, xe, n, pv, bnd, info)
  call checki('EXDPOSVXX info', info, 0)
  a = spd
  b = b0
  call dposvxx('E', 'U', n, nrhs, a, n, af, n, equed, s, b, n, x, n, rcond, rpvgrw, berr, 3, &
               errn, errc, 0, params, work, iwork, info)
  call checki('DPOSVXX info', info, 0)
  if (equed /= 'Y') call fail('DPOSVXX: a badly scaled matrix was not equilibrated')
  call same('DPOSVXX x', x, xe)
  call check_outputs('DPOSVXX')

  ! DPORFSX on DPOTRF's factor
  af = spd
  call dpotrf('L', n, af, n, info)
  call checki('DPOTRF info', info, 0)
  x = b0
  call dpotrs('L', n, nrhs, af, n, x, n, info)
  call dporfsx('L', 'N', n, nrhs, spd, n, af, n, s, b0, n, x, n, rcond, berr, 3, errn, errc, &
               0, params, work, iwork, info)
  call checki('DPORFSX info', info, 0)
  call same('DPORFSX x', x, xe)

  ! a singular matrix: row 3 = row 1 + row 2 exactly (small integers)
  a = 0.0d0
  do j = 1, n
    do i = 1, n
      a(i, j) = dble(mod(i * j + 3 * i, 7) - 3)
    end do
  end do
  a(3, :) = a(1, :) + a(2, :)
  b = b0
  call dgesvxx('N', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 0, params, work, iwork, info)
  if (info < 1 .or. info > n) call fail('DGESVXX: a singular matrix gave no zero pivot')
  if (rcond /= 0.0d0) call fail('DGESVXX: RCOND not 0 for a singular matrix')

  ! illegal arguments: XERBLA with the name and position
  xerbla_info = 0
  call dgesvxx('X', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n, x, n, rcond, rpvgrw, &
               berr, 3, errn, errc, 0, params, work, iwork, info)
  call checki('DGESVXX FACT info', info, -1)
  call checki('DGESVXX FACT xerbla', xerbla_info, 1)
  if (xerbla_name /= 'DGESVXX') call fail('XERBLA name '//xerbla_name)
  call dgesvxx('N', 'N', n, nrhs, a, n, af, n, ipiv, equed, r, c, b, n - 1, x, n, rcond, &
               rpvgrw, berr, 3, errn, errc, 0, params, work, iwork, info)
  call checki('DGESVXX LDB info', info, -14)
  call dposvxx('N', 'Q', n, nrhs, a, n, af, n, equed, s, b, n, x, n, rcond, rpvgrw, berr, 3, &
               errn, errc, 0, params, work, iwork, info)
  call checki('DPOSVXX UPLO info', info, -2)
  if (xerbla_name /= 'DPOSVXX') call fail('XERBLA name '//xerbla_name)
  call dgerfsx('N', 'Z', n, nrhs, a, n, af, n, ipiv, r, c, b, n, x, n, rcond, berr, 3, errn, &
               errc, 0, params, work, iwork, info)
  call checki('DGERFSX EQUED info', info, -2)
  call dporfsx('L', 'N', n, nrhs, a, n, af, n, s, b, n, x, n - 1, rcond, berr, 3, errn, errc, &
               0, params, work, iwork, info)
  call checki('DPORFSX LDX info', info, -13)

  if (fails == 0) then
    print '(a)', 'LAPACK EXPERT DRIVERS: PASSED'
  else
    print '(a,i0,a)', 'LAPACK EXPERT DRIVERS: FAILED (', fails, ')'
    stop 1
  end if

contains

  subroutine fail(what)
    character(len=*), intent(in) :: what
    print '(2a)', 'FAIL ', what
    fails = fails + 1
  end subroutine fail

  subroutine checki(what, got, want)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want
    if (got /= want) then
      print '(2a,i0,a,i0)', 'FAIL ', what//': ', got, ' /= ', want
      fails = fails + 1
    end if
  end subroutine checki

  ! bit for bit (transfer: -0 differs from +0, NaN payloads count)
  subroutine same(what, got, want)
    character(len=*), intent(in) :: what
    double precision, intent(in) :: got(:, :), want(:, :)
    integer :: p, q
    do q = 1, size(got, 2)
      do p = 1, size(got, 1)
        if (transfer(got(p, q), 0_8) /= transfer(want(p, q), 0_8)) then
          print '(2a,2i4,2es25.16)', 'FAIL ', what, p, q, got(p, q), want(p, q)
          fails = fails + 1
          return
        end if
      end do
    end do
  end subroutine same

  subroutine check_outputs(what)
    character(len=*), intent(in) :: what
    do k = 1, nrhs
      if (errn(k, 1) /= 1.0d0 .or. errc(k, 1) /= 1.0d0) call fail(what//': a bound not trusted')
      if (.not. (errn(k, 2) >= 0.0d0 .and. errn(k, 2) < 1.0d-15)) &
        call fail(what//': normwise bound not small')
      if (.not. (errc(k, 2) >= 0.0d0 .and. errc(k, 2) < 1.0d-12)) &
        call fail(what//': componentwise bound not small')
      if (.not. (errn(k, 3) > 0.0d0 .and. errn(k, 3) <= 1.0d0)) &
        call fail(what//': normwise rcond out of (0, 1]')
      if (.not. (berr(k) >= 0.0d0 .and. berr(k) < 1.0d-15)) call fail(what//': BERR not tiny')
    end do
    if (.not. (rcond > 0.0d0 .and. rcond <= 1.0d0)) call fail(what//': RCOND out of (0, 1]')
  end subroutine check_outputs

end program test_gesvxx

! The program's own XERBLA (as LAPACK's testers do): records, does not stop.
subroutine xerbla(srname, info)
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  integer :: xerbla_info
  character(len=8) :: xerbla_name
  common /xerbla_seen/ xerbla_info, xerbla_name
  xerbla_info = info
  xerbla_name = srname
end subroutine xerbla

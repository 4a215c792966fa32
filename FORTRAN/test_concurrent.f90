! test_concurrent.f90 -- an OpenMP region of four threads calling every
! ExactBLAS routine at once (the process's very first calls among them) gives
! the bits of the same calls made one after another, on the path that
! EXACTBLAS_DEVICE names (host or opencl; checked after every call).
! usage: test_fortran_concurrent host|opencl   (opencl without a usable
! device: exit status 77, a CTest skip).  CTest's timeout catches a deadlock.
program test_concurrent
  use exactblas
  use omp_lib
  use, intrinsic :: iso_c_binding, only: c_int, c_char, c_null_char
  implicit none
  integer, parameter :: nsum = 20000, nsum_strided = 6666, nm = 64, nt = 120, nthreads = 4
  integer, parameter :: nout = 4 + 2*nm + 2*nm*nm + 3*nt
  double precision, allocatable :: x(:), y(:), a(:, :), b(:, :), c(:, :), t(:, :), rhs(:)
  double precision :: serial(nout), got(nout, nthreads)
  integer :: wrong(nthreads), i, k, want_path, failures
  character(len=16) :: mode
  interface
    integer(c_int) function tl_opencl_available() bind(C, name='tl_opencl_available')
      import :: c_int
    end function tl_opencl_available
    integer(c_int) function setenv(name, value, overwrite) bind(C, name='setenv')
      import :: c_int, c_char
      character(kind=c_char), intent(in) :: name(*), value(*)
      integer(c_int), value :: overwrite
    end function setenv
  end interface

  call get_command_argument(1, mode)
  if (mode == 'opencl') then
    if (tl_opencl_available() == 0) then
      print '(a)', 'SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics'
      stop 77
    end if
    want_path = EXACTBLAS_PATH_OPENCL
  else if (mode == 'host') then
    want_path = EXACTBLAS_PATH_HOST
  else
    print '(a)', 'usage: test_fortran_concurrent host|opencl'
    stop 2
  end if
  if (setenv('EXACTBLAS_DEVICE'//c_null_char, trim(mode)//c_null_char, 1_c_int) /= 0) stop 2

  allocate(x(nsum), y(nsum), a(nm, nm), b(nm, nm), c(nm, nm), t(nt, nt), rhs(nt))
  call make_data()

  ! the first calls of the process: four threads at once
  wrong = 0
  !$omp parallel num_threads(nthreads) private(k)
  k = omp_get_thread_num() + 1
  call run_all(got(:, k), wrong(k))
  !$omp end parallel
  k = 0
  call run_all(serial, k)

  failures = 0
  do k = 1, nthreads
    do i = 1, nout
      if (transfer(got(i, k), 0_8) /= transfer(serial(i), 0_8)) then
        print '(a, i0, a, i0, a, z16.16, a, z16.16)', 'thread ', k, ' output ', i, ': ', &
          transfer(got(i, k), 0_8), ' serial ', transfer(serial(i), 0_8)
        failures = failures + 1
        exit
      end if
    end do
    if (wrong(k) /= 0) then
      print '(a, i0, a, i0, a)', 'thread ', k, ': ', wrong(k), ' calls off the ' // trim(mode) // ' path'
      failures = failures + 1
    end if
  end do
  if (omp_get_max_threads() < 1) failures = failures + 1
  print '(i0, a, i0, a, a, a)', nthreads, ' threads x ', nout, ' outputs on the ', trim(mode), &
    ' path, compared bit for bit with serial calls'
  if (failures /= 0) then
    print '(a)', 'concurrent ' // trim(mode) // ': FAILED'
    stop 1
  end if
  print '(a)', 'concurrent ' // trim(mode) // ': PASSED'
  deallocate(x, y, a, b, c, t, rhs)

contains

  ! Deterministic data with exponents over 2**-60..2**60, cancellation, -0.
  subroutine make_data()
    integer(8) :: s
    integer :: i, j
    s = 12345_8
    do i = 1, nsum
      x(i) = draw(s, 60)
      y(i) = draw(s, 10)
    end do
    x(2:nsum:2) = -x(1:nsum-1:2) * y(1:nsum-1:2) / y(2:nsum:2)
    x(7) = -0.0d0
    do j = 1, nm
      do i = 1, nm
        a(i, j) = draw(s, 40)
        b(i, j) = draw(s, 3)
        c(i, j) = draw(s, 10)
      end do
    end do
    a(2, :) = -a(1, :)
    c(1, 1) = -0.0d0
    do j = 1, nt
      do i = 1, nt
        if (i > j) then
          t(i, j) = sign(1.5d0 + abs(draw(s, 0)) / 2, draw(s, 0))
        else
          t(i, j) = 1.0d0 + abs(draw(s, 2))
        end if
      end do
      rhs(j) = draw(s, 1)
    end do
  end subroutine make_data

  ! +-(1 + f) * 2**e, e uniform in [-emax, emax] (MINSTD: s * 48271 mod
  ! 2**31 - 1, which never overflows 64-bit integers).
  double precision function draw(s, emax)
    integer(8), intent(inout) :: s
    integer, intent(in) :: emax
    integer :: e
    double precision :: f
    s = modulo(s * 48271_8, 2147483647_8)
    f = dble(s) / 2147483647.0d0
    s = modulo(s * 48271_8, 2147483647_8)
    f = f + dble(s) / 2147483647.0d0 / 2.0d0**31
    s = modulo(s * 48271_8, 2147483647_8)
    e = int(modulo(s, int(2*emax + 1, 8))) - emax
    draw = (1.0d0 + f) * 2.0d0**e
    if (btest(s, 20)) draw = -draw
  end function draw

  ! Every routine once; the outputs in order.
  subroutine run_all(out, wrong)
    double precision, intent(out) :: out(nout)
    integer, intent(inout) :: wrong
    double precision :: v(nm), m(nm, nm), z(nt)
    integer :: p, info
    p = 0
    out(1) = exdsum(nsum, x, 1)
    call path(wrong)
    out(2) = exddot(nsum, x, 1, y, 1)
    call path(wrong)
    out(3) = exddot(nsum_strided, x, -2, y, 3)
    call path(wrong)
    p = 4
    v = c(:, 1)
    call exdgemv('N', nm, nm, -1.5d0, a, nm, b(:, 1), 1, 0.75d0, v, 1)
    call path(wrong)
    out(p + 1:p + nm) = v
    p = p + nm
    v = c(:, 2)
    call exdgemv('T', nm, nm, 2.0d0, a, nm, b(:, 2), 1, -1.0d0, v, 1)
    call path(wrong)
    out(p + 1:p + nm) = v
    p = p + nm
    m = c
    call exdgemm('N', 'T', nm, nm, nm, 1.0d0, b, nm, b, nm, -2.0d0, m, nm)
    call path(wrong)
    out(p + 1:p + nm*nm) = reshape(m, (/ nm*nm /))
    p = p + nm*nm
    m = c
    call exdgemm('T', 'N', nm, nm, nm, 0.5d0, a, nm, b, nm, 1.0d0, m, nm)
    call path(wrong)
    out(p + 1:p + nm*nm) = reshape(m, (/ nm*nm /))
    p = p + nm*nm
    z = rhs
    call exdtrsv('L', 'N', 'U', nt, t, nt, z, 1)
    call path(wrong)
    out(p + 1:p + nt) = z
    p = p + nt
    z = rhs
    call exdtrsv('U', 'T', 'N', nt, t, nt, z, 1)
    call path(wrong)
    out(p + 1:p + nt) = z
    p = p + nt
    z = rhs
    call exdtrsvx('L', 'N', 'N', nt, t, nt, z, 1, 2, info)
    call path(wrong)
    out(p + 1:p + nt) = z
    p = p + nt
    out(4) = dble(info)
  end subroutine run_all

  ! The calling thread's last call ran on the path asked for, without fallback.
  subroutine path(wrong)
    integer, intent(inout) :: wrong
    integer :: got_path
    got_path = exactblas_last_path()
    if (iand(got_path, want_path) == 0 .or. iand(got_path, EXACTBLAS_PATH_FALLBACK) /= 0 .or. &
        (want_path == EXACTBLAS_PATH_HOST .and. iand(got_path, EXACTBLAS_PATH_OPENCL) /= 0)) &
      wrong = wrong + 1
  end subroutine path
end program test_concurrent

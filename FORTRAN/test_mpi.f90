! test_mpi.f90 -- the distributed dot product and GEMV from Fortran with
! mpi_f08 (and the INTEGER handle form): every rank owns an uneven block of
! the same global data (rank 1 none); the results must have the bits of
! ExactBLAS's own EXDDOT, EXDSUM and EXDGEMV on the whole data
! (themselves MPFR-checked), on every rank.  Run under mpiexec.
program test_mpi
  use mpi_f08
  use exactblas
  use exactblas_mpi
  implicit none
  integer, parameter :: n = 2000, m = 17, gn = 250
  double precision :: x(n), y(n), a(m, gn), xv(gn), yv(m), want(m), got(m), got2(m)
  double precision :: d, d2, s, dwant, swant
  integer :: rank, nprocs, c0, c1, g0, g1, i, k, failures, total

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  ! the same data on every rank: wide magnitudes, cancellation
  do i = 1, n
    x(i) = sign(1.0d0, sin(1.3d0 * i)) * 2.0d0**mod(37 * i, 301 - 150)
    y(i) = cos(0.7d0 * i)
  end do
  x(n / 2) = -x(1)
  do i = 1, gn
    do k = 1, m
      a(k, i) = sin(0.1d0 * i * (k + 1)) * 2.0d0**mod(i * k, 60)
    end do
    xv(i) = 2.0d0**mod(11 * i, 40) * cos(3.1d0 * i)
  end do
  ! y of the products' magnitude, so that beta*y shows in every row
  do k = 1, m
    yv(k) = 1.5d0 * 2.0d0**(90 + mod(7 * k, 15))
  end do
  call block(n, c0, c1)
  call block(gn, g0, g1)
  failures = 0
  ! the dot product: mpi_f08 and INTEGER forms
  dwant = exddot(n, x, 1, y, 1)
  d = exddot_mpi(c1 - c0, x(c0 + 1:), 1, y(c0 + 1:), 1, MPI_COMM_WORLD)
  d2 = exddot_mpi(c1 - c0, x(c0 + 1:), 1, y(c0 + 1:), 1, MPI_COMM_WORLD%MPI_VAL)
  call expect('EXDDOT_MPI', dwant, d)
  call expect('EXDDOT_MPI integer handle', dwant, d2)
  swant = exdsum(n, x, 1)
  s = exdsum_mpi(c1 - c0, x(c0 + 1:), 1, MPI_COMM_WORLD)
  call expect('EXDSUM_MPI', swant, s)
  ! y := 2 A x - 0.5 y, A by block columns
  want = yv
  call exdgemv('N', m, gn, 2.0d0, a, m, xv, 1, -0.5d0, want, 1)
  got = yv
  call exdgemv_mpi('N', m, g1 - g0, 2.0d0, a(:, g0 + 1:), m, xv(g0 + 1:), 1, -0.5d0, got, 1, &
                   MPI_COMM_WORLD)
  got2 = yv
  call exdgemv_mpi('N', m, g1 - g0, 2.0d0, a(:, g0 + 1:), m, xv(g0 + 1:), 1, -0.5d0, got2, 1, &
                   MPI_COMM_WORLD%MPI_VAL)
  do i = 1, m
    call expect('EXDGEMV_MPI', want(i), got(i))
    call expect('EXDGEMV_MPI integer handle', want(i), got2(i))
  end do
  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0) then
    if (total == 0) then
      print '(a,i0,a)', 'Fortran mpi_f08, ', nprocs, ' ranks: PASSED'
    else
      print '(a,i0,a)', 'Fortran mpi_f08: ', total, ' mismatches: FAILED'
    end if
  end if
  call MPI_Finalize()
  if (total /= 0) stop 1
contains
  ! this rank's block [lo, hi) of count elements: weights r*r + 1, rank 1 none
  subroutine block(count, lo, hi)
    integer, intent(in) :: count
    integer, intent(out) :: lo, hi
    integer :: r, w, before, tot
    before = 0
    tot = 0
    do r = 0, nprocs - 1
      w = r * r + 1
      if (r == 1) w = 0
      if (r < rank) before = before + w
      tot = tot + w
    end do
    w = rank * rank + 1
    if (rank == 1) w = 0
    lo = int(int(count, 8) * before / tot)
    hi = int(int(count, 8) * (before + w) / tot)
  end subroutine block

  subroutine expect(what, want, got)
    character(*), intent(in) :: what
    double precision, intent(in) :: want, got
    if (transfer(want, 0_8) /= transfer(got, 0_8)) then
      failures = failures + 1
      print '(a,a,i0,a,es25.17,a,es25.17)', what, ' rank ', rank, ': expected ', want, &
        ', got ', got
    end if
  end subroutine expect
end program test_mpi

! simulation.f90 -- a simulation-style use of ExactBLAS: an implicit time
! stepper for m coupled fields on an n-point grid.  Every step
!   F := K * U                        (EXDGEMM: coupling of the fields)
!   U := U + dt * F * I               (EXDGEMM with beta = 1: RN(dt F + U)
!                                      per element)
!   solve (I + dt*T) U_new = R        (EXDTRSM, T lower triangular: the
!                                      implicit, upwind-like operator)
!   e_j := U_new(:,j) . U_new(:,j)    (EXDDOT: each field's energy)
!   the first field is also solved once more with EXDTRSV (a diagnostic)
! and at the end the program prints the state's exact sum (EXDSUM), the
! energies and a checksum of every bit of the state.  Since every routine
! returns the correctly rounded exact result, the printed bytes are the same
! under every ExactBLAS knob and on every path (test fortran_simulation).
program simulation
  use exactblas
  implicit none
  integer, parameter :: n = 96, m = 5, steps = 40
  double precision, parameter :: dt = 0.05d0
  double precision :: u(n, m), f(n, m), k(m, m), eye(m, m), t(n, n), e(m), diag(n)
  integer :: i, j, s
  integer(8) :: check

  ! the operator I + dt*T: lower triangular, diagonally dominant, with
  ! entries of very different sizes so that rounding order would show
  t = 0.0d0
  do j = 1, n
    do i = j, n
      t(i, j) = -dt * (1.0d0 / dble(i - j + 1)**2) * (1.0d0 + 1.0d-9 * dble(mod(i * j, 7)))
    end do
    t(j, j) = 1.0d0 + dt * (2.0d0 + 1.0d0 / dble(j))
  end do
  do j = 1, m
    do i = 1, m
      k(i, j) = 1.0d-3 * dble(mod(3 * i + 5 * j, 11) - 5)
    end do
    k(j, j) = -0.5d0
  end do
  eye = 0.0d0
  do j = 1, m
    eye(j, j) = 1.0d0
  end do
  do j = 1, m
    do i = 1, n
      u(i, j) = sin(dble(i * j)) * 10.0d0**(mod(i + j, 9) - 4)
    end do
  end do

  do s = 1, steps
    call exdgemm('N', 'T', n, m, m, 1.0d0, u, n, k, m, 0.0d0, f, n)     ! F = U K^T
    call exdgemm('N', 'N', n, m, m, dt, f, n, eye, m, 1.0d0, u, n)      ! U := U + dt F
    call exdtrsm('L', 'L', 'N', 'N', n, m, 1.0d0, t, n, u, n)           ! U := (I+dtT)^-1 U
    call exdtrsv('L', 'N', 'N', n, t, n, f(:, 1), 1)                    ! diagnostic solve
    do j = 1, m
      e(j) = exddot(n, u(:, j), 1, u(:, j), 1)
    end do
  end do

  do i = 1, n
    diag(i) = exdsum(m, u(i, :), 1)
  end do
  check = 0
  do j = 1, m
    do i = 1, n
      check = ieor(ishftc(check, 7), transfer(u(i, j), check))
    end do
  end do
  do i = 1, n
    check = ieor(ishftc(check, 3), transfer(f(i, 1), check))
  end do
  print '(a, es24.16)', 'sum of the state   ', exdsum(n, diag, 1)
  print '(a, 5es24.16)', 'field energies     ', e
  print '(a, z16.16)', 'checksum of all bits ', check
end program simulation

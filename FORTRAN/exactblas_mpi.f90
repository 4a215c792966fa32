! exactblas_mpi.f90 -- Fortran interfaces of libexactblas_mpi
! (INCLUDE/exactblas_mpi.h): exact, reproducible reductions across MPI
! ranks.  Each routine takes the communicator either as an mpi_f08
! TYPE(MPI_Comm) or as an INTEGER handle (the mpi module, mpif.h): one
! generic name, two forms.  Interfaces only: link -lexactblas_mpi
! -lexactblas and your MPI's Fortran libraries (mpif90 does the last).
module exactblas_mpi
  use, intrinsic :: iso_c_binding, only: c_int, c_double, c_char
  use mpi_f08, only: MPI_Comm
  implicit none
  private
  public :: exdsum_mpi, exddot_mpi, exdnrm2_mpi, exdgemv_mpi

  ! RN(global sum x_i), RN(global sum x_i*y_i), RN(sqrt(global sum x_i**2)):
  ! N, X, INCX (and Y, INCY) are this rank's part (N = 0 allowed); every rank
  ! gets the same bits.  Increments as in DASUM, DDOT, DNRM2: a rank with
  ! N <= 0, or INCX <= 0 for the sum and the norm, adds nothing; the dot
  ! reads any increment.  No argument is illegal.
  ! EXDGEMV_MPI: y := alpha*op(A)*x + beta*y for op(A) distributed by block
  ! columns (this rank's N of them, and the matching part of x); y (M
  ! elements) replicated; every y_i correctly rounded.  TRANS ('T' and 'C'
  ! alike), M, ALPHA and BETA (their bits; any NaN is one value) must be the
  ! same on every rank.  An illegal argument on any rank, or those scalars
  ! differing, make every rank call XERBLA('EXDGEMV_MPI', P) and return with
  ! y untouched, never hang: P is the rank's own illegal argument, else the
  ! first in argument order among every rank's illegal arguments and the
  ! differing scalars (1 TRANS, 2 M, 4 ALPHA, 9 BETA).
  interface exdsum_mpi
    double precision function exdsum_mpi(n, x, incx, comm)
      integer, intent(in) :: n, incx, comm
      double precision, intent(in) :: x(*)
    end function exdsum_mpi
    function exdsum_mpi_f08(n, x, incx, comm) bind(C, name='exdsum_mpi_')
      import :: c_int, c_double, MPI_Comm
      integer(c_int), intent(in) :: n, incx
      real(c_double), intent(in) :: x(*)
      type(MPI_Comm), intent(in) :: comm
      real(c_double) :: exdsum_mpi_f08
    end function exdsum_mpi_f08
  end interface exdsum_mpi

  interface exddot_mpi
    double precision function exddot_mpi(n, x, incx, y, incy, comm)
      integer, intent(in) :: n, incx, incy, comm
      double precision, intent(in) :: x(*), y(*)
    end function exddot_mpi
    function exddot_mpi_f08(n, x, incx, y, incy, comm) bind(C, name='exddot_mpi_')
      import :: c_int, c_double, MPI_Comm
      integer(c_int), intent(in) :: n, incx, incy
      real(c_double), intent(in) :: x(*), y(*)
      type(MPI_Comm), intent(in) :: comm
      real(c_double) :: exddot_mpi_f08
    end function exddot_mpi_f08
  end interface exddot_mpi

  interface exdnrm2_mpi
    double precision function exdnrm2_mpi(n, x, incx, comm)
      integer, intent(in) :: n, incx, comm
      double precision, intent(in) :: x(*)
    end function exdnrm2_mpi
    function exdnrm2_mpi_f08(n, x, incx, comm) bind(C, name='exdnrm2_mpi_')
      import :: c_int, c_double, MPI_Comm
      integer(c_int), intent(in) :: n, incx
      real(c_double), intent(in) :: x(*)
      type(MPI_Comm), intent(in) :: comm
      real(c_double) :: exdnrm2_mpi_f08
    end function exdnrm2_mpi_f08
  end interface exdnrm2_mpi

  interface exdgemv_mpi
    subroutine exdgemv_mpi(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, comm)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, lda, incx, incy, comm
      double precision, intent(in) :: alpha, beta, a(lda, *), x(*)
      double precision, intent(inout) :: y(*)
    end subroutine exdgemv_mpi
    subroutine exdgemv_mpi_f08(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, comm) &
        bind(C, name='exdgemv_mpi_f08')
      import :: c_int, c_double, c_char, MPI_Comm
      character(kind=c_char), intent(in) :: trans
      integer(c_int), intent(in) :: m, n, lda, incx, incy
      real(c_double), intent(in) :: alpha, beta, a(lda, *), x(*)
      real(c_double), intent(inout) :: y(*)
      type(MPI_Comm), intent(in) :: comm
    end subroutine exdgemv_mpi_f08
  end interface exdgemv_mpi
end module exactblas_mpi

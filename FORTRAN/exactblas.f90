! exactblas.f90 -- Fortran interfaces of ExactBLAS.  The library's symbols
! follow the gfortran convention (lower case, trailing underscore, arguments
! by reference), so plain EXTERNAL declarations work too; this module adds
! compile-time checking of the argument lists.
module exactblas
  implicit none
  interface
    double precision function exdsum(n, x, incx)
      integer, intent(in) :: n, incx
      double precision, intent(in) :: x(*)
    end function exdsum
    double precision function exddot(n, x, incx, y, incy)
      integer, intent(in) :: n, incx, incy
      double precision, intent(in) :: x(*), y(*)
    end function exddot
  end interface
end module exactblas

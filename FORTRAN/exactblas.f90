! exactblas.f90 -- Fortran interfaces of ExactBLAS.  The library's symbols
! follow the gfortran convention (lower case, trailing underscore, arguments
! by reference), so plain EXTERNAL declarations work too; this module adds
! compile-time checking of the argument lists.
module exactblas
  use, intrinsic :: iso_c_binding, only: c_int, c_float, c_double
  implicit none
  ! a double-float number hi + lo (exactblas_df): EXDGEMMDFDF's data
  type, bind(C) :: exactblas_df
    real(c_float) :: hi, lo
  end type exactblas_df
  ! exactblas_last_path(): which path computed the calling thread's last
  ! call (a sum of these bits; exactblas.h)
  integer, parameter :: EXACTBLAS_PATH_NONE = 0, EXACTBLAS_PATH_HOST = 1, &
                        EXACTBLAS_PATH_OPENCL = 2, EXACTBLAS_PATH_FALLBACK = 4, &
                        EXACTBLAS_PATH_FP32 = 8, EXACTBLAS_PATH_BINS = 16, &
                        EXACTBLAS_PATH_EARLY = 32
  interface
    integer(c_int) function exactblas_last_path() bind(C, name='exactblas_last_path')
      import :: c_int
    end function exactblas_last_path
    ! the EXACTBLAS_* knobs are read once per process; after changing them
    ! in the program's own environment, this reads them again (exactblas.h)
    subroutine exactblas_reload_knobs() bind(C, name='exactblas_reload_knobs')
    end subroutine exactblas_reload_knobs
    double precision function exdsum(n, x, incx)
      integer, intent(in) :: n, incx
      double precision, intent(in) :: x(*)
    end function exdsum
    double precision function exddot(n, x, incx, y, incy)
      integer, intent(in) :: n, incx, incy
      double precision, intent(in) :: x(*), y(*)
    end function exddot
    subroutine exdgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, lda, incx, incy
      double precision, intent(in) :: alpha, beta, a(lda, *), x(*)
      double precision, intent(inout) :: y(*)
    end subroutine exdgemv
    subroutine exdgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      double precision, intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      double precision, intent(inout) :: c(ldc, *)
    end subroutine exdgemm
    subroutine exdtrsv(uplo, trans, diag, n, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx
      double precision, intent(in) :: a(lda, *)
      double precision, intent(inout) :: x(*)
    end subroutine exdtrsv
    subroutine exdtrsvx(uplo, trans, diag, n, a, lda, x, incx, nrefine, info)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx, nrefine
      integer, intent(out) :: info
      double precision, intent(in) :: a(lda, *)
      double precision, intent(inout) :: x(*)
    end subroutine exdtrsvx
    subroutine exdtrsm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
      character, intent(in) :: side, uplo, transa, diag
      integer, intent(in) :: m, n, lda, ldb
      double precision, intent(in) :: alpha
      double precision, intent(in) :: a(lda, *)
      double precision, intent(inout) :: b(ldb, *)
    end subroutine exdtrsm
    subroutine exdgesvxx(n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info)
      integer, intent(in) :: n, nrhs, lda, ldb, ldx
      double precision, intent(in) :: a(lda, *), b(ldb, *)
      double precision, intent(out) :: x(ldx, *), bound(ldx, *)
      integer, intent(out) :: proven(ldx, *), info
    end subroutine exdgesvxx
    subroutine exdposvxx(uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info)
      character, intent(in) :: uplo
      integer, intent(in) :: n, nrhs, lda, ldb, ldx
      double precision, intent(in) :: a(lda, *), b(ldb, *)
      double precision, intent(out) :: x(ldx, *), bound(ldx, *)
      integer, intent(out) :: proven(ldx, *), info
    end subroutine exdposvxx
    ! the double-float GEMMs (not exact, not correctly rounded; README)
    subroutine exdgemmdf(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      double precision, intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      double precision, intent(inout) :: c(ldc, *)
    end subroutine exdgemmdf
    subroutine exdgemmdfdf(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      import :: exactblas_df
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      type(exactblas_df), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      type(exactblas_df), intent(inout) :: c(ldc, *)
    end subroutine exdgemmdfdf
    function exactblas_df_from_double(x) bind(C, name='exactblas_df_from_double') result(r)
      import :: exactblas_df, c_double
      real(c_double), value :: x
      type(exactblas_df) :: r
    end function exactblas_df_from_double
    real(c_double) function exactblas_df_to_double(x) bind(C, name='exactblas_df_to_double')
      import :: exactblas_df, c_double
      type(exactblas_df), value :: x
    end function exactblas_df_to_double
  end interface
end module exactblas

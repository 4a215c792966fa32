! exactblas_complex.f90 -- Fortran interfaces of the complex BLAS routines
! of the ExactBLAS drop-in (libblas.so.3: the reference BLAS names, each
! part of each result correctly rounded; doc/CONTRACT.md).  Plain EXTERNAL
! declarations call the same routines; this module adds compile-time
! checking of the argument lists (COMPLEX(KIND=8) for Z, COMPLEX(KIND=4)
! for C).  Link the program with the drop-in, or put it first on the
! library path (doc/LINKING.md).
module exactblas_complex
  implicit none
  interface
    subroutine zaxpy(n, za, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: za, zx(*)
      complex(kind=8), intent(inout) :: zy(*)
    end subroutine zaxpy
    subroutine zcopy(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: zx(*)
      complex(kind=8), intent(inout) :: zy(*)
    end subroutine zcopy
    subroutine zswap(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(inout) :: zx(*), zy(*)
    end subroutine zswap
    subroutine zscal(n, za, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: za
      complex(kind=8), intent(inout) :: zx(*)
    end subroutine zscal
    subroutine zdscal(n, da, zx, incx)
      integer, intent(in) :: n, incx
      double precision, intent(in) :: da
      complex(kind=8), intent(inout) :: zx(*)
    end subroutine zdscal
    subroutine zdrot(n, zx, incx, zy, incy, c, s)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(inout) :: zx(*), zy(*)
      double precision, intent(in) :: c, s
    end subroutine zdrot
    subroutine zrotg(ca, cb, c, s)
      complex(kind=8), intent(inout) :: ca
      complex(kind=8), intent(in) :: cb
      double precision, intent(out) :: c
      complex(kind=8), intent(out) :: s
    end subroutine zrotg
    complex(kind=8) function zdotu(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: zx(*), zy(*)
    end function zdotu
    complex(kind=8) function zdotc(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: zx(*), zy(*)
    end function zdotc
    double precision function dznrm2(n, x, incx)
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: x(*)
    end function dznrm2
    double precision function dzasum(n, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: zx(*)
    end function dzasum
    integer function izamax(n, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: zx(*)
    end function izamax
    double precision function dcabs1(z)
      complex(kind=8), intent(in) :: z
    end function dcabs1
    subroutine zgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, lda, incx, incy
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=8), intent(inout) :: y(*)
    end subroutine zgemv
    subroutine zgbmv(trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, kl, ku, lda, incx, incy
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=8), intent(inout) :: y(*)
    end subroutine zgbmv
    subroutine zhemv(uplo, n, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, lda, incx, incy
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=8), intent(inout) :: y(*)
    end subroutine zhemv
    subroutine zhbmv(uplo, n, k, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, k, lda, incx, incy
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=8), intent(inout) :: y(*)
    end subroutine zhbmv
    subroutine zhpmv(uplo, n, alpha, ap, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: alpha, beta, ap(*), x(*)
      complex(kind=8), intent(inout) :: y(*)
    end subroutine zhpmv
    subroutine ztrmv(uplo, trans, diag, n, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx
      complex(kind=8), intent(in) :: a(lda, *)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztrmv
    subroutine ztbmv(uplo, trans, diag, n, k, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, k, lda, incx
      complex(kind=8), intent(in) :: a(lda, *)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztbmv
    subroutine ztpmv(uplo, trans, diag, n, ap, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: ap(*)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztpmv
    subroutine ztrsv(uplo, trans, diag, n, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx
      complex(kind=8), intent(in) :: a(lda, *)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztrsv
    subroutine ztbsv(uplo, trans, diag, n, k, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, k, lda, incx
      complex(kind=8), intent(in) :: a(lda, *)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztbsv
    subroutine ztpsv(uplo, trans, diag, n, ap, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, incx
      complex(kind=8), intent(in) :: ap(*)
      complex(kind=8), intent(inout) :: x(*)
    end subroutine ztpsv
    subroutine zgeru(m, n, alpha, x, incx, y, incy, a, lda)
      integer, intent(in) :: m, n, incx, incy, lda
      complex(kind=8), intent(in) :: alpha, x(*), y(*)
      complex(kind=8), intent(inout) :: a(lda, *)
    end subroutine zgeru
    subroutine zgerc(m, n, alpha, x, incx, y, incy, a, lda)
      integer, intent(in) :: m, n, incx, incy, lda
      complex(kind=8), intent(in) :: alpha, x(*), y(*)
      complex(kind=8), intent(inout) :: a(lda, *)
    end subroutine zgerc
    subroutine zher(uplo, n, alpha, x, incx, a, lda)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, lda
      double precision, intent(in) :: alpha
      complex(kind=8), intent(in) :: x(*)
      complex(kind=8), intent(inout) :: a(lda, *)
    end subroutine zher
    subroutine zhpr(uplo, n, alpha, x, incx, ap)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx
      double precision, intent(in) :: alpha
      complex(kind=8), intent(in) :: x(*)
      complex(kind=8), intent(inout) :: ap(*)
    end subroutine zhpr
    subroutine zher2(uplo, n, alpha, x, incx, y, incy, a, lda)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy, lda
      complex(kind=8), intent(in) :: alpha, x(*), y(*)
      complex(kind=8), intent(inout) :: a(lda, *)
    end subroutine zher2
    subroutine zhpr2(uplo, n, alpha, x, incx, y, incy, ap)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy
      complex(kind=8), intent(in) :: alpha, x(*), y(*)
      complex(kind=8), intent(inout) :: ap(*)
    end subroutine zhpr2
    subroutine zgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zgemm
    subroutine zsymm(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: side, uplo
      integer, intent(in) :: m, n, lda, ldb, ldc
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zsymm
    subroutine zhemm(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: side, uplo
      integer, intent(in) :: m, n, lda, ldb, ldc
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zhemm
    subroutine zsyrk(uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldc
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zsyrk
    subroutine zherk(uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldc
      double precision, intent(in) :: alpha, beta
      complex(kind=8), intent(in) :: a(lda, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zherk
    subroutine zsyr2k(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldb, ldc
      complex(kind=8), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zsyr2k
    subroutine zher2k(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldb, ldc
      complex(kind=8), intent(in) :: alpha, a(lda, *), b(ldb, *)
      double precision, intent(in) :: beta
      complex(kind=8), intent(inout) :: c(ldc, *)
    end subroutine zher2k
    subroutine ztrmm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
      character, intent(in) :: side, uplo, transa, diag
      integer, intent(in) :: m, n, lda, ldb
      complex(kind=8), intent(in) :: alpha, a(lda, *)
      complex(kind=8), intent(inout) :: b(ldb, *)
    end subroutine ztrmm
    subroutine ztrsm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
      character, intent(in) :: side, uplo, transa, diag
      integer, intent(in) :: m, n, lda, ldb
      complex(kind=8), intent(in) :: alpha, a(lda, *)
      complex(kind=8), intent(inout) :: b(ldb, *)
    end subroutine ztrsm
    subroutine caxpy(n, za, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: za, zx(*)
      complex(kind=4), intent(inout) :: zy(*)
    end subroutine caxpy
    subroutine ccopy(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: zx(*)
      complex(kind=4), intent(inout) :: zy(*)
    end subroutine ccopy
    subroutine cswap(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(inout) :: zx(*), zy(*)
    end subroutine cswap
    subroutine cscal(n, za, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: za
      complex(kind=4), intent(inout) :: zx(*)
    end subroutine cscal
    subroutine csscal(n, da, zx, incx)
      integer, intent(in) :: n, incx
      real, intent(in) :: da
      complex(kind=4), intent(inout) :: zx(*)
    end subroutine csscal
    subroutine csrot(n, zx, incx, zy, incy, c, s)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(inout) :: zx(*), zy(*)
      real, intent(in) :: c, s
    end subroutine csrot
    subroutine crotg(ca, cb, c, s)
      complex(kind=4), intent(inout) :: ca
      complex(kind=4), intent(in) :: cb
      real, intent(out) :: c
      complex(kind=4), intent(out) :: s
    end subroutine crotg
    complex(kind=4) function cdotu(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: zx(*), zy(*)
    end function cdotu
    complex(kind=4) function cdotc(n, zx, incx, zy, incy)
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: zx(*), zy(*)
    end function cdotc
    real function scnrm2(n, x, incx)
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: x(*)
    end function scnrm2
    real function scasum(n, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: zx(*)
    end function scasum
    integer function icamax(n, zx, incx)
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: zx(*)
    end function icamax
    real function scabs1(z)
      complex(kind=4), intent(in) :: z
    end function scabs1
    subroutine cgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, lda, incx, incy
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=4), intent(inout) :: y(*)
    end subroutine cgemv
    subroutine cgbmv(trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: trans
      integer, intent(in) :: m, n, kl, ku, lda, incx, incy
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=4), intent(inout) :: y(*)
    end subroutine cgbmv
    subroutine chemv(uplo, n, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, lda, incx, incy
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=4), intent(inout) :: y(*)
    end subroutine chemv
    subroutine chbmv(uplo, n, k, alpha, a, lda, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, k, lda, incx, incy
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), x(*)
      complex(kind=4), intent(inout) :: y(*)
    end subroutine chbmv
    subroutine chpmv(uplo, n, alpha, ap, x, incx, beta, y, incy)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: alpha, beta, ap(*), x(*)
      complex(kind=4), intent(inout) :: y(*)
    end subroutine chpmv
    subroutine ctrmv(uplo, trans, diag, n, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx
      complex(kind=4), intent(in) :: a(lda, *)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctrmv
    subroutine ctbmv(uplo, trans, diag, n, k, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, k, lda, incx
      complex(kind=4), intent(in) :: a(lda, *)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctbmv
    subroutine ctpmv(uplo, trans, diag, n, ap, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: ap(*)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctpmv
    subroutine ctrsv(uplo, trans, diag, n, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, lda, incx
      complex(kind=4), intent(in) :: a(lda, *)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctrsv
    subroutine ctbsv(uplo, trans, diag, n, k, a, lda, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, k, lda, incx
      complex(kind=4), intent(in) :: a(lda, *)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctbsv
    subroutine ctpsv(uplo, trans, diag, n, ap, x, incx)
      character, intent(in) :: uplo, trans, diag
      integer, intent(in) :: n, incx
      complex(kind=4), intent(in) :: ap(*)
      complex(kind=4), intent(inout) :: x(*)
    end subroutine ctpsv
    subroutine cgeru(m, n, alpha, x, incx, y, incy, a, lda)
      integer, intent(in) :: m, n, incx, incy, lda
      complex(kind=4), intent(in) :: alpha, x(*), y(*)
      complex(kind=4), intent(inout) :: a(lda, *)
    end subroutine cgeru
    subroutine cgerc(m, n, alpha, x, incx, y, incy, a, lda)
      integer, intent(in) :: m, n, incx, incy, lda
      complex(kind=4), intent(in) :: alpha, x(*), y(*)
      complex(kind=4), intent(inout) :: a(lda, *)
    end subroutine cgerc
    subroutine cher(uplo, n, alpha, x, incx, a, lda)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, lda
      real, intent(in) :: alpha
      complex(kind=4), intent(in) :: x(*)
      complex(kind=4), intent(inout) :: a(lda, *)
    end subroutine cher
    subroutine chpr(uplo, n, alpha, x, incx, ap)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx
      real, intent(in) :: alpha
      complex(kind=4), intent(in) :: x(*)
      complex(kind=4), intent(inout) :: ap(*)
    end subroutine chpr
    subroutine cher2(uplo, n, alpha, x, incx, y, incy, a, lda)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy, lda
      complex(kind=4), intent(in) :: alpha, x(*), y(*)
      complex(kind=4), intent(inout) :: a(lda, *)
    end subroutine cher2
    subroutine chpr2(uplo, n, alpha, x, incx, y, incy, ap)
      character, intent(in) :: uplo
      integer, intent(in) :: n, incx, incy
      complex(kind=4), intent(in) :: alpha, x(*), y(*)
      complex(kind=4), intent(inout) :: ap(*)
    end subroutine chpr2
    subroutine cgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine cgemm
    subroutine csymm(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: side, uplo
      integer, intent(in) :: m, n, lda, ldb, ldc
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine csymm
    subroutine chemm(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: side, uplo
      integer, intent(in) :: m, n, lda, ldb, ldc
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine chemm
    subroutine csyrk(uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldc
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine csyrk
    subroutine cherk(uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldc
      real, intent(in) :: alpha, beta
      complex(kind=4), intent(in) :: a(lda, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine cherk
    subroutine csyr2k(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldb, ldc
      complex(kind=4), intent(in) :: alpha, beta, a(lda, *), b(ldb, *)
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine csyr2k
    subroutine cher2k(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      character, intent(in) :: uplo, trans
      integer, intent(in) :: n, k, lda, ldb, ldc
      complex(kind=4), intent(in) :: alpha, a(lda, *), b(ldb, *)
      real, intent(in) :: beta
      complex(kind=4), intent(inout) :: c(ldc, *)
    end subroutine cher2k
    subroutine ctrmm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
      character, intent(in) :: side, uplo, transa, diag
      integer, intent(in) :: m, n, lda, ldb
      complex(kind=4), intent(in) :: alpha, a(lda, *)
      complex(kind=4), intent(inout) :: b(ldb, *)
    end subroutine ctrmm
    subroutine ctrsm(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
      character, intent(in) :: side, uplo, transa, diag
      integer, intent(in) :: m, n, lda, ldb
      complex(kind=4), intent(in) :: alpha, a(lda, *)
      complex(kind=4), intent(inout) :: b(ldb, *)
    end subroutine ctrsm
  end interface
end module exactblas_complex

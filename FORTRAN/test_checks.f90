! test_checks.f90 -- what the Fortran tests share: bit-for-bit checks that
! count failures and say which case, what was expected and what came back.
module test_checks
  implicit none
  integer :: failures = 0
contains
  subroutine check(what, got, expected)
    character(*), intent(in) :: what
    double precision, intent(in) :: got, expected
    if (transfer(got, 0_8) /= transfer(expected, 0_8)) then
      print '(a, a, es25.17, a, es25.17)', what, ': got ', got, ' expected ', expected
      failures = failures + 1
    end if
  end subroutine check

  subroutine checki(what, got, expected)
    character(*), intent(in) :: what
    integer, intent(in) :: got, expected
    if (got /= expected) then
      print '(a, a, i0, a, i0)', what, ': got ', got, ' expected ', expected
      failures = failures + 1
    end if
  end subroutine checki
end module test_checks

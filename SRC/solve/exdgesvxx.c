/*
 * exdgesvxx.c -- EXDGESVXX and EXDPOSVXX: the correctly rounded solution of
 * A X = B, proven component by component.
 *
 *   SUBROUTINE EXDGESVXX(N, NRHS, A, LDA, B, LDB, X, LDX, PROVEN, BOUND, INFO)
 *   SUBROUTINE EXDPOSVXX(UPLO, N, NRHS, A, LDA, B, LDB, X, LDX, PROVEN, BOUND,
 *                        INFO)
 *   A, B (in)      untouched; EXDPOSVXX reads the UPLO triangle of A
 *   X (out)        N x NRHS
 *   PROVEN (out)   INTEGER(LDX,*): 1 where X(i,j) is proven to be RN of the
 *                  exact solution's component, else 0
 *   BOUND (out)    DOUBLE(LDX,*): a rigorous bound on |x*(i,j) - X(i,j)|
 *                  (+Inf where none was found)
 *   INFO (out)     0: every component proven;
 *                  -i: argument i is illegal (XERBLA);
 *                  i in 1..N: U(i,i) is exactly zero (the LU factorization
 *                    with partial pivoting, as DGESV), or the leading minor
 *                    of order i is not positive definite (the Cholesky
 *                    factorization, as DPOSV): X untouched;
 *                  N+1: an enclosure was found, some components are not
 *                    proven (their flags are 0: the exact value lies too
 *                    close to a rounding boundary for the enclosure);
 *                  N+2: too ill-conditioned to verify: the rigorous bound
 *                    on ||I - R A|| is not below 1 (or A, B are not
 *                    finite); X holds the best approximation found;
 *                  N+3: no memory for the workspace; X untouched.
 *
 * The contract, the method and its proof: doc/CONTRACT.md, "Linear
 * systems".  The work is exb_xx_solve (driver.c); solve.h lists the files
 * of the solver and the steps each carries out.  The Fortran names
 * (exdgesvxx_, exdposvxx_) are in SRC/faces/fortran.c.
 */
#include "exactblas.h"
#include "core/fpenv.h"
#include "routines.h"
#include "support/path.h"
#include "support/xerbla.h"

/* The argument checks of both routines (EXDPOSVXX's positions one
 * further, UPLO first), the quick return, then the solve. */
static void solve_driver(const char *name, int spd, char uplo, long n, long nrhs, const double *a,
                         long lda, const double *b, long ldb, double *x, long ldx, int *proven,
                         double *bound, int *info)
{
    exb_path_begin();
    int bad = 0, o = spd; /* EXDPOSVXX's positions are one further */
    if (spd && !exb_lsame(uplo, 'U') && !exb_lsame(uplo, 'L'))
        bad = 1;
    else if (n < 0)
        bad = 1 + o;
    else if (nrhs < 0)
        bad = 2 + o;
    else if (lda < (n > 1 ? n : 1))
        bad = 4 + o;
    else if (ldb < (n > 1 ? n : 1))
        bad = 6 + o;
    else if (ldx < (n > 1 ? n : 1))
        bad = 8 + o;
    if (bad) {
        *info = -bad;
        exb_xerbla(name, bad);
        return;
    }
    *info = 0;
    if (n == 0 || nrhs == 0)
        return;
    exb_xx p = {0};
    p.name = name;
    p.spd = spd;
    p.uplo = uplo;
    p.n = n;
    p.nrhs = nrhs;
    p.a = a;
    p.lda = lda;
    p.b = b;
    p.ldb = ldb;
    p.x = x;
    p.ldx = ldx;
    p.proven = proven;
    p.bound = bound;
    p.ldp = ldx;
    *info = (int)exb_xx_solve(&p);
}

EXB_ENTRY_VOID(exb_dgesvxx_checked,
               (const char *name, long n, long nrhs, const double *a, long lda, const double *b,
                long ldb, double *x, long ldx, int *proven, double *bound, int *info),
               (name, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info))
{
    solve_driver(name, 0, 'N', n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

EXB_ENTRY_VOID(exb_dposvxx_checked,
               (const char *name, char uplo, long n, long nrhs, const double *a, long lda,
                const double *b, long ldb, double *x, long ldx, int *proven, double *bound,
                int *info),
               (name, uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info))
{
    solve_driver(name, 1, uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

void exactblas_dgesvxx(int n, int nrhs, const double *a, int lda, const double *b, int ldb,
                       double *x, int ldx, int *proven, double *bound, int *info)
{
    exb_dgesvxx_checked("EXDGESVXX", n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

void exactblas_dposvxx(char uplo, int n, int nrhs, const double *a, int lda, const double *b,
                       int ldb, double *x, int ldx, int *proven, double *bound, int *info)
{
    exb_dposvxx_checked("EXDPOSVXX", uplo, n, nrhs, a, lda, b, ldb, x, ldx, proven, bound, info);
}

/*
 * cblas_common.h -- what the CBLAS faces (cblas_real.c, cblas_complex.c)
 * share: the CBLAS enumerations, the calling-from-C state the reference's
 * xerbla mapping reads, the option letters (row-major: the transposed
 * problem's) and their errors through cblas_xerbla, and the Fortran names
 * the faces call (cblas_fortran.h).
 */
#ifndef EXACTBLAS_CBLAS_COMMON_H
#define EXACTBLAS_CBLAS_COMMON_H

#include "fint.h"

enum {
    RowMajor = 101,
    ColMajor = 102,
    NoTrans = 111,
    Trans = 112,
    ConjTrans = 113,
    Upper = 121,
    Lower = 122,
    NonUnit = 131,
    Unit = 132,
    Left = 141,
    Right = 142
};

FACE void CNAME(cblas_xerbla)(fint info, const char *rout, const char *form, ...);
extern int CBLAS_CallFromC, RowMajorStrg;

/* The Fortran names this file calls (blas_real.c and the Level 1 and 3
 * faces). */
#define F1(ret, name, ...) ret FNAME(name)(__VA_ARGS__);
#include "cblas_fortran.h"
#undef F1

/* ---- the option arguments ---------------------------------------------------- */

static inline void cblas_begin(int row_major)
{
    CBLAS_CallFromC = 1;
    RowMajorStrg = row_major;
}

static inline void cblas_end(void)
{
    CBLAS_CallFromC = 0;
    RowMajorStrg = 0;
}

/* An illegal option: reported at its CBLAS position, nothing computed. */
static inline void bad(fint position, const char *rout, const char *what, int value)
{
    CNAME(cblas_xerbla)(position, rout, "Illegal %s setting, %d\n", what, value);
    cblas_end();
}

/* Trans as a letter (row-major: the transposed problem's), 0 when illegal. */
static inline char trans_letter(int t, int row_major)
{
    if (t == NoTrans)
        return row_major ? 'T' : 'N';
    if (t == Trans)
        return row_major ? 'N' : 'T';
    if (t == ConjTrans)
        return row_major ? 'N' : 'C';
    return 0;
}

static inline char uplo_letter(int u, int row_major)
{
    if (u == Upper)
        return row_major ? 'L' : 'U';
    if (u == Lower)
        return row_major ? 'U' : 'L';
    return 0;
}

static inline char side_letter(int s, int row_major)
{
    if (s == Left)
        return row_major ? 'R' : 'L';
    if (s == Right)
        return row_major ? 'L' : 'R';
    return 0;
}

static inline char diag_letter(int d)
{
    return d == Unit ? 'U' : d == NonUnit ? 'N' : 0;
}

/* The layout: 1 row-major, 0 column-major, -1 illegal (reported). */
static inline int layout_of(int layout, const char *rout)
{
    if (layout == RowMajor || layout == ColMajor)
        return layout == RowMajor;
    CNAME(cblas_xerbla)(1, rout, "Illegal layout setting, %d\n", layout);
    cblas_end();
    return -1;
}

#define ROUT(name) "cblas_" #name

/* The reference's quick return of a complex matrix-vector product: alpha = 0
 * and beta = 1 leave y untouched, bit for bit (the conjugated row-major
 * forms must not conjugate y around it).  In the caller's EXB_FPENV_SCOPE. */
static inline int complex_mv_quick(int f32, const void *alpha, const void *beta)
{
    if (f32) {
        const float *a = alpha, *b = beta;
        return a[0] == 0.0f && a[1] == 0.0f && b[0] == 1.0f && b[1] == 0.0f;
    }
    const double *a = alpha, *b = beta;
    return a[0] == 0.0 && a[1] == 0.0 && b[0] == 1.0 && b[1] == 0.0;
}

/* The triangular ones: UPLO and TRANS flip for row-major; checks at 2, 3, 4. */
#define TRIANGULAR_OPTIONS(rout)                                                                   \
    int rm = layout_of(layout, rout);                                                              \
    if (rm < 0)                                                                                    \
        return;                                                                                    \
    cblas_begin(rm);                                                                               \
    char u = uplo_letter(uplo, rm), t = trans_letter(trans, rm), d = diag_letter(diag);            \
    if (!u)                                                                                        \
        return bad(2, rout, "Uplo", uplo);                                                         \
    if (!t)                                                                                        \
        return bad(3, rout, "TransA", trans);                                                      \
    if (!d)                                                                                        \
    return bad(4, rout, "Diag", diag)

#endif

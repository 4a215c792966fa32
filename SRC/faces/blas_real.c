/*
 * blas_real.c -- the reference BLAS's Fortran names of the real routines
 * (single and double precision), each calling its exact checked core with
 * the name XERBLA reports ('DGEMM ', ...).  Compiled into libexactblas_blas
 * (the face LAPACK links ahead of the system BLAS), into the drop-in
 * libblas.so.3 and, with EXB_ILP64, into its ILP64 twin (fint.h).  The
 * rule of each routine: doc/CONTRACT.md and the cores' headers
 * (routines.h, level1/level1.h, level2/level2.h, level3/level3.h).
 */
#include "fint.h"
#include "routines.h"
#include "level1/level1.h"
#include "level2/level2.h"
#include "level3/level3.h"

/* ---- Level 1 (the rest: level1/level1.h) ---------------------------------- */

FACE double FNAME(ddot)(const fint *n, const double *x, const fint *incx, const double *y,
                        const fint *incy)
{
    return exb_ddot_checked(*n, x, *incx, y, *incy);
}

FACE double FNAME(dasum)(const fint *n, const double *x, const fint *incx)
{
    return exb_dasum_checked(*n, x, *incx);
}

FACE double FNAME(dnrm2)(const fint *n, const double *x, const fint *incx)
{
    return exb_dnrm2_checked(*n, x, *incx);
}

FACE void FNAME(daxpy)(const fint *n, const double *a, const double *x, const fint *incx, double *y,
                       const fint *incy)
{
    exb_daxpy_checked(*n, *a, x, *incx, y, *incy);
}

FACE void FNAME(dscal)(const fint *n, const double *a, double *x, const fint *incx)
{
    exb_dscal_checked(*n, *a, x, *incx);
}

/* The S twins and the moves, rotations and IxAMAX (level1/level1.h). */
#define MOVE_FACES(p, T)                                                                           \
    FACE void FNAME(p##copy)(const fint *n, const T *x, const fint *incx, T *y, const fint *incy)  \
    {                                                                                              \
        exb_##p##copy_checked(*n, x, *incx, y, *incy);                                             \
    }                                                                                              \
    FACE void FNAME(p##swap)(const fint *n, T *x, const fint *incx, T *y, const fint *incy)        \
    {                                                                                              \
        exb_##p##swap_checked(*n, x, *incx, y, *incy);                                             \
    }                                                                                              \
    FACE fint FNAME(i##p##amax)(const fint *n, const T *x, const fint *incx)                       \
    {                                                                                              \
        return (fint)exb_i##p##amax_checked(*n, x, *incx);                                         \
    }                                                                                              \
    FACE void FNAME(p##rot)(const fint *n, T *x, const fint *incx, T *y, const fint *incy,         \
                            const T *c, const T *s)                                                \
    {                                                                                              \
        exb_##p##rot_checked(*n, x, *incx, y, *incy, *c, *s);                                      \
    }                                                                                              \
    FACE void FNAME(p##rotm)(const fint *n, T *x, const fint *incx, T *y, const fint *incy,        \
                             const T *param)                                                       \
    {                                                                                              \
        exb_##p##rotm_checked(*n, x, *incx, y, *incy, param);                                      \
    }                                                                                              \
    FACE void FNAME(p##rotg)(T * a, T * b, T * c, T * s)                                           \
    {                                                                                              \
        exb_##p##rotg_checked(a, b, c, s);                                                         \
    }                                                                                              \
    FACE void FNAME(p##rotmg)(T * d1, T * d2, T * x1, const T *y1, T *param)                       \
    {                                                                                              \
        exb_##p##rotmg_checked(d1, d2, x1, *y1, param);                                            \
    }
MOVE_FACES(s, float)
MOVE_FACES(d, double)

FACE float FNAME(sdot)(const fint *n, const float *x, const fint *incx, const float *y,
                       const fint *incy)
{
    return exb_sdot_checked(*n, x, *incx, y, *incy);
}

FACE double FNAME(dsdot)(const fint *n, const float *x, const fint *incx, const float *y,
                         const fint *incy)
{
    return exb_dsdot_checked(*n, x, *incx, y, *incy);
}

FACE float FNAME(sdsdot)(const fint *n, const float *sb, const float *x, const fint *incx,
                         const float *y, const fint *incy)
{
    return exb_sdsdot_checked(*n, *sb, x, *incx, y, *incy);
}

FACE float FNAME(sasum)(const fint *n, const float *x, const fint *incx)
{
    return exb_sasum_checked(*n, x, *incx);
}

FACE float FNAME(snrm2)(const fint *n, const float *x, const fint *incx)
{
    return exb_snrm2_checked(*n, x, *incx);
}

FACE void FNAME(saxpy)(const fint *n, const float *a, const float *x, const fint *incx, float *y,
                       const fint *incy)
{
    exb_saxpy_checked(*n, *a, x, *incx, y, *incy);
}

FACE void FNAME(sscal)(const fint *n, const float *a, float *x, const fint *incx)
{
    exb_sscal_checked(*n, *a, x, *incx);
}

/* ---- Level 2 ----------------------------------------------------------------- */

#define GEMV_FACE(p, P, T)                                                                         \
    FACE void FNAME(p##gemv)(const char *trans, const fint *m, const fint *n, const T *alpha,      \
                             const T *a, const fint *lda, const T *x, const fint *incx,            \
                             const T *beta, T *y, const fint *incy, size_t trans_len)              \
    {                                                                                              \
        (void)trans_len;                                                                           \
        exb_##p##gemv_checked(#P "GEMV ", *trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y,     \
                              *incy);                                                              \
    }
GEMV_FACE(d, D, double)
GEMV_FACE(s, S, float)

#define GBMV_FACE(p, P, T)                                                                         \
    FACE void FNAME(p##gbmv)(const char *trans, const fint *m, const fint *n, const fint *kl,      \
                             const fint *ku, const T *alpha, const T *a, const fint *lda,          \
                             const T *x, const fint *incx, const T *beta, T *y, const fint *incy,  \
                             size_t trans_len)                                                     \
    {                                                                                              \
        (void)trans_len;                                                                           \
        exb_##p##gbmv_checked(#P "GBMV ", *trans, *m, *n, *kl, *ku, *alpha, a, *lda, x, *incx,     \
                              *beta, y, *incy);                                                    \
    }
GBMV_FACE(s, S, float)
GBMV_FACE(d, D, double)

#define SYMV_FACE(p, P, T)                                                                         \
    FACE void FNAME(p##symv)(const char *uplo, const fint *n, const T *alpha, const T *a,          \
                             const fint *lda, const T *x, const fint *incx, const T *beta, T *y,   \
                             const fint *incy, size_t uplo_len)                                    \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##symv_checked(#P "SYMV ", *uplo, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);  \
    }                                                                                              \
    FACE void FNAME(p##sbmv)(const char *uplo, const fint *n, const fint *k, const T *alpha,       \
                             const T *a, const fint *lda, const T *x, const fint *incx,            \
                             const T *beta, T *y, const fint *incy, size_t uplo_len)               \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##sbmv_checked(#P "SBMV ", *uplo, *n, *k, *alpha, a, *lda, x, *incx, *beta, y,      \
                              *incy);                                                              \
    }                                                                                              \
    FACE void FNAME(p##spmv)(const char *uplo, const fint *n, const T *alpha, const T *ap,         \
                             const T *x, const fint *incx, const T *beta, T *y, const fint *incy,  \
                             size_t uplo_len)                                                      \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##spmv_checked(#P "SPMV ", *uplo, *n, *alpha, ap, x, *incx, *beta, y, *incy);       \
    }
SYMV_FACE(s, S, float)
SYMV_FACE(d, D, double)

#define TRI_LENS size_t uplo_len, size_t trans_len, size_t diag_len
#define TRI_UNUSED (void)uplo_len, (void)trans_len, (void)diag_len
#define TRIANGULAR_FACE(p, P, T, op, OP)                                                           \
    FACE void FNAME(p##tr##op)(const char *uplo, const char *trans, const char *diag,              \
                               const fint *n, const T *a, const fint *lda, T *x, const fint *incx, \
                               TRI_LENS)                                                           \
    {                                                                                              \
        TRI_UNUSED;                                                                                \
        exb_##p##tr##op##_checked(#P "TR" #OP " ", *uplo, *trans, *diag, *n, a, *lda, x, *incx);   \
    }                                                                                              \
    FACE void FNAME(p##tb##op)(const char *uplo, const char *trans, const char *diag,              \
                               const fint *n, const fint *k, const T *a, const fint *lda, T *x,    \
                               const fint *incx, TRI_LENS)                                         \
    {                                                                                              \
        TRI_UNUSED;                                                                                \
        exb_##p##tb##op##_checked(#P "TB" #OP " ", *uplo, *trans, *diag, *n, *k, a, *lda, x,       \
                                  *incx);                                                          \
    }                                                                                              \
    FACE void FNAME(p##tp##op)(const char *uplo, const char *trans, const char *diag,              \
                               const fint *n, const T *ap, T *x, const fint *incx, TRI_LENS)       \
    {                                                                                              \
        TRI_UNUSED;                                                                                \
        exb_##p##tp##op##_checked(#P "TP" #OP " ", *uplo, *trans, *diag, *n, ap, x, *incx);        \
    }
TRIANGULAR_FACE(s, S, float, mv, MV)
TRIANGULAR_FACE(d, D, double, mv, MV)
TRIANGULAR_FACE(s, S, float, sv, SV)
TRIANGULAR_FACE(d, D, double, sv, SV)

#define RANK_FACE(p, P, T)                                                                         \
    FACE void FNAME(p##ger)(const fint *m, const fint *n, const T *alpha, const T *x,              \
                            const fint *incx, const T *y, const fint *incy, T *a, const fint *lda) \
    {                                                                                              \
        exb_##p##ger_checked(#P "GER  ", *m, *n, *alpha, x, *incx, y, *incy, a, *lda);             \
    }                                                                                              \
    FACE void FNAME(p##syr)(const char *uplo, const fint *n, const T *alpha, const T *x,           \
                            const fint *incx, T *a, const fint *lda, size_t uplo_len)              \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##syr_checked(#P "SYR  ", *uplo, *n, *alpha, x, *incx, a, *lda);                    \
    }                                                                                              \
    FACE void FNAME(p##spr)(const char *uplo, const fint *n, const T *alpha, const T *x,           \
                            const fint *incx, T *ap, size_t uplo_len)                              \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##spr_checked(#P "SPR  ", *uplo, *n, *alpha, x, *incx, ap);                         \
    }                                                                                              \
    FACE void FNAME(p##syr2)(const char *uplo, const fint *n, const T *alpha, const T *x,          \
                             const fint *incx, const T *y, const fint *incy, T *a,                 \
                             const fint *lda, size_t uplo_len)                                     \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##syr2_checked(#P "SYR2 ", *uplo, *n, *alpha, x, *incx, y, *incy, a, *lda);         \
    }                                                                                              \
    FACE void FNAME(p##spr2)(const char *uplo, const fint *n, const T *alpha, const T *x,          \
                             const fint *incx, const T *y, const fint *incy, T *ap,                \
                             size_t uplo_len)                                                      \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        exb_##p##spr2_checked(#P "SPR2 ", *uplo, *n, *alpha, x, *incx, y, *incy, ap);              \
    }
RANK_FACE(s, S, float)
RANK_FACE(d, D, double)

/* ---- Level 3 (the rest: level3/level3.h) --------------------------------------- */

FACE void FNAME(dgemm)(const char *transa, const char *transb, const fint *m, const fint *n,
                       const fint *k, const double *alpha, const double *a, const fint *lda,
                       const double *b, const fint *ldb, const double *beta, double *c,
                       const fint *ldc, size_t transa_len, size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    exb_dgemm_checked("DGEMM ", *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c,
                      *ldc);
}

FACE void FNAME(dtrsm)(const char *side, const char *uplo, const char *transa, const char *diag,
                       const fint *m, const fint *n, const double *alpha, const double *a,
                       const fint *lda, double *b, const fint *ldb, size_t side_len,
                       size_t uplo_len, size_t transa_len, size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    exb_dtrsm_checked("DTRSM ", *side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}

FACE void FNAME(dsyrk)(const char *uplo, const char *trans, const fint *n, const fint *k,
                       const double *alpha, const double *a, const fint *lda, const double *beta,
                       double *c, const fint *ldc, size_t uplo_len, size_t trans_len)
{
    (void)uplo_len;
    (void)trans_len;
    exb_dsyrk_checked("DSYRK ", *uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
}

/* The Level 3 routines of both precisions, one macro each (T the type, P
 * its prefix, N the upper-case name XERBLA reports). */
#define GEMM3(P, T, N)                                                                             \
    FACE void FNAME(P##gemm)(const char *transa, const char *transb, const fint *m, const fint *n, \
                             const fint *k, const T *alpha, const T *a, const fint *lda,           \
                             const T *b, const fint *ldb, const T *beta, T *c, const fint *ldc,    \
                             size_t transa_len, size_t transb_len)                                 \
    {                                                                                              \
        (void)transa_len;                                                                          \
        (void)transb_len;                                                                          \
        exb_##P##gemm_checked(N, *transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, \
                              *ldc);                                                               \
    }
#define SYMM3(P, T, N)                                                                             \
    FACE void FNAME(P##symm)(const char *side, const char *uplo, const fint *m, const fint *n,     \
                             const T *alpha, const T *a, const fint *lda, const T *b,              \
                             const fint *ldb, const T *beta, T *c, const fint *ldc,                \
                             size_t side_len, size_t uplo_len)                                     \
    {                                                                                              \
        (void)side_len;                                                                            \
        (void)uplo_len;                                                                            \
        exb_##P##symm_checked(N, *side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);  \
    }
#define SYRK3(P, T, N)                                                                             \
    FACE void FNAME(P##syrk)(const char *uplo, const char *trans, const fint *n, const fint *k,    \
                             const T *alpha, const T *a, const fint *lda, const T *beta, T *c,     \
                             const fint *ldc, size_t uplo_len, size_t trans_len)                   \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        (void)trans_len;                                                                           \
        exb_##P##syrk_checked(N, *uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);          \
    }
#define SYR2K3(P, T, N)                                                                            \
    FACE void FNAME(P##syr2k)(const char *uplo, const char *trans, const fint *n, const fint *k,   \
                              const T *alpha, const T *a, const fint *lda, const T *b,             \
                              const fint *ldb, const T *beta, T *c, const fint *ldc,               \
                              size_t uplo_len, size_t trans_len)                                   \
    {                                                                                              \
        (void)uplo_len;                                                                            \
        (void)trans_len;                                                                           \
        exb_##P##syr2k_checked(N, *uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c,       \
                               *ldc);                                                              \
    }
#define TRI3(P, T, R, N)                                                                           \
    FACE void FNAME(P##R)(const char *side, const char *uplo, const char *transa,                  \
                          const char *diag, const fint *m, const fint *n, const T *alpha,          \
                          const T *a, const fint *lda, T *b, const fint *ldb, size_t side_len,     \
                          size_t uplo_len, size_t transa_len, size_t diag_len)                     \
    {                                                                                              \
        (void)side_len;                                                                            \
        (void)uplo_len;                                                                            \
        (void)transa_len;                                                                          \
        (void)diag_len;                                                                            \
        exb_##P##R##_checked(N, *side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);   \
    }

GEMM3(s, float, "SGEMM ")
SYMM3(s, float, "SSYMM ")
SYMM3(d, double, "DSYMM ")
SYRK3(s, float, "SSYRK ")
SYR2K3(s, float, "SSYR2K")
SYR2K3(d, double, "DSYR2K")
TRI3(s, float, trmm, "STRMM ")
TRI3(d, double, trmm, "DTRMM ")
TRI3(s, float, trsm, "STRSM ")

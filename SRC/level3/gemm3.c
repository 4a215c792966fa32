/*
 * gemm3.c -- the Level 3 routines that are a GEMM in disguise: SGEMM, SYMM,
 * SYRK, SYR2K, TRMM (S, D; level3.h has the rules).  Each builds the GEMM
 * whose exact sums are its own and lets EXDGEMM's engines compute it:
 *   SYMM   A's symmetric matrix written out in full (the same terms);
 *   SYRK   C's triangle by column blocks: below (or above) the diagonal
 *          block a GEMM into C, the diagonal block a GEMM into a copy whose
 *          triangle goes back;
 *   SYR2K  SYRK's blocks on [A B] times [B A]**T (k doubled: every term
 *          a_il b_jl and b_il a_jl once);
 *   TRMM   op(A) written out dense with zeros outside the triangle: the
 *          exact value is unchanged, and only two things differ from the
 *          triangle's own sum, both repaired: a zero result's sign (the
 *          zeros outside are terms for GEMM's zero rule) and a column (row,
 *          side R) of B holding an Inf or NaN (0 * Inf), which is summed
 *          over the triangle alone.
 * Binary32: the data are copied into binary64 (exact), GEMM rounds to
 * binary64, and each result is rounded to binary32 once, a binary32
 * midpoint re-decided by the exact sum (core/f32.h).
 */
#include "level3.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/f32.h"
#include "core/fpenv.h"
#include "core/superacc.h"
#include "routines.h"
#include "support/note.h"
#include "support/path.h"
#include "support/xerbla.h"

#define NB 256 /* SYRK/SYR2K's column block */

static long max1(long v)
{
    return v > 1 ? v : 1;
}

/* The exact sum (in acc) of op(A)_il op(B)_lj, l < k. */
static void exact_entry(exb_superacc *acc, char ta, char tb, long i, long j, long k,
                        const double *a, long lda, const double *b, long ldb)
{
    exb_superacc_clear(acc);
    for (long l = 0; l < k; l++) {
        double x = ta == 'N' ? a[i + l * lda] : a[l + i * lda];
        double y = tb == 'N' ? b[l + j * ldb] : b[j + l * ldb];
        exb_superacc_add_product(acc, x, y);
    }
}

/* C (m x n) := alpha op(A) op(B) + beta C, op(A) m x k, op(B) k x n, a and
 * b binary64, c double * or float * (f32), ta/tb 'N' or 'T'; beta = 0
 * does not read C.  The GEMMs' path bits go into *path. */
void exb_gemm_any(const char *name, int f32, char ta, char tb, long m, long n, long k, double alpha,
                  const double *a, long lda, const double *b, long ldb, double beta, void *c,
                  long ldc, int *path)
{
    if (m <= 0 || n <= 0)
        return;
    if (!f32) {
        exb_dgemm_checked(name, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
        *path |= exactblas_last_path();
        return;
    }
    float *cf = c;
    double *w = malloc((size_t)m * (size_t)n * sizeof *w);
    if (!w) {
        exb_note("no memory for a %ld x %ld binary32 GEMM block: C left as it was", m, n);
        return;
    }
    if (beta != 0.0)
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                w[i + j * m] = cf[i + j * ldc];
    exb_dgemm_checked(name, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, w, m);
    *path |= exactblas_last_path();
    exb_superacc acc;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            double d = w[i + j * m];
            float below, above;
            if (!exb_f32_midpoint(d, &below, &above)) {
                cf[i + j * ldc] = (float)d;
                continue;
            }
            exact_entry(&acc, ta, tb, i, j, k, a, lda, b, ldb);
            double y = beta != 0.0 ? (double)cf[i + j * ldc] : 0.0;
            int s = exb_superacc_affine_sign(&acc, alpha, beta, y, d);
            cf[i + j * ldc] = s > 0 ? above : s < 0 ? below : (float)d;
        }
    free(w);
}

/* x (rows x cols of a float or double matrix, leading dimension ld) as a
 * dense binary64 copy (leading dimension rows); NULL when out of memory. */
static double *widen(int f32, const void *x, long rows, long cols, long ld)
{
    double *w = malloc((size_t)max1(rows) * (size_t)max1(cols) * sizeof *w);
    if (!w)
        return NULL;
    for (long j = 0; j < cols; j++)
        for (long i = 0; i < rows; i++)
            w[i + j * rows] =
                f32 ? (double)((const float *)x)[i + j * ld] : ((const double *)x)[i + j * ld];
    return w;
}

static void *at(int f32, void *c, long i, long j, long ldc)
{
    return (char *)c + (size_t)(i + j * ldc) * (f32 ? sizeof(float) : sizeof(double));
}

/* C := beta C on a block or triangle (alpha = 0): RN(beta c), 0 for beta =
 * 0 (C not read). */
static void scale(int f32, int tri, int upper, long m, long n, double beta, void *c, long ldc)
{
    for (long j = 0; j < n; j++) {
        long i0 = tri && !upper ? j : 0, i1 = tri && upper ? (j + 1 < m ? j + 1 : m) : m;
        for (long i = i0; i < i1; i++) {
            void *p = at(f32, c, i, j, ldc);
            if (f32) {
                float *q = p;
                *q = beta == 0.0 ? 0.0f : (float)exb_canonical_nan(beta * (double)*q);
            } else {
                double *q = p;
                *q = beta == 0.0 ? 0.0 : exb_canonical_nan(beta * *q);
            }
        }
    }
}

/* The UPLO triangle of C (n x n) := alpha op(A) op(B) + beta C, op(A) n x k,
 * op(B) k x n (binary64 a, b). */
static void gemm_triangle(const char *name, int f32, int upper, char ta, char tb, long n, long k,
                          double alpha, const double *a, long lda, const double *b, long ldb,
                          double beta, void *c, long ldc, int *path)
{
    size_t es = f32 ? sizeof(float) : sizeof(double);
    long nbmax = n < NB ? n : NB;
    void *t = malloc((size_t)nbmax * (size_t)nbmax * es);
    if (!t) {
        exb_note("no memory for a triangle block: C left as it was");
        return;
    }
    for (long j0 = 0; j0 < n; j0 += NB) {
        long nb = n - j0 < NB ? n - j0 : NB;
        const double *bj = tb == 'N' ? b + j0 * ldb : b + j0;
        if (upper && j0 > 0)
            exb_gemm_any(name, f32, ta, tb, j0, nb, k, alpha, a, lda, bj, ldb, beta,
                         at(f32, c, 0, j0, ldc), ldc, path);
        if (!upper && j0 + nb < n) {
            long i1 = j0 + nb;
            exb_gemm_any(name, f32, ta, tb, n - i1, nb, k, alpha, ta == 'N' ? a + i1 : a + i1 * lda,
                         lda, bj, ldb, beta, at(f32, c, i1, j0, ldc), ldc, path);
        }
        /* the diagonal block through a copy: its other triangle is not C's */
        memset(t, 0, (size_t)nb * (size_t)nb * es); /* the nb x nb block only */
        for (long j = 0; j < nb && beta != 0.0; j++)
            for (long i = upper ? 0 : j; i < (upper ? j + 1 : nb); i++)
                memcpy(at(f32, t, i, j, nb), at(f32, c, j0 + i, j0 + j, ldc), es);
        exb_gemm_any(name, f32, ta, tb, nb, nb, k, alpha, ta == 'N' ? a + j0 : a + j0 * lda, lda,
                     bj, ldb, beta, t, nb, path);
        for (long j = 0; j < nb; j++)
            for (long i = upper ? 0 : j; i < (upper ? j + 1 : nb); i++)
                memcpy(at(f32, c, j0 + i, j0 + j, ldc), at(f32, t, i, j, nb), es);
    }
    free(t);
}

static void note_path(int path)
{
    exb_path_begin();
    exb_path_add(path);
}

/* ---- SGEMM ------------------------------------------------------------------------ */

EXB_ENTRY_VOID(exb_sgemm_checked,
               (const char *name, char transa, char transb, long m, long n, long k, float alpha,
                const float *a, long lda, const float *b, long ldb, float beta, float *c, long ldc),
               (name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    exb_path_begin();
    int bad = exb_gemm_check(transa, transb, m, n, k, lda, ldb, ldc);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || ((alpha == 0.0f || k == 0) && beta == 1.0f))
        return;
    char ta = exb_lsame(transa, 'N') ? 'N' : 'T', tb = exb_lsame(transb, 'N') ? 'N' : 'T';
    if (alpha == 0.0f || k == 0) {
        scale(1, 0, 0, m, n, beta, c, ldc);
        return;
    }
    long ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m;
    long br = tb == 'N' ? k : n, bc = tb == 'N' ? n : k;
    double *a64 = widen(1, a, ar, ac, lda), *b64 = widen(1, b, br, bc, ldb);
    int path = 0;
    if (a64 && b64)
        exb_gemm_any(name, 1, ta, tb, m, n, k, alpha, a64, ar, b64, br, beta, c, ldc, &path);
    else
        exb_note("no memory for SGEMM's binary64 copies: C left as it was");
    free(a64);
    free(b64);
    note_path(path);
}

/* ---- SYMM ------------------------------------------------------------------------- */

static void symm(const char *name, int f32, char side, char uplo, long m, long n, double alpha,
                 const void *a, long lda, const void *b, long ldb, double beta, void *c, long ldc)
{
    exb_path_begin();
    int left = exb_lsame(side, 'L'), upper = exb_lsame(uplo, 'U');
    long na = left ? m : n;
    int bad = !left && !exb_lsame(side, 'R')    ? 1
              : !upper && !exb_lsame(uplo, 'L') ? 2
              : m < 0                           ? 3
              : n < 0                           ? 4
              : lda < max1(na)                  ? 7
              : ldb < max1(m)                   ? 9
              : ldc < max1(m)                   ? 12
                                                : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0))
        return;
    if (alpha == 0.0) {
        scale(f32, 0, 0, m, n, beta, c, ldc);
        return;
    }
    double *s = malloc((size_t)na * (size_t)na * sizeof *s);
    double *b64 = f32 ? widen(1, b, m, n, ldb) : (double *)b;
    int path = 0;
    if (s && b64) {
        for (long j = 0; j < na; j++)
            for (long i = upper ? 0 : j; i < (upper ? j + 1 : na); i++) {
                double v = f32 ? (double)((const float *)a)[i + j * lda]
                               : ((const double *)a)[i + j * lda];
                s[i + j * na] = v;
                s[j + i * na] = v;
            }
        long lb = f32 ? m : ldb;
        if (left)
            exb_gemm_any(name, f32, 'N', 'N', m, n, m, alpha, s, na, b64, lb, beta, c, ldc, &path);
        else
            exb_gemm_any(name, f32, 'N', 'N', m, n, n, alpha, b64, lb, s, na, beta, c, ldc, &path);
    } else {
        exb_note("no memory for SYMM's symmetric matrix: C left as it was");
    }
    free(s);
    if (f32)
        free(b64);
    note_path(path);
}

EXB_ENTRY_VOID(exb_ssymm_checked,
               (const char *name, char side, char uplo, long m, long n, float alpha, const float *a,
                long lda, const float *b, long ldb, float beta, float *c, long ldc),
               (name, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    symm(name, 1, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_dsymm_checked,
               (const char *name, char side, char uplo, long m, long n, double alpha,
                const double *a, long lda, const double *b, long ldb, double beta, double *c,
                long ldc),
               (name, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
{
    symm(name, 0, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* ---- SYRK, SYR2K ------------------------------------------------------------------ */

/* two = 0: SYRK (b unused), 1: SYR2K.  Positions: 1 UPLO, 2 TRANS, 3 N, 4
 * K, 7 LDA, SYR2K 9 LDB, 12 LDC; SYRK 10 LDC. */
static void rank_k(const char *name, int f32, int two, char uplo, char trans, long n, long k,
                   double alpha, const void *a, long lda, const void *b, long ldb, double beta,
                   void *c, long ldc)
{
    exb_path_begin();
    int upper = exb_lsame(uplo, 'U'), notrans = exb_lsame(trans, 'N');
    long rows = notrans ? n : k;
    int bad = !upper && !exb_lsame(uplo, 'L')                                ? 1
              : !notrans && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C') ? 2
              : n < 0                                                        ? 3
              : k < 0                                                        ? 4
              : lda < max1(rows)                                             ? 7
              : two && ldb < max1(rows)                                      ? 9
              : ldc < max1(n)                                                ? (two ? 12 : 10)
                                                                             : 0;
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0))
        return;
    if (alpha == 0.0 || k == 0) {
        scale(f32, 1, upper, n, n, beta, c, ldc);
        return;
    }
    int path = 0;
    long cols = notrans ? k : n;
    if (!two) {
        /* op(A) op(A)**T: A itself on both sides */
        double *a64 = f32 ? widen(1, a, rows, cols, lda) : (double *)a;
        long la = f32 ? rows : lda;
        if (a64)
            gemm_triangle(name, f32, upper, notrans ? 'N' : 'T', notrans ? 'T' : 'N', n, k, alpha,
                          a64, la, a64, la, beta, c, ldc, &path);
        else
            exb_note("no memory for SSYRK's binary64 copy: C left as it was");
        if (f32)
            free(a64);
    } else {
        /* N: [A B] (n x 2k) times [B A]**T; T: [A; B] (2k x n) transposed
         * times [B; A] */
        long r2 = notrans ? n : 2 * k, c2 = notrans ? 2 * k : n;
        double *p = malloc((size_t)r2 * (size_t)c2 * sizeof *p);
        double *q = malloc((size_t)r2 * (size_t)c2 * sizeof *q);
        if (p && q) {
            for (long j = 0; j < cols; j++)
                for (long i = 0; i < rows; i++) {
                    double av = f32 ? (double)((const float *)a)[i + j * lda]
                                    : ((const double *)a)[i + j * lda];
                    double bv = f32 ? (double)((const float *)b)[i + j * ldb]
                                    : ((const double *)b)[i + j * ldb];
                    long first = notrans ? i + j * r2 : i + j * r2;
                    long second = notrans ? i + (j + k) * r2 : (i + k) + j * r2;
                    p[first] = av, p[second] = bv;
                    q[first] = bv, q[second] = av;
                }
            gemm_triangle(name, f32, upper, notrans ? 'N' : 'T', notrans ? 'T' : 'N', n, 2 * k,
                          alpha, p, r2, q, r2, beta, c, ldc, &path);
        } else {
            exb_note("no memory for SYR2K's stacked copies: C left as it was");
        }
        free(p);
        free(q);
    }
    note_path(path);
}

EXB_ENTRY_VOID(exb_dsyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, double alpha,
                const double *a, long lda, double beta, double *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    rank_k(name, 0, 0, uplo, trans, n, k, alpha, a, lda, NULL, 0, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_ssyrk_checked,
               (const char *name, char uplo, char trans, long n, long k, float alpha,
                const float *a, long lda, float beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, beta, c, ldc))
{
    rank_k(name, 1, 0, uplo, trans, n, k, alpha, a, lda, NULL, 0, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_ssyr2k_checked,
               (const char *name, char uplo, char trans, long n, long k, float alpha,
                const float *a, long lda, const float *b, long ldb, float beta, float *c, long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    rank_k(name, 1, 1, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

EXB_ENTRY_VOID(exb_dsyr2k_checked,
               (const char *name, char uplo, char trans, long n, long k, double alpha,
                const double *a, long lda, const double *b, long ldb, double beta, double *c,
                long ldc),
               (name, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
{
    rank_k(name, 0, 1, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* ---- TRMM ------------------------------------------------------------------------- */

/* B := 0 (TRMM and TRSM with alpha = 0, as the reference). */
static void zero(int f32, long m, long n, void *b, long ldb)
{
    for (long j = 0; j < n; j++)
        memset(at(f32, b, 0, j, ldb), 0, (size_t)m * (f32 ? sizeof(float) : sizeof(double)));
}

typedef struct trmm_ctx {
    int left, up;    /* side L; op(A) upper triangular */
    long na;         /* op(A)'s order */
    const double *t; /* op(A) dense, leading dimension na, zeros outside */
    const double *w; /* B as given, binary64, leading dimension m */
    long m;
} trmm_ctx;

/* Term l of result (i, j): op(A)_il w_lj (side L) or w_il op(A)_lj (R),
 * l over the triangle's range [*l0, *l1). */
static void trmm_range(const trmm_ctx *x, long i, long j, long *l0, long *l1)
{
    long d = x->left ? i : j;             /* the diagonal's index */
    int after = x->left ? x->up : !x->up; /* terms at l >= d */
    *l0 = after ? d : 0;
    *l1 = after ? x->na : d + 1;
}

static void trmm_terms(const trmm_ctx *x, long i, long j, long l, double *p, double *q)
{
    if (x->left)
        *p = x->t[i + l * x->na], *q = x->w[l + j * x->m];
    else
        *p = x->w[i + l * x->m], *q = x->t[l + j * x->na];
}

/* Result (i, j) summed over the triangle alone: RN(alpha S), binary32 when
 * f32 (the old value of the slot is not read). */
static void trmm_exact(const trmm_ctx *x, int f32, double alpha, long i, long j, void *out)
{
    long l0, l1;
    trmm_range(x, i, j, &l0, &l1);
    exb_superacc acc;
    exb_superacc_clear(&acc);
    int negzero = 1;
    for (long l = l0; l < l1; l++) {
        double p, q;
        trmm_terms(x, i, j, l, &p, &q);
        exb_superacc_add_product(&acc, p, q);
        negzero = negzero && (p == 0.0 || q == 0.0) && signbit(p) != signbit(q);
    }
    if (negzero && exb_superacc_is_zero(&acc))
        exb_superacc_set_negative_zero(&acc);
    double d = exb_superacc_round_affine(&acc, alpha, 0.0, 0.0);
    if (!f32) {
        *(double *)out = d;
        return;
    }
    float below, above;
    if (!exb_f32_midpoint(d, &below, &above)) {
        *(float *)out = (float)d;
        return;
    }
    int s = exb_superacc_affine_sign(&acc, alpha, 0.0, 0.0, d);
    *(float *)out = s > 0 ? above : s < 0 ? below : (float)d;
}

/* A zero result's sign when every term over the triangle is a zero: S is
 * -0 when all are -0, then alpha S by the product rule. */
static void trmm_zero_sign(const trmm_ctx *x, int f32, double alpha, long i, long j, void *out)
{
    long l0, l1;
    trmm_range(x, i, j, &l0, &l1);
    int negzero = 1;
    for (long l = l0; l < l1; l++) {
        double p, q;
        trmm_terms(x, i, j, l, &p, &q);
        if (p != 0.0 && q != 0.0)
            return; /* a non-zero term: GEMM's sign is the triangle's */
        negzero = negzero && signbit(p) != signbit(q);
    }
    int neg = negzero != (signbit(alpha) != 0);
    if (f32)
        *(float *)out = neg ? -0.0f : 0.0f;
    else
        *(double *)out = neg ? -0.0 : 0.0;
}

static void trmm(const char *name, int f32, char side, char uplo, char transa, char diag, long m,
                 long n, double alpha, const void *a, long lda, void *b, long ldb)
{
    exb_path_begin();
    int bad = exb_trsm_check(side, uplo, transa, diag, m, n, lda, ldb);
    if (bad) {
        exb_xerbla(name, bad);
        return;
    }
    if (m == 0 || n == 0)
        return;
    if (alpha == 0.0) {
        zero(f32, m, n, b, ldb);
        return;
    }
    int left = exb_lsame(side, 'L'), upper = exb_lsame(uplo, 'U');
    int trans = !exb_lsame(transa, 'N'), unit = exb_lsame(diag, 'U');
    long na = left ? m : n;
    double *t = calloc((size_t)na * (size_t)na, sizeof *t);
    double *w = widen(f32, b, m, n, ldb);
    char *badv = calloc((size_t)(left ? n : m), 1); /* columns (L) or rows (R) with Inf/NaN */
    int path = 0;
    if (!t || !w || !badv) {
        exb_note("no memory for TRMM's dense copies: B left as it was");
        goto out;
    }
    /* op(A) dense: entry (i, l) of op(A) is A(l, i) when transposed */
    for (long j = 0; j < na; j++)
        for (long i = upper ? 0 : j; i < (upper ? j + 1 : na); i++) {
            double v = i == j && unit ? 1.0
                       : f32          ? (double)((const float *)a)[i + j * lda]
                                      : ((const double *)a)[i + j * lda];
            if (trans)
                t[j + i * na] = v;
            else
                t[i + j * na] = v;
        }
    int any_bad = !isfinite(alpha);
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++)
            if (!isfinite(w[i + j * m])) {
                badv[left ? j : i] = 1;
                any_bad = 1;
            }
    if (!isfinite(alpha))
        memset(badv, 1, (size_t)(left ? n : m));
    if (left)
        exb_gemm_any(name, f32, 'N', 'N', m, n, m, alpha, t, na, w, m, 0.0, b, ldb, &path);
    else
        exb_gemm_any(name, f32, 'N', 'N', m, n, n, alpha, w, m, t, na, 0.0, b, ldb, &path);
    trmm_ctx x = {left, upper != trans, na, t, w, m};
    for (long j = 0; j < n; j++)
        for (long i = 0; i < m; i++) {
            void *out = at(f32, b, i, j, ldb);
            if (any_bad && badv[left ? j : i])
                trmm_exact(&x, f32, alpha, i, j, out);
            else if (f32 ? *(float *)out == 0.0f : *(double *)out == 0.0)
                trmm_zero_sign(&x, f32, alpha, i, j, out);
        }
out:
    free(t);
    free(w);
    free(badv);
    note_path(path);
}

EXB_ENTRY_VOID(exb_strmm_checked,
               (const char *name, char side, char uplo, char transa, char diag, long m, long n,
                float alpha, const float *a, long lda, float *b, long ldb),
               (name, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    trmm(name, 1, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

EXB_ENTRY_VOID(exb_dtrmm_checked,
               (const char *name, char side, char uplo, char transa, char diag, long m, long n,
                double alpha, const double *a, long lda, double *b, long ldb),
               (name, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
{
    trmm(name, 0, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/*
 * test_level2.c -- the structured Level 2 routines (SRC/level2: GBMV, SYMV,
 * SBMV, SPMV, TRMV, TBMV, TPMV, TBSV, TPSV, GER, SYR, SPR, SYR2, SPR2, and
 * SGEMV, STRSV), single and double precision, bit for bit against MPFR.
 *
 * usage: test_level2 [cases [seed [first]]] (one case again: test_level2 1 seed c)
 * Each case draws a routine, a precision, the options (UPLO, TRANS, DIAG),
 * sizes (band widths and packed orders included), increments of both signs,
 * alpha and beta from lists with +-0, +-1, tiny, huge, NaN and Inf, a data
 * class (narrow, wide, tiny, huge, integers whose sums tie, mostly zeros,
 * specials) and a knob setting (the filter on and off, the generic kernels,
 * threads, the accumulator alone).  The matrix is stored the way the
 * reference BLAS reads it, every slot it must not read (the other triangle,
 * a unit diagonal, the band's unused corners, the padding) NaN or, in half
 * the cases, a finite value that would show if it were read; the oracle
 * rebuilds op(A) from the reference's definitions (independently of
 * SRC/level2/storage.c) and rounds each exact result once, to binary64 or
 * binary32.  The whole output array is compared bit for bit (signed zeros,
 * the canonical NaN, the untouched padding).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "level2lib.h"
#include "level2/level2.h"
#include "routines.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

/* ---- data ------------------------------------------------------------------ */

enum { NARROW, WIDE, TINY, HUGE_, INTS, ZEROS, SPECIAL, TIE32, NCLASSES };
static const char *class_names[] = {"narrow", "wide",  "tiny",    "huge",
                                    "ints",   "zeros", "special", "tie32"};

/* the same classes, testlib's */
static const tl_class classes[NCLASSES] = {TL_SF_UNIT,  TL_SF_WIDE,  TL_SF_TINY,    TL_SF_HUGE,
                                           TL_SF_INTS4, TL_SF_ZEROS, TL_SF_SPECIAL, TL_SF_TIE32};

/* One value of class cls, representable in binary32 when f32. */
static double value(tl_rng *r, int cls, int f32)
{
    return tl_class_value(r, classes[cls], f32);
}

static const double scalars[] = {1.0,  -1.0,    0.0,    -0.0,      0.5,      3.0, 0.1,
                                 -2.0, 0x1p-60, 0x1p60, 0x1p-1000, 0x1p1000, NAN, INFINITY};

/* subnormal scalars, drawn on purpose (a caller's DAZ must not make them 0) */
static const double subnormal64[] = {0x1p-1074, -0x1.8p-1066, 0x1.ffffp-1023};
static const double subnormal32[] = {0x1p-149, -0x1.8p-141, 0x1.fffcp-127};

static double scalar(tl_rng *r, int f32)
{
    if (tl_draw(r, 0, 9) == 0)
        return (f32 ? subnormal32 : subnormal64)[tl_draw(r, 0, 2)];
    int k = (int)tl_draw(r, 0, COUNT(scalars) - 1);
    if ((isnan(scalars[k]) || isinf(scalars[k])) && tl_draw(r, 0, 3))
        k = (int)tl_draw(r, 0, 7);
    return f32 ? (double)(float)scalars[k] : scalars[k];
}

/* ---- arrays of either precision, bit for bit ---------------------------- */

typedef struct arr {
    int f32;
    long len;
    double *d;  /* the values (as doubles) */
    void *data; /* what the routine gets: double or float */
} arr;

static void arr_make(arr *a, int f32, long len)
{
    a->f32 = f32;
    a->len = len > 0 ? len : 1;
    a->d = malloc((size_t)a->len * sizeof(double));
    a->data = malloc((size_t)a->len * (f32 ? sizeof(float) : sizeof(double)));
    for (long k = 0; k < a->len; k++)
        a->d[k] = NAN;
}

static void arr_sync(arr *a) /* data := d */
{
    for (long k = 0; k < a->len; k++) {
        if (a->f32)
            ((float *)a->data)[k] = (float)a->d[k];
        else
            ((double *)a->data)[k] = a->d[k];
    }
}

static void arr_free(arr *a)
{
    free(a->d);
    free(a->data);
}

static uint64_t bits_of(const arr *a, long k)
{
    if (a->f32) {
        uint32_t b;
        memcpy(&b, (const float *)a->data + k, 4);
        return b;
    }
    return tl_bits(((const double *)a->data)[k]);
}

static uint64_t want_bits(int f32, double d)
{
    if (f32) {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    return tl_bits(d);
}

static long mismatches, cases_run, outputs_checked;

/* got (data) against want (doubles in the format) over every slot. */
static void check(const char *label, const arr *got, const double *want)
{
    outputs_checked += got->len;
    for (long k = 0; k < got->len; k++) {
        uint64_t g = bits_of(got, k), w = want_bits(got->f32, want[k]);
        if (g != w) {
            if (mismatches < 25)
                printf("MISMATCH %s slot %ld: want %016llx got %016llx\n", label, k,
                       (unsigned long long)w, (unsigned long long)g);
            mismatches++;
            return;
        }
    }
}

/* A BLAS vector of n logical elements, increment inc, NaN between them. */
static long vec_len(long n, long inc)
{
    return n > 0 ? 1 + (n - 1) * (inc < 0 ? -inc : inc) : 1;
}

static long vec_at(long n, long inc, long i) /* slot of logical element i */
{
    return inc < 0 ? (n - 1 - i) * -inc : i * inc;
}

/* ---- the matrix as the reference reads it ---------------------------------------- */

enum {
    R_GBMV,
    R_SYMV,
    R_SBMV,
    R_SPMV,
    R_TRMV,
    R_TBMV,
    R_TPMV,
    R_TRSV,
    R_TBSV,
    R_TPSV,
    R_GER,
    R_SYR,
    R_SPR,
    R_SYR2,
    R_SPR2,
    R_GEMV,
    NROUTINES
};
static const char *names[] = {"GBMV", "SYMV", "SBMV", "SPMV", "TRMV", "TBMV", "TPMV", "TRSV",
                              "TBSV", "TPSV", "GER",  "SYR",  "SPR",  "SYR2", "SPR2", "GEMV"};

typedef struct mat {
    long m, n, kl, ku, lda; /* band: ku (or k), kl */
    char uplo, trans, diag;
    int storage; /* 0 dense, 1 band, 2 packed */
    int kind;    /* 0 general, 1 symmetric, 2 triangular */
} mat;

/* The slot of stored (i, j), or -1 when the storage has no such entry. */
static long slot(const mat *M, long i, long j)
{
    if (M->kind != 0) { /* one triangle */
        if (M->uplo == 'U' ? i > j : i < j)
            return -1;
        if (M->kind == 2 && M->diag == 'U' && i == j)
            return -1; /* not referenced */
    }
    if (M->storage == 0)
        return i + j * M->lda;
    if (M->storage == 1) {
        if (M->kind == 0)
            return j - i <= M->ku && i - j <= M->kl ? M->ku + i - j + j * M->lda : -1;
        long k = M->ku;
        if (M->uplo == 'U')
            return j - i <= k ? k + i - j + j * M->lda : -1;
        return i - j <= k ? i - j + j * M->lda : -1;
    }
    return M->uplo == 'U' ? i + j * (j + 1) / 2 : i + j * (2 * M->n - j - 1) / 2;
}

/* op(A)_ij: 1 with *v when it is an entry, 0 when absent. */
static int op_entry(const mat *M, const double *a, long i, long j, double *v)
{
    if (M->kind == 0) {
        long r = M->trans == 'N' ? i : j, c = M->trans == 'N' ? j : i;
        long s = slot(M, r, c);
        if (s < 0)
            return 0;
        *v = a[s];
        return 1;
    }
    if (M->kind == 1) {
        long r = i, c = j;
        if (M->uplo == 'U' ? r > c : r < c) {
            r = j;
            c = i;
        }
        if (M->storage == 1 && labs(i - j) > M->ku)
            return 0;
        *v = a[slot(M, r, c)];
        return 1;
    }
    long r = M->trans == 'N' ? i : j, c = M->trans == 'N' ? j : i;
    if (M->uplo == 'U' ? r > c : r < c)
        return 0;
    if (M->storage == 1 && labs(r - c) > M->ku)
        return 0;
    if (r == c && M->diag == 'U') {
        *v = 1.0;
        return 1;
    }
    *v = a[slot(M, r, c)];
    return 1;
}

static long storage_len(const mat *M)
{
    if (M->storage == 2)
        return M->n * (M->n + 1) / 2;
    return M->lda * (M->n > 0 ? M->n : 1);
}

/* ---- one case ------------------------------------------------------------------------------ */

static const char *knob_lines[] = {
    "EXACTBLAS_DEVICE=host",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FILTER=0",
    "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic EXACTBLAS_THREADS=3",
    "EXACTBLAS_DEVICE=host EXACTBLAS_FPE=0 EXACTBLAS_THREADS=1",
    "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=2 EXACTBLAS_FPE=8",
};

static void run_case(tl_rng *r, long serial)
{
    int routine = (int)tl_draw(r, 0, NROUTINES - 1), f32 = (int)tl_draw(r, 0, 1);
    if (routine == R_TRSV || routine == R_GEMV)
        f32 = 1; /* DTRSV, DGEMV: EXDTRSV and EXDGEMV, tested on their own */
    int cls = (int)tl_draw(r, 0, NCLASSES - 1);
    const char *knobs = knob_lines[tl_draw(r, 0, COUNT(knob_lines) - 1)];
    tl_apply_knobs(knobs);
    tl_set_binary32(f32);
    mat M = {0};
    M.uplo = tl_draw(r, 0, 1) ? 'U' : 'L';
    M.trans = "NTC"[tl_draw(r, 0, 2)];
    M.diag = tl_draw(r, 0, 1) ? 'U' : 'N';
    long big = tl_draw(r, 0, 9) == 0 ? 300 : 40;
    M.n = tl_draw(r, 0, big);
    M.m = M.n;
    int solve = routine == R_TRSV || routine == R_TBSV || routine == R_TPSV;
    int rank = routine >= R_GER && routine <= R_SPR2;
    switch (routine) {
    case R_GBMV:
    case R_GEMV:
    case R_GER:
        M.kind = 0;
        break;
    case R_SYMV:
    case R_SBMV:
    case R_SPMV:
    case R_SYR:
    case R_SPR:
    case R_SYR2:
    case R_SPR2:
        M.kind = 1;
        break;
    default:
        M.kind = 2;
    }
    if (M.kind == 0)
        M.m = tl_draw(r, 0, big);
    M.storage = routine == R_GBMV || routine == R_SBMV || routine == R_TBMV || routine == R_TBSV ? 1
                : routine == R_SPMV || routine == R_TPMV || routine == R_TPSV || routine == R_SPR ||
                        routine == R_SPR2
                    ? 2
                    : 0;
    if (M.storage == 1) {
        M.ku = tl_draw(r, 0, 3) ? tl_draw(r, 0, 4) : tl_draw(r, 0, M.n + 2);
        M.kl = M.kind == 0 ? (tl_draw(r, 0, 3) ? tl_draw(r, 0, 4) : tl_draw(r, 0, M.m + 2)) : 0;
        M.lda = (M.kind == 0 ? M.kl + M.ku + 1 : M.ku + 1) + tl_draw(r, 0, 2);
    } else {
        M.lda = (M.m > 1 ? M.m : 1) + tl_draw(r, 0, 2);
    }
    if (M.kind != 0)
        M.m = M.n;
    /* the stored matrix: entries where the storage has them, NaN elsewhere */
    arr A;
    arr_make(&A, f32, storage_len(&M));
    if (tl_draw(r, 0, 1)) { /* half the cases: the slots it must not read hold a
                          * finite value, which would change a result even
                          * through the filter (a NaN only sends it exact) */
        double junk = tl_draw(r, 0, 1) ? (f32 ? 0x1.8p+100 : 0x1.8p+600) : -0x1.3p-3;
        for (long k = 0; k < A.len; k++)
            A.d[k] = junk;
    }
    for (long j = 0; j < M.n; j++)
        for (long i = 0; i < M.m; i++) {
            long s = slot(&M, i, j);
            if (s >= 0)
                A.d[s] =
                    i == j && M.kind == 2 && solve
                        ? 1.0 + (double)tl_draw(r, 0, 3) + (cls == INTS ? 0.0 : tl_rng_uniform(r))
                        : value(r, cls, f32);
        }
    if (f32)
        for (long k = 0; k < A.len; k++)
            A.d[k] = (double)(float)A.d[k];
    long outputs = M.kind == 0 && M.trans == 'N' ? M.m : M.kind == 0 ? M.n : M.n;
    long cols = M.kind == 0 && M.trans == 'N' ? M.n : M.kind == 0 ? M.m : M.n;
    if (rank) { /* x has M.m entries (rows), y M.n (columns) */
        outputs = M.m;
        cols = M.n;
    }
    long incx = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 3),
         incy = (tl_draw(r, 0, 1) ? 1 : -1) * tl_draw(r, 1, 2);
    long nx = solve || routine == R_TRMV || routine == R_TBMV || routine == R_TPMV ? M.n : cols;
    long ny = rank ? M.n : outputs;
    arr X, Y;
    arr_make(&X, f32, vec_len(rank ? M.m : nx, incx));
    arr_make(&Y, f32, vec_len(ny, incy));
    for (long i = 0; i < (rank ? M.m : nx); i++)
        X.d[vec_at(rank ? M.m : nx, incx, i)] = value(r, (int)tl_draw(r, 0, 1) ? cls : NARROW, f32);
    for (long i = 0; i < ny; i++)
        Y.d[vec_at(ny, incy, i)] = value(r, cls, f32);
    double alpha = tl_draw(r, 0, 2) ? (tl_draw(r, 0, 1) ? 1.0 : -1.0) : scalar(r, f32);
    double beta = tl_draw(r, 0, 2) ? 0.0 : scalar(r, f32);
    if (!rank && beta == 0.0) /* not read */
        for (long i = 0; i < ny; i++)
            Y.d[vec_at(ny, incy, i)] = NAN;
    arr_sync(&A);
    arr_sync(&X);
    arr_sync(&Y);

    /* the oracle */
    tl_terms *t = tl_terms_new(2 * (M.n > M.m ? M.n : M.m) + 8);
    double *wantA = malloc((size_t)A.len * sizeof *wantA),
           *wantX = malloc((size_t)X.len * sizeof *wantX),
           *wantY = malloc((size_t)Y.len * sizeof *wantY);
    memcpy(wantA, A.d, (size_t)A.len * sizeof *wantA);
    memcpy(wantX, X.d, (size_t)X.len * sizeof *wantX);
    memcpy(wantY, Y.d, (size_t)Y.len * sizeof *wantY);
    if (rank) {
        int two = routine == R_SYR2 || routine == R_SPR2, general = routine == R_GER;
        const double *yv = general || two ? Y.d : X.d;
        long ninc = general || two ? incy : incx;
        for (long j = 0; j < M.n && alpha != 0.0 && M.m > 0; j++)
            for (long i = 0; i < M.m; i++) {
                long s = slot(&M, i, j);
                if (s < 0)
                    continue;
                double xi = X.d[vec_at(M.m, incx, i)], yj = yv[vec_at(M.n, ninc, j)];
                /* RN(alpha S + a_ij), S = x_i y_j (+ y_i x_j) exact: alpha
                 * times the exact sum (the contract's SYR2 rule, SYR2K's) */
                tl_terms_reset(t);
                tl_terms_add(t, xi, yj, 1.0);
                if (two)
                    tl_terms_add(t, Y.d[vec_at(M.n, incy, i)], X.d[vec_at(M.n, incx, j)], 1.0);
                wantA[s] = tl_terms_round_affine(t, alpha, 1.0, wantA[s]);
            }
    } else if (solve) {
        int forward = (M.uplo == 'L') == (M.trans == 'N');
        for (long q = 0; q < M.n; q++) {
            long i = forward ? q : M.n - 1 - q;
            tl_terms_reset(t);
            tl_terms_add(t, wantX[vec_at(M.n, incx, i)], 1.0, 1.0);
            double d = 1.0, v;
            for (long j = 0; j < M.n; j++) {
                if (!op_entry(&M, A.d, i, j, &v))
                    continue;
                if (j == i)
                    d = v;
                else
                    tl_terms_add(t, -v, wantX[vec_at(M.n, incx, j)], 1.0);
            }
            wantX[vec_at(M.n, incx, i)] = tl_terms_round_quotient(t, d);
        }
    } else {
        int tri = M.kind == 2;
        double *dst = tri ? wantX : wantY;
        long dinc = tri ? incx : incy;
        double a2 = tri ? 1.0 : alpha, b2 = tri ? 0.0 : beta;
        int quick = outputs == 0 || cols == 0 || (a2 == 0.0 && b2 == 1.0);
        for (long i = 0; i < outputs && !quick; i++) {
            double *yi = &dst[vec_at(outputs, dinc, i)], v;
            tl_terms_reset(t);
            int entries = 0;
            for (long j = 0; j < cols && a2 != 0.0; j++)
                if (op_entry(&M, A.d, i, j, &v)) {
                    tl_terms_add(t, v, X.d[vec_at(cols, incx, j)], 1.0);
                    entries++;
                }
            if (a2 == 0.0 || entries == 0)
                *yi = b2 == 0.0 ? 0.0 : tl_canonical(f32 ? (double)(float)(b2 * *yi) : b2 * *yi);
            else
                *yi = tl_terms_round_affine(t, a2, b2, b2 != 0.0 ? *yi : 0.0);
        }
    }

    /* the routine */
    tl_callenv env = tl_callenv_of(serial);
    char label[240];
    snprintf(label, sizeof label,
             "case %ld %c%s %s %c%c%c m=%ld n=%ld kl=%ld ku=%ld lda=%ld "
             "incx=%ld incy=%ld alpha=%a beta=%a [%s] caller %s",
             serial, f32 ? 'S' : 'D', names[routine], class_names[cls], M.uplo, M.trans, M.diag,
             M.m, M.n, M.kl, M.ku, M.lda, incx, incy, alpha, beta, knobs, tl_callenv_name(&env));
    const char *nm = "TEST  ";
    void *a = A.data, *x = X.data, *y = Y.data;
#define PICK(s_call, d_call)                                                                       \
    do {                                                                                           \
        if (f32)                                                                                   \
            s_call;                                                                                \
        else                                                                                       \
            d_call;                                                                                \
    } while (0)
    /* the caller's environment around the call alone; the binary32 scalars
     * converted before it (volatile: no conversion moves past the opaque
     * call that installs it) */
    volatile float fa = (float)alpha, fb = (float)beta;
    tl_callenv_enter(&env);
    switch (routine) {
    case R_GBMV:
        PICK(exb_sgbmv_checked(nm, M.trans, M.m, M.n, M.kl, M.ku, fa, a, M.lda, x, incx, fb, y,
                               incy),
             exb_dgbmv_checked(nm, M.trans, M.m, M.n, M.kl, M.ku, alpha, a, M.lda, x, incx, beta, y,
                               incy));
        break;
    case R_GEMV:
        exb_sgemv_checked(nm, M.trans, M.m, M.n, fa, a, M.lda, x, incx, fb, y, incy);
        break;
    case R_SYMV:
        PICK(exb_ssymv_checked(nm, M.uplo, M.n, fa, a, M.lda, x, incx, fb, y, incy),
             exb_dsymv_checked(nm, M.uplo, M.n, alpha, a, M.lda, x, incx, beta, y, incy));
        break;
    case R_SBMV:
        PICK(exb_ssbmv_checked(nm, M.uplo, M.n, M.ku, fa, a, M.lda, x, incx, fb, y, incy),
             exb_dsbmv_checked(nm, M.uplo, M.n, M.ku, alpha, a, M.lda, x, incx, beta, y, incy));
        break;
    case R_SPMV:
        PICK(exb_sspmv_checked(nm, M.uplo, M.n, fa, a, x, incx, fb, y, incy),
             exb_dspmv_checked(nm, M.uplo, M.n, alpha, a, x, incx, beta, y, incy));
        break;
    case R_TRMV:
        PICK(exb_strmv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, M.lda, x, incx),
             exb_dtrmv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, M.lda, x, incx));
        break;
    case R_TBMV:
        PICK(exb_stbmv_checked(nm, M.uplo, M.trans, M.diag, M.n, M.ku, a, M.lda, x, incx),
             exb_dtbmv_checked(nm, M.uplo, M.trans, M.diag, M.n, M.ku, a, M.lda, x, incx));
        break;
    case R_TPMV:
        PICK(exb_stpmv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, x, incx),
             exb_dtpmv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, x, incx));
        break;
    case R_TRSV:
        exb_strsv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, M.lda, x, incx);
        break;
    case R_TBSV:
        PICK(exb_stbsv_checked(nm, M.uplo, M.trans, M.diag, M.n, M.ku, a, M.lda, x, incx),
             exb_dtbsv_checked(nm, M.uplo, M.trans, M.diag, M.n, M.ku, a, M.lda, x, incx));
        break;
    case R_TPSV:
        PICK(exb_stpsv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, x, incx),
             exb_dtpsv_checked(nm, M.uplo, M.trans, M.diag, M.n, a, x, incx));
        break;
    case R_GER:
        PICK(exb_sger_checked(nm, M.m, M.n, fa, x, incx, y, incy, a, M.lda),
             exb_dger_checked(nm, M.m, M.n, alpha, x, incx, y, incy, a, M.lda));
        break;
    case R_SYR:
        PICK(exb_ssyr_checked(nm, M.uplo, M.n, fa, x, incx, a, M.lda),
             exb_dsyr_checked(nm, M.uplo, M.n, alpha, x, incx, a, M.lda));
        break;
    case R_SPR:
        PICK(exb_sspr_checked(nm, M.uplo, M.n, fa, x, incx, a),
             exb_dspr_checked(nm, M.uplo, M.n, alpha, x, incx, a));
        break;
    case R_SYR2:
        PICK(exb_ssyr2_checked(nm, M.uplo, M.n, fa, x, incx, y, incy, a, M.lda),
             exb_dsyr2_checked(nm, M.uplo, M.n, alpha, x, incx, y, incy, a, M.lda));
        break;
    default:
        PICK(exb_sspr2_checked(nm, M.uplo, M.n, fa, x, incx, y, incy, a),
             exb_dspr2_checked(nm, M.uplo, M.n, alpha, x, incx, y, incy, a));
        break;
    }
    char why[200];
    if (!tl_callenv_leave(&env, why, sizeof why)) {
        if (mismatches < 25)
            printf("MISMATCH %s: %s\n", label, why);
        mismatches++;
    }
    check(label, &A, wantA);
    check(label, &X, wantX);
    check(label, &Y, wantY);
    cases_run++;
    tl_terms_free(t);
    free(wantA);
    free(wantX);
    free(wantY);
    arr_free(&A);
    arr_free(&X);
    arr_free(&Y);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    long cases = argc > 1 ? atol(argv[1]) : 20000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261125;
    long first = argc > 3 ? atol(argv[3]) : 0;
    tl_watchdog(600, "test_level2");
    for (long c = first; c < first + cases; c++) {
        tl_rng r;
        tl_rng_seed(&r, seed * 1000003u + (uint64_t)c);
        run_case(&r, c);
    }
    tl_set_binary32(0);
    printf("level2: %s: %ld cases, %ld output slots bit for bit against MPFR, %ld mismatches\n",
           mismatches ? "FAILED" : "PASSED", cases_run, outputs_checked, mismatches);
    return mismatches ? 1 : 0;
}

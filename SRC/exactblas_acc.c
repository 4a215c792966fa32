/*
 * exactblas_acc.c -- the public exact accumulator (INCLUDE/exactblas_acc.h):
 * a long accumulator (core/superacc.h) behind an opaque handle, with the
 * zero-sign state of the contract kept in its flags, a canonical byte form,
 * and the vector kernels of EXDSUM/EXDDOT (reduce.h) as its bulk adds.
 * The vector adds and the roundings run in the default floating-point
 * environment (fpenv.h); the single adds use integer operations only.
 */
#include "exactblas_acc.h"

#include <stdlib.h>
#include <string.h>

#include "core/fpenv.h"
#include "core/superacc.h"
#include "core/zerosign.h"
#include "support/knobs.h"
#include "support/path.h"
#include "support/xerbla.h"
#include "backend/gemv.h"
#include "support/blasvec.h"
#include "reduce.h"

struct exactblas_acc {
    exb_superacc acc;
};

/* The flags that travel in the byte form. */
#define STATE_FLAGS                                                                                \
    (EXB_FLAG_NAN | EXB_FLAG_POS_INF | EXB_FLAG_NEG_INF | EXB_FLAG_TERMS | EXB_FLAG_NOT_NEGZERO)
#define MAGIC "EXB1"
#define LOW_DIGITS (EXB_ACC_DIGITS - 1) /* serialised as 32-bit digits */

exactblas_acc *exactblas_acc_new(void)
{
    exactblas_acc *a = malloc(sizeof *a);
    if (a)
        exb_superacc_clear(&a->acc);
    return a;
}

void exactblas_acc_free(exactblas_acc *a)
{
    free(a);
}

void exactblas_acc_clear(exactblas_acc *a)
{
    exb_superacc_reset(&a->acc);
}

static void note_term(exactblas_acc *a, int negzero)
{
    a->acc.flags |= EXB_FLAG_TERMS | (negzero ? 0 : EXB_FLAG_NOT_NEGZERO);
}

/* The single adds are integer operations on the bits (exb_core.h,
 * core/zerosign.h): no floating-point state to install, none to leak. */
void exactblas_acc_add(exactblas_acc *a, double x)
{
    exb_superacc_add_double(&a->acc, x);
    note_term(a, exb_is_zero_bits(x) && signbit(x));
}

void exactblas_acc_add_product(exactblas_acc *a, double x, double y)
{
    exb_superacc_add_product(&a->acc, x, y);
    note_term(a, exb_product_is_negzero(x, y));
}

/* acc += the exact sum (y == NULL) or dot product of BLAS vectors. */
static void add_vector(exactblas_acc *a, long n, const double *x, long incx, const double *y,
                       long incy)
{
    exb_path_begin();
    if (n <= 0)
        return;
    x = EXB_FIRST(x, n, incx);
    if (y)
        y = EXB_FIRST(y, n, incy);
    exb_superacc part;
    exb_sumdot_accumulate(n, x, incx, y, incy, &part);
    exb_superacc_merge(&a->acc, &part);
    note_term(a, exb_terms_negzero(n, x, incx, y, incy));
}

EXB_ENTRY_VOID(exactblas_acc_add_sum, (exactblas_acc * a, long n, const double *x, long incx),
               (a, n, x, incx))
{
    add_vector(a, n, x, incx, NULL, 0);
}

EXB_ENTRY_VOID(exactblas_acc_add_dot,
               (exactblas_acc * a, long n, const double *x, long incx, const double *y, long incy),
               (a, n, x, incx, y, incy))
{
    add_vector(a, n, x, incx, y, incy);
}

EXB_ENTRY_VOID(exactblas_acc_add_gemv,
               (exactblas_acc *const *acc, char trans, long m, long n, const double *a, long lda,
                const double *x, long incx),
               (acc, trans, m, n, a, lda, x, incx))
{
    exb_path_begin();
    int bad = !exb_lsame(trans, 'N') && !exb_lsame(trans, 'T') && !exb_lsame(trans, 'C') ? 2
              : m < 0                                                                    ? 3
              : n < 0                                                                    ? 4
              : lda < (m > 1 ? m : 1)                                                    ? 6
              : incx == 0                                                                ? 8
                                                                                         : 0;
    if (bad) {
        exb_xerbla("EXACTBLAS_ACC_ADD_GEMV", bad);
        return;
    }
    int t = !exb_lsame(trans, 'N');
    long lenx = t ? m : n, leny = t ? n : m;
    if (leny == 0 || lenx == 0)
        return; /* no terms: nothing changes, not even the zero-sign state */
    exb_superacc **out = malloc((size_t)leny * sizeof *out);
    const double *x0 = EXB_FIRST(x, lenx, incx);
    double *xc = incx != 1 && out ? malloc((size_t)lenx * sizeof *xc) : NULL;
    if (xc) {
        for (long j = 0; j < lenx; j++)
            xc[j] = x0[j * incx];
        x0 = xc;
        incx = 1;
    }
    if (out) {
        for (long i = 0; i < leny; i++)
            out[i] = &acc[i]->acc;
        exb_knobs knobs;
        exb_knobs_read_rows(&knobs);
        exb_gemv_args g = {t, m, n, 1.0, a, lda, x0, incx, 0.0, NULL, 1, out};
        exb_host_gemv(&g, &knobs);
    } else { /* no memory: the same exact sums, one product at a time */
        for (long i = 0; i < leny; i++)
            for (long j = 0; j < lenx; j++) {
                double aij = t ? a[j + i * lda] : a[i + j * lda];
                exactblas_acc_add_product(acc[i], aij, x0[j * incx]);
            }
    }
    exb_path_add(EXACTBLAS_PATH_HOST);
    free(xc);
    free(out);
}

void exactblas_acc_merge(exactblas_acc *dst, const exactblas_acc *src)
{
    exb_superacc_merge(&dst->acc, &src->acc);
}

/* ---- bytes: "EXB1", flags (u32), digits 0..134 (u32), digit 135 (i64), LE -- */

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

void exactblas_acc_serialize(const exactblas_acc *a, unsigned char bytes[EXACTBLAS_ACC_BYTES])
{
    /* canonical: every digit but the top in [0, 2^32), the top signed; a
     * copy's window widened to the top, normalised as any accumulator is
     * (which also saturates a value beyond the range) */
    exb_superacc c = a->acc;
    if (c.lo <= c.hi)
        c.hi = EXB_ACC_DIGITS - 1;
    exb_superacc_normalize(&c);
    const int64_t *d = c.digit;
    int flags = c.flags & STATE_FLAGS;
    memcpy(bytes, MAGIC, 4);
    put_le(bytes + 4, (uint64_t)flags, 4);
    for (int k = 0; k < LOW_DIGITS; k++)
        put_le(bytes + 8 + 4 * k, (uint64_t)d[k], 4);
    put_le(bytes + 8 + 4 * LOW_DIGITS, (uint64_t)d[EXB_ACC_DIGITS - 1], 8);
}

int exactblas_acc_deserialize(exactblas_acc *a, const unsigned char bytes[EXACTBLAS_ACC_BYTES])
{
    uint64_t flags = get_le(bytes + 4, 4);
    int64_t top = (int64_t)get_le(bytes + 8 + 4 * LOW_DIGITS, 8);
    if (memcmp(bytes, MAGIC, 4) != 0 || (flags & ~(uint64_t)STATE_FLAGS) != 0 ||
        top >= EXB_ACC_TOP_LIMIT || top <= -EXB_ACC_TOP_LIMIT)
        return -1;
    exb_superacc_reset(&a->acc);
    for (int k = 0; k < EXB_ACC_DIGITS; k++) {
        int64_t v = k < LOW_DIGITS ? (int64_t)get_le(bytes + 8 + 4 * k, 4) : top;
        a->acc.digit[k] = v;
        if (v) {
            if (k < a->acc.lo)
                a->acc.lo = k;
            a->acc.hi = k;
        }
    }
    a->acc.flags = (int)flags;
    return 0;
}

/* ---- rounding -------------------------------------------------------------- */

/* acc itself, or (an exact zero whose every term was -0) a copy marked -0. */
static const exb_superacc *signed_zero_view(const exactblas_acc *a, exb_superacc *copy)
{
    int f = a->acc.flags;
    if (!(f & EXB_FLAG_TERMS) || (f & EXB_FLAG_NOT_NEGZERO))
        return &a->acc;
    *copy = a->acc;
    exb_superacc_set_negative_zero(copy);
    return copy;
}

EXB_ENTRY(double, exactblas_acc_round_quotient, (const exactblas_acc *a, double d), (a, d))
{
    exb_superacc copy;
    double r = exb_superacc_round_quotient(signed_zero_view(a, &copy), d);
    return r;
}

double exactblas_acc_round(const exactblas_acc *a)
{
    EXB_FPENV_FORWARD;
    return exactblas_acc_round_quotient(a, 1.0);
}

EXB_ENTRY(double, exactblas_acc_round_sqrt, (const exactblas_acc *a), (a))
{
    exb_superacc copy;
    double r = exb_superacc_round_sqrt(signed_zero_view(a, &copy));
    return r;
}

EXB_ENTRY(double, exactblas_acc_round_affine,
          (const exactblas_acc *a, double alpha, double beta, double y), (a, alpha, beta, y))
{
    exb_superacc copy;
    double r = exb_superacc_round_affine(signed_zero_view(a, &copy), alpha, beta, y);
    return r;
}

int exactblas_acc_merge_bytes(unsigned char inout[EXACTBLAS_ACC_BYTES],
                              const unsigned char in[EXACTBLAS_ACC_BYTES])
{
    exactblas_acc a, b;
    exb_superacc_clear(&a.acc);
    exb_superacc_clear(&b.acc);
    int bad = exactblas_acc_deserialize(&a, inout) != 0 || exactblas_acc_deserialize(&b, in) != 0;
    if (bad) { /* not accumulators: the result says so, NaN */
        exb_superacc_reset(&a.acc);
        a.acc.flags = EXB_FLAG_NAN | EXB_FLAG_TERMS | EXB_FLAG_NOT_NEGZERO;
    } else {
        exb_superacc_merge(&a.acc, &b.acc);
    }
    exactblas_acc_serialize(&a, inout);
    return bad ? -1 : 0;
}

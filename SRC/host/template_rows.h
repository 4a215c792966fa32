/*
 * template_rows.h -- the column-sweep kernel of rows.h, included after
 * template_vector_sums.h by each instruction-set file (it reuses that file's
 * TwoSum, lane tests and bounds); static to that file, like it.
 *
 * Four consecutive rows share one v4d: lane l holds the expansion of row
 * r+l.  Column j brings the terms a[r+l + j*lda] * x[j], split exactly by
 * TwoProduct into p + e (p at level 0, e at level 1), exactly as the ExDOT
 * kernel does; residuals and the products TwoProduct cannot split exactly
 * (outside [EXB_PRODUCT_MIN, EXB_TERM_MAX], NaN, Inf) go to the accumulator of their
 * own row.
 */
#include "rows.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"

/* Lanes of t that are nonzero go to the accumulators acc[0..3]. */
static void EXB_FN(spill_rows)(exb_superacc *acc, v4d t)
{
    for (int l = 0; l < 4; l++)
        if (t[l] != 0.0)
            exb_superacc_add_double(&acc[l], t[l]);
}

/* The cascade of template_vector_sums.h, each lane's residual to its own row. */
static inline __attribute__((always_inline)) void
EXB_FN(rows_expansion_add)(v4d *a, v4d t, int level, int K, int early_exit, exb_superacc *acc)
{
    if (EXB_FN(cascade)(a, &t, level, K, early_exit))
        EXB_FN(spill_rows)(acc, t);
}

/* Rows r..r+3 over all columns; a points at row r. */
static inline __attribute__((always_inline)) void
EXB_FN(colsweep4)(int K, int early_exit, double *expansion, long count, exb_superacc *acc,
                  const double *a, long lda, const double *x, long ncols)
{
    v4d e4[8];
    for (int k = 0; k < K; k++)
        memcpy(&e4[k], expansion + k * count, sizeof(v4d));
    for (long j = 0; j < ncols; j++) {
        v4d av, xv = {x[j], x[j], x[j], x[j]};
        memcpy(&av, a + j * lda, sizeof av);
        v4d pv = av * xv;
        v4d ap = EXB_FN(abs4)(pv);
        /* exact zero products are harmless; underflowed ones are not */
        v4i ok = (ap <= EXB_TERM_MAX) & ((ap >= EXB_PRODUCT_MIN) | (av == 0.0) | (xv == 0.0));
        if (!EXB_FN(all_true)(ok)) {
            for (int l = 0; l < 4; l++)
                if (!ok[l]) {
                    exb_superacc_add_product(&acc[l], av[l], x[j]);
                    av[l] = xv[l] = pv[l] = 0.0;
                }
        }
        v4d ev = EXB_FMA4(av, xv, -pv); /* TwoProduct: a*x = p + e exactly */
        EXB_FN(rows_expansion_add)(e4, pv, 0, K, early_exit, acc);
        EXB_FN(rows_expansion_add)(e4, ev, 1, K, early_exit, acc);
    }
    for (int k = 0; k < K; k++)
        memcpy(expansion + k * count, &e4[k], sizeof(v4d));
}

static __attribute__((unused)) void EXB_FN(exb_rows_colsweep)(exb_rows *rows, long r0, long r1,
                                                              const double *a, long lda,
                                                              const double *x, long ncols)
{
    long r = r0;
    if (rows->fpe >= 2) {
        for (; r + 4 <= r1; r += 4) {
            double *ex = rows->expansion + r;
            exb_superacc *acc = rows->acc + r;
#define EXB_RUN(K)                                                                                 \
    EXB_FN(colsweep4)(K, rows->early_exit, ex, rows->count, acc, a + r, lda, x, ncols)
            EXB_SWITCH_FPE(rows->fpe, EXB_RUN);
#undef EXB_RUN
        }
    }
    /* the accumulator-only mode, and rows that do not fill a group of four */
    for (; r < r1; r++)
        for (long j = 0; j < ncols; j++)
            exb_superacc_add_product(&rows->acc[r], a[r + j * lda], x[j]);
}

/* Knuth's TwoSum on one lane (exb_two_sum4's steps). */
static inline double EXB_FN(two_sum1)(double a, double b, double *err)
{
    double s = a + b, bv = s - a;
    *err = (a - (s - bv)) + (b - bv);
    return s;
}

/* t into the scalar expansion e[level..K-1]; a residual goes to acc. */
static inline __attribute__((always_inline)) void
EXB_FN(expansion_add1)(double *e, double t, int level, int K, exb_superacc *acc)
{
    for (int k = level; k < K && t != 0.0; k++)
        e[k] = EXB_FN(two_sum1)(e[k], t, &t);
    if (t != 0.0)
        exb_superacc_add_double(acc, t);
}

static __attribute__((unused)) void EXB_FN(exb_rows_add_products)(exb_rows *rows, long r,
                                                                  const double *a, long inc,
                                                                  const double *x, long len)
{
    exb_superacc *acc = &rows->acc[r];
    int K = rows->fpe;
    if (K < 2) {
        for (long j = 0; j < len; j++)
            exb_superacc_add_product(acc, a[j * inc], x[j]);
        return;
    }
    double e[8];
    for (int k = 0; k < K; k++)
        e[k] = rows->expansion[k * rows->count + r];
    for (long j = 0; j < len; j++) {
        double av = a[j * inc], xv = x[j], p = av * xv, ap = __builtin_fabs(p);
        /* outside TwoProduct's exact range (NaN and Inf included): straight in */
        if (!(ap <= EXB_TERM_MAX && (ap >= EXB_PRODUCT_MIN || av == 0.0 || xv == 0.0))) {
            exb_superacc_add_product(acc, av, xv);
            continue;
        }
        double q = EXB_FMA1(av, xv, -p); /* TwoProduct: a*x = p + q exactly */
        EXB_FN(expansion_add1)(e, p, 0, K, acc);
        EXB_FN(expansion_add1)(e, q, 1, K, acc);
    }
    for (int k = 0; k < K; k++)
        rows->expansion[k * rows->count + r] = e[k];
}

#pragma GCC diagnostic pop

/*
 * test_random.c -- the randomized differential test: random routines on
 * random shapes, data and knob settings, every output bit for bit against
 * the MPFR oracles (signed zeros and the one NaN included).
 *
 * usage: test_random random.in host|opencl [cases [first]]
 * The input file gives the seed, the cases (overridden by the third
 * argument; the sanitizer pass runs fewer) and `knob_every` (a new random
 * knob setting every that many cases: 1 on the host; on OpenCL every
 * setting builds its programs, so several cases share one).  Case c draws
 * everything from its own stream (seed, c), so one failing case reruns
 * alone: test_random random.in host 1 c.
 *
 * What a case draws:
 *   routine  EXDSUM, EXDDOT, EXDGEMV, EXDGEMM, EXDTRSV, EXDTRSM, or a
 *            sequence of accumulator operations (adds, products, vector
 *            adds, merges, merges with itself, byte round trips and
 *            merge_bytes, clears) followed by its four roundings;
 *   shape    sizes up to a few hundred, increments of every sign, padded
 *            leading dimensions whose padding must stay untouched; EXDTRSM
 *            half the time in the split path's shape (order 65..160, 16..40
 *            right-hand sides), EXDGEMM often with k >= 16;
 *   data     a class per operand (all operands the same class a quarter of
 *            the time): narrow (-1, 1), wide (the whole exponent range),
 *            tiny [2^-1074, 2^-990], low [2^-1022, 2^-1000], huge
 *            [2^990, 2^1023], mixed, cancelling, special (NaN, +-Inf
 *            sprinkled), zeros (mostly +-0) and small integers (exact zero
 *            results, so the zero-sign rule), each with signed zeros mixed in;
 *   scalars  alpha, beta from lists with +-0, +-1, tiny, huge, NaN, Inf;
 *   knobs    every knob of the registry drawn at random (host or OpenCL
 *            lines), and the path the setting names is checked after each
 *            call.
 * Hangs are failures (a watchdog per case).  The table counts cases, the
 * outputs checked and how many of them were exact zeros of each sign.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "exactblas_acc.h"
#include "level2lib.h"

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

/* ---- random draws ----------------------------------------------------------- */

/* A size: small ones often, up to `most`. */
static long draw_size(tl_rng *r, long most)
{
    switch (tl_draw(r, 0, 3)) {
    case 0:
        return tl_draw(r, 0, 4);
    case 1:
        return tl_draw(r, 0, most / 8 > 5 ? most / 8 : 5);
    default:
        return tl_draw(r, 0, most);
    }
}

static long draw_inc(tl_rng *r, int zero_ok)
{
    static const long incs[] = {1, 1, 1, 1, 2, 3, -1, -2, 0};
    long inc = incs[tl_draw(r, 0, COUNT(incs) - 1)];
    return inc == 0 && !zero_ok ? 1 : inc;
}

static const double scalars[] = {1.0,      -1.0,      0.0,        -0.0,
                                 0.5,      -3.0,      0.1,        0x1p-1000,
                                 0x1p1000, 0x1p-1074, -0x1p-1060, 0x1.fffffffffffffp1023,
                                 1.0,      2.0,       NAN,        INFINITY};

static double draw_scalar(tl_rng *r)
{
    int k = (int)tl_draw(r, 0, COUNT(scalars) - 1);
    if (isnan(scalars[k]) || isinf(scalars[k])) /* specials: a third as often */
        k = tl_chance(r, 3) ? k : (int)tl_draw(r, 0, 7);
    return scalars[k];
}

/* ---- data classes ------------------------------------------------------------- */

enum { NARROW, WIDE, TINY, LOW, HUGE, MIXED, CANCEL, SPECIAL, ZEROS, INTS, NCLASSES };
static const char *class_names[NCLASSES] = {"narrow", "wide",   "tiny",    "low",   "huge",
                                            "mixed",  "cancel", "special", "zeros", "ints"};

static double value_of(tl_rng *r, int cls)
{
    double s = tl_rng_sign(r);
    switch (cls) {
    case NARROW:
        return s * tl_rng_uniform(r);
    case WIDE:
        return s * tl_rng_loguniform(r, -1074, 1023);
    case TINY: /* subnormals included: the significand is cut to the grid */
        return s *
               ldexp(floor(ldexp(1.0 + tl_rng_uniform(r), 52)), (int)tl_draw(r, -1074, -990) - 52);
    case LOW:
        return s * tl_rng_loguniform(r, -1022, -1001);
    case HUGE:
        return s * tl_rng_loguniform(r, 990, 1022);
    case MIXED:
        return value_of(r, (int[]){NARROW, TINY, HUGE, LOW}[tl_draw(r, 0, 3)]);
    case SPECIAL: {
        long k = tl_draw(r, 0, 15);
        return k == 0 ? NAN : k == 1 ? s * INFINITY : value_of(r, WIDE);
    }
    case ZEROS:
        return tl_chance(r, 6) ? s * (double)tl_draw(r, 1, 4) : s * 0.0;
    case INTS:
        return (double)tl_draw(r, -3, 3);
    default: /* CANCEL: filled by fill() */
        return s * tl_rng_loguniform(r, -60, 60);
    }
}

/* x[0..n) from class cls, signed zeros mixed in; "cancel" repeats earlier
 * values negated (and some halves), so exact sums cancel deeply. */
static void fill(tl_rng *r, int cls, long n, double *x)
{
    for (long i = 0; i < n; i++) {
        if (cls == CANCEL && i > 0 && tl_chance(r, 2))
            x[i] = -x[tl_draw(r, 0, i - 1)] * (tl_chance(r, 4) ? 0.5 : 1.0);
        else
            x[i] = value_of(r, cls);
        if (cls != ZEROS && tl_chance(r, 24))
            x[i] = tl_rng_sign(r) * 0.0;
    }
}

/* Classes for a case's operands: one for all a quarter of the time, where
 * the split paths' shapes meet the ends of the exponent range together. */
static void draw_classes(tl_rng *r, int *cls, int count)
{
    int shared = tl_chance(r, 4) ? (int)tl_draw(r, 0, NCLASSES - 1) : -1;
    for (int k = 0; k < count; k++)
        cls[k] = shared >= 0 ? shared : (int)tl_draw(r, 0, NCLASSES - 1);
}

/* ---- knob settings ----------------------------------------------------------------- */

static long max_wg;

static void add_knob(char *out, size_t cap, const char *name, const char *value)
{
    size_t len = strlen(out);
    snprintf(out + len, cap - len, " EXACTBLAS_%s=%s", name, value);
}

/* A random value from the list, or the knob left unset (half the time). */
static void maybe(tl_rng *r, char *out, size_t cap, const char *name, const char *const *values,
                  int count)
{
    if (tl_chance(r, 2))
        add_knob(out, cap, name, values[tl_draw(r, 0, count - 1)]);
}

static void draw_knobs(tl_rng *r, int opencl, char *out, size_t cap)
{
    static const char *fpe[] = {"0", "2", "3", "4", "5", "6", "7", "8"};
    static const char *bit[] = {"0", "1"};
    static const char *block[] = {"1", "2", "5", "16", "32", "64", "100", "256"};
    static const char *path[] = {"auto", "general", "split", "early"};
    static const char *levels[] = {"0", "2", "3", "5", "20"};
    static const char *front[] = {"auto", "fpe", "table"};
    static const char *threads[] = {"1", "2", "3", "4", "7"};
    static const char *isa[] = {"auto", "generic"};
    static const char *filter[] = {"auto", "0"};
    static const char *mode[] = {"fused", "multi"};
    snprintf(out, cap, "EXACTBLAS_DEVICE=%s", opencl ? "opencl" : "host");
    maybe(r, out, cap, "FPE", fpe, COUNT(fpe));
    maybe(r, out, cap, "EARLY_EXIT", bit, COUNT(bit));
    maybe(r, out, cap, "TRSV_BLOCK", block, COUNT(block));
    maybe(r, out, cap, "GEMM_PATH", path, COUNT(path));
    maybe(r, out, cap, "GEMM_LEVELS", levels, COUNT(levels));
    maybe(r, out, cap, "FRONT", front, COUNT(front));
    maybe(r, out, cap, "THREADS", threads, COUNT(threads));
    maybe(r, out, cap, "HOST_ISA", isa, COUNT(isa));
    maybe(r, out, cap, "FILTER", filter, COUNT(filter));
    if (opencl) {
        char largest[24];
        snprintf(largest, sizeof largest, "%ld", max_wg);
        const char *wg[] = {"1", "3", "16", "64", "256", largest};
        maybe(r, out, cap, "WG", wg, COUNT(wg));
        maybe(r, out, cap, "TRSV_MODE", mode, COUNT(mode));
        if (tl_chance(r, 6))
            add_knob(out, cap, "FP64", "0");
    }
}

/* ---- tallies ------------------------------------------------------------------------- */

enum { SUM, DOT, GEMV, GEMM, TRSV, TRSM, ACC, NROUTINES };
static const char *routine_names[NROUTINES] = {"EXDSUM",  "EXDDOT",  "EXDGEMV",    "EXDGEMM",
                                               "EXDTRSV", "EXDTRSM", "accumulator"};

typedef struct stats {
    tl_tally t;
    long outputs, pos_zero, neg_zero, opencl; /* outputs: padding included */
} stats;

static stats by_routine[NROUTINES];

/* Compares and counts the outputs checked, with the exact zeros by sign. */
static void check(int routine, const char *label, const char *knobs, long len, const double *want,
                  const double *got)
{
    stats *s = &by_routine[routine];
    tl_check_vector(&s->t, label, knobs, len, want, got);
    for (long i = 0; i < len; i++) {
        s->outputs++;
        s->pos_zero += want[i] == 0.0 && !signbit(want[i]);
        s->neg_zero += want[i] == 0.0 && signbit(want[i]);
    }
}

static void check_path(int routine, const char *label, const char *knobs)
{
    if (!tl_check_path(label, knobs))
        by_routine[routine].t.mismatches++;
    if (exactblas_last_path() & EXACTBLAS_PATH_OPENCL)
        by_routine[routine].opencl++;
}

/* The case being run: its number picks the caller's floating-point
 * environment (testlib's tl_callenv: directed modes, FTZ, DAZ, raised
 * flags) that every library call of the case is made under, its arguments
 * computed before and its results read after (through volatile variables,
 * which no conversion is moved across); a call that leaves the environment
 * changed is a mismatch of its routine. */
static long current_case;

#define CALL(routine, stmt)                                                                        \
    do {                                                                                           \
        tl_callenv env_ = tl_callenv_of(current_case);                                             \
        char why_[200];                                                                            \
        tl_callenv_enter(&env_);                                                                   \
        stmt;                                                                                      \
        if (!tl_callenv_leave(&env_, why_, sizeof why_)) {                                         \
            printf("MISMATCH case %ld %s: %s\n", current_case, routine_names[routine], why_);      \
            by_routine[routine].t.mismatches++;                                                    \
        }                                                                                          \
    } while (0)

static double *copy_of(const double *a, long len)
{
    double *c = malloc((size_t)(len > 0 ? len : 1) * sizeof *c);
    memcpy(c, a, (size_t)len * sizeof *c);
    return c;
}

/* ---- Level 1 ---------------------------------------------------------------------------- */

static void case_sum(tl_rng *r, const char *knobs)
{
    int cls;
    draw_classes(r, &cls, 1);
    long n = draw_size(r, 3000), inc = draw_inc(r, 1);
    double *v = malloc((size_t)(n + 1) * sizeof *v);
    fill(r, cls, n, v);
    double *x = tl_layout(v, n, inc);
    double want = inc > 0 ? tl_oracle_dot(n, x, inc, NULL, 0) : 0.0; /* DASUM's quick return */
    char label[200];
    snprintf(label, sizeof label, "EXDSUM %s n=%ld incx=%ld", class_names[cls], n, inc);
    volatile double result;
    CALL(SUM, result = exactblas_dsum((int)n, x, (int)inc));
    double got = result;
    check(SUM, label, knobs, 1, &want, &got);
    check_path(SUM, label, knobs);
    free(v);
    free(x);
}

static void case_dot(tl_rng *r, const char *knobs)
{
    int cls[2];
    draw_classes(r, cls, 2);
    long n = draw_size(r, 3000), incx = draw_inc(r, 1), incy = draw_inc(r, 1);
    double *u = malloc((size_t)(n + 1) * sizeof *u), *v = malloc((size_t)(n + 1) * sizeof *v);
    fill(r, cls[0], n, u);
    fill(r, cls[1], n, v);
    double *x = tl_layout(u, n, incx), *y = tl_layout(v, n, incy);
    double want = tl_oracle_dot(n, x, incx, y, incy);
    char label[200];
    snprintf(label, sizeof label, "EXDDOT %s.%s n=%ld incx=%ld incy=%ld", class_names[cls[0]],
             class_names[cls[1]], n, incx, incy);
    volatile double result;
    CALL(DOT, result = exactblas_ddot((int)n, x, (int)incx, y, (int)incy));
    double got = result;
    check(DOT, label, knobs, 1, &want, &got);
    check_path(DOT, label, knobs);
    free(u);
    free(v);
    free(x);
    free(y);
}

/* ---- Level 2 and 3 ------------------------------------------------------------------------ */

static void case_gemv(tl_rng *r, const char *knobs)
{
    int cls[3];
    draw_classes(r, cls, 3);
    char trans = "NTC"[tl_draw(r, 0, 2)];
    long m = draw_size(r, 200), n = draw_size(r, 200);
    long incx = draw_inc(r, 0), incy = draw_inc(r, 0);
    double alpha = draw_scalar(r), beta = tl_chance(r, 3) ? 0.0 : draw_scalar(r);
    tl_matrix A;
    tl_matrix_alloc(&A, m, n, (m > 1 ? m : 1) + tl_draw(r, 0, 2));
    fill(r, cls[0], A.lda * n, A.a);
    for (long j = 0; j < n; j++) /* the padding stays NaN: never read */
        for (long i = m; i < A.lda; i++)
            A.a[i + j * A.lda] = NAN;
    int t = trans != 'N';
    long lenx = t ? m : n, leny = t ? n : m;
    double *x = malloc((size_t)(lenx + 1) * sizeof *x), *y = malloc((size_t)(leny + 1) * sizeof *y);
    fill(r, cls[1], lenx, x);
    fill(r, cls[2], leny, y);
    if (beta == 0.0) /* not read */
        for (long i = 0; i < leny; i++)
            y[i] = NAN;
    double *expect = copy_of(y, leny);
    if (!(m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0))) /* else: y untouched */
        tl_oracle_gemv(trans, &A, alpha, x, beta, expect);
    double *xs = tl_layout(x, lenx, incx), *want = tl_layout(expect, leny, incy),
           *got = tl_layout(y, leny, incy);
    char label[240];
    snprintf(label, sizeof label,
             "EXDGEMV A=%s x=%s y=%s trans=%c m=%ld n=%ld lda=%ld incx=%ld incy=%ld alpha=%a "
             "beta=%a",
             class_names[cls[0]], class_names[cls[1]], class_names[cls[2]], trans, m, n, A.lda,
             incx, incy, alpha, beta);
    CALL(GEMV, exactblas_dgemv(trans, (int)m, (int)n, alpha, A.a, (int)A.lda, xs, (int)incx, beta,
                               got, (int)incy));
    check(GEMV, label, knobs, tl_layout_len(leny, incy), want, got);
    check_path(GEMV, label, knobs);
    free(A.a);
    free(x);
    free(y);
    free(expect);
    free(xs);
    free(want);
    free(got);
}

static void case_gemm(tl_rng *r, const char *knobs)
{
    int cls[3];
    draw_classes(r, cls, 3);
    char ta = "NTC"[tl_draw(r, 0, 2)], tb = "NTC"[tl_draw(r, 0, 2)];
    long m = draw_size(r, 80), n = draw_size(r, 80);
    long k = tl_chance(r, 2) ? tl_draw(r, 16, 130) : draw_size(r, 40);
    double alpha = draw_scalar(r), beta = tl_chance(r, 3) ? 0.0 : draw_scalar(r);
    long am = ta == 'N' ? m : k, an = ta == 'N' ? k : m, bm = tb == 'N' ? k : n,
         bn = tb == 'N' ? n : k;
    tl_matrix A, B, C;
    tl_matrix_alloc(&A, am, an, (am > 1 ? am : 1) + tl_draw(r, 0, 2));
    tl_matrix_alloc(&B, bm, bn, (bm > 1 ? bm : 1) + tl_draw(r, 0, 2));
    tl_matrix_alloc(&C, m, n, (m > 1 ? m : 1) + tl_draw(r, 0, 2));
    for (long j = 0; j < an; j++)
        fill(r, cls[0], am, A.a + j * A.lda);
    for (long j = 0; j < bn; j++)
        fill(r, cls[1], bm, B.a + j * B.lda);
    for (long j = 0; j < n; j++)
        fill(r, cls[2], m, C.a + j * C.lda);
    if (beta == 0.0)
        for (long j = 0; j < n; j++)
            for (long i = 0; i < m; i++)
                C.a[i + j * C.lda] = NAN;
    long len = C.lda * (n > 0 ? n : 1);
    double *want = copy_of(C.a, len);
    int quick = m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0);
    if (!quick) { /* column j: the GEMV oracle with x = column j of op(B) */
        double *x = malloc((size_t)(k + 1) * sizeof *x), *y = malloc((size_t)(m + 1) * sizeof *y);
        for (long j = 0; j < n; j++) {
            for (long l = 0; l < k; l++)
                x[l] = tb == 'N' ? B.a[l + j * B.lda] : B.a[j + l * B.lda];
            memcpy(y, C.a + j * C.lda, (size_t)m * sizeof *y);
            tl_oracle_gemv(ta, &A, alpha, x, beta, y);
            memcpy(want + j * C.lda, y, (size_t)m * sizeof *y);
        }
        free(x);
        free(y);
    }
    char label[240];
    snprintf(label, sizeof label,
             "EXDGEMM A=%s B=%s C=%s %c%c m=%ld n=%ld k=%ld lda=%ld ldb=%ld ldc=%ld alpha=%a "
             "beta=%a",
             class_names[cls[0]], class_names[cls[1]], class_names[cls[2]], ta, tb, m, n, k, A.lda,
             B.lda, C.lda, alpha, beta);
    CALL(GEMM, exactblas_dgemm(ta, tb, (int)m, (int)n, (int)k, alpha, A.a, (int)A.lda, B.a,
                               (int)B.lda, beta, C.a, (int)C.lda));
    check(GEMM, label, knobs, len, want, C.a);
    check_path(GEMM, label, knobs);
    free(A.a);
    free(B.a);
    free(C.a);
    free(want);
}

/* A triangular matrix: off-diagonal and diagonal entries from their classes,
 * the unreferenced triangle (and a unit diagonal) NaN. */
static void fill_triangular(tl_rng *r, tl_matrix *T, char uplo, char diag, int off, int on)
{
    long n = T->n;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            double *t = &T->a[i + j * T->lda];
            if (i == j)
                *t = diag == 'U' ? NAN : value_of(r, on);
            else if ((uplo == 'L') == (i > j))
                fill(r, off, 1, t);
            else
                *t = NAN;
        }
}

static void case_trsv(tl_rng *r, const char *knobs)
{
    int cls[3];
    draw_classes(r, cls, 3);
    char uplo = "LU"[tl_draw(r, 0, 1)], trans = "NTC"[tl_draw(r, 0, 2)],
         diag = "NU"[tl_draw(r, 0, 1)];
    long n = draw_size(r, 200), inc = draw_inc(r, 0);
    tl_matrix T;
    tl_matrix_alloc(&T, n, n, (n > 1 ? n : 1) + tl_draw(r, 0, 2));
    fill_triangular(r, &T, uplo, diag, cls[0], cls[1]);
    double *b = malloc((size_t)(n + 1) * sizeof *b);
    fill(r, cls[2], n, b);
    double *expect = copy_of(b, n);
    tl_oracle_trsv(uplo, trans, diag, &T, expect);
    double *want = tl_layout(expect, n, inc), *got = tl_layout(b, n, inc);
    char label[240];
    snprintf(label, sizeof label, "EXDTRSV T=%s diag=%s b=%s %c%c%c n=%ld lda=%ld incx=%ld",
             class_names[cls[0]], class_names[cls[1]], class_names[cls[2]], uplo, trans, diag, n,
             T.lda, inc);
    CALL(TRSV, exactblas_dtrsv(uplo, trans, diag, (int)n, T.a, (int)T.lda, got, (int)inc));
    check(TRSV, label, knobs, tl_layout_len(n, inc), want, got);
    check_path(TRSV, label, knobs);
    free(T.a);
    free(b);
    free(expect);
    free(want);
    free(got);
}

static void case_trsm(tl_rng *r, const char *knobs)
{
    int cls[3];
    draw_classes(r, cls, 3);
    char side = "LR"[tl_draw(r, 0, 1)], uplo = "LU"[tl_draw(r, 0, 1)],
         transa = "NTC"[tl_draw(r, 0, 2)], diag = "NU"[tl_draw(r, 0, 1)];
    long order, nrhs;
    if (tl_chance(r, 2)) { /* the host's split path: more than one diagonal block, >= 16 sides */
        order = tl_draw(r, 65, 160);
        nrhs = tl_draw(r, 16, 40);
    } else {
        order = draw_size(r, 64);
        nrhs = draw_size(r, 24);
    }
    long m = side == 'L' ? order : nrhs, n = side == 'L' ? nrhs : order;
    double alpha = tl_chance(r, 2) ? 1.0 : draw_scalar(r);
    tl_matrix T, B;
    tl_matrix_alloc(&T, order, order, (order > 1 ? order : 1) + tl_draw(r, 0, 2));
    fill_triangular(r, &T, uplo, diag, cls[0], cls[1]);
    tl_matrix_alloc(&B, m, n, (m > 1 ? m : 1) + tl_draw(r, 0, 2));
    for (long j = 0; j < n; j++)
        fill(r, cls[2], m, B.a + j * B.lda);
    long len = B.lda * (n > 0 ? n : 1);
    tl_matrix want = B;
    want.a = copy_of(B.a, len);
    if (m > 0 && n > 0)
        tl_oracle_trsm(side, uplo, transa, diag, alpha, &T, &want);
    char label[240];
    snprintf(label, sizeof label,
             "EXDTRSM T=%s diag=%s B=%s %c%c%c%c m=%ld n=%ld lda=%ld ldb=%ld alpha=%a",
             class_names[cls[0]], class_names[cls[1]], class_names[cls[2]], side, uplo, transa,
             diag, m, n, T.lda, B.lda, alpha);
    CALL(TRSM, exactblas_dtrsm(side, uplo, transa, diag, (int)m, (int)n, alpha, T.a, (int)T.lda,
                               B.a, (int)B.lda));
    check(TRSM, label, knobs, len, want.a, B.a);
    check_path(TRSM, label, knobs);
    free(T.a);
    free(B.a);
    free(want.a);
}

/* ---- the accumulator ------------------------------------------------------------------------- */

/* What an accumulator holds, for the oracle: terms a*b*2^e. */
typedef struct held {
    double *a, *b;
    int *e;
    long count, cap;
    double log2_bound; /* log2 of (an upper bound of) the sum of |terms| */
} held;

static void held_add(held *h, double a, double b, int e)
{
    if (h->count == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->a = realloc(h->a, (size_t)h->cap * sizeof *h->a);
        h->b = realloc(h->b, (size_t)h->cap * sizeof *h->b);
        h->e = realloc(h->e, (size_t)h->cap * sizeof *h->e);
    }
    h->a[h->count] = a;
    h->b[h->count] = b;
    h->e[h->count++] = e;
    if (isfinite(a) && isfinite(b) && a != 0.0 && b != 0.0) {
        double l = log2(fabs(a)) + log2(fabs(b)) + e + 1.0;
        double hi = l > h->log2_bound ? l : h->log2_bound,
               lo = l > h->log2_bound ? h->log2_bound : l;
        h->log2_bound = hi + log2(1.0 + exp2(lo - hi)) + 1e-9;
    }
}

static void held_merge(held *dst, const held *src)
{
    long count = src->count; /* src may be dst */
    for (long k = 0; k < count; k++)
        held_add(dst, src->a[k], src->b[k], src->e[k]);
}

static void held_clear(held *h)
{
    h->count = 0;
    h->log2_bound = -1e9;
}

/* The oracle of what h holds. */
static tl_terms *held_terms(const held *h)
{
    tl_terms *t = tl_terms_new(h->count + 1);
    for (long k = 0; k < h->count; k++)
        tl_terms_add(t, h->a[k], h->b[k], ldexp(1.0, h->e[k]));
    return t;
}

/* Values up to 2^2190 (beyond 2^2206 the accumulator is Inf by design):
 * products of huge doubles doubled by merges with themselves reach the top
 * digit of the accumulator. */
#define ACC_LOG2_LIMIT 2190.0

static void case_acc(tl_rng *r, const char *knobs)
{
    int cls[2];
    draw_classes(r, cls, 2);
    exactblas_acc *acc[2] = {exactblas_acc_new(), exactblas_acc_new()};
    held h[2] = {{0}, {0}};
    held_clear(&h[0]);
    held_clear(&h[1]);
    char label[400];
    int len = snprintf(label, sizeof label, "accumulator %s/%s ops", class_names[cls[0]],
                       class_names[cls[1]]);
    long ops = tl_draw(r, 1, 40);
    for (long op = 0; op < ops; op++) {
        int w = (int)tl_draw(r, 0, 1), kind = (int)tl_draw(r, 0, 9);
        exactblas_acc *a = acc[w], *o = acc[1 - w];
        if (len < (int)sizeof label - 8)
            len += snprintf(label + len, sizeof label - (size_t)len, " %d%c", kind, "ab"[w]);
        double x = value_of(r, cls[w]), y = value_of(r, cls[1 - w]);
        switch (kind) {
        case 0:
            CALL(ACC, exactblas_acc_add(a, x));
            held_add(&h[w], x, 1.0, 0);
            break;
        case 1:
        case 2:
            CALL(ACC, exactblas_acc_add_product(a, x, y));
            held_add(&h[w], x, y, 0);
            break;
        case 3:
        case 4: {
            long n = draw_size(r, 300), inc = draw_inc(r, 1);
            double *u = malloc((size_t)(n + 1) * sizeof *u),
                   *v = malloc((size_t)(n + 1) * sizeof *v);
            fill(r, cls[w], n, u);
            fill(r, cls[1 - w], n, v);
            double *xs = tl_layout(u, n, inc), *ys = tl_layout(v, n, 1);
            if (kind == 3)
                CALL(ACC, exactblas_acc_add_sum(a, n, xs, inc));
            else
                CALL(ACC, exactblas_acc_add_dot(a, n, xs, inc, ys, 1));
            check_path(ACC, label, knobs);
            long start = inc < 0 ? (1 - n) * inc : 0; /* the elements visited */
            for (long i = 0; i < n; i++)
                held_add(&h[w], xs[start + i * inc], kind == 3 ? 1.0 : v[i], 0);
            free(u);
            free(v);
            free(xs);
            free(ys);
            break;
        }
        case 5:
            exactblas_acc_merge(a, o);
            held_merge(&h[w], &h[1 - w]);
            break;
        case 6: /* doubled: a merge with itself, while the value stays in range */
            if (h[w].log2_bound + 1.0 < ACC_LOG2_LIMIT) {
                for (long k = 0; k < h[w].count; k++)
                    h[w].e[k]++;
                h[w].log2_bound += 1.0;
                exactblas_acc_merge(a, a);
            }
            break;
        case 7: { /* a byte round trip gives the same bytes */
            unsigned char b1[EXACTBLAS_ACC_BYTES], b2[EXACTBLAS_ACC_BYTES];
            exactblas_acc_serialize(a, b1);
            exactblas_acc *c = exactblas_acc_new();
            int bad = exactblas_acc_deserialize(c, b1);
            exactblas_acc_serialize(c, b2);
            if (bad || memcmp(b1, b2, sizeof b1) != 0) {
                printf("MISMATCH %s knobs=[%s]: serialize/deserialize round trip (%d)\n", label,
                       knobs, bad);
                by_routine[ACC].t.mismatches++;
            }
            exactblas_acc_free(acc[w]);
            acc[w] = c;
            break;
        }
        case 8: { /* inout := bytes(a) + bytes(o) */
            unsigned char b1[EXACTBLAS_ACC_BYTES], b2[EXACTBLAS_ACC_BYTES];
            exactblas_acc_serialize(a, b1);
            exactblas_acc_serialize(o, b2);
            if (exactblas_acc_merge_bytes(b1, b2) != 0 || exactblas_acc_deserialize(a, b1) != 0) {
                printf("MISMATCH %s knobs=[%s]: merge_bytes of two valid accumulators failed\n",
                       label, knobs);
                by_routine[ACC].t.mismatches++;
            }
            held_merge(&h[w], &h[1 - w]);
            break;
        }
        default:
            if (tl_chance(r, 3)) {
                exactblas_acc_clear(a);
                held_clear(&h[w]);
            }
            break;
        }
    }
    for (int w = 0; w < 2; w++) {
        tl_terms *t = held_terms(&h[w]);
        double d = tl_chance(r, 4) ? draw_scalar(r) : value_of(r, cls[w]);
        double alpha = draw_scalar(r), beta = tl_chance(r, 3) ? 0.0 : draw_scalar(r),
               y = value_of(r, cls[1 - w]);
        double want[4] = {tl_terms_round(t), tl_terms_round_quotient(t, d),
                          tl_terms_round_affine(t, alpha, beta, y), tl_terms_round_sqrt(t)};
        volatile double rounded[4];
        CALL(ACC, rounded[0] = exactblas_acc_round(acc[w]);
             rounded[1] = exactblas_acc_round_quotient(acc[w], d);
             rounded[2] = exactblas_acc_round_affine(acc[w], alpha, beta, y);
             rounded[3] = exactblas_acc_round_sqrt(acc[w]));
        double got[4] = {rounded[0], rounded[1], rounded[2], rounded[3]};
        char full[520];
        snprintf(full, sizeof full,
                 "%s: acc %c, d=%a alpha=%a beta=%a y=%a (round, quotient, "
                 "affine, sqrt)",
                 label, "ab"[w], d, alpha, beta, y);
        check(ACC, full, knobs, 4, want, got);
        /* the bytes are canonical: the same terms added in another order
         * (when they are plain products) give the same bytes */
        int plain = 1;
        for (long k = 0; k < h[w].count; k++)
            plain = plain && h[w].e[k] == 0;
        if (plain) {
            exactblas_acc *c = exactblas_acc_new();
            for (long k = h[w].count - 1; k >= 0; k--)
                exactblas_acc_add_product(c, h[w].a[k], h[w].b[k]);
            unsigned char b1[EXACTBLAS_ACC_BYTES], b2[EXACTBLAS_ACC_BYTES];
            exactblas_acc_serialize(acc[w], b1);
            exactblas_acc_serialize(c, b2);
            if (memcmp(b1, b2, sizeof b1) != 0) {
                printf("MISMATCH %s knobs=[%s]: bytes differ from the same terms reversed\n", full,
                       knobs);
                by_routine[ACC].t.mismatches++;
            }
            exactblas_acc_free(c);
        }
        tl_terms_free(t);
        exactblas_acc_free(acc[w]);
        free(h[w].a);
        free(h[w].b);
        free(h[w].e);
    }
}

/* ---- driver -------------------------------------------------------------------------------- */

typedef void (*case_fn)(tl_rng *r, const char *knobs);
static const case_fn cases[NROUTINES] = {case_sum,  case_dot,  case_gemv, case_gemm,
                                         case_trsv, case_trsm, case_acc};

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* what failed is printed before a crash */
    tl_input in;
    int opencl = argc >= 3 && strcmp(argv[2], "opencl") == 0;
    if (argc < 3 || argc > 5 || (!opencl && strcmp(argv[2], "host") != 0) ||
        tl_read_input(argv[1], &in) != 0) {
        fprintf(stderr, "usage: test_random random.in host|opencl [cases [first]]\n");
        return 2;
    }
    long ncases = argc >= 4 ? atol(argv[3]) : in.cases, first = argc >= 5 ? atol(argv[4]) : 0;
    long knob_every = opencl && in.knob_every > 0 ? in.knob_every : 1;
    if (opencl) {
        if (!tl_opencl_available()) {
            printf("SKIPPED: no usable OpenCL device\n");
            return TL_SKIP;
        }
        max_wg = tl_opencl_max_wg();
    }
    printf("seed %llu, cases %ld..%ld, %s, a new knob setting every %ld cases\n",
           (unsigned long long)in.seed, first, first + ncases - 1, opencl ? "OpenCL" : "host",
           knob_every);
    char knobs[400] = "";
    for (long c = first; c < first + ncases; c++) {
        if ((c - first) % knob_every == 0) {
            tl_rng kr;
            tl_rng_seed(&kr, in.seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(c / knob_every + 1)));
            draw_knobs(&kr, opencl, knobs, sizeof knobs);
            tl_apply_knobs(knobs);
        }
        tl_rng r;
        tl_rng_seed(&r, in.seed * 1000003u + (uint64_t)c);
        int routine = (int)tl_draw(&r, 0, NROUTINES - 1);
        char what[64];
        snprintf(what, sizeof what, "case %ld (%s)", c, routine_names[routine]);
        tl_watchdog(120, what);
        by_routine[routine].t.cases++;
        current_case = c;
        cases[routine](&r, knobs);
    }
    tl_watchdog(0, "");
    printf("%-12s %7s %9s %9s %9s %8s %10s\n", "routine", "cases", "outputs", "+0", "-0", "opencl",
           "mismatches");
    tl_tally total = {0, 0, 0};
    for (int k = 0; k < NROUTINES; k++) {
        stats *s = &by_routine[k];
        printf("%-12s %7ld %9ld %9ld %9ld %8ld %10ld\n", routine_names[k], s->t.cases, s->outputs,
               s->pos_zero, s->neg_zero, s->opencl, s->t.mismatches);
        tl_tally_add(&total, &s->t);
    }
    return tl_verdict("random", &total, 1);
}

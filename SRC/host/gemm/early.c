/*
 * gemm/early.c -- EXDGEMM's split path with early rounding decisions (host,
 * binary64 slice products): the leading slice products only, every element
 * rounded from them where a bound proves the rounding, the rest computed
 * exactly.
 * (One file, over 600 lines: the levels, the bound and the per-element
 * decision share one work structure and its invariants, written out below;
 * apart they would need that structure in a header.)
 *
 * Slices (slices.h, gemm.h): row i of op(A) has top exponent E_i; cut without
 * end, a_il = sum_{s>=1} q_s 2^(E_i - s beta) with integers |q_s| < 2^beta;
 * the same for column j of op(B) with F_j and r_t.  A slice product A_s B_t
 * is exact in any binary64 GEMM (2 beta + ceil(log2 k) <= 53), and "level"
 * L = s + t of element (i, j) is
 *     V_L = sum_{s+t=L} (A_s B_t)_ij,   standing for V_L 2^(E_i + F_j - L beta).
 * The slices are cut one at a time, only as far as they are used.
 *
 * The bound.  After levels 2..L, in units u = 2^(E_i + F_j - L beta),
 *     C_ij = W + T,   W = sum_{l=2..L} V_l 2^((L - l) beta)  (an exact integer),
 * where T is every product with s + t > L.  Since |q_s| |r_t| < 2^(2 beta)
 * and level l has l - 1 pairs,
 *     |T| < k sum_{l > L} (l - 1) 2^(E_i + F_j - (l - 2) beta)
 *         = k 2^(E_i + F_j - (L - 1) beta) sum_{j >= 0} (L + j) x^j,  x = 2^-beta,
 *         = k 2^(E_i + F_j - (L - 1) beta) (L / (1 - x) + x / (1 - x)^2)
 *        <= 2 k (L + 1) 2^beta u  =: R u        (x <= 1/2),
 * and T = 0 once every pair is in (L = sa + sb, the slices that hold every
 * bit of every row and column).  RN(alpha c + beta y) is monotone in c, so
 * when it takes the same value at c = (W - R) u and at (W + R) u, that value
 * is the correctly rounded result: the element is decided.  A zero, a NaN
 * or values that differ leave it undecided, and it is computed exactly (the
 * sum/dot kernel into a long accumulator, rounded once with alpha, beta and
 * C): either way the bits are those of the exact result, so neither the
 * number of levels nor which elements were decided can change a bit.
 *
 * How many levels: after each level, a fixed sample of the block's elements
 * says which are decided and, from the size of W, at which level the others
 * would be; the next level is computed while its slice products cost less
 * than the exact dot products it is expected to save (the tuning record's
 * gemm_exact_cost).  That choice only moves time between the two.
 */
#include "backend/gemm.h"

#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "backend/sumdot.h"
#include "backend/tuning.h"
#include "host/pool.h"
#include "host/rows.h"
#include "slices.h"
#include "host/kernels.h"
#include "wide.h"
#include "decide.h"
#include "support/path.h"

#define LEVEL_BYTES                                                                                \
    (256L << 20)                  /* level sums held at once (sets the column block;
                                     only the levels used are touched) */
#define SLICE_BYTES (1024L << 20) /* slices and rests held at once (caps the levels) */
#define MAX_LEVEL 20
#define SAMPLES 256
#define COLUMN_CHUNK 4 /* columns a thread claims at a time when rounding */
#define MAX_THREADS 256
#define CONTINUE_BYTES (32L << 20) /* a thread's slices of one row and one column */
#define UNKNOWN (1 << 20)          /* slices of a row wider than one cut holds: not counted */

typedef struct early_work {
    const exb_gemm_args *g;
    const exb_knobs *knobs;
    exb_device_gemm_fn device; /* the slice products' device, or NULL */
    exb_sumdot_range_fn dot;   /* the exact dot product of undecided elements */
    int bits;
    double shift; /* 2^bits */
    int lcap;     /* the highest level computed for the whole block */
    int lwide;    /* the highest level the wide sums hold (one element) */
    int sa, sb;   /* slices that hold every bit (UNKNOWN: not counted) */
    int *top_a, *top_b;
    double *ra, *rb;                       /* what is left to cut: A's rows, B's block of columns */
    double *as[MAX_LEVEL], *bs[MAX_LEVEL]; /* slices cut so far (1-based) */
    int ca, cb;                            /* how many */
    double *prod;                          /* one slice product, m x nb */
    int64_t *level;                        /* levels 2..lcap, m x nb each */
    long nb, j0, cols;                     /* the column block */
    int L;                                 /* levels of the block computed */
    int threads;
    double product_ns; /* a slice product of one element, wall time (measured) */
    double exact_ns;   /* an element finished exactly, wall time (measured once) */
    exb_decider dec;   /* alpha, beta and C in the rounding decision */
    atomic_long next;  /* the next chunk of columns to round */
    atomic_int early;  /* some element was decided with R > 0 */
} early_work;

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- slices, one at a time ----------------------------------------------- */

static void rests_a(early_work *w)
{
    const exb_gemm_args *g = w->g;
    for (long l = 0; l < g->k; l++)
        for (long i = 0; i < g->m; i++)
            w->ra[i + l * g->m] = exb_split_scale(exb_gemm_opa(g, i, l), w->top_a[i], w->bits);
}

static void rests_b(early_work *w)
{
    const exb_gemm_args *g = w->g;
    for (long j = 0; j < w->cols; j++)
        for (long l = 0; l < g->k; l++)
            w->rb[l + j * g->k] =
                exb_split_scale(exb_gemm_opb(g, l, w->j0 + j), w->top_b[w->j0 + j], w->bits);
}

/* The next slice: q = trunc(rest) (|rest| < 2^bits <= 2^26), rest := (rest - q) 2^bits,
 * both exact. */
static double *cut(double *rest, long len, double shift)
{
    double *out = exb_work_take((size_t)len * sizeof *out);
    if (out)
        for (long e = 0; e < len; e++) {
            double q = (double)(int64_t)rest[e];
            out[e] = q;
            rest[e] = (rest[e] - q) * shift;
        }
    return out;
}

/* Slices s of A and t of B, cut if not yet; 0, or -1 without memory. */
static int have_slices(early_work *w, int s, int t)
{
    const exb_gemm_args *g = w->g;
    while (w->ca < s)
        if (!(w->as[++w->ca] = cut(w->ra, g->m * g->k, w->shift))) {
            w->ca--;
            return -1;
        }
    while (w->cb < t)
        if (!(w->bs[++w->cb] = cut(w->rb, g->k * w->cols, w->shift))) {
            w->cb--;
            return -1;
        }
    return 0;
}

/* Slice pairs of level L (s + t = L, s <= sa, t <= sb). */
static int pairs(const early_work *w, int L)
{
    int count = 0;
    for (int s = 1; s < L; s++)
        count += s <= w->sa && L - s <= w->sb;
    return count;
}

/* Level L of the block: its slice products (one call of the engine each,
 * with the engine's own threads: Debian's serial OpenBLAS is not safe to
 * call from several threads at once), added as integers.  0, or -1 without
 * memory. */
static int add_level(early_work *w, int L)
{
    for (int s = 1; s < L; s++)
        if (s <= w->sa && L - s <= w->sb && have_slices(w, s, L - s) != 0)
            return -1;
    const exb_gemm_args *g = w->g;
    long block = g->m * w->cols;
    int64_t *lev = w->level + (long)(L - 2) * g->m * w->nb;
    for (long e = 0; e < block; e++)
        lev[e] = 0;
    for (int s = 1; s < L; s++) {
        if (s > w->sa || L - s > w->sb)
            continue;
        exb_gemm_engine(g->m, w->cols, g->k, w->as[s], w->bs[L - s], w->prod, w->device,
                        w->knobs->wg);
        for (long e = 0; e < block; e++)
            lev[e] += (int64_t)w->prod[e]; /* an integer below 2^53 */
    }
    w->L = L;
    return 0;
}

/* ---- deciding an element --------------------------------------------------- */

/* Limbs for levels 2..L: the top level is shifted by x = (L - 2) bits, which
 * exb_wide_add takes when x < 64 (nl - 1); |W| < 2^(x + 53 + log2 L + 1) + R
 * < 2^(x + 60) <= 2^(64 nl - 1) then too. */
static int limbs(int L, int bits)
{
    return (L - 2) * bits / 64 + 2;
}

/* W = sum_{l=2..L} V_l 2^((L - l) bits) from V_l = v[(l - 2) stride]. */
static void wide_levels(const int64_t *v, long stride, int L, int bits, exb_wide *sum, int *nl)
{
    *nl = limbs(L, bits);
    exb_wide_zero(sum, *nl);
    for (int l = 2; l <= L; l++) {
        int64_t x = v[(long)(l - 2) * stride];
        if (x)
            exb_wide_add(sum, *nl, x, (L - l) * bits);
    }
}

/* R after levels 2..L (0 once every pair is in). */
static uint64_t bound(const early_work *w, int L)
{
    return L >= w->sa + w->sb ? 0 : (uint64_t)(2 * w->g->k * (L + 1)) << w->bits;
}

/* W of element (i, j) of the block (column jb) after the block's levels, and R. */
static uint64_t partial(const early_work *w, long i, long jb, exb_wide *sum, int *nl)
{
    wide_levels(w->level + i + jb * w->g->m, w->g->m * w->nb, w->L, w->bits, sum, nl);
    return bound(w, w->L);
}

/* Element (i, j) from W (sum, after levels 2..L) and R = r: 1 with the
 * rounded result in *out when decided, else 0. */
static int decide_sum(const early_work *w, exb_wide *sum, int nl, int64_t r, int L, long i, long j,
                      exb_superacc *acc, double *out)
{
    int lsb = w->top_a[i] + w->top_b[j] - L * w->bits;
    return exb_decide(&w->dec, sum, nl, r, lsb, i, j, acc, out);
}

/* Element (i, j) decided from the block's levels into *out: 1, else 0. */
static int decide(const early_work *w, long i, long jb, exb_superacc *acc, double *out)
{
    exb_wide sum;
    int nl;
    int64_t r = (int64_t)partial(w, i, jb, &sum, &nl);
    return decide_sum(w, &sum, nl, r, w->L, i, w->j0 + jb, acc, out);
}

/* The level, up to `cap`, whose bound is 2^10 below the last bit of an
 * element with W = sum after level L (INT_MAX: none, or r = 0): from the
 * size of W, or, when W is within 2^8 R, as if it were R. */
static int predicted_level(const early_work *w, exb_wide *sum, int nl, uint64_t r, int L, int cap)
{
    if (r == 0)
        return INT_MAX;
    exb_wide_abs(sum, nl);
    int pw = exb_wide_top_bit(sum, nl), pr = 63 - __builtin_clzll(r);
    int p = pw > pr + 8 ? pw : pr;
    for (int l = L + 1; l <= cap; l++) {
        double bound = (double)(2 * w->g->k * (l + 1));
        if ((l - 1) * w->bits - (int)ceil(log2(bound)) >= L * w->bits - p + 62)
            return l;
    }
    return INT_MAX;
}

/* ---- the elements ---------------------------------------------------------- */

static const double *load_row(const early_work *w, long i, double *x)
{
    return exb_gemm_row(w->g, i, x);
}

static double exactly(const early_work *w, const double *row, long i, long j, double *y,
                      exb_superacc *acc)
{
    return exb_gemm_exactly(w->g, w->knobs, w->dot, row, i, j, y, acc);
}

/* Whether a thread's slices of one row and one column fit CONTINUE_BYTES. */
static int continue_room(const early_work *w)
{
    return w->lwide > w->L && (double)w->lwide * (double)w->g->k * 16.0 <= CONTINUE_BYTES;
}

/* One thread's scratch: a row and a column of k, an accumulator, the
 * elements it left undecided (keys i * cols + jb), and the slices of one
 * row of op(A) and one column of op(B) for the levels past the block's. */
typedef struct scratch {
    double *x;
    exb_superacc *acc;
    long *list, len, cap;
    double *row_cut; /* the row's rest, then its slices 1.. (NULL: no room) */
    double *col_cut; /* the column's rest past B's cut slices, then its slices */
    long row;        /* the row whose slices row_cut holds (-1: none) */
    int row_slices, col_slices;
} scratch;

/* Slice s of row i of op(A), contiguous (x: the row, loaded). */
static const double *row_slice(const early_work *w, scratch *sc, const double *x, long i, int s)
{
    long k = w->g->k;
    if (sc->row != i) {
        for (long l = 0; l < k; l++)
            sc->row_cut[l] = exb_split_scale(x[l], w->top_a[i], w->bits);
        sc->row = i;
        sc->row_slices = 0;
    }
    while (sc->row_slices < s) {
        double *out = sc->row_cut + (long)(++sc->row_slices) * k;
        for (long l = 0; l < k; l++) {
            double q = (double)(int64_t)sc->row_cut[l];
            out[l] = q;
            sc->row_cut[l] = (sc->row_cut[l] - q) * w->shift;
        }
    }
    return sc->row_cut + (long)s * k;
}

/* Slice t of column jb of the block's op(B): B's slices as cut, then more
 * from its rest (col_slices counts those; reset per element). */
static const double *col_slice(const early_work *w, scratch *sc, long jb, int t)
{
    long k = w->g->k;
    if (t <= w->cb)
        return w->bs[t] + jb * k;
    if (sc->col_slices == 0)
        for (long l = 0; l < k; l++)
            sc->col_cut[l] = w->rb[l + jb * k];
    while (w->cb + sc->col_slices < t) {
        double *out = sc->col_cut + (long)(++sc->col_slices) * k;
        for (long l = 0; l < k; l++) {
            double q = (double)(int64_t)sc->col_cut[l];
            out[l] = q;
            sc->col_cut[l] = (sc->col_cut[l] - q) * w->shift;
        }
    }
    return sc->col_cut + (long)(t - w->cb) * k;
}

/* x . y for slices: every product and partial sum is an integer below 2^53,
 * so exact in any order. */
static int64_t slice_dot(const double *x, const double *y, long k)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    long l = 0;
    for (; l + 4 <= k; l += 4) {
        s0 += x[l] * y[l];
        s1 += x[l + 1] * y[l + 1];
        s2 += x[l + 2] * y[l + 2];
        s3 += x[l + 3] * y[l + 3];
    }
    for (; l < k; l++)
        s0 += x[l] * y[l];
    return (int64_t)s0 + (int64_t)s1 + (int64_t)s2 + (int64_t)s3;
}

/* An element the block's levels left undecided: more levels of its own
 * (row i's and column jb's slices), deciding after each, up to the levels
 * the wide sums hold; then, if still undecided, the exact dot product. */
static double finish_element(const early_work *w, scratch *sc, const double *row, long i, long jb)
{
    const exb_gemm_args *g = w->g;
    long j = w->j0 + jb;
    int64_t v[MAX_LEVEL];
    for (int l = 2; l <= w->L; l++)
        v[l - 2] = w->level[i + jb * g->m + (long)(l - 2) * g->m * w->nb];
    exb_wide sum;
    int nl;
    wide_levels(v, 1, w->L, w->bits, &sum, &nl);
    if (sc->row_cut && sc->col_cut &&
        predicted_level(w, &sum, nl, bound(w, w->L), w->L, w->lwide) <= w->L + 2) {
        sc->col_slices = 0;
        for (int L = w->L + 1; L <= w->lwide && L <= w->sa + w->sb; L++) {
            int64_t level = 0;
            for (int s = 1; s < L; s++)
                if (s <= w->sa && L - s <= w->sb)
                    level +=
                        slice_dot(row_slice(w, sc, row, i, s), col_slice(w, sc, jb, L - s), g->k);
            v[L - 2] = level;
            double value;
            wide_levels(v, 1, L, w->bits, &sum, &nl);
            if (decide_sum(w, &sum, nl, (int64_t)bound(w, L), L, i, j, sc->acc, &value))
                return value;
            /* more levels only while they are expected to decide it soon */
            wide_levels(v, 1, L, w->bits, &sum, &nl);
            if (predicted_level(w, &sum, nl, bound(w, L), L, w->lwide) > L + 2)
                break;
        }
    }
    return exactly(w, row, i, j, sc->x + g->k, sc->acc);
}

typedef struct finish_task {
    early_work *w;
    scratch *sc;
    long *keys, nkeys; /* every share's undecided elements, sorted by row */
} finish_task;

static int push(scratch *sc, long key)
{
    if (sc->len == sc->cap) {
        long cap = sc->cap ? 2 * sc->cap : 1024;
        long *list = realloc(sc->list, (size_t)cap * sizeof *list);
        if (!list)
            return -1;
        sc->list = list;
        sc->cap = cap;
    }
    sc->list[sc->len++] = key;
    return 0;
}

/* Pass 1: every element decided where it can be; the others listed (or,
 * when the list cannot grow, computed exactly on the spot). */
static void decide_share(void *arg, int s, int parts)
{
    (void)parts;
    finish_task *task = arg;
    early_work *w = task->w;
    scratch *sc = &task->sc[s];
    const exb_gemm_args *g = w->g;
    int early = 0;
    for (;;) {
        long c0 = atomic_fetch_add(&w->next, COLUMN_CHUNK);
        if (c0 >= w->cols)
            break;
        long c1 = c0 + COLUMN_CHUNK < w->cols ? c0 + COLUMN_CHUNK : w->cols;
        for (long jb = c0; jb < c1; jb++)
            for (long i = 0; i < g->m; i++) {
                double *cij = &g->c[i + (w->j0 + jb) * g->ldc], value;
                if (decide(w, i, jb, sc->acc, &value)) {
                    early = 1;
                    *cij = value;
                } else if (push(sc, i * w->cols + jb) != 0) {
                    sc->row = -1; /* x is reloaded */
                    *cij = finish_element(w, sc, load_row(w, i, sc->x), i, jb);
                }
            }
    }
    if (early && w->L < w->sa + w->sb)
        atomic_store(&w->early, 1);
}

/* Pass 2: the undecided elements exactly, row by row (a row of op(A) is
 * loaded once for all its elements). */
static void exact_share(void *arg, int s, int parts)
{
    finish_task *task = arg;
    early_work *w = task->w;
    scratch *sc = &task->sc[s];
    const long *keys = task->keys ? task->keys + task->nkeys * s / parts : sc->list;
    long count = task->keys ? task->nkeys * (s + 1) / parts - task->nkeys * s / parts : sc->len;
    const double *row = NULL;
    long last = -1;
    for (long q = 0; q < count; q++) {
        long i = keys[q] / w->cols, jb = keys[q] % w->cols;
        if (i != last)
            row = load_row(w, i, sc->x);
        last = i;
        w->g->c[i + (w->j0 + jb) * w->g->ldc] = finish_element(w, sc, row, i, jb);
    }
}

static int by_key(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The block's elements on `threads` threads: 0, or -1 (nothing written)
 * when no scratch could be had. */
static int round_block(early_work *w, int threads)
{
    const exb_gemm_args *g = w->g;
    scratch sc[MAX_THREADS] = {{0}};
    threads = threads < MAX_THREADS ? threads : MAX_THREADS;
    int parts = 0;
    while (parts < threads) {
        scratch *x = &sc[parts];
        x->x = malloc((size_t)g->k * 2 * sizeof *x->x);
        x->acc = malloc(sizeof *x->acc);
        if (!x->x || !x->acc)
            break;
        x->row = -1;
        if (continue_room(w)) { /* else the exact dot products alone */
            x->row_cut = malloc((size_t)(w->lwide * g->k) * sizeof *x->row_cut);
            x->col_cut = malloc((size_t)(w->lwide * g->k) * sizeof *x->col_cut);
        }
        exb_superacc_clear(x->acc);
        parts++;
    }
    if (parts > 0) {
        finish_task task = {w, sc, NULL, 0};
        atomic_store(&w->next, 0);
        exb_parallel(parts, decide_share, &task);
        for (int s = 0; s < parts; s++)
            task.nkeys += sc[s].len;
        task.keys = task.nkeys > 0 ? malloc((size_t)task.nkeys * sizeof *task.keys) : NULL;
        if (task.keys) {
            long at = 0;
            for (int s = 0; s < parts; s++)
                for (long q = 0; q < sc[s].len; q++)
                    task.keys[at++] = sc[s].list[q];
            qsort(task.keys, (size_t)task.nkeys, sizeof *task.keys, by_key);
        }
        if (task.nkeys > 0) /* without the sorted copy, each share its own list */
            exb_parallel(parts, exact_share, &task);
        free(task.keys);
    }
    for (int s = 0; s <= parts && s < threads; s++) {
        free(sc[s].x);
        free(sc[s].acc);
        free(sc[s].list);
        free(sc[s].row_cut);
        free(sc[s].col_cut);
    }
    return parts > 0 ? 0 : -1;
}

/* ---- how many levels ----------------------------------------------------- */

/* The level at which element (i, j) would be decided, from the size of W:
 * the first whose bound is 2^10 below the element's last bit (INT_MAX: none
 * up to lcap). */
static int expected_level(const early_work *w, long i, long jb, exb_superacc *acc)
{
    double unused;
    if (decide(w, i, jb, acc, &unused))
        return w->L;
    exb_wide sum;
    int nl;
    uint64_t r = partial(w, i, jb, &sum, &nl);
    return predicted_level(w, &sum, nl, r, w->L, w->lcap);
}

/* How many slice products an undecided element costs to finish: both
 * timed on this data (the finishing on up to 8 of the sampled elements still
 * undecided, at every level: it depends on the range of the products and on
 * the levels left); the tuning record's figure when a clock says nothing. */
static double finish_cost(early_work *w, const long *sample, const int *need, long count,
                          exb_superacc *acc)
{
    const exb_gemm_args *g = w->g;
    scratch sc = {0};
    sc.x = malloc((size_t)g->k * 2 * sizeof *sc.x);
    sc.acc = acc;
    sc.row = -1;
    if (continue_room(w)) {
        sc.row_cut = malloc((size_t)(w->lwide * g->k) * sizeof *sc.row_cut);
        sc.col_cut = malloc((size_t)(w->lwide * g->k) * sizeof *sc.col_cut);
    }
    double spent = 0.0;
    long tries = 0;
    for (long s = 0; s < count && tries < 8 && sc.x; s++) {
        if (need[s] <= w->L)
            continue;
        long i = sample[s] % g->m;
        const double *row = load_row(w, i, sc.x); /* once per row when finishing */
        double t0 = seconds();
        (void)finish_element(w, &sc, row, i, sample[s] / g->m);
        spent += seconds() - t0;
        tries++;
    }
    if (tries > 0)
        w->exact_ns = 1e9 * spent / (double)tries / w->threads;
    free(sc.x);
    free(sc.row_cut);
    free(sc.col_cut);
    if (w->exact_ns > 0.0 && w->product_ns > 0.0)
        return w->exact_ns / w->product_ns;
    return exb_tuning_of(EXB_CLASS_HOST)->gemm_exact_cost;
}

/* Whether another level is worth its slice products. */
static int worth_another_level(early_work *w, exb_superacc *acc)
{
    if (w->L >= w->lcap || w->L >= w->sa + w->sb)
        return 0;
    if (w->knobs->gemm_levels) /* EXACTBLAS_GEMM_LEVELS */
        return w->L < w->knobs->gemm_levels;
    const exb_gemm_args *g = w->g;
    long count = g->m * w->cols < SAMPLES ? g->m * w->cols : SAMPLES;
    int need[SAMPLES];
    long sample[SAMPLES];
    for (long s = 0; s < count; s++) {
        /* a fixed spread of the block's elements */
        long e = count == g->m * w->cols
                     ? s
                     : (long)(((uint64_t)s * 2654435761u) % (uint64_t)(g->m * w->cols));
        sample[s] = e;
        need[s] = expected_level(w, e % g->m, e / g->m, acc);
    }
    double exact = finish_cost(w, sample, need, count, acc), products = 0.0, best = 0.0;
    int best_level = w->L;
    for (int l = w->L; l <= w->lcap; l++) {
        if (l > w->L)
            products += pairs(w, l);
        long left = 0;
        for (long s = 0; s < count; s++)
            left += need[s] > l;
        double cost = products + exact * (double)left / (double)count;
        if (l == w->L || cost < best) {
            best = cost;
            best_level = l;
        }
    }
    return best_level > w->L;
}

/* ---- the driver ------------------------------------------------------------- */

static void free_slices(early_work *w, int b_only)
{
    for (; w->cb > 0; w->cb--)
        exb_work_give(w->bs[w->cb]);
    if (!b_only)
        for (; w->ca > 0; w->ca--)
            exb_work_give(w->as[w->ca]);
}

/* The levels that fit: the wide sums, MAX_LEVEL, and SLICE_BYTES for the
 * slices and rests of A and of a block of B. */
static int level_cap(const exb_gemm_args *g, int bits, long nb)
{
    int cap = 2 + (64 * (EXB_WIDE_LIMBS - 1) - 1) / bits;
    cap = cap < MAX_LEVEL ? cap : MAX_LEVEL;
    double per_slice = 8.0 * (double)g->k * (double)(g->m + nb);
    long slices = (long)((double)SLICE_BYTES / per_slice) - 1; /* a slice per side, and the rests */
    return slices + 1 < cap ? (int)(slices + 1) : cap;
}

/* Columns [j0, j0 + cols) of C on the general path (the same bits): for a
 * block that ran out of memory before any of its elements was written. */
static void block_general(const early_work *w, long j0, long cols)
{
    exb_gemm_args sub = *w->g;
    sub.n = cols;
    sub.b += j0 * (sub.transb ? 1 : sub.ldb);
    sub.c += j0 * sub.ldc;
    exb_host_gemm_general(&sub, w->knobs);
}

static atomic_int engine_warm;

/* Columns [j0, j0 + cols) of C. */
static void block(early_work *w, long j0, long cols, exb_superacc *acc)
{
    const exb_gemm_args *g = w->g;
    w->j0 = j0;
    w->cols = cols;
    w->L = 1;
    free_slices(w, 1);
    rests_b(w);
    int ok;
    do {
        double t0 = seconds();
        ok = add_level(w, w->L + 1) == 0;
        int products = pairs(w, w->L);
        /* the process's first slice products also load the engine: not timed */
        if (ok && products > 0 && atomic_exchange(&engine_warm, 1))
            w->product_ns = 1e9 * (seconds() - t0) / products / (double)(g->m * cols);
    } while (ok && worth_another_level(w, acc));
    if (!ok) {
        block_general(w, j0, cols);
        return;
    }
    int threads = g->m * cols * g->k < 65536 ? 1 : w->threads;
    if (round_block(w, threads) != 0) /* no scratch: nothing written */
        block_general(w, j0, cols);
}

int exb_host_gemm_early(const exb_gemm_args *g, const exb_knobs *knobs, exb_device_gemm_fn device)
{
    long m = g->m, n = g->n, k = g->k;
    int bits = exb_split_bits(k);
    if (bits < 1 || !isfinite(g->alpha) || !isfinite(g->beta))
        return -1;
    early_work w = {0};
    w.g = g;
    w.knobs = knobs;
    w.device = device;
    w.threads = knobs->threads > 0 ? knobs->threads : 1;
    w.dot = exb_kernels_sumdot(exb_host_kernels_get(knobs->host_generic), knobs->fpe, knobs->front);
    w.bits = bits;
    w.shift = exb_split_scale(1.0, 0, bits); /* 2^bits */
    exb_decider_init(&w.dec, g);
    w.top_a = malloc((size_t)m * sizeof *w.top_a);
    w.top_b = malloc((size_t)n * sizeof *w.top_b);
    int *low = malloc((size_t)(m > n ? m : n) * sizeof *low);
    int ok = w.top_a && w.top_b && low &&
             exb_split_ranges(g->a, g->lda, g->transa ? k : m, g->transa ? m : k, !g->transa,
                              w.top_a, low) == 0;
    if (ok)
        w.sa = exb_split_count(w.top_a, low, m, bits);
    ok = ok && exb_split_ranges(g->b, g->ldb, g->transb ? n : k, g->transb ? k : n, g->transb,
                                w.top_b, low) == 0;
    if (ok)
        w.sb = exb_split_count(w.top_b, low, n, bits);
    free(low);
    if (ok) {
        w.sa = w.sa < 0 ? UNKNOWN : (w.sa > 0 ? w.sa : 1); /* -1: wider than one cut holds */
        w.sb = w.sb < 0 ? UNKNOWN : (w.sb > 0 ? w.sb : 1);
        for (long i = 0; i < m; i++)
            w.top_a[i] = w.top_a[i] == INT_MIN ? 0 : w.top_a[i]; /* zero rows: any top */
        for (long j = 0; j < n; j++)
            w.top_b[j] = w.top_b[j] == INT_MIN ? 0 : w.top_b[j];
        w.nb = LEVEL_BYTES / (long)sizeof(int64_t) / ((MAX_LEVEL - 1) * m);
        w.nb = w.nb < 1 ? 1 : (w.nb > n ? n : w.nb);
        w.lcap = level_cap(g, bits, w.nb);
        w.lwide = 2 + (64 * (EXB_WIDE_LIMBS - 1) - 1) / bits;
        w.lwide = w.lwide < MAX_LEVEL ? w.lwide : MAX_LEVEL;
        ok = w.lcap >= 3;
    }
    if (ok) {
        w.ra = exb_work_take((size_t)(m * k) * sizeof *w.ra);
        w.rb = exb_work_take((size_t)(k * w.nb) * sizeof *w.rb);
        w.prod = exb_work_take((size_t)(m * w.nb) * sizeof *w.prod);
        w.level = exb_work_take((size_t)((w.lcap - 1) * m * w.nb) * sizeof *w.level);
        ok = w.ra && w.rb && w.prod && w.level;
    }
    exb_superacc *acc = ok ? malloc(sizeof *acc) : NULL;
    ok = ok && acc;
    if (ok) {
        /* from here C is written block by block, and always completed */
        exb_superacc_clear(acc);
        rests_a(&w);
        for (long j0 = 0; j0 < n; j0 += w.nb)
            block(&w, j0, j0 + w.nb < n ? w.nb : n - j0, acc);
    }
    free(acc);
    free_slices(&w, 0);
    free(w.top_a);
    free(w.top_b);
    exb_work_give(w.ra);
    exb_work_give(w.rb);
    exb_work_give(w.prod);
    exb_work_give(w.level);
    if (ok && atomic_load(&w.early))
        exb_path_add(EXACTBLAS_PATH_EARLY);
    return ok ? 0 : -1;
}

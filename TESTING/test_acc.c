/*
 * test_acc.c -- the public exact accumulator (exactblas_acc.h) against the
 * MPFR terms oracle (level2lib.h), in the spirit of xsum's own checks.
 *
 *   rounding   random term sets (ties with and without sticky bits, the
 *              subnormal range, overflow, exact and near cancellation,
 *              NaN/Inf, signed zeros), added one by one: RN(V), RN(V/d) and
 *              RN(alpha*V + beta*y) bit-exact; the byte form round-trips;
 *   order      the same terms split over accumulators merged in three tree
 *              shapes give the same bytes as one accumulator;
 *   edges      the window's ends (2^-2148 next to 2^2046), overflow to Inf
 *              and the largest finite result, the zero-sign rule, specials;
 *   merges     4096 copies of a large accumulator merged as a chain, a
 *              balanced tree and by doubling give the same bytes and the
 *              exact value; doubling past the range gives +Inf;
 *   top        values in the top digit alone (2^2144 and up): merges,
 *              merge_bytes, roundings and the square root, saturation;
 *   bytes      bad buffers are refused and leave the accumulator as it was;
 *   vectors    exactblas_acc_add_sum/_add_dot on the host path (and on the
 *              OpenCL path when a device is there, checked by
 *              exactblas_last_path) give the bytes of element-wise adds;
 *   deposits   (argument "long"): 2^31 + 21 deposits into one accumulator,
 *              all but one adding nearly 2^32 to the same digit, which
 *              overflows unless the carries are propagated in time.
 * Usage: test_acc [quick|long]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "exactblas_acc.h"
#include "level2lib.h"
#include "testlib.h"

#define MAXTERMS 64

static long failures;

static void expect(const char *what, long k, double want, double got)
{
    if (tl_bits(want) == tl_bits(got) ||
        (isnan(want) && isnan(got) && tl_bits(got) == tl_bits(tl_canonical(NAN))))
        return;
    if (failures++ < 20)
        printf("FAIL %s (case %ld): want %a (%016llx), got %a (%016llx)\n", what, k, want,
               (unsigned long long)tl_bits(want), got, (unsigned long long)tl_bits(got));
}

static void expect_bytes(const char *what, long k, const exactblas_acc *want,
                         const exactblas_acc *got)
{
    unsigned char a[EXACTBLAS_ACC_BYTES], b[EXACTBLAS_ACC_BYTES];
    exactblas_acc_serialize(want, a);
    exactblas_acc_serialize(got, b);
    if (memcmp(a, b, sizeof a) != 0 && failures++ < 20)
        printf("FAIL %s (case %ld): the bytes differ\n", what, k);
}

/* ---- random term sets -------------------------------------------------------- */

typedef struct term_set {
    int n;
    double a[MAXTERMS], b[MAXTERMS]; /* b = NAN marks a single double a */
    int single[MAXTERMS];
} term_set;

static void make_terms(tl_rng *r, long k, term_set *t)
{
    static const double specials[] = {INFINITY, -INFINITY, NAN, 0.0, -0.0};
    t->n = 1 + (int)(tl_rng_u64(r) % MAXTERMS);
    for (int j = 0; j < t->n; j++) {
        t->single[j] = (int)(tl_rng_u64(r) % 3 == 0);
        t->a[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023);
        t->b[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023);
    }
    switch (k % 7) {
    case 0: /* the whole range */
        break;
    case 1: { /* a tie at a random binade: x + ulp(x)/2, a sticky bit or not */
        double x = tl_rng_sign(r) * tl_rng_loguniform(r, -1070, 1020);
        t->n = 3;
        t->single[0] = t->single[1] = t->single[2] = 1;
        t->a[0] = x;
        t->a[1] = copysign(ldexp(1.0, ilogb(x) - 53), tl_rng_sign(r));
        t->a[2] = (k / 7) % 3 ? 0.0 : tl_rng_sign(r) * 0x1p-1074;
        break;
    }
    case 2: /* products in and near the subnormal range */
        for (int j = 0; j < t->n; j++) {
            t->single[j] = 0;
            t->a[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -600, -500);
            t->b[j] = tl_rng_loguniform(r, -580, -440);
        }
        break;
    case 3: /* sums just below and above the overflow threshold */
        for (int j = 0; j < t->n; j++) {
            t->single[j] = 1;
            t->a[j] = tl_rng_loguniform(r, 1015, 1023) * ((k / 7) % 2 ? 1.0 : tl_rng_sign(r));
        }
        break;
    case 4: /* exact cancellation of every term */
        for (int j = 0; j + 1 < t->n; j += 2) {
            t->a[j + 1] = -t->a[j];
            t->b[j + 1] = t->b[j];
            t->single[j + 1] = t->single[j];
        }
        if (t->n % 2)
            t->a[t->n - 1] = t->b[t->n - 1] = -0.0;
        break;
    case 5: /* near cancellation: pairs that differ in the last bit */
        for (int j = 0; j + 1 < t->n; j += 2) {
            t->a[j + 1] = -t->a[j];
            t->b[j + 1] = nextafter(t->b[j], tl_rng_sign(r) * INFINITY);
            t->single[j] = t->single[j + 1] = 0;
        }
        break;
    default: /* NaN, infinities and signed zeros among the terms */
        for (int s = 0; s < 2; s++) {
            int j = (int)(tl_rng_u64(r) % (uint64_t)t->n);
            t->a[j] = specials[tl_rng_u64(r) % 5];
        }
        break;
    }
}

static void add_term(exactblas_acc *acc, const term_set *t, int j)
{
    if (t->single[j])
        exactblas_acc_add(acc, t->a[j]);
    else
        exactblas_acc_add_product(acc, t->a[j], t->b[j]);
}

static void oracle_terms(tl_terms *o, const term_set *t)
{
    tl_terms_reset(o);
    for (int j = 0; j < t->n; j++)
        tl_terms_add(o, t->a[j], t->single[j] ? 1.0 : t->b[j], 1.0);
}

static double pick_den(tl_rng *r)
{
    static const double dens[] = {3.0, -7.0, 0.1,      0x1p-1074, 1e-300, 1e300,
                                  0.0, -0.0, INFINITY, NAN,       -1.0};
    return tl_rng_u64(r) % 2 ? tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023)
                             : dens[tl_rng_u64(r) % 11];
}

static void check_rounding(long cases)
{
    tl_rng r;
    tl_rng_seed(&r, 424242);
    tl_terms *o = tl_terms_new(MAXTERMS);
    exactblas_acc *acc = exactblas_acc_new(), *back = exactblas_acc_new();
    exactblas_acc *part[4] = {exactblas_acc_new(), exactblas_acc_new(), exactblas_acc_new(),
                              exactblas_acc_new()};
    for (long k = 0; k < cases; k++) {
        term_set t;
        make_terms(&r, k, &t);
        oracle_terms(o, &t);
        exactblas_acc_clear(acc);
        for (int j = 0; j < t.n; j++)
            add_term(acc, &t, j);
        double d = pick_den(&r), alpha = pick_den(&r), beta = k % 3 ? pick_den(&r) : 0.0;
        double y = tl_rng_sign(&r) * tl_rng_loguniform(&r, -1074, 1023);
        expect("round", k, tl_terms_round(o), exactblas_acc_round(acc));
        expect("round_quotient", k, tl_terms_round_quotient(o, d),
               exactblas_acc_round_quotient(acc, d));
        expect("round_affine", k, tl_terms_round_affine(o, alpha, beta, y),
               exactblas_acc_round_affine(acc, alpha, beta, y));
        /* the byte form round-trips */
        unsigned char bytes[EXACTBLAS_ACC_BYTES];
        exactblas_acc_serialize(acc, bytes);
        if (exactblas_acc_deserialize(back, bytes) != 0 && failures++ < 20)
            printf("FAIL deserialize refused a serialised accumulator (case %ld)\n", k);
        expect_bytes("serialize round trip", k, acc, back);
        expect("round after the round trip", k, tl_terms_round(o), exactblas_acc_round(back));
        /* the terms over four accumulators, in reverse, merged in three shapes */
        for (int p = 0; p < 4; p++)
            exactblas_acc_clear(part[p]);
        for (int j = t.n - 1; j >= 0; j--)
            add_term(part[tl_rng_u64(&r) % 4], &t, j);
        exactblas_acc_clear(back);
        switch (k % 3) {
        case 0: /* chain */
            for (int p = 0; p < 4; p++)
                exactblas_acc_merge(back, part[p]);
            break;
        case 1: /* balanced */
            exactblas_acc_merge(part[0], part[1]);
            exactblas_acc_merge(part[2], part[3]);
            exactblas_acc_merge(part[2], part[0]);
            exactblas_acc_merge(back, part[2]);
            break;
        default: /* right to left */
            exactblas_acc_merge(part[2], part[3]);
            exactblas_acc_merge(part[1], part[2]);
            exactblas_acc_merge(part[0], part[1]);
            exactblas_acc_merge(back, part[0]);
            break;
        }
        expect_bytes("merged partial accumulators", k, acc, back);
    }
    printf("rounding, round trip, merge orders: %ld term sets\n", cases);
    for (int p = 0; p < 4; p++)
        exactblas_acc_free(part[p]);
    exactblas_acc_free(acc);
    exactblas_acc_free(back);
    tl_terms_free(o);
}

/* ---- edges, specials, zero sign ------------------------------------------------ */

static void check_edges(void)
{
    const double max = 0x1.fffffffffffffp+1023, tiny = 0x1p-1074;
    exactblas_acc *a = exactblas_acc_new();
    /* the window's ends together: max^2 - max^2 + tiny^2 */
    exactblas_acc_add_product(a, max, max);
    exactblas_acc_add_product(a, tiny, tiny);
    exactblas_acc_add_product(a, -max, max);
    expect("2^-2148 alone rounds to +0", 0, 0.0, exactblas_acc_round(a));
    expect("2^-2148 / 2^-1074", 0, tiny, exactblas_acc_round_quotient(a, tiny));
    expect("2^-2148 * 2^-1023 + 2^-1075: above the tie", 0, 0x1p-1074,
           exactblas_acc_round_affine(a, 0x1p1023, 0x1p-1074, 0.5));
    expect("2^-2148 * 0 + 2^-1075: the tie, to even", 0, 0.0,
           exactblas_acc_round_affine(a, 0.0, 0x1p-1074, 0.5));
    expect("2^-2148 * 2^1023, y = NaN not read", 0, 0.0,
           exactblas_acc_round_affine(a, 0x1p1023, 0.0, NAN));
    /* overflow: max + ulp/2 is a tie that rounds to even, 2^1024: Inf */
    exactblas_acc_clear(a);
    exactblas_acc_add(a, max);
    exactblas_acc_add(a, 0x1p970);
    expect("max + ulp/2", 0, INFINITY, exactblas_acc_round(a));
    exactblas_acc_add_product(a, -tiny, tiny);
    expect("max + ulp/2 - 2^-2148", 0, max, exactblas_acc_round(a));
    expect("(max + ulp/2 - 2^-2148) / -1", 0, -max, exactblas_acc_round_quotient(a, -1.0));
    /* signed zeros */
    exactblas_acc_clear(a);
    expect("nothing added", 0, 0.0, exactblas_acc_round(a));
    exactblas_acc_add(a, -0.0);
    exactblas_acc_add_product(a, -1.0, 0.0);
    expect("only -0 terms", 0, -0.0, exactblas_acc_round(a));
    expect("only -0 terms, / -2", 0, 0.0, exactblas_acc_round_quotient(a, -2.0));
    exactblas_acc *b = exactblas_acc_new();
    exactblas_acc_merge(b, a);
    expect("nothing merged with -0 terms", 0, -0.0, exactblas_acc_round(b));
    exactblas_acc_add(a, 0.0);
    expect("-0 and +0 terms", 0, 0.0, exactblas_acc_round(a));
    exactblas_acc_clear(a);
    exactblas_acc_add(a, 1.5);
    exactblas_acc_add(a, -1.5);
    expect("x - x", 0, 0.0, exactblas_acc_round(a));
    /* specials */
    exactblas_acc_clear(a);
    exactblas_acc_add(a, INFINITY);
    exactblas_acc_add(a, 1.0);
    expect("Inf + 1", 0, INFINITY, exactblas_acc_round(a));
    exactblas_acc_add_product(a, -INFINITY, 2.0);
    expect("Inf - Inf", 0, tl_canonical(NAN), exactblas_acc_round(a));
    exactblas_acc_clear(a);
    double payload;
    uint64_t bits = UINT64_C(0xfff8000000000123);
    memcpy(&payload, &bits, sizeof bits);
    exactblas_acc_add(a, payload);
    double got = exactblas_acc_round(a);
    if (tl_bits(got) != tl_bits(tl_canonical(NAN)) && failures++ < 20)
        printf("FAIL a NaN with a payload does not round to the canonical NaN\n");
    exactblas_acc_clear(a);
    exactblas_acc_add_product(a, INFINITY, 0.0);
    expect("Inf * 0", 0, tl_canonical(NAN), exactblas_acc_round(a));
    exactblas_acc_free(a);
    exactblas_acc_free(b);
    printf("edges: window ends, overflow, signed zeros, specials\n");
}

/* ---- many merges ------------------------------------------------------------------ */

static void check_merges(void)
{
    const double max = 0x1.fffffffffffffp+1023;
    enum { COPIES = 4096 };
    exactblas_acc *one = exactblas_acc_new();
    exactblas_acc_add_product(one, max, 0x1p1000); /* about 2^2024 */
    exactblas_acc_add_product(one, 0x1p-1074, -0x1p-1074);
    /* a chain of merges */
    exactblas_acc *chain = exactblas_acc_new();
    for (int c = 0; c < COPIES; c++)
        exactblas_acc_merge(chain, one);
    /* a balanced tree */
    exactblas_acc **level = malloc(COPIES * sizeof *level);
    for (int c = 0; c < COPIES; c++) {
        level[c] = exactblas_acc_new();
        exactblas_acc_merge(level[c], one);
    }
    for (int width = COPIES; width > 1; width /= 2)
        for (int c = 0; c < width / 2; c++)
            exactblas_acc_merge(level[c], level[width / 2 + c]);
    /* doubling: merged into itself 12 times */
    exactblas_acc *twice = exactblas_acc_new();
    exactblas_acc_merge(twice, one);
    for (int c = 0; c < 12; c++)
        exactblas_acc_merge(twice, twice);
    expect_bytes("4096 copies: chain and tree", 0, chain, level[0]);
    expect_bytes("4096 copies: chain and doubling", 0, chain, twice);
    /* value: 4096 * (max * 2^1000 - 2^-2148); divided by max: 2^1012 - tiny */
    tl_terms *o = tl_terms_new(2);
    tl_terms_add(o, max, 0x1p1000, COPIES);
    tl_terms_add(o, 0x1p-1074, -0x1p-1074, COPIES);
    expect("4096 copies / max", 0, tl_terms_round_quotient(o, max),
           exactblas_acc_round_quotient(chain, max));
    expect("4096 copies * 2^-1074 + 3 * 2^900", 0,
           tl_terms_round_affine(o, 0x1p-1074, 3.0, 0x1p900),
           exactblas_acc_round_affine(chain, 0x1p-1074, 3.0, 0x1p900));
    /* doubling far past the accumulator's range: its rounding, +Inf */
    for (int c = 0; c < 200; c++)
        exactblas_acc_merge(twice, twice);
    expect("doubled 212 times", 0, INFINITY, exactblas_acc_round(twice));
    exactblas_acc_add_product(twice, -max, max);
    expect("doubled 212 times, minus max^2", 0, INFINITY, exactblas_acc_round(twice));
    for (int c = 0; c < COPIES; c++)
        exactblas_acc_free(level[c]);
    free(level);
    exactblas_acc_free(one);
    exactblas_acc_free(chain);
    exactblas_acc_free(twice);
    tl_terms_free(o);
    printf("merges: 4096 copies as a chain, a tree and by doubling; saturation at the range\n");
}

/* ---- the top digit ---------------------------------------------------------------- */

/* Values held by the top digit alone (2^2144 and above: 2^2046 doubled by
 * merges with itself): the range check of every normalisation, merge_bytes
 * of two such buffers, the in-memory merges (no int64 overflow, the sign of
 * the saturated value kept), and the roundings including the square root. */
static void check_top(void)
{
    tl_terms *o = tl_terms_new(4);
    for (int sign = 1; sign >= -1; sign -= 2) {
        exactblas_acc *a = exactblas_acc_new(), *b = exactblas_acc_new();
        exactblas_acc_add_product(a, sign * 0x1p1023, 0x1p1023); /* 2^2046 */
        for (int c = 0; c < 100; c++)
            exactblas_acc_merge(a, a); /* 2^2146: the top digit's alone */
        tl_terms_reset(o);
        tl_terms_add(o, sign * 0x1p1023, 0x1p1023, 0x1p100);
        expect("2^2146: round", sign, tl_terms_round(o), exactblas_acc_round(a));
        expect("2^2146: sqrt", sign, tl_terms_round_sqrt(o), exactblas_acc_round_sqrt(a));
        expect("2^2146 / 2^1000", sign, tl_terms_round_quotient(o, 0x1p1000),
               exactblas_acc_round_quotient(a, 0x1p1000));
        expect("2^2146 * 2^-1074", sign, tl_terms_round_affine(o, 0x1p-1074, 0.0, 0.0),
               exactblas_acc_round_affine(a, 0x1p-1074, 0.0, 0.0));
        /* merge_bytes of two valid buffers gives valid bytes of their sum */
        unsigned char x[EXACTBLAS_ACC_BYTES], y[EXACTBLAS_ACC_BYTES];
        for (int c = 0; c < 70; c++) { /* up to 2^2216: saturated, its sign kept */
            exactblas_acc_serialize(a, x);
            exactblas_acc_serialize(a, y);
            if ((exactblas_acc_merge_bytes(x, y) != 0 || exactblas_acc_deserialize(b, x) != 0) &&
                failures++ < 20)
                printf("FAIL merge_bytes of two valid buffers near 2^%d\n", 2146 + c + 1);
            exactblas_acc_merge(a, a);
            expect_bytes("merge_bytes and merge agree near the top", c, a, b);
            expect("the top digit from bytes: sqrt", c, exactblas_acc_round_sqrt(a),
                   exactblas_acc_round_sqrt(b));
            expect("the top digit from bytes: round", c, exactblas_acc_round(a),
                   exactblas_acc_round(b));
        }
        expect("2^2216 saturates: round", sign, sign * INFINITY, exactblas_acc_round(a));
        expect("2^2216 saturates: sqrt", sign, sign > 0 ? INFINITY : tl_canonical(NAN),
               exactblas_acc_round_sqrt(a));
        /* the top digit cancelled by its negative: exact zero */
        exactblas_acc_clear(a);
        exactblas_acc_clear(b);
        exactblas_acc_add_product(a, 0x1p1023, 0x1p1023);
        exactblas_acc_add_product(b, -0x1p1023, 0x1p1023);
        for (int c = 0; c < 110; c++) {
            exactblas_acc_merge(a, a);
            exactblas_acc_merge(b, b);
        }
        exactblas_acc_add(a, sign * 0x1p-1074);
        exactblas_acc_merge(a, b);
        expect("2^2156 - 2^2156 +- 2^-1074", sign, sign * 0x1p-1074, exactblas_acc_round(a));
        exactblas_acc_free(a);
        exactblas_acc_free(b);
    }
    tl_terms_free(o);
    printf("top: values in the top digit alone, merge_bytes and merges up to saturation\n");
}

/* ---- the byte form ----------------------------------------------------------------- */

static void check_bytes(void)
{
    exactblas_acc *a = exactblas_acc_new(), *b = exactblas_acc_new();
    exactblas_acc_add(a, -3.25);
    exactblas_acc_add_product(a, 0x1p-1074, 0x1p-1074);
    unsigned char good[EXACTBLAS_ACC_BYTES], bad[EXACTBLAS_ACC_BYTES], before[EXACTBLAS_ACC_BYTES],
        after[EXACTBLAS_ACC_BYTES];
    exactblas_acc_serialize(a, good);
    exactblas_acc_add(b, 7.0);
    exactblas_acc_serialize(b, before);
    const char *what[3] = {"a wrong magic", "an unknown flag", "a top digit out of range"};
    for (int k = 0; k < 3; k++) {
        memcpy(bad, good, sizeof bad);
        if (k == 0)
            bad[0] = 'X';
        else if (k == 1)
            bad[4] |= 0x80;
        else
            bad[EXACTBLAS_ACC_BYTES - 1] = 0x40;
        int rc = exactblas_acc_deserialize(b, bad);
        exactblas_acc_serialize(b, after);
        if ((rc != -1 || memcmp(before, after, sizeof after)) && failures++ < 20)
            printf("FAIL a buffer with %s was not refused cleanly (rc %d)\n", what[k], rc);
    }
    if (exactblas_acc_deserialize(b, good) != 0 || exactblas_acc_round(b) != -3.25) {
        failures++;
        printf("FAIL a negative accumulator does not round-trip\n");
    }
    /* the bytes do not depend on how the value was reached */
    exactblas_acc_clear(b);
    exactblas_acc_add(b, 0x1p-1074);
    exactblas_acc_add_product(b, 0x1p-1074, 0x1p-1074);
    exactblas_acc_add(b, -3.25);
    exactblas_acc_add(b, -0x1p-1074);
    expect_bytes("the same value reached two ways", 0, a, b);
    exactblas_acc_free(a);
    exactblas_acc_free(b);
    printf("bytes: refused buffers leave the accumulator as it was; canonical form\n");
}

/* ---- the vector kernels --------------------------------------------------------------- */

static void check_vectors(void)
{
    tl_rng r;
    tl_rng_seed(&r, 77);
    long n = 300000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    tl_generate("random", 1e300, n, &r, x, y);
    static const long incs[] = {1, -3, 0, 2};
    exactblas_acc *ref = exactblas_acc_new(), *got = exactblas_acc_new();
    const char *paths[2] = {"host", "opencl"};
    int have_cl = tl_opencl_available();
    for (int dot = 0; dot < 2; dot++)
        for (int s = 0; s < 4; s++) {
            long inc = incs[s], len = inc ? n / (inc < 0 ? -inc : inc) : n;
            exactblas_acc_clear(ref);
            exactblas_acc_add(ref, 0.25);
            for (long i = 0; i < len; i++) {
                long ix = inc >= 0 ? i * inc : (len - 1 - i) * -inc;
                if (dot)
                    exactblas_acc_add_product(ref, x[ix], y[i]);
                else
                    exactblas_acc_add(ref, x[ix]);
            }
            for (int p = 0; p < 1 + have_cl; p++) {
                char setting[64];
                snprintf(setting, sizeof setting, "EXACTBLAS_DEVICE=%s", paths[p]);
                tl_apply_knobs(setting);
                exactblas_acc_clear(got);
                exactblas_acc_add(got, 0.25);
                if (dot)
                    exactblas_acc_add_dot(got, len, x, inc, y, 1);
                else
                    exactblas_acc_add_sum(got, len, x, inc);
                char label[96];
                snprintf(label, sizeof label, "%s inc %ld on the %s path",
                         dot ? "add_dot" : "add_sum", inc, paths[p]);
                if (!tl_check_path(label, setting))
                    failures++;
                expect_bytes(label, 0, ref, got);
            }
        }
    tl_apply_knobs("");
    printf("vectors: add_sum/add_dot (inc 1, -3, 0, 2) equal element-wise adds on the host%s\n",
           have_cl ? " and OpenCL paths" : " path (no OpenCL device: OpenCL not tried)");
    exactblas_acc_free(ref);
    exactblas_acc_free(got);
    free(x);
    free(y);
}

/* ---- more than 2^30 deposits -------------------------------------------------------------- */

static void check_deposits(void)
{
    /* (2^53-1) * 2^31 adds nearly 2^32 to one digit: 2^31 of them without a
     * carry pass would overflow it (the accumulator carries every 2^30). */
    const double big = 0x1.fffffffffffffp+83, small = -0x1.fffffffffffffp-1022;
    const long reps = (1L << 29) + 5; /* 4 terms each: 2^31 + 21 deposits */
    exactblas_acc *a = exactblas_acc_new();
    double t0 = tl_now();
    for (long k = 0; k < reps; k++) {
        exactblas_acc_add(a, big);
        exactblas_acc_add(a, big);
        exactblas_acc_add(a, big);
        exactblas_acc_add(a, big);
    }
    exactblas_acc_add(a, small);
    tl_terms *o = tl_terms_new(2);
    tl_terms_add(o, big, 4.0, (double)reps);
    tl_terms_add(o, small, 1.0, 1.0);
    expect("2^31 + 21 deposits", 0, tl_terms_round(o), exactblas_acc_round(a));
    expect("2^31 + 21 deposits / 3", 0, tl_terms_round_quotient(o, 3.0),
           exactblas_acc_round_quotient(a, 3.0));
    printf("deposits: %ld into one accumulator (%.1f s)\n", 4 * reps + 1, tl_now() - t0);
    exactblas_acc_free(a);
    tl_terms_free(o);
}

/* Every host front end leaves the exact value in the accumulator, not just a
 * value with the right rounding: the bytes after exactblas_acc_add_sum/_dot
 * equal those of the same terms added one by one (the binned AVX-512 front
 * end, its table path, the expansions, the generic kernel), on data that the
 * bins take whole (narrow ranges, ties with sticky bits 2^-110 below),
 * data that sends blocks to the table (wide ranges, products whose
 * TwoProduct error falls below the bins), and sizes around its blocks. */
static void check_fronts(void)
{
    static const char *const gens[] = {"random", "random",    "random",    "random", "narrowtie",
                                       "cancel", "subnormal", "underflow", "illcond"};
    static const double params[] = {1, 1e4, 1e12, 1e300, 0, 0, 0, 0, 1e30};
    static const long sizes[] = {1, 9, 17, 2048, 2049, 6147, 70000};
    static const char *const settings[] = {
        "EXACTBLAS_DEVICE=host", "EXACTBLAS_DEVICE=host EXACTBLAS_THREADS=3",
        "EXACTBLAS_DEVICE=host EXACTBLAS_FRONT=table",
        "EXACTBLAS_DEVICE=host EXACTBLAS_FRONT=fpe EXACTBLAS_FPE=2",
        "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic"};
    tl_rng r;
    tl_rng_seed(&r, 78);
    long nmax = 70000, binned = 0, k = 0;
    double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y);
    exactblas_acc *ref = exactblas_acc_new(), *got = exactblas_acc_new();
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (int dot = 0; dot < 2; dot++, k++) {
                long n = sizes[s];
                tl_generate(gens[g], params[g], n, &r, x, dot ? y : NULL);
                exactblas_acc_clear(ref);
                for (long i = 0; i < n; i++) {
                    if (dot)
                        exactblas_acc_add_product(ref, x[i], y[i]);
                    else
                        exactblas_acc_add(ref, x[i]);
                }
                for (size_t c = 0; c < sizeof settings / sizeof settings[0]; c++) {
                    tl_apply_knobs(settings[c]);
                    exactblas_acc_clear(got);
                    if (dot)
                        exactblas_acc_add_dot(got, n, x, 1, y, 1);
                    else
                        exactblas_acc_add_sum(got, n, x, 1);
                    binned += (exactblas_last_path() & EXACTBLAS_PATH_BINS) != 0;
                    char what[160];
                    snprintf(what, sizeof what, "%s %s:%g n=%ld [%s]", dot ? "dot" : "sum", gens[g],
                             params[g], n, settings[c]);
                    expect_bytes(what, k, ref, got);
                }
            }
    tl_apply_knobs("");
    printf("front ends: %ld vectors x %zu knob settings exact to the last bit of the "
           "accumulator; %ld calls through the AVX-512 bins\n",
           k, sizeof settings / sizeof settings[0], binned);
    exactblas_acc_free(ref);
    exactblas_acc_free(got);
    free(x);
    free(y);
}

/* The same for the row engine (exactblas_acc_add_gemv: EXDGEMV's host rows,
 * the binned AVX-512 column sweep among them): every row's accumulator
 * equals its terms added one by one, on data whose terms spread beyond the
 * bins (remainders go to the rows), ties, specials and partial groups of
 * four rows. */
static void check_row_fronts(void)
{
    static const char *const gens[] = {"random", "random", "random", "narrowtie", "special"};
    static const double params[] = {1, 1e4, 1e300, 0, 0};
    static const char *const settings[] = {
        "EXACTBLAS_DEVICE=host", "EXACTBLAS_DEVICE=host EXACTBLAS_FPE=2 EXACTBLAS_THREADS=1",
        "EXACTBLAS_DEVICE=host EXACTBLAS_FRONT=fpe",
        "EXACTBLAS_DEVICE=host EXACTBLAS_HOST_ISA=generic"};
    const long m = 37, n = 300;
    tl_rng r;
    tl_rng_seed(&r, 79);
    double *a = malloc(m * n * sizeof *a), *x = malloc(n * sizeof *x),
           *col = malloc(m * sizeof *col);
    exactblas_acc *ref[37], *got[37];
    for (long i = 0; i < m; i++) {
        ref[i] = exactblas_acc_new();
        got[i] = exactblas_acc_new();
    }
    long k = 0;
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++)
        for (int trans = 0; trans < 2; trans++, k++) {
            long lenx = trans ? m : n, leny = trans ? n : m;
            if (leny > m)
                leny = m; /* T: only the first m columns of A are outputs */
            /* A column by column, x once: each column's terms a_ij * x_j */
            for (long j = 0; j < n; j++) {
                tl_generate(gens[g], params[g], m, &r, col, NULL);
                for (long i = 0; i < m; i++)
                    a[i + j * m] = col[i];
            }
            tl_generate(gens[g], params[g], n < m ? n : m, &r, x, NULL);
            for (long j = m; j < n; j++)
                x[j] = x[j % m] * 0.75;
            for (long i = 0; i < leny; i++) {
                exactblas_acc_clear(ref[i]);
                for (long j = 0; j < lenx; j++)
                    exactblas_acc_add_product(ref[i], trans ? a[j + i * m] : a[i + j * m], x[j]);
            }
            for (size_t c = 0; c < sizeof settings / sizeof settings[0]; c++) {
                tl_apply_knobs(settings[c]);
                for (long i = 0; i < leny; i++)
                    exactblas_acc_clear(got[i]);
                exactblas_acc_add_gemv(got, trans ? 'T' : 'N', m, trans ? leny : n, a, m, x, 1);
                for (long i = 0; i < leny; i++) {
                    char what[160];
                    snprintf(what, sizeof what, "gemv %c %s:%g row %ld [%s]", trans ? 'T' : 'N',
                             gens[g], params[g], i, settings[c]);
                    expect_bytes(what, k, ref[i], got[i]);
                }
            }
        }
    tl_apply_knobs("");
    printf("row fronts: %ld matrices x %zu knob settings, every row's accumulator exact\n", k,
           sizeof settings / sizeof settings[0]);
    for (long i = 0; i < m; i++) {
        exactblas_acc_free(ref[i]);
        exactblas_acc_free(got[i]);
    }
    free(a);
    free(x);
    free(col);
}

int main(int argc, char **argv)
{
    int longer = argc > 1 && strcmp(argv[1], "long") == 0;
    if (argc > 1 && !longer && strcmp(argv[1], "quick") != 0) {
        fprintf(stderr, "usage: %s [quick|long]\n", argv[0]);
        return 2;
    }
    tl_watchdog(600, "test_acc");
    check_rounding(longer ? 200000 : 30000);
    check_edges();
    check_merges();
    check_top();
    check_bytes();
    check_vectors();
    check_fronts();
    check_row_fronts();
    if (longer)
        check_deposits();
    printf("accumulator: %s (%ld failures)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}

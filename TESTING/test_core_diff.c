/*
 * test_core_diff.c -- the shared core (SRC/core/exb_core.h) gives the same
 * bytes compiled for the host and for the OpenCL device.
 *
 * The same inputs go through exb_round_u64 (every rounding boundary: ties
 * to even, sticky bits, 53/54/64-bit significands, the subnormal grid and
 * its edge, overflow to Inf), exb_split_double (zeros of both signs,
 * subnormals, the largest and smallest normals, Inf, NaN), exb_deposit_digits
 * (every shift 0..31, both signs), exb_product_split (specials, subnormal
 * and huge factors) and exb_canonical_nan / exb_special_value,
 * once in C and once in a kernel built from the embedded exb_core.h text;
 * then digit windows (core_windows.h: deposits, the plain, quotient and
 * affine roundings of the window, bit extraction, the table rule, TwoSum)
 * and the floating-point filter's step and join, and deposits asked for
 * below the digits, on ties with and without sticky bits, the subnormal
 * range, overflow, exact and near cancellation, specials and random data.  Every output
 * byte must agree.  No usable device: exit 77 (a CTest skip).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exb_core.h"
#include "core_windows.h"
#include "testlib.h"

const char *exb_kernel_source(const char *file); /* the embedded kernels (libexactblas) */

static const char *kernel_text =
    "__kernel void core_diff(__global const ulong *m, __global const int *e,\n"
    "    __global const int *flags, __global const double *x, __global double *rounded,\n"
    "    __global ulong *split_m, __global int *split_lsb, __global long *digits,\n"
    "    __global double *specials, __global ulong *products)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    int f = flags[i];\n"
    "    rounded[i] = exb_round_u64(m[i], e[i], f & 1, (f >> 1) & 1);\n"
    "    ulong sm; int sl;\n"
    "    int biased = exb_split_double(x[i], &sm, &sl);\n"
    "    split_m[i] = sm; split_lsb[2 * i] = sl; split_lsb[2 * i + 1] = biased;\n"
    "    long d[3];\n"
    "    int k = exb_deposit_digits(m[i], EXB_ACC_LSB + e[i] + 2100, EXB_ACC_LSB, (f >> 1) & 1, "
    "d);\n"
    "    digits[4 * i] = d[0]; digits[4 * i + 1] = d[1]; digits[4 * i + 2] = d[2];\n"
    "    digits[4 * i + 3] = k;\n"
    "    specials[2 * i] = exb_canonical_nan(x[i] * 0.0);\n"
    "    specials[2 * i + 1] = exb_special_value(f >> 2);\n"
    "    ulong lo = 0, hi = 0; int lsb = 0, neg = 0;\n"
    "    int special = exb_product_split(x[i], x[(i * 7 + 3) % get_global_size(0)], &lo, &hi, "
    "&lsb, &neg);\n"
    "    products[4 * i] = lo; products[4 * i + 1] = hi; products[4 * i + 2] = (ulong)(long)lsb;\n"
    "    products[4 * i + 3] = (ulong)(neg | special << 1);\n"
    "}\n";

typedef struct cases {
    long n;
    uint64_t *m;
    int *e, *flags;
    double *x;
} cases;

static void add(cases *c, uint64_t m, int e, int sticky, int neg, double x, int special)
{
    if (m == 0)
        m = 1;
    if (sticky && 63 - __builtin_clzll(m) < 53)
        m |= UINT64_C(1) << 53; /* the rounding position needs a bit below it */
    c->m[c->n] = m;
    c->e[c->n] = e;
    c->flags[c->n] = (sticky ? 1 : 0) | (neg ? 2 : 0) | (special << 2);
    c->x[c->n] = x;
    c->n++;
}

static void make_cases(cases *c, long cap)
{
    c->n = 0;
    c->m = malloc(cap * sizeof *c->m);
    c->e = malloc(cap * sizeof *c->e);
    c->flags = malloc(cap * sizeof *c->flags);
    c->x = malloc(cap * sizeof *c->x);
    tl_rng r;
    tl_rng_seed(&r, 20261122);
    static const double xs[] = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0x1p-1074,
                                -0x1p-1074,
                                0x1.fffffffffffffp-1023,
                                0x1p-1022,
                                0x1.fffffffffffffp+1023,
                                -0x1p+1023,
                                INFINITY,
                                -INFINITY,
                                NAN,
                                3.0,
                                0x1.8p-1070};
    int nx = sizeof xs / sizeof xs[0];
    /* significands around every rounding boundary: 53 bits + guard (tie),
     * guard + rest, 64-bit ones with all patterns below the guard */
    static const uint64_t ms[] = {1,
                                  3,
                                  UINT64_C(0x1fffffffffffff),
                                  UINT64_C(0x20000000000000),
                                  UINT64_C(0x20000000000001),
                                  UINT64_C(0x20000000000003),
                                  UINT64_C(0x3fffffffffffff),
                                  UINT64_C(0x8000000000000400),
                                  UINT64_C(0x8000000000000c00),
                                  UINT64_C(0x8000000000000401),
                                  UINT64_C(0xfffffffffffffc00),
                                  UINT64_C(0xffffffffffffffff),
                                  UINT64_C(0x8000000000000000),
                                  UINT64_C(0xc000000000000800)};
    int nm = sizeof ms / sizeof ms[0];
    /* exponents: ordinary, the subnormal grid and its edges, overflow */
    static const int es[] = {-63,   0,     -1137, -1136, -1135, -1126, -1125, -1124, -1110, -1074,
                             -1075, -1100, 960,   961,   962,   970,   971,   1000,  -2000};
    int ne = sizeof es / sizeof es[0];
    long k = 0;
    for (int i = 0; i < nm; i++)
        for (int j = 0; j < ne; j++)
            for (int f = 0; f < 4; f++, k++)
                add(c, ms[i], es[j], f & 1, f >> 1, xs[k % nx], (int)(k % 8));
    while (c->n < cap) { /* random ones, every shift of the deposit */
        uint64_t m = tl_rng_u64(&r) >> (tl_rng_u64(&r) % 64);
        int e = (int)(tl_rng_u64(&r) % 2300) - 1150;
        add(c, m, e, (int)(tl_rng_u64(&r) & 1), (int)(tl_rng_u64(&r) & 1),
            tl_rng_sign(&r) * tl_rng_loguniform(&r, -1074, 1023), (int)(tl_rng_u64(&r) % 8));
    }
}

/* ---- digit windows ----------------------------------------------------- */

static double pick(tl_rng *r, const double *list, int n)
{
    return list[tl_rng_u64(r) % (uint64_t)n];
}

/* One case's CW_IN inputs (see core_windows.h). */
static void window_inputs(tl_rng *r, long k, double *in)
{
    static const double dens[] = {
        1.0,   -1.0,    3.0, -3.0, 0.1,      7e-310, 0x1p-1074,
        1e300, -1e-300, 0.0, -0.0, INFINITY, NAN,    0x1.fffffffffffffp+1023};
    static const double alphas[] = {1.0,    -1.0,     0.0, -0.0,     3.0,
                                    1e-300, 0x1p1000, 0.5, INFINITY, NAN};
    static const double betas[] = {0.0, 1.0, -2.5, 1e300, 1e-310, NAN, -0.0};
    static const double specials[] = {INFINITY, -INFINITY, NAN, 0.0, -0.0};
    double *a = in, *b = in + WTERMS;
    int singles = 0, extra = 0;
    for (int j = 0; j < WTERMS; j++) {
        a[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023);
        b[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023);
    }
    switch (k % 8) {
    case 0: /* random products over the whole range */
        break;
    case 1: { /* ties: x + ulp/2 (+- a sticky bit far below), both signs */
        double x = tl_rng_sign(r) * tl_rng_loguniform(r, -1000, 1000);
        double half = tl_rng_sign(r) * ldexp(1.0, ilogb(x) - 53);
        a[0] = x;
        a[1] = half;
        a[2] = (k / 8) % 3 == 0 ? 0.0 : tl_rng_sign(r) * ldexp(1.0, ilogb(x) - 200);
        a[3] = (k / 8) % 5 == 0 ? ldexp(1.0, ilogb(x) - 52) : 0.0; /* odd/even last bit */
        singles = 4;
        break;
    }
    case 2: /* the subnormal range and its edge */
        for (int j = 0; j < WTERMS; j++) {
            a[j] = tl_rng_sign(r) * tl_rng_loguniform(r, -600, -500);
            b[j] = tl_rng_loguniform(r, -600, -440);
        }
        break;
    case 3: /* overflow, and just below it */
        for (int j = 0; j < WTERMS; j++) {
            a[j] = tl_rng_loguniform(r, 1000, 1023);
            b[j] = (k / 8) % 2 ? tl_rng_loguniform(r, 0, 24) : tl_rng_loguniform(r, -30, 1);
        }
        break;
    case 4: /* exact cancellation, -0 marked or not */
        a[1] = -a[0];
        b[1] = b[0];
        a[3] = a[2];
        b[3] = -b[2];
        extra = (k / 8) % 2 ? EXB_FLAG_NEG_ZERO : 0;
        break;
    case 5: /* near cancellation: the difference of two close products */
        a[1] = -a[0];
        b[1] = nextafter(b[0], (k / 8) % 2 ? INFINITY : 0.0);
        a[2] = b[2] = a[3] = b[3] = 0.0;
        break;
    case 6: /* NaN, infinities, signed zeros among the terms */
        a[tl_rng_u64(r) % WTERMS] = pick(r, specials, 5);
        b[tl_rng_u64(r) % WTERMS] = pick(r, specials, 5);
        break;
    default: /* single doubles */
        singles = (int)(tl_rng_u64(r) % 5);
        break;
    }
    in[8] = (k / 8) % 4 == 3 ? tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023)
                             : pick(r, dens, sizeof dens / sizeof dens[0]);
    in[9] = (k / 8) % 3 == 2 ? tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023)
                             : pick(r, alphas, sizeof alphas / sizeof alphas[0]);
    in[10] = (k / 8) % 3 == 1 ? tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023)
                              : pick(r, betas, sizeof betas / sizeof betas[0]);
    in[11] = (k / 8) % 7 == 6 ? pick(r, specials, 5)
                              : tl_rng_sign(r) * tl_rng_loguniform(r, -1074, 1023);
    in[12] = extra;
    in[13] = (double)((long)(tl_rng_u64(r) % 4600) - 100);
    in[14] = singles;
    in[15] = 0.0;
}

/* The kernel `name` of a program built from the sources (the build log
 * printed on failure), or NULL. */
static cl_kernel build_kernel(cl_context ctx, cl_device_id device, cl_uint count,
                              const char **sources, const char *name, cl_program *prog)
{
    cl_int err;
    *prog = clCreateProgramWithSource(ctx, count, sources, NULL, &err);
    if (clBuildProgram(*prog, 1, &device, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(*prog, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        printf("FAILED: %s does not build for the device:\n%s\n", name, log);
        return NULL;
    }
    return clCreateKernel(*prog, name, &err);
}

static const char *window_kernel =
    "__kernel void core_windows(__global const double *in, __global long *work,\n"
    "    __global long *wide, __global ulong *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    core_window_case(in + i * CW_IN, work + i * EXB_ROW_DIGITS, wide + i * EXB_WIDE_DIGITS,\n"
    "                     out + i * CW_OUT);\n"
    "}\n";

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    if (text && fread(text, 1, (size_t)len, f) != (size_t)len) {
        free(text);
        text = NULL;
    }
    if (text)
        text[len] = '\0';
    fclose(f);
    return text;
}

static const char *window_names[CW_OUT] = {"window lo (deposits)",
                                           "window hi (deposits)",
                                           "flags and deposit count",
                                           "exb_digits_round_quotient (den = 1)",
                                           "exact zero (den = 1)",
                                           "exb_digits_msb",
                                           "exb_digits_bits",
                                           "exb_digits_any_below",
                                           "exb_digits_round_quotient (den)",
                                           "exact zero (den)",
                                           "exb_digits_round_affine",
                                           "exb_table_index",
                                           "exb_table_index (significand)",
                                           "exb_table_lsb / exb_table_neg",
                                           "exb_two_sum4 (sum 0)",
                                           "exb_two_sum4 (sum 1)",
                                           "exb_two_sum4 (sum 2)",
                                           "exb_two_sum4 (sum 3)",
                                           "exb_two_sum4 (error 0)",
                                           "exb_two_sum4 (error 1)",
                                           "exb_two_sum4 (error 2)",
                                           "exb_two_sum4 (error 3)",
                                           "exb_filter_step (h)",
                                           "exb_filter_step (lo)",
                                           "exb_filter_step (ce)",
                                           "exb_filter_join (h)",
                                           "exb_filter_join (lo)",
                                           "exb_filter_join (ce)",
                                           "exb_deposit_digits below the base (k)",
                                           "exb_deposit_digits below the base (d0)",
                                           "exb_deposit_digits below the base (d1)",
                                           "exb_deposit_digits below the base (d2)"};

static int check_windows(cl_context ctx, cl_command_queue q, cl_device_id device, long n)
{
    double *in = malloc(n * CW_IN * sizeof(double));
    uint64_t *h_out = malloc(n * CW_OUT * sizeof(uint64_t)), *d_out = malloc(n * CW_OUT * 8);
    int64_t work[EXB_ROW_DIGITS], wide[EXB_WIDE_DIGITS];
    tl_rng r;
    tl_rng_seed(&r, 20261123);
    for (long i = 0; i < n; i++) {
        window_inputs(&r, i, in + i * CW_IN);
        core_window_case(in + i * CW_IN, work, wide, h_out + i * CW_OUT);
    }
    char *cases_text = read_text(CORE_WINDOWS_H);
    if (!cases_text) {
        printf("FAILED: cannot read %s\n", CORE_WINDOWS_H);
        return 0;
    }
    const char *sources[3] = {exb_kernel_source("exb_core.h"), cases_text, window_kernel};
    cl_int err;
    cl_program prog;
    cl_kernel kern = build_kernel(ctx, device, 3, sources, "core_windows", &prog);
    if (!kern)
        return 0;
    size_t bytes[4] = {n * CW_IN * 8, n * EXB_ROW_DIGITS * 8, n * EXB_WIDE_DIGITS * 8,
                       n * CW_OUT * 8};
    cl_mem buf[4];
    for (int b = 0; b < 4; b++) {
        buf[b] = clCreateBuffer(
            ctx, b == 0 ? CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, bytes[b],
            b == 0 ? in : NULL, &err);
        clSetKernelArg(kern, b, sizeof(cl_mem), &buf[b]);
    }
    size_t global = (size_t)n;
    err = clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, NULL, 0, NULL, NULL);
    err |= clEnqueueReadBuffer(q, buf[3], CL_TRUE, 0, bytes[3], d_out, 0, NULL, NULL);
    int ok = err == CL_SUCCESS;
    if (!ok)
        printf("FAILED: window kernel launch or read back (error %d)\n", (int)err);
    for (int f = 0; ok && f < CW_OUT; f++) {
        long differ = 0, first = -1;
        for (long i = 0; i < n; i++)
            if (h_out[i * CW_OUT + f] != d_out[i * CW_OUT + f]) {
                if (first < 0)
                    first = i;
                differ++;
            }
        printf("%s %-40s %ld cases, %ld differ", differ ? "FAIL" : "ok  ", window_names[f], n,
               differ);
        if (differ)
            printf(" (first: case %ld, host %016llx device %016llx)", first,
                   (unsigned long long)h_out[first * CW_OUT + f],
                   (unsigned long long)d_out[first * CW_OUT + f]);
        printf("\n");
        ok &= differ == 0;
    }
    for (int b = 0; b < 4; b++)
        clReleaseMemObject(buf[b]);
    clReleaseKernel(kern);
    clReleaseProgram(prog);
    free(cases_text);
    free(in);
    free(h_out);
    free(d_out);
    return ok;
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    if (!tl_opencl_pick(&platform, &device)) {
        printf("SKIPPED: no OpenCL device with cl_khr_fp64 and 64-bit atomics\n");
        return TL_SKIP;
    }
    enum { N = 20000 };
    cases c;
    make_cases(&c, N);
    long n = c.n;

    /* host */
    double *h_round = malloc(n * sizeof(double)), *h_spec = malloc(2 * n * sizeof(double));
    uint64_t *h_sm = malloc(n * sizeof(uint64_t));
    int *h_sl = malloc(2 * n * sizeof(int));
    int64_t *h_dig = malloc(4 * n * sizeof(int64_t));
    uint64_t *h_prod = malloc(4 * n * sizeof(uint64_t));
    for (long i = 0; i < n; i++) {
        int f = c.flags[i];
        h_round[i] = exb_round_u64(c.m[i], c.e[i], f & 1, (f >> 1) & 1);
        uint64_t sm;
        int sl;
        int biased = exb_split_double(c.x[i], &sm, &sl);
        h_sm[i] = sm;
        h_sl[2 * i] = sl;
        h_sl[2 * i + 1] = biased;
        int64_t d[3];
        int k =
            exb_deposit_digits(c.m[i], EXB_ACC_LSB + c.e[i] + 2100, EXB_ACC_LSB, (f >> 1) & 1, d);
        h_dig[4 * i] = d[0];
        h_dig[4 * i + 1] = d[1];
        h_dig[4 * i + 2] = d[2];
        h_dig[4 * i + 3] = k;
        h_spec[2 * i] = exb_canonical_nan(c.x[i] * 0.0);
        h_spec[2 * i + 1] = exb_special_value(f >> 2);
        uint64_t lo = 0, hi = 0;
        int lsb = 0, neg = 0;
        int special = exb_product_split(c.x[i], c.x[(i * 7 + 3) % n], &lo, &hi, &lsb, &neg);
        h_prod[4 * i] = lo;
        h_prod[4 * i + 1] = hi;
        h_prod[4 * i + 2] = (uint64_t)(int64_t)lsb;
        h_prod[4 * i + 3] = (uint64_t)(neg | special << 1);
    }

    /* device: the embedded exb_core.h, then the test kernel */
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    const char *sources[2] = {exb_kernel_source("exb_core.h"), kernel_text};
    if (!sources[0]) {
        printf("FAILED: exb_core.h is not among the embedded kernel sources\n");
        return 1;
    }
    cl_program prog;
    cl_kernel kern = build_kernel(ctx, device, 2, sources, "core_diff", &prog);
    if (!kern)
        return 1;
    size_t sizes[10] = {n * 8, n * 4,     n * 4,     n * 8,     n * 8,
                        n * 8, 2 * n * 4, 4 * n * 8, 2 * n * 8, 4 * n * 8};
    void *in[4] = {c.m, c.e, c.flags, c.x};
    cl_mem buf[10];
    for (int b = 0; b < 10; b++) {
        buf[b] =
            clCreateBuffer(ctx, b < 4 ? CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR : CL_MEM_WRITE_ONLY,
                           sizes[b], b < 4 ? in[b] : NULL, &err);
        clSetKernelArg(kern, b, sizeof(cl_mem), &buf[b]);
    }
    size_t global = (size_t)n;
    err = clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, NULL, 0, NULL, NULL);
    double *d_round = malloc(sizes[4]), *d_spec = malloc(sizes[8]);
    uint64_t *d_sm = malloc(sizes[5]);
    int *d_sl = malloc(sizes[6]);
    int64_t *d_dig = malloc(sizes[7]);
    uint64_t *d_prod = malloc(sizes[9]);
    void *out[6] = {d_round, d_sm, d_sl, d_dig, d_spec, d_prod};
    for (int b = 4; b < 10; b++)
        err |= clEnqueueReadBuffer(q, buf[b], CL_TRUE, 0, sizes[b], out[b - 4], 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("FAILED: OpenCL launch or read back (error %d)\n", (int)err);
        return 1;
    }

    const char *names[6] = {"exb_round_u64",
                            "exb_split_double (m)",
                            "exb_split_double (lsb, field)",
                            "exb_deposit_digits",
                            "exb_canonical_nan / exb_special_value",
                            "exb_product_split"};
    const void *host[6] = {h_round, h_sm, h_sl, h_dig, h_spec, h_prod};
    size_t per[6] = {8, 8, 8, 32, 16, 32};
    int ok = 1;
    for (int f = 0; f < 6; f++) {
        long differ = 0, first = -1;
        for (long i = 0; i < n; i++)
            if (memcmp((const char *)host[f] + i * per[f], (const char *)out[f] + i * per[f],
                       per[f])) {
                if (first < 0)
                    first = i;
                differ++;
            }
        printf("%s %-40s %ld cases, %ld differ", differ ? "FAIL" : "ok  ", names[f], n, differ);
        if (differ)
            printf(" (first: m=%016llx e=%d flags=%d x=%a)", (unsigned long long)c.m[first],
                   c.e[first], c.flags[first], c.x[first]);
        printf("\n");
        ok &= differ == 0;
    }
    ok &= check_windows(ctx, q, device, N);
    for (int b = 0; b < 10; b++)
        clReleaseMemObject(buf[b]);
    clReleaseKernel(kern);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    void *blocks[] = {h_round, h_spec, h_sm,  h_sl,   h_dig, h_prod, d_round, d_spec,
                      d_sm,    d_sl,   d_dig, d_prod, c.m,   c.e,    c.flags, c.x};
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
        free(blocks[b]);
    printf("core host/device: %s\n", ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}

/*
 * test_mpi.c -- libexactblas_mpi under mpiexec.
 *
 * usage: mpiexec -n P test_mpi host|opencl|mixed   (the ranks' paths; mixed:
 *                                                  odd ranks OpenCL)
 *        test_mpi op                               (one rank: the MPI_Op)
 *
 * Every rank generates the same global data, owns a slice of it (even
 * slices, uneven ones with an empty rank, everything on the last rank) and
 * calls EXDSUM_MPI, EXDDOT_MPI, EXDNRM2_MPI and EXDGEMV_MPI (TRANS N and T);
 * each result must have the bits of the MPFR oracle of the global data
 * (one rounding), on every rank, so the bits are the same for every rank
 * count, distribution and path.  Increments as the reference routines
 * have them: DDOT's -1 reads backwards, DASUM's and DNRM2's incx <= 0 takes
 * nothing.  The ranks that should run OpenCL must have run it
 * (exactblas_last_path); without an OpenCL device those runs skip (77).
 * Argument errors and ranks that disagree: test_mpi_errors.c.
 *
 * op: 2^12 and 5000 copies of an accumulator whose 135 low digits are all
 * 2^32 - 1 (every merge carries through all of them), with a top digit of
 * either sign, reduced with MPI_Reduce_local in a chain, a balanced tree and
 * a random tree: the bytes must be those of N times the value, computed with
 * GMP.
 */
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas_mpi.h"
#include "level2lib.h"
#include "testlib.h"

#define N 3000 /* global vector length */
#define GM 23  /* distributed GEMV: rows */
#define GN 301 /* and global columns */

static int rank, size, failures, checks;

static void check(const char *what, const char *data, const char *dist, double want, double got)
{
    checks++;
    double w = tl_canonical(want);
    /* the same bits on every rank, and the oracle's */
    uint64_t bits = tl_bits(got), lo, hi;
    MPI_Allreduce(&bits, &lo, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&bits, &hi, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (tl_bits(w) == bits && lo == hi)
        return;
    if (failures++ < 20)
        printf("MISMATCH rank %d/%d %s %s %s: expected %a, got %a%s\n", rank, size, what, data,
               dist, w, got, lo == hi ? "" : " (ranks differ)");
}

/* Rank r's slice [*c0, *c1) of count elements under a distribution. */
static void slice(const char *dist, long count, long *c0, long *c1)
{
    long w[64], total = 0, before = 0;
    for (int r = 0; r < size; r++) {
        if (strcmp(dist, "even") == 0)
            w[r] = 1;
        else if (strcmp(dist, "uneven") == 0)
            w[r] = r == 1 ? 0 : (r * r + 1); /* rank 1 owns nothing */
        else
            w[r] = r == size - 1; /* "last": everything on the last rank */
        total += w[r];
    }
    for (int r = 0; r < rank; r++)
        before += w[r];
    *c0 = count * before / total;
    *c1 = count * (before + w[rank]) / total;
}

static void vectors(const char *kind, double param, const char *dist, tl_rng *rng)
{
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    tl_generate(kind, param, N, rng, x, y);
    long c0, c1;
    slice(dist, N, &c0, &c1);
    long n = c1 - c0;
    check("EXDSUM_MPI", kind, dist, tl_oracle_dot(N, x, 1, NULL, 1),
          exactblas_dsum_mpi(n, x + c0, 1, MPI_COMM_WORLD));
    check("EXDDOT_MPI", kind, dist, tl_oracle_dot(N, x, 1, y, 1),
          exactblas_ddot_mpi(n, x + c0, 1, y + c0, 1, MPI_COMM_WORLD));
    check("EXDNRM2_MPI", kind, dist, tl_oracle_nrm2(N, x, 1),
          exactblas_dnrm2_mpi(n, x + c0, 1, MPI_COMM_WORLD));
    /* DDOT's increments: a negative one reads the same elements backwards;
     * DASUM's and DNRM2's: incx <= 0 takes nothing (+0 from every rank) */
    double *xr = malloc(N * sizeof *xr), *yr = malloc(N * sizeof *yr);
    for (long i = 0; i < n; i++) {
        xr[i] = x[c0 + n - 1 - i];
        yr[i] = y[c0 + n - 1 - i];
    }
    check("EXDDOT_MPI incx=incy=-1", kind, dist, tl_oracle_dot(N, x, 1, y, 1),
          exactblas_ddot_mpi(n, xr, -1, yr, -1, MPI_COMM_WORLD));
    for (long incx = -1; incx <= 0; incx++) {
        check(incx ? "EXDSUM_MPI incx=-1" : "EXDSUM_MPI incx=0", kind, dist, 0.0,
              exactblas_dsum_mpi(n, xr, incx, MPI_COMM_WORLD));
        check(incx ? "EXDNRM2_MPI incx=-1" : "EXDNRM2_MPI incx=0", kind, dist, 0.0,
              exactblas_dnrm2_mpi(n, xr, incx, MPI_COMM_WORLD));
    }
    free(xr);
    free(yr);
    free(x);
    free(y);
}

static void gemv(const char *kind, double param, const char *dist, tl_rng *rng)
{
    tl_matrix A;
    tl_matrix_alloc(&A, GM, GN, GM);
    tl_matrix_generate(kind, param, &A, rng);
    double *x = malloc(GN * sizeof *x), *y0 = malloc(GM * sizeof *y0);
    double *want = malloc(GM * sizeof *want), *y = malloc(GM * sizeof *y);
    tl_generate(kind, param, GN, rng, x, NULL);
    tl_generate("random", 1e10, GM, rng, y0, NULL);
    double alpha = tl_rng_sign(rng) * tl_rng_loguniform(rng, -20, 20), beta = 0.75;
    /* the transposed copy: rank r's block of A**T is rows c0.. of it */
    double *at = malloc((size_t)GM * GN * sizeof *at);
    for (long i = 0; i < GM; i++)
        for (long j = 0; j < GN; j++)
            at[j + i * GN] = A.a[i + j * GM];
    long c0, c1;
    slice(dist, GN, &c0, &c1);
    for (int t = 0; t < 2; t++) {
        memcpy(want, y0, GM * sizeof *want);
        tl_oracle_gemv('N', &A, alpha, x, beta, want);
        memcpy(y, y0, GM * sizeof *y);
        if (t)
            exactblas_dgemv_mpi('T', GM, c1 - c0, alpha, at + c0, GN, x + c0, 1, beta, y, 1,
                                MPI_COMM_WORLD);
        else
            exactblas_dgemv_mpi('N', GM, c1 - c0, alpha, A.a + c0 * GM, GM, x + c0, 1, beta, y, 1,
                                MPI_COMM_WORLD);
        for (long i = 0; i < GM; i++)
            check(t ? "EXDGEMV_MPI T" : "EXDGEMV_MPI N", kind, dist, want[i], y[i]);
    }
    free(at);
    free(A.a);
    free(x);
    free(y0);
    free(want);
    free(y);
}

/* ---- the MPI_Op alone ----------------------------------------------------------- */

#define LOW 135 /* 32-bit digits below the signed 64-bit top one */

/* The bytes of an accumulator: low digits all 2^32 - 1, the given top. */
static void extreme_bytes(unsigned char *b, int64_t top)
{
    memcpy(b, "EXB1", 4);
    uint32_t flags = 16 | 32; /* some term was added, not every one -0 */
    memcpy(b + 4, &flags, 4);
    memset(b + 8, 0xff, 4 * LOW);
    memcpy(b + 8 + 4 * LOW, &top, 8);
}

/* The canonical bytes of count * value(b), from GMP. */
static void times_bytes(const unsigned char *b, long count, unsigned char *out)
{
    mpz_t v, d, q;
    mpz_inits(v, d, q, NULL);
    int64_t top;
    memcpy(&top, b + 8 + 4 * LOW, 8);
    mpz_set_si(v, top);
    for (int k = LOW - 1; k >= 0; k--) {
        uint32_t dig;
        memcpy(&dig, b + 8 + 4 * k, 4);
        mpz_mul_2exp(v, v, 32);
        mpz_add_ui(v, v, dig);
    }
    mpz_mul_si(v, v, count);
    memcpy(out, b, 8);
    for (int k = 0; k < LOW; k++) {
        mpz_fdiv_r_2exp(d, v, 32);
        uint32_t dig = (uint32_t)mpz_get_ui(d);
        memcpy(out + 8 + 4 * k, &dig, 4);
        mpz_fdiv_q_2exp(v, v, 32);
    }
    int64_t t = mpz_get_si(v);
    memcpy(out + 8 + 4 * LOW, &t, 8);
    mpz_clears(v, d, q, NULL);
}

static void op_case(MPI_Datatype type, MPI_Op op, int64_t top, long count, tl_rng *rng)
{
    size_t B = EXACTBLAS_ACC_BYTES;
    unsigned char one[EXACTBLAS_ACC_BYTES], want[EXACTBLAS_ACC_BYTES];
    extreme_bytes(one, top);
    times_bytes(one, count, want);
    unsigned char *copies = malloc(count * B);
    /* chain */
    unsigned char acc[EXACTBLAS_ACC_BYTES];
    memcpy(acc, one, B);
    for (long k = 1; k < count; k++)
        MPI_Reduce_local(one, acc, 1, type, op);
    checks++;
    if (memcmp(acc, want, B) != 0 && failures++ < 20)
        printf("MISMATCH op chain of %ld, top %lld\n", count, (long long)top);
    /* balanced tree: level by level, pairs (k, k + step) */
    for (long k = 0; k < count; k++)
        memcpy(copies + k * B, one, B);
    for (long step = 1; step < count; step *= 2)
        for (long k = 0; k + step < count; k += 2 * step)
            MPI_Reduce_local(copies + (k + step) * B, copies + k * B, 1, type, op);
    checks++;
    if (memcmp(copies, want, B) != 0 && failures++ < 20)
        printf("MISMATCH op balanced tree of %ld, top %lld\n", count, (long long)top);
    /* random tree: merge two random live partial sums until one is left,
     * several at a time (count argument > 1) now and then */
    for (long k = 0; k < count; k++)
        memcpy(copies + k * B, one, B);
    long live = count;
    while (live > 1) {
        long i = (long)(tl_rng_u64(rng) % live), j = (long)(tl_rng_u64(rng) % (live - 1));
        j += j >= i;
        MPI_Reduce_local(copies + i * B, copies + j * B, 1, type, op);
        memcpy(copies + i * B, copies + (live - 1) * B, B);
        live--;
        if (live >= 4 && tl_rng_u64(rng) % 8 == 0) { /* two elements in one call */
            MPI_Reduce_local(copies + (live - 2) * B, copies, 2, type, op);
            live -= 2;
        }
    }
    checks++;
    if (memcmp(copies, want, B) != 0 && failures++ < 20)
        printf("MISMATCH op random tree of %ld, top %lld\n", count, (long long)top);
    free(copies);
}

static int op_tests(void)
{
    MPI_Datatype type;
    MPI_Op op;
    if (exactblas_mpi_acc_type(&type) != MPI_SUCCESS || exactblas_mpi_acc_op(&op) != MPI_SUCCESS) {
        printf("FAIL: no datatype or operation\n");
        return 1;
    }
    int size_bytes;
    MPI_Type_size(type, &size_bytes);
    checks++;
    if (size_bytes != EXACTBLAS_ACC_BYTES && failures++ < 20)
        printf("MISMATCH datatype size %d\n", size_bytes);
    tl_rng rng;
    tl_rng_seed(&rng, 4096);
    long counts[] = {4096, 5000};
    int64_t tops[] = {(int64_t)1 << 40, -((int64_t)1 << 40), 0};
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 3; t++)
            op_case(type, op, tops[t], counts[c], &rng);
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *mode = argc > 1 ? argv[1] : "host";
    if (strcmp(mode, "op") == 0) {
        op_tests();
        printf("MPI op: %d checks, %d mismatches: %s\n", checks, failures,
               failures ? "FAILED" : "PASSED");
        MPI_Finalize();
        return failures != 0;
    }
    int want_cl = strcmp(mode, "opencl") == 0 || (strcmp(mode, "mixed") == 0 && rank % 2 == 1);
    setenv("EXACTBLAS_DEVICE", want_cl ? "opencl" : "host", 1);
    exactblas_reload_knobs();
    int cl_missing = want_cl && !tl_opencl_available(), any_missing;
    MPI_Allreduce(&cl_missing, &any_missing, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any_missing) {
        if (rank == 0)
            printf("SKIP: no OpenCL device for the OpenCL ranks\n");
        MPI_Finalize();
        return 77;
    }
    /* the path each rank's local part took */
    {
        double v[4] = {1, 2, 3, 4};
        exactblas_acc *a = exactblas_acc_new();
        exactblas_acc_add_sum(a, 4, v, 1);
        /* the host, with or without its binned front end (EXACTBLAS_PATH_BINS) */
        int path = exactblas_last_path(),
            bad = want_cl ? !(path & EXACTBLAS_PATH_OPENCL)
                          : (path & ~EXACTBLAS_PATH_BINS) != EXACTBLAS_PATH_HOST;
        exactblas_acc_free(a);
        checks++;
        if (bad && failures++ < 20)
            printf("MISMATCH rank %d: the local sum took path %d, not %s\n", rank, path,
                   want_cl ? "OpenCL" : "host");
    }
    static const struct {
        const char *kind;
        double param;
    } data[] = {{"random", 1e300}, {"random", 1.0}, {"cancel", 1e30}, {"illcond", 1e40},
                {"special", 1e10}, {"zeros", 0},    {"subnormal", 0}, {"overflow", 0}};
    static const char *dists[] = {"even", "uneven", "last"};
    tl_rng rng;
    tl_rng_seed(&rng, 20261122);
    for (size_t d = 0; d < sizeof data / sizeof data[0]; d++)
        for (int k = 0; k < 3; k++) {
            vectors(data[d].kind, data[d].param, dists[k], &rng);
            gemv(data[d].kind, data[d].param, dists[k], &rng);
        }
    int total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("MPI %s, %d ranks: %d checks per rank, %d mismatches: %s\n", mode, size, checks,
               total, total ? "FAILED" : "PASSED");
    MPI_Finalize();
    return total != 0;
}

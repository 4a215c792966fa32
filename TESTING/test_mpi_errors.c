/*
 * test_mpi_errors.c -- argument errors of libexactblas_mpi under mpiexec.
 *
 * usage: mpiexec -n P test_mpi_errors
 *
 * EXDGEMV_MPI with one rank's own argument illegal (TRANS, M, N, LDA, INCX,
 * INCY) and with the scalars the ranks must share passed differently on one
 * rank (TRANS, M, ALPHA, BETA; M = 0 or ALPHA = 0 there only), the odd rank
 * first and then last (through the Fortran entry): every rank must call
 * XERBLA exactly once with 'EXDGEMV_MPI' and the position exactblas_mpi.h
 * documents, leave y untouched and return within a second.  Legal corners
 * (NaNs of other bits as ALPHA, 'T' beside 'c', INCY or n_r differing, the
 * quick returns on every rank) must not call it, and give every rank the
 * same y.  The sum, dot and norm have no illegal argument: N <= 0 or
 * INCX <= 0 on one rank (INCX = 0 or -1 for the dot) must not call XERBLA
 * and give the documented value.
 *
 * A watchdog (tl_watchdog) turns a hang into a failure naming the case.
 * The routines run on a duplicate of MPI_COMM_WORLD and the checks on
 * MPI_COMM_WORLD, so that a rank left inside a routine never pairs its
 * collective with a check's.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas_mpi.h"
#include "testlib.h"

#define WATCHDOG_S 5 /* a hang: seconds before the case fails */
#define SLOW_S 1.0   /* an error must reach every rank within this */
#define LEN 16       /* x and y storage */

static int rank, size, failures, checks;
static MPI_Comm comm; /* the routines' communicator */

/* ---- the program's XERBLA: what it was called with ------------------------- */

static char xerbla_name[32];
static int xerbla_position, xerbla_calls;

void xerbla_(const char *srname, const int *info, size_t len)
{
    snprintf(xerbla_name, sizeof xerbla_name, "%.*s", (int)len, srname);
    xerbla_position = *info;
    xerbla_calls++;
}

static void xerbla_reset(void)
{
    xerbla_name[0] = '\0';
    xerbla_position = 0;
    xerbla_calls = 0;
}

static void fail(const char *what, const char *how)
{
    if (failures++ < 40)
        printf("FAILED rank %d/%d %s: %s\n", rank, size, what, how);
}

/* XERBLA called once with name and position (position 0: not called). */
static void expect_xerbla(const char *what, const char *name, int position)
{
    checks++;
    char how[128];
    if (position &&
        (xerbla_calls != 1 || strcmp(xerbla_name, name) != 0 || xerbla_position != position)) {
        snprintf(how, sizeof how, "expected XERBLA %s %d once, got %d call(s), last '%s' %d", name,
                 position, xerbla_calls, xerbla_name, xerbla_position);
        fail(what, how);
    } else if (!position && xerbla_calls) {
        snprintf(how, sizeof how, "expected no XERBLA, got %d call(s), last '%s' %d", xerbla_calls,
                 xerbla_name, xerbla_position);
        fail(what, how);
    }
}

static void expect_quick(const char *what, double seconds)
{
    checks++;
    if (seconds > SLOW_S) {
        char how[64];
        snprintf(how, sizeof how, "returned after %.3f s", seconds);
        fail(what, how);
    }
}

/* The same bits on every rank (the checks' communicator). */
static void expect_same(const char *what, const uint64_t *bits, int count)
{
    uint64_t lo[LEN], hi[LEN];
    MPI_Allreduce(bits, lo, count, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(bits, hi, count, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    checks++;
    for (int i = 0; i < count; i++)
        if (lo[i] != hi[i]) {
            char how[96];
            snprintf(how, sizeof how, "element %d differs between ranks (%016llx..%016llx)", i,
                     (unsigned long long)lo[i], (unsigned long long)hi[i]);
            fail(what, how);
            return;
        }
}

/* ---- EXDGEMV_MPI -------------------------------------------------------------- */

typedef struct gemv_args {
    char trans;
    long m, n, lda, incx, incy;
    double alpha, beta;
} gemv_args;

/* Every rank passes `all` but the odd one, which passes `odd`.  own: the
 * position the odd rank's own arguments are illegal at (0: legal); others:
 * what every rank that is legal reports when there are several ranks (0:
 * the call is legal). */
typedef struct gemv_case {
    const char *name;
    gemv_args all, odd;
    int own, others;
} gemv_case;

#define BASE                                                                                       \
    {                                                                                              \
        'N', 5, 3, 5, 1, 1, 1.5, 0.5                                                               \
    }
#define ZERO_ALPHA                                                                                 \
    {                                                                                              \
        'N', 5, 3, 5, 1, 1, 0.0, 0.5                                                               \
    }

static const gemv_case gemv_cases[] = {
    /* one rank's own argument illegal */
    {"TRANS = 'X' on one rank", BASE, {'X', 5, 3, 5, 1, 1, 1.5, 0.5}, 1, 1},
    {"M = -1 on one rank", BASE, {'N', -1, 3, 5, 1, 1, 1.5, 0.5}, 2, 2},
    {"N = -1 on one rank", BASE, {'N', 5, -1, 5, 1, 1, 1.5, 0.5}, 3, 3},
    {"LDA = 4 < M on one rank", BASE, {'N', 5, 3, 4, 1, 1, 1.5, 0.5}, 6, 6},
    {"LDA = 2 < N_r, TRANS 'T', on one rank",
     {'T', 5, 3, 3, 1, 1, 1.5, 0.5},
     {'T', 5, 3, 2, 1, 1, 1.5, 0.5},
     6,
     6},
    {"INCX = 0 on one rank", BASE, {'N', 5, 3, 5, 0, 1, 1.5, 0.5}, 8, 8},
    {"INCY = 0 on one rank", BASE, {'N', 5, 3, 5, 1, 0, 1.5, 0.5}, 11, 11},
    {"M = -1 on one rank, ALPHA = 0 everywhere", ZERO_ALPHA, {'N', -1, 3, 5, 1, 1, 0.0, 0.5}, 2, 2},
    /* the shared scalars differ: the first in argument order is reported */
    {"TRANS 'T' on one rank, 'N' elsewhere", BASE, {'T', 5, 3, 3, 1, 1, 1.5, 0.5}, 0, 1},
    {"M = 6 on one rank, 5 elsewhere", BASE, {'N', 6, 3, 6, 1, 1, 1.5, 0.5}, 0, 2},
    {"M = 0 on one rank only", BASE, {'N', 0, 3, 5, 1, 1, 1.5, 0.5}, 0, 2},
    {"ALPHA = 2.5 on one rank, 1.5 elsewhere", BASE, {'N', 5, 3, 5, 1, 1, 2.5, 0.5}, 0, 4},
    {"ALPHA = 0 on one rank only", BASE, {'N', 5, 3, 5, 1, 1, 0.0, 0.5}, 0, 4},
    {"ALPHA = 0, BETA = 1 (a quick return) on one rank only",
     BASE,
     {'N', 5, 3, 5, 1, 1, 0.0, 1.0},
     0,
     4},
    {"ALPHA = -0 on one rank, +0 elsewhere, BETA = 1",
     {'N', 5, 3, 5, 1, 1, 0.0, 1.0},
     {'N', 5, 3, 5, 1, 1, -0.0, 1.0},
     0,
     4},
    {"BETA = 0.25 on one rank, 0.5 elsewhere", BASE, {'N', 5, 3, 5, 1, 1, 1.5, 0.25}, 0, 9},
    {"BETA = 1 on one rank only, ALPHA = 0 everywhere",
     ZERO_ALPHA,
     {'N', 5, 3, 5, 1, 1, 0.0, 1.0},
     0,
     9},
    {"M = 6 and BETA = 0 on one rank", BASE, {'N', 6, 3, 6, 1, 1, 1.5, 0.0}, 0, 2},
    /* an illegal argument on one rank and a scalar differing: that rank its
     * own, the others the first in argument order */
    {"LDA = 4 and ALPHA = 2.5 on one rank", BASE, {'N', 5, 3, 4, 1, 1, 2.5, 0.5}, 6, 4},
    {"INCY = 0 and TRANS 'T' on one rank", BASE, {'T', 5, 3, 3, 1, 0, 1.5, 0.5}, 11, 1},
    /* legal */
    {"TRANS 'T' on one rank, 'c' elsewhere",
     {'c', 5, 3, 3, 1, 1, 1.5, 0.5},
     {'T', 5, 3, 3, 1, 1, 1.5, 0.5},
     0,
     0},
    {"TRANS 'n' on one rank, 'N' elsewhere", BASE, {'n', 5, 3, 5, 1, 1, 1.5, 0.5}, 0, 0},
    {"ALPHA a NaN of other bits on one rank",
     {'N', 5, 3, 5, 1, 1, NAN, 0.5},
     {'N', 5, 3, 5, 1, 1, -NAN, 0.5},
     0,
     0},
    {"INCY = -2 and INCX = 2 on one rank", BASE, {'N', 5, 3, 5, 2, -2, 1.5, 0.5}, 0, 0},
    {"N = 0 on one rank", BASE, {'N', 5, 0, 5, 1, 1, 1.5, 0.5}, 0, 0},
    {"N = 0 everywhere", {'N', 5, 0, 5, 1, 1, 1.5, 0.5}, {'N', 5, 0, 5, 1, 1, 1.5, 0.5}, 0, 0},
    {"M = 0 everywhere", {'N', 0, 3, 1, 1, 1, 1.5, 0.5}, {'N', 0, 3, 1, 1, 1, 1.5, 0.5}, 0, 0},
    {"ALPHA = 0, BETA = 1 everywhere",
     {'N', 5, 3, 5, 1, 1, 0.0, 1.0},
     {'N', 5, 3, 5, 1, 1, 0.0, 1.0},
     0,
     0},
    {"ALPHA = 0 everywhere", ZERO_ALPHA, ZERO_ALPHA, 0, 0},
};

/* The position this rank must report. */
static int expected_position(const gemv_case *c, int odd)
{
    if (rank == odd && c->own)
        return c->own;
    return size == 1 ? 0 : c->others;
}

static void call_gemv(const gemv_args *g, const double *a, const double *x, double *y, int fortran)
{
    if (!fortran) {
        exactblas_dgemv_mpi(g->trans, g->m, g->n, g->alpha, a, g->lda, x, g->incx, g->beta, y,
                            g->incy, comm);
        return;
    }
    int m = (int)g->m, n = (int)g->n, lda = (int)g->lda, incx = (int)g->incx;
    int incy = (int)g->incy;
    MPI_Fint handle = MPI_Comm_c2f(comm);
    exdgemv_mpi_(&g->trans, &m, &n, &g->alpha, a, &lda, x, &incx, &g->beta, y, &incy, &handle, 1);
}

/* Where logical y_i lies in y's storage (a negative increment starts at
 * the far end, as in the BLAS). */
static long y_index(const gemv_args *g, long i)
{
    return g->incy > 0 ? i * g->incy : (g->m - 1 - i) * -g->incy;
}

static void gemv_case_run(const gemv_case *c, int odd, int fortran)
{
    const gemv_args *g = rank == odd ? &c->odd : &c->all;
    double a[64], x[LEN], y[LEN], saved[LEN];
    for (int k = 0; k < 64; k++)
        a[k] = 1.0 + k % 7;
    for (int k = 0; k < LEN; k++) {
        x[k] = 0.5 + k;
        y[k] = -1.0 - k; /* between the elements: must stay */
    }
    /* y is replicated: the same y_i on every rank, whatever its increment */
    int legal_y = g->incy != 0 && g->m > 0 && g->m <= 6;
    for (long i = 0; legal_y && i < g->m; i++)
        y[y_index(g, i)] = 3.0 - 0.25 * (double)i;
    memcpy(saved, y, sizeof y);
    char what[160];
    snprintf(what, sizeof what, "EXDGEMV_MPI %s (rank %d%s)", c->name, odd,
             fortran ? ", Fortran entry" : "");
    int want = expected_position(c, odd);
    xerbla_reset();
    tl_watchdog(WATCHDOG_S, what);
    double t0 = tl_now();
    call_gemv(g, a, x, y, fortran);
    double seconds = tl_now() - t0;
    expect_xerbla(what, "EXDGEMV_MPI", want);
    expect_quick(what, seconds);
    checks++;
    if (want && memcmp(y, saved, sizeof y) != 0)
        fail(what, "y modified");
    /* a legal call: every rank has the same y_i (the common M of them) */
    uint64_t bits[LEN] = {0};
    for (long i = 0; !want && legal_y && i < g->m; i++)
        bits[i] = tl_bits(y[y_index(g, i)]);
    expect_same(what, bits, LEN);
    tl_watchdog(0, what);
}

/* ---- the sum, dot and norm: no illegal argument ----------------------------- */

/* Every rank passes x = (1, 2, 3), y = (1, 10, 100), N = 3, increments 1;
 * the odd rank passes n, incx.  The sum and the norm take nothing from a
 * rank with N <= 0 or INCX <= 0 (DASUM, DNRM2); the dot reads any
 * increment (DDOT: -1 backwards, 0 x_1 again). */
static void scalar_case(long n, long incx, int odd)
{
    static const double x[3] = {1, 2, 3}, y[3] = {1, 10, 100};
    int others = size - 1;
    long my_n = rank == odd ? n : 3, my_incx = rank == odd ? incx : 1;
    double odd_sum = n > 0 && incx > 0 ? 6 : 0, odd_squares = n > 0 && incx > 0 ? 14 : 0;
    double odd_dot = n <= 0 ? 0 : incx < 0 ? 123 : incx == 0 ? 111 : 321;
    const double want[3] = {6.0 * others + odd_sum, sqrt(14.0 * others + odd_squares),
                            321.0 * others + odd_dot};
    static const char *names[3] = {"EXDSUM_MPI", "EXDNRM2_MPI", "EXDDOT_MPI"};
    for (int r = 0; r < 3; r++) {
        char what[96];
        snprintf(what, sizeof what, "%s N = %ld, INCX = %ld on rank %d", names[r], n, incx, odd);
        xerbla_reset();
        tl_watchdog(WATCHDOG_S, what);
        double t0 = tl_now();
        double got = r == 0   ? exactblas_dsum_mpi(my_n, x, my_incx, comm)
                     : r == 1 ? exactblas_dnrm2_mpi(my_n, x, my_incx, comm)
                              : exactblas_ddot_mpi(my_n, x, my_incx, y, 1, comm);
        double seconds = tl_now() - t0;
        expect_xerbla(what, names[r], 0);
        expect_quick(what, seconds);
        checks++;
        if (tl_bits(got) != tl_bits(want[r])) {
            char how[96];
            snprintf(how, sizeof how, "expected %a, got %a", want[r], got);
            fail(what, how);
        }
        tl_watchdog(0, what);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* the host path: the cases are about the exchange, not the local part */
    setenv("EXACTBLAS_DEVICE", "host", 1);
    exactblas_reload_knobs();
    int odd_ranks[2] = {0, size - 1};
    double slowest = 0;
    for (int k = 0; k < (size > 1 ? 2 : 1); k++)
        for (size_t c = 0; c < sizeof gemv_cases / sizeof gemv_cases[0]; c++) {
            double t0 = tl_now();
            gemv_case_run(&gemv_cases[c], odd_ranks[k], k == 1);
            if (tl_now() - t0 > slowest)
                slowest = tl_now() - t0;
        }
    static const long corners[][2] = {{-1, 1}, {0, 1}, {3, 0}, {3, -1}};
    for (int k = 0; k < (size > 1 ? 2 : 1); k++)
        for (int c = 0; c < 4; c++)
            scalar_case(corners[c][0], corners[c][1], odd_ranks[k]);
    int total;
    double slowest_all;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&slowest, &slowest_all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("MPI errors, %d ranks: %d checks per rank, slowest case %.1f ms, %d failures: "
               "%s\n",
               size, checks, 1e3 * slowest_all, total, total ? "FAILED" : "PASSED");
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return total != 0;
}

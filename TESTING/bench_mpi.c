/*
 * bench_mpi.c -- libexactblas_mpi against the plain MPI equivalents, under
 * mpiexec (one thread per rank for ExactBLAS and OpenBLAS):
 *   reduction alone: exactblas_acc_allreduce (one accumulator, its message
 *     EXACTBLAS_ACC_BYTES bytes) against MPI_Allreduce(MPI_SUM) of one
 *     double, medians of 2000 calls each, in blocks;
 *   EXDDOT_MPI against OpenBLAS's ddot on the local part + MPI_Allreduce;
 *   EXDGEMV_MPI (1000 rows, n/1000 local columns) against OpenBLAS's dgemv
 *     + MPI_Allreduce of the 1000 partial sums;
 * for n elements per rank (arguments, default 1e6 1e7 1e8); medians of 5
 * calls in ms, the slowest rank's time.
 *
 * usage: mpiexec -n P bench_mpi [n ...]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_args.h"
#include "blasref.h"
#include "exactblas_mpi.h"
#include "testlib.h"

static const char usage[] =
    "usage: mpiexec -n P bench_mpi [n ...]\n"
    "  libexactblas_mpi against the plain MPI equivalents, one thread per rank:\n"
    "  the reduction alone (exactblas_acc_allreduce against MPI_Allreduce of one\n"
    "  double), EXDDOT_MPI against OpenBLAS's ddot + MPI_Allreduce, EXDGEMV_MPI\n"
    "  (1000 rows) against OpenBLAS's dgemv + MPI_Allreduce.\n"
    "  n  elements per rank, 1000..1e9 (default 1e6 1e7 1e8)\n"
    "  Prints the reduction's median time in us, then per n the median of 5 calls\n"
    "  in ms (the slowest rank's time) and the ratio ExactBLAS / plain.\n";

/* The launcher's rank, before MPI_Init (the arguments are checked before it:
 * Open MPI refuses a run as root without mpiexec's variables, and --help must
 * answer anyway); only rank 0 prints the usage. */
static int launcher_rank(void)
{
    const char *names[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"};
    for (int k = 0; k < 3; k++)
        if (getenv(names[k]))
            return atoi(getenv(names[k]));
    return 0;
}

typedef double (*ddot_fn)(const int *, const double *, const int *, const double *, const int *);
typedef void (*dgemv_fn)(const char *, const int *, const int *, const double *, const double *,
                         const int *, const double *, const int *, const double *, double *,
                         const int *, size_t);

/* The median over reps of the slowest rank's time of f, ms. */
#define TIME_MS(reps, stmt)                                                                        \
    ({                                                                                             \
        double t_[2000];                                                                           \
        for (int r_ = 0; r_ < (reps); r_++) {                                                      \
            MPI_Barrier(MPI_COMM_WORLD);                                                           \
            double t0_ = MPI_Wtime();                                                              \
            stmt;                                                                                  \
            double dt_ = (MPI_Wtime() - t0_) * 1e3;                                                \
            MPI_Allreduce(&dt_, &t_[r_], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);                  \
        }                                                                                          \
        tl_median(t_, (reps));                                                                     \
    })

int main(int argc, char **argv)
{
    bench_args_quiet = launcher_rank() != 0;
    bench_help(argc, argv, usage);
    for (int k = 1; k < argc; k++)
        bench_count(argv[k], 1000, 1000000000L, "n", usage);
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    setenv("EXACTBLAS_THREADS", "1", 1);
    setenv("EXACTBLAS_DEVICE", "host", 0);
    exactblas_reload_knobs();
    exb_blasref ob;
    if (exb_blasref_open(&ob, EXB_BLAS_OPENBLAS) != 0) {
        if (rank == 0)
            printf("bench_mpi: OpenBLAS not found\n");
        MPI_Finalize();
        return 1;
    }
    exb_blasref_set_threads(&ob, 1);
    ddot_fn ddot = (ddot_fn)exb_blasref_symbol(&ob, "ddot_");
    dgemv_fn dgemv = (dgemv_fn)exb_blasref_symbol(&ob, "dgemv_");
    exactblas_acc *acc = exactblas_acc_new();
    exactblas_acc_add(acc, 1.0 + rank);
    double one = rank, sum;
    double t_plain =
        TIME_MS(2000, MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
    double t_acc = TIME_MS(2000, exactblas_acc_allreduce(acc, MPI_COMM_WORLD));
    if (rank == 0) {
        printf("%d ranks; reduction alone (median of 2000): MPI_Allreduce of one double %.2f us, "
               "of one accumulator (%d bytes) %.2f us: %.2fx\n",
               size, t_plain * 1e3, EXACTBLAS_ACC_BYTES, t_acc * 1e3, t_acc / t_plain);
        printf("%12s %10s %10s %8s %12s %10s %8s\n", "n per rank", "EXDDOT_MPI", "ddot+sum",
               "ratio", "EXDGEMV_MPI", "dgemv+sum", "ratio");
        printf("%12s %10s %10s %8s %12s %10s %8s\n", "elements", "ms", "ms", "Ex/plain", "ms", "ms",
               "Ex/plain");
    }
    int nsizes = argc > 1 ? argc - 1 : 3;
    for (int s = 0; s < nsizes; s++) {
        long n = argc > 1 ? (long)atof(argv[s + 1])
                          : (s == 0   ? 1000000L
                             : s == 1 ? 10000000L
                                      : 100000000L);
        double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
        tl_rng rng;
        tl_rng_seed(&rng, 1 + rank);
        for (long i = 0; i < n; i++) {
            x[i] = tl_rng_uniform(&rng) - 0.5;
            y[i] = tl_rng_uniform(&rng) - 0.5;
        }
        int ni = (int)n, inc = 1;
        double r;
        double t_ex = TIME_MS(5, r = exactblas_ddot_mpi(n, x, 1, y, 1, MPI_COMM_WORLD));
        double t_pl = TIME_MS(5, {
            double loc = ddot(&ni, x, &inc, y, &inc);
            MPI_Allreduce(&loc, &r, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        });
        /* GEMV: 1000 rows, the local columns (the vector x reused as A) */
        int m = 1000, nc = (int)(n / m);
        double *yv = calloc(m, sizeof *yv), *part = calloc(m, sizeof *part);
        double alpha = 1.0, beta = 0.0;
        double t_gex = TIME_MS(
            5, exactblas_dgemv_mpi('N', m, nc, 1.0, x, m, y, 1, 0.0, yv, 1, MPI_COMM_WORLD));
        double t_gpl = TIME_MS(5, {
            dgemv("N", &m, &nc, &alpha, x, &m, y, &inc, &beta, part, &inc, 1);
            MPI_Allreduce(part, yv, m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        });
        if (rank == 0)
            printf("%12ld %10.3f %10.3f %8.2f %12.3f %10.3f %8.2f\n", n, t_ex, t_pl, t_ex / t_pl,
                   t_gex, t_gpl, t_gex / t_gpl);
        free(x);
        free(y);
        free(yv);
        free(part);
    }
    exactblas_acc_free(acc);
    exb_blasref_close(&ob);
    MPI_Finalize();
    return 0;
}

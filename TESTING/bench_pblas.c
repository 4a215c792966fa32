/*
 * bench_pblas.c -- the cost of the exact PBLAS against ScaLAPACK's own
 * (doc/PBLAS.md, "Cost"): PDGEMM (C := A B + C) and PDGESV at order N,
 * block size NB, on a P x Q grid of the run's processes; prints each
 * repetition's time, the median, and the bytes each rank sent through the
 * exact PBLAS per call (its counter; 0 on ScaLAPACK's own).
 *
 * usage: mpiexec -n P*Q bench_pblas ROUTINE N NB REPS [P Q]
 *
 * bench_pblas links libexactblas_pblas ahead of ScaLAPACK; bench_pblas_netlib
 * is the same program on ScaLAPACK's own PBLAS and the system BLAS
 * (OpenBLAS on Debian: its core is printed).
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_pblas_lib.h"

void pdgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
             const double *, const int *, const int *, const int *, const double *, const int *,
             const int *, const int *, const double *, double *, const int *, const int *,
             const int *, size_t, size_t);
void pdgesv_(const int *n, const int *nrhs, double *a, const int *ia, const int *ja,
             const int *desca, int *ipiv, double *b, const int *ib, const int *jb, const int *descb,
             int *info);

#ifdef NETLIB_PBLAS
long exactblas_pblas_bytes_sent(void)
{
    return 0;
}
#endif

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Uniform in [-0.5, 0.5), plus n on the diagonal when diag (PDGESV's
 * systems; PDGEMM by default without: a uniform GEMM, bench_table's). */
static void fill(pt_mat *a, const pt_grid *g, unsigned seed, int diag)
{
    /* local elements only: a hash of the global index */
    for (int lj = 0; lj < a->nloc; lj++)
        for (int li = 0; li < a->mloc; li++) {
            unsigned long long h =
                (unsigned long long)(pt_grow(a, g, li) + 1) * 0x9E3779B97F4A7C15ull ^
                (unsigned long long)(pt_gcol(a, g, lj) + seed) * 0xC2B2AE3D27D4EB4Full;
            h ^= h >> 31;
            double v = (double)(h >> 11) * 0x1p-53 - 0.5;
            if (diag && pt_grow(a, g, li) == pt_gcol(a, g, lj))
                v += a->n;
            a->loc[li + (size_t)lj * a->lld] = v;
        }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 5) {
        if (rank == 0)
            fprintf(stderr, "usage: bench_pblas PDGEMM|PDGESV N NB REPS [P Q [diag|plain]]\n");
        MPI_Finalize();
        return 2;
    }
    const char *routine = argv[1];
    int n = atoi(argv[2]), nb = atoi(argv[3]), reps = atoi(argv[4]);
    int P = argc > 6 ? atoi(argv[5]) : 1, Q = argc > 6 ? atoi(argv[6]) : size;
    int isgemm = !strcmp(routine, "PDGEMM");
    int diag = argc > 7 ? !strcmp(argv[7], "diag") : !isgemm;
    char *(*corename)(void) = (char *(*)(void))dlsym(RTLD_DEFAULT, "openblas_get_corename");
    if (rank == 0)
        printf("%s n=%d nb=%d grid %dx%d (%s data), %s PBLAS, OpenBLAS core %s\n", routine, n, nb,
               P, Q, diag ? "uniform + n on the diagonal" : "uniform",
#ifdef NETLIB_PBLAS
               "ScaLAPACK's own",
#else
               "exact",
#endif
               corename ? corename() : "(none loaded)");
    pt_grid g;
    pt_grid_make(&g, P, Q);
    double *t = calloc((size_t)reps, sizeof *t);
    long bytes = 0;
    for (int r = 0; r < reps; r++) {
        pt_mat a, b, c;
        int one = 1, info = 0, nrhs = 1;
        pt_mat_make(&a, &g, n, n, nb, nb, 0, 0, 0);
        pt_mat_make(&b, &g, n, isgemm ? n : nrhs, nb, nb, 0, 0, 0);
        if (isgemm)
            pt_mat_make(&c, &g, n, n, nb, nb, 0, 0, 0);
        if (g.in) {
            fill(&a, &g, 1, diag);
            fill(&b, &g, 2, diag);
            if (isgemm)
                fill(&c, &g, 3, diag);
        }
        int *ipiv = calloc((size_t)a.mloc + nb, sizeof *ipiv);
        double alpha = 1.0, beta = 1.0;
        long b0 = exactblas_pblas_bytes_sent();
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        if (g.in && isgemm)
            pdgemm_("N", "N", &n, &n, &n, &alpha, a.loc, &one, &one, a.desc, b.loc, &one, &one,
                    b.desc, &beta, c.loc, &one, &one, c.desc, 1, 1);
        else if (g.in)
            pdgesv_(&n, &nrhs, a.loc, &one, &one, a.desc, ipiv, b.loc, &one, &one, b.desc, &info);
        MPI_Barrier(MPI_COMM_WORLD);
        t[r] = MPI_Wtime() - t0;
        bytes = exactblas_pblas_bytes_sent() - b0;
        if (rank == 0)
            printf("  rep %d: %.3f s%s\n", r, t[r], info ? " (INFO != 0)" : "");
        free(ipiv);
        pt_mat_free(&a);
        pt_mat_free(&b);
        if (isgemm)
            pt_mat_free(&c);
    }
    long maxbytes;
    MPI_Reduce(&bytes, &maxbytes, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    qsort(t, (size_t)reps, sizeof *t, cmp);
    if (rank == 0)
        printf("%s n=%d nb=%d grid %dx%d: median %.3f s over %d; bytes sent per rank (max, "
               "exact PBLAS's counter) %ld\n",
               routine, n, nb, P, Q, t[reps / 2], reps, maxbytes);
    free(t);
    pt_grid_free(&g);
    MPI_Finalize();
    return 0;
}

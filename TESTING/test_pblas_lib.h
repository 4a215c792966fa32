/*
 * test_pblas_lib.h -- what the exact PBLAS's tests share: BLACS grids made
 * from MPI_COMM_WORLD, global matrices dealt out block-cyclically (with
 * ScaLAPACK's own NUMROC and INDXL2G, not the library's arithmetic), and
 * the check of every local element against an oracle.
 *
 * Every process draws the same global data from the same seed, so each can
 * compute the expected value (MPFR, testlib's tl_terms) of the elements it
 * holds without any exchange; a failure names the grid, the case, the
 * global element, the expected and the computed bits.
 */
#ifndef EXACTBLAS_TEST_PBLAS_LIB_H
#define EXACTBLAS_TEST_PBLAS_LIB_H

#include <mpi.h>

#include "testlib.h"

/* BLACS, ScaLAPACK TOOLS (libscalapack) */
void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, char *order, int nprow, int npcol);
void Cblacs_gridexit(int ctxt);
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);
int indxl2g_(const int *indxloc, const int *nb, const int *iproc, const int *isrc,
             const int *nprocs);

/* The library's counters (libexactblas_pblas): calls that reached it. */
long exactblas_pblas_calls(void);
long exactblas_pblas_bytes_sent(void);

/* The seven grids of the suite: 1x1, 1x2, 2x1, 2x2, 1x3, 3x1, 2x3. */
#define PT_NGRIDS 7
extern const int pt_grids[PT_NGRIDS][2];

typedef struct pt_grid {
    int ctxt, nprow, npcol, myrow, mycol, in; /* in: this process is in it */
} pt_grid;

/* A grid of the first nprow*npcol processes (every process calls it). */
void pt_grid_make(pt_grid *g, int nprow, int npcol);
void pt_grid_free(pt_grid *g);

/* A global M x N matrix (column-major, every process the same copy) and
 * its local part on this process: block sizes mb x nb from (rsrc, csrc). */
typedef struct pt_mat {
    int m, n, mb, nb, rsrc, csrc;
    double *g;   /* global, ld m */
    double *loc; /* local, ld lld */
    int mloc, nloc, lld;
    int desc[9];
} pt_mat;

/* Allocates the global copy (NaN) and the local array (lld = the local
 * rows plus pad). */
void pt_mat_make(pt_mat *a, const pt_grid *g, int m, int n, int mb, int nb, int rsrc, int csrc,
                 int pad);
void pt_mat_free(pt_mat *a);
/* Copies the global matrix into the local array (every slot; padding NaN). */
void pt_mat_deal(pt_mat *a, const pt_grid *g);
/* Global indices (0-based) of local (li, lj). */
int pt_grow(const pt_mat *a, const pt_grid *g, int li);
int pt_gcol(const pt_mat *a, const pt_grid *g, int lj);

/* Bits equal, or both NaN. */
int pt_same(double x, double y);

/* The tally of a program: checks and failures on this process, reduced at
 * the end over MPI_COMM_WORLD. */
typedef struct pt_tally {
    long checks, failures, cases;
} pt_tally;
/* Records one element; prints the first few failures of this process. */
void pt_expect(pt_tally *t, const char *what, int i, int j, double expected, double got);
/* Every process's tally summed; rank 0 prints "name: PASSED (...)" or
 * FAILED; returns 0 when nothing failed anywhere. */
int pt_verdict(const char *name, pt_tally *t);

/* A value of the data classes the randomized tests draw (testlib). */
double pt_value(tl_rng *r, int cls);
#define PT_NCLASSES 9

#endif

/*
 * grid.c -- a BLACS context as this layer uses it: the grid's shape, my
 * place in it, and the context's point-to-point communicator.
 *
 * BLACS_GET(ICTXT, 10, VAL) returns the system handle of the context's
 * point-to-point communicator (BLACS's blacs_get_.c: MPI_Comm_c2f of
 * pscp.comm from the Fortran interface), a duplicate made for the grid on
 * which BLACS itself sends only with the tag 9976; its ranks are the grid's
 * processes in row-major order (blacs_map_.c).  That layout is checked once
 * per communicator: a BLACS built otherwise gives an error, never a message
 * to the wrong process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pblas.h"

int pb_grid_init(pb_grid *g, int ctxt)
{
    static MPI_Comm checked = MPI_COMM_NULL; /* the last communicator found as expected */
    memset(g, 0, sizeof *g);
    g->ctxt = ctxt;
    Cblacs_gridinfo(ctxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
    if (g->nprow < 1 || g->npcol < 1 || g->myrow < 0 || g->mycol < 0)
        return -1;
    g->np = g->nprow * g->npcol;
    g->me = pb_rank(g, g->myrow, g->mycol);
    int what = 10, handle = 0;
    blacs_get_(&ctxt, &what, &handle);
    g->comm = MPI_Comm_f2c(handle);
    if (g->comm != checked) {
        int size = -1, rank = -1;
        if (g->comm == MPI_COMM_NULL || MPI_Comm_size(g->comm, &size) != MPI_SUCCESS ||
            MPI_Comm_rank(g->comm, &rank) != MPI_SUCCESS || size != g->np || rank != g->me) {
            fprintf(stderr,
                    "ExactBLAS PBLAS: the BLACS context %d's communicator is not laid out as "
                    "BLACS 2.2 lays it out (size %d, rank %d; grid %d x %d at %d, %d)\n",
                    ctxt, size, rank, g->nprow, g->npcol, g->myrow, g->mycol);
            return -2;
        }
        checked = g->comm;
    }
    return 0;
}

int pb_enter(pb_grid *g, const int wdesc[], const char *name, int dpos)
{
    pb_count_call();
    int err = pb_grid_init(g, wdesc[PB_CTXT]);
    if (err)
        pb_report(wdesc[PB_CTXT], name, dpos * 100 + PB_CTXT + 1);
    return err;
}

void pb_report(int ctxt, const char *name, int info)
{
    if (info == 0) { /* not an argument: no memory, or MPI failed */
        fprintf(stderr, "ExactBLAS PBLAS: %s failed (no memory, or an MPI error)\n", name);
        return;
    }
    int pos = info < 0 ? -info : info;
    pxerbla_(&ctxt, name, &pos, strlen(name));
}

int pb_gemm_variant(void)
{
    const char *v = getenv("EXACTBLAS_PBLAS_GEMM");
    if (!v || !*v || !strcmp(v, "auto"))
        return 0;
    if (!strcmp(v, "ab"))
        return 1;
    if (!strcmp(v, "a"))
        return 2;
    if (!strcmp(v, "b"))
        return 3;
    static int warned;
    if (!warned++)
        fprintf(stderr, "ExactBLAS: EXACTBLAS_PBLAS_GEMM=%s is not auto, ab, a or b: auto\n", v);
    return 0;
}

/* Counters of this process's calls and bytes sent, for the tests and the
 * probe: evidence that ScaLAPACK's calls reached this library. */
static long pb_calls, pb_bytes;

void pb_count_call(void)
{
    pb_calls++;
}

void pb_count_bytes(long sent)
{
    pb_bytes += sent;
}

PB_API long exactblas_pblas_calls(void)
{
    return pb_calls;
}

PB_API long exactblas_pblas_bytes_sent(void)
{
    return pb_bytes;
}

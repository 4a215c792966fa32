/*
 * test_pblas_lib.c -- grids, dealt-out global matrices and element checks for
 * the exact PBLAS's tests (test_pblas_lib.h).
 */
#include "test_pblas_lib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int pt_grids[PT_NGRIDS][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 3}, {3, 1}, {2, 3}};

void pt_grid_make(pt_grid *g, int nprow, int npcol)
{
    int ctxt;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "Row", nprow, npcol);
    g->ctxt = ctxt;
    Cblacs_gridinfo(ctxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
    g->in = g->nprow > 0 && g->myrow >= 0 && g->myrow < g->nprow && g->mycol >= 0 &&
            g->mycol < g->npcol;
    if (!g->in) {
        g->nprow = nprow;
        g->npcol = npcol;
    }
}

void pt_grid_free(pt_grid *g)
{
    if (g->in)
        Cblacs_gridexit(g->ctxt);
}

void pt_mat_make(pt_mat *a, const pt_grid *g, int m, int n, int mb, int nb, int rsrc, int csrc,
                 int pad)
{
    memset(a, 0, sizeof *a);
    a->m = m;
    a->n = n;
    a->mb = mb;
    a->nb = nb;
    a->rsrc = rsrc;
    a->csrc = csrc;
    size_t len = (size_t)(m > 0 ? m : 1) * (size_t)(n > 0 ? n : 1);
    a->g = malloc(len * sizeof *a->g);
    for (size_t k = 0; k < len; k++)
        a->g[k] = NAN;
    if (g->in) {
        a->mloc = numroc_(&m, &mb, &g->myrow, &rsrc, &g->nprow);
        a->nloc = numroc_(&n, &nb, &g->mycol, &csrc, &g->npcol);
    }
    a->lld = (a->mloc > 1 ? a->mloc : 1) + pad;
    size_t llen = (size_t)a->lld * (size_t)(a->nloc > 0 ? a->nloc : 1);
    a->loc = malloc(llen * sizeof *a->loc);
    for (size_t k = 0; k < llen; k++)
        a->loc[k] = NAN;
    int d[9] = {1, g->ctxt, m, n, mb, nb, rsrc, csrc, a->lld};
    memcpy(a->desc, d, sizeof d);
}

void pt_mat_free(pt_mat *a)
{
    free(a->g);
    free(a->loc);
}

int pt_grow(const pt_mat *a, const pt_grid *g, int li)
{
    int l = li + 1;
    return indxl2g_(&l, &a->mb, &g->myrow, &a->rsrc, &g->nprow) - 1;
}

int pt_gcol(const pt_mat *a, const pt_grid *g, int lj)
{
    int l = lj + 1;
    return indxl2g_(&l, &a->nb, &g->mycol, &a->csrc, &g->npcol) - 1;
}

void pt_mat_deal(pt_mat *a, const pt_grid *g)
{
    if (!g->in)
        return;
    for (int lj = 0; lj < a->nloc; lj++) {
        int gj = pt_gcol(a, g, lj);
        for (int li = 0; li < a->mloc; li++)
            a->loc[li + (size_t)lj * a->lld] = a->g[pt_grow(a, g, li) + (size_t)gj * a->m];
    }
}

int pt_same(double x, double y)
{
    if (isnan(x) && isnan(y))
        return 1;
    return tl_bits(x) == tl_bits(y);
}

void pt_expect(pt_tally *t, const char *what, int i, int j, double expected, double got)
{
    t->checks++;
    if (pt_same(expected, got))
        return;
    if (t->failures++ < 12) {
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        printf("MISMATCH rank %d %s element (%d, %d): expected %a (0x%016llx), got %a "
               "(0x%016llx)\n",
               rank, what, i + 1, j + 1, expected, (unsigned long long)tl_bits(expected), got,
               (unsigned long long)tl_bits(got));
        fflush(stdout);
    }
}

int pt_verdict(const char *name, pt_tally *t)
{
    long mine[3] = {t->checks, t->failures, t->cases}, all[3];
    MPI_Allreduce(mine, all, 3, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        printf("%s: %s (%ld cases, %ld elements checked, %ld failed)\n", name,
               all[1] ? "FAILED" : "PASSED", all[2], all[0], all[1]);
        fflush(stdout);
    }
    return all[1] != 0;
}

double pt_value(tl_rng *r, int cls)
{
    static const tl_class classes[PT_NCLASSES] = {TL_NARROW,      TL_WIDE,      TL_HALVES8,
                                                  TL_INTS3,       TL_NEG_ZEROS, TL_ZEROS,
                                                  TL_FEW_SPECIAL, TL_HALFTINY,  TL_SF_HUGE};
    double v = tl_class_value(r, classes[cls % PT_NCLASSES], 0);
    if (classes[cls % PT_NCLASSES] == TL_NARROW || classes[cls % PT_NCLASSES] == TL_HALFTINY)
        v *= tl_rng_sign(r);
    return v;
}

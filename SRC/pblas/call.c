/*
 * call.c -- before any data moves, the processes of a call's scope agree on
 * it: each sends every other one its own check's result and the arguments
 * all must pass alike (the transposes, sizes, offsets, scalars bit for bit,
 * the descriptors' global entries).  An illegal argument on any of them, or
 * a shared argument that differs, makes every one of them report through
 * PXERBLA and return with its outputs untouched: an error on every process
 * of the scope, never a hang and never ScaLAPACK's abort.
 *
 * The scope is computed by each process from its own arguments (the
 * processes that hold data of the operands, or a vector's process row or
 * column for the Level 1 routines that return a scalar: PBLAS's scope).
 * Processes whose arguments disagree about the scope itself (a size that
 * decides which processes hold data) can still wait for each other: see
 * doc/PBLAS.md, "Errors".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pblas.h"

#define TAG_CALL 27181 /* BLACS uses 9976 on this communicator */
#define HEADER_WORDS (4 + PB_MAX_SHARED)

void pb_call_init(pb_call *c, const pb_grid *g, const char *name)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    c->scope = calloc((size_t)(g->np > 0 ? g->np : 1), 1);
}

void pb_call_free(pb_call *c)
{
    free(c->scope);
    c->scope = NULL;
}

static void share(pb_call *c, int pos, int64_t v)
{
    if (c->nshared < PB_MAX_SHARED) {
        c->shared[c->nshared] = v;
        c->pos[c->nshared++] = pos;
    }
}

void pb_share_long(pb_call *c, int pos, long v)
{
    share(c, pos, v);
}

void pb_share_double(pb_call *c, int pos, double v)
{
    int64_t bits;
    if (isnan(v))
        v = NAN;
    memcpy(&bits, &v, sizeof bits);
    share(c, pos, bits);
}

void pb_share_scalar(pb_call *c, int pos, const pb_type *t, const double v[2])
{
    pb_share_double(c, pos, v[0]);
    if (t->cplx)
        pb_share_double(c, pos, v[1]);
}

void pb_share_char(pb_call *c, int pos, char v)
{
    share(c, pos, (v >= 'a' && v <= 'z') ? v - 'a' + 'A' : v);
}

void pb_share_desc(pb_call *c, int dpos, const int wdesc[PB_DLEN])
{
    static const int global[] = {PB_DTYPE, PB_M,  PB_N,    PB_IMB, PB_INB,
                                 PB_MB,    PB_NB, PB_RSRC, PB_CSRC};
    for (size_t k = 0; k < sizeof global / sizeof *global; k++)
        share(c, dpos * 100 + global[k] + 1, wdesc[global[k]]);
}

void pb_scope_mat(pb_call *c, const pb_grid *g, const pb_mat *x)
{
    if (x->m == 0 || x->n == 0)
        return;
    for (int pr = 0; pr < g->nprow; pr++) {
        if (pb_dim_count(&x->r, x->i0, x->m, pr) == 0)
            continue;
        for (int pc = 0; pc < g->npcol; pc++)
            if (pb_dim_count(&x->c, x->j0, x->n, pc) > 0)
                c->scope[pb_rank(g, pr, pc)] = 1;
    }
}

void pb_scope_row(pb_call *c, const pb_grid *g, int pr)
{
    for (int r = 0; r < g->nprow; r++)
        if (pr < 0 || r == pr)
            for (int pc = 0; pc < g->npcol; pc++)
                c->scope[pb_rank(g, r, pc)] = 1;
}

void pb_scope_col(pb_call *c, const pb_grid *g, int pc)
{
    for (int q = 0; q < g->npcol; q++)
        if (pc < 0 || q == pc)
            for (int pr = 0; pr < g->nprow; pr++)
                c->scope[pb_rank(g, pr, q)] = 1;
}

/* Argument order: a scalar at position p before every entry of the
 * descriptor at p (p*100 + entry). */
static long order_key(int pos)
{
    return pos < 100 ? (long)pos * 100 : pos;
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int pb_agree(const pb_grid *g, pb_call *c)
{
    int own = c->info < 0 ? -c->info : 0;
    if (!c->scope[g->me]) {
        if (own)
            pb_report(g->ctxt, c->name, own);
        return own;
    }
    int64_t mine[HEADER_WORDS];
    mine[0] = 0x45584250; /* "EXBP" */
    mine[1] = name_hash(c->name);
    mine[2] = own;
    mine[3] = c->nshared;
    memcpy(mine + 4, c->shared, (size_t)c->nshared * sizeof *mine);
    int nwords = 4 + c->nshared;

    int peers = 0;
    for (int q = 0; q < g->np; q++)
        peers += c->scope[q] && q != g->me;
    int64_t *theirs = malloc((size_t)(peers > 0 ? peers : 1) * HEADER_WORDS * sizeof *theirs);
    MPI_Request *req = malloc((size_t)(2 * peers > 0 ? 2 * peers : 1) * sizeof *req);
    int *got = calloc((size_t)(peers > 0 ? peers : 1), sizeof *got);
    if (!theirs || !req || !got) {
        free(theirs);
        free(req);
        free(got);
        return own; /* cannot happen on any sane machine; the data phase reports */
    }
    int k = 0, nreq = 0;
    for (int q = 0; q < g->np; q++) {
        if (!c->scope[q] || q == g->me)
            continue;
        MPI_Irecv(theirs + (size_t)k * HEADER_WORDS, HEADER_WORDS * 8, MPI_BYTE, q, TAG_CALL,
                  g->comm, &req[nreq++]);
        MPI_Isend(mine, nwords * 8, MPI_BYTE, q, TAG_CALL, g->comm, &req[nreq++]);
        k++;
    }
    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);

    long best = own ? order_key(own) : -1;
    if (!own) {
        for (int p = 0; p < peers; p++) {
            const int64_t *h = theirs + (size_t)p * HEADER_WORDS;
            long key = -1;
            if (h[0] != mine[0] || h[1] != mine[1] || h[3] != mine[3]) {
                key = order_key(1); /* another routine, or another argument list */
            } else {
                if (h[2])
                    key = order_key((int)h[2]);
                for (int s = 0; s < c->nshared; s++)
                    if (h[4 + s] != c->shared[s] && (key < 0 || order_key(c->pos[s]) < key))
                        key = order_key(c->pos[s]);
            }
            if (key >= 0 && (best < 0 || key < best))
                best = key;
        }
    }
    free(theirs);
    free(req);
    free(got);
    if (best < 0)
        return 0;
    int pos = best % 100 == 0 ? (int)(best / 100) : (int)best;
    pb_report(g->ctxt, c->name, pos);
    return pos;
}

int pb_descs_ok(const int *d1, const int *d2, const int *d3)
{
    const int *d[3] = {d1, d2, d3};
    for (int k = 0; k < 3; k++)
        if (d[k] && d[k][PB_DTYPE] != 2)
            return 0;
    return 1;
}

/*
 * move.c -- moving elements of a distributed sub-matrix between processes.
 *
 * pb_gather: every process q names the rows and the columns of sub(X) it
 * wants (the same lists are known on every process, so both ends of each
 * message know its contents without asking); each element comes from the
 * process that holds it and lands at its place in q's dense buffer.
 * pb_scatter is the reverse: results computed away from their owners go
 * home.  One message for each pair of processes that share elements, all
 * posted at once (nonblocking), so no order of the calls can deadlock.
 * Elements are copied bit for bit: NaN payloads, signed zeros.
 */
#include <stdlib.h>
#include <string.h>

#include "pblas.h"

#define TAG_MOVE 27182

static void copy_elem(char *dst, const char *src, int es)
{
    if (es == 8)
        memcpy(dst, src, 8);
    else
        memcpy(dst, src, (size_t)es);
}

/* The process row (column) that sends index ix of sub(X)'s rows to a
 * process in row qr: its holder, or qr's own row when rows are replicated. */
static int source_coord(const pb_dim *d, long g0, long ix, int q)
{
    return d->src < 0 ? q : pb_dim_owner(d, g0 + ix);
}

/* Positions (into list) of the indices a sender at coordinate s provides to
 * a receiver at coordinate q. */
static long select_from(const pb_dim *d, long g0, const pb_list *list, int s, int q, long *pos)
{
    long n = 0;
    for (long a = 0; a < list->n; a++)
        if (source_coord(d, g0, list->ix[a], q) == s)
            pos[n++] = a;
    return n;
}

typedef struct plan {
    long *rpos, *cpos; /* positions in the receiver's lists */
    long nr, nc;
} plan;

static void plan_free(plan *p)
{
    free(p->rpos);
    free(p->cpos);
}

/* What process s sends to process q (positions in q's lists). */
static int plan_make(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
                     int s, int q, plan *p)
{
    int sr = s / g->npcol, sc = s % g->npcol, qr = q / g->npcol, qc = q % g->npcol;
    p->nr = p->nc = 0;
    p->rpos = malloc((size_t)(rows[q].n > 0 ? rows[q].n : 1) * sizeof *p->rpos);
    p->cpos = malloc((size_t)(cols[q].n > 0 ? cols[q].n : 1) * sizeof *p->cpos);
    if (!p->rpos || !p->cpos)
        return -1;
    p->nr = select_from(&x->r, x->i0, &rows[q], sr, qr, p->rpos);
    if (p->nr)
        p->nc = select_from(&x->c, x->j0, &cols[q], sc, qc, p->cpos);
    return 0;
}

/* Pack sub(X)(rows[q][rpos], cols[q][cpos]) from my local array, columns
 * outer. */
static void pack(const pb_grid *g, const pb_mat *x, const pb_list *rl, const pb_list *cl,
                 const plan *p, char *out)
{
    int es = x->es;
    long *lrow = malloc((size_t)(p->nr > 0 ? p->nr : 1) * sizeof *lrow);
    if (!lrow)
        return;
    for (long a = 0; a < p->nr; a++)
        lrow[a] = pb_dim_before(&x->r, x->i0 + rl->ix[p->rpos[a]], g->myrow);
    for (long b = 0; b < p->nc; b++) {
        long lc = pb_dim_before(&x->c, x->j0 + cl->ix[p->cpos[b]], g->mycol);
        const char *col = x->a + (size_t)lc * (size_t)x->lld * (size_t)es;
        for (long a = 0; a < p->nr; a++, out += es)
            copy_elem(out, col + (size_t)lrow[a] * (size_t)es, es);
    }
    free(lrow);
}

static void unpack(const plan *p, const char *in, char *buf, long ld, int es)
{
    for (long b = 0; b < p->nc; b++) {
        char *col = buf + (size_t)p->cpos[b] * (size_t)ld * (size_t)es;
        for (long a = 0; a < p->nr; a++, in += es)
            copy_elem(col + (size_t)p->rpos[a] * (size_t)es, in, es);
    }
}

int pb_gather(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
              void *buf, long ld)
{
    int np = g->np, me = g->me, es = x->es, err = MPI_SUCCESS;
    MPI_Request *req = malloc((size_t)(2 * np) * sizeof *req);
    char **sbuf = calloc((size_t)np, sizeof *sbuf), **rbuf = calloc((size_t)np, sizeof *rbuf);
    plan *in = calloc((size_t)np, sizeof *in);
    int nreq = 0;
    if (!req || !sbuf || !rbuf || !in) {
        err = MPI_ERR_NO_MEM;
        goto done;
    }
    /* receives first, so that every send finds its match early */
    for (int s = 0; s < np && err == MPI_SUCCESS; s++) {
        if (rows[me].n == 0 || cols[me].n == 0)
            break;
        if (plan_make(g, x, rows, cols, s, me, &in[s])) {
            err = MPI_ERR_NO_MEM;
            break;
        }
        long count = in[s].nr * in[s].nc;
        if (count == 0 || s == me)
            continue;
        rbuf[s] = malloc((size_t)count * (size_t)es);
        if (!rbuf[s]) {
            err = MPI_ERR_NO_MEM;
            break;
        }
        err = MPI_Irecv(rbuf[s], (int)(count * es), MPI_BYTE, s, TAG_MOVE, g->comm, &req[nreq++]);
    }
    for (int q = 0; q < np && err == MPI_SUCCESS; q++) {
        if (rows[q].n == 0 || cols[q].n == 0)
            continue;
        plan out;
        if (plan_make(g, x, rows, cols, me, q, &out)) {
            plan_free(&out);
            err = MPI_ERR_NO_MEM;
            break;
        }
        long count = out.nr * out.nc;
        if (count > 0) {
            sbuf[q] = malloc((size_t)count * (size_t)es);
            if (!sbuf[q]) {
                plan_free(&out);
                err = MPI_ERR_NO_MEM;
                break;
            }
            pack(g, x, &rows[q], &cols[q], &out, sbuf[q]);
            if (q == me) {
                unpack(&out, sbuf[q], buf, ld, es);
            } else {
                err = MPI_Isend(sbuf[q], (int)(count * es), MPI_BYTE, q, TAG_MOVE, g->comm,
                                &req[nreq++]);
                pb_count_bytes(count * es);
            }
        }
        plan_free(&out);
    }
    if (nreq)
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    if (err == MPI_SUCCESS)
        for (int s = 0; s < np; s++)
            if (rbuf[s])
                unpack(&in[s], rbuf[s], buf, ld, es);
done:
    for (int p = 0; p < np && in; p++)
        plan_free(&in[p]);
    for (int p = 0; p < np && sbuf && rbuf; p++) {
        free(sbuf[p]);
        free(rbuf[p]);
    }
    free(in);
    free(sbuf);
    free(rbuf);
    free(req);
    return err;
}

/* The holders of the elements q computed that process h must store:
 * positions in q's lists. */
static int plan_home(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
                     int q, int h, plan *p)
{
    int hr = h / g->npcol, hc = h % g->npcol;
    p->nr = p->nc = 0;
    p->rpos = malloc((size_t)(rows[q].n > 0 ? rows[q].n : 1) * sizeof *p->rpos);
    p->cpos = malloc((size_t)(cols[q].n > 0 ? cols[q].n : 1) * sizeof *p->cpos);
    if (!p->rpos || !p->cpos)
        return -1;
    for (long a = 0; a < rows[q].n; a++) {
        int o = pb_dim_owner(&x->r, x->i0 + rows[q].ix[a]);
        if (o < 0 || o == hr)
            p->rpos[p->nr++] = a;
    }
    if (p->nr)
        for (long b = 0; b < cols[q].n; b++) {
            int o = pb_dim_owner(&x->c, x->j0 + cols[q].ix[b]);
            if (o < 0 || o == hc)
                p->cpos[p->nc++] = b;
        }
    return 0;
}

int pb_scatter(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
               const void *buf, long ld)
{
    int np = g->np, me = g->me, es = x->es, err = MPI_SUCCESS;
    MPI_Request *req = malloc((size_t)(2 * np) * sizeof *req);
    char **sbuf = calloc((size_t)np, sizeof *sbuf), **rbuf = calloc((size_t)np, sizeof *rbuf);
    plan *in = calloc((size_t)np, sizeof *in);
    int nreq = 0;
    if (!req || !sbuf || !rbuf || !in) {
        err = MPI_ERR_NO_MEM;
        goto done;
    }
    for (int q = 0; q < np && err == MPI_SUCCESS; q++) {
        if (rows[q].n == 0 || cols[q].n == 0)
            continue;
        if (plan_home(g, x, rows, cols, q, me, &in[q])) {
            err = MPI_ERR_NO_MEM;
            break;
        }
        long count = in[q].nr * in[q].nc;
        if (count == 0 || q == me)
            continue;
        rbuf[q] = malloc((size_t)count * (size_t)es);
        if (!rbuf[q]) {
            err = MPI_ERR_NO_MEM;
            break;
        }
        err = MPI_Irecv(rbuf[q], (int)(count * es), MPI_BYTE, q, TAG_MOVE, g->comm, &req[nreq++]);
    }
    for (int h = 0; h < np && err == MPI_SUCCESS && rows[me].n && cols[me].n; h++) {
        plan out;
        if (plan_home(g, x, rows, cols, me, h, &out)) {
            plan_free(&out);
            err = MPI_ERR_NO_MEM;
            break;
        }
        long count = out.nr * out.nc;
        if (count > 0 && h != me) {
            sbuf[h] = malloc((size_t)count * (size_t)es);
            if (!sbuf[h]) {
                plan_free(&out);
                err = MPI_ERR_NO_MEM;
                break;
            }
            char *o = sbuf[h];
            for (long b = 0; b < out.nc; b++)
                for (long a = 0; a < out.nr; a++, o += es)
                    copy_elem(o,
                              (const char *)buf +
                                  (size_t)(out.rpos[a] + out.cpos[b] * ld) * (size_t)es,
                              es);
            err =
                MPI_Isend(sbuf[h], (int)(count * es), MPI_BYTE, h, TAG_MOVE, g->comm, &req[nreq++]);
            pb_count_bytes(count * es);
        }
        plan_free(&out);
    }
    if (nreq)
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    if (err == MPI_SUCCESS)
        for (int q = 0; q < np; q++) {
            const plan *p = &in[q];
            long count = p->nr * p->nc;
            if (count == 0)
                continue;
            const char *src = q == me ? NULL : rbuf[q];
            for (long b = 0; b < p->nc; b++)
                for (long a = 0; a < p->nr; a++) {
                    const char *v;
                    if (src) {
                        v = src;
                        src += es;
                    } else {
                        v = (const char *)buf + (size_t)(p->rpos[a] + p->cpos[b] * ld) * (size_t)es;
                    }
                    copy_elem(pb_mat_at(x, rows[q].ix[p->rpos[a]], cols[q].ix[p->cpos[b]], g->myrow,
                                        g->mycol),
                              v, es);
                }
        }
done:
    for (int p = 0; p < np && in; p++)
        plan_free(&in[p]);
    for (int p = 0; p < np && sbuf && rbuf; p++) {
        free(sbuf[p]);
        free(rbuf[p]);
    }
    free(in);
    free(sbuf);
    free(rbuf);
    free(req);
    return err;
}

/*
 * reduce.c -- exact partial sums crossing processes.
 *
 * Where PBLAS adds rounded partial results from several processes (a
 * combine over a process row or column), this layer sends each partial as
 * the exact accumulator it is: the window of its digits after carry
 * propagation (core/superacc.h: digits of 32 bits with weights
 * 2^(EXB_ACC_LSB + 32k), the top one signed), with its NaN, infinity and
 * zero-sign flags.  The receiver adds those digits to its own accumulator;
 * integer sums are the same in any order, so the total, and its one
 * rounding, do not depend on which process held which terms.
 *
 * Wire form of one accumulator: flags (1 byte), the number of digits d
 * (1 byte), the lowest digit's index (2 bytes), then d - 1 digits of 4
 * bytes and the top digit of 8.  A partial of a few nearby products takes
 * 3 to 5 digits: 20 to 28 bytes, where PBLAS sends 8.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gemv.h"
#include "core/f32.h"
#include "pblas.h"
#include "support/knobs.h"

#define TAG_REDUCE 27183

exb_superacc *pb_accs_new(long n)
{
    exb_superacc *a = calloc((size_t)(n > 0 ? n : 1), sizeof *a);
    if (a)
        for (long i = 0; i < n; i++) {
            a[i].lo = EXB_ACC_DIGITS; /* exb_superacc_clear's empty window */
            a[i].hi = -1;
        }
    return a;
}

void pb_accs_reset(exb_superacc *acc, long n)
{
    for (long i = 0; i < n; i++)
        exb_superacc_reset(&acc[i]);
}

void pb_acc_gemv(int trans, long m, long n, const double *a, long lda, const double *x,
                 exb_superacc *acc, long accstride)
{
    long leny = trans ? n : m, lenx = trans ? m : n;
    if (leny <= 0 || lenx <= 0)
        return;
    exb_superacc **out = malloc((size_t)leny * sizeof *out);
    if (!out) { /* the same exact sums, one product at a time */
        for (long i = 0; i < leny; i++)
            for (long j = 0; j < lenx; j++)
                exb_superacc_add_product(&acc[i * accstride],
                                         trans ? a[j + i * lda] : a[i + j * lda], x[j]);
        return;
    }
    for (long i = 0; i < leny; i++)
        out[i] = &acc[i * accstride];
    exb_knobs knobs;
    exb_knobs_read_rows(&knobs);
    exb_gemv_args ga = {trans, m, n, 1.0, a, lda, x, 1, 0.0, NULL, 1, out};
    exb_host_gemv(&ga, &knobs);
    free(out);
}

/* The zero-sign state of the partials (exactblas_acc.h: some term added,
 * some term not -0) turned into the core's mark before a rounding: an
 * exact zero all of whose terms were -0 is -0. */
static const exb_superacc *signed_zero(const exb_superacc *acc, exb_superacc *copy)
{
    int f = acc->flags;
    if (!(f & EXB_FLAG_TERMS) || (f & EXB_FLAG_NOT_NEGZERO))
        return acc;
    *copy = *acc;
    exb_superacc_set_negative_zero(copy);
    return copy;
}

double pb_round_affine(const exb_superacc *acc, double alpha, double beta, double y)
{
    exb_superacc copy;
    return exb_superacc_round_affine(signed_zero(acc, &copy), alpha, beta, y);
}

double pb_round(const exb_superacc *acc)
{
    exb_superacc copy;
    return exb_superacc_round(signed_zero(acc, &copy));
}

double pb_round_prec(const exb_superacc *acc, int f32, int root)
{
    exb_superacc copy;
    const exb_superacc *a = signed_zero(acc, &copy);
    double d = root ? exb_superacc_round_sqrt(a) : exb_superacc_round(a);
    if (!f32)
        return d;
    return exb_f32_round(d, root ? exb_superacc_sqrt_sign_above : exb_superacc_sign_above,
                         (void *)a);
}

/* RN of a1 v1 + a2 v2 + b1 y1 + b2 y2 (v2 NULL: a1 v1 + b1 y1), to binary32
 * when f32 without double rounding. */
static double round4(int f32, const exb_superacc *v1, double a1, const exb_superacc *v2, double a2,
                     double b1, double y1, double b2, double y2)
{
    double d = v2 ? exb_superacc_round_affine2(v1, a1, v2, a2, b1, y1, b2, y2)
                  : exb_superacc_round_affine(v1, a1, b1, y1);
    float below, above;
    if (!f32 || !exb_f32_midpoint(d, &below, &above))
        return f32 ? (float)d : d;
    int s = v2 ? exb_superacc_affine2_sign(v1, a1, v2, a2, b1, y1, b2, y2, d)
               : exb_superacc_affine_sign(v1, a1, b1, y1, d);
    return s > 0 ? above : s < 0 ? below : (float)d;
}

double pb_round_out(const pb_type *t, const exb_superacc *re, const exb_superacc *im, int q,
                    const double al[2], const double be[2], const double y[2])
{
    exb_superacc c1, c2;
    const exb_superacc *v1 = signed_zero(re, &c1), *v2 = im ? signed_zero(im, &c2) : NULL;
    int beta0 = be[0] == 0.0 && be[1] == 0.0;
    double b0 = beta0 ? 0.0 : be[0], b1 = beta0 ? 0.0 : be[1];
    double y0 = beta0 ? 0.0 : y[0], y1 = beta0 ? 0.0 : y[1];
    if (!t->cplx)
        return round4(t->f32, v1, al[0], NULL, 0.0, b0, y0, 0.0, 0.0);
    if (q == 0)
        return round4(t->f32, v1, al[0], v2, -al[1], b0, y0, -b1, y1);
    return round4(t->f32, v2, al[0], v1, al[1], b0, y1, b1, y0);
}

void pb_scale_elem(const pb_type *t, void *x, const double be[2])
{
    double v[2], r[2] = {0.0, 0.0};
    pb_scalar(t, x, v);
    if (be[0] != 0.0 || be[1] != 0.0) {
        if (!t->cplx) {
            r[0] = t->f32 ? (double)(float)(be[0] * v[0]) : be[0] * v[0];
        } else {
            exb_superacc zero;
            exb_superacc_clear(&zero);
            double none[2] = {0.0, 0.0};
            r[0] = pb_round_out(t, &zero, &zero, 0, none, be, v);
            r[1] = pb_round_out(t, &zero, &zero, 1, none, be, v);
        }
    }
    pb_elem_set(t, x, r[0], r[1]);
}

double pb_abs_elem(const pb_type *t, const void *e)
{
    double p[2];
    pb_scalar(t, e, p);
    if (!t->cplx || p[1] == 0.0)
        return fabs(p[0]);
    if (p[0] == 0.0)
        return fabs(p[1]);
    if (isinf(p[0]) || isinf(p[1]))
        return INFINITY;
    if (isnan(p[0]) || isnan(p[1]))
        return NAN;
    exb_superacc acc;
    exb_superacc_clear(&acc);
    exb_superacc_add_product(&acc, p[0], p[0]);
    exb_superacc_add_product(&acc, p[1], p[1]);
    return pb_round_prec(&acc, t->f32, 1);
}

double pb_round_sqrt(const exb_superacc *acc)
{
    exb_superacc copy;
    return exb_superacc_round_sqrt(signed_zero(acc, &copy));
}

double pb_round_quotient(const exb_superacc *acc, double d)
{
    exb_superacc copy;
    return exb_superacc_round_quotient(signed_zero(acc, &copy), d);
}

/* ---- the wire form ------------------------------------------------------ */

#define ENC_MAX (4 + 4 * EXB_ACC_DIGITS + 8)

/* Appends acc (normalised here) to out; returns the bytes written. */
static size_t encode(exb_superacc *acc, unsigned char *out)
{
    exb_superacc_normalize(acc);
    int lo = acc->lo, hi = acc->hi;
    while (lo <= hi && acc->digit[lo] == 0)
        lo++;
    while (hi >= lo && acc->digit[hi] == 0)
        hi--;
    int64_t top = lo <= hi ? acc->digit[hi] : 0;
    while (hi > lo && top == -1) { /* -2^32k + d = (d - 2^32) one digit down */
        hi--;
        top = acc->digit[hi] - ((int64_t)1 << 32);
    }
    int nd = lo <= hi ? hi - lo + 1 : 0;
    out[0] = (unsigned char)acc->flags;
    out[1] = (unsigned char)nd;
    int16_t lo16 = (int16_t)(nd ? lo : 0);
    memcpy(out + 2, &lo16, 2);
    size_t len = 4;
    for (int k = lo; k < hi; k++, len += 4) {
        uint32_t d = (uint32_t)acc->digit[k];
        memcpy(out + len, &d, 4);
    }
    if (nd) {
        memcpy(out + len, &top, 8);
        len += 8;
    }
    return len;
}

/* acc += the accumulator at in; returns the bytes read. */
static size_t decode_add(const unsigned char *in, exb_superacc *acc)
{
    int flags = in[0], nd = in[1];
    int16_t lo16;
    memcpy(&lo16, in + 2, 2);
    size_t len = 4;
    if (nd == 0) {
        acc->flags |= flags;
        return len;
    }
    int64_t digits[EXB_ACC_DIGITS];
    int lo = lo16, hi = lo16 + nd - 1;
    for (int k = lo; k < hi; k++, len += 4) {
        uint32_t d;
        memcpy(&d, in + len, 4);
        digits[k] = d;
    }
    memcpy(&digits[hi], in + len, 8);
    len += 8;
    exb_superacc_add_raw(acc, digits, lo, hi, flags);
    return len;
}

/* Positions of the common indices of two increasing lists. */
static long intersect(const pb_list *a, const pb_list *b, long *pa, long *pb)
{
    long n = 0, i = 0, j = 0;
    while (i < a->n && j < b->n) {
        if (a->ix[i] < b->ix[j])
            i++;
        else if (a->ix[i] > b->ix[j])
            j++;
        else {
            pa[n] = i++;
            pb[n++] = j++;
        }
    }
    return n;
}

typedef struct pairs {
    long *hr, *wr, *hc, *wc; /* positions in the have and want lists */
    long nr, nc;
} pairs;

static int pairs_make(const pb_list *hr, const pb_list *hc, const pb_list *wr, const pb_list *wc,
                      pairs *p)
{
    long r = hr->n < wr->n ? hr->n : wr->n, c = hc->n < wc->n ? hc->n : wc->n;
    p->hr = malloc((size_t)(r > 0 ? r : 1) * sizeof(long));
    p->wr = malloc((size_t)(r > 0 ? r : 1) * sizeof(long));
    p->hc = malloc((size_t)(c > 0 ? c : 1) * sizeof(long));
    p->wc = malloc((size_t)(c > 0 ? c : 1) * sizeof(long));
    p->nr = p->nc = 0;
    if (!p->hr || !p->wr || !p->hc || !p->wc)
        return -1;
    p->nr = intersect(hr, wr, p->hr, p->wr);
    if (p->nr)
        p->nc = intersect(hc, wc, p->hc, p->wc);
    return 0;
}

static void pairs_free(pairs *p)
{
    free(p->hr);
    free(p->wr);
    free(p->hc);
    free(p->wc);
}

int pb_reduce(const pb_grid *g, const pb_list *hr, const pb_list *hc, exb_superacc *have,
              const pb_list *wr, const pb_list *wc, exb_superacc *want)
{
    int np = g->np, me = g->me, err = MPI_SUCCESS, nreq = 0;
    MPI_Request *req = malloc((size_t)np * sizeof *req);
    unsigned char **sbuf = calloc((size_t)np, sizeof *sbuf);
    if (!req || !sbuf) {
        free(req);
        free(sbuf);
        return MPI_ERR_NO_MEM;
    }
    long hld = hr[me].n, wld = wr[me].n;
    /* sends (and my own partials, merged at once) */
    for (int q = 0; q < np && err == MPI_SUCCESS; q++) {
        if (!hr[me].n || !hc[me].n || !wr[q].n || !wc[q].n)
            continue;
        pairs p;
        if (pairs_make(&hr[me], &hc[me], &wr[q], &wc[q], &p)) {
            pairs_free(&p);
            err = MPI_ERR_NO_MEM;
            break;
        }
        if (p.nr && p.nc) {
            if (q == me) {
                for (long b = 0; b < p.nc; b++)
                    for (long a = 0; a < p.nr; a++)
                        exb_superacc_merge(&want[p.wr[a] + p.wc[b] * wld],
                                           &have[p.hr[a] + p.hc[b] * hld]);
            } else {
                sbuf[q] = malloc((size_t)(p.nr * p.nc) * ENC_MAX);
                if (!sbuf[q]) {
                    pairs_free(&p);
                    err = MPI_ERR_NO_MEM;
                    break;
                }
                size_t len = 0;
                for (long b = 0; b < p.nc; b++)
                    for (long a = 0; a < p.nr; a++)
                        len += encode(&have[p.hr[a] + p.hc[b] * hld], sbuf[q] + len);
                err = MPI_Isend(sbuf[q], (int)len, MPI_BYTE, q, TAG_REDUCE, g->comm, &req[nreq++]);
                pb_count_bytes((long)len);
            }
        }
        pairs_free(&p);
    }
    /* receives, in rank order, each decoded in the order it was encoded */
    for (int s = 0; s < np && err == MPI_SUCCESS; s++) {
        if (s == me || !hr[s].n || !hc[s].n || !wr[me].n || !wc[me].n)
            continue;
        pairs p;
        if (pairs_make(&hr[s], &hc[s], &wr[me], &wc[me], &p)) {
            pairs_free(&p);
            err = MPI_ERR_NO_MEM;
            break;
        }
        if (p.nr && p.nc) {
            MPI_Status st;
            int len = 0;
            err = MPI_Probe(s, TAG_REDUCE, g->comm, &st);
            if (err == MPI_SUCCESS)
                err = MPI_Get_count(&st, MPI_BYTE, &len);
            unsigned char *in = malloc((size_t)(len > 0 ? len : 1));
            if (!in)
                err = MPI_ERR_NO_MEM;
            if (err == MPI_SUCCESS)
                err = MPI_Recv(in, len, MPI_BYTE, s, TAG_REDUCE, g->comm, MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS) {
                size_t at = 0;
                for (long b = 0; b < p.nc; b++)
                    for (long a = 0; a < p.nr; a++)
                        at += decode_add(in + at, &want[p.wr[a] + p.wc[b] * wld]);
            }
            free(in);
        }
        pairs_free(&p);
    }
    if (nreq)
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    for (int q = 0; q < np; q++)
        free(sbuf[q]);
    free(sbuf);
    free(req);
    return err;
}

int pb_acc_gemv_typed(const pb_type *t, int ta, int conj, long ml, long nl, const char *a, long lda,
                      const char *xb, long nin, exb_superacc *have, long nout)
{
    if (t->letter == 'D') { /* in place */
        pb_acc_gemv(ta, ml, nl, (const double *)a, lda, (const double *)xb, have, 1);
        return 0;
    }
    size_t len = (size_t)(ml * nl > 0 ? ml * nl : 1);
    double *ar = malloc(2 * len * sizeof *ar), *x = malloc(2 * (size_t)nin * sizeof *x + 8);
    if (!ar || !x) {
        free(ar);
        free(x);
        return MPI_ERR_NO_MEM;
    }
    double *ai = ar + len, *xr = x, *xi = x + nin;
    for (long j = 0; j < nl; j++)
        for (long i = 0; i < ml; i++) {
            double p[2];
            pb_scalar(t, a + (size_t)(i + j * lda) * (size_t)t->es, p);
            ar[i + j * ml] = p[0];
            ai[i + j * ml] = conj ? -p[1] : p[1];
        }
    for (long k = 0; k < nin; k++) {
        double p[2];
        pb_scalar(t, xb + (size_t)k * (size_t)t->es, p);
        xr[k] = p[0];
        xi[k] = p[1];
    }
    pb_acc_gemv(ta, ml, nl, ar, ml, xr, have, 1);
    if (t->cplx) { /* re += Ar xr - Ai xi, im += Ar xi + Ai xr */
        pb_acc_gemv(ta, ml, nl, ar, ml, xi, have + nout, 1);
        pb_acc_gemv(ta, ml, nl, ai, ml, xr, have + nout, 1);
        for (size_t e = 0; e < len; e++)
            ai[e] = -ai[e];
        pb_acc_gemv(ta, ml, nl, ai, ml, xi, have, 1);
    }
    free(ar);
    free(x);
    return 0;
}

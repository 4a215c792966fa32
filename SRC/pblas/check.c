/*
 * check.c -- PBLAS's argument checks (PB_Cchkmat, PB_Cchkvec of ScaLAPACK
 * 2.2's PTOOLS), the same tests in the same order with the same codes, so
 * that PXERBLA reports the position PBLAS reports: -(pos) for a scalar,
 * -(pos*100 + entry) for a descriptor entry, the entry numbered in PBLAS's
 * internal (widened) descriptor plus one.  Offsets are 0-based here.
 */
#include "pblas.h"

#define DESCMULT 100
#define BIGNUM 10000

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* PBLAS's running code: BIGNUM (no error yet) or a positive position code. */
static int open_code(int info)
{
    if (info >= 0)
        return BIGNUM;
    if (info < -DESCMULT)
        return -info;
    return -info * DESCMULT;
}

static int close_code(int code)
{
    if (code == BIGNUM)
        return 0;
    return code % DESCMULT == 0 ? -(code / DESCMULT) : -code;
}

int pb_same_ctxt(const int wdesc[PB_DLEN], int ctxt)
{
    return wdesc[PB_CTXT] == ctxt;
}

/* The descriptor's own entries (type, context, blocks, sources); 1 when
 * the check must stop (PBLAS returns at once for type and context). */
static int check_desc(const pb_grid *g, const int d[PB_DLEN], int dpos, int *code)
{
    if (d[PB_DTYPE] != 2) {
        *code = min_int(*code, dpos + PB_DTYPE);
        return 1;
    }
    if (d[PB_CTXT] != g->ctxt) {
        *code = min_int(*code, dpos + PB_CTXT);
        return 1;
    }
    if (d[PB_IMB] < 1)
        *code = min_int(*code, dpos + PB_IMB);
    if (d[PB_INB] < 1)
        *code = min_int(*code, dpos + PB_INB);
    if (d[PB_MB] < 1)
        *code = min_int(*code, dpos + PB_MB);
    if (d[PB_NB] < 1)
        *code = min_int(*code, dpos + PB_NB);
    if (d[PB_RSRC] < -1 || d[PB_RSRC] >= g->nprow)
        *code = min_int(*code, dpos + PB_RSRC);
    if (d[PB_CSRC] < -1 || d[PB_CSRC] >= g->npcol)
        *code = min_int(*code, dpos + PB_CSRC);
    return 0;
}

/* LLD >= max(1, local rows) where the process holds columns of the matrix. */
static void check_lld(const pb_grid *g, const int d[PB_DLEN], int dpos, int *code)
{
    pb_dim r = {d[PB_M], d[PB_IMB], d[PB_MB], d[PB_RSRC], g->nprow};
    pb_dim c = {d[PB_N], d[PB_INB], d[PB_NB], d[PB_CSRC], g->npcol};
    long np = pb_dim_count(&r, 0, d[PB_M], g->myrow);
    if (d[PB_LLD] < (np > 1 ? np : 1)) {
        long nq = pb_dim_count(&c, 0, d[PB_N], g->mycol);
        if (d[PB_LLD] < 1 || nq > 0)
            *code = min_int(*code, dpos + PB_LLD);
    }
}

void pb_chkmat(const pb_grid *g, long m, int mpos, long n, int npos, long ia, long ja,
               const int wdesc[PB_DLEN], int dpos0, int *info)
{
    int code = open_code(*info);
    int dpos = dpos0 * DESCMULT + 1;
    if (m < 0)
        code = min_int(code, mpos * DESCMULT);
    if (n < 0)
        code = min_int(code, npos * DESCMULT);
    if (ia < 0)
        code = min_int(code, (dpos0 - 2) * DESCMULT);
    if (ja < 0)
        code = min_int(code, (dpos0 - 1) * DESCMULT);
    if (check_desc(g, wdesc, dpos, &code)) {
        *info = close_code(code);
        return;
    }
    if (m == 0 || n == 0) {
        if (wdesc[PB_M] < 0)
            code = min_int(code, dpos + PB_M);
        if (wdesc[PB_N] < 0)
            code = min_int(code, dpos + PB_N);
        if (wdesc[PB_LLD] < 1)
            code = min_int(code, dpos + PB_LLD);
    } else {
        if (wdesc[PB_M] < 1)
            code = min_int(code, dpos + PB_M);
        if (wdesc[PB_N] < 1)
            code = min_int(code, dpos + PB_N);
        if (wdesc[PB_M] >= 1 && wdesc[PB_N] >= 1) {
            if (ia + m > wdesc[PB_M])
                code = min_int(code, (dpos0 - 2) * DESCMULT);
            if (ja + n > wdesc[PB_N])
                code = min_int(code, (dpos0 - 1) * DESCMULT);
        }
        if (code == BIGNUM)
            check_lld(g, wdesc, dpos, &code);
    }
    *info = close_code(code);
}

void pb_chkvec(const pb_grid *g, long n, int npos, long ix, long jx, const int wdesc[PB_DLEN],
               long incx, int dpos0, int *info)
{
    int code = open_code(*info);
    int dpos = dpos0 * DESCMULT + 1;
    if (n < 0)
        code = min_int(code, npos * DESCMULT);
    if (ix < 0)
        code = min_int(code, (dpos0 - 2) * DESCMULT);
    if (jx < 0)
        code = min_int(code, (dpos0 - 1) * DESCMULT);
    if (check_desc(g, wdesc, dpos, &code)) {
        *info = close_code(code);
        return;
    }
    if (incx != 1 && incx != wdesc[PB_M])
        code = min_int(code, (dpos0 + 1) * DESCMULT);
    if (n == 0) {
        if (wdesc[PB_M] < 0)
            code = min_int(code, dpos + PB_M);
        if (wdesc[PB_N] < 0)
            code = min_int(code, dpos + PB_N);
        if (wdesc[PB_LLD] < 1)
            code = min_int(code, dpos + PB_LLD);
    } else {
        if (wdesc[PB_M] < 1)
            code = min_int(code, dpos + PB_M);
        if (wdesc[PB_N] < 1)
            code = min_int(code, dpos + PB_N);
        if (wdesc[PB_M] >= 1 && wdesc[PB_N] >= 1) {
            if (incx == wdesc[PB_M]) { /* a row of a process row */
                if (ix >= wdesc[PB_M])
                    code = min_int(code, (dpos0 - 2) * DESCMULT);
                if (jx + n > wdesc[PB_N])
                    code = min_int(code, (dpos0 - 1) * DESCMULT);
            } else {
                if (jx >= wdesc[PB_N])
                    code = min_int(code, (dpos0 - 1) * DESCMULT);
                if (ix + n > wdesc[PB_M])
                    code = min_int(code, (dpos0 - 2) * DESCMULT);
            }
        }
        if (code == BIGNUM)
            check_lld(g, wdesc, dpos, &code);
    }
    *info = close_code(code);
}

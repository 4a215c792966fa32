/*
 * pxscal.c -- PSSCAL, PDSCAL, PCSCAL, PZSCAL, PCSSCAL, PZDSCAL: sub(X) :=
 * alpha*sub(X), each element (each part) RN of its exact value (the exact
 * xSCAL core: one IEEE product for a real type), on its holder.
 *
 *   SUBROUTINE PxSCAL(N, ALPHA, X, IX, JX, DESCX, INCX)
 *
 * PBLAS's rules: alpha = 1 leaves sub(X) untouched; alpha = 0 sets every
 * element to alpha (its bits: -0 for -0), whatever it held (PCSSCAL and
 * PZDSCAL: to +0 + 0i).  No data moves.  Errors: PXERBLA(name, position)
 * on every holder of sub(X).
 */
#include "core/fpenv.h"
#include "pblas.h"

/* real_alpha: PCSSCAL, PZDSCAL (alpha of the real type, x complex) */
static void scal_call(const pb_type *t, const char *name, int real_alpha, const int *n,
                      const void *alpha, void *x, const int *ix, const int *jx, const int *descx,
                      const int *incx)
{
    int dx[PB_DLEN];
    pb_desc_widen(descx, dx);
    pb_grid g;
    if (pb_enter(&g, dx, name, 6))
        return;
    int info = 0;
    pb_chkvec(&g, *n, 1, *ix - 1, *jx - 1, dx, *incx, 6, &info);
    pb_vec vx;
    long nn = *n > 0 ? *n : 0;
    pb_vec_set(&vx, &g, dx, nn, *ix - 1, *jx - 1, *incx, x, t->es);
    double al[2];
    if (real_alpha) {
        al[0] = t->f32 ? *(const float *)alpha : *(const double *)alpha;
        al[1] = 0.0;
    } else {
        pb_scalar(t, alpha, al);
    }
    pb_call c;
    pb_call_init(&c, &g, name);
    c.info = info;
    pb_share_long(&c, 1, *n);
    pb_share_scalar(&c, 2, real_alpha ? &pb_type_d : t, al);
    pb_share_long(&c, 4, *ix);
    pb_share_long(&c, 5, *jx);
    pb_share_desc(&c, 6, dx);
    pb_share_long(&c, 7, *incx);
    if ((!info || pb_descs_ok(dx, NULL, NULL)) && nn > 0)
        pb_scope_vec(&c, &g, &vx);
    if (pb_agree(&g, &c) || nn == 0 || !c.scope[g.me] || pb_scalar_is(al, 1.0)) {
        pb_call_free(&c);
        return;
    }
    pb_call_free(&c);
    long ml, nl;
    char *xl = pb_mat_local(&vx.x, &g, &ml, &nl);
    long len = vx.row ? nl : ml, inc = vx.row ? vx.x.lld : 1;
    if (!pb_scalar_is(al, 0.0)) {
        pb_local_scal(t, len, al, real_alpha, xl, inc);
        return;
    }
    for (long k = 0; k < len; k++)
        pb_elem_set(t, xl + (size_t)(k * inc) * (size_t)t->es, real_alpha ? 0.0 : al[0],
                    real_alpha ? 0.0 : al[1]);
}

#define SCAL_ENTRY(l, U, T, A, name, real)                                                         \
    PB_API void p##name##_(const int *n, const A *alpha, T *x, const int *ix, const int *jx,       \
                           const int *descx, const int *incx)                                      \
    {                                                                                              \
        EXB_FPENV_SCOPE;                                                                           \
        scal_call(&pb_type_##l, "P" #U, real, n, alpha, x, ix, jx, descx, incx);                   \
    }
SCAL_ENTRY(s, SSCAL, float, float, sscal, 0)
SCAL_ENTRY(d, DSCAL, double, double, dscal, 0)
SCAL_ENTRY(c, CSCAL, float, float, cscal, 0)
SCAL_ENTRY(z, ZSCAL, double, double, zscal, 0)
SCAL_ENTRY(c, CSSCAL, float, float, csscal, 1)
SCAL_ENTRY(z, ZDSCAL, double, double, zdscal, 1)

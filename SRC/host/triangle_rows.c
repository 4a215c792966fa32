/*
 * triangle_rows.c -- the per-row steps every host triangular solver shares
 * (triangle_rows.h): the blocks in the order of op(T), the right-hand side's
 * term, and the one rounding of a row with the zero-sign rule.
 */
#include "triangle_rows.h"

#include "core/zerosign.h"

void exb_tri_block(const exb_tri *t, long bs, long step, long *k0, long *k1, long *c0, long *c1)
{
    long n = t->n;
    if (t->forward) {
        *k0 = step * bs;
        *k1 = *k0 + bs < n ? *k0 + bs : n;
        *c0 = 0;
        *c1 = *k0;
    } else {
        *k1 = n - step * bs;
        *k0 = *k1 - bs > 0 ? *k1 - bs : 0;
        *c0 = *k1;
        *c1 = n;
    }
}

int exb_tri_numerator_negzero(const exb_tri *t, long i, double b, const double *v, long inc,
                              double sign, long j0, long j1, int diag)
{
    if (!exb_product_is_negzero(t->alpha, b)) /* the term alpha*b_i */
        return 0;
    for (long j = j0; j < j1; j++)
        if (!exb_product_is_negzero(exb_tri_at(t, i, j), -sign * v[j * inc]))
            return 0;
    return !diag || exb_product_is_negzero(t->unit ? 1.0 : exb_tri_at(t, i, i), -sign * v[i * inc]);
}

void exb_tri_add_rhs(const exb_tri *t, exb_superacc *acc, double b)
{
    if (t->alpha == 1.0)
        exb_superacc_add_double(acc, b);
    else
        exb_superacc_add_product(acc, t->alpha, b);
}

double exb_tri_round_row(const exb_tri *t, exb_superacc *num, long i, double b, const double *v,
                         long inc, double sign)
{
    double d = t->unit ? 1.0 : exb_tri_at(t, i, i);
    double x = exb_superacc_round_quotient(num, d);
    /* only a zero result can come from an exactly zero numerator */
    long j0 = t->forward ? 0 : i + 1, j1 = t->forward ? i : t->n;
    if (x == 0.0 && exb_superacc_is_zero(num) &&
        exb_tri_numerator_negzero(t, i, b, v, inc, sign, j0, j1, 0)) {
        exb_superacc_set_negative_zero(num);
        x = exb_superacc_round_quotient(num, d);
    }
    return x;
}

/*
 * core_windows.h -- one case of the window part of test_core_diff, in the
 * common subset of C and OpenCL C: the host test includes it, and the same
 * text is compiled into the test kernel after exb_core.h.
 *
 * A case: WTERMS doubles or products a_j (* b_j) deposited into a zero
 * window by exb_digits_add_double / exb_digits_add_product, then every
 * rounding of the core on fresh copies of that window (plain, the quotient
 * by den, the affine alpha*V + beta*y), bit extraction at q, the table rule
 * for a_0, TwoSum on the four lanes a + b, the floating-point filter's step
 * and join, and a deposit asked for below the digits (its bits under the
 * base dropped).  CW_IN doubles in, CW_OUT words out.
 */
#define WTERMS 4
#define CW_IN 16
#define CW_OUT 32

#ifdef __OPENCL_C_VERSION__
#define CW_V4(p, q, r, s) ((double4)((p), (q), (r), (s)))
#define CW_LANE(v, k) ((k) == 0 ? (v).s0 : (k) == 1 ? (v).s1 : (k) == 2 ? (v).s2 : (v).s3)
#else
#define CW_V4(p, q, r, s) ((exb_v4d){(p), (q), (r), (s)})
#define CW_LANE(v, k) ((v)[k])
#pragma GCC diagnostic ignored "-Wpsabi" /* the vectors never cross a call */
#endif

/* in: a[0..3], b[0..3], den, alpha, beta, y, extra flags, q, how many of
 * the terms are single doubles (the rest are products). */
EXB_CORE_FN void core_window_case(const EXB_DIGITS_AS double *in, EXB_DIGITS_AS EXB_I64 *d,
                                  EXB_DIGITS_AS EXB_I64 *wide, EXB_DIGITS_AS EXB_U64 *o)
{
    const EXB_DIGITS_AS double *a = in, *b = in + WTERMS;
    double den = in[8], alpha = in[9], beta = in[10], y = in[11];
    int extra = (int)in[12], q = (int)in[13], singles = (int)in[14];
    for (int pass = 0; pass < 3; pass++) {
        for (int k = 0; k < EXB_ROW_DIGITS; k++)
            d[k] = 0;
        int lo = EXB_ROW_DIGITS, hi = -1, flags = extra, count = 0, zero = 0;
        for (int j = 0; j < WTERMS; j++)
            count += j < singles
                         ? exb_digits_add_double(d, EXB_ACC_LSB, &lo, &hi, &flags, a[j])
                         : exb_digits_add_product(d, EXB_ACC_LSB, &lo, &hi, &flags, a[j], b[j]);
        o[0] = (EXB_U64)(EXB_I64)lo;
        o[1] = (EXB_U64)(EXB_I64)hi;
        o[2] = (EXB_U64)(EXB_I64)(flags | count << 8);
        if (pass == 0) {
            double plain = exb_digits_round_quotient(d, lo, hi, EXB_ACC_LSB, flags,
                                                     exb_zero_of(flags), 1.0, &zero);
            o[3] = EXB_BITS(plain);
            o[4] = (EXB_U64)zero;
            o[5] = (EXB_U64)(EXB_I64)exb_digits_msb(d, lo, hi + 2);
            o[6] = exb_digits_bits(d, lo, hi + 2, q);
            o[7] = (EXB_U64)exb_digits_any_below(d, lo, hi + 2, q);
        } else if (pass == 1) {
            double quotient =
                exb_digits_round_quotient(d, lo, hi, EXB_ACC_LSB, flags, 0.0, den, &zero);
            o[8] = EXB_BITS(quotient);
            o[9] = (EXB_U64)zero;
        } else {
            double affine =
                exb_digits_round_affine(d, lo, hi, EXB_ACC_LSB, flags, alpha, beta, y, wide);
            o[10] = EXB_BITS(affine);
        }
    }
    EXB_U64 tm;
    unsigned int idx = exb_table_index(a[0], &tm);
    o[11] = idx;
    o[12] = tm;
    o[13] = (EXB_U64)(EXB_I64)(exb_table_lsb(idx) * 2 + exb_table_neg(idx));
    exb_v4d err,
        sum = exb_two_sum4(CW_V4(a[0], a[1], a[2], a[3]), CW_V4(b[0], b[1], b[2], b[3]), &err);
    for (int k = 0; k < 4; k++) {
        o[14 + k] = EXB_BITS(CW_LANE(sum, k));
        o[18 + k] = EXB_BITS(CW_LANE(err, k));
    }
    /* the filter: a NaN's sign is the hardware's (never a decision) */
    double h = a[0], lo = b[0], ce = fabs(b[1]);
    exb_filter_step(&h, &lo, &ce, a[2], b[2]);
    o[22] = EXB_BITS(exb_canonical_nan(h));
    o[23] = EXB_BITS(exb_canonical_nan(lo));
    o[24] = EXB_BITS(exb_canonical_nan(ce));
    exb_filter_join(&h, &lo, &ce, a[3], b[3], fabs(a[1]));
    o[25] = EXB_BITS(exb_canonical_nan(h));
    o[26] = EXB_BITS(exb_canonical_nan(lo));
    o[27] = EXB_BITS(exb_canonical_nan(ce));
    EXB_I64 part[3];
    int below = q % 97 - 64; /* -64 .. 32 digits' worth of bits from the base */
    int k = exb_deposit_digits(EXB_BITS(a[0]), EXB_ACC_LSB + below, EXB_ACC_LSB, q & 1, part);
    o[28] = (EXB_U64)(EXB_I64)k;
    o[29] = (EXB_U64)part[0];
    o[30] = (EXB_U64)part[1];
    o[31] = (EXB_U64)part[2];
}

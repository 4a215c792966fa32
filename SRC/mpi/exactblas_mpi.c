/*
 * exactblas_mpi.c -- libexactblas_mpi (INCLUDE/exactblas_mpi.h): exact
 * reductions across MPI ranks on the public accumulator of libexactblas.
 *
 * The ExSUM scheme one level up: every rank reduces its part exactly into
 * an accumulator (on its own path: host or OpenCL), the accumulators travel
 * as their canonical bytes (EXACTBLAS_ACC_BYTES, a contiguous MPI datatype)
 * and an MPI operation merges two of them exactly and normalises the carries
 * (exactblas_acc_merge_bytes).  Every partial result MPI forms is itself an
 * exact, normalised accumulator, so no word ever overflows, whatever the
 * number of ranks, the tree or the order; the result is rounded once, on
 * every rank, from the same bytes.
 *
 * Only the public API of libexactblas is used: this library adds MPI and
 * nothing else.
 */
#include "exactblas_mpi.h"
#include "core/fpenv.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows of the distributed GEMV reduced per MPI_Allreduce (bounds the
 * accumulators and messages held at once: about 2.2 KiB per row). */
#define GEMV_ROWS 1024

static pthread_mutex_t setup_lock = PTHREAD_MUTEX_INITIALIZER;
static int ready;
static MPI_Datatype acc_type;
static MPI_Op acc_op;
static int cleanup_key = MPI_KEYVAL_INVALID;
static unsigned char nan_bytes[EXACTBLAS_ACC_BYTES]; /* a rank's part when it has no memory */

/* The operation: inout[k] := inout[k] + in[k], accumulator bytes. */
static void merge_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    unsigned char *a = inout;
    const unsigned char *b = in;
    for (int k = 0; k < *len; k++)
        exactblas_acc_merge_bytes(a + (size_t)k * EXACTBLAS_ACC_BYTES,
                                  b + (size_t)k * EXACTBLAS_ACC_BYTES);
}

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first: the type and the
 * operation go with them (a later MPI_Init would make new ones). */
static int cleanup(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm;
    (void)value;
    (void)extra;
    pthread_mutex_lock(&setup_lock);
    if (ready) {
        MPI_Type_free(&acc_type);
        MPI_Op_free(&acc_op);
        ready = 0;
    }
    MPI_Comm_free_keyval(&key);
    cleanup_key = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&setup_lock);
    return MPI_SUCCESS;
}

static int setup(void)
{
    int rc = MPI_SUCCESS;
    pthread_mutex_lock(&setup_lock);
    if (!ready) {
        exactblas_acc *nan_acc = exactblas_acc_new();
        if (!nan_acc) {
            rc = MPI_ERR_NO_MEM;
        } else {
            exactblas_acc_add(nan_acc, NAN);
            exactblas_acc_serialize(nan_acc, nan_bytes);
            exactblas_acc_free(nan_acc);
            rc = MPI_Type_contiguous(EXACTBLAS_ACC_BYTES, MPI_BYTE, &acc_type);
            if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(&acc_type)) != MPI_SUCCESS)
                MPI_Type_free(&acc_type);
            if (rc == MPI_SUCCESS && (rc = MPI_Op_create(merge_op, 1, &acc_op)) != MPI_SUCCESS)
                MPI_Type_free(&acc_type);
            if (rc == MPI_SUCCESS) {
                ready = 1;
                if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, cleanup, &cleanup_key, NULL) ==
                    MPI_SUCCESS)
                    MPI_Comm_set_attr(MPI_COMM_SELF, cleanup_key, NULL);
            }
        }
    }
    pthread_mutex_unlock(&setup_lock);
    return rc;
}

int exactblas_mpi_acc_type(MPI_Datatype *type)
{
    int rc = setup();
    if (rc == MPI_SUCCESS)
        *type = acc_type;
    return rc;
}

int exactblas_mpi_acc_op(MPI_Op *op)
{
    int rc = setup();
    if (rc == MPI_SUCCESS)
        *op = acc_op;
    return rc;
}

static void mpi_failed(const char *routine, int rc)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
        snprintf(text, sizeof text, "error %d", rc);
    fprintf(stderr, "ExactBLAS: %s: MPI failed (%s)\n", routine, text);
}

/* bytes[0..count) := the exact sums over the ranks (in place). */
static int allreduce_bytes(unsigned char *bytes, int count, MPI_Comm comm)
{
    int rc = setup();
    if (rc == MPI_SUCCESS)
        rc = MPI_Allreduce(MPI_IN_PLACE, bytes, count, acc_type, acc_op, comm);
    return rc;
}

int exactblas_acc_allreduce(exactblas_acc *acc, MPI_Comm comm)
{
    unsigned char bytes[EXACTBLAS_ACC_BYTES];
    exactblas_acc_serialize(acc, bytes);
    int rc = allreduce_bytes(bytes, 1, comm);
    if (rc == MPI_SUCCESS && exactblas_acc_deserialize(acc, bytes) != 0)
        rc = MPI_ERR_OTHER;
    return rc;
}

enum reduction { SUM, DOT, NRM2 };

/* The three scalar reductions: the local part, the exact global sum, one
 * rounding. */
static double reduce_scalar(const char *routine, enum reduction what, long n, const double *x,
                            long incx, const double *y, long incy, MPI_Comm comm)
{
    unsigned char bytes[EXACTBLAS_ACC_BYTES];
    exactblas_acc *acc = exactblas_acc_new();
    if (acc) {
        /* DASUM's and DNRM2's rule for the sum and the norm (incx <= 0: this
         * rank adds nothing; the accumulator's kernels would repeat x[0] or
         * run backwards); DDOT's for the dot (any increment) */
        if (what == DOT)
            exactblas_acc_add_dot(acc, n, x, incx, y, incy);
        else if (incx > 0 && what == SUM)
            exactblas_acc_add_sum(acc, n, x, incx);
        else if (incx > 0)
            exactblas_acc_add_dot(acc, n, x, incx, x, incx);
        exactblas_acc_serialize(acc, bytes);
    } else {
        fprintf(stderr, "ExactBLAS: %s: no memory for an accumulator; the result is NaN\n",
                routine);
        /* the rank still takes part, so that no other rank waits for ever */
        if (setup() == MPI_SUCCESS)
            memcpy(bytes, nan_bytes, sizeof bytes);
    }
    int rc = allreduce_bytes(bytes, 1, comm);
    double r = NAN;
    if (rc != MPI_SUCCESS)
        mpi_failed(routine, rc);
    else if (acc && exactblas_acc_deserialize(acc, bytes) == 0)
        r = what == NRM2 ? exactblas_acc_round_sqrt(acc) : exactblas_acc_round(acc);
    exactblas_acc_free(acc);
    return r;
}

EXB_ENTRY(double, exactblas_dsum_mpi, (long n, const double *x, long incx, MPI_Comm comm),
          (n, x, incx, comm))
{
    return reduce_scalar("EXDSUM_MPI", SUM, n, x, incx, NULL, 0, comm);
}

EXB_ENTRY(double, exactblas_ddot_mpi,
          (long n, const double *x, long incx, const double *y, long incy, MPI_Comm comm),
          (n, x, incx, y, incy, comm))
{
    return reduce_scalar("EXDDOT_MPI", DOT, n, x, incx, y, incy, comm);
}

EXB_ENTRY(double, exactblas_dnrm2_mpi, (long n, const double *x, long incx, MPI_Comm comm),
          (n, x, incx, comm))
{
    return reduce_scalar("EXDNRM2_MPI", NRM2, n, x, incx, NULL, 0, comm);
}

/* ---- the distributed GEMV -------------------------------------------------- */

static int upper_is(char c, char want)
{
    return c == want || c == want + ('a' - 'A');
}

static int gemv_check(char trans, long m, long n, long lda, long incx, long incy)
{
    int t = upper_is(trans, 'T') || upper_is(trans, 'C');
    if (!t && !upper_is(trans, 'N'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    long rows = t ? n : m; /* the stored block: m x n, or n x m */
    if (lda < (rows > 1 ? rows : 1))
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

/* The header of the one small exchange that every rank enters before any
 * accumulator travels: the first illegal argument position over the ranks,
 * whether some rank has columns, and the scalars the ranks must share.
 * Each shared scalar goes as a word and its complement, so that one
 * MPI_MAX yields its largest value and (complemented back) its smallest:
 * the ranks agree exactly when the two are equal.  One round trip,
 * whatever the ranks passed, so that no rank can wait for ever. */
#define NO_POSITION 0xffff /* above every argument position */
#define SHARED 4           /* TRANS, M, ALPHA, BETA */

enum header_word {
    H_ILLEGAL, /* ~(first illegal position, NO_POSITION when none) */
    H_COLUMNS, /* some rank has columns */
    H_SHARED,  /* each shared scalar: word, ~word */
    H_WORDS = H_SHARED + 2 * SHARED
};

/* Their positions among the arguments, in argument order. */
static const int shared_position[SHARED] = {1, 2, 4, 9};

static uint64_t trans_word(char trans)
{
    if (upper_is(trans, 'N'))
        return 0;
    if (upper_is(trans, 'T') || upper_is(trans, 'C'))
        return 1; /* the same op(A) for real A */
    return 2 + (unsigned char)trans;
}

/* The bits, so that "the same" needs no numerical judgement (+0 and -0
 * differ); every NaN is one value, as every NaN result is the contract's
 * one NaN. */
static uint64_t double_word(double v)
{
    uint64_t w = UINT64_C(0x7FF8000000000000);
    if (v == v)
        memcpy(&w, &v, sizeof w);
    return w;
}

static void header_fill(uint64_t h[H_WORDS], int bad, long n, char trans, long m, double alpha,
                        double beta)
{
    const uint64_t shared[SHARED] = {trans_word(trans), (uint64_t)m, double_word(alpha),
                                     double_word(beta)};
    h[H_ILLEGAL] = ~(uint64_t)(bad ? bad : NO_POSITION);
    h[H_COLUMNS] = !bad && n > 0;
    for (int k = 0; k < SHARED; k++) {
        h[H_SHARED + 2 * k] = shared[k];
        h[H_SHARED + 2 * k + 1] = ~shared[k];
    }
}

/* The position this rank reports, from the merged header: its own illegal
 * argument if it has one (the position the serial routine would report);
 * otherwise the first in argument order among every rank's first illegal
 * argument and the shared scalars that differ between ranks; 0 if none. */
static int header_error(const uint64_t h[H_WORDS], int bad)
{
    if (bad)
        return bad;
    int first = (int)~h[H_ILLEGAL];
    for (int k = 0; k < SHARED; k++)
        if (h[H_SHARED + 2 * k] != ~h[H_SHARED + 2 * k + 1] && shared_position[k] < first)
            first = shared_position[k];
    return first == NO_POSITION ? 0 : first;
}

typedef struct gemv_block {
    exactblas_acc **acc;
    unsigned char *bytes;
} gemv_block;

static void block_free(gemv_block *b, long rows)
{
    if (b->acc)
        for (long i = 0; i < rows; i++)
            exactblas_acc_free(b->acc[i]);
    free(b->acc);
    free(b->bytes);
}

static int block_alloc(gemv_block *b, long rows)
{
    b->acc = calloc((size_t)rows, sizeof *b->acc);
    b->bytes = malloc((size_t)rows * EXACTBLAS_ACC_BYTES);
    int ok = b->acc && b->bytes;
    for (long i = 0; ok && i < rows; i++)
        ok = (b->acc[i] = exactblas_acc_new()) != NULL;
    return ok ? 0 : -1;
}

EXB_ENTRY_VOID(exactblas_dgemv_mpi,
               (char trans, long m, long n, double alpha, const double *a, long lda,
                const double *x, long incx, double beta, double *y, long incy, MPI_Comm comm),
               (trans, m, n, alpha, a, lda, x, incx, beta, y, incy, comm))
{
    int bad = gemv_check(trans, m, n, lda, incx, incy);
    /* every rank, even one with an illegal argument or a quick return,
     * learns what every other passed before any returns: an error anywhere
     * is reported on every rank (XERBLA after the exchange, so that one
     * which stops the program stops no rank before the others know) */
    uint64_t h[H_WORDS];
    header_fill(h, bad, n, trans, m, alpha, beta);
    int rc = MPI_Allreduce(MPI_IN_PLACE, h, H_WORDS, MPI_UINT64_T, MPI_MAX, comm);
    if (rc != MPI_SUCCESS) {
        if (bad)
            exactblas_xerbla("EXDGEMV_MPI", bad);
        mpi_failed("EXDGEMV_MPI", rc);
        return;
    }
    int position = header_error(h, bad);
    if (position) {
        exactblas_xerbla("EXDGEMV_MPI", position);
        return;
    }
    /* DGEMV's quick returns, on the global sizes: the same on every rank */
    if (m == 0 || !h[H_COLUMNS] || (alpha == 0.0 && beta == 1.0))
        return;
    double *y0 = incy < 0 ? y - (m - 1) * incy : y;
    if (alpha == 0.0) { /* y := RN(beta*y), A and x not read */
        for (long i = 0; i < m; i++) {
            double v = beta == 0.0 ? 0.0 : beta * y0[i * incy];
            y0[i * incy] = v == v ? v : NAN; /* the one NaN of the contract */
        }
        return;
    }
    int t = upper_is(trans, 'T') || upper_is(trans, 'C');
    long rows = m < GEMV_ROWS ? m : GEMV_ROWS;
    gemv_block blk = {NULL, NULL};
    int have = block_alloc(&blk, rows) == 0;
    if (!have)
        fprintf(stderr, "ExactBLAS: EXDGEMV_MPI: no memory for the accumulators; y is NaN\n");
    unsigned char *nan_rows = NULL;
    for (long i0 = 0; i0 < m; i0 += rows) {
        long cnt = m - i0 < rows ? m - i0 : rows;
        unsigned char *bytes = blk.bytes;
        if (have) {
            for (long i = 0; i < cnt; i++)
                exactblas_acc_clear(blk.acc[i]);
            /* rows i0.. of op(A): rows of the m x n block, or columns of
             * the stored n x m one */
            exactblas_acc_add_gemv(blk.acc, t ? 'T' : 'N', t ? n : cnt, t ? cnt : n,
                                   t ? a + i0 * lda : a + i0, lda, x, incx);
            for (long i = 0; i < cnt; i++)
                exactblas_acc_serialize(blk.acc[i], bytes + i * EXACTBLAS_ACC_BYTES);
        } else { /* take part with NaNs: every rank gets NaN, none waits */
            if (!nan_rows && (nan_rows = malloc((size_t)rows * EXACTBLAS_ACC_BYTES)) != NULL &&
                setup() == MPI_SUCCESS)
                for (long i = 0; i < rows; i++)
                    memcpy(nan_rows + i * EXACTBLAS_ACC_BYTES, nan_bytes, EXACTBLAS_ACC_BYTES);
            if (!nan_rows) {
                MPI_Abort(comm, 1); /* cannot take part: the others would hang */
                return;
            }
            bytes = nan_rows;
        }
        rc = allreduce_bytes(bytes, (int)cnt, comm);
        if (rc != MPI_SUCCESS) {
            mpi_failed("EXDGEMV_MPI", rc);
            break;
        }
        for (long i = 0; i < cnt; i++) {
            double *yi = &y0[(i0 + i) * incy];
            if (!have) {
                *yi = NAN;
                continue;
            }
            exactblas_acc_deserialize(blk.acc[i], bytes + i * EXACTBLAS_ACC_BYTES);
            *yi = exactblas_acc_round_affine(blk.acc[i], alpha, beta, *yi);
        }
    }
    free(nan_rows);
    block_free(&blk, rows);
}

/* ---- Fortran: INTEGER communicator handles --------------------------------- */

double exdsum_mpi_(const int *n, const double *x, const int *incx, const MPI_Fint *comm)
{
    EXB_FPENV_FORWARD;
    return exactblas_dsum_mpi(*n, x, *incx, MPI_Comm_f2c(*comm));
}

double exddot_mpi_(const int *n, const double *x, const int *incx, const double *y, const int *incy,
                   const MPI_Fint *comm)
{
    EXB_FPENV_FORWARD;
    return exactblas_ddot_mpi(*n, x, *incx, y, *incy, MPI_Comm_f2c(*comm));
}

double exdnrm2_mpi_(const int *n, const double *x, const int *incx, const MPI_Fint *comm)
{
    EXB_FPENV_FORWARD;
    return exactblas_dnrm2_mpi(*n, x, *incx, MPI_Comm_f2c(*comm));
}

void exdgemv_mpi_(const char *trans, const int *m, const int *n, const double *alpha,
                  const double *a, const int *lda, const double *x, const int *incx,
                  const double *beta, double *y, const int *incy, const MPI_Fint *comm,
                  size_t trans_len)
{
    EXB_FPENV_FORWARD;
    (void)trans_len;
    exactblas_dgemv_mpi(*trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy,
                        MPI_Comm_f2c(*comm));
}

/* The mpi_f08 module's TYPE(MPI_Comm) forms bind to these (BIND(C): no
 * hidden length; the type is interoperable, its one INTEGER the handle). */
void exdgemv_mpi_f08(const char *trans, const int *m, const int *n, const double *alpha,
                     const double *a, const int *lda, const double *x, const int *incx,
                     const double *beta, double *y, const int *incy, const MPI_Fint *comm)
{
    EXB_FPENV_FORWARD;
    exactblas_dgemv_mpi(*trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy,
                        MPI_Comm_f2c(*comm));
}

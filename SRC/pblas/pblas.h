/*
 * pblas.h -- the exact PBLAS's own layer (libexactblas_pblas): BLACS grids,
 * block-cyclic descriptors, the moves of data between the processes of a
 * grid, and the exact partial sums that cross them.
 *
 * ScaLAPACK's PBLAS keeps the distributed logic (descriptors, who owns what,
 * communication) apart from the local BLAS calls; so does this layer, with
 * one difference that makes every result independent of the process grid:
 * no rounded partial result ever crosses a process.  A process either
 * gathers every operand an output element depends on and computes it with
 * one exact local routine (SRC/routines.h, the BLAS cores of level1..3), or
 * sends its exact partial sums as exact accumulators (their windows of
 * digits, core/superacc.h) to the output's owner, which merges them and
 * rounds once.  doc/PBLAS.md states the design, the scopes and the cost.
 *
 * Processes talk on the BLACS context's point-to-point communicator (BLACS
 * uses it with one tag, 9976, only) with this layer's own tags, so their
 * messages never pair with ScaLAPACK's.  A routine's messages go only
 * between processes that own data of its operands (or, for the Level 1
 * routines that return a scalar, the process row or column of the vector:
 * PBLAS's scope), so a routine may be called by part of the grid exactly
 * where PBLAS allows it.
 */
#ifndef EXACTBLAS_PBLAS_INTERNAL_H
#define EXACTBLAS_PBLAS_INTERNAL_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "core/superacc.h"

#define PB_API __attribute__((visibility("default")))

/* ---- BLACS and ScaLAPACK's TOOLS (libscalapack, loaded after us) ---------- */
void Cblacs_gridinfo(int ctxt, int *nprow, int *npcol, int *myrow, int *mycol);
void blacs_get_(const int *ctxt, const int *what, int *val);
void pxerbla_(const int *ictxt, const char *srname, const int *info, size_t len);

typedef struct pb_lists pb_lists; /* below */
typedef struct pb_call pb_call;

/* ---- element types (types.c) ---------------------------------------------- */
/* The four BLAS types: a PBLAS routine written once takes its type; its
 * scalars travel inside the layer as (re, im) in binary64 (a binary32
 * value widens exactly; im 0 for a real type). */
typedef struct pb_type {
    char letter; /* 'S', 'D', 'C', 'Z' */
    int es;      /* bytes an element */
    int cplx, f32;
} pb_type;
extern const pb_type pb_type_s, pb_type_d, pb_type_c, pb_type_z;

/* The caller's scalar (a T, or two for a complex type) as (re, im). */
void pb_scalar(const pb_type *t, const void *p, double v[2]);
/* Whether v is re + 0i (either zero's sign: +0 == -0). */
static inline int pb_scalar_is(const double v[2], double re)
{
    return v[0] == re && v[1] == 0.0;
}
/* The exact local cores, by type (the caller has checked the arguments;
 * TRANS 'C' conjugates for a complex type, means 'T' for a real one). */
void pb_local_gemm(const pb_type *t, const char *name, char ta, char tb, long m, long n, long k,
                   const double al[2], const void *a, long lda, const void *b, long ldb,
                   const double be[2], void *c, long ldc);
/* y := alpha op(A) x + beta y, x and y contiguous. */
void pb_local_gemv(const pb_type *t, const char *name, char trans, long m, long n,
                   const double al[2], const void *a, long lda, const void *x, const double be[2],
                   void *y);
/* x := A x, A n x n triangular (uplo), non-unit, x contiguous. */
void pb_local_trmv(const pb_type *t, const char *name, char uplo, long n, const void *a, long lda,
                   void *x);
/* TRSM (solve) or TRMM. */
void pb_local_trxm(const pb_type *t, const char *name, int solve, char side, char uplo, char transa,
                   char diag, long m, long n, const double al[2], const void *a, long lda, void *b,
                   long ldb);
/* a := a + alpha x y^T (conj: y^H), x and y contiguous. */
void pb_local_ger(const pb_type *t, const char *name, int conj, long m, long n, const double al[2],
                  const void *x, const void *y, void *a, long lda);
/* x := alpha x over n elements at stride inc (in elements), each part RN
 * of its exact value; real_alpha: alpha's imaginary part is no term (the
 * ZDSCAL family).  alpha = 0 is not special here. */
void pb_local_scal(const pb_type *t, long n, const double al[2], int real_alpha, void *x, long inc);
/* The mi x nj block cb (leading dimension mi) := the off-diagonal block
 * (rows 0..mi-1, columns mi..mi+nj-1) of the exact xHER2K (upper, TRANS
 * 'N' or 'C') of A and B, whose mi + nj rows (columns for 'C') are the
 * block's rows and then its columns: alpha A_I B_J^H + conj(alpha) B_I
 * A_J^H + beta cb, ZHER2K's rule (doc/CONTRACT.md) for every element;
 * beta real.  0, or -1 without memory. */
int pb_local_her2k_block(const pb_type *t, const char *name, char trans, long mi, long nj, long k,
                         const double al[2], const double be[2], const void *a, long lda,
                         const void *b, long ldb, void *cb);
/* y := alpha x + y over n elements (x contiguous, y at stride incy). */
void pb_local_axpy(const pb_type *t, long n, const double al[2], const void *x, void *y, long incy);
/* |x| (real) or |re| + |im| rounded in the type's precision (IxAMAX's
 * measure), as a double. */
double pb_abs1(const pb_type *t, const void *x);
/* Sets an element to (re, im) in the type's format. */
void pb_elem_set(const pb_type *t, void *x, double re, double im);

/* ---- a process grid ---------------------------------------------------- */
typedef struct pb_grid {
    int ctxt, nprow, npcol, myrow, mycol;
    int np, me;    /* nprow * npcol; my rank: myrow * npcol + mycol */
    MPI_Comm comm; /* the context's point-to-point communicator */
} pb_grid;

/* 0, or -1 when this process is not in the context's grid (nprow = -1),
 * or -2 when the communicator is not the one BLACS laid out. */
int pb_grid_init(pb_grid *g, int ctxt);
/* A routine's grid, from its first descriptor (at position dpos); nonzero
 * after reporting PBLAS's -(dpos*100 + CTXT + 1) for a process not in it. */
int pb_enter(pb_grid *g, const int wdesc[], const char *name, int dpos);
static inline int pb_rank(const pb_grid *g, int pr, int pc)
{
    return pr * g->npcol + pc;
}

/* ---- descriptors ------------------------------------------------------- */
/* PBLAS's internal descriptor (PBtools.h): type 1 descriptors are widened to
 * this form, IMB = MB and INB = NB (PB_CargFtoC). */
enum {
    PB_DTYPE,
    PB_CTXT,
    PB_M,
    PB_N,
    PB_IMB,
    PB_INB,
    PB_MB,
    PB_NB,
    PB_RSRC,
    PB_CSRC,
    PB_LLD,
    PB_DLEN
};
void pb_desc_widen(const int *desc, int out[PB_DLEN]);

/* One dimension of a block-cyclic distribution: n indices, the first block
 * of ib, then blocks of b, dealt to np processes from src (-1: every process
 * holds every index, PBLAS's replication). */
typedef struct pb_dim {
    long n, ib, b;
    int src, np;
} pb_dim;

int pb_dim_owner(const pb_dim *d, long g);                  /* -1: replicated */
long pb_dim_before(const pb_dim *d, long g, int p);         /* indices < g that p holds */
long pb_dim_count(const pb_dim *d, long g0, long n, int p); /* of g0 .. g0+n-1 */
/* The indices of g0 .. g0+n-1 that p holds, relative to g0, increasing;
 * returns how many. */
long pb_dim_list(const pb_dim *d, long g0, long n, int p, long *out);

/* sub(X) = X(i0 : i0+m-1, j0 : j0+n-1) (0-based) of a distributed matrix
 * whose local array is a (leading dimension lld), es bytes an element. */
typedef struct pb_mat {
    pb_dim r, c;
    long i0, j0, m, n, lld;
    char *a;
    int es;
} pb_mat;

void pb_mat_set(pb_mat *x, const pb_grid *g, const int wdesc[PB_DLEN], long i0, long j0, long m,
                long n, const void *a, int es);
/* Whether process (pr, pc) holds an element of sub(X). */
int pb_mat_holds(const pb_mat *x, int pr, int pc);
/* The address of sub(X)(i, j) on a process that holds it. */
static inline char *pb_mat_at(const pb_mat *x, long i, long j, int pr, int pc)
{
    long li = pb_dim_before(&x->r, x->i0 + i, pr), lj = pb_dim_before(&x->c, x->j0 + j, pc);
    return x->a + (size_t)(li + lj * x->lld) * (size_t)x->es;
}
/* My local block of sub(X): its first element's address and its extents. */
char *pb_mat_local(const pb_mat *x, const pb_grid *g, long *mloc, long *nloc);

/* A PBLAS vector operand (N, X, IX, JX, DESCX, INCX) as a 1 x N (a row of a
 * process row: INCX = M_X) or N x 1 sub-matrix; row tells which. */
typedef struct pb_vec {
    pb_mat x;
    int row;
} pb_vec;
void pb_vec_set(pb_vec *v, const pb_grid *g, const int wdesc[PB_DLEN], long n, long ix, long jx,
                long incx, const void *a, int es);
/* Element k's global row and column indices in the vector's matrix. */
static inline long pb_vec_len(const pb_vec *v)
{
    return v->row ? v->x.n : v->x.m;
}

/* My elements of v := beta*v (pb_scale_elem: beta = 0 gives +0). */
void pb_vec_scale(const pb_grid *g, const pb_type *t, const pb_vec *v, const double be[2]);
/* The indices of v's elements process q holds (increasing); how many. */
long pb_vec_held(const pb_vec *v, const pb_grid *g, int q, long *out);
/* The address of element k on a process that holds it. */
double *pb_vec_at(const pb_vec *v, const pb_grid *g, long k);
/* The same for any element size (the vector's es). */
char *pb_vec_elem(const pb_vec *v, const pb_grid *g, long k);
/* Every process's held indices of a vector (count 0: holds none). */
typedef struct pb_vlists {
    long **idx, *count;
    int np;
} pb_vlists;
pb_vlists *pb_vlists_make(const pb_vec *v, const pb_grid *g);
void pb_vlists_free(pb_vlists *l);
/* A dimension's held lists as vector lists: process q gets its row's
 * (by_row) or column's list where hold[q], nothing elsewhere. */
pb_vlists *pb_vlists_from(const pb_grid *g, const pb_lists *l, int by_row, const char *hold);
/* hold[q]: q holds an element of sub(X) (np flags, allocated). */
char *pb_holds_mat(const pb_grid *g, const pb_mat *x);
/* buf[a] := y(want->idx[me][a]): y's elements brought to the processes
 * that want them (want: per process, increasing indices). */
int pb_vec_fetch(const pb_grid *g, const pb_vec *y, const pb_vlists *want, void *buf);
/* The reverse: y(have->idx[q][a]) := buf[a] of process q, on y's holders. */
int pb_vec_store(const pb_grid *g, const pb_vec *y, const pb_vlists *have, const void *buf);
/* acc += the exact sum (y NULL) or dot product, zero-sign state included. */
void pb_acc_dot(exb_superacc *acc, long n, const double *x, long incx, const double *y, long incy);

/* ---- argument checks (PBLAS's PB_Cchkmat and PB_Cchkvec) ------------------ */
/* info: 0 or PBLAS's negative code (-(pos) for a scalar, -(pos*100 + entry)
 * for a descriptor entry, entry numbered in the internal descriptor + 1);
 * an earlier error is kept unless this one comes first. */
void pb_chkmat(const pb_grid *g, long m, int mpos, long n, int npos, long ia, long ja,
               const int wdesc[PB_DLEN], int dpos, int *info);
void pb_chkvec(const pb_grid *g, long n, int npos, long ix, long jx, const int wdesc[PB_DLEN],
               long incx, int dpos, int *info);
/* A descriptor's context must be the first operand's. */
int pb_same_ctxt(const int wdesc[PB_DLEN], int ctxt);

/* ---- a call: the scope, the arguments every process must pass alike ------- */
#define PB_MAX_SHARED 80
typedef struct pb_call {
    const char *name; /* what PXERBLA reports, "PDGEMM" */
    int info;         /* this process's check (PBLAS's code, <= 0) */
    int nshared;
    int64_t shared[PB_MAX_SHARED];
    int pos[PB_MAX_SHARED]; /* PBLAS's position of each (descriptor: pos*100+entry) */
    char *scope;            /* np flags: the processes that take part */
} pb_call;

void pb_call_init(pb_call *c, const pb_grid *g, const char *name);
void pb_call_free(pb_call *c);
void pb_share_long(pb_call *c, int pos, long v);
void pb_share_double(pb_call *c, int pos, double v); /* bits; every NaN one value */
void pb_share_char(pb_call *c, int pos, char v);     /* upper case */
/* A scalar of type t: its real part, and its imaginary part for a complex
 * type (both at position pos). */
void pb_share_scalar(pb_call *c, int pos, const pb_type *t, const double v[2]);
/* A descriptor's global entries (not CTXT, not LLD), entries numbered as
 * PBLAS's messages number them (internal index + 1). */
void pb_share_desc(pb_call *c, int dpos, const int wdesc[PB_DLEN]);
void pb_scope_mat(pb_call *c, const pb_grid *g, const pb_mat *x);
void pb_scope_row(pb_call *c, const pb_grid *g, int pr); /* -1: every row */
/* The holders of a vector; PBLAS's scope of a scalar result on it (its
 * process row or column; one element of a one-row matrix: its holder). */
void pb_scope_vec(pb_call *c, const pb_grid *g, const pb_vec *v);
void pb_scope_vec_result(pb_call *c, const pb_grid *g, const pb_vec *v, long n, long m_x,
                         long incx);
/* The scope's first process (the root of its reductions), -1 if empty. */
int pb_scope_root(const pb_grid *g, const pb_call *c);
/* root's n doubles to every other process of the scope. */
int pb_share_result(const pb_grid *g, const pb_call *c, int root, double *vals, int n);
/* total (on root) := the exact sum of the processes' mine (those with
 * holds[q]): one accumulator each. */
int pb_reduce_scalar(const pb_grid *g, const pb_call *c, const char *holds, exb_superacc *mine,
                     exb_superacc *total, int root);
void pb_scope_col(pb_call *c, const pb_grid *g, int pc);
/* Every process of the scope exchanges its arguments with every other one;
 * returns 0, or the position it reported through PXERBLA: its own first
 * illegal argument, else the first in argument order among the other
 * processes' illegal arguments and the shared ones that differ.  A process
 * outside the scope reports only its own illegal argument.  Outputs must be
 * left untouched when it returns nonzero. */
int pb_agree(const pb_grid *g, pb_call *c);
/* Whether the (widened) descriptors are well formed: then a process whose
 * own arguments are illegal still computes the call's scope, so that it
 * meets the others in pb_agree and every one of them reports (NULL: none). */
int pb_descs_ok(const int *d1, const int *d2, const int *d3);
/* Report an error alone (a process that is not in the grid). */
void pb_report(int ctxt, const char *name, int info);

/* ---- moving data ------------------------------------------------------- */
/* A list of indices of a sub-matrix's rows or columns (relative to i0, j0). */
typedef struct pb_list {
    const long *ix;
    long n;
} pb_list;

/* Every process q gets, in its buffer (leading dimension ld), the elements
 * sub(X)(rows[q].ix[a], cols[q].ix[b]) at (a, b); rows and cols have np
 * entries, known alike on every process.  Each element comes from the
 * process that holds it (a replicated dimension: the holder in q's own
 * process row or column).  0, or an MPI error code. */
int pb_gather(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
              void *buf, long ld);
/* The reverse: each process q holds values for sub(X)(rows[q], cols[q]) in
 * buf; every holder of such an element stores it.  The q's sets must not
 * overlap. */
int pb_scatter(const pb_grid *g, const pb_mat *x, const pb_list *rows, const pb_list *cols,
               const void *buf, long ld);

/* ---- exact partial sums crossing processes ---------------------------- */
/* Process p holds exact partial sums for the elements hr[p] x hc[p] of a
 * logical M x N array (its accumulators have[a + b * hr[p].n]) and process q
 * wants the exact totals of wr[q] x wc[q] (into want[a + b * wr[q].n], which
 * it has cleared).  Every partial of an element wanted by q is merged into
 * q's accumulator exactly, whatever the order: the accumulators travel as
 * their windows of digits (doc/PBLAS.md, "exact partials").  have is
 * normalised on return.  0, or an MPI error code. */
int pb_reduce(const pb_grid *g, const pb_list *hr, const pb_list *hc, exb_superacc *have,
              const pb_list *wr, const pb_list *wc, exb_superacc *want);

/* The contract's roundings of an accumulator that holds partials with
 * their zero-sign state (an exact zero of only -0 terms is -0): RN(alpha*S
 * + beta*y) (beta = 0: y not read), RN(S), RN(sqrt(S)), RN(S/d). */
double pb_round_affine(const exb_superacc *acc, double alpha, double beta, double y);
double pb_round(const exb_superacc *acc);
double pb_round_sqrt(const exb_superacc *acc);
double pb_round_quotient(const exb_superacc *acc, double d);
/* RN(S) or RN(sqrt(S)) (root), to binary32 when f32 (no double rounding:
 * core/f32.h), zero-sign state included. */
double pb_round_prec(const exb_superacc *acc, int f32, int root);
/* Part q of alpha*S + beta*y rounded once in the type's format, S = (re,
 * im) exact (im NULL for a real type); zero parts of alpha and beta are no
 * terms, beta = 0 does not read y (xGEMV's and xGEMM's contract). */
double pb_round_out(const pb_type *t, const exb_superacc *re, const exb_superacc *im, int q,
                    const double al[2], const double be[2], const double y[2]);
/* |x| for the norms: fabs for a real type, RN(sqrt(re^2 + im^2)) for a
 * complex one (the sum exact; to binary32 for C), Inf for an infinite
 * part, else NaN for a NaN. */
double pb_abs_elem(const pb_type *t, const void *e);
/* x := beta*x in place (beta = 0: +0; each part RN of its exact value, a
 * zero part of beta no term). */
void pb_scale_elem(const pb_type *t, void *x, const double be[2]);

/* Zeroed accumulators (n of them), or NULL. */
exb_superacc *pb_accs_new(long n);
void pb_accs_reset(exb_superacc *acc, long n);

/* Exact partials of y := op(A) x into acc (one per row of op(A)): the
 * host kernels of EXDGEMV, zero-sign state included. */
void pb_acc_gemv(int trans, long m, long n, const double *a, long lda, const double *x,
                 exb_superacc *acc, long accstride);

/* The same for the type t: op(A) x of the local ml x nl A (lda) and the
 * fetched x (nin elements of t), A conjugated when conj; the real parts'
 * partials into acc[0..nout), the imaginary parts' into acc[nout..2 nout)
 * (binary32 data widened, exact).  0, or MPI_ERR_NO_MEM (nothing added). */
int pb_acc_gemv_typed(const pb_type *t, int trans, int conj, long ml, long nl, const char *a,
                      long lda, const char *x, long nin, exb_superacc *acc, long nout);

/* ---- small helpers ------------------------------------------------------ */
/* Lists of every index 0..n-1 and of the indices process coordinate p holds
 * (relative to g0), allocated; pb_lists_free frees what pb_lists_* made. */
typedef struct pb_lists {
    long *all;   /* 0 .. n-1 */
    long **held; /* per coordinate */
    long *count; /* per coordinate */
    int np;
} pb_lists;
int pb_lists_make(pb_lists *l, const pb_dim *d, long g0, long n);
void pb_lists_free(pb_lists *l);

/* Knob: which PxGEMM variant (doc/PBLAS.md): 0 auto, 1 gather (C stays),
 * 2 A stays, 3 B stays.  EXACTBLAS_PBLAS_GEMM=auto|ab|a|b. */
int pb_gemm_variant(void);

/* Counters for tests and the probe (exactblas_pblas_calls). */
void pb_count_call(void);
void pb_count_bytes(long sent);

/* ---- operands gathered whole at an output's holders (sym.c) --------------- */
/* out (mi x K, leading dimension mi, mi = want[me].n) := the rows
 * want[me] of op(X) (X^T when trans) over its whole second dimension K, on
 * every process q with want[q].n > 0 (want: np lists, alike everywhere). */
int pb_gather_oprows(const pb_grid *g, const pb_mat *x, int trans, const pb_list *want, long K,
                     void *out);
/* The same for the rows of the symmetric (herm 1: Hermitian) matrix whose
 * UPLO triangle sub(A) (n x n) stores: the other triangle a_ji = a_ij
 * (conj(a_ij)), a Hermitian diagonal's imaginary part +0; herm 2: the
 * Hermitian matrix's columns as rows (the rows conjugated, the diagonal's
 * imaginary part still +0). */
int pb_gather_symrows(const pb_grid *g, const pb_mat *a, int upper, int herm, const pb_list *want,
                      long n, void *out);
/* My local block of sub(C) to a dense mi x nj buffer and back; store
 * writes only the UPLO triangle's elements (uplo 'U', 'L'; 0: all). */
void pb_block_load(const pb_grid *g, const pb_mat *c, void *buf);
void pb_block_store(const pb_grid *g, const pb_mat *c, const void *buf, char uplo);
/* My block of sub(C) in buf (dense, as pb_block_load): the imaginary parts
 * of its elements on sub(C)'s diagonal := +0 (xHERK, xHER).  0, or
 * MPI_ERR_NO_MEM. */
int pb_block_real_diagonal(const pb_grid *g, const pb_mat *c, void *buf);
/* Per process q, the rows (by_row) or columns of sub(C) it holds, empty
 * where q holds no element of sub(C). */
void pb_block_lists(const pb_grid *g, const pb_lists *l, int by_row, const char *hold,
                    pb_list *out);
/* The UPLO triangle of sub(C) (N x N) := alpha*op(A)*op(A)^T + beta*sub(C)
 * (b NULL: PxSYRK; op(A)^H and the diagonal's imaginary parts +0 when herm:
 * PxHERK) or alpha*(op(A)*op(B)^T + op(B)*op(A)^T) + beta*sub(C) (PxSYR2K,
 * real types), op(X) = X^T when trans is 'T' or 'C' (X^H for herm), N x K:
 * each holder of a block of sub(C) gathers its lines of A (and B) and calls
 * the exact GEMM of the type once over the whole inner dimension (2K terms
 * for SYR2K); alpha = 0 or K = 0: beta*sub(C) by that GEMM with K = 0. */
int pb_rank_update(const pb_grid *g, const pb_type *t, const char *name, char uplo, char trans,
                   int herm, long n, long k, const double al[2], const pb_mat *a, const pb_mat *b,
                   const double be[2], const pb_mat *c);

/* ---- triangular operators with whole lines at one process (pxtrsm.c) ----- */
/* sub(B) := alpha*op(A)^-1 sub(B) (mult 0) or alpha*op(A) sub(B) (mult 1),
 * SIDE 'L', or from the right: each column (L) or row (R) of sub(B) is
 * computed whole by one process with the exact xTRSM or xTRMM core of the
 * type, the triangle of sub(A) gathered there. */
typedef struct pb_tri {
    const pb_type *t;
    char side, uplo, transa, diag;
    long m, n;
    double alpha[2];
    pb_mat a, b;
    int mult;
    int row_vector; /* B one row (side 'R'): computed as op(A) times it from the left */
    const char *name;
} pb_tri;
int pb_tri_lines(const pb_grid *g, const pb_tri *p);
/* ---- Householder blocks (larf.c): ScaLAPACK's PDLARF, PDLARFT, PDLARFB ---- */
typedef struct pb_larf {
    const pb_type *t;
    char side;   /* 'L': H*sub(C), the vectors of length M; 'R': sub(C)*H, N */
    char storev; /* 'C': the vectors are sub(V)'s columns; 'R': its rows */
    char direct; /* 'F', 'B': the block reflector's unit entries and zeros; 0: V as stored */
    int conjv;   /* the vectors are the conjugates of sub(V)'s rows (complex STOREV 'R') */
    long k;      /* how many vectors */
    pb_mat v, c; /* sub(V) as stored (L x K or K x L), sub(C) */
} pb_larf;
/* My block of sub(C) is ml x nl; the vectors meet its "lines" (rows for
 * SIDE 'L', columns for 'R'), nother the other dimension; 0 without one. */
long pb_larf_lines(const pb_grid *g, const pb_larf *p, long *nother);
/* vb (lines x K) := the vectors' entries at my lines (Vc); w (nother x K)
 * := RN of the exact C(:,J)^H Vc (SIDE 'L'; ^T for a real type) or C(I,:)
 * Vc ('R') at every holder of a block of sub(C), each part rounded once:
 * partial sums cross the grid as exact accumulators.  Elements of p->t. */
int pb_larf_w(const pb_grid *g, const pb_larf *p, void *vb, void *w);
/* root's n values to every process of the grid. */
int pb_bcast(const pb_grid *g, int root, double *vals, int n);
/* root's bytes (n of them) to every process of the grid. */
int pb_bcast_bytes(const pb_grid *g, int root, void *buf, long n);
/* y := alpha*op(A)*x + beta*y (op 'N', 'T', 'C'), A staying, exact partials
 * to y's holders (pxgemv.c; the caller has checked the arguments). */
int pb_gemv(const pb_grid *g, const pb_type *t, char op, long m, long n, const double al[2],
            const pb_mat *ma, const pb_vec *vx, const double be[2], const pb_vec *vy);

#endif

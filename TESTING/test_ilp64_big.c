/*
 * test_ilp64_big.c -- every routine of the ILP64 drop-in (build/dropin64/
 * libblas64.so.3), under its Fortran names and its CBLAS names, with leading
 * dimensions and increments above 2^32, against Debian's reference
 * libblas64 on the same data.
 *
 * Issue 37: through dgemm_64_ with LDA = 2^32 + 5 the face checked the
 * 64-bit value and the work used the low 32 bits (5), reading and writing
 * other addresses.  Here every leading dimension is 2^32 + 5 and every
 * increment +-(2^32 + 1), so a narrowing anywhere on the way reads or writes
 * near the start of the array instead.  The arrays are mapped with
 * MAP_NORESERVE (terabytes of address space, a few hundred touched pages).
 * The data are small dyadic numbers (and for the norms, vectors whose norm
 * is an integer), so the reference computes the exact result too and both
 * must agree: every watched element (the first 64 of each array, where a
 * narrowed stride lands, and the elements a correct call touches and their
 * neighbours) and every returned value, compared by value (the reference's
 * zero signs are not the contract's).
 *
 * A routine is described by a string of its arguments in order (the CBLAS
 * name takes the same order after the layout), its precision and its
 * result; one generic caller passes pointer-sized integers and the
 * floating-point scalars of the CBLAS names in their registers (x86-64
 * System V: integer and floating-point arguments are counted separately).
 *
 * usage: test_ilp64_big ours.so reference.so (each loaded by dlmopen into a
 * namespace of its own: both are libblas64.so.3)
 * A machine without the reference libblas64 or without 64-bit addresses
 * (or x86-64) skips (77).
 */
#define _GNU_SOURCE 1 /* MAP_ANONYMOUS, MAP_NORESERVE, dlmopen */
#include <complex.h>
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define LD ((int64_t)((1ULL << 32) + 5))
#define INC ((int64_t)((1ULL << 32) + 1))
#define WATCH 64   /* the first elements of every array */
#define COLS 4     /* matrices: columns touched */
#define ROWS 4     /* rows watched in each column */
#define MAXARGS 20 /* integer-class arguments of the generic call */

typedef uintptr_t U;
#define UARGS U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U
typedef void (*call_v)(UARGS, double, double, double, double);
typedef double (*call_d)(UARGS, double, double, double, double);
typedef U (*call_i)(UARGS, double, double, double, double);
typedef double _Complex (*call_z)(UARGS, double, double, double, double);
typedef void (*call_vf)(UARGS, float, float, float, float);
typedef float (*call_f)(UARGS, float, float, float, float);
typedef U (*call_if)(UARGS, float, float, float, float);
typedef float _Complex (*call_q)(UARGS, float, float, float, float);

/* ---- the routines --------------------------------------------------------------
 * name: '?' is the precision letter.  args, in order:
 *   T trans (N, T, C)  K trans N/T  H trans N/C  U uplo  D diag ('U')  S side
 *   m n k              dimensions 3, 2, 3 (level 1: n = 3)
 *   l u                band widths 1 (KL, KU; SBMV's and TBMV's K: u)
 *   a b                scalars of the precision (complex: by address in CBLAS)
 *   r                  a real scalar of the precision
 *   A B C              a matrix and its leading dimension
 *   P                  a packed matrix
 *   x y                a vector and its increment
 *   p                  DROTM's PARAM
 * result: v none, d double, f float, i index, z complex double, q complex
 * float.  level: 1 (no CBLAS layout) or 2 (CBLAS layout first). */
typedef struct routine {
    const char *name, *precisions, *args;
    char result; /* for the first precision; '*' follows the precision */
    int level;
} routine;

static const routine routines[] = {
    {"?dot", "sd", "nxy", '*', 1},           {"?axpy", "sdcz", "naxy", 'v', 1},
    {"?scal", "sdcz", "nax", 'v', 1},        {"?copy", "sdcz", "nxy", 'v', 1},
    {"?swap", "sdcz", "nxy", 'v', 1},        {"?rot", "sd", "nxyrr", 'v', 1},
    {"?rotm", "sd", "nxyp", 'v', 1},         {"?nrm2", "sd", "nx", '*', 1},
    {"?asum", "sd", "nx", '*', 1},           {"i?amax", "sdcz", "nx", 'i', 1},
    {"sdsdot", "s", "nrxy", 'f', 1},         {"dsdot", "s", "nxy", 'd', 1},
    {"?dotu", "cz", "nxy", '*', 1},          {"?dotc", "cz", "nxy", '*', 1},
    {"csscal", "c", "nrx", 'v', 1},          {"zdscal", "z", "nrx", 'v', 1},
    {"csrot", "c", "nxyrr", 'v', 1},         {"zdrot", "z", "nxyrr", 'v', 1},
    {"scnrm2", "c", "nx", 'f', 1},           {"dznrm2", "z", "nx", 'd', 1},
    {"scasum", "c", "nx", 'f', 1},           {"dzasum", "z", "nx", 'd', 1},
    {"?gemv", "sdcz", "TmnaAxby", 'v', 2},   {"?gbmv", "sdcz", "TmnluaAxby", 'v', 2},
    {"?symv", "sd", "UnaAxby", 'v', 2},      {"?sbmv", "sd", "UnuaAxby", 'v', 2},
    {"?spmv", "sd", "UnaPxby", 'v', 2},      {"?hemv", "cz", "UnaAxby", 'v', 2},
    {"?hbmv", "cz", "UnuaAxby", 'v', 2},     {"?hpmv", "cz", "UnaPxby", 'v', 2},
    {"?trmv", "sdcz", "UTDnAx", 'v', 2},     {"?tbmv", "sdcz", "UTDnuAx", 'v', 2},
    {"?tpmv", "sdcz", "UTDnPx", 'v', 2},     {"?trsv", "sdcz", "UTDnAx", 'v', 2},
    {"?tbsv", "sdcz", "UTDnuAx", 'v', 2},    {"?tpsv", "sdcz", "UTDnPx", 'v', 2},
    {"?ger", "sd", "mnaxyA", 'v', 2},        {"?geru", "cz", "mnaxyA", 'v', 2},
    {"?gerc", "cz", "mnaxyA", 'v', 2},       {"?syr", "sd", "UnaxA", 'v', 2},
    {"?spr", "sd", "UnaxP", 'v', 2},         {"?syr2", "sd", "UnaxyA", 'v', 2},
    {"?spr2", "sd", "UnaxyP", 'v', 2},       {"?her", "cz", "UnrxA", 'v', 2},
    {"?hpr", "cz", "UnrxP", 'v', 2},         {"?her2", "cz", "UnaxyA", 'v', 2},
    {"?hpr2", "cz", "UnaxyP", 'v', 2},       {"?gemm", "sdcz", "TTmnkaABbC", 'v', 2},
    {"?symm", "sdcz", "SUmnaABbC", 'v', 2},  {"?hemm", "cz", "SUmnaABbC", 'v', 2},
    {"?syrk", "sdcz", "UKnkaAbC", 'v', 2},   {"?herk", "cz", "UHnkrArC", 'v', 2},
    {"?syr2k", "sdcz", "UKnkaABbC", 'v', 2}, {"?her2k", "cz", "UHnkaABrC", 'v', 2},
    {"?trmm", "sdcz", "SUTDmnaAB", 'v', 2},  {"?trsm", "sdcz", "SUTDmnaAB", 'v', 2},
};

/* ---- the arrays: one mapping per operand and library ---------------------------- */

enum { ARR_A, ARR_B, ARR_C, ARR_P, ARR_X, ARR_Y, NARR };
static char *mem[2][NARR]; /* [0] ours, [1] the reference */
static const size_t span = (size_t)COLS * (size_t)LD * 16 + 4096;

static int map_arrays(void)
{
    for (int l = 0; l < 2; l++)
        for (int a = 0; a < NARR; a++) {
            void *p = mmap(NULL, span, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (p == MAP_FAILED)
                return -1;
            mem[l][a] = p;
        }
    return 0;
}

/* The watched element offsets of an array (in elements): the first WATCH,
 * then the strided places a correct call reaches and their neighbours. */
static long watched(int arr, int64_t *at)
{
    long c = 0;
    for (int64_t i = 0; i < WATCH; i++)
        at[c++] = i;
    if (arr == ARR_P)
        return c;
    for (int64_t j = 1; j < COLS; j++)
        for (int64_t i = -1; i <= ROWS; i++)
            at[c++] = j * (arr == ARR_X || arr == ARR_Y ? INC : LD) + i;
    return c;
}

/* Small dyadic values: every product and short sum of them is exact. */
static double value_at(int arr, int64_t pos, int part)
{
    static const double v[] = {1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, 1.5};
    /* splitmix64's finalizer: every bit of pos reaches the low ones (a hash
     * of the low 32 bits alone would give a narrowed address the same value) */
    uint64_t h = (uint64_t)pos + 0x9E3779B97F4A7C15ull * (uint64_t)(1 + arr * 4 + part);
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    h ^= h >> 31;
    return v[h % 8];
}

static int elem_bytes(char p)
{
    return p == 's' ? 4 : p == 'd' || p == 'c' ? 8 : 16;
}

static int is_complex(char p)
{
    return p == 'c' || p == 'z';
}

static void put(char p, char *base, int64_t pos, int part, double v)
{
    int parts = is_complex(p) ? 2 : 1, w = elem_bytes(p) / parts;
    char *q = base + (pos * parts + part) * w;
    if (w == 4) {
        float f = (float)v;
        memcpy(q, &f, 4);
    } else {
        memcpy(q, &v, 8);
    }
}

static double get(char p, const char *base, int64_t pos, int part)
{
    int parts = is_complex(p) ? 2 : 1, w = elem_bytes(p) / parts;
    const char *q = base + (pos * parts + part) * w;
    if (w == 4) {
        float f;
        memcpy(&f, q, 4);
        return f;
    }
    double d;
    memcpy(&d, q, 8);
    return d;
}

/* Fills the watched elements of both libraries' arrays alike; a norm's
 * vector gets elements whose norm is an integer: (2, -3, 6) -> 7, complex
 * (1 + 2i, 2 - 4i, 0) -> 5. */
static void fill(char p, int norm, int64_t inc)
{
    int64_t at[WATCH + COLS * (ROWS + 2)];
    for (int a = 0; a < NARR; a++) {
        long cnt = watched(a, at);
        for (long k = 0; k < cnt; k++)
            for (int part = 0; part < (is_complex(p) ? 2 : 1); part++)
                for (int l = 0; l < 2; l++)
                    put(p, mem[l][a], at[k], part, value_at(a, at[k], part));
    }
    if (!norm)
        return;
    static const double re[] = {2, -3, 6}, cr[] = {1, 2, 0}, ci[] = {2, -4, 0};
    int64_t step = inc < 0 ? -inc : inc;
    for (int l = 0; l < 2; l++)
        for (int q = 0; q < 3; q++) {
            if (is_complex(p)) {
                put(p, mem[l][ARR_X], q * step, 0, cr[q]);
                put(p, mem[l][ARR_X], q * step, 1, ci[q]);
            } else {
                put(p, mem[l][ARR_X], q * step, 0, re[q]);
            }
        }
}

/* ---- one call ---------------------------------------------------------------------- */

typedef struct setting {
    char trans, transk, transh, uplo, side;
    int row_major; /* CBLAS: 1 row-major, 0 column-major */
    int64_t inc;
} setting;

typedef struct arglist {
    U u[MAXARGS];
    int nu;
    double d[4];
    float f[4];
    int nf;
    /* storage the pointers point to */
    int64_t ints[16];
    char chars[8];
    double scal[8][2], param[5];
    float scalf[8][2], paramf[5];
    int ni, nc, ns;
} arglist;

static void push(arglist *a, U v)
{
    a->u[a->nu++] = v;
}

static void push_int(arglist *a, int64_t v, int cblas)
{
    if (cblas) {
        push(a, (U)v);
    } else {
        a->ints[a->ni] = v;
        push(a, (U)&a->ints[a->ni++]);
    }
}

/* A scalar: by address (Fortran; CBLAS complex), else in a register. */
static void push_scalar(arglist *a, char p, int complex_value, double re, double im, int cblas)
{
    if (cblas && !complex_value) {
        a->d[a->nf] = re;
        a->f[a->nf++] = (float)re;
        return;
    }
    int k = a->ns++;
    a->scal[k][0] = re, a->scal[k][1] = im;
    a->scalf[k][0] = (float)re, a->scalf[k][1] = (float)im;
    push(a, (p == 's' || p == 'c') ? (U)a->scalf[k] : (U)a->scal[k]);
}

static int cblas_option(char letter, char kind)
{
    switch (kind) {
    case 'T':
        return letter == 'N' ? 111 : letter == 'T' ? 112 : 113;
    case 'U':
        return letter == 'U' ? 121 : 122;
    case 'D':
        return letter == 'N' ? 131 : 132;
    default: /* side */
        return letter == 'L' ? 141 : 142;
    }
}

static void build(arglist *a, const routine *r, char p, const setting *s, int cblas, int lib)
{
    memset(a, 0, sizeof *a);
    int options = 0;
    if (cblas && r->level == 2)
        push(a, (U)(s->row_major ? 101 : 102));
    char rp = p == 'c' ? 's' : p == 'z' ? 'd' : p; /* the real scalars' precision */
    for (const char *t = r->args; *t; t++) {
        char c = *t, letter = 0, kind = 0;
        switch (c) {
        case 'T':
            letter = s->trans, kind = 'T';
            break;
        case 'K':
            letter = s->transk, kind = 'T';
            break;
        case 'H':
            letter = s->transh, kind = 'T';
            break;
        case 'U':
            letter = s->uplo, kind = 'U';
            break;
        case 'D':
            letter = 'U', kind = 'D';
            break;
        case 'S':
            letter = s->side, kind = 'S';
            break;
        case 'm':
            push_int(a, 3, cblas);
            break;
        case 'n':
            push_int(a, r->level == 1 ? 3 : 2, cblas);
            break;
        case 'k':
            push_int(a, 3, cblas);
            break;
        case 'l':
        case 'u':
            push_int(a, 1, cblas);
            break;
        case 'a':
            push_scalar(a, p, is_complex(p), 2.0, is_complex(p) ? -1.0 : 0.0, cblas);
            break;
        case 'b':
            push_scalar(a, p, is_complex(p), -0.5, is_complex(p) ? 1.5 : 0.0, cblas);
            break;
        case 'r':
            push_scalar(a, rp, 0, a->ns + a->nf == 0 ? 2.0 : -1.0, 0.0, cblas);
            break;
        case 'A':
        case 'B':
        case 'C':
            push(a, (U)mem[lib][c == 'A' ? ARR_A : c == 'B' ? ARR_B : ARR_C]);
            push_int(a, LD, cblas);
            break;
        case 'P':
            push(a, (U)mem[lib][ARR_P]);
            break;
        case 'x':
        case 'y':
            push(a, (U)mem[lib][c == 'x' ? ARR_X : ARR_Y]);
            push_int(a, s->inc, cblas);
            break;
        case 'p': { /* H full (flag -1): h11 2, h21 -1, h12 0.5, h22 1 */
            static const double h[5] = {-1.0, 2.0, -1.0, 0.5, 1.0};
            for (int q = 0; q < 5; q++)
                a->param[q] = h[q], a->paramf[q] = (float)h[q];
            push(a, p == 's' ? (U)a->paramf : (U)a->param);
            break;
        }
        }
        if (kind) {
            options++;
            if (cblas) {
                push(a, (U)cblas_option(letter, kind));
            } else {
                a->chars[a->nc] = letter;
                push(a, (U)&a->chars[a->nc++]);
            }
        }
    }
    for (int k = 0; k < options && !cblas; k++)
        push(a, 1); /* the hidden CHARACTER lengths */
}

/* The result of one call: up to two parts. */
typedef struct result {
    double v[2];
} result;

static void invoke(void *fn, char res, char p, arglist *a, result *out, int cblas)
{
    U *u = a->u;
    int f32 = p == 's' || p == 'c';
    double zout[2] = {0, 0};
    float qout[2] = {0, 0};
    if (cblas && (res == 'z' || res == 'q')) /* cblas_?dot?_sub: the result by address */
        push(a, res == 'z' ? (U)zout : (U)qout);
#define ARGS                                                                                       \
    u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], \
        u[15], u[16], u[17], u[18], u[19]
#define DARGS ARGS, a->d[0], a->d[1], a->d[2], a->d[3]
#define FARGS ARGS, a->f[0], a->f[1], a->f[2], a->f[3]
    out->v[0] = out->v[1] = 0.0;
    switch (res) {
    case 'v':
        if (f32)
            ((call_vf)fn)(FARGS);
        else
            ((call_v)fn)(DARGS);
        break;
    case 'd':
        out->v[0] = f32 ? ((call_d)fn)(FARGS) : ((call_d)fn)(DARGS);
        break;
    case 'f':
        out->v[0] = ((call_f)fn)(FARGS);
        break;
    case 'i':
        out->v[0] = (double)(f32 ? ((call_if)fn)(FARGS) : ((call_i)fn)(DARGS));
        break;
    case 'z':
        if (cblas) {
            ((call_v)fn)(DARGS);
            out->v[0] = zout[0], out->v[1] = zout[1];
        } else {
            double _Complex z = ((call_z)fn)(DARGS);
            out->v[0] = creal(z), out->v[1] = cimag(z);
        }
        break;
    default: /* 'q' */
        if (cblas) {
            ((call_vf)fn)(FARGS);
            out->v[0] = qout[0], out->v[1] = qout[1];
        } else {
            float _Complex z = ((call_q)fn)(FARGS);
            out->v[0] = crealf(z), out->v[1] = cimagf(z);
        }
    }
#undef ARGS
#undef DARGS
#undef FARGS
}

/* ---- the run ---------------------------------------------------------------------- */

static long calls, compared, failures;

static void name_of(const routine *r, char p, int cblas, char *out, size_t len)
{
    char base[32];
    size_t k = 0;
    for (const char *c = r->name; *c && k < sizeof base - 1; c++)
        base[k++] = *c == '?' ? p : *c;
    base[k] = 0;
    int sub = cblas && (strstr(base, "dotu") || strstr(base, "dotc"));
    snprintf(out, len, cblas ? "cblas_%s%s" : "%s_", base, sub ? "_sub" : "");
}

static char result_of(const routine *r, char p)
{
    if (r->result != '*')
        return r->result;
    return p == 's' ? 'f' : p == 'd' ? 'd' : p == 'c' ? 'q' : 'z';
}

static void one(void *lib[2], const routine *r, char p, const setting *s, int cblas)
{
    char name[48], what[160];
    name_of(r, p, cblas, name, sizeof name);
    void *fn[2] = {dlsym(lib[0], name), dlsym(lib[1], name)};
    if (!fn[1])
        return; /* the reference lacks it (CBLAS's sdsdot spelling, ...) */
    snprintf(what, sizeof what, "%s trans=%c/%c/%c uplo=%c side=%c %s inc=%s", name, s->trans,
             s->transk, s->transh, s->uplo, s->side,
             r->level == 2 && cblas ? (s->row_major ? "row-major" : "column-major") : "",
             s->inc < 0 ? "-(2^32+1)" : "2^32+1");
    if (!fn[0]) {
        printf("FAIL %s: not exported by the ILP64 drop-in\n", what);
        failures++;
        return;
    }
    int norm = strstr(name, "nrm2") != NULL;
    fill(p, norm, s->inc);
    char res = result_of(r, p);
    result got[2];
    for (int l = 0; l < 2; l++) {
        arglist a;
        build(&a, r, p, s, cblas, l);
        invoke(fn[l], res, p, &a, &got[l], cblas);
    }
    calls++;
    int bad = 0;
    for (int k = 0; k < 2; k++)
        if (!(got[0].v[k] == got[1].v[k]))
            bad = 1, printf("FAIL %s: result part %d %a, the reference's %a\n", what, k,
                            got[0].v[k], got[1].v[k]);
    int64_t at[WATCH + COLS * (ROWS + 2)];
    char pp = strcmp(r->name, "dsdot") == 0 || strcmp(r->name, "sdsdot") == 0 ? 's' : p;
    for (int arr = 0; arr < NARR && !bad; arr++) {
        long cnt = watched(arr, at);
        for (long k = 0; k < cnt; k++)
            for (int part = 0; part < (is_complex(pp) ? 2 : 1); part++) {
                double o = get(pp, mem[0][arr], at[k], part), f = get(pp, mem[1][arr], at[k], part);
                compared++;
                if (!(o == f) && !(isnan(o) && isnan(f))) {
                    printf("FAIL %s: array %d element %lld part %d is %a, the reference's %a\n",
                           what, arr, (long long)at[k], part, o, f);
                    bad = 1;
                    break;
                }
            }
    }
    failures += bad;
}

int main(int argc, char **argv)
{
#if !defined(__x86_64__)
    printf("ilp64_big: the generic caller is written for x86-64: skipped\n");
    return 77;
#endif
    if (argc < 3) {
        fprintf(stderr, "usage: test_ilp64_big ours.so reference.so\n");
        return 2;
    }
    /* each in a namespace of its own: both are libblas64.so.3, and dlopen
     * would hand back the first for the second */
    void *lib[2] = {dlmopen(LM_ID_NEWLM, argv[1], RTLD_NOW | RTLD_LOCAL),
                    dlmopen(LM_ID_NEWLM, argv[2], RTLD_NOW | RTLD_LOCAL)};
    if (!lib[0]) {
        printf("ilp64_big: FAILED: %s\n", dlerror());
        return 1;
    }
    if (!lib[1]) {
        printf("ilp64_big: the reference libblas64 is not installed (%s): skipped\n", argv[2]);
        return 77;
    }
    if (map_arrays() != 0) {
        printf("ilp64_big: no room for %zu-byte mappings (MAP_NORESERVE): skipped\n", span);
        return 77;
    }
    static const char trans[] = "NTC", transk[] = "NT", transh[] = "NC", uplo[] = "UL",
                      side[] = "LR";
    for (size_t q = 0; q < sizeof routines / sizeof routines[0]; q++) {
        const routine *r = &routines[q];
        for (const char *p = r->precisions; *p; p++)
            for (int cblas = 0; cblas < 2; cblas++)
                for (int inc = 0; inc < 2; inc++)
                    for (int o = 0; o < 12; o++) {
                        setting s = {trans[o % 3],      transk[o % 2],     transh[(o / 2) % 2],
                                     uplo[(o / 3) % 2], side[(o / 6) % 2], (o / 2) % 2,
                                     inc ? -INC : INC};
                        one(lib, r, *p, &s, cblas);
                    }
    }
    if (failures || calls == 0) {
        printf("ilp64_big: FAILED: %ld of %ld calls differ from the reference libblas64\n",
               failures, calls);
        return 1;
    }
    printf("ilp64_big: PASSED: %ld calls (Fortran and CBLAS names, LD = 2^32 + 5, increments "
           "+-(2^32 + 1)), %ld watched values equal to the reference libblas64's\n",
           calls, compared);
    return 0;
}

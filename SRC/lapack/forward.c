/*
 * forward.c -- the drop-in liblapack.so.3 (and its ILP64 twin
 * liblapack64.so.3): every LAPACK name ExactBLAS does not define itself
 * (own.txt) is a trampoline (trampoline.h) into the reference LAPACK,
 * opened by its file name, EXB_LAPACK_REFERENCE (Debian's liblapack3:
 * /usr/lib/<arch>/lapack/liblapack.so.3; liblapack64-3's for the twin),
 * never the liblapack.so.3 the loader finds by soname, which Debian's
 * alternatives may make OpenBLAS's (the bug this library fixes: OpenBLAS's
 * LAPACK calls its own kernels, never the exact BLAS).
 *
 * Why the reference then runs on the exact kernels: it is opened
 * RTLD_LOCAL, and ld.so binds its undefined names in the global scope
 * first -- the program and the libraries it was linked with, where this
 * library (-llapack) and the drop-in libblas.so.3 it needs are -- and only
 * then in its own.  So its BLAS calls go to the exact libblas.so.3 (its own
 * DT_NEEDED libblas.so.3 is that library too: ld.so matches the soname of
 * a loaded library), and its calls to other LAPACK routines come back
 * through these trampolines, so that they reach ExactBLAS's own routines
 * where there are some (own.txt), as the program's calls do.  On the first
 * call, the BLAS the reference gets is checked (the dgemm_ of the global
 * scope must be the drop-in's, which exports exactblas_dropin_version): if
 * not, one line on standard error says LAPACK's BLAS calls are not exact.
 *
 * The reference is opened on the first call of any forwarded routine
 * (pthread_once), and each name is looked up on its own first call.
 * Without the reference library (or without the name in it, or with
 * OpenBLAS's LAPACK in its place) the call
 * prints one line naming the routine, the file and the Debian package,
 * and ends the program with exit status 1, as the reference XERBLA stops
 * it: returning would leave INFO and the outputs unset, read as results.
 *
 * The reference's argument errors reach the XERBLA the caller sees.  A
 * program that defines its own xerbla_ has it in the global scope, where
 * the reference's calls find it.  A plugin (NumPy's lapack_lite and
 * _umath_linalg, loaded RTLD_LOCAL, define an xerbla_ that raises
 * ValueError instead of stopping the process) has it only in its own local
 * scope, which the reference, opened here, does not search: with netlib's
 * liblapack.so.3 loaded as the plugin's dependency, its XERBLA calls would
 * have reached the plugin's.  The same holds for the routines ExactBLAS
 * defines itself (own.txt): under a plugin, the reference's DGESV would
 * call its own DGETRF, not ExactBLAS's.  So, once the reference is open,
 * its relocation slots for those names (and for xerbla_, xerbla_array_)
 * are pointed where this library's lookup scope binds them, unless that is
 * a trampoline of this library (route_calls, repoint: the slots of the
 * reference's GOT, its RELRO page made writable for the store).  In a
 * program linked with -llapack this changes nothing: the global scope had
 * already given the reference those bindings.  XERBLA is routed in the
 * LP64 library only: an ILP64 plugin's handler would take an 8-byte INFO,
 * and none is known.
 *
 * exactblas_lapack_version marks the library for exactblas_probe, as
 * exactblas_dropin_version marks the drop-in libblas.so.3;
 * exactblas_lapack_reference names the reference file and
 * exactblas_lapack_target(name) gives the address a forwarded name runs
 * (NULL: ExactBLAS's own, or unknown).
 */
#define _GNU_SOURCE /* dladdr, dlinfo, RTLD_DEFAULT */
#include <ctype.h>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
#include "own.h"
#include "trampoline.h"

#ifndef EXB_LAPACK_REFERENCE /* the build names it (lapack_dropin.cmake); Debian's x86-64 */
#ifdef EXB_ILP64
#define EXB_LAPACK_REFERENCE "/usr/lib/x86_64-linux-gnu/lapack64/liblapack64.so.3"
#else
#define EXB_LAPACK_REFERENCE "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3"
#endif
#endif
#ifdef EXB_ILP64
#define SONAME "liblapack64.so.3"
#define BLAS_SONAME "libblas64.so.3"
#define PACKAGE "liblapack64-3"
#else
#define SONAME "liblapack.so.3"
#define BLAS_SONAME "libblas.so.3"
#define PACKAGE "liblapack3"
#endif
#define EXPORT __attribute__((visibility("default")))

__asm__(EXB_LAPACK_LAZY_STUB);

static pthread_once_t reference_once = PTHREAD_ONCE_INIT;
static void *reference;
static char reference_error[512];

/* Whether the dgemm_ the reference's calls bind to (the global scope's) is
 * the drop-in's: the object that defines it also exports the drop-in's
 * mark (and, for the ILP64 twin, the 64_ alias of the same routine, which
 * only libblas64.so.3 has). */
static void check_blas(void)
{
    void *gemm = dlsym(RTLD_DEFAULT, "dgemm_");
    void *mark = dlsym(RTLD_DEFAULT, "exactblas_dropin_version");
    Dl_info g = {0}, m = {0};
    int found = gemm && dladdr(gemm, &g);
    int exact = found && mark && dladdr(mark, &m) && g.dli_fbase == m.dli_fbase;
#ifdef EXB_ILP64
    exact = exact && dlsym(RTLD_DEFAULT, "dgemm_64_") == gemm;
#endif
    if (!exact)
        fprintf(stderr,
                "ExactBLAS " SONAME
                ": LAPACK's BLAS calls go to %s, not to ExactBLAS's drop-in " BLAS_SONAME
                ": they are not exact (put the drop-in folder first)\n",
                found && g.dli_fname ? g.dli_fname : "no dgemm_");
}

struct relro {
    ElfW(Addr) base, from, to;
};

static int find_relro(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct relro *r = data;
    if (info->dlpi_addr != r->base)
        return 0;
    for (int k = 0; k < info->dlpi_phnum; k++)
        if (info->dlpi_phdr[k].p_type == PT_GNU_RELRO) {
            r->from = info->dlpi_addr + info->dlpi_phdr[k].p_vaddr;
            r->to = r->from + info->dlpi_phdr[k].p_memsz;
        }
    return 1;
}

/* Points each relocation slot of the loaded object `lm` that names `name`
 * (a GOT or PLT slot of a function address) at `to`; a slot inside the
 * object's RELRO segment is made writable for the store and read-only
 * again. */
static void repoint(struct link_map *lm, const char *name, void *to)
{
    const ElfW(Sym) *symtab = NULL;
    const char *strtab = NULL;
    const ElfW(Rela) * tables[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    for (const ElfW(Dyn) *d = lm->l_ld; d->d_tag != DT_NULL; d++) {
        /* ld.so has made these addresses absolute on x86-64 and AArch64;
         * an offset (a read-only dynamic section) is made so here */
        ElfW(Addr) v = d->d_un.d_ptr < lm->l_addr ? d->d_un.d_ptr + lm->l_addr : d->d_un.d_ptr;
        switch (d->d_tag) {
        case DT_SYMTAB:
            symtab = (const ElfW(Sym) *)v;
            break;
        case DT_STRTAB:
            strtab = (const char *)v;
            break;
        case DT_RELA:
            tables[0] = (const ElfW(Rela) *)v;
            break;
        case DT_RELASZ:
            sizes[0] = d->d_un.d_val;
            break;
        case DT_JMPREL:
            tables[1] = (const ElfW(Rela) *)v;
            break;
        case DT_PLTRELSZ:
            sizes[1] = d->d_un.d_val;
            break;
        default:
            break;
        }
    }
    if (!symtab || !strtab)
        return;
    struct relro relro = {lm->l_addr, 0, 0};
    dl_iterate_phdr(find_relro, &relro);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int t = 0; t < 2; t++)
        for (size_t k = 0; tables[t] && k < sizes[t] / sizeof(ElfW(Rela)); k++) {
            const ElfW(Rela) *r = &tables[t][k];
            unsigned long type = ELF64_R_TYPE(r->r_info);
#if defined(__x86_64__)
            int slot = type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT;
#elif defined(__aarch64__)
            int slot = type == R_AARCH64_JUMP_SLOT || type == R_AARCH64_GLOB_DAT;
#else
            int slot = 0;
#endif
            if (!slot || ELF64_R_SYM(r->r_info) == 0 ||
                strcmp(strtab + symtab[ELF64_R_SYM(r->r_info)].st_name, name) != 0)
                continue;
            void **where = (void **)(lm->l_addr + r->r_offset);
            if (*where == to)
                continue;
            uintptr_t at = (uintptr_t)where & ~(page - 1);
            int guarded = (ElfW(Addr))where >= relro.from && (ElfW(Addr))where < relro.to;
            if (guarded && mprotect((void *)at, page, PROT_READ | PROT_WRITE) != 0)
                continue;
            __atomic_store_n(where, to, __ATOMIC_RELEASE);
            if (guarded)
                mprotect((void *)at, page, PROT_READ);
        }
}

/* Binds the reference's calls of `name` as ld.so would bind them from
 * this library's place: to the definition this library's lookup scope
 * gives, unless that is this library's own trampoline of a forwarded name
 * (then the reference's own routine stands). */
static void route(struct link_map *lm, const Dl_info *self, const char *name, int forwarded)
{
    void *want = dlsym(RTLD_DEFAULT, name);
    Dl_info w = {0};
    if (want && dladdr(want, &w) && !(forwarded && w.dli_fbase == self->dli_fbase))
        repoint(lm, name, want);
}

static void route_calls(void)
{
    struct link_map *lm = NULL;
    Dl_info self = {0};
    if (dlinfo(reference, RTLD_DI_LINKMAP, &lm) != 0 || !lm || !dladdr((void *)route_calls, &self))
        return;
#ifndef EXB_ILP64
    route(lm, &self, "xerbla_", 1);
    route(lm, &self, "xerbla_array_", 1);
#endif
    for (unsigned k = 0; k < exb_lapack_own_count; k++)
        route(lm, &self, exb_lapack_own[k], 0);
}

static void open_reference(void)
{
    reference = dlopen(EXB_LAPACK_REFERENCE, RTLD_NOW | RTLD_LOCAL);
    if (!reference) {
        const char *why = dlerror();
        snprintf(reference_error, sizeof reference_error, "%s", why ? why : "dlopen failed");
        return;
    }
    /* a build pointed at OpenBLAS's liblapack.so.3 would never reach the
     * exact BLAS: its routines call OpenBLAS's kernels directly */
    if (dlsym(reference, "openblas_get_config")) {
        snprintf(reference_error, sizeof reference_error,
                 "it is OpenBLAS's LAPACK, which never calls the exact BLAS");
        reference = NULL;
        return;
    }
    check_blas();
    route_calls();
}

/* The address of name number `index` in the reference, NULL if there is
 * none (then *why says so). */
static void *lookup(unsigned index, const char **why)
{
    pthread_once(&reference_once, open_reference);
    if (!reference) {
        *why = reference_error;
        return NULL;
    }
    void *p = dlsym(reference, exb_lapack_names[index]);
    *why = "the name is not in it";
    if (p)
        __atomic_store_n(&exb_lapack_slots[index], p, __ATOMIC_RELEASE);
    return p;
}

/* The missing reference (or name) said, then exit: LAPACK cannot go on. */
__attribute__((noreturn)) static void missing(const char *from, const char *why)
{
    char name[64];
    size_t n = strlen(from);
    if (n > 1 && from[n - 1] == '_')
        n--;
    if (n >= sizeof name)
        n = sizeof name - 1;
    for (size_t k = 0; k < n; k++)
        name[k] = (char)toupper((unsigned char)from[k]);
    name[n] = '\0';
    fprintf(stderr,
            "ExactBLAS " SONAME ": %s needs the reference LAPACK " EXB_LAPACK_REFERENCE
            " (%s): install Debian's package " PACKAGE "\n",
            name, why);
    exit(EXIT_FAILURE);
}

void *exb_lapack_resolve(unsigned index)
{
    const char *why;
    void *p = lookup(index, &why);
    if (!p)
        missing(exb_lapack_names[index], why);
    return p;
}

void *exb_lapack_reference_routine(const char *name)
{
    pthread_once(&reference_once, open_reference);
    void *p = reference ? dlsym(reference, name) : NULL;
    if (!p)
        missing(name, reference ? "the name is not in it" : reference_error);
    return p;
}

EXPORT const char *exactblas_lapack_version(void)
{
    return EXACTBLAS_VERSION;
}

EXPORT const char *exactblas_lapack_reference(void)
{
    return EXB_LAPACK_REFERENCE;
}

EXPORT void *exactblas_lapack_target(const char *name)
{
    for (unsigned k = 0; name && k < exb_lapack_count; k++)
        if (strcmp(exb_lapack_names[k], name) == 0) {
            const char *why;
            return lookup(k, &why);
        }
    return NULL;
}

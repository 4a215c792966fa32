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
 * exactblas_lapack_version marks the library for exactblas_probe, as
 * exactblas_dropin_version marks the drop-in libblas.so.3;
 * exactblas_lapack_reference names the reference file and
 * exactblas_lapack_target(name) gives the address a forwarded name runs
 * (NULL: ExactBLAS's own, or unknown).
 */
#define _GNU_SOURCE /* dladdr, RTLD_DEFAULT */
#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exactblas.h"
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

void *exb_lapack_resolve(unsigned index)
{
    const char *why;
    void *p = lookup(index, &why);
    if (p)
        return p;
    char name[64];
    const char *from = exb_lapack_names[index];
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

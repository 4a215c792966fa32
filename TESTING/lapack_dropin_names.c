/*
 * lapack_dropin_names.c -- the drop-in liblapack.so.3 exports every LAPACK
 * name and forwards each to the reference LAPACK's file, except ExactBLAS's
 * own:
 *   lapack_dropin_names LIBLAPACK NAMES OWN REFERENCE [ILP64]
 * LIBLAPACK the drop-in (build/dropin/liblapack.so.3), NAMES and OWN the
 * lists SRC/lapack/names.txt and own.txt, REFERENCE the file it forwards
 * to.  For every name of NAMES: the drop-in (opened with the libblas.so.3
 * it needs) resolves it; a name OWN does not list is the drop-in's
 * trampoline and exactblas_lapack_target gives an address inside
 * REFERENCE (same file: same device and inode); a name OWN lists is never
 * forwarded (the target is NULL) and is defined in the library OWN names
 * (liblapack: the drop-in, libblas: the libblas.so.3 it needs), and no
 * forwarded name is defined by that libblas.so.3 too (the trampoline would
 * hide it from the program: such a routine belongs in OWN), but LSAME,
 * XERBLA and XERBLA_ARRAY, which both reference libraries define.  With
 * ILP64, every name ending in _ also has its 64_ alias, the same address.
 * Prints each offence; exits 1 if any.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* The library own.txt names for `name` ("" if none). */
static const char *owner(const char *own, const char *name, char *buf, size_t size)
{
    FILE *f = fopen(own, "r");
    char line[256], word[128], lib[64];
    buf[0] = '\0';
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%127s %63s", word, lib) == 2 && !strcmp(word, name))
            snprintf(buf, size, "%s", lib);
    if (f)
        fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s LIBLAPACK NAMES OWN REFERENCE [ILP64]\n", argv[0]);
        return 2;
    }
    const char *lib = argv[1], *reference = argv[4];
    int ilp64 = argc > 5;
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("FAIL: %s cannot be opened: %s\n", lib, dlerror());
        return 1;
    }
    void *(*target)(const char *) = (void *(*)(const char *))dlsym(h, "exactblas_lapack_target");
    const char *(*mark)(void) = (const char *(*)(void))dlsym(h, "exactblas_lapack_version");
    if (!target || !mark) {
        printf("FAIL: %s has no exactblas_lapack_target or exactblas_lapack_version\n", lib);
        return 1;
    }
    /* the libblas.so.3 the drop-in needs, loaded with it */
    void *blas = dlopen(ilp64 ? "libblas64.so.3" : "libblas.so.3", RTLD_NOW | RTLD_NOLOAD);
    Dl_info b = {0};
    if (!blas || !dladdr(dlsym(blas, "dgemm_"), &b)) {
        printf("FAIL: the drop-in's libblas is not loaded with it\n");
        return 1;
    }
    char line[256], name[128], lib_of[64];
    int names = 0, forwarded = 0, own = 0, bad = 0;
    /* ExactBLAS's own: exported by the pair, never forwarded, where own.txt says */
    FILE *f = fopen(argv[3], "r");
    while (f && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %63s", name, lib_of) != 2)
            continue;
        own++;
        void *entry = dlsym(h, name);
        Dl_info e = {0};
        int in_lapack = entry && dladdr(entry, &e) && same_file(e.dli_fname, lib);
        if (!entry || target(name) || (!strcmp(lib_of, "liblapack")) != in_lapack) {
            printf("FAIL %s: own.txt says %s, but it is %s%s\n", name, lib_of,
                   !entry         ? "not exported"
                   : target(name) ? "forwarded"
                                  : "defined in ",
                   entry && !target(name) ? e.dli_fname : "");
            bad++;
        }
    }
    if (f)
        fclose(f);
    /* every other name: the drop-in's trampoline into the reference */
    f = fopen(argv[2], "r");
    if (!f) {
        printf("FAIL: no name list %s\n", argv[2]);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s", name) != 1)
            continue;
        names++;
        if (owner(argv[3], name, lib_of, sizeof lib_of)[0])
            continue;
        forwarded++;
        void *entry = dlsym(h, name), *to = target(name);
        Dl_info e = {0}, t = {0};
        if (!entry || !dladdr(entry, &e) || !same_file(e.dli_fname, lib)) {
            printf("FAIL %s: not exported by the drop-in %s\n", name, lib);
            bad++;
        } else if (!to || !dladdr(to, &t) || !same_file(t.dli_fname, reference)) {
            printf("FAIL %s: forwarded to %s, not to %s\n", name, to ? t.dli_fname : "nothing",
                   reference);
            bad++;
        }
        void *in_blas = dlsym(blas, name);
        Dl_info d = {0};
        if (in_blas && dladdr(in_blas, &d) && d.dli_fbase == b.dli_fbase &&
            strcmp(name, "lsame_") && strcmp(name, "xerbla_") && strcmp(name, "xerbla_array_")) {
            printf("FAIL %s: forwarded, but %s defines it too: list it in own.txt\n", name,
                   b.dli_fname);
            bad++;
        }
        if (ilp64 && name[strlen(name) - 1] == '_') {
            char alias[140];
            snprintf(alias, sizeof alias, "%s64_", name);
            if (!entry || dlsym(h, alias) != entry) {
                printf("FAIL %s: no alias %s at the same address\n", name, alias);
                bad++;
            }
        }
    }
    fclose(f);
    printf("%s (ExactBLAS %s): %d names listed, %d forwarded to %s, %d ExactBLAS's own, "
           "%d wrong\n",
           lib, mark(), names, forwarded, reference, own, bad);
    if (names < 1000)
        printf("FAIL: too few names in %s\n", argv[2]);
    int ok = bad == 0 && names >= 1000;
    printf("LAPACK DROP-IN NAMES: %s\n", ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}

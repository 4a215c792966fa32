/*
 * refblas.h -- the system's reference BLAS, for the routines the drop-in
 * libblas.so.3 does not compute itself yet (the complex ones: SRC/faces/
 * blas_complex.c and the complex half of cblas.c).  It is loaded by its own
 * file name (EXB_REFERENCE_BLAS, set by CMake: Debian's netlib
 * /usr/lib/<arch>/blas/libblas.so.3, whatever libblas.so.3 the system's
 * alternatives point at), RTLD_LOCAL, once; a library that turns out to be
 * this drop-in itself is refused, so a call never comes back here.
 * exactblas_probe and doc/CONTRACT.md say which routines these are: they
 * are NOT exact.
 */
#ifndef EXACTBLAS_FACES_REFBLAS_H
#define EXACTBLAS_FACES_REFBLAS_H

/* The reference BLAS's symbol `name`, or NULL (with one line on stderr,
 * once) when the reference library cannot be loaded or is this library. */
void *exb_refblas_symbol(const char *name);

/* The file the forwarded routines come from ("" when none). */
const char *exb_refblas_path(void);

/* Exported by the drop-in (and found with dlsym by exactblas_probe): the
 * names of its routines that forward to the reference BLAS, *count of
 * them, and in *reference the file they come from ("" when it cannot be
 * loaded: those routines then do nothing). */
const char *const *exactblas_dropin_forwarded(int *count, const char **reference);

#endif

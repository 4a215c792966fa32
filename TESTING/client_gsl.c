/*
 * client_gsl.c -- a GSL program, as the README's recipe builds it: linked
 * with -lblas in place of -lgslcblas (and --no-as-needed, since the
 * program calls no BLAS name itself), so that with the drop-in folder in
 * LD_LIBRARY_PATH GSL's cblas_* calls reach the exact libblas.so.3 (GSL's
 * libgsl still loads libgslcblas, after it: ld.so binds each name to the
 * first library that defines it).  Prints gsl_blas_ddot of
 * {1e16, 1, -1e16, 3} with ones: 4 exactly, 3 on GSL's own CBLAS.  With an
 * argument, then runs that exactblas_probe on its own process (--pid).
 * TESTING/clients_recipe.sh builds and checks it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <gsl/gsl_blas.h>

int main(int argc, char **argv)
{
    double x[4] = {1e16, 1, -1e16, 3}, y[4] = {1, 1, 1, 1}, r;
    gsl_vector_view vx = gsl_vector_view_array(x, 4), vy = gsl_vector_view_array(y, 4);
    gsl_blas_ddot(&vx.vector, &vy.vector, &r);
    printf("RESULT %g\n", r);
    fflush(stdout);
    if (argc > 1) {
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "'%s' --pid %d", argv[1], (int)getpid());
        return system(cmd) != 0;
    }
    return 0;
}

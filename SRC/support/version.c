/* version.c -- the library's version (exactblas.h). */
#include "exactblas.h"

const char *exactblas_version(void)
{
    return EXACTBLAS_VERSION;
}

/* sumdot_host_generic.c -- the host ExSUM/ExDOT kernel for any x86-64/other
 * CPU; fma() from libm is exact with or without a hardware FMA. */
#include <math.h>

#define EXB_ISA generic
#define EXB_FMA4(a, b, c)                                                                \
    ((v4d){fma((a)[0], (b)[0], (c)[0]), fma((a)[1], (b)[1], (c)[1]),                   \
           fma((a)[2], (b)[2], (c)[2]), fma((a)[3], (b)[3], (c)[3])})
#define EXB_MASK4(m)                                                                     \
    ((int)(((m)[0] & 1) | ((m)[1] & 2) | ((m)[2] & 4) | ((m)[3] & 8)))
#define EXB_FMA1(a, b, c) fma(a, b, c)
#include "sumdot_host_impl.h"
#include "rows_host_impl.h"

/*
 * forward.h -- forwarders to the system's reference BLAS (refblas.h) for
 * what the drop-in does not compute itself.  A forwarder passes its
 * argument words on untouched: every Fortran argument is a pointer and
 * every hidden CHARACTER length a size_t, and the CBLAS routines forwarded
 * this way take only integers and pointers (those with a real scalar have
 * prototypes of their own, cblas_complex.c), so a routine of N such words
 * is called with the same N words; a function returns the reference's
 * value in the same registers (complex results included, as gfortran and C
 * return them).  The reference's symbol is looked up once (a race stores
 * the same pointer twice).
 *   FORWARD_VOID(name, N)            void FNAME(name)(N words)
 *   FORWARD_VALUE(type, name, N)     type FNAME(name)(N words)
 *   FORWARD_C_VOID / FORWARD_C_VALUE the same for a CBLAS name (CNAME)
 */
#ifndef EXACTBLAS_FACES_FORWARD_H
#define EXACTBLAS_FACES_FORWARD_H

#include "fint.h"
#include "refblas.h"

#define W(k) void *a##k
#define WORDS_1 W(1)
#define WORDS_2 W(1), W(2)
#define WORDS_3 W(1), W(2), W(3)
#define WORDS_4 WORDS_3, W(4)
#define WORDS_5 WORDS_4, W(5)
#define WORDS_6 WORDS_5, W(6)
#define WORDS_7 WORDS_6, W(7)
#define WORDS_8 WORDS_7, W(8)
#define WORDS_9 WORDS_8, W(9)
#define WORDS_10 WORDS_9, W(10)
#define WORDS_11 WORDS_10, W(11)
#define WORDS_12 WORDS_11, W(12)
#define WORDS_13 WORDS_12, W(13)
#define WORDS_14 WORDS_13, W(14)
#define WORDS_15 WORDS_14, W(15)
#define A(k) a##k
#define ARGS_1 A(1)
#define ARGS_2 A(1), A(2)
#define ARGS_3 A(1), A(2), A(3)
#define ARGS_4 ARGS_3, A(4)
#define ARGS_5 ARGS_4, A(5)
#define ARGS_6 ARGS_5, A(6)
#define ARGS_7 ARGS_6, A(7)
#define ARGS_8 ARGS_7, A(8)
#define ARGS_9 ARGS_8, A(9)
#define ARGS_10 ARGS_9, A(10)
#define ARGS_11 ARGS_10, A(11)
#define ARGS_12 ARGS_11, A(12)
#define ARGS_13 ARGS_12, A(13)
#define ARGS_14 ARGS_13, A(14)
#define ARGS_15 ARGS_14, A(15)

#define STR2(x) #x
#define STR(x) STR2(x)

/* Every forwarder records its name in the section exb_forwarded, which
 * exactblas_dropin_forwarded (refblas.h) lists: the drop-in says which of
 * its routines are the reference's results, not exact ones. */
#define FORWARD_RECORD(sym) FORWARD_RECORD_(sym)
#define FORWARD_RECORD_(sym)                                                                       \
    __attribute__((used, section("exb_forwarded"))) static const char *const fwd_name_##sym = #sym;

#define FORWARD_AS_VOID(sym, n)                                                                    \
    FORWARD_RECORD(sym)                                                                            \
    FACE void sym(WORDS_##n)                                                                       \
    {                                                                                              \
        static void (*ref)(WORDS_##n);                                                             \
        if (!ref)                                                                                  \
            ref = (void (*)(WORDS_##n))exb_refblas_symbol(STR(sym));                               \
        if (ref)                                                                                   \
            ref(ARGS_##n);                                                                         \
    }
#define FORWARD_AS_VALUE(type, sym, n)                                                             \
    FORWARD_RECORD(sym)                                                                            \
    FACE type sym(WORDS_##n)                                                                       \
    {                                                                                              \
        static type (*ref)(WORDS_##n);                                                             \
        if (!ref)                                                                                  \
            ref = (type(*)(WORDS_##n))exb_refblas_symbol(STR(sym));                                \
        return ref ? ref(ARGS_##n) : (type)0;                                                      \
    }
#define FORWARD_VOID(name, n) FORWARD_AS_VOID(FNAME(name), n)
#define FORWARD_VALUE(type, name, n) FORWARD_AS_VALUE(type, FNAME(name), n)
#define FORWARD_C_VOID(name, n) FORWARD_AS_VOID(CNAME(name), n)
#define FORWARD_C_VALUE(type, name, n) FORWARD_AS_VALUE(type, CNAME(name), n)

#endif

/*
 * trampoline.h -- the machine code of the drop-in liblapack.so.3's
 * forwarder, as file-scope asm: one trampoline per LAPACK name, a table of
 * slots, and the lazy stub that fills a slot on the first call.
 *
 * The trampoline of name number I is one indirect jump through slot I
 * (exb_lapack_slots[I]): every argument register, the stack and the
 * return address are as the caller left them, so it forwards any argument
 * list and any result (INTEGER in a general register, REAL, DOUBLE
 * PRECISION and COMPLEX in vector registers) without knowing them.  A slot
 * starts out pointing at the name's lazy entry, which puts I in a scratch
 * register that no calling convention uses for arguments (x86-64: r11,
 * AArch64: x17) and jumps to exb_lapack_lazy; that saves every argument
 * register (general and vector), calls exb_lapack_resolve(I) (forward.c:
 * opens the reference LAPACK once, looks the name up, stores it in the
 * slot), restores them and jumps to the routine.  Later calls take the
 * jump alone.
 *
 * The generated file (forwarder.cmake writes it from names.txt) holds
 *   EXB_LAPACK_FORWARD(I, name)              one name (LP64)
 *   EXB_LAPACK_FORWARD2(I, name, name64_)    one name and its ILP64 alias
 *   __asm__(EXB_LAPACK_SLOTS_BEGIN EXB_LAPACK_SLOT(0) ... EXB_LAPACK_SLOTS_END);
 * and forward.c holds EXB_LAPACK_LAZY_STUB.  Written for x86-64 and
 * AArch64 (ELF); the build makes no liblapack.so.3 on other processors.
 */
#ifndef EXB_LAPACK_TRAMPOLINE_H
#define EXB_LAPACK_TRAMPOLINE_H

/* The names, in slot order (generated), and the slots (in the asm). */
extern const char *const exb_lapack_names[];
extern const unsigned exb_lapack_count;
extern void *exb_lapack_slots[];
/* own.txt's names: defined by ExactBLAS, no trampoline (generated). */
extern const char *const exb_lapack_own[];
extern const unsigned exb_lapack_own_count;
/* The address of name number `index` (forward.c); called by the lazy stub. */
void *exb_lapack_resolve(unsigned index);

#if defined(__x86_64__)

#define EXB_LAPACK_ENTRY(name) "\t.globl " #name "\n\t.type " #name ", @function\n" #name ":\n"
#define EXB_LAPACK_JUMP(i) "\tjmp *exb_lapack_slots+8*" #i "(%rip)\n"
#define EXB_LAPACK_LAZY(i) ".Lexb_lazy_" #i ":\n\tmovl $" #i ", %r11d\n\tjmp exb_lapack_lazy\n"
#define EXB_LAPACK_OBJECT "@object"

/* Entered by a jump from a lazy entry: the stack as at the routine's entry
 * (rsp = 8 mod 16), r11d the slot.  rax is kept too (a variadic caller's
 * count of vector registers). */
#define EXB_LAPACK_LAZY_STUB                                                                       \
    ".pushsection .text\n\t.p2align 4\n\t.globl exb_lapack_lazy\n\t.hidden exb_lapack_lazy\n"      \
    "\t.type exb_lapack_lazy, @function\nexb_lapack_lazy:\n"                                       \
    "\tpushq %rbp\n\tmovq %rsp, %rbp\n\tsubq $192, %rsp\n"                                         \
    "\tmovq %rdi, 0(%rsp)\n\tmovq %rsi, 8(%rsp)\n\tmovq %rdx, 16(%rsp)\n"                          \
    "\tmovq %rcx, 24(%rsp)\n\tmovq %r8, 32(%rsp)\n\tmovq %r9, 40(%rsp)\n\tmovq %rax, 48(%rsp)\n"   \
    "\tmovdqu %xmm0, 64(%rsp)\n\tmovdqu %xmm1, 80(%rsp)\n\tmovdqu %xmm2, 96(%rsp)\n"               \
    "\tmovdqu %xmm3, 112(%rsp)\n\tmovdqu %xmm4, 128(%rsp)\n\tmovdqu %xmm5, 144(%rsp)\n"            \
    "\tmovdqu %xmm6, 160(%rsp)\n\tmovdqu %xmm7, 176(%rsp)\n"                                       \
    "\tmovl %r11d, %edi\n\tcall exb_lapack_resolve\n\tmovq %rax, %r11\n"                           \
    "\tmovq 0(%rsp), %rdi\n\tmovq 8(%rsp), %rsi\n\tmovq 16(%rsp), %rdx\n"                          \
    "\tmovq 24(%rsp), %rcx\n\tmovq 32(%rsp), %r8\n\tmovq 40(%rsp), %r9\n\tmovq 48(%rsp), %rax\n"   \
    "\tmovdqu 64(%rsp), %xmm0\n\tmovdqu 80(%rsp), %xmm1\n\tmovdqu 96(%rsp), %xmm2\n"               \
    "\tmovdqu 112(%rsp), %xmm3\n\tmovdqu 128(%rsp), %xmm4\n\tmovdqu 144(%rsp), %xmm5\n"            \
    "\tmovdqu 160(%rsp), %xmm6\n\tmovdqu 176(%rsp), %xmm7\n"                                       \
    "\tleave\n\tjmp *%r11\n\t.size exb_lapack_lazy, .-exb_lapack_lazy\n.popsection\n"

#elif defined(__aarch64__)

#define EXB_LAPACK_ENTRY(name) "\t.globl " #name "\n\t.type " #name ", %function\n" #name ":\n"
#define EXB_LAPACK_JUMP(i)                                                                         \
    "\tadrp x16, exb_lapack_slots+8*" #i "\n\tldr x16, [x16, #:lo12:exb_lapack_slots+8*" #i        \
    "]\n\tbr x16\n"
#define EXB_LAPACK_LAZY(i) ".Lexb_lazy_" #i ":\n\tmov w17, #" #i "\n\tb exb_lapack_lazy\n"
#define EXB_LAPACK_OBJECT "%object"

/* w17 the slot; x8 (the indirect result register) and q0-q7 kept. */
#define EXB_LAPACK_LAZY_STUB                                                                       \
    ".pushsection .text\n\t.p2align 4\n\t.globl exb_lapack_lazy\n\t.hidden exb_lapack_lazy\n"      \
    "\t.type exb_lapack_lazy, %function\nexb_lapack_lazy:\n"                                       \
    "\tstp x29, x30, [sp, #-224]!\n\tmov x29, sp\n"                                                \
    "\tstp x0, x1, [sp, #16]\n\tstp x2, x3, [sp, #32]\n\tstp x4, x5, [sp, #48]\n"                  \
    "\tstp x6, x7, [sp, #64]\n\tstr x8, [sp, #80]\n"                                               \
    "\tstp q0, q1, [sp, #96]\n\tstp q2, q3, [sp, #128]\n\tstp q4, q5, [sp, #160]\n"                \
    "\tstp q6, q7, [sp, #192]\n"                                                                   \
    "\tmov w0, w17\n\tbl exb_lapack_resolve\n\tmov x16, x0\n"                                      \
    "\tldp x0, x1, [sp, #16]\n\tldp x2, x3, [sp, #32]\n\tldp x4, x5, [sp, #48]\n"                  \
    "\tldp x6, x7, [sp, #64]\n\tldr x8, [sp, #80]\n"                                               \
    "\tldp q0, q1, [sp, #96]\n\tldp q2, q3, [sp, #128]\n\tldp q4, q5, [sp, #160]\n"                \
    "\tldp q6, q7, [sp, #192]\n"                                                                   \
    "\tldp x29, x30, [sp], #224\n\tbr x16\n\t.size exb_lapack_lazy, .-exb_lapack_lazy\n"           \
    ".popsection\n"

#else
#error "the drop-in liblapack.so.3's trampolines are written for x86-64 and AArch64 only"
#endif

#define EXB_LAPACK_SIZE(name) "\t.size " #name ", .-" #name "\n"

#define EXB_LAPACK_FORWARD(i, name)                                                                \
    __asm__(".pushsection .text\n\t.p2align 4\n" EXB_LAPACK_ENTRY(name) EXB_LAPACK_JUMP(i)         \
                EXB_LAPACK_SIZE(name) EXB_LAPACK_LAZY(i) ".popsection\n");

#define EXB_LAPACK_FORWARD2(i, name, alias)                                                        \
    __asm__(".pushsection .text\n\t.p2align 4\n" EXB_LAPACK_ENTRY(name) EXB_LAPACK_ENTRY(alias)    \
                EXB_LAPACK_JUMP(i) EXB_LAPACK_SIZE(name) EXB_LAPACK_SIZE(alias)                    \
                    EXB_LAPACK_LAZY(i) ".popsection\n");

#define EXB_LAPACK_SLOTS_BEGIN                                                                     \
    ".pushsection .data\n\t.p2align 3\n\t.globl exb_lapack_slots\n\t.hidden exb_lapack_slots\n"    \
    "\t.type exb_lapack_slots, " EXB_LAPACK_OBJECT "\nexb_lapack_slots:\n"
#define EXB_LAPACK_SLOT(i) "\t.8byte .Lexb_lazy_" #i "\n"
#define EXB_LAPACK_SLOTS_END "\t.size exb_lapack_slots, .-exb_lapack_slots\n.popsection\n"

#endif

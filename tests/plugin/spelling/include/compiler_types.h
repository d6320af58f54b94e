/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compiler_types.h — the kernel's asm_inline, for tests/plugin/spelling.sh:
 * "asm __inline" where the compiler has asm inline, plain "asm" where it
 * has not (-DNO_ASM_INLINE, as Linux before GCC 9).  Neither line spells a
 * statement: the line that uses the macro does.
 */
#ifndef NO_ASM_INLINE
#define asm_inline asm __inline
#else
#define asm_inline asm
#endif
/* A name for the name: it spells no statement either. */
#define asm_inline_alias asm_inline

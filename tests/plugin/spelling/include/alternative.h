/* SPDX-License-Identifier: GPL-2.0 */
/*
 * alternative.h — an alternative() in the kernel's manner for
 * tests/plugin/spelling.sh: the statement is spelled on the line of its
 * definition that holds asm_inline ("site:" tags name the lines).
 */
#define ALT_TABLE                                                              \
	".pushsection .altinstructions,\"a\"\n.long 661b - .\n"                \
	".popsection\n"

#define alternative(insn)                                                      \
	asm_inline volatile("661:\n\t" insn "\n662:\n" ALT_TABLE ::: "memory") /* site: alt */

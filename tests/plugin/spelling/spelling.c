// SPDX-License-Identifier: GPL-2.0
/*
 * spelling.c — input of tests/plugin/spelling.sh: asm_inline statements
 * spelled in a macro of a header, in this file, in a macro argument and
 * through an alias of asm_inline, and a plain asm for comparison.  Each
 * record's spelling_file/spelling_line must name the line tagged "site:"
 * for its function (alternative.h's for f_macro), never the #define of
 * asm_inline in compiler_types.h.
 */
#include "compiler_types.h"
#include "alternative.h"

#define WRAP(kw, insn) kw volatile("1:\n\t" insn "\n" ALT_TABLE)

void f_macro(void)
{
	alternative("nop");
}

void f_direct(void)
{
	asm_inline volatile("661:\n\tnop\n" ALT_TABLE); /* site: direct */
}

void f_arg(void)
{
	WRAP(asm_inline, "pause"); /* site: arg */
}

void f_alias(void)
{
	asm_inline_alias volatile("661:\n\tlfence\n" ALT_TABLE); /* site: alias */
}

void f_plain(void)
{
	asm volatile("661:\n\tmfence\n" ALT_TABLE); /* site: plain */
}

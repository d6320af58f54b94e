// SPDX-License-Identifier: GPL-2.0
/*
 * The replica of GCC 12's asm_str_count() (gcc/final.cc): 1 + every '\n'
 * + every logical line separator, 0 for an empty template.  Neither i386
 * nor aarch64 overrides IS_ASM_LOGICAL_LINE_SEPARATOR, so the separator is
 * ';' on both.  GCC does not look at comments or strings: a ';' inside
 * ".ascii \"a;b\"" or after '#' counts.  GCC's template is a C string, so
 * counting stops at the first NUL.
 */
#include <string.h>

#include "internal.h"

unsigned asmtpl_str_count(const char *tpl, size_t len)
{
	unsigned count = 1;
	size_t i;

	if (!tpl || len == 0 || tpl[0] == '\0')
		return 0;
	for (i = 0; i < len && tpl[i] != '\0'; i++)
		if (tpl[i] == '\n' || tpl[i] == ';')
			count++;
	return count;
}

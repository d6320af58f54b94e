/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/extable.h — an exception-table entry in the style of Linux 6.1's
 * _ASM_EXTABLE_TYPE (arch/x86/include/asm/asm.h): three relative longs in
 * __ex_table telling the page-fault handler where to resume.  Six more
 * lines for GCC to charge, no instruction in .text.
 */
#ifndef EXAMPLE_ASM_EXTABLE_H
#define EXAMPLE_ASM_EXTABLE_H

#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)

#define EX_TYPE_DEFAULT 1

#define _ASM_EXTABLE_TYPE(from, to, type)                                      \
	" .pushsection \"__ex_table\",\"a\"\n"                                 \
	" .balign 4\n"                                                         \
	" .long (" #from ") - .\n"                                             \
	" .long (" #to ") - .\n"                                               \
	" .long " __stringify(type) " \n"                                      \
	" .popsection\n"

#define _ASM_EXTABLE(from, to) _ASM_EXTABLE_TYPE(from, to, EX_TYPE_DEFAULT)

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/uaccess.h — a user-access macro in the style of Linux 6.1's
 * unsafe_put_user()/__put_user_goto(): the asm is spelled here, in a
 * header macro, but every statement sits where the macro is expanded in a
 * .c file.  The plugin's record gives both: file/line (the expansion
 * point, which DWARF sees) and spelling_file/spelling_line (this line).
 */
#ifndef EXAMPLE_ASM_UACCESS_H
#define EXAMPLE_ASM_UACCESS_H

#include "asm/extable.h"

#define put_user_goto(x, ptr, label)                                           \
	asm goto("1:	movl %0,%1\n" _ASM_EXTABLE(1b, %l2)                   \
		 :                                                             \
		 : "ir"(x), "m"(*(ptr))                                        \
		 :                                                             \
		 : label)

#endif

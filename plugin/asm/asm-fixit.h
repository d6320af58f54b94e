/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm-fixit.h — the fix-it hint from a flagged statement's asm keyword to
 * the kernel's asm_inline (asm-fixit.cc).
 */
#ifndef ASMINLINE_ASM_FIXIT_H
#define ASMINLINE_ASM_FIXIT_H

#include "gcc-compat.h"

/*
 * Add to richloc the fix-it from the asm keyword at loc to asm_inline;
 * false (and nothing added) where no safe one can be made.
 */
bool asm_fixit_add(rich_location *richloc, location_t loc);

#endif /* ASMINLINE_ASM_FIXIT_H */

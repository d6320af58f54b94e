/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch-main.h — the row of the verb table of
 * `asmscan patch` (patch-main.c): the flagged sites converted to asm_inline.
 */
#ifndef ASMSCAN_PATCH_MAIN_H
#define ASMSCAN_PATCH_MAIN_H

#include "asmscan.h"

extern const struct asmscan_verb patch_verb;

#endif /* ASMSCAN_PATCH_MAIN_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * target.h — which asmtpl target a unit's asm is assembled for (target.cc).
 */
#ifndef ASMINLINE_TARGET_H
#define ASMINLINE_TARGET_H

#include "gcc-compat.h"

/*
 * The target of this unit's code for a plugin built for family (i386 or
 * i386-code16 for an x86_64 GCC run with -m32 or -m16).  Final once the
 * options are processed: call it at the start of the unit.
 */
enum asmtpl_arch asminline_target_arch(enum asmtpl_arch family);

#endif /* ASMINLINE_TARGET_H */

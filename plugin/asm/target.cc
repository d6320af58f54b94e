// SPDX-License-Identifier: GPL-2.0
/*
 * target.cc — which asmtpl target the unit's asm is assembled for.
 *
 * The plugin is built for one GCC, and its target names the family
 * (ASMINLINE_TARGET_ARCH: x86_64 or arm64).  An x86_64 GCC also makes
 * 32-bit code (-m32: Kbuild's vdso32) and 16-bit code (-m16: the real-mode
 * trampoline; i386.cc's x86_file_start then prints ".code16gcc" first),
 * and the same template bytes are other instructions there.  GCC's state
 * for it is TARGET_64BIT and TARGET_16BIT (ix86_isa_flags): final once
 * the options are processed, before PLUGIN_START_UNIT, and the same for
 * every function (no target attribute or pragma sets either).  -mx32 is
 * 64-bit code: TARGET_64BIT.
 */
#include "target.h"

enum asmtpl_arch asminline_target_arch(enum asmtpl_arch family)
{
	/* TARGET_16BIT exists in the i386 back end only. */
#ifdef TARGET_16BIT
	if (family == ASMTPL_ARCH_X86_64 && !TARGET_64BIT)
		return TARGET_16BIT ? ASMTPL_ARCH_I386_CODE16 :
				      ASMTPL_ARCH_I386;
#endif
	return family;
}

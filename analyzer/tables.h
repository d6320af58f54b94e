/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tables.h — the kernel's special sections: where their entries point, and
 * so how many fall in each function.
 *
 * Layouts are Linux 6.1 x86-64's and arm64's; every entry is checked
 * before it is counted, and a table whose entries do not all fit the
 * layout is refused (reported, not counted) rather than misread:
 *   .altinstructions	struct alt_instr {s32 instr_offset, repl_offset;
 *			u16 cpuid; u8 instrlen, replacementlen;} 12 bytes
 *   .smp_locks		s32 to a lock prefix (0xf0); zero entries are the
 *			page-alignment fill of vmlinux.lds
 *   __ex_table		struct exception_table_entry {s32 insn, fixup, data;}
 *   __bug_table		struct bug_entry, GENERIC_BUG_RELATIVE_POINTERS:
 *			{s32 bug_addr_disp; s32 file_disp; u16 line, flags;}
 *			12 bytes with DEBUG_BUGVERBOSE, {s32; u16 flags;} 8
 *			without; the entry size is taken from DWARF's
 *			struct bug_entry when there is one, else the one
 *			layout whose every entry checks out
 *   __jump_table		struct jump_entry {s32 code, target; s64 key;} 16
 *   .static_call_sites	struct static_call_site {s32 addr, key;} 8
 *   .retpoline_sites,	s32 to the call/jmp of a retpoline thunk, of
 *   .return_sites		__x86_return_thunk
 * arm64 (arch-arm64.c) has .altinstructions, __ex_table, __bug_table and
 * __jump_table of the same sizes and field offsets: its struct alt_instr
 * {s32 orig_offset, alt_offset; u16 cpufeature; u8 orig_len, alt_len;}
 * has equal lengths, or with ARM64_CB_BIT alt_offset pointing at the
 * callback function (in a .o often undefined); its exception entry is
 * {s32 insn, fixup; s16 type, data;}.  The other tables are x86's only.
 * Fields are self-relative: the address is the field's own address plus
 * its value.  In a .o the fields are 0 and R_X86_64_PC32 (PC64 for the
 * 64-bit key) or R_AARCH64_PREL32 (PREL64) relocations say where they
 * point: the target is S + A.
 */
#ifndef ASMSCAN_TABLES_H
#define ASMSCAN_TABLES_H

#include "object.h"

/* Section name and short column name of each table kind. */
const char *tables_section(enum table_kind kind);
const char *tables_column(enum table_kind kind);

/* Read every table of o (after DWARF, which may confirm entry sizes). */
void tables_object_run(struct object *o);

#endif /* ASMSCAN_TABLES_H */

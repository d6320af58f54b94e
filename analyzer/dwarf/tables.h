/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tables.h — the kernel's special sections: where their entries point, and
 * so how many fall in each function.
 *
 *   .altinstructions	struct alt_instr: the original instruction, its
 *			replacement, cpuid, the two lengths
 *   .smp_locks		s32 to a lock prefix (0xf0); zero entries are the
 *			page-alignment fill of vmlinux.lds
 *   __ex_table		struct exception_table_entry {s32 insn, fixup, ...}
 *   __bug_table		struct bug_entry, GENERIC_BUG_RELATIVE_POINTERS
 *   __jump_table		struct jump_entry {s32 code, target; s64 key;}
 *   .static_call_sites	struct static_call_site {s32 addr, key;}
 *   .retpoline_sites,	s32 to the call/jmp of a retpoline thunk, of
 *   .return_sites		__x86_return_thunk
 *
 * Each entry's layout is the file's DWARF's or a built-in one of Linux
 * 5.10 to mainline (table-layout.h); its bounds in a linked file are the
 * kernel's own start and stop symbols (__alt_instructions ..
 * __alt_instructions_end, __start___bug_table .. __stop___bug_table, ...).
 * Fields are self-relative: the address is the field's own address plus
 * its value.  In a .o the fields are 0 and R_X86_64_PC32 (PC64 for the
 * 64-bit key) or R_AARCH64_PREL32 (PREL64) relocations say where they
 * point: the target is S + A.  An entry the kernel would not act on is
 * counted apart as unusual (tables.c), never a reason to refuse a table.
 */
#ifndef ASMSCAN_TABLES_H
#define ASMSCAN_TABLES_H

#include "object.h"

/* Section name and short column name of each table kind. */
const char *tables_section(enum table_kind kind);
const char *tables_column(enum table_kind kind);
/* What the kernel does with the entries of a table counted as unusual. */
const char *tables_unusual(enum table_kind kind);

/*
 * Read every table of o (after DWARF, which may give the layouts), a task
 * per kind: tables_plan() (main thread), tables_plan_run(p, kind) for
 * each kind < TABLE_COUNT (any thread: the kinds share nothing they
 * write), tables_finish() (main thread: o's messages in kind order,
 * whichever kind ran first).
 */
struct tables_plan;
struct tables_plan *tables_plan(struct object *o);
void tables_plan_run(struct tables_plan *p, size_t kind);
void tables_finish(struct object *o, struct tables_plan *p);

#endif /* ASMSCAN_TABLES_H */

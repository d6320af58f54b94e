/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf.h — what DWARF adds: out-of-line copies of inline functions, the
 * compilation unit and declaration of each function, and the kernel
 * structures behind the special sections (their size and members, from
 * which table-layout.c takes each table's layout).
 *
 * A copy is a concrete DW_TAG_subprogram (it has DW_AT_low_pc or
 * DW_AT_ranges) whose DW_AT_abstract_origin leads to a subprogram with
 * DW_AT_inline DW_INL_declared_inlined or DW_INL_declared_not_inlined.
 * This is the only mark GCC leaves: a function declared inline that was
 * inlined nowhere in its unit gets one plain DIE, with no DW_AT_inline,
 * and cannot be told from any other function (docs/reference/asmscan.md shows it).
 * Only the unit's top-level DIEs are visited (subtrees skipped with
 * DW_AT_sibling), which keeps vmlinux's 173 MB .debug_info cheap; in a
 * linked object dwarf-scan.c finds them and reads most of what is wanted
 * of them without libdw, the same DIEs and answers as libdw's
 * (dwarf-walk.h, dwarf-visit.c: what each DIE gives).
 *
 * Relocatable objects (.o, .ko) go through libdwfl, which applies the
 * relocations of .debug_* on a private copy of the object, in one walk;
 * vmlinux is read with dwarf_begin_elf, in as many parts as -j has
 * threads (a Dwarf handle each: libdw is not shared between threads),
 * and the parts' handles stay open for dwarf_locate().
 */
#ifndef ASMSCAN_DWARF_H
#define ASMSCAN_DWARF_H

#include "object.h"

/*
 * Reading o's DWARF in parts: dwarf_plan() (main thread) cuts
 * .debug_info into up to `parts` runs of units, each a task with its own
 * Dwarf handle (and one more for the line tables of the records' sites);
 * dwarf_plan_run() does task i (any thread; the tasks write only the
 * plan, and o's site lines); dwarf_finish() (main thread, after every
 * task) gives o what they found, in unit order, so any number of parts
 * gives what one walk gives, and frees the plan.  NULL: o has no DWARF.
 */
struct dwarf_plan;
struct dwarf_plan *dwarf_plan(struct object *o, unsigned parts);
size_t dwarf_plan_tasks(const struct dwarf_plan *p);
/*
 * A worker's buffer for the private copy of a .o that libdwfl relocates
 * (dwarf-rel.h), used again by each of its tasks: fresh memory for every
 * module's copy is as many pages to clear as the whole directory has
 * bytes.  A task on a .o gives it back when it ends (the Dwfl goes with
 * it); objects over DWARF_SCRATCH_MAX bytes get a copy of their own.
 */
#define DWARF_SCRATCH_MAX (64u << 20)
struct dwarf_scratch {
	char *buf;
	size_t cap;
	bool mapped;			/* buf: a mapping of its own */
};
void dwarf_plan_run(struct dwarf_plan *p, size_t task,
		    struct dwarf_scratch *scratch);
void dwarf_scratch_free(struct dwarf_scratch *scratch);
void dwarf_finish(struct object *o, struct dwarf_plan *p);
/* Fill f->decl_file/decl_line if DWARF can say (main thread). */
void dwarf_locate(struct object *o, struct obj_func *f);
/* Release what dwarf_object_run() kept. */
void dwarf_object_close(struct object *o);

#endif /* ASMSCAN_DWARF_H */

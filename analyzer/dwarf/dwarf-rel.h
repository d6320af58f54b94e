/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-rel.h — a relocatable object's DWARF made ready for libdwfl,
 * which relocates .debug_* itself (dwfl_module_getdwarf), one entry at a
 * time through libelf's generic conversions: in a kernel module nine in
 * ten of its entries are R_X86_64_32 offsets into .debug_str, .debug_line
 * or .debug_abbrev, sections that are never loaded, whose value is the
 * symbol's plus the addend whatever the layout.  Those are applied here
 * and taken out of their RELA section, as libdwfl itself does with each
 * entry it applies; libdwfl then applies the rest (addresses in code,
 * which depend on where it lays the sections out), so the bytes libdw
 * reads are exactly those libdwfl alone would have made.
 *
 * An entry is applied here only when libdwfl would apply it the same way
 * and without an error: a RELA section of a DWARF section libdwfl knows,
 * whose entries do not overlap one another and are in offset order, the
 * only one for its target, neither of them overlapping the ELF headers;
 * R_X86_64_64/32 or R_AARCH64_ABS64/32; a symbol of the one .symtab
 * defined in a section that is not SHF_ALLOC; the field inside the
 * target.  Anything else is left to libdwfl, errors and all.
 */
#ifndef ASMSCAN_DWARF_REL_H
#define ASMSCAN_DWARF_REL_H

#include "object.h"

/*
 * The RELA sections whose entries are applied here, read at from: the
 * file's bytes, 8-aligned (o's image, or a copy of it).  Each is written
 * whole into the copy libdwfl gets, so its bytes there need not have been
 * read: ranges, in file order — in a module two fifths of the file.
 */
struct dwarf_rel_plan {
	uint32_t *secs;			/* n section indexes */
	struct file_range *ranges;	/* their bytes, in file order */
	size_t n;
};

void dwarf_rel_plan(const struct object *o, const unsigned char *from,
		    struct dwarf_rel_plan *p);
void dwarf_rel_plan_free(struct dwarf_rel_plan *p);
/* copy: o->size bytes, a private copy of o's image that libdwfl will get. */
void dwarf_rel_prepare(const struct object *o, unsigned char *copy,
		       const unsigned char *from, const struct dwarf_rel_plan *p);

#endif /* ASMSCAN_DWARF_REL_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-rel.h — a relocatable object's DWARF relocated before libdw
 * reads it.  In a kernel module nine in ten entries of its .rela.debug_*
 * are R_X86_64_32 offsets into .debug_str, .debug_line or .debug_abbrev,
 * the rest R_X86_64_64 addresses in code; together two fifths of the
 * file.
 *
 * dwarf_rel_flat(): every entry applied here, an address with the
 * object's own layout (object.c's flat addresses of a .o): libdw then
 * reads the copy as it reads a linked file, its addresses already flat,
 * and libdwfl is not needed.  That holds only when every relocation
 * section libdwfl would apply (dwfl_module_getdwarf(), a SHT_REL or
 * SHT_RELA section of a DWARF section libdwfl knows by name) has only
 * entries of which this is sure: a RELA section, the only one for its
 * target, neither of them overlapping the ELF headers; R_X86_64_64/32 or
 * R_AARCH64_ABS64/32; a symbol of the one .symtab defined in a section;
 * the field inside the target.  They are applied in the section's order,
 * as libdwfl applies them.
 *
 * Otherwise libdwfl relocates, and dwarf_rel_prepare() does first what
 * the layout cannot change: the entries whose symbol is in a section
 * that is not SHF_ALLOC (libdwfl adds no address), of a section whose
 * entries are in offset order and do not overlap
 * (dwarf_rel_plan_ordered()), taken out of their RELA section as libdwfl
 * itself does with each entry it applies; libdwfl then applies the rest,
 * so the bytes libdw reads are exactly those libdwfl alone would have
 * made.
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
	bool complete;			/* every relocation section libdwfl
					 * would apply is among them */
};

void dwarf_rel_plan(const struct object *o, const unsigned char *from,
		    struct dwarf_rel_plan *p);
/* Only the sections whose entries are in offset order and do not overlap. */
void dwarf_rel_plan_ordered(const struct object *o, const unsigned char *from,
			    struct dwarf_rel_plan *p);
void dwarf_rel_plan_free(struct dwarf_rel_plan *p);
/*
 * copy: o->size bytes, a private copy of o's image, its plan's sections'
 * bytes not read.  Flat: true when every entry was applied; false when
 * some cannot be, and the copy's targets are then partly written.  The
 * section headers are read at from, the entries there too, or from o's
 * file (fd, object_file_open()) when fd is not -1.
 */
bool dwarf_rel_flat(const struct object *o, unsigned char *copy,
		    const unsigned char *from, const struct dwarf_rel_plan *p,
		    int fd);
/* For libdwfl, after dwarf_rel_plan_ordered(). */
void dwarf_rel_prepare(const struct object *o, unsigned char *copy,
		       const unsigned char *from, const struct dwarf_rel_plan *p);

#endif /* ASMSCAN_DWARF_REL_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-walk.h — one part of the walk over a vmlinux's (or an object's)
 * DWARF, shared by the driver (dwarf.c: units, parts, their results) and
 * what each DIE gives (dwarf-visit.c).  Inside dwarf/ only.
 */
#ifndef ASMSCAN_DWARF_WALK_H
#define ASMSCAN_DWARF_WALK_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "dwarf-files.h"
#include "dwarf-scan.h"
#include "object.h"

/* A function's DWARF facts, given to o->funcs in unit order. */
struct func_note {
	uint32_t fi;
	bool copy;		/* its DIE is a copy's: dwarf_copy, decl_* if
				 * none yet; else the concrete DIE: cu, die */
	uint32_t part_of;	/* another range of the DIE of funcs[part_of]
				 * (a .cold part): fi is its fragment;
				 * OBJ_NONE: fi is the function entered */
	const char *cu;
	Dwarf_Off die;		/* dwarf_dieoffset() + 1 */
	const char *decl_file;	/* of the copy, or eager (ET_REL) */
	uint32_t decl_line;
};

/*
 * One walk over the units that start in [first, end) of .debug_info: a
 * pool task of its own with its own Dwarf handle.  It writes only here;
 * dwarf_finish() hands it all to the object in unit order, so that any
 * number of parts give what one walk gives.
 */
struct dwarf_walk {
	struct object *o;		/* read only */
	Elf *elf;			/* a part's own, or NULL: o->elf's */
	Dwarf *dw;
	Dwfl *dwfl;			/* ET_REL relocated by libdwfl:
					 * addresses go through it */
	Dwfl_Module *mod;
	char *copy;			/* ET_REL: the image relocated */
	Elf *copy_elf;			/* relocated flat: libdw's Elf of it */
	bool copy_own;			/* copy is not the worker's scratch */
	bool copy_mapped;		/* it is object_map_image()'s */
	Dwarf_Addr bias;
	bool eager;			/* resolve declarations now (ET_REL) */
	bool last;			/* the units up to .debug_info's end */
	bool find_structs;		/* look for the table structs (the
					 * first part; the others afterwards,
					 * for what it did not find) */
	bool structs_only;		/* that second walk */
	Dwarf_Off first, end;
	struct dwarf_files files;	/* declarations' file names */
	struct obj_section files_secs[3];	/* ET_REL: files' sections,
						 * in copy */
	struct dwarf_scan scan;		/* top-level DIEs without libdw */
	const uint8_t *info_data;	/* .debug_info as the scan reads it */
	uint64_t info_size;
	int structs_left;		/* table structs not yet found */
	struct arena strings;
	struct dwarf_copy *dcopies;
	size_t ndcopies, copies_cap;
	const char **noreturn;
	size_t nnoreturn, noreturn_cap;
	struct func_note *notes;
	size_t nnotes, notes_cap;
	struct dwarf_struct structs[TABLE_COUNT];
	size_t units;
	uint64_t funcs_code;		/* DIEs whose code is in o's code */
	uint64_t funcs_unmatched;	/* of them, entered where no function is */
	uint64_t first_unmatched;	/* the first such entry (flat) */
	bool failed;
	char error[512];		/* "cannot read DWARF": why */
};

/* The part fails with "cannot read DWARF: why". */
void dwarf_walk_error(struct dwarf_walk *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A DWARF address as a flat address of the object; false if it maps nowhere. */
bool dwarf_walk_flat(const struct dwarf_walk *w, Dwarf_Addr a, uint64_t *flat);
/* s kept in a (NULL stays NULL). */
const char *dwarf_walk_intern(struct arena *a, const char *s);
/* Is name among the last few of v (a neighbour said it already)? */
bool dwarf_walk_said(const char *const *v, size_t n, const char *name);
/* The declaration of die: df is a file-name reader of the thread's own. */
void dwarf_walk_declaration(struct arena *a, struct dwarf_files *df,
			    Dwarf_Die *die, const char **file, uint32_t *line);
/* A top-level DIE of tag, as libdw walks them, of the unit named cu. */
void dwarf_walk_visit(struct dwarf_walk *w, Dwarf_Die *die, int tag,
		      const char *cu);
/* The DIEs dwarf_scan_unit() found in u; false on corrupt DWARF. */
bool dwarf_walk_visit_scanned(struct dwarf_walk *w,
			      const struct dwarf_scan_unit *u, Dwarf_Die *cudie,
			      const char *cu);

#endif /* ASMSCAN_DWARF_WALK_H */

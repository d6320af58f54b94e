/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-files.h — dwarf_decl_file() without decoding line programs: the
 * file names of a unit from its line table's header, one unit at a time.
 */
#ifndef ASMSCAN_DWARF_FILES_H
#define ASMSCAN_DWARF_FILES_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct object;
struct obj_section;

struct dwarf_file_entry {
	const char *name;	/* in the section; NULL: no file (index 0) */
	uint64_t dir;		/* index into dirs */
};

/* One reader per walk (not shared between threads). */
struct dwarf_files {
	const struct obj_section *line, *line_str, *str;
	bool usable;			/* else every answer is libdw's */
	const void *cu;			/* the Dwarf_CU read last */
	bool ok;			/* its table was read */
	struct dwarf_file_entry *files;
	size_t nfiles, files_cap;
	const char **dirs;		/* DWARF < 5: [0] is DW_AT_comp_dir */
	size_t ndirs, dirs_cap;
	char *buf;			/* the answer last built */
	size_t bufcap;
};

void dwarf_files_init(struct dwarf_files *df, const struct object *o);
/* The same from the sections themselves (of an ET_REL object: their
 * relocated bytes, where libdw reads them). */
void dwarf_files_init_sections(struct dwarf_files *df,
			       const struct obj_section *line,
			       const struct obj_section *line_str,
			       const struct obj_section *str);
void dwarf_files_free(struct dwarf_files *df);

/*
 * What dwarf_decl_file(die) answers (NULL: no file), valid until the next
 * call.
 */
const char *dwarf_files_decl(struct dwarf_files *df, Dwarf_Die *die);
/*
 * The same for a DIE of the unit of cudie whose own DW_AT_decl_file is
 * idx (0: none): *name.  False when libdw must answer (the table is not
 * read here).
 */
bool dwarf_files_name(struct dwarf_files *df, Dwarf_Die *cudie, uint64_t idx,
		      const char **name);

#endif

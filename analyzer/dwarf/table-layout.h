/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table-layout.h — what one entry of a kernel special section looks like:
 * its size, the self-relative fields that point into code or data, and
 * the values the machine checks (machine.h).
 *
 * A layout comes from the input itself when it can: the file's DWARF
 * describes struct alt_instr, exception_table_entry, bug_entry,
 * jump_entry and static_call_site (dwarf.c), and the fields are found
 * there by name — the entry size and every offset are the file's, so a
 * kernel whose structure grew (6.3's alt_instr.ft_flags, 14 bytes) is
 * read without asmscan knowing that version.  Without DWARF the built-in
 * layouts of Linux 5.10 to mainline are tried (table-layout.c lists them
 * with the kernels that use each); tables.c picks the one the entries
 * fit.  .smp_locks, .retpoline_sites and .return_sites are arrays of s32
 * in every version: they have no structure to look up.
 */
#ifndef ASMSCAN_TABLE_LAYOUT_H
#define ASMSCAN_TABLE_LAYOUT_H

#include "object.h"

enum field_target {
	FIELD_CODE,		/* an executable section */
	FIELD_DATA,		/* allocated, not executable (a key, a string) */
};

struct table_field {
	uint8_t offset, width;	/* width 4 (s32) or 8 (s64) */
	enum field_target target;
	uint8_t flag_bits;	/* low bits that are flags, not address */
	bool end_ok;		/* may point just past its section's end */
	bool extern_ok;		/* code in another object (arm64 callback) */
};

#define TABLE_FIELDS 3
#define TABLE_NO_VALUE (-1)

struct table_layout {
	uint32_t size;
	const char *what;	/* in messages and output */
	const char *kernels;	/* the versions that use a built-in one */
	struct table_field fields[TABLE_FIELDS];	/* [0]: the site counted */
	uint8_t nfields;
	/* struct alt_instr: offsets of u16 feature, u8 len, u8 replacement
	 * len; exception_table_entry: offset and width of its type (x86: the
	 * low byte of data, arm64: s16 type).  TABLE_NO_VALUE: none. */
	int8_t feature, len, rlen;
	int8_t type;
	uint8_t type_width;
};

/* The structure DWARF describes table kind with ("alt_instr"), or NULL. */
const char *table_layout_struct(enum table_kind kind);

/* The i-th built-in layout of table kind for machine m, NULL after the
 * last; the tables without a structure have exactly one. */
const struct table_layout *table_layout_builtin(const struct machine *m,
						enum table_kind kind,
						unsigned i);

enum table_layout_dwarf {
	LAYOUT_DWARF_NONE,	/* no structure for this table in the DWARF */
	LAYOUT_DWARF_OK,	/* *l is the file's layout */
	LAYOUT_DWARF_UNKNOWN,	/* a structure asmscan cannot map: why */
};

/* The layout o's DWARF describes for kind (l->what in strings). */
enum table_layout_dwarf table_layout_from_dwarf(const struct object *o,
						enum table_kind kind,
						struct table_layout *l,
						struct arena *strings,
						char *why, size_t whylen);

#endif /* ASMSCAN_TABLE_LAYOUT_H */

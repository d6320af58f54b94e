/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-scan.h — the top-level DIEs of one unit that dwarf.c visits, and
 * most of what it wants of them, read from .debug_info and .debug_abbrev
 * directly (names and code from .debug_str, .debug_line_str,
 * .debug_rnglists, .debug_ranges) instead of one dwarf_tag() and
 * dwarf_siblingof() per DIE and libdw's attribute lookups: the walk in
 * dwarf-scan.c, one DIE's attributes in dwarf-scan-die.c; and where the
 * units start, from their headers alone, in dwarf-unit.c (at the end).
 *
 * A vmlinux unit has some 1,600 top-level DIEs (types, declarations,
 * variables) of which dwarf.c wants a few dozen: concrete functions and,
 * until each table's struct is found, struct definitions.  libdw looks
 * each DIE's abbreviation up in a locked hash table and walks its
 * attributes to find DW_AT_sibling: two thirds of asmscan's DWARF time.
 * This reader parses the unit's abbreviation table once into an array by
 * code and skips DIEs with the sizes of their forms.
 *
 * It gives exactly the DIEs libdw's dwarf_child()/dwarf_siblingof() walk
 * gives, or nothing: anything that walk would refuse or read otherwise — a
 * code not in the table, a table with a code twice or without its end, a
 * form it does not size, DW_FORM_indirect, a sibling reference that is not
 * CU-relative or does not lead forward within the unit, a DIE past the
 * unit's end — and dwarf_scan_unit() returns false, and the caller walks
 * the unit with libdw as before.  tests/analyzer's dwarf-scan-diff holds
 * the two walks to the same DIEs.
 */
#ifndef ASMSCAN_DWARF_SCAN_H
#define ASMSCAN_DWARF_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Where a concrete function's code is, as its DIE says: DW_AT_low_pc to
 * DW_AT_high_pc, or the ranges of DW_AT_ranges.  A function GCC split in
 * a hot and a cold part (-freorder-blocks-and-partition) has two ranges,
 * the hot one listed first; the kernel's linker script puts the cold one
 * (.text.unlikely, symbol "NAME.cold") before or after it: after in 6.1,
 * before in 7.x.  So the entry is DW_AT_entry_pc, else DW_AT_low_pc,
 * else the start of the first range listed — never the lowest address,
 * which in 7.x is the cold part's — and the other ranges' starts are the
 * function's other parts.
 */
#define DWARF_CODE_PARTS 4

struct dwarf_code {
	uint64_t entry;			/* where the function is entered */
	uint64_t size;			/* bytes of all its ranges */
	uint64_t part[DWARF_CODE_PARTS];	/* the other non-empty ranges'
					 * starts, in list order (the first
					 * DWARF_CODE_PARTS of them) */
	uint32_t nparts;
};

/*
 * A struct dwarf_code from a DW_AT_ranges list, one range at a time in
 * list order (dwarf-scan-die.c and libdw's dwarf_ranges() in
 * dwarf-visit.c both build it so): the entry is DW_AT_entry_pc or
 * DW_AT_low_pc when the DIE has one (has_entry), else the first non-empty
 * range's start; the parts are the non-empty ranges that do not hold it.
 */
struct dwarf_code_ranges {
	uint64_t start[DWARF_CODE_PARTS + 1], end[DWARF_CODE_PARTS + 1];
	uint32_t n;			/* non-empty ranges kept */
	uint64_t first;			/* the first range's start */
	uint64_t size;
	bool any;
};

void dwarf_code_range(struct dwarf_code_ranges *r, uint64_t start,
		      uint64_t end);
/* False: the list had no range (no code). */
bool dwarf_code_finish(const struct dwarf_code_ranges *r, bool has_entry,
		       uint64_t entry, struct dwarf_code *code);

/*
 * The DIEs the walk visits are the unit's top-level ones and, through
 * DW_TAG_namespace DIEs up to this deep, the children of namespaces:
 * Rust puts every function in the namespaces of its crate and modules
 * (core::panicking::panic_bounds_check is a DIE in "core", "panicking").
 * C has none.
 */
#define DWARF_SCAN_NAMESPACES 32

/* One top-level DIE found. */
struct dwarf_scan_die {
	uint64_t off;			/* in .debug_info */
	uint32_t tag;			/* DW_TAG_* */
	bool wanted;			/* what dwarf.c visits (below) */
};

/* The unit to read, as libdw sees it (dwarf_next_unit, dwarf_child). */
struct dwarf_scan_unit {
	const uint8_t *info;		/* .debug_info's bytes as libdw reads them */
	uint64_t start, end;		/* the unit: its header, its end */
	uint64_t first;			/* its first child DIE (dwarf_child) */
	uint64_t abbrev_off;		/* its table in .debug_abbrev */
	unsigned version, addr_size, offset_size;
	unsigned unit_type;		/* DWARF 5's DW_UT_*, 0 before */
	bool structs;			/* structure types are wanted too */
	bool all;			/* every top-level DIE, wanted or not
					 * (the test); else the wanted ones */
};

struct scan_abbrev;

/* One reader per walk (not shared between threads); zero-initialised. */
struct dwarf_scan {
	const uint8_t *abbrev;		/* .debug_abbrev; NULL: never read */
	size_t abbrev_size;
	const uint8_t *str, *line_str;	/* .debug_str, .debug_line_str, or
					 * NULL: their names are libdw's */
	size_t str_size, line_str_size;
	const uint8_t *ranges, *rnglists;	/* .debug_ranges (DWARF < 5),
					 * .debug_rnglists, or NULL: libdw's */
	size_t ranges_size, rnglists_size;
	uint64_t cu_base;		/* the base address of the unit
					 * dwarf_scan_cu() read last, as libdw
					 * takes it, or UINT64_MAX: libdw's */
	uint64_t table_off;		/* the table parsed into codes */
	unsigned table_sizes;		/* and the unit sizes it was for */
	bool table_ok;
	struct scan_abbrev *codes;	/* by abbreviation code */
	size_t ncodes, codes_cap;
	uint16_t *forms;		/* every code's forms, one after another */
	uint32_t *names;		/* and their attributes */
	int64_t *implicit;		/* DW_FORM_implicit_const's values */
	size_t nforms, forms_cap;
	struct dwarf_scan_die *dies;	/* the last unit's, in DIE order */
	size_t ndies, dies_cap;
};

/*
 * The top-level DIEs of u (all of them with u->all, else only the
 * wanted ones: a DW_TAG_subprogram with DW_AT_low_pc, DW_AT_high_pc,
 * DW_AT_ranges or DW_AT_noreturn, and with u->structs a
 * DW_TAG_structure_type with DW_AT_byte_size and no DW_AT_declaration)
 * into s->dies.  False: read the unit with libdw instead.
 */
bool dwarf_scan_unit(struct dwarf_scan *s, const struct dwarf_scan_unit *u);

/*
 * The unit DIE at die_off (after u's header): *name its DW_AT_name as
 * dwarf_diename() gives it (NULL: it has none), u->first its first child
 * as dwarf_child() finds it (0: none).  False: ask libdw (a name in a
 * form not read here, one that would come from another DIE, a split
 * unit, anything dwarf_scan_unit() would refuse).
 */
bool dwarf_scan_cu(struct dwarf_scan *s, struct dwarf_scan_unit *u,
		   uint64_t die_off, const char **name);

/* What dwarf.c reads of a function's DIE, read here. */
struct dwarf_scan_func {
	bool noreturn;			/* DW_AT_noreturn */
	const char *name;		/* with it: its symbol's name, as
					 * dwarf_die_symbol_name() gives it */
	bool code;			/* it has code, as dwarf_die_code()
					 * finds it with libdw: */
	struct dwarf_code where;	/* where it is entered, its bytes */
	bool decl;			/* its declaration's file and line
					 * below are libdw's (dwarf_attr_integrate()
					 * would read none from another DIE);
					 * false: libdw must read them */
	uint64_t decl_file;		/* DW_AT_decl_file, 0: none */
	uint32_t decl_line;		/* as dwarf_decl_line() gives it (0:
					 * none, or past INT_MAX) */
};

/*
 * The DIE at off of the unit dwarf_scan_cu() and dwarf_scan_unit() read
 * last: its code is DW_AT_low_pc to DW_AT_high_pc, or else the ranges of
 * DW_AT_ranges (.debug_rnglists, .debug_ranges) entered at DW_AT_entry_pc,
 * DW_AT_low_pc or the first range's start (struct dwarf_code).  False when libdw must read it: a copy of
 * an inline function (a function with code whose DW_AT_abstract_origin
 * chain ends at DW_AT_inline DW_INL_declared_inlined or
 * _declared_not_inlined), a noreturn one whose name would come from
 * another DIE, a high below the low, a range list entry of .debug_addr,
 * damaged or cut short, a reference or a value in a form not read here.
 */
bool dwarf_scan_func(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		     uint64_t off, struct dwarf_scan_func *f);

/*
 * The DW_AT_name of the DIE at off of the unit dwarf_scan_unit() read
 * last, as dwarf_diename() gives it (NULL: none).  False when libdw must
 * read it: the name would come from another DIE, or is in a form not
 * read here.
 */
bool dwarf_scan_name(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		     uint64_t off, const char **name);

void dwarf_scan_free(struct dwarf_scan *s);

/*
 * Where the units of .debug_info start, read from a unit's header bytes
 * alone, as libdw's dwarf_next_unit() (elfutils 0.188) judges them
 * (dwarf-unit.c).  dwarf.c cuts a vmlinux's .debug_info into parts, one
 * per worker, where a unit starts.  Walking the units with dwarf_nextcu()
 * reads each header through the mapping of the file: a page fault per
 * unit, on the main thread, while the workers wait for the parts (2,352
 * units of Debian's 6.1 vmlinux: 60-70 ms of a 0.4 s run).  A header is
 * at most DWARF_UNIT_HEADER_MAX bytes, which the caller reads from the
 * file instead.  dwarf-scan-diff holds the two walks to the same units
 * and the same end.
 */

/* The longest header: a 64-bit DWARF 5 type unit's (12 + 2 + 1 + 1 + 8
 * + 8 + 8 bytes). */
#define DWARF_UNIT_HEADER_MAX 40

enum dwarf_unit_found {
	DWARF_UNIT_END,			/* no unit at off: the walk is over */
	DWARF_UNIT_FOUND,		/* a unit, *next where the next starts */
	DWARF_UNIT_BAD,			/* a header libdw refuses (an error) */
};

/*
 * The unit at off of a little-endian .debug_info of info_size bytes, as
 * dwarf_next_unit() judges it: hdr holds the section's bytes from off,
 * avail of them, at least min(DWARF_UNIT_HEADER_MAX, info_size - off)
 * when off + 4 < info_size.  abbrev_size: .debug_abbrev's size, which the
 * header's table offset must not pass.  A unit of an unknown version or
 * unit type is found and its header not read further, as libdw does;
 * *next is UINT64_MAX when its length leads nowhere after it.
 */
enum dwarf_unit_found dwarf_unit_next(const uint8_t *hdr, size_t avail,
				      uint64_t off, uint64_t info_size,
				      uint64_t abbrev_size, uint64_t *next);

#endif /* ASMSCAN_DWARF_SCAN_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-scan.h — the top-level DIEs of one unit that dwarf.c visits, and
 * most of what it wants of them, read from .debug_info and .debug_abbrev
 * directly (names and code from .debug_str, .debug_line_str,
 * .debug_rnglists, .debug_ranges) instead of one dwarf_tag() and
 * dwarf_siblingof() per DIE and libdw's attribute lookups: the walk in
 * dwarf-scan.c, one DIE's attributes in dwarf-scan-die.c.
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
	const char *name;		/* with it: its DW_AT_name, or NULL */
	bool code;			/* it has code, as dwarf_die_code()
					 * finds it with libdw: */
	uint64_t entry, size;		/* where it is entered, its bytes */
};

/*
 * The DIE at off of the unit dwarf_scan_cu() and dwarf_scan_unit() read
 * last: its code is DW_AT_low_pc to DW_AT_high_pc, or else the ranges of
 * DW_AT_ranges (.debug_rnglists, .debug_ranges) entered at DW_AT_entry_pc,
 * DW_AT_low_pc or the lowest.  False when libdw must read it: a copy of
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

#endif /* ASMSCAN_DWARF_SCAN_H */

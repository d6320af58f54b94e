/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-scan.h — the top-level DIEs of one unit that dwarf.c visits,
 * found by reading .debug_info and .debug_abbrev directly instead of one
 * dwarf_tag() and dwarf_siblingof() per DIE.
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
	bool structs;			/* structure types are wanted too */
	bool all;			/* every top-level DIE, wanted or not
					 * (the test); else the wanted ones */
};

struct scan_abbrev;

/* One reader per walk (not shared between threads); zero-initialised. */
struct dwarf_scan {
	const uint8_t *abbrev;		/* .debug_abbrev; NULL: never read */
	size_t abbrev_size;
	uint64_t table_off;		/* the table parsed into codes */
	unsigned table_sizes;		/* and the unit sizes it was for */
	bool table_ok;
	struct scan_abbrev *codes;	/* by abbreviation code */
	size_t ncodes, codes_cap;
	uint16_t *forms;		/* every code's forms, one after another */
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
void dwarf_scan_free(struct dwarf_scan *s);

#endif /* ASMSCAN_DWARF_SCAN_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-unit.c — a unit header judged as libdw's __libdw_next_unit()
 * judges it, check for check (see dwarf-scan.h).
 */
#include "dwarf-scan.h"
#include "dwarf-abbrev.h"

#include <dwarf.h>
#include <stdbool.h>

/* A DWARF 5 unit type libdw reads the header of. */
static bool known_type(unsigned type)
{
	return type == DW_UT_compile || type == DW_UT_partial ||
	       type == DW_UT_skeleton || type == DW_UT_split_compile ||
	       type == DW_UT_type || type == DW_UT_split_type;
}

/* The first DIE's offset from the unit's start, for a known version and
 * type (__libdw_first_die_from_cu_start(); .debug_info has no DWARF 4
 * type units). */
static uint64_t header_size(unsigned offset_size, unsigned version,
			    unsigned type)
{
	uint64_t n;

	if (version < 5)
		return 3 * offset_size - 4 + 3;
	n = 3 * offset_size - 4 + 4;
	if (type == DW_UT_skeleton || type == DW_UT_split_compile)
		n += 8;
	else if (type == DW_UT_type || type == DW_UT_split_type)
		n += 8 + offset_size;
	return n;
}

enum dwarf_unit_found dwarf_unit_next(const uint8_t *hdr, size_t avail,
				      uint64_t off, uint64_t info_size,
				      uint64_t abbrev_size, uint64_t *next)
{
	uint64_t rest, length, table, type_die;
	unsigned offset_size = 4, version, type = 0;
	size_t at = 4;

	/* libdw: no room for a length */
	if (off >= info_size || info_size - off <= 4)
		return DWARF_UNIT_END;
	rest = info_size - off;		/* the section's bytes from off */
	if (avail < (rest < DWARF_UNIT_HEADER_MAX ? rest : DWARF_UNIT_HEADER_MAX))
		return DWARF_UNIT_BAD;	/* the caller read too little */
	length = scan_le(hdr, 4);
	if (length == 0xffffffff) {		/* 64-bit DWARF */
		if (rest - at < 8)
			return DWARF_UNIT_BAD;
		length = scan_le(hdr + at, 8);
		at += 8;
		offset_size = 8;
	} else if (length >= 0xfffffff0) {	/* reserved */
		return DWARF_UNIT_BAD;
	}
	if (rest - at < 2)
		return DWARF_UNIT_BAD;
	version = (unsigned)scan_le(hdr + at, 2);
	at += 2;
	if (version >= 5) {
		if (rest - at < 1)
			return DWARF_UNIT_BAD;
		type = hdr[at++];
	}
	/* A header libdw does not know: the unit is found, its length kept. */
	if (version < 2 || version > 5 || (version == 5 && !known_type(type)))
		goto found;
	if (version < 5)
		type = DW_UT_compile;
	if (header_size(offset_size, version, type) >= rest)
		return DWARF_UNIT_END;
	/* From here every byte read is in the header, in the section. */
	if (version >= 5)
		at++;				/* the address size */
	table = scan_le(hdr + at, offset_size);
	at += offset_size;
	if (table > abbrev_size)
		return DWARF_UNIT_BAD;
	if (type == DW_UT_type || type == DW_UT_split_type) {
		at += 8;			/* the signature */
		type_die = scan_le(hdr + at, offset_size);
		at += offset_size;
		if (type_die > info_size || type_die < at)
			return DWARF_UNIT_BAD;
	}
found:
	*next = off + 2 * offset_size - 4 + length;
	if (*next <= off)		/* a length that wraps: none after it */
		*next = UINT64_MAX;
	return DWARF_UNIT_FOUND;
}

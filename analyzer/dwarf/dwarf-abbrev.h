/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dwarf-abbrev.h — a unit's abbreviation table and the encodings of
 * DWARF's forms, shared by dwarf-scan.c (the table, the top-level DIEs)
 * and dwarf-scan-die.c (one DIE's attributes), read as libdw reads them,
 * every read checked against the end it is given; dwarf-files.c reads the
 * line tables' headers with the same numbers, dwarf-unit.c the units'.
 * Inside dwarf/ only.
 */
#ifndef ASMSCAN_DWARF_ABBREV_H
#define ASMSCAN_DWARF_ABBREV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dwarf_scan;
struct dwarf_scan_unit;

/* Abbreviation codes GCC writes are 1..N, a few hundred per unit. */
#define SCAN_MAX_CODE 65536u
#define SCAN_VARIABLE UINT32_MAX	/* a form whose size is in the DIE */
#define SCAN_NO_VALUE INT64_MIN		/* an implicit value not read here */

struct scan_abbrev {
	uint32_t tag;
	uint32_t first_form;		/* into dwarf_scan.forms */
	uint32_t nforms;
	uint32_t fixed;			/* bytes of all attributes, or
					 * SCAN_VARIABLE */
	uint32_t sib_at;		/* bytes before DW_AT_sibling when
					 * fixed, else SCAN_VARIABLE */
	int32_t sibling;		/* index of the first DW_AT_sibling,
					 * -1: none */
	int32_t name;			/* index of the first DW_AT_name,
					 * -1: none */
	uint32_t name_at;		/* bytes before it when fixed */
	bool integrates;		/* DW_AT_abstract_origin or
					 * DW_AT_specification: a name may
					 * come from another DIE */
	uint8_t sib_width;		/* its bytes when fixed (ref1..ref8) */
	uint8_t marks;			/* SCAN_WANTED, SCAN_STRUCT */
	bool defined, children;
};

#define SCAN_WANTED 1		/* a function dwarf.c visits */
#define SCAN_STRUCT 2		/* a struct definition it may visit */

/* How a form's value is sized. */
enum scan_size {
	FS_LEB = -1,		/* one LEB128 number */
	FS_STRING = -2,		/* up to and with a NUL */
	FS_BLOCK1 = -3,		/* a length, then that many bytes */
	FS_BLOCK2 = -4,
	FS_BLOCK4 = -5,
	FS_BLOCK = -6,		/* ULEB128 length: block, exprloc */
	FS_BAD = -7,		/* not sized here: libdw reads the unit */
};

/* The size of a value of form in unit u: bytes, or an enum scan_size. */
int scan_form_size(unsigned form, const struct dwarf_scan_unit *u);
/* The bytes of one value of a form of that size at p, before end. */
bool scan_value_len(int size, const uint8_t *p, const uint8_t *end,
		    uint64_t *len);
/* A CU-relative reference (ref1/2/4/8/udata) at p, as __libdw_formref(). */
bool scan_ref(unsigned form, const uint8_t *p, const uint8_t *end,
	      uint64_t *off);
/* A ULEB128 of more than one byte; an SLEB128 (both: false past end). */
bool scan_uleb_long(const uint8_t **p, const uint8_t *end, uint64_t *v);
bool scan_sleb(const uint8_t **p, const uint8_t *end, int64_t *v);
/* u's abbreviation table in s->codes; false: libdw reads the unit. */
bool scan_table_ready(struct dwarf_scan *s, const struct dwarf_scan_unit *u);

/* Most are one byte: an abbreviation code, a small number. */
static inline bool scan_uleb(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	if (*p < end && !(**p & 0x80)) {
		*v = *(*p)++;
		return true;
	}
	return scan_uleb_long(p, end, v);
}

/* A little-endian number of 1, 2, 4 or 8 bytes (the ELF is ELFDATA2LSB). */
static inline uint64_t scan_le(const uint8_t *p, unsigned n)
{
	switch (n) {
	case 1:
		return p[0];
	case 2:
		return (uint64_t)p[0] | (uint64_t)p[1] << 8;
	case 4:
		return (uint64_t)p[0] | (uint64_t)p[1] << 8 |
		       (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;
	default:
		return scan_le(p, 4) | scan_le(p + 4, 4) << 32;
	}
}

/*
 * The abbreviation (of codes[0..ncodes), a dwarf_scan's table) of the DIE
 * at *p, *p moved past its code; NULL: none.
 */
static inline const struct scan_abbrev *
scan_die_abbrev(const struct scan_abbrev *codes, size_t ncodes,
		const uint8_t **p, const uint8_t *end)
{
	uint64_t code;

	if (!scan_uleb(p, end, &code) || !code || code >= ncodes ||
	    !codes[code].defined)
		return NULL;
	return &codes[code];
}

#endif /* ASMSCAN_DWARF_ABBREV_H */

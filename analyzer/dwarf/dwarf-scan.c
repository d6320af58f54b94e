// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-scan.c — a unit's top-level DIEs without libdw's per-DIE cost
 * (see dwarf-scan.h).
 *
 * The walk is libdw's dwarf_siblingof() (elfutils 0.188) step for step:
 * a DIE with DW_AT_sibling (the first one, CU-relative ref1/2/4/8/udata,
 * after the DIE and before the unit's end) continues there; one without
 * continues after its attributes, a level deeper when its abbreviation
 * has children; a zero byte ends a level, and ends the walk at the top
 * level or at the unit's end.  The abbreviation table is read as
 * __libdw_getabbrev() reads it, each entry checked the same way, but all
 * of it at once: where libdw would find an entry damaged or a code
 * repeated only when a lookup reaches it, this reader gives up on the
 * unit (false), which is never wrong, only slower.
 */
#include "dwarf-scan.h"
#include "dwarf-abbrev.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The size of a value of form in unit u, as __libdw_form_val_len(). */
int scan_form_size(unsigned form, const struct dwarf_scan_unit *u)
{
	switch (form) {
	case 0:				/* libdw skips nothing for it */
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:	/* the value is in the abbreviation */
		return 0;
	case DW_FORM_flag: case DW_FORM_data1: case DW_FORM_ref1:
	case DW_FORM_addrx1: case DW_FORM_strx1:
		return 1;
	case DW_FORM_data2: case DW_FORM_ref2:
	case DW_FORM_addrx2: case DW_FORM_strx2:
		return 2;
	case DW_FORM_addrx3: case DW_FORM_strx3:
		return 3;
	case DW_FORM_data4: case DW_FORM_ref4: case DW_FORM_ref_sup4:
	case DW_FORM_addrx4: case DW_FORM_strx4:
		return 4;
	case DW_FORM_ref_sig8: case DW_FORM_data8: case DW_FORM_ref8:
	case DW_FORM_ref_sup8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return (int)u->addr_size;
	case DW_FORM_ref_addr:
		return (int)(u->version == 2 ? u->addr_size : u->offset_size);
	case DW_FORM_strp: case DW_FORM_strp_sup: case DW_FORM_line_strp:
	case DW_FORM_sec_offset: case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
		return (int)u->offset_size;
	case DW_FORM_sdata: case DW_FORM_udata: case DW_FORM_ref_udata:
	case DW_FORM_addrx: case DW_FORM_loclistx: case DW_FORM_rnglistx:
	case DW_FORM_strx: case DW_FORM_GNU_addr_index:
	case DW_FORM_GNU_str_index:
		return FS_LEB;
	case DW_FORM_string:
		return FS_STRING;
	case DW_FORM_block1:
		return FS_BLOCK1;
	case DW_FORM_block2:
		return FS_BLOCK2;
	case DW_FORM_block4:
		return FS_BLOCK4;
	case DW_FORM_block: case DW_FORM_exprloc:
		return FS_BLOCK;
	default:			/* DW_FORM_indirect, unknown forms */
		return FS_BAD;
	}
}

/*
 * One ULEB128 at *p, before end: at most 10 bytes, as libdw reads them
 * (an 11th would be read differently: give up).
 */
bool scan_uleb_long(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	const uint8_t *q = *p;
	uint64_t r = 0;

	for (unsigned shift = 0; shift < 70; shift += 7) {
		uint8_t b;

		if (q >= end)
			return false;
		b = *q++;
		if (shift < 64)
			r |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*p = q;
			*v = r;
			return true;
		}
	}
	return false;
}

/*
 * One SLEB128 at *p, before end, as libdw reads it; up to 9 bytes (a
 * tenth is read in a way of libdw's own: give up).
 */
bool scan_sleb(const uint8_t **p, const uint8_t *end, int64_t *v)
{
	const uint8_t *q = *p;
	uint64_t r = 0;

	for (unsigned shift = 0; shift < 63; shift += 7) {
		uint8_t b;

		if (q >= end)
			return false;
		b = *q++;
		r |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			if (b & 0x40)
				r |= ~(uint64_t)0 << (shift + 7);
			*p = q;
			*v = (int64_t)r;
			return true;
		}
	}
	return false;
}

/* The bytes of a fixed-size CU-relative reference form, else 0. */
static unsigned sibling_width(unsigned form)
{
	switch (form) {
	case DW_FORM_ref1:
		return 1;
	case DW_FORM_ref2:
		return 2;
	case DW_FORM_ref4:
		return 4;
	case DW_FORM_ref8:
		return 8;
	default:
		return 0;
	}
}

/* Forms below it have their sizes looked up, not worked out. */
#define SCAN_SIZED_FORMS 0x30

/* s->codes[code], the table grown to hold it; NULL: code defined twice. */
static struct scan_abbrev *abbrev_slot(struct dwarf_scan *s, uint64_t code)
{
	if (code >= s->ncodes) {
		size_t old = s->ncodes;

		if (code >= s->codes_cap) {
			s->codes_cap = code + 64;
			s->codes = xrealloc(s->codes, s->codes_cap *
						      sizeof(*s->codes));
		}
		memset(s->codes + old, 0, (code + 1 - old) * sizeof(*s->codes));
		s->ncodes = code + 1;
	}
	return s->codes[code].defined ? NULL : &s->codes[code];
}

/* One attribute specification, appended to s's forms. */
static void push_form(struct dwarf_scan *s, uint64_t name, uint64_t form,
		      int64_t implicit)
{
	if (s->nforms == s->forms_cap) {
		s->forms_cap = s->forms_cap ? 2 * s->forms_cap : 1024;
		s->forms = xrealloc(s->forms, s->forms_cap *
					      sizeof(*s->forms));
		s->names = xrealloc(s->names, s->forms_cap *
					      sizeof(*s->names));
		s->implicit = xrealloc(s->implicit, s->forms_cap *
						      sizeof(*s->implicit));
	}
	s->forms[s->nforms] = (uint16_t)form;
	s->implicit[s->nforms] = implicit;
	s->names[s->nforms++] = (uint32_t)name;
}

/*
 * An entry's attribute specifications at *pp, up to the (0, 0) pair that
 * ends them, into a: its forms, where DW_AT_sibling is, its fixed size
 * and its marks.  sizes: scan_form_size() of the forms below
 * SCAN_SIZED_FORMS.
 */
static bool read_specs(struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		       const int8_t *sizes, const uint8_t **pp,
		       const uint8_t *end, struct scan_abbrev *a)
{
	const uint8_t *p = *pp;
	uint64_t name, form, fixed = 0;
	int64_t implicit = 0;
	bool pc = false, byte_size = false, decl = false;
	uint32_t n = 0;

	for (;; n++) {
		int size;

		if (p >= end || !scan_uleb(&p, end, &name) || p >= end ||
		    !scan_uleb(&p, end, &form))
			return false;
		if (form == DW_FORM_implicit_const) {
			const uint8_t *v = p;
			uint64_t bytes;

			/* libdw's length, the value if read here */
			if (p >= end || !scan_uleb(&p, end, &bytes))
				return false;
			if (!scan_sleb(&v, end, &implicit))
				implicit = SCAN_NO_VALUE;
		}
		if (!name && !form)
			break;
		if (name > UINT32_MAX || form > UINT16_MAX)
			return false;
		push_form(s, name, form, implicit);
		switch (name) {
		case DW_AT_sibling:
			if (a->sibling < 0) {
				a->sibling = (int32_t)n;
				if (fixed != SCAN_VARIABLE)
					a->sib_at = (uint32_t)fixed;
			}
			break;
		case DW_AT_low_pc: case DW_AT_high_pc: case DW_AT_ranges:
		case DW_AT_noreturn:
			pc = true;
			break;
		case DW_AT_name:
			if (a->name < 0) {
				a->name = (int32_t)n;
				a->name_at = (uint32_t)fixed;
			}
			break;
		case DW_AT_abstract_origin: case DW_AT_specification:
			a->integrates = true;
			break;
		case DW_AT_byte_size:
			byte_size = true;
			break;
		case DW_AT_declaration:
			decl = true;
			break;
		default:
			break;
		}
		size = form < SCAN_SIZED_FORMS ? sizes[form] :
						 scan_form_size((unsigned)form, u);
		if (size < 0 || fixed == SCAN_VARIABLE)
			fixed = SCAN_VARIABLE;
		else
			fixed += (uint64_t)size;
	}
	*pp = p;
	a->nforms = n;
	a->fixed = (uint32_t)fixed;
	/* Any fixed form but a CU-relative reference: no sib_width. */
	if (a->sibling >= 0 && a->fixed != SCAN_VARIABLE)
		a->sib_width = (uint8_t)sibling_width(
			s->forms[a->first_form + a->sibling]);
	if (a->tag == DW_TAG_structure_type && byte_size && !decl)
		a->marks |= SCAN_STRUCT;
	if (a->tag == DW_TAG_subprogram && pc)
		a->marks |= SCAN_WANTED;
	return true;
}

/*
 * The abbreviation table at u->abbrev_off into s->codes, as
 * __libdw_getabbrev() reads it entry after entry up to the zero code.
 */
static bool load_table(struct dwarf_scan *s, const struct dwarf_scan_unit *u)
{
	const uint8_t *p, *end = s->abbrev + s->abbrev_size;
	int8_t sizes[SCAN_SIZED_FORMS];

	if (u->abbrev_off >= s->abbrev_size)
		return false;
	for (unsigned f = 0; f < sizeof(sizes); f++)
		sizes[f] = (int8_t)scan_form_size(f, u);
	for (size_t i = 0; i < s->ncodes; i++)
		s->codes[i].defined = false;
	s->nforms = 0;
	p = s->abbrev + u->abbrev_off;
	for (;;) {
		struct scan_abbrev *a;
		uint64_t code, tag;

		if (p >= end)
			return false;
		if (!*p)
			return true;		/* the table's end */
		if (!scan_uleb(&p, end, &code) || !code || code >= SCAN_MAX_CODE ||
		    p >= end || !scan_uleb(&p, end, &tag) || tag > UINT32_MAX ||
		    p + 1 >= end)
			return false;
		a = abbrev_slot(s, code);
		if (!a)
			return false;		/* a code twice */
		*a = (struct scan_abbrev){ .defined = true, .tag = (uint32_t)tag,
					   .children = *p++ == DW_CHILDREN_yes,
					   .first_form = (uint32_t)s->nforms,
					   .sibling = -1, .sib_at = SCAN_VARIABLE,
					   .name = -1 };
		if (!read_specs(s, u, sizes, &p, end, a))
			return false;
	}
}

/* The bytes of one value of form at p, before end; false: give up. */
bool scan_value_len(int size, const uint8_t *p, const uint8_t *end,
		      uint64_t *len)
{
	const uint8_t *q = p;
	uint64_t n;

	switch (size) {
	case FS_LEB:
		if (!scan_uleb(&q, end, &n))
			return false;
		*len = (uint64_t)(q - p);
		return true;
	case FS_STRING:
		q = memchr(p, 0, (size_t)(end - p));
		if (!q)
			return false;
		*len = (uint64_t)(q - p) + 1;
		return true;
	case FS_BLOCK1: case FS_BLOCK2: case FS_BLOCK4: {
		unsigned w = size == FS_BLOCK1 ? 1 : size == FS_BLOCK2 ? 2 : 4;

		if ((size_t)(end - p) < w)
			return false;
		*len = scan_le(p, w) + w;
		break;
	}
	case FS_BLOCK:
		if (!scan_uleb(&q, end, &n))
			return false;
		*len = n + (uint64_t)(q - p);
		break;
	case FS_BAD:
		return false;
	default:
		*len = (uint64_t)size;
		break;
	}
	return *len <= (uint64_t)(end - p);
}

/* A DW_AT_sibling value of form at p: CU-relative, as __libdw_formref(). */
bool scan_ref(unsigned form, const uint8_t *p, const uint8_t *end,
			uint64_t *off)
{
	switch (form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8: {
		unsigned w = form == DW_FORM_ref1 ? 1 : form == DW_FORM_ref2 ? 2 :
			     form == DW_FORM_ref4 ? 4 : 8;

		if ((size_t)(end - p) < w)
			return false;
		*off = scan_le(p, w);
		return true;
	}
	case DW_FORM_ref_udata:
		return scan_uleb(&p, end, off);
	default:			/* not CU-relative: libdw refuses it */
		return false;
	}
}

/*
 * Past the attributes of a DIE of abbreviation a at *p; *sib the first
 * DW_AT_sibling's value, or UINT64_MAX when it has none.
 */
static bool skip_die(const struct dwarf_scan *s, const struct scan_abbrev *a,
		     const struct dwarf_scan_unit *u, const uint8_t **p,
		     const uint8_t *end, uint64_t *sib)
{
	const uint16_t *forms = s->forms + a->first_form;
	const uint8_t *q = *p;

	*sib = UINT64_MAX;
	if (a->fixed != SCAN_VARIABLE) {
		if (a->fixed > (uint64_t)(end - q))
			return false;
		if (a->sib_width)
			*sib = scan_le(q + a->sib_at, a->sib_width);
		else if (a->sibling >= 0)
			return false;	/* no CU-relative reference */
		*p = q + a->fixed;
		return true;
	}
	for (uint32_t i = 0; i < a->nforms; i++) {
		uint64_t len;

		if ((int32_t)i == a->sibling && !scan_ref(forms[i], q, end, sib))
			return false;
		if (!scan_value_len(scan_form_size(forms[i], u), q, end, &len))
			return false;
		q += len;
	}
	*p = q;
	return true;
}

/* The unit's table in s->codes (units may share one; sizes are a unit's). */
bool scan_table_ready(struct dwarf_scan *s, const struct dwarf_scan_unit *u)
{
	unsigned sizes = u->version << 16 | u->addr_size << 8 | u->offset_size;

	if (!s->abbrev)
		return false;
	if (!s->table_ok || s->table_off != u->abbrev_off || s->table_sizes != sizes) {
		s->table_off = u->abbrev_off;
		s->table_sizes = sizes;
		s->table_ok = load_table(s, u);
	}
	return s->table_ok;
}

bool dwarf_scan_unit(struct dwarf_scan *s, const struct dwarf_scan_unit *u)
{
	const uint8_t *base = u->info + u->start, *end = u->info + u->end;
	const uint8_t *p = u->info + u->first;
	unsigned want = SCAN_WANTED | (u->structs ? SCAN_STRUCT : 0);
	size_t level = 0, ns = 0;	/* ns: levels that are namespaces */

	s->ndies = 0;
	if (u->first >= u->end || u->start >= u->first || !scan_table_ready(s, u))
		return false;
	for (;;) {
		const uint8_t *die = p;
		const struct scan_abbrev *a =
			scan_die_abbrev(s->codes, s->ncodes, &p, end);
		uint64_t sib;

		if (!a)
			return false;
		if (level == ns && (a->marks & want || u->all))
			*VEC_PUSH(s->dies, s->ndies, s->dies_cap) =
				(struct dwarf_scan_die){
					.off = (uint64_t)(die - u->info),
					.tag = a->tag, .wanted = a->marks & want };
		if (!skip_die(s, a, u, &p, end, &sib))
			return false;
		if (level == ns && a->tag == DW_TAG_namespace && a->children &&
		    ns < DWARF_SCAN_NAMESPACES) {
			/* Rust's functions are inside its modules' namespaces */
			level++;
			ns++;
		} else if (sib != UINT64_MAX) {
			/* After this DIE, inside the unit (libdw's check). */
			if (sib >= (uint64_t)(end - base) ||
			    sib <= (uint64_t)(die - base))
				return false;
			p = base + sib;
		} else if (a->children) {
			level++;
		}
		for (;;) {
			if (p >= end)
				return true;
			if (*p)
				break;
			if (level-- == 0)
				return true;	/* no more siblings */
			if (ns > level)
				ns = level;	/* out of a namespace */
			p++;
		}
	}
}

void dwarf_scan_free(struct dwarf_scan *s)
{
	free(s->codes);
	free(s->forms);
	free(s->names);
	free(s->implicit);
	free(s->dies);
	memset(s, 0, sizeof(*s));
}

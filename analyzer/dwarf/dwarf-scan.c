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

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

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
	uint8_t sib_width;		/* its bytes when fixed (ref1..ref8) */
	uint8_t marks;			/* SCAN_WANTED, SCAN_STRUCT */
	bool defined, children;
};

#define SCAN_WANTED 1		/* a function dwarf.c visits */
#define SCAN_STRUCT 2		/* a struct definition it may visit */

/* How a form's value is sized. */
enum form_size {
	FS_LEB = -1,		/* one LEB128 number */
	FS_STRING = -2,		/* up to and with a NUL */
	FS_BLOCK1 = -3,		/* a length, then that many bytes */
	FS_BLOCK2 = -4,
	FS_BLOCK4 = -5,
	FS_BLOCK = -6,		/* ULEB128 length: block, exprloc */
	FS_BAD = -7,		/* not sized here: libdw reads the unit */
};

/* The size of a value of form in unit u, as __libdw_form_val_len(). */
static int form_size(unsigned form, const struct dwarf_scan_unit *u)
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
static bool uleb_long(const uint8_t **p, const uint8_t *end, uint64_t *v)
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

/* Most are one byte: an abbreviation code, a small number. */
static inline bool uleb(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	if (*p < end && !(**p & 0x80)) {
		*v = *(*p)++;
		return true;
	}
	return uleb_long(p, end, v);
}

/*
 * One SLEB128 at *p, before end, as libdw reads it; up to 9 bytes (a
 * tenth is read in a way of libdw's own: give up).
 */
static bool sleb(const uint8_t **p, const uint8_t *end, int64_t *v)
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

/* A little-endian number of 1, 2, 4 or 8 bytes (the ELF is ELFDATA2LSB). */
static inline uint64_t le(const uint8_t *p, unsigned n)
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
		return le(p, 4) | le(p + 4, 4) << 32;
	}
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

/*
 * The abbreviation table at u->abbrev_off into s->codes, as
 * __libdw_getabbrev() reads it entry after entry up to the zero code.
 */
static bool load_table(struct dwarf_scan *s, const struct dwarf_scan_unit *u)
{
	const uint8_t *p, *end = s->abbrev + s->abbrev_size;
	int8_t sizes[0x30];		/* form_size() of the forms below 0x30 */

	if (u->abbrev_off >= s->abbrev_size)
		return false;
	for (unsigned f = 0; f < sizeof(sizes); f++)
		sizes[f] = (int8_t)form_size(f, u);
	for (size_t i = 0; i < s->ncodes; i++)
		s->codes[i].defined = false;
	s->nforms = 0;
	p = s->abbrev + u->abbrev_off;
	for (;;) {
		struct scan_abbrev *a;
		uint64_t code, tag, name, form, fixed = 0;
		int64_t implicit = 0;
		bool pc = false, byte_size = false, decl = false;
		uint32_t n = 0;

		if (p >= end)
			return false;
		if (!*p)
			return true;		/* the table's end */
		if (!uleb(&p, end, &code) || !code || code >= SCAN_MAX_CODE ||
		    p >= end || !uleb(&p, end, &tag) || tag > UINT32_MAX ||
		    p + 1 >= end)
			return false;
		if (code >= s->ncodes) {
			size_t old = s->ncodes;

			if (code >= s->codes_cap) {
				s->codes_cap = code + 64;
				s->codes = xrealloc(s->codes, s->codes_cap * sizeof(*s->codes));
			}
			memset(s->codes + old, 0, (code + 1 - old) * sizeof(*s->codes));
			s->ncodes = code + 1;
		}
		a = &s->codes[code];
		if (a->defined)
			return false;		/* a code twice */
		*a = (struct scan_abbrev){ .defined = true, .tag = (uint32_t)tag,
					   .children = *p++ == DW_CHILDREN_yes,
					   .first_form = (uint32_t)s->nforms,
					   .sibling = -1, .sib_at = SCAN_VARIABLE };
		for (;; n++) {
			int size;

			if (p >= end || !uleb(&p, end, &name) || p >= end ||
			    !uleb(&p, end, &form))
				return false;
			if (form == DW_FORM_implicit_const) {
				const uint8_t *v = p;
				uint64_t bytes;

				/* libdw's length, the value if read here */
				if (p >= end || !uleb(&p, end, &bytes))
					return false;
				if (!sleb(&v, end, &implicit))
					implicit = SCAN_NO_VALUE;
			}
			if (!name && !form)
				break;
			if (name > UINT32_MAX || form > UINT16_MAX)
				return false;
			if (s->nforms == s->forms_cap) {
				s->forms_cap = s->forms_cap ? 2 * s->forms_cap : 1024;
				s->forms = xrealloc(s->forms, s->forms_cap * sizeof(*s->forms));
				s->names = xrealloc(s->names, s->forms_cap * sizeof(*s->names));
				s->implicit = xrealloc(s->implicit,
						       s->forms_cap * sizeof(*s->implicit));
			}
			s->forms[s->nforms] = (uint16_t)form;
			s->implicit[s->nforms] = implicit;
			s->names[s->nforms++] = (uint32_t)name;
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
			case DW_AT_byte_size:
				byte_size = true;
				break;
			case DW_AT_declaration:
				decl = true;
				break;
			default:
				break;
			}
			size = form < sizeof(sizes) ? sizes[form] :
						      form_size((unsigned)form, u);
			if (size < 0 || fixed == SCAN_VARIABLE)
				fixed = SCAN_VARIABLE;
			else
				fixed += (uint64_t)size;
		}
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
	}
}

/* The bytes of one value of form at p, before end; false: give up. */
static bool value_len(int size, const uint8_t *p, const uint8_t *end,
		      uint64_t *len)
{
	const uint8_t *q = p;
	uint64_t n;

	switch (size) {
	case FS_LEB:
		if (!uleb(&q, end, &n))
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
		*len = le(p, w) + w;
		break;
	}
	case FS_BLOCK:
		if (!uleb(&q, end, &n))
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
static bool sibling_ref(unsigned form, const uint8_t *p, const uint8_t *end,
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
		*off = le(p, w);
		return true;
	}
	case DW_FORM_ref_udata:
		return uleb(&p, end, off);
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
			*sib = le(q + a->sib_at, a->sib_width);
		else if (a->sibling >= 0)
			return false;	/* no CU-relative reference */
		*p = q + a->fixed;
		return true;
	}
	for (uint32_t i = 0; i < a->nforms; i++) {
		uint64_t len;

		if ((int32_t)i == a->sibling && !sibling_ref(forms[i], q, end, sib))
			return false;
		if (!value_len(form_size(forms[i], u), q, end, &len))
			return false;
		q += len;
	}
	*p = q;
	return true;
}

/* The abbreviation of the DIE at *p, *p moved past its code; NULL: none. */
static inline const struct scan_abbrev *die_abbrev(const struct dwarf_scan *s,
						   const uint8_t **p,
						   const uint8_t *end)
{
	uint64_t code;

	if (!uleb(p, end, &code) || !code || code >= s->ncodes ||
	    !s->codes[code].defined)
		return NULL;
	return &s->codes[code];
}

/* The unit's table in s->codes (units may share one; sizes are a unit's). */
static bool table_ready(struct dwarf_scan *s, const struct dwarf_scan_unit *u)
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
	size_t level = 0;

	s->ndies = 0;
	if (u->first >= u->end || u->start >= u->first || !table_ready(s, u))
		return false;
	for (;;) {
		const uint8_t *die = p;
		const struct scan_abbrev *a = die_abbrev(s, &p, end);
		uint64_t sib;

		if (!a)
			return false;
		if (!level && (a->marks & want || u->all))
			*VEC_PUSH(s->dies, s->ndies, s->dies_cap) = (struct dwarf_scan_die){
				.off = (uint64_t)(die - u->info), .tag = a->tag,
				.wanted = a->marks & want };
		if (!skip_die(s, a, u, &p, end, &sib))
			return false;
		if (sib != UINT64_MAX) {
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
			p++;
		}
	}
}

/* Where an attribute's value is, if the DIE has the attribute. */
struct die_attr {
	bool found;
	unsigned form;
	const uint8_t *val;
	int64_t implicit;		/* DW_FORM_implicit_const's */
};

/*
 * The first of each attribute in want[0..n) of a DIE of abbreviation a
 * whose attributes start at *p; *p moved past them all, each checked
 * against the unit's end as libdw checks them.
 */
static bool die_attrs(const struct dwarf_scan *s, const struct scan_abbrev *a,
		      const struct dwarf_scan_unit *u, const uint8_t **p,
		      const uint8_t *end, const unsigned *want,
		      struct die_attr *got, size_t n)
{
	const uint8_t *q = *p;

	memset(got, 0, n * sizeof(*got));
	for (uint32_t i = 0; i < a->nforms; i++) {
		unsigned form = s->forms[a->first_form + i];
		uint64_t len;

		for (size_t k = 0; k < n; k++)
			if (s->names[a->first_form + i] == want[k] && !got[k].found)
				got[k] = (struct die_attr){ true, form, q,
							    s->implicit[a->first_form + i] };
		if (!value_len(form_size(form, u), q, end, &len))
			return false;
		q += len;
	}
	*p = q;
	return true;
}

/* A string attribute, as dwarf_formstring() reads it, in the forms read here. */
static bool attr_string(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
			const struct die_attr *at, const char **str)
{
	const uint8_t *sec;
	size_t size;
	uint64_t off;

	switch (at->form) {
	case DW_FORM_string:
		*str = (const char *)at->val;	/* value_len saw its NUL */
		return true;
	case DW_FORM_strp:
		sec = s->str, size = s->str_size;
		break;
	case DW_FORM_line_strp:
		sec = s->line_str, size = s->line_str_size;
		break;
	default:			/* strx*: .debug_str_offsets */
		return false;
	}
	off = le(at->val, u->offset_size);
	/* Where libdw finds the string and its end. */
	if (!sec || off >= size || !memchr(sec + off, 0, size - off))
		return false;
	*str = (const char *)sec + off;
	return true;
}

bool dwarf_scan_cu(struct dwarf_scan *s, struct dwarf_scan_unit *u,
		   uint64_t die_off, const char **name)
{
	static const unsigned want[] = { DW_AT_name, DW_AT_abstract_origin,
					 DW_AT_specification, DW_AT_low_pc,
					 DW_AT_entry_pc };
	const uint8_t *end = u->info + u->end, *p = u->info + die_off, *q;
	const struct scan_abbrev *a;
	struct die_attr got[5];

	/* A split unit's name may be its skeleton's. */
	if (u->version >= 5 && u->unit_type != DW_UT_compile &&
	    u->unit_type != DW_UT_partial)
		return false;
	if (die_off >= u->end || !table_ready(s, u) ||
	    !(a = die_abbrev(s, &p, end)) || !die_attrs(s, a, u, &p, end, want, got, 5))
		return false;
	/*
	 * __libdw_cu_base_address(): DW_AT_low_pc, else DW_AT_entry_pc,
	 * else 0; another form than an address: libdw's.
	 */
	s->cu_base = 0;
	if (got[3].found || got[4].found) {
		const struct die_attr *at = got[3].found ? &got[3] : &got[4];

		s->cu_base = at->form == DW_FORM_addr ? le(at->val, u->addr_size)
						      : UINT64_MAX;
	}
	*name = NULL;
	if (got[0].found) {
		if (!attr_string(s, u, &got[0], name))
			return false;
	} else if (got[1].found || got[2].found) {
		return false;		/* dwarf_attr_integrate() follows them */
	}
	/* dwarf_child(): no children, or only 0x80 bytes and a zero. */
	u->first = 0;
	if (!a->children)
		return true;
	for (q = p; q < end && *q == 0x80; q++)
		;
	if (q < end && *q)
		u->first = (uint64_t)(p - u->info);
	return true;
}

/* A constant as dwarf_formudata() reads it, in the forms read here. */
static bool attr_udata(const struct die_attr *at, const uint8_t *end, uint64_t *v)
{
	const uint8_t *p = at->val;
	int64_t sv;

	switch (at->form) {
	case DW_FORM_data1:
		*v = le(p, 1);
		return true;
	case DW_FORM_data2:
		*v = le(p, 2);
		return true;
	case DW_FORM_data4:
		*v = le(p, 4);
		return true;
	case DW_FORM_data8:
		*v = le(p, 8);
		return true;
	case DW_FORM_udata:
		return uleb(&p, end, v);
	case DW_FORM_sdata:
		if (!sleb(&p, end, &sv))
			return false;
		*v = (uint64_t)sv;
		return true;
	case DW_FORM_implicit_const:
		*v = (uint64_t)at->implicit;
		return at->implicit != SCAN_NO_VALUE;
	default:
		return false;
	}
}

/*
 * visit_subprogram()'s abstract_origin() and inline_attr(): from the DIE
 * whose DW_AT_abstract_origin is origin, up to 8 links along the chain,
 * and the DW_AT_inline of the DIE it ends at, as a byte (0: none).
 * False: libdw must follow it (a reference that is not CU-relative or
 * leaves the unit, a DIE or form not read here).
 */
static bool origin_inline(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
			  struct die_attr origin, uint8_t *inl)
{
	static const unsigned want[] = { DW_AT_abstract_origin, DW_AT_inline };
	const uint8_t *end = u->info + u->end;
	struct die_attr got[2] = { { 0 } };
	uint64_t v;

	for (int i = 0; i < 8 && origin.found; i++) {
		const struct scan_abbrev *a;
		const uint8_t *p;
		uint64_t ref;

		if (!sibling_ref(origin.form, origin.val, end, &ref) ||
		    ref >= u->end - u->start)
			return false;
		p = u->info + u->start + ref;
		if (!(a = die_abbrev(s, &p, end)) ||
		    !die_attrs(s, a, u, &p, end, want, got, 2))
			return false;
		origin = got[0];
	}
	*inl = 0;
	if (!got[1].found)
		return true;
	if (!attr_udata(&got[1], end, &v))
		return false;
	*inl = (uint8_t)v;
	return true;
}

/*
 * The ranges of a DW_AT_ranges (DW_FORM_sec_offset), as dwarf_ranges()
 * gives them one by one from .debug_rnglists (DWARF 5) or .debug_ranges:
 * the lowest start, and the bytes of all.  False: libdw's (an entry of
 * .debug_addr, a list damaged or cut short, no such section).
 */
static bool range_list(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		       const struct die_attr *at, bool *any, uint64_t *low,
		       uint64_t *size)
{
	bool v5 = u->version >= 5;
	const uint8_t *sec = v5 ? s->rnglists : s->ranges, *p, *end;
	size_t sec_size = v5 ? s->rnglists_size : s->ranges_size;
	unsigned w = u->addr_size;
	uint64_t base = s->cu_base, off, b, e;

	*any = false;
	*low = *size = 0;
	if (!sec || at->form != DW_FORM_sec_offset || base == UINT64_MAX)
		return false;
	off = le(at->val, u->offset_size);
	if (off >= sec_size)
		return false;
	end = sec + sec_size;
	for (p = sec + off;;) {
		if (v5) {
			if (p >= end)
				return false;
			switch (*p++) {
			case DW_RLE_end_of_list:
				return true;
			case DW_RLE_offset_pair:
				if (!uleb(&p, end, &b) || !uleb(&p, end, &e))
					return false;
				b += base, e += base;
				break;
			case DW_RLE_base_address:
				if ((size_t)(end - p) < w)
					return false;
				base = le(p, w), p += w;
				continue;
			case DW_RLE_start_end:
				if ((size_t)(end - p) < 2 * w)
					return false;
				b = le(p, w), e = le(p + w, w), p += 2 * w;
				break;
			case DW_RLE_start_length:
				if ((size_t)(end - p) < w)
					return false;
				b = le(p, w), p += w;
				if (!uleb(&p, end, &e))
					return false;
				e += b;
				break;
			default:	/* .debug_addr's, or damaged */
				return false;
			}
		} else {
			uint64_t escape = w == 8 ? UINT64_MAX : UINT32_MAX;

			if ((size_t)(end - p) < 2 * w)
				return false;
			b = le(p, w), e = le(p + w, w), p += 2 * w;
			if (b == escape) {
				if (e == escape)
					return false;
				base = e;
				continue;
			}
			if (!b && !e)
				return true;
			b += base, e += base;
		}
		if (!*any || b < *low)
			*low = b;
		*any = true;
		*size += e - b;
	}
}

/* An address attribute as dwarf_formaddr() reads it: DW_FORM_addr only. */
static bool attr_addr(const struct die_attr *at, const struct dwarf_scan_unit *u,
		      uint64_t *v)
{
	if (at->form != DW_FORM_addr)
		return false;
	*v = le(at->val, u->addr_size);
	return true;
}

/* dwarf_highpc()'s: an address, or a constant past DW_AT_low_pc. */
static bool attr_high(const struct die_attr *at, const uint8_t *end,
		      const struct dwarf_scan_unit *u, uint64_t low, uint64_t *v)
{
	uint64_t n;

	if (at->form == DW_FORM_addr)
		return attr_addr(at, u, v);
	if (at->form == DW_FORM_sdata || at->form == DW_FORM_implicit_const ||
	    !attr_udata(at, end, &n))
		return false;		/* forms read here: data1-8, udata */
	*v = low + n;
	return true;
}

bool dwarf_scan_func(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		     uint64_t off, struct dwarf_scan_func *f)
{
	enum { NAME, NORETURN, LOW, HIGH, RANGES, ORIGIN, SPEC, ENTRY, NWANT };
	static const unsigned want[NWANT] = {
		[NAME] = DW_AT_name, [NORETURN] = DW_AT_noreturn,
		[LOW] = DW_AT_low_pc, [HIGH] = DW_AT_high_pc,
		[RANGES] = DW_AT_ranges, [ORIGIN] = DW_AT_abstract_origin,
		[SPEC] = DW_AT_specification, [ENTRY] = DW_AT_entry_pc,
	};
	const uint8_t *end = u->info + u->end, *p = u->info + off;
	const struct scan_abbrev *a;
	struct die_attr got[NWANT];
	uint64_t low, high;
	bool any;

	if (off >= u->end || !(a = die_abbrev(s, &p, end)) ||
	    !die_attrs(s, a, u, &p, end, want, got, NWANT))
		return false;
	memset(f, 0, sizeof(*f));
	f->noreturn = got[NORETURN].found;
	if (f->noreturn && got[NAME].found && !attr_string(s, u, &got[NAME], &f->name))
		return false;
	/* dwarf_diename() would take the name from another DIE. */
	if (f->noreturn && !got[NAME].found && (got[ORIGIN].found || got[SPEC].found))
		return false;
	if (got[LOW].found && got[HIGH].found) {
		/* die_code(): dwarf_lowpc() and dwarf_highpc() */
		if (!attr_addr(&got[LOW], u, &low) ||
		    !attr_high(&got[HIGH], end, u, low, &high))
			return false;
		/* Below its start: dwarf_ranges() would give it, oddly. */
		if (high < low)
			return false;
		f->entry = low;
		f->size = high - low;
	} else if (got[RANGES].found) {
		/* else dwarf_ranges() one by one, then dwarf_entrypc() */
		if (!range_list(s, u, &got[RANGES], &any, &low, &f->size))
			return false;
		if (!any)
			return true;
		f->entry = low;
		if ((got[ENTRY].found && !attr_addr(&got[ENTRY], u, &f->entry)) ||
		    (!got[ENTRY].found && got[LOW].found &&
		     !attr_addr(&got[LOW], u, &f->entry)))
			return false;
	} else {
		return true;		/* no code: a declaration */
	}
	f->code = true;
	/* A copy of an inline function: libdw reads its origin's name and
	 * declaration.  Any other origin changes nothing. */
	if (got[ORIGIN].found) {
		uint8_t inl;

		if (!origin_inline(s, u, got[ORIGIN], &inl) ||
		    inl == DW_INL_declared_inlined || inl == DW_INL_declared_not_inlined)
			return false;
	}
	return true;
}

bool dwarf_scan_name(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		     uint64_t off, const char **name)
{
	static const unsigned want[] = { DW_AT_name, DW_AT_abstract_origin,
					 DW_AT_specification };
	const uint8_t *end = u->info + u->end, *p = u->info + off;
	const struct scan_abbrev *a;
	struct die_attr got[3];

	if (off >= u->end || !(a = die_abbrev(s, &p, end)) ||
	    !die_attrs(s, a, u, &p, end, want, got, 3))
		return false;
	*name = NULL;
	if (got[0].found)
		return attr_string(s, u, &got[0], name);
	return !got[1].found && !got[2].found;	/* else integrated */
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

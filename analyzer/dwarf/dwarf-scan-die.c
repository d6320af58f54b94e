// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-scan-die.c — one DIE's attributes read without libdw (see
 * dwarf-scan.h): the unit DIE's name and first child, a function's
 * noreturn mark, name, code (one range or a range list) and abstract
 * origin, a struct's name.  Each is read as the libdw call dwarf.c would
 * make reads it (named at each function), or not at all: anything else
 * and the caller asks libdw.
 */
#include "dwarf-scan.h"
#include "dwarf-abbrev.h"

#include <dwarf.h>
#include <limits.h>
#include <string.h>

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
				got[k] = (struct die_attr){
					true, form, q, s->implicit[a->first_form + i] };
		if (!scan_value_len(scan_form_size(form, u), q, end, &len))
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
	off = scan_le(at->val, u->offset_size);
	/* Where libdw finds the string and its end (a section ending in a
	 * NUL has one after any offset in it). */
	if (!sec || off >= size ||
	    (sec[size - 1] && !memchr(sec + off, 0, size - off)))
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

	/* Unknown until read: a unit whose DIE is not read here may still be
	 * scanned, and its ranges are then libdw's. */
	s->cu_base = UINT64_MAX;
	/* A split unit's name may be its skeleton's. */
	if (u->version >= 5 && u->unit_type != DW_UT_compile &&
	    u->unit_type != DW_UT_partial)
		return false;
	if (die_off >= u->end || !scan_table_ready(s, u) ||
	    !(a = scan_die_abbrev(s->codes, s->ncodes, &p, end)) ||
	    !die_attrs(s, a, u, &p, end, want, got, 5))
		return false;
	/*
	 * __libdw_cu_base_address(): DW_AT_low_pc, else DW_AT_entry_pc,
	 * else 0; another form than an address: libdw's.
	 */
	s->cu_base = 0;
	if (got[3].found || got[4].found) {
		const struct die_attr *at = got[3].found ? &got[3] : &got[4];

		s->cu_base = at->form == DW_FORM_addr ? scan_le(at->val, u->addr_size)
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
		*v = scan_le(p, 1);
		return true;
	case DW_FORM_data2:
		*v = scan_le(p, 2);
		return true;
	case DW_FORM_data4:
		*v = scan_le(p, 4);
		return true;
	case DW_FORM_data8:
		*v = scan_le(p, 8);
		return true;
	case DW_FORM_udata:
		return scan_uleb(&p, end, v);
	case DW_FORM_sdata:
		if (!scan_sleb(&p, end, &sv))
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
 * As dwarf_die_origin_inline() (dwarf-die.h) reads it with libdw: from the DIE
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

		if (!scan_ref(origin.form, origin.val, end, &ref) ||
		    ref >= u->end - u->start)
			return false;
		p = u->info + u->start + ref;
		if (!(a = scan_die_abbrev(s->codes, s->ncodes, &p, end)) ||
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

void dwarf_code_range(struct dwarf_code_ranges *r, uint64_t start,
		      uint64_t end)
{
	if (!r->any)
		r->first = start;
	r->any = true;
	r->size += end - start;
	if (end > start && r->n < DWARF_CODE_PARTS + 1) {
		r->start[r->n] = start;
		r->end[r->n++] = end;
	}
}

bool dwarf_code_finish(const struct dwarf_code_ranges *r, bool has_entry,
		       uint64_t entry, struct dwarf_code *code)
{
	memset(code, 0, sizeof(*code));
	if (!r->any)
		return false;
	code->size = r->size;
	code->entry = has_entry ? entry : r->n ? r->start[0] : r->first;
	for (uint32_t i = 0; i < r->n; i++)
		if ((code->entry < r->start[i] || code->entry >= r->end[i]) &&
		    code->nparts < DWARF_CODE_PARTS)
			code->part[code->nparts++] = r->start[i];
	return true;
}

/*
 * The ranges of a DW_AT_ranges (DW_FORM_sec_offset), as dwarf_ranges()
 * gives them one by one from .debug_rnglists (DWARF 5) or .debug_ranges,
 * into r.  False: libdw's (an entry of .debug_addr, a list damaged or cut
 * short, no such section).
 */
static bool range_list(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		       const struct die_attr *at, struct dwarf_code_ranges *r)
{
	bool v5 = u->version >= 5;
	const uint8_t *sec = v5 ? s->rnglists : s->ranges, *p, *end;
	size_t sec_size = v5 ? s->rnglists_size : s->ranges_size;
	unsigned w = u->addr_size;
	uint64_t base = s->cu_base, off, b, e;

	memset(r, 0, sizeof(*r));
	if (!sec || at->form != DW_FORM_sec_offset || base == UINT64_MAX)
		return false;
	off = scan_le(at->val, u->offset_size);
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
				if (!scan_uleb(&p, end, &b) || !scan_uleb(&p, end, &e))
					return false;
				b += base, e += base;
				break;
			case DW_RLE_base_address:
				if ((size_t)(end - p) < w)
					return false;
				base = scan_le(p, w), p += w;
				continue;
			case DW_RLE_start_end:
				if ((size_t)(end - p) < 2 * w)
					return false;
				b = scan_le(p, w), e = scan_le(p + w, w), p += 2 * w;
				break;
			case DW_RLE_start_length:
				if ((size_t)(end - p) < w)
					return false;
				b = scan_le(p, w), p += w;
				if (!scan_uleb(&p, end, &e))
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
			b = scan_le(p, w), e = scan_le(p + w, w), p += 2 * w;
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
		dwarf_code_range(r, b, e);
	}
}

/* An address attribute as dwarf_formaddr() reads it: DW_FORM_addr only. */
static bool attr_addr(const struct die_attr *at, const struct dwarf_scan_unit *u,
		      uint64_t *v)
{
	if (at->form != DW_FORM_addr)
		return false;
	*v = scan_le(at->val, u->addr_size);
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

/*
 * A function's declaration as dwarf_attr_integrate() reads it: its own
 * DW_AT_decl_file and DW_AT_decl_line, else (with DW_AT_abstract_origin
 * or DW_AT_specification) another DIE's, which libdw reads.
 */
static void decl_of(struct die_attr file, struct die_attr line, bool integrates,
		    const uint8_t *end, struct dwarf_scan_func *f)
{
	uint64_t v;

	f->decl = (file.found && line.found) || !integrates;
	if (file.found && !attr_udata(&file, end, &f->decl_file))
		f->decl = false;
	if (line.found && !attr_udata(&line, end, &v))
		f->decl = false;
	else if (line.found)
		f->decl_line = v <= INT_MAX ? (uint32_t)v : 0;
}

bool dwarf_scan_func(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		     uint64_t off, struct dwarf_scan_func *f)
{
	enum { NAME, NORETURN, LOW, HIGH, RANGES, ORIGIN, SPEC, ENTRY, LINKAGE,
	       DECL_FILE, DECL_LINE, NWANT };
	static const unsigned want[NWANT] = {
		[NAME] = DW_AT_name, [NORETURN] = DW_AT_noreturn,
		[LOW] = DW_AT_low_pc, [HIGH] = DW_AT_high_pc,
		[RANGES] = DW_AT_ranges, [ORIGIN] = DW_AT_abstract_origin,
		[SPEC] = DW_AT_specification, [ENTRY] = DW_AT_entry_pc,
		[LINKAGE] = DW_AT_linkage_name, [DECL_FILE] = DW_AT_decl_file,
		[DECL_LINE] = DW_AT_decl_line,
	};
	const uint8_t *end = u->info + u->end, *p = u->info + off;
	const struct scan_abbrev *a;
	struct die_attr got[NWANT];
	struct dwarf_code_ranges r;
	uint64_t low, high, entry = 0;

	if (off >= u->end ||
	    !(a = scan_die_abbrev(s->codes, s->ncodes, &p, end)) ||
	    !die_attrs(s, a, u, &p, end, want, got, NWANT))
		return false;
	memset(f, 0, sizeof(*f));
	f->noreturn = got[NORETURN].found;
	decl_of(got[DECL_FILE], got[DECL_LINE], got[ORIGIN].found || got[SPEC].found,
		end, f);
	/* The symbol's name: Rust's DW_AT_linkage_name, else C's DW_AT_name. */
	if (f->noreturn && got[LINKAGE].found) {
		if (!attr_string(s, u, &got[LINKAGE], &f->name))
			return false;
	} else if (f->noreturn && got[NAME].found &&
		   !attr_string(s, u, &got[NAME], &f->name)) {
		return false;
	}
	/* dwarf_diename() would take the name from another DIE. */
	if (f->noreturn && !got[NAME].found && !got[LINKAGE].found &&
	    (got[ORIGIN].found || got[SPEC].found))
		return false;
	if (got[LOW].found && got[HIGH].found) {
		/* dwarf_die_code(): dwarf_lowpc() and dwarf_highpc() */
		if (!attr_addr(&got[LOW], u, &low) ||
		    !attr_high(&got[HIGH], end, u, low, &high))
			return false;
		/* Below its start: dwarf_ranges() would give it, oddly. */
		if (high < low)
			return false;
		f->where.entry = low;
		f->where.size = high - low;
	} else if (got[RANGES].found) {
		/* else dwarf_ranges() one by one, then dwarf_entrypc() */
		if (!range_list(s, u, &got[RANGES], &r))
			return false;
		if ((got[ENTRY].found && !attr_addr(&got[ENTRY], u, &entry)) ||
		    (!got[ENTRY].found && got[LOW].found &&
		     !attr_addr(&got[LOW], u, &entry)))
			return false;
		if (!dwarf_code_finish(&r, got[ENTRY].found || got[LOW].found,
				       entry, &f->where))
			return true;
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

	if (off >= u->end ||
	    !(a = scan_die_abbrev(s->codes, s->ncodes, &p, end)))
		return false;
	/*
	 * Attributes all of a fixed size (a struct's, with its name in
	 * .debug_str): the name is where the abbreviation says, and the
	 * DIE's values are all before end when its last one is.
	 */
	if (a->fixed != SCAN_VARIABLE && !a->integrates) {
		if (a->fixed > (uint64_t)(end - p))
			return false;
		*name = NULL;
		if (a->name < 0)
			return true;
		got[0] = (struct die_attr){ true, s->forms[a->first_form + a->name],
					    p + a->name_at, 0 };
		return attr_string(s, u, &got[0], name);
	}
	if (!die_attrs(s, a, u, &p, end, want, got, 3))
		return false;
	*name = NULL;
	if (got[0].found)
		return attr_string(s, u, &got[0], name);
	return !got[1].found && !got[2].found;	/* else integrated */
}

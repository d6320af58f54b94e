// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-visit.c — what one top-level DIE gives the walk (see
 * dwarf-walk.h): a concrete function's unit and DIE, an out-of-line copy
 * of an inline function with its name and declaration, a noreturn name,
 * the members of a struct a table needs.  Functions dwarf-scan.c read
 * whole come here read; every other DIE through libdw.
 */
#include "dwarf-walk.h"
#include "dwarf-die.h"

#include <dwarf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code.h"
#include "table-layout.h"

void dwarf_walk_error(struct dwarf_walk *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->error, sizeof(w->error), fmt, ap);
	va_end(ap);
	w->failed = true;
}


bool dwarf_walk_flat(const struct dwarf_walk *w, Dwarf_Addr a, uint64_t *flat)
{
	if (w->mod) {
		Dwarf_Addr rel = a + w->bias;
		GElf_Word shndx = 0;
		int idx = dwfl_module_relocate_address(w->mod, &rel);

		if (idx < 0 || !dwfl_module_relocation_info(w->mod, (unsigned)idx,
							     &shndx) ||
		    !shndx || shndx >= w->o->nsecs)
			return false;
		*flat = w->o->secs[shndx].addr + rel;
		return true;
	}
	*flat = a;
	return true;
}

bool dwarf_die_code(Dwarf_Die *die, struct dwarf_code *code)
{
	Dwarf_Addr base, start, end, low = 0, entry = 0;
	struct dwarf_code_ranges r = { 0 };
	ptrdiff_t off = 0;
	bool has_entry;

	memset(code, 0, sizeof(*code));
	/* The common case, one range: DW_AT_low_pc and DW_AT_high_pc. */
	if (dwarf_lowpc(die, &low) == 0 && dwarf_highpc(die, &end) == 0 &&
	    end >= low) {
		code->entry = low;
		code->size = end - low;
		return true;
	}
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		dwarf_code_range(&r, start, end);
	has_entry = dwarf_entrypc(die, &entry) == 0;
	return dwarf_code_finish(&r, has_entry, entry, code);
}

uint8_t dwarf_die_origin_inline(Dwarf_Die *die, Dwarf_Die *origin)
{
	Dwarf_Attribute a;
	Dwarf_Die cur = *die;
	Dwarf_Word w;
	bool found = false;

	for (int i = 0; i < 8 && dwarf_attr(&cur, DW_AT_abstract_origin, &a); i++) {
		if (!dwarf_formref_die(&a, origin))
			return 0;
		cur = *origin;
		found = true;
	}
	if (!found || !dwarf_attr(origin, DW_AT_inline, &a) ||
	    dwarf_formudata(&a, &w))
		return 0;
	return (uint8_t)w;
}

const char *dwarf_walk_intern(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

void dwarf_walk_declaration(struct arena *a, struct dwarf_files *df,
			    Dwarf_Die *die, const char **file, uint32_t *line)
{
	int l = 0;

	*file = dwarf_walk_intern(a, dwarf_files_decl(df, die));
	*line = dwarf_decl_line(die, &l) == 0 && l > 0 ? (uint32_t)l : 0;
}

bool dwarf_walk_said(const char *const *v, size_t n, const char *name)
{
	for (size_t i = n; i-- > 0 && i + 8 >= n;)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

/*
 * A function declared noreturn (`__noreturn`, `_Noreturn`, Rust's `-> !`):
 * GCC and rustc mark its DIE, the definition's and every unit's
 * declaration of it alike, with DW_AT_noreturn; the name kept is its
 * symbol's (dwarf_die_symbol_name).  Calls to it are failure paths (calls.c).  Names are
 * kept once per unit that mentions them; calls.c merges them.
 */
static void note_noreturn_name(struct dwarf_walk *w, const char *name)
{
	if (!name || dwarf_walk_said(w->noreturn, w->nnoreturn, name))
		return;
	*VEC_PUSH(w->noreturn, w->nnoreturn, w->noreturn_cap) =
		dwarf_walk_intern(&w->strings, name);
}

const char *dwarf_die_symbol_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;

	if (dwarf_attr(die, DW_AT_linkage_name, &a))
		return dwarf_formstring(&a);
	return dwarf_diename(die);
}

static void note_noreturn(struct dwarf_walk *w, Dwarf_Die *die)
{
	if (dwarf_hasattr(die, DW_AT_noreturn))
		note_noreturn_name(w, dwarf_die_symbol_name(die));
}

/*
 * The function of o whose code starts at flat: the one whose symbol is
 * there, or else the one whose symbol is a few padding instructions
 * before it.  arm64 6.1 (GCC 12, -fpatchable-function-entry=2) puts the
 * symbol on ftrace's two NOPs and DW_AT_low_pc after them.
 */
static uint32_t func_entered(const struct object *o, uint64_t flat)
{
	uint32_t fi = object_func_at(o, flat);
	const struct obj_func *f;
	const struct obj_section *sec;

	if (fi == OBJ_NONE || o->funcs[fi].addr == flat)
		return fi;
	f = &o->funcs[fi];
	sec = &o->secs[f->shndx];
	if (flat < f->addr || flat - f->addr > FUNC_ENTRY_PAD_MAX || !sec->data ||
	    flat > sec->addr + sec->size || f->addr < sec->addr ||
	    !o->mach->entry_padding(sec->data + (f->addr - sec->addr),
				    (size_t)(flat - f->addr)))
		return OBJ_NONE;
	return fi;
}

/* Does a fragment name ("NAME.cold", "NAME.cold.3") end name? */
static bool cold_name(const char *name)
{
	const char *p = strstr(name, ".cold"), *last = NULL;

	for (; p; p = strstr(p + 1, ".cold"))
		last = p;
	if (!last || last == name)
		return false;
	last += 5;
	if (*last == '.' && last[1])
		for (last++; *last >= '0' && *last <= '9'; last++)
			;
	return !*last;
}

/* A function's declaration read already (by the scan). */
struct func_decl {
	const char *file;
	uint32_t line;
};

static void note_func(struct dwarf_walk *w, uint32_t fi, uint32_t part_of,
		      Dwarf_Off die_off, Dwarf_Die *die,
		      const struct func_decl *decl, const char *cu)
{
	struct func_note *n = VEC_PUSH(w->notes, w->nnotes, w->notes_cap);

	*n = (struct func_note){ .fi = fi, .cu = cu, .die = die_off + 1,
				 .part_of = part_of };
	if (!w->eager || part_of != OBJ_NONE)
		return;
	if (decl) {
		n->decl_file = decl->file;
		n->decl_line = decl->line;
	} else {
		dwarf_walk_declaration(&w->strings, &w->files, die,
				       &n->decl_file, &n->decl_line);
	}
}

/*
 * The function of o the DIE at die_off is entered at (for a relocatable
 * object's declaration now: decl, else from die, libdw's), and the
 * functions its other
 * ranges start (its .cold part), noted as that one's fragments.  Should
 * the entry land on a "NAME.cold" symbol while another range starts a
 * function of another name, that one is entered: the DIE is one function
 * whatever order its ranges are listed or linked in.
 */
static uint32_t note_concrete(struct dwarf_walk *w, const struct dwarf_code *code,
			      Dwarf_Off die_off, Dwarf_Die *die,
			      const struct func_decl *decl, const char *cu)
{
	const struct object *o = w->o;
	uint32_t parts[DWARF_CODE_PARTS + 1], fi;
	size_t n = 0, main = 0;
	uint64_t flat;

	if (!dwarf_walk_flat(w, code->entry, &flat))
		return OBJ_NONE;
	parts[n++] = func_entered(o, flat);
	/* Tombstones of discarded code (address 0) are in no code range. */
	if (code_contains(o, flat)) {
		w->funcs_code++;
		if (parts[0] == OBJ_NONE && !w->funcs_unmatched++)
			w->first_unmatched = flat;
	}
	for (uint32_t i = 0; i < code->nparts; i++)
		if (dwarf_walk_flat(w, code->part[i], &flat) &&
		    (fi = object_func_at(o, flat)) != OBJ_NONE &&
		    o->funcs[fi].addr == flat)
			parts[n++] = fi;
	if (parts[0] != OBJ_NONE && cold_name(o->funcs[parts[0]].name))
		for (size_t i = 1; i < n; i++)
			if (!cold_name(o->funcs[parts[i]].name)) {
				main = i;
				break;
			}
	fi = parts[main];
	if (fi == OBJ_NONE)
		return OBJ_NONE;
	note_func(w, fi, OBJ_NONE, die_off, die, decl, cu);
	for (size_t i = 0; i < n; i++)
		if (i != main && parts[i] != OBJ_NONE && parts[i] != fi)
			note_func(w, parts[i], fi, die_off, die, decl, cu);
	return fi;
}

static void visit_subprogram(struct dwarf_walk *w, Dwarf_Die *die,
			     const char *cu)
{
	struct object *o = w->o;
	struct dwarf_code code;
	Dwarf_Die origin;
	uint64_t flat;
	uint32_t fi;
	uint8_t inl;

	note_noreturn(w, die);
	if (!dwarf_die_code(die, &code))
		return;
	fi = note_concrete(w, &code, dwarf_dieoffset(die), die, NULL, cu);
	inl = dwarf_die_origin_inline(die, &origin);
	if (inl != DW_INL_declared_inlined && inl != DW_INL_declared_not_inlined)
		return;
	if (fi != OBJ_NONE)
		flat = o->funcs[fi].addr;
	else if (!dwarf_walk_flat(w, code.entry, &flat))
		return;
	struct dwarf_copy *c = VEC_PUSH(w->dcopies, w->ndcopies, w->copies_cap);

	*c = (struct dwarf_copy){ .inline_attr = inl, .addr = flat,
				  .size = code.size, .cu = cu, .func = fi };
	c->name = dwarf_walk_intern(&w->strings, dwarf_diename(&origin));
	if (!c->name)
		c->name = fi != OBJ_NONE ? o->funcs[fi].name : "?";
	dwarf_walk_declaration(&w->strings, &w->files, &origin, &c->decl_file,
			       &c->decl_line);
	if (fi != OBJ_NONE)
		*VEC_PUSH(w->notes, w->nnotes, w->notes_cap) = (struct func_note){
			.fi = fi, .copy = true, .decl_file = c->decl_file,
			.decl_line = c->decl_line, .part_of = OBJ_NONE };
}

/* Byte size of a member's type (typedefs and qualifiers peeled). */
static bool type_size(Dwarf_Die *member, Dwarf_Word *size)
{
	Dwarf_Attribute a;
	Dwarf_Die type, peeled;

	if (!dwarf_attr(member, DW_AT_type, &a) || !dwarf_formref_die(&a, &type))
		return false;
	if (dwarf_peel_type(&type, &peeled) != 0)
		return false;
	return dwarf_aggregate_size(&peeled, size) == 0;
}

/*
 * Where a member starts, in bits from the start of its struct: DWARF 5's
 * DW_AT_data_bit_offset, or DWARF 4's DW_AT_data_member_location (bytes;
 * absent in a union) with, for a bit-field, DW_AT_bit_offset counted from
 * the most significant bit of a storage unit of DW_AT_byte_size bytes.
 */
static bool member_bits(Dwarf_Die *m, Dwarf_Word unit_bytes, Dwarf_Word *bit,
			Dwarf_Word *bits)
{
	Dwarf_Attribute a;
	Dwarf_Word loc = 0, bit_size = 0, bit_off, byte_size;

	if (dwarf_attr(m, DW_AT_bit_size, &a) && dwarf_formudata(&a, &bit_size))
		return false;
	if (dwarf_attr(m, DW_AT_data_bit_offset, &a)) {
		if (dwarf_formudata(&a, bit))
			return false;
		*bits = bit_size ? bit_size : unit_bytes * 8;
		return true;
	}
	if (dwarf_attr(m, DW_AT_data_member_location, &a) &&
	    dwarf_formudata(&a, &loc))
		return false;	/* a location expression: not a plain offset */
	*bit = loc * 8;
	*bits = unit_bytes * 8;
	if (bit_size && dwarf_attr(m, DW_AT_bit_offset, &a)) {
		if (dwarf_formudata(&a, &bit_off))
			return false;
		if (!dwarf_attr(m, DW_AT_byte_size, &a) ||
		    dwarf_formudata(&a, &byte_size))
			byte_size = unit_bytes;
		if (bit_off + bit_size > byte_size * 8)
			return false;
		*bit = loc * 8 + byte_size * 8 - bit_off - bit_size;
		*bits = bit_size;
	} else if (bit_size) {
		*bits = bit_size;
	}
	return true;
}

/* The members of struct/union die at base bytes, anonymous ones entered. */
static void struct_members(struct arena *strings, Dwarf_Die *die, Dwarf_Word base,
			   struct dwarf_struct *ds, int depth)
{
	Dwarf_Die m;

	if (depth > 4 || dwarf_child(die, &m) != 0)
		return;
	do {
		const char *name;
		Dwarf_Word size, bit, bits;

		if (dwarf_tag(&m) != DW_TAG_member || !type_size(&m, &size) ||
		    !member_bits(&m, size, &bit, &bits))
			continue;
		name = dwarf_diename(&m);
		if (!name) {
			Dwarf_Attribute a;
			Dwarf_Die type, peeled;

			if (!(bit % 8) && dwarf_attr(&m, DW_AT_type, &a) &&
			    dwarf_formref_die(&a, &type) &&
			    dwarf_peel_type(&type, &peeled) == 0)
				struct_members(strings, &peeled, base + bit / 8, ds,
					       depth + 1);
			continue;
		}
		if (bit % 8 || bits % 8 || ds->nmembers == DWARF_STRUCT_MEMBERS)
			continue;	/* not a whole byte: never a table field */
		ds->members[ds->nmembers++] = (struct dwarf_member){
			.name = dwarf_walk_intern(strings, name),
			.offset = (uint32_t)(base + bit / 8),
			.size = (uint32_t)(bits / 8) };
	} while (dwarf_siblingof(&m, &m) == 0);
}

/*
 * A struct the tables may need (table_layout_struct): its first complete
 * definition.  Every unit defines the structs it uses again, a million
 * DIEs in a vmlinux: once each table's struct is found, none is looked at.
 */
static void visit_struct(struct dwarf_walk *w, Dwarf_Die *die)
{
	const char *name;
	Dwarf_Attribute a;
	Dwarf_Word size;

	bool wanted = false;

	if (!w->structs_left)
		return;
	/* The name first: a module's structs are mostly none of them. */
	name = dwarf_diename(die);
	for (int t = 0; name && t < TABLE_COUNT; t++) {
		const char *want = table_layout_struct((enum table_kind)t);

		wanted |= want && !w->structs[t].size && name[0] == want[0] &&
			  !strcmp(name, want);
	}
	if (!wanted || dwarf_hasattr(die, DW_AT_declaration) ||
	    !dwarf_attr(die, DW_AT_byte_size, &a) || dwarf_formudata(&a, &size))
		return;
	for (int t = 0; t < TABLE_COUNT; t++) {
		struct dwarf_struct *ds = &w->structs[t];
		const char *want = table_layout_struct((enum table_kind)t);

		if (!want || ds->size || strcmp(name, want))
			continue;
		ds->size = (uint32_t)size;
		struct_members(&w->strings, die, 0, ds, 0);
		w->structs_left--;
	}
}

void dwarf_walk_visit(struct dwarf_walk *w, Dwarf_Die *die, int tag,
		      const char *cu)
{
	switch (tag) {
	case DW_TAG_subprogram:
		if (!w->structs_only)
			visit_subprogram(w, die, cu);
		break;
	case DW_TAG_structure_type:
		visit_struct(w, die);
		break;
	default:
		break;
	}
}

/*
 * Whether visit_struct() could take the struct at off: false when its
 * name, read here, is none of the structs still looked for.  Every unit
 * defines its structs again; a part of the walk that never meets one of
 * them would otherwise hand libdw every struct of its units.
 */
static bool struct_wanted(struct dwarf_walk *w, const struct dwarf_scan_unit *u,
			  Dwarf_Off off)
{
	const char *name;

	if (!w->structs_left)
		return false;
	if (!dwarf_scan_name(&w->scan, u, off, &name))
		return true;		/* libdw's name */
	if (!name)
		return false;
	for (int t = 0; t < TABLE_COUNT; t++) {
		const char *want = table_layout_struct((enum table_kind)t);

		if (want && !w->structs[t].size && name[0] == want[0] &&
		    !strcmp(name, want))
			return true;
	}
	return false;
}

/* libdw's DIE at off; false (the walk fails) when libdw cannot read it. */
static bool walk_offdie(struct dwarf_walk *w, uint64_t off, Dwarf_Die *die)
{
	if (dwarf_offdie(w->dw, off, die))
		return true;
	dwarf_walk_error(w, "DIE at offset 0x%llx: %s", (unsigned long long)off,
			 dwarf_errmsg(-1));
	return false;
}

/*
 * The DIEs dwarf_scan_unit() found, as the libdw walk would visit them: a
 * function that is not a copy (most) read by dwarf_scan_func() as
 * visit_subprogram() reads it, anything else by libdw.  A relocatable
 * object's declarations are read now (eager): the scan's file index and
 * line with the file-name reader's table of cudie's unit, else libdw's.
 */
bool dwarf_walk_visit_scanned(struct dwarf_walk *w,
			      const struct dwarf_scan_unit *u, Dwarf_Die *cudie,
			      const char *cu)
{
	for (size_t i = 0; i < w->scan.ndies; i++) {
		const struct dwarf_scan_die *d = &w->scan.dies[i];
		struct dwarf_scan_func f;
		struct func_decl decl;
		const char *file;
		Dwarf_Die die;

		if (d->tag == DW_TAG_subprogram && w->structs_only)
			continue;
		if (d->tag == DW_TAG_subprogram &&
		    dwarf_scan_func(&w->scan, u, d->off, &f)) {
			if (f.noreturn)
				note_noreturn_name(w, f.name);
			if (!f.code)
				continue;
			/* a .o's declaration now: the scan's, else libdw's */
			if (w->eager && f.decl &&
			    dwarf_files_name(&w->files, cudie, f.decl_file, &file)) {
				decl.file = dwarf_walk_intern(&w->strings, file);
				decl.line = f.decl_line;
				note_concrete(w, &f.where, d->off, NULL, &decl, cu);
				continue;
			}
			if (w->eager && !walk_offdie(w, d->off, &die))
				return false;
			note_concrete(w, &f.where, d->off, w->eager ? &die : NULL,
				      NULL, cu);
			continue;
		}
		if (d->tag == DW_TAG_structure_type && !struct_wanted(w, u, d->off))
			continue;
		if (!walk_offdie(w, d->off, &die))
			return false;
		dwarf_walk_visit(w, &die, (int)d->tag, cu);
	}
	return true;
}

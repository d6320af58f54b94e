// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c — read the special sections of Linux 6.1 x86-64 and arm64 (see
 * tables.h); what differs by machine is asked of the object's machine.
 */
#include "tables.h"

#include <stdlib.h>
#include <string.h>

enum target {
	T_CODE,		/* an executable section */
	T_DATA,		/* allocated, not executable (a key, a string) */
};

struct field {
	uint8_t offset, width;	/* width 4 (s32) or 8 (s64) */
	enum target target;
	uint8_t flag_bits;	/* low bits that are flags, not address */
	bool end_ok;		/* may point just past its section's end */
	bool extern_ok;		/* code in another object (arm64 callback) */
};

struct layout {
	uint32_t size;
	const char *what;	/* in messages */
	struct field fields[3];	/* fields[0] is the site counted */
	uint8_t nfields;
};

/*
 * An empty replacement (ALTERNATIVE(old, "", feature)) that comes last in
 * .altinstr_replacement points at that section's end.
 */
static const struct layout altinstr = {
	12, "struct alt_instr (12 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_CODE, 0, true, false } }, 2 };
/*
 * arm64: the same 12 bytes, but alternative_cb's alt_offset is its
 * callback, a function usually defined in another object.
 */
static const struct layout altinstr_arm64 = {
	12, "arm64 struct alt_instr (12 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_CODE, 0, true, true } }, 2 };
static const struct layout smp_locks = {
	4, "s32 lock-prefix pointers", { { 0, 4, T_CODE, 0, false, false } }, 1 };
static const struct layout ex_table = {
	12, "struct exception_table_entry (12 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_CODE, 0, false, false } }, 2 };
static const struct layout bug_verbose = {
	12, "struct bug_entry with DEBUG_BUGVERBOSE (12 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_DATA, 0, false, false } }, 2 };
static const struct layout bug_short = {
	8, "struct bug_entry without DEBUG_BUGVERBOSE (8 bytes)",
	{ { 0, 4, T_CODE, 0, false, false } }, 1 };
static const struct layout jump = {
	16, "struct jump_entry (16 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_CODE, 0, false, false }, { 8, 8, T_DATA, 3, false, false } }, 3 };
static const struct layout static_call = {
	8, "struct static_call_site (8 bytes)",
	{ { 0, 4, T_CODE, 0, false, false }, { 4, 4, T_DATA, 3, false, false } }, 2 };
static const struct layout site = {
	4, "s32 site pointers", { { 0, 4, T_CODE, 0, false, false } }, 1 };

/*
 * In vmlinux some tables are not sections of their own (vmlinux.lds puts
 * __jump_table and .static_call_sites inside .rodata/.data): the linker
 * script's start and stop symbols bound every one of them exactly.
 */
static const struct {
	const char *section, *column, *start, *stop;
	const struct layout *layouts[2];
} table_defs[TABLE_COUNT] = {
	[TABLE_ALTINSTR] = { ".altinstructions", "ALT", "__alt_instructions",
			     "__alt_instructions_end", { &altinstr } },
	[TABLE_SMP_LOCKS] = { ".smp_locks", "LOCK", "__smp_locks",
			      "__smp_locks_end", { &smp_locks } },
	[TABLE_EX] = { "__ex_table", "EXTAB", "__start___ex_table",
		       "__stop___ex_table", { &ex_table } },
	[TABLE_BUG] = { "__bug_table", "BUG", "__start___bug_table",
			"__stop___bug_table", { &bug_verbose, &bug_short } },
	[TABLE_JUMP] = { "__jump_table", "JUMP", "__start___jump_table",
			 "__stop___jump_table", { &jump } },
	[TABLE_STATIC_CALL] = { ".static_call_sites", "SCALL",
				"__start_static_call_sites",
				"__stop_static_call_sites", { &static_call } },
	[TABLE_RETPOLINE] = { ".retpoline_sites", "RETPO", "__retpoline_sites",
			      "__retpoline_sites_end", { &site } },
	[TABLE_RETURN] = { ".return_sites", "RET", "__return_sites",
			   "__return_sites_end", { &site } },
};

/* Where a table's entries are: a section, or part of one. */
struct region {
	uint32_t shndx;
	uint64_t off, size;
};

const char *tables_section(enum table_kind kind)
{
	return table_defs[kind].section;
}

const char *tables_column(enum table_kind kind)
{
	return table_defs[kind].column;
}

static uint64_t get_le(const unsigned char *p, unsigned width)
{
	uint64_t v = 0;

	for (unsigned i = width; i--;)
		v = v << 8 | p[i];
	return v;
}

static int64_t get_signed(const unsigned char *p, unsigned width)
{
	uint64_t v = get_le(p, width);

	return width == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

static bool target_ok(const struct object *o, uint64_t addr, enum target t,
		      bool end_ok)
{
	uint32_t s = object_section_at(o, addr);

	if (!s && end_ok && addr)
		s = object_section_at(o, addr - 1);
	if (!s)
		return false;
	if (t == T_CODE)
		return o->secs[s].flags & SHF_EXECINSTR;
	return !(o->secs[s].flags & SHF_EXECINSTR);
}

/* The byte at a flat address, -1 if it is not in the image. */
static int byte_at(const struct object *o, uint64_t addr)
{
	uint32_t s = object_section_at(o, addr);

	if (!s || !o->secs[s].data)
		return -1;
	return o->secs[s].data[addr - o->secs[s].addr];
}

enum follow {
	FOLLOW_OK,		/* *addr is where the field points */
	FOLLOW_EXTERN,		/* a .o relocation to an undefined key: fine */
	FOLLOW_BAD,		/* *why says what is wrong */
};

/* Where field f of the entry at section offset off points (flat). */
static enum follow field_target(const struct object *o, uint32_t shndx,
				uint64_t off, const struct field *f,
				uint64_t *addr, const char **why)
{
	const struct obj_section *sec = &o->secs[shndx];
	uint64_t mask = ~(uint64_t)f->flag_bits;

	if (o->type == ET_REL) {
		const struct obj_reloc *r = object_reloc_at(o, shndx, off + f->offset);

		if (!r) {
			*why = "no relocation";
			return FOLLOW_BAD;
		}
		if (r->type != (f->width == 4 ? o->mach->reloc_prel32
					      : o->mach->reloc_prel64)) {
			*why = "unexpected relocation type";
			return FOLLOW_BAD;
		}
		if (!object_reloc_target(o, r, addr)) {
			*why = "relocation against an undefined symbol";
			return f->target == T_DATA || f->extern_ok ? FOLLOW_EXTERN
								   : FOLLOW_BAD;
		}
	} else {
		*addr = sec->addr + off + f->offset +
			(uint64_t)get_signed(sec->data + off + f->offset, f->width);
	}
	*addr &= mask;
	if (!target_ok(o, *addr, f->target, f->end_ok)) {
		*why = f->target == T_CODE ? "does not point into code"
					   : "does not point into data";
		return FOLLOW_BAD;
	}
	return FOLLOW_OK;
}

/* Extra checks of one entry beyond where its fields point. */
static const char *entry_check(const struct object *o, enum table_kind kind,
			       const unsigned char *e, uint64_t site)
{
	switch (kind) {
	case TABLE_ALTINSTR:
		return o->mach->alt_check(e);
	case TABLE_SMP_LOCKS:
		return byte_at(o, site) == 0xf0 ? NULL : "not a lock prefix (0xf0)";
	case TABLE_EX:
		return o->mach->ex_check(e);
	default:
		return NULL;
	}
}

static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Check (and with counts != NULL, count) every entry under layout l. */
static bool read_layout(struct object *o, enum table_kind kind,
			const struct region *rg, const struct layout *l,
			struct table_result *res, uint32_t *counts, char *why,
			size_t whylen)
{
	const struct obj_section *sec = &o->secs[rg->shndx];
	uint32_t shndx = rg->shndx;
	uint64_t n;

	memset(res, 0, sizeof(*res));
	res->entry_size = l->size;
	if (rg->size % l->size) {
		snprintf(why, whylen, "%llu bytes is not a whole number of %s",
			 (unsigned long long)rg->size, l->what);
		return false;
	}
	n = rg->size / l->size;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t off = rg->off + i * l->size, site = 0;
		const unsigned char *e = sec->data + off;
		const char *bad = NULL;

		if (all_zero(e, l->size) &&
		    (o->type != ET_REL || !object_reloc_at(o, shndx, off))) {
			res->padding++;
			continue;
		}
		for (unsigned k = 0; k < l->nfields; k++) {
			const struct field *f = &l->fields[k];
			uint64_t addr = 0;

			if (field_target(o, shndx, off, f, &addr, &bad) == FOLLOW_BAD) {
				snprintf(why, whylen,
					 "entry %llu, field at +%u: %s (layout: %s)",
					 (unsigned long long)i, f->offset, bad, l->what);
				return false;
			}
			if (!k)
				site = addr;
		}
		bad = entry_check(o, kind, e, site);
		if (bad) {
			snprintf(why, whylen, "entry %llu: %s (layout: %s)",
				 (unsigned long long)i, bad, l->what);
			return false;
		}
		res->entries++;
		if (counts) {
			uint32_t fi = object_func_at(o, site);

			if (fi == OBJ_NONE) {
				res->outside++;
			} else {
				res->in_funcs++;
				counts[(size_t)fi * TABLE_COUNT + kind]++;
			}
		}
	}
	return true;
}

static const struct obj_sym *sym_named(const struct object *o, const char *name)
{
	for (size_t i = 1; i < o->nsyms; i++)
		if (o->syms[i].defined && !strcmp(o->syms[i].name, name))
			return &o->syms[i];
	return NULL;
}

/* The table's bytes: start/stop symbols of a linked file, else a section. */
static bool find_region(const struct object *o, enum table_kind kind,
			struct region *rg)
{
	const struct obj_sym *start, *stop;

	if (o->type != ET_REL && (start = sym_named(o, table_defs[kind].start)) &&
	    (stop = sym_named(o, table_defs[kind].stop)) &&
	    start->shndx == stop->shndx && start->shndx < o->nsecs &&
	    stop->addr >= start->addr) {
		const struct obj_section *sec = &o->secs[start->shndx];

		if (start->addr >= sec->addr &&
		    stop->addr - sec->addr <= sec->size) {
			rg->shndx = start->shndx;
			rg->off = start->addr - sec->addr;
			rg->size = stop->addr - start->addr;
			return true;
		}
	}
	rg->shndx = object_section_by_name(o, table_defs[kind].section);
	rg->off = 0;
	rg->size = rg->shndx ? o->secs[rg->shndx].size : 0;
	return rg->shndx != 0;
}

/* The c-th candidate layout of a table in o, NULL after the last. */
static const struct layout *layout_of(const struct object *o,
				      enum table_kind kind, int c)
{
	if (kind == TABLE_ALTINSTR && o->mach == &machine_arm64)
		return c ? NULL : &altinstr_arm64;
	return table_defs[kind].layouts[c];
}

static void read_table(struct object *o, enum table_kind kind)
{
	struct table_result *res = &o->tables[kind];
	struct region rg;
	const struct layout *pick = NULL;
	uint32_t dsize = o->dwarf_struct_size[kind];
	char why[256] = "", first_why[256] = "";
	unsigned tried = 0, passed = 0;

	memset(res, 0, sizeof(*res));
	if (!find_region(o, kind, &rg))
		return;			/* TABLE_ABSENT */
	if (!o->secs[rg.shndx].data && rg.size) {
		snprintf(why, sizeof(why), "section has no data in the file");
		goto refuse;
	}
	/*
	 * Another kernel's layout is a note; a table that is no whole number
	 * of the entries the file's own DWARF describes is a damaged file.
	 */
	if (dsize && rg.size % dsize) {
		res->status = TABLE_REFUSED;
		res->refused = "not a whole number of entries";
		object_error(o, table_defs[kind].section,
			     "%llu bytes is not a whole number of %u-byte entries (struct size in the file's DWARF)",
			     (unsigned long long)rg.size, dsize);
		return;
	}
	for (int c = 0; c < 2 && layout_of(o, kind, c); c++) {
		const struct layout *l = layout_of(o, kind, c);
		struct table_result probe;

		if (dsize && dsize != l->size)
			continue;	/* DWARF says otherwise */
		tried++;
		if (read_layout(o, kind, &rg, l, &probe, NULL, why, sizeof(why))) {
			passed++;
			pick = pick ? pick : l;
		} else if (!first_why[0]) {
			memcpy(first_why, why, sizeof(why));
		}
	}
	if (!tried) {
		snprintf(why, sizeof(why),
			 "DWARF says the entry is %u bytes, a layout asmscan does not know",
			 dsize);
		goto refuse;
	}
	if (passed > 1) {
		snprintf(why, sizeof(why),
			 "entries fit more than one known layout and there is no DWARF to tell");
		goto refuse;
	}
	if (!pick) {
		memcpy(why, first_why, sizeof(why));
		goto refuse;
	}
	read_layout(o, kind, &rg, pick, res, o->table_counts, why, sizeof(why));
	res->status = TABLE_READ;
	return;
refuse:
	res->status = TABLE_REFUSED;
	res->refused = arena_strdup(&o->strings, why);
	object_note(o, table_defs[kind].section, "not counted: layout not recognised: %s",
		    why);
}

void tables_object_run(struct object *o)
{
	o->table_counts = xcalloc(o->nfuncs ? o->nfuncs * TABLE_COUNT : 1,
				  sizeof(*o->table_counts));
	for (int k = 0; k < TABLE_COUNT; k++)
		read_table(o, (enum table_kind)k);
}

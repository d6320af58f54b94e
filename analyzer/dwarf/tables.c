// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c — read the special sections (see tables.h) with the layout the
 * file's DWARF describes, else the built-in one its entries fit
 * (table-layout.c); what differs by machine is asked of the object's
 * machine.
 *
 * An entry either fits its layout's pointers (a "structural" check: each
 * self-relative field lands in code or data as it must) or not; one that
 * fits but whose values the kernel would not act on — a .smp_locks entry
 * whose byte is not 0xf0, an alternative whose cpuid is out of range —
 * is "unusual": counted apart with the reason, never in a function, and
 * never a reason to refuse the table.  A table is refused only when no
 * layout's pointers fit (more than 1 % of the entries, at least 2), or
 * when two built-in layouts fit and would count differently.
 */
#include "tables.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code.h"
#include "fragment.h"
#include "table-layout.h"

/*
 * In vmlinux some tables are not sections of their own (vmlinux.lds puts
 * __jump_table and .static_call_sites inside .rodata/.data): the linker
 * script's start and stop symbols bound every one of them exactly, the
 * page alignment at the end of .smp_locks included.
 */
static const struct {
	const char *section, *column, *start, *stop;
	const char *unusual;	/* what the kernel does with unusual ones */
} table_defs[TABLE_COUNT] = {
	[TABLE_ALTINSTR] = { ".altinstructions", "ALT", "__alt_instructions",
			     "__alt_instructions_end", "not counted" },
	/* alternatives_smp_lock()/_unlock() patch only a 0x3e/0xf0 byte. */
	[TABLE_SMP_LOCKS] = { ".smp_locks", "LOCK", "__smp_locks",
			      "__smp_locks_end", "the kernel skips them" },
	[TABLE_EX] = { "__ex_table", "EXTAB", "__start___ex_table",
		       "__stop___ex_table", "not counted" },
	[TABLE_BUG] = { "__bug_table", "BUG", "__start___bug_table",
			"__stop___bug_table", "not counted" },
	[TABLE_JUMP] = { "__jump_table", "JUMP", "__start___jump_table",
			 "__stop___jump_table", "not counted" },
	[TABLE_STATIC_CALL] = { ".static_call_sites", "SCALL",
				"__start_static_call_sites",
				"__stop_static_call_sites", "not counted" },
	[TABLE_RETPOLINE] = { ".retpoline_sites", "RETPO", "__retpoline_sites",
			      "__retpoline_sites_end", "not counted" },
	[TABLE_RETURN] = { ".return_sites", "RET", "__return_sites",
			   "__return_sites_end", "not counted" },
};

/* Where a table's entries are: a section, or part of one. */
struct region {
	uint32_t shndx;
	uint64_t off, size;
};

/* What one pass over a table under one layout found. */
struct scan {
	uint64_t entries, padding, in_funcs, outside;
	uint64_t bad;			/* entries whose pointers do not fit */
	uint64_t unusual;
	char bad_why[256];		/* the first of each */
	const char *unusual_why;
};

const char *tables_section(enum table_kind kind)
{
	return table_defs[kind].section;
}

const char *tables_column(enum table_kind kind)
{
	return table_defs[kind].column;
}

const char *tables_unusual(enum table_kind kind)
{
	return table_defs[kind].unusual;
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

/*
 * Code is where code.h says instructions are, not any byte of an
 * executable section: 7.x's vmlinux links kexec's code into .data, where
 * the jump and static-call keys are.  Data is any other allocated byte.
 */
static bool target_ok(const struct object *o, uint64_t addr,
		      enum field_target t, bool end_ok)
{
	if (t == FIELD_CODE)
		return code_contains(o, addr) ||
		       (end_ok && addr && code_contains(o, addr - 1));
	return object_section_at(o, addr) && !code_contains(o, addr);
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
				uint64_t off, const struct table_field *f,
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
			return f->target == FIELD_DATA || f->extern_ok ?
				FOLLOW_EXTERN : FOLLOW_BAD;
		}
	} else {
		*addr = sec->addr + off + f->offset +
			(uint64_t)get_signed(sec->data + off + f->offset, f->width);
	}
	*addr &= mask;
	if (!target_ok(o, *addr, f->target, f->end_ok)) {
		*why = f->target == FIELD_CODE ? "does not point into code"
					       : "does not point into data";
		return FOLLOW_BAD;
	}
	return FOLLOW_OK;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* The site entry i points at, if its first field fits. */
static bool entry_site(const struct object *o, const struct region *rg,
		       const struct table_layout *l, uint64_t i, uint64_t *site)
{
	const char *why;

	return field_target(o, rg->shndx, rg->off + i * l->size, &l->fields[0],
			    site, &why) == FOLLOW_OK;
}

/*
 * The instrlen apply_alternatives() uses for the entry at i: nested
 * ALTERNATIVE()s (6.10+) write consecutive entries for one site, and the
 * kernel pads all of them to the largest instrlen among them.
 */
static unsigned alt_len(const struct object *o, const struct region *rg,
			const struct table_layout *l, uint64_t i, uint64_t n,
			uint64_t site)
{
	const unsigned char *base = o->secs[rg->shndx].data + rg->off;
	unsigned len = base[i * l->size + l->len];
	uint64_t other;

	for (uint64_t j = i + 1; j < n && entry_site(o, rg, l, j, &other) &&
				 other == site; j++)
		if (base[j * l->size + l->len] > len)
			len = base[j * l->size + l->len];
	for (uint64_t j = i; j-- && entry_site(o, rg, l, j, &other) &&
			     other == site;)
		if (base[j * l->size + l->len] > len)
			len = base[j * l->size + l->len];
	return len;
}

/* Checks of one entry's values, beyond where its fields point. */
static const char *entry_check(const struct object *o, enum table_kind kind,
			       const struct region *rg,
			       const struct table_layout *l, uint64_t i,
			       uint64_t n, uint64_t site)
{
	const unsigned char *e = o->secs[rg->shndx].data + rg->off + i * l->size;

	switch (kind) {
	case TABLE_ALTINSTR: {
		struct table_alt a = {
			.feature = (unsigned)get_le(e + l->feature, 2),
			.len = alt_len(o, rg, l, i, n, site),
			.rlen = e[l->rlen],
		};

		return o->mach->alt_check(&a);
	}
	case TABLE_SMP_LOCKS:
		return byte_at(o, site) == 0xf0 ? NULL : "not a lock prefix";
	case TABLE_EX:
		if (l->type == TABLE_NO_VALUE)
			return NULL;
		return o->mach->ex_check((unsigned)get_le(e + l->type, l->type_width));
	default:
		return NULL;
	}
}

/*
 * In a .o every pointer of an entry is a relocation and nothing else is:
 * a relocation at a byte that is no pointer field of the layout means the
 * entries are not laid out that way.  *next walks the section's
 * relocations (sorted by offset) along with the entries.
 */
static const char *stray_reloc(const struct object *o, uint32_t shndx,
			       uint64_t off, const struct table_layout *l,
			       size_t *next)
{
	const struct obj_section *sec = &o->secs[shndx];
	size_t end = (size_t)sec->rel_first + sec->rel_count;
	const char *bad = NULL;

	while (*next < end && o->relocs[*next].offset < off)
		(*next)++;
	for (; *next < end && o->relocs[*next].offset < off + l->size; (*next)++) {
		uint64_t at = o->relocs[*next].offset - off;
		bool field = false;

		for (unsigned k = 0; k < l->nfields; k++)
			field |= l->fields[k].offset == at;
		if (!field && !bad)
			bad = "a relocation where the layout has no pointer";
	}
	return bad;
}

/* Check every entry under layout l; with counts, count them per function. */
static void scan_layout(struct object *o, enum table_kind kind,
			const struct region *rg, const struct table_layout *l,
			struct scan *sc, uint32_t *counts)
{
	const struct obj_section *sec = &o->secs[rg->shndx];
	uint32_t shndx = rg->shndx;
	uint64_t n = rg->size / l->size;
	size_t next_reloc = sec->rel_first;

	memset(sc, 0, sizeof(*sc));
	for (uint64_t i = 0; i < n; i++) {
		uint64_t off = rg->off + i * l->size, site = 0;
		const unsigned char *e = sec->data + off;
		const char *bad = NULL;
		bool fits = true;

		if (all_zero(e, l->size) &&
		    (o->type != ET_REL || !object_reloc_at(o, shndx, off))) {
			sc->padding++;
			continue;
		}
		if (o->type == ET_REL &&
		    (bad = stray_reloc(o, shndx, off, l, &next_reloc))) {
			if (!sc->bad++)
				snprintf(sc->bad_why, sizeof(sc->bad_why),
					 "entry %llu: %s", (unsigned long long)i, bad);
			fits = false;
		}
		for (unsigned k = 0; k < l->nfields && fits; k++) {
			const struct table_field *f = &l->fields[k];
			uint64_t addr = 0;

			if (field_target(o, shndx, off, f, &addr, &bad) == FOLLOW_BAD) {
				if (!sc->bad++)
					snprintf(sc->bad_why, sizeof(sc->bad_why),
						 "entry %llu, field at +%u: %s",
						 (unsigned long long)i, f->offset, bad);
				fits = false;
			} else if (!k) {
				site = addr;
			}
		}
		if (!fits)
			continue;
		bad = entry_check(o, kind, rg, l, i, n, site);
		if (bad) {
			if (!sc->unusual++)
				sc->unusual_why = bad;
			continue;
		}
		sc->entries++;
		if (counts) {
			uint32_t fi = object_func_owner(o, object_func_at(o, site));

			if (fi == OBJ_NONE) {
				sc->outside++;
			} else {
				sc->in_funcs++;
				counts[(size_t)fi * TABLE_COUNT + kind]++;
			}
		}
	}
}

/* Do the pointers of the entries fit (all but 1 %, at least all but 1)? */
static bool scan_fits(const struct scan *sc)
{
	uint64_t n = sc->entries + sc->unusual + sc->bad;

	return sc->bad <= (n / 100 > 1 ? n / 100 : 1);
}

/* The first defined symbol of each table's start and stop name. */
struct table_bounds {
	const struct obj_sym *start[TABLE_COUNT], *stop[TABLE_COUNT];
};

/* One pass over .symtab for all of them (every name starts with "__"). */
static void find_bounds(const struct object *o, struct table_bounds *b)
{
	memset(b, 0, sizeof(*b));
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];

		if (!s->defined || s->name[0] != '_' || s->name[1] != '_')
			continue;
		for (int k = 0; k < TABLE_COUNT; k++) {
			if (!b->start[k] && !strcmp(s->name, table_defs[k].start))
				b->start[k] = s;
			if (!b->stop[k] && !strcmp(s->name, table_defs[k].stop))
				b->stop[k] = s;
		}
	}
}

/* The table's bytes: start/stop symbols of a linked file, else a section. */
static bool find_region(const struct object *o, enum table_kind kind,
			const struct table_bounds *b, struct region *rg)
{
	const struct obj_sym *start, *stop;

	if (o->type != ET_REL && (start = b->start[kind]) &&
	    (stop = b->stop[kind]) &&
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

/* The candidates: the file's own layout, else every built-in one whose
 * size divides the table. */
static size_t candidates(const struct object *o, enum table_kind kind,
			 const struct region *rg, struct table_layout *own,
			 struct arena *strings, const struct table_layout **out,
			 size_t max, char *why, size_t whylen, bool *from_dwarf)
{
	size_t n = 0;

	*from_dwarf = false;
	switch (table_layout_from_dwarf(o, kind, own, strings, why, whylen)) {
	case LAYOUT_DWARF_OK:
		*from_dwarf = true;
		out[0] = own;
		return 1;
	case LAYOUT_DWARF_UNKNOWN:
		return 0;
	case LAYOUT_DWARF_NONE:
		break;
	}
	for (unsigned i = 0; n < max; i++) {
		const struct table_layout *l = table_layout_builtin(o->mach, kind, i);

		if (!l)
			break;
		if (!(rg->size % l->size))
			out[n++] = l;
	}
	if (!n) {
		size_t used = (size_t)snprintf(why, whylen,
					       "%llu bytes is not a whole number of entries of any known layout (",
					       (unsigned long long)rg->size);

		for (unsigned i = 0; table_layout_builtin(o->mach, kind, i) &&
				     used < whylen; i++)
			used += (size_t)snprintf(why + used, whylen - used, "%s%u",
						 i ? ", " : "",
						 table_layout_builtin(o->mach, kind, i)->size);
		if (used < whylen)
			snprintf(why + used, whylen - used, " bytes)");
	}
	return n;
}

/*
 * Reading o's tables, one task per kind: each writes its own result, its
 * own column of o->table_counts, and its messages and strings here, which
 * tables_finish() gives o in kind order.
 */
struct tables_plan {
	struct object *o;
	struct table_bounds bounds;
	struct asmscan_msgs msgs[TABLE_COUNT];
	struct arena strings[TABLE_COUNT];
};

__attribute__((format(printf, 5, 6)))
static void table_msg(struct tables_plan *p, enum table_kind kind,
		      enum asmscan_severity sev, const char *what,
		      const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	asmscan_msgs_add(&p->msgs[kind], sev, p->o->name, what, "%s", buf);
}

static void read_table(struct tables_plan *p, enum table_kind kind)
{
	struct object *o = p->o;
	const struct table_bounds *bounds = &p->bounds;
	struct arena *strings = &p->strings[kind];
	struct table_result *res = &o->tables[kind];
	const struct table_layout *cand[4], *pick = NULL;
	struct table_layout own;
	struct scan sc, best = { 0 };
	struct region rg;
	char why[512] = "";
	bool from_dwarf, ambiguous = false;
	size_t n;

	memset(res, 0, sizeof(*res));
	if (!find_region(o, kind, bounds, &rg))
		return;			/* TABLE_ABSENT */
	if (!o->secs[rg.shndx].data && rg.size) {
		snprintf(why, sizeof(why), "section has no data in the file");
		goto refuse;
	}
	n = candidates(o, kind, &rg, &own, strings, cand, 4, why, sizeof(why),
		       &from_dwarf);
	/*
	 * Another kernel's layout is a note; a table that is no whole number
	 * of the entries the file's own DWARF describes is a damaged file.
	 */
	if (from_dwarf && rg.size % own.size) {
		res->status = TABLE_REFUSED;
		res->refused = "not a whole number of entries";
		table_msg(p, kind, ASMSCAN_ERROR, table_defs[kind].section,
			  "%llu bytes is not a whole number of %u-byte entries (struct size in the file's DWARF)",
			  (unsigned long long)rg.size, own.size);
		return;
	}
	if (!n)
		goto refuse;
	for (size_t c = 0; c < n; c++) {
		const struct table_layout *l = cand[c];

		scan_layout(o, kind, &rg, l, &sc, NULL);
		if (!scan_fits(&sc)) {
			if (!pick && !why[0])
				snprintf(why, sizeof(why),
					 "%s (layout: %s); %llu of %llu entries do not fit",
					 sc.bad_why, l->what,
					 (unsigned long long)sc.bad,
					 (unsigned long long)(sc.entries + sc.unusual + sc.bad));
			continue;
		}
		if (!pick || sc.bad + sc.unusual < best.bad + best.unusual) {
			pick = l;
			best = sc;
			ambiguous = false;
		} else if (sc.bad + sc.unusual == best.bad + best.unusual &&
			   (l->size != pick->size ||
			    l->fields[0].offset != pick->fields[0].offset)) {
			ambiguous = rg.size != 0;
		}
	}
	if (ambiguous) {
		snprintf(why, sizeof(why),
			 "entries fit more than one known layout and there is no DWARF to tell");
		goto refuse;
	}
	if (!pick)
		goto refuse;
	scan_layout(o, kind, &rg, pick, &sc, o->table_counts);
	res->status = TABLE_READ;
	res->entry_size = pick->size;
	res->layout = pick->what;
	res->layout_kernels = pick->kernels;
	res->layout_from_dwarf = from_dwarf;
	res->entries = sc.entries;
	res->padding = sc.padding;
	res->in_funcs = sc.in_funcs;
	res->outside = sc.outside;
	/* Entries whose pointers do not fit are unusual too, past the pick. */
	res->unusual = sc.unusual + sc.bad;
	res->unusual_why = sc.bad ? arena_strdup(strings, sc.bad_why)
				  : sc.unusual_why;
	if (res->unusual)
		table_msg(p, kind, ASMSCAN_NOTE, table_defs[kind].section,
			  "%s: %llu (%s)", res->unusual_why,
			  (unsigned long long)res->unusual,
			  table_defs[kind].unusual);
	return;
refuse:
	res->status = TABLE_REFUSED;
	res->refused = arena_strdup(strings, why);
	table_msg(p, kind, ASMSCAN_NOTE, table_defs[kind].section,
		  "not counted: layout not recognised: %s", why);
}

struct tables_plan *tables_plan(struct object *o)
{
	struct tables_plan *p = xcalloc(1, sizeof(*p));

	p->o = o;
	o->table_counts = xcalloc(o->nfuncs ? o->nfuncs * TABLE_COUNT : 1,
				  sizeof(*o->table_counts));
	find_bounds(o, &p->bounds);
	return p;
}

void tables_plan_run(struct tables_plan *p, size_t kind)
{
	read_table(p, (enum table_kind)kind);
}

void tables_finish(struct object *o, struct tables_plan *p)
{
	for (int k = 0; k < TABLE_COUNT; k++) {
		for (size_t i = 0; i < p->msgs[k].n; i++) {
			const struct asmscan_msg *m = &p->msgs[k].v[i];

			asmscan_msgs_add(&o->msgs, m->severity, m->file, m->what,
					 "%s", m->why);
		}
		asmscan_msgs_free(&p->msgs[k]);
		arena_move(&o->strings, &p->strings[k]);
	}
	free(p);
}


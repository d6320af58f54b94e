// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf.c — out-of-line copies of inline functions and function
 * declarations from DWARF (see dwarf.h).
 */
#include "dwarf.h"

#include <dwarf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "dwarf-files.h"
#include "dwarf-scan.h"
#include "sites-lines.h"
#include "table-layout.h"

/*
 * vmlinux: every part's handle kept for dwarf_locate(), which asks the
 * one that walked the unit: another has not read that unit's header, and
 * libdw would read every header before it first (50 MB of .debug_info
 * pages mapped again for a few declarations).
 */
struct dwarf_keep {
	Dwarf **dw;
	Elf **elf;			/* a part's own, or NULL: o->elf */
	Dwarf_Off *first;		/* the first unit of each part */
	size_t n;
	struct dwarf_files files;	/* the file-name reader */
};

/* A function's DWARF facts, given to o->funcs in unit order. */
struct func_note {
	uint32_t fi;
	bool copy;		/* its DIE is a copy's: dwarf_copy, decl_* if
				 * none yet; else the concrete DIE: cu, die */
	const char *cu;
	Dwarf_Off die;		/* dwarf_dieoffset() + 1 */
	const char *decl_file;	/* of the copy, or eager (ET_REL) */
	uint32_t decl_line;
};

/*
 * One walk over the units that start in [first, end) of .debug_info: a
 * pool task of its own with its own Dwarf handle.  It writes only here;
 * dwarf_finish() hands it all to the object in unit order, so that any
 * number of parts give what one walk gives.
 */
struct dwarf_walk {
	struct object *o;		/* read only */
	Elf *elf;			/* a part's own, or NULL: o->elf's */
	Dwarf *dw;
	Dwfl *dwfl;			/* ET_REL: addresses go through dwfl */
	Dwfl_Module *mod;
	char *copy;			/* ET_REL: the image dwfl relocates */
	Dwarf_Addr bias;
	bool eager;			/* resolve declarations now (ET_REL) */
	bool last;			/* the units up to .debug_info's end */
	bool find_structs;		/* look for the table structs (the
					 * first part; the others afterwards,
					 * for what it did not find) */
	bool structs_only;		/* that second walk */
	Dwarf_Off first, end;
	struct dwarf_files files;	/* declarations' file names */
	struct dwarf_scan scan;		/* top-level DIEs without libdw */
	const uint8_t *info_data;	/* .debug_info as the scan reads it */
	uint64_t info_size;
	int structs_left;		/* table structs not yet found */
	struct arena strings;
	struct dwarf_copy *dcopies;
	size_t ndcopies, copies_cap;
	const char **noreturn;
	size_t nnoreturn, noreturn_cap;
	struct func_note *notes;
	size_t nnotes, notes_cap;
	struct dwarf_struct structs[TABLE_COUNT];
	size_t units;
	bool failed;
	char error[512];		/* "cannot read DWARF": why */
};

struct dwarf_plan {
	struct dwarf_walk *parts;
	size_t nparts;
	bool lines;			/* a task walks the line tables too */
	Elf *lines_elf;
	Dwarf *lines_dw;
	struct dwarf_walk lines_walk;	/* its flat_addr() context */
};

static void walk_error(struct dwarf_walk *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void walk_error(struct dwarf_walk *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->error, sizeof(w->error), fmt, ap);
	va_end(ap);
	w->failed = true;
}

static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			Dwarf_Addr base, const char *file_name,
			const char *debuglink_file, GElf_Word debuglink_crc,
			char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name;
	(void)debuglink_file, (void)debuglink_crc, (void)debuginfo_file_name;
	return -1;	/* the DWARF is in the object or nowhere */
}

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* A DWARF address as a flat address of o; false if it maps nowhere. */
static bool flat_addr(const struct dwarf_walk *w, Dwarf_Addr a, uint64_t *flat)
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

/* site_lines_walk()'s view of flat_addr(). */
static bool flat_addr_cb(void *ctx, uint64_t a, uint64_t *flat)
{
	return flat_addr(ctx, a, flat);
}

/* Entry address and total size of a concrete subprogram. */
static bool die_code(Dwarf_Die *die, Dwarf_Addr *entry, uint64_t *size)
{
	Dwarf_Addr base, start, end, low = 0;
	ptrdiff_t off = 0;
	bool any = false;

	/* The common case, one range: DW_AT_low_pc and DW_AT_high_pc. */
	if (dwarf_lowpc(die, &low) == 0 && dwarf_highpc(die, &end) == 0 &&
	    end >= low) {
		*entry = low;
		*size = end - low;
		return true;
	}
	*size = 0;
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (!any || start < low)
			low = start;
		any = true;
		*size += end - start;
	}
	if (!any)
		return false;
	if (dwarf_entrypc(die, entry) != 0)
		*entry = low;
	return true;
}

static uint8_t inline_attr(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Word w;

	if (!dwarf_attr(die, DW_AT_inline, &a) || dwarf_formudata(&a, &w))
		return 0;
	return (uint8_t)w;
}

/* The abstract origin at the end of the chain (at most a few links). */
static bool abstract_origin(Dwarf_Die *die, Dwarf_Die *origin)
{
	Dwarf_Attribute a;
	Dwarf_Die cur = *die;
	bool found = false;

	for (int i = 0; i < 8 && dwarf_attr(&cur, DW_AT_abstract_origin, &a); i++) {
		if (!dwarf_formref_die(&a, origin))
			return false;
		cur = *origin;
		found = true;
	}
	return found;
}

static const char *intern(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

/* df: a file-name reader (dwarf-files.h) of the thread's own. */
static void declaration(struct arena *a, struct dwarf_files *df,
			Dwarf_Die *die, const char **file, uint32_t *line)
{
	int l = 0;

	*file = intern(a, dwarf_files_decl(df, die));
	*line = dwarf_decl_line(die, &l) == 0 && l > 0 ? (uint32_t)l : 0;
}

/*
 * A function declared noreturn (`__noreturn`, `_Noreturn`): GCC marks its
 * DIE, the definition's and every unit's declaration of it alike, with
 * DW_AT_noreturn.  Calls to it are failure paths (calls.c).  Names are
 * kept once per unit that mentions them; calls.c merges them.
 */
/* Is name among the last few of v (a neighbour said it already)? */
static bool said_lately(const char *const *v, size_t n, const char *name)
{
	for (size_t i = n; i-- > 0 && i + 8 >= n;)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

static void note_noreturn_name(struct dwarf_walk *w, const char *name)
{
	if (!name || said_lately(w->noreturn, w->nnoreturn, name))
		return;
	*VEC_PUSH(w->noreturn, w->nnoreturn, w->noreturn_cap) =
		intern(&w->strings, name);
}

static void note_noreturn(struct dwarf_walk *w, Dwarf_Die *die)
{
	if (dwarf_hasattr(die, DW_AT_noreturn))
		note_noreturn_name(w, dwarf_diename(die));
}

/*
 * The function of o starting at flat, if one does: its concrete DIE is at
 * die_off (die: libdw's, for a relocatable object's declaration now).
 */
static uint32_t note_concrete(struct dwarf_walk *w, uint64_t flat,
			      Dwarf_Off die_off, Dwarf_Die *die, const char *cu)
{
	struct object *o = w->o;
	uint32_t fi = object_func_at(o, flat);

	if (fi != OBJ_NONE && o->funcs[fi].addr != flat)
		fi = OBJ_NONE;
	if (fi != OBJ_NONE) {
		struct func_note *n = VEC_PUSH(w->notes, w->nnotes, w->notes_cap);

		*n = (struct func_note){ .fi = fi, .cu = cu, .die = die_off + 1 };
		if (w->eager)
			declaration(&w->strings, &w->files, die, &n->decl_file,
				    &n->decl_line);
	}
	return fi;
}

static void visit_subprogram(struct dwarf_walk *w, Dwarf_Die *die,
			     const char *cu)
{
	struct object *o = w->o;
	Dwarf_Die origin;
	Dwarf_Addr entry;
	uint64_t size, flat;
	uint32_t fi;
	uint8_t inl;

	note_noreturn(w, die);
	if (!die_code(die, &entry, &size) || !flat_addr(w, entry, &flat))
		return;
	fi = note_concrete(w, flat, dwarf_dieoffset(die), die, cu);
	if (!abstract_origin(die, &origin))
		return;
	inl = inline_attr(&origin);
	if (inl != DW_INL_declared_inlined && inl != DW_INL_declared_not_inlined)
		return;
	struct dwarf_copy *c = VEC_PUSH(w->dcopies, w->ndcopies, w->copies_cap);

	*c = (struct dwarf_copy){ .inline_attr = inl, .addr = flat,
				  .size = size, .cu = cu, .func = fi };
	c->name = intern(&w->strings, dwarf_diename(&origin));
	if (!c->name)
		c->name = fi != OBJ_NONE ? o->funcs[fi].name : "?";
	declaration(&w->strings, &w->files, &origin, &c->decl_file,
		    &c->decl_line);
	if (fi != OBJ_NONE)
		*VEC_PUSH(w->notes, w->nnotes, w->notes_cap) = (struct func_note){
			.fi = fi, .copy = true, .decl_file = c->decl_file,
			.decl_line = c->decl_line };
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
			.name = intern(strings, name),
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

	if (!w->structs_left)
		return;
	name = dwarf_diename(die);
	if (!name || dwarf_hasattr(die, DW_AT_declaration) ||
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

static void visit_die(struct dwarf_walk *w, Dwarf_Die *die, int tag,
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

		if (want && !w->structs[t].size && !strcmp(name, want))
			return true;
	}
	return false;
}

/*
 * The DIEs dwarf_scan_unit() found, as the libdw walk would visit them: a
 * function that is not a copy (most) read by dwarf_scan_func() as
 * visit_subprogram() reads it, anything else by libdw.  Only a linked
 * object is scanned: its DWARF addresses are flat ones.
 */
static bool visit_scanned(struct dwarf_walk *w, const struct dwarf_scan_unit *u,
			  const char *cu)
{
	for (size_t i = 0; i < w->scan.ndies; i++) {
		const struct dwarf_scan_die *d = &w->scan.dies[i];
		struct dwarf_scan_func f;
		Dwarf_Die die;

		if (d->tag == DW_TAG_subprogram && w->structs_only)
			continue;
		if (d->tag == DW_TAG_subprogram &&
		    dwarf_scan_func(&w->scan, u, d->off, &f)) {
			if (f.noreturn)
				note_noreturn_name(w, f.name);
			if (f.code)
				note_concrete(w, f.entry, d->off, NULL, cu);
			continue;
		}
		if (d->tag == DW_TAG_structure_type && !struct_wanted(w, u, d->off))
			continue;
		if (!dwarf_offdie(w->dw, d->off, &die)) {
			walk_error(w, "DIE at offset 0x%llx: %s",
				   (unsigned long long)d->off, dwarf_errmsg(-1));
			return false;
		}
		visit_die(w, &die, (int)d->tag, cu);
	}
	return true;
}

/*
 * libdw ends the walk quietly at a unit header it cannot use (a length
 * past the end of .debug_info): whatever follows the last unit read must
 * be zero padding, or the DWARF is damaged.
 */
static bool units_end_ok(struct dwarf_walk *w, Dwarf_Off end)
{
	Elf *elf = dwarf_getelf(w->dw);
	Elf_Data *data;
	Elf_Scn *scn = elf ? elf_getscn(elf, 0) : NULL;
	size_t shstrndx;

	if (!scn || elf_getshdrstrndx(elf, &shstrndx) < 0)
		return true;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    (sh.sh_flags & SHF_COMPRESSED))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".debug_info"))
			continue;
		data = elf_rawdata(scn, NULL);
		if (!data || !data->d_buf)
			return true;
		if (end > data->d_size) {
			walk_error(w, "a unit ends at offset 0x%llx, past the end of .debug_info (0x%zx bytes)",
				   (unsigned long long)end, data->d_size);
			return false;
		}
		for (Dwarf_Off i = end; i < data->d_size; i++) {
			if (((const unsigned char *)data->d_buf)[i]) {
				walk_error(w, "unit header at offset 0x%llx: bad unit length",
					   (unsigned long long)end);
				return false;
			}
		}
		return true;
	}
	return true;
}

/* How much of .debug_info to walk before its pages are given back. */
#define DWARF_RELEASE_BYTES (16u << 20)

static const struct obj_section *debug_info(const struct object *o)
{
	for (size_t i = 1; i < o->nsecs; i++)
		if (!strcmp(o->secs[i].name, ".debug_info") && o->secs[i].size)
			return &o->secs[i];
	return NULL;
}

/*
 * The section libdw reads as .debug_NAME (the first of that name or of
 * .zdebug_NAME), if that is .debug_NAME's uncompressed bytes in the
 * file, else NULL.
 */
static const struct obj_section *libdw_section(const struct object *o,
					       const char *name)
{
	for (size_t i = 1; i < o->nsecs; i++) {
		const struct obj_section *sec = &o->secs[i];

		if (!strncmp(sec->name, ".zdebug_", 8) && !strcmp(sec->name + 8, name + 7))
			return NULL;
		if (!strcmp(sec->name, name))
			return sec->data && sec->size ? sec : NULL;
	}
	return NULL;
}

/* What libdw reads otherwise: split DWARF, LTO's sections. */
static bool libdw_sections_plain(const struct object *o)
{
	for (size_t i = 1; i < o->nsecs; i++) {
		const char *name = o->secs[i].name;
		size_t len = strlen(name);

		if (!strncmp(name, ".gnu.debuglto_", 14) ||
		    (len > 4 && !strcmp(name + len - 4, ".dwo")))
			return false;
	}
	return true;
}

/* Where a DWARF 5 unit header keeps its unit type; 0 before DWARF 5. */
static unsigned unit_type(const uint8_t *info, Dwarf_Off off, unsigned version,
			  unsigned offset_size)
{
	return version >= 5 ? info[off + (offset_size == 8 ? 12 : 4) + 2] : 0;
}

/*
 * The top-level DIEs of the unit at off (libdw's dwarf_next_unit() gave
 * the rest): read by dwarf-scan.c where it can, by libdw where it cannot,
 * the same DIEs visited either way.
 */
static bool walk_unit(struct dwarf_walk *w, Dwarf_Off off, Dwarf_Off next,
		      size_t hsize, Dwarf_Half version, Dwarf_Off abbrev_off,
		      uint8_t addr_size, uint8_t offset_size)
{
	struct dwarf_scan_unit unit;
	const char *name, *cuname;
	Dwarf_Die cu, die;
	bool scan;
	int rc;

	if (!dwarf_offdie(w->dw, off + hsize, &cu)) {
		walk_error(w, "unit at offset 0x%llx: %s",
			   (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
	w->units += !w->structs_only;
	unit = (struct dwarf_scan_unit){
		.info = (const uint8_t *)cu.addr - (off + hsize),
		.start = off, .end = next < w->info_size ? next : w->info_size,
		.abbrev_off = abbrev_off, .version = version,
		/* libdw takes any other size for 8 */
		.addr_size = addr_size == 4 ? 4 : 8,
		.offset_size = offset_size == 4 ? 4 : 8,
		.structs = w->structs_left > 0 };
	/* The scan reads the bytes libdw reads, or nothing. */
	scan = w->scan.abbrev && unit.info == w->info_data;
	if (scan) {
		unit.unit_type = unit_type(unit.info, off, version, offset_size);
		if (dwarf_scan_cu(&w->scan, &unit, off + hsize, &name)) {
			cuname = intern(&w->strings, name);
			if (!unit.first)
				return true;	/* no children */
			if (dwarf_scan_unit(&w->scan, &unit))
				return visit_scanned(w, &unit, cuname);
			scan = false;		/* libdw walks the unit */
			goto walk;
		}
	}
	cuname = intern(&w->strings, dwarf_diename(&cu));
	if (!cuname && dwarf_hasattr(&cu, DW_AT_name)) {
		walk_error(w, "unit at offset 0x%llx: name: %s",
			   (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
walk:
	rc = dwarf_child(&cu, &die);
	if (rc < 0) {
		walk_error(w, "unit %s: %s", cuname ? cuname : "?",
			   dwarf_errmsg(-1));
		return false;
	}
	if (rc > 0)
		return true;
	if (scan) {
		unit.first = (uint64_t)((const uint8_t *)die.addr - unit.info);
		if (dwarf_scan_unit(&w->scan, &unit))
			return visit_scanned(w, &unit, cuname);
	}
	do {
		visit_die(w, &die, dwarf_tag(&die), cuname);
	} while ((rc = dwarf_siblingof(&die, &die)) == 0);
	if (rc < 0) {
		walk_error(w, "unit %s: %s", cuname ? cuname : "?",
			   dwarf_errmsg(-1));
		return false;
	}
	return true;
}

/*
 * The top-level DIEs of the units starting in [w->first, w->end).  False
 * on corrupt DWARF (in w->error); the last part also checks what follows
 * the last unit.
 */
static bool walk_units(struct dwarf_walk *w)
{
	const struct obj_section *info = debug_info(w->o);
	Dwarf_Off off = w->first, next, released = w->first, abbrev_off;
	Dwarf_Half version;
	uint8_t addr_size, offset_size;
	size_t hsize;
	int rc = 1;

	for (int t = 0; t < TABLE_COUNT && w->find_structs; t++)
		w->structs_left += table_layout_struct((enum table_kind)t) != NULL;
	while (off < w->end && (!w->structs_only || w->structs_left) &&
	       (rc = dwarf_next_unit(w->dw, off, &next, &hsize, &version,
				     &abbrev_off, &addr_size, &offset_size,
				     NULL, NULL)) == 0) {
		if (!walk_unit(w, off, next, hsize, version, abbrev_off,
			       addr_size, offset_size))
			return false;
		off = next;
		/* The units read are not read again, but a few DIEs. */
		if (info && info->data && off - released >= DWARF_RELEASE_BYTES &&
		    off <= info->size) {
			object_release(w->o, info->data + released, off - released);
			released = off;
		}
	}
	if (!w->last || w->structs_only)
		return true;
	if (rc < 0) {
		walk_error(w, "unit header at offset 0x%llx: %s",
			   (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
	return units_end_ok(w, off);
}

/* ET_REL: libdwfl relocates .debug_* in place: on a private copy. */
static bool dwarf_rel_open(struct dwarf_walk *w)
{
	const struct object *o = w->o;

	w->dwfl = dwfl_begin(&offline_callbacks);
	if (!w->dwfl) {
		walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	w->copy = xmalloc(o->size);
	memcpy(w->copy, o->image, o->size);
	w->mod = dwfl_report_offline_memory(w->dwfl, o->name, o->name, w->copy,
					    o->size);
	if (!w->mod || dwfl_report_end(w->dwfl, NULL, NULL) != 0) {
		walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	w->dw = dwfl_module_getdwarf(w->mod, &w->bias);
	if (!w->dw) {
		walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	w->eager = true;
	return true;
}

/* Below this much .debug_info one walk is cheaper than splitting it. */
#define DWARF_SPLIT_BYTES (8u << 20)

struct dwarf_plan *dwarf_plan(struct object *o, unsigned parts)
{
	const struct obj_section *info = debug_info(o), *abbrev = NULL;
	const struct obj_section *str = NULL, *line_str = NULL;
	const struct obj_section *ranges = NULL, *rnglists = NULL;
	struct dwarf_plan *p;
	Dwarf *dw;
	Dwarf_Off off = 0, next, *starts = NULL;
	size_t n = 0, cap = 0, hsize;

	if (!info)
		return NULL;
	p = xcalloc(1, sizeof(*p));
	if (o->type == ET_REL || info->size < DWARF_SPLIT_BYTES || parts < 2)
		parts = 1;
	p->parts = xcalloc(parts, sizeof(*p->parts));
	p->nparts = 1;
	p->parts[0] = (struct dwarf_walk){ .o = o, .end = UINT64_MAX, .last = true,
					   .find_structs = true };
	if (o->type == ET_REL)
		return p;
	dw = dwarf_begin_elf(o->elf, DWARF_C_READ, NULL);
	if (!dw) {
		walk_error(&p->parts[0], "%s", dwarf_errmsg(-1));
		return p;
	}
	p->parts[0].dw = dw;
	/* Cut where a unit starts, near equal shares of .debug_info. */
	if (parts > 1)
		while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
			*VEC_PUSH(starts, n, cap) = off;
			off = next;
		}
	for (size_t k = 1, i = 0; k < parts && n; k++) {
		Dwarf_Off want = info->size / parts * k;
		struct dwarf_walk *prev = &p->parts[p->nparts - 1], *w;

		while (i < n && starts[i] < want)
			i++;
		if (i >= n || starts[i] <= prev->first)
			break;
		w = &p->parts[p->nparts++];
		*w = (struct dwarf_walk){ .o = o, .first = starts[i],
					  .end = UINT64_MAX, .last = true };
		prev->end = starts[i];
		prev->last = false;
		w->elf = elf_memory((char *)o->image, o->size);
		w->dw = w->elf ? dwarf_begin_elf(w->elf, DWARF_C_READ, NULL) : NULL;
		if (!w->dw)
			walk_error(w, "%s", dwarf_errmsg(-1));
	}
	free(starts);
	/* Sections as they are in the file, the ones libdw reads. */
	if (libdw_sections_plain(o) && libdw_section(o, ".debug_info") == info) {
		abbrev = libdw_section(o, ".debug_abbrev");
		str = libdw_section(o, ".debug_str");
		line_str = libdw_section(o, ".debug_line_str");
		ranges = libdw_section(o, ".debug_ranges");
		rnglists = libdw_section(o, ".debug_rnglists");
	}
	for (size_t k = 0; k < p->nparts; k++) {
		struct dwarf_walk *w = &p->parts[k];

		dwarf_files_init(&w->files, o);
		if (!abbrev)
			continue;
		w->scan.abbrev = abbrev->data;
		w->scan.abbrev_size = abbrev->size;
		w->scan.str = str ? str->data : NULL;
		w->scan.str_size = str ? str->size : 0;
		w->scan.line_str = line_str ? line_str->data : NULL;
		w->scan.line_str_size = line_str ? line_str->size : 0;
		w->scan.ranges = ranges ? ranges->data : NULL;
		w->scan.ranges_size = ranges ? ranges->size : 0;
		w->scan.rnglists = rnglists ? rnglists->data : NULL;
		w->scan.rnglists_size = rnglists ? rnglists->size : 0;
		w->info_data = info->data;
		w->info_size = info->size;
	}
	/* The line tables of the records' sites, beside the walk. */
	if (o->site_lines) {
		p->lines_elf = elf_memory((char *)o->image, o->size);
		p->lines_dw = p->lines_elf ?
			dwarf_begin_elf(p->lines_elf, DWARF_C_READ, NULL) : NULL;
		p->lines = p->lines_dw != NULL;
		p->lines_walk.o = o;
	}
	return p;
}

size_t dwarf_plan_tasks(const struct dwarf_plan *p)
{
	return p ? p->nparts + p->lines : 0;
}

void dwarf_plan_run(struct dwarf_plan *p, size_t task)
{
	struct dwarf_walk *w;

	if (task == p->nparts) {
		site_lines_walk(p->lines_walk.o, p->lines_dw, flat_addr_cb,
				&p->lines_walk);
		return;
	}
	w = &p->parts[task];
	if (w->failed)
		return;
	if (w->o->type == ET_REL && !dwarf_rel_open(w))
		return;
	walk_units(w);
	/* A relocatable object's lines need its dwfl: here, after the walk. */
	if (!w->failed && w->o->type == ET_REL)
		site_lines_walk(w->o, w->dw, flat_addr_cb, w);
}

/* Hand the parts' findings to o, in unit order. */
static void merge_parts(struct object *o, struct dwarf_plan *p)
{
	size_t ncopies = 0;

	for (size_t k = 0; k < p->nparts; k++)
		ncopies += p->parts[k].ndcopies;
	o->dcopies = xrealloc(o->dcopies, (ncopies ? ncopies : 1) * sizeof(*o->dcopies));
	o->ndcopies = 0;
	for (size_t k = 0; k < p->nparts; k++) {
		struct dwarf_walk *w = &p->parts[k];

		if (w->ndcopies)	/* memcpy(..., NULL, 0) is undefined */
			memcpy(o->dcopies + o->ndcopies, w->dcopies,
			       w->ndcopies * sizeof(*w->dcopies));
		o->ndcopies += w->ndcopies;
		for (size_t i = 0; i < w->nnoreturn; i++) {
			size_t cap = o->nnoreturn;

			if (!said_lately(o->noreturn, o->nnoreturn, w->noreturn[i]))
				*VEC_PUSH(o->noreturn, o->nnoreturn, cap) =
					w->noreturn[i];
		}
		for (size_t i = 0; i < w->nnotes; i++) {
			const struct func_note *n = &w->notes[i];
			struct obj_func *f = &o->funcs[n->fi];

			if (n->copy) {
				f->dwarf_copy = true;
				if (!f->decl_file) {
					f->decl_file = n->decl_file;
					f->decl_line = n->decl_line;
				}
				continue;
			}
			f->cu = n->cu;
			f->die = n->die;
			if (w->eager) {
				f->decl_file = n->decl_file;
				f->decl_line = n->decl_line;
			}
		}
		for (int t = 0; t < TABLE_COUNT; t++)
			if (!o->dwarf_structs[t].size && w->structs[t].size)
				o->dwarf_structs[t] = w->structs[t];
	}
}

static void walk_free(struct dwarf_walk *w, bool keep_dw)
{
	dwarf_files_free(&w->files);
	dwarf_scan_free(&w->scan);
	free(w->dcopies);
	free(w->noreturn);
	free(w->notes);
	if (w->dwfl)
		dwfl_end(w->dwfl);	/* its Dwarf with it */
	else if (w->dw && !keep_dw)
		dwarf_end(w->dw);
	if (w->elf && !keep_dw)
		elf_end(w->elf);
	free(w->copy);
}

/*
 * The table structs the first part did not find, looked for in the
 * following parts in unit order (main thread, after every part), so that
 * each is the first definition in .debug_info as one walk finds it.  A
 * part that looked for them from its start, as the first does, would
 * hand every struct of its units to dwarf_scan_name() when one of them is
 * defined only before it.
 */
static void find_late_structs(struct dwarf_plan *p)
{
	for (size_t k = 1; k < p->nparts; k++) {
		struct dwarf_walk *w = &p->parts[k];

		w->structs_left = 0;
		for (int t = 0; t < TABLE_COUNT; t++) {
			if (!table_layout_struct((enum table_kind)t))
				continue;
			for (size_t j = 0; j < k && !w->structs[t].size; j++)
				w->structs[t] = p->parts[j].structs[t];
			w->structs_left += !w->structs[t].size;
		}
		if (!w->structs_left)
			return;
		w->structs_only = true;
		walk_units(w);
		w->structs_only = false;
	}
}

void dwarf_finish(struct object *o, struct dwarf_plan *p)
{
	struct dwarf_walk *failed = NULL;

	if (!p)
		return;
	for (size_t k = 0; k < p->nparts && !failed; k++)
		if (p->parts[k].failed)
			failed = &p->parts[k];
	if (!failed)
		find_late_structs(p);
	failed = NULL;
	for (size_t k = 0; k < p->nparts && !failed; k++) {
		o->dwarf_units += p->parts[k].units;
		if (p->parts[k].failed)
			failed = &p->parts[k];
	}
	o->has_dwarf = !failed;
	if (failed) {
		/* Half a walk is not a result: only the first error. */
		object_error(o, "cannot read DWARF", "%s", failed->error);
		if (p->lines)
			site_lines_forget(o->site_lines);
	} else {
		merge_parts(o, p);
	}
	for (size_t k = 0; k < p->nparts; k++)
		arena_move(&o->strings, &p->parts[k].strings);
	/* vmlinux: the parts' handles stay for dwarf_locate(). */
	if (!failed && o->type != ET_REL) {
		struct dwarf_keep *keep = xcalloc(1, sizeof(*keep));

		keep->n = p->nparts;
		keep->dw = xcalloc(p->nparts, sizeof(*keep->dw));
		keep->elf = xcalloc(p->nparts, sizeof(*keep->elf));
		keep->first = xcalloc(p->nparts, sizeof(*keep->first));
		for (size_t k = 0; k < p->nparts; k++) {
			keep->dw[k] = p->parts[k].dw;
			keep->elf[k] = p->parts[k].elf;
			keep->first[k] = p->parts[k].first;
		}
		dwarf_files_init(&keep->files, o);
		o->dwarf_keep = keep;
	}
	for (size_t k = 0; k < p->nparts; k++)
		walk_free(&p->parts[k], o->dwarf_keep != NULL);
	if (p->lines_dw)
		dwarf_end(p->lines_dw);
	if (p->lines_elf)
		elf_end(p->lines_elf);
	free(p->parts);
	free(p);
	o->dwarf_failed = !o->has_dwarf;
}

void dwarf_locate(struct object *o, struct obj_func *f)
{
	struct dwarf_keep *k = o->dwarf_keep;
	Dwarf_Die die;
	size_t part = 0;

	if (f->decl_file || !f->die || !k)
		return;
	while (part + 1 < k->n && k->first[part + 1] <= f->die - 1)
		part++;
	if (dwarf_offdie(k->dw[part], f->die - 1, &die))
		declaration(&o->strings, &k->files, &die, &f->decl_file,
			    &f->decl_line);
	if (!f->decl_file)
		f->die = 0;	/* do not look again */
}

void dwarf_object_close(struct object *o)
{
	struct dwarf_keep *k = o->dwarf_keep;

	if (!k)
		return;
	dwarf_files_free(&k->files);
	for (size_t i = 0; i < k->n; i++) {
		dwarf_end(k->dw[i]);
		if (k->elf[i])
			elf_end(k->elf[i]);
	}
	free(k->dw);
	free(k->elf);
	free(k->first);
	free(k);
	o->dwarf_keep = NULL;
}

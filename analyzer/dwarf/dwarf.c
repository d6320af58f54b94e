// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf.c — out-of-line copies of inline functions and function
 * declarations from DWARF (see dwarf.h).
 */
#include "dwarf.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "dwarf-files.h"
#include "sites-lines.h"
#include "table-layout.h"

struct dwarf_keep {
	Dwarf *dw;			/* vmlinux: kept for dwarf_locate() */
	struct dwarf_files files;	/* and its file-name reader */
};

/* What one pass over a unit needs. */
struct dwarf_walk {
	struct object *o;
	Dwarf *dw;
	Dwfl_Module *mod;		/* ET_REL: addresses go through dwfl */
	Dwarf_Addr bias;
	bool eager;			/* resolve declarations now (ET_REL) */
	struct dwarf_files files;	/* declarations' file names */
	int structs_left;		/* table structs not yet found */
	size_t copies_cap;
	size_t noreturn_cap;
};

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

static const char *intern(struct object *o, const char *s)
{
	return s ? arena_strdup(&o->strings, s) : NULL;
}

/* df: a file-name reader (dwarf-files.h) of the thread's own. */
static void declaration(struct object *o, struct dwarf_files *df,
			Dwarf_Die *die, const char **file, uint32_t *line)
{
	int l = 0;

	*file = intern(o, dwarf_files_decl(df, die));
	*line = dwarf_decl_line(die, &l) == 0 && l > 0 ? (uint32_t)l : 0;
}

/*
 * A function declared noreturn (`__noreturn`, `_Noreturn`): GCC marks its
 * DIE, the definition's and every unit's declaration of it alike, with
 * DW_AT_noreturn.  Calls to it are failure paths (calls.c).  Names are
 * kept once per unit that mentions them; calls.c merges them.
 */
static void note_noreturn(struct dwarf_walk *w, Dwarf_Die *die)
{
	struct object *o = w->o;
	const char *name;

	if (!dwarf_hasattr(die, DW_AT_noreturn) || !(name = dwarf_diename(die)))
		return;
	for (size_t i = o->nnoreturn; i-- > 0 && i + 8 >= o->nnoreturn;)
		if (!strcmp(o->noreturn[i], name))
			return;		/* a neighbour said it already */
	*VEC_PUSH(o->noreturn, o->nnoreturn, w->noreturn_cap) = intern(o, name);
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
	fi = object_func_at(o, flat);
	if (fi != OBJ_NONE && o->funcs[fi].addr != flat)
		fi = OBJ_NONE;
	if (fi != OBJ_NONE) {
		struct obj_func *f = &o->funcs[fi];

		f->cu = cu;
		f->die = dwarf_dieoffset(die) + 1;
		if (w->eager)
			declaration(o, &w->files, die, &f->decl_file,
				    &f->decl_line);
	}
	if (!abstract_origin(die, &origin))
		return;
	inl = inline_attr(&origin);
	if (inl != DW_INL_declared_inlined && inl != DW_INL_declared_not_inlined)
		return;
	struct dwarf_copy *c = VEC_PUSH(o->dcopies, o->ndcopies, w->copies_cap);

	*c = (struct dwarf_copy){ .inline_attr = inl, .addr = flat,
				  .size = size, .cu = cu, .func = fi };
	c->name = intern(o, dwarf_diename(&origin));
	if (!c->name)
		c->name = fi != OBJ_NONE ? o->funcs[fi].name : "?";
	declaration(o, &w->files, &origin, &c->decl_file, &c->decl_line);
	if (fi != OBJ_NONE) {
		o->funcs[fi].dwarf_copy = true;
		if (!o->funcs[fi].decl_file) {
			o->funcs[fi].decl_file = c->decl_file;
			o->funcs[fi].decl_line = c->decl_line;
		}
	}
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
static void struct_members(struct object *o, Dwarf_Die *die, Dwarf_Word base,
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
				struct_members(o, &peeled, base + bit / 8, ds,
					       depth + 1);
			continue;
		}
		if (bit % 8 || bits % 8 || ds->nmembers == DWARF_STRUCT_MEMBERS)
			continue;	/* not a whole byte: never a table field */
		ds->members[ds->nmembers++] = (struct dwarf_member){
			.name = intern(o, name),
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
	struct object *o = w->o;
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
		struct dwarf_struct *ds = &o->dwarf_structs[t];
		const char *want = table_layout_struct((enum table_kind)t);

		if (!want || ds->size || strcmp(name, want))
			continue;
		ds->size = (uint32_t)size;
		struct_members(o, die, 0, ds, 0);
		w->structs_left--;
	}
}

/*
 * libdw ends the walk quietly at a unit header it cannot use (a length
 * past the end of .debug_info): whatever follows the last unit read must
 * be zero padding, or the DWARF is damaged.
 */
static bool units_end_ok(struct dwarf_walk *w, Dwarf_Off end)
{
	struct object *o = w->o;
	Elf_Data *data;
	Elf_Scn *scn = dwarf_getelf(w->dw) ?
		elf_getscn(dwarf_getelf(w->dw), 0) : NULL;
	size_t shstrndx;

	if (!scn || elf_getshdrstrndx(dwarf_getelf(w->dw), &shstrndx) < 0)
		return true;
	while ((scn = elf_nextscn(dwarf_getelf(w->dw), scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    (sh.sh_flags & SHF_COMPRESSED))
			continue;
		name = elf_strptr(dwarf_getelf(w->dw), shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".debug_info"))
			continue;
		data = elf_rawdata(scn, NULL);
		if (!data || !data->d_buf)
			return true;
		if (end > data->d_size) {
			object_error(o, "cannot read DWARF",
				     "a unit ends at offset 0x%llx, past the end of .debug_info (0x%zx bytes)",
				     (unsigned long long)end, data->d_size);
			return false;
		}
		for (Dwarf_Off i = end; i < data->d_size; i++) {
			if (((const unsigned char *)data->d_buf)[i]) {
				object_error(o, "cannot read DWARF",
					     "unit header at offset 0x%llx: bad unit length",
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

/* Every unit's top-level DIEs.  False on corrupt DWARF (reported). */
static bool walk_units(struct dwarf_walk *w)
{
	struct object *o = w->o;
	const struct obj_section *info = NULL;
	Dwarf_Off off = 0, next, released = 0;
	size_t hsize;
	int rc;

	for (size_t i = 1; i < o->nsecs; i++)
		if (!strcmp(o->secs[i].name, ".debug_info") && o->secs[i].data)
			info = &o->secs[i];
	for (int t = 0; t < TABLE_COUNT; t++)
		w->structs_left += table_layout_struct((enum table_kind)t) != NULL;
	while ((rc = dwarf_nextcu(w->dw, off, &next, &hsize, NULL, NULL, NULL)) == 0) {
		Dwarf_Die cu, die;
		const char *cuname;

		if (!dwarf_offdie(w->dw, off + hsize, &cu)) {
			object_error(o, "cannot read DWARF",
				     "unit at offset 0x%llx: %s",
				     (unsigned long long)off, dwarf_errmsg(-1));
			return false;
		}
		o->dwarf_units++;
		cuname = intern(o, dwarf_diename(&cu));
		if (!cuname && dwarf_hasattr(&cu, DW_AT_name)) {
			object_error(o, "cannot read DWARF",
				     "unit at offset 0x%llx: name: %s",
				     (unsigned long long)off, dwarf_errmsg(-1));
			return false;
		}
		off = next;
		rc = dwarf_child(&cu, &die);
		if (rc < 0) {
			object_error(o, "cannot read DWARF", "unit %s: %s",
				     cuname ? cuname : "?", dwarf_errmsg(-1));
			return false;
		}
		if (rc > 0)
			continue;
		do {
			switch (dwarf_tag(&die)) {
			case DW_TAG_subprogram:
				visit_subprogram(w, &die, cuname);
				break;
			case DW_TAG_structure_type:
				visit_struct(w, &die);
				break;
			default:
				break;
			}
		} while ((rc = dwarf_siblingof(&die, &die)) == 0);
		if (rc < 0) {
			object_error(o, "cannot read DWARF",
				     "unit %s: %s", cuname ? cuname : "?",
				     dwarf_errmsg(-1));
			return false;
		}
		/* The units read are not read again, but a few DIEs. */
		if (info && off - released >= DWARF_RELEASE_BYTES &&
		    off <= info->size) {
			object_release(o, info->data + released, off - released);
			released = off;
		}
	}
	if (rc < 0) {
		object_error(o, "cannot read DWARF", "unit header at offset 0x%llx: %s",
			     (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
	return units_end_ok(w, off);
}

static bool has_debug_info(const struct object *o)
{
	for (size_t i = 1; i < o->nsecs; i++)
		if (!strcmp(o->secs[i].name, ".debug_info") && o->secs[i].size)
			return true;
	return false;
}

static void dwarf_rel(struct object *o, struct dwarf_walk *w)
{
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);
	/* libdwfl relocates in place: give it a private copy. */
	char *copy = xmalloc(o->size);
	Dwfl_Module *mod;

	memcpy(copy, o->image, o->size);
	if (!dwfl) {
		object_error(o, "cannot read DWARF", "%s", dwfl_errmsg(-1));
		free(copy);
		return;
	}
	mod = dwfl_report_offline_memory(dwfl, o->name, o->name, copy, o->size);
	if (!mod || dwfl_report_end(dwfl, NULL, NULL) != 0) {
		object_error(o, "cannot read DWARF", "%s", dwfl_errmsg(-1));
		goto out;
	}
	w->dw = dwfl_module_getdwarf(mod, &w->bias);
	if (!w->dw) {
		object_error(o, "cannot read DWARF", "%s", dwfl_errmsg(-1));
		goto out;
	}
	w->mod = mod;
	w->eager = true;
	o->has_dwarf = walk_units(w);
	if (o->has_dwarf)
		site_lines_walk(o, w->dw, flat_addr_cb, w);
out:
	dwfl_end(dwfl);
	free(copy);
}

void dwarf_object_run(struct object *o)
{
	struct dwarf_walk w = { .o = o };

	if (!has_debug_info(o))
		return;
	if (o->type == ET_REL) {
		dwarf_rel(o, &w);
	} else {
		dwarf_files_init(&w.files, o);
		w.dw = dwarf_begin_elf(o->elf, DWARF_C_READ, NULL);
		if (!w.dw) {
			object_error(o, "cannot read DWARF", "%s", dwarf_errmsg(-1));
		} else if ((o->has_dwarf = walk_units(&w))) {
			struct dwarf_keep *k = xcalloc(1, sizeof(*k));

			site_lines_walk(o, w.dw, flat_addr_cb, &w);
			k->dw = w.dw;
			dwarf_files_init(&k->files, o);
			o->dwarf_keep = k;
		} else {
			dwarf_end(w.dw);
		}
	}
	dwarf_files_free(&w.files);
	o->dwarf_failed = !o->has_dwarf;
	if (!o->has_dwarf) {
		/* Half a walk is not a result: forget it. */
		free(o->dcopies);
		o->dcopies = NULL;
		o->ndcopies = 0;
		free(o->noreturn);
		o->noreturn = NULL;
		o->nnoreturn = 0;
		for (size_t i = 0; i < o->nfuncs; i++) {
			o->funcs[i].cu = NULL;
			o->funcs[i].die = 0;
			o->funcs[i].decl_file = NULL;
			o->funcs[i].dwarf_copy = false;
		}
		memset(o->dwarf_structs, 0, sizeof(o->dwarf_structs));
	}
}

void dwarf_locate(struct object *o, struct obj_func *f)
{
	struct dwarf_keep *k = o->dwarf_keep;
	Dwarf_Die die;

	if (f->decl_file || !f->die || !k)
		return;
	if (dwarf_offdie(k->dw, f->die - 1, &die))
		declaration(o, &k->files, &die, &f->decl_file, &f->decl_line);
	if (!f->decl_file)
		f->die = 0;	/* do not look again */
}

void dwarf_object_close(struct object *o)
{
	struct dwarf_keep *k = o->dwarf_keep;

	if (!k)
		return;
	dwarf_files_free(&k->files);
	dwarf_end(k->dw);
	free(k);
	o->dwarf_keep = NULL;
}

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
#include <unistd.h>
#include <sys/mman.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "dwarf-die.h"
#include "dwarf-rel.h"
#include "dwarf-walk.h"
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


struct dwarf_plan {
	struct dwarf_walk *parts;
	size_t nparts;
	bool lines;			/* a task walks the line tables too */
	Elf *lines_elf;
	Dwarf *lines_dw;
	struct dwarf_walk lines_walk;	/* its dwarf_walk_flat() context */
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


/* site_lines_walk()'s view of flat_addr(). */
static bool flat_addr_cb(void *ctx, uint64_t a, uint64_t *flat)
{
	return dwarf_walk_flat(ctx, a, flat);
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
			dwarf_walk_error(w, "a unit ends at offset 0x%llx, past the end of .debug_info (0x%zx bytes)",
					 (unsigned long long)end, data->d_size);
			return false;
		}
		for (Dwarf_Off i = end; i < data->d_size; i++) {
			if (((const unsigned char *)data->d_buf)[i]) {
				dwarf_walk_error(w, "unit header at offset 0x%llx: bad unit length",
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

/*
 * What dwarf-scan.c reads for w: the sections as they are in the file,
 * the ones libdw reads, at the same offsets in image (o's, or the copy
 * libdwfl relocated); walk_unit() scans a unit only where libdw's
 * .debug_info is that one.
 */
static void scan_sections(struct dwarf_walk *w, const unsigned char *image)
{
	const struct object *o = w->o;
	const struct obj_section *info = debug_info(o), *abbrev, *str, *line_str;
	const struct obj_section *ranges, *rnglists;

	if (!info || !libdw_sections_plain(o) ||
	    libdw_section(o, ".debug_info") != info ||
	    !(abbrev = libdw_section(o, ".debug_abbrev")))
		return;
	str = libdw_section(o, ".debug_str");
	line_str = libdw_section(o, ".debug_line_str");
	ranges = libdw_section(o, ".debug_ranges");
	rnglists = libdw_section(o, ".debug_rnglists");
#define AT(sec) (image + ((sec)->data - o->image))
	w->scan.abbrev = AT(abbrev);
	w->scan.abbrev_size = abbrev->size;
	w->scan.str = str ? AT(str) : NULL;
	w->scan.str_size = str ? str->size : 0;
	w->scan.line_str = line_str ? AT(line_str) : NULL;
	w->scan.line_str_size = line_str ? line_str->size : 0;
	w->scan.ranges = ranges ? AT(ranges) : NULL;
	w->scan.ranges_size = ranges ? ranges->size : 0;
	w->scan.rnglists = rnglists ? AT(rnglists) : NULL;
	w->scan.rnglists_size = rnglists ? rnglists->size : 0;
	w->info_data = AT(info);
	w->info_size = info->size;
#undef AT
}

/* Where a DWARF 5 unit header keeps its unit type; 0 before DWARF 5. */
static unsigned unit_type(const uint8_t *info, Dwarf_Off off, unsigned version,
			  unsigned offset_size)
{
	return version >= 5 ? info[off + (offset_size == 8 ? 12 : 4) + 2] : 0;
}

/*
 * die and its siblings, and the children of the namespaces among them
 * (DWARF_SCAN_NAMESPACES deep), as dwarf_scan_unit() finds them.  False
 * when libdw fails.
 */
static bool walk_dies(struct dwarf_walk *w, Dwarf_Die *die, const char *cu,
		      unsigned depth)
{
	Dwarf_Die child;
	int rc, tag;

	do {
		tag = dwarf_tag(die);
		dwarf_walk_visit(w, die, tag, cu);
		if (tag != DW_TAG_namespace || depth >= DWARF_SCAN_NAMESPACES)
			continue;
		rc = dwarf_child(die, &child);
		if (rc < 0 || (rc == 0 && !walk_dies(w, &child, cu, depth + 1)))
			return false;
	} while ((rc = dwarf_siblingof(die, die)) == 0);
	return rc >= 0;
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
		dwarf_walk_error(w, "unit at offset 0x%llx: %s",
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
			cuname = dwarf_walk_intern(&w->strings, name);
			if (!unit.first)
				return true;	/* no children */
			if (dwarf_scan_unit(&w->scan, &unit))
				return dwarf_walk_visit_scanned(w, &unit, &cu, cuname);
			scan = false;		/* libdw walks the unit */
			goto walk;
		}
	}
	cuname = dwarf_walk_intern(&w->strings, dwarf_diename(&cu));
	if (!cuname && dwarf_hasattr(&cu, DW_AT_name)) {
		dwarf_walk_error(w, "unit at offset 0x%llx: name: %s",
				 (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
walk:
	rc = dwarf_child(&cu, &die);
	if (rc < 0) {
		dwarf_walk_error(w, "unit %s: %s", cuname ? cuname : "?",
				 dwarf_errmsg(-1));
		return false;
	}
	if (rc > 0)
		return true;
	if (scan) {
		unit.first = (uint64_t)((const uint8_t *)die.addr - unit.info);
		if (dwarf_scan_unit(&w->scan, &unit))
			return dwarf_walk_visit_scanned(w, &unit, &cu, cuname);
	}
	if (!walk_dies(w, &die, cuname, 0)) {
		dwarf_walk_error(w, "unit %s: %s", cuname ? cuname : "?",
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
		dwarf_walk_error(w, "unit header at offset 0x%llx: %s",
				 (unsigned long long)off, dwarf_errmsg(-1));
		return false;
	}
	return units_end_ok(w, off);
}

/*
 * A worker's buffer, its own mapping in huge pages where the kernel
 * allows: a module's whole file is read into it.
 */
static void scratch_alloc(struct dwarf_scratch *scratch, size_t cap)
{
	scratch->cap = cap;
	scratch->buf = map_huge(cap);
	scratch->mapped = scratch->buf != NULL;
	if (!scratch->mapped)
		scratch->buf = xmalloc(cap);
}

void dwarf_scratch_free(struct dwarf_scratch *scratch)
{
	if (scratch->mapped)
		munmap(scratch->buf, scratch->cap);
	else
		free(scratch->buf);
	memset(scratch, 0, sizeof(*scratch));
}

/*
 * ET_REL: the file-name reader of dwarf-files.c over the copy libdwfl
 * relocated (.debug_line's DW_FORM_line_strp names are R_X86_64_32
 * entries of .rela.debug_line), where libdw reads these very bytes: else
 * dwarf_decl_file() decodes, and sorts, each unit's whole line program.
 */
static void rel_files_init(struct dwarf_walk *w)
{
	static const char *const names[] = {
		".debug_line", ".debug_line_str", ".debug_str",
	};
	const struct object *o = w->o;
	Elf *elf = dwarf_getelf(w->dw);

	memset(&w->files, 0, sizeof(w->files));
	for (size_t k = 0; k < ARRAY_SIZE(names); k++) {
		const struct obj_section *sec = libdw_section(o, names[k]);
		struct obj_section *mine = &w->files_secs[k];
		Elf_Scn *scn;
		Elf_Data *data;
		GElf_Shdr sh;

		memset(mine, 0, sizeof(*mine));
		if (!sec)
			continue;
		scn = elf ? elf_getscn(elf, (size_t)(sec - o->secs)) : NULL;
		if (!scn || !gelf_getshdr(scn, &sh) ||
		    (sh.sh_flags & SHF_COMPRESSED) ||
		    !(data = elf_getdata(scn, NULL)) ||
		    data->d_buf != w->copy + (sec->data - o->image) ||
		    data->d_size != sec->size)
			return;		/* libdw reads other bytes */
		*mine = *sec;
		mine->data = (const unsigned char *)data->d_buf;
	}
	if (!libdw_sections_plain(o) || !w->files_secs[0].data)
		return;
	dwarf_files_init_sections(&w->files, &w->files_secs[0],
				  w->files_secs[1].data ? &w->files_secs[1] : NULL,
				  w->files_secs[2].data ? &w->files_secs[2] : NULL);
}

/*
 * The sections rel's entries write, in w->copy (a mapping of the file):
 * anonymous memory read whole, not pages copied one by one as they are
 * written (amdgpu.ko's .debug_info: 24,000 of them).
 */
static bool rel_own_targets(struct dwarf_walk *w,
			    const struct dwarf_rel_plan *rel, int fd)
{
	const struct object *o = w->o;
	struct file_range *r;
	size_t n = 0;
	bool ok;

	if (!rel || !rel->n)
		return true;
	r = xcalloc(rel->n, sizeof(*r));
	for (size_t i = 0; i < rel->n; i++) {
		Elf_Scn *scn = o->elf ? elf_getscn(o->elf, rel->secs[i]) : NULL;
		const struct obj_section *t;
		GElf_Shdr sh;

		if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_info >= o->nsecs)
			continue;
		t = &o->secs[sh.sh_info];
		if (!t->data || !t->size)
			continue;
		r[n].off = (uint64_t)(t->data - o->image);
		r[n++].len = t->size;
	}
	ok = !n || object_image_own(o, fd, w->copy, r, n);
	free(r);
	return ok;
}

/* Will the copy of o's image be the worker's buffer (not yet made)? */
static bool copy_to_scratch(const struct dwarf_walk *w,
			    const struct dwarf_scratch *scratch)
{
	return !w->copy && scratch && w->o->size <= DWARF_SCRATCH_MAX;
}

/*
 * ET_REL: w->copy, a private copy of o's image but for the bytes of
 * rel's sections (NULL: all of it); read again when there is one.  fd:
 * o's file (object_file_open()).
 */
static void rel_copy_fill(struct dwarf_walk *w, struct dwarf_scratch *scratch,
			  const struct dwarf_rel_plan *rel, int fd)
{
	const struct object *o = w->o;

	if (w->copy_mapped) {		/* again: a fresh mapping */
		object_unmap_image(o, w->copy);
		w->copy = NULL;
		w->copy_own = w->copy_mapped = false;
	}
	if (!w->copy && !copy_to_scratch(w, scratch)) {
		/*
		 * A mapping of the file: of amdgpu.ko's 356 MB the
		 * relocations write .debug_info's 94 and the rest is only
		 * read.
		 */
		w->copy = object_map_image(o, fd);
		w->copy_mapped = w->copy != NULL;
		w->copy_own = true;
		if (w->copy_mapped && rel_own_targets(w, rel, fd))
			return;
		if (w->copy_mapped)
			object_unmap_image(o, w->copy);
		w->copy_mapped = false;
		w->copy = xmalloc(o->size);
	} else if (!w->copy) {
		/* All of it at once: only the pages written are ever
		 * faulted in, and none is cleared twice. */
		if (!scratch->buf)
			scratch_alloc(scratch, DWARF_SCRATCH_MAX);
		w->copy = scratch->buf;
	}
	object_read_image_except(o, fd, w->copy, rel ? rel->ranges : NULL,
				 rel ? rel->n : 0);
}

/* The copy relocated flat: libdw reads it as a linked file. */
static bool rel_open_flat(struct dwarf_walk *w)
{
	w->copy_elf = elf_memory(w->copy, w->o->size);
	w->dw = w->copy_elf ? dwarf_begin_elf(w->copy_elf, DWARF_C_READ, NULL)
			    : NULL;
	if (!w->dw) {
		dwarf_walk_error(w, "%s", dwarf_errmsg(-1));
		return false;
	}
	return true;
}

/* The copy relocated by libdwfl, after what dwarf_rel_prepare() did. */
static bool rel_open_dwfl(struct dwarf_walk *w)
{
	const struct object *o = w->o;

	w->dwfl = dwfl_begin(&offline_callbacks);
	if (!w->dwfl) {
		dwarf_walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	w->mod = dwfl_report_offline_memory(w->dwfl, o->name, o->name, w->copy,
					    o->size);
	if (!w->mod || dwfl_report_end(w->dwfl, NULL, NULL) != 0) {
		dwarf_walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	w->dw = dwfl_module_getdwarf(w->mod, &w->bias);
	if (!w->dw) {
		dwarf_walk_error(w, "%s", dwfl_errmsg(-1));
		return false;
	}
	return true;
}

/*
 * ET_REL: .debug_* relocated on a private copy (dwarf-rel.h): flat
 * where every entry can be applied here, else by libdwfl.
 */
static bool dwarf_rel_open(struct dwarf_walk *w, struct dwarf_scratch *scratch)
{
	const struct object *o = w->o;
	/*
	 * The section headers are read in place; the entries, two fifths of
	 * a module's bytes, from the file a chunk at a time (dwarf-rel.h),
	 * not copied with the rest nor faulted in through the mapping (a
	 * page fault per 64 KB: 0.4 ms a MB on a virtual machine where
	 * faults are dear, 0.1 for the read).  An object that is not read in
	 * place has its entries in the copy, read whole.
	 */
	const unsigned char *from = object_image_aligned(o) ? o->image : NULL;
	struct dwarf_rel_plan rel = { 0 };
	bool in_copy, wrote, ok, flat;
	size_t n;
	int fd = object_file_open(o);	/* every read of this task */

	if (from)
		dwarf_rel_plan(o, from, &rel);
	rel_copy_fill(w, scratch, &rel, fd);
	if (!from) {
		from = (const unsigned char *)w->copy;
		dwarf_rel_plan(o, from, &rel);
	}
	/* read from the copy: it holds the whole image */
	in_copy = from == (const unsigned char *)w->copy;
	flat = dwarf_rel_flat(o, (unsigned char *)w->copy, from, &rel,
			      in_copy ? -1 : fd);
	if (flat) {
		ok = rel_open_flat(w);
	} else {
		/*
		 * Read again: the bytes flat wrote, and the RELA sections
		 * the copy left out that libdwfl now reads.
		 */
		wrote = rel.complete && rel.n;
		n = rel.n;
		dwarf_rel_plan_ordered(o, from, &rel);
		if (wrote || (!in_copy && rel.n != n))
			rel_copy_fill(w, scratch, in_copy ? NULL : &rel, fd);
		dwarf_rel_prepare(o, (unsigned char *)w->copy, from, &rel);
		ok = rel_open_dwfl(w);
	}
	if (fd >= 0)
		close(fd);
	dwarf_rel_plan_free(&rel);
	if (!ok)
		return false;
	w->eager = true;
	/* The DIEs found by the scan, read by libdw. */
	scan_sections(w, (const unsigned char *)w->copy);
	rel_files_init(w);
	return true;
}

/* Below this much .debug_info one walk is cheaper than splitting it. */
#define DWARF_SPLIT_BYTES (8u << 20)

/*
 * Where o's units start, as dwarf_nextcu() walks them, each header read
 * from the file (dwarf_unit_next()) rather than faulted in through the mapping
 * on the main thread; the workers fault those pages in as they walk.
 * False, and nothing in *starts, where libdw reads other bytes than the
 * file's or the file cannot be read: libdw walks them.
 */
static bool unit_starts_read(const struct object *o,
			     const struct obj_section *info, Dwarf_Off **starts,
			     size_t *n, size_t *cap)
{
	const struct obj_section *abbrev = libdw_section(o, ".debug_abbrev");
	uint64_t base, off = 0, next, len;
	uint8_t hdr[DWARF_UNIT_HEADER_MAX];
	bool ok = true;
	int fd;

	if (!libdw_sections_plain(o) || libdw_section(o, ".debug_info") != info ||
	    !abbrev || (fd = object_file_open(o)) < 0)
		return false;
	base = (uint64_t)(info->data - o->image);
	for (;;) {
		len = off < info->size ? info->size - off : 0;
		if (len > sizeof(hdr))
			len = sizeof(hdr);
		if (len > 4 && !object_file_read(o, fd, hdr, base + off, len)) {
			ok = false;
			break;
		}
		if (dwarf_unit_next(hdr, len, off, info->size, abbrev->size,
				    &next) != DWARF_UNIT_FOUND)
			break;
		*VEC_PUSH(*starts, *n, *cap) = off;
		off = next;
	}
	close(fd);
	if (!ok)
		*n = 0;
	return ok;
}

struct dwarf_plan *dwarf_plan(struct object *o, unsigned parts)
{
	const struct obj_section *info = debug_info(o);
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
		dwarf_walk_error(&p->parts[0], "%s", dwarf_errmsg(-1));
		return p;
	}
	p->parts[0].dw = dw;
	/* Cut where a unit starts, near equal shares of .debug_info. */
	if (parts > 1 && !unit_starts_read(o, info, &starts, &n, &cap))
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
			dwarf_walk_error(w, "%s", dwarf_errmsg(-1));
	}
	free(starts);
	for (size_t k = 0; k < p->nparts; k++) {
		dwarf_files_init(&p->parts[k].files, o);
		scan_sections(&p->parts[k], o->image);
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

/* A .o's walk is over: its Dwfl and copy go (nothing reads them after). */
static void dwarf_rel_close(struct dwarf_walk *w)
{
	if (w->dwfl) {
		dwfl_end(w->dwfl);	/* its Dwarf with it */
		w->dw = NULL;		/* else dwarf_begin_elf()'s: walk_free */
	}
	if (w->copy_elf) {		/* flat: the copy's own handles */
		if (w->dw)
			dwarf_end(w->dw);
		w->dw = NULL;
		elf_end(w->copy_elf);
	}
	w->copy_elf = NULL;
	w->dwfl = NULL;
	w->mod = NULL;
	if (w->copy_mapped)
		object_unmap_image(w->o, w->copy);
	else if (w->copy_own)
		free(w->copy);
	w->copy = NULL;
	w->copy_own = w->copy_mapped = false;
	w->info_data = NULL;		/* the scan's sections were the copy's */
	w->scan.abbrev = NULL;
	dwarf_files_free(&w->files);	/* and the file-name reader's */
}

void dwarf_plan_run(struct dwarf_plan *p, size_t task,
		    struct dwarf_scratch *scratch)
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
	if (w->o->type != ET_REL) {
		walk_units(w);
		return;
	}
	if (dwarf_rel_open(w, scratch)) {
		walk_units(w);
		/* A relocatable object's lines need its dwfl: here, after the walk. */
		if (!w->failed)
			site_lines_walk(w->o, w->dw, flat_addr_cb, w);
	}
	dwarf_rel_close(w);
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

			if (!dwarf_walk_said(o->noreturn, o->nnoreturn, w->noreturn[i]))
				*VEC_PUSH(o->noreturn, o->nnoreturn, cap) =
					w->noreturn[i];
		}
		for (size_t i = 0; i < w->nnotes; i++) {
			const struct func_note *n = &w->notes[i];
			struct obj_func *f = &o->funcs[n->fi];

			if (n->part_of != OBJ_NONE) {
				if (f->fragment_of == OBJ_NONE && n->part_of != n->fi)
					f->fragment_of = n->part_of;
				if (!f->cu)
					f->cu = n->cu;
				continue;
			}
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
	dwarf_rel_close(w);
	if (w->dw && !keep_dw)
		dwarf_end(w->dw);
	if (w->elf && !keep_dw)
		elf_end(w->elf);
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
	uint64_t first = 0;

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
	for (size_t k = 0; k < p->nparts && !failed; k++) {
		const struct dwarf_walk *w = &p->parts[k];

		if (w->funcs_unmatched && !o->dwarf_unmatched)
			first = w->first_unmatched;
		o->dwarf_funcs += w->funcs_code;
		o->dwarf_unmatched += w->funcs_unmatched;
	}
	if (o->dwarf_unmatched) {
		char a[32], b[32];

		object_note(o, "DWARF",
			    "%s of %s functions' code starts where no function symbol does (the first at 0x%llx: a weak definition another overrides, code without a symbol); nothing is attributed to them",
			    fmt_count(a, o->dwarf_unmatched),
			    fmt_count(b, o->dwarf_funcs),
			    (unsigned long long)first);
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

/*
 * The declaration of a subprogram DIE of cu named like f (its DW_AT_name
 * the symbol's name before any clone suffix, or its DW_AT_linkage_name
 * the symbol), among cu's top-level DIEs and those of its namespaces.
 */
static bool decl_by_name(struct object *o, struct dwarf_keep *k, Dwarf_Die *parent,
			 const struct obj_func *f, size_t base_len, unsigned depth,
			 const char **file, uint32_t *line)
{
	Dwarf_Die die;

	if (dwarf_child(parent, &die) != 0)
		return false;
	do {
		int tag = dwarf_tag(&die);
		const char *name;

		if (tag == DW_TAG_namespace && depth < DWARF_SCAN_NAMESPACES &&
		    decl_by_name(o, k, &die, f, base_len, depth + 1, file, line))
			return true;
		if (tag != DW_TAG_subprogram || !dwarf_hasattr(&die, DW_AT_decl_file))
			continue;
		name = dwarf_die_symbol_name(&die);
		if (!name || (strcmp(name, f->name) &&
			      (strlen(name) != base_len || strncmp(name, f->name, base_len))))
			continue;
		dwarf_walk_declaration(&o->strings, &k->files, &die, file, line);
		if (*file)
			return true;
	} while (dwarf_siblingof(&die, &die) == 0);
	return false;
}

/* The part of the walk whose handle read the unit of DIE die - 1. */
static size_t keep_part(const struct dwarf_keep *k, uint64_t die)
{
	size_t part = 0;

	while (part + 1 < k->n && k->first[part + 1] <= die - 1)
		part++;
	return part;
}

/*
 * The unit whose code holds f: the unit of a neighbour function (by
 * address) whose ranges hold f too, through the handle that read it; else
 * .debug_aranges (which makes libdw read every unit's header: 30 MB more
 * of a vmlinux mapped, so only for a function no neighbour's unit holds,
 * one written in assembly).
 */
static bool unit_of(const struct object *o, const struct dwarf_keep *k,
		    const struct obj_func *f, Dwarf_Die *cu)
{
	size_t fi = (size_t)(f - o->funcs);

	for (size_t step = 1; step <= 8; step++) {
		for (int side = 0; side < 2; side++) {
			size_t j = side ? fi + step : fi - step;
			const struct obj_func *g;
			Dwarf_Die die;

			if ((side ? j >= o->nfuncs : step > fi) || !(g = &o->funcs[j])->die)
				continue;
			if (dwarf_offdie(k->dw[keep_part(k, g->die)], g->die - 1, &die) &&
			    dwarf_diecu(&die, cu, NULL, NULL) &&
			    dwarf_haspc(cu, f->addr) > 0)
				return true;
		}
	}
	return dwarf_addrdie(k->dw[0], f->addr, cu) != NULL;
}

/*
 * Where a function without a concrete DIE of its own is, from its unit
 * (the one whose ranges hold its address): the declaration of the
 * subprogram of its name there — a function GCC merged with an identical
 * one (-fipa-icf) keeps only an abstract DIE — else the line table's file
 * and line of its first instruction (a function written in assembly has
 * no subprogram DIE, only lines), else the unit's file (asm at the top
 * level of a C file has neither).
 */
static void locate_by_address(struct object *o, struct dwarf_keep *k,
			      struct obj_func *f)
{
	Dwarf_Die cu;
	Dwarf_Line *ln;
	Dwarf_Attribute a;
	const char *src, *dir;
	size_t base_len = strcspn(f->name, "."), len;
	int lineno;

	if (!unit_of(o, k, f, &cu))
		return;
	if (decl_by_name(o, k, &cu, f, base_len, 0, &f->decl_file, &f->decl_line))
		return;
	/* no line for its address (top-level asm of a C unit): the unit */
	if (!(ln = dwarf_getsrc_die(&cu, f->addr)) ||
	    !(src = dwarf_linesrc(ln, NULL, NULL)) ||
	    dwarf_lineno(ln, &lineno) != 0 || lineno <= 0) {
		src = dwarf_diename(&cu);
		lineno = 0;
		if (!src)
			return;
	}
	/* relative to the unit's directory, as declarations' files are */
	dir = dwarf_attr(&cu, DW_AT_comp_dir, &a) ? dwarf_formstring(&a) : NULL;
	len = dir ? strlen(dir) : 0;
	if (len && !strncmp(src, dir, len) && src[len] == '/')
		src += len + 1;
	f->decl_file = arena_strdup(&o->strings, src);
	f->decl_line = (uint32_t)lineno;
}

void dwarf_locate(struct object *o, struct obj_func *f)
{
	struct dwarf_keep *k = o->dwarf_keep;
	Dwarf_Die die;
	size_t part = 0;

	if (f->decl_file || f->locate_tried || !k)
		return;
	f->locate_tried = true;
	if (f->die) {
		part = keep_part(k, f->die);
		if (dwarf_offdie(k->dw[part], f->die - 1, &die))
			dwarf_walk_declaration(&o->strings, &k->files, &die,
					       &f->decl_file, &f->decl_line);
	}
	if (!f->decl_file && f->fragment_of == OBJ_NONE)
		locate_by_address(o, k, f);
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

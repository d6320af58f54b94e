// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-rel.c — the relocations of a .o's DWARF whose result does not
 * depend on where libdwfl lays its sections out, applied before libdwfl
 * reads the copy (see dwarf-rel.h).
 */
#include "dwarf-rel.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

/*
 * The sections libdwfl relocates, by name: libebl's default_debugscn_p(),
 * its names as they are and as .zdebug* and .gnu.debuglto_* variants.
 */
static const char *const debug_names[] = {
	".debug", ".line", ".debug_srcinfo", ".debug_sfnames",
	".debug_aranges", ".debug_pubnames", ".debug_info", ".debug_abbrev",
	".debug_line", ".debug_frame", ".debug_str", ".debug_loc",
	".debug_macinfo", ".debug_ranges", ".debug_pubtypes", ".debug_types",
	".gdb_index", ".debug_macro", ".debug_addr", ".debug_line_str",
	".debug_loclists", ".debug_names", ".debug_rnglists",
	".debug_str_offsets", ".debug_weaknames", ".debug_funcnames",
	".debug_typenames", ".debug_varnames",
};

/* A section libdwfl relocates, as it is named here (entries applied here). */
static bool debug_section(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(debug_names); i++)
		if (!strcmp(name, debug_names[i]))
			return true;
	return false;
}

/* ... or under any of the names libdwfl relocates. */
static bool libdwfl_relocates(const char *name)
{
	if (!strncmp(name, ".zdebug", 7)) {
		for (size_t i = 0; i < ARRAY_SIZE(debug_names); i++)
			if (!strcmp(name + 2, debug_names[i] + 1))
				return true;
		return false;
	}
	if (!strncmp(name, ".gnu.debuglto_", 14))
		return debug_section(name + 14);
	return debug_section(name);
}

/*
 * The machine's relocation types that store S + A as they are, in 8 and
 * 4 bytes (libdwfl's ELF_T_XWORD, ELF_T_WORD); false for another machine.
 */
static bool abs_types(unsigned e_machine, uint32_t *t64, uint32_t *t32)
{
	if (e_machine == EM_X86_64) {
		*t64 = R_X86_64_64;
		*t32 = R_X86_64_32;
		return true;
	}
	if (e_machine == EM_AARCH64) {
		*t64 = R_AARCH64_ABS64;
		*t32 = R_AARCH64_ABS32;
		return true;
	}
	return false;
}

/* Bytes a relocation of type writes (abs_types()), 0 for any other type. */
static unsigned field_size(unsigned e_machine, uint32_t type)
{
	uint32_t t64, t32;

	if (!abs_types(e_machine, &t64, &t32))
		return 0;
	return type == t64 ? 8 : type == t32 ? 4 : 0;
}

/* Does [off, off + size) meet a range of the file libdwfl refuses to
 * relocate over (the ELF header, section and program headers)? */
static bool over_headers(const Elf64_Ehdr *eh, size_t nsecs, uint64_t off,
			 uint64_t size)
{
	uint64_t sh_end = eh->e_shoff + nsecs * sizeof(Elf64_Shdr);
	uint64_t ph_end =
		eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr);

	if (off < sizeof(Elf64_Ehdr))
		return true;
	if (eh->e_shoff < off + size && off < sh_end)
		return true;
	return eh->e_phoff && eh->e_phnum && eh->e_phoff < off + size &&
	       off < ph_end;
}

/* The one SHT_SYMTAB (libdwfl takes the last, object.c the first). */
static bool one_symtab(const struct object *o)
{
	size_t n = 0;

	for (size_t i = 1; i < o->nsecs; i++) {
		if (o->secs[i].type == SHT_SYMTAB_SHNDX)
			return false;
		n += o->secs[i].type == SHT_SYMTAB;
	}
	return n == 1 && o->has_symtab;
}

/*
 * What each symbol gives an entry applied before libdwfl
 * (dwarf_rel_prepare): applies[i] when it is defined in a section that is
 * not SHF_ALLOC, to which libdwfl adds no address, and its value.  Looked
 * up once per symbol, not once per entry: a module's entries name a few
 * section symbols over and over.
 */
struct rel_syms {
	uint8_t *applies;
	uint64_t *value;
};

static void rel_syms_init(const struct object *o, struct rel_syms *rs)
{
	rs->applies = xcalloc(o->nsyms, sizeof(*rs->applies));
	rs->value = xcalloc(o->nsyms, sizeof(*rs->value));
	for (size_t i = 1; i < o->nsyms; i++) {
		const struct obj_sym *s = &o->syms[i];

		/* libdwfl adds a section's address only for SHF_ALLOC ones */
		rs->applies[i] = s->shndx != SHN_UNDEF &&
				 s->shndx < SHN_LORESERVE && s->shndx < o->nsecs &&
				 !(o->secs[s->shndx].flags & SHF_ALLOC);
		rs->value[i] = s->value;
	}
}

static void rel_syms_free(struct rel_syms *rs)
{
	free(rs->applies);
	free(rs->value);
}

/*
 * Can entry r of a RELA section be applied here: its value is the
 * symbol's plus the addend, written in size bytes at r_offset of a target
 * of tsize bytes?
 */
static bool entry_ours(const struct object *o, const struct rel_syms *rs,
		       const Elf64_Rela *r, unsigned size, uint64_t tsize)
{
	uint32_t symi = (uint32_t)ELF64_R_SYM(r->r_info);

	return size && symi && symi < o->nsyms && r->r_offset <= tsize &&
	       tsize - r->r_offset >= size && rs->applies[symi];
}

/*
 * The entries of one RELA section are in offset order and never overlap:
 * the order in which they are applied cannot matter.
 */
static bool entries_ordered(const struct object *o, const Elf64_Rela *v,
			    size_t n)
{
	uint64_t end = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned size = field_size(o->mach->e_machine,
					   (uint32_t)ELF64_R_TYPE(v[i].r_info));

		if (v[i].r_offset < end)
			return false;
		end = v[i].r_offset + (size ? size : 8);
	}
	return true;
}

/*
 * Apply what can be of one RELA section, read at from, into the copy;
 * the rest goes to the front of the copy's section.
 */
static void prepare_section(const struct object *o, const struct rel_syms *rs,
			    unsigned char *copy, const unsigned char *from,
			    Elf64_Shdr *csh, const Elf64_Shdr *rsh,
			    const Elf64_Shdr *tsh)
{
	const Elf64_Rela *v = (const Elf64_Rela *)(from + rsh->sh_offset);
	Elf64_Rela *out = (Elf64_Rela *)(copy + rsh->sh_offset);
	unsigned char *t = copy + tsh->sh_offset;
	size_t n = rsh->sh_size / sizeof(Elf64_Rela), kept = 0;

	for (size_t i = 0; i < n; i++) {
		Elf64_Rela r = v[i];
		unsigned size = field_size(o->mach->e_machine,
					   (uint32_t)ELF64_R_TYPE(r.r_info));

		if (entry_ours(o, rs, &r, size, tsh->sh_size)) {
			uint64_t value = rs->value[ELF64_R_SYM(r.r_info)] +
					 (uint64_t)r.r_addend;

			if (size == 8) {
				memcpy(t + r.r_offset, &value, 8);
			} else {
				uint32_t w = (uint32_t)value;

				memcpy(t + r.r_offset, &w, 4);
			}
			continue;
		}
		out[kept++] = r;
	}
	csh->sh_size = kept * sizeof(Elf64_Rela);
}

/*
 * The value each symbol gives an entry applied flat: object.c's address
 * of it (its section's + st_value; a section that is not SHF_ALLOC is at
 * 0, as libdwfl has it), FLAT_NONE for one not defined in a section.  A
 * symbol whose address is FLAT_NONE itself (a damaged st_value) only
 * sends its object to libdwfl.
 */
#define FLAT_NONE UINT64_MAX

static uint64_t *flat_values(const struct object *o)
{
	uint64_t *v = xcalloc(o->nsyms ? o->nsyms : 1, sizeof(*v));

	v[0] = FLAT_NONE;		/* STN_UNDEF */
	for (size_t i = 1; i < o->nsyms; i++)
		v[i] = o->syms[i].defined ? o->syms[i].addr : FLAT_NONE;
	return v;
}

/*
 * Every entry of one RELA section, read at from, applied into the copy
 * with the object's own layout, in the section's order (as libdwfl
 * applies them, so that entries that overlap end as they would); false
 * at the first one that cannot be (the target is then partly written).
 * One pass over what is, in a module, two fifths of the file: a load of
 * the symbol's value, the type and the bounds tested without a call.
 */
static bool flat_section(const struct object *o, const uint64_t *values,
			 unsigned char *copy, const Elf64_Rela *v, size_t n,
			 const Elf64_Shdr *tsh)
{
	uint32_t t64, t32;
	unsigned char *t = copy + tsh->sh_offset;
	uint64_t tsize = tsh->sh_size, nsyms = o->nsyms;
	/* the last offsets a 4- and an 8-byte field may start at, + 1 */
	uint64_t end4 = tsize >= 4 ? tsize - 3 : 0;
	uint64_t end8 = tsize >= 8 ? tsize - 7 : 0;

	if (!abs_types(o->mach->e_machine, &t64, &t32))
		return false;
	for (size_t i = 0; i < n; i++) {
		uint64_t info = v[i].r_info, off = v[i].r_offset;
		uint64_t symi = ELF64_R_SYM(info), value;
		uint32_t type = (uint32_t)ELF64_R_TYPE(info);

		if (symi >= nsyms || (value = values[symi]) == FLAT_NONE)
			return false;
		value += (uint64_t)v[i].r_addend;
		if (type == t32 && off < end4) {
			uint32_t w = (uint32_t)value;

			memcpy(t + off, &w, 4);
		} else if (type == t64 && off < end8) {
			memcpy(t + off, &value, 8);
		} else {
			return false;
		}
	}
	return true;
}

/*
 * The section headers at from, when this file's relocations can be
 * applied here at all, with how many RELA sections each section has
 * (*relas, to be freed); NULL otherwise.
 */
static const Elf64_Shdr *rel_headers(const struct object *o,
				     const unsigned char *from, uint32_t **relas)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)from;
	const Elf64_Shdr *sh;

	if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ || o->type != ET_REL ||
	    o->size < sizeof(*eh) || eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    eh->e_shoff % 8 || !o->nsecs || !one_symtab(o))
		return NULL;
	/* object.c checked the table lies in the file */
	sh = (const Elf64_Shdr *)(from + eh->e_shoff);
	*relas = xcalloc(o->nsecs, sizeof(**relas));
	for (size_t i = 1; i < o->nsecs; i++)
		if ((sh[i].sh_type == SHT_RELA || sh[i].sh_type == SHT_REL) &&
		    sh[i].sh_info < o->nsecs)
			(*relas)[sh[i].sh_info]++;
	return sh;
}

/*
 * Is section i a RELA section whose entries can be applied here (the
 * order of its entries aside: dwarf_rel_plan_ordered())?
 */
static bool rel_section_ours(const struct object *o, const unsigned char *from,
			     const Elf64_Shdr *sh, const uint32_t *relas,
			     size_t i)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)from;
	const Elf64_Shdr *rsh = &sh[i], *tsh;

	if (rsh->sh_type != SHT_RELA || !rsh->sh_size ||
	    rsh->sh_info >= o->nsecs || relas[rsh->sh_info] != 1 ||
	    (rsh->sh_flags & SHF_COMPRESSED) ||
	    rsh->sh_entsize != sizeof(Elf64_Rela) || rsh->sh_offset % 8)
		return false;
	tsh = &sh[rsh->sh_info];
	return tsh->sh_type != SHT_NOBITS && tsh->sh_size &&
	       !(tsh->sh_flags & (SHF_COMPRESSED | SHF_ALLOC)) &&
	       debug_section(o->secs[rsh->sh_info].name) &&
	       rsh->sh_offset <= o->size &&
	       rsh->sh_size <= o->size - rsh->sh_offset &&
	       tsh->sh_offset <= o->size &&
	       tsh->sh_size <= o->size - tsh->sh_offset &&
	       !over_headers(eh, o->nsecs, rsh->sh_offset, rsh->sh_size) &&
	       !over_headers(eh, o->nsecs, tsh->sh_offset, tsh->sh_size);
}

/*
 * A relocation section libdwfl would apply (dwfl_module_getdwarf():
 * every SHT_REL and SHT_RELA section of a section it relocates by name).
 */
static bool libdwfl_applies(const struct object *o, const Elf64_Shdr *sh,
			    size_t i)
{
	return (sh[i].sh_type == SHT_RELA || sh[i].sh_type == SHT_REL) &&
	       sh[i].sh_size && sh[i].sh_info && sh[i].sh_info < o->nsecs &&
	       libdwfl_relocates(o->secs[sh[i].sh_info].name);
}

static void plan_ranges(const Elf64_Shdr *sh, struct dwarf_rel_plan *p)
{
	free(p->ranges);
	p->ranges = xcalloc(p->n ? p->n : 1, sizeof(*p->ranges));
	for (size_t k = 0; k < p->n; k++)
		p->ranges[k] = (struct file_range){ sh[p->secs[k]].sh_offset,
						    sh[p->secs[k]].sh_size };
	if (p->n > 1)
		qsort(p->ranges, p->n, sizeof(*p->ranges), file_range_cmp);
}

void dwarf_rel_plan(const struct object *o, const unsigned char *from,
		    struct dwarf_rel_plan *p)
{
	size_t cap = 0;
	uint32_t *relas;
	const Elf64_Shdr *sh = rel_headers(o, from, &relas);

	memset(p, 0, sizeof(*p));
	if (!sh)
		return;
	p->complete = true;
	for (size_t i = 1; i < o->nsecs; i++) {
		if (rel_section_ours(o, from, sh, relas, i))
			*VEC_PUSH(p->secs, p->n, cap) = (uint32_t)i;
		else if (libdwfl_applies(o, sh, i))
			p->complete = false;
	}
	free(relas);
	plan_ranges(sh, p);
}

void dwarf_rel_plan_ordered(const struct object *o, const unsigned char *from,
			    struct dwarf_rel_plan *p)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)from;
	const Elf64_Shdr *sh;
	size_t kept = 0;

	if (!p->n)
		return;
	sh = (const Elf64_Shdr *)(from + eh->e_shoff);
	for (size_t k = 0; k < p->n; k++) {
		const Elf64_Shdr *rsh = &sh[p->secs[k]];

		if (entries_ordered(o, (const Elf64_Rela *)(from + rsh->sh_offset),
				    rsh->sh_size / sizeof(Elf64_Rela)))
			p->secs[kept++] = p->secs[k];
		else
			p->complete = false;
	}
	p->n = kept;
	plan_ranges(sh, p);
}

void dwarf_rel_plan_free(struct dwarf_rel_plan *p)
{
	free(p->secs);
	free(p->ranges);
	memset(p, 0, sizeof(*p));
}

/* Entries read from the file at a time: 192 KB, a buffer the cache keeps. */
#define FLAT_CHUNK 8192

/* flat_section() over the n entries at off in o's file, a chunk at a time. */
static bool flat_section_read(const struct object *o, const uint64_t *values,
			      unsigned char *copy, int fd, uint64_t off,
			      size_t n, const Elf64_Shdr *tsh, Elf64_Rela *buf)
{
	for (size_t done = 0; done < n;) {
		size_t m = n - done < FLAT_CHUNK ? n - done : FLAT_CHUNK;

		if (!object_file_read(o, fd, buf, off + done * sizeof(*buf),
				      m * sizeof(*buf)) ||
		    !flat_section(o, values, copy, buf, m, tsh))
			return false;
		done += m;
	}
	return true;
}

bool dwarf_rel_flat(const struct object *o, unsigned char *copy,
		    const unsigned char *from, const struct dwarf_rel_plan *p,
		    int fd)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)from;
	const Elf64_Shdr *sh;
	Elf64_Rela *buf = NULL;
	uint64_t *values;
	bool ok = true;

	if (!p->complete)
		return false;
	if (!p->n)
		return true;
	sh = (const Elf64_Shdr *)(from + eh->e_shoff);
	values = flat_values(o);
	if (fd >= 0)
		buf = xmalloc(FLAT_CHUNK * sizeof(*buf));
	for (size_t k = 0; k < p->n && ok; k++) {
		const Elf64_Shdr *rsh = &sh[p->secs[k]];
		size_t n = rsh->sh_size / sizeof(Elf64_Rela);

		if (buf)
			ok = flat_section_read(o, values, copy, fd, rsh->sh_offset,
					       n, &sh[rsh->sh_info], buf);
		else
			ok = flat_section(o, values, copy,
					  (const Elf64_Rela *)(from + rsh->sh_offset),
					  n, &sh[rsh->sh_info]);
	}
	free(buf);
	free(values);
	return ok;
}

void dwarf_rel_prepare(const struct object *o, unsigned char *copy,
		       const unsigned char *from, const struct dwarf_rel_plan *p)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)from;
	const Elf64_Shdr *sh;
	Elf64_Shdr *csh;
	struct rel_syms rs;

	if (!p->n)
		return;
	sh = (const Elf64_Shdr *)(from + eh->e_shoff);
	csh = (Elf64_Shdr *)(copy + eh->e_shoff);
	rel_syms_init(o, &rs);
	for (size_t k = 0; k < p->n; k++) {
		uint32_t i = p->secs[k];

		prepare_section(o, &rs, copy, from, &csh[i], &sh[i],
				&sh[sh[i].sh_info]);
	}
	rel_syms_free(&rs);
}

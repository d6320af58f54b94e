// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-rel-diff.c — hold dwarf_rel_flat() (a relocatable object's DWARF
 * relocated with the object's own layout, analyzer/dwarf/dwarf-rel.c) to
 * libdwfl's relocation of the same bytes.
 *
 *   dwarf-rel-diff [--libdwfl] FILE...
 *
 * For each relocatable object, two private copies of its image: one
 * relocated flat (dwarf_rel_plan(), dwarf_rel_flat()), one as libdwfl
 * relocates it (dwarf_rel_plan_ordered(), dwarf_rel_prepare(), then
 * dwfl_module_getdwarf()), both read by libdw.  Every unit must have the
 * same DIEs at the same offsets with the same tags and attributes, each
 * attribute the same value: an address as libdwfl's at the same offset
 * in a section as libdwfl laid it out, at object.c's address of that
 * section (an address in none the same number), a DW_AT_high_pc and a
 * range by their length, an expression operation by operation (its
 * DW_OP_addr by the bytes), anything else as libdw reads it.  And
 * every DWARF section relocated (the line tables among them) must be the
 * same bytes but for the addresses, each the same offset from its
 * symbol's section in either layout: exact where an address alone is
 * ambiguous (the end of one section is where libdwfl puts the next).
 * --libdwfl: each FILE must be one dwarf_rel_flat() refuses, and nothing
 * is compared.  Prints how many DIEs, attributes, bytes and addresses
 * were compared; exit 1 on disagreement (up to 20 shown), 2 when a file
 * cannot be read or is not a relocatable object with DWARF.
 */
#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dwarf-rel.h"
#include "input.h"
#include "object.h"

struct side {
	unsigned char *copy;
	Elf *elf;		/* flat: libdw's Elf of the copy */
	Dwfl *dwfl;		/* libdwfl's */
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	Dwarf *dw;
};

struct tally {
	uint64_t dies, attrs, bytes, fields, wrong;
};

static const struct object *the_object;

static void wrong(struct tally *t, uint64_t off, const char *what)
{
	if (t->wrong++ < 20)
		fprintf(stderr, "dwarf-rel-diff: %s: DIE 0x%" PRIx64 ": %s\n",
			the_object->name, off, what);
}

static char *image_copy(const struct object *o)
{
	char *copy = malloc(o->size);

	if (copy)
		memcpy(copy, o->image, o->size);
	return copy;
}

static const Dwfl_Callbacks callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static bool open_flat(const struct object *o, struct side *s, bool *flat)
{
	struct dwarf_rel_plan p;

	s->copy = (unsigned char *)image_copy(o);
	if (!s->copy)
		return false;
	dwarf_rel_plan(o, o->image, &p);
	/* The entries read from the file, as asmscan does; and from the
	 * mapping (an archive member's path), which must give the same. */
	{
		int fd = object_file_open(o);
		unsigned char *mem = (unsigned char *)image_copy(o);
		bool from_mem = mem && dwarf_rel_flat(o, mem, o->image, &p, -1);

		*flat = dwarf_rel_flat(o, s->copy, o->image, &p, fd);
		if (fd >= 0)
			close(fd);
		if (*flat != from_mem ||
		    (*flat && memcmp(mem, s->copy, o->size))) {
			fprintf(stderr, "dwarf-rel-diff: %s: relocated from the file and from memory differ\n",
				o->name);
			*flat = false;
			free(mem);
			dwarf_rel_plan_free(&p);
			return false;
		}
		free(mem);
	}
	dwarf_rel_plan_free(&p);
	if (!*flat)
		return true;
	s->elf = elf_memory((char *)s->copy, o->size);
	s->dw = s->elf ? dwarf_begin_elf(s->elf, DWARF_C_READ, NULL) : NULL;
	return s->dw != NULL;
}

static bool open_dwfl(const struct object *o, struct side *s)
{
	struct dwarf_rel_plan p;

	s->copy = (unsigned char *)image_copy(o);
	if (!s->copy)
		return false;
	dwarf_rel_plan(o, o->image, &p);
	dwarf_rel_plan_ordered(o, o->image, &p);
	dwarf_rel_prepare(o, s->copy, o->image, &p);
	dwarf_rel_plan_free(&p);
	s->dwfl = dwfl_begin(&callbacks);
	s->mod = s->dwfl ? dwfl_report_offline_memory(s->dwfl, o->name, o->name,
						      (char *)s->copy, o->size)
			 : NULL;
	if (!s->mod || dwfl_report_end(s->dwfl, NULL, NULL) != 0)
		return false;
	s->dw = dwfl_module_getdwarf(s->mod, &s->bias);
	return s->dw != NULL;
}

static void side_close(struct side *s)
{
	if (s->dwfl)
		dwfl_end(s->dwfl);
	else if (s->dw)
		dwarf_end(s->dw);
	if (s->elf)
		elf_end(s->elf);
	free(s->copy);
}

/*
 * Is f, a flat address, libdwfl's address a: a's offset in a section as
 * libdwfl laid it out (its end included: an address just past a
 * function's code, where the next section may start), at that section's
 * flat address?
 */
static bool same_addr(const struct side *l, Dwarf_Addr f, Dwarf_Addr a)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(l->mod, &bias);
	bool in_some = false;

	for (size_t k = 1; elf && k < the_object->nsecs; k++) {
		const struct obj_section *s = &the_object->secs[k];
		GElf_Shdr sh_mem, *sh = gelf_getshdr(elf_getscn(elf, k), &sh_mem);
		uint64_t start;

		if (!sh || !(s->flags & SHF_ALLOC))
			continue;
		start = sh->sh_addr + bias;
		if (a < start || a - start > s->size)
			continue;
		if (f == s->addr + (a - start))
			return true;
		in_some = true;
	}
	/* in no section: not relocated (a unit's DW_AT_low_pc 0) */
	return !in_some && f == a;
}

static void compare_expr(struct tally *t, uint64_t off,
			 Dwarf_Attribute *fa, Dwarf_Attribute *la)
{
	Dwarf_Op *fo, *lo;
	size_t fn, ln;

	if (dwarf_getlocation(fa, &fo, &fn) != 0 ||
	    dwarf_getlocation(la, &lo, &ln) != 0) {
		Dwarf_Block fb, lb;

		if (dwarf_formblock(fa, &fb) || dwarf_formblock(la, &lb) ||
		    fb.length != lb.length || memcmp(fb.data, lb.data, fb.length))
			wrong(t, off, "a block differs");
		return;
	}
	if (fn != ln) {
		wrong(t, off, "an expression's length differs");
		return;
	}
	for (size_t i = 0; i < fn; i++) {
		bool addr = fo[i].atom == DW_OP_addr;
		/* number2 is where libdw found a nested block: the bytes of
		 * either copy, compared by compare_bytes() */
		bool at = fo[i].atom == DW_OP_entry_value ||
			  fo[i].atom == DW_OP_GNU_entry_value ||
			  fo[i].atom == DW_OP_implicit_value ||
			  fo[i].atom == DW_OP_const_type ||
			  fo[i].atom == DW_OP_GNU_const_type;

		/* DW_OP_addr: by compare_bytes(), exact where an addend
		 * takes it outside its section (bnx2.ko: .data - 16) */
		if (fo[i].atom != lo[i].atom ||
		    (!at && fo[i].number2 != lo[i].number2) ||
		    (!addr && fo[i].number != lo[i].number))
			wrong(t, off, "an expression's operation differs");
	}
}

struct attr_ctx {
	struct tally *t;
	const struct side *l;
	Dwarf_Die *fdie, *ldie;
	uint64_t off;
};

static int compare_attr(Dwarf_Attribute *fa, void *arg)
{
	struct attr_ctx *c = arg;
	unsigned name = dwarf_whatattr(fa);
	Dwarf_Attribute la_mem, *la = dwarf_attr(c->ldie, name, &la_mem);
	Dwarf_Addr fv, lv, flow, llow;
	Dwarf_Word fw, lw;
	const char *fs, *ls;
	Dwarf_Die fr, lr;

	c->t->attrs++;
	if (!la || dwarf_whatform(la) != dwarf_whatform(fa)) {
		wrong(c->t, c->off, "an attribute is missing or of another form");
		return DWARF_CB_OK;
	}
	switch (dwarf_whatform(fa)) {
	case DW_FORM_addr: case DW_FORM_addrx: case DW_FORM_addrx1:
	case DW_FORM_addrx2: case DW_FORM_addrx3: case DW_FORM_addrx4:
	case DW_FORM_GNU_addr_index:
		if (dwarf_formaddr(fa, &fv) || dwarf_formaddr(la, &lv)) {
			wrong(c->t, c->off, "an address cannot be read");
		} else if (name == DW_AT_high_pc) {
			if (dwarf_lowpc(c->fdie, &flow) || dwarf_lowpc(c->ldie, &llow) ||
			    fv - flow != lv - llow)
				wrong(c->t, c->off, "DW_AT_high_pc's length differs");
		} else if (!same_addr(c->l, fv, lv)) {
			wrong(c->t, c->off, "an address differs");
		}
		return DWARF_CB_OK;
	case DW_FORM_exprloc: case DW_FORM_block: case DW_FORM_block1:
	case DW_FORM_block2: case DW_FORM_block4:
		compare_expr(c->t, c->off, fa, la);
		return DWARF_CB_OK;
	case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4:
	case DW_FORM_ref8: case DW_FORM_ref_udata: case DW_FORM_ref_addr:
	case DW_FORM_ref_sig8:
		if (!dwarf_formref_die(fa, &fr) || !dwarf_formref_die(la, &lr) ||
		    dwarf_dieoffset(&fr) != dwarf_dieoffset(&lr))
			wrong(c->t, c->off, "a reference differs");
		return DWARF_CB_OK;
	default:
		break;
	}
	fs = dwarf_formstring(fa);
	ls = dwarf_formstring(la);
	if (fs || ls) {
		if (!fs || !ls || strcmp(fs, ls))
			wrong(c->t, c->off, "a string differs");
		return DWARF_CB_OK;
	}
	if (!dwarf_formudata(fa, &fw) && !dwarf_formudata(la, &lw)) {
		if (fw != lw)
			wrong(c->t, c->off, "a constant differs");
		return DWARF_CB_OK;
	}
	bool ff, lf;

	if (!dwarf_formflag(fa, &ff) && !dwarf_formflag(la, &lf) && ff == lf)
		return DWARF_CB_OK;
	wrong(c->t, c->off, "an attribute cannot be read alike");
	return DWARF_CB_OK;
}

static void compare_ranges(struct tally *t, const struct side *l, uint64_t off,
			   Dwarf_Die *fd, Dwarf_Die *ld)
{
	Dwarf_Addr fb, fs, fe, lb, ls, le;
	ptrdiff_t fo = 0, lo = 0;

	if (!dwarf_hasattr(fd, DW_AT_ranges))
		return;
	for (;;) {
		fo = dwarf_ranges(fd, fo, &fb, &fs, &fe);
		lo = dwarf_ranges(ld, lo, &lb, &ls, &le);
		if (fo <= 0 || lo <= 0) {
			if (fo != lo)
				wrong(t, off, "the ranges' count differs");
			return;
		}
		if (fe - fs != le - ls || !same_addr(l, fs, ls))
			wrong(t, off, "a range differs");
	}
}

static void compare_die(struct tally *t, const struct side *l, Dwarf_Die *fd,
			Dwarf_Die *ld)
{
	do {
		struct attr_ctx c = { t, l, fd, ld, dwarf_dieoffset(fd) };
		Dwarf_Die fc, lc;
		int frc, lrc;

		t->dies++;
		if (dwarf_dieoffset(ld) != c.off || dwarf_tag(fd) != dwarf_tag(ld)) {
			wrong(t, c.off, "another DIE");
			return;
		}
		dwarf_getattrs(fd, compare_attr, &c, 0);
		compare_ranges(t, l, c.off, fd, ld);
		frc = dwarf_child(fd, &fc);
		lrc = dwarf_child(ld, &lc);
		if (frc != lrc)
			wrong(t, c.off, "children differ");
		else if (frc == 0)
			compare_die(t, l, &fc, &lc);
		frc = dwarf_siblingof(fd, fd);
		lrc = dwarf_siblingof(ld, ld);
		if (frc != lrc) {
			wrong(t, c.off, "siblings differ");
			return;
		}
		if (frc != 0)
			return;
	} while (1);
}

/* libdwfl's address of section k (its layout, as it relocates). */
static bool dwfl_section_addr(const struct side *l, size_t k, uint64_t *addr)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(l->mod, &bias);
	GElf_Shdr sh_mem, *sh = elf ? gelf_getshdr(elf_getscn(elf, k), &sh_mem) : NULL;

	if (!sh)
		return false;
	*addr = sh->sh_addr + bias;
	return true;
}

/*
 * Every DWARF section a RELA section fixes, byte for byte: the same in
 * both copies but in the fields of entries against a symbol of an
 * SHF_ALLOC section, where the flat value less the section's flat address
 * is libdwfl's value less libdwfl's address of it (the symbol's offset in
 * its section plus the addend, in either layout).
 */
static void compare_bytes(struct tally *t, const struct side *f,
			  const struct side *l)
{
	const struct object *o = the_object;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)o->image;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(o->image + eh->e_shoff);
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(l->mod, &bias);

	for (size_t i = 1; elf && i < o->nsecs; i++) {
		const Elf64_Shdr *rsh = &sh[i], *tsh;
		const Elf64_Rela *v;
		const unsigned char *fb, *lb;
		Elf_Data *ld;
		unsigned char *mark;

		if (rsh->sh_type != SHT_RELA || rsh->sh_info >= o->nsecs ||
		    strncmp(o->secs[rsh->sh_info].name, ".debug", 6))
			continue;
		tsh = &sh[rsh->sh_info];
		ld = elf_getdata(elf_getscn(elf, rsh->sh_info), NULL);
		if (!ld || ld->d_size != tsh->sh_size) {
			wrong(t, i, "libdwfl's section is another size");
			continue;
		}
		fb = f->copy + tsh->sh_offset;
		lb = ld->d_buf;
		mark = calloc(tsh->sh_size ? tsh->sh_size : 1, 1);
		v = (const Elf64_Rela *)(o->image + rsh->sh_offset);
		for (size_t k = 0; mark && k < rsh->sh_size / sizeof(*v); k++) {
			uint32_t symi = (uint32_t)ELF64_R_SYM(v[k].r_info);
			unsigned type = (unsigned)ELF64_R_TYPE(v[k].r_info);
			unsigned size = type == R_X86_64_64 || type == R_AARCH64_ABS64 ? 8 : 4;
			const struct obj_sym *sym = symi < o->nsyms ? &o->syms[symi] : NULL;
			uint64_t off = v[k].r_offset, fv = 0, lv = 0, laddr;

			if (!sym || !sym->defined || sym->shndx >= o->nsecs ||
			    !(o->secs[sym->shndx].flags & SHF_ALLOC) ||
			    off + size > tsh->sh_size)
				continue;
			if (!dwfl_section_addr(l, sym->shndx, &laddr)) {
				wrong(t, i, "libdwfl has no address for a section");
				continue;
			}
			memcpy(&fv, fb + off, size);
			memcpy(&lv, lb + off, size);
			fv -= o->secs[sym->shndx].addr;
			lv -= laddr;
			if (size == 4) {
				fv = (uint32_t)fv;
				lv = (uint32_t)lv;
			}
			t->fields++;
			if (fv != lv)
				wrong(t, off, "a relocated address differs");
			memset(mark + off, 1, size);
		}
		for (uint64_t k = 0; mark && k < tsh->sh_size; k++)
			if (!mark[k] && fb[k] != lb[k]) {
				wrong(t, k, "a byte differs");
				break;
			}
		t->bytes += tsh->sh_size;
		free(mark);
	}
}

static int compare_object(const struct object *o, bool want_libdwfl)
{
	struct side f = { 0 }, l = { 0 };
	struct tally t = { 0 };
	Dwarf_Off off = 0, next;
	size_t hsize;
	bool flat = false;
	int rc = 0;

	the_object = o;
	if (!object_section_by_name(o, ".debug_info")) {
		fprintf(stderr, "dwarf-rel-diff: %s: no DWARF\n", o->name);
		return 2;
	}
	if (!open_flat(o, &f, &flat)) {
		fprintf(stderr, "dwarf-rel-diff: %s: cannot read it relocated flat: %s\n",
			o->name, dwarf_errmsg(-1));
		side_close(&f);
		return 2;
	}
	if (want_libdwfl || !flat) {
		side_close(&f);
		if (flat == want_libdwfl) {
			fprintf(stderr, "dwarf-rel-diff: %s: relocated %s, not %s\n",
				o->name, flat ? "flat" : "by libdwfl",
				want_libdwfl ? "by libdwfl" : "flat");
			return 1;
		}
		printf("%s: relocated by libdwfl, not flat\n", o->name);
		return 0;
	}
	if (!open_dwfl(o, &l)) {
		fprintf(stderr, "dwarf-rel-diff: %s: libdwfl: %s\n", o->name,
			dwfl_errmsg(-1));
		rc = 2;
		goto out;
	}
	while (dwarf_nextcu(f.dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die fcu, lcu;

		if (!dwarf_offdie(f.dw, off + hsize, &fcu) ||
		    !dwarf_offdie(l.dw, off + hsize, &lcu)) {
			wrong(&t, off, "a unit cannot be read");
			break;
		}
		compare_die(&t, &l, &fcu, &lcu);
		off = next;
	}
	compare_bytes(&t, &f, &l);
	printf("%s: relocated flat: %" PRIu64 " DIEs, %" PRIu64 " attributes, %" PRIu64
	       " bytes (%" PRIu64 " addresses) compared, %" PRIu64 " differ\n",
	       o->name, t.dies, t.attrs, t.bytes, t.fields, t.wrong);
	rc = t.wrong ? 1 : !t.dies ? 2 : 0;
out:
	side_close(&f);
	side_close(&l);
	return rc;
}

int main(int argc, char **argv)
{
	bool want_libdwfl = argc > 1 && !strcmp(argv[1], "--libdwfl");
	int rc = 0;

	elf_version(EV_CURRENT);
	for (int i = 1 + want_libdwfl; i < argc; i++) {
		struct input_object in = { .name = argv[i], .path = argv[i] };
		struct object o;
		int r;

		if (!object_open(&o, &in) || o.type != ET_REL) {
			fprintf(stderr, "dwarf-rel-diff: %s: not a relocatable object asmscan reads\n",
				argv[i]);
			r = 2;
		} else {
			r = compare_object(&o, want_libdwfl);
		}
		object_free(&o);
		if (r > rc)
			rc = r;
	}
	return argc > 1 + want_libdwfl ? rc : 2;
}

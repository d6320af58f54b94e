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
 * section (an address in none the same number), a DW_AT_high_pc and a range by their length,
 * an expression operation by operation (DW_OP_addr as an address), anything
 * else as libdw reads it; and every line table the same rows, each
 * sequence's start as an address and the other rows at the same distance from
 * it.  --libdwfl: each FILE must be one dwarf_rel_flat() refuses, and
 * nothing is compared.  Prints how many DIEs, attributes and line rows
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
	uint64_t dies, attrs, rows, wrong;
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
	*flat = dwarf_rel_flat(o, s->copy, o->image, &p);
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

static void compare_expr(struct tally *t, const struct side *l, uint64_t off,
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

		if (fo[i].atom != lo[i].atom || fo[i].number2 != lo[i].number2 ||
		    (addr ? !same_addr(l, fo[i].number, lo[i].number)
			  : fo[i].number != lo[i].number))
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
		compare_expr(c->t, c->l, c->off, fa, la);
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

static void compare_lines(struct tally *t, const struct side *l, Dwarf_Die *fcu,
			  Dwarf_Die *lcu)
{
	Dwarf_Lines *fl, *ll;
	size_t fn, ln;
	Dwarf_Addr fstart = 0, lstart = 0;
	bool start = true;

	if (dwarf_getsrclines(fcu, &fl, &fn) || dwarf_getsrclines(lcu, &ll, &ln)) {
		if (dwarf_getsrclines(fcu, &fl, &fn) != dwarf_getsrclines(lcu, &ll, &ln))
			wrong(t, dwarf_dieoffset(fcu), "one line table cannot be read");
		return;
	}
	if (fn != ln) {
		wrong(t, dwarf_dieoffset(fcu), "the line tables' rows differ");
		return;
	}
	for (size_t i = 0; i < fn; i++) {
		Dwarf_Line *f = dwarf_onesrcline(fl, i), *g = dwarf_onesrcline(ll, i);
		Dwarf_Addr fa, la;
		int fline, lline;
		bool fend, lend;
		const char *ffile, *lfile;

		t->rows++;
		if (dwarf_lineaddr(f, &fa) || dwarf_lineaddr(g, &la) ||
		    dwarf_lineno(f, &fline) || dwarf_lineno(g, &lline) ||
		    dwarf_lineendsequence(f, &fend) || dwarf_lineendsequence(g, &lend)) {
			wrong(t, dwarf_dieoffset(fcu), "a line row cannot be read");
			return;
		}
		ffile = dwarf_linesrc(f, NULL, NULL);
		lfile = dwarf_linesrc(g, NULL, NULL);
		if (start && !same_addr(l, fa, la))
			wrong(t, dwarf_dieoffset(fcu), "a sequence's start differs");
		if (start) {
			fstart = fa;
			lstart = la;
		}
		if (fa - fstart != la - lstart || fline != lline || fend != lend ||
		    !ffile != !lfile || (ffile && strcmp(ffile, lfile)))
			wrong(t, dwarf_dieoffset(fcu), "a line row differs");
		start = fend;
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
	if (!open_flat(o, &f, &flat)) {
		fprintf(stderr, "dwarf-rel-diff: %s: cannot read it relocated flat\n",
			o->name);
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
		compare_lines(&t, &l, &fcu, &lcu);
		off = next;
	}
	printf("%s: relocated flat: %" PRIu64 " DIEs, %" PRIu64 " attributes, %" PRIu64
	       " line rows compared, %" PRIu64 " differ\n",
	       o->name, t.dies, t.attrs, t.rows, t.wrong);
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

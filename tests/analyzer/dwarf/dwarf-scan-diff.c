// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-scan-diff.c — hold dwarf-scan.c to libdw's walk of the top-level
 * DIEs (dwarf_child, then dwarf_siblingof; dwarf_tag of each).
 *
 *   dwarf-scan-diff FILE...
 *
 * For every unit of each linked ELF file, the scan with every DIE
 * (dwarf_scan_unit's `all`) must give the DIEs libdw's walk gives, at the
 * same offsets with the same tags, and mark as wanted exactly the ones
 * dwarf.c would act on by libdw's answers: a subprogram with
 * DW_AT_low_pc, DW_AT_high_pc, DW_AT_ranges or DW_AT_noreturn, a
 * structure type with DW_AT_byte_size and no DW_AT_declaration.  The
 * unit DIE's name and first child (dwarf_scan_cu) must be
 * dwarf_diename()'s and dwarf_child()'s, and every function
 * dwarf_scan_func() reads must have libdw's DW_AT_noreturn, name (for a
 * noreturn one) and code (its entry and bytes, as dwarf_die_code()
 * finds them with dwarf_lowpc(), dwarf_highpc(), dwarf_ranges() and
 * dwarf_entrypc(), and its other ranges' starts), and none a copy of an inline function by libdw's DW_AT_abstract_origin
 * chain, and where it reads the declaration, the file index and line
 * libdw's dwarf_attr_integrate() and dwarf_decl_line() give; every struct name dwarf_scan_name() reads must be dwarf_diename()'s.  A unit or function the scan leaves to libdw is counted, not
 * compared.  The units' headers, walked by dwarf-unit.c from the
 * section's bytes, must give dwarf_next_unit()'s units and its end: the
 * same next offsets, past the last unit or at a header both refuse.
 * Prints how many DIEs were compared and how many units and functions
 * were read here; exit 1 on disagreement (up to 20 shown), 2 when a file
 * cannot be read or has no DWARF.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dwarf-die.h"
#include "dwarf-scan.h"

struct tally {
	uint64_t dies, wanted, wrong, units, scanned, cu_declined, funcs, funcs_read, decls;
	uint64_t structs, structs_named;
	uint64_t headers, headers_bad;	/* units both walks found, walks
					 * ended at a header both refuse */
};

static void wrong(struct tally *t, uint64_t off, const char *what)
{
	if (t->wrong++ < 20)
		fprintf(stderr, "dwarf-scan-diff: DIE 0x%" PRIx64 ": %s\n", off, what);
}

static bool libdw_wanted(Dwarf_Die *die, int tag)
{
	if (tag == DW_TAG_subprogram)
		return dwarf_hasattr(die, DW_AT_low_pc) ||
		       dwarf_hasattr(die, DW_AT_high_pc) ||
		       dwarf_hasattr(die, DW_AT_ranges) ||
		       dwarf_hasattr(die, DW_AT_noreturn);
	if (tag == DW_TAG_structure_type)
		return dwarf_hasattr(die, DW_AT_byte_size) &&
		       !dwarf_hasattr(die, DW_AT_declaration);
	return false;
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* A copy of an inline function, as the walk finds it with libdw. */
static bool libdw_copy(Dwarf_Die *die)
{
	Dwarf_Die origin;
	uint8_t inl = dwarf_die_origin_inline(die, &origin);

	return inl == DW_INL_declared_inlined || inl == DW_INL_declared_not_inlined;
}

/* dwarf_scan_func()'s reading of a function against libdw's answers. */
static void compare_func(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
			 Dwarf_Die *die, struct tally *t)
{
	struct dwarf_scan_func f;
	struct dwarf_code where;
	uint64_t off = dwarf_dieoffset(die);
	bool code;

	t->funcs++;
	if (!dwarf_scan_func(s, u, off, &f))
		return;
	t->funcs_read++;
	if (f.noreturn != (dwarf_hasattr(die, DW_AT_noreturn) != 0))
		wrong(t, off, "DW_AT_noreturn differs");
	if (f.noreturn && !same_str(f.name, dwarf_die_symbol_name(die)))
		wrong(t, off, "its name differs from dwarf_die_symbol_name()'s");
	code = dwarf_die_code(die, &where);
	if (code != f.code)
		wrong(t, off, f.code ? "code here, none by libdw" : "no code here, code by libdw");
	else if (code && (where.entry != f.where.entry || where.size != f.where.size))
		wrong(t, off, "its entry or size differs from libdw's");
	else if (code && (where.nparts != f.where.nparts ||
			  memcmp(where.part, f.where.part,
				 where.nparts * sizeof(where.part[0]))))
		wrong(t, off, "its other ranges differ from libdw's");
	else if (code && libdw_copy(die))
		wrong(t, off, "read here, but libdw finds a copy of an inline function");
	if (f.decl) {
		Dwarf_Attribute a;
		Dwarf_Word idx = 0;
		int line = 0;

		t->decls++;
		if (dwarf_attr_integrate(die, DW_AT_decl_file, &a) &&
		    dwarf_formudata(&a, &idx))
			idx = 0;
		if (dwarf_decl_line(die, &line) || line < 0)
			line = 0;
		if (idx != f.decl_file || (uint32_t)line != f.decl_line)
			wrong(t, off, "its declaration's file or line differs from libdw's");
	}
}

/* The scan's DIEs of one unit against libdw's, from first (and the
 * children of namespaces, depth deep), the scan's i-th next. */
static void compare(const struct dwarf_scan *s, const struct dwarf_scan_unit *u,
		    Dwarf_Die *first, struct tally *t, size_t *next,
		    unsigned depth)
{
	Dwarf_Die die = *first, child;
	char why[128];
	size_t i = *next;
	int rc;

	do {
		uint64_t off = dwarf_dieoffset(&die);
		int tag = dwarf_tag(&die);
		bool want = libdw_wanted(&die, tag);

		t->dies++;
		t->wanted += want;
		if (i >= s->ndies) {
			wrong(t, off, "libdw's, not in the scan");
			*next = i;
			return;
		}
		if (s->dies[i].off != off) {
			snprintf(why, sizeof(why), "libdw's next DIE, the scan's is 0x%" PRIx64,
				 s->dies[i].off);
			wrong(t, off, why);
		} else if (s->dies[i].tag != (uint32_t)tag) {
			snprintf(why, sizeof(why), "tag 0x%x in libdw, 0x%x in the scan",
				 (unsigned)tag, (unsigned)s->dies[i].tag);
			wrong(t, off, why);
		} else if (s->dies[i].wanted != want) {
			wrong(t, off, want ? "wanted by libdw's attributes, not by the scan"
					   : "wanted by the scan, not by libdw's attributes");
		} else if (want && tag == DW_TAG_subprogram) {
			compare_func(s, u, &die, t);
		} else if (tag == DW_TAG_structure_type) {
			const char *name;

			t->structs++;
			if (dwarf_scan_name(s, u, off, &name)) {
				t->structs_named++;
				if (!same_str(name, dwarf_diename(&die)))
					wrong(t, off, "the struct's name differs from dwarf_diename()'s");
			}
		}
		i++;
		if (tag == DW_TAG_namespace && depth < DWARF_SCAN_NAMESPACES &&
		    dwarf_child(&die, &child) == 0) {
			*next = i;
			compare(s, u, &child, t, next, depth + 1);
			i = *next;
		}
	} while ((rc = dwarf_siblingof(&die, &die)) == 0);
	*next = i;
	if (rc < 0)
		wrong(t, dwarf_dieoffset(first), "libdw's walk of the unit fails");
	if (!depth && i < s->ndies)
		wrong(t, s->dies[i].off, "the scan's, not libdw's");
}

static const Elf_Data *section(Elf *e, size_t shstrndx, const char *want)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) && (name = elf_strptr(e, shstrndx, sh.sh_name)) &&
		    !strcmp(name, want) && !(sh.sh_flags & SHF_COMPRESSED))
			return elf_rawdata(scn, NULL);
	}
	return NULL;
}

/* dwarf_unit_next()'s walk of the unit headers against dwarf_next_unit()'s. */
static void compare_headers(Dwarf *dw, const Elf_Data *info,
			    const Elf_Data *abbrev, struct tally *t)
{
	Dwarf_Off off = 0, next;
	uint64_t mine_next = 0;
	size_t hsize;

	for (;;) {
		int rc = dwarf_next_unit(dw, off, &next, &hsize, NULL, NULL,
					 NULL, NULL, NULL, NULL);
		bool in = off < info->d_size;
		enum dwarf_unit_found mine = dwarf_unit_next(
			in ? (const uint8_t *)info->d_buf + off : NULL,
			in ? info->d_size - off : 0, off, info->d_size,
			abbrev->d_size, &mine_next);
		enum dwarf_unit_found want = rc == 0 ? DWARF_UNIT_FOUND :
					     rc > 0 ? DWARF_UNIT_END :
						      DWARF_UNIT_BAD;

		if (mine != want) {
			wrong(t, off, "the unit header is judged otherwise than by dwarf_next_unit()");
			return;
		}
		if (mine == DWARF_UNIT_BAD)
			t->headers_bad++;
		if (mine != DWARF_UNIT_FOUND)
			return;
		if (mine_next != (next == (Dwarf_Off)-1 ? UINT64_MAX : next)) {
			wrong(t, off, "the next unit's offset differs from dwarf_next_unit()'s");
			return;
		}
		t->headers++;
		off = next;
	}
}

static int run_file(const char *path, struct tally *t)
{
	int fd = open(path, O_RDONLY);
	Elf *e = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Dwarf *dw = e ? dwarf_begin_elf(e, DWARF_C_READ, NULL) : NULL;
	const Elf_Data *abbrev, *info, *str, *line_str, *ranges, *rnglists;
	struct dwarf_scan s = { 0 };
	Dwarf_Off off = 0, next, abbrev_off;
	Dwarf_Half version;
	uint8_t addr_size, offset_size;
	size_t hsize, shstrndx;
	int rc;

	if (!dw || elf_getshdrstrndx(e, &shstrndx) < 0 ||
	    !(abbrev = section(e, shstrndx, ".debug_abbrev")) ||
	    !(info = section(e, shstrndx, ".debug_info"))) {
		fprintf(stderr, "dwarf-scan-diff: %s: no DWARF to read\n", path);
		return 2;
	}
	s.abbrev = abbrev->d_buf;
	s.abbrev_size = abbrev->d_size;
	if ((str = section(e, shstrndx, ".debug_str"))) {
		s.str = str->d_buf;
		s.str_size = str->d_size;
	}
	if ((line_str = section(e, shstrndx, ".debug_line_str"))) {
		s.line_str = line_str->d_buf;
		s.line_str_size = line_str->d_size;
	}
	if ((ranges = section(e, shstrndx, ".debug_ranges"))) {
		s.ranges = ranges->d_buf;
		s.ranges_size = ranges->d_size;
	}
	if ((rnglists = section(e, shstrndx, ".debug_rnglists"))) {
		s.rnglists = rnglists->d_buf;
		s.rnglists_size = rnglists->d_size;
	}
	compare_headers(dw, info, abbrev, t);
	while (dwarf_next_unit(dw, off, &next, &hsize, &version, &abbrev_off,
			       &addr_size, &offset_size, NULL, NULL) == 0) {
		struct dwarf_scan_unit u;
		Dwarf_Die cu, first;
		const char *name;

		if (!dwarf_offdie(dw, off + hsize, &cu))
			break;
		t->units++;
		/* As dwarf.c calls it. */
		u = (struct dwarf_scan_unit){
			.info = (const uint8_t *)cu.addr - (off + hsize),
			.start = off,
			.end = next < info->d_size ? next : info->d_size,
			.abbrev_off = abbrev_off, .version = version,
			.addr_size = addr_size == 4 ? 4 : 8,
			.offset_size = offset_size == 4 ? 4 : 8,
			.unit_type = version >= 5 ?
				((const uint8_t *)cu.addr - hsize)[(offset_size == 8 ? 12 : 4) + 2] : 0,
			.structs = true, .all = true };
		rc = dwarf_child(&cu, &first);
		if (dwarf_scan_cu(&s, &u, off + hsize, &name)) {
			if (!same_str(name, dwarf_diename(&cu)))
				wrong(t, off + hsize, "the unit's name differs from dwarf_diename()'s");
			if ((rc == 0) != (u.first != 0) ||
			    (rc == 0 && u.first != dwarf_dieoffset(&first)))
				wrong(t, off + hsize, "the unit's first child differs from dwarf_child()'s");
		} else {
			t->cu_declined++;
		}
		if (rc == 0) {
			u.first = (uint64_t)((const uint8_t *)first.addr - u.info);
			if (dwarf_scan_unit(&s, &u)) {
				t->scanned++;
				size_t next = 0;

				compare(&s, &u, &first, t, &next, 0);
			}
		} else if (rc > 0) {
			t->scanned++;		/* nothing to walk */
		}
		off = next;
	}
	dwarf_scan_free(&s);
	dwarf_end(dw);
	elf_end(e);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct tally t = { 0 };
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	elf_version(EV_CURRENT);
	for (int i = 1; i < argc && !rc; i++)
		rc = run_file(argv[i], &t);
	printf("dwarf-scan-diff: %" PRIu64 " DIEs compared (%" PRIu64
	       " wanted), %" PRIu64 " of %" PRIu64 " units scanned (%" PRIu64
	       " unit DIEs left to libdw), %" PRIu64 " of %" PRIu64
	       " functions (%" PRIu64 " declarations) and %" PRIu64 " of %" PRIu64
	       " struct names read here, %" PRIu64 " unit headers read as"
	       " dwarf_next_unit() reads them (%" PRIu64 " walks ended at a bad"
	       " one), %" PRIu64 " wrong\n", t.dies, t.wanted,
	       t.scanned, t.units, t.cu_declined, t.funcs_read, t.funcs, t.decls,
	       t.structs_named, t.structs, t.headers, t.headers_bad, t.wrong);
	if (rc)
		return rc;
	return t.wrong || !t.dies ? 1 : 0;
}

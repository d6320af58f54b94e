// SPDX-License-Identifier: GPL-2.0
/*
 * dwarf-files-diff.c — hold dwarf-files.c to libdw's dwarf_decl_file().
 *
 *   dwarf-files-diff FILE...
 *
 * For every DIE with a DW_AT_decl_file (all of them, not only the ones
 * asmscan asks about) in each linked ELF file, both must name the same
 * file, or both none.  Prints how many DIEs were compared and how many
 * units dwarf-files.c read itself; exit 1 on disagreement (up to 20
 * shown), 2 when a file cannot be read or has no DWARF.
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

#include "dwarf-files.h"
#include "object.h"

struct tally {
	uint64_t dies, named, wrong, units, read;
};

static void walk(struct dwarf_files *df, Dwarf_Die *die, struct tally *t)
{
	Dwarf_Die child;

	do {
		if (dwarf_hasattr_integrate(die, DW_AT_decl_file)) {
			const char *want = dwarf_decl_file(die);
			const char *got = dwarf_files_decl(df, die);

			t->dies++;
			t->named += want != NULL;
			if ((!want) != (!got) || (want && strcmp(want, got))) {
				if (t->wrong++ < 20)
					fprintf(stderr,
						"dwarf-files-diff: DIE 0x%" PRIx64 ": libdw %s, dwarf-files %s\n",
						(uint64_t)dwarf_dieoffset(die),
						want ? want : "(none)",
						got ? got : "(none)");
			}
		}
		if (dwarf_child(die, &child) == 0)
			walk(df, &child, t);
	} while (dwarf_siblingof(die, die) == 0);
}

static struct obj_section section(Elf *e, size_t shstrndx, const char *want)
{
	struct obj_section s = { 0 };
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(e, shstrndx, sh.sh_name)) ||
		    strcmp(name, want) || (sh.sh_flags & SHF_COMPRESSED) ||
		    !(d = elf_rawdata(scn, NULL)))
			continue;
		s.name = want;
		s.data = d->d_buf;
		s.size = d->d_size;
		s.flags = sh.sh_flags;
	}
	return s;
}

static int run_file(const char *path, struct tally *t)
{
	int fd = open(path, O_RDONLY);
	Elf *e = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Dwarf *dw = e ? dwarf_begin_elf(e, DWARF_C_READ, NULL) : NULL;
	struct obj_section line, line_str, str;
	struct dwarf_files df;
	Dwarf_Off off = 0, next;
	size_t hsize, shstrndx;

	if (!dw || elf_getshdrstrndx(e, &shstrndx) < 0) {
		fprintf(stderr, "dwarf-files-diff: %s: no DWARF to read\n", path);
		return 2;
	}
	line = section(e, shstrndx, ".debug_line");
	line_str = section(e, shstrndx, ".debug_line_str");
	str = section(e, shstrndx, ".debug_str");
	dwarf_files_init_sections(&df, line.data ? &line : NULL,
				  line_str.data ? &line_str : NULL,
				  str.data ? &str : NULL);
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(dw, off + hsize, &cu)) {
			t->units++;
			walk(&df, &cu, t);
			t->read += df.ok;
		}
		off = next;
	}
	dwarf_files_free(&df);
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
	printf("dwarf-files-diff: %" PRIu64 " DIEs compared (%" PRIu64
	       " with a file), %" PRIu64 " of %" PRIu64
	       " units read from the header, %" PRIu64 " wrong\n",
	       t.dies, t.named, t.read, t.units, t.wrong);
	if (rc)
		return rc;
	return t.wrong || !t.dies ? 1 : 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * elf-summary.h — a first look at one ELF image: class, machine, type,
 * defined function symbols and whether it carries DWARF.  Filled by
 * elf_summary_read(), printed by elf_summary_print_text(); the two never
 * mix, so other renderers (JSON) can come without touching the reader.
 */
#ifndef ASMSCAN_ELF_SUMMARY_H
#define ASMSCAN_ELF_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <gelf.h>

struct elf_summary {
	int elfclass;			/* ELFCLASS32 / ELFCLASS64 */
	unsigned machine;		/* e_machine */
	unsigned type;			/* e_type */
	size_t nfuncs;			/* defined STT_FUNC symbols */
	bool from_dynsym;		/* no .symtab: counted in .dynsym */
	bool has_dwarf;
	size_t ncus;			/* DWARF compilation units */
	bool disasm_supported;		/* capstone handles this machine */
};

/*
 * Fill *sum from an ELF handle (not an archive).  Returns NULL, or a
 * static description of what could not be read.
 */
const char *elf_summary_read(Elf *elf, struct elf_summary *sum);

/* "NAME: ELF64 x86-64 relocatable, N function symbols, ..." */
void elf_summary_print_text(FILE *out, const char *name,
			    const struct elf_summary *sum);

#endif /* ASMSCAN_ELF_SUMMARY_H */

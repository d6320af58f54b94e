// SPDX-License-Identifier: GPL-2.0
/*
 * elf-summary.c — read the ELF header, count defined function symbols and
 * DWARF compilation units.
 *
 * Function symbols are counted in .symtab (every STT_FUNC whose st_shndx
 * is not SHN_UNDEF); a stripped shared object has only .dynsym, which is
 * used then and said so.  DWARF units are counted through libdw's unit
 * headers only (dwarf_nextcu), which stays cheap on a 173 MB .debug_info.
 */
#include "elf-summary.h"

#include <string.h>

#include <elfutils/libdw.h>
#include <capstone/capstone.h>

static size_t elf_summary_count_funcs(Elf_Scn *scn, const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = 0;

	if (!data || !shdr->sh_entsize)
		return 0;
	for (size_t i = 0; i < shdr->sh_size / shdr->sh_entsize; i++) {
		GElf_Sym sym;

		if (!gelf_getsym(data, (int)i, &sym))
			break;
		if (GELF_ST_TYPE(sym.st_info) == STT_FUNC &&
		    sym.st_shndx != SHN_UNDEF)
			n++;
	}
	return n;
}

static void elf_summary_count_cus(Elf *elf, struct elf_summary *sum)
{
	Dwarf *dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (!dw)
		return;
	sum->has_dwarf = true;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		sum->ncus++;
		off = next;
	}
	dwarf_end(dw);
}

static bool elf_summary_disasm_supported(unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
		return cs_support(CS_ARCH_X86);
	case EM_AARCH64:
		return cs_support(CS_ARCH_ARM64);
	default:
		return false;
	}
}

const char *elf_summary_read(Elf *elf, struct elf_summary *sum)
{
	GElf_Ehdr ehdr;
	Elf_Scn *scn = NULL;
	size_t nsym = 0, ndyn = 0;
	bool have_symtab = false;

	memset(sum, 0, sizeof(*sum));
	if (!gelf_getehdr(elf, &ehdr))
		return elf_errmsg(-1);
	sum->elfclass = gelf_getclass(elf);
	sum->machine = ehdr.e_machine;
	sum->type = ehdr.e_type;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;

		if (!gelf_getshdr(scn, &shdr))
			return elf_errmsg(-1);
		if (shdr.sh_type == SHT_SYMTAB) {
			have_symtab = true;
			nsym += elf_summary_count_funcs(scn, &shdr);
		} else if (shdr.sh_type == SHT_DYNSYM) {
			ndyn += elf_summary_count_funcs(scn, &shdr);
		}
	}
	sum->nfuncs = have_symtab ? nsym : ndyn;
	sum->from_dynsym = !have_symtab && ndyn;
	elf_summary_count_cus(elf, sum);
	sum->disasm_supported = elf_summary_disasm_supported(sum->machine);
	return NULL;
}

static const char *elf_summary_machine_name(unsigned machine)
{
	switch (machine) {
	case EM_X86_64:
		return "x86-64";
	case EM_AARCH64:
		return "AArch64";
	case EM_386:
		return "i386";
	case EM_ARM:
		return "ARM";
	case EM_RISCV:
		return "RISC-V";
	case EM_PPC64:
		return "PowerPC64";
	case EM_S390:
		return "S/390";
	default:
		return NULL;
	}
}

static const char *elf_summary_type_name(unsigned type)
{
	switch (type) {
	case ET_REL:
		return "relocatable";
	case ET_EXEC:
		return "executable";
	case ET_DYN:
		return "shared object";
	case ET_CORE:
		return "core";
	default:
		return "unknown type";
	}
}

void elf_summary_print_text(FILE *out, const char *name,
			    const struct elf_summary *sum)
{
	const char *machine = elf_summary_machine_name(sum->machine);

	fprintf(out, "%s: ELF%s ", name,
		sum->elfclass == ELFCLASS64 ? "64" : "32");
	if (machine)
		fputs(machine, out);
	else
		fprintf(out, "machine %u", sum->machine);
	fprintf(out, " %s, %zu function symbol%s%s", elf_summary_type_name(sum->type),
		sum->nfuncs, sum->nfuncs == 1 ? "" : "s",
		sum->from_dynsym ? " (.dynsym)" : "");
	if (sum->has_dwarf)
		fprintf(out, ", DWARF %zu unit%s", sum->ncus,
			sum->ncus == 1 ? "" : "s");
	else
		fputs(", no DWARF", out);
	if (!sum->disasm_supported)
		fputs(", machine code not analysable (x86-64 and AArch64 only)",
		      out);
	fputc('\n', out);
}

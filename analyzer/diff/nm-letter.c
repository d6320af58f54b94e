// SPDX-License-Identifier: GPL-2.0
/*
 * nm-letter.c — nm's symbol letters (nm-letter.h).  ELF section flags map
 * onto BFD's as _bfd_elf_make_section_from_shdr() sets them: contents
 * unless SHT_NOBITS, loaded when also SHF_ALLOC, read-only without
 * SHF_WRITE, code with SHF_EXECINSTR, else data when loaded; the letter
 * follows from those (binutils' decode_section_type()).
 */
#include "nm-letter.h"

#include <string.h>

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static bool debugging(const char *name)
{
	return starts(name, ".debug") || starts(name, ".zdebug") ||
	       starts(name, ".gnu.linkonce.wi.") || starts(name, ".line") ||
	       starts(name, ".stab");
}

/* The lower-case letter of a defined symbol's section. */
static char section_letter(const struct obj_section *sec)
{
	bool contents = sec->type != SHT_NOBITS;
	bool loaded = contents && (sec->flags & SHF_ALLOC);
	bool readonly = !(sec->flags & SHF_WRITE);

	if (sec->flags & SHF_EXECINSTR)
		return 't';
	if (loaded)
		return readonly ? 'r' : 'd';
	if (!contents)
		return 'b';
	if (debugging(sec->name ? sec->name : ""))
		return 'N';
	return readonly ? 'n' : '?';
}

char nm_letter(const struct object *o, const struct obj_sym *s)
{
	char c;

	if (s->type == STT_SECTION || s->type == STT_FILE || !s->name || !*s->name)
		return 0;
	if (s->shndx == SHN_COMMON)
		return 'C';
	if (s->shndx == SHN_UNDEF)
		return s->bind == STB_WEAK ? (s->type == STT_OBJECT ? 'v' : 'w') : 'U';
	if (s->type == STT_GNU_IFUNC)
		return 'i';
	if (s->bind == STB_WEAK)
		return s->type == STT_OBJECT ? 'V' : 'W';
	if (s->bind == STB_GNU_UNIQUE)
		return 'u';
	if (s->bind != STB_LOCAL && s->bind != STB_GLOBAL)
		return '?';
	if (s->shndx == SHN_ABS)
		c = 'a';
	else if (s->shndx < o->nsecs)
		c = section_letter(&o->secs[s->shndx]);
	else
		return '?';
	if (s->bind == STB_GLOBAL && c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 'A');
	return c;
}

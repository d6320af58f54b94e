// SPDX-License-Identifier: GPL-2.0
/*
 * The kind of a statement, from the sections it writes to.  The names are
 * those of Linux 6.1's records: .altinstructions and .altinstr_replacement
 * (ALTERNATIVE, x86 and arm64), __jump_table (arch_static_branch),
 * .static_call_sites, __bug_table (_BUG_FLAGS), __ex_table (_ASM_EXTABLE),
 * .smp_locks (LOCK_PREFIX).  .altinstr_aux belongs to _static_cpu_has,
 * which is an alternative too.
 */
#include <string.h>

#include "internal.h"

static const struct {
	const char *name;
	enum asmtpl_kind kind;
} section_kinds[] = {
	{ ".altinstructions", ASMTPL_KIND_ALTERNATIVE },
	{ ".altinstr_replacement", ASMTPL_KIND_ALTERNATIVE },
	{ ".altinstr_aux", ASMTPL_KIND_ALTERNATIVE },
	{ "__jump_table", ASMTPL_KIND_JUMP_TABLE },
	{ ".static_call_sites", ASMTPL_KIND_STATIC_CALL },
	{ "__bug_table", ASMTPL_KIND_BUG_TABLE },
	{ "__ex_table", ASMTPL_KIND_EXTABLE },
	{ ".smp_locks", ASMTPL_KIND_LOCK_PREFIX },
};

enum asmtpl_kind asmtpl_kind_of_section(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(section_kinds); i++)
		if (!strcmp(name, section_kinds[i].name))
			return section_kinds[i].kind;
	return ASMTPL_KIND_OTHER_SECTION;
}

void asmtpl_note_section(struct asmtpl_result *res, const char *name)
{
	enum asmtpl_kind kind = asmtpl_kind_of_section(name);
	unsigned i;

	/* A lower enum value is a more specific kind and wins. */
	if (res->kind == ASMTPL_KIND_PLAIN || kind < res->kind)
		res->kind = kind;
	for (i = 0; i < res->nsections; i++)
		if (!strncmp(res->sections[i], name, ASMTPL_SECTION_NAME_MAX - 1))
			return;
	if (res->nsections >= ASMTPL_MAX_SECTIONS) {
		res->sections_dropped++;
		return;
	}
	strncpy(res->sections[res->nsections], name,
		ASMTPL_SECTION_NAME_MAX - 1);
	res->sections[res->nsections][ASMTPL_SECTION_NAME_MAX - 1] = '\0';
	res->nsections++;
}

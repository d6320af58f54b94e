// SPDX-License-Identifier: GPL-2.0
/*
 * asm-diag.cc — the diagnostic for a flagged asm statement, through GCC's
 * diagnostic API so that -Werror, -fdiagnostics-format=json and macro
 * expansion traces ("in expansion of macro 'LOCK_PREFIX'") all work.
 *
 * diag=note uses inform(): a note can never fail a CONFIG_WERROR kernel
 * build.  diag=warning uses warning_at() with no option: a GCC 12 plugin
 * cannot add a -W flag of its own, so -Werror always promotes it.
 */
#include "asminline.h"

void asm_diag_emit(const struct asminline_plugin *pl, location_t loc,
		   const struct asm_record *rec)
{
	char sections[ASMTPL_MAX_SECTIONS * (ASMTPL_SECTION_NAME_MAX + 2) + 8];
	const char *sep = "";

	asm_record_sections_text(rec, sections, sizeof(sections));
	if (sections[0])
		sep = "; sections: ";

	/* Both arms are literals, so GCC still checks the format. */
#define ASM_DIAG_FMT(applied)                                                  \
	((applied) ? G_("%<asm%> in %qs is charged %u instructions by the inliner but emits %u%s%s; treated as %<asm inline%> (mode=apply)") \
		   : G_("%<asm%> in %qs is charged %u instructions by the inliner but emits %u%s%s; consider %<asm_inline%>"))

	switch (pl->opts.diag) {
	case ASMINLINE_DIAG_NOTE:
		inform(loc, ASM_DIAG_FMT(rec->applied), rec->function,
		       rec->gcc_count, rec->tpl_res.est_insns, sep, sections);
		break;
	case ASMINLINE_DIAG_WARNING:
		warning_at(loc, 0, ASM_DIAG_FMT(rec->applied), rec->function,
			   rec->gcc_count, rec->tpl_res.est_insns, sep,
			   sections);
		break;
	case ASMINLINE_DIAG_NONE:
		break;
	}
#undef ASM_DIAG_FMT
}

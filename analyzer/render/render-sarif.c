// SPDX-License-Identifier: GPL-2.0
/*
 * render-sarif.c — --format sarif: a SARIF 2.1.0 log with one run.
 * Findings are results of five rules; a result has a physical location
 * (file and line of the function's declaration) when DWARF gives one, and
 * always a logical location (the function).  Problems with the inputs are
 * toolExecutionNotifications of the run's invocation, and so are the units
 * whose edge verdicts are the plugin's rule's (notes).
 */
#include "render.h"

#include <inttypes.h>
#include <stdlib.h>

#include "json.h"
#include "srctree.h"
#include "tables.h"
#include "util.h"

enum rule {
	RULE_INLINE_COPY,
	RULE_DUPLICATE,
	RULE_TINY_CALL,
	RULE_TABLE_COPY,
	RULE_ASM_SITE,
	RULE_COUNT,
};

static const struct render_sarif_rule rules[RULE_COUNT] = {
	[RULE_INLINE_COPY] = RENDER_SARIF_RULE_ASM001("warning"),
	[RULE_DUPLICATE] = RENDER_SARIF_RULE_ASM002("note"),
	[RULE_TINY_CALL] = { "ASM003", "CallToTinyFunction",
		"Direct calls reach a function whose body is a few instructions: inlining it would cost less than the call.",
		"note" },
	[RULE_TABLE_COPY] = { "ASM004", "SpecialSectionEntriesInCopy",
		"An out-of-line copy of an inline function holds entries of the kernel's special sections (alternatives, lock prefixes, exception table, ...).",
		"note" },
	[RULE_ASM_SITE] = { "ASM005", "OvercountedAsmSite",
		"GCC's inliner charges this asm (one per template line) far more than the instructions it emits; asm_inline would charge 1 (asminline plugin records).",
		"warning" },
};

static void result(struct json *j, enum rule r, const char *message,
		   const char *file, uint32_t line, const char *function,
		   const char *artifact)
{
	json_object_begin(j);
	json_kv_string(j, "ruleId", rules[r].id);
	json_kv_uint(j, "ruleIndex", r);
	json_kv_string(j, "level", rules[r].level);
	render_sarif_message(j, message);
	/* No declaration's file: the object the function is in, no line. */
	render_sarif_locations(j, file ? file : artifact, file ? line : 0,
			       function);
	json_object_end(j);
}

static void results(struct json *j, struct report *rep)
{
	unsigned want = rep->opts->want;
	char msg[1024];

	if (want & ASMSCAN_WANT_COPIES) {
		const struct copies_report *cp = &rep->copies;

		for (size_t i = 0; i < cp->ndwarf; i++) {
			const struct copy_group *g = &cp->dwarf_groups[i];

			snprintf(msg, sizeof(msg),
				 "inline function %s has %zu out-of-line cop%s (%" PRIu64 " bytes, reached by %" PRIu64 " direct calls)",
				 g->name, g->ncopies, g->ncopies == 1 ? "y" : "ies",
				 g->bytes, g->call_sites);
			result(j, RULE_INLINE_COPY, msg, g->decl_file, g->decl_line,
			       g->name, g->copies[0].ref.obj->name);
		}
		for (size_t i = 0; i < cp->ndups; i++) {
			struct copy_group *g = &cp->dups[i];
			struct func_ref *ref = &g->copies[0].ref;

			analysis_locate(ref);
			snprintf(msg, sizeof(msg),
				 "local function %s is defined %zu times (%" PRIu64 " bytes, reached by %" PRIu64 " direct calls)",
				 g->name, g->ncopies, g->bytes, g->call_sites);
			result(j, RULE_DUPLICATE, msg,
			       ref->func ? ref->func->decl_file : NULL,
			       ref->func ? ref->func->decl_line : 0, g->name,
			       ref->obj->name);
		}
	}
	if (want & ASMSCAN_WANT_CALLS) {
		for (size_t i = 0; i < rep->calls.nrows; i++) {
			struct callee_row *r = &rep->calls.rows[i];

			if (!r->tiny)
				continue;
			analysis_locate(&r->ref);
			snprintf(msg, sizeof(msg),
				 "%" PRIu64 " direct calls reach %s, a body of %" PRIu32 " real instruction%s (%" PRIu64 " bytes)",
				 r->sites, r->name, object_func_insns(r->ref.func),
				 object_func_insns(r->ref.func) == 1 ? "" : "s", r->ref.func->size);
			result(j, RULE_TINY_CALL, msg, r->ref.func->decl_file,
			       r->ref.func->decl_line, r->name, r->ref.obj->name);
		}
	}
	if (want & ASMSCAN_WANT_TABLES) {
		for (size_t i = 0; i < rep->tables.nrows; i++) {
			struct table_row *r = &rep->tables.rows[i];
			size_t used;

			if (!r->copy)
				continue;
			analysis_locate(&r->ref);
			used = (size_t)snprintf(msg, sizeof(msg),
						"out-of-line copy %s holds %" PRIu64 " special-section entries:",
						object_func_name(r->ref.func), r->total);
			for (int k = 0; k < TABLE_COUNT && used < sizeof(msg); k++)
				if (r->counts[k])
					used += (size_t)snprintf(msg + used, sizeof(msg) - used,
								 " %s %" PRIu64,
								 tables_section((enum table_kind)k),
								 r->counts[k]);
			result(j, RULE_TABLE_COPY, msg, r->ref.func->decl_file,
			       r->ref.func->decl_line, object_func_name(r->ref.func),
			       r->ref.obj->name);
		}
	}
	for (size_t i = 0; want & ASMSCAN_WANT_SITES && i < rep->sites.nrows; i++) {
		const struct site_row *r = &rep->sites.rows[i];
		int used;

		used = snprintf(msg, sizeof(msg),
				"asm charged %" PRIu32 ", emits %" PRIu32 " (%s) in %" PRIu64 " statement%s of %" PRIu64 " unit%s; %" PRIu64 " refused call%s attributed to it",
				r->gcc_count, r->est_insns, r->site->kind, r->statements,
				r->statements == 1 ? "" : "s", r->units,
				r->units == 1 ? "" : "s", r->edges,
				r->edges == 1 ? "" : "s");
		if (r->rule_edges && used > 0 && (size_t)used < sizeof(msg))
			snprintf(msg + used, sizeof(msg) - (size_t)used,
				 " (%" PRIu64 " by the plugin's rule: the inliner's re-run gave no answer in their unit)",
				 r->rule_edges);
		result(j, RULE_ASM_SITE, msg, r->spelling_file, r->spelling_line,
		       r->functions[0], NULL);
	}
}

void render_sarif(FILE *out, struct report *rep)
{
	const struct rec_rule_units *ru = &rep->sites.rule;
	struct render_sarif_note *notes;
	char (*texts)[1024];
	struct json j;

	render_sarif_begin(&j, out, rep->opts->pretty, rules, RULE_COUNT);
	results(&j, rep);
	/* the units whose verdicts are the rule's, at their unit */
	notes = xcalloc(ru->n ? ru->n : 1, sizeof(*notes));
	texts = xcalloc(ru->n ? ru->n : 1, sizeof(*texts));
	for (size_t i = 0; i < ru->n; i++) {
		render_rule_unit(texts[i], sizeof(texts[i]), ru->v[i]);
		notes[i].file = srctree_show(&rep->sites.view, ru->v[i]->tu);
		notes[i].text = texts[i];
	}
	render_sarif_end(&j, notes, ru->n);
	free(notes);
	free(texts);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * render-sites.c — the sites part of the text and JSON documents (the
 * SARIF results are in render-sarif.c with the other rules).  Reads only
 * rep->sites and the records it points to.  Verdicts of the plugin's rule
 * (a unit whose inliner re-run gave no answer) are never shown as the
 * re-run's: the units are counted and listed, and each such call marked.
 */
#include "render.h"

#include <inttypes.h>
#include <string.h>

#include "json.h"
#include "srctree.h"
#include "texttable.h"

#define SITES_NO_RECORDS                                                    \
	"no asminline records in the input: built without the asminline "   \
	"plugin, with embed=0, or by Clang"

static void functions_text(char *buf, size_t len, const struct site_row *r)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < r->nfunctions && used < len; i++) {
		if (i == 3) {
			snprintf(buf + used, len - used, ", [%zu others]",
				 r->nfunctions - 3);
			return;
		}
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? ", " : "", r->functions[i]);
	}
}

void render_rule_unit(char *buf, size_t len, const struct rec_unit *u)
{
	snprintf(buf, len,
		 "the inliner's re-run gave no answer in this unit (%s%s%s): the plugin's rule judged its %zu refused call%s",
		 u->rerun, *u->rerun_error ? ": " : "", u->rerun_error, u->nedges,
		 u->nedges == 1 ? "" : "s");
}

/*
 * Units whose edge verdicts are the plugin's rule's: how many, and each
 * (-n of them), so that no verdict passes for the re-run's.
 */
static void print_rule_units(FILE *out, const struct sites_report *sr,
			     size_t top)
{
	const struct rec_rule_units *ru = &sr->rule;
	char a[32], b[32], c[32], buf[1024];

	if (!ru->n)
		return;
	fprintf(out, "%s unit%s judged by the plugin's rule, not by GCC's inliner re-run: %s refused call%s, %s of them blocked by asm (a compile whose re-run answers may judge them otherwise)\n",
		fmt_count(a, ru->n), ru->n == 1 ? "" : "s", fmt_count(b, ru->edges),
		ru->edges == 1 ? "" : "s", fmt_count(c, ru->blocked));
	for (size_t i = 0; i < ru->n; i++) {
		if (top && i == top) {
			fprintf(out, "  [%zu others]\n", ru->n - top);
			break;
		}
		render_rule_unit(buf, sizeof(buf), ru->v[i]);
		fprintf(out, "  %s: %s\n", srctree_show(&sr->view, ru->v[i]->tu), buf);
	}
}

/* --site: the calls each chosen site blocks, one line per edge record. */
static void print_site_edges(FILE *out, const struct sites_report *sr)
{
	for (size_t i = 0; i < sr->nrows; i++) {
		const struct site_row *r = &sr->rows[i];

		fprintf(out, "\n%s:%" PRIu32 ": %" PRIu64 " refused call%s blocked by it",
			srctree_show(&sr->view, r->spelling_file), r->spelling_line,
			r->edges, r->edges == 1 ? "" : "s");
		if (r->rule_edges)
			fprintf(out, " (%" PRIu64 " by the plugin's rule)", r->rule_edges);
		fputs(r->edges ? ":\n" : "\n", out);
		for (uint64_t k = 0; k < r->edges; k++) {
			const struct rec_edge *e = r->edge_list[k];

			fprintf(out, "  %s:%" PRIu32 ": %s -> %s (%s %" PRId64
				", callee size %" PRId64 ", %" PRId64 " of it over-counted asm%s)\n",
				srctree_show(&sr->view, e->file), e->line, e->caller,
				e->callee, *e->limit_name ? e->limit_name : e->reason,
				e->limit_value, e->callee_size, e->overcount,
				records_rerun_unanswered(e->unit_rerun)
					? "; the plugin's rule's verdict" : "");
		}
	}
}

void render_sites_text(FILE *out, const struct report *rep)
{
	static const struct ttable_col cols[] = {
		{ "EDGES", TT_NUM }, { "CALLS", TT_NUM }, { "OOL", TT_NUM },
		{ "IN FUNCS", TT_NUM }, { "STMTS", TT_NUM }, { "UNITS", TT_NUM },
		{ "GCC", TT_MAX }, { "INSNS", TT_MAX }, { "KIND", TT_TEXT },
		{ "SITE", TT_TEXT }, { "FUNCTIONS", TT_TEXT },
	};
	const struct sites_report *sr = &rep->sites;
	char a[32], b[32], c[32], d[32], buf[1024];
	struct ttable *t;

	fputs("\nSites: flagged asm from the plugin's records, by where asm is spelled\n", out);
	if (!sr->records) {
		fprintf(out, "%s\n", SITES_NO_RECORDS);
		return;
	}
	fprintf(out, "%s flagged statement%s at %s site%s, from %s unit%s in %s file%s; ",
		fmt_count(a, sr->statements), sr->statements == 1 ? "" : "s",
		fmt_count(b, sr->nrows), sr->nrows == 1 ? "" : "s",
		fmt_count(c, sr->units), sr->units == 1 ? "" : "s",
		fmt_count(d, sr->files_with_records),
		sr->files_with_records == 1 ? "" : "s");
	fprintf(out, "%s refused call%s blocked by asm (edge records)\n",
		fmt_count(a, sr->blocked), sr->blocked == 1 ? "" : "s");
	print_rule_units(out, sr, rep->opts->top);
	if (rep->opts->nsites)
		fprintf(out, "--site: %s of %s sites\n", fmt_count(a, sr->nrows),
			fmt_count(b, sr->selected_from));
	if (!sr->objects_with_lines)
		fputs("no DWARF line table read: IN FUNCS is unknown (0)\n", out);
	if (!sr->nrows)
		return;
	t = ttable_new(cols, ARRAY_SIZE(cols), 9);
	for (size_t i = 0; i < sr->nrows; i++) {
		const struct site_row *r = &sr->rows[i];

		ttable_num(t, r->edges);
		ttable_num(t, r->copy_calls + r->copy_tails);
		ttable_num(t, r->copies);
		ttable_num(t, r->line_funcs);
		ttable_num(t, r->statements);
		ttable_num(t, r->units);
		ttable_num(t, r->gcc_count);
		ttable_num(t, r->est_insns);
		ttable_text(t, r->site->kind);
		snprintf(buf, sizeof(buf), "%s:%" PRIu32,
			 srctree_show(&sr->view, r->spelling_file), r->spelling_line);
		ttable_text(t, buf);
		functions_text(buf, sizeof(buf), r);
		ttable_text(t, buf);
	}
	ttable_print(out, t, rep->opts->top, true);
	ttable_free(t);
	if (rep->opts->nsites)
		print_site_edges(out, sr);
}

static void json_fp(struct json *j, uint64_t fp)
{
	char h[17];

	snprintf(h, sizeof(h), "%016" PRIx64, fp);
	json_string(j, h);
}

/* One expansion of the site: the plugin's stmt record, in unit tu. */
static void json_stmt(struct json *j, const char *tu,
		      const struct rec_stmt *st)
{
	json_object_begin(j);
	json_kv_string(j, "tu", tu);
	json_kv_string(j, "function", st->function);
	json_kv_string(j, "file", st->file);
	json_kv_uint(j, "line", st->line);
	json_kv_uint(j, "column", st->column);
	json_key(j, "fingerprint");
	json_fp(j, st->fingerprint);
	json_object_end(j);
}

/* A call GCC refused to inline that the site's over-count is blamed for. */
static void json_edge(struct json *j, const struct rec_edge *e)
{
	json_object_begin(j);
	json_kv_string(j, "tu", e->tu);
	json_kv_string(j, "caller", e->caller);
	json_kv_string(j, "inlined_into", e->inlined_into);
	json_kv_string(j, "callee", e->callee);
	json_kv_string(j, "file", e->file);
	json_kv_uint(j, "line", e->line);
	json_kv_uint(j, "column", e->column);
	json_kv_string(j, "reason", e->reason);
	json_kv_int(j, "overcount", e->overcount);
	json_kv_bool(j, "by_rule", records_rerun_unanswered(e->unit_rerun));
	json_key(j, "fingerprints");
	json_array_begin(j);
	for (size_t k = 0; k < e->nfingerprints; k++)
		json_fp(j, e->fingerprints[k]);
	json_array_end(j);
	json_object_end(j);
}

static void json_row(struct json *j, const struct site_row *r)
{
	const struct rec_site *s = r->site;

	json_object_begin(j);
	json_kv_string(j, "spelling_file", r->spelling_file);
	json_kv_uint(j, "spelling_line", r->spelling_line);
	json_kv_string(j, "kind", s->kind);
	json_kv_string(j, "template", s->tpl);
	json_kv_bool(j, "asm_inline", s->asm_inline);
	json_kv_uint(j, "gcc_count", r->gcc_count);
	json_kv_uint(j, "est_insns", r->est_insns);
	json_kv_uint(j, "templates", r->templates);
	json_kv_uint(j, "statements", r->statements);
	json_kv_uint(j, "units", r->units);
	json_key(j, "functions");
	json_array_begin(j);
	for (size_t i = 0; i < r->nfunctions; i++)
		json_string(j, r->functions[i]);
	json_array_end(j);
	json_kv_uint(j, "edges", r->edges);
	json_kv_uint(j, "rule_edges", r->rule_edges);
	json_kv_bool(j, "lines_known", r->lines_known);
	json_kv_uint(j, "line_functions", r->line_funcs);
	json_kv_uint(j, "inlined_into", r->inlined_into);
	json_kv_uint(j, "copies", r->copies);
	json_kv_uint(j, "copy_bytes", r->copy_bytes);
	json_kv_uint(j, "call_sites", r->copy_calls);
	json_kv_uint(j, "tail_calls", r->copy_tails);
	json_key(j, "stmts");
	json_array_begin(j);
	for (size_t i = 0; i < r->nstmts; i++)
		json_stmt(j, r->stmt_tus[i], r->stmts[i]);
	json_array_end(j);
	json_key(j, "edge_list");
	json_array_begin(j);
	for (size_t i = 0; i < r->edges; i++)
		json_edge(j, r->edge_list[i]);
	json_array_end(j);
	json_object_end(j);
}

void render_sites_json(struct json *j, const struct report *rep)
{
	const struct sites_report *sr = &rep->sites;

	json_key(j, "sites");
	json_object_begin(j);
	json_kv_bool(j, "records", sr->records);
	json_kv_uint(j, "files_with_records", sr->files_with_records);
	json_kv_uint(j, "units", sr->units);
	json_kv_uint(j, "statements", sr->statements);
	json_kv_uint(j, "edge_records", sr->edges);
	json_kv_uint(j, "blocked_by_asm", sr->blocked);
	/* as check's document has them: the units judged by the rule */
	json_kv_uint(j, "rule_calls", sr->rule.edges);
	json_kv_uint(j, "rule_blocked_by_asm", sr->rule.blocked);
	json_key(j, "rule_units");
	json_array_begin(j);
	for (size_t i = 0; i < sr->rule.n; i++) {
		const struct rec_unit *u = sr->rule.v[i];

		json_object_begin(j);
		json_kv_string(j, "tu", srctree_show(&sr->view, u->tu));
		json_kv_string(j, "rerun", u->rerun);
		if (*u->rerun_error)
			json_kv_string(j, "rerun_error", u->rerun_error);
		json_kv_uint(j, "calls", u->nedges);
		json_object_end(j);
	}
	json_array_end(j);
	json_kv_uint(j, "objects_with_lines", sr->objects_with_lines);
	json_key(j, "sites");
	json_array_begin(j);
	for (size_t i = 0; i < sr->nrows; i++)
		json_row(j, &sr->rows[i]);
	json_array_end(j);
	json_object_end(j);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * render-diff-bloat.c — the diff in the forms maintainers quote:
 * scripts/bloat-o-meter's own output, byte for byte (diff-bloat.h), and
 * a short evidence block for a commit message: the compiler and config,
 * the calls removed and added, the copies gone, and per site of OLD's
 * records the refused calls it blocked and what became of their callees.
 * Plus the provenance lines the text diff starts with.
 */
#include "render-diff.h"

#include <inttypes.h>
#include <string.h>

#include "diff-bloat.h"
#include "srctree.h"

void render_diff_bloat(FILE *out, const struct diff_report *d)
{
	struct bloat_report b;
	double pct;

	diff_bloat_build(&b, d, d->opts->format == ASMSCAN_FORMAT_BLOAT_6_1
					? DIFF_BLOAT_LETTERS_6_1
					: DIFF_BLOAT_LETTERS);
	/* print_result("Function", "tTdDbBrRvVwW") of the script */
	fprintf(out, "add/remove: %zu/%zu grow/shrink: %zu/%zu up/down: %" PRIu64
		"/%" PRId64 " (%" PRId64 ")\n", b.added, b.removed, b.grown, b.shrunk,
		b.up, -(int64_t)b.down, (int64_t)(b.up - b.down));
	fprintf(out, "%-40s %7s %7s %7s\n", "Function", "old", "new", "delta");
	for (size_t i = 0; i < b.nrows; i++) {
		const struct bloat_row *r = &b.rows[i];
		char o[24] = "-", n[24] = "-";

		if (r->present[0])
			snprintf(o, sizeof(o), "%" PRIu64, r->size[0]);
		if (r->present[1])
			snprintf(n, sizeof(n), "%" PRIu64, r->size[1]);
		fprintf(out, "%-40s %7s %7s %+7" PRId64 "\n", r->name, o, n,
			(int64_t)(r->size[1] - r->size[0]));
	}
	pct = b.total[0] ? ((double)b.total[1] - (double)b.total[0]) * 100.0 /
				   (double)b.total[0]
			 : 0.0;
	fprintf(out, "Total: Before=%" PRIu64 ", After=%" PRIu64 ", chg %+.2f%%\n",
		b.total[0], b.total[1], pct);
	diff_bloat_free(&b);
}

static void provenance_line(FILE *out, const char *what,
			    const struct diff_provenance *p)
{
	char cc[256];

	if (!p->compiler) {
		fprintf(out, "%s: no compiler named in .comment", what);
	} else {
		compiler_short(p->compiler, cc, sizeof(cc));
		fprintf(out, "%s: %s", what, cc);
		if (p->other_compilers)
			fprintf(out, " (%zu of %zu objects; %zu other compiler%s)",
				p->compiler_objects, p->objects, p->other_compilers,
				p->other_compilers == 1 ? "" : "s");
	}
	if (p->config)
		fprintf(out, "; config %s%s%s%s", p->config,
			*p->config_title ? " (" : "", p->config_title,
			*p->config_title ? ")" : "");
	fputc('\n', out);
}

void render_diff_provenance(FILE *out, const struct diff_report *d)
{
	const struct diff_provenance *o = &d->prov[0], *n = &d->prov[1];
	bool same_cc = o->compiler && n->compiler && !strcmp(o->compiler, n->compiler) &&
		       !o->other_compilers && !n->other_compilers;

	provenance_line(out, "built by (old)", o);
	provenance_line(out, "built by (new)", n);
	if (o->compiler && n->compiler && !same_cc)
		fputs("note: the two sides were not built by one compiler: differences may be the compiler's\n",
		      out);
	if (o->config && n->config && o->config_hash != n->config_hash)
		fputs("note: the two configs differ: differences may be the config's\n", out);
}

/* The diff's callee row of name (a record's C name), or NULL. */
static const struct diff_callee *callee_of(const struct diff_report *d,
					   const char *name)
{
	char buf[1024];

	diff_strip_name(name, buf, sizeof(buf));
	for (size_t i = 0; i < d->ncallees; i++)
		if (!strcmp(d->callees[i].name, buf))
			return &d->callees[i];
	return NULL;
}

/*
 * best[0..3) holds the callees with the largest losses of call sites,
 * largest first (the first seen first among equals): c in its place.
 */
static void keep_largest_loss(const struct diff_callee *best[3],
			      const struct diff_callee *c)
{
	int64_t loss = -diff_delta(c->sites);
	size_t at = 0;

	for (size_t j = 0; j < 3; j++)
		if (best[j] == c)
			return;
	while (at < 3 && best[at] && -diff_delta(best[at]->sites) >= loss)
		at++;
	if (at == 3)
		return;
	memmove(&best[at + 1], &best[at], (2 - at) * sizeof(best[0]));
	best[at] = c;
}

static void evidence_sites(FILE *out, const struct diff_report *d, size_t top)
{
	const struct report *old = d->side[0];
	const struct sites_report *s = &old->sites;
	struct srctree_view view;
	const char *tree;
	struct arena a = { 0 };
	size_t shown = 0;

	if (!s->records) {
		fputs("  per site: OLD holds no asminline records (build it with the plugin in warn mode)\n",
		      out);
		return;
	}
	srctree_view_init(&view, d->opts->srctree, &old->records, &a);
	tree = view.rel;
	if (s->rule.n)
		fprintf(out, "  OLD's records: %zu unit%s judged by the plugin's rule, not by GCC's inliner re-run (it gave no answer): %zu refused call%s, %zu of them blocked by asm\n",
			s->rule.n, s->rule.n == 1 ? "" : "s", s->rule.edges,
			s->rule.edges == 1 ? "" : "s", s->rule.blocked);
	for (size_t i = 0; i < s->nrows && shown < top; i++) {
		const struct site_row *r = &s->rows[i];
		const struct diff_callee *best[3] = { NULL };
		size_t lost = 0;

		if (!r->edges)
			break;		/* ranked: the rest block nothing */
		if (!srctree_site_selected(d->opts, tree, r->spelling_file,
					   r->spelling_line))
			continue;
		if (!shown)
			fputs("  per site (OLD's records: refused calls it blocked; the callees that lost most calls):\n",
			      out);
		fprintf(out, "    %s:%" PRIu32 " (%s, charged %" PRIu32 ", emits %" PRIu32
			"): %" PRIu64 " refused call%s",
			srctree_show(&view, r->spelling_file), r->spelling_line,
			r->site->kind, r->gcc_count, r->est_insns, r->edges,
			r->edges == 1 ? "" : "s");
		if (r->rule_edges)
			fprintf(out, " (%" PRIu64 " by the rule)", r->rule_edges);
		/* the three callees of its edges with the largest loss */
		for (uint64_t k = 0; k < r->edges; k++) {
			const struct diff_callee *c = callee_of(d, r->edge_list[k]->callee);

			if (c && diff_delta(c->sites) < 0)
				keep_largest_loss(best, c);
		}
		for (size_t j = 0; j < 3 && best[j]; j++, lost++)
			fprintf(out, "%s%s %" PRIu64 " -> %" PRIu64, j ? ", " : "; ",
				best[j]->name, best[j]->sites[0], best[j]->sites[1]);
		if (!lost)
			fputs("; none of their callees lost calls", out);
		fputc('\n', out);
		shown++;
	}
	if (!shown)
		fputs("  per site: no blocked-by-asm edge in OLD's records\n", out);
	arena_free(&a);
}

void render_diff_evidence(FILE *out, const struct diff_report *d)
{
	const struct diff_totals *t = &d->t;
	const struct diff_provenance *p = &d->prov[0];
	char cc[256], a[32], b[32], c[32], e[32];
	size_t top = d->opts->top_set ? d->opts->top : 5;

	compiler_short(p->compiler, cc, sizeof(cc));
	fprintf(out, "asmscan diff %s %s\n", d->names[0], d->names[1]);
	fprintf(out, "  built by %s%s%s%s\n", cc,
		p->config && *p->config_title ? ", " : "",
		p->config ? p->config_title : "",
		d->prov[1].config && p->config && d->prov[1].config_hash != p->config_hash
			? " (NEW's config differs)"
			: "");
	fprintf(out, "  direct calls: -%s at %zu callees (%zu no longer called), +%s at %zu callees\n",
		fmt_count(a, t->sites.removed), t->sites.rows_down, t->sites.rows_gone,
		fmt_count(b, t->sites.added), t->sites.rows_up);
	fprintf(out, "  tail calls: -%s, +%s\n", fmt_count(a, t->tails.removed),
		fmt_count(b, t->tails.added));
	if (t->copies_valid[DIFF_COPY_DWARF])
		fprintf(out, "  out-of-line copies of inline functions: -%s, +%s\n",
			fmt_count(a, t->copies[DIFF_COPY_DWARF].removed),
			fmt_count(b, t->copies[DIFF_COPY_DWARF].added));
	fprintf(out, "  clones (.isra/.constprop/.part/.cold): -%s, +%s; duplicated locals: -%s, +%s\n",
		fmt_count(a, t->copies[DIFF_COPY_CLONE].removed),
		fmt_count(b, t->copies[DIFF_COPY_CLONE].added),
		fmt_count(c, t->copies[DIFF_COPY_DUPLICATE].removed),
		fmt_count(e, t->copies[DIFF_COPY_DUPLICATE].added));
	fprintf(out, "  function bytes (bloat-o-meter -t): %s -> %s (%s%s",
		fmt_count(a, t->total[0]), fmt_count(b, t->total[1]),
		t->total[1] >= t->total[0] ? "+" : "-",
		fmt_count(c, t->total[1] >= t->total[0] ? t->total[1] - t->total[0]
							: t->total[0] - t->total[1]));
	if (t->total[0])
		fprintf(out, ", %+.2f%%", ((double)t->total[1] - (double)t->total[0]) *
					      100.0 / (double)t->total[0]);
	fputs(")\n", out);
	evidence_sites(out, d, top);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * render-diff-text.c — `asmscan diff` for people.  The summary comes
 * first: bloat-o-meter's own first and last lines (so the two can be put
 * side by side), instructions, then calls and copies in both directions
 * (what went away and what appeared, each with its count of rows; the net
 * only after both).  Then three tables, rows by the size of their change,
 * -n rows each, the rest as "[N others]", TOTAL last.
 */
#include "render-diff.h"

#include <inttypes.h>
#include <string.h>

#include "render.h"
#include "texttable.h"

static const char *const side_label[DIFF_SIDES] = { "old", "new" };

static const char *copy_kind_name(enum diff_copy_kind k)
{
	switch (k) {
	case DIFF_COPY_DWARF:
		return "dwarf";
	case DIFF_COPY_DUPLICATE:
		return "duplicate";
	default:
		return "clone";
	}
}

static void print_signed(FILE *out, int64_t v)
{
	char buf[32];
	uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	fprintf(out, "%s%s", v < 0 ? "-" : "+", fmt_count(buf, m));
}

static void print_change(FILE *out, const char *what, uint64_t before,
			 uint64_t after)
{
	char a[32], b[32];

	fprintf(out, "%s: %s -> %s (", what, fmt_count(a, before),
		fmt_count(b, after));
	print_signed(out, (int64_t)(after - before));
	if (before)
		fprintf(out, ", %+.2f%%", 100.0 * ((double)after - (double)before) /
					      (double)before);
	fputs(")\n", out);
}

/* "before -> after: -R at N rows (G gone), +A at M rows (W new), net". */
static void print_flow(FILE *out, const char *what, const char *rows,
		       const struct diff_flow *f)
{
	char a[32], b[32], c[32], e[32];

	fprintf(out, "%s: %s -> %s: -%s at %zu %s", what, fmt_count(a, f->before),
		fmt_count(b, f->after), fmt_count(c, f->removed), f->rows_down, rows);
	if (f->rows_gone)
		fprintf(out, " (%zu now at 0)", f->rows_gone);
	fprintf(out, ", +%s at %zu %s", fmt_count(e, f->added), f->rows_up, rows);
	if (f->rows_new)
		fprintf(out, " (%zu new)", f->rows_new);
	fputs("; net ", out);
	print_signed(out, (int64_t)(f->after - f->before));
	fputc('\n', out);
}

static void print_summary(FILE *out, const struct diff_report *d)
{
	const struct diff_totals *t = &d->t;
	double pct = t->total[0] ?
		((double)t->total[1] - (double)t->total[0]) * 100.0 /
			(double)t->total[0] : 0.0;

	for (int s = 0; s < DIFF_SIDES; s++) {
		fprintf(out, "%s: ", side_label[s]);
		if (d->side[s]->nobjs)
			render_text_inputs(out, d->side[s]);
		else
			fprintf(out, "%s: nothing read\n", d->names[s]);
	}
	render_diff_provenance(out, d);
	fputs("\nFunctions (bloat-o-meter -t):\n", out);
	fprintf(out, "add/remove: %zu/%zu grow/shrink: %zu/%zu up/down: %" PRIu64
		"/-%" PRIu64 " (%" PRId64 ")\n", t->added, t->removed, t->grown,
		t->shrunk, t->up, t->down, (int64_t)(t->up - t->down));
	fprintf(out, "Total: Before=%" PRIu64 ", After=%" PRIu64 ", chg %+.2f%%\n",
		t->total[0], t->total[1], pct);
	print_change(out, "executable section bytes", t->exec_bytes[0],
		     t->exec_bytes[1]);
	print_change(out, "instructions in those functions", t->insns[0],
		     t->insns[1]);
	if (d->opts->diff->has_growth_budget) {
		char buf[32];

		fprintf(out, "budget: function bytes may grow by %s: %s\n",
			fmt_count(buf, d->opts->diff->growth_budget),
			d->over_budget ? "EXCEEDED" : "kept");
	}

	fputs("\nCalls (both directions; inlining a body copies the calls inside it):\n",
	      out);
	print_flow(out, "direct call sites", "callees", &t->sites);
	print_flow(out, "tail calls", "callees", &t->tails);
	{
		char what[96];

		snprintf(what, sizeof(what), "calls to tiny callees (<= %u insns)",
			 d->opts->max_insns);
		print_flow(out, what, "callees", &t->tiny_sites);
	}

	fputs("\nCopies (out of line):\n", out);
	if (t->copies_valid[DIFF_COPY_DWARF])
		print_flow(out, "DWARF copies of inline functions", "functions",
			   &t->copies[DIFF_COPY_DWARF]);
	else
		fputs("DWARF copies of inline functions: not compared (no DWARF on both sides)\n",
		      out);
	print_flow(out, "definitions of duplicated local names", "names",
		   &t->copies[DIFF_COPY_DUPLICATE]);
	print_flow(out, "clone symbols (.isra/.constprop/.part/.cold)", "functions",
		   &t->copies[DIFF_COPY_CLONE]);
}

static void print_funcs(FILE *out, const struct diff_report *d)
{
	static const struct ttable_col cols[] = {
		{ "OLD", TT_NUM }, { "NEW", TT_NUM }, { "DELTA", TT_DELTA },
		{ "%", TT_PCT }, { "INSNS OLD", TT_NUM }, { "INSNS NEW", TT_NUM },
		{ "INSNS", TT_DELTA }, { "CALLS", TT_DELTA },
		{ "FUNCTION", TT_TEXT },
	};
	struct ttable *t = ttable_new(cols, ARRAY_SIZE(cols), 8);

	for (size_t i = 0; i < d->nfuncs; i++) {
		const struct diff_func *f = &d->funcs[i];

		for (int s = 0; s < DIFF_SIDES; s++) {
			if (f->present[s])
				ttable_num(t, f->bytes[s]);
			else
				ttable_blank(t);
		}
		ttable_delta(t, diff_delta(f->bytes));
		ttable_pct(t, diff_delta(f->bytes), f->bytes[0]);
		ttable_num(t, f->insns[0]);
		ttable_num(t, f->insns[1]);
		ttable_delta(t, diff_delta(f->insns));
		ttable_delta(t, diff_delta(f->calls));
		ttable_text(t, f->name);
	}
	fprintf(out, "\nFunctions that changed (%zu; bytes as bloat-o-meter, CALLS: direct call sites in it)\n",
		d->nfuncs);
	if (d->nfuncs)
		ttable_print(out, t, d->opts->top, true);
	ttable_free(t);
}

static const char *tiny_mark(const struct diff_callee *c)
{
	if (c->tiny[0] && c->tiny[1])
		return "both";
	return c->tiny[0] ? "old" : c->tiny[1] ? "new" : "";
}

static void print_callees(FILE *out, const struct diff_report *d)
{
	static const struct ttable_col cols[] = {
		{ "OLD", TT_NUM }, { "NEW", TT_NUM }, { "DELTA", TT_DELTA },
		{ "%", TT_PCT }, { "TAIL", TT_DELTA }, { "TINY", TT_TEXT },
		{ "CALLEE", TT_TEXT },
	};
	struct ttable *t = ttable_new(cols, ARRAY_SIZE(cols), 6);

	for (size_t i = 0; i < d->ncallees; i++) {
		const struct diff_callee *c = &d->callees[i];

		ttable_num(t, c->sites[0]);
		ttable_num(t, c->sites[1]);
		ttable_delta(t, diff_delta(c->sites));
		ttable_pct(t, diff_delta(c->sites), c->sites[0]);
		ttable_delta(t, diff_delta(c->tails));
		ttable_text(t, tiny_mark(c));
		ttable_text(t, c->name);
	}
	fprintf(out, "\nCallees whose call sites changed (%zu; TINY: body <= %u insns in the old or new build)\n",
		d->ncallees, d->opts->max_insns);
	if (d->ncallees)
		ttable_print(out, t, d->opts->top, true);
	ttable_free(t);
}

static void print_copies(FILE *out, const struct diff_report *d)
{
	static const struct ttable_col cols[] = {
		{ "OLD", TT_NUM }, { "NEW", TT_NUM }, { "DELTA", TT_DELTA },
		{ "BYTES", TT_DELTA }, { "KIND", TT_TEXT }, { "FUNCTION", TT_TEXT },
	};
	struct ttable *t = ttable_new(cols, ARRAY_SIZE(cols), 5);

	for (size_t i = 0; i < d->ncopies; i++) {
		const struct diff_copy *c = &d->copies[i];

		ttable_num(t, c->copies[0]);
		ttable_num(t, c->copies[1]);
		ttable_delta(t, diff_delta(c->copies));
		if (c->kind == DIFF_COPY_DUPLICATE)
			ttable_blank(t);
		else
			ttable_delta(t, diff_delta(c->bytes));
		ttable_text(t, copy_kind_name(c->kind));
		ttable_text(t, c->name);
	}
	fprintf(out, "\nOut-of-line copies that changed (%zu)\n", d->ncopies);
	if (d->ncopies)
		ttable_print(out, t, d->opts->top, false);
	ttable_free(t);
}

void render_diff_text(FILE *out, const struct diff_report *d)
{
	print_summary(out, d);
	print_funcs(out, d);
	print_callees(out, d);
	print_copies(out, d);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * render-text.c — the report for people: a summary line first, then per
 * analysis a sentence with the totals and a table of the top rows (-n),
 * the rest collapsed into "[N others]", TOTAL last.
 */
#include "render.h"

#include <inttypes.h>
#include <string.h>

#include "copies.h"
#include "tables.h"
#include "texttable.h"

/* "function" or "functions" after a count. */
#define PL(n, one, many) ((n) == 1 ? (one) : (many))

static const char *num(char *buf, uint64_t n)
{
	return fmt_count(buf, n);
}

static void pct(char *buf, size_t len, uint64_t part, uint64_t whole)
{
	if (whole)
		snprintf(buf, len, "%.1f%%", 100.0 * (double)part / (double)whole);
	else
		snprintf(buf, len, "0%%");
}

/*
 * What decoding left over, in parentheses: bytes that decode as nothing,
 * instructions capstone does not know (decoded by their length and
 * class, machine.h), and fill that is no instruction.
 */
static void print_decoding(FILE *out, uint64_t bad, uint64_t unknown_insns,
			   uint64_t unknown_bytes, uint64_t pad)
{
	const char *sep = " (";
	char a[32], b[32];

	if (bad) {
		fprintf(out, "%s%s %s undecodable", sep, num(a, bad),
			PL(bad, "byte", "bytes"));
		sep = "; ";
	}
	if (unknown_insns) {
		fprintf(out, "%s%s %s capstone does not know, %s bytes", sep,
			num(a, unknown_insns),
			PL(unknown_insns, "instruction", "instructions"),
			num(b, unknown_bytes));
		sep = "; ";
	}
	if (pad) {
		fprintf(out, "%s%s %s of zero padding", sep, num(a, pad),
			PL(pad, "byte", "bytes"));
		sep = "; ";
	}
	if (*sep == ';')
		fputc(')', out);
}

static void print_inputs(FILE *out, const struct report *rep)
{
	const struct object_summary *s = &rep->sum;
	char a[32], b[32], c[32];

	if (rep->nobjs == 1 && !s->failed) {
		const struct object *o = &rep->objs[0];

		fprintf(out, "%s: ELF64 %s %s, %s function%s, ", o->name,
			o->mach->name, render_type_name(o->type), num(a, o->nfuncs),
			o->nfuncs == 1 ? "" : "s");
		if (o->has_dwarf)
			fprintf(out, "DWARF %s unit%s", num(b, o->dwarf_units),
				o->dwarf_units == 1 ? "" : "s");
		else
			fputs(o->dwarf_failed ? "DWARF unreadable" : "no DWARF", out);
		if (o->insns)
			fprintf(out, ", %s instructions", num(c, o->insns));
		print_decoding(out, o->bad_bytes, o->unknown_insns,
			       o->unknown_bytes, o->pad_bytes);
		fputc('\n', out);
		return;
	}
	fprintf(out, "%s objects", num(a, s->objects));
	if (s->failed)
		fprintf(out, " (%s unreadable)", num(b, s->failed));
	fprintf(out, ": %zu relocatable, %zu executable, %zu shared; %s functions; DWARF in %s",
		s->by_type[ET_REL], s->by_type[ET_EXEC], s->by_type[ET_DYN],
		num(b, s->funcs), num(c, s->with_dwarf));
	if (s->insns)
		fprintf(out, "; %s instructions", num(a, s->insns));
	print_decoding(out, s->bad_bytes, s->unknown_insns, s->unknown_bytes,
		       s->pad_bytes);
	fputc('\n', out);
}

static void print_units(char *buf, size_t len, const struct copy_group *g)
{
	size_t used = 0, shown = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < g->ncopies; i++) {
		const char *u = g->copies[i].unit;

		if (!u)
			continue;
		if (shown == 3) {
			snprintf(buf + used, len - used, ", [%zu others]",
				 g->ncopies - i);
			return;
		}
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", shown ? ", " : "", u);
		if (used >= len)
			return;
		shown++;
	}
}

/* The cells every copies table starts a group's row with. */
static void copy_row(struct ttable *t, const struct copy_group *g)
{
	ttable_num(t, g->ncopies);
	ttable_num(t, g->bytes);
	ttable_num(t, g->call_sites);
	ttable_num(t, g->tail_calls);
	ttable_text(t, g->name);
}

/* Copies from DWARF: declared inline, with out-of-line instances. */
static void print_dwarf_copies(FILE *out, const struct report *rep)
{
	const struct copies_report *cp = &rep->copies;
	static const struct ttable_col dcols[] = {
		{ "COPIES", TT_NUM }, { "BYTES", TT_NUM }, { "CALLS", TT_NUM },
		{ "TAIL", TT_NUM }, { "FUNCTION", TT_TEXT },
		{ "DECLARED AT", TT_TEXT }, { "UNITS", TT_TEXT },
	};
	char a[32], b[32], c[32], d[32], buf[1024];
	struct ttable *t;
	uint64_t calls = 0, tails = 0;

	if (!cp->dwarf) {
		fputs("DWARF: none (build with debug info to see declared-inline functions;\n"
		      "       without it only the symbol copies below can be found)\n", out);
		return;
	}
	for (size_t i = 0; i < cp->ndwarf; i++) {
		calls += cp->dwarf_groups[i].call_sites;
		tails += cp->dwarf_groups[i].tail_calls;
	}
	fprintf(out, "DWARF: %s out-of-line %s of %s declared-inline %s, %s bytes, reached by %s direct calls and %s tail calls\n",
		num(a, cp->dwarf_copies), PL(cp->dwarf_copies, "copy", "copies"),
		num(b, cp->ndwarf), PL(cp->ndwarf, "function", "functions"),
		num(c, cp->dwarf_bytes), num(buf, calls), num(d, tails));
	if (cp->objects_without_dwarf)
		fprintf(out, "       (%zu objects without DWARF are counted from their symbols only)\n",
			cp->objects_without_dwarf);
	t = ttable_new(dcols, 7, 4);
	ttable_limit(t, rep->opts->top);
	for (size_t i = 0; i < cp->ndwarf; i++) {
		const struct copy_group *g = &cp->dwarf_groups[i];

		copy_row(t, g);
		if (g->decl_file) {
			snprintf(buf, sizeof(buf), "%s:%" PRIu32, g->decl_file,
				 g->decl_line);
			ttable_text(t, buf);
		} else {
			ttable_blank(t);
		}
		print_units(buf, sizeof(buf), g);
		ttable_text(t, buf);
	}
	if (cp->ndwarf)
		ttable_print(out, t, rep->opts->top, true);
	ttable_free(t);
}

/* Copies from symbols: local names defined more than once. */
static void print_symbol_copies(FILE *out, const struct report *rep)
{
	const struct copies_report *cp = &rep->copies;
	static const struct ttable_col scols[] = {
		{ "DEFS", TT_NUM }, { "BYTES", TT_NUM }, { "CALLS", TT_NUM },
		{ "TAIL", TT_NUM }, { "NAME", TT_TEXT }, { "UNITS", TT_TEXT },
	};
	char a[32], b[32], c[32], buf[1024];
	struct ttable *t;

	fprintf(out, "\nSymbols: %s local function %s defined more than once, %s definitions, %s bytes\n",
		num(a, cp->ndups), PL(cp->ndups, "name", "names"),
		num(b, cp->dup_defs), num(c, cp->dup_bytes));
	t = ttable_new(scols, 6, 4);
	ttable_limit(t, rep->opts->top);
	for (size_t i = 0; i < cp->ndups; i++) {
		const struct copy_group *g = &cp->dups[i];

		copy_row(t, g);
		print_units(buf, sizeof(buf), g);
		ttable_text(t, buf);
	}
	if (cp->ndups)
		ttable_print(out, t, rep->opts->top, true);
	ttable_free(t);
}

/* GCC's clones (.isra, .constprop, ...), per function, by kind. */
static void print_clones(FILE *out, const struct report *rep)
{
	const struct copies_report *cp = &rep->copies;
	static const struct ttable_col ccols[] = {
		{ "CLONES", TT_NUM }, { "BYTES", TT_NUM }, { "CALLS", TT_NUM },
		{ "TAIL", TT_NUM }, { "FUNCTION", TT_TEXT }, { "KINDS", TT_TEXT },
	};
	char a[32], b[32], c[32], buf[1024];
	struct ttable *t;

	fprintf(out, "\nSymbols: %s %s of %s %s, %s bytes (",
		num(a, cp->clone_syms), PL(cp->clone_syms, "clone", "clones"),
		num(b, cp->nclones), PL(cp->nclones, "function", "functions"),
		num(c, cp->clone_bytes));
	for (int k = 0; k < CLONE_KINDS; k++)
		fprintf(out, "%s.%s %s", k ? ", " : "",
			analysis_clone_name((enum clone_kind)k),
			num(a, cp->clone_kind_count[k]));
	fputs(")\n", out);
	t = ttable_new(ccols, 6, 4);
	ttable_limit(t, rep->opts->top);
	for (size_t i = 0; i < cp->nclones; i++) {
		const struct copy_group *g = &cp->clones[i];
		size_t used = 0;

		copy_row(t, g);
		buf[0] = '\0';
		for (int k = 0; k < CLONE_KINDS; k++)
			if (g->kind_count[k])
				used += (size_t)snprintf(buf + used, sizeof(buf) - used,
							 "%s.%s %" PRIu64, used ? ", " : "",
							 analysis_clone_name((enum clone_kind)k),
							 g->kind_count[k]);
		ttable_text(t, buf);
	}
	if (cp->nclones)
		ttable_print(out, t, rep->opts->top, true);
	ttable_free(t);
}

static void print_copies(FILE *out, struct report *rep)
{
	const struct copies_report *cp = &rep->copies;
	char a[32], b[32], c[32];

	fputs("\nCopies: functions meant to be inlined that exist out of line\n", out);
	print_dwarf_copies(out, rep);
	print_symbol_copies(out, rep);
	print_clones(out, rep);
	if (cp->fragments_cold || cp->fragments_part)
		fprintf(out, "\nFragments: %s .cold and %s .part parts, %s bytes, counted with the functions they belong to\n",
			num(a, cp->fragments_cold), num(b, cp->fragments_part),
			num(c, cp->fragment_bytes));
}

static void print_calls(FILE *out, struct report *rep)
{
	const struct calls_report *cr = &rep->calls;
	const struct asmscan_options *opts = rep->opts;
	static const struct ttable_col cols[] = {
		{ "SITES", TT_NUM }, { "TAIL", TT_NUM }, { "CALLERS", TT_MAX },
		{ "INSNS", TT_MAX }, { "BYTES", TT_MAX }, { "CALLEE", TT_TEXT },
		{ "DEFINED AT", TT_TEXT },
	};
	char a[32], b[32], c[32], d[32], e[32], p[16], buf[1024];
	struct ttable *t;
	size_t shown = 0, limit = opts->top ? opts->top : SIZE_MAX;

	pct(p, sizeof(p), cr->tiny_sites, cr->sites);
	fprintf(out, "\nCalls: direct calls to tiny functions (a body of at most %u real instructions)\n",
		opts->max_insns);
	fprintf(out, "%s direct call sites and %s tail calls; %s calls (%s) and %s tail calls reach %s tiny %s\n",
		num(a, cr->sites), num(d, cr->tail_calls), num(b, cr->tiny_sites), p,
		num(e, cr->tiny_tail_calls), num(c, cr->tiny_callees),
		PL(cr->tiny_callees, "function", "functions"));
	fprintf(out, "not ranked: %s to __fentry__, %s to retpoline thunks, %s to static-call trampolines, %s to placeholders and failure paths, ",
		num(d, cr->ftrace_sites), num(e, cr->thunk_sites),
		num(a, cr->trampoline_sites),
		num(b, cr->placeholder_sites + cr->failure_sites));
	if (cr->veneer_sites)
		fprintf(out, "%s to linker veneers, ", num(a, cr->veneer_sites));
	fprintf(out, "%s to functions no input defines\n", num(buf, cr->sites_unknown));
	if (!rep->sum.with_dwarf)
		fputs("(no DWARF in the inputs: where callees are declared is not known)\n", out);
	if (!cr->nrows)
		return;
	if (opts->all_callees)
		fputs("Every callee (--all); tiny ones are marked *\n", out);
	t = ttable_new(cols, 7, 5);
	ttable_limit(t, opts->top);
	for (size_t i = 0; i < cr->nrows; i++) {
		struct callee_row *r = &cr->rows[i];
		bool known = r->ref.func && r->ref.func->size;

		ttable_num(t, r->sites);
		ttable_num(t, r->tail_calls);
		ttable_num(t, r->callers);
		if (known) {
			ttable_num(t, object_func_insns(r->ref.func));
			ttable_num(t, object_func_bytes(r->ref.func));
		} else {
			ttable_blank(t);
			ttable_blank(t);
		}
		snprintf(buf, sizeof(buf), "%s%s", r->name,
			 opts->all_callees && r->tiny ? " *" : "");
		ttable_text(t, buf);
		/* Only the rows shown are looked up in DWARF. */
		if (shown++ < limit)
			render_where(&r->ref, buf, sizeof(buf));
		else
			buf[0] = '\0';
		ttable_text(t, buf);
	}
	ttable_print(out, t, opts->top, true);
	ttable_free(t);
}

static void print_tables(FILE *out, struct report *rep)
{
	const struct tables_report *tr = &rep->tables;
	static const struct ttable_col scols[] = {
		{ "TABLE", TT_TEXT }, { "ENTRY", TT_MAX }, { "ENTRIES", TT_NUM },
		{ "IN FUNCS", TT_NUM }, { "IN COPIES", TT_NUM },
		{ "OUTSIDE", TT_NUM }, { "PADDING", TT_NUM }, { "STATUS", TT_TEXT },
	};
	static struct ttable_col fcols[TABLE_COUNT + 4];
	char buf[1024];
	struct ttable *t;
	bool any_copy = false;

	fprintf(out, "\nTables: special-section entries per function (copies from %s)\n",
		tr->copies_from_dwarf ? "DWARF" : "symbols: duplicate local names and clones");
	t = ttable_new(scols, 8, 0);
	for (int k = 0; k < TABLE_COUNT; k++) {
		const struct table_result *r = &tr->totals[k];

		ttable_text(t, tables_section((enum table_kind)k));
		if (r->entry_size)
			ttable_num(t, r->entry_size);
		else
			ttable_blank(t);
		ttable_num(t, r->entries);
		ttable_num(t, r->in_funcs);
		ttable_num(t, tr->in_copies[k]);
		ttable_num(t, r->outside);
		ttable_num(t, r->padding);
		if (tr->refused[k])
			snprintf(buf, sizeof(buf), "refused in %zu object%s: %s",
				 tr->refused[k], tr->refused[k] == 1 ? "" : "s",
				 r->refused ? r->refused : "");
		else if (r->unusual)
			snprintf(buf, sizeof(buf), "read; %s: %llu (%s)",
				 r->unusual_why, (unsigned long long)r->unusual,
				 tables_unusual((enum table_kind)k));
		else
			snprintf(buf, sizeof(buf), "%s",
				 r->status == TABLE_READ ? "read" : "absent");
		ttable_text(t, buf);
	}
	ttable_print(out, t, 0, true);
	ttable_free(t);
	if (!tr->nrows)
		return;

	for (int k = 0; k < TABLE_COUNT; k++)
		fcols[k] = (struct ttable_col){ tables_column((enum table_kind)k), TT_NUM };
	fcols[TABLE_COUNT] = (struct ttable_col){ "TOTAL", TT_NUM };
	fcols[TABLE_COUNT + 1] = (struct ttable_col){ "COPY", TT_TEXT };
	fcols[TABLE_COUNT + 2] = (struct ttable_col){ "FUNCTION", TT_TEXT };
	fcols[TABLE_COUNT + 3] = (struct ttable_col){ "UNIT", TT_TEXT };
	for (int pass = 0; pass < 2; pass++) {
		t = ttable_new(fcols, TABLE_COUNT + 4, TABLE_COUNT + 2);
		ttable_limit(t, rep->opts->top);
		for (size_t i = 0; i < tr->nrows; i++) {
			const struct table_row *r = &tr->rows[i];

			any_copy |= r->copy;
			if (pass && !r->copy)
				continue;
			for (int k = 0; k < TABLE_COUNT; k++)
				ttable_num(t, r->counts[k]);
			ttable_num(t, r->total);
			ttable_text(t, r->copy ? "copy" : "");
			ttable_text(t, object_func_name(r->ref.func));
			/* Local names repeat: say whose function it is. */
			ttable_text(t, r->ref.func->cu ? r->ref.func->cu :
				       r->ref.func->file ? r->ref.func->file :
				       r->ref.obj->type == ET_REL ? r->ref.obj->name : "");
		}
		if (pass && !any_copy) {
			ttable_free(t);
			break;
		}
		fputs(pass ? "\nOut-of-line copies holding entries\n" :
			     "\nFunctions by entries\n", out);
		ttable_print(out, t, rep->opts->top, true);
		ttable_free(t);
	}
}

void render_text(FILE *out, struct report *rep)
{
	unsigned want = rep->opts->want;

	if (!rep->nobjs) {
		/* an empty archive or directory: the notes said which */
		fputs("0 objects: no ELF64 x86-64 or AArch64 object in the inputs\n",
		      out);
		return;
	}
	print_inputs(out, rep);
	if (want & ASMSCAN_WANT_COPIES)
		print_copies(out, rep);
	if (want & ASMSCAN_WANT_CALLS)
		print_calls(out, rep);
	if (want & ASMSCAN_WANT_TABLES)
		print_tables(out, rep);
	if (want & ASMSCAN_WANT_SITES)
		render_sites_text(out, rep);
}

/* Shared with the diff (render-diff-text.c): the inputs line. */
void render_text_inputs(FILE *out, const struct report *rep)
{
	print_inputs(out, rep);
}

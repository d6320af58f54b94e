// SPDX-License-Identifier: GPL-2.0
/*
 * check.c — the findings of `asmscan check` (the list: check-list.c) and
 * their comparison with the baseline (see check.h).  Each finding's state
 * comes from what the build and the baseline said of it (check_state_of);
 * edges one side judged by the rule alone are unverified (check.h).
 */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check-against.h"
#include "check-report.h"
#include "report.h"
#include "baseline.h"
#include "errors.h"
#include "srctree.h"

/* The flagged statements and blocked-by-asm edges every unit lists. */
static void from_records(struct check_report *c)
{
	const struct report *rep = c->rep;

	for (size_t u = 0; u < rep->records.nunits; u++) {
		const struct rec_unit *unit = rep->records.units[u];
		bool by_rule = records_rerun_unanswered(unit->rerun);

		c->units++;
		if (by_rule)
			check_add_rule_unit(c, srctree_show(&c->view, unit->tu), unit->rerun,
					    *unit->rerun_error ? unit->rerun_error
							       : NULL,
					    unit->nedges);
		for (size_t k = 0; k < unit->nstmts; k++) {
			const struct rec_stmt *st = unit->stmts[k];
			const struct rec_site *s = st->site;

			if (!s->flagged || !analysis_selected(rep->opts, st->function))
				continue;
			check_add_asm(c, st->function, srctree_show(&c->view, st->file),
				      st->line, srctree_show(&c->view, s->spelling_file),
				      s->spelling_line, s->kind,
				      s->gcc_count, s->est_insns, st->fingerprint);
		}
		for (size_t k = 0; k < unit->nedges; k++) {
			const struct rec_edge *e = unit->edges[k];

			if ((!e->blocked && !by_rule) ||
			    !analysis_selected(rep->opts, e->caller))
				continue;
			check_add_edge(c, !by_rule ? CHECK_JUDGED_BLOCKED
					   : e->blocked ? CHECK_JUDGED_RULE_BLOCKED
							: CHECK_JUDGED_RULE_OTHER,
				       e->caller, e->callee, srctree_show(&c->view, e->file),
				       e->line,
				       e->callee_size, e->limit_name, e->limit_value,
				       e->overcount);
		}
	}
}

static void add_copy(struct check_report *c, const struct copy_group *g,
		     bool dwarf, const char *decl_file, uint32_t decl_line)
{
	bool created;
	struct check_finding *f = check_finding_of(c, CHECK_COPY,
		records_fnv1a(g->name, strlen(g->name)), &created);

	f->found = true;
	/* DWARF and symbols may both see one function's copies */
	if (dwarf)
		f->copy_from = CHECK_COPY_FROM_DWARF;
	else if (f->copy_from != CHECK_COPY_FROM_DWARF)
		f->copy_from = CHECK_COPY_FROM_SYMBOLS;
	if (g->ncopies > f->units) {
		f->units = g->ncopies;
		f->bytes = g->bytes;
	}
	check_take_place(f, created, g->name, decl_file, decl_line);
}

/*
 * --copies: one finding per function name that is declared inline and
 * out of line (DWARF), or a local function defined in several units
 * (symbols: a static inline emitted out of line leaves no DWARF mark
 * when it was inlined nowhere in its unit, see docs/reference/asmscan.md).
 */
static void from_copies(struct check_report *c)
{
	struct report *rep = c->rep;

	for (size_t i = 0; i < rep->copies.ndwarf; i++) {
		const struct copy_group *g = &rep->copies.dwarf_groups[i];

		add_copy(c, g, true, g->decl_file, g->decl_line);
	}
	for (size_t i = 0; i < rep->copies.ndups; i++) {
		struct copy_group *g = &rep->copies.dups[i];
		struct func_ref *ref = &g->copies[0].ref;

		analysis_locate(ref);
		add_copy(c, g, false, ref->func ? ref->func->decl_file : NULL,
			 ref->func ? ref->func->decl_line : 0);
	}
}

/* The baseline's findings, each marked on the finding of its key. */
static bool compare(struct check_report *c)
{
	const struct asmscan_options *opts = c->rep->opts;
	struct check_finding *base = NULL;
	size_t n = 0, cap = 0;

	if (!baseline_read(opts->check->baseline, &base, &n, &cap, &c->strings,
			   &c->baseline_missing)) {
		free(base);
		c->n = 0;	/* nothing to compare with: show nothing */
		return false;
	}
	c->baseline_findings = n;
	for (size_t i = 0; i < n; i++) {
		bool created;
		struct check_finding *f = check_finding_of(c, base[i].kind, base[i].fp,
						  &created);

		if (created)
			*f = base[i];	/* not found: fields as read */
		else if (f->base != CHECK_BASE_FINDING)
			f->base = base[i].base;	/* an edge line wins */
	}
	free(base);
	for (size_t i = 0; i < c->n; i++) {
		c->v[i].state = check_state_of(&c->v[i]);
		c->v[i].write_unverified = check_write_unverified(&c->v[i]);
	}
	return true;
}

static int rule_unit_cmp(const void *pa, const void *pb)
{
	const struct check_rule_unit *a = pa, *b = pb;

	return strcmp(a->tu, b->tu);
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct check_finding *a = pa, *b = pb;
	int64_t c;

	if (a->state != b->state)
		return a->state < b->state ? -1 : 1;
	c = check_place_cmp(a->file, a->line, b->file, b->line);
	if (c)
		return c < 0 ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	c = strcmp(a->function ? a->function : "", b->function ? b->function : "");
	if (c)
		return c < 0 ? -1 : 1;
	return (a->fp > b->fp) - (a->fp < b->fp);
}

void check_report_build(struct check_report *c, struct report *rep,
			const struct check_report *against)
{
	const struct asmscan_options *opts = rep->opts;

	c->rep = rep;
	c->against = against;
	srctree_view_init(&c->view, opts->srctree, &rep->records, &c->strings);
	c->srctree = c->view.rel;
	if (rep->records.nunits) {
		if (opts->check->nreports)
			asmscan_notef(opts->check->reports[0], "not read",
				      "the inputs hold embedded records, which are complete where reports miss ccache hits");
		from_records(c);
	} else if (opts->check->nreports) {
		c->from_reports = true;
		for (size_t i = 0; i < opts->check->nreports; i++)
			check_read_report(c, opts->check->reports[i]);
	} else if (asmscan_status() == ASMSCAN_EXIT_OK) {
		/* A gate that reads nothing must not pass. */
		asmscan_error(opts->ninputs ? opts->inputs[0] : "check",
			      "no asminline records",
			      "no input holds the records asminline.so embeds (built without the plugin, or with embed=0?) and no --report was given");
	}
	if (opts->want & ASMSCAN_WANT_COPIES)
		from_copies(c);
	if (c->nrule_units)
		qsort(c->rule_units, c->nrule_units, sizeof(*c->rule_units),
		      rule_unit_cmp);
	if (against) {
		check_against_compare(c);
		c->compared = true;
	} else if (opts->check->baseline) {
		c->compared = compare(c);
	}
	if (c->compared) {
		if (c->n)	/* qsort(NULL, 0, ...) is undefined */
			qsort(c->v, c->n, sizeof(*c->v), finding_cmp);
		for (size_t i = 0; i < c->n; i++)
			c->count[c->v[i].state] += check_listed(&c->v[i]);
	}
	strmap_free(&c->index);
}

void check_report_free(struct check_report *c)
{
	free(c->v);
	free(c->rule_units);
	strmap_free(&c->index);
	arena_free(&c->strings);
	memset(c, 0, sizeof(*c));
}

/* The baseline's lines: the findings but the fixed, and of them unverified. */
size_t check_to_write(const struct check_report *c, size_t *unverified)
{
	size_t n = 0;

	*unverified = 0;
	for (size_t i = 0; i < c->n; i++) {
		n += c->v[i].state != CHECK_FIXED;
		*unverified += c->v[i].write_unverified;
	}
	return n;
}

/* Is path the baseline, or a place in it ("BASELINE:14")? */
static bool is_baseline(const char *path, const char *baseline)
{
	size_t n = strlen(baseline);

	return !strncmp(path, baseline, n) && (!path[n] || path[n] == ':');
}

/* Why --write-baseline will not write (in buf), or NULL. */
static const char *write_refused(const struct check_report *c, char *buf,
				 size_t len)
{
	const struct asmscan_options *opts = c->rep->opts;
	const struct asmscan_msgs *m = asmscan_reported();
	size_t inputs = 0;
	bool baseline = false, none = false;

	if (!opts->check->write_baseline || asmscan_status() == ASMSCAN_EXIT_OK)
		return NULL;
	for (size_t i = 0; i < m->n; i++) {
		const struct asmscan_msg *e = &m->v[i];
		bool seen = false;

		if (e->severity != ASMSCAN_ERROR)
			continue;
		if (is_baseline(e->file, opts->check->baseline)) {
			baseline = true;
			continue;
		}
		if (!strcmp(e->what, "no asminline records")) {
			none = true;
			continue;
		}
		for (size_t k = 0; k < i && !seen; k++)
			seen = m->v[k].severity == ASMSCAN_ERROR &&
			       !strcmp(m->v[k].file, e->file);
		inputs += !seen;
	}
	if (inputs)
		snprintf(buf, len, "%zu input%s could not be read", inputs,
			 inputs == 1 ? "" : "s");
	else if (baseline)
		snprintf(buf, len, "the old baseline does not read (mend or delete it)");
	else if (none)
		snprintf(buf, len, "no input holds asminline records");
	else
		snprintf(buf, len, "an error was reported");
	return buf;
}

/* Never a baseline from a partial read; say so, not only exit 2. */
bool check_refuse_write(const struct check_report *c)
{
	const struct asmscan_options *opts = c->rep->opts;
	char why[128];

	if (!opts->check->write_baseline || !write_refused(c, why, sizeof(why)))
		return false;
	asmscan_error(opts->check->baseline, "baseline not written", why);
	return true;
}

int check_finish(const struct check_report *c, int rc, bool refused)
{
	const struct asmscan_options *opts = c->rep->opts;

	if (opts->check->write_baseline && !refused && rc != ASMSCAN_EXIT_OK)
		asmscan_error(opts->check->baseline, "baseline not written",
			      "the result could not be written");
	if (rc != ASMSCAN_EXIT_OK || asmscan_status() != ASMSCAN_EXIT_OK)
		return ASMSCAN_EXIT_ERROR;
	if (opts->check->write_baseline)
		return baseline_write(opts->check->baseline, c->v, c->n)
			       ? ASMSCAN_EXIT_OK
			       : ASMSCAN_EXIT_ERROR;
	return c->count[CHECK_NEW] ? ASMSCAN_EXIT_FINDINGS : ASMSCAN_EXIT_OK;
}

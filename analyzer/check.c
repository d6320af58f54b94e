// SPDX-License-Identifier: GPL-2.0
/*
 * check.c — the findings of `asmscan check` and their comparison with the
 * baseline (see check.h).  The findings are keyed by (kind, fingerprint):
 * many units holding one statement, or many refused calls from one caller
 * to one callee, make one finding whose `units` counts them; its place is
 * the smallest (file, line) seen, so the output does not depend on the
 * order of the inputs.  Each finding's state comes from what the build
 * and the baseline said of it (check_state_of); edges one side judged by
 * the rule alone are unverified (check.h).
 */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "baseline.h"
#include "srctree.h"

bool check_rerun_unanswered(const char *rerun)
{
	return rerun && (!strcmp(rerun, "failed") || !strcmp(rerun, "timeout"));
}

bool check_listed(const struct check_finding *f)
{
	if (f->state == CHECK_UNVERIFIED)
		return f->found || f->base == CHECK_BASE_FINDING;
	return f->state != CHECK_FIXED || f->base == CHECK_BASE_FINDING;
}static int64_t cmp_place(const char *fa, uint32_t la, const char *fb,
			 uint32_t lb)
{
	int c = strcmp(fa ? fa : "", fb ? fb : "");

	return c ? c : (la > lb) - (la < lb);
}

static void finding_key(char key[24], enum check_kind kind, uint64_t fp)
{
	snprintf(key, 24, "%c%016" PRIx64, check_kind_name(kind)[0], fp);
}

struct check_finding *check_finding_find(struct check_report *c,
					 enum check_kind kind, uint64_t fp)
{
	char key[24];
	uintptr_t *slot;

	finding_key(key, kind, fp);
	slot = strmap_find(&c->index, key);
	return slot ? &c->v[*slot - 1] : NULL;
}

struct check_finding *check_finding_of(struct check_report *c,
				       enum check_kind kind, uint64_t fp,
				       bool *created)
{
	char key[24];
	uintptr_t *slot;
	struct check_finding *f;

	finding_key(key, kind, fp);
	slot = strmap_find(&c->index, key);
	*created = !slot;
	if (slot)
		return &c->v[*slot - 1];
	/* strmap keeps the key pointer: give it one that lives */
	slot = strmap_get(&c->index, arena_strdup(&c->strings, key), created);
	f = VEC_PUSH(c->v, c->n, c->cap);
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->fp = fp;
	f->state = CHECK_NEW;
	*slot = c->n;
	return f;
}

/*
 * Whether this occurrence of a finding (in function, at file:line) is the
 * one it shows: the first, or one at an earlier place than the kept one,
 * so that a finding many units share has the same place whatever order
 * they were read in.  When it is, its function and place are taken.
 */
static bool take_place(struct check_finding *f, bool created,
		       const char *function, const char *file, uint32_t line)
{
	if (!created && cmp_place(file, line, f->file, f->line) >= 0)
		return false;
	f->function = function;
	f->file = file;
	f->line = line;
	return true;
}

void check_add_asm(struct check_report *c, const char *function,
		   const char *file, uint32_t line, const char *spelling_file,
		   uint32_t spelling_line, const char *asm_kind,
		   uint32_t gcc_count, uint32_t est_insns, uint64_t fp)
{
	bool created;
	struct check_finding *f = check_finding_of(c, CHECK_ASM, fp, &created);

	f->found = true;
	f->units++;
	if (!take_place(f, created, function, file, line))
		return;
	f->spelling_file = spelling_file;
	f->spelling_line = spelling_line;
	f->asm_kind = asm_kind;
	f->gcc_count = gcc_count;
	f->est_insns = est_insns;
}

uint64_t check_edge_fp(const char *caller, const char *callee)
{
	size_t lc = strlen(caller), le = strlen(callee);
	char *buf = xmalloc(lc + le + 2);
	uint64_t h;

	memcpy(buf, caller, lc + 1);
	memcpy(buf + lc + 1, callee, le + 1);
	h = records_fnv1a(buf, lc + le + 1);
	free(buf);
	return h;
}

void check_add_rule_unit(struct check_report *c, const char *tu,
			 const char *rerun, const char *why, size_t calls)
{
	struct check_rule_unit *u;

	for (size_t i = 0; i < c->nrule_units; i++) {
		if (!strcmp(c->rule_units[i].tu, tu)) {
			c->rule_units[i].calls += calls;
			return;
		}
	}
	u = VEC_PUSH(c->rule_units, c->nrule_units, c->caprule_units);
	u->tu = arena_strdup(&c->strings, tu);
	u->rerun = arena_strdup(&c->strings, rerun);
	u->why = why ? arena_strdup(&c->strings, why) : NULL;
	u->calls = calls;
}

void check_add_edge(struct check_report *c, enum check_judged how,
		    const char *caller, const char *callee, const char *file,
		    uint32_t line, int64_t callee_size, const char *limit_name,
		    int64_t limit_value, int64_t overcount)
{
	bool created;
	struct check_finding *f =
		check_finding_of(c, CHECK_EDGE, check_edge_fp(caller, callee),
				 &created);

	/*
	 * A call judged "other" only counts as one the baseline cannot be
	 * compared with; its place is taken only if nothing better is known.
	 */
	if (how == CHECK_JUDGED_RULE_OTHER) {
		c->rule_calls++;
		f->by_rule = true;
		if (!created)
			return;
	} else {
		if (how == CHECK_JUDGED_RULE_BLOCKED) {
			c->rule_calls++;
			f->by_rule = true;
		} else {
			f->verified = true;
		}
		created |= !f->found;	/* a judged call's place gives way */
		f->found = true;
		f->units++;
	}
	if (!take_place(f, created, caller, file, line))
		return;
	f->callee = callee;
	f->callee_size = callee_size;
	f->limit_name = limit_name;
	f->limit_value = limit_value;
	f->overcount = overcount;
}

/* The flagged statements and blocked-by-asm edges every unit lists. */
static void from_records(struct report *rep)
{
	struct check_report *c = &rep->check;

	for (size_t u = 0; u < rep->records.nunits; u++) {
		const struct rec_unit *unit = rep->records.units[u];
		bool by_rule = check_rerun_unanswered(unit->rerun);

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
		     const char *decl_file, uint32_t decl_line)
{
	bool created;
	struct check_finding *f = check_finding_of(c, CHECK_COPY,
		records_fnv1a(g->name, strlen(g->name)), &created);

	f->found = true;
	/* DWARF and symbols may both see one function's copies */
	if (g->ncopies > f->units) {
		f->units = g->ncopies;
		f->bytes = g->bytes;
	}
	take_place(f, created, g->name, decl_file, decl_line);
}

/*
 * --copies: one finding per function name that is declared inline and
 * out of line (DWARF), or a local function defined in several units
 * (symbols: a static inline emitted out of line leaves no DWARF mark
 * when it was inlined nowhere in its unit, see docs/asmscan.md).
 */
static void from_copies(struct report *rep)
{
	struct check_report *c = &rep->check;

	for (size_t i = 0; i < rep->copies.ndwarf; i++) {
		const struct copy_group *g = &rep->copies.dwarf_groups[i];

		add_copy(c, g, g->decl_file, g->decl_line);
	}
	for (size_t i = 0; i < rep->copies.ndups; i++) {
		struct copy_group *g = &rep->copies.dups[i];
		struct func_ref *ref = &g->copies[0].ref;

		analysis_locate(ref);
		add_copy(c, g, ref->func ? ref->func->decl_file : NULL,
			 ref->func ? ref->func->decl_line : 0);
	}
}

/*
 * A finding's state from what the build found and the baseline held.
 * Edges are compared only where both judged them as asked: a call the
 * build judged by the rule alone is unchanged if both say blocked-by-asm,
 * else unverified (neither new nor fixed); a call the baseline holds as
 * unverified is unverified while it is judged now, fixed once it is
 * neither judged nor found (and then not listed: it was no finding).
 */
enum check_state check_state_of(const struct check_finding *f)
{
	if (f->kind == CHECK_EDGE && f->base == CHECK_BASE_UNVERIFIED)
		return f->found || f->by_rule ? CHECK_UNVERIFIED : CHECK_FIXED;
	if (f->kind == CHECK_EDGE && f->by_rule && !f->verified)
		return f->found && f->base == CHECK_BASE_FINDING
			       ? CHECK_UNCHANGED
			       : CHECK_UNVERIFIED;
	return !f->found ? CHECK_FIXED
	       : f->base ? CHECK_UNCHANGED : CHECK_NEW;
}

/*
 * What the baseline will say of an edge: blocked where the build or the
 * old baseline knows it is, unverified where neither knows.
 */
bool check_write_unverified(const struct check_finding *f)
{
	return f->kind == CHECK_EDGE && f->state != CHECK_FIXED &&
	       !f->verified && f->base != CHECK_BASE_FINDING;
}

/* The baseline's findings, each marked on the finding of its key. */
static bool compare(struct report *rep)
{
	const struct asmscan_options *opts = rep->opts;
	struct check_report *c = &rep->check;
	struct check_finding *base = NULL;
	size_t n = 0, cap = 0;

	if (!baseline_read(opts->baseline, &base, &n, &cap, &c->strings,
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
	c = cmp_place(a->file, a->line, b->file, b->line);
	if (c)
		return c < 0 ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	c = strcmp(a->function ? a->function : "", b->function ? b->function : "");
	if (c)
		return c < 0 ? -1 : 1;
	return (a->fp > b->fp) - (a->fp < b->fp);
}

void check_report_build(struct report *rep)
{
	const struct asmscan_options *opts = rep->opts;
	struct check_report *c = &rep->check;

	srctree_view_init(&c->view, opts->srctree, &rep->records, &c->strings);
	c->srctree = c->view.rel;
	if (rep->records.nunits) {
		if (opts->nreports)
			asmscan_notef(opts->reports[0], "not read",
				      "the inputs hold embedded records, which are complete where reports miss ccache hits");
		from_records(rep);
	} else if (opts->nreports) {
		c->from_reports = true;
		for (size_t i = 0; i < opts->nreports; i++)
			check_read_report(rep, opts->reports[i]);
	} else if (asmscan_status() == ASMSCAN_EXIT_OK) {
		/* A gate that reads nothing must not pass. */
		asmscan_error(opts->ninputs ? opts->inputs[0] : "check",
			      "no asminline records",
			      "no input holds the records asminline.so embeds (built without the plugin, or with embed=0?) and no --report was given");
	}
	if (opts->want & ASMSCAN_WANT_COPIES)
		from_copies(rep);
	if (c->nrule_units)
		qsort(c->rule_units, c->nrule_units, sizeof(*c->rule_units),
		      rule_unit_cmp);
	if (rep->against) {
		check_against_compare(rep);
		c->compared = true;
	} else if (opts->baseline) {
		c->compared = compare(rep);
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

const char *check_write_refused(const struct report *rep, char *buf,
				size_t len)
{
	const struct asmscan_options *opts = rep->opts;
	const struct asmscan_msgs *m = asmscan_reported();
	size_t inputs = 0;
	bool baseline = false, none = false;

	if (!opts->write_baseline || asmscan_status() == ASMSCAN_EXIT_OK)
		return NULL;
	for (size_t i = 0; i < m->n; i++) {
		const struct asmscan_msg *e = &m->v[i];
		bool seen = false;

		if (e->severity != ASMSCAN_ERROR)
			continue;
		if (is_baseline(e->file, opts->baseline)) {
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

int check_finish(struct report *rep, int rc)
{
	const struct asmscan_options *opts = rep->opts;
	const struct check_report *c = &rep->check;
	char why[128];

	/* Never a baseline from a partial read; say so, not only exit 2. */
	if (opts->write_baseline && check_write_refused(rep, why, sizeof(why)))
		asmscan_error(opts->baseline, "baseline not written", why);
	else if (opts->write_baseline && rc != ASMSCAN_EXIT_OK)
		asmscan_error(opts->baseline, "baseline not written",
			      "the result could not be written");
	if (rc != ASMSCAN_EXIT_OK || asmscan_status() != ASMSCAN_EXIT_OK)
		return ASMSCAN_EXIT_ERROR;
	if (opts->write_baseline)
		return baseline_write(opts->baseline, c->v, c->n) ? ASMSCAN_EXIT_OK
								 : ASMSCAN_EXIT_ERROR;
	return c->count[CHECK_NEW] ? ASMSCAN_EXIT_FINDINGS : ASMSCAN_EXIT_OK;
}

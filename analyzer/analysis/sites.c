// SPDX-License-Identifier: GPL-2.0
/*
 * sites.c — the plugin's records put into sites and ranked (see sites.h).
 *
 * Per object (main thread, before its DWARF walk): the .comment bytes go
 * to records_read(); the expansion points of the stmts its units list
 * become the object's site_lines wants.  Across objects: rows keyed by
 * spelling location; statements are (unit, stmt) pairs; the line hits of
 * every object, the functions named like the statements' functions and
 * the blocked-by-asm edges keyed by (unit, fingerprint) are added up,
 * those of units whose inliner re-run gave no answer (the plugin's rule
 * judged them) counted apart too.
 */
#include "sites.h"
#include "fragment.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "srctree.h"

const struct rec_file *sites_comment_read(struct records *records,
					  struct object *o)
{
	uint32_t s = object_section_by_name(o, ".comment");
	const struct obj_section *sec = s ? &o->secs[s] : NULL;

	if (!sec || !sec->size)
		return NULL;
	if (!sec->data) {
		object_note(o, ".comment not read",
			    "compressed or without contents: its asminline records (if any) are not read");
		return NULL;
	}
	if (!records_read(records, o->name, sec->data, sec->size, &o->msgs))
		return NULL;
	return &records->files[records->nfiles - 1];
}

void sites_object_read(struct report *rep, struct object *o)
{
	const struct rec_file *f = sites_comment_read(&rep->records, o);

	if (f)
		o->site_lines = site_lines_new(f->stmts, f->nstmts);
}

/* One sites= item over every unit that lists it. */
struct site_req_sum {
	const char *site;
	size_t units, units_spelled, file;
	int64_t statements, applied;
};

void sites_requests_note(const struct report *rep)
{
	const struct records *r = &rep->records;
	struct site_req_sum *sums = NULL;
	size_t n = 0, cap = 0;
	struct strmap index = { 0 };

	for (size_t u = 0; u < r->nunits; u++) {
		const struct rec_unit *unit = r->units[u];

		for (size_t i = 0; i < unit->nsite_reqs; i++) {
			const struct rec_site_req *q = &unit->site_reqs[i];
			bool created;
			uintptr_t *slot = strmap_get(&index, q->site, &created);
			struct site_req_sum *s;

			if (created) {
				s = VEC_PUSH(sums, n, cap);
				memset(s, 0, sizeof(*s));
				s->site = q->site;
				s->file = unit->file;
				*slot = n;
			}
			s = &sums[*slot - 1];
			s->units++;
			s->units_spelled += q->statements > 0;
			s->statements += q->statements;
			s->applied += q->applied;
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct site_req_sum *s = &sums[i];
		const char *name = r->files[s->file].name;

		if (s->applied)
			continue;
		if (!s->statements)
			asmscan_notef(name, "sites= marked nothing",
				      "%s: no asm statement is spelled at that line in the %zu unit%s built with it",
				      s->site, s->units, s->units == 1 ? "" : "s");
		else if (s->units_spelled == s->units)
			asmscan_notef(name, "sites= marked nothing",
				      "%s: %" PRId64 " asm statement%s spelled there, in the %zu unit%s built with it, none flagged (mode=apply marks only flagged ones)",
				      s->site, s->statements,
				      s->statements == 1 ? "" : "s", s->units,
				      s->units == 1 ? "" : "s");
		else
			asmscan_notef(name, "sites= marked nothing",
				      "%s: %" PRId64 " asm statement%s spelled there, in %zu of the %zu units built with it, none flagged (mode=apply marks only flagged ones)",
				      s->site, s->statements,
				      s->statements == 1 ? "" : "s",
				      s->units_spelled, s->units);
	}
	strmap_free(&index);
	free(sums);
}

/* Scratch of the build: what points where. */
struct sites_build {
	struct report *rep;
	struct strmap rows;		/* "file:line" -> row index + 1 */
	struct strmap stmt_row;		/* "tu\0fingerprint" -> row + 1 */
	struct strmap by_base;		/* function base name -> chain + 1 */
	struct func_ref *funcs;		/* chains of same base name */
	size_t *next;
	size_t nfuncs, capfuncs, capnext;
	struct arena keys;
};

static size_t row_of(struct sites_build *b, const struct rec_site *site)
{
	struct sites_report *sr = &b->rep->sites;
	char *key = arena_alloc(&b->keys, strlen(site->spelling_file) + 16);
	uintptr_t *slot;
	bool created;
	static const struct site_row zero;

	sprintf(key, "%s:%" PRIu32, site->spelling_file, site->spelling_line);
	slot = strmap_get(&b->rows, key, &created);
	if (created) {
		size_t cap = sr->nrows;
		struct site_row *r;

		sr->rows = vec_grow(sr->rows, &cap, sr->nrows + 1, sizeof(*sr->rows));
		r = &sr->rows[sr->nrows];
		*r = zero;
		r->spelling_file = site->spelling_file;
		r->spelling_line = site->spelling_line;
		r->site = site;
		*slot = ++sr->nrows;
	}
	return *slot - 1;
}

static char *tu_fp_key(struct arena *a, const char *tu, uint64_t fp)
{
	char *key = arena_alloc(a, strlen(tu) + 18);

	sprintf(key, "%s%c%016" PRIx64, tu, 1, fp);
	return key;
}

/* Append x to a malloc'd pointer list unless it is there. */
static void add_unique(const void ***v, size_t *n, const void *x, bool byname)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i] == x || (byname && !strcmp((*v)[i], x)))
			return;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = x;
}

/* Statements into rows; distinct stmts, units and functions per row. */
static void gather_statements(struct sites_build *b)
{
	struct report *rep = b->rep;
	struct sites_report *sr = &rep->sites;
	const char ***tus = NULL;	/* per row: distinct units */
	size_t *ntus = NULL;

	for (size_t u = 0; u < rep->records.nunits; u++) {
		const struct rec_unit *unit = rep->records.units[u];

		for (size_t k = 0; k < unit->nstmts; k++) {
			const struct rec_stmt *st = unit->stmts[k];
			struct site_row *r;
			size_t ri, before;
			bool created;

			if (!st->site->flagged ||
			    !analysis_selected(rep->opts, st->function))
				continue;
			before = sr->nrows;
			ri = row_of(b, st->site);
			if (sr->nrows != before) {
				tus = xrealloc(tus, sr->nrows * sizeof(*tus));
				ntus = xrealloc(ntus, sr->nrows * sizeof(*ntus));
				tus[ri] = NULL;
				ntus[ri] = 0;
			}
			r = &sr->rows[ri];
			r->statements++;
			sr->statements++;
			if (st->site->gcc_count > r->gcc_count)
				r->gcc_count = st->site->gcc_count;
			if (st->site->est_insns > r->est_insns)
				r->est_insns = st->site->est_insns;
			before = r->nstmts;
			add_unique((const void ***)&r->stmts, &r->nstmts, st, false);
			if (r->nstmts != before) {
				r->stmt_tus = xrealloc(r->stmt_tus,
						       r->nstmts * sizeof(*r->stmt_tus));
				r->stmt_tus[before] = unit->tu;
			}
			add_unique((const void ***)&tus[ri], &ntus[ri], unit->tu, true);
			r->units = ntus[ri];
			add_unique((const void ***)&r->functions, &r->nfunctions,
				   st->function, true);
			*strmap_get(&b->stmt_row, tu_fp_key(&b->keys, unit->tu,
							   st->fingerprint),
				    &created) = ri + 1;
		}
	}
	for (size_t i = 0; i < sr->nrows; i++) {
		const void **sites = NULL;
		size_t n = 0;

		for (size_t k = 0; k < sr->rows[i].nstmts; k++)
			add_unique(&sites, &n, sr->rows[i].stmts[k]->site, false);
		sr->rows[i].templates = n;
		free(sites);
		free(tus[i]);
	}
	free(tus);
	free(ntus);
}

/* Blocked-by-asm edges to the rows of the statements they name. */
static void gather_edges(struct sites_build *b)
{
	struct report *rep = b->rep;
	struct sites_report *sr = &rep->sites;
	struct arena tmp = { 0 };

	records_rule_units(&rep->records, &sr->rule);
	for (size_t u = 0; u < rep->records.nunits; u++) {
		const struct rec_unit *unit = rep->records.units[u];
		bool by_rule = records_rerun_unanswered(unit->rerun);

		for (size_t k = 0; k < unit->nedges; k++) {
			const struct rec_edge *e = unit->edges[k];
			const void **rows = NULL;
			size_t n = 0;

			sr->edges++;
			if (!e->blocked)
				continue;
			sr->blocked++;
			for (size_t f = 0; f < e->nfingerprints; f++) {
				uintptr_t *slot = strmap_find(&b->stmt_row,
					tu_fp_key(&tmp, e->tu, e->fingerprints[f]));

				if (slot)
					add_unique(&rows, &n, (void *)*slot, false);
			}
			for (size_t i = 0; i < n; i++) {
				struct site_row *r = &sr->rows[(uintptr_t)rows[i] - 1];

				r->edges++;
				r->rule_edges += by_rule;
				sr->row_edges++;
				r->edge_list = xrealloc(r->edge_list,
							r->edges * sizeof(*r->edge_list));
				r->edge_list[r->edges - 1] = e;
			}
			free(rows);
		}
	}
	arena_free(&tmp);
}

struct line_pair {
	size_t row;
	uint32_t func;
};

static int line_pair_cmp(const void *a, const void *b)
{
	const struct line_pair *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return (x->func > y->func) - (x->func < y->func);
}

/* Line hits: functions holding rows of the site's expansion points. */
static void gather_lines(struct sites_build *b)
{
	struct report *rep = b->rep;
	struct sites_report *sr = &rep->sites;
	struct strmap want_key = { 0 };	/* "file:line" -> row + 1 */
	struct arena tmp = { 0 };
	struct line_pair *pairs = NULL;
	size_t capp = 0;

	for (size_t i = 0; i < sr->nrows; i++)
		for (size_t k = 0; k < sr->rows[i].nstmts; k++) {
			const struct rec_stmt *st = sr->rows[i].stmts[k];
			const char *gf = st->gcc_file ? st->gcc_file : st->file;
			char *key = arena_alloc(&tmp, strlen(gf) + 16);
			bool created;
			uintptr_t *slot;

			sprintf(key, "%s:%" PRIu32, site_lines_norm(gf),
				st->line);
			slot = strmap_get(&want_key, key, &created);
			/* one file:line in two sites: the first keeps it */
			if (created)
				*slot = i + 1;
		}
	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];
		struct site_lines *l = o->site_lines;
		size_t np = 0;

		if (!l || !l->walked)
			continue;
		sr->objects_with_lines++;
		for (size_t h = 0; h < l->nhits; h++) {
			const struct site_line_want *w = &l->wants[l->hits[h].want];
			char *key = arena_alloc(&tmp, strlen(w->file) + 16);
			uintptr_t *slot;

			sprintf(key, "%s:%" PRIu32, w->file, w->line);
			slot = strmap_find(&want_key, key);
			if (!slot)
				continue;
			if (np == capp)
				pairs = vec_grow(pairs, &capp, np + 1, sizeof(*pairs));
			pairs[np].row = *slot - 1;
			/* a line in a .cold part is its function's */
			pairs[np].func = object_func_owner(o, l->hits[h].func);
			np++;
		}
		/* count each (row, function) of this object once */
		if (np)		/* qsort(NULL, 0, ...) is undefined */
			qsort(pairs, np, sizeof(*pairs), line_pair_cmp);
		for (size_t p = 0; p < np; p++) {
			struct site_row *r = &sr->rows[pairs[p].row];
			const char *name = o->funcs[pairs[p].func].name;
			bool own = false;
			size_t base;

			if (p && !line_pair_cmp(&pairs[p - 1], &pairs[p]))
				continue;
			r->line_funcs++;
			base = strcspn(name, ".");
			for (size_t f = 0; f < r->nfunctions && !own; f++)
				own = strlen(r->functions[f]) == base &&
				      !strncmp(r->functions[f], name, base);
			r->inlined_into += !own;
		}
		for (size_t i = 0; i < sr->nrows; i++)
			sr->rows[i].lines_known = true;
	}
	free(pairs);
	strmap_free(&want_key);
	arena_free(&tmp);
}

/* Base name: up to the first '.' (clone suffixes). */
static char *base_name(struct arena *a, const char *name)
{
	return arena_strndup(a, name, strcspn(name, "."));
}

/* "kernel/fork.c" == "./kernel/fork.c" */
static bool same_unit(const char *cu, const char *tu)
{
	return !strcmp(site_lines_norm(cu), site_lines_norm(tu));
}

/*
 * Is f, named like the statement's function, an out-of-line copy of an
 * inline function?  DWARF says so (dwarf_copy), or the statement sits in
 * a header: a function whose body is in a .h file is a static inline one.
 * A function of the unit's own .c file is out of line because it is a
 * function (free_task holding the instrumentation_begin() of a WARN_ON):
 * the calls to it are no inlining an asm blocked, and whether the asm
 * decided a refusal there is what the edge records say.
 */
static bool in_header(const struct rec_stmt *st)
{
	size_t n = strlen(st->file);

	return n > 2 && !strcmp(st->file + n - 2, ".h");
}

static bool inline_copy(const struct obj_func *f, const struct rec_stmt *st)
{
	return f->dwarf_copy || in_header(st);
}

/* Out-of-line copies of inline functions holding the site, and the
 * calls reaching them. */
static void gather_copies(struct sites_build *b)
{
	struct report *rep = b->rep;
	struct sites_report *sr = &rep->sites;

	if (!sr->nrows)
		return;		/* no site: no index of every function */
	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];

		for (size_t fi = 0; fi < o->nfuncs; fi++) {
			bool created;
			uintptr_t *slot;

			if (o->funcs[fi].fragment_of != OBJ_NONE)
				continue;	/* its function's calls count */
			slot = strmap_get(&b->by_base,
				base_name(&b->keys, o->funcs[fi].name), &created);

			if (b->nfuncs == b->capfuncs) {
				b->funcs = vec_grow(b->funcs, &b->capfuncs,
						    b->nfuncs + 1, sizeof(*b->funcs));
				b->next = xrealloc(b->next,
						   b->capfuncs * sizeof(*b->next));
			}
			b->funcs[b->nfuncs] = (struct func_ref){ o, &o->funcs[fi] };
			b->next[b->nfuncs] = *slot;
			*slot = ++b->nfuncs;
		}
	}
	for (size_t i = 0; i < sr->nrows; i++) {
		struct site_row *r = &sr->rows[i];
		const void **seen = NULL;
		size_t nseen = 0;

		for (size_t k = 0; k < r->nstmts; k++) {
			uintptr_t *slot = strmap_find(&b->by_base,
						      r->stmts[k]->function);

			for (size_t c = slot ? *slot : 0; c; c = b->next[c - 1]) {
				const struct obj_func *f = b->funcs[c - 1].func;
				size_t before = nseen;

				/* a static function of another unit is not it */
				if (f->cu && !same_unit(f->cu, r->stmt_tus[k]))
					continue;
				if (!inline_copy(f, r->stmts[k]))
					continue;
				add_unique(&seen, &nseen, f, false);
				if (nseen == before)
					continue;
				r->copies++;
				r->copy_bytes += object_func_bytes(f);
				r->copy_calls += f->sites_in;
				r->copy_tails += f->tails_in;
			}
		}
		free(seen);
	}
}

/*
 * What a site blocks, surest first: the refused calls the plugin
 * attributed to it, then the calls into out-of-line copies of inline
 * functions holding it, then those copies.  A site that blocks none of
 * these sits below every site that does, however many statements it has
 * (instrumentation_begin()/_end() markers: 43 of the 57 flagged
 * statements of 6.12's kernel/fork.c, in the unit's own functions).
 */
static int row_cmp(const void *a, const void *b)
{
	const struct site_row *x = a, *y = b;
	int c;

	if (x->edges != y->edges)
		return x->edges > y->edges ? -1 : 1;
	if (x->copy_calls + x->copy_tails != y->copy_calls + y->copy_tails)
		return x->copy_calls + x->copy_tails > y->copy_calls + y->copy_tails
			       ? -1 : 1;
	if (x->copies != y->copies)
		return x->copies > y->copies ? -1 : 1;
	if (x->statements != y->statements)
		return x->statements > y->statements ? -1 : 1;
	c = strcmp(x->spelling_file, y->spelling_file);
	return c ? c : (x->spelling_line > y->spelling_line) -
			       (x->spelling_line < y->spelling_line);
}

/* --site: only the rows spelled at one of its places. */
static void keep_selected_sites(struct report *rep)
{
	struct sites_report *sr = &rep->sites;
	const char *tree = sr->srctree;
	size_t n = 0;

	sr->selected_from = sr->nrows;
	for (size_t i = 0; i < sr->nrows; i++) {
		struct site_row *r = &sr->rows[i];

		if (srctree_site_selected(rep->opts, tree, r->spelling_file,
					  r->spelling_line)) {
			sr->rows[n++] = *r;
			continue;
		}
		free(r->functions);
		free(r->edge_list);
		free(r->stmts);
		free(r->stmt_tus);
	}
	sr->nrows = n;
}

void sites_report_build(struct report *rep)
{
	struct sites_build b = { .rep = rep };
	struct sites_report *sr = &rep->sites;

	for (size_t i = 0; i < rep->records.nfiles; i++)
		sr->files_with_records += rep->records.files[i].units > 0;
	sr->records = rep->records.nunits > 0;
	sr->units = rep->records.nunits;
	srctree_view_init(&sr->view, rep->opts->srctree, &rep->records, &sr->strings);
	sr->srctree = sr->view.rel;
	gather_statements(&b);
	gather_edges(&b);
	gather_lines(&b);
	gather_copies(&b);
	/* No rows, no array: qsort(NULL, 0, ...) is undefined. */
	if (sr->nrows)
		qsort(sr->rows, sr->nrows, sizeof(*sr->rows), row_cmp);
	if (rep->opts->nsites)
		keep_selected_sites(rep);
	strmap_free(&b.rows);
	strmap_free(&b.stmt_row);
	strmap_free(&b.by_base);
	free(b.funcs);
	free(b.next);
	arena_free(&b.keys);
}

void sites_report_free(struct report *rep)
{
	struct sites_report *sr = &rep->sites;

	for (size_t i = 0; i < sr->nrows; i++) {
		free(sr->rows[i].functions);
		free(sr->rows[i].edge_list);
		free(sr->rows[i].stmts);
		free(sr->rows[i].stmt_tus);
	}
	free(sr->rows);
	for (size_t i = 0; i < rep->nobjs; i++) {
		site_lines_free(rep->objs[i].site_lines);
		rep->objs[i].site_lines = NULL;
	}
	records_free(&rep->records);
	records_rule_units_free(&sr->rule);
	arena_free(&sr->strings);
	memset(sr, 0, sizeof(*sr));
}

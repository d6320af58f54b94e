// SPDX-License-Identifier: GPL-2.0
/*
 * patch.c — `asmscan patch --source DIR [--flips-only] FILE...` (see
 * patch.h): the plugin's embedded records from every input, the flagged
 * statements grouped by where their asm keyword is spelled, each place
 * mapped onto the source tree and its keyword converted to asm_inline,
 * one diff per file (files by path, hunks by line) on stdout or -o; what
 * was converted and what was not (and why) on stderr.
 *
 * A row is one spelling line.  Several site records can share it (a
 * macro's template built from its arguments: cmpxchg.h's __raw_cmpxchg
 * for 1, 2, 4 and 8 bytes); each picks its keyword on the line, and the
 * line is changed once for all of them.  With --flips-only only rows with
 * a statement that a blocked-by-asm edge names, in that edge's unit, are
 * kept: the refusals the plugin attributed to over-counted asm.
 */
#include "patch.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "errors.h"
#include "object.h"
#include "records.h"
#include "sites.h"
#include "srctree.h"
#include "util.h"

/* The mapped path of a spelling_file, looked up once per distinct name. */
static const char *map_file(struct patch_state *st, const char *file)
{
	bool created;
	uintptr_t *slot = strmap_get(&st->mapped, file, &created);

	if (created) {
		char *rel = patch_tree_map(&st->tree, file);

		*slot = rel ? (uintptr_t)arena_strdup(&st->strings, rel) : 1;
		free(rel);
	}
	return *slot == 1 ? NULL : (const char *)*slot;
}

static struct patch_row *row_of(struct patch_state *st,
				const struct rec_site *site)
{
	const char *rel = map_file(st, site->spelling_file);
	char *key = xasprintf("%s%s:%" PRIu32, rel ? "" : "\1",
			      rel ? rel : site->spelling_file, site->spelling_line);
	char *kept = arena_strdup(&st->strings, key);
	bool created;
	uintptr_t *slot = strmap_get(&st->by_key, kept, &created);
	struct patch_row *r;

	free(key);
	if (created) {
		r = VEC_PUSH(st->rows, st->nrows, st->caprows);
		memset(r, 0, sizeof(*r));
		r->spelling_file = site->spelling_file;
		r->line = site->spelling_line;
		r->rel = rel;
		*slot = st->nrows;
	}
	r = &st->rows[*slot - 1];
	for (size_t i = 0; i < r->nsites; i++)
		if (r->sites[i] == site)
			return r;
	*VEC_PUSH(r->sites, r->nsites, r->capsites) = site;
	return r;
}

/* Reads o's records; true when it holds any. */
bool patch_read_input(struct patch_state *st, const struct input_object *in)
{
	const struct rec_file *f;
	struct object o;
	bool any = false;

	memset(&o, 0, sizeof(o));
	if (object_open(&o, in)) {
		f = sites_comment_read(&st->recs, &o);
		any = f && f->strings > 0;
		if (any && !st->compiler && o.compiler)
			st->compiler = arena_strdup(&st->strings, o.compiler);
	}
	asmscan_msgs_report(&o.msgs);
	object_free(&o);
	return any;
}

static bool selected(const struct patch_state *st, const struct rec_stmt *s)
{
	return s->site->flagged && analysis_selected(st->opts, s->function) &&
	       srctree_site_selected(st->opts, st->srctree, s->site->spelling_file,
				     s->site->spelling_line);
}

/* A distinct function of r's statements: counted, the first few kept. */
static void row_function(struct patch_state *st, struct patch_row *r,
			 const char *function)
{
	char *key = xasprintf("%zu\x1f%s", (size_t)(r - st->rows), function);
	bool created;

	strmap_get(&st->row_funcs, arena_strdup(&st->strings, key), &created);
	free(key);
	if (!created)
		return;
	if (r->nfunctions < PATCH_ROW_EXAMPLES)
		r->functions[r->nfunctions] = function;
	r->nfunctions++;
}

/* A few distinct (caller, callee) pairs of r's blocked-by-asm edges. */
static void row_edge_example(struct patch_row *r, const struct rec_edge *e)
{
	for (size_t i = 0; i < r->nedge_examples; i++)
		if (!strcmp(r->edge_examples[i]->caller, e->caller) &&
		    !strcmp(r->edge_examples[i]->callee, e->callee))
			return;
	if (r->nedge_examples < PATCH_ROW_EXAMPLES)
		r->edge_examples[r->nedge_examples++] = e;
}

/* Rows from every unit's flagged statements; edges counted per row. */
void patch_collect(struct patch_state *st)
{
	for (size_t u = 0; u < st->recs.nunits; u++) {
		const struct rec_unit *unit = st->recs.units[u];
		bool by_rule = records_rerun_unanswered(unit->rerun);

		for (size_t i = 0; i < unit->nstmts; i++) {
			const struct rec_stmt *s = unit->stmts[i];
			struct patch_row *r;

			if (!selected(st, s))
				continue;
			r = row_of(st, s->site);
			row_function(st, r, s->function);
			r->statements++;
			if (r->last_unit != u + 1) {
				r->last_unit = u + 1;
				r->units++;
			}
		}
		for (size_t e = 0; e < unit->nedges; e++) {
			const struct rec_edge *edge = unit->edges[e];

			if (!edge->blocked)
				continue;
			for (size_t f = 0; f < edge->nfingerprints; f++)
				for (size_t i = 0; i < unit->nstmts; i++) {
					const struct rec_stmt *s = unit->stmts[i];
					struct patch_row *r;

					if (s->fingerprint != edge->fingerprints[f] ||
					    !selected(st, s))
						continue;
					r = row_of(st, s->site);
					if (r->last_edge != edge) {
						r->last_edge = edge;
						r->edges++;
						r->rule_edges += by_rule;
						row_edge_example(r, edge);
					}
				}
		}
	}
}

static int row_cmp(const void *a, const void *b)
{
	const struct patch_row *x = a, *y = b;
	int c;

	if (!x->rel != !y->rel)
		return x->rel ? -1 : 1;
	c = strcmp(x->rel ? x->rel : x->spelling_file,
		   y->rel ? y->rel : y->spelling_file);
	if (c)
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

void patch_sort_rows(struct patch_state *st)
{
	/* No rows, no array: qsort(NULL, 0, ...) is undefined. */
	if (st->nrows)
		qsort(st->rows, st->nrows, sizeof(*st->rows), row_cmp);
}

static char *read_source(const struct patch_state *st, const char *rel,
			 size_t *len)
{
	char *path = xasprintf("%s/%s", st->tree.real, rel);
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		asmscan_error(path, "cannot open", strerror(errno));
		free(path);
		return NULL;
	}
	do {
		if (n + 65536 > PATCH_MAX_FILE + 1) {
			asmscan_errorf(path, "cannot read", "larger than %u bytes",
				       PATCH_MAX_FILE);
			free(data);
			data = NULL;
			goto out;
		}
		data = vec_grow(data, &cap, n + 65536, 1);
		got = fread(data + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		asmscan_error(path, "cannot read", strerror(errno));
		free(data);
		data = NULL;
	}
out:
	fclose(f);
	free(path);
	*len = n;
	return data;
}

/* The line l (1-based) of data: offset and length without the newline. */
static bool find_line(const char *data, size_t len, uint32_t l, size_t *off,
		      size_t *n)
{
	size_t i = 0;

	for (uint32_t k = 1; k < l; k++) {
		const char *nl = memchr(data + i, '\n', len - i);

		if (!nl)
			return false;
		i = (size_t)(nl - data) + 1;
	}
	if (i >= len || l == 0)
		return false;
	*off = i;
	*n = (size_t)((const char *)(memchr(data + i, '\n', len - i) ?: data + len) -
		      (data + i));
	return true;
}

/* include/uapi/, arch/x86/include/uapi/, tools/: built for user space
 * too, where the kernel's compiler_types.h (asm_inline) is not seen. */
static bool user_space_header(const char *rel)
{
	return !strncmp(rel, "tools/", 6) || !strncmp(rel, "uapi/", 5) ||
	       strstr(rel, "/uapi/");
}

/* Convert row r's keywords on its line; the edit, or false (r->why). */
static bool convert_row(struct patch_row *r, const char *data, size_t len,
			struct patch_edit *edit)
{
	struct patch_kw kw[PATCH_MAX_KEYWORDS];
	uint32_t mask = 0;
	size_t off, n, nkw, out = 0;
	const char *line;

	r->why = PATCH_PICK_NONE;
	if (user_space_header(r->rel)) {
		r->why = PATCH_PICK_UAPI;
		return false;
	}
	if (!find_line(data, len, r->line, &off, &n))
		return false;
	line = data + off;
	nkw = patch_line_scan(line, n, kw, PATCH_MAX_KEYWORDS);
	for (size_t i = 0; i < r->nsites; i++) {
		const struct rec_site *s = r->sites[i];
		struct patch_want w = {
			.tpl = s->tpl, .basic = s->basic,
			.is_volatile = s->is_volatile, .is_goto = s->is_goto,
		};
		size_t which;
		enum patch_pick p = patch_line_pick(line, n, kw, nkw, &w, &which);

		if (p == PATCH_PICK_ONE)
			mask |= 1u << which;
		else if (r->why == PATCH_PICK_NONE || p == PATCH_PICK_INLINE)
			r->why = p;
	}
	if (!mask)
		return false;
	edit->line = r->line;
	edit->text = xmalloc(n + PATCH_MAX_KEYWORDS * 32);
	for (size_t i = 0, at = 0; i <= nkw; i++) {
		size_t end = i < nkw ? kw[i].start : n;

		memcpy(edit->text + out, line + at, end - at);
		out += end - at;
		if (i == nkw)
			break;
		at = kw[i].start;
		if (mask & (1u << i)) {
			const char *sp = patch_kw_spelling(&kw[i]);

			memcpy(edit->text + out, sp, strlen(sp));
			out += strlen(sp);
			at = kw[i].end;
		}
	}
	edit->len = out;
	r->converted = true;
	return true;
}

void patch_write_file(struct patch_state *st, FILE *out, size_t i, size_t j,
		      struct patch_totals *t)
{
	struct patch_edit *edits = xcalloc(j - i, sizeof(*edits));
	size_t n = 0, len;
	char *data = read_source(st, st->rows[i].rel, &len);

	for (size_t k = i; data && k < j; k++) {
		struct patch_row *r = &st->rows[k];

		if (!convert_row(r, data, len, &edits[n]))
			continue;
		/* two rows of one line: one of them is "./x", merged by key */
		n++;
		t->converted++;
		t->statements += r->statements;
		t->edges += r->edges;
	}
	if (n) {
		t->hunks += patch_diff_write(out, st->rows[i].rel, data, len,
					     edits, n, PATCH_CONTEXT);
		t->files++;
	}
	for (size_t k = 0; k < n; k++)
		free(edits[k].text);
	free(edits);
	free(data);
}

void patch_report_rows(const struct patch_state *st, size_t from)
{
	for (size_t k = from; k < st->nrows; k++) {
		const struct patch_row *r = &st->rows[k];
		char *where = xasprintf("%s:%" PRIu32, r->rel ? r->rel : r->spelling_file,
					r->line);

		if (!r->rel)
			asmscan_notef(where, "not converted",
				      "not found under --source (%" PRIu64 " statements)",
				      r->statements);
		else if (!r->converted)
			asmscan_notef(where, "not converted",
				      "%s (%" PRIu64 " statements)",
				      patch_pick_why(r->why), r->statements);
		free(where);
	}
}

void patch_write_diff(struct patch_state *st, FILE *out,
			  struct patch_totals *t)
{
	size_t i = 0;

	patch_sort_rows(st);
	while (i < st->nrows && st->rows[i].rel) {
		size_t j = i + 1;

		while (j < st->nrows && st->rows[j].rel &&
		       !strcmp(st->rows[j].rel, st->rows[i].rel))
			j++;
		patch_write_file(st, out, i, j, t);
		i = j;
	}
	patch_report_rows(st, 0);
}


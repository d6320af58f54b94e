// SPDX-License-Identifier: GPL-2.0
/*
 * render-json.c — --format json: one document per run, described in
 * docs/reference/asmscan.md (format_version 3).  Every list is complete (-n does
 * not apply); the problems reported on stderr are also in "errors" and
 * "notes", so a reader of stdout alone sees them.  Addresses are "0x…"
 * strings: the virtual address in vmlinux, the offset in "section" in a
 * .o (what nm prints).
 */
#include "render.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "copies.h"
#include "errors.h"
#include "json.h"
#include "output.h"
#include "tables.h"

void render_json_messages(struct json *j)
{
	const struct asmscan_msgs *m = asmscan_reported();

	for (int sev = ASMSCAN_ERROR; sev >= ASMSCAN_NOTE; sev--) {
		json_key(j, sev == ASMSCAN_ERROR ? "errors" : "notes");
		json_array_begin(j);
		for (size_t i = 0; i < m->n; i++) {
			const struct asmscan_msg *msg = &m->v[i];
			char text[2048];

			if ((int)msg->severity != sev)
				continue;
			snprintf(text, sizeof(text), "%s: %s%s%s", msg->file,
				 msg->what, msg->why ? ": " : "",
				 msg->why ? msg->why : "");
			json_object_begin(j);
			json_kv_string(j, sev == ASMSCAN_ERROR ? "error" : "note", text);
			json_kv_string(j, "file", msg->file);
			json_kv_string(j, "what", msg->what);
			json_kv_string(j, "why", msg->why);
			json_object_end(j);
		}
		json_array_end(j);
	}
}

void render_json_objects(struct json *j, const struct report *rep)
{
	json_key(j, "objects");
	json_array_begin(j);
	for (size_t i = 0; i < rep->nobjs; i++) {
		const struct object *o = &rep->objs[i];

		json_object_begin(j);
		json_kv_string(j, "name", o->name);
		json_kv_bool(j, "read", !o->failed);
		if (!o->failed) {
			json_kv_string(j, "type", render_type_name(o->type));
			json_kv_bool(j, "symtab", o->has_symtab);
			json_kv_uint(j, "functions", o->nfuncs);
			json_kv_bool(j, "dwarf", o->has_dwarf);
			json_kv_uint(j, "dwarf_units", o->dwarf_units);
			json_kv_uint(j, "dwarf_functions", o->dwarf_funcs);
			json_kv_uint(j, "dwarf_functions_without_symbol",
				     o->dwarf_unmatched);
			json_kv_uint(j, "instructions", o->insns);
			json_kv_uint(j, "undecodable_bytes", o->bad_bytes);
			json_kv_uint(j, "unknown_instructions", o->unknown_insns);
			json_kv_uint(j, "unknown_instruction_bytes", o->unknown_bytes);
			json_kv_uint(j, "padding_bytes", o->pad_bytes);
		}
		json_object_end(j);
	}
	json_array_end(j);
}

/* "object", "address" (+ "section" in a .o) of a place in an object. */
static void json_place(struct json *j, const struct object *o, uint64_t flat)
{
	const char *sec;
	uint64_t a = render_addr(o, flat, &sec);

	json_kv_string(j, "object", o->name);
	json_kv_addr(j, "address", a);
	if (o->type == ET_REL)
		json_kv_string(j, "section", sec);
}

static void json_decl(struct json *j, struct func_ref *ref)
{
	if (!ref->func)
		return;
	analysis_locate(ref);
	if (ref->func->decl_file) {
		json_kv_string(j, "decl_file", ref->func->decl_file);
		json_kv_uint(j, "decl_line", ref->func->decl_line);
	}
}

static void json_groups(struct json *j, const char *key,
			const struct copy_group *groups, size_t n, bool clones)
{
	json_key(j, key);
	json_array_begin(j);
	for (size_t i = 0; i < n; i++) {
		const struct copy_group *g = &groups[i];

		json_object_begin(j);
		json_kv_string(j, "name", g->name);
		if (g->decl_file) {
			json_kv_string(j, "decl_file", g->decl_file);
			json_kv_uint(j, "decl_line", g->decl_line);
		}
		json_kv_uint(j, "copies", g->ncopies);
		json_kv_uint(j, "bytes", g->bytes);
		json_kv_uint(j, "call_sites", g->call_sites);
		json_kv_uint(j, "tail_calls", g->tail_calls);
		if (clones) {
			json_key(j, "kinds");
			json_object_begin(j);
			for (int k = 0; k < CLONE_KINDS; k++)
				if (g->kind_count[k])
					json_kv_uint(j, analysis_clone_name((enum clone_kind)k),
						     g->kind_count[k]);
			json_object_end(j);
		}
		json_key(j, "instances");
		json_array_begin(j);
		for (size_t k = 0; k < g->ncopies; k++) {
			const struct copy_entry *e = &g->copies[k];

			json_object_begin(j);
			json_kv_string(j, "symbol", e->symbol);
			json_place(j, e->ref.obj, e->addr);
			json_kv_uint(j, "size", e->size);
			json_kv_string(j, "unit", e->unit);
			json_kv_uint(j, "call_sites", e->call_sites);
			json_kv_uint(j, "tail_calls", e->tail_calls);
			json_object_end(j);
		}
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
}

void render_json_copies(struct json *j, const struct report *rep)
{
	const struct copies_report *cp = &rep->copies;

	json_key(j, "copies");
	json_object_begin(j);
	json_key(j, "dwarf");
	json_object_begin(j);
	json_kv_bool(j, "available", cp->dwarf);
	json_kv_uint(j, "objects_without_dwarf", cp->objects_without_dwarf);
	json_kv_uint(j, "copies", cp->dwarf_copies);
	json_kv_uint(j, "bytes", cp->dwarf_bytes);
	json_groups(j, "functions", cp->dwarf_groups, cp->ndwarf, false);
	json_object_end(j);
	json_key(j, "duplicates");
	json_object_begin(j);
	json_kv_uint(j, "names", cp->ndups);
	json_kv_uint(j, "definitions", cp->dup_defs);
	json_kv_uint(j, "bytes", cp->dup_bytes);
	json_groups(j, "functions", cp->dups, cp->ndups, false);
	json_object_end(j);
	json_key(j, "clones");
	json_object_begin(j);
	json_kv_uint(j, "functions", cp->nclones);
	json_kv_uint(j, "symbols", cp->clone_syms);
	json_kv_uint(j, "bytes", cp->clone_bytes);
	json_key(j, "kinds");
	json_object_begin(j);
	for (int k = 0; k < CLONE_KINDS; k++)
		json_kv_uint(j, analysis_clone_name((enum clone_kind)k),
			     cp->clone_kind_count[k]);
	json_object_end(j);
	json_groups(j, "functions", cp->clones, cp->nclones, true);
	json_object_end(j);
	json_key(j, "fragments");
	json_object_begin(j);
	json_kv_uint(j, "cold", cp->fragments_cold);
	json_kv_uint(j, "part", cp->fragments_part);
	json_kv_uint(j, "bytes", cp->fragment_bytes);
	json_object_end(j);
	json_object_end(j);
}

static void json_calls(struct json *j, struct report *rep)
{
	const struct calls_report *cr = &rep->calls;

	json_key(j, "calls");
	json_object_begin(j);
	json_kv_uint(j, "max_insns", rep->opts->max_insns);
	json_kv_bool(j, "all_callees", rep->opts->all_callees);
	json_kv_uint(j, "sites", cr->sites);
	json_kv_uint(j, "tail_calls", cr->tail_calls);
	json_kv_uint(j, "sites_to_undefined", cr->sites_unknown);
	json_kv_uint(j, "tiny_sites", cr->tiny_sites);
	json_kv_uint(j, "tiny_tail_calls", cr->tiny_tail_calls);
	json_kv_uint(j, "tiny_callees", cr->tiny_callees);
	json_kv_uint(j, "ftrace_sites", cr->ftrace_sites);
	json_kv_uint(j, "thunk_sites", cr->thunk_sites);
	json_kv_uint(j, "static_call_sites", cr->trampoline_sites);
	json_kv_uint(j, "placeholder_sites", cr->placeholder_sites);
	json_kv_uint(j, "failure_sites", cr->failure_sites);
	json_kv_uint(j, "veneer_sites", cr->veneer_sites);
	json_key(j, "callees");
	json_array_begin(j);
	for (size_t i = 0; i < cr->nrows; i++) {
		struct callee_row *r = &cr->rows[i];

		json_object_begin(j);
		json_kv_string(j, "name", r->name);
		if (r->ref.func && r->ref.func->demangled)
			json_kv_string(j, "symbol", r->ref.func->name);
		if (r->ref.obj && r->has_target)
			json_place(j, r->ref.obj, r->target);
		json_kv_uint(j, "sites", r->sites);
		json_kv_uint(j, "tail_calls", r->tail_calls);
		json_kv_uint(j, "callers", r->callers);
		if (r->ref.func && r->ref.func->size) {
			json_kv_uint(j, "insns", object_func_insns(r->ref.func));
			if (r->ref.func->frag_insns)
				json_kv_uint(j, "fragment_insns", r->ref.func->frag_insns);
			json_kv_uint(j, "bytes", object_func_bytes(r->ref.func));
		}
		json_kv_bool(j, "tiny", r->tiny);
		json_kv_string(j, "class", render_callee_class(r->cls));
		json_decl(j, &r->ref);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

/* "tables" up to the functions' array, opened and empty. */
static void json_tables_head(struct json *j, const struct report *rep)
{
	const struct tables_report *tr = &rep->tables;

	json_key(j, "tables");
	json_object_begin(j);
	json_kv_string(j, "copies_from", tr->copies_from_dwarf ? "dwarf" : "symbols");
	json_key(j, "sections");
	json_array_begin(j);
	for (int k = 0; k < TABLE_COUNT; k++) {
		const struct table_result *r = &tr->totals[k];

		json_object_begin(j);
		json_kv_string(j, "section", tables_section((enum table_kind)k));
		json_kv_string(j, "status", r->status == TABLE_READ ? "read" :
			       r->status == TABLE_REFUSED ? "refused" : "absent");
		json_kv_uint(j, "entry_size", r->entry_size);
		json_kv_uint(j, "entries", r->entries);
		json_kv_uint(j, "in_functions", r->in_funcs);
		json_kv_uint(j, "in_copies", tr->in_copies[k]);
		json_kv_uint(j, "outside", r->outside);
		json_kv_uint(j, "padding", r->padding);
		json_kv_uint(j, "unusual", r->unusual);
		if (r->unusual_why)
			json_kv_string(j, "unusual_reason", r->unusual_why);
		if (r->layout) {
			json_kv_string(j, "layout", r->layout);
			json_kv_string(j, "layout_from", r->layout_from_dwarf ?
				       "dwarf" : "built-in");
			if (r->layout_kernels)
				json_kv_string(j, "layout_kernels", r->layout_kernels);
		}
		json_kv_uint(j, "refused_objects", tr->refused[k]);
		if (r->refused)
			json_kv_string(j, "refused", r->refused);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "functions");
	json_array_begin(j);
}

/* The functions' rows [from, to). */
static void json_tables_rows(struct json *j, const struct report *rep,
			     size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		const struct table_row *r = &rep->tables.rows[i];

		json_object_begin(j);
		json_kv_string(j, "name", object_func_name(r->ref.func));
		if (r->ref.func->demangled)
			json_kv_string(j, "symbol", r->ref.func->name);
		json_place(j, r->ref.obj, r->ref.func->addr);
		json_kv_bool(j, "copy", r->copy);
		json_kv_uint(j, "total", r->total);
		json_key(j, "entries");
		json_object_begin(j);
		for (int k = 0; k < TABLE_COUNT; k++)
			if (r->counts[k])
				json_kv_uint(j, tables_section((enum table_kind)k),
					     r->counts[k]);
		json_object_end(j);
		json_object_end(j);
	}
}

static void json_tables_tail(struct json *j)
{
	json_array_end(j);
	json_object_end(j);
}

static void json_tables(struct json *j, const struct report *rep)
{
	json_tables_head(j, rep);
	json_tables_rows(j, rep, 0, rep->tables.nrows);
	json_tables_tail(j);
}

/*
 * The frame every JSON document of asmscan shares: format_version, the
 * tool, the verb; at the end the "errors" and "notes" of the run.
 */
void render_json_begin(struct json *j, FILE *out, bool pretty,
		       const char *verb)
{
	json_init(j, out, pretty);
	json_object_begin(j);
	json_kv_uint(j, "format_version", ASMSCAN_JSON_FORMAT_VERSION);
	json_key(j, "tool");
	json_object_begin(j);
	json_kv_string(j, "name", "asmscan");
	json_kv_string(j, "version", ASMSCAN_VERSION);
	json_object_end(j);
	json_kv_string(j, "verb", verb);
}

void render_json_end(struct json *j)
{
	render_json_messages(j);
	json_object_end(j);
}

/*
 * The tables' functions are most of a large document (the rows of every
 * module of a distribution's debug package: 48 MB of its 58 MB of JSON).
 * With -j above 1 they are cut in chunks of rows, rendered from both
 * ends: a thread takes the last chunk not yet taken and renders it into
 * memory, from the start of the document on, while this thread renders
 * the objects, copies and calls, then the tables' head and the first
 * chunks not yet taken, in place.  When the two meet, the thread's chunks
 * are written after them, in order.  json_tables_rows() only reads the
 * report (no DWARF, nothing found late).  Every chunk starts from the
 * writer's state after the head, which does not depend on what went
 * before it in the document (a key or more of the document's object):
 * it is found once, ahead, on a writer into memory, and checked against
 * this thread's own when it gets there.
 */
#define TABLES_CHUNK_ROWS 4096

struct tables_chunk {
	size_t at, len;			/* its bytes in the thread's memory */
};

struct tables_job {
	const struct report *rep;
	struct json rows;		/* the writer after the head */
	pthread_t thread;
	pthread_mutex_t lock;
	size_t nchunks;
	size_t front, back;		/* here [0, front), the thread [back, n) */
	struct tables_chunk *chunks;
	struct output_mem mem;
	bool ok;
};

/* Room for the tables of far more than a distribution's modules. */
#define TABLES_JOB_MAX ((size_t)4 << 30)

/* Chunk c's rows, from the writer's state after the head. */
static void tables_chunk_render(const struct tables_job *t, size_t c, FILE *out)
{
	struct json j = t->rows;
	size_t to = (c + 1) * TABLES_CHUNK_ROWS;

	j.out = out;
	if (c)
		j.first[j.depth] = false;
	json_tables_rows(&j, t->rep, c * TABLES_CHUNK_ROWS,
			 to < t->rep->tables.nrows ? to : t->rep->tables.nrows);
}

/* The next chunk from the front (here) or the back (the thread), or none. */
static bool tables_take(struct tables_job *t, bool back, size_t *c)
{
	bool got;

	pthread_mutex_lock(&t->lock);
	got = t->front < t->back;
	if (got)
		*c = back ? --t->back : t->front++;
	pthread_mutex_unlock(&t->lock);
	return got;
}

static void *tables_job_render(void *arg)
{
	struct tables_job *t = arg;
	FILE *mem = output_mem_open(&t->mem, TABLES_JOB_MAX);
	size_t c;

	if (!mem)
		return NULL;
	t->ok = true;
	flockfile(mem);
	while (t->ok && tables_take(t, true, &c)) {
		t->chunks[c].at = t->mem.len;
		tables_chunk_render(t, c, mem);
		t->ok = !fflush_unlocked(mem) && !ferror(mem);
		t->chunks[c].len = t->mem.len - t->chunks[c].at;
	}
	funlockfile(mem);
	if (fclose(mem) || t->mem.full)
		t->ok = false;
	return NULL;
}

/* The writer's state after the head, from a writer into memory. */
static bool tables_rows_state(struct json *rows, const struct json *j,
			      const struct report *rep)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *head = open_memstream(&buf, &len);

	if (!head)
		return false;
	*rows = *j;
	rows->out = head;
	json_tables_head(rows, rep);
	rows->out = NULL;
	fclose(head);
	free(buf);
	return true;
}

static bool tables_job_start(struct tables_job *t, const struct json *j,
			     const struct report *rep)
{
	memset(t, 0, sizeof(*t));
	t->rep = rep;
	t->nchunks = (rep->tables.nrows + TABLES_CHUNK_ROWS - 1) / TABLES_CHUNK_ROWS;
	t->back = t->nchunks;
	if (rep->opts->jobs <= 1 || t->nchunks < 2 ||
	    !tables_rows_state(&t->rows, j, rep))
		return false;
	t->chunks = xcalloc(t->nchunks, sizeof(*t->chunks));
	pthread_mutex_init(&t->lock, NULL);
	if (!pthread_create(&t->thread, NULL, tables_job_render, t))
		return true;
	pthread_mutex_destroy(&t->lock);
	free(t->chunks);
	return false;
}

/* Same state as the one the chunks started from (the output aside)? */
static bool json_same_state(const struct json *a, const struct json *b)
{
	return a->pretty == b->pretty && a->depth == b->depth &&
	       a->after_key == b->after_key &&
	       !memcmp(a->first, b->first, sizeof(a->first));
}

/* The tables in their place: chunks from the front here, then the thread's. */
static void tables_job_finish(struct tables_job *t, bool started,
			      struct json *j, const struct report *rep)
{
	size_t c;

	if (!started) {
		json_tables(j, rep);
		return;
	}
	json_tables_head(j, rep);
	if (!json_same_state(j, &t->rows)) {
		/* Never expected: the thread stopped, every row in place. */
		pthread_mutex_lock(&t->lock);
		t->front = t->back;
		pthread_mutex_unlock(&t->lock);
		pthread_join(t->thread, NULL);
		json_tables_rows(j, rep, 0, rep->tables.nrows);
	} else {
		while (tables_take(t, false, &c))
			tables_chunk_render(t, c, j->out);
		pthread_join(t->thread, NULL);
		for (c = t->back; c < t->nchunks; c++) {
			if (t->ok)
				fwrite_unlocked(t->mem.buf + t->chunks[c].at, 1,
						t->chunks[c].len, j->out);
			else
				tables_chunk_render(t, c, j->out);
		}
		/* the rows went out through the chunks' own writers */
		j->first[j->depth] = false;
	}
	pthread_mutex_destroy(&t->lock);
	json_tables_tail(j);
	output_mem_free(&t->mem);
	free(t->chunks);
}

void render_json(FILE *out, struct report *rep)
{
	unsigned want = rep->opts->want;
	struct tables_job tables;
	bool beside = false;
	struct json j;

	render_json_begin(&j, out, rep->opts->pretty, render_verb(rep));
	if (want & ASMSCAN_WANT_TABLES)
		beside = tables_job_start(&tables, &j, rep);
	render_json_objects(&j, rep);
	if (want & ASMSCAN_WANT_COPIES)
		render_json_copies(&j, rep);
	if (want & ASMSCAN_WANT_CALLS)
		json_calls(&j, rep);
	if (want & ASMSCAN_WANT_TABLES)
		tables_job_finish(&tables, beside, &j, rep);
	if (want & ASMSCAN_WANT_SITES)
		render_sites_json(&j, rep);
	render_json_end(&j);
}

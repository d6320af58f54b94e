// SPDX-License-Identifier: GPL-2.0
/*
 * render-diff-json.c — `asmscan diff --format json`: one document, the
 * "diff" schema of docs/reference/asmscan.md (format_version 3).  Every list is
 * complete (-n does not apply) and holds the rows that changed; a side a
 * row is absent from has null, not 0, where bloat-o-meter prints "-".
 */
#include "render-diff.h"

#include "json.h"
#include "render.h"

static const char *const copy_kinds[DIFF_COPY_KINDS] = {
	[DIFF_COPY_DWARF] = "dwarf",
	[DIFF_COPY_DUPLICATE] = "duplicates",
	[DIFF_COPY_CLONE] = "clones",
};

static void pair(struct json *j, const char *old_key, const char *new_key,
		 const char *delta_key, const uint64_t v[DIFF_SIDES])
{
	json_kv_uint(j, old_key, v[0]);
	json_kv_uint(j, new_key, v[1]);
	json_kv_int(j, delta_key, diff_delta(v));
}

static void flow(struct json *j, const char *key, const struct diff_flow *f)
{
	json_key(j, key);
	json_object_begin(j);
	json_kv_uint(j, "before", f->before);
	json_kv_uint(j, "after", f->after);
	json_kv_uint(j, "removed", f->removed);
	json_kv_uint(j, "added", f->added);
	json_kv_int(j, "net", (int64_t)(f->after - f->before));
	json_kv_uint(j, "rows_down", f->rows_down);
	json_kv_uint(j, "rows_up", f->rows_up);
	json_kv_uint(j, "rows_gone", f->rows_gone);
	json_kv_uint(j, "rows_new", f->rows_new);
	json_object_end(j);
}

static void summary(struct json *j, const struct diff_report *d)
{
	const struct diff_totals *t = &d->t;

	json_key(j, "summary");
	json_object_begin(j);
	json_key(j, "functions");
	json_object_begin(j);
	json_kv_uint(j, "added", t->added);
	json_kv_uint(j, "removed", t->removed);
	json_kv_uint(j, "grown", t->grown);
	json_kv_uint(j, "shrunk", t->shrunk);
	json_kv_uint(j, "up", t->up);
	json_kv_uint(j, "down", t->down);
	pair(j, "bytes_before", "bytes_after", "bytes_delta", t->total);
	json_object_end(j);
	json_key(j, "instructions");
	json_object_begin(j);
	pair(j, "before", "after", "delta", t->insns);
	json_object_end(j);
	json_key(j, "executable_bytes");
	json_object_begin(j);
	pair(j, "before", "after", "delta", t->exec_bytes);
	json_object_end(j);
	flow(j, "call_sites", &t->sites);
	flow(j, "tail_calls", &t->tails);
	json_kv_uint(j, "max_insns", d->opts->max_insns);
	flow(j, "tiny_call_sites", &t->tiny_sites);
	json_key(j, "copies");
	json_object_begin(j);
	for (int k = 0; k < DIFF_COPY_KINDS; k++) {
		if (t->copies_valid[k]) {
			flow(j, copy_kinds[k], &t->copies[k]);
		} else {
			json_key(j, copy_kinds[k]);
			json_null(j);
		}
	}
	json_object_end(j);
	if (d->opts->diff->has_growth_budget) {
		json_key(j, "budget");
		json_object_begin(j);
		json_kv_uint(j, "fail_on_growth", d->opts->diff->growth_budget);
		json_kv_bool(j, "exceeded", d->over_budget);
		json_object_end(j);
	}
	json_object_end(j);
}

static void side_value(struct json *j, const char *key, bool present,
		       uint64_t v)
{
	json_key(j, key);
	if (present)
		json_uint(j, v);
	else
		json_null(j);
}

static void funcs(struct json *j, const struct diff_report *d)
{
	json_key(j, "functions");
	json_array_begin(j);
	for (size_t i = 0; i < d->nfuncs; i++) {
		const struct diff_func *f = &d->funcs[i];

		json_object_begin(j);
		json_kv_string(j, "name", f->name);
		side_value(j, "old_bytes", f->present[0], f->bytes[0]);
		side_value(j, "new_bytes", f->present[1], f->bytes[1]);
		json_kv_int(j, "delta", diff_delta(f->bytes));
		pair(j, "old_insns", "new_insns", "insns_delta", f->insns);
		pair(j, "old_calls", "new_calls", "calls_delta", f->calls);
		json_object_end(j);
	}
	json_array_end(j);
}

static void callees(struct json *j, const struct diff_report *d)
{
	json_key(j, "callees");
	json_array_begin(j);
	for (size_t i = 0; i < d->ncallees; i++) {
		const struct diff_callee *c = &d->callees[i];

		json_object_begin(j);
		json_kv_string(j, "name", c->name);
		json_kv_string(j, "class", render_callee_class(c->cls));
		pair(j, "old_sites", "new_sites", "delta", c->sites);
		pair(j, "old_tail_calls", "new_tail_calls", "tail_delta", c->tails);
		json_kv_bool(j, "old_tiny", c->tiny[0]);
		json_kv_bool(j, "new_tiny", c->tiny[1]);
		json_object_end(j);
	}
	json_array_end(j);
}

static void copies(struct json *j, const struct diff_report *d)
{
	json_key(j, "copies");
	json_array_begin(j);
	for (size_t i = 0; i < d->ncopies; i++) {
		const struct diff_copy *c = &d->copies[i];

		json_object_begin(j);
		json_kv_string(j, "name", c->name);
		json_kv_string(j, "kind", copy_kinds[c->kind]);
		pair(j, "old_copies", "new_copies", "delta", c->copies);
		if (c->kind != DIFF_COPY_DUPLICATE)
			pair(j, "old_bytes", "new_bytes", "bytes_delta", c->bytes);
		json_object_end(j);
	}
	json_array_end(j);
}

/* "compiler" (as .comment has it, or null), "config" when one was found. */
static void provenance(struct json *j, const struct diff_provenance *p)
{
	char hash[17];

	json_key(j, "compiler");
	if (p->compiler)
		json_string(j, p->compiler);
	else
		json_null(j);
	json_kv_uint(j, "compiler_objects", p->compiler_objects);
	json_kv_uint(j, "other_compilers", p->other_compilers);
	if (p->config) {
		snprintf(hash, sizeof(hash), "%016" PRIx64, p->config_hash);
		json_key(j, "config");
		json_object_begin(j);
		json_kv_string(j, "path", p->config);
		json_kv_string(j, "title", p->config_title);
		json_kv_string(j, "fnv1a64", hash);
		json_object_end(j);
	}
}

void render_diff_json(FILE *out, const struct diff_report *d)
{
	static const char *const sides[DIFF_SIDES] = { "old", "new" };
	struct json j;

	render_json_begin(&j, out, d->opts->pretty, "diff");
	for (int s = 0; s < DIFF_SIDES; s++) {
		json_key(&j, sides[s]);
		json_object_begin(&j);
		json_kv_string(&j, "input", d->names[s]);
		provenance(&j, &d->prov[s]);
		render_json_objects(&j, d->side[s]);
		json_object_end(&j);
	}
	summary(&j, d);
	funcs(&j, d);
	callees(&j, d);
	copies(&j, d);
	render_json_end(&j);
}

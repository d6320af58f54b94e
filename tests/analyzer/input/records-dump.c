// SPDX-License-Identifier: GPL-2.0
/*
 * records-dump.c — test driver of records.c alone (no ELF): reads the raw
 * bytes of .comment sections (objcopy --dump-section .comment=FILE) and
 * prints what the reader put together, as JSON Lines, in the shape
 * tests/plugin/embedded.py gives for the same object:
 *   {"record":"unit","tu",...,"stmts":[ids],"edges":[ids]}
 *   {"record":"asm","tu",...}   one per (unit, stmt): stmt + site + tu
 *   {"record":"edge",...}       one per edge id a unit lists
 * Messages go through asmscan's reporter; exit 2 when one was an error.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "records.h"
#include "errors.h"

static void ids(struct json *j, const char *key, uint64_t const *v, size_t n)
{
	char h[17];

	json_key(j, key);
	json_array_begin(j);
	for (size_t i = 0; i < n; i++) {
		snprintf(h, sizeof(h), "%016" PRIx64, v[i]);
		json_string(j, h);
	}
	json_array_end(j);
}

static void dump_unit(const struct rec_unit *u)
{
	struct json j;
	uint64_t *s = xcalloc(u->nstmts + u->nedges + 1, sizeof(*s));

	json_init(&j, stdout, false);
	json_object_begin(&j);
	json_kv_string(&j, "record", "unit");
	json_kv_string(&j, "tu", u->tu);
	json_kv_int(&j, "statements", u->statements);
	json_kv_int(&j, "flagged", u->flagged);
	for (size_t i = 0; i < u->nstmts; i++)
		s[i] = u->stmts[i]->id;
	ids(&j, "stmts", s, u->nstmts);
	for (size_t i = 0; i < u->nedges; i++)
		s[i] = u->edges[i]->id;
	ids(&j, "edges", s, u->nedges);
	json_object_end(&j);
	free(s);
	for (size_t i = 0; i < u->nstmts; i++) {
		const struct rec_stmt *st = u->stmts[i];
		const struct rec_site *si = st->site;
		char h[17];

		json_init(&j, stdout, false);
		json_object_begin(&j);
		json_kv_string(&j, "record", "asm");
		json_kv_string(&j, "tu", u->tu);
		json_kv_string(&j, "function", st->function);
		json_kv_string(&j, "file", st->file);
		json_kv_uint(&j, "line", st->line);
		json_kv_uint(&j, "column", st->column);
		snprintf(h, sizeof(h), "%016" PRIx64, st->fingerprint);
		json_kv_string(&j, "fingerprint", h);
		json_kv_string(&j, "spelling_file", si->spelling_file);
		json_kv_uint(&j, "spelling_line", si->spelling_line);
		json_kv_string(&j, "template", si->tpl);
		json_kv_string(&j, "kind", si->kind);
		json_kv_uint(&j, "gcc_count", si->gcc_count);
		json_kv_uint(&j, "est_insns", si->est_insns);
		json_kv_bool(&j, "asm_inline", si->asm_inline);
		json_kv_bool(&j, "flagged", si->flagged);
		json_object_end(&j);
	}
	for (size_t i = 0; i < u->nedges; i++) {
		const struct rec_edge *e = u->edges[i];

		json_init(&j, stdout, false);
		json_object_begin(&j);
		json_kv_string(&j, "record", "edge");
		json_kv_string(&j, "tu", e->tu);
		json_kv_string(&j, "caller", e->caller);
		json_kv_string(&j, "callee", e->callee);
		json_kv_string(&j, "file", e->file);
		json_kv_uint(&j, "line", e->line);
		json_kv_string(&j, "verdict", e->verdict);
		ids(&j, "fingerprints", e->fingerprints, e->nfingerprints);
		json_object_end(&j);
	}
}

int main(int argc, char **argv)
{
	struct records r = { 0 };

	for (int i = 1; i < argc; i++) {
		struct asmscan_msgs msgs = { 0 };
		FILE *f = fopen(argv[i], "rb");
		unsigned char *buf = NULL;
		size_t len = 0, cap = 0, got;

		if (!f) {
			asmscan_error(argv[i], "cannot open", "fopen failed");
			continue;
		}
		do {
			buf = vec_grow(buf, &cap, len + 65536, 1);
			got = fread(buf + len, 1, cap - len, f);
			len += got;
		} while (got);
		fclose(f);
		records_read(&r, argv[i], buf, len, &msgs);
		asmscan_msgs_report(&msgs);
		asmscan_msgs_free(&msgs);
		free(buf);
	}
	for (size_t i = 0; i < r.nunits; i++)
		dump_unit(r.units[i]);
	records_free(&r);
	return asmscan_status();
}

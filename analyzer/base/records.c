// SPDX-License-Identifier: GPL-2.0
/*
 * records.c — read the plugin's embedded records back (see records.h).
 *
 * One file at a time, in two steps, so that a bad file changes nothing:
 * parse every asminline string of the section into structs in the arena
 * and a table local to the file (ids of the texts seen in it), resolve
 * every id a unit or stmt names in that table, and only then merge into
 * the records by id.
 */
#include "records.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "jsonread.h"

enum rec_kind {
	REC_SITE,
	REC_STMT,
	REC_EDGE,
	REC_UNIT,
};

struct rec_idslot {
	uint64_t id;
	enum rec_kind kind;
	void *rec;			/* NULL: empty slot */
};

uint64_t records_fnv1a(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

static struct rec_idslot *idmap_slot(const struct rec_idmap *m, uint64_t id,
				     enum rec_kind kind)
{
	size_t mask = m->cap - 1;

	for (size_t i = (size_t)(id ^ id >> 29) & mask;; i = (i + 1) & mask) {
		struct rec_idslot *s = &m->slots[i];

		if (!s->rec || (s->id == id && s->kind == kind))
			return s;
	}
}

static void *idmap_find(const struct rec_idmap *m, uint64_t id,
			enum rec_kind kind)
{
	return m->cap ? idmap_slot(m, id, kind)->rec : NULL;
}

/* Insert when absent; returns the record kept for (id, kind). */
static void *idmap_put(struct rec_idmap *m, uint64_t id, enum rec_kind kind,
		       void *rec)
{
	struct rec_idslot *s;

	if (2 * (m->len + 1) > m->cap) {
		struct rec_idmap big = { .cap = m->cap ? 2 * m->cap : 256 };

		big.slots = xcalloc(big.cap, sizeof(*big.slots));
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].rec)
				*idmap_slot(&big, m->slots[i].id,
					    m->slots[i].kind) = m->slots[i];
		big.len = m->len;
		free(m->slots);
		*m = big;
	}
	s = idmap_slot(m, id, kind);
	if (s->rec)
		return s->rec;
	*s = (struct rec_idslot){ .id = id, .kind = kind, .rec = rec };
	m->len++;
	return rec;
}

/* One file being read. */
struct rec_read {
	struct records *r;
	const char *name;
	struct asmscan_msgs *msgs;
	struct rec_idmap local;		/* what this file's strings hold */
	struct rec_unit **units;
	size_t nunits, capunits;
	size_t offset;			/* of the string being read */
	uint64_t id;
	char why[256];
};

__attribute__((format(printf, 2, 3)))
static bool bad(struct rec_read *rd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rd->why, sizeof(rd->why), fmt, ap);
	va_end(ap);
	return false;
}

/* What jv_string() and the like found, in this reader's words. */
static bool found(struct rec_read *rd, const char *key, enum jv_found st,
		  bool need, enum jv_type type)
{
	if (st == JV_ABSENT)
		return !need || bad(rd, "no \"%s\"", key);
	if (st == JV_NOT_TYPE)
		return bad(rd, "\"%s\" is not %s", key, jv_type_name(type));
	return true;
}

static bool get_string(struct rec_read *rd, const struct jv *o,
		       const char *key, bool need, const char **out)
{
	return found(rd, key, jv_string(o, key, out), need, JV_STRING);
}

static bool get_int(struct rec_read *rd, const struct jv *o, const char *key,
		    bool need, int64_t *out)
{
	return found(rd, key, jv_int(o, key, INT64_MIN, INT64_MAX, out), need,
		     JV_INT);
}

/* A count or line: 0 .. UINT32_MAX. */
static bool get_u32(struct rec_read *rd, const struct jv *o, const char *key,
		    bool need, uint32_t *out)
{
	int64_t v;
	enum jv_found st = jv_int(o, key, 0, UINT32_MAX, &v);

	if (st == JV_BAD_VALUE)
		return bad(rd, "\"%s\" out of range: %" PRId64, key, v);
	if (!found(rd, key, st, need, JV_INT))
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool get_bool(struct rec_read *rd, const struct jv *o, const char *key,
		     bool need, bool *out)
{
	return found(rd, key, jv_bool(o, key, out), need, JV_BOOL);
}

static bool get_hex(struct rec_read *rd, const struct jv *o, const char *key,
		    uint64_t *out)
{
	enum jv_found st = jv_hex(o, key, out);

	if (st == JV_BAD_VALUE)
		return bad(rd, "\"%s\" is not 16 lowercase hex digits", key);
	return found(rd, key, st, true, JV_STRING);
}

/* An array of 16-hex-digit ids, into the arena. */
static bool get_hex_array(struct rec_read *rd, const struct jv *o,
			  const char *key, bool need, uint64_t **out, size_t *n)
{
	const struct jv *v = jv_get(o, key);

	*out = NULL;
	*n = 0;
	if (!v)
		return !need || bad(rd, "no \"%s\"", key);
	if (v->type != JV_ARRAY)
		return bad(rd, "\"%s\" is not an array", key);
	*out = arena_alloc(&rd->r->arena, (v->len ? v->len : 1) * sizeof(**out));
	for (size_t i = 0; i < v->len; i++)
		if (v->items[i].type != JV_STRING ||
		    !hex_id_parse(v->items[i].s, &(*out)[i]))
			return bad(rd, "\"%s\"[%zu] is not 16 lowercase hex digits",
				   key, i);
	*n = v->len;
	return true;
}

static bool read_site(struct rec_read *rd, const struct jv *o,
		      struct rec_site *s)
{
	const struct jv *secs = jv_get(o, "sections");

	if (!get_string(rd, o, "spelling_file", true, &s->spelling_file) ||
	    !get_u32(rd, o, "spelling_line", true, &s->spelling_line) ||
	    !get_string(rd, o, "arch", true, &s->arch) ||
	    !get_string(rd, o, "template", true, &s->tpl) ||
	    !get_string(rd, o, "kind", true, &s->kind) ||
	    !get_u32(rd, o, "gcc_count", true, &s->gcc_count) ||
	    !get_u32(rd, o, "est_insns", true, &s->est_insns) ||
	    !get_bool(rd, o, "asm_inline", true, &s->asm_inline) ||
	    !get_bool(rd, o, "flagged", true, &s->flagged) ||
	    !get_u32(rd, o, "str_count", false, &s->str_count) ||
	    !get_u32(rd, o, "other_insns", false, &s->other_insns) ||
	    !get_u32(rd, o, "pad_uncertain", false, &s->pad_uncertain) ||
	    !get_bool(rd, o, "basic", false, &s->basic) ||
	    !get_bool(rd, o, "volatile", false, &s->is_volatile) ||
	    !get_bool(rd, o, "goto", false, &s->is_goto) ||
	    !get_bool(rd, o, "applied", false, &s->applied))
		return false;
	if (secs) {
		const char **v;

		if (secs->type != JV_ARRAY)
			return bad(rd, "\"sections\" is not an array");
		v = arena_alloc(&rd->r->arena,
				(secs->len ? secs->len : 1) * sizeof(*v));
		for (size_t i = 0; i < secs->len; i++) {
			if (secs->items[i].type != JV_STRING)
				return bad(rd, "\"sections\"[%zu] is not a string", i);
			v[i] = secs->items[i].s;
		}
		s->sections = v;
		s->nsections = secs->len;
	}
	return true;
}

/* The site is resolved later: its id waits in s->site as a cast. */
static bool read_stmt(struct rec_read *rd, const struct jv *o,
		      struct rec_stmt *s, uint64_t *site)
{
	return get_hex(rd, o, "site", site) &&
	       get_string(rd, o, "function", true, &s->function) &&
	       get_string(rd, o, "file", true, &s->file) &&
	       get_u32(rd, o, "line", true, &s->line) &&
	       get_u32(rd, o, "column", true, &s->column) &&
	       get_hex(rd, o, "fingerprint", &s->fingerprint);
}

static bool read_edge(struct rec_read *rd, const struct jv *o,
		      struct rec_edge *e)
{
	const struct jv *limit = jv_get(o, "limit");
	uint64_t *fps;

	if (!get_string(rd, o, "tu", true, &e->tu) ||
	    !get_string(rd, o, "caller", true, &e->caller) ||
	    !get_string(rd, o, "callee", true, &e->callee) ||
	    !get_string(rd, o, "file", true, &e->file) ||
	    !get_u32(rd, o, "line", true, &e->line) ||
	    !get_u32(rd, o, "column", false, &e->column) ||
	    !get_string(rd, o, "verdict", true, &e->verdict) ||
	    !get_string(rd, o, "inlined_into", false, &e->inlined_into) ||
	    !get_string(rd, o, "callee_symbol", false, &e->callee_symbol) ||
	    !get_string(rd, o, "reason", false, &e->reason) ||
	    !get_string(rd, o, "via", false, &e->via) ||
	    !get_string(rd, o, "measured_at", false, &e->measured_at) ||
	    !get_string(rd, o, "unit_rerun", false, &e->unit_rerun) ||
	    !get_int(rd, o, "callee_size", false, &e->callee_size) ||
	    !get_int(rd, o, "growth", false, &e->growth) ||
	    !get_int(rd, o, "overcount", false, &e->overcount) ||
	    !get_int(rd, o, "asm_count", false, &e->asm_count) ||
	    !get_int(rd, o, "fingerprints_dropped", false,
		     &e->fingerprints_dropped) ||
	    !get_hex_array(rd, o, "fingerprints", true, &fps,
			   &e->nfingerprints))
		return false;
	e->fingerprints = fps;
	e->blocked = !strcmp(e->verdict, "blocked-by-asm");
	e->limit_name = "";
	if (limit && (limit->type != JV_OBJECT ||
		      !get_string(rd, limit, "name", false, &e->limit_name) ||
		      !get_int(rd, limit, "value", false, &e->limit_value)))
		return limit->type == JV_OBJECT ? false
						: bad(rd, "\"limit\" is not an object");
	return true;
}

/* Stmt and edge ids wait in these until the file is resolved. */
struct rec_unit_ids {
	uint64_t *stmts, *edges;
	size_t offset;			/* of the unit string */
};

/* "sites": [{"site": "FILE:LINE", "statements": N, "applied": M}, ...] */
static bool get_site_reqs(struct rec_read *rd, const struct jv *o,
			  struct rec_unit *u)
{
	const struct jv *v = jv_get(o, "sites");
	struct rec_site_req *reqs;

	if (!v)
		return true;
	if (v->type != JV_ARRAY)
		return bad(rd, "\"sites\" is not an array");
	reqs = arena_alloc(&rd->r->arena, (v->len ? v->len : 1) * sizeof(*reqs));
	for (size_t i = 0; i < v->len; i++) {
		const struct jv *item = &v->items[i];

		if (item->type != JV_OBJECT)
			return bad(rd, "\"sites\"[%zu] is not an object", i);
		if (!get_string(rd, item, "site", true, &reqs[i].site) ||
		    !get_int(rd, item, "statements", true, &reqs[i].statements) ||
		    !get_int(rd, item, "applied", true, &reqs[i].applied))
			return false;
	}
	u->site_reqs = reqs;
	u->nsite_reqs = v->len;
	return true;
}

static bool read_unit(struct rec_read *rd, const struct jv *o,
		      struct rec_unit *u, struct rec_unit_ids *ids)
{
	return get_string(rd, o, "tu", true, &u->tu) &&
	       get_string(rd, o, "srctree", false, &u->srctree) &&
	       get_string(rd, o, "arch", false, &u->arch) &&
	       get_string(rd, o, "plugin", false, &u->plugin) &&
	       get_string(rd, o, "mode", false, &u->mode) &&
	       get_string(rd, o, "rerun", false, &u->rerun) &&
	       get_string(rd, o, "rerun_error", false, &u->rerun_error) &&
	       get_int(rd, o, "threshold", false, &u->threshold) &&
	       get_int(rd, o, "statements", false, &u->statements) &&
	       get_int(rd, o, "asm_inline", false, &u->asm_inline) &&
	       get_int(rd, o, "flagged", false, &u->flagged) &&
	       get_int(rd, o, "applied", false, &u->applied) &&
	       get_int(rd, o, "gcc_count", false, &u->gcc_count) &&
	       get_int(rd, o, "est_insns", false, &u->est_insns) &&
	       get_int(rd, o, "overcount", false, &u->overcount) &&
	       get_site_reqs(rd, o, u) &&
	       get_hex_array(rd, o, "stmts", true, &ids->stmts, &u->nstmts) &&
	       get_hex_array(rd, o, "edges", false, &ids->edges, &u->nedges);
}

/* Pending links of the file: a stmt's site, a unit's stmts and edges. */
struct rec_pending {
	struct rec_stmt *stmt;
	uint64_t site;
	size_t offset;			/* of the stmt string */
};

struct rec_file_state {
	struct rec_pending *stmts;
	size_t nstmts, capstmts;
	struct rec_unit_ids *unit_ids;	/* parallel to rd->units */
	size_t capids;
};

/* One "asminline/1 " JSON text. */
static bool read_string(struct rec_read *rd, struct rec_file_state *fs,
			const char *json, size_t len)
{
	struct arena *a = &rd->r->arena;
	const struct jv *o, *rec, *fv;
	const char *type;

	rd->id = records_fnv1a(json, len);
	o = jv_parse(a, json, len, rd->why, sizeof(rd->why));
	if (!o)
		return false;
	if (o->type != JV_OBJECT)
		return bad(rd, "not a JSON object");
	rec = jv_get(o, "record");
	if (!rec || rec->type != JV_STRING)
		return bad(rd, "no \"record\" string");
	type = rec->s;
	fv = jv_get(o, "format_version");
	if (!fv || fv->type != JV_INT)
		return bad(rd, "no integer \"format_version\"");
	if (!strcmp(type, "site")) {
		struct rec_site *s = arena_alloc(a, sizeof(*s));

		memset(s, 0, sizeof(*s));
		s->id = rd->id;
		if (!read_site(rd, o, s))
			return false;
		idmap_put(&rd->local, s->id, REC_SITE, s);
	} else if (!strcmp(type, "stmt")) {
		struct rec_stmt *s = arena_alloc(a, sizeof(*s));
		struct rec_pending *p;
		uint64_t site;

		memset(s, 0, sizeof(*s));
		s->id = rd->id;
		if (!read_stmt(rd, o, s, &site))
			return false;
		if (idmap_put(&rd->local, s->id, REC_STMT, s) != s)
			return true;	/* the same string again (ld -r) */
		p = VEC_PUSH(fs->stmts, fs->nstmts, fs->capstmts);
		p->stmt = s;
		p->site = site;
		p->offset = rd->offset;
	} else if (!strcmp(type, "edge")) {
		struct rec_edge *e = arena_alloc(a, sizeof(*e));

		memset(e, 0, sizeof(*e));
		e->id = rd->id;
		if (!read_edge(rd, o, e))
			return false;
		idmap_put(&rd->local, e->id, REC_EDGE, e);
	} else if (!strcmp(type, "unit")) {
		struct rec_unit *u = arena_alloc(a, sizeof(*u));
		struct rec_unit_ids ids = { 0 };

		memset(u, 0, sizeof(*u));
		u->id = rd->id;
		if (!read_unit(rd, o, u, &ids))
			return false;
		if (idmap_put(&rd->local, u->id, REC_UNIT, u) != u)
			return true;
		if (rd->nunits >= fs->capids) {
			size_t cap = fs->capids;

			fs->unit_ids = vec_grow(fs->unit_ids, &cap,
						rd->nunits + 1,
						sizeof(*fs->unit_ids));
			fs->capids = cap;
		}
		ids.offset = rd->offset;
		fs->unit_ids[rd->nunits] = ids;
		*VEC_PUSH(rd->units, rd->nunits, rd->capunits) = u;
	}
	/* Another record type of this version: a reader ignores it. */
	return true;
}

static bool hex_name(char *buf, size_t len, uint64_t id)
{
	snprintf(buf, len, "%016" PRIx64, id);
	return true;
}

/* Every id named in the file is in the file. */
static bool resolve(struct rec_read *rd, struct rec_file_state *fs)
{
	struct arena *a = &rd->r->arena;
	char h[17], h2[17];

	for (size_t i = 0; i < fs->nstmts; i++) {
		struct rec_pending *p = &fs->stmts[i];

		p->stmt->site = idmap_find(&rd->local, p->site, REC_SITE);
		if (!p->stmt->site) {
			rd->id = p->stmt->id;
			rd->offset = p->offset;
			hex_name(h, sizeof(h), p->site);
			return bad(rd, "stmt names site %s, which no string of the file has",
				   h);
		}
	}
	for (size_t i = 0; i < rd->nunits; i++) {
		struct rec_unit *u = rd->units[i];
		struct rec_unit_ids *ids = &fs->unit_ids[i];
		const struct rec_stmt **st;
		const struct rec_edge **ed;

		rd->id = u->id;
		rd->offset = ids->offset;
		st = arena_alloc(a, (u->nstmts ? u->nstmts : 1) * sizeof(*st));
		for (size_t k = 0; k < u->nstmts; k++)
			if (!(st[k] = idmap_find(&rd->local, ids->stmts[k], REC_STMT)))
				return hex_name(h, sizeof(h), ids->stmts[k]) &&
				       bad(rd, "unit %s lists stmt %s, which no string of the file has",
					   u->tu, h);
		ed = arena_alloc(a, (u->nedges ? u->nedges : 1) * sizeof(*ed));
		for (size_t k = 0; k < u->nedges; k++) {
			if (!(ed[k] = idmap_find(&rd->local, ids->edges[k], REC_EDGE)))
				return hex_name(h, sizeof(h), ids->edges[k]) &&
				       bad(rd, "unit %s lists edge %s, which no string of the file has",
					   u->tu, h);
			if (strcmp(ed[k]->tu, u->tu))
				return hex_name(h2, sizeof(h2), ids->edges[k]) &&
				       bad(rd, "unit %s lists edge %s of unit %s",
					   u->tu, h2, ed[k]->tu);
		}
		u->stmts = st;
		u->edges = ed;
	}
	return true;
}

#define MERGE(r, arr, kind, ptr)                                            \
	do {                                                                \
		if (idmap_put(&(r)->by_id, (ptr)->id, (kind), (ptr)) == (ptr)) \
			*VEC_PUSH((r)->arr, (r)->n##arr, (r)->cap##arr) = (ptr); \
	} while (0)

/* Keep the file's records; texts read before stay the ones pointed to. */
static void merge(struct rec_read *rd, struct rec_file *f)
{
	struct records *r = rd->r;
	const struct rec_idmap *l = &rd->local;
	struct strmap seen = { 0 };
	size_t cap = 0;

	for (size_t i = 0; i < l->cap; i++) {
		struct rec_idslot *s = &l->slots[i];

		if (s->rec && s->kind == REC_SITE)
			MERGE(r, sites, REC_SITE, (struct rec_site *)s->rec);
	}
	for (size_t i = 0; i < l->cap; i++) {
		struct rec_idslot *s = &l->slots[i];

		if (!s->rec)
			continue;
		if (s->kind == REC_STMT) {
			struct rec_stmt *st = s->rec;

			st->site = idmap_find(&r->by_id, st->site->id, REC_SITE);
			MERGE(r, stmts, REC_STMT, st);
		} else if (s->kind == REC_EDGE) {
			MERGE(r, edges, REC_EDGE, (struct rec_edge *)s->rec);
		}
	}
	for (size_t i = 0; i < rd->nunits; i++) {
		struct rec_unit *u = rd->units[i];
		const struct rec_stmt **st = (const struct rec_stmt **)u->stmts;
		const struct rec_edge **ed = (const struct rec_edge **)u->edges;

		f->units++;
		for (size_t k = 0; k < u->nstmts; k++) {
			st[k] = idmap_find(&r->by_id, st[k]->id, REC_STMT);
			/* the file's stmts, each once */
			char key[17];
			bool created;

			if (!st[k]->gcc_file)
				((struct rec_stmt *)st[k])->gcc_file =
					records_gcc_name(&r->arena, u->srctree, st[k]->file);

			hex_name(key, sizeof(key), st[k]->id);
			strmap_get(&seen, arena_strdup(&r->arena, key), &created);
			if (created)
				*VEC_PUSH(f->stmts, f->nstmts, cap) = st[k];
		}
		for (size_t k = 0; k < u->nedges; k++)
			ed[k] = idmap_find(&r->by_id, ed[k]->id, REC_EDGE);
		if (idmap_put(&r->by_id, u->id, REC_UNIT, u) != u)
			continue;	/* read from another file already */
		u->file = r->nfiles - 1;
		f->new_units++;
		*VEC_PUSH(r->units, r->nunits, r->capunits) = u;
	}
	strmap_free(&seen);
}

const char *records_gcc_name(struct arena *a, const char *srctree,
			     const char *name)
{
	size_t ls, ln;
	char *p;

	if (!srctree || !*srctree || !*name || name[0] == '/' ||
	    !strncmp(name, "./", 2) || !strncmp(name, "../", 3))
		return name;
	ls = strlen(srctree);
	ln = strlen(name);
	p = arena_alloc(a, ls + ln + 2);
	memcpy(p, srctree, ls);
	p[ls] = '/';
	memcpy(p + ls + 1, name, ln + 1);
	return p;
}

bool records_read(struct records *r, const char *name,
		  const unsigned char *data, size_t len,
		  struct asmscan_msgs *msgs)
{
	struct rec_read rd = { .r = r, .name = name, .msgs = msgs };
	struct rec_file_state fs = { 0 };
	struct rec_file *f = VEC_PUSH(r->files, r->nfiles, r->capfiles);
	char other[24] = "";
	bool ok = true;

	memset(f, 0, sizeof(*f));
	f->name = arena_strdup(&r->arena, name);
	for (size_t off = 0; off < len && ok;) {
		const char *s = (const char *)data + off;
		const char *nul = memchr(s, '\0', len - off);
		size_t slen = nul ? (size_t)(nul - s) : len - off;
		size_t plen = sizeof(RECORDS_PREFIX) - 1, vlen = 0;

		rd.offset = off;
		off += slen + 1;
		if (slen < plen || memcmp(s, RECORDS_PREFIX, plen))
			continue;
		while (plen + vlen < slen && vlen < 9 &&
		       s[plen + vlen] >= '0' && s[plen + vlen] <= '9')
			vlen++;
		if (!vlen || plen + vlen >= slen || s[plen + vlen] != ' ') {
			rd.id = 0;
			ok = bad(&rd, "no version and space after \"asminline/\"");
			break;
		}
		if (vlen != 1 || s[plen] != '0' + RECORDS_VERSION) {
			if (!f->unknown_version++)
				snprintf(other, sizeof(other), "%.*s", (int)vlen,
					 s + plen);
			continue;
		}
		f->strings++;
		if (!nul) {
			rd.id = 0;
			ok = bad(&rd, "the last string has no NUL");
			break;
		}
		ok = read_string(&rd, &fs, s + plen + 2, slen - plen - 2);
	}
	if (ok)
		ok = resolve(&rd, &fs);
	if (ok) {
		merge(&rd, f);
	} else {
		char h[17];

		hex_name(h, sizeof(h), rd.id);
		asmscan_msgs_add(msgs, ASMSCAN_ERROR, name,
				 "malformed asminline record",
				 "string at .comment offset %zu%s%s: %s", rd.offset,
				 rd.id ? ", id " : "", rd.id ? h : "", rd.why);
		f->units = f->new_units = 0;
	}
	if (f->unknown_version)
		asmscan_msgs_add(msgs, ASMSCAN_NOTE, name,
				 "asminline records of an unknown version skipped",
				 "%zu string%s of asminline/%s (this asmscan reads asminline/%d)",
				 f->unknown_version,
				 f->unknown_version == 1 ? "" : "s", other,
				 RECORDS_VERSION);
	free(fs.stmts);
	free(fs.unit_ids);
	free(rd.units);
	free(rd.local.slots);
	return ok;
}

void records_free(struct records *r)
{
	for (size_t i = 0; i < r->nfiles; i++)
		free(r->files[i].stmts);
	free(r->files);
	free(r->units);
	free(r->sites);
	free(r->stmts);
	free(r->edges);
	free(r->by_id.slots);
	arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}

bool records_rerun_unanswered(const char *rerun)
{
	return rerun && (!strcmp(rerun, "failed") || !strcmp(rerun, "timeout"));
}

void records_rule_units(const struct records *r, struct rec_rule_units *ru)
{
	size_t cap = 0;

	memset(ru, 0, sizeof(*ru));
	for (size_t u = 0; u < r->nunits; u++) {
		const struct rec_unit *unit = r->units[u];

		if (!records_rerun_unanswered(unit->rerun))
			continue;
		*VEC_PUSH(ru->v, ru->n, cap) = unit;
		ru->edges += unit->nedges;
		for (size_t k = 0; k < unit->nedges; k++)
			ru->blocked += unit->edges[k]->blocked;
	}
}

void records_rule_units_free(struct rec_rule_units *ru)
{
	free(ru->v);
	memset(ru, 0, sizeof(*ru));
}

// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c — the comparison of two finished reports (see diff.h): functions
 * by bloat-o-meter's names, callees by stripped name, copies by their
 * group.  Every list keeps only rows that changed; the totals count both
 * directions (what was removed and what was added), never only the net.
 */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

void diff_strip_name(const char *name, char *buf, size_t len)
{
	size_t o = 0;

	for (const char *p = name; *p && o + 1 < len;) {
		if (p[0] == '.' && p[1] >= '0' && p[1] <= '9') {
			for (p++; *p >= '0' && *p <= '9'; p++)
				;
			continue;
		}
		buf[o++] = *p++;
	}
	buf[o] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

bool diff_counts_symbol(const struct object *o, const struct obj_sym *s)
{
	/* nm's letter: bfd_decode_symclass() of binutils 2.40 */
	if (!s->defined || !s->size || s->shndx >= o->nsecs)
		return false;
	if (s->type == STT_SECTION || s->type == STT_FILE ||
	    s->type == STT_GNU_IFUNC)
		return false;
	if (s->bind != STB_LOCAL && s->bind != STB_GLOBAL)
		return false;
	if (!(o->secs[s->shndx].flags & SHF_EXECINSTR))
		return false;
	return diff_name_kept(s->name);
}

bool diff_name_kept(const char *name)
{
	/* what bloat-o-meter's getsizes() leaves out */
	if (strchr(name, ':') || !*name)
		return false;
	return !(starts(name, "__mod_") || starts(name, "__se_sys") ||
		 starts(name, "__se_compat_sys") ||
		 starts(name, "__addressable_") ||
		 !strcmp(name, "linux_banner") || !strcmp(name, "vermagic"));
}

/* Rows by stripped name: a map to index + 1 and a growing array. */
struct keyed {
	struct strmap index;
	size_t n, cap;
};

/* The row of raw's key; *created with *key (kept in names) when new. */
static size_t keyed_slot(struct keyed *k, struct arena *names, const char *raw,
			 bool strip, bool *created, const char **keyp)
{
	char buf[1024];
	const char *key = raw;
	uintptr_t *v;

	if (strip) {
		diff_strip_name(raw, buf, sizeof(buf));
		key = buf;
	}
	v = strmap_find(&k->index, key);
	if (v) {
		*created = false;
		return *v - 1;
	}
	key = arena_strdup(names, key);
	v = strmap_get(&k->index, key, created);
	*v = ++k->n;
	*keyp = key;
	return k->n - 1;
}

/* Direct call sites made inside each function of o. */
static uint32_t *calls_per_func(const struct object *o)
{
	uint32_t *v = xcalloc(o->nfuncs ? o->nfuncs : 1, sizeof(*v));

	for (size_t i = 0; i < o->ncalls; i++)
		if (!o->calls[i].tail && o->calls[i].caller != OBJ_NONE &&
		    o->calls[i].caller < o->nfuncs)
			v[o->calls[i].caller]++;
	return v;
}

static void funcs_side(struct diff_report *d, struct keyed *k, int side)
{
	struct report *rep = d->side[side];

	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		struct object *o = &rep->objs[oi];
		uint32_t *calls;

		if (o->failed)
			continue;
		for (size_t s = 1; s < o->nsecs; s++)
			if ((o->secs[s].flags & SHF_EXECINSTR) &&
			    (o->secs[s].flags & SHF_ALLOC))
				d->t.exec_bytes[side] += o->secs[s].size;
		calls = calls_per_func(o);
		for (size_t i = 1; i < o->nsyms; i++) {
			const struct obj_sym *s = &o->syms[i];
			const char *name = s->name, *key;
			struct diff_func *f;
			uint32_t fi;
			bool created;
			size_t slot;

			if (!diff_counts_symbol(o, s))
				continue;
			/*
			 * A padding symbol's bytes are its function's row
			 * (bloat-o-meter lists __pfx_NAME apart); one in front
			 * of no function is in no row.
			 */
			if (s->padding) {
				fi = object_func_at(o, s->addr);
				if (fi == OBJ_NONE ||
				    o->funcs[fi].addr != s->addr + s->size)
					continue;
				name = o->funcs[fi].name;
			}
			if (!analysis_selected(d->opts, name))
				continue;
			slot = keyed_slot(k, &d->names_arena, name, true, &created,
					  &key);
			if (created) {
				f = VEC_PUSH(d->funcs, d->nfuncs, k->cap);
				memset(f, 0, sizeof(*f));
				f->name = key;
			}
			f = &d->funcs[slot];
			f->present[side] = true;
			f->bytes[side] += s->size;
			if (s->padding)
				continue;
			fi = object_func_at(o, s->addr);
			if (fi != OBJ_NONE && o->funcs[fi].addr == s->addr) {
				f->insns[side] += o->funcs[fi].all_insns;
				f->calls[side] += calls[fi];
			}
		}
		free(calls);
	}
}

static uint64_t mag(int64_t v)
{
	return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

static int func_cmp(const void *a, const void *b)
{
	const struct diff_func *x = a, *y = b;
	uint64_t dx = mag(diff_delta(x->bytes)), dy = mag(diff_delta(y->bytes));

	if (dx != dy)
		return dx > dy ? -1 : 1;
	dx = mag(diff_delta(x->insns)), dy = mag(diff_delta(y->insns));
	if (dx != dy)
		return dx > dy ? -1 : 1;
	dx = mag(diff_delta(x->calls)), dy = mag(diff_delta(y->calls));
	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void flow_add(struct diff_flow *fl, const uint64_t v[DIFF_SIDES])
{
	fl->before += v[0];
	fl->after += v[1];
	if (v[1] < v[0]) {
		fl->removed += v[0] - v[1];
		fl->rows_down++;
		fl->rows_gone += !v[1];
	} else if (v[1] > v[0]) {
		fl->added += v[1] - v[0];
		fl->rows_up++;
		fl->rows_new += !v[0];
	}
}

static void funcs_build(struct diff_report *d)
{
	struct keyed k = { 0 };
	struct diff_totals *t = &d->t;
	size_t n = 0;

	funcs_side(d, &k, 0);
	funcs_side(d, &k, 1);
	strmap_free(&k.index);
	/* bloat-o-meter's calc(): add/remove, grow/shrink, up/down */
	for (size_t i = 0; i < d->nfuncs; i++) {
		struct diff_func *f = &d->funcs[i];
		int64_t delta = diff_delta(f->bytes);

		t->total[0] += f->bytes[0];
		t->total[1] += f->bytes[1];
		t->insns[0] += f->insns[0];
		t->insns[1] += f->insns[1];
		if (!f->present[0]) {
			t->added++;
			t->up += f->bytes[1];
		} else if (!f->present[1]) {
			t->removed++;
			t->down += f->bytes[0];
		} else if (delta > 0) {
			t->grown++;
			t->up += (uint64_t)delta;
		} else if (delta < 0) {
			t->shrunk++;
			t->down += mag(delta);
		}
		if (delta || diff_delta(f->insns) || diff_delta(f->calls) ||
		    f->present[0] != f->present[1])
			d->funcs[n++] = *f;
	}
	d->nfuncs = n;
	if (n)
		qsort(d->funcs, n, sizeof(*d->funcs), func_cmp);
}

static int callee_cmp(const void *a, const void *b)
{
	const struct diff_callee *x = a, *y = b;
	uint64_t dx = mag(diff_delta(x->sites)), dy = mag(diff_delta(y->sites));

	if (dx != dy)
		return dx > dy ? -1 : 1;
	dx = mag(diff_delta(x->tails)), dy = mag(diff_delta(y->tails));
	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void callees_build(struct diff_report *d)
{
	struct keyed k = { 0 };
	struct diff_totals *t = &d->t;
	size_t n = 0;

	for (int side = 0; side < DIFF_SIDES; side++) {
		const struct calls_report *cr = &d->side[side]->calls;

		for (size_t i = 0; i < cr->nrows; i++) {
			const struct callee_row *r = &cr->rows[i];
			struct diff_callee *c;
			const char *key;
			bool created;
			size_t slot = keyed_slot(&k, &d->names_arena, r->name, true,
						 &created, &key);

			if (created) {
				c = VEC_PUSH(d->callees, d->ncallees, k.cap);
				memset(c, 0, sizeof(*c));
				c->name = key;
			}
			c = &d->callees[slot];
			c->cls = r->cls;
			c->sites[side] += r->sites;
			c->tails[side] += r->tail_calls;
			if (r->tiny) {
				c->tiny[side] = true;
				c->tiny_sites[side] += r->sites;
			}
		}
	}
	strmap_free(&k.index);
	for (size_t i = 0; i < d->ncallees; i++) {
		struct diff_callee *c = &d->callees[i];

		flow_add(&t->sites, c->sites);
		flow_add(&t->tails, c->tails);
		flow_add(&t->tiny_sites, c->tiny_sites);
		if (diff_delta(c->sites) || diff_delta(c->tails) ||
		    c->tiny[0] != c->tiny[1])
			d->callees[n++] = *c;
	}
	d->ncallees = n;
	if (n)
		qsort(d->callees, n, sizeof(*d->callees), callee_cmp);
}

/* Local function definitions per name (one per place), for duplicates. */
static void local_defs(struct report *rep, struct strmap *defs)
{
	for (size_t oi = 0; oi < rep->nobjs; oi++) {
		const struct object *o = &rep->objs[oi];
		uint64_t last = UINT64_MAX;
		const char *last_name = NULL;

		for (size_t i = 1; i < o->nsyms && !o->failed; i++) {
			const struct obj_sym *s = &o->syms[i];
			bool created;

			if (s->type != STT_FUNC || !s->defined ||
			    s->bind != STB_LOCAL || s->padding)
				continue;
			/* an alias at the same place is not another definition */
			if (last_name && s->addr == last && !strcmp(last_name, s->name))
				continue;
			last = s->addr;
			last_name = s->name;
			(*strmap_get(defs, s->name, &created))++;
		}
	}
}

static void copy_add(struct diff_report *d, struct keyed *k,
		     enum diff_copy_kind kind, const char *key, const char *name,
		     int side, uint64_t copies, uint64_t bytes)
{
	const char *kept;
	bool created;
	size_t slot = keyed_slot(k, &d->names_arena, key, false, &created, &kept);
	struct diff_copy *c;

	if (created) {
		c = VEC_PUSH(d->copies, d->ncopies, k->cap);
		memset(c, 0, sizeof(*c));
		c->kind = kind;
		c->name = arena_strdup(&d->names_arena, name);
	}
	c = &d->copies[slot];
	c->copies[side] += copies;
	c->bytes[side] += bytes;
}

static int copy_cmp(const void *a, const void *b)
{
	const struct diff_copy *x = a, *y = b;
	uint64_t dx = mag(diff_delta(x->copies)), dy = mag(diff_delta(y->copies));

	if (dx != dy)
		return dx > dy ? -1 : 1;
	dx = mag(diff_delta(x->bytes)), dy = mag(diff_delta(y->bytes));
	if (dx != dy)
		return dx > dy ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void copies_build(struct diff_report *d)
{
	struct keyed k = { 0 };
	struct strmap defs[DIFF_SIDES] = { { 0 } };
	size_t n = 0;
	char key[2048];

	d->t.copies_valid[DIFF_COPY_DWARF] =
		d->side[0]->copies.dwarf && d->side[1]->copies.dwarf;
	d->t.copies_valid[DIFF_COPY_DUPLICATE] = true;
	d->t.copies_valid[DIFF_COPY_CLONE] = true;
	for (int side = 0; side < DIFF_SIDES; side++) {
		const struct copies_report *cp = &d->side[side]->copies;

		for (size_t i = 0; i < cp->ndwarf && d->t.copies_valid[0]; i++) {
			const struct copy_group *g = &cp->dwarf_groups[i];

			snprintf(key, sizeof(key), "d\n%s\n%s\n%u", g->name,
				 g->decl_file ? g->decl_file : "", g->decl_line);
			copy_add(d, &k, DIFF_COPY_DWARF, key, g->name, side,
				 g->ncopies, g->bytes);
		}
		for (size_t i = 0; i < cp->ndups; i++) {
			snprintf(key, sizeof(key), "u\n%s", cp->dups[i].name);
			copy_add(d, &k, DIFF_COPY_DUPLICATE, key,
				 cp->dups[i].name, side, 0, 0);
		}
		for (size_t i = 0; i < cp->nclones; i++) {
			snprintf(key, sizeof(key), "c\n%s", cp->clones[i].name);
			copy_add(d, &k, DIFF_COPY_CLONE, key, cp->clones[i].name,
				 side, cp->clones[i].ncopies, cp->clones[i].bytes);
		}
		local_defs(d->side[side], &defs[side]);
	}
	strmap_free(&k.index);
	/*
	 * A name duplicated on one side only still has its definitions on
	 * the other (2 -> 1 is one copy gone, not two): count them there.
	 */
	for (size_t i = 0; i < d->ncopies; i++) {
		struct diff_copy *c = &d->copies[i];

		if (c->kind != DIFF_COPY_DUPLICATE)
			continue;
		for (int side = 0; side < DIFF_SIDES; side++) {
			uintptr_t *v = strmap_find(&defs[side], c->name);

			c->copies[side] = v ? *v : 0;
		}
	}
	for (int side = 0; side < DIFF_SIDES; side++)
		strmap_free(&defs[side]);
	for (size_t i = 0; i < d->ncopies; i++) {
		struct diff_copy *c = &d->copies[i];

		if (!analysis_selected(d->opts, c->name))
			continue;
		flow_add(&d->t.copies[c->kind], c->copies);
		if (diff_delta(c->copies) || diff_delta(c->bytes))
			d->copies[n++] = *c;
	}
	d->ncopies = n;
	if (n)
		qsort(d->copies, n, sizeof(*d->copies), copy_cmp);
}

void diff_build(struct diff_report *d, const struct asmscan_options *opts,
		const char *old_name, struct report *old_rep,
		const char *new_name, struct report *new_rep)
{
	memset(d, 0, sizeof(*d));
	d->opts = opts;
	d->names[0] = old_name;
	d->names[1] = new_name;
	d->side[0] = old_rep;
	d->side[1] = new_rep;
	funcs_build(d);
	callees_build(d);
	copies_build(d);
	for (int side = 0; side < DIFF_SIDES; side++)
		diff_provenance_of(&d->prov[side], d->side[side], d->names[side],
				   &d->names_arena);
	if (opts->diff->has_growth_budget)
		d->over_budget = d->t.total[1] > d->t.total[0] &&
				 d->t.total[1] - d->t.total[0] >
					 opts->diff->growth_budget;
}

void diff_free(struct diff_report *d)
{
	free(d->funcs);
	free(d->callees);
	free(d->copies);
	arena_free(&d->names_arena);
	memset(d, 0, sizeof(*d));
}

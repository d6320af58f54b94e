// SPDX-License-Identifier: GPL-2.0
/*
 * copies.c — functions meant to be inlined that exist out of line, over
 * all inputs (see analysis.h):
 *   - from DWARF: copies (dwarf.c) grouped by function name and
 *     declaration, so one `static inline` of a header emitted out of line
 *     in 23 units is one row with 23 copies;
 *   - from symbols: a local (STB_LOCAL) STT_FUNC name defined at more than
 *     one place (in vmlinux, or in several objects), and GCC's clones,
 *     grouped by the name before the first '.'.
 * A clone's kind is its first suffix (foo.constprop.0.isra.0 is a
 * constprop clone), except that a name ending in .cold or .cold.N is the
 * cold part of a function (GCC's -freorder-blocks-and-partition).  A
 * fragment tied to its function (fragment.h: a .cold part, a .part.N
 * whose function has a body) is none of these: it is counted apart, its
 * bytes and calls with its function.
 * Padding symbols (__pfx_, __cfi_) are never copies: their bytes are
 * counted with the function they stand in front of (object.h).
 */
#include <stdlib.h>
#include <string.h>

#include "copies.h"

static const char *const clone_names[CLONE_KINDS] = {
	[CLONE_ISRA] = "isra",
	[CLONE_CONSTPROP] = "constprop",
	[CLONE_PART] = "part",
	[CLONE_COLD] = "cold",
	[CLONE_OTHER] = "other",
};

const char *analysis_clone_name(enum clone_kind kind)
{
	return kind < CLONE_KINDS ? clone_names[kind] : "";
}

static bool word_at(const char *s, const char *word)
{
	size_t len = strlen(word);

	return !strncmp(s, word, len) && (s[len] == '.' || !s[len]);
}

enum clone_kind analysis_clone_kind(const char *name)
{
	const char *dot = strchr(name, '.'), *cold = NULL;

	if (!dot || dot == name)
		return CLONE_KINDS;
	/* ".cold" or ".cold.N" at the end: the last ".cold" decides */
	for (const char *p = strstr(name + 1, ".cold"); p; p = strstr(p + 1, ".cold"))
		cold = p;
	if (cold) {
		const char *p = cold + 5;

		if (*p == '.' && p[1])
			for (p++; *p >= '0' && *p <= '9'; p++)
				;
		if (!*p)
			return CLONE_COLD;
	}
	dot++;
	if (word_at(dot, "isra"))
		return CLONE_ISRA;
	if (word_at(dot, "constprop"))
		return CLONE_CONSTPROP;
	if (word_at(dot, "part"))
		return CLONE_PART;
	if (word_at(dot, "lto_priv") || word_at(dot, "localalias"))
		return CLONE_OTHER;
	return CLONE_KINDS;
}

struct groups {
	struct copy_group *v;
	size_t n, cap;
	size_t *ccap;			/* per group: copies capacity */
	struct strmap index;		/* key -> group + 1 */
	struct arena keys;
};

static struct copy_group *group_get(struct groups *g, const char *key,
				    const char *name)
{
	bool created;
	uintptr_t *slot = strmap_get(&g->index, key, &created);

	if (created) {
		size_t old = g->cap;

		VEC_PUSH(g->v, g->n, g->cap);
		if (g->cap != old) {
			g->ccap = xrealloc(g->ccap, g->cap * sizeof(*g->ccap));
			memset(g->ccap + old, 0, (g->cap - old) * sizeof(*g->ccap));
		}
		memset(&g->v[g->n - 1], 0, sizeof(g->v[0]));
		g->v[g->n - 1].name = name;
		*slot = g->n;
	}
	return &g->v[*slot - 1];
}

static struct copy_entry *group_add(struct groups *g, struct copy_group *grp)
{
	size_t gi = (size_t)(grp - g->v);
	struct copy_entry *e;

	/*
	 * Every local function name is a group and nearly all keep one
	 * entry (30,000 in a vmlinux): grow from one, not VEC_PUSH's 16.
	 */
	if (grp->ncopies == g->ccap[gi]) {
		g->ccap[gi] = g->ccap[gi] ? 2 * g->ccap[gi] : 1;
		grp->copies = xrealloc(grp->copies, g->ccap[gi] * sizeof(*e));
	}
	e = &grp->copies[grp->ncopies++];
	memset(e, 0, sizeof(*e));
	return e;
}

static int group_cmp(const void *a, const void *b)
{
	const struct copy_group *x = a, *y = b;
	int c;

	if (x->ncopies != y->ncopies)
		return x->ncopies > y->ncopies ? -1 : 1;
	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	if ((c = strcmp(x->name, y->name)))
		return c;
	if ((c = strcmp(x->decl_file ? x->decl_file : "",
			y->decl_file ? y->decl_file : "")))
		return c;
	return x->decl_line < y->decl_line ? -1 : x->decl_line > y->decl_line;
}

/* What finding a group by its key took; the groups themselves stay. */
static void groups_index_free(struct groups *g)
{
	free(g->ccap);
	strmap_free(&g->index);
	arena_free(&g->keys);
}

/* Keep the groups --function selects (and, for symbols, real duplicates). */
static void groups_finish(const struct asmscan_options *opts, struct groups *g,
			  size_t min_copies, struct copy_group **out, size_t *nout)
{
	size_t n = 0;

	for (size_t i = 0; i < g->n; i++) {
		struct copy_group *grp = &g->v[i];

		if (grp->ncopies < min_copies || !analysis_selected(opts, grp->name)) {
			free(grp->copies);
			continue;
		}
		for (size_t k = 0; k < grp->ncopies; k++) {
			struct copy_entry *e = &grp->copies[k];

			/* the calls reaching it, counted after it was grouped */
			if (e->ref.func) {
				e->call_sites = e->ref.func->sites_in;
				e->tail_calls = e->ref.func->tails_in;
			}
			grp->bytes += grp->copies[k].size;
			grp->call_sites += grp->copies[k].call_sites;
			grp->tail_calls += grp->copies[k].tail_calls;
		}
		g->v[n++] = *grp;
	}
	if (n)
		qsort(g->v, n, sizeof(*g->v), group_cmp);
	*out = g->v;
	*nout = n;
	groups_index_free(g);
}

/* Groups never finished (a run cut short): everything they hold. */
static void groups_free(struct groups *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->v[i].copies);
	free(g->v);
	groups_index_free(g);
}

static const char *unit_of(const struct object *o, const struct obj_func *f,
			   const char *file)
{
	if (f && f->cu)
		return f->cu;
	if (file)
		return file;
	return o->type == ET_REL ? o->name : NULL;
}

/*
 * One out-of-line copy: where it is (how often it is reached is filled
 * in by groups_finish(), once the calls are counted).  Its bytes include
 * the padding in front of its function (a copy brings its __pfx_ NOPs
 * with it).
 */
static void entry_fill(struct copy_entry *e, struct object *o,
		       struct obj_func *f, const char *symbol, uint64_t addr,
		       uint64_t size, const char *unit)
{
	e->ref = (struct func_ref){ o, f };
	e->symbol = symbol;
	e->addr = addr;
	e->size = size + (f && f->addr == addr ? f->pad : 0);
	e->unit = unit;
}

/*
 * The groups of every input, filled object by object as each is reported
 * (analysis.c), in input order: what is left after the last input is
 * sorting the groups.
 */
struct copies_tally {
	struct groups dwarf, dups, clones;
	size_t nobjs;			/* objs[0..nobjs) grouped */
};

static void dwarf_object(struct copies_report *cp, struct groups *g,
			 struct object *o)
{
	uint64_t *part_bytes;

	if (o->failed)
		return;
	if (o->has_dwarf)
		cp->dwarf = true;
	else
		cp->objects_without_dwarf++;
	/* A .part with a DIE of its own: its bytes are its function's. */
	part_bytes = xcalloc(o->nfuncs ? o->nfuncs : 1, sizeof(*part_bytes));
	for (size_t i = 0; i < o->ndcopies; i++) {
		const struct dwarf_copy *c = &o->dcopies[i];

		if (c->func != OBJ_NONE && o->funcs[c->func].fragment_of != OBJ_NONE)
			part_bytes[o->funcs[c->func].fragment_of] += c->size;
	}
	for (size_t i = 0; i < o->ndcopies; i++) {
		const struct dwarf_copy *c = &o->dcopies[i];
		char buf[1024];
		struct copy_group *grp;
		struct copy_entry *e;
		struct obj_func *f = c->func != OBJ_NONE ? &o->funcs[c->func] : NULL;

		/* a .part of a copy is the copy's (fragment_bytes) */
		if (f && f->fragment_of != OBJ_NONE)
			continue;

		snprintf(buf, sizeof(buf), "%s\n%s\n%u", c->name,
			 c->decl_file ? c->decl_file : "", c->decl_line);
		grp = group_get(g, arena_strdup(&g->keys, buf), c->name);
		grp->decl_file = c->decl_file;
		grp->decl_line = c->decl_line;
		e = group_add(g, grp);
		entry_fill(e, o, f, f ? f->name : NULL, c->addr,
			   c->size + (f ? part_bytes[c->func] : 0), c->cu);
	}
	free(part_bytes);
}

static void dwarf_groups(struct report *rep, struct groups *g)
{
	struct copies_report *cp = &rep->copies;

	groups_finish(rep->opts, g, 1, &cp->dwarf_groups, &cp->ndwarf);
	for (size_t i = 0; i < cp->ndwarf; i++) {
		cp->dwarf_copies += cp->dwarf_groups[i].ncopies;
		cp->dwarf_bytes += cp->dwarf_groups[i].bytes;
	}
}

static struct obj_func *func_exact(struct object *o, uint64_t addr)
{
	uint32_t fi = object_func_at(o, addr);

	return fi != OBJ_NONE && o->funcs[fi].addr == addr ? &o->funcs[fi] : NULL;
}

static void symbol_object(struct copies_report *cp, struct groups *dups,
			  struct groups *clones, struct object *o)
{
	for (size_t i = 1; i < o->nsyms && !o->failed; i++) {
		const struct obj_sym *s = &o->syms[i];
		enum clone_kind kind;
		struct copy_group *grp;
		struct copy_entry *e;
		struct obj_func *f;

		if (s->type != STT_FUNC || !s->defined || s->padding)
			continue;
		f = func_exact(o, s->addr);
		kind = analysis_clone_kind(s->name);
		if (f && f->fragment_of != OBJ_NONE && f->addr == s->addr) {
			/* one count per fragment, not per alias */
			if (f->name == s->name) {
				if (kind == CLONE_COLD)
					cp->fragments_cold++;
				else
					cp->fragments_part++;
				cp->fragment_bytes += s->size;
			}
			continue;
		}
		if (s->bind == STB_LOCAL) {
			grp = group_get(dups, s->name,
					f && f->name == s->name ?
					object_func_name(f) : s->name);
			/* One definition per place: aliases are not copies. */
			if (!grp->ncopies ||
			    grp->copies[grp->ncopies - 1].ref.obj != o ||
			    grp->copies[grp->ncopies - 1].addr != s->addr) {
				e = group_add(dups, grp);
				entry_fill(e, o, f, s->name, s->addr, s->size,
					   unit_of(o, f, s->file));
			}
		}
		if (kind == CLONE_KINDS)
			continue;
		{
			const char *dot = strchr(s->name, '.');
			const char *base = arena_strndup(&clones->keys, s->name,
							 (size_t)(dot - s->name));

			grp = group_get(clones, base, base);
		}
		grp->kinds |= 1u << kind;
		grp->kind_count[kind]++;
		e = group_add(clones, grp);
		entry_fill(e, o, f, s->name, s->addr, s->size,
			   unit_of(o, f, s->file));
	}
}

static void symbol_groups(struct report *rep, struct groups *dups,
			  struct groups *clones)
{
	struct copies_report *cp = &rep->copies;

	/* Group names of clones live in the key arena: keep it. */
	{
		struct arena keep = clones->keys;

		clones->keys = (struct arena){ 0 };
		groups_finish(rep->opts, dups, 2, &cp->dups, &cp->ndups);
		groups_finish(rep->opts, clones, 1, &cp->clones, &cp->nclones);
		cp->names = keep;
	}
	for (size_t i = 0; i < cp->ndups; i++) {
		cp->dup_defs += cp->dups[i].ncopies;
		cp->dup_bytes += cp->dups[i].bytes;
		for (size_t k = 0; k < cp->dups[i].ncopies; k++)
			if (cp->dups[i].copies[k].ref.func)
				cp->dups[i].copies[k].ref.func->sym_copy = true;
	}
	for (size_t i = 0; i < cp->nclones; i++) {
		cp->clone_syms += cp->clones[i].ncopies;
		cp->clone_bytes += cp->clones[i].bytes;
		for (int k = 0; k < CLONE_KINDS; k++)
			cp->clone_kind_count[k] += cp->clones[i].kind_count[k];
		for (size_t k = 0; k < cp->clones[i].ncopies; k++)
			if (cp->clones[i].copies[k].ref.func)
				cp->clones[i].copies[k].ref.func->sym_copy = true;
	}
}

/* The tally, caught up with objs[0..upto) in input order. */
static struct copies_tally *tally_upto(struct report *rep, size_t upto)
{
	struct copies_tally *t = rep->copies.tally;

	if (!t)
		t = rep->copies.tally = xcalloc(1, sizeof(*t));
	for (; t->nobjs < upto; t->nobjs++) {
		struct object *o = &rep->objs[t->nobjs];

		dwarf_object(&rep->copies, &t->dwarf, o);
		if (!o->failed)
			symbol_object(&rep->copies, &t->dups, &t->clones, o);
	}
	return t;
}

void copies_tally_object(struct report *rep, size_t oi)
{
	tally_upto(rep, oi + 1);
}

void copies_report_build(struct report *rep)
{
	struct copies_tally *t = tally_upto(rep, rep->nobjs);

	dwarf_groups(rep, &t->dwarf);
	symbol_groups(rep, &t->dups, &t->clones);
	free(t);
	rep->copies.tally = NULL;
}

void copies_tally_free(struct report *rep)
{
	struct copies_tally *t = rep->copies.tally;

	if (!t)
		return;
	groups_free(&t->dwarf);
	groups_free(&t->dups);
	groups_free(&t->clones);
	free(t);
	rep->copies.tally = NULL;
}

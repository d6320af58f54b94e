// SPDX-License-Identifier: GPL-2.0
/*
 * fragment.c — fragments tied to their functions (see fragment.h).
 */
#include "fragment.h"

#include <stdlib.h>
#include <string.h>

/* The last occurrence of s in name, not at its start; NULL if none. */
static const char *last_of(const char *name, const char *s)
{
	const char *last = NULL;

	for (const char *p = strstr(name + 1, s); p; p = strstr(p + 1, s))
		last = p;
	return last;
}

static bool digits_to_end(const char *p)
{
	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return !*p;
}

enum fragment_kind fragment_name(const char *name, size_t *base_len)
{
	const char *p;

	if (!*name)
		return FRAGMENT_NONE;
	/* GCC's ".cold", or ".cold.N" when a unit has several */
	if ((p = last_of(name, ".cold")) && (!p[5] || (p[5] == '.' && digits_to_end(p + 6)))) {
		*base_len = (size_t)(p - name);
		return FRAGMENT_COLD;
	}
	if ((p = last_of(name, ".part.")) && digits_to_end(p + 6)) {
		*base_len = (size_t)(p - name);
		return FRAGMENT_PART;
	}
	return FRAGMENT_NONE;
}

/*
 * The function called base that fragment f belongs to, by name: a local
 * of f's STT_FILE (and DWARF unit, when both have one), else the only
 * global of that name.
 */
static uint32_t owner_by_name(const struct object *o, const struct strmap *names,
			      const uint32_t *next, const struct obj_func *f,
			      const char *base)
{
	uintptr_t *first = strmap_find(names, base);
	uint32_t global = OBJ_NONE, globals = 0;

	if (!first)
		return OBJ_NONE;
	for (uint32_t c = (uint32_t)*first - 1; c != OBJ_NONE; c = next[c]) {
		const struct obj_func *g = &o->funcs[c];

		if (g == f || (f->cu && g->cu && strcmp(f->cu, g->cu)))
			continue;
		/* the same STT_FILE symbol, not only the same name: two
		 * inode.c (debugfs, tracefs) each have a start_creating */
		if (g->local && f->local && g->file == f->file)
			return c;
		if (!g->local) {
			global = c;
			globals++;
		}
	}
	return globals == 1 ? global : OBJ_NONE;
}

/* Fragments DWARF did not tie, tied by name. */
static void link_by_name(struct object *o)
{
	struct strmap names = { 0 };
	uint32_t *next = xcalloc(o->nfuncs ? o->nfuncs : 1, sizeof(*next));
	char base[512];

	/* Every function by name, a chain of the ones sharing it. */
	for (size_t i = o->nfuncs; i-- > 0;) {
		bool created;
		uintptr_t *v = strmap_get(&names, o->funcs[i].name, &created);

		next[i] = created ? OBJ_NONE : (uint32_t)*v - 1;
		*v = i + 1;
	}
	for (size_t i = 0; i < o->nfuncs; i++) {
		struct obj_func *f = &o->funcs[i];
		size_t len;

		if (f->fragment_of != OBJ_NONE ||
		    fragment_name(f->name, &len) == FRAGMENT_NONE ||
		    len >= sizeof(base))
			continue;
		memcpy(base, f->name, len);
		base[len] = '\0';
		f->fragment_of = owner_by_name(o, &names, next, f, base);
	}
	strmap_free(&names);
	free(next);
}

/* Each fragment_of the root of its chain; a circle ties nothing. */
static void link_roots(struct object *o)
{
	for (size_t i = 0; i < o->nfuncs; i++) {
		uint32_t root = o->funcs[i].fragment_of;

		for (int hops = 0; root != OBJ_NONE &&
				   o->funcs[root].fragment_of != OBJ_NONE; hops++) {
			root = o->funcs[root].fragment_of;
			if (hops == 8 || root == i) {
				root = OBJ_NONE;
				break;
			}
		}
		o->funcs[i].fragment_of = root;
	}
}

void fragments_link(struct object *o)
{
	size_t n = 0;

	link_by_name(o);
	link_roots(o);
	for (size_t i = 0; i < o->nfuncs; i++) {
		struct obj_func *f = &o->funcs[i], *root;

		if (f->fragment_of == OBJ_NONE)
			continue;
		root = &o->funcs[f->fragment_of];
		root->frag_insns += f->insns;
		root->bad_bytes += f->bad_bytes;
		if (!f->cu)
			f->cu = root->cu;
	}
	/* The calls a fragment makes are its function's. */
	for (size_t i = 0; i < o->ncalls; i++) {
		struct call_site cs = o->calls[i];

		cs.caller = object_func_owner(o, cs.caller);
		if (cs.tail && cs.caller != OBJ_NONE &&
		    object_func_owner(o, cs.callee) == cs.caller)
			continue;	/* a jump into its own cold part */
		o->calls[n++] = cs;
	}
	o->ncalls = n;
}

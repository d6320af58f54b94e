// SPDX-License-Identifier: GPL-2.0
/*
 * calls-tally.c — each object's direct calls counted by callee as it is
 * reported (see calls-tally.h).
 *
 * An object's calls to functions become sort keys, callee (object,
 * function) then caller and whether it is a tail call: sorted, the calls
 * of one callee are together and those of one caller next to each other,
 * so one pass counts the sites, the tail calls and the distinct callers.
 * Sorting each object's few thousand calls as it comes, beside the
 * workers, is what leaves the end of a run a walk over the counts (it
 * sorted Debian's 6.1 package's 1.7 million calls at once, a third of
 * the main thread's time after the last input).
 */
#include "calls-tally.h"

#include <stdlib.h>
#include <string.h>

/*
 * The globals' entry for one name, once per name pointer and object: a
 * module calls the same few hundred kernel functions over and over (1.5
 * million such calls in Debian's 6.1 debug package), and every call to
 * one symbol holds the same name pointer.  Open addressing on the
 * pointer; a slot is the current object's when it has its generation,
 * so that emptying the memo for the next costs nothing.
 */
struct extern_slot {
	const char *name;
	const uintptr_t *found;		/* in the globals, or NULL */
	uint32_t gen;
};

struct calls_tally *calls_tally_new(size_t max_objs)
{
	struct calls_tally *t = xcalloc(1, sizeof(*t));

	t->max_objs = max_objs;
	t->counts = xcalloc(max_objs ? max_objs : 1, sizeof(*t->counts));
	return t;
}

void calls_tally_free(struct calls_tally *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->max_objs; i++)
		free(t->counts[i]);
	free(t->counts);
	free(t->others);
	free(t->waiting);
	free(t->memo);
	free(t->keys);
	strmap_free(&t->noreturn);
	strmap_free(&t->globals);
	free(t);
}

/* The global functions of objs[covered..upto), first in input order wins. */
static void globals_cover(struct calls_tally *t, const struct report *rep,
			  size_t upto)
{
	for (; t->covered < upto; t->covered++) {
		const struct object *o = &rep->objs[t->covered];

		for (size_t fi = 0; fi < o->nfuncs; fi++) {
			bool created;
			uintptr_t *v;

			if (o->funcs[fi].local)
				continue;
			v = strmap_get(&t->globals, o->funcs[fi].name, &created);
			if (created)
				*v = (uintptr_t)t->covered << 32 | fi;
		}
	}
}

static void memo_next(struct calls_tally *t, size_t ncalls)
{
	size_t want = 64;

	while (want < 2 * ncalls && want < (1u << 16))
		want *= 2;
	if (want > t->memo_cap) {
		free(t->memo);
		t->memo = xcalloc(want, sizeof(*t->memo));
		t->memo_cap = want;
		t->memo_gen = 0;
	}
	if (++t->memo_gen == 0) {	/* wrapped: every slot is old */
		memset(t->memo, 0, t->memo_cap * sizeof(*t->memo));
		t->memo_gen = 1;
	}
}

/*
 * The first global function named name among objs[0..upto) (NULL: none),
 * looked up once per pointer for the current object.
 */
static const uintptr_t *extern_lookup(struct calls_tally *t,
				      const struct report *rep, size_t upto,
				      const char *name)
{
	size_t i = ((uintptr_t)name >> 3) * 0x9e3779b97f4a7c15ULL >> 20 &
		   (t->memo_cap - 1);

	for (size_t probes = 0; probes < t->memo_cap; probes++) {
		struct extern_slot *s = &t->memo[i];

		if (s->gen != t->memo_gen) {
			globals_cover(t, rep, upto);
			*s = (struct extern_slot){
				.name = name, .gen = t->memo_gen,
				.found = strmap_find(&t->globals, name),
			};
			return s->found;
		}
		if (s->name == name)
			return s->found;
		i = (i + 1) & (t->memo_cap - 1);
	}
	/* Full: looked up without being kept. */
	globals_cover(t, rep, upto);
	return strmap_find(&t->globals, name);
}

/* A call of one caller object to function fi of object obj, as a key. */
static struct sort_pair call_key(uint32_t obj, uint32_t fi, uint32_t caller,
				 bool tail)
{
	return (struct sort_pair){
		.hi = (uint64_t)obj << 32 | fi,
		.lo = (uint64_t)caller << 1 | tail,
	};
}

/* One caller object's n keys sorted and added to their callees' counts. */
static void count_keys(struct calls_tally *t, const struct report *rep,
		       struct sort_pair *v, size_t n)
{
	sort_pairs(v, n);
	for (size_t i = 0, j; i < n; i = j) {
		uint32_t obj = (uint32_t)(v[i].hi >> 32);
		struct callee_count *c;

		if (!t->counts[obj])
			t->counts[obj] = xcalloc(rep->objs[obj].nfuncs,
						 sizeof(*t->counts[obj]));
		c = &t->counts[obj][(uint32_t)v[i].hi];
		for (j = i; j < n && v[j].hi == v[i].hi; j++) {
			uint32_t caller = (uint32_t)(v[j].lo >> 1);

			if (v[j].lo & 1)
				c->tails++;
			else
				c->sites++;
			/* a new caller: another function of this object */
			if (caller != OBJ_NONE &&
			    (j == i || v[j].lo >> 1 != v[j - 1].lo >> 1))
				c->callers++;
		}
	}
}

static struct sort_pair *keys_room(struct calls_tally *t, size_t n)
{
	if (n > t->keys_cap) {
		free(t->keys);
		t->keys = xmalloc(n * sizeof(*t->keys));
		t->keys_cap = n;
	}
	return t->keys;
}

void calls_tally_object(struct calls_tally *t, const struct report *rep,
			size_t oi)
{
	const struct object *o = &rep->objs[oi];
	struct sort_pair *keys;
	size_t nk = 0;

	for (size_t i = 0; i < o->nnoreturn; i++) {
		bool created;

		strmap_get(&t->noreturn, o->noreturn[i], &created);
	}
	t->nobjs = oi + 1;
	if (!o->ncalls)
		return;
	keys = keys_room(t, o->ncalls);
	memo_next(t, o->ncalls);
	for (size_t ci = 0; ci < o->ncalls; ci++) {
		const struct call_site *cs = &o->calls[ci];
		struct ckey k = { .kind = CKEY_EXTERN, .obj = (uint32_t)oi,
				  .caller_obj = (uint32_t)oi,
				  .caller = cs->caller, .tail = cs->tail };
		const uintptr_t *v;

		if (cs->callee != OBJ_NONE) {
			keys[nk++] = call_key((uint32_t)oi, cs->callee,
					      cs->caller, cs->tail);
			continue;
		}
		if (cs->target_known) {
			k.kind = CKEY_ADDR;
			k.id = cs->target;
		} else if (cs->extern_name) {
			v = extern_lookup(t, rep, oi + 1, cs->extern_name);
			if (v) {
				keys[nk++] = call_key((uint32_t)(*v >> 32),
						      (uint32_t)*v, cs->caller,
						      cs->tail);
			} else {
				k.ext = cs->extern_name;
				*VEC_PUSH(t->waiting, t->nwaiting,
					  t->waiting_cap) = k;
			}
			continue;
		} else {
			k.ext = "?";
		}
		*VEC_PUSH(t->others, t->nothers, t->others_cap) = k;
	}
	count_keys(t, rep, keys, nk);
}

/*
 * The calls to names no input before their own defined, one caller
 * object at a time: all of an object's calls to one name wait, so the
 * callers they add are new ones.
 */
void calls_tally_finish(struct calls_tally *t, const struct report *rep)
{
	struct sort_pair *keys = keys_room(t, t->nwaiting);

	globals_cover(t, rep, t->nobjs);
	for (size_t i = 0, j; i < t->nwaiting; i = j) {
		size_t nk = 0;

		for (j = i; j < t->nwaiting &&
			    t->waiting[j].caller_obj == t->waiting[i].caller_obj;)
			j++;
		memo_next(t, j - i);
		for (size_t w = i; w < j; w++) {
			const struct ckey *k = &t->waiting[w];
			const uintptr_t *v = extern_lookup(t, rep, t->nobjs, k->ext);

			if (v)
				keys[nk++] = call_key((uint32_t)(*v >> 32),
						      (uint32_t)*v, k->caller,
						      k->tail);
			else
				*VEC_PUSH(t->others, t->nothers,
					  t->others_cap) = *k;
		}
		count_keys(t, rep, keys, nk);
	}
	t->nwaiting = 0;
}

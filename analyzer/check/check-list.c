// SPDX-License-Identifier: GPL-2.0
/*
 * check-list.c — the list of findings of `asmscan check` (check-list.h):
 * keyed by (kind, fingerprint), so many units holding one statement, or
 * many refused calls from one caller to one callee, make one finding
 * whose `units` counts them; its place is the smallest (file, line) seen,
 * so the output does not depend on the order of the inputs.
 */
#include "check-list.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check-names.h"

bool check_listed(const struct check_finding *f)
{
	if (f->state == CHECK_UNVERIFIED)
		return f->found || f->base == CHECK_BASE_FINDING;
	return f->state != CHECK_FIXED || f->base == CHECK_BASE_FINDING;
}

int64_t check_place_cmp(const char *fa, uint32_t la, const char *fb,
			uint32_t lb)
{
	int c = strcmp(fa ? fa : "", fb ? fb : "");

	return c ? c : (la > lb) - (la < lb);
}

static void finding_key(char key[24], enum check_kind kind, uint64_t fp)
{
	snprintf(key, 24, "%c%016" PRIx64, check_kind_name(kind)[0], fp);
}

struct check_finding *check_finding_find(struct check_report *c,
					 enum check_kind kind, uint64_t fp)
{
	char key[24];
	uintptr_t *slot;

	finding_key(key, kind, fp);
	slot = strmap_find(&c->index, key);
	return slot ? &c->v[*slot - 1] : NULL;
}

struct check_finding *check_finding_of(struct check_report *c,
				       enum check_kind kind, uint64_t fp,
				       bool *created)
{
	char key[24];
	uintptr_t *slot;
	struct check_finding *f;

	finding_key(key, kind, fp);
	slot = strmap_find(&c->index, key);
	*created = !slot;
	if (slot)
		return &c->v[*slot - 1];
	/* strmap keeps the key pointer: give it one that lives */
	slot = strmap_get(&c->index, arena_strdup(&c->strings, key), created);
	f = VEC_PUSH(c->v, c->n, c->cap);
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->fp = fp;
	f->state = CHECK_NEW;
	*slot = c->n;
	return f;
}

/*
 * Whether this occurrence of a finding (in function, at file:line) is the
 * one it shows: the first, or one at an earlier place than the kept one,
 * so that a finding many units share has the same place whatever order
 * they were read in.  When it is, its function and place are taken.
 */
bool check_take_place(struct check_finding *f, bool created,
		      const char *function, const char *file, uint32_t line)
{
	if (!created && check_place_cmp(file, line, f->file, f->line) >= 0)
		return false;
	f->function = function;
	f->file = file;
	f->line = line;
	return true;
}

void check_add_asm(struct check_report *c, const char *function,
		   const char *file, uint32_t line, const char *spelling_file,
		   uint32_t spelling_line, const char *asm_kind,
		   uint32_t gcc_count, uint32_t est_insns, uint64_t fp)
{
	bool created;
	struct check_finding *f = check_finding_of(c, CHECK_ASM, fp, &created);

	f->found = true;
	f->units++;
	if (!check_take_place(f, created, function, file, line))
		return;
	f->spelling_file = spelling_file;
	f->spelling_line = spelling_line;
	f->asm_kind = asm_kind;
	f->gcc_count = gcc_count;
	f->est_insns = est_insns;
}

uint64_t check_edge_fp(const char *caller, const char *callee)
{
	size_t lc = strlen(caller), le = strlen(callee);
	char *buf = xmalloc(lc + le + 2);
	uint64_t h;

	memcpy(buf, caller, lc + 1);
	memcpy(buf + lc + 1, callee, le + 1);
	h = records_fnv1a(buf, lc + le + 1);
	free(buf);
	return h;
}

void check_add_rule_unit(struct check_report *c, const char *tu,
			 const char *rerun, const char *why, size_t calls)
{
	struct check_rule_unit *u;

	for (size_t i = 0; i < c->nrule_units; i++) {
		if (!strcmp(c->rule_units[i].tu, tu)) {
			c->rule_units[i].calls += calls;
			return;
		}
	}
	u = VEC_PUSH(c->rule_units, c->nrule_units, c->caprule_units);
	u->tu = arena_strdup(&c->strings, tu);
	u->rerun = arena_strdup(&c->strings, rerun);
	u->why = why ? arena_strdup(&c->strings, why) : NULL;
	u->calls = calls;
}

void check_add_edge(struct check_report *c, enum check_judged how,
		    const char *caller, const char *callee, const char *file,
		    uint32_t line, int64_t callee_size, const char *limit_name,
		    int64_t limit_value, int64_t overcount)
{
	bool created;
	struct check_finding *f =
		check_finding_of(c, CHECK_EDGE, check_edge_fp(caller, callee),
				 &created);

	/*
	 * A call judged "other" only counts as one the baseline cannot be
	 * compared with; its place is taken only if nothing better is known.
	 */
	if (how == CHECK_JUDGED_RULE_OTHER) {
		c->rule_calls++;
		f->by_rule = true;
		if (!created)
			return;
	} else {
		if (how == CHECK_JUDGED_RULE_BLOCKED) {
			c->rule_calls++;
			f->by_rule = true;
		} else {
			f->verified = true;
		}
		created |= !f->found;	/* a judged call's place gives way */
		f->found = true;
		f->units++;
	}
	if (!check_take_place(f, created, caller, file, line))
		return;
	f->callee = callee;
	f->callee_size = callee_size;
	f->limit_name = limit_name;
	f->limit_value = limit_value;
	f->overcount = overcount;
}

/*
 * A finding's state from what the build found and the baseline held.
 * Edges are compared only where both judged them as asked: a call the
 * build judged by the rule alone is unchanged if both say blocked-by-asm,
 * else unverified (neither new nor fixed); a call the baseline holds as
 * unverified is unverified while it is judged now, fixed once it is
 * neither judged nor found (and then not listed: it was no finding).
 */
enum check_state check_state_of(const struct check_finding *f)
{
	if (f->kind == CHECK_EDGE && f->base == CHECK_BASE_UNVERIFIED)
		return f->found || f->by_rule ? CHECK_UNVERIFIED : CHECK_FIXED;
	if (f->kind == CHECK_EDGE && f->by_rule && !f->verified)
		return f->found && f->base == CHECK_BASE_FINDING
			       ? CHECK_UNCHANGED
			       : CHECK_UNVERIFIED;
	return !f->found ? CHECK_FIXED
	       : f->base ? CHECK_UNCHANGED : CHECK_NEW;
}

/*
 * What the baseline will say of an edge: blocked where the build or the
 * old baseline knows it is, unverified where neither knows.
 */
bool check_write_unverified(const struct check_finding *f)
{
	return f->kind == CHECK_EDGE && f->state != CHECK_FIXED &&
	       !f->verified && f->base != CHECK_BASE_FINDING;
}

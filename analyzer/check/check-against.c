// SPDX-License-Identifier: GPL-2.0
/*
 * check-against.c — `asmscan check --against OLD NEW`: the build before a
 * change takes the baseline's place, and only what the change can act on
 * fails (check.h).
 *
 * A statement's site is known to OLD when OLD holds a statement, flagged
 * or not, spelled in the same file (relative to each build's source tree,
 * srctree.h) with the same template, or at the same line with the same
 * charge and estimate: a header edited above a site moves its line, not
 * its template; a macro whose arguments vary its template (put_user's
 * sizes) keeps its line and charge.  A change that rewrites an asm gives
 * it a new template, and a different charge or estimate where it changes
 * what the inliner sees, so the site is new.
 *
 * New findings are then sorted into
 *   - new: an asm finding one of whose statements has a site OLD lacks;
 *     an edge that OLD does not have blocked and whose records name at
 *     least one such statement;
 *   - context: the rest of what OLD lacks: new uses of asm OLD has too
 *     (a driver's new atomic_inc()), calls newly blocked by it.
 * A unit compiled outside the source tree (an out-of-tree module, M=)
 * cannot change the tree's headers: its statements spelled inside the
 * tree are context whatever OLD holds.  Copies (--copies) have no site:
 * one OLD lacks is new.
 */
#include "check-against.h"

#include "check-list.h"

#include <inttypes.h>
#include <string.h>

#include "report.h"
#include "srctree.h"

/* "\x1fT" file "\x1f" template, "\x1fL" file:line:charge:estimate */
static const char *key_tpl(struct arena *a, const char *file, const char *tpl)
{
	size_t lf = strlen(file), lt = strlen(tpl);
	char *k = arena_alloc(a, lf + lt + 4);

	k[0] = '\x1f';
	k[1] = 'T';
	memcpy(k + 2, file, lf);
	k[2 + lf] = '\x1f';
	memcpy(k + 3 + lf, tpl, lt + 1);
	return k;
}

static const char *key_line(struct arena *a, const char *file,
			    const struct rec_site *s)
{
	size_t n = strlen(file) + 48;
	char *k = arena_alloc(a, n);

	snprintf(k, n, "\x1fL%s:%" PRIu32 ":%" PRIu32 ":%" PRIu32, file,
		 s->spelling_line, s->gcc_count, s->est_insns);
	return k;
}

struct known_sites {
	struct strmap keys;
	struct arena strings;
	const char *tree;		/* the side's source tree, or NULL */
};

static void known_add(struct known_sites *k, const struct rec_site *s)
{
	const char *file = srctree_rel(k->tree, s->spelling_file ? s->spelling_file : "");
	bool created;

	strmap_get(&k->keys, key_tpl(&k->strings, file, s->tpl ? s->tpl : ""),
		   &created);
	strmap_get(&k->keys, key_line(&k->strings, file, s), &created);
}

/* Does OLD have this site (a site of NEW, whose tree is tree)? */
static bool known_has(struct known_sites *k, const char *tree,
		      const struct rec_site *s)
{
	const char *file = srctree_rel(tree, s->spelling_file ? s->spelling_file : "");
	struct arena tmp = { 0 };
	bool has = strmap_find(&k->keys, key_tpl(&tmp, file, s->tpl ? s->tpl : "")) ||
		   strmap_find(&k->keys, key_line(&tmp, file, s));

	arena_free(&tmp);
	return has;
}

/* The flagged statement of unit with fingerprint fp, or NULL. */
static const struct rec_stmt *unit_stmt(const struct rec_unit *unit,
					uint64_t fp)
{
	for (size_t i = 0; i < unit->nstmts; i++)
		if (unit->stmts[i]->fingerprint == fp)
			return unit->stmts[i];
	return NULL;
}

/*
 * Is a record's name in the source tree?  A name relative to the unit's
 * srctree (the plugin writes them so) is; an absolute one is when it lies
 * under tree (records with GCC's absolute names).
 */
static bool in_tree(const char *tree, const struct rec_unit *unit,
		    const char *path)
{
	if (!path || !*path)
		return false;
	if (unit->srctree && *unit->srctree && path[0] != '/')
		return strncmp(path, "./", 2) && strncmp(path, "../", 3);
	return tree && path[0] == '/' && srctree_rel(tree, path) != path;
}

/*
 * Could the change have spelled this site?  Not when OLD has it; not when
 * the unit is compiled outside the kernel tree (an M= module) and the site
 * is inside it: a module's change cannot edit the kernel's headers.
 */
static bool site_is_new(struct known_sites *old, const char *tree,
			const struct rec_unit *unit, const struct rec_site *s,
			bool *outside)
{
	if (in_tree(tree, unit, s->spelling_file) && !in_tree(tree, unit, unit->tu)) {
		*outside |= !known_has(old, tree, s);
		return false;
	}
	return !known_has(old, tree, s);
}

/* Mark NEW's findings that involve a site the change spelled. */
static void mark_new_sites(struct check_report *c, struct known_sites *old)
{
	const struct report *rep = c->rep;
	const char *tree = c->srctree;

	for (size_t u = 0; u < rep->records.nunits; u++) {
		const struct rec_unit *unit = rep->records.units[u];

		for (size_t k = 0; k < unit->nstmts; k++) {
			const struct rec_stmt *st = unit->stmts[k];
			struct check_finding *f;
			bool outside = false, fresh;

			if (!st->site->flagged)
				continue;
			fresh = site_is_new(old, tree, unit, st->site, &outside);
			/* none: its function is not one --function selects */
			f = check_finding_find(c, CHECK_ASM, st->fingerprint);
			if (f) {
				f->new_site |= fresh;
				f->outside_site |= outside;
			}
		}
		for (size_t k = 0; k < unit->nedges; k++) {
			const struct rec_edge *e = unit->edges[k];
			struct check_finding *f;
			bool fresh = false, outside = false;

			for (size_t i = 0; i < e->nfingerprints && !fresh; i++) {
				const struct rec_stmt *st =
					unit_stmt(unit, e->fingerprints[i]);

				fresh = st && site_is_new(old, tree, unit, st->site,
							  &outside);
			}
			f = check_finding_find(c, CHECK_EDGE,
					       check_edge_fp(e->caller, e->callee));
			if (f) {
				f->new_site |= fresh;
				f->outside_site |= outside;
			}
		}
	}
}

void check_against_compare(struct check_report *c)
{
	const struct check_report *oc = c->against;
	const struct report *old = oc->rep;
	struct known_sites known = { .tree = oc->srctree };

	for (size_t i = 0; i < old->records.nsites; i++)
		known_add(&known, old->records.sites[i]);
	mark_new_sites(c, &known);
	c->baseline_findings = 0;
	/* OLD's findings as a baseline's: marked, or added as not found */
	for (size_t i = 0; i < oc->n; i++) {
		const struct check_finding *of = &oc->v[i];
		enum check_base base;
		struct check_finding *f;
		bool created;

		if (!of->found)
			continue;
		base = of->kind == CHECK_EDGE && of->by_rule && !of->verified
			       ? CHECK_BASE_UNVERIFIED
			       : CHECK_BASE_FINDING;
		c->baseline_findings++;
		f = check_finding_of(c, of->kind, of->fp, &created);
		if (created) {
			*f = *of;	/* OLD's strings: OLD outlives this */
			f->state = CHECK_FIXED;
			f->found = f->verified = f->by_rule = false;
			f->new_site = false;
			f->units = 0;
			f->base = base;
		} else if (f->base != CHECK_BASE_FINDING) {
			f->base = base;
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		struct check_finding *f = &c->v[i];

		f->state = check_state_of(f);
		if (f->state == CHECK_NEW && f->kind != CHECK_COPY && !f->new_site)
			f->state = CHECK_CONTEXT;
		f->write_unverified = check_write_unverified(f);
	}
	strmap_free(&known.keys);
	arena_free(&known.strings);
}

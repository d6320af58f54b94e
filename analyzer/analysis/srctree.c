// SPDX-License-Identifier: GPL-2.0
/*
 * srctree.c — the source tree the records' paths lie in, and paths
 * relative to it (srctree.h).
 */
#include "srctree.h"

#include <stdint.h>
#include <string.h>

#include "asmscan.h"

/* Directories only a kernel tree has right under its top. */
static const char *const include_marks[] = {
	"/include/linux/",
	"/include/asm-generic/",
	"/include/uapi/",
};

/* "/arch/NAME/include/" at p (p points at the '/' before "arch"). */
static bool arch_include_at(const char *p)
{
	const char *name, *slash;

	if (strncmp(p, "/arch/", 6))
		return false;
	name = p + 6;
	slash = strchr(name, '/');
	return slash && slash > name && !strncmp(slash, "/include/", 9);
}

size_t srctree_prefix_len(const char *path)
{
	size_t best = 0;

	if (path[0] != '/')
		return 0;
	/* the last mark: a tree may sit below a directory called include */
	for (size_t i = 0; i < ARRAY_SIZE(include_marks); i++) {
		const char *p = path, *hit;

		while ((hit = strstr(p, include_marks[i]))) {
			if ((size_t)(hit - path) + 1 > best)
				best = (size_t)(hit - path) + 1;
			p = hit + 1;
		}
	}
	for (const char *p = path; (p = strstr(p, "/arch/")); p++)
		if (arch_include_at(p) && (size_t)(p - path) + 1 > best)
			best = (size_t)(p - path) + 1;
	return best;
}

const char *srctree_choose(const char *override, const struct records *r,
			   struct arena *a)
{
	struct strmap votes = { 0 };
	const char *best = NULL;
	uintptr_t best_n = 0;
	struct arena tmp = { 0 };
	bool from_units;

	if (override)
		return *override ? arena_strdup(a, override) : NULL;
	/* the units' own (records with relative names), the most common */
	for (size_t i = 0; i < r->nunits; i++) {
		const char *t = r->units[i]->srctree;
		bool created;
		uintptr_t *slot;

		if (!t || !*t)
			continue;
		slot = strmap_get(&votes, t, &created);
		++*slot;
		if (*slot > best_n || (*slot == best_n && best && strcmp(t, best) < 0)) {
			best_n = *slot;
			best = t;
		}
	}
	from_units = best != NULL;
	for (size_t i = 0; !from_units && i < r->nsites; i++) {
		const char *f = r->sites[i]->spelling_file;
		size_t n = f ? srctree_prefix_len(f) : 0;
		bool created;
		uintptr_t *slot;
		char *key;

		if (!n)
			continue;
		key = arena_strndup(&tmp, f, n);
		slot = strmap_get(&votes, key, &created);
		++*slot;
		if (*slot > best_n || (*slot == best_n && best && strcmp(key, best) < 0)) {
			best_n = *slot;
			best = key;
		}
	}
	best = best ? arena_strdup(a, best) : NULL;
	strmap_free(&votes);
	arena_free(&tmp);
	return best;
}

const char *srctree_rel(const char *tree, const char *path)
{
	size_t n;

	if (!path)
		return path;
	n = tree ? strlen(tree) : 0;
	/* tree "/a/b/" or "/a/b": the rest of path after the separator */
	if (n && tree[n - 1] == '/')
		n--;
	if (n && !strncmp(path, tree, n) && path[n] == '/')
		path += n + 1;
	/* an in-tree build's "./arch/x86/...": the same file */
	while (path[0] == '.' && path[1] == '/' && path[2])
		path += 2;
	return path;
}

bool srctree_site_matches(const char *tree, const char *path, uint32_t line,
			  const char *file, uint32_t want_line)
{
	const char *rel;
	size_t lp, lf;

	if (!path || line != want_line)
		return false;
	rel = srctree_rel(tree, path);
	if (!strcmp(rel, srctree_rel(NULL, file)) || !strcmp(path, file))
		return true;
	lp = strlen(path);
	lf = strlen(file);
	return lf < lp && path[lp - lf - 1] == '/' && !strcmp(path + lp - lf, file);
}

bool srctree_site_selected(const struct asmscan_options *opts, const char *tree,
			   const char *path, uint32_t line)
{
	if (!opts->nsites)
		return true;
	for (size_t i = 0; i < opts->nsites; i++)
		if (srctree_site_matches(tree, path, line, opts->sites[i].file,
					 opts->sites[i].line))
			return true;
	return false;
}

void srctree_view_init(struct srctree_view *v, const char *override,
		       const struct records *r, struct arena *a)
{
	bool units = false;

	for (size_t i = 0; i < r->nunits && !units; i++)
		units = r->units[i]->srctree && *r->units[i]->srctree;
	v->strings = a;
	/* the units' own tree makes their relative names GCC's again */
	v->join = units ? srctree_choose(NULL, r, a) : NULL;
	v->rel = srctree_choose(override, r, a);
}

const char *srctree_show(const struct srctree_view *v, const char *name)
{
	if (!name)
		return name;
	if (v->join)
		name = records_gcc_name(v->strings, v->join, name);
	return srctree_rel(v->rel, name);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * site-list.cc — parsing and matching sites=FILE:LINE[,FILE:LINE...]
 * (see site-list.h).  Strict: an empty item, a missing ":LINE", a line
 * that is not a decimal number from 1 to 2^31 - 1, or an empty FILE is a
 * bad value.  FILE is split from LINE at the last ':' (a path may hold
 * one); a ',' always separates items.
 */
#include "site-list.h"
#include "num.h"
#include "srcpath.h"

#define SITE_LIST_LINE_MAX 0x7fffffffU	/* GCC's line numbers are int */

static bool site_list_parse_item(struct site_want *w, const char *item,
				 const char **why)
{
	const char *colon = strrchr(item, ':');

	if (!*item) {
		*why = "an empty item";
		return false;
	}
	if (!colon) {
		*why = "no ':LINE'";
		return false;
	}
	if (colon == item) {
		*why = "no FILE before ':'";
		return false;
	}
	if (!num_parse_uint(colon + 1, 0, SITE_LIST_LINE_MAX, &w->line)) {
		*why = "LINE is not a number from 1 to 2147483647";
		return false;
	}
	if (!w->line) {
		*why = "line 0 (lines start at 1)";
		return false;
	}
	w->item = xstrdup(item);
	w->file = xstrndup(item, (size_t)(colon - item));
	return true;
}

bool site_list_parse(struct site_list *l, const char *val, const char **why,
		     char **item)
{
	size_t n = 1;

	memset(l, 0, sizeof(*l));
	for (const char *p = val; *p; p++)
		n += *p == ',';
	l->v = XCNEWVEC(struct site_want, n);
	for (const char *p = val;; p++) {
		size_t len = strcspn(p, ",");
		char *one = xstrndup(p, len);

		if (!site_list_parse_item(&l->v[l->n], one, why)) {
			*item = one;
			site_list_free(l);
			return false;
		}
		free(one);
		l->n++;
		p += len;
		if (!*p)
			break;
	}
	return true;
}

static bool site_list_stat(struct site_want *w, char *path)
{
	struct stat st;

	if (stat(path, &st) || !S_ISREG(st.st_mode)) {
		free(path);
		return false;
	}
	w->path = path;
	w->dev = st.st_dev;
	w->ino = st.st_ino;
	return true;
}

bool site_list_resolve(struct site_list *l, const struct srcpath *sp,
		       size_t *bad)
{
	for (size_t i = 0; i < l->n; i++) {
		struct site_want *w = &l->v[i];

		if (w->file[0] == '/') {
			if (site_list_stat(w, srcpath_join_clean("/", w->file)))
				continue;
		} else {
			if (sp->root &&
			    site_list_stat(w, srcpath_join_clean(sp->root, w->file)))
				continue;
			if (site_list_stat(w, srcpath_join_clean(sp->cwd, w->file)))
				continue;
		}
		*bad = i;
		return false;
	}
	return true;
}

long site_list_find(const struct site_list *l, const char *abs, unsigned line)
{
	bool known = false;
	struct stat st;

	for (size_t i = 0; i < l->n; i++) {
		const struct site_want *w = &l->v[i];

		if (w->line != line)
			continue;
		/* Only a statement on a wanted line costs a stat(). */
		if (!known) {
			if (!abs[0] || stat(abs, &st))
				return -1;
			known = true;
		}
		if (st.st_dev == w->dev && st.st_ino == w->ino)
			return (long)i;
	}
	return -1;
}

void site_list_free(struct site_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].item);
		free(l->v[i].file);
		free(l->v[i].path);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * site-list.h — sites=FILE:LINE[,FILE:LINE...]: the asm sites mode=apply
 * is limited to (a what-if for one site, or a few).
 *
 * A site is where the asm keyword is spelled (the records' spelling_file
 * and spelling_line).  FILE may be written as the records give it (after
 * srcpath.h's rule: relative to the source tree, or as GCC names it),
 * relative to the source tree, relative to cc1's directory, or absolute;
 * each must name an existing file, which a statement's spelling file is
 * compared with by identity (device and inode), so every spelling of one
 * path matches.  Invariant: after site_list_parse every entry has a
 * non-empty file and a line >= 1; after site_list_resolve, its identity.
 */
#ifndef ASMINLINE_SITE_LIST_H
#define ASMINLINE_SITE_LIST_H

#include "gcc-compat.h"

#include <sys/stat.h>

struct srcpath;

struct site_want {
	char *item;			/* "FILE:LINE" as typed */
	char *file;			/* FILE as typed */
	unsigned line;
	char *path;			/* the file it names (site_list_resolve) */
	dev_t dev;
	ino_t ino;
};

struct site_list {
	struct site_want *v;
	size_t n;
};

/*
 * Parse the value of sites=.  On a bad value returns false with *why (a
 * static string) and *item (xmalloc-ed, the bad item, maybe "") set.
 */
bool site_list_parse(struct site_list *l, const char *val, const char **why,
		     char **item);

/*
 * Find each FILE: absolute; else below the source tree, then below cc1's
 * directory.  False with *bad the index of the first that names no file.
 */
bool site_list_resolve(struct site_list *l, const struct srcpath *sp,
		       size_t *bad);

/* The index of the site spelled at (abs, line), or -1. */
long site_list_find(const struct site_list *l, const char *abs, unsigned line);

void site_list_free(struct site_list *l);

#endif /* ASMINLINE_SITE_LIST_H */

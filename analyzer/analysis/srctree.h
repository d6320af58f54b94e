/* SPDX-License-Identifier: GPL-2.0 */
/*
 * srctree.h — paths as kernel tools print them: relative to the source
 * tree.  Kbuild's O= builds give GCC absolute paths ($(srctree)/...), so
 * the plugin's records hold them, and a line such as
 *	/home/me/linux/arch/x86/include/asm/atomic.h:28: warning: ...
 * reads as arch/x86/include/asm/atomic.h:28 in every kernel tool.
 *
 * The tree is --srctree DIR when given ("": GCC's own names, see
 * srctree_view), else
 * the one the records name: their units' "srctree" (a plugin that writes
 * names relative to the tree says which; the most common one), else for
 * records with absolute names the directory above include/linux/,
 * include/asm-generic/, include/uapi/ or arch/ARCH/include/ in the spelling
 * files of the statements, the most common one when several appear (ties:
 * the smaller string), none when no path is a kernel header's.  Paths
 * outside the tree, and relative ones, are left as they are.  No global
 * state; nothing here reads the file system.  A leading "./" (an in-tree
 * build's headers) is dropped too.
 */
#ifndef ASMSCAN_SRCTREE_H
#define ASMSCAN_SRCTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "util.h"

/*
 * The tree of one path: the length of its prefix up to and including the
 * '/' before the kernel directory it holds, or 0.
 */
size_t srctree_prefix_len(const char *path);

/*
 * The tree to print paths relative to: override when not NULL ("" for
 * none), else the records' (srctree_prefix_len of their spelling files,
 * the most common).  NULL for none; the string lives in a.
 */
const char *srctree_choose(const char *override, const struct records *r,
			   struct arena *a);

/*
 * How names print: GCC's name first (a name relative to the units' tree
 * joined to it, when the records have one), then relative to rel, the
 * tree srctree_choose gives (--srctree=: none, GCC's names as they are).
 */
struct srctree_view {
	const char *rel;		/* strip this tree, or NULL */
	const char *join;		/* the units' tree, or NULL */
	struct arena *strings;		/* joined names live here */
};

void srctree_view_init(struct srctree_view *v, const char *override,
		       const struct records *r, struct arena *a);
const char *srctree_show(const struct srctree_view *v, const char *name);

/*
 * path relative to tree (tree as srctree_choose gives it, or NULL), and
 * without a leading "./": the part of path that names the same file in
 * every build of the tree.
 */
const char *srctree_rel(const char *tree, const char *path);

/*
 * Does the spelling location path:line match a --site FILE:LINE?  The
 * line is equal and FILE is path relative to tree, path itself, or a
 * tail of path at a '/' ("asm/atomic.h" matches
 * /src/arch/x86/include/asm/atomic.h).
 */
bool srctree_site_matches(const char *tree, const char *path, uint32_t line,
			  const char *file, uint32_t want_line);

/* Any of opts' --site places? (true without any) */
struct asmscan_options;
bool srctree_site_selected(const struct asmscan_options *opts, const char *tree,
			   const char *path, uint32_t line);

#endif /* ASMSCAN_SRCTREE_H */

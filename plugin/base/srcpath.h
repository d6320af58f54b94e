/* SPDX-License-Identifier: GPL-2.0 */
/*
 * srcpath.h — the file names the plugin writes (records, notes' text,
 * traces), made relative to the source tree, and the absolute forms it
 * compares them by.
 *
 * GCC names a file as the compile found it: "kernel/fork.c",
 * "./arch/x86/include/asm/atomic.h" and "././include/linux/
 * compiler_types.h" in a Kbuild tree built in place,
 * "/src/linux/kernel/fork.c" and "/src/linux/arch/x86/include/asm/
 * atomic.h" in an O= build (Kbuild passes -I$(srctree)/... and the
 * absolute source).  The source tree is, in order:
 *   1. srctree=DIR (srctree=none: keep GCC's names);
 *   2. the last -fmacro-prefix-map=OLD= or -ffile-prefix-map=OLD= of the
 *      compile whose NEW is empty and whose OLD names a directory: Kbuild
 *      passes -fmacro-prefix-map=$(srctree)/= (6.1, 6.12; 7.2
 *      only out of the tree) so that __FILE__ is relative to the tree;
 *   3. the directory DIR of the compile's last -include
 *      DIR/include/linux/kconfig.h, which Kbuild gives every C unit: the
 *      kernel's source tree, also where no prefix map says so (a tree
 *      built in place, 7.2: "./include/...", "././include/...");
 *   4. none: GCC's names as they are.
 * With a tree, a name whose absolute, lexically cleaned form is inside it
 * is written relative to it ("arch/x86/include/asm/atomic.h"); any other
 * name (Kbuild's generated headers in O=, system headers) is written as
 * GCC gave it.  Relative names are taken relative to cc1's directory.
 *
 * Invariant: a returned string lives until srcpath_free (PLUGIN_FINISH);
 * the same GCC name always gives the same pointer.
 */
#ifndef ASMINLINE_SRCPATH_H
#define ASMINLINE_SRCPATH_H

#include "gcc-compat.h"

struct srcpath_entry;

/*
 * One of the last names asked for, by the caller's pointer (GCC's line
 * maps hand out the same string for a file every time): a hit, checked
 * with strcmp, is not hashed.
 */
#define SRCPATH_RECENT_BITS 6

struct srcpath_recent {
	const char *name;		/* the caller's pointer; NULL: empty */
	const char *gcc, *rel, *abs;	/* the entry's strings */
};

struct srcpath {
	char *cwd;			/* cc1's directory, absolute */
	char *root;			/* the source tree, absolute, cleaned; or NULL */
	char *root_real;		/* its realpath when that differs, or NULL */
	char *root_from;		/* how it was found, for people */
	struct srcpath_entry *slots;	/* cache of GCC names, open addressing */
	size_t nslots, n;
	/* slot by the pointer, hashed: a file's string sits anywhere */
	struct srcpath_recent recent[1 << SRCPATH_RECENT_BITS];
};

/*
 * Find the source tree: from srctree (the argument's value, NULL when not
 * given; "none" for none) or the compile's prefix maps.  On a bad srctree
 * returns false with *why set (a static string).
 */
bool srcpath_init(struct srcpath *sp, const char *srctree, const char **why);
void srcpath_free(struct srcpath *sp);

/* The name to write for GCC's name (NULL or "" gives ""). */
const char *srcpath_rel(struct srcpath *sp, const char *gcc_name);
/* GCC's name made absolute and lexically cleaned, for comparisons. */
const char *srcpath_abs(struct srcpath *sp, const char *gcc_name);

/* xmalloc-ed: name (relative to base when not absolute), cleaned. */
char *srcpath_join_clean(const char *base, const char *name);

#endif /* ASMINLINE_SRCPATH_H */

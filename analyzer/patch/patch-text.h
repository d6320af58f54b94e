/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch-text.h — `asmscan patch`: a unified diff that converts the plugin's
 * flagged asm sites, where the asm keyword is spelled, to the kernel's
 * asm_inline (include/linux/compiler_types.h: `#define asm_inline asm
 * __inline`, GCC >= 9 takes the qualifiers in any order, so
 * `asm_inline volatile goto (...)` is `asm __inline volatile goto`).
 *
 * Three pure parts (declared here) and a driver (patch.h):
 *   patch-line.c  the asm keywords of one source line and which of them a
 *                 site record means (no I/O);
 *   patch-diff.c  a unified diff of one file whose lines are replaced
 *                 (the format `diff -u` writes; `patch -p1` applies it);
 *   patch-paths.c a record's spelling_file mapped onto --source;
 *   patch.c       records in, sites grouped and chosen, diff out.
 *
 * Invariants: a line is only ever changed at an asm keyword and the
 * qualifiers that follow it on that line; nothing outside --source is
 * read or named; what is not converted is said, site by site.
 */
#ifndef ASMSCAN_PATCH_TEXT_H
#define ASMSCAN_PATCH_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>


/* At most this many asm keywords are looked at on one line. */
#define PATCH_MAX_KEYWORDS 16
/* Source files larger than this are refused. */
#define PATCH_MAX_FILE (64u << 20)
/* Lines of context around each change, as diff -u. */
#define PATCH_CONTEXT 3

/* One asm keyword on a line, with the qualifiers after it. */
struct patch_kw {
	size_t start, end;	/* [start, end): "asm volatile", "__asm__ goto" */
	size_t args;		/* just after its "(" when on the line, else 0 */
	bool is_inline;		/* asm_inline, or an inline qualifier */
	bool is_volatile, is_goto;
};

/* What a site record says about the statement (records.h rec_site). */
struct patch_want {
	const char *tpl;	/* the template GCC saw */
	bool basic, is_volatile, is_goto;
};

enum patch_pick {
	PATCH_PICK_ONE,		/* *which is the keyword to convert */
	PATCH_PICK_INLINE,	/* the keyword meant is already inline */
	PATCH_PICK_NONE,	/* no asm keyword on the line */
	PATCH_PICK_MISMATCH,	/* keywords, but none fits the record */
	PATCH_PICK_AMBIGUOUS,	/* several fit */
	PATCH_PICK_UAPI,	/* a user-space header: not looked at */
};

/* The asm keywords of line[0..len), in order; at most max. */
size_t patch_line_scan(const char *line, size_t len, struct patch_kw *kw,
		       size_t max);
/* Which of the n keywords the record w means. */
enum patch_pick patch_line_pick(const char *line, size_t len,
				const struct patch_kw *kw, size_t n,
				const struct patch_want *w, size_t *which);
/* "asm_inline", "asm_inline volatile", "asm_inline volatile goto", ... */
const char *patch_kw_spelling(const struct patch_kw *kw);
const char *patch_pick_why(enum patch_pick p);

/* One line replaced: line (1-based) becomes text[0..len) (no newline). */
struct patch_edit {
	size_t line;
	char *text;
	size_t len;
};

/*
 * Write the diff of path (relative to the tree, printed as a/path and
 * b/path) whose contents are data[0..len), with the edits (sorted by line,
 * one per line, lines that exist) applied.  Returns the hunks written.
 */
size_t patch_diff_write(FILE *out, const char *path, const char *data,
			size_t len, const struct patch_edit *edits, size_t n,
			unsigned context);

/*
 * spelling_file (as GCC's location says: "./arch/x86/...", "include/...",
 * absolute in an O= build) as a path relative to the source tree that
 * names a regular file there; NULL when there is none.  Allocated.
 */
struct patch_tree {
	char *abs;		/* --source, absolute and lexically normal */
	char *real;		/* realpath(--source) */
};

bool patch_tree_open(struct patch_tree *t, const char *source);
void patch_tree_close(struct patch_tree *t);
char *patch_tree_map(const struct patch_tree *t, const char *spelling_file);
/* Lexical clean-up in place: "a//./b/../c" -> "a/c"; leading ".." kept. */
void patch_path_clean(char *p);

#endif /* ASMSCAN_PATCH_TEXT_H */

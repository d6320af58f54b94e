// SPDX-License-Identifier: GPL-2.0
/*
 * patch-diff.c — the unified diff of one file whose lines are replaced one
 * for one, as GNU `diff -u` writes it (so a test can compare the two):
 *
 *	--- a/PATH
 *	+++ b/PATH
 *	@@ -START[,COUNT] +START[,COUNT] @@	(",COUNT" left out when 1)
 *	 context / -old / +new lines
 *	\ No newline at end of file		(after a last line without one)
 *
 * Changes closer than 2 * context lines share a hunk; context is clipped
 * at the file's ends.  Only replacements: both sides have the same line
 * count, so START and COUNT are the same on both.
 */
#include "patch-text.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The bytes of line l (1-based) of data, without its newline. */
struct line_index {
	const char *data;
	size_t len;
	size_t *start;		/* start[l - 1]; start[n] = len (+1) */
	size_t n;
};

static void index_lines(struct line_index *ix, const char *data, size_t len)
{
	size_t cap = 0;

	ix->data = data;
	ix->len = len;
	ix->start = NULL;
	ix->n = 0;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(data + i, '\n', len - i);

		*VEC_PUSH(ix->start, ix->n, cap) = i;
		i = nl ? (size_t)(nl - data) + 1 : len;
	}
	/* a sentinel: one past the last line's newline, or len */
	ix->start = vec_grow(ix->start, &cap, ix->n + 1, sizeof(*ix->start));
	ix->start[ix->n] = len;
}

static bool line_has_newline(const struct line_index *ix, size_t l)
{
	return ix->start[l] > 0 && ix->data[ix->start[l] - 1] == '\n' &&
	       ix->start[l] > ix->start[l - 1];
}

static void put_line(FILE *out, char mark, const char *s, size_t n,
		     bool newline)
{
	fputc(mark, out);
	fwrite(s, 1, n, out);
	fputc('\n', out);
	if (!newline)
		fputs("\\ No newline at end of file\n", out);
}

static void put_file_line(FILE *out, char mark, const struct line_index *ix,
			  size_t l)
{
	size_t s = ix->start[l - 1], e = ix->start[l];
	bool nl = line_has_newline(ix, l);

	put_line(out, mark, ix->data + s, e - s - nl, nl);
}

static void put_range(FILE *out, size_t start, size_t count)
{
	if (count == 1)
		fprintf(out, "%zu", start);
	else
		fprintf(out, "%zu,%zu", start, count);
}

size_t patch_diff_write(FILE *out, const char *path, const char *data,
			size_t len, const struct patch_edit *edits, size_t n,
			unsigned context)
{
	struct line_index ix;
	size_t hunks = 0;

	if (!n)
		return 0;
	index_lines(&ix, data, len);
	fprintf(out, "--- a/%s\n+++ b/%s\n", path, path);
	for (size_t i = 0; i < n;) {
		size_t j = i, first, last;

		while (j + 1 < n &&
		       edits[j + 1].line - edits[j].line <= 2 * (size_t)context)
			j++;
		first = edits[i].line > context ? edits[i].line - context : 1;
		last = edits[j].line + context < ix.n ? edits[j].line + context : ix.n;
		fputs("@@ -", out);
		put_range(out, first, last - first + 1);
		fputs(" +", out);
		put_range(out, first, last - first + 1);
		fputs(" @@\n", out);
		for (size_t l = first, e = i; l <= last; l++) {
			if (e <= j && edits[e].line == l) {
				put_file_line(out, '-', &ix, l);
				put_line(out, '+', edits[e].text, edits[e].len,
					 line_has_newline(&ix, l));
				e++;
			} else {
				put_file_line(out, ' ', &ix, l);
			}
		}
		hunks++;
		i = j + 1;
	}
	free(ix.start);
	return hunks;
}

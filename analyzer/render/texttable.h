/* SPDX-License-Identifier: GPL-2.0 */
/*
 * texttable.h — tables for people, in bloaty's manner: numbers right-aligned
 * with thousands separators, names left-aligned, the rows past the top N
 * collapsed into one "[N others]" row whose numbers are the sums of what it
 * hides, and TOTAL last.  Rows are printed in the order they were added;
 * the caller sorts.
 */
#ifndef ASMSCAN_TEXTTABLE_H
#define ASMSCAN_TEXTTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TTABLE_MAX_COLS 16

enum ttable_kind {
	TT_NUM,		/* summed into [N others] and TOTAL */
	TT_MAX,		/* a number not summed: blank in those rows */
	TT_TEXT,	/* left-aligned; the label column takes "[N others]" */
	TT_DELTA,	/* signed, "+1,234"/"-1,234", summed (diff tables) */
	TT_PCT,		/* a delta over a base, "+12.5%"; both summed, so the
			 * [N others] and TOTAL rows show their own ratio */
};

struct ttable_col {
	const char *header;
	enum ttable_kind kind;
};

struct ttable;

/* label: the index of the TT_TEXT column that says "[N others]"/"TOTAL". */
struct ttable *ttable_new(const struct ttable_col *cols, size_t ncols,
			  size_t label);
void ttable_num(struct ttable *t, uint64_t v);	/* next cell of the row */
void ttable_delta(struct ttable *t, int64_t v);	/* TT_DELTA */
/* TT_PCT: 100 * delta / base; base 0 prints "new" (or blank if delta 0). */
void ttable_pct(struct ttable *t, int64_t delta, uint64_t base);
void ttable_text(struct ttable *t, const char *s);	/* copied; NULL blank */
void ttable_blank(struct ttable *t);
/*
 * The table will be printed with this top (0 = all): rows it would
 * collapse are summed as they are added, not kept (a vmlinux's 40,000
 * functions holding table entries print as 10 rows and two sums).
 * Before the first cell; ttable_print() must then be given the same top.
 */
void ttable_limit(struct ttable *t, size_t top);
/* Print with at most top rows (0 = all), the rest collapsed; TOTAL if asked. */
void ttable_print(FILE *out, const struct ttable *t, size_t top, bool total);
size_t ttable_rows(const struct ttable *t);
void ttable_free(struct ttable *t);

#endif /* ASMSCAN_TEXTTABLE_H */

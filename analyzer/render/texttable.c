// SPDX-License-Identifier: GPL-2.0
/*
 * texttable.c — aligned text tables with a collapsed tail (see texttable.h).
 * Cells are appended row by row: a row is complete after ncols cells.
 * With ttable_limit(top), rows from top on are also added to `tail`, every
 * row to `all`, and rows past top + 1 are dropped once complete: the
 * printed table is the one the kept rows and those sums give.
 */
#include "texttable.h"

#include <stdlib.h>
#include <string.h>

#include "asmscan.h"
#include "util.h"

struct ttable_cell {
	uint64_t num;			/* TT_PCT: the base */
	int64_t delta;			/* TT_DELTA, TT_PCT */
	char *text;
	bool blank;
};

struct ttable {
	const struct ttable_col *cols;
	size_t ncols, label;
	struct ttable_cell *cells;
	size_t ncells, cap;
	size_t limit;			/* ttable_limit's top, 0: keep all */
	size_t nrows;			/* rows added, kept or not */
	struct ttable_cell tail[TTABLE_MAX_COLS];	/* rows >= limit */
	struct ttable_cell all[TTABLE_MAX_COLS];	/* every row */
};

struct ttable *ttable_new(const struct ttable_col *cols, size_t ncols,
			  size_t label)
{
	struct ttable *t = xcalloc(1, sizeof(*t));

	if (!ncols || ncols > TTABLE_MAX_COLS || label >= ncols)
		asmscan_fatal("texttable", "bad table", "column count out of range");
	t->cols = cols;
	t->ncols = ncols;
	t->label = label;
	return t;
}

void ttable_limit(struct ttable *t, size_t top)
{
	t->limit = top;
}

/* A row past the ones a limited table keeps (limit + 1: all shown). */
static bool row_dropped(const struct ttable *t)
{
	return t->limit && t->nrows > t->limit;
}

/* The cell just added ends a row: count it, sum it, drop it if not kept. */
static void cell_added(struct ttable *t)
{
	size_t first;

	if (t->ncells % t->ncols)
		return;
	first = t->ncells - t->ncols;
	if (t->limit) {
		for (size_t col = 0; col < t->ncols; col++) {
			const struct ttable_cell *c = &t->cells[first + col];

			t->all[col].num += c->num;
			t->all[col].delta += c->delta;
			if (t->nrows >= t->limit) {
				t->tail[col].num += c->num;
				t->tail[col].delta += c->delta;
			}
		}
	}
	if (row_dropped(t))
		t->ncells = first;	/* its text cells were never copied */
	t->nrows++;
}

void ttable_num(struct ttable *t, uint64_t v)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .num = v };
	cell_added(t);
}

void ttable_delta(struct ttable *t, int64_t v)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .delta = v };
	cell_added(t);
}

void ttable_pct(struct ttable *t, int64_t delta, uint64_t base)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .delta = delta, .num = base };
	cell_added(t);
}

void ttable_text(struct ttable *t, const char *s)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .text = s && !row_dropped(t) ? xstrdup(s) : NULL,
				   .blank = !s };
	cell_added(t);
}

void ttable_blank(struct ttable *t)
{
	ttable_text(t, NULL);
}

size_t ttable_rows(const struct ttable *t)
{
	return t->nrows;
}

/* The printed form of a cell of column col. */
static void cell_str(const struct ttable *t, const struct ttable_cell *c,
		     size_t col, char *buf, size_t len)
{
	if (c->blank) {
		buf[0] = '\0';
	} else if (t->cols[col].kind == TT_TEXT) {
		snprintf(buf, len, "%s", c->text ? c->text : "");
	} else if (t->cols[col].kind == TT_DELTA) {
		char num[32];
		uint64_t mag = c->delta < 0 ? 0 - (uint64_t)c->delta :
					      (uint64_t)c->delta;

		snprintf(buf, len, "%s%s", c->delta < 0 ? "-" : c->delta ? "+" : "",
			 fmt_count(num, mag));
	} else if (t->cols[col].kind == TT_PCT) {
		if (c->num)
			snprintf(buf, len, "%+.1f%%",
				 100.0 * (double)c->delta / (double)c->num);
		else
			snprintf(buf, len, "%s", c->delta ? "new" : "");
	} else {
		char num[32];

		snprintf(buf, len, "%s", fmt_count(num, c->num));
	}
}

/*
 * A summary row (others or TOTAL) over rows [from, to), or of the sums
 * a limited table kept (from == limit: tail; from == 0: all).
 */
static void sum_row(const struct ttable *t, size_t from, size_t to,
		    const char *label, struct ttable_cell *row)
{
	for (size_t col = 0; col < t->ncols; col++) {
		row[col] = (struct ttable_cell){ .blank = true };
		if (t->cols[col].kind == TT_NUM || t->cols[col].kind == TT_DELTA ||
		    t->cols[col].kind == TT_PCT) {
			row[col].blank = false;
			if (t->limit) {
				const struct ttable_cell *sum =
					from ? &t->tail[col] : &t->all[col];

				row[col].num = sum->num;
				row[col].delta = sum->delta;
				continue;
			}
			for (size_t r = from; r < to; r++) {
				row[col].num += t->cells[r * t->ncols + col].num;
				row[col].delta += t->cells[r * t->ncols + col].delta;
			}
		}
	}
	row[t->label] = (struct ttable_cell){ .text = (char *)label };
}

/* Cells into one line, without trailing blanks (an empty last column). */
static void print_line(FILE *out, const struct ttable *t, const char *const *cells,
		       const size_t *width)
{
	char line[8192];
	size_t len = 0, last = t->ncols - 1;

	for (size_t col = 0; col < t->ncols && len < sizeof(line); col++) {
		const char *sep = col ? "  " : "";
		int w = (int)width[col];

		if (t->cols[col].kind != TT_TEXT)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s%*s", sep, w, cells[col]);
		else if (col == last)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s%s", sep, cells[col]);
		else
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s%-*s", sep, w, cells[col]);
	}
	if (len >= sizeof(line))
		len = sizeof(line) - 1;
	while (len && line[len - 1] == ' ')
		len--;
	fwrite(line, 1, len, out);
	fputc('\n', out);
}

static void print_row(FILE *out, const struct ttable *t,
		      const struct ttable_cell *row, const size_t *width)
{
	char bufs[TTABLE_MAX_COLS][1024];
	const char *cells[TTABLE_MAX_COLS] = { 0 };

	for (size_t col = 0; col < t->ncols; col++) {
		cell_str(t, &row[col], col, bufs[col], sizeof(bufs[col]));
		cells[col] = bufs[col];
	}
	print_line(out, t, cells, width);
}

void ttable_print(FILE *out, const struct ttable *t, size_t top, bool total)
{
	size_t nrows = ttable_rows(t), shown = nrows;
	struct ttable_cell others[TTABLE_MAX_COLS], totals[TTABLE_MAX_COLS];
	size_t *width = xcalloc(t->ncols, sizeof(*width));
	char label[64], buf[4096];
	bool collapse;

	if (top && nrows > top + 1)
		shown = top;
	collapse = shown < nrows;
	if (t->limit && t->limit != top)
		asmscan_fatal("texttable", "bad table", "printed with another top than its limit");
	snprintf(label, sizeof(label), "[%zu others]", nrows - shown);
	sum_row(t, shown, nrows, label, others);
	sum_row(t, 0, nrows, "TOTAL", totals);

	for (size_t col = 0; col < t->ncols; col++)
		width[col] = strlen(t->cols[col].header);
	for (size_t r = 0; r < shown + 2; r++) {
		const struct ttable_cell *row =
			r < shown ? &t->cells[r * t->ncols] :
			r == shown ? others : totals;

		if ((r == shown && !collapse) || (r == shown + 1 && !total))
			continue;
		for (size_t col = 0; col < t->ncols; col++) {
			size_t len;

			cell_str(t, &row[col], col, buf, sizeof(buf));
			len = strlen(buf);
			if (len > width[col])
				width[col] = len;
		}
	}
	{
		const char *headers[TTABLE_MAX_COLS] = { 0 };

		for (size_t col = 0; col < t->ncols; col++)
			headers[col] = t->cols[col].header;
		print_line(out, t, headers, width);
	}
	for (size_t r = 0; r < shown; r++)
		print_row(out, t, &t->cells[r * t->ncols], width);
	if (collapse)
		print_row(out, t, others, width);
	if (total)
		print_row(out, t, totals, width);
	free(width);
}

void ttable_free(struct ttable *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncells; i++)
		free(t->cells[i].text);
	free(t->cells);
	free(t);
}

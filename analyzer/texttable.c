// SPDX-License-Identifier: GPL-2.0
/*
 * texttable.c — aligned text tables with a collapsed tail (see texttable.h).
 * Cells are appended row by row: a row is complete after ncols cells.
 */
#include "texttable.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct ttable_cell {
	uint64_t num;
	char *text;
	bool blank;
};

struct ttable {
	const struct ttable_col *cols;
	size_t ncols, label;
	struct ttable_cell *cells;
	size_t ncells, cap;
};

struct ttable *ttable_new(const struct ttable_col *cols, size_t ncols,
			  size_t label)
{
	struct ttable *t = xcalloc(1, sizeof(*t));

	t->cols = cols;
	t->ncols = ncols;
	t->label = label;
	return t;
}

void ttable_num(struct ttable *t, uint64_t v)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .num = v };
}

void ttable_text(struct ttable *t, const char *s)
{
	struct ttable_cell *c = VEC_PUSH(t->cells, t->ncells, t->cap);

	*c = (struct ttable_cell){ .text = s ? xstrdup(s) : NULL,
				   .blank = !s };
}

void ttable_blank(struct ttable *t)
{
	ttable_text(t, NULL);
}

size_t ttable_rows(const struct ttable *t)
{
	return t->ncells / t->ncols;
}

/* The printed form of a cell of column col. */
static void cell_str(const struct ttable *t, const struct ttable_cell *c,
		     size_t col, char *buf, size_t len)
{
	if (c->blank) {
		buf[0] = '\0';
	} else if (t->cols[col].kind == TT_TEXT) {
		snprintf(buf, len, "%s", c->text ? c->text : "");
	} else {
		char num[32];

		snprintf(buf, len, "%s", fmt_count(num, c->num));
	}
}

/* A summary row (others or TOTAL) over rows [from, to). */
static void sum_row(const struct ttable *t, size_t from, size_t to,
		    const char *label, struct ttable_cell *row)
{
	for (size_t col = 0; col < t->ncols; col++) {
		row[col] = (struct ttable_cell){ .blank = true };
		if (t->cols[col].kind == TT_NUM) {
			row[col].blank = false;
			for (size_t r = from; r < to; r++)
				row[col].num += t->cells[r * t->ncols + col].num;
		}
	}
	row[t->label] = (struct ttable_cell){ .text = (char *)label };
}

static void print_row(FILE *out, const struct ttable *t,
		      const struct ttable_cell *row, const size_t *width)
{
	char buf[4096];
	size_t last = t->ncols - 1;

	for (size_t col = 0; col < t->ncols; col++) {
		cell_str(t, &row[col], col, buf, sizeof(buf));
		if (col)
			fputs("  ", out);
		if (t->cols[col].kind != TT_TEXT)
			fprintf(out, "%*s", (int)width[col], buf);
		else if (col == last)
			fputs(buf, out);
		else
			fprintf(out, "%-*s", (int)width[col], buf);
	}
	fputc('\n', out);
}

void ttable_print(FILE *out, const struct ttable *t, size_t top, bool total)
{
	size_t nrows = ttable_rows(t), shown = nrows;
	struct ttable_cell others[t->ncols ? t->ncols : 1],
		totals[t->ncols ? t->ncols : 1];
	size_t *width = xcalloc(t->ncols, sizeof(*width));
	char label[64], buf[4096];
	bool collapse;

	if (top && nrows > top + 1)
		shown = top;
	collapse = shown < nrows;
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
	for (size_t col = 0; col < t->ncols; col++) {
		if (col)
			fputs("  ", out);
		if (t->cols[col].kind != TT_TEXT)
			fprintf(out, "%*s", (int)width[col], t->cols[col].header);
		else if (col == t->ncols - 1)
			fputs(t->cols[col].header, out);
		else
			fprintf(out, "%-*s", (int)width[col], t->cols[col].header);
	}
	fputc('\n', out);
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

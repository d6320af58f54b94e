/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch.h — the rows of one `asmscan patch` run (one spelling line each)
 * and its state: patch.c reads the records into rows and writes their
 * diff; patch-series.c (patch-series.h) and the verb (patch-main.c)
 * build on it.
 */
#ifndef ASMSCAN_PATCH_H
#define ASMSCAN_PATCH_H

#include "asmscan.h"
#include "input.h"
#include "patch-options.h"
#include "patch-text.h"
#include "records.h"
#include "util.h"

#define PATCH_ROW_EXAMPLES 3	/* functions and edges kept per row */

struct patch_row {
	const char *spelling_file;	/* the first seen */
	uint32_t line;
	const char *rel;		/* mapped onto --source, or NULL */
	const struct rec_site **sites;
	size_t nsites, capsites;
	uint64_t statements, units, edges;
	uint64_t rule_edges;		/* of edges, judged by the rule */
	size_t last_unit;		/* index + 1, to count units once */
	const struct rec_edge *last_edge;
	bool converted;
	enum patch_pick why;		/* when not converted */
	/* for --format-patch's subject and evidence */
	const char *functions[PATCH_ROW_EXAMPLES];	/* distinct, first seen */
	size_t nfunctions;		/* distinct, all */
	const struct rec_edge *edge_examples[PATCH_ROW_EXAMPLES];
	size_t nedge_examples;
};

struct patch_state {
	const struct asmscan_options *opts;
	struct patch_tree tree;
	struct records recs;
	struct patch_row *rows;
	size_t nrows, caprows;
	struct strmap by_key;		/* "rel:line", "\1file:line" -> row + 1 */
	struct strmap mapped;		/* spelling_file -> its rel (char *), 1: none */
	struct strmap row_funcs;	/* "row\x1ffunction": counted once */
	const char *compiler;		/* the first object's .comment GCC line */
	const char *srctree;		/* for --site: srctree.h */
	struct arena strings;
};

struct patch_totals {
	size_t rows, files, converted, hunks;
	uint64_t statements, edges;
};

/* Rows [i, j) of the sorted rows share one mapped file: its diff. */
void patch_write_file(struct patch_state *st, FILE *out, size_t i, size_t j,
		      struct patch_totals *t);
/* A note for every row from "from" on that was not converted. */
void patch_report_rows(const struct patch_state *st, size_t from);
/* Sort the rows as the diff lists them: by file, then line. */
void patch_sort_rows(struct patch_state *st);

/* Read one input's records into st; false when it holds none. */
bool patch_read_input(struct patch_state *st, const struct input_object *in);
/* Group the records' flagged statements into rows. */
void patch_collect(struct patch_state *st);
/* The whole diff, every row, on out. */
void patch_write_diff(struct patch_state *st, FILE *out,
		      struct patch_totals *t);

#endif /* ASMSCAN_PATCH_H */

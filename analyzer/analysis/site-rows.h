/* SPDX-License-Identifier: GPL-2.0 */
/*
 * site-rows.h — the result of `asmscan sites` (sites.h builds it): one row
 * per site, ranked, and the totals.  Apart from sites.h because struct
 * report (report.h) holds it and sites.c reads struct report.
 */
#ifndef ASMSCAN_SITE_ROWS_H
#define ASMSCAN_SITE_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "srctree.h"
#include "util.h"

struct site_row {
	const char *spelling_file;
	uint32_t spelling_line;
	const struct rec_site *site;	/* the first of its site strings */
	size_t templates;		/* distinct site strings */
	uint32_t gcc_count, est_insns;	/* max over them */
	uint64_t statements;		/* (unit, stmt) pairs */
	uint64_t units;			/* distinct units */
	const char **functions;		/* distinct, by name */
	size_t nfunctions;
	uint64_t edges;			/* attributed blocked-by-asm edges */
	uint64_t rule_edges;		/* of them, judged by the rule */
	uint64_t line_funcs;		/* functions holding its lines */
	uint64_t inlined_into;		/* of them, not one of its functions */
	bool lines_known;		/* some object's line tables were read */
	uint64_t copies, copy_bytes;	/* out-of-line functions holding it */
	uint64_t copy_calls, copy_tails;	/* calls reaching them */
	const struct rec_edge **edge_list;	/* for JSON */
	const struct rec_stmt **stmts;	/* distinct stmts, for JSON */
	const char **stmt_tus;		/* parallel: the first unit of each */
	size_t nstmts;
};

struct sites_report {
	bool records;			/* some input held asminline records */
	size_t files_with_records;
	size_t units, statements;	/* units; (unit, stmt) pairs */
	size_t edges, blocked;		/* edge records; blocked-by-asm */
	struct rec_rule_units rule;	/* units whose re-run gave no answer */
	size_t objects_with_lines;	/* objects whose line tables were read */
	struct site_row *rows;		/* ranked */
	size_t nrows;
	size_t selected_from;		/* --site: the rows before it chose */
	const char *srctree;		/* paths print relative to it */
	struct srctree_view view;	/* how names print (srctree.h) */
	struct arena strings;
	uint64_t row_edges;		/* attributed edge-site pairs */
};

#endif /* ASMSCAN_SITE_ROWS_H */

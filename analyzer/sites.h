/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sites.h — `asmscan sites`: the plugin's embedded records (records.h)
 * grouped into sites, the place where the asm keyword is spelled
 * (spelling_file:spelling_line, the line a developer changes), and mapped
 * to what the binary shows:
 *   - where the code went: the functions whose DWARF line table holds a
 *     row for one of the site's statements' expansion points (file:line,
 *     what line tables record), inlined there or not (sites-lines.c);
 *   - the out-of-line copies of inline functions that hold it (symbols
 *     named like the statements' functions, clones included; their unit
 *     when DWARF says; a copy when DWARF says the function was declared
 *     inline or the statement sits in a header) and the direct and tail
 *     calls reaching them (calls.c);
 *   - the refused calls the plugin attributed to it: blocked-by-asm edges
 *     whose fingerprints are its statements', in the edge's own unit.
 * Rows are ranked by what they block: those edges, then the calls into
 * and the number of those copies; sites blocking nothing come last.
 */
#ifndef ASMSCAN_SITES_H
#define ASMSCAN_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "srctree.h"
#include "util.h"

struct object;
struct report;
struct Dwarf;

/* One expansion point wanted in an object's line tables. */
struct site_line_want {
	const char *file;		/* normalised: no leading "./" */
	uint32_t line;
};

/* A line-table row of a wanted point inside a function. */
struct site_line_hit {
	uint32_t want;			/* index in wants */
	uint32_t func;			/* obj->funcs index */
};

/* Per object: what to look for in its line tables, and what was found. */
struct site_lines {
	struct site_line_want *wants;	/* sorted by file, then line */
	size_t nwants;
	struct site_line_hit *hits;	/* sorted, unique */
	size_t nhits, caphits;
	bool walked;			/* the object's line tables were read */
};

/* From the stmts of one object's records; NULL when there are none. */
struct site_lines *site_lines_new(const struct rec_stmt *const *stmts,
				  size_t n);
/* DWARF address -> flat address of the object (dwarf.c's mapping). */
typedef bool (*site_lines_addr_fn)(void *ctx, uint64_t addr, uint64_t *flat);
/* Every unit's line table (worker thread; writes only o->site_lines). */
void site_lines_walk(struct object *o, struct Dwarf *dw,
		     site_lines_addr_fn addr, void *ctx);
/* Forget what site_lines_walk() found (the object's DWARF failed). */
void site_lines_forget(struct site_lines *l);
void site_lines_free(struct site_lines *l);
/* "./a/b.h" -> "a/b.h" */
const char *site_lines_norm(const char *file);

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
	size_t objects_with_lines;	/* objects whose line tables were read */
	struct site_row *rows;		/* ranked */
	size_t nrows;
	size_t selected_from;		/* --site: the rows before it chose */
	const char *srctree;		/* paths print relative to it */
	struct srctree_view view;	/* how names print (srctree.h) */
	struct arena strings;
	uint64_t row_edges;		/* attributed edge-site pairs */
};

/*
 * Read o's .comment into records (a note on o when the section has no
 * contents to read); the file's entry, or NULL when o has no .comment,
 * it could not be read or a record was malformed (an error on o).
 */
const struct rec_file *sites_comment_read(struct records *records,
					  struct object *o);
/* analysis.c: read o's .comment into rep->records and plan its lines. */
void sites_object_read(struct report *rep, struct object *o);
/* analysis_report(): after calls and copies. */
void sites_report_build(struct report *rep);
void sites_report_free(struct report *rep);

#endif /* ASMSCAN_SITES_H */

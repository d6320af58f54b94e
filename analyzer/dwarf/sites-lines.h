/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sites-lines.h — the expansion points of asm statements (file:line, as
 * the plugin's records give them) looked up in an object's DWARF line
 * tables: which functions hold code of each (sites-lines.c, called from
 * the DWARF walk in dwarf.c).  What the points are and what the hits mean
 * is sites.h's business.
 */
#ifndef ASMSCAN_SITES_LINES_H
#define ASMSCAN_SITES_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"

struct object;
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

#endif /* ASMSCAN_SITES_LINES_H */

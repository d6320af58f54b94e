/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h — the JSON Lines report file (report=PATH).
 *
 * Many compilers (make -j) append to one report at once, so: the file is
 * opened with O_APPEND and never truncated, and each record is written
 * with exactly one write() of a complete line.  On Linux an O_APPEND write
 * to a regular file positions and copies under the inode lock, so lines
 * from different processes never interleave.  A short or failed write is
 * an error (retrying the rest could interleave), reported once.
 *
 * A unit's records are kept in memory and written when the compile ends
 * (report_flush), only if it compiled: a unit that stopped on an error,
 * or on a warning -Werror made one, leaves nothing in the report, as it
 * leaves no object.  The assembler runs after cc1 has written them: the
 * report cannot know that it failed (docs/reference/format.md).
 */
#ifndef ASMINLINE_REPORT_H
#define ASMINLINE_REPORT_H

#include "gcc-compat.h"

struct report {
	int fd;			/* -1 when closed */
	const char *path;
	bool failed;		/* a write failed; later records are dropped */
	char *pending;		/* this unit's lines, each ended by '\n' */
	size_t len, cap;
	unsigned long lines;	/* how many lines pending holds */
};

/* Returns 0, or an errno value (the report stays closed). */
int report_open(struct report *r, const char *path);
/* Keep one complete line (with its '\n') for the unit's end. */
void report_add(struct report *r, const char *line, size_t len);
/*
 * The unit's end: write the lines kept, each with one write(), when
 * compiled, else drop them.  A failure is reported with error() once.
 * Returns how many lines were kept.
 */
unsigned long report_flush(struct report *r, bool compiled);
void report_close(struct report *r);

#endif /* ASMINLINE_REPORT_H */

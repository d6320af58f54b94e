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
 */
#ifndef ASMINLINE_REPORT_H
#define ASMINLINE_REPORT_H

#include "gcc-compat.h"

struct report {
	int fd;			/* -1 when closed */
	const char *path;
	bool failed;		/* a write failed; later records are dropped */
};

/* Returns 0, or an errno value (the report stays closed). */
int report_open(struct report *r, const char *path);
/* Append one complete line; reports a failure with error() once. */
void report_write(struct report *r, const char *line, size_t len);
void report_close(struct report *r);

#endif /* ASMINLINE_REPORT_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * baseline.h — the file `asmscan check` compares a build with (format in
 * docs/reference/ci.md): a version line, then one finding per line, tab-separated,
 * sorted so that a change of the baseline reads as a short diff:
 *
 *	# asmscan-baseline 1
 *	asm	b687bfd8d2f8f254	arch_atomic_inc	include/asm/atomic.h	lock-prefix	7	1
 *	edge	5d0c3e8f1a2b4c6d	reader_read	objstat_account	reader.c
 *	copy	0f1e2d3c4b5a6978	objstat_account	include/linux/objstat.h
 *
 * Only the kind and the fingerprint identify a finding; the other fields
 * say what it was, for people and for the "fixed" lines.  Version 2 adds
 * one kind, "unverified" (an edge's fields): a call the build could not
 * judge as asked because its unit's inliner re-run gave no answer
 * (check.h).  The writer says version 1 when it writes no such line, so
 * that a healthy build's baseline reads with every asmscan.
 *
 * Reading is strict and bounded (a line of at most BASELINE_MAX_LINE
 * bytes, exactly the fields of its kind, no control byte unescaped): a
 * baseline that does not read is an input error, never taken as empty.
 * A missing file is an empty baseline.  Writing is atomic: a temporary
 * file in the same directory, written, fsync'ed, renamed over FILE, the
 * directory fsync'ed — FILE is the old baseline or the new one, whole,
 * whenever the writer is killed.
 */
#ifndef ASMSCAN_BASELINE_H
#define ASMSCAN_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "check-names.h"

#define BASELINE_VERSION 2		/* the highest read */
#define BASELINE_UNVERIFIED "unverified"
#define BASELINE_HEADER "# asmscan-baseline "
#define BASELINE_MAX_LINE 65536

/*
 * Append the findings of the baseline at path to *v (state CHECK_FIXED,
 * line 0), their strings in a.  *missing says the file does not exist (an
 * empty baseline).  False after an error, reported as
 * "asmscan: PATH:LINE: malformed baseline: why".
 */
bool baseline_read(const char *path, struct check_finding **v, size_t *n,
		   size_t *cap, struct arena *a, bool *missing);

/* Parse one baseline text already in memory (tests, baseline_read). */
bool baseline_parse(FILE *in, const char *path, struct check_finding **v,
		    size_t *n, size_t *cap, struct arena *a);

/*
 * Print the baseline of the findings whose state is not CHECK_FIXED, an
 * "unverified" line for those marked write_unverified.
 */
void baseline_print(FILE *out, const struct check_finding *v, size_t n);

/* baseline_print() into path, atomically; false after an error (reported). */
bool baseline_write(const char *path, const struct check_finding *v, size_t n);

#endif /* ASMSCAN_BASELINE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sites.h — `asmscan sites`: the plugin's embedded records (records.h)
 * grouped into sites, the place where the asm keyword is spelled
 * (spelling_file:spelling_line, the line a developer changes), and mapped
 * to what the binary shows:
 *   - where the code went: the functions whose DWARF line table holds a
 *     row for one of the site's statements' expansion points (file:line,
 *     what line tables record), inlined there or not (elf/sites-lines.c);
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
#include "site-rows.h"
#include "sites-lines.h"

struct object;
struct report;

/*
 * Read o's .comment into records (a note on o when the section has no
 * contents to read); the file's entry, or NULL when o has no .comment,
 * it could not be read or a record was malformed (an error on o).
 */
const struct rec_file *sites_comment_read(struct records *records,
					  struct object *o);
/* analysis.c: read o's .comment into rep->records and plan its lines. */
void sites_object_read(struct report *rep, struct object *o);
/*
 * analysis.c, once every input is read: a note for each item of a
 * mode=apply build's sites= (the unit records' "sites") that marked
 * nothing in any unit read — a what-if that did nothing (no asm spelled
 * at that line, or none of it flagged).  Only where the verb reads the
 * records (sites, check, the summary, diff -f evidence's old side).  Notes go to stderr and into the
 * JSON and SARIF documents, and leave the exit code alone.
 */
void sites_requests_note(const struct report *rep);
/* analysis_report(): after calls and copies. */
void sites_report_build(struct report *rep);
void sites_report_free(struct report *rep);

#endif /* ASMSCAN_SITES_H */

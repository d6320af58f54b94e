/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render-diff.h — printers of a finished diff_report (diff.h): text in
 * bloaty's manner (a summary first, then tables of signed deltas with
 * percentages, the tail collapsed, TOTAL last) and one JSON document
 * (docs/reference/asmscan.md, "diff").  They read the report only.
 */
#ifndef ASMSCAN_RENDER_DIFF_H
#define ASMSCAN_RENDER_DIFF_H

#include <stdio.h>

#include "diff.h"

void render_diff_text(FILE *out, const struct diff_report *d);
void render_diff_json(FILE *out, const struct diff_report *d);
/* Exactly scripts/bloat-o-meter OLD NEW's output (diff-bloat.h). */
void render_diff_bloat(FILE *out, const struct diff_report *d);
/* A few lines for a commit message: the figures, per site. */
void render_diff_evidence(FILE *out, const struct diff_report *d);
/* "compiler: ..." and "config: ..." lines, both sides. */
void render_diff_provenance(FILE *out, const struct diff_report *d);

#endif /* ASMSCAN_RENDER_DIFF_H */

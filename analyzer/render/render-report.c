// SPDX-License-Identifier: GPL-2.0
/*
 * render-report.c — a finished report in the format -f asked for: the text,
 * JSON and SARIF printers (render-text.c, render-json.c, render-sarif.c)
 * share render-common.c's helpers and never call one another.
 */
#include "render.h"

/* The report in the format asked for; output_write() opens and checks. */
void render_report(FILE *out, void *arg)
{
	struct report *rep = arg;

	switch (rep->opts->format) {
	case ASMSCAN_FORMAT_TEXT:
		render_text(out, rep);
		break;
	case ASMSCAN_FORMAT_JSON:
		render_json(out, rep);
		break;
	case ASMSCAN_FORMAT_SARIF:
		render_sarif(out, rep);
		break;
	case ASMSCAN_FORMAT_BLOAT:	/* diff only (parse_args) */
	case ASMSCAN_FORMAT_BLOAT_6_1:
	case ASMSCAN_FORMAT_EVIDENCE:
		break;
	}
}

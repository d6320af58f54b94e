// SPDX-License-Identifier: GPL-2.0
/*
 * render-report.c — a finished report in the format -f asked for: the text,
 * JSON and SARIF printers (render-text.c, render-json.c, render-sarif.c)
 * share render-common.c's helpers and never call one another.
 */
#include "render.h"

#include "errors.h"
#include "json.h"

bool render_withheld(FILE *out, enum asmscan_format format, bool pretty,
		     const char *verb)
{
	struct json j;

	if (asmscan_status() == ASMSCAN_EXIT_OK)
		return false;
	if (format == ASMSCAN_FORMAT_JSON) {
		render_json_begin(&j, out, pretty, verb);
		render_json_end(&j);
	} else if (format == ASMSCAN_FORMAT_SARIF) {
		render_sarif_failed(out, pretty);
	}
	return true;
}

/* The report in the format asked for; output_write() opens and checks. */
void render_report(FILE *out, void *arg)
{
	struct report *rep = arg;

	if (render_withheld(out, rep->opts->format, rep->opts->pretty,
			    render_verb(rep)))
		return;
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
	case ASMSCAN_FORMAT_BLOAT:	/* diff only (options_apply) */
	case ASMSCAN_FORMAT_BLOAT_6_1:
	case ASMSCAN_FORMAT_EVIDENCE:
		break;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * report-main.c — the verbs that read their inputs once and print one
 * report: copies, calls, tables, sites and the summary of all (verbs.h).
 * Every input is read (one bad input is reported, the others still are),
 * and after an error no result is printed (render_withheld); the exit
 * code is the worst seen.
 */
#include "verbs.h"

#include "analysis.h"
#include "errors.h"
#include "input.h"
#include "output.h"
#include "render.h"
#include "util.h"

int report_main(const struct asmscan_options *opts)
{
	struct input_list inputs = { 0 };
	struct report rep;
	int rc;

	input_expand(opts, &inputs);
	analysis_run(opts, &inputs, &rep);
	analysis_report(&rep);
	rc = output_write(opts->output, render_report, &rep);
	analysis_free(&rep);
	input_list_free(&inputs);
	return rc > asmscan_status() ? rc : asmscan_status();
}

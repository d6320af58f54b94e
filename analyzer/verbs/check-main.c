// SPDX-License-Identifier: GPL-2.0
/*
 * check-main.c — `asmscan check`: the build's findings (check.c) against
 * a baseline file (baseline.c) or the build before a change
 * (check-against.c: OLD is read first, exactly as NEW is, and kept beside
 * it), printed (render-check.c through the report's renderers), then the
 * gate or the baseline written (check_finish).
 */
#include "verbs.h"

#include "analysis.h"
#include "check.h"
#include "errors.h"
#include "input.h"
#include "output.h"
#include "render.h"
#include "util.h"

int check_main(const struct asmscan_options *opts)
{
	struct asmscan_options old_opts;
	struct input_list inputs = { 0 }, old_inputs = { 0 };
	struct report rep, old_rep;
	bool failed[2] = { false, false }, refused;
	size_t errors = asmscan_errors();
	int rc;

	if (opts->against) {
		old_opts = *opts;
		old_opts.against = NULL;
		old_opts.inputs = &opts->against;
		old_opts.ninputs = 1;
		input_expand(&old_opts, &old_inputs);
		analysis_run(&old_opts, &old_inputs, &old_rep);
		analysis_report(&old_rep);
		check_report_build(&old_rep);
		failed[0] = asmscan_errors() > errors;
		errors = asmscan_errors();
	}
	input_expand(opts, &inputs);
	analysis_run(opts, &inputs, &rep);
	rep.against = opts->against ? &old_rep : NULL;
	analysis_report(&rep);
	if (opts->against) {
		failed[1] = asmscan_errors() > errors;
		analysis_comparable((const struct report *const[]){ &old_rep, &rep },
				    (const char *const[]){ opts->against, opts->inputs[0] },
				    failed);
	}
	check_report_build(&rep);
	refused = check_refuse_write(&rep);	/* said in the document too */
	rc = output_write(opts->output, render_report, &rep);
	rc = check_finish(&rep, rc, refused);
	check_report_free(&rep.check);
	analysis_free(&rep);
	input_list_free(&inputs);
	if (opts->against) {
		check_report_free(&old_rep.check);
		analysis_free(&old_rep);
		input_list_free(&old_inputs);
	}
	return rc > asmscan_status() ? rc : asmscan_status();
}

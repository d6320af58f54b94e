// SPDX-License-Identifier: GPL-2.0
/*
 * check-main.c — `asmscan check`: the build's findings (check.c) against
 * a baseline file (baseline.c) or the build before a change
 * (check-against.c: OLD is read first, exactly as NEW is, and kept beside
 * it), printed (render-check.c), then the gate or the baseline written
 * (check_finish); its usage rules and its row of the verb table.
 */
#include "check-main.h"

#include "analysis.h"
#include "check.h"
#include "errors.h"
#include "input.h"
#include "output.h"
#include "render-check.h"
#include "util.h"

static int check_main(const struct asmscan_options *opts)
{
	struct asmscan_options old_opts;
	struct input_list inputs = { 0 }, old_inputs = { 0 };
	struct report rep, old_rep;
	struct check_report check = { 0 }, old_check = { 0 };
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
		check_report_build(&old_check, &old_rep, NULL);
		failed[0] = asmscan_errors() > errors;
		errors = asmscan_errors();
	}
	input_expand(opts, &inputs);
	analysis_run(opts, &inputs, &rep);
	analysis_report(&rep);
	if (opts->against) {
		failed[1] = asmscan_errors() > errors;
		analysis_comparable((const struct report *const[]){ &old_rep, &rep },
				    (const char *const[]){ opts->against, opts->inputs[0] },
				    failed);
	}
	check_report_build(&check, &rep, opts->against ? &old_check : NULL);
	refused = check_refuse_write(&check);	/* said in the document too */
	rc = output_write(opts->output, render_check, &check);
	rc = check_finish(&check, rc, refused);
	check_report_free(&check);
	analysis_free(&rep);
	input_list_free(&inputs);
	if (opts->against) {
		check_report_free(&old_check);
		analysis_free(&old_rep);
		input_list_free(&old_inputs);
	}
	return rc > asmscan_status() ? rc : asmscan_status();
}

/*
 * check's own rules: a baseline or OLD, one of them; --report and
 * --write-baseline with a baseline only; --against OLD and one input.
 */
static int check_usage(const struct asmscan_options *opts, size_t noperands)
{
	if (!opts->baseline == !opts->against)
		return asmscan_usage("check needs --baseline FILE or --against OLD (one of them)");
	if (opts->against && (opts->nreports || opts->write_baseline))
		return asmscan_usage("option '%s' applies to --baseline only",
				     opts->nreports ? "--report" : "--write-baseline");
	if (opts->against && noperands != 1)
		return asmscan_usage("check --against OLD needs one input, NEW (%zu given)",
				     noperands);
	return -1;
}

const struct asmscan_verb check_verb = {
	.name = "check",
	.bit = VB_CHECK,
	.args = "--baseline FILE INPUT... | --against OLD NEW",
	.want = ASMSCAN_WANT_RECORDS,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "gate CI on new findings: against a baseline, or the build before",
	.help =
	"asmscan check --baseline FILE [--write-baseline] INPUT...\n"
	"asmscan check --against OLD NEW\n"
	"Findings: the plugin's flagged asm statements (one per fingerprint,\n"
	"however many units hold it) and the refused calls it attributed to\n"
	"over-counted asm, read from the records embedded in the inputs; from\n"
	"--report files only when no input holds any.  Each is keyed by a\n"
	"fingerprint without path or line, and compared with FILE (a missing\n"
	"FILE is an empty baseline).  New findings print as\n"
	"  FILE:LINE: warning: asm in FUNCTION charged N, emits M [FINGERPRINT]\n"
	"fixed ones as notes; exit 1 when anything is new.  Format: docs/reference/ci.md.\n"
	"With --against, OLD (a build before the change: file, directory or\n"
	"archive) takes the baseline's place, and a finding is new only when\n"
	"the change can act on it: asm over-counted in NEW that OLD has nowhere\n"
	"(a new or changed site), or a call newly blocked by such asm.  New uses\n"
	"of asm OLD has too print as \"note: context:\" lines and never fail.\n",
	.usage = check_usage,
	.run = check_main,
};

// SPDX-License-Identifier: GPL-2.0
/*
 * check-main.c — `asmscan check`: the build's findings (check.c) against
 * a baseline file (baseline.c) or the build before a change
 * (check-against.c: OLD is read first, exactly as NEW is, and kept beside
 * it), printed (render-check.c), then the gate or the baseline written
 * (check_finish); its usage rules and its row of the verb table.
 */
#include "check-main.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "check.h"
#include "errors.h"
#include "input.h"
#include "output.h"
#include "render-check.h"
#include "util.h"

static int check_main(const struct asmscan_options *opts)
{
	const struct check_options *co = opts->check;
	struct asmscan_options old_opts;
	struct check_options old_co;
	struct input_list inputs = { 0 }, old_inputs = { 0 };
	struct report rep, old_rep;
	struct check_report check = { 0 }, old_check = { 0 };
	bool failed[2] = { false, false }, refused;
	size_t errors = asmscan_errors();
	int rc;

	if (co->against) {
		old_co = *co;
		old_co.against = NULL;
		old_opts = *opts;
		old_opts.check = &old_co;
		old_opts.inputs = &co->against;
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
	if (co->against) {
		failed[1] = asmscan_errors() > errors;
		analysis_comparable((const struct report *const[]){ &old_rep, &rep },
				    (const char *const[]){ co->against, opts->inputs[0] },
				    failed);
	}
	check_report_build(&check, &rep, co->against ? &old_check : NULL);
	refused = check_refuse_write(&check);	/* said in the document too */
	rc = output_write(opts->output, render_check, &check);
	rc = check_finish(&check, rc, refused);
	check_report_free(&check);
	analysis_free(&rep);
	input_list_free(&inputs);
	if (co->against) {
		check_report_free(&old_check);
		analysis_free(&old_rep);
		input_list_free(&old_inputs);
	}
	return rc > asmscan_status() ? rc : asmscan_status();
}

/*
 * check's own rules: a baseline or OLD, one of them; --report and
 * --write-baseline with a baseline only; --against OLD and one input;
 * else an input or a --report.
 */
static int check_usage(const struct asmscan_options *opts, size_t noperands)
{
	const struct check_options *co = opts->check;

	if (!co->baseline == !co->against)
		return asmscan_usage("check needs --baseline FILE or --against OLD (one of them)");
	if (co->against && (co->nreports || co->write_baseline))
		return asmscan_usage("option '%s' applies to --baseline only",
				     co->nreports ? "--report" : "--write-baseline");
	if (co->against && noperands != 1)
		return asmscan_usage("check --against OLD needs one input, NEW (%zu given)",
				     noperands);
	if (!noperands && !co->nreports)
		return asmscan_usage("no input files");
	return -1;
}

/* check's own options (check-options.def) into opts->check. */
static int check_set_option(struct asmscan_options *opts, const char *name,
			    const char *arg)
{
	struct check_options *co = opts->check;

	if (!strcmp(name, "baseline")) {
		co->baseline = arg;
	} else if (!strcmp(name, "against")) {
		co->against = arg;
	} else if (!strcmp(name, "write-baseline")) {
		co->write_baseline = true;
	} else if (!strcmp(name, "report")) {
		co->reports = xrealloc(co->reports,
				       (co->nreports + 1) * sizeof(*co->reports));
		co->reports[co->nreports++] = arg;
	} else if (!strcmp(name, "copies")) {
		opts->want |= ASMSCAN_WANT_COPIES;
	}
	return -1;
}

void check_options_free(struct check_options *co)
{
	free(co->reports);
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
	.set_option = check_set_option,
	.run = check_main,
};

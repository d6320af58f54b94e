// SPDX-License-Identifier: GPL-2.0
/*
 * diff-main.c — `asmscan diff OLD NEW`: each side is read exactly as the
 * other verbs read their inputs (input_expand, analysis_run,
 * analysis_report: copies and every callee), then diff_build() compares
 * them and one renderer prints the result.
 *
 * Exit code: 2 when an input could not be read, a side holds no object,
 * the two sides are of two machines, or the usage is wrong, and then no
 * comparison is printed (render_withheld); else 1 when --fail-on-growth
 * BYTES was given and the function bytes grew by more than BYTES; else 0.
 * 2 wins over 1.
 */
#include "diff-main.h"

#include <string.h>

#include "analysis.h"
#include "diff.h"
#include "errors.h"
#include "output.h"
#include "render-diff.h"
#include "render.h"
#include "util.h"

static int diff_usage(const char *why)
{
	fprintf(stderr, "asmscan: diff: %s\n"
		"Try 'asmscan help diff' for more information.\n", why);
	return ASMSCAN_EXIT_ERROR;
}

static void diff_print(FILE *out, void *arg)
{
	const struct diff_report *d = arg;

	if (render_withheld(out, d->opts->format, d->opts->pretty, "diff"))
		return;
	switch (d->opts->format) {
	case ASMSCAN_FORMAT_JSON:
		render_diff_json(out, d);
		break;
	case ASMSCAN_FORMAT_BLOAT:
	case ASMSCAN_FORMAT_BLOAT_6_1:
		render_diff_bloat(out, d);
		break;
	case ASMSCAN_FORMAT_EVIDENCE:
		render_diff_evidence(out, d);
		break;
	default:
		render_diff_text(out, d);
		break;
	}
}

static int diff_main(const struct asmscan_options *opts)
{
	struct asmscan_options side_opts[DIFF_SIDES];
	struct input_list inputs[DIFF_SIDES] = { { 0 } };
	struct report reps[DIFF_SIDES];
	struct diff_report d;
	bool failed[DIFF_SIDES];
	int rc, status;

	if (opts->ninputs != 2)
		return diff_usage("needs two inputs, OLD and NEW");
	if (opts->format == ASMSCAN_FORMAT_SARIF)
		return diff_usage("no SARIF output (text or json)");
	for (int side = 0; side < DIFF_SIDES; side++) {
		struct asmscan_options *so = &side_opts[side];
		size_t errors = asmscan_errors();

		*so = *opts;
		so->inputs = &opts->inputs[side];
		so->ninputs = 1;
		/* bloat-o-meter's figures need the symbols only */
		so->want = opts->format == ASMSCAN_FORMAT_BLOAT ||
				   opts->format == ASMSCAN_FORMAT_BLOAT_6_1
				   ? 0
				   : ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES |
				     ASMSCAN_WANT_CALL_SITES;
		/* the evidence's sites: the records of OLD */
		if (opts->format == ASMSCAN_FORMAT_EVIDENCE && side == 0)
			so->want |= ASMSCAN_WANT_SITES;
		so->all_callees = true;		/* every callee: all are compared */
		input_expand(so, &inputs[side]);
		analysis_run(so, &inputs[side], &reps[side]);
		analysis_report(&reps[side]);
		failed[side] = asmscan_errors() > errors;
	}
	analysis_comparable((const struct report *const[]){ &reps[0], &reps[1] },
			    opts->inputs, failed);
	diff_build(&d, opts, opts->inputs[0], &reps[0], opts->inputs[1], &reps[1]);
	rc = output_write(opts->output, diff_print, &d);
	status = asmscan_status();
	if (rc < status)
		rc = status;
	if (rc == ASMSCAN_EXIT_OK && d.over_budget)
		rc = ASMSCAN_EXIT_FINDINGS;
	diff_free(&d);
	for (int side = 0; side < DIFF_SIDES; side++) {
		analysis_free(&reps[side]);
		input_list_free(&inputs[side]);
	}
	return rc;
}

/* diff's own options (diff-options.def) into opts->diff. */
static int diff_set_option(struct asmscan_options *opts, const char *name,
			   const char *arg)
{
	unsigned long v;

	if (!strcmp(name, "fail-on-growth")) {
		if (!decimal_parse(arg, 1UL << 48, &v))
			return asmscan_usage("bad number for --fail-on-growth: '%s'",
					     arg);
		opts->diff->growth_budget = v;
		opts->diff->has_growth_budget = true;
	}
	return -1;
}

const struct asmscan_verb diff_verb = {
	.name = "diff",
	.bit = VB_DIFF,
	.args = "OLD NEW",
	.want = ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "what changed between two builds",
	.help =
	"asmscan diff OLD NEW: OLD and NEW are each a vmlinux, an object or\n"
	"a directory of objects.  Per function (the names and byte figures of\n"
	"Linux 6.1's bloat-o-meter -t, which from 6.12 also counts weak\n"
	"functions): size, instructions and call sites in it;\n"
	"per callee: call sites and tail calls reaching it, in both\n"
	"directions; out-of-line copies that appeared or went away.  The\n"
	"compiler (.comment) and the config (the build's .config) of each side.\n"
	"  -f bloat-o-meter      exactly what scripts/bloat-o-meter OLD NEW\n"
	"                        prints (-6.1: the script of Linux 6.1)\n"
	"  -f evidence           a few lines for a commit message: calls,\n"
	"                        copies, bytes, and per site of OLD's records\n",
	.usage = NULL,
	.set_option = diff_set_option,
	.run = diff_main,
};

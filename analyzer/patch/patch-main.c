// SPDX-License-Identifier: GPL-2.0
/*
 * patch-main.c — `asmscan patch --source DIR FILE...`: the records of
 * every input read into rows (patch/patch.c), then one diff on stdout or
 * -o FILE, or a series with --format-patch (patch/patch-series.c); the
 * summary and what was not converted on stderr.  After an input error no
 * diff and no series is written: a patch made without some input's
 * records would look whole.
 */
#include "patch-main.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "input.h"
#include "output.h"
#include "patch.h"
#include "patch-series.h"
#include "render.h"
#include "srctree.h"
#include "util.h"

struct patch_print {
	struct patch_state *st;
	struct patch_totals *t;
};

/*
 * The units whose edge verdicts are the plugin's rule's (their inliner
 * re-run gave no answer): how many, in the summary's manner, then a note
 * for each.
 */
static void print_rule_units(const struct records *recs)
{
	struct rec_rule_units ru;
	char buf[1024];

	records_rule_units(recs, &ru);
	if (ru.n)
		fprintf(stderr,
			"asmscan: patch: %zu unit%s judged by the plugin's rule, not by "
			"GCC's inliner re-run: %zu refused call%s, %zu of them blocked "
			"by asm\n",
			ru.n, ru.n == 1 ? "" : "s", ru.edges, ru.edges == 1 ? "" : "s",
			ru.blocked);
	for (size_t i = 0; i < ru.n; i++) {
		render_rule_unit(buf, sizeof(buf), ru.v[i]);
		asmscan_notef(ru.v[i]->tu, "verdicts by the rule", "%s", buf);
	}
	records_rule_units_free(&ru);
}

static void print_nothing(FILE *out, void *arg)
{
	(void)out;
	(void)arg;
}

static void print_patch(FILE *out, void *arg)
{
	struct patch_print *p = arg;

	patch_write_diff(p->st, out, p->t);
}

static int patch_run(const struct asmscan_options *opts,
		     const struct input_list *inputs)
{
	const struct patch_options *po = opts->patch;
	struct patch_state st = { .opts = opts };
	struct patch_totals t = { 0 };
	size_t flagged_rows, with_records = 0;
	char buf[3][32];
	int rc;

	if (!patch_tree_open(&st.tree, po->source)) {
		asmscan_error(po->source, "cannot use as --source",
			      strerror(errno));
		return ASMSCAN_EXIT_ERROR;
	}
	for (size_t i = 0; i < inputs->n; i++)
		with_records += patch_read_input(&st, &inputs->v[i]);
	if (inputs->n && !with_records)
		asmscan_notef("patch", "no asminline records in the input",
			      "built without the asminline plugin, with embed=0, "
			      "or by Clang");
	st.srctree = srctree_choose(opts->srctree, &st.recs, &st.strings);
	patch_collect(&st);
	flagged_rows = st.nrows;
	if (po->flips_only) {
		size_t n = 0, blocked = 0;

		for (size_t i = 0; i < st.recs.nedges; i++)
			blocked += st.recs.edges[i]->blocked;
		if (st.recs.nunits && !blocked)
			asmscan_notef("patch", "--flips-only",
				      "no blocked-by-asm edge record in the inputs "
				      "(none refused, or a plugin older than edge "
				      "embedding): nothing to convert");

		for (size_t i = 0; i < st.nrows; i++)
			if (st.rows[i].edges)
				st.rows[n++] = st.rows[i];
			else
				free(st.rows[i].sites);
		st.nrows = n;
	}
	t.rows = st.nrows;
	if (asmscan_status() != ASMSCAN_EXIT_OK) {
		asmscan_notef("patch", po->format_patch ? "no series written"
							: "no diff written",
			      "an input could not be read (the errors above)");
		/* -o FILE as the other verbs leave it: empty, not stale */
		if (opts->output && !po->format_patch)
			output_write(opts->output, print_nothing, NULL);
		rc = ASMSCAN_EXIT_ERROR;
		goto out;
	}
	if (po->format_patch)
		rc = patch_write_series(&st, stdout, &t) ? ASMSCAN_EXIT_OK
							 : ASMSCAN_EXIT_ERROR;
	else
		rc = output_write(opts->output, print_patch,
				  &(struct patch_print){ .st = &st, .t = &t });
	fprintf(stderr,
		"asmscan: patch: %zu of %zu %ssites converted to asm_inline in %zu %s "
		"(%s statements; records of %zu %s read%s%s%s)\n",
		t.converted, t.rows, po->flips_only ? "flipping " : "", t.files,
		t.files == 1 ? "file" : "files", fmt_count(buf[0], t.statements),
		st.recs.nunits, st.recs.nunits == 1 ? "unit" : "units",
		po->flips_only ? ", " : "",
		po->flips_only ? fmt_count(buf[1], t.edges) : "",
		po->flips_only ? " site attributions of blocked-by-asm edges" : "");
	if (po->flips_only)
		fprintf(stderr,
			"asmscan: patch: %zu flagged sites in all, %s without "
			"a blocked-by-asm edge left out\n",
			flagged_rows, fmt_count(buf[2], flagged_rows - t.rows));
	print_rule_units(&st.recs);
out:
	for (size_t i = 0; i < st.nrows; i++)
		free(st.rows[i].sites);
	free(st.rows);
	strmap_free(&st.by_key);
	strmap_free(&st.row_funcs);
	strmap_free(&st.mapped);
	arena_free(&st.strings);
	records_free(&st.recs);
	patch_tree_close(&st.tree);
	return rc > asmscan_status() ? rc : asmscan_status();
}

static int patch_main(const struct asmscan_options *opts)
{
	struct input_list inputs = { 0 };
	int rc;

	input_expand(opts, &inputs);
	rc = patch_run(opts, &inputs);
	input_list_free(&inputs);
	return rc;
}

/*
 * patch's own rules: --source, no --format; --split only with
 * --format-patch; an input at least.
 */
static int patch_usage(const struct asmscan_options *opts, size_t noperands)
{
	const struct patch_options *po = opts->patch;

	if (po->split_set && !po->format_patch)
		return asmscan_usage("--split needs --format-patch DIR");
	if (!po->source)
		return asmscan_usage("patch needs --source DIR");
	if (opts->format != ASMSCAN_FORMAT_TEXT)
		return asmscan_usage("patch writes a diff: no --format");
	if (!noperands)
		return asmscan_usage("no input files");
	return -1;
}

/*
 * patch's own options (patch-options.def, patch-series-options.def) into
 * opts->patch.
 */
static int patch_set_option(struct asmscan_options *opts, const char *name,
			    const char *arg)
{
	struct patch_options *po = opts->patch;

	if (!strcmp(name, "source")) {
		po->source = arg;
	} else if (!strcmp(name, "flips-only")) {
		po->flips_only = true;
	} else if (!strcmp(name, "format-patch")) {
		if (!*arg)
			return asmscan_usage("--format-patch needs a directory");
		po->format_patch = arg;
	} else if (!strcmp(name, "split")) {
		if (!strcmp(arg, "site"))
			po->split_site = true;
		else if (strcmp(arg, "file"))
			return asmscan_usage("bad value for --split: '%s' (site, file)",
					     arg);
		po->split_set = true;
	}
	return -1;
}

const struct asmscan_verb patch_verb = {
	.name = "patch",
	.bit = VB_PATCH,
	.args = "--source DIR FILE...",
	.want = ASMSCAN_WANT_PATCH,
	.top = ASMSCAN_DEFAULT_TOP,
	.summary = "a unified diff converting the flagged asm sites to asm_inline",
	.help =
	"Reads the plugin's embedded records (as sites does) and converts each\n"
	"flagged statement's asm keyword where it is spelled, in the source\n"
	"tree: asm, __asm__ (volatile, goto kept) become the kernel's\n"
	"asm_inline.  A diff -u per file, a/ and b/ relative to --source, for\n"
	"patch -p1; a summary and every site not converted (why) on stderr.\n"
	"--flips-only keeps the sites with a blocked-by-asm edge (a refused\n"
	"inlining the plugin attributed to them).  --format-patch DIR writes\n"
	"a series instead: one mbox file per file (or per site with --split\n"
	"site), kernel-style subject, the records' evidence in the body; git am\n"
	"applies it.  --function limits it to statements of the functions named.\n",
	.usage = patch_usage,
	.set_option = patch_set_option,
	.run = patch_main,
};

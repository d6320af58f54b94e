// SPDX-License-Identifier: GPL-2.0
/*
 * cmdline.c — asmscan_main: the options (one struct, filled once; global
 * options go before or after the verb), the verb table (verbs[]), libelf's
 * setup, then the verb's runner (its row's), whose exit code is asmscan's.
 * The runners read the inputs (analysis.c: one bad input is reported and
 * the others are still read) and print no result after an error
 * (render_withheld).
 */
#include "cmdline.h"

#include "asmscan.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <capstone/capstone.h>
#include <elfutils/version.h>
#include <gelf.h>

#include "errors.h"
#include "output.h"
#include "progress.h"
#include "render.h"
#include "util.h"

#include "check-main.h"
#include "check-options.h"
#include "diff-main.h"
#include "diff-options.h"
#include "patch-main.h"
#include "patch-options.h"
#include "report-main.h"

/*
 * The verb table: each row is its verb's folder's (report/, patch/, diff/,
 * check/), with its help, its usage rules and its runner; in --help's
 * order.  The summary (asmscan without a verb) has a row too,
 * summary_verb, without a name and not listed here.
 */
static const struct asmscan_verb *const verbs[] = {
	&copies_verb, &calls_verb, &tables_verb, &sites_verb,
	&patch_verb, &diff_verb, &check_verb,
};

#define NVERBS ARRAY_SIZE(verbs)

static const char usage_head[] =
	"Usage: asmscan [OPTION]... [VERB] FILE...\n"
	"Check inlining outcomes in x86-64 and arm64 Linux binaries: vmlinux, .o,\n"
	".ko, ar archives (also thin built-in.a) and directories (every ELF object\n"
	"under them); one machine per run, the first object's.  Without a VERB,\n"
	"a summary of all analyses.\n"
	"\n"
	"Verbs (asmscan help VERB for each):\n";

static const char usage_tail[] =
	"\n"
	"Globs are fnmatch(3) patterns; for objects they match the name as\n"
	"printed (a path, or lib.a(member.o)) and '*' also matches '/'.\n"
	"\n"
	"Exit status: 0 every input was read; 1 a gating verb found something\n"
	"new (diff --fail-on-growth over budget; check: a finding not in the\n"
	"baseline); 2 usage error or an input could not be read (2 wins), and\n"
	"then no result is printed (JSON, SARIF: a document of the errors).\n"
	"Problems read \"asmscan: FILE: what: why\" on stderr.\n";

/*
 * The options, from asmscan-options.def (which man/genman.c reads too).
 * getopt_long returns an option's letter, or 256 and up for an option that
 * has only a long name: OPT_ID is that value, so the switch in parse_args
 * names each option once.
 */
enum asmscan_option_index {
#define ASMSCAN_OPTION(id, sh, lo, arg, verbs, help) OPTIDX_##id,
#include "asmscan-options.def"
#undef ASMSCAN_OPTION
	NOPTIONS
};

enum asmscan_option_value {
#define ASMSCAN_OPTION(id, sh, lo, arg, verbs, help) \
	OPT_##id = (sh) ? (sh) : 256 + OPTIDX_##id,
#include "asmscan-options.def"
#undef ASMSCAN_OPTION
};

struct asmscan_option {
	char short_name;		/* 0: none */
	const char *long_name;
	const char *arg;		/* "": takes no argument */
	unsigned verbs;			/* VB_*: the verbs that take it */
	const char *help;
};

static const struct asmscan_option options[NOPTIONS] = {
#define ASMSCAN_OPTION(id, sh, lo, arg, verbs, help) { sh, lo, arg, verbs, help },
#include "asmscan-options.def"
#undef ASMSCAN_OPTION
};

/* getopt_long's table: an option takes an argument when ARG names one. */
static const struct option longopts[NOPTIONS + 1] = {
#define ASMSCAN_OPTION(id, sh, lo, arg, verbs, help) \
	{ lo, sizeof(arg) > 1 ? required_argument : no_argument, NULL, OPT_##id },
#include "asmscan-options.def"
#undef ASMSCAN_OPTION
	{ NULL, 0, NULL, 0 },
};

/* "hVf:o:..." for getopt_long; buf has room for 2 * NOPTIONS + 1. */
static void short_options(char *buf)
{
	for (size_t i = 0; i < NOPTIONS; i++) {
		if (!options[i].short_name)
			continue;
		*buf++ = options[i].short_name;
		if (options[i].arg[0])
			*buf++ = ':';
	}
	*buf = '\0';
}

static bool short_option_needs_arg(int c)
{
	for (size_t i = 0; i < NOPTIONS; i++)
		if (c && options[i].short_name == c)
			return options[i].arg[0] != '\0';
	return false;
}

/* "  -f, --format FMT     text..." with continuation lines at column 25. */
static void print_option(FILE *out, const struct asmscan_option *o,
			 const char *h)
{
	const char *nl;
	char left[64];

	snprintf(left, sizeof(left), "--%s%s%s", o->long_name,
		 o->arg[0] ? " " : "", o->arg);
	if (o->short_name)
		fprintf(out, "  -%c, %-18s ", o->short_name, left);
	else
		fprintf(out, "      %-18s ", left);
	while ((nl = strchr(h, '\n'))) {
		fprintf(out, "%.*s\n%25s", (int)(nl - h), h, "");
		h = nl + 1;
	}
	fprintf(out, "%s\n", h);
}

static void print_options(FILE *out)
{
	fputs("\nOptions (before or after the verb):\n", out);
	for (size_t i = 0; i < NOPTIONS; i++)
		print_option(out, &options[i], options[i].help);
}

static void print_usage(FILE *out)
{
	fputs(usage_head, out);
	for (size_t i = 0; i < NVERBS; i++)
		fprintf(out, "  %-8s %s\n", verbs[i]->name, verbs[i]->summary);
	print_options(out);
	fputs(usage_tail, out);
}

/*
 * Without a verb the first operand is an input.  One that is no file and
 * is spelled like a verb ("asmscan cals vmlinux") is an error that says
 * both, not a "cannot open" before a summary of the other inputs.
 */
static bool mistyped_verb(const char *word)
{
	size_t n = strlen(word);

	if (!n || n > 16 || strspn(word, "abcdefghijklmnopqrstuvwxyz-") != n)
		return false;
	return access(word, F_OK) != 0 && errno == ENOENT;
}

static const struct asmscan_verb *find_verb(const char *name)
{
	for (size_t i = 0; i < NVERBS; i++)
		if (!strcmp(verbs[i]->name, name))
			return verbs[i];
	return NULL;
}

/* Does an option whose VERBS column is verbs apply to v (for its help)? */
static bool option_of_verb(unsigned verbs, const struct asmscan_verb *v)
{
	if (verbs == VB_ALL)
		return false;		/* a global one: asmscan --help */
	return verbs & v->bit ||
	       (v->bit == VB_DIFF && verbs & VB_DIFF_EVIDENCE);
}

/*
 * An option's help, its lines (broken for the global list) joined and
 * broken again to fit after column 25 of 79.
 */
static void reflow(const char *h, char *buf, size_t len)
{
	size_t n = 0, line = 0;

	while (*h && n + 2 < len) {
		size_t w = strcspn(h, " \n");

		if (line && line + 1 + w > 54) {
			buf[n++] = '\n';
			line = 0;
		} else if (line) {
			buf[n++] = ' ';
			line++;
		}
		if (n + w + 1 >= len)
			break;
		memcpy(buf + n, h, w);
		n += w;
		line += w;
		h += w;
		h += strspn(h, " \n");
	}
	buf[n] = '\0';
}

/*
 * The verb's text, then its own options from asmscan-options.def, their
 * help without the "calls: " that says where in the global list.
 */
static void print_verb_help(const struct asmscan_verb *v)
{
	bool head = false;
	char text[512];

	printf("Usage: asmscan %s [OPTION]... %s\n%s.\n\n%s", v->name, v->args,
	       v->summary, v->help);
	for (size_t i = 0; i < NOPTIONS; i++) {
		const char *h = options[i].help, *colon = strstr(h, ": ");

		if (!option_of_verb(options[i].verbs, v))
			continue;
		if (!head)
			printf("\nOptions of %s:\n", v->name);
		head = true;
		if (colon && !memchr(h, '\n', (size_t)(colon - h)))
			h = colon + 2;
		reflow(h, text, sizeof(text));
		print_option(stdout, &options[i], text);
	}
	printf("\nThe global options (asmscan --help) apply too.\n");
}

/*
 * Where an option applies, for its usage error: "'check'", "'calls',
 * 'diff' and the summary", in the verb table's order.
 */
static void verbs_text(unsigned bits, char *buf, size_t len)
{
	const char *name[NVERBS + 1];
	size_t n = 0, at = 0;

	for (size_t i = 0; i < NVERBS; i++)
		if (bits & verbs[i]->bit)
			name[n++] = verbs[i]->name;
		else if (verbs[i]->bit == VB_DIFF && bits & VB_DIFF_EVIDENCE)
			name[n++] = "diff -f evidence";
	if (bits & VB_SUMMARY)
		name[n++] = NULL;	/* the summary, last */
	buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s%s%s",
				       !i ? "" : i + 1 < n ? ", " : " and ",
				       name[i] ? "'" : "",
				       name[i] ? name[i] : "the summary",
				       name[i] ? "'" : "");
}

static void print_version(void)
{
	int major, minor;

	cs_version(&major, &minor);
	printf("asmscan %s\n", ASMSCAN_VERSION);
	printf("libelf/libdw (elfutils) %d.%d, capstone %d.%d\n",
	       _ELFUTILS_VERSION / 1000, _ELFUTILS_VERSION % 1000, major, minor);
}

static void push_glob(const char ***v, size_t *n, const char *glob)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = glob;
}

/* The document of a run that read nothing (JSON, SARIF), else nothing. */
static void print_withheld(FILE *out, void *arg)
{
	const struct asmscan_options *o = arg;

	render_withheld(out, o->format, o->pretty, "summary");
}

/* What parse_args learns on its way besides the options struct. */
struct parse_state {
	bool help, top_set;
	size_t site_cap;
	unsigned given[NOPTIONS];	/* 1 + its first place, 0: not given */
	unsigned ngiven;
};

static int parse_format(const char *arg, struct asmscan_options *opts)
{
	if (!strcmp(arg, "text"))
		opts->format = ASMSCAN_FORMAT_TEXT;
	else if (!strcmp(arg, "json"))
		opts->format = ASMSCAN_FORMAT_JSON;
	else if (!strcmp(arg, "sarif"))
		opts->format = ASMSCAN_FORMAT_SARIF;
	else if (!strcmp(arg, "bloat-o-meter"))
		opts->format = ASMSCAN_FORMAT_BLOAT;
	else if (!strcmp(arg, "bloat-o-meter-6.1"))
		opts->format = ASMSCAN_FORMAT_BLOAT_6_1;
	else if (!strcmp(arg, "evidence"))
		opts->format = ASMSCAN_FORMAT_EVIDENCE;
	else
		return asmscan_usage("unknown format '%s' (text, json, sarif; diff: bloat-o-meter, bloat-o-meter-6.1, evidence)",
				     arg);
	return -1;
}

/* --site FILE:LINE, as the records and asmscan sites give it. */
static int parse_site(const char *arg, struct asmscan_options *opts,
		      size_t *cap)
{
	const char *colon = strrchr(arg, ':');
	struct asmscan_site *site;
	unsigned long v;

	if (!colon || colon == arg ||
	    !decimal_parse(colon + 1, UINT32_MAX, &v) || !v)
		return asmscan_usage("bad place for --site: '%s' (FILE:LINE, as the records and asmscan sites give it)",
				     arg);
	site = VEC_PUSH(opts->sites, opts->nsites, *cap);
	site->file = xstrndup(arg, (size_t)(colon - arg));
	site->line = (uint32_t)v;
	return -1;
}

/*
 * An option no case of parse_option and set_option knows: one verb's own
 * (VERBS its bit alone, the .def in its folder), which its row's
 * set_option stores.  -1, else the exit code.
 */
static int verb_set_option(int c, struct asmscan_options *opts)
{
	for (size_t i = 0; i < NOPTIONS; i++) {
		if (longopts[i].val != c)
			continue;
		for (size_t k = 0; k < NVERBS; k++)
			if (verbs[k]->bit == options[i].verbs &&
			    verbs[k]->set_option)
				return verbs[k]->set_option(opts,
							    options[i].long_name,
							    optarg);
	}
	return -1;
}

/*
 * An option that only stores what it says (it cannot be wrong), or a
 * verb's own, its row's to store and check.
 */
static int set_option(int c, struct asmscan_options *opts)
{
	switch (c) {
	case 'o':
		opts->output = optarg;
		break;
	case 'p':
		opts->pretty = true;
		break;
	case OPT_ALL:
		opts->all_callees = true;
		break;
	case OPT_INCLUDE:
		push_glob(&opts->include, &opts->ninclude, optarg);
		break;
	case OPT_EXCLUDE:
		push_glob(&opts->exclude, &opts->nexclude, optarg);
		break;
	case OPT_FUNCTION:
		push_glob(&opts->functions, &opts->nfunctions, optarg);
		break;
	case OPT_NO_DWARF:
		opts->no_dwarf = true;
		break;
	case OPT_SRCTREE:
		opts->srctree = optarg;
		break;
	default:
		return verb_set_option(c, opts);
	}
	return -1;
}

/*
 * One option getopt_long returned (c), its value checked: -1 to go on,
 * else the exit code (-V, a usage error).
 */
static int parse_option(int c, char **argv, struct asmscan_options *opts,
			struct parse_state *ps)
{
	unsigned long v;

	switch (c) {
	case 'h':
		ps->help = true;
		return -1;
	case 'V':
		print_version();
		return ASMSCAN_EXIT_OK;
	case 'f':
		return parse_format(optarg, opts);
	case 'n':
		if (!decimal_parse(optarg, 1000000000UL, &v))
			return asmscan_usage("bad number for --top: '%s'", optarg);
		opts->top = v;
		ps->top_set = true;
		return -1;
	case 'N':
		if (!decimal_parse(optarg, 1000000UL, &v))
			return asmscan_usage("bad number for --max-insns: '%s'", optarg);
		opts->max_insns = (unsigned)v;
		return -1;
	case 'j':
		if (!decimal_parse(optarg, 256, &v) || !v)
			return asmscan_usage("bad number for --jobs: '%s' (1 to 256)",
					     optarg);
		opts->jobs = (unsigned)v;
		return -1;
	case OPT_SITE:
		return parse_site(optarg, opts, &ps->site_cap);
	case '?':
	case ':':
		if (short_option_needs_arg(optopt))
			return asmscan_usage("option '-%c' needs an argument", optopt);
		if (!strncmp(argv[optind - 1], "--", 2))
			return asmscan_usage("bad option '%s'", argv[optind - 1]);
		return asmscan_usage("unknown option '-%c'", optopt);
	}
	return set_option(c, opts);
}

/* "asmscan cals vmlinux": the error, and a document without a result. */
static int no_such_verb(const char *word, struct asmscan_options *opts)
{
	char names[128];
	size_t at = 0;

	for (size_t i = 0; i < NVERBS && at < sizeof(names); i++)
		at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%s",
				       i ? ", " : "", verbs[i]->name);
	asmscan_errorf(word, "no such verb or file",
		       "the verbs are %s (asmscan --help)", names);
	/* nothing is read: the document of a run without a result */
	output_write(opts->output, print_withheld, opts);
	return ASMSCAN_EXIT_ERROR;
}

/*
 * The first operand is a verb if it names one ("help" too); help asked
 * for is printed here.  -1 to go on, else the exit code.
 */
static int parse_verb(int argc, char **argv, struct asmscan_options *opts,
		      bool help)
{
	if (optind < argc && !strcmp(argv[optind], "help")) {
		const struct asmscan_verb *vb;

		if (optind + 1 >= argc) {
			print_usage(stdout);
			return ASMSCAN_EXIT_OK;
		}
		vb = find_verb(argv[optind + 1]);
		if (!vb)
			return asmscan_usage("no verb '%s'", argv[optind + 1]);
		print_verb_help(vb);
		return ASMSCAN_EXIT_OK;
	}
	if (optind < argc && (opts->verb = find_verb(argv[optind]))) {
		opts->verb_name = opts->verb->name;
		optind++;
	} else if (optind < argc && !help && mistyped_verb(argv[optind])) {
		return no_such_verb(argv[optind], opts);
	}
	if (help) {
		if (opts->verb)
			print_verb_help(opts->verb);
		else
			print_usage(stdout);
		return ASMSCAN_EXIT_OK;
	}
	return -1;
}

/*
 * Every option given applies to the verb (the VERBS column), in the order
 * given, and a diff format only to diff.  -1, else the exit code.
 */
static int options_apply(const struct asmscan_options *opts,
			 const struct asmscan_verb *row,
			 const struct parse_state *ps)
{
	unsigned bits = row->bit;
	bool diff = row->bit == VB_DIFF;

	if (diff && opts->format == ASMSCAN_FORMAT_EVIDENCE)
		bits |= VB_DIFF_EVIDENCE;
	for (unsigned k = 1; k <= ps->ngiven; k++) {
		for (size_t i = 0; i < NOPTIONS; i++) {
			char where[128];

			if (ps->given[i] != k || options[i].verbs & bits)
				continue;
			verbs_text(options[i].verbs, where, sizeof(where));
			return asmscan_usage("option '--%s' applies to %s only",
					     options[i].long_name, where);
		}
	}
	if ((opts->format == ASMSCAN_FORMAT_BLOAT ||
	     opts->format == ASMSCAN_FORMAT_BLOAT_6_1 ||
	     opts->format == ASMSCAN_FORMAT_EVIDENCE) && !diff)
		return asmscan_usage("format '%s' applies to 'diff' only",
				     opts->format == ASMSCAN_FORMAT_EVIDENCE ? "evidence"
									     : "bloat-o-meter");
	return -1;
}

/*
 * Parse the command line into opts (the options, then the verb); the
 * verb's row checks its own rules.  Returns -1 to go on, else the exit
 * code.
 */
static int parse_args(int argc, char **argv, struct asmscan_options *opts)
{
	struct parse_state ps = { 0 };
	const struct asmscan_verb *row;
	char shortopts[2 * NOPTIONS + 1];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int c, rc;

	opts->jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned)ncpu;
	opts->max_insns = ASMSCAN_DEFAULT_MAX_INSNS;
	opts->top = ASMSCAN_DEFAULT_TOP;
	short_options(shortopts);
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		for (size_t i = 0; i < NOPTIONS; i++)
			if (longopts[i].val == c && !ps.given[i])
				ps.given[i] = ++ps.ngiven;
		rc = parse_option(c, argv, opts, &ps);
		if (rc >= 0)
			return rc;
	}
	rc = parse_verb(argc, argv, opts, ps.help);
	if (rc >= 0)
		return rc;
	row = opts->verb ? opts->verb : &summary_verb;
	rc = options_apply(opts, row, &ps);
	if (rc < 0 && row->usage)
		rc = row->usage(opts, (size_t)(argc - optind));
	else if (rc < 0 && optind >= argc)
		rc = asmscan_usage("no input files");
	if (rc >= 0)
		return rc;
	opts->want |= row->want;
	opts->top = ps.top_set ? opts->top : row->top;
	opts->top_set = ps.top_set;
	opts->inputs = (const char *const *)&argv[optind];
	opts->ninputs = (size_t)(argc - optind);
	opts->progress = isatty(STDERR_FILENO);
	return -1;
}

static void options_free(struct asmscan_options *o)
{
	free(o->include);
	free(o->exclude);
	free(o->functions);
	check_options_free(o->check);
	for (size_t i = 0; i < o->nsites; i++)
		free((char *)o->sites[i].file);
	free(o->sites);
}

int asmscan_main(int argc, char **argv)
{
	struct diff_options diff = { 0 };
	struct check_options check = { 0 };
	struct patch_options patch = { 0 };
	struct asmscan_options opts = { .diff = &diff, .check = &check,
					.patch = &patch };
	int rc = parse_args(argc, argv, &opts);

	if (rc >= 0)
		return rc;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		asmscan_error("libelf", "cannot initialise", elf_errmsg(-1));
		options_free(&opts);
		return ASMSCAN_EXIT_ERROR;
	}
	progress_enable(opts.progress);
	rc = (opts.verb ? opts.verb : &summary_verb)->run(&opts);
	options_free(&opts);
	return rc > asmscan_status() ? rc : asmscan_status();
}

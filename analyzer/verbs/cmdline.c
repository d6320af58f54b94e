// SPDX-License-Identifier: GPL-2.0
/*
 * cmdline.c — asmscan_main: the options (one struct, filled once; global
 * options go before or after the verb), the verb table (verbs[]), libelf's
 * setup, then the verb's runner (verbs.h), whose exit code is asmscan's.
 * The runners read the inputs (analysis.c: one bad input is reported and
 * the others are still read) and print no result after an error
 * (render_withheld).
 */
#include "cmdline.h"

#include "asmscan.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
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
#include "verbs.h"

/*
 * The verbs an option applies to (asmscan-options.def's VERBS column): one
 * bit per verb, VB_SUMMARY for asmscan without one, and VB_DIFF_EVIDENCE
 * for diff in its evidence format only.
 */
enum asmscan_verb_bit {
	VB_SUMMARY = 1u << 0,
	VB_COPIES = 1u << 1,
	VB_CALLS = 1u << 2,
	VB_TABLES = 1u << 3,
	VB_SITES = 1u << 4,
	VB_PATCH = 1u << 5,
	VB_DIFF = 1u << 6,
	VB_DIFF_EVIDENCE = 1u << 7,
	VB_CHECK = 1u << 8,
	VB_ALL = (1u << 9) - 1,
};

struct asmscan_verb {
	const char *name;
	unsigned bit;			/* VB_* */
	const char *args;		/* its operands, as help shows them */
	unsigned want;			/* the analyses it runs */
	const char *summary;
	const char *help;
	int (*run)(const struct asmscan_options *opts);	/* verbs.h */
};

static const struct asmscan_verb verbs[] = {
	{ "copies", VB_COPIES, "FILE...", ASMSCAN_WANT_COPIES,
	  "functions meant to be inlined that exist out of line",
	  "From DWARF: each subprogram declared inline (DW_AT_inline) with\n"
	  "concrete out-of-line instances, grouped by declaration, with the\n"
	  "units they come from and the direct calls that reach them.  From\n"
	  "symbols (with or without DWARF): local function names defined more\n"
	  "than once, and GCC's .isra/.constprop/.part/.cold clones.  Padding\n"
	  "symbols (__pfx_, __cfi_) are part of the function after them.\n",
	  report_main },
	{ "calls", VB_CALLS, "FILE...", ASMSCAN_WANT_CALLS,
	  "direct calls to tiny functions, ranked by call sites",
	  "A tiny function has a body of at most N real instructions (-N,\n"
	  "default 3): endbr64, the ftrace call at entry, NOPs, int3, ret and\n"
	  "jmp __x86_return_thunk do not count; on arm64 bti, the PAC hints\n"
	  "(paciasp, autiasp ...), NOPs (ftrace's patchable entry) and ret do\n"
	  "not.  Calls to __fentry__, retpoline thunks, static-call trampolines,\n"
	  "placeholders (BUG_func) and failure paths (DW_AT_noreturn,\n"
	  "__stack_chk_fail, fortify, UBSan and KASAN reports) are counted but\n"
	  "not ranked.  --all lists every callee, tiny or not (marked *).\n",
	  report_main },
	{ "tables", VB_TABLES, "FILE...", ASMSCAN_WANT_TABLES,
	  "special-section entries per function, and in out-of-line copies",
	  "Reads .altinstructions, .smp_locks, __ex_table, __bug_table,\n"
	  "__jump_table, .static_call_sites, .retpoline_sites and .return_sites\n"
	  "with the layout the file's DWARF describes, else the built-in one of\n"
	  "Linux 5.10 to mainline its entries fit, within the kernel's own bounds\n"
	  "symbols, and counts the entries in each function and in out-of-line\n"
	  "copies of inline functions.  An entry the kernel would not act on is\n"
	  "counted apart with the reason; a table no layout fits is refused with\n"
	  "a note, never misread.\n",
	  report_main },
	{ "sites", VB_SITES, "FILE...", ASMSCAN_WANT_SITES,
	  "flagged asm sites from the plugin's embedded records, ranked",
	  "Reads the records asminline.so embeds in .comment (vmlinux, .o, .ko:\n"
	  "no extra file needed) and groups the flagged asm statements into\n"
	  "sites, where the asm keyword is spelled.  For each: statements,\n"
	  "units, functions, GCC's charge and the instructions emitted; the\n"
	  "functions whose DWARF line table holds its expansion points (where\n"
	  "its code went, inlined or not); the out-of-line copies of inline\n"
	  "functions holding it and the calls reaching them; the refused calls\n"
	  "the plugin attributed to it (blocked-by-asm edges).  Ranked by what it\n"
	  "blocks: those edges, then calls and copies.  A file without records\n"
	  "(no plugin, embed=0, Clang) says so.\n",
	  report_main },
	{ "patch", VB_PATCH, "--source DIR FILE...", ASMSCAN_WANT_PATCH,
	  "a unified diff converting the flagged asm sites to asm_inline",
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
	  patch_main },
	{ "diff", VB_DIFF, "OLD NEW", ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES,
	  "what changed between two builds",
	  "asmscan diff OLD NEW: OLD and NEW are each a vmlinux, an object or\n"
	  "a directory of objects.  Per function (bloat-o-meter -t's names and\n"
	  "exactly its byte figures): size, instructions and call sites in it;\n"
	  "per callee: call sites and tail calls reaching it, in both\n"
	  "directions; out-of-line copies that appeared or went away.  The\n"
	  "compiler (.comment) and the config (the build's .config) of each side.\n"
	  "  -f bloat-o-meter      exactly what scripts/bloat-o-meter OLD NEW\n"
	  "                        prints (-6.1: the script of Linux 6.1)\n"
	  "  -f evidence           a few lines for a commit message: calls,\n"
	  "                        copies, bytes, and per site of OLD's records\n",
	  diff_main },
	{ "check", VB_CHECK, "--baseline FILE INPUT... | --against OLD NEW",
	  ASMSCAN_WANT_CHECK,
	  "gate CI on new findings: against a baseline, or the build before",
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
	  check_main },
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
		fprintf(out, "  %-8s %s\n", verbs[i].name, verbs[i].summary);
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
		if (!strcmp(verbs[i].name, name))
			return &verbs[i];
	return NULL;
}

static bool verb_is(const struct asmscan_options *opts, const char *name)
{
	return opts->verb && !strcmp(opts->verb->name, name);
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
		if (bits & verbs[i].bit)
			name[n++] = verbs[i].name;
		else if (verbs[i].bit == VB_DIFF && bits & VB_DIFF_EVIDENCE)
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

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("asmscan: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'asmscan --help' for more information.\n", stderr);
	return ASMSCAN_EXIT_ERROR;
}

static void print_version(void)
{
	int major, minor;

	cs_version(&major, &minor);
	printf("asmscan %s\n", ASMSCAN_VERSION);
	printf("libelf/libdw (elfutils) %d.%d, capstone %d.%d\n",
	       _ELFUTILS_VERSION / 1000, _ELFUTILS_VERSION % 1000, major, minor);
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = v;
	return true;
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

/* Returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, struct asmscan_options *opts)
{
	bool help = false, top_set = false;
	bool check_copies = false;
	size_t site_cap = 0;
	unsigned given[NOPTIONS] = { 0 };	/* 1 + its first place, 0: not given */
	unsigned ngiven = 0, bits;
	unsigned long v;
	char shortopts[2 * NOPTIONS + 1];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int c;

	opts->jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned)ncpu;
	opts->max_insns = ASMSCAN_DEFAULT_MAX_INSNS;
	opts->top = ASMSCAN_DEFAULT_TOP;
	short_options(shortopts);
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		for (size_t i = 0; i < NOPTIONS; i++)
			if (longopts[i].val == c && !given[i])
				given[i] = ++ngiven;
		switch (c) {
		case 'h':
			help = true;
			break;
		case 'V':
			print_version();
			return ASMSCAN_EXIT_OK;
		case 'f':
			if (!strcmp(optarg, "text"))
				opts->format = ASMSCAN_FORMAT_TEXT;
			else if (!strcmp(optarg, "json"))
				opts->format = ASMSCAN_FORMAT_JSON;
			else if (!strcmp(optarg, "sarif"))
				opts->format = ASMSCAN_FORMAT_SARIF;
			else if (!strcmp(optarg, "bloat-o-meter"))
				opts->format = ASMSCAN_FORMAT_BLOAT;
			else if (!strcmp(optarg, "bloat-o-meter-6.1"))
				opts->format = ASMSCAN_FORMAT_BLOAT_6_1;
			else if (!strcmp(optarg, "evidence"))
				opts->format = ASMSCAN_FORMAT_EVIDENCE;
			else
				return usage_error("unknown format '%s' (text, json, sarif; diff: bloat-o-meter, bloat-o-meter-6.1, evidence)",
						   optarg);
			break;
		case 'o':
			opts->output = optarg;
			break;
		case 'p':
			opts->pretty = true;
			break;
		case 'n':
			if (!parse_uint(optarg, 1000000000UL, &v))
				return usage_error("bad number for --top: '%s'", optarg);
			opts->top = v;
			top_set = true;
			break;
		case 'N':
			if (!parse_uint(optarg, 1000000UL, &v))
				return usage_error("bad number for --max-insns: '%s'", optarg);
			opts->max_insns = (unsigned)v;
			break;
		case 'j':
			if (!parse_uint(optarg, 256, &v) || !v)
				return usage_error("bad number for --jobs: '%s' (1 to 256)",
						   optarg);
			opts->jobs = (unsigned)v;
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
		case OPT_FAIL_ON_GROWTH:
			if (!parse_uint(optarg, 1UL << 48, &v))
				return usage_error("bad number for --fail-on-growth: '%s'",
						   optarg);
			opts->growth_budget = v;
			opts->has_growth_budget = true;
			break;
		case OPT_BASELINE:
			opts->baseline = optarg;
			break;
		case OPT_AGAINST:
			opts->against = optarg;
			break;
		case OPT_WRITE_BASELINE:
			opts->write_baseline = true;
			break;
		case OPT_REPORT:
			push_glob(&opts->reports, &opts->nreports, optarg);
			break;
		case OPT_COPIES:
			check_copies = true;
			break;
		case OPT_SOURCE:
			opts->source = optarg;
			break;
		case OPT_FLIPS_ONLY:
			opts->flips_only = true;
			break;
		case OPT_SRCTREE:
			opts->srctree = optarg;
			break;
		case OPT_SITE: {
			char *colon = strrchr(optarg, ':');
			struct asmscan_site *site;

			if (!colon || colon == optarg ||
			    !parse_uint(colon + 1, UINT32_MAX, &v) || !v)
				return usage_error("bad place for --site: '%s' (FILE:LINE, as the records and asmscan sites give it)",
						   optarg);
			site = VEC_PUSH(opts->sites, opts->nsites, site_cap);
			site->file = xstrndup(optarg, (size_t)(colon - optarg));
			site->line = (uint32_t)v;
			break;
		}
		case OPT_FORMAT_PATCH:
			if (!*optarg)
				return usage_error("--format-patch needs a directory");
			opts->format_patch = optarg;
			break;
		case OPT_SPLIT:
			if (!strcmp(optarg, "site"))
				opts->split_site = true;
			else if (strcmp(optarg, "file"))
				return usage_error("bad value for --split: '%s' (site, file)",
						   optarg);
			opts->split_set = true;
			break;
		default:
			if (short_option_needs_arg(optopt))
				return usage_error("option '-%c' needs an argument", optopt);
			if (!strncmp(argv[optind - 1], "--", 2))
				return usage_error("bad option '%s'", argv[optind - 1]);
			return usage_error("unknown option '-%c'", optopt);
		}
	}

	/* The first operand is a verb if it names one ("help" too). */
	if (optind < argc && !strcmp(argv[optind], "help")) {
		const struct asmscan_verb *vb;

		if (optind + 1 >= argc) {
			print_usage(stdout);
			return ASMSCAN_EXIT_OK;
		}
		vb = find_verb(argv[optind + 1]);
		if (!vb)
			return usage_error("no verb '%s'", argv[optind + 1]);
		print_verb_help(vb);
		return ASMSCAN_EXIT_OK;
	}
	if (optind < argc && (opts->verb = find_verb(argv[optind]))) {
		opts->verb_name = opts->verb->name;
		optind++;
	} else if (optind < argc && !help && mistyped_verb(argv[optind])) {
		char names[128];
		size_t at = 0;

		for (size_t i = 0; i < NVERBS && at < sizeof(names); i++)
			at += (size_t)snprintf(names + at, sizeof(names) - at,
					       "%s%s", i ? ", " : "", verbs[i].name);
		asmscan_errorf(argv[optind], "no such verb or file",
			       "the verbs are %s (asmscan --help)", names);
		/* nothing is read: the document of a run without a result */
		output_write(opts->output, print_withheld, opts);
		return ASMSCAN_EXIT_ERROR;
	}
	if (help) {
		if (opts->verb)
			print_verb_help(opts->verb);
		else
			print_usage(stdout);
		return ASMSCAN_EXIT_OK;
	}
	/* Every option given applies to the verb (the VERBS column). */
	bits = opts->verb ? opts->verb->bit : VB_SUMMARY;
	if (verb_is(opts, "diff") && opts->format == ASMSCAN_FORMAT_EVIDENCE)
		bits |= VB_DIFF_EVIDENCE;
	for (unsigned k = 1; k <= ngiven; k++) {
		for (size_t i = 0; i < NOPTIONS; i++) {
			char where[128];

			if (given[i] != k || options[i].verbs & bits)
				continue;
			verbs_text(options[i].verbs, where, sizeof(where));
			return usage_error("option '--%s' applies to %s only",
					   options[i].long_name, where);
		}
	}
	if ((opts->format == ASMSCAN_FORMAT_BLOAT ||
	     opts->format == ASMSCAN_FORMAT_BLOAT_6_1 ||
	     opts->format == ASMSCAN_FORMAT_EVIDENCE) && !verb_is(opts, "diff"))
		return usage_error("format '%s' applies to 'diff' only",
				   opts->format == ASMSCAN_FORMAT_EVIDENCE ? "evidence"
									   : "bloat-o-meter");
	if (opts->verb && opts->verb->want & ASMSCAN_WANT_CHECK) {
		if (!opts->baseline == !opts->against)
			return usage_error("check needs --baseline FILE or --against OLD (one of them)");
		if (opts->against && (opts->nreports || opts->write_baseline))
			return usage_error("option '%s' applies to --baseline only",
					   opts->nreports ? "--report" : "--write-baseline");
		if (opts->against && optind + 1 != argc)
			return usage_error("check --against OLD needs one input, NEW (%d given)",
					   argc - optind);
	}
	if (opts->split_set && !opts->format_patch)
		return usage_error("--split needs --format-patch DIR");
	if (opts->verb && opts->verb->want == ASMSCAN_WANT_PATCH) {
		if (!opts->source)
			return usage_error("patch needs --source DIR");
		if (opts->format != ASMSCAN_FORMAT_TEXT)
			return usage_error("patch writes a diff: no --format");
	}
	if (optind >= argc && !opts->nreports)
		return usage_error("no input files");
	opts->want = opts->verb ? opts->verb->want : ASMSCAN_WANT_ALL;
	if (check_copies)
		opts->want |= ASMSCAN_WANT_COPIES;
	if (!opts->verb && !top_set)
		opts->top = ASMSCAN_SUMMARY_TOP;
	opts->top_set = top_set;
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
	free(o->reports);
	for (size_t i = 0; i < o->nsites; i++)
		free((char *)o->sites[i].file);
	free(o->sites);
}

int asmscan_main(int argc, char **argv)
{
	struct asmscan_options opts = { 0 };
	int rc = parse_args(argc, argv, &opts);

	if (rc >= 0)
		return rc;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		asmscan_error("libelf", "cannot initialise", elf_errmsg(-1));
		options_free(&opts);
		return ASMSCAN_EXIT_ERROR;
	}
	progress_enable(opts.progress);
	rc = opts.verb ? opts.verb->run(&opts) : report_main(&opts);
	options_free(&opts);
	return rc > asmscan_status() ? rc : asmscan_status();
}

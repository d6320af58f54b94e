// SPDX-License-Identifier: GPL-2.0
/*
 * asmscan.c — main: options (one struct, filled once), the verb table,
 * libelf setup, then the inputs in turn (elfutils' skeleton): one bad
 * input is reported and the others are still read; the exit code is the
 * worst seen.  Global options go before or after the verb.
 */
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

#include "analysis.h"
#include "diff.h"
#include "input.h"
#include "progress.h"
#include "render.h"
#include "util.h"

struct asmscan_verb {
	const char *name;
	unsigned want;			/* 0: not implemented yet */
	const char *summary;
	const char *help;
};

static const struct asmscan_verb verbs[] = {
	{ "copies", ASMSCAN_WANT_COPIES,
	  "functions meant to be inlined that exist out of line",
	  "From DWARF: each subprogram declared inline (DW_AT_inline) with\n"
	  "concrete out-of-line instances, grouped by declaration, with the\n"
	  "units they come from and the direct calls that reach them.  From\n"
	  "symbols (with or without DWARF): local function names defined more\n"
	  "than once, and GCC's .isra/.constprop/.part/.cold clones.\n" },
	{ "calls", ASMSCAN_WANT_CALLS,
	  "direct calls to tiny functions, ranked by call sites",
	  "A tiny function has a body of at most N real instructions (-N,\n"
	  "default 3): endbr64, the ftrace call at entry, NOPs, int3, ret and\n"
	  "jmp __x86_return_thunk do not count; on arm64 bti, the PAC hints\n"
	  "(paciasp, autiasp ...), NOPs (ftrace's patchable entry) and ret do\n"
	  "not.  Calls to __fentry__ and to retpoline thunks are counted but\n"
	  "not ranked.\n"
	  "  -N, --max-insns N  the largest tiny body (default 3)\n"
	  "      --all          list every callee, tiny or not (marked *)\n" },
	{ "tables", ASMSCAN_WANT_TABLES,
	  "special-section entries per function, and in out-of-line copies",
	  "Reads .altinstructions, .smp_locks, __ex_table, __bug_table,\n"
	  "__jump_table, .static_call_sites, .retpoline_sites and .return_sites\n"
	  "(Linux 6.1 x86-64 and arm64 layouts; a table whose entries do not fit is\n"
	  "refused with a note, never misread) and counts the entries in each\n"
	  "function and in out-of-line copies of inline functions.\n" },
	{ "sites", ASMSCAN_WANT_SITES,
	  "flagged asm sites from the plugin's embedded records, ranked",
	  "Reads the records asminline.so embeds in .comment (vmlinux, .o, .ko:\n"
	  "no extra file needed) and groups the flagged asm statements into\n"
	  "sites, where the asm keyword is spelled.  For each: statements,\n"
	  "units, functions, GCC's charge and the instructions emitted; the\n"
	  "functions whose DWARF line table holds its expansion points (where\n"
	  "its code went, inlined or not); the out-of-line functions holding it\n"
	  "and the calls reaching them; the refused calls the plugin attributed\n"
	  "to it (blocked-by-asm edges).  Ranked by those edges, then calls and\n"
	  "copies.  A file without records (no plugin, embed=0, Clang) says so.\n" },
	{ "diff", ASMSCAN_WANT_CALLS | ASMSCAN_WANT_COPIES,
	  "what changed between two builds",
	  "asmscan diff OLD NEW: OLD and NEW are each a vmlinux, an object or\n"
	  "a directory of objects.  Per function (bloat-o-meter -t's names and\n"
	  "exactly its byte figures): size, instructions and call sites in it;\n"
	  "per callee: call sites and tail calls reaching it, in both\n"
	  "directions; out-of-line copies that appeared or went away.\n"
	  "  -N, --max-insns N        a tiny callee's largest body (default 3)\n"
	  "      --fail-on-growth B   exit 1 when the function bytes grow by\n"
	  "                           more than B (2 still wins)\n" },
	{ "check", 0, "gate CI against a baseline", "Not implemented yet.\n" },
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

const char *asmscan_verb_name(const struct asmscan_verb *verb)
{
	return verb->name;
}

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
	"Options (before or after the verb):\n"
	"  -f, --format FMT     text (default), json or sarif\n"
	"  -o, --output FILE    write the result to FILE, not stdout\n"
	"  -p, --pretty         indent JSON and SARIF\n"
	"  -n, --top N          rows per text table, the rest as [N others]\n"
	"                       (default 20, 10 in the summary; 0 = all)\n"
	"  -N, --max-insns N    calls: the largest tiny body (default 3)\n"
	"      --all            calls: every callee, not only tiny ones\n"
	"  -j, --jobs N         threads (default: the CPUs online); the output\n"
	"                       is the same whatever N is\n"
	"      --include GLOB   read only objects whose name matches (repeatable)\n"
	"      --exclude GLOB   skip objects whose name matches (repeatable)\n"
	"      --function GLOB  only functions whose name matches (repeatable)\n"
	"      --no-dwarf       ignore debug info: symbols and code only\n"
	"  -h, --help           print this help and exit\n"
	"  -V, --version        print the version and libraries, and exit\n"
	"\n"
	"Globs are fnmatch(3) patterns; for objects they match the name as\n"
	"printed (a path, or lib.a(member.o)) and '*' also matches '/'.\n"
	"\n"
	"Exit status: 0 every input was read; 1 a gating verb found something\n"
	"new (diff --fail-on-growth over budget); 2 usage error or an input could not be read\n"
	"(2 wins).  Problems read \"asmscan: FILE: what: why\" on stderr.\n";

static void print_usage(FILE *out)
{
	fputs(usage_head, out);
	for (size_t i = 0; i < NVERBS; i++)
		fprintf(out, "  %-8s %s%s\n", verbs[i].name, verbs[i].summary,
			verbs[i].want ? "" : " (not implemented yet)");
	fputs(usage_tail, out);
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

static void print_verb_help(const struct asmscan_verb *v)
{
	printf("Usage: asmscan %s [OPTION]... FILE...\n%s.\n\n%s", v->name,
	       v->summary, v->help);
	printf("\nThe global options (asmscan --help) apply too.\n");
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

enum {
	OPT_ALL = 256,
	OPT_INCLUDE,
	OPT_EXCLUDE,
	OPT_FUNCTION,
	OPT_NO_DWARF,
	OPT_FAIL_ON_GROWTH,
};

static void push_glob(const char ***v, size_t *n, const char *glob)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = glob;
}

/* Returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, struct asmscan_options *opts)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "pretty", no_argument, NULL, 'p' },
		{ "top", required_argument, NULL, 'n' },
		{ "max-insns", required_argument, NULL, 'N' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "include", required_argument, NULL, OPT_INCLUDE },
		{ "exclude", required_argument, NULL, OPT_EXCLUDE },
		{ "function", required_argument, NULL, OPT_FUNCTION },
		{ "no-dwarf", no_argument, NULL, OPT_NO_DWARF },
		{ "fail-on-growth", required_argument, NULL, OPT_FAIL_ON_GROWTH },
		{ NULL, 0, NULL, 0 },
	};
	bool help = false, top_set = false, calls_opt = false;
	const char *calls_flag = NULL;
	unsigned long v;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int c;

	opts->jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned)ncpu;
	opts->max_insns = ASMSCAN_DEFAULT_MAX_INSNS;
	opts->top = ASMSCAN_DEFAULT_TOP;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "hVf:o:pn:N:j:", longopts, NULL)) != -1) {
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
			else
				return usage_error("unknown format '%s' (text, json, sarif)",
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
			calls_opt = true;
			calls_flag = "--max-insns";
			break;
		case 'j':
			if (!parse_uint(optarg, 256, &v) || !v)
				return usage_error("bad number for --jobs: '%s' (1 to 256)",
						   optarg);
			opts->jobs = (unsigned)v;
			break;
		case OPT_ALL:
			opts->all_callees = true;
			calls_opt = true;
			calls_flag = "--all";
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
		default:
			if (optopt && optopt < 256 && strchr("fonNj", optopt))
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
	if (optind < argc && (opts->verb = find_verb(argv[optind])))
		optind++;
	if (help) {
		if (opts->verb)
			print_verb_help(opts->verb);
		else
			print_usage(stdout);
		return ASMSCAN_EXIT_OK;
	}
	if (opts->verb && !opts->verb->want) {
		fprintf(stderr, "asmscan: %s: not implemented yet\n", opts->verb->name);
		return ASMSCAN_EXIT_ERROR;
	}
	if (calls_opt && opts->verb && !(opts->verb->want & ASMSCAN_WANT_CALLS))
		return usage_error("option '%s' applies to 'calls' and the summary only",
				   calls_flag);
	if (opts->has_growth_budget && !verb_is(opts, "diff"))
		return usage_error("option '--fail-on-growth' applies to 'diff' only");
	if (optind >= argc)
		return usage_error("no input files");
	opts->want = opts->verb ? opts->verb->want : ASMSCAN_WANT_ALL;
	if (!opts->verb && !top_set)
		opts->top = ASMSCAN_SUMMARY_TOP;
	opts->inputs = (const char *const *)&argv[optind];
	opts->ninputs = (size_t)(argc - optind);
	opts->progress = isatty(STDERR_FILENO);
	return -1;
}

static int write_result(const struct asmscan_options *opts, struct report *rep)
{
	FILE *out = stdout;

	if (opts->output) {
		out = fopen(opts->output, "w");
		if (!out) {
			asmscan_error(opts->output, "cannot create", strerror(errno));
			return ASMSCAN_EXIT_ERROR;
		}
	}
	switch (opts->format) {
	case ASMSCAN_FORMAT_TEXT:
		render_text(out, rep);
		break;
	case ASMSCAN_FORMAT_JSON:
		render_json(out, rep);
		break;
	case ASMSCAN_FORMAT_SARIF:
		render_sarif(out, rep);
		break;
	}
	if (fflush(out) != 0 || ferror(out) ||
	    (out != stdout && fclose(out) != 0)) {
		asmscan_error(opts->output ? opts->output : "stdout", "cannot write",
			      strerror(errno));
		return ASMSCAN_EXIT_ERROR;
	}
	return ASMSCAN_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct asmscan_options opts = { 0 };
	struct input_list inputs = { 0 };
	struct report rep;
	int rc = parse_args(argc, argv, &opts);

	if (rc >= 0)
		return rc;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		asmscan_error("libelf", "cannot initialise", elf_errmsg(-1));
		return ASMSCAN_EXIT_ERROR;
	}
	progress_enable(opts.progress);
	/* diff reads two sets of inputs and prints its own report. */
	if (verb_is(&opts, "diff")) {
		rc = diff_main(&opts);
		free(opts.include);
		free(opts.exclude);
		free(opts.functions);
		return rc;
	}
	input_expand(&opts, &inputs);
	analysis_run(&opts, &inputs, &rep);
	analysis_report(&rep);
	rc = write_result(&opts, &rep);
	analysis_free(&rep);
	input_list_free(&inputs);
	free(opts.include);
	free(opts.exclude);
	free(opts.functions);
	rc = rc > asmscan_status() ? rc : asmscan_status();
	return rc;
}

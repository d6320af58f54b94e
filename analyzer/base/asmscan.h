/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asmscan.h — what the parts of asmscan share: the options (filled once in
 * main and passed down, never changed afterwards) and the exit codes.
 * The error reporter is errors.h.
 */
#ifndef ASMSCAN_H
#define ASMSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes (documented in --help and docs/reference/asmscan.md): 2 wins over 1. */
#define ASMSCAN_EXIT_OK 0	/* every input read, nothing to report */
#define ASMSCAN_EXIT_FINDINGS 1	/* a gating verb found something new */
#define ASMSCAN_EXIT_ERROR 2	/* usage error or an input that could not be read */

/* -N default: see docs/reference/asmscan.md for why three. */
#define ASMSCAN_DEFAULT_MAX_INSNS 3
#define ASMSCAN_DEFAULT_TOP 20
#define ASMSCAN_SUMMARY_TOP 10

enum asmscan_format {
	ASMSCAN_FORMAT_TEXT,
	ASMSCAN_FORMAT_JSON,
	ASMSCAN_FORMAT_SARIF,
	ASMSCAN_FORMAT_BLOAT,		/* diff: scripts/bloat-o-meter's */
	ASMSCAN_FORMAT_BLOAT_6_1,	/* diff: Linux 6.1's script */
	ASMSCAN_FORMAT_EVIDENCE,	/* diff: a block for a commit message */
};

/* What a verb asks of each object (analysis.c runs them). */
#define ASMSCAN_WANT_COPIES (1u << 0)
#define ASMSCAN_WANT_CALLS (1u << 1)
#define ASMSCAN_WANT_TABLES (1u << 2)
#define ASMSCAN_WANT_SITES (1u << 3)
#define ASMSCAN_WANT_RECORDS (1u << 4)	/* the records, no DWARF unless asked */
#define ASMSCAN_WANT_PATCH (1u << 5)	/* records only, patch.c */
/* each object's call sites kept after they are counted (diff's calls per
 * function); else they go as each object is reported */
#define ASMSCAN_WANT_CALL_SITES (1u << 6)
#define ASMSCAN_WANT_ALL                                                    \
	(ASMSCAN_WANT_COPIES | ASMSCAN_WANT_CALLS | ASMSCAN_WANT_TABLES |    \
	 ASMSCAN_WANT_SITES)

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

struct asmscan_options;
/* Each verb's own options: defined in its folder (check/check-options.h). */
struct diff_options;
struct check_options;
struct patch_options;

/*
 * A row of the verb table (verbs/cmdline.c lists them; each verb's folder
 * defines its own, bpftool's {name, func} with its do_help): its name,
 * help, the analyses it runs, its usage rules and its runner.
 */
struct asmscan_verb {
	const char *name;		/* NULL: the summary, no verb typed */
	unsigned bit;			/* VB_* */
	const char *args;		/* its operands, as help shows them */
	unsigned want;			/* the analyses it runs */
	size_t top;			/* -n when not given */
	const char *summary;
	const char *help;
	/*
	 * Its own usage rules, once the options are parsed and known to
	 * apply to it (noperands: the operands after the verb), how many
	 * operands it needs too: -1 when they hold, else asmscan_usage()'s
	 * exit code.  NULL: one input at least.
	 */
	int (*usage)(const struct asmscan_options *opts, size_t noperands);
	/*
	 * Stores one of its own options (its folder's .def, VERBS its bit
	 * alone): name is the long name, arg NULL when it takes none.  -1,
	 * else asmscan_usage()'s exit code for a bad value.  NULL: none.
	 */
	int (*set_option)(struct asmscan_options *opts, const char *name,
			  const char *arg);
	/* Reads the inputs, prints, returns the exit code. */
	int (*run)(const struct asmscan_options *opts);
};

struct asmscan_options {
	const struct asmscan_verb *verb;	/* NULL: the summary of all */
	const char *verb_name;			/* as typed; NULL: the summary */
	unsigned want;				/* ASMSCAN_WANT_* */
	enum asmscan_format format;
	const char *output;			/* -o, NULL for stdout */
	bool pretty;				/* JSON/SARIF indented */
	unsigned jobs;				/* -j, >= 1 */
	size_t top;				/* -n: text rows per table, 0 = all */
	bool top_set;				/* -n was given */
	unsigned max_insns;			/* -N: a tiny body at most this */
	bool all_callees;			/* calls --all */
	bool no_dwarf;				/* --no-dwarf: symbols only */
	bool progress;				/* stderr is a terminal */
	const char **include, **exclude, **functions;	/* globs */
	size_t ninclude, nexclude, nfunctions;
	const char *const *inputs;
	size_t ninputs;
	const char *srctree;			/* --srctree DIR; NULL: guess */
	struct asmscan_site {			/* --site FILE:LINE (repeatable) */
		const char *file;
		uint32_t line;
	} *sites;
	size_t nsites;
	/* each verb's own, filled by its row's set_option */
	struct diff_options *diff;
	struct check_options *check;
	struct patch_options *patch;
};

#endif /* ASMSCAN_H */

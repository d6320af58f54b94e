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
#define ASMSCAN_WANT_CHECK (1u << 4)	/* the records only, then check.c */
#define ASMSCAN_WANT_PATCH (1u << 5)	/* records only, patch.c */
#define ASMSCAN_WANT_ALL                                                    \
	(ASMSCAN_WANT_COPIES | ASMSCAN_WANT_CALLS | ASMSCAN_WANT_TABLES |    \
	 ASMSCAN_WANT_SITES)

struct asmscan_verb;				/* verbs/cmdline.c's table */

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
	const char *source;			/* patch --source */
	bool flips_only;			/* patch --flips-only */
	const char *format_patch;		/* patch --format-patch DIR */
	bool split_site;			/* patch --split site (else file) */
	bool split_set;				/* --split was given */
	const char *const *inputs;
	size_t ninputs;
	bool has_growth_budget;			/* diff --fail-on-growth */
	uint64_t growth_budget;			/* bytes */
	/* check */
	const char *baseline;			/* --baseline FILE */
	const char *against;			/* --against OLD */
	bool write_baseline;			/* --write-baseline */
	const char **reports;			/* --report FILE (repeatable) */
	size_t nreports;
	const char *srctree;			/* --srctree DIR; NULL: guess */
	struct asmscan_site {			/* --site FILE:LINE (repeatable) */
		const char *file;
		uint32_t line;
	} *sites;
	size_t nsites;
};

#endif /* ASMSCAN_H */

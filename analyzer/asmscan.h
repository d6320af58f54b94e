/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asmscan.h — what the parts of asmscan share: the options (filled once in
 * main and passed down, never changed afterwards), the exit codes and the
 * one error reporter.
 */
#ifndef ASMSCAN_H
#define ASMSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes (documented in --help and docs/asmscan.md): 2 wins over 1. */
#define ASMSCAN_EXIT_OK 0	/* every input read, nothing to report */
#define ASMSCAN_EXIT_FINDINGS 1	/* a gating verb found something new */
#define ASMSCAN_EXIT_ERROR 2	/* usage error or an input that could not be read */

/* -N default: see docs/asmscan.md for why three. */
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

struct asmscan_verb;

/* The verb's name, as typed (asmscan.c). */
const char *asmscan_verb_name(const struct asmscan_verb *verb);

struct asmscan_options {
	const struct asmscan_verb *verb;	/* NULL: the summary of all */
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

/*
 * The one error reporter.  Every message reads
 *	asmscan: FILE: what went wrong: why
 * on stderr (a note: "asmscan: FILE: note: what: why"), and is kept so that
 * the JSON and SARIF renderers can put it inside their document.  An error
 * makes the exit code 2; a note does not.  Main thread only: workers
 * collect messages in a struct asmscan_msgs and the main thread reports
 * them in input order, so the output is the same whatever -j is.
 */
enum asmscan_severity {
	ASMSCAN_NOTE,
	ASMSCAN_ERROR,
};

struct asmscan_msg {
	enum asmscan_severity severity;
	char *file, *what, *why;
};

struct asmscan_msgs {
	struct asmscan_msg *v;
	size_t n, cap;
};

void asmscan_error(const char *file, const char *what, const char *why);
__attribute__((format(printf, 3, 4)))
void asmscan_errorf(const char *file, const char *what, const char *fmt, ...);
__attribute__((format(printf, 3, 4)))
void asmscan_notef(const char *file, const char *what, const char *fmt, ...);
/* Out of memory and the like: report and exit 2 (any thread). */
__attribute__((noreturn))
void asmscan_fatal(const char *file, const char *what, const char *why);

/* Deferred messages (worker threads), reported later in order. */
__attribute__((format(printf, 5, 6)))
void asmscan_msgs_add(struct asmscan_msgs *m, enum asmscan_severity sev,
		      const char *file, const char *what, const char *fmt, ...);
void asmscan_msgs_report(struct asmscan_msgs *m);	/* and empties m */
void asmscan_msgs_free(struct asmscan_msgs *m);

/* Everything reported so far, for the renderers. */
const struct asmscan_msgs *asmscan_reported(void);
/* ASMSCAN_EXIT_ERROR once an error was reported, else ASMSCAN_EXIT_OK. */
int asmscan_status(void);
/* Forget what was reported (an in-process driver running main again). */
void asmscan_reported_reset(void);

#endif /* ASMSCAN_H */

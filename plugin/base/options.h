/* SPDX-License-Identifier: GPL-2.0 */
/*
 * options.h — the plugin's arguments, -fplugin-arg-asminline-KEY[=VALUE],
 * parsed once in plugin_init into one struct that is passed down.
 *
 * Invariant: after a successful parse every field holds a valid value; a
 * parse that meets an unknown key or a bad value reports it through GCC's
 * error() naming the flag as the user typed it, and fails.
 */
#ifndef ASMINLINE_OPTIONS_H
#define ASMINLINE_OPTIONS_H

#include "gcc-compat.h"
#include "site-list.h"

enum asminline_mode {
	ASMINLINE_MODE_WARN,	/* observe and report; code generation unchanged */
	ASMINLINE_MODE_APPLY,	/* also mark flagged statements asm inline */
};

enum asminline_diag {
	ASMINLINE_DIAG_NOTE,	/* inform(): never fails a -Werror build */
	ASMINLINE_DIAG_WARNING,	/* warning_at(): promoted by -Werror */
	ASMINLINE_DIAG_NONE,
};

/* Which flagged sites get a diagnostic (all are in the records). */
enum asminline_diag_scope {
	ASMINLINE_DIAG_SCOPE_FILE,	/* spelled in the main input file */
	ASMINLINE_DIAG_SCOPE_ALL,	/* headers too */
};

/*
 * The bound on the wait for the inliner's re-run (edge-rerun-proc.cc):
 * rerun-timeout=SECONDS, or by default FACTOR times the time cc1 had
 * spent on the unit when the child was told to go, and at least MIN.
 */
#define ASMINLINE_RERUN_TIMEOUT_MAX 3600
#define ASMINLINE_RERUN_TIMEOUT_MIN 20
#define ASMINLINE_RERUN_TIMEOUT_FACTOR 5

/* A statement is flagged when gcc_count - est_insns >= threshold. */
#define ASMINLINE_THRESHOLD_DEFAULT 4
#define ASMINLINE_THRESHOLD_MAX 1000	/* GCC caps its count at 1000 */

struct asminline_options {
	enum asminline_mode mode;
	const char *report_path;	/* NULL: no JSON Lines report */
	unsigned threshold;
	enum asminline_diag diag;
	enum asminline_diag_scope diag_scope;
	const char *srctree;		/* NULL: from the prefix maps (srcpath.h) */
	struct site_list sites;		/* n == 0: every flagged statement */
	char *sites_flag;		/* sites= as typed, for later errors */
	bool embed;			/* records into .comment (embed.h) */
	bool rerun;			/* re-run the IPA inliner (edge-rerun.cc) */
	unsigned rerun_timeout;		/* seconds; 0: the default bound */
	bool verbose;			/* trace each statement on stderr */
	bool disable;
	bool help;
};

/* The help text shown by `gcc --help -fplugin=...` and by the help key. */
extern const char asminline_help[];

/*
 * Fill *opts from GCC's parsed plugin arguments.  Returns true on success;
 * on failure every bad argument has been reported with error().
 */
bool asminline_options_parse(struct asminline_options *opts,
			     const struct plugin_name_args *info);

#endif /* ASMINLINE_OPTIONS_H */

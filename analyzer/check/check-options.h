/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-options.h — check's own options (check-options.def),
 * opts->check; check_verb's set_option (check-main.c) fills them while
 * the command line is parsed, and they do not change afterwards.
 * (--copies is check's too, but only asks for an analysis: opts->want.)
 */
#ifndef ASMSCAN_CHECK_OPTIONS_H
#define ASMSCAN_CHECK_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct check_options {
	const char *baseline;		/* --baseline FILE */
	const char *against;		/* --against OLD */
	bool write_baseline;		/* --write-baseline */
	const char **reports;		/* --report FILE (repeatable) */
	size_t nreports;
};

/* What set_option allocated (the --report list). */
void check_options_free(struct check_options *co);

#endif /* ASMSCAN_CHECK_OPTIONS_H */

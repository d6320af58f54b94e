// SPDX-License-Identifier: GPL-2.0
/*
 * errors.c — asmscan's one error reporter.  Every problem with an input
 * reads "asmscan: FILE: what went wrong: why" on stderr, so that stdout
 * holds only results and one bad input never hides the others.
 */
#include "asmscan.h"

void asmscan_error(const char *file, const char *what, const char *why)
{
	fflush(stdout);
	if (why)
		fprintf(stderr, "asmscan: %s: %s: %s\n", file, what, why);
	else
		fprintf(stderr, "asmscan: %s: %s\n", file, what);
}
